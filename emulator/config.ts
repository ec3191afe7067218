/**
 * The emulator's behaviours as JSON, for a process started from the CLI (`--config FILE`, `--fault JSON`):
 * everything a test can set in-process, checked strictly so a typo is an error, not a silent no-op.
 */
import type { CrashLoopSpec, Emulator, EnvelopeStyle } from './emulator.js';
import type { FaultAnswer, FaultRule, RateLimit } from './faults.js';
import type { StorageVerdict } from './route.js';
import type { StockChange } from './stock.js';

export interface EmulatorConfig {
  faults?: FaultRule[];
  rateLimit?: RateLimit;
  storageVerdict?: StorageVerdict;
  text?: { msg?: string; taskName?: string };
  serviceUrl?: string;
  envelope?: Partial<EnvelopeStyle>;
  endedTasksGone?: boolean;
  readyAfterSeconds?: number;
  nodeLagSeconds?: number;
  actLagSeconds?: number;
  crashLoops?: CrashLoopSpec[];
  /** Images that crash-loop wherever they run (a regular expression), such as a bad release. */
  badImages?: string;
  apps?: { warmupSeconds?: number; status?: number };
  failingCreates?: number[];
  pricePerPointHour?: number;
  billPending?: boolean;
  pageSizeMax?: number;
  refusalCodes?: Record<string, string>;
  /** A seed: every refusal code answered as another of the published set (see Emulator.shuffleCodes). */
  shuffleCodes?: number;
  /** What devices have free in regions, and their prices; a region may run out and come back. */
  stock?: StockChange[];
  /** A cold start: seconds to pull an image no preheat cached, by default and by image. */
  imagePull?: { seconds?: number; images?: Record<string, number>; regions?: Record<string, number> };
  /** How long a preheat takes. */
  preheat?: { durationSeconds?: number };
  /** A private registry: images matching `pattern` (a regular expression) pull only with this account. */
  privateRegistry?: { pattern: string; username: string; password: string };
  /** How jobs run (see the emulator's `jobs` option): patterns are regular expressions over job names. */
  jobs?: {
    podSeconds?: number;
    failPattern?: string;
    scripts?: JobScriptConfig[];
    stoppedStatus?: 'Paused' | 'End';
    resourceTaskType?: 'Job' | 'Deployment';
  };
}

/** A job script (see JobScriptRule), its pattern as text. */
export interface JobScriptConfig {
  pattern: string;
  runSeconds?: number;
  exitCode?: number;
  failures?: number;
  failIndexes?: number[];
  log?: string[];
}

/** A config that cannot be used; the message names the field. */
export class ConfigError extends Error {}

type Json = Record<string, unknown>;

