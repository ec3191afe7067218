import { parseMapping, parseQuery, parseTaskIds } from './mappings.js';
import { InputError, quote } from '../basics/input-error.js';
import { inputsFromFields } from '../platform/operations/calls.js';
import { OVERRIDABLE_OPERATIONS } from '../platform/operations/operation-table.js';
import { type ApiProfile, type EndpointOverride } from '../platform/platform-settings.js';
import {
  KeyError,
  keyTextForms,
  loadPlatformPublicKey,
  loadPrivateKey,
  type PrivateKeyFormat
} from '../protocol/keys.js';
import { type Credentials } from '../protocol/request.js';
import { CAPABILITY_INPUT, checkCapability } from './capabilities.js';
import {
  DEFAULT_BASE_URL,
  INPUT_BY_NAME,
  type DefaultedInput,
  type InputName,
  type InputValue
} from './engine/inputs/index.js';
import {
  parseBoolean,
  parseChoice,
  parseEndTime,
  parsePath,
  parseStartTime,
  parseVersion
} from './engine/inputs/parsers.js';
import { secretValues } from './engine/secret-fields.js';
import { type DeploySettings, type TransferSettings } from './engine/settings.js';
import { defaultWait } from './engine/step-defaults.js';
import { defaultCleanup, leavesChange, makesVolumes, startsTransfers } from './operations.js';

/** Every input, parsed and checked once. Nothing else reads inputs. */
export interface Settings extends DeploySettings {
  /** Why apiProfile: said in the log. */
  apiProfileReason: string;
  summary: boolean;
  dryRun: boolean;
}

/** How the settings read each input: as given, trimmed, or parsed by its declaration. */
interface Inputs {
  /** The input as given, or its environment variable (its declaration's `env`) when empty. */
  raw: (name: InputName) => string;
  /** Trimmed; undefined when empty. */
  text: (name: InputName) => string | undefined;
  /**
   * Parsed by its declaration: trimmed (unless declared untrimmed), or its default when empty; undefined
   * when empty without a default. A required input is parsed even when empty: its parser says the fix.
   */
  get: <N extends InputName>(name: N) => InputValue<N> | undefined;
  /** Parsed by its declaration, its default when empty. */
  given: <N extends DefaultedInput>(name: N) => InputValue<N>;
  /** Masks secrets, each once, before anything could print them: one call of the host's for them all. */
  mask: (secrets: readonly string[]) => void;
}

/**
 * Reads the inputs into Settings, group by group. Secrets are handed to `maskSecrets` before anything else
 * happens, so no later log line or error can show them.
 */
export function readSettings(
  rawInput: (name: string) => string,
  maskSecrets: (secrets: readonly string[]) => void,
  env: (name: string) => string | undefined = () => undefined,
  readFile: (path: string) => string = () => {
    throw new Error('no files here');
  },
  /** The moment the step starts: where a billing window that ends `now` ends. */
  now: () => number = Date.now
): Settings {
  let inputs = inputsOf(rawInput, maskSecrets, env);
  inputs.mask([
    inputs.raw('token').trim(),
    inputs.raw('private_key_passphrase'),
    inputs.raw('s3_access_key').trim(),
    inputs.raw('s3_secret_key').trim(),
    inputs.given('github_token') ?? '',
    ...keyTextForms(inputs.raw('private_key'))
  ]);
  const operation = present(inputs.get('operation'));
  const request = readRequestInputs(inputs, readFile);
  inputs = withFieldsOfRequest(inputs, inputsFromFields(operation, request.body, request.query));
  const spotFallback = readSpotFallback(inputs);
  return {
    operation,
    ...readConnection(inputs),
    ...request,
    ...readCallInputs(inputs, now()),
    wait: readWait(inputs, { operation, body: request.body, spotFallback }),
    health: readHealth(inputs),
    capacity: readCapacity(inputs),
    preheat: { mode: inputs.given('preheat'), timeoutMs: inputs.given('preheat_timeout') },
    nodeChoice: { pointId: inputs.get('point_id'), deleteLastNode: inputs.given('delete_last_node') },
    spotFallback,
    storage: readStorage(inputs, env('GITHUB_WORKSPACE')),
    previews: readPreviews(inputs),
    selfHosted: readRunners(inputs),
    ...readLimits(inputs),
    ...readStep(inputs, operation)
  };
}

