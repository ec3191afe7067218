import {
  create,
  replace,
  logs,
  events,
  sweep,
  update,
  scale,
  replaceNode
} from './deployments/operations.js';
import { job, jobDetail, jobSearch, jobStop, jobGroupSearch, jobGroupDetail } from './jobs/operations.js';
import { preview, previewSweep } from './previews/operations.js';
import { runner, runnerStop, runnerSweep } from './runners/operations.js';
import {
  volume,
  volumeList,
  volumeOptions,
  volumeDelete,
  transfer,
  transferDetail,
  transferList,
  transferStop
} from './storage/operations.js';
import { copy } from './copies/operations.js';
import { preheat } from './preheat/operations.js';
import {
  detail,
  searchTasks,
  searchResources,
  stop,
  pause,
  recover,
  changePoints,
  nodes,
  billing,
  taskBilling,
  storageCheck,
  request
} from './requests/operations.js';
import type { OperationDeclaration } from './engine/operations/operation.js';
import { lendReplace } from './engine/flows/lent-replace.js';

export type { OperationDeclaration, OperationUses } from './engine/operations/operation.js';

// The replace a preview runs is the deployments': lent through the engine, so no capability imports another.
lendReplace(async () => {
  const { replaceFlow, runReplace } = await import('./deployments/replace.js');
  return { flow: replaceFlow, run: runReplace };
});

/**
 * Every operation, declared once in the module of its capability: the CLI, the reference and each
 * capability's action list them in this order (what a service needs first, then the jobs, the storage,
 * the reads every GPU user needs, and the request that sends anything). OperationName and every list or
 * set of operations below are made from it.
 */
export const OPERATIONS = [
  create,
  replace,
  update,
  scale,
  replaceNode,
  sweep,
  preview,
  previewSweep,
  preheat,
  detail,
  nodes,
  logs,
  events,
  stop,
  pause,
  recover,
  changePoints,
  searchTasks,
  job,
  jobDetail,
  jobSearch,
  jobStop,
  jobGroupSearch,
  jobGroupDetail,
  runner,
  runnerStop,
  runnerSweep,
  volume,
  volumeList,
  volumeOptions,
  volumeDelete,
  transfer,
  transferDetail,
  transferList,
  transferStop,
  copy,
  storageCheck,
  searchResources,
  billing,
  taskBilling,
  request
] as const;

export type OperationName = (typeof OPERATIONS)[number]['name'];

/** Every operation's name, in the order of OPERATIONS. */
export const OPERATION_NAMES: readonly OperationName[] = OPERATIONS.map((declared) => declared.name);

const BY_NAME: ReadonlyMap<string, OperationDeclaration<OperationName>> = new Map(
  OPERATIONS.map((declared) => [declared.name, declared as OperationDeclaration<OperationName>])
);

/** The declaration of an operation. */
export function operationNamed(name: OperationName): OperationDeclaration<OperationName> {
  const declared = BY_NAME.get(name);
  if (declared === undefined) throw new Error(`no operation is declared as ${name}`);
  return declared;
}

/** The declaration of the operation a text names (a state file's, a by-hand command's), if any. */
export const declarationOf = (name: string): OperationDeclaration<OperationName> | undefined =>
  BY_NAME.get(name);

/** The names of the operations whose declaration holds `holds`, in the order of OPERATIONS. */
export function operationsWhere(
  holds: (declared: OperationDeclaration<OperationName>) => boolean
): OperationName[] {
  return OPERATIONS.filter((declared) => holds(declared as OperationDeclaration<OperationName>)).map(
    (declared) => declared.name
  );
}

/**
 * What the post step does with what the step creates when cleanup is empty: the operation's own default
 * (a job's: stop), else none (a deploy step makes a service for later steps), and for any text that names
 * no operation.
 */
export const defaultCleanup = (operation: string): 'none' | 'stop' =>
  declarationOf(operation)?.cleanupByDefault ?? 'none';

/** The operations that follow a pull request's event: the host reads the event before anything else. */
export const ON_PULL_REQUEST_EVENT: ReadonlySet<OperationName> = new Set(
  operationsWhere((declared) => declared.event === 'pull_request')
);

/**
 * Whether a step of this operation may leave a change for the post step to finish, whatever `cleanup`
 * says: an update to roll back (`rollback`), a scale up to set back if a new node fails (`scaleBack`).
 */
export const leavesChange = (operation: string): boolean =>
  declarationOf(operation)?.postFinishes === 'changes';

/** Whether a step of this operation may make a volume for the post step to delete (volume_cleanup: delete). */
export const makesVolumes = (operation: string): boolean =>
  declarationOf(operation)?.postFinishes === 'made volumes';

/** Whether a step of this operation may leave a transfer running, for the post step to stop. */
export const startsTransfers = (operation: string): boolean =>
  declarationOf(operation)?.postFinishes === 'running transfers';