/** Reads a config object (the parsed JSON of --config). */
export function parseConfig(value: unknown, where = 'config'): EmulatorConfig {
  const config = object(value, where);
  only(config, where, [
    'faults',
    'rateLimit',
    'storageVerdict',
    'text',
    'serviceUrl',
    'envelope',
    'endedTasksGone',
    'readyAfterSeconds',
    'nodeLagSeconds',
    'actLagSeconds',
    'crashLoops',
    'badImages',
    'apps',
    'failingCreates',
    'pricePerPointHour',
    'billPending',
    'pageSizeMax',
    'refusalCodes',
    'shuffleCodes',
    'stock',
    'imagePull',
    'preheat',
    'privateRegistry',
    'jobs'
  ]);
  const parsed: EmulatorConfig = {};
  if (config.faults !== undefined) {
    if (!Array.isArray(config.faults)) throw new ConfigError(`${where}.faults must be an array`);
    parsed.faults = config.faults.map((rule, i) => parseFaultRule(rule, `${where}.faults[${i}]`));
  }
  if (config.rateLimit !== undefined) {
    const limit = object(config.rateLimit, `${where}.rateLimit`);
    only(limit, `${where}.rateLimit`, ['ratePerSecond', 'burst', 'path', 'retryAfterAs']);
    parsed.rateLimit = {
      ratePerSecond: number(limit.ratePerSecond, `${where}.rateLimit.ratePerSecond`),
      burst: number(limit.burst, `${where}.rateLimit.burst`),
      ...optional(limit, 'path', (v, n) => string(v, n), `${where}.rateLimit`),
      ...optional(
        limit,
        'retryAfterAs',
        (v, n) => choice(v, n, ['seconds', 'http-date']),
        `${where}.rateLimit`
      )
    };
  }
  if (config.storageVerdict !== undefined) {
    const verdict = object(config.storageVerdict, `${where}.storageVerdict`);
    only(verdict, `${where}.storageVerdict`, ['pass', 'message']);
    parsed.storageVerdict = {
      pass: boolean(verdict.pass, `${where}.storageVerdict.pass`),
      message: string(verdict.message, `${where}.storageVerdict.message`)
    };
  }
  if (config.text !== undefined) {
    const text = object(config.text, `${where}.text`);
    only(text, `${where}.text`, ['msg', 'taskName']);
    parsed.text = {
      ...optional(text, 'msg', (v, n) => string(v, n), `${where}.text`),
      ...optional(text, 'taskName', (v, n) => string(v, n), `${where}.text`)
    };
  }
  if (config.serviceUrl !== undefined) parsed.serviceUrl = string(config.serviceUrl, `${where}.serviceUrl`);
  if (config.envelope !== undefined) {
    const envelope = object(config.envelope, `${where}.envelope`);
    only(envelope, `${where}.envelope`, ['code', 'messageField']);
    parsed.envelope = {
      ...optional(envelope, 'code', (v, n) => choice(v, n, ['string', 'number']), `${where}.envelope`),
      ...optional(envelope, 'messageField', (v, n) => choice(v, n, ['msg', 'message']), `${where}.envelope`)
    };
  }
  if (config.endedTasksGone !== undefined)
    parsed.endedTasksGone = boolean(config.endedTasksGone, `${where}.endedTasksGone`);
  if (config.readyAfterSeconds !== undefined)
    parsed.readyAfterSeconds = number(config.readyAfterSeconds, `${where}.readyAfterSeconds`);
  if (config.nodeLagSeconds !== undefined)
    parsed.nodeLagSeconds = number(config.nodeLagSeconds, `${where}.nodeLagSeconds`);
  if (config.actLagSeconds !== undefined)
    parsed.actLagSeconds = number(config.actLagSeconds, `${where}.actLagSeconds`);
  if (config.failingCreates !== undefined) {
    if (!Array.isArray(config.failingCreates))
      throw new ConfigError(`${where}.failingCreates must be an array`);
    parsed.failingCreates = config.failingCreates.map((n, i) => number(n, `${where}.failingCreates[${i}]`));
  }
  if (config.pricePerPointHour !== undefined)
    parsed.pricePerPointHour = number(config.pricePerPointHour, `${where}.pricePerPointHour`);
  if (config.billPending !== undefined)
    parsed.billPending = boolean(config.billPending, `${where}.billPending`);
  if (config.pageSizeMax !== undefined)
    parsed.pageSizeMax = number(config.pageSizeMax, `${where}.pageSizeMax`);
  if (config.refusalCodes !== undefined) {
    const codes = object(config.refusalCodes, `${where}.refusalCodes`);
    parsed.refusalCodes = Object.fromEntries(
      Object.entries(codes).map(([reason, code]) => [reason, string(code, `${where}.refusalCodes.${reason}`)])
    );
  }
  if (config.shuffleCodes !== undefined)
    parsed.shuffleCodes = number(config.shuffleCodes, `${where}.shuffleCodes`);
  if (config.stock !== undefined) {
    if (!Array.isArray(config.stock)) throw new ConfigError(`${where}.stock must be an array`);
    parsed.stock = config.stock.map((change, i) => parseStockChange(change, `${where}.stock[${i}]`));
  }
  if (config.imagePull !== undefined)
    parsed.imagePull = parseImagePull(config.imagePull, `${where}.imagePull`);
  if (config.preheat !== undefined) {
    const preheat = object(config.preheat, `${where}.preheat`);
    only(preheat, `${where}.preheat`, ['durationSeconds']);
    parsed.preheat = optional(preheat, 'durationSeconds', (v, n) => number(v, n), `${where}.preheat`);
  }
  if (config.privateRegistry !== undefined) {
    const registry = object(config.privateRegistry, `${where}.privateRegistry`);
    only(registry, `${where}.privateRegistry`, ['pattern', 'username', 'password']);
    parsed.privateRegistry = {
      pattern: pattern(registry.pattern, `${where}.privateRegistry.pattern`),
      username: string(registry.username, `${where}.privateRegistry.username`),
      password: string(registry.password, `${where}.privateRegistry.password`)
    };
  }
  if (config.apps !== undefined) {
    const apps = object(config.apps, `${where}.apps`);
    only(apps, `${where}.apps`, ['warmupSeconds', 'status']);
    parsed.apps = {
      ...optional(apps, 'warmupSeconds', (v, n) => number(v, n), `${where}.apps`),
      ...optional(apps, 'status', (v, n) => number(v, n), `${where}.apps`)
    };
  }
  if (config.jobs !== undefined) parsed.jobs = parseJobs(config.jobs, `${where}.jobs`);
  if (config.badImages !== undefined) parsed.badImages = pattern(config.badImages, `${where}.badImages`);
  if (config.crashLoops !== undefined) {
    if (!Array.isArray(config.crashLoops)) throw new ConfigError(`${where}.crashLoops must be an array`);
    parsed.crashLoops = config.crashLoops.map((loop, i) => parseCrashLoop(loop, `${where}.crashLoops[${i}]`));
  }
  return parsed;
}

