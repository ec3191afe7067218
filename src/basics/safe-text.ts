/**
 * Server text made safe for a log line: control characters and line breaks become spaces (so nothing
 * from the server can start a line with "::" and run as a workflow command), "##[" is broken up (the
 * runner's older command syntax), runs of spaces shrink, and long text is cut.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;

export function sanitize(text: string, max: number): string {
  const flat = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').replace(/##\[/g, '## [').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The last `count` lines of a text from the server (a log), each made safe to print on a line of its
 * own: control characters removed, `##[` broken up, cut at `maxLength` characters. `omitted` counts the
 * lines left out before them. A line may still begin with `::`: whoever prints it puts a prefix first.
 */
export function lastLines(
  text: string,
  count: number,
  maxLength: number
): { lines: string[]; omitted: number } {
  const all = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
  const kept = count <= 0 ? [] : all.slice(-count);
  return {
    lines: kept.map((line) => safeLine(line, maxLength)),
    omitted: text === '' ? 0 : all.length - kept.length
  };
}

/**
 * One line of a log from the server, safe to print after a prefix: control characters removed, `##[`
 * broken up, cut at `maxLength` characters. It may still begin with `::`: whoever prints it puts a prefix
 * first.
 */
export function safeLine(line: string, maxLength: number): string {
  const clean = line.replace(CONTROL, ' ').replace(/##\[/g, '## [').trimEnd();
  return clean.length > maxLength ? `${clean.slice(0, maxLength - 1)}…` : clean;
}

/**
 * A name from the server (a pod's) made safe to begin a log line with, as a prefix of lines: sanitized,
 * and quoted when it could begin a workflow command (`::`, after any leading spaces the runner skips), so
 * that what follows it never runs as one.
 */
export function lineLabel(text: string, max: number): string {
  const clean = sanitize(text, max);
  return clean.startsWith(':') ? JSON.stringify(clean) : clean;
}
