import { rfc3339 } from './units.js';

/** The platform's zone, where a time it writes names none (the storage API's `yyyy-MM-dd HH:mm:ss`). */
const PLATFORM_OFFSET = '+08:00';

/** A time as the platform writes it: RFC 3339, or with a space for the T, microseconds, an offset or none. */
const TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * A time from the platform in the one form every output of the tool gives times in: RFC 3339 in UTC, to
 * the second (2026-01-02T03:04:05Z), whichever of its forms the platform wrote it in
 * (`2026-01-02T11:04:05.000000+08:00`, `2026-01-02 11:04:05.000000 +08:00`, `2026-01-02 11:04:05`, which
 * is in the platform's zone, +08:00). Text that is no such time is given back as it is.
 */
export function utcTime(text: string): string {
  const match = TIME.exec(text.trim());
  if (match === null) return text;
  const [, day = '', clock = '', fraction = '', zone = PLATFORM_OFFSET] = match;
  const offset =
    zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const ms = Date.parse(`${day}T${clock}${fraction.slice(0, 4)}${offset}`);
  return Number.isNaN(ms) ? text : rfc3339(ms);
}
