// The emulator: its state, the control setters tests and the CLI use, and the pipeline of each request
// (record, rate limit, faults, judge, render). Lifecycle: server.ts; judging: pipeline.ts; writing
// answers: rendering.ts.
import { setMaxListeners } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { FaultRules, TokenBucket, type FaultRule, type RateLimit } from './faults.js';
import type { Keyring, RsaKeyRegistration } from './keyring.js';
import { BODY_TOO_LARGE, judge, rateLimitAnswer, readRequest } from './pipeline.js';
import type {
  CrashLoopSpec,
  EmulatorInfo,
  EmulatorOptions,
  EnvelopeStyle,
  RecordedRequest
} from './records.js';
import { Renderer } from './rendering.js';
import { shuffledCodes } from './rejection.js';
import { ROUTES, type Profile, type StorageVerdict } from './routes.js';
import { close, listen, type Listening } from './server.js';
import { DEVICES, markOf } from './catalog.js';
import { JobStore } from './jobs.js';
import { PreheatStore, type PrivateRegistry } from './preheats.js';
import { QueueGroupStore, type QueueGroupSeed } from './queue-groups.js';
import type { StockChange } from './stock.js';
import { TaskStore, type CrashLoop, type TaskSeed } from './tasks.js';
import { Verifier } from './verification.js';

export { CA_FILE } from './server.js';
export type {
  CrashLoopSpec,
  EmulatorInfo,
  EmulatorOptions,
  EnvelopeStyle,
  RecordedRequest
} from './records.js';

export function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return Emulator.start(options);
}

/** A strict HTTPS implementation of the platform side of the Open API, for tests and the demo. */
export class Emulator implements EmulatorInfo {
  readonly base_url: string;
  readonly ca_file: string;
  readonly rsa: EmulatorInfo['rsa'];
  readonly token_mode: EmulatorInfo['token_mode'];
  readonly profile: Profile;

