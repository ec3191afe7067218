// deploy/'s one door to its hosts (the GitHub action in action/, the CLI in cli/, the GitHub API in github/,
// and any other host): what a host runs, what it shows, and what it reads its inputs by. A host imports
// from here, and from basics/, never from the layers below; a name is here because a host uses it (the
// layers test holds the door; CONTRIBUTING.md says what each group is for).

// What a host runs: a step planned and run with one deploy context, the cleanup it left finished in the
// post step (or by hand), and the pull requests' port a preview step records on.
export { planStep, runStep } from './step.js';
export { deployContext } from './engine/context.js';
export { stepRuntime, type AppendFile, type HostHooks } from './engine/step-runtime.js';
export {
  CLEANUP_DONE,
  cleanupActionOf,
  cleanupRecorder,
  LEFTOVER_KINDS,
  LEFTOVER_ORDER,
  leftovers,
  NO_CLEANUP
} from './engine/cleanup-state.js';
export type { CleanupState, CreateLookup, LeftoverKind, Stash } from './engine/cleanup-state.js';
export type {
  HostRunner,
  RunnerHost,
  RunnerHostOpener,
  RunnerRun,
  RunnerScopeName
} from './engine/runner-host.js';
export {
  finishCleanup,
  type CleanupReport,
  type CleanupTarget,
  type RollbackReport,
  type UnsettledCreate
} from './engine/cleanup/finish-cleanup.js';
export type { CleanupOutcome } from './engine/tasks/clean-up-task.js';
export type { ScaleBackReport } from './engine/cleanup/finish-scale-back.js';
export { manualStop, manualSweep } from './engine/tasks/manual-stop.js';
export {
  PullRequestsRefusal,
  previewName,
  type DeploymentOutcome,
  type PreviewView,
  type PullRequestEvent,
  type PullRequests,
  type PullState
} from './engine/pull-requests.js';

// What a host shows: what a step did, and what each kind and capability adds to it (the summary, the
// outputs, the CLI's table), in the outputs' declarations' names and order.
export { reportOf, type StepResult } from './engine/calls/step-result.js';
export { REPORT_PARTS, partCostTitle, partFailure, partMoney, partOutputs } from './report-parts.js';
export { taskCost, yuanText } from './engine/report/report-text.js';
export type { NodeCounts, TaskResult } from './engine/wait/task-result.js';
export type { NodeDiagnostics, TaskDiagnostics } from './engine/wait/diagnose.js';
export { answerTexts, type AnswerTexts } from './engine/answer-texts.js';
export { DOTENV_ORDER, OUTPUT_NAMES, outputsOfType, type OutputName } from './engine/outputs/outputs.js';
export type { Bill } from '../platform/billing-data.js';
export type { Offer } from '../platform/resource-data.js';
export type { WaitTarget } from '../platform/operations/operation-table.js';
export type { ListRows } from '../platform/list-rows.js';
export { listRowsOf } from '../platform/operations/calls.js';
export { readablePoints, readableYuan, sumPoints, yuanOf } from '../platform/money.js';
export { ApiError } from '../protocol/envelope.js';
export { VERSION } from '../platform/version.js';
export {
  exactNumberOf,
  parseJson,
  parseJsonAsWritten,
  toCompactJson,
  toIndentedJson
} from '../protocol/json.js';

// What a host reads its inputs by: every input read into the settings from the host's raw texts (the YAML
// parser loaded first when one holds YAML), the operations' and inputs' declarations its help and flags
// show.
export { checkActionCapability, mayCleanUp, readSettings, type Settings } from './settings.js';
export { loadYaml, yamlNeeded } from './yaml.js';
export { ON_PULL_REQUEST_EVENT, OPERATION_NAMES, operationNamed, type OperationName } from './operations.js';
export { COMMON_INPUTS } from './engine/inputs/operation-inputs.js';
export {
  ENV_PREFIX,
  FILE_INPUTS,
  flagOf,
  INPUT_BY_NAME,
  INPUT_NAMES,
  INPUTS,
  SECRET_INPUTS,
  variableOf,
  type InputName
} from './engine/inputs/index.js';
export { meaningFor } from './engine/inputs/meanings.js';
export { kindOf, LISTING_OPERATIONS } from '../platform/operations/calls.js';
export { isTaskKind, TASK_KINDS } from '../platform/task-kinds.js';