/**
 * Refuses, before any other input is read, an operation outside the capability the action runs as: the
 * hidden input a capability's action.yml (job/, data/...) defaults; the root action's is empty.
 */
export function checkActionCapability(rawInput: (name: string) => string): void {
  checkCapability(rawInput(CAPABILITY_INPUT), rawInput('operation'));
}

/** The value of an input that has one: a required input (its parser refuses an empty one), or one given. */
function present<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('an input with a value was read as not set');
  return value;
}

/**
 * What the post step does with what a step of `operation` creates: the cleanup input (parsed; undefined
 * when empty), or the operation's default (a job's is stop).
 */
export function readCleanup(
  operation: Settings['operation'],
  cleanup: Settings['cleanup'] | undefined
): Settings['cleanup'] {
  return cleanup ?? defaultCleanup(operation);
}

/**
 * Whether a step of these inputs may leave something to clean up when it fails or is interrupted, read by
 * the parsers its settings are: the tasks it creates (with cleanup stop or pause, given or the operation's
 * default), or an update or a scale up to finish, whatever cleanup says, or a volume it makes for the run
 * (volume_cleanup: delete), or a transfer it starts (stopped if still under way; data copies by them too),
 * or an SFTP session a copy opens (destroyed).
 * Throws the InputError its settings would.
 */
export function mayCleanUp(rawInput: (name: InputName) => string): boolean {
  const { get, given, text } = readersOf(rawInput, () => undefined);
  const operation = present(get('operation'));
  const cleanup = readCleanup(operation, get('cleanup'));
  return (
    cleanup !== 'none' ||
    leavesChange(operation) ||
    (given('volume_cleanup') === 'delete' && makesVolumes(operation)) ||
    startsTransfers(operation) ||
    // A create's data is copied in by transfers, stopped if the step is stopped while they run; data and
    // copies from the workspace open SFTP sessions, destroyed if the step is stopped while they are open.
    text('data') !== undefined ||
    text('copies') !== undefined
  );
}

/** A job's mode when neither job_type nor the body's sub_type says it: Spot, the platform's default. */
const DEFAULT_JOB_TYPE = 'spot';

/** spot_fallback and queue_timeout: a Spot job's fallback to on demand; refused for an on-demand job. */
function readSpotFallback({ text, given }: Inputs): Settings['spotFallback'] {
  if (!given('spot_fallback')) return undefined;
  if (text('job_type') === 'on_demand')
    throw new InputError(
      'spot_fallback is true, but job_type is on_demand: a job that runs on demand has nothing to fall back from; set spot_fallback to false, or job_type to spot'
    );
  return { queueTimeoutMs: given('queue_timeout') };
}

/**
 * volume, size (a whole number of GiB, as 100 or 100GiB; bytes on the wire), region, storage_class,
 * volume_cleanup, confirm and force; the transfer's inputs, the mounts, the copies of data and results,
 * and the workspace their workspace paths are relative to (GITHUB_WORKSPACE, else the working directory).
 */
function readStorage({ get, given }: Inputs, workspace: string | undefined): Settings['storage'] {
  return {
    volume: get('volume'),
    sizeBytes: get('size'),
    region: get('region'),
    storageClass: get('storage_class'),
    volumeCleanup: given('volume_cleanup'),
    confirm: get('confirm'),
    force: given('force'),
    transfer: readTransfer({ get, given }),
    mounts: [...(get('volumes') ?? []), ...(get('juicefs_mounts') ?? [])],
    data: get('data') ?? [],
    results: get('results') ?? [],
    copies: get('copies') ?? [],
    workspace: workspace === undefined || workspace === '' ? '.' : workspace
  };
}