function parseImagePull(value: unknown, where: string): NonNullable<EmulatorConfig['imagePull']> {
  const pull = object(value, where);
  only(pull, where, ['seconds', 'images', 'regions']);
  const seconds = (name: 'images' | 'regions'): Record<string, number> | undefined => {
    if (pull[name] === undefined) return undefined;
    const entries = object(pull[name], `${where}.${name}`);
    return Object.fromEntries(
      Object.entries(entries).map(([key, v]) => [key, number(v, `${where}.${name}.${key}`)])
    );
  };
  const [images, regions] = [seconds('images'), seconds('regions')];
  return {
    ...optional(pull, 'seconds', (v, n) => number(v, n), where),
    ...(images === undefined ? {} : { images }),
    ...(regions === undefined ? {} : { regions })
  };
}

function parseJobs(value: unknown, where: string): NonNullable<EmulatorConfig['jobs']> {
  const jobs = object(value, where);
  only(jobs, where, ['podSeconds', 'failPattern', 'scripts', 'stoppedStatus', 'resourceTaskType']);
  const numbers = (list: unknown, name: string): number[] => {
    if (!Array.isArray(list)) throw new ConfigError(`${name} must be an array`);
    return list.map((n, i) => number(n, `${name}[${i}]`));
  };
  const lines = (list: unknown, name: string): string[] => {
    if (!Array.isArray(list)) throw new ConfigError(`${name} must be an array`);
    return list.map((line, i) => string(line, `${name}[${i}]`));
  };
  const script = (item: unknown, at: string): JobScriptConfig => {
    const rule = object(item, at);
    only(rule, at, ['pattern', 'runSeconds', 'exitCode', 'failures', 'failIndexes', 'log']);
    return {
      pattern: pattern(rule.pattern, `${at}.pattern`),
      ...optional(rule, 'runSeconds', (v, n) => number(v, n), at),
      ...optional(rule, 'exitCode', (v, n) => number(v, n), at),
      ...optional(rule, 'failures', (v, n) => number(v, n), at),
      ...optional(rule, 'failIndexes', numbers, at),
      ...optional(rule, 'log', lines, at)
    };
  };
  if (jobs.scripts !== undefined && !Array.isArray(jobs.scripts))
    throw new ConfigError(`${where}.scripts must be an array`);
  return {
    ...optional(jobs, 'podSeconds', (v, n) => number(v, n), where),
    ...optional(jobs, 'failPattern', (v, n) => pattern(v, n), where),
    ...optional(jobs, 'stoppedStatus', (v, n) => choice(v, n, ['Paused', 'End'] as const), where),
    ...optional(jobs, 'resourceTaskType', (v, n) => choice(v, n, ['Job', 'Deployment'] as const), where),
    ...(Array.isArray(jobs.scripts)
      ? { scripts: jobs.scripts.map((item, i) => script(item, `${where}.scripts[${i}]`)) }
      : {})
  };
}

/** A regular expression, as text. */
function pattern(value: unknown, where: string): string {
  const text = string(value, where);
  try {
    new RegExp(text);
  } catch {
    throw new ConfigError(`${where} is not a regular expression`);
  }
  return text;
}

/** A stock change: `device_name` and `region` (as the resource search names them), and the numbers to set. */
export function parseStockChange(value: unknown, where = 'stock'): StockChange {
  const change = object(value, where);
  const counts = ['inventory', 'price', 'discount_price', 'restockAfterSeconds', 'restockTo'] as const;
  only(change, where, ['device_name', 'region', ...counts]);
  const parsed: StockChange = {
    device_name: string(change.device_name, `${where}.device_name`),
    region: string(change.region, `${where}.region`)
  };
  for (const name of counts) {
    if (change[name] !== undefined) parsed[name] = number(change[name], `${where}.${name}`);
  }
  return parsed;
}

