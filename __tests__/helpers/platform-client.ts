// The test side of the wire: builds requests by hand (its own signing and encryption, independent of
// the emulator and of src/) and sends them over real HTTPS to an emulator.
import {
  constants,
  createPrivateKey,
  createPublicKey,
  publicEncrypt,
  sign,
  type KeyObject
} from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { Agent, request } from 'node:https';
import {
  startEmulator,
  type Emulator,
  type EmulatorInfo,
  type EmulatorOptions
} from '../../emulator/index.js';
import { parseJson } from '../../emulator/json.js';
import { fixtureEmulatorKeys, fixtureKey } from './fixtures.js';

export interface RawRequest {
  method: string;
  target: string;
  headers: Record<string, string>;
  body?: string;
}

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

export interface Envelope {
  code: string | number;
  msg?: string;
  message?: string;
  data: unknown;
}

/** Sends one request exactly as given. */
export function send(baseUrl: string, caFile: string, req: RawRequest): Promise<RawResponse> {
  const agent = new Agent({ ca: readFileSync(caFile), keepAlive: false });
  const body = req.body ?? '';
  // Node frames a GET body only when told its length.
  const headers =
    body === '' ? req.headers : { 'content-length': String(Buffer.byteLength(body)), ...req.headers };
  return new Promise((resolve, reject) => {
    const outgoing = request(`${baseUrl}${req.target}`, { method: req.method, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8')
        });
      });
      res.on('error', reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

export function parseEnvelope(text: string): Envelope {
  return parseJson(text) as Envelope;
}

export function signText(privateKey: KeyObject, text: string, algorithm = 'sha256'): string {
  return sign(algorithm, Buffer.from(text, 'utf8'), {
    key: privateKey,
    padding: constants.RSA_PKCS1_PADDING
  }).toString('base64');
}

/** Spec 5.4: UTF-8 bytes cut into chunks, each RSA PKCS#1 v1.5 encrypted, blocks joined, Base64. */
export function encryptText(
  publicKey: KeyObject,
  plaintext: string,
  chunkBytes = 244,
  padding = constants.RSA_PKCS1_PADDING
): string {
  const bytes = Buffer.from(plaintext, 'utf8');
  const blocks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += chunkBytes) {
    blocks.push(publicEncrypt({ key: publicKey, padding }, bytes.subarray(offset, offset + chunkBytes)));
  }
  return Buffer.concat(blocks).toString('base64');
}

export interface Fields {
  target: string;
  version: string;
  timestamp: string;
  token: string;
  body: string;
}

export interface CallOptions {
  method: string;
  target: string;
  /** A JSON object body, sent compact (and encrypted when `encrypt`). */
  json?: unknown;
  /** The body text exactly as sent; overrides `json`. */
  body?: string;
  encrypt?: boolean;
  mode?: 'rsa' | 'token';
  token?: string;
  version?: string;
  timestamp?: string;
  /** Replaces the correct string to sign, to make a client mistake on purpose. */
  stringToSign?: (fields: Fields, plaintext: string | undefined) => string;
  signingKey?: KeyObject;
  signAlgorithm?: string;
  /** Headers to add or replace, and headers to leave out. */
  headers?: Record<string, string>;
  omit?: string[];
}

export interface CallResult extends RawResponse {
  envelope: Envelope;
  request: RawRequest;
}

/** A hand-written client of the emulator, correct by default, wrong exactly where a test says so. */
export class TestClient {
  readonly clientKey: KeyObject;
  readonly platformKey: KeyObject;

  constructor(
    readonly emulator: EmulatorInfo & { readonly requests?: Emulator['requests'] },
    readonly now: () => number
  ) {
    this.clientKey = createPrivateKey(readFileSync(emulator.rsa.private_key_file));
    this.platformKey = createPublicKey(readFileSync(emulator.rsa.platform_public_key_file));
  }

  build(o: CallOptions): RawRequest {
    const mode = o.mode ?? 'rsa';
    const token = o.token ?? (mode === 'rsa' ? this.emulator.rsa.token : this.emulator.token_mode.token);
    const plaintext = o.json === undefined ? undefined : JSON.stringify(o.json);
    const body =
      o.body ??
      (plaintext !== undefined && o.encrypt ? encryptText(this.platformKey, plaintext) : plaintext) ??
      '';
    const fields: Fields = {
      target: o.target,
      version: o.version ?? '1.0.0',
      timestamp: o.timestamp ?? String(this.now()),
      token,
      body
    };
    const headers: Record<string, string> = {
      token,
      version: fields.version,
      timestamp: fields.timestamp,
      'content-type': 'application/json'
    };
    if (mode === 'rsa') {
      const text =
        o.stringToSign?.(fields, plaintext) ??
        [fields.target, fields.version, fields.timestamp, token, body].join('\n');
      headers.sign_str = signText(o.signingKey ?? this.clientKey, text, o.signAlgorithm);
    }
    const sent = Object.entries({ ...headers, ...o.headers }).filter(
      ([name]) => !(o.omit ?? []).includes(name)
    );
    return { method: o.method, target: o.target, headers: Object.fromEntries(sent), body };
  }

  async call(o: CallOptions): Promise<CallResult> {
    return this.send(this.build(o));
  }

  async send(request: RawRequest): Promise<CallResult> {
    const response = await send(this.emulator.base_url, this.emulator.ca_file, request);
    return { ...response, envelope: parseEnvelope(response.text), request };
  }

  /** The reason the emulator recorded for the last request. */
  lastReason(): string | undefined {
    return this.emulator.requests?.at(-1)?.verdict?.reason;
  }
}

/** A clock a test moves by hand. */
export class TestClock {
  readonly #timers = new FakeTimers(() => this.ms);
  constructor(public ms = 1_763_715_600_000) {}
  readonly now = (): number => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
    this.#timers.fire();
  }
  /** A timer on this clock (StepRuntime.every): its ticks come as the clock is moved past them. */
  readonly every = (everyMs: number, tick: () => void): (() => void) => this.#timers.every(everyMs, tick);
}