/**
 * The transfer inputs: which transfer (transfer_id), its direction, the object storage (s3_*: the keys
 * masked already), the volume's path, what is copied again (overwrite_policy), what never is
 * (ignore_patterns, file name suffixes) and how often a failed one is retried (transfer_retries).
 */
function readTransfer({ get, given }: Pick<Inputs, 'get' | 'given'>): TransferSettings {
  const id = get('transfer_id');
  const volumePath = given('volume_path');
  const direction = get('direction');
  return {
    id,
    direction,
    supplier: get('s3_supplier'),
    endpoint: get('s3_endpoint'),
    bucket: get('s3_bucket'),
    prefix: get('s3_prefix') ?? '',
    accessKey: get('s3_access_key'),
    secretKey: get('s3_secret_key'),
    volumePath,
    overwrite: given('overwrite_policy'),
    ignorePatterns: get('ignore_patterns') ?? [],
    retries: given('transfer_retries')
  };
}

function inputsOf(
  rawInput: (name: string) => string,
  maskSecrets: (secrets: readonly string[]) => void,
  env: (name: string) => string | undefined
): Inputs {
  const masked = new Set<string>();
  const raw = (name: InputName): string => {
    const value = rawInput(name);
    const fallback = INPUT_BY_NAME.get(name)?.env;
    return value.trim() === '' && fallback !== undefined ? (env(fallback) ?? '') : value;
  };
  return readersOf(raw, (secrets) => {
    const fresh: string[] = [];
    for (const secret of secrets) {
      if (secret === '' || masked.has(secret)) continue;
      masked.add(secret);
      fresh.push(secret);
    }
    if (fresh.length > 0) maskSecrets(fresh);
  });
}

/** The readers of the inputs, over how each is read as given. */
function readersOf(raw: (name: InputName) => string, mask: Inputs['mask']): Inputs {
  const text = (name: InputName): string | undefined => {
    const value = raw(name).trim();
    return value === '' ? undefined : value;
  };
  const get = <N extends InputName>(name: N): InputValue<N> | undefined => {
    const declared = INPUT_BY_NAME.get(name);
    if (declared === undefined) throw new Error(`no input is declared as ${name}`);
    const value = raw(name);
    const given =
      value.trim() === ''
        ? (declared.default ?? (declared.required === true ? '' : undefined))
        : declared.untrimmed === true
          ? value
          : value.trim();
    return given === undefined ? undefined : (declared.parse(given, name) as InputValue<N>);
  };
  return { raw, text, get, given: (name) => get(name) as InputValue<typeof name>, mask };
}

/**
 * The inputs, each left empty taking what the body or the query sets for it (a body copied from the
 * platform's reference carries points and task_name): read as if given, so checked as the input is.
 */
function withFieldsOfRequest(inputs: Inputs, fields: ReadonlyMap<string, string>): Inputs {
  if (fields.size === 0) return inputs;
  return readersOf((name) => {
    const value = inputs.raw(name);
    return value.trim() === '' ? (fields.get(name) ?? value) : value;
  }, inputs.mask);
}

/** The body and the query, their secret-looking values masked as soon as they are read. */
function readRequestInputs(
  inputs: Inputs,
  readFile: (path: string) => string
): Pick<Settings, 'body' | 'query'> {
  const body = readBody(inputs.raw('body'), inputs.raw('body_file').trim(), readFile);
  inputs.mask(secretValues(body));
  const query = parseQuery('query', inputs.raw('query'));
  inputs.mask(query.flatMap(([name, value]) => secretValues({ [name]: value })));
  return { body, query };
}

