import { sanitize } from '../../../../basics/safe-text.js';

/**
 * Whether a name a volume's listing gave is one plain name, safe to join to a local directory: not empty,
 * not `.` or `..`, without `/` or `\`, without NUL or another control character, at most 255 bytes. A
 * download refuses any other, so that it never writes outside its target whatever names the volume holds.
 */
export function isPlainName(name: string): boolean {
  return (
    name !== '' &&
    name !== '.' &&
    name !== '..' &&
    // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
    !/[/\\\u0000-\u001f\u007f-\u009f]/.test(name) &&
    Buffer.byteLength(name) <= 255
  );
}

/** A name or path from the volume (or a local one) as a log line may show it: quoted, made safe, cut. */
export function shownName(name: string): string {
  return JSON.stringify(sanitize(name, 200));
}