/**
 * Timers on a fake clock (StepRuntime.every, as a test has it): a tick comes when the clock is moved past
 * its time (once, however far: a real interval does not catch up either), never moving the clock itself.
 */
export class FakeTimers {
  readonly #timers = new Set<{ everyMs: number; next: number; tick: () => void }>();
  constructor(private readonly now: () => number) {}

  every(everyMs: number, tick: () => void): () => void {
    const timer = { everyMs, next: this.now() + everyMs, tick };
    this.#timers.add(timer);
    return () => this.#timers.delete(timer);
  }

  /** Ticks each timer whose time has come. */
  fire(): void {
    const now = this.now();
    for (const timer of [...this.#timers]) {
      if (now < timer.next || !this.#timers.has(timer)) continue;
      timer.next = now + timer.everyMs;
      timer.tick();
    }
  }
}

/**
 * The codes the action's scenarios are refused with: every refusal code answered as another of the
 * published set (a seed of REFUSAL_CODE_SEED, 7 unless set). The platform publishes no code's meaning, so
 * no scenario may pass only because a code means what the emulator's own choice of codes says.
 */
export const SHUFFLED_CODES = { shuffleCodes: Number(process.env.REFUSAL_CODE_SEED ?? 7) } as const;

/** An emulator on a test clock with the fixture keys (no key generation), and a client for it. */
export async function startTestEmulator(
  options: EmulatorOptions = {}
): Promise<{ emulator: Emulator; client: TestClient; clock: TestClock }> {
  const clock = new TestClock();
  const emulator = await startEmulator({
    now: clock.now,
    keys: {
      rsa: {
        clientPrivateKey: fixtureKey('client-private-pkcs8.pem'),
        platformPrivateKey: fixtureKey('platform-private-pkcs8.pem')
      }
    },
    ...options
  });
  return { emulator, client: new TestClient(emulator, options.now ?? clock.now), clock };
}

/**
 * An emulator strict about the client's bytes, with the fixture keys and shuffled refusal codes, whose tasks
 * run at once: what a test of the CLI or an entry point starts for itself (its options add to these).
 */
export function startStrictEmulator(options: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({
    ...SHUFFLED_CODES,
    keys: fixtureEmulatorKeys(),
    readyAfterSeconds: 0,
    strict: true,
    ...options
  });
}
