import { createPublicKey } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import {
  FaultRules,
  TokenBucket,
  type FaultAnswer,
  type FaultRule,
  type RateLimit,
  type RetryAfter
} from './faults.js';
import { toJson } from './json.js';
import { Keyring, newRsaKeyPair, newToken, toPrivateKey, type RsaKeyRegistration } from './keyring.js';
import { Code, Rejection } from './rejection.js';
import { ROUTES, type Method, type Profile, type StorageVerdict } from './routes.js';
import { TaskStore, type TaskSeed } from './tasks.js';
import { Verifier, type VerificationTrace } from './verification.js';

const TLS_DIR = fileURLToPath(new URL('./tls/', import.meta.url));
/** The CA a client must trust to reach the emulator (NODE_EXTRA_CA_CERTS). */
export const CA_FILE = join(TLS_DIR, 'ca.pem');
const MAX_BODY_BYTES = 16 * 1024 * 1024;
/** Request line and headers: a long query (the platform takes 20 KB ones) must not meet Node's 16 KiB default. */
const MAX_HEADER_BYTES = 64 * 1024;
const DEFAULT_VERSION = '1.0.0';

export interface EmulatorOptions {
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** How long a new or recovered task stays Pending (default 5). */
  readyAfterSeconds?: number;
  /** Offset of the platform clock from the real one: shifts timestamp checks and the Date header. */
  clockOffsetSeconds?: number;
  /** The clock (ms since the epoch); tests pass their own to move time without sleeping. */
  now?: () => number;
  /** Tasks whose name matches end in Other instead of Running. */
  failPattern?: RegExp;
  /**
   * `spec` (default): the interface spec's forms. `live`: the platform's own reference, where they differ
   * (the newer plain create path, task search requiring type and status, `message` in the envelope).
   */
  profile?: Profile;
  /** Today's exact header checks (Content-Type application/json everywhere); default: what the platform takes. */
  strict?: boolean;
  /** Id of the first task created (default 1229831); ids are integers of any size. */
  firstTaskId?: bigint;
  /** Interface version per endpoint path (default 1.0.0 for all). */
  versions?: Record<string, string>;
  /** The keys handed out in `info`; generated (as the console does) when absent. */
  keys?: {
    rsa?: { token?: string; clientPrivateKey: string; platformPrivateKey: string };
    tokenMode?: { token?: string };
  };
  /** Where the emulator says why it refused a request, or which fault it showed (default: silent). */
  log?: (line: string) => void;
  /** Called with each request's record once it is answered (the CLI's --record writes them out). */
  onRecord?: (record: RecordedRequest) => void;
}

/** What a client needs to reach the emulator: written as JSON by the CLI's --info. */
export interface EmulatorInfo {
  base_url: string;
  ca_file: string;
  rsa: { token: string; private_key_file: string; platform_public_key_file: string };
  token_mode: { token: string };
}

export interface RecordedRequest {
  id: number;
  /** Emulator clock (without offset) when the request arrived. */
  receivedAt: number;
  method: string;
  /** The raw request target, path and query as sent. */
  target: string;
  path: string;
  /** Request headers except `token`. */
  headers: Record<string, string>;
  body: string;
  /** The decrypted body on encrypted endpoints, when it could be decrypted. */
  plaintext?: string;
  /** How the request was judged; undefined when a fault answered before it was looked at. */
  verdict?: { code: string; reason: string; message: string };
  /** True when the request took effect (a create made its task, a stop stopped it). */
  applied: boolean;
  /** The task a create made, as digits, once it is made. */
  createdTaskId?: string;
  /** The fault shown instead of the real answer, if any. */
  fault?: string;
  /** The body of the answer sent (absent when the connection was reset). */
  answer?: string;
}

export interface EnvelopeStyle {
  /** `string` answers "0000" (spec and platform); `number` answers 0 (older descriptions). */
  code: 'string' | 'number';
  /** `msg` (spec) or `message` (the live platform). */
  messageField: 'msg' | 'message';
}

interface Outcome {
  status: number;
  code: string;
  message: string;
  data: unknown;
}

