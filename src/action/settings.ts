import {
  parseBaseUrl,
  parseBoolean,
  parseChoice,
  parseDuration,
  parseFieldPath,
  parseIntegerInRange,
  parseMapping,
  parsePath,
  parsePositiveInteger,
  parseQuery,
  parseSize,
  parseTaskIds,
  parseHealthPath,
  parseStatusRanges,
  parseWords,
  parseEndTime,
  parseStartTime
} from './inputs.js';
import { InputError, quote } from '../basics/input-error.js';
import {
  CLEANUP_CHOICES,
  defaultCleanup,
  defaultWait,
  KeyError,
  MOST_WAIT_MS,
  keyTextForms,
  loadPlatformPublicKey,
  loadPrivateKey,
  inputsFromFields,
  leavesChange,
  makesVolumes,
  startsTransfers,
  OPERATION_NAMES,
  OVERRIDABLE_OPERATIONS,
  PRIVATE_KEY_FORMATS,
  SEARCHABLE_STATUSES,
  secretValues,
  type ApiProfile,
  type Credentials,
  type DeploySettings,
  type DataCopy,
  type Mount,
  type TransferSettings,
  type EndpointOverride,
  type PrivateKeyFormat
} from '../deploy/engine.js';
import { DEFAULT_BASE_URL, INPUT_DEFAULTS, type DefaultedInput } from './defaults.js';

/** Every input, parsed and checked once. Nothing else reads inputs. */
export interface Settings extends DeploySettings {
  /** Why apiProfile: said in the log. */
  apiProfileReason: string;
  summary: boolean;
  dryRun: boolean;
}

const HOUR = 3_600_000;

/** Inputs that fall back to an environment variable when empty. */
const ENV_FALLBACK: Record<string, string> = {
  base_url: 'DEPLOY_API_BASE_URL',
  token: 'DEPLOY_API_TOKEN',
  private_key: 'DEPLOY_API_PRIVATE_KEY',
  private_key_passphrase: 'DEPLOY_API_PRIVATE_KEY_PASSPHRASE',
  platform_public_key: 'DEPLOY_API_PLATFORM_PUBLIC_KEY',
  s3_access_key: 'DEPLOY_S3_ACCESS_KEY',
  s3_secret_key: 'DEPLOY_S3_SECRET_KEY'
};

/** How the settings read each input: as given, trimmed, or with its default. */
interface Inputs {
  /** The input as given, or its environment variable when empty. */
  raw: (name: string) => string;
  /** Trimmed; undefined when empty. */
  text: (name: string) => string | undefined;
  /** Trimmed, or its default when empty. */
  given: (name: DefaultedInput) => string;
  flag: (name: DefaultedInput) => boolean;
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
    gitHubToken(inputs.raw('github_token')) ?? '',
    ...keyTextForms(inputs.raw('private_key'))
  ]);
  const operation = parseChoice('operation', inputs.raw('operation').trim(), OPERATION_NAMES);
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
    preheat: {
      mode: parseChoice('preheat', inputs.given('preheat'), ['none', 'region', 'node'] as const),
      timeoutMs: parseDuration('preheat_timeout', inputs.given('preheat_timeout'), {
        minMs: 10_000,
        maxMs: 6 * HOUR
      })
    },
    nodeChoice: readNodeChoice(inputs),
    spotFallback,
    storage: readStorage(inputs),
    previews: readPreviews(inputs),
    ...readLimits(inputs),
    ...readStep(inputs, operation)
  };
}

/**
 * What the post step does with what a step of `operation` creates: the cleanup input (trimmed; undefined
 * when empty), or the operation's default (a job's is stop).
 */
export function readCleanup(
  operation: Settings['operation'],
  cleanup: string | undefined
): Settings['cleanup'] {
  return cleanup === undefined ? defaultCleanup(operation) : parseChoice('cleanup', cleanup, CLEANUP_CHOICES);
}

