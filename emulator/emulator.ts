// The emulator: its stores (a store per resource, see stores.ts), the controls tests and the CLI set them
// with (a control per resource: tasks, jobs, preheats, stock, storage; the API's own here), and the pipeline
// of each request (record, rate limit, faults, judge, render). Lifecycle: server.ts; judging: pipeline.ts;
// writing answers: rendering.ts.
import { setMaxListeners } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { FaultRules, TokenBucket, type FaultRule, type RateLimit } from './faults.js';
import type { Keyring, RsaKeyRegistration } from './keyring.js';
import { BODY_TOO_LARGE, judge, rateLimitAnswer, readRequest } from './pipeline.js';
import type { EmulatorInfo, EmulatorOptions, EnvelopeStyle, RecordedRequest } from './records.js';
import { Renderer } from './rendering.js';
import { shuffledCodes } from './rejection.js';
import { ROUTES, type Profile } from './routes.js';
import { close, listen, type Listening } from './server.js';
import { jobControl, type JobControl } from './job-control.js';
import { JobStore } from './jobs.js';
import { preheatControl, type PreheatControl } from './preheat-control.js';
import { PreheatStore } from './preheats.js';
import { QueueGroupStore } from './queue-groups.js';
import { Stock, type StockChange } from './stock.js';
import { ObjectStorageStore } from './object-storages.js';
import { StorageStore } from './storage.js';
import type { Stores } from './stores.js';
import { crashLoop, taskControl, type AppRequest, type TaskControl } from './task-control.js';
import { TaskStore } from './tasks.js';
import { Verifier } from './verification.js';
import { VolumeStore } from './volumes.js';
import { TransferStore } from './transfers.js';
import { SftpSessionStore } from './sftp-sessions.js';
import { startSftpServer, type SftpServer } from './sftp-server.js';
import { storageControl, type StorageControl } from './storage-control.js';

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
  /** The deployment's tasks and their nodes. */
  readonly tasks: TaskControl;
  /** The Job API's jobs and their queues. */
  readonly jobs: JobControl;
  /** Image preheats, and the cold starts they spare. */
  readonly preheats: PreheatControl;
  /**
   * What devices have free in regions, and their prices, as the resource search answers: a create takes
   * `points` nodes of its region and is refused when fewer are free. A change may have the region run out
   * and come back (`restockAfterSeconds`, `restockTo`).
   */
  readonly stock: { set(changes: readonly StockChange[]): void };
  /** Object storage and cluster storage: the s3 check, volumes, transfers and the files they copy. */
  readonly storage: StorageControl;

  readonly #listening: Listening;
  readonly #clock: () => number;
  readonly #log: (line: string) => void;
  readonly #keyring: Keyring;
  readonly #verifier: Verifier;
  readonly #stores: Stores;
  readonly #renderer: Renderer;
  readonly #faults = new FaultRules();
  readonly #versions = new Map<string, string>();
  readonly #requests: RecordedRequest[] = [];
  readonly #listeners = new Set<(request: RecordedRequest) => void>();
  readonly #appRequests: AppRequest[] = [];
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
  #stopped: Promise<void> | undefined;
  #sftp: SftpServer | undefined;

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
    this.#stores = stores(clock, options, info.base_url);
    const late = {
      applyLate: () => {
        this.#applyLate();
      }
    };
    this.tasks = taskControl(this.#stores, { ...late, appRequests: this.#appRequests });
    this.jobs = jobControl(this.#stores, late);
    this.preheats = preheatControl(this.#stores);
    this.stock = {
      set: (changes) => {
        this.#stores.stock.set(changes);
      }
    };
    this.storage = storageControl(this.#stores);
    this.#pageSizeMax = options.pageSizeMax;
    this.setRefusalCodes(options.refusalCodes ?? {});
    this.shuffleCodes(options.shuffleCodes);
    if (options.stock !== undefined) this.stock.set(options.stock);
    if (options.apps !== undefined) this.tasks.setApps(options.apps);
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
    await emulator.#startSftp();
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
    if ('taskName' in text) this.#stores.tasks.settings.nameOverride = text.taskName;
  }

  setClockOffset(seconds: number): void {
    this.#offsetMs = seconds * 1000;
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

  setVersion(path: string, version: string): void {
    if (!ROUTES.some((route) => route.path === path)) throw new Error(`no endpoint at ${path}`);
    this.#versions.set(path, version);
  }

  /**
   * The volumes' SFTP server (what a Running session's sftp_url names): its host key, and knobs that drop
   * a connection mid-file or plant hostile names in a listing.
   */
  get sftp(): SftpServer {
    if (this.#sftp === undefined) throw new Error('the emulator has not started its SFTP server');
    return this.#sftp;
  }

  /**
   * Starts the SFTP server over the volumes' files: it signs in a Running session's credentials, sees what
   * jobs and transfers wrote, and closes a volume's connections when its session is destroyed or expires.
   */
  async #startSftp(): Promise<void> {
    const stores = this.#stores;
    const sftp = await startSftpServer({
      accounts: stores.sftpSessions,
      files: stores.transfers.files,
      refresh: () => {
        stores.transfers.settle();
        for (const written of stores.jobs.written())
          stores.transfers.writeVolume(written.storageId, written.path, written.files);
      }
    });
    this.#sftp = sftp;
    stores.sftpSessions.settings = { ...stores.sftpSessions.settings, address: `${sftp.host}:${sftp.port}` };
    stores.sftpSessions.onEnded((storageId) => {
      sftp.end(storageId);
    });
  }

  /** Stops listening, drops open connections, and deletes the key files and the volumes' files. */
  stop(): Promise<void> {
    this.#stopped ??= (async () => {
      this.#stopping.abort();
      await this.#sftp?.close();
      this.#stores.transfers.files.close();
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
      const { status, body } = this.#stores.tasks.appAnswer(app[1] ?? '', app[2] ?? '');
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
    if (rule?.holdUntil !== undefined) {
      await rule.holdUntil.catch(() => undefined);
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
      stores: this.#stores,
      versions: this.#versions,
      pageSizeMax: this.#pageSizeMax,
      refusalCodes: this.#refusalCodes,
      codeOf: (code) => this.#codeOf(code),
      log: this.#log
    });
  }
}

/** The emulator's stores, as `options` start them. */
function stores(clock: () => number, options: EmulatorOptions, baseUrl: string): Stores {
  const readyAfterMs = (options.readyAfterSeconds ?? 5) * 1000;
  const stock = new Stock(clock);
  const preheats = new PreheatStore(clock, {
    durationMs: readyAfterMs,
    registry: undefined,
    pull: { defaultMs: 0, images: new Map(), regions: new Map() }
  });
  const tasks = new TaskStore(
    clock,
    {
      readyAfterMs,
      failPattern: options.failPattern,
      nameOverride: undefined,
      serviceUrl: undefined,
      endedTasksGone: false,
      listSchemaOnly: false,
      nodeLagMs: (options.nodeLagSeconds ?? 0) * 1000,
      crashLoops: (options.crashLoops ?? []).map(crashLoop),
      badImages: options.badImages,
      badImageRestartMs: (options.badImageRestartSeconds ?? 10) * 1000,
      app: { warmupMs: 0, status: 200 },
      baseUrl,
      failingCreates: new Set(options.failingCreates ?? []),
      pricePerPointHour: options.pricePerPointHour ?? 1.5,
      billPending: options.billPending ?? false,
      omitCostFields: options.omitCostFields ?? false,
      actLagMs: (options.actLagSeconds ?? 0) * 1000,
      pullMs: (region, images, at) => preheats.pullMs(region, images, at)
    },
    stock,
    options.firstTaskId
  );
  const jobs = new JobStore(clock, stock, {
    startMs: readyAfterMs,
    podMs: Math.max(1, (options.jobs?.podSeconds ?? 30) * 1000),
    failPattern: options.jobs?.failPattern,
    scripts: options.jobs?.scripts ?? [],
    pricePerPointHour: options.pricePerPointHour ?? 1.5,
    actLagMs: () => tasks.settings.actLagMs,
    stoppedStatus: options.jobs?.stoppedStatus ?? 'Paused',
    resourceTaskType: options.jobs?.resourceTaskType ?? 'Job',
    billedAfterEndMs: (options.jobs?.billedAfterEndSeconds ?? 0) * 1000,
    omitCostFields: () => tasks.settings.omitCostFields,
    runners: options.runners
  });
  // A volume is made, grown and deleted in the time a task takes to come up.
  const volumes = new VolumeStore(clock, { settleMs: () => tasks.settings.readyAfterMs });
  return {
    tasks,
    jobs,
    queueGroups: new QueueGroupStore(clock),
    preheats,
    stock,
    storage: new StorageStore(),
    objectStorages: new ObjectStorageStore(clock),
    volumes,
    transfers: new TransferStore(clock),
    sftpSessions: new SftpSessionStore(clock)
  };
}
