import { isRecord } from '../basics/records.js';
import { sanitize } from '../basics/safe-text.js';
import { utcTime } from '../basics/units.js';
import { countOf } from './task-data.js';

/**
 * A volume's SFTP session, as obtain answers it (suanli-nas-storage/api/sftp-obtain.md): Pending while it
 * opens (ask again later), Running with the credentials and the address, Exception with why. One session
 * per volume: every caller of obtain on the volume is given the same one, until it is destroyed or expires.
 */
export const SFTP_PENDING = 'Pending';
export const SFTP_RUNNING = 'Running';
export const SFTP_EXCEPTION = 'Exception';

/** What a Running session connects with. `password` is a secret: masked before anything shows it. */
export interface SftpCredentials {
  readonly username: string;
  readonly password: string;
  /** From sftp_url (host:port): a host name, an IPv4 address, or an IPv6 one (without its brackets). */
  readonly host: string;
  readonly port: number;
}

export interface SftpSession {
  /** The session's id (an integer, as text); undefined when the answer gave none. */
  readonly id: string | undefined;
  /** Pending, Running or Exception; any other text as the platform wrote it; undefined when none. */
  readonly status: string | undefined;
  /** Only when Running (then always: a Running answer without them is refused, see sftpSessionOf). */
  readonly credentials: SftpCredentials | undefined;
  /** expire_at as ms since the epoch (the platform writes it in its zone, +08:00); undefined when none. */
  readonly expiresAt: number | undefined;
  /** Why it failed (Exception), as the platform wrote it: server text, never printed unsanitized. */
  readonly errorCode: string | undefined;
  readonly errorMessage: string | undefined;
}

/** An obtain answer that cannot be used: the field it lacks or holds in a form that is no use. */
export class SftpAnswerError extends Error {
  constructor(
    readonly field: string,
    problem: string
  ) {
    super(`the SFTP session's answer ${problem}`);
    this.name = 'SftpAnswerError';
  }
}

/**
 * The session of an obtain answer's data. Pure. Fails closed (an SftpAnswerError naming the field) on a
 * Running answer without username or password, or with an sftp_url that is no host:port: nothing could
 * connect with it. Otherwise the optional fields may be absent or null; an expire_at that is no time reads
 * as none. The values are never in an error's text (the password least of all).
 */
export function sftpSessionOf(data: unknown): SftpSession {
  const record = isRecord(data) ? data : {};
  const status = text(record.status);
  const session = {
    id: countOf(record.id)?.toString(),
    status,
    expiresAt: expiryOf(record.expire_at),
    errorCode: text(record.error_code),
    errorMessage: text(record.error_message)
  };
  if (status !== SFTP_RUNNING) return { ...session, credentials: undefined };
  const username = text(record.username);
  const password = text(record.password);
  if (username === undefined) throw new SftpAnswerError('username', 'says Running but gives no username');
  if (password === undefined) throw new SftpAnswerError('password', 'says Running but gives no password');
  const address = addressOf(record.sftp_url);
  return { ...session, credentials: { username, password, ...address } };
}

/** host:port of sftp_url: a name or IPv4 address, or [IPv6], and a port from 1 to 65535. */
function addressOf(value: unknown): { host: string; port: number } {
  const url = text(value);
  if (url === undefined) throw new SftpAnswerError('sftp_url', 'says Running but gives no sftp_url');
  const match =
    /^\[([0-9A-Fa-f:.]+)\]:(\d{1,5})$/.exec(url) ??
    /^([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):(\d{1,5})$/.exec(url);
  const port = Number(match?.[2]);
  if (match === null || !Number.isInteger(port) || port < 1 || port > 65_535)
    throw new SftpAnswerError(
      'sftp_url',
      `gives sftp_url ${JSON.stringify(sanitize(url, 80))}, which is no host:port`
    );
  return { host: match[1] ?? '', port };
}

/** expire_at (yyyy-MM-dd HH:mm:ss, in the platform's zone) as ms; undefined when absent or no time. */
function expiryOf(value: unknown): number | undefined {
  const written = text(value);
  if (written === undefined) return undefined;
  const utc = utcTime(written);
  if (utc === written) return undefined;
  const ms = Date.parse(utc);
  return Number.isNaN(ms) ? undefined : ms;
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}