/** A crash loop: `pattern` (a regular expression over task names) and the optional fields of CrashLoopSpec. */
function parseCrashLoop(value: unknown, where: string): CrashLoopSpec {
  const loop = object(value, where);
  only(loop, where, ['pattern', 'reason', 'exitCode', 'restartEverySeconds', 'nodeStatus', 'log']);
  const pattern = string(loop.pattern, `${where}.pattern`);
  try {
    new RegExp(pattern);
  } catch {
    throw new ConfigError(`${where}.pattern is not a regular expression`);
  }
  return {
    pattern,
    ...optional(loop, 'reason', (v, n) => string(v, n), where),
    ...optional(loop, 'exitCode', (v, n) => number(v, n), where),
    ...optional(loop, 'restartEverySeconds', (v, n) => number(v, n), where),
    ...optional(loop, 'nodeStatus', (v, n) => choice(v, n, ['Running', 'Failed'] as const), where),
    ...optional(loop, 'log', (v, n) => string(v, n), where)
  };
}

/**
 * One fault rule. `times` is a count or "always" (JSON has no Infinity); `answer` one of the fault
 * answers of faults.ts.
 */
export function parseFaultRule(value: unknown, where = 'fault'): FaultRule {
  const rule = object(value, where);
  only(rule, where, ['path', 'method', 'times', 'skip', 'delayMs', 'answer', 'apply', 'applyAfterMs']);
  const parsed: FaultRule = {};
  if (rule.path !== undefined) parsed.path = string(rule.path, `${where}.path`);
  if (rule.method !== undefined)
    parsed.method = choice(rule.method, `${where}.method`, ['GET', 'POST'] as const);
  if (rule.times !== undefined)
    parsed.times = rule.times === 'always' ? Infinity : number(rule.times, `${where}.times`);
  if (rule.skip !== undefined) parsed.skip = number(rule.skip, `${where}.skip`);
  if (rule.delayMs !== undefined) parsed.delayMs = number(rule.delayMs, `${where}.delayMs`);
  if (rule.apply !== undefined) parsed.apply = boolean(rule.apply, `${where}.apply`);
  if (rule.applyAfterMs !== undefined)
    parsed.applyAfterMs = number(rule.applyAfterMs, `${where}.applyAfterMs`);
  if (rule.answer !== undefined) parsed.answer = parseAnswer(rule.answer, `${where}.answer`);
  return parsed;
}

function parseAnswer(value: unknown, where: string): FaultAnswer {
  const answer = object(value, where);
  const kind = choice(answer.kind, `${where}.kind`, [
    'status',
    'reset',
    'malformed_json',
    'large',
    'deep',
    'envelope'
  ]);
  switch (kind) {
    case 'reset':
    case 'malformed_json':
      only(answer, where, ['kind']);
      return { kind };
    case 'large':
      only(answer, where, ['kind', 'bytes', 'chunked']);
      return {
        kind,
        bytes: number(answer.bytes, `${where}.bytes`),
        ...optional(answer, 'chunked', (v, n) => boolean(v, n), where)
      };
    case 'deep':
      only(answer, where, ['kind', 'depth']);
      return { kind, depth: number(answer.depth, `${where}.depth`) };
    case 'envelope':
      only(answer, where, ['kind', 'status', 'code', 'message', 'data']);
      return {
        kind,
        code: string(answer.code, `${where}.code`),
        ...optional(answer, 'status', (v, n) => number(v, n), where),
        ...optional(answer, 'message', (v, n) => string(v, n), where),
        ...('data' in answer ? { data: answer.data } : {})
      };
    case 'status': {
      only(answer, where, ['kind', 'status', 'retryAfter', 'body']);
      const parsed: FaultAnswer = { kind, status: number(answer.status, `${where}.status`) };
      if (answer.body !== undefined)
        parsed.body = choice(answer.body, `${where}.body`, ['envelope', 'html', 'empty'] as const);
      if (answer.retryAfter !== undefined) {
        const retry = object(answer.retryAfter, `${where}.retryAfter`);
        only(retry, `${where}.retryAfter`, ['seconds', 'as']);
        parsed.retryAfter = {
          seconds: number(retry.seconds, `${where}.retryAfter.seconds`),
          ...optional(retry, 'as', (v, n) => choice(v, n, ['seconds', 'http-date']), `${where}.retryAfter`)
        };
      }
      return parsed;
    }
  }
}