/**
 * Whether a step of these inputs may leave something to clean up when it fails or is interrupted, read by
 * the parsers its settings are: the tasks it creates (with cleanup stop or pause, given or the operation's
 * default), or an update or a scale up to finish, whatever cleanup says, or a volume it makes for the run
 * (volume_cleanup: delete), or a transfer it starts (stopped if still under way; data copies by them too).
 * Throws the InputError its settings would.
 */
export function mayCleanUp(
  rawInput: (name: 'operation' | 'cleanup' | 'volume_cleanup' | 'data') => string
): boolean {
  const operation = parseChoice('operation', rawInput('operation').trim(), OPERATION_NAMES);
  const cleanup = rawInput('cleanup').trim();
  const volumes = parseChoice(
    'volume_cleanup',
    rawInput('volume_cleanup').trim() || INPUT_DEFAULTS.volume_cleanup,
    ['keep', 'delete'] as const
  );
  return (
    readCleanup(operation, cleanup === '' ? undefined : cleanup) !== 'none' ||
    leavesChange(operation) ||
    (volumes === 'delete' && makesVolumes(operation)) ||
    startsTransfers(operation) ||
    // A create's data is copied in by transfers, stopped if the step is stopped while they run.
    rawInput('data').trim() !== ''
  );
}

/** A job's mode when neither job_type nor the body's sub_type says it: Spot, the platform's default. */
const DEFAULT_JOB_TYPE = 'spot';

/** spot_fallback and queue_timeout: a Spot job's fallback to on demand; refused for an on-demand job. */
function readSpotFallback({ text, given, flag }: Inputs): Settings['spotFallback'] {
  if (!flag('spot_fallback')) return undefined;
  if (text('job_type') === 'on_demand')
    throw new InputError(
      'spot_fallback is true, but job_type is on_demand: a job that runs on demand has nothing to fall back from; set spot_fallback to false, or job_type to spot'
    );
  return {
    queueTimeoutMs: parseDuration('queue_timeout', given('queue_timeout'), { minMs: 10_000, maxMs: 6 * HOUR })
  };
}

/** point_id: a node's id (digits), or failed; delete_last_node. */
function readNodeChoice({ text, flag }: Inputs): Settings['nodeChoice'] {
  const pointId = text('point_id');
  if (pointId !== undefined && pointId !== 'failed' && !/^\d+$/.test(pointId))
    throw new InputError(
      `point_id ${quote(pointId)} is neither a node's id nor failed: set point_id to a point_id the nodes operation lists, or to failed`
    );
  return { pointId, deleteLastNode: flag('delete_last_node') };
}

/** The most a volume can be asked to hold, in GiB (1 PiB): far beyond any configuration, within exact numbers. */
const MOST_GIB = 1024 * 1024;

/**
 * volume, size (a whole number of GiB, as 100 or 100GiB; bytes on the wire), region, volume_cleanup,
 * confirm and force.
 */
function readStorage({ text, given, flag, raw }: Inputs): Settings['storage'] {
  const volume = text('volume');
  if (volume !== undefined && volume.length > 32)
    throw new InputError(
      `volume ${quote(volume)} is longer than the 32 characters a volume's name may have: set volume to the volume's name or its storage_id`
    );
  const size = text('size');
  return {
    volume,
    sizeBytes: size === undefined ? undefined : parseGiB('size', size),
    region: text('region'),
    volumeCleanup: parseChoice('volume_cleanup', given('volume_cleanup'), ['keep', 'delete'] as const),
    confirm: text('confirm'),
    force: flag('force'),
    transfer: readTransfer({ text, given, raw }),
    mounts: [
      ...parseMounts('volumes', raw('volumes'), 'nas'),
      ...parseMounts('juicefs_mounts', raw('juicefs_mounts'), 'juicefs')
    ],
    data: parseCopies('data', raw('data'), 'in'),
    results: parseCopies('results', raw('results'), 'out')
  };
}

/**
 * data (`prefix -> volume:/path`, one a line: copied into the volume before the job) or results
 * (`volume:/path -> prefix`: copied back after it); the prefix in the bucket s3_bucket names.
 */
