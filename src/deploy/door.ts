// The engine's one interface to its hosts (the GitHub action in action/, and any other host): how a
// host checks its inputs, plans and runs a step with one deploy context, finishes the cleanup a step left,
// and reads what a step did. A host imports from here, and from basics/, never from the layers below.

// Planning and running a step, and finishing what it left.
export {
  CLEANUP_CHOICES,
  CLEANUP_DONE,
  cleanupActionOf,
  cleanupRecorder,
  LEFTOVER_KINDS,
  LEFTOVER_ORDER,
  leftovers,
  NO_CLEANUP
} from './engine/cleanup-state.js';
export type {
  CleanupAction,
  CleanupState,
  CreateLookup,
  LeftoverKind,
  Rollback,
  ScaleBack,
  Stash
} from './engine/cleanup-state.js';
export {
  finishCleanup,
  type CleanupReport,
  type CleanupTarget,
  type RollbackReport,
  type UnsettledCreate
} from './engine/cleanup/finish-cleanup.js';
export type { CleanupOutcome } from './engine/tasks/clean-up-task.js';
export { deployContext, type DeployContext } from './engine/context.js';
export { stepRuntime, type AppendFile, type HostHooks, type StepRuntime } from './engine/step-runtime.js';
export { manualStop, manualSweep } from './engine/tasks/manual-stop.js';
export type { ScaleBackReport } from './engine/cleanup/finish-scale-back.js';
export { planStep, runStep, type PlannedStep } from './step.js';
export {
  PullRequestsRefusal,
  previewName,
  type DeploymentOutcome,
  type PreviewView,
  type PullRequestEvent,
  type PullRequests,
  type PullState
} from './engine/pull-requests.js';

// What a step did.
export { reportOf, type ReportEntry, type StepResult } from './engine/calls/step-result.js';
// What each kind and capability adds to what a step reports (the summary, the outputs, the CLI's table).
export { REPORT_PARTS, partCostTitle, partFailure, partMoney, partOutputs } from './report-parts.js';
export type { StepPart } from './engine/report/report-part.js';
export { taskCost, yuanText } from './engine/report/report-text.js';
export type { NodeCounts, TaskResult } from './engine/wait/task-result.js';
export type { Placement } from './engine/create/create-task.js';
export type { Candidate } from './engine/create/choose-resource.js';
export type { NodeDiagnostics, TaskDiagnostics } from './engine/wait/diagnose.js';
export type { Bill } from '../platform/billing-data.js';
export type { Offer } from '../platform/resource-data.js';
export type { WaitTarget } from '../platform/operations/operation-table.js';
export { readablePoints, readableYuan, spentYuan, sumPoints, yuanOf } from '../platform/money.js';
export { ApiError } from '../protocol/envelope.js';
export { VERSION } from '../platform/version.js';
export {
  exactNumberOf,
  parseJson,
  parseJsonAsWritten,
  parseWrittenJson,
  toCompactJson,
  toIndentedJson
} from '../protocol/json.js';

// What a host's inputs become: the settings, the keys, the defaults the platform implies.
export type { DataCopy, DeploySettings, Mount, TransferSettings } from './engine/settings.js';
export { defaultWait, describeDefaultWait, MOST_WAIT_MS, shortWaitWarning } from './engine/step-defaults.js';
export { isSecretName, redactFields, secretValues } from './engine/secret-fields.js';
export { answerTexts, type AnswerTexts } from './engine/answer-texts.js';
export { OVERRIDABLE_OPERATIONS } from '../platform/operations/operation-table.js';
export { inputsFromFields, kindOf, listRowsOf, taskKindOf } from '../platform/operations/calls.js';
export { isTaskKind, TASK_KINDS } from '../platform/task-kinds.js';
export type { ListRows } from '../platform/list-rows.js';
export { ACTIVE_STATUSES, SEARCHABLE_STATUSES } from '../platform/task-data.js';
export { VOLUME_DELETED } from '../platform/volume-data.js';
export type { ApiProfile, EndpointOverride } from '../platform/platform-settings.js';
// The operations' declarations: what a host lists, shows and checks of an operation.
export {
  defaultCleanup,
  leavesChange,
  makesVolumes,
  ON_PULL_REQUEST_EVENT,
  OPERATION_NAMES,
  OPERATIONS,
  operationNamed,
  startsTransfers,
  type OperationDeclaration,
  type OperationName
} from './operations.js';
export { COMMON_INPUTS, COMMON_OUTPUTS } from './engine/inputs/operation-inputs.js';
// The capabilities: the operations each capability's action runs, and the refusal of any other.
export { CAPABILITIES, CAPABILITY_INPUT, checkCapability, type Capability } from './engine/capabilities.js';
// The inputs' and outputs' declarations: what the hosts read inputs by, and show.
export {
  DEFAULT_BASE_URL,
  ENV_PREFIX,
  FILE_INPUTS,
  flagOf,
  INPUT_BY_NAME,
  INPUT_DEFAULTS,
  INPUT_NAMES,
  INPUTS,
  SECRET_INPUTS,
  variableOf,
  type DefaultedInput,
  type InputDeclaration,
  type InputName,
  type InputValue
} from './engine/inputs/index.js';
export { meaningFor } from './engine/inputs/meanings.js';
export {
  parseBoolean,
  parseChoice,
  parseRfc3339,
  parseEndTime,
  parsePath,
  parseStartTime,
  parseTaskId,
  parseVersion,
  TASK_ID
} from './engine/inputs/parsers.js';
export {
  DOTENV_ORDER,
  OUTPUT_NAMES,
  OUTPUTS,
  outputsOfType,
  type OutputName
} from './engine/outputs/outputs.js';
export {
  KeyError,
  keyTextForms,
  loadPlatformPublicKey,
  loadPrivateKey,
  PRIVATE_KEY_FORMATS,
  type PrivateKeyFormat
} from '../protocol/keys.js';
export type { Credentials, QueryParams } from '../protocol/request.js';
