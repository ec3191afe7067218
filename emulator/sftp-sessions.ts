// The volumes' SFTP sessions (suanli-nas-storage/api/sftp-obtain.md, sftp-destroy.md): one per volume,
// whoever asks. obtain opens one where none is (Pending for pendingMs, then Running with fresh credentials
// until ttlMs has passed) and answers the one there is; a session past its expiry is over, and the next
// obtain opens a new one (new credentials); destroy ends it and clears its credentials. Worked out from the
// clock whenever it is read, as a task is. The SFTP server asks which volume a login is for (storageIdOf)
// and hears when a session ends (onEnded), to close that volume's connections.
import { randomBytes } from 'node:crypto';
import { chinaSeconds } from './times.js';

export type SftpStatus = 'Pending' | 'Running' | 'Exception';

/** How sessions behave (knobs): how long one opens, how long it lasts, where it is served. */
export interface SftpSessionSettings {
  /** How long a new session stays Pending (default 1500 ms); Infinity: Pending for ever. */
  pendingMs: number;
  /** How long a Running session lasts (default 1 h). */
  ttlMs: number;
  /** The SFTP server's host:port, as sftp_url answers it (default 127.0.0.1:2222). */
  address: string;
  /** Optional fields a Running answer leaves out (a knob: the reference does not say they are always there). */
  omit: readonly ('expire_at' | 'web_url' | 'webdav_url')[];
}

/** Why a session fails, as obtain answers it (error_code, error_message). */
export interface SftpFailure {
  readonly error_code: string;
  readonly error_message: string;
}

interface Session {
  readonly id: number;
  readonly storageId: number;
  readonly createdAt: number;
  readonly pendingUntil: number;
  readonly failure: SftpFailure | undefined;
  /** Made when it turns Running. */
  credentials: { username: string; password: string } | undefined;
  expiresAt: number | undefined;
}

export const SFTP_DEFAULTS: SftpSessionSettings = {
  pendingMs: 1_500,
  ttlMs: 3_600_000,
  address: '127.0.0.1:2222',
  omit: []
};

export class SftpSessionStore {
  readonly #sessions = new Map<number, Session>();
  readonly #listeners = new Set<(storageId: number) => void>();
  /** Failures the next sessions end in (a knob), first the soonest. */
  readonly #failures: SftpFailure[] = [];
  readonly #passwords: string[] = [];
  #nextId = 1;
  settings: SftpSessionSettings;

  constructor(
    private readonly now: () => number,
    settings: Partial<SftpSessionSettings> = {},
    /** Fresh secret text for a login (random bytes by default; a test may pass its own). */
    private readonly secret: (bytes: number) => string = (bytes) => randomBytes(bytes).toString('base64url')
  ) {
    this.settings = { ...SFTP_DEFAULTS, ...settings };
  }

  /** The volume's session, opened if none is (or the last one expired), as obtain answers it. */
  obtain(storageId: number): Record<string, unknown> {
    this.sweep();
    let session = this.#sessions.get(storageId);
    if (session === undefined) {
      const now = this.now();
      session = {
        id: this.#nextId++,
        storageId,
        createdAt: now,
        pendingUntil: now + this.settings.pendingMs,
        failure: this.#failures.shift(),
        credentials: undefined,
        expiresAt: undefined
      };
      this.#sessions.set(storageId, session);
    }
    return this.#answer(this.#settle(session));
  }

  /** Ends the volume's session, if any, and clears its credentials: the next obtain opens a new one. */
  destroy(storageId: number): null {
    this.sweep();
    if (this.#sessions.delete(storageId)) this.#ended(storageId);
    return null;
  }

  /** Every password a session was given so far (for a test that none is written anywhere). */
  passwords(): readonly string[] {
    return [...this.#passwords];
  }

  /**
   * The volume whose Running, unexpired session has these credentials; undefined for any other login
   * (a destroyed or expired session's included). What the SFTP server checks a login against.
   */
  storageIdOf(username: string, password: string): number | undefined {
    this.sweep();
    for (const session of this.#sessions.values()) {
      const login = this.#settle(session).credentials;
      if (login !== undefined && login.username === username && login.password === password)
        return session.storageId;
    }
    return undefined;
  }

  /** Calls `listener` with the volume's id whenever a session ends (destroyed, or expired); answers its removal. */
  onEnded(listener: (storageId: number) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The next `times` sessions opened end in Exception with this error once their Pending time is over. */
  failNext(times: number, failure: SftpFailure): void {
    for (let i = 0; i < times; i++) this.#failures.push({ ...failure });
  }

  /** Expires the volume's session now (a knob): its credentials no longer log in, and it is said ended. */
  expireNow(storageId: number): void {
    const session = this.#sessions.get(storageId);
    if (session === undefined) return;
    this.#settle(session);
    session.expiresAt = Math.min(session.expiresAt ?? this.now(), this.now());
    this.sweep();
  }

  /** The status of the volume's session now; undefined when it has none (never opened, destroyed, expired). */
  statusOf(storageId: number): SftpStatus | undefined {
    this.sweep();
    const session = this.#sessions.get(storageId);
    return session === undefined ? undefined : this.#status(this.#settle(session));
  }

  /** Ends every session whose expiry has come by the clock, saying so to the listeners. */
  sweep(): void {
    const now = this.now();
    for (const session of [...this.#sessions.values()]) {
      this.#settle(session);
      if (session.expiresAt !== undefined && now >= session.expiresAt) {
        this.#sessions.delete(session.storageId);
        this.#ended(session.storageId);
      }
    }
  }

  #ended(storageId: number): void {
    for (const listener of this.#listeners) listener(storageId);
  }

  /** A session past its Pending time: Running with fresh credentials and an expiry, unless it fails. */
  #settle(session: Session): Session {
    if (this.now() < session.pendingUntil || session.failure !== undefined) return session;
    if (session.credentials === undefined) {
      session.credentials = {
        username: `sftp-${session.storageId}-${this.secret(6)}`,
        password: this.secret(24)
      };
      this.#passwords.push(session.credentials.password);
      session.expiresAt = session.pendingUntil + this.settings.ttlMs;
    }
    return session;
  }

  #status(session: Session): SftpStatus {
    if (this.now() < session.pendingUntil) return 'Pending';
    return session.failure === undefined ? 'Running' : 'Exception';
  }

  /** What obtain answers: the credentials and addresses only while Running, the error only on Exception. */
  #answer(session: Session): Record<string, unknown> {
    const status = this.#status(session);
    const running = status === 'Running' && session.credentials !== undefined;
    const host = this.settings.address.replace(/:\d+$/, '');
    const answer: Record<string, unknown> = {
      id: session.id,
      status,
      username: running ? session.credentials?.username : null,
      password: running ? session.credentials?.password : null,
      sftp_url: running ? this.settings.address : null,
      web_url: running ? `${host}:80` : null,
      webdav_url: running ? `${host}:81` : null,
      expire_at: running && session.expiresAt !== undefined ? chinaSeconds(session.expiresAt) : null,
      error_code: status === 'Exception' ? (session.failure?.error_code ?? null) : null,
      error_message: status === 'Exception' ? (session.failure?.error_message ?? null) : null
    };
    for (const field of this.settings.omit) Reflect.deleteProperty(answer, field);
    return answer;
  }
}
