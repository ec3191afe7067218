/** The binary size units sizes are written in. */
export const SIZE_UNITS: Record<string, number> = { KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };

/** 90000 -> "1m30s"; the form durations are written in. */
export function formatDuration(ms: number): string {
  const total = Math.round(ms / 1000);
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  if (h > 0) return `${h}h${m}m${s}s`;
  return m > 0 ? `${m}m${s}s` : `${s}s`;
}

/** 16777216 -> "16 MiB"; whole units where the size has them. */
export function formatSize(bytes: number): string {
  for (const unit of ['GiB', 'MiB', 'KiB']) {
    const size = SIZE_UNITS[unit] ?? 1;
    if (bytes >= size && bytes % size === 0) return `${bytes / size} ${unit}`;
  }
  return `${bytes} bytes`;
}

/**
 * A moment as RFC 3339 in UTC, to the second. Composed from the UTC fields: Date's toISOString loads
 * the time zone data (0.8 MiB of the step's memory) that no step needs.
 */
export function rfc3339(ms: number): string {
  const date = new Date(ms);
  const two = (n: number): string => String(n).padStart(2, '0');
  const day = `${String(date.getUTCFullYear()).padStart(4, '0')}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
  return `${day}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}Z`;
}

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