export function startEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return Emulator.start(options);
}

/** A strict HTTPS implementation of the platform side of the Open API, for tests and the demo. */
export class Emulator implements EmulatorInfo {
  readonly base_url: string;
  readonly ca_file: string;
  readonly rsa: EmulatorInfo['rsa'];
  readonly token_mode: EmulatorInfo['token_mode'];

  readonly #server: Server;
  readonly #keyDir: string;
  readonly #clock: () => number;
  readonly #log: (line: string) => void;
  readonly #keyring: Keyring;
  readonly #verifier: Verifier;
  readonly #tasks: TaskStore;
  readonly #faults = new FaultRules();
  readonly #versions = new Map<string, string>();
  readonly #requests: RecordedRequest[] = [];
  readonly #stopping = new AbortController();
  #lastRequestId = 0;
  #rateLimit: TokenBucket | undefined;
  #offsetMs: number;
  #envelope: EnvelopeStyle;
  readonly profile: Profile;
  readonly #strict: boolean;
  #msgOverride: string | undefined;
  #storageVerdict: StorageVerdict = { pass: true, message: 'the storage can be reached with these settings' };
  #stopped: Promise<void> | undefined;
  readonly #onRecord: ((record: RecordedRequest) => void) | undefined;

  private constructor(
    server: Server,
    keyDir: string,
    info: EmulatorInfo,
    parts: {
      clock: () => number;
      log: (line: string) => void;
      onRecord: ((record: RecordedRequest) => void) | undefined;
      keyring: Keyring;
      tasks: TaskStore;
      offsetMs: number;
      profile: Profile;
      strict: boolean;
    }
  ) {
    this.#server = server;
    this.#keyDir = keyDir;
    this.base_url = info.base_url;
    this.ca_file = info.ca_file;
    this.rsa = info.rsa;
    this.token_mode = info.token_mode;
    this.#clock = parts.clock;
    this.#log = parts.log;
    this.#onRecord = parts.onRecord;
    this.#keyring = parts.keyring;
    this.#verifier = new Verifier(parts.keyring);
    this.#tasks = parts.tasks;
    this.#offsetMs = parts.offsetMs;
    this.profile = parts.profile;
    this.#strict = parts.strict;
    this.#envelope = { code: 'string', messageField: parts.profile === 'live' ? 'message' : 'msg' };
    // Every delayed answer listens for the stop; many may be pending at once.
    setMaxListeners(0, this.#stopping.signal);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => {
      this.#onRequest(req, res).catch((error: unknown) => {
        this.#log(`internal error: ${String(error)}`);
        res.destroy();
      });
    });
  }

  static async start(options: EmulatorOptions): Promise<Emulator> {
    const clock = options.now ?? Date.now;
    const keyring = new Keyring();
    const keyDir = await mkdtemp(join(tmpdir(), 'elastic-deploy-emulator-'));
    try {
      const rsa = await rsaKey(options.keys?.rsa, clock);
      keyring.addRsaKey(rsa.registration);
      const tokenModeToken = options.keys?.tokenMode?.token ?? newToken(clock());
      keyring.addTokenKey(tokenModeToken);
      const privateKeyFile = join(keyDir, 'client-private-key.pem');
      const platformPublicKeyFile = join(keyDir, 'platform-public-key.pem');
      await writeFile(privateKeyFile, rsa.clientPrivateKeyPem, { mode: 0o600 });
      await writeFile(platformPublicKeyFile, rsa.platformPublicKeyPem);

      const [cert, key] = await Promise.all([
        readFile(join(TLS_DIR, 'server.pem')),
        readFile(join(TLS_DIR, 'server-key.pem'))
      ]);
      const server = createServer({ cert, key, maxHeaderSize: MAX_HEADER_BYTES });
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(options.port ?? 0, '127.0.0.1', resolve);
      });
      const { port } = server.address() as AddressInfo;
      const tasks = new TaskStore(
        clock,
        {
          readyAfterMs: (options.readyAfterSeconds ?? 5) * 1000,
          failPattern: options.failPattern,
          nameOverride: undefined,
          serviceUrl: undefined,
          endedTasksGone: false
        },
        options.firstTaskId
      );
      const emulator = new Emulator(
        server,
        keyDir,
        {
          base_url: `https://127.0.0.1:${port}`,
          ca_file: CA_FILE,
          rsa: {
            token: rsa.registration.token,
            private_key_file: privateKeyFile,
            platform_public_key_file: platformPublicKeyFile
          },
          token_mode: { token: tokenModeToken }
        },
        {
          clock,
          log: options.log ?? (() => undefined),
          onRecord: options.onRecord,
          keyring,
          tasks,
          offsetMs: (options.clockOffsetSeconds ?? 0) * 1000,
          profile: options.profile ?? 'spec',
          strict: options.strict ?? false
        }
      );
      for (const [path, version] of Object.entries(options.versions ?? {}))
        emulator.setVersion(path, version);
      return emulator;
    } catch (error) {
      await rm(keyDir, { recursive: true, force: true });
      throw error;
    }
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
    return this.#tasks.detail(BigInt(taskId));
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

  setReadyAfter(seconds: number): void {
    this.#tasks.settings.readyAfterMs = seconds * 1000;
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
      const closed = new Promise<void>((resolve) => {
        this.#server.close(() => {
          resolve();
        });
      });
      this.#server.closeAllConnections();
      await closed;
      await rm(this.#keyDir, { recursive: true, force: true });
    })();
    return this.#stopped;
  }

  get #platformNow(): number {
    return this.#clock() + this.#offsetMs;
  }

  async #onRequest(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const receivedAt = this.#clock();
    const platformTime = receivedAt + this.#offsetMs;
    const raw = await readBody(req);
    const method = req.method ?? 'GET';
    const target = req.url ?? '/';
    const queryStart = target.indexOf('?');
    const path = queryStart < 0 ? target : target.slice(0, queryStart);
    const record: RecordedRequest = {
      id: ++this.#lastRequestId,
      receivedAt,
      method,
      target,
      path,
      headers: recordedHeaders(req.headers),
      body: raw?.toString('utf8') ?? '',
      applied: false
    };
    this.#requests.push(record);
    if (raw === undefined) {
      this.#answer(res, record, {
        status: 413,
        code: Code.body,
        message: 'the body is over 16 MiB',
        data: null
      });
      return;
    }

    const limited = this.#rateLimited(path, receivedAt);
    if (limited !== undefined) {
      this.#fault(req, res, record, limited);
      return;
    }
    const rule = this.#faults.take(method, path);
    if (rule?.delayMs !== undefined) {
      await sleep(rule.delayMs, undefined, { signal: this.#stopping.signal }).catch(() => undefined);
      if (this.#stopping.signal.aborted) return;
    }
    if (rule?.answer !== undefined && rule.apply !== true) {
      this.#fault(req, res, record, rule.answer);
      return;
    }
    const outcome = this.#process(
      record,
      req.headers,
      platformTime,
      queryStart < 0 ? '' : target.slice(queryStart + 1)
    );
    if (rule?.answer !== undefined) this.#fault(req, res, record, rule.answer);
    else this.#answer(res, record, outcome);
  }

  #process(
    record: RecordedRequest,
    headers: IncomingHttpHeaders,
    platformTime: number,
    query: string
  ): Outcome {
    const trace: VerificationTrace = {};
    try {
      const route = ROUTES.find(
        (r) => r.path === record.path && (r.profiles === undefined || r.profiles.includes(this.profile))
      );
      if (route === undefined) {
        throw new Rejection(Code.noSuchEndpoint, 'no_such_endpoint', `no endpoint at ${record.path}`, 404);
      }
      const method = route.methods.find((m) => m === record.method);
      if (method === undefined) {
        throw new Rejection(
          Code.method,
          'method_not_allowed',
          `${record.path} takes ${route.methods.join(' or ')}, not ${record.method}`,
          405
        );
      }
      const verified = this.#verifier.verify(
        { method, target: record.target, headers, body: record.body },
        {
          version: this.#versions.get(route.path) ?? DEFAULT_VERSION,
          encrypt: route.encrypt,
          strict: this.#strict
        },
        platformTime,
        trace
      );
      const data = route.handle({
        method: method satisfies Method,
        query: new URLSearchParams(query),
        payload: verified.payload,
        tasks: this.#tasks,
        storageVerdict: this.#storageVerdict,
        profile: this.profile
      });
      record.verdict = { code: Code.ok, reason: 'ok', message: 'success' };
      record.applied = true;
      const made = (data as { task_id?: unknown } | null)?.task_id;
      if (route.creates && typeof made === 'bigint') record.createdTaskId = made.toString();
      return { status: 200, code: Code.ok, message: 'success', data };
    } catch (error) {
      const rejection =
        error instanceof Rejection
          ? error
          : new Rejection(Code.internal, 'internal_error', `internal error: ${String(error)}`, 500);
      record.verdict = { code: rejection.code, reason: rejection.reason, message: rejection.message };
      this.#log(
        `#${record.id} ${record.method} ${record.target} -> ${rejection.code} ${rejection.reason}: ${rejection.message}`
      );
      return { status: rejection.httpStatus, code: rejection.code, message: rejection.message, data: null };
    } finally {
      if (trace.plaintext !== undefined) record.plaintext = trace.plaintext;
    }
  }

  #rateLimited(path: string, now: number): FaultAnswer | undefined {
    const limit = this.#rateLimit;
    if (limit === undefined || (limit.limit.path !== undefined && limit.limit.path !== path))
      return undefined;
    const taken = limit.take(now);
    if (taken.allowed) return undefined;
    return {
      kind: 'status',
      status: 429,
      retryAfter: {
        seconds: Math.max(1, Math.ceil(taken.waitMs / 1000)),
        as: limit.limit.retryAfterAs ?? 'seconds'
      }
    };
  }

  #answer(
    res: ServerResponse,
    record: RecordedRequest,
    outcome: Outcome,
    headers: Record<string, string> = {}
  ): void {
    const style = this.#envelope;
    const code = style.code === 'number' && /^\d+$/.test(outcome.code) ? Number(outcome.code) : outcome.code;
    const body = toJson({
      code,
      [style.messageField]: this.#msgOverride ?? outcome.message,
      data: outcome.data
    });
    this.#reply(res, record, outcome.status, 'application/json; charset=utf-8', body, headers);
  }

  #fault(req: IncomingMessage, res: ServerResponse, record: RecordedRequest, answer: FaultAnswer): void {
    record.fault = describeFault(answer);
    this.#log(`#${record.id} ${record.method} ${record.target} -> fault: ${record.fault}`);
    switch (answer.kind) {
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'malformed_json':
        this.#reply(
          res,
          record,
          200,
          'application/json; charset=utf-8',
          '{"code":"0000","msg":"success","data":{"task_id":'
        );
        return;
      case 'large':
        this.#streamLarge(res, record, answer.bytes, answer.chunked === true);
        return;
      case 'deep': {
        const data = `${'{"a":'.repeat(answer.depth)}1${'}'.repeat(answer.depth)}`;
        const body = `{"code":"0000","msg":"success","data":${data}}`;
        this.#reply(res, record, 200, 'application/json; charset=utf-8', body);
        return;
      }
      case 'envelope':
        this.#answer(res, record, {
          status: answer.status ?? 200,
          code: answer.code,
          message: answer.message ?? (answer.code === Code.ok ? 'success' : 'refused'),
          data: answer.data ?? null
        });
        return;
      case 'status': {
        const headers: Record<string, string> = {};
        if (answer.retryAfter !== undefined) headers['retry-after'] = this.#retryAfter(answer.retryAfter);
        const kind = answer.body ?? (answer.status >= 502 ? 'html' : 'envelope');
        if (kind === 'html') {
          const title = `${answer.status} ${statusText(answer.status)}`;
          const page = `<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>\n`;
          this.#reply(res, record, answer.status, 'text/html', page, headers);
        } else if (kind === 'empty') {
          this.#reply(res, record, answer.status, 'text/plain', '', headers);
        } else {
          const code = answer.status === 429 ? Code.rateLimited : Code.internal;
          const message =
            answer.status === 429 ? 'too many requests: retry later' : 'internal error: retry later';
          this.#answer(res, record, { status: answer.status, code, message, data: null }, headers);
        }
        return;
      }
    }
  }

  /** A success envelope of `bytes` bytes, written a chunk at a time as the client reads it. */
  #streamLarge(res: ServerResponse, record: RecordedRequest, bytes: number, chunked: boolean): void {
    const head = '{"code":"0000","msg":"success","data":{"padding":"';
    const tail = '"}}';
    let left = Math.max(0, bytes - head.length - tail.length);
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      ...(chunked ? {} : { 'content-length': String(head.length + left + tail.length) }),
      date: new Date(this.#platformNow).toUTCString(),
      'x-request-id': `emu-${record.id}`
    });
    record.answer = `(${bytes} bytes of padding)`;
    this.#onRecord?.(record);
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const write = (): void => {
      while (left > 0 && !res.destroyed) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        if (!res.write(part)) {
          res.once('drain', write);
          return;
        }
      }
      if (!res.destroyed) res.end(tail);
    };
    res.on('error', () => undefined);
    res.write(head);
    write();
  }

  #retryAfter(retryAfter: RetryAfter): string {
    return retryAfter.as === 'http-date'
      ? new Date(this.#platformNow + retryAfter.seconds * 1000).toUTCString()
      : String(retryAfter.seconds);
  }

  #reply(
    res: ServerResponse,
    record: RecordedRequest,
    status: number,
    contentType: string,
    body: string,
    headers: Record<string, string> = {}
  ): void {
    res.writeHead(status, {
      'content-type': contentType,
      date: new Date(this.#platformNow).toUTCString(),
      'x-request-id': `emu-${record.id}`,
      ...headers
    });
    // Recorded before the answer leaves, so a client that reads the record next finds it there.
    record.answer = body;
    this.#onRecord?.(record);
    res.end(body);
  }
}