/** Where and how the step talks to the API: the address, the key, the forms, the codes. */
function readConnection(
  inputs: Inputs
): Pick<
  Settings,
  'baseUrl' | 'apiVersion' | 'apiProfile' | 'apiProfileReason' | 'credentials' | 'endpoints'
> {
  const { raw, get, given } = inputs;
  const apiVersion = given('api_version');
  const baseUrl = get('base_url') ?? DEFAULT_BASE_URL;
  const profile = resolveProfile(given('api_profile'));
  return {
    baseUrl,
    apiVersion,
    apiProfile: profile.profile,
    apiProfileReason: profile.reason,
    credentials: readCredentials({
      token: raw('token').trim(),
      privateKeyText: raw('private_key'),
      passphrase: raw('private_key_passphrase'),
      format: given('private_key_format'),
      platformKeyText: raw('platform_public_key'),
      mask: inputs.mask
    }),
    endpoints: parseEndpoints(raw('endpoints'))
  };
}

/** What the operation's calls are made of, besides the body and query. */
function readCallInputs(
  { raw, get, given }: Inputs,
  now: number
): Pick<
  Settings,
  | 'taskStatuses'
  | 'taskName'
  | 'points'
  | 'taskIds'
  | 'method'
  | 'path'
  | 'encrypt'
  | 'billingWindow'
  | 'jobType'
  | 'estimatedExecSec'
> {
  return {
    taskStatuses: given('task_status'),
    taskName: get('task_name'),
    points: get('points'),
    taskIds: parseTaskIds('task_id', raw('task_id')),
    method: get('method'),
    path: get('path'),
    encrypt: given('encrypt'),
    billingWindow: readBillingWindow(given, now),
    // No default the runner would fill in: empty, the body's sub_type says it (see inputsFromFields).
    jobType: get('job_type') ?? DEFAULT_JOB_TYPE,
    estimatedExecSec: get('estimated_exec_sec')
  };
}

/**
 * The wait inputs. An empty wait_timeout takes the operation's default (a job's: its timeout_sec and the
 * time to start; see defaultWait), and says why.
 */
function readWait(
  { text, get, given }: Inputs,
  step: Pick<Settings, 'operation' | 'body' | 'spotFallback'>
): Settings['wait'] {
  const byDefault = text('wait_timeout') === undefined ? defaultWait(step) : undefined;
  return {
    mode: given('wait'),
    timeoutMs: byDefault?.ms ?? present(get('wait_timeout')),
    ...(byDefault === undefined ? {} : { timeoutWhy: byDefault.why }),
    intervalMs: given('poll_interval'),
    statusField: given('status_field'),
    successStatuses: get('success_statuses'),
    failureStatuses: get('failure_statuses'),
    waitForUrls: given('wait_for_urls'),
    pollErrorBudget: given('poll_error_budget'),
    maxRestarts: given('max_restarts'),
    logLines: given('log_lines')
  };
}

function readHealth({ get, given }: Inputs): Settings['health'] {
  return { path: get('health_path'), accepted: given('health_status') };
}

/** The resource a new task asks for by GPU model (undefined when gpu is empty). */
function readCapacity({ text, get, given }: Inputs): Settings['capacity'] {
  const gpu = get('gpu');
  if (gpu === undefined) {
    if (text('regions') !== undefined)
      throw new InputError(
        'regions is set, but gpu is empty: set gpu to the GPU model, such as 4090, or remove regions'
      );
    if (text('max_price') !== undefined)
      throw new InputError(
        'max_price is set, but gpu is empty: set gpu to the GPU model, such as 4090, or remove max_price'
      );
    return undefined;
  }
  return {
    gpu,
    gpuCount: given('gpu_count'),
    deviceType: given('device_type'),
    regions: get('regions') ?? [],
    maxPrice: get('max_price'),
    timeoutMs: given('capacity_timeout')
  };
}