function parseCopies(name: string, value: string, way: 'in' | 'out'): DataCopy[] {
  return value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const sides = line.split('->').map((side) => side.trim());
      const [from = '', to = ''] = sides;
      const [prefix, place] = way === 'in' ? [from, to] : [to, from];
      const at = place.indexOf(':/');
      const volume = at === -1 ? '' : place.slice(0, at);
      const path = at === -1 ? '' : place.slice(at + 1);
      const ok =
        sides.length === 2 &&
        /^[^\s:]{1,64}$/.test(volume) &&
        !path.split('/').includes('..') &&
        // eslint-disable-next-line no-control-regex -- white space and the control characters are what it refuses
        !/[\s\u0000-\u001f\u007f]/.test(path + prefix);
      if (!ok)
        throw new InputError(
          `${name} has ${quote(line.slice(0, 120))}, which is no copy: write one a line as ${way === 'in' ? 'prefix/ -> volume:/path' : 'volume:/path -> prefix/'}`
        );
      return { prefix, volume, path };
    });
}

/**
 * The volumes (or juicefs_mounts) input: one mount a line, `storage:/path/in/container`, or
 * `service:storage:/path` for one service; the volume (or object storage) by its name or storage_id; the
 * path absolute, without `..`.
 */
function parseMounts(name: string, value: string, kind: Mount['kind']): Mount[] {
  const lines = value
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return lines.map((line) => {
    const at = line.indexOf(':/');
    const head = at === -1 ? [] : line.slice(0, at).split(':');
    const path = at === -1 ? '' : line.slice(at + 1);
    const [first, second] = head;
    const ok =
      (head.length === 1 || head.length === 2) &&
      head.every((part) => /^[^\s:]{1,64}$/.test(part)) &&
      !path.split('/').includes('..') &&
      // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
      !/[\s\u0000-\u001f\u007f]/.test(path);
    if (!ok || first === undefined)
      throw new InputError(
        `${name} has ${quote(line.slice(0, 120))}, which is no mount: write one a line as ${kind === 'nas' ? 'volume:/path/in/container, or service:volume:/path' : 'storage:/path/in/container, or service:storage:/path'} to mount it in one service`
      );
    return second === undefined
      ? { kind, service: undefined, storage: first, path }
      : { kind, service: first, storage: second, path };
  });
}

/**
 * The transfer inputs: which transfer (transfer_id), its direction, the object storage (s3_*: the keys
 * masked already), the volume's path, what is copied again (overwrite_policy), what never is
 * (ignore_patterns, file name suffixes) and how often a failed one is retried (transfer_retries).
 */
function readTransfer({ text, given, raw }: Pick<Inputs, 'text' | 'given' | 'raw'>): TransferSettings {
  const id = text('transfer_id');
  if (id !== undefined && !/^[1-9]\d{0,18}$/.test(id))
    throw new InputError(
      `transfer_id ${quote(id)} is not a transfer's id: set it to the digits transfer_list or a transfer step's transfer_id output gives`
    );
  const direction = text('direction');
  const volumePath = given('volume_path');
  // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
  if (!volumePath.startsWith('/') || volumePath.includes('..') || /[\u0000-\u001f\u007f]/.test(volumePath))
    throw new InputError(
      `volume_path ${quote(volumePath)} is not an absolute path in the volume: write it like /datasets/imagenet, without ..`
    );
  const key = (name: string): string | undefined => {
    const value = raw(name).trim();
    return value === '' ? undefined : value;
  };
  return {
    id,
    direction:
      direction === undefined
        ? undefined
        : parseChoice('direction', direction, ['s3-to-volume', 'volume-to-s3'] as const),
    supplier: text('s3_supplier'),
    endpoint: text('s3_endpoint'),
    bucket: text('s3_bucket'),
    prefix: text('s3_prefix') ?? '',
    accessKey: key('s3_access_key'),
    secretKey: key('s3_secret_key'),
    volumePath,
    overwrite: parseChoice('overwrite_policy', given('overwrite_policy'), [
      'hash',
      'skip',
      'overwrite'
    ] as const),
    ignorePatterns: parseSuffixes('ignore_patterns', raw('ignore_patterns')),
    retries: parseIntegerInRange('transfer_retries', given('transfer_retries'), 0, 10)
  };
}