async function rsaKey(
  given: { token?: string; clientPrivateKey: string; platformPrivateKey: string } | undefined,
  clock: () => number
): Promise<{ registration: RsaKeyRegistration; clientPrivateKeyPem: string; platformPublicKeyPem: string }> {
  const [client, platform] = given
    ? [toPrivateKey(given.clientPrivateKey), toPrivateKey(given.platformPrivateKey)]
    : (await Promise.all([newRsaKeyPair(), newRsaKeyPair()])).map((pair) => pair.privateKey);
  if (client === undefined || platform === undefined) throw new Error('unreachable: two key pairs');
  return {
    registration: {
      token: given?.token ?? newToken(clock()),
      clientPublicKey: createPublicKey(client),
      platformPrivateKey: platform
    },
    clientPrivateKeyPem: client.export({ type: 'pkcs8', format: 'pem' }).toString(),
    platformPublicKeyPem: createPublicKey(platform).export({ type: 'spki', format: 'pem' }).toString()
  };
}

/** The whole body, or undefined when it is larger than the emulator accepts. */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function recordedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const recorded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'token' || value === undefined) continue;
    recorded[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return recorded;
}

function describeFault(answer: FaultAnswer): string {
  if (answer.kind === 'large')
    return `large (${answer.bytes} bytes${answer.chunked === true ? ', chunked' : ''})`;
  if (answer.kind === 'deep') return `deep (${answer.depth} levels)`;
  if (answer.kind === 'envelope') return `envelope (code ${answer.code})`;
  if (answer.kind !== 'status') return answer.kind;
  const retry = answer.retryAfter === undefined ? '' : ` (Retry-After ${answer.retryAfter.seconds}s)`;
  return `HTTP ${answer.status}${retry}`;
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Temporarily Unavailable',
    504: 'Gateway Time-out'
  };
  return texts[status] ?? 'Error';
}