/** How long, how large, how many: the bounds of each request and of the step's concurrency. */
function readLimits({
  given
}: Inputs): Pick<Settings, 'requestTimeoutMs' | 'maxResponseBytes' | 'maxRetries' | 'concurrency'> {
  return {
    requestTimeoutMs: given('request_timeout'),
    maxResponseBytes: given('max_response_size'),
    maxRetries: given('max_retries'),
    concurrency: given('concurrency')
  };
}

/**
 * What the step leaves behind: the summary, the cleanup (an empty one is the operation's default: a job's
 * is stop), and whether it sends at all.
 */
function readStep(
  { get, given }: Inputs,
  operation: Settings['operation']
): Pick<Settings, 'summary' | 'cleanup' | 'cleanupTimeoutMs' | 'maxCost' | 'dryRun'> {
  return {
    summary: given('summary'),
    cleanup: readCleanup(operation, get('cleanup')),
    cleanupTimeoutMs: given('cleanup_timeout'),
    maxCost: get('max_cost'),
    dryRun: given('dry_run')
  };
}

/**
 * The preview inputs. github_token defaults to the workflow's token (`${{ github.token }}`): where no
 * runner expands that (the CLI, a local run), it is no token. max_previews: 1 to 100; preview_ttl: an
 * hour to 90 days.
 */
function readPreviews({ given }: Inputs): Settings['previews'] {
  return {
    githubToken: given('github_token'),
    comment: given('comment'),
    maxPreviews: given('max_previews'),
    ttlMs: given('preview_ttl')
  };
}

/** The runner inputs: runner_scope, runner_labels, runners, runner_timeout, allow_untrusted. */
function readRunners({ given, get }: Inputs): Settings['selfHosted'] {
  return {
    scope: given('runner_scope'),
    labels: get('runner_labels') ?? [],
    count: given('runners'),
    timeoutMs: given('runner_timeout'),
    allowUntrusted: given('allow_untrusted')
  };
}

/**
 * The body fields: the body input and, for payloads too big for an input (the runner passes inputs as
 * environment variables, 128 KiB at most each), the mapping in body_file. A field set in both is refused.
 */
function readBody(
  bodyText: string,
  bodyFile: string,
  readFile: (path: string) => string
): Record<string, unknown> {
  const body = parseMapping('body', bodyText);
  if (bodyFile === '') return body;
  let text: string;
  try {
    text = readFile(bodyFile);
  } catch (error) {
    if (error instanceof InputError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(
      `body_file ${quote(bodyFile)} cannot be read (${code}): set it to a YAML or JSON file in the workspace`
    );
  }
  const fromFile = parseMapping('body_file', text);
  for (const name of Object.keys(body)) {
    if (name in fromFile) throw new InputError(`body and body_file both set ${name}: set it in one of them`);
  }
  return { ...fromFile, ...body };
}

/** The billing window: billing_end (now, or a time), and billing_start (a span before it, or a time). */
function readBillingWindow(given: Inputs['given'], now: number): Settings['billingWindow'] {
  const end = parseEndTime('billing_end', given('billing_end'), now);
  const start = parseStartTime('billing_start', given('billing_start'), end.ms);
  return {
    range: given('billing_range'),
    startTime: start.text,
    endTime: end.text
  };
}

/**
 * The platform's documented forms unless the interface spec's are asked for: whatever the host, the forms
 * production takes are the default. `auto`, the old default, means the same.
 */
function resolveProfile(choice: 'auto' | ApiProfile): { profile: ApiProfile; reason: string } {
  if (choice === 'spec')
    return { profile: 'spec', reason: "the interface spec's forms, as api_profile asks" };
  return {
    profile: 'live',
    reason: `${choice === 'auto' ? 'auto means live: ' : ''}the platform's documented forms; api_profile: spec sends the interface spec's`
  };
}

/**
 * Per-operation endpoint overrides, such as `detail: {method: GET}` (the live platform's form) or
 * `create: {path: /api/task/deployment/create}` (newer paths).
 */
function parseEndpoints(value: string): Settings['endpoints'] {
  const overrides: Settings['endpoints'] = {};
  // A replace sends a create, a sweep searches: their calls follow the override of the one they send as.
  const allowed: readonly string[] = OVERRIDABLE_OPERATIONS;
  for (const [operation, raw] of Object.entries(parseMapping('endpoints', value))) {
    const name = `endpoints.${operation}`;
    if (!allowed.includes(operation)) {
      throw new InputError(`${name} names no operation: use ${allowed.join(', ')}`);
    }
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
      throw new InputError(
        `${name} is not a mapping: write it like {method: GET, path: /api/..., version: 1.0.0, encrypt: false}`
      );
    }
    const override: EndpointOverride = {};
    for (const [key, item] of Object.entries(raw as Record<string, unknown>)) {
      const field = `${name}.${key}`;
      const itemText =
        typeof item === 'boolean' || typeof item === 'bigint' || typeof item === 'number'
          ? String(item)
          : item;
      if (typeof itemText !== 'string') throw new InputError(`${field} is not a plain value: write a string`);
      if (key === 'method')
        override.method = parseChoice(field, itemText.toUpperCase(), ['GET', 'POST'] as const);
      else if (key === 'path') override.path = parsePath(field, itemText);
      else if (key === 'version') override.version = parseVersion(field, itemText);
      else if (key === 'encrypt') override.encrypt = parseBoolean(field, itemText, false);
      else throw new InputError(`${field} is not an endpoint setting: use method, path, version or encrypt`);
    }
    if (override.method === 'GET' && override.encrypt === true) {
      throw new InputError(`${name} sets encrypt with method GET: an encrypted body needs method POST`);
    }
    overrides[operation as keyof Settings['endpoints']] = override;
  }
  return overrides;
}