/** File name endings (.tmp, .log), separated by commas or lines: each one word, 100 characters at most. */
function parseSuffixes(name: string, value: string): string[] {
  const suffixes = value
    .split(/[,\n]/)
    .map((suffix) => suffix.trim())
    .filter((suffix) => suffix !== '');
  for (const suffix of suffixes)
    // eslint-disable-next-line no-control-regex -- white space and the control characters are what it refuses
    if (suffix.length > 100 || /[\s\u0000-\u001f\u007f-\u009f]/.test(suffix))
      throw new InputError(
        `${name} lists ${quote(suffix.slice(0, 100))}, which is no file name ending: list endings like .tmp, .log, separated by commas`
      );
  return suffixes;
}

/** A size in whole GiB (100, or 100GiB), as bytes: GiB × 1,073,741,824. */
function parseGiB(name: string, value: string): number {
  const match = /^(\d+)\s*(?:GiB)?$/i.exec(value);
  const gib = match === null ? NaN : Number(match[1]);
  if (!Number.isSafeInteger(gib) || gib < 1 || gib > MOST_GIB)
    throw new InputError(
      `${name} ${quote(value)} is not a size in GiB from 1 to ${MOST_GIB}: write a whole number of GiB, such as 100`
    );
  return gib * 1024 ** 3;
}

