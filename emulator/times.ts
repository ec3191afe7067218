// The times the platform writes: RFC 3339 in UTC (billing, queue groups), and its own tasks' times in
// China's time.

export function rfc3339(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A time as the platform writes a task's own times (the job detail's create_time, last_update_time): RFC
 * 3339 in China's time (+08:00), to the microsecond, `2026-04-21T09:01:23.441992+08:00`; with `spaced`, as
 * the job search writes them, `2026-04-21 09:04:20.500576 +08:00`.
 */
export function chinaTime(ms: number, spaced = false): string {
  const local = new Date(ms + 8 * 3_600_000).toISOString();
  const [date = '', time = ''] = local.replace(/Z$/, '').split('T');
  const micro = `${time}000`;
  return spaced ? `${date} ${micro} +08:00` : `${date}T${micro}+08:00`;
}

/** A time as the storage API writes it: `yyyy-MM-dd HH:mm:ss`, in China's time. */
export function chinaSeconds(ms: number): string {
  return new Date(ms + 8 * 3_600_000)
    .toISOString()
    .replace('T', ' ')
    .replace(/\.\d{3}Z$/, '');
}
