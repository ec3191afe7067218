import { InputError } from '../basics/input-error.js';
import type { DeployContext } from './engine/context.js';
import type { PlannedStep } from './engine/flows/flow.js';
import type { StepResult } from './engine/calls/step-result.js';
import type { DeploySettings } from './engine/settings.js';
import {
  operationNamed,
  operationsWhere,
  type OperationDeclaration,
  type OperationUses
} from './operations.js';

export type { PlannedStep } from './engine/flows/flow.js';

/**
 * Plans a step by its operation's flow (its declaration's): every input it needs is checked here, and an
 * InputError thrown, before anything is sent.
 */
export async function planStep(settings: DeploySettings): Promise<PlannedStep> {
  const declared = operationNamed(settings.operation);
  const planned = (await declared.flow()).plan(settings);
  await checkCapacity(planned, declared, settings);
  checkCap(planned, declared, settings);
  return planned;
}

/** Names as a sentence lists them: a, b or c. */
const either = (names: readonly string[]): string =>
  names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;

/**
 * max_cost is watched while a step waits on what bills: a task until it is ready, a job until it ends. A
 * step that does not wait so is refused, saying where the cap works.
 */
function checkCap(planned: PlannedStep, declared: OperationDeclaration, settings: DeploySettings): void {
  const target = planned.plan.wait;
  if (settings.maxCost === undefined || target === 'ready' || target === 'finished') return;
  if (declared.maxCost === 'itself') return;
  const where = (maxCost: OperationDeclaration['maxCost']) =>
    operationsWhere((operation) => operation.maxCost === maxCost);
  throw new InputError(
    `max_cost is set, but ${settings.operation} ${target === undefined ? 'does not wait' : `waits until ${target}, on nothing that bills on`}: the cap is watched while a step waits on a task until ready or a job until its end (${where('while waiting').join(', ')}; ${either(where('with wait: true').sort())} with wait: true), and ${where('itself').join(' and ')} hold what they make or stop to it themselves; remove max_cost`
  );
}

/**
 * gpu picks the resource of a new task: a step that creates none (nor preheats), or whose body names a
 * resource, is refused; so is a preheat without gpu, and one without the services whose images it warms.
 */
async function checkCapacity(
  planned: PlannedStep,
  { uses = {} }: OperationDeclaration,
  settings: DeploySettings
): Promise<void> {
  const create = planned.plan.calls.find((call) => call.traits.resend === 'create_once');
  const { data, results } = settings.storage;
  // What each input that asks for a use is refused for names the operations declared to have it.
  const having = (use: keyof OperationUses) => operationsWhere((operation) => operation.uses?.[use] === true);
  if (data.length > 0 && uses.dataIn !== true)
    throw new InputError(
      `data is set, but ${settings.operation} creates no task or job: data is copied in before one is made (${having('dataIn').join(', ')}); remove data`
    );
  if (results.length > 0 && uses.resultsOut !== true)
    throw new InputError(
      uses.dataIn === true
        ? `results is set, but ${settings.operation} makes a service, which runs until it is stopped: results are copied out after a job ends (operation ${either(having('resultsOut'))}); copy a service's with operation transfer (direction volume-to-s3) once it is stopped, and remove results`
        : `results is set, but ${settings.operation} runs no job: results are copied out after a job ends (operation ${either(having('resultsOut'))}); remove results`
    );
  if (settings.storage.copies.length > 0 && uses.copies !== true)
    throw new InputError(
      `copies is set, but ${settings.operation} does not copy them: copies are the lines operation ${either(operationsWhere((operation) => operation.uses?.copies === true))} copies; use it, or remove copies (a job's copies go in data and results)`
    );
  const [mount] = settings.storage.mounts;
  if (mount !== undefined && create === undefined && uses.mounts !== true) {
    const input = mount.kind === 'nas' ? 'volumes' : 'juicefs_mounts';
    throw new InputError(
      `${input} is set, but ${settings.operation} creates no task or job: storages are mounted into a new one (${having('dataIn').join(', ')}), or a running one (${either(having('mounts'))}); remove ${input}`
    );
  }
  const picks = uses.capacity === true || create !== undefined;
  if (settings.capacity === undefined) {
    if (settings.preheat.mode !== 'none' && create !== undefined)
      throw new InputError(
        `preheat is ${settings.preheat.mode}, but gpu is empty: the preheat warms where gpu picks to create; set gpu, or remove preheat`
      );
    // The platform's documented create requires resources (the spec's names none): gpu picks them, or the body names them.
    if (settings.apiProfile === 'live' && create?.body !== undefined && !('resources' in create.body))
      throw new InputError(
        `body has no resources, but ${settings.operation} needs them (the platform refuses a create without): set gpu to the GPU model, such as gpu: '4090', to have the step pick the resource, or add resources: [{mark: ...}] to body with a regions[].mark.mark from search_resources`
      );
    return;
  }
  if (!picks) {
    throw new InputError(
      `gpu is set, but ${settings.operation} creates no task: gpu picks the resource of a new task; remove gpu`
    );
  }
  if (create?.body !== undefined && 'resources' in create.body) {
    throw new InputError(
      'gpu is set, and the body names resources too: remove resources from the body to have the step pick the resource by gpu, or remove gpu to use the resources given'
    );
  }
  if (create !== undefined && settings.preheat.mode !== 'none')
    (await import('./preheat/preheat.js')).checkPreheatServices(settings);
}

/** Runs a planned step with its one deploy context, or its dry run: the one place a step is dispatched. */
export function runStep(
  planned: PlannedStep,
  ctx: DeployContext,
  options: { dryRun?: boolean } = {}
): Promise<StepResult | undefined> {
  return options.dryRun === true ? planned.dryRun(ctx) : planned.run(ctx);
}