function inputsOf(
  rawInput: (name: string) => string,
  maskSecrets: (secrets: readonly string[]) => void,
  env: (name: string) => string | undefined
): Inputs {
  const masked = new Set<string>();
  const raw = (name: string): string => {
    const value = rawInput(name);
    const fallback = ENV_FALLBACK[name];
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
function readersOf(raw: (name: string) => string, mask: Inputs['mask']): Inputs {
  const text = (name: string): string | undefined => {
    const value = raw(name).trim();
    return value === '' ? undefined : value;
  };
  const given = (name: DefaultedInput): string => text(name) ?? INPUT_DEFAULTS[name];
  return {
    raw,
    text,
    given,
    flag: (name) => parseBoolean(name, given(name), INPUT_DEFAULTS[name] === 'true'),
    mask
  };
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
  const { raw, text, given } = inputs;
  const apiVersion = parseVersion('api_version', given('api_version'));
  const baseUrl = parseBaseUrl('base_url', text('base_url') ?? DEFAULT_BASE_URL);
  const profile = resolveProfile(
    parseChoice('api_profile', given('api_profile'), ['live', 'spec', 'auto'] as const)
  );
  return {
    baseUrl,
    apiVersion,
    apiProfile: profile.profile,
    apiProfileReason: profile.reason,
    credentials: readCredentials({
      token: raw('token').trim(),
      privateKeyText: raw('private_key'),
      passphrase: raw('private_key_passphrase'),
      format: parseChoice('private_key_format', given('private_key_format'), PRIVATE_KEY_FORMATS),
      platformKeyText: raw('platform_public_key'),
      mask: inputs.mask
    }),
    endpoints: parseEndpoints(raw('endpoints'))
  };
}

/** What the operation's calls are made of, besides the body and query. */
function readCallInputs(
  inputs: Inputs,
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
  const { raw, text, given } = inputs;
  const method = text('method')?.toUpperCase();
  const path = text('path');
  const points = text('points');
  const estimated = text('estimated_exec_sec');
  return {
    taskStatuses: parseStatuses('task_status', given('task_status')),
    taskName: text('task_name'),
    points:
      points === undefined
        ? undefined
        : parsePositiveInteger('points', points, 'the number of nodes, such as 1'),
    taskIds: parseTaskIds('task_id', raw('task_id')),
    method: method === undefined ? undefined : parseChoice('method', method, ['GET', 'POST'] as const),
    path: path === undefined ? undefined : parsePath('path', path),
    encrypt: inputs.flag('encrypt'),
    billingWindow: readBillingWindow(given, now),
    // No default the runner would fill in: empty, the body's sub_type says it (see inputsFromFields).
    jobType: parseChoice('job_type', text('job_type') ?? DEFAULT_JOB_TYPE, ['spot', 'on_demand'] as const),
    estimatedExecSec:
      estimated === undefined ? undefined : parseIntegerInRange('estimated_exec_sec', estimated, 1, 86_400)
  };
}

/**
 * The wait inputs. An empty wait_timeout takes the operation's default (a job's: its timeout_sec and the
 * time to start; see defaultWait), and says why.
 */
function readWait(
  { raw, text, given, flag }: Inputs,
  step: Pick<Settings, 'operation' | 'body' | 'spotFallback'>
): Settings['wait'] {
  const timeout = text('wait_timeout');
  const byDefault = timeout === undefined ? defaultWait(step) : undefined;
  return {
    mode: parseChoice('wait', given('wait'), ['auto', 'true', 'false'] as const),
    timeoutMs:
      byDefault?.ms ?? parseDuration('wait_timeout', timeout ?? '', { minMs: 1000, maxMs: MOST_WAIT_MS }),
    ...(byDefault === undefined ? {} : { timeoutWhy: byDefault.why }),
    intervalMs: parseDuration('poll_interval', given('poll_interval'), { minMs: 1000, maxMs: HOUR }),
    statusField: parseFieldPath('status_field', given('status_field')),
    successStatuses: parseWords('success_statuses', raw('success_statuses')),
    failureStatuses: parseWords('failure_statuses', raw('failure_statuses')),
    waitForUrls: flag('wait_for_urls'),
    pollErrorBudget: parseIntegerInRange('poll_error_budget', given('poll_error_budget'), 1, 100),
    maxRestarts: parseIntegerInRange('max_restarts', given('max_restarts'), 0, 1000),
    logLines: parseIntegerInRange('log_lines', given('log_lines'), 0, 1000)
  };
}

function readHealth({ text, given }: Inputs): Settings['health'] {
  const path = text('health_path');
  return {
    path: path === undefined ? undefined : parseHealthPath('health_path', path),
    accepted: parseStatusRanges('health_status', given('health_status'))
  };
}

/** The resource a new task asks for by GPU model (undefined when gpu is empty). */
function readCapacity({ text, given }: Inputs): Settings['capacity'] {
  const gpu = text('gpu');
  const regions = text('regions');
  const maxPrice = text('max_price');
  if (gpu === undefined) {
    const stray = regions !== undefined ? 'regions' : maxPrice !== undefined ? 'max_price' : undefined;
    if (stray !== undefined)
      throw new InputError(
        `${stray} is set, but gpu is empty: set gpu to the GPU model, such as 4090, or remove ${stray}`
      );
    return undefined;
  }
  const timeout = given('capacity_timeout');
  return {
    gpu,
    gpuCount: parsePositiveInteger('gpu_count', given('gpu_count'), 'the GPUs per node, such as 1'),
    deviceType: parseChoice('device_type', given('device_type'), ['GpuDevice', 'CpuDevice'] as const),
    regions: regions === undefined ? [] : parseList(regions),
    maxPrice: maxPrice === undefined ? undefined : parsePrice('max_price', maxPrice),
    timeoutMs: timeout === '0' ? 0 : parseDuration('capacity_timeout', timeout, { minMs: 0, maxMs: 6 * HOUR })
  };
}

/**
 * Items one per line or separated by commas, or a YAML list (`[a, b]`, or lines starting with `- `),
 * each trimmed and unquoted.
 */
const parseList = (value: string): string[] =>
  value
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(/[\n,]/)
    .map((item) =>
      item
        .trim()
        .replace(/^- /, '')
        .replace(/^(['"])(.*)\1$/, '$2')
        .trim()
    )
    .filter((item) => item !== '');

/** A price as a plain decimal number, such as 2 or 1.98. */
function parsePrice(name: string, value: string): string {
  if (!/^\d+(\.\d+)?$/.test(value))
    throw new InputError(
      `${name} ${quote(value)} is not a plain number: write it like 2 or 1.98, without a unit`
    );
  return value;
}

/** How long, how large, how many: the bounds of each request and of the step's concurrency. */
function readLimits({
  given
}: Inputs): Pick<Settings, 'requestTimeoutMs' | 'maxResponseBytes' | 'maxRetries' | 'concurrency'> {
  return {
    requestTimeoutMs: parseDuration('request_timeout', given('request_timeout'), {
      minMs: 1000,
      maxMs: 5 * 60_000
    }),
    maxResponseBytes: parseSize('max_response_size', given('max_response_size'), {
      min: 64 * 1024,
      max: 256 * 1024 * 1024
    }),
    maxRetries: parseIntegerInRange('max_retries', given('max_retries'), 0, 10),
    concurrency: parseIntegerInRange('concurrency', given('concurrency'), 1, 32)
  };
}

/**
 * What the step leaves behind: the summary, the cleanup (an empty one is the operation's default: a job's
 * is stop), and whether it sends at all.
 */
function readStep(
  { text, given, flag }: Inputs,
  operation: Settings['operation']
): Pick<Settings, 'summary' | 'cleanup' | 'cleanupTimeoutMs' | 'maxCost' | 'dryRun'> {
  return {
    summary: flag('summary'),
    cleanup: readCleanup(operation, text('cleanup')),
    cleanupTimeoutMs: parseDuration('cleanup_timeout', given('cleanup_timeout'), {
      minMs: 5000,
      maxMs: 30 * 60_000
    }),
    maxCost: readMaxCost(text('max_cost')),
    dryRun: flag('dry_run')
  };
}

/**
 * The preview inputs. github_token defaults to the workflow's token (`${{ github.token }}`): where no
 * runner expands that (the CLI, a local run), it is no token. max_previews: 1 to 100; preview_ttl: an
 * hour to 90 days.
 */
function readPreviews({ given, flag }: Inputs): Settings['previews'] {
  return {
    githubToken: gitHubToken(given('github_token')),
    comment: flag('comment'),
    maxPreviews: parseIntegerInRange('max_previews', given('max_previews'), 1, 100),
    ttlMs: parseDuration('preview_ttl', given('preview_ttl'), { minMs: HOUR, maxMs: 90 * 24 * HOUR })
  };
}

/** github_token, trimmed; undefined when empty, or an expression no runner filled in. */
function gitHubToken(value: string): string | undefined {
  const token = value.trim();
  return token === '' || token.startsWith('${{') ? undefined : token;
}

/** max_cost: yuan, more than 0, to the point (six decimals at most: a point is 0.000001 yuan). */
function readMaxCost(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,9}(\.\d{1,6})?$/.test(value) || !/[1-9]/.test(value))
    throw new InputError(
      `max_cost ${quote(value.slice(0, 40))} is no sum of yuan: write it like 5 or 12.50 (more than 0, at most six decimals)`
    );
  return value;
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
function readBillingWindow(given: (name: DefaultedInput) => string, now: number): Settings['billingWindow'] {
  const end = parseEndTime('billing_end', given('billing_end'), now);
  const start = parseStartTime('billing_start', given('billing_start'), end.ms);
  return {
    range: parseChoice('billing_range', given('billing_range'), ['hour', 'day', 'week', 'month'] as const),
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

/** A comma list of task statuses, each one task search takes. */
function parseStatuses(name: string, value: string): string[] {
  const statuses = value.split(',').map((status) => status.trim());
  for (const status of statuses) {
    if (!(SEARCHABLE_STATUSES as readonly string[]).includes(status)) {
      throw new InputError(
        `${name} lists ${quote(status)}: list statuses separated by commas from ${SEARCHABLE_STATUSES.join(', ')}`
      );
    }
  }
  return statuses;
}

function parseVersion(name: string, value: string): string {
  if (!/^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(value)) {
    throw new InputError(
      `${name} ${quote(value)} is not an interface version: set it to the endpoint's version, such as 1.0.0`
    );
  }
  return value;
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
