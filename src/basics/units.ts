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