  readonly #listening: Listening;
  readonly #clock: () => number;
  readonly #log: (line: string) => void;
  readonly #keyring: Keyring;
  readonly #verifier: Verifier;
  readonly #tasks: TaskStore;
  readonly #preheats: PreheatStore;
  readonly #jobs: JobStore;
  readonly #queueGroups: QueueGroupStore;
  readonly #renderer: Renderer;
  readonly #faults = new FaultRules();
  readonly #versions = new Map<string, string>();
  readonly #requests: RecordedRequest[] = [];
  readonly #listeners = new Set<(request: RecordedRequest) => void>();
  readonly #appRequests: { path: string; status: number; headerNames: string[] }[] = [];
  readonly #stopping = new AbortController();
  /** Requests answered already, to apply at `at` (see FaultRule.applyAfterMs). */
  #late: { at: number; apply: () => void }[] = [];
  readonly #strict: boolean;
  #lastRequestId = 0;
  #rateLimit: TokenBucket | undefined;
  #pageSizeMax: number | undefined;
  #refusalCodes = new Map<string, string>();
  #shuffled: ReadonlyMap<string, string> = new Map();
  #offsetMs: number;
  #envelope: EnvelopeStyle;
  #msgOverride: string | undefined;
  #storageVerdict: StorageVerdict = { pass: true, message: 'the storage can be reached with these settings' };
  #stopped: Promise<void> | undefined;
  /** How long pulling an image takes where no preheat cached it: by image, else by region, else the default. */
  #imagePull: { defaultMs: number; images: Map<string, number>; regions: Map<string, number> } = {
    defaultMs: 0,
    images: new Map(),
    regions: new Map()
  };

  private constructor(listening: Listening, options: EmulatorOptions, clock: () => number) {
    const { info } = listening;
    this.#listening = listening;
    this.base_url = info.base_url;
    this.ca_file = info.ca_file;
    this.rsa = info.rsa;
    this.token_mode = info.token_mode;
    this.#clock = clock;
    this.#log = options.log ?? (() => undefined);
    this.#keyring = listening.keyring;
    this.#verifier = new Verifier(listening.keyring);
    this.#tasks = new TaskStore(
      clock,
      {
        readyAfterMs: (options.readyAfterSeconds ?? 5) * 1000,
        failPattern: options.failPattern,
        nameOverride: undefined,
        serviceUrl: undefined,
        endedTasksGone: false,
        nodeLagMs: (options.nodeLagSeconds ?? 0) * 1000,
        crashLoops: (options.crashLoops ?? []).map(crashLoop),
        badImages: options.badImages,
        badImageRestartMs: (options.badImageRestartSeconds ?? 10) * 1000,
        app: { warmupMs: 0, status: 200 },
        baseUrl: info.base_url,
        failingCreates: new Set(options.failingCreates ?? []),
        pricePerPointHour: options.pricePerPointHour ?? 1.5,
        billPending: options.billPending ?? false,
        actLagMs: (options.actLagSeconds ?? 0) * 1000,
        pullMs: (region, images, at) => this.#pullMs(region, images, at)
      },
      options.firstTaskId
    );
    this.#preheats = new PreheatStore(clock, {
      durationMs: (options.readyAfterSeconds ?? 5) * 1000,
      registry: undefined
    });
    this.#jobs = new JobStore(clock, this.#tasks.stock, {
      startMs: (options.readyAfterSeconds ?? 5) * 1000,
      podMs: Math.max(1, (options.jobs?.podSeconds ?? 30) * 1000),
      failPattern: options.jobs?.failPattern,
      scripts: options.jobs?.scripts ?? [],
      pricePerPointHour: options.pricePerPointHour ?? 1.5,
      actLagMs: () => this.#tasks.settings.actLagMs,
      stoppedStatus: options.jobs?.stoppedStatus ?? 'Paused',
      resourceTaskType: options.jobs?.resourceTaskType ?? 'Job'
    });
    this.#queueGroups = new QueueGroupStore(clock);
    this.#pageSizeMax = options.pageSizeMax;
    this.setRefusalCodes(options.refusalCodes ?? {});
    this.shuffleCodes(options.shuffleCodes);
    if (options.stock !== undefined) this.setStock(options.stock);
    if (options.apps !== undefined) this.setApps(options.apps);
    this.#offsetMs = (options.clockOffsetSeconds ?? 0) * 1000;
    this.profile = options.profile ?? 'live';
    this.#strict = options.strict ?? false;
    this.#envelope = { code: 'string', messageField: this.profile === 'live' ? 'message' : 'msg' };
    this.#renderer = new Renderer({
      platformNow: () => this.#platformNow,
      envelope: () => this.#envelope,
      msgOverride: () => this.#msgOverride,
      codeOf: (code) => this.#codeOf(code),
      onRecord: options.onRecord,
      log: this.#log
    });
    // Every delayed answer listens for the stop; many may be pending at once.
    setMaxListeners(0, this.#stopping.signal);
    listening.server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      this.#onRequest(req, res).catch((error: unknown) => {
        this.#log(`internal error: ${String(error)}`);
        res.destroy();
      });
    });
  }

  static async start(options: EmulatorOptions): Promise<Emulator> {
    const clock = options.now ?? Date.now;
    const emulator = new Emulator(await listen(options, clock), options, clock);
    for (const [path, version] of Object.entries(options.versions ?? {})) emulator.setVersion(path, version);
    return emulator;
  }

  /** The info the CLI writes to its --info file. */
  get info(): EmulatorInfo {
    return { base_url: this.base_url, ca_file: this.ca_file, rsa: this.rsa, token_mode: this.token_mode };
  }

  /** Every API request received so far, oldest first. */
  get requests(): readonly RecordedRequest[] {
    return this.#requests;
  }

  clearRequests(): void {
    this.#requests.length = 0;
  }

  /** Registers another key, as if created in the console. */
  addKey(key: { mode: 'token'; token: string } | ({ mode: 'rsa' } & RsaKeyRegistration)): void {
    if (key.mode === 'token') this.#keyring.addTokenKey(key.token);
    else this.#keyring.addRsaKey(key);
  }

  /** Puts a task in place, in any state; answers its id as digits. */
  addTask(seed: TaskSeed): string {
    return this.#tasks.seed(seed).toString();
  }

  /** The task as task detail shows it. */
  task(taskId: bigint | number | string): Record<string, unknown> {
    this.#applyLate();
    return this.#tasks.detail(BigInt(taskId));
  }

  /**
   * Has a Pending task come up now, whatever readyAfterSeconds said when it was made: the moment a test
   * needs, rather than one that a slow machine could miss.
   */
  settleTask(taskId: bigint | number | string): void {
    this.#tasks.settleNow(BigInt(taskId));
  }

  /**
   * Stops a task as another client's stop would (as late as actLagSeconds says): another run acting on
   * the platform while a test's step runs.
   */
  stopTask(taskId: bigint | number | string): void {
    this.#tasks.stop(BigInt(taskId));
  }

  /**
   * Calls `listener` after each API request is answered (a test's "meanwhile": another run acting between
   * two requests of the step); answers a function that removes it.
   */
  afterRequest(listener: (request: RecordedRequest) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  inject(rule: FaultRule): void {
    this.#faults.add(rule);
  }

  clearFaults(): void {
    this.#faults.clear();
  }

  /** A token-bucket rate limit; undefined lifts it. */
  setRateLimit(limit: RateLimit | undefined): void {
    this.#rateLimit = limit === undefined ? undefined : new TokenBucket(limit);
  }

  setEnvelope(style: Partial<EnvelopeStyle>): void {
    this.#envelope = { ...this.#envelope, ...style };
  }

  /** Replaces every answer's msg, and every task name, with arbitrary text; undefined restores them. */
  setText(text: { msg?: string | undefined; taskName?: string | undefined }): void {
    if ('msg' in text) this.#msgOverride = text.msg;
    if ('taskName' in text) this.#tasks.settings.nameOverride = text.taskName;
  }

  /**
   * The URL every service port shows once its task runs: a template where {task_id} and {port} are
   * replaced (any text at all, to test how clients treat it); undefined restores the default.
   */
  setServiceUrl(template: string | undefined): void {
    this.#tasks.settings.serviceUrl = template;
  }

  setClockOffset(seconds: number): void {
    this.#offsetMs = seconds * 1000;
  }

  /** How long a new task stays Pending (and a new node, and an image preheat takes). */
  setReadyAfter(seconds: number): void {
    this.#tasks.settings.readyAfterMs = seconds * 1000;
    this.#preheats.settings.durationMs = seconds * 1000;
  }

  /** The most items a page holds, whatever page_size asks; undefined lifts the cap. */
  setPageSizeMax(max: number | undefined): void {
    this.#pageSizeMax = max;
  }

  /**
   * The code each refusal reason is answered with, such as {timestamp_expired: 'C005'}: the platform
   * publishes no code's meaning, so a client must not depend on which code a refusal carries.
   */
  setRefusalCodes(codes: Readonly<Record<string, string>>): void {
    this.#refusalCodes = new Map(Object.entries(codes));
  }

  /**
   * Answers every refusal code as another of the published set (a derangement drawn from `seed`), or as
   * itself again when `seed` is undefined. setRefusalCodes still names a reason's code outright.
   */
  shuffleCodes(seed: number | undefined): void {
    this.#shuffled = seed === undefined ? new Map() : shuffledCodes(seed);
  }

  #codeOf(code: string): string {
    return this.#shuffled.get(code) ?? code;
  }

  /**
   * Serves every service itself, at its service URLs `{base_url}/_app/{task_id}/{port}/...`: 503 during
   * `warmupSeconds` once the task runs, then `status`.
   */
  setApps(apps: { warmupSeconds?: number; status?: number }): void {
    this.#tasks.settings.serviceUrl = '{base_url}/_app/{task_id}/{port}';
    this.#tasks.settings.app = { warmupMs: (apps.warmupSeconds ?? 0) * 1000, status: apps.status ?? 200 };
  }

  /** Requests to the services the emulator serves (setApps), apart from the API's. */
  get appRequests(): readonly { path: string; status: number; headerNames: string[] }[] {
    return this.#appRequests;
  }

  /** The creates (counted from 1, since the emulator started) whose task ends in Other. */
  setFailingCreates(creates: readonly number[]): void {
    this.#tasks.settings.failingCreates = new Set(creates);
  }

  /**
   * What a node costs per hour, in yuan, while a task runs on a resource without a price (a mark no
   * search gave, or a task put in place by addTask); one created on a searched resource bills by that
   * entry's discount_price (and books price minus it as the discount), read as thousandths of a yuan
   * per node-hour.
   */
  setPrice(perPointHour: number): void {
    this.#tasks.settings.pricePerPointHour = perPointHour;
  }

  /** Whether a task bills while Pending too (starting or recovering), not only while Running (default). */
  setBillPending(bill: boolean): void {
    this.#tasks.settings.billPending = bill;
  }

  /**
   * What devices have free in regions, and their prices, as the resource search answers: a create takes
   * `points` nodes of its region and is refused when fewer are free. A change may have the region run out
   * and come back (`restockAfterSeconds`, `restockTo`).
   */
  setStock(changes: readonly StockChange[]): void {
    this.#tasks.stock.set(changes);
  }

  /**
   * A cold start: a new task waits `seconds` (or the image's own, from `images`, else its region's, from
   * `regions`) beyond ready-after for each image of its services that no completed preheat cached in its
   * region; none once one did.
   */
  setImagePull(pull: {
    seconds?: number;
    images?: Readonly<Record<string, number>>;
    regions?: Readonly<Record<string, number>>;
  }): void {
    const ms = (entries: Readonly<Record<string, number>> = {}) =>
      new Map(Object.entries(entries).map(([key, seconds]) => [key, seconds * 1000]));
    this.#imagePull = {
      defaultMs: (pull.seconds ?? 0) * 1000,
      images: ms(pull.images),
      regions: ms(pull.regions)
    };
  }

  /** Puts a task group of a job queue in place (the reference has no way to make one); answers its id. */
  addQueueGroup(seed: QueueGroupSeed): string {
    return this.#queueGroups.add(seed).toString();
  }

  /**
   * Makes a job as a create would, on the catalog's first GPU resource (its Job mark): one service that runs
   * `tests`, `points` completions one pod at a time; answers its id as digits.
   */
  addJob(seed: { task_name: string; points?: number; sub_type?: 'Spot' }): string {
    const [device] = DEVICES;
    const [region] = device?.regions ?? [];
    if (device === undefined || region === undefined) throw new Error('unreachable: an empty catalog');
    return this.#jobs
      .create({
        task_name: seed.task_name,
        ...(seed.sub_type === undefined ? {} : { sub_type: seed.sub_type }),
        resources: [{ mark: markOf(device, region, this.#jobs.settings.resourceTaskType) }],
        points: seed.points ?? 1,
        job_support: {
          ...(seed.sub_type === undefined ? {} : { estimated_exec_sec: 3000 }),
          timeout_sec: 3600,
          parallelism: 1,
          mod_param: { default: { backoff_limit: 1, restart_policy: 'Never' } }
        },
        services: [
          {
            service_name: 'tests',
            service_image: 'pytorch/pytorch:2.5.1',
            resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
            start_script: { command: ['pytest'], args: ['-q'] }
          }
        ]
      })
      .toString();
  }

  /** Stops a job as another client's stop would. */
  stopJob(taskId: bigint | number | string): void {
    this.#jobs.stop(BigInt(taskId));
  }

  /** How the jobs made from now on run (see the `jobs` option). */
  setJobs(jobs: NonNullable<EmulatorOptions['jobs']>): void {
    const settings = this.#jobs.settings;
    if (jobs.podSeconds !== undefined) settings.podMs = Math.max(1, jobs.podSeconds * 1000);
    if ('failPattern' in jobs) settings.failPattern = jobs.failPattern;
    if (jobs.scripts !== undefined) settings.scripts = jobs.scripts;
    if (jobs.stoppedStatus !== undefined) settings.stoppedStatus = jobs.stoppedStatus;
    if (jobs.resourceTaskType !== undefined) settings.resourceTaskType = jobs.resourceTaskType;
  }

  /** The job as job detail shows it. */
  job(taskId: bigint | number | string): Record<string, unknown> {
    this.#applyLate();
    return this.#jobs.detail(BigInt(taskId));
  }

  /** How long a preheat takes to complete. */
  setPreheat(preheat: { durationSeconds?: number }): void {
    if (preheat.durationSeconds !== undefined)
      this.#preheats.settings.durationMs = preheat.durationSeconds * 1000;
  }

  /**
   * A private registry: images matching `pattern` are pulled only with its account. A preheat of one
   * without it (services[].repository_account) never completes; undefined: every image is public.
   */
  setPrivateRegistry(registry: PrivateRegistry | undefined): void {
    this.#preheats.settings.registry = registry;
  }

  #pullMs(region: string | undefined, images: readonly string[], at: number): number {
    const cold = images.filter((image) => region === undefined || !this.#preheats.cached(region, image, at));
    const { images: byImage, regions: byRegion, defaultMs } = this.#imagePull;
    const regional = region === undefined ? undefined : byRegion.get(region);
    return Math.max(0, ...cold.map((image) => byImage.get(image) ?? regional ?? defaultMs));
  }

  /** How long after a stop, a pause or a recover is accepted it takes effect (0: at once). */
  setActLag(seconds: number): void {
    this.#tasks.settings.actLagMs = seconds * 1000;
  }

  /** How long after a task runs its nodes take to run, one after another. */
  setNodeLag(seconds: number): void {
    this.#tasks.settings.nodeLagMs = seconds * 1000;
  }

  /** The crash loops, replacing those set before; [] lifts them. */
  setCrashLoops(loops: readonly CrashLoopSpec[]): void {
    this.#tasks.settings.crashLoops = loops.map(crashLoop);
  }

  /** The images that crash-loop wherever they run (a bad release), restarting every so often; undefined: none. */
  setBadImages(pattern: RegExp | undefined, restartEverySeconds = 10): void {
    this.#tasks.settings.badImages = pattern;
    this.#tasks.settings.badImageRestartMs = restartEverySeconds * 1000;
  }

  /** Fails a node (by its point_id) for good: it says Failed until it is deleted (delete_pod). */
  failNode(pointId: bigint | number | string): void {
    this.#tasks.failNode(BigInt(pointId));
  }

  setFailPattern(pattern: RegExp | undefined): void {
    this.#tasks.settings.failPattern = pattern;
  }

  setVersion(path: string, version: string): void {
    if (!ROUTES.some((route) => route.path === path)) throw new Error(`no endpoint at ${path}`);
    this.#versions.set(path, version);
  }

  /** Whether ended tasks are deleted, so that asking about them answers that they do not exist. */
  setEndedTasksGone(gone: boolean): void {
    this.#tasks.settings.endedTasksGone = gone;
  }

  setStorageVerdict(verdict: StorageVerdict): void {
    this.#storageVerdict = { ...verdict };
  }

  /** Stops listening, drops open connections, and deletes the key files. */
  stop(): Promise<void> {
    this.#stopped ??= (async () => {
      this.#stopping.abort();
      await close(this.#listening);
    })();
    return this.#stopped;
  }

  get #platformNow(): number {
    return this.#clock() + this.#offsetMs;
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const app = /^\/_app\/([^/?]+)\/([^/?]+)/.exec(req.url ?? '');
    if (app !== null) {
      req.resume();
      const { status, body } = this.#tasks.appAnswer(app[1] ?? '', app[2] ?? '');
      this.#appRequests.push({ path: req.url ?? '', status, headerNames: Object.keys(req.headers) });
      res.writeHead(status, { 'content-type': 'text/plain' }).end(body);
      return;
    }
    const receivedAt = this.#clock();
    this.#applyLate();
    const platformTime = receivedAt + this.#offsetMs;
    const { record, raw, query } = await readRequest(req, ++this.#lastRequestId, receivedAt);
    this.#requests.push(record);
    if (raw === undefined) {
      this.#renderer.answer(res, record, BODY_TOO_LARGE);
      return;
    }
    const limited = rateLimitAnswer(this.#rateLimit, record.path, receivedAt);
    if (limited !== undefined) {
      this.#renderer.fault(req, res, record, limited);
      return;
    }
    const rule = this.#faults.take(record.method, record.path);
    if (rule?.delayMs !== undefined) {
      await sleep(rule.delayMs, undefined, { signal: this.#stopping.signal }).catch(() => undefined);
      if (this.#stopping.signal.aborted) return;
    }
    if (rule?.answer !== undefined && rule.apply !== true) {
      this.#renderer.fault(req, res, record, rule.answer);
      // Answered, and applied later all the same, as judged when it came: on the emulator's clock, by the
      // first request or read once its time has come.
      if (rule.applyAfterMs !== undefined)
        this.#late.push({
          at: receivedAt + rule.applyAfterMs,
          apply: () => this.#judge(record, req.headers, platformTime, query)
        });
      return;
    }
    const outcome = this.#judge(record, req.headers, platformTime, query);
    if (rule?.answer !== undefined) this.#renderer.fault(req, res, record, rule.answer);
    else this.#renderer.answer(res, record, outcome);
    for (const listener of this.#listeners) listener(record);
  }

  /** Applies the requests answered before and applied late (see FaultRule.applyAfterMs) whose time has come. */
  #applyLate(): void {
    const now = this.#clock();
    const due = this.#late.filter((late) => late.at <= now);
    this.#late = this.#late.filter((late) => late.at > now);
    for (const late of due) late.apply();
  }

  /** What the platform makes of a request, with the emulator's state. */
  #judge(
    record: RecordedRequest,
    headers: IncomingMessage['headers'],
    platformTime: number,
    query: Parameters<typeof judge>[3]
  ): ReturnType<typeof judge> {
    return judge(record, headers, platformTime, query, {
      profile: this.profile,
      strict: this.#strict,
      verifier: this.#verifier,
      tasks: this.#tasks,
      preheats: this.#preheats,
      jobs: this.#jobs,
      queueGroups: this.#queueGroups,
      versions: this.#versions,
      pageSizeMax: this.#pageSizeMax,
      refusalCodes: this.#refusalCodes,
      codeOf: (code) => this.#codeOf(code),
      storageVerdict: this.#storageVerdict,
      log: this.#log
    });
  }
}

function crashLoop(spec: CrashLoopSpec): CrashLoop {
  return {
    pattern: typeof spec.pattern === 'string' ? new RegExp(spec.pattern) : spec.pattern,
    reason: spec.reason ?? 'CrashLoopBackOff',
    exitCode: spec.exitCode ?? 1,
    restartEveryMs: (spec.restartEverySeconds ?? 1) * 1000,
    nodeStatus: spec.nodeStatus ?? 'Running',
    log: spec.log ?? 'starting\nError: cannot connect to the model store\n'
  };
}