/** Sets every behaviour the config names. */
export function applyConfig(emulator: Emulator, config: EmulatorConfig): void {
  for (const rule of config.faults ?? []) emulator.inject(rule);
  if (config.rateLimit !== undefined) emulator.setRateLimit(config.rateLimit);
  if (config.storageVerdict !== undefined) emulator.setStorageVerdict(config.storageVerdict);
  if (config.text !== undefined) emulator.setText(config.text);
  if (config.serviceUrl !== undefined) emulator.setServiceUrl(config.serviceUrl);
  if (config.envelope !== undefined) emulator.setEnvelope(config.envelope);
  if (config.endedTasksGone !== undefined) emulator.setEndedTasksGone(config.endedTasksGone);
  if (config.readyAfterSeconds !== undefined) emulator.setReadyAfter(config.readyAfterSeconds);
  if (config.nodeLagSeconds !== undefined) emulator.setNodeLag(config.nodeLagSeconds);
  if (config.actLagSeconds !== undefined) emulator.setActLag(config.actLagSeconds);
  if (config.crashLoops !== undefined) emulator.setCrashLoops(config.crashLoops);
  if (config.badImages !== undefined) emulator.setBadImages(new RegExp(config.badImages));
  if (config.apps !== undefined) emulator.setApps(config.apps);
  if (config.failingCreates !== undefined) emulator.setFailingCreates(config.failingCreates);
  if (config.pricePerPointHour !== undefined) emulator.setPrice(config.pricePerPointHour);
  if (config.billPending !== undefined) emulator.setBillPending(config.billPending);
  if (config.pageSizeMax !== undefined) emulator.setPageSizeMax(config.pageSizeMax);
  if (config.refusalCodes !== undefined) emulator.setRefusalCodes(config.refusalCodes);
  if (config.shuffleCodes !== undefined) emulator.shuffleCodes(config.shuffleCodes);
  if (config.stock !== undefined) emulator.setStock(config.stock);
  if (config.imagePull !== undefined) emulator.setImagePull(config.imagePull);
  if (config.preheat !== undefined) emulator.setPreheat(config.preheat);
  if (config.jobs !== undefined) {
    const { podSeconds, failPattern, scripts, stoppedStatus, resourceTaskType } = config.jobs;
    emulator.setJobs({
      ...(podSeconds === undefined ? {} : { podSeconds }),
      ...(stoppedStatus === undefined ? {} : { stoppedStatus }),
      ...(resourceTaskType === undefined ? {} : { resourceTaskType }),
      ...(failPattern === undefined ? {} : { failPattern: new RegExp(failPattern) }),
      ...(scripts === undefined
        ? {}
        : { scripts: scripts.map(({ pattern: text, ...rule }) => ({ ...rule, pattern: new RegExp(text) })) })
    });
  }
  if (config.privateRegistry !== undefined) {
    const { pattern, username, password } = config.privateRegistry;
    emulator.setPrivateRegistry({ pattern: new RegExp(pattern), username, password });
  }
}

function object(value: unknown, where: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ConfigError(`${where} must be a JSON object`);
  return value as Json;
}

function only(value: Json, where: string, allowed: string[]): void {
  const unknown = Object.keys(value).filter((key) => !allowed.includes(key));
  if (unknown.length > 0)
    throw new ConfigError(`${where} has unknown field ${unknown.join(', ')}: use ${allowed.join(', ')}`);
}

function number(value: unknown, where: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw new ConfigError(`${where} must be a number, 0 or more`);
  return value;
}

function string(value: unknown, where: string): string {
  if (typeof value !== 'string') throw new ConfigError(`${where} must be a string`);
  return value;
}

function boolean(value: unknown, where: string): boolean {
  if (typeof value !== 'boolean') throw new ConfigError(`${where} must be true or false`);
  return value;
}

function choice<T extends string>(value: unknown, where: string, choices: readonly T[]): T {
  if (typeof value !== 'string' || !(choices as readonly string[]).includes(value))
    throw new ConfigError(`${where} must be one of ${choices.join(', ')}`);
  return value as T;
}

/** `{name: value}` when the field is present, `{}` when not. */
function optional<T>(
  value: Json,
  name: string,
  read: (item: unknown, where: string) => T,
  where: string
): Record<string, T> {
  return value[name] === undefined ? {} : { [name]: read(value[name], `${where}.${name}`) };
}
