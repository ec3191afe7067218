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