function readCredentials(args: {
  token: string;
  privateKeyText: string;
  passphrase: string;
  format: PrivateKeyFormat;
  platformKeyText: string;
  mask: (secrets: readonly string[]) => void;
}): Credentials {
  if (args.token === '') {
    throw new InputError(
      'token is empty: set token to the API token, for example ${{ secrets.DEPLOY_API_TOKEN }} (or the DEPLOY_API_TOKEN variable)'
    );
  }
  const hasPlatformKey = args.platformKeyText.trim() !== '';
  if (args.privateKeyText.trim() === '') {
    if (hasPlatformKey) {
      throw new InputError(
        'platform_public_key is set but private_key is not: an RSA-mode key needs private_key too; a token-mode key needs neither'
      );
    }
    return { mode: 'token', token: args.token };
  }
  try {
    const loaded = loadPrivateKey(args.privateKeyText, { format: args.format, passphrase: args.passphrase });
    args.mask(loaded.secretForms);
    return {
      mode: 'rsa',
      token: args.token,
      privateKey: loaded.key,
      platformPublicKey: hasPlatformKey ? loadPlatformPublicKey(args.platformKeyText) : undefined
    };
  } catch (error) {
    if (error instanceof KeyError) throw keyInputError(error);
    throw error;
  }
}

/** A key error worded with the inputs: which one holds the key, and which one fixes it. */
function keyInputError(error: KeyError): InputError {
  const input = error.role === 'private' ? 'private_key' : 'platform_public_key';
  switch (error.problem) {
    case 'format_mismatch': {
      const { declared = 'auto', found = 'auto', foundText = 'another format' } = error.formats ?? {};
      return new InputError(
        `private_key_format is ${declared}, but private_key holds ${foundText}: set private_key_format to ${found} or auto`
      );
    }
    case 'passphrase_missing':
      return new InputError('the private key is encrypted: set private_key_passphrase');
    case 'passphrase_wrong':
      return new InputError(
        'private_key could not be decrypted with private_key_passphrase: check the passphrase'
      );
    case 'unusable':
      return new InputError(`${input} ${error.says}`);
  }
}
