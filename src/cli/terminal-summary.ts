/**
 * The job summary as a terminal shows it: the markdown the summary file holds (escaped for GitHub,
 * every character that markdown or HTML could read as its own an entity) made plain text. Entities
 * become their characters again; a table's columns are aligned, its separator row a line; headings lose
 * their marks; `<sub>` notes and `<details>` blocks become plain lines; fenced code keeps its lines.
 * What comes from the server was made safe when the summary was rendered (no control character, no
 * line break in a cell), and stays so: only entities are undone.
 */
export function terminalSummary(markdown: string): string {
  const out: string[] = [];
  let table: string[][] = [];
  let fence: string | undefined;
  const flush = (): void => {
    if (table.length > 0) out.push(...alignTable(table));
    table = [];
  };
  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (fence !== undefined) {
      if (line.startsWith(fence)) fence = undefined;
      else out.push(`  ${line}`);
      continue;
    }
    const opening = /^(`{3,}|~{3,})/.exec(line)?.[1];
    if (opening !== undefined) {
      flush();
      fence = opening;
      continue;
    }
    if (/^\|.*\|\s*$/.test(line)) {
      if (/^\|(\s*:?-+:?\s*\|)+\s*$/.test(line)) table.push([]);
      else table.push(cells(line));
      continue;
    }
    flush();
    out.push(plainLine(line));
  }
  flush();
  // No line may begin as a workflow command does, should the text reach a runner's log.
  return `${out
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
    .replace(/^::/gm, ' ::')}\n`;
}

/** A table row's cells, each unescaped; `\|` is a bar within a cell. */
function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split(/(?<!\\)\|/)
    .map((cell) => unescapeEntities(withoutTags(cell.trim().replace(/\\\|/g, '|'))));
}

/** The rows with their columns aligned; an empty row (the separator) as a line under the header. */
function alignTable(rows: readonly string[][]): string[] {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, width(cell))));
  return rows.map((row) =>
    row.length === 0
      ? widths.map((w) => '─'.repeat(w)).join('  ')
      : row
          .map((cell, i) => `${cell}${' '.repeat((widths[i] ?? 0) - width(cell))}`)
          .join('  ')
          .trimEnd()
  );
}

/** Characters a terminal shows two columns wide: CJK, full-width forms, emoji (✅, ❌). */
const WIDE =
  /[\u1100-\u115f\u2705\u274c\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}]/u;

/** Columns a cell takes on a terminal: wide characters take two. */
export function width(text: string): number {
  let columns = 0;
  for (const char of text) columns += WIDE.test(char) ? 2 : 1;
  return columns;
}

function plainLine(line: string): string {
  return unescapeEntities(withoutTags(line.replace(/^#{1,6}\s+/, '')));
}

/** The summary's own HTML as text: a link as its text, a note or a fold as its lines. */
function withoutTags(text: string): string {
  return text
    .replace(/<a href="[^"]*">(.*?)<\/a>/g, '$1')
    .replace(/<\/?(sub|sup|details)>/g, '')
    .replace(/<summary>(.*?)<\/summary>/g, '$1:')
    .replace(/<br\s*\/?>/g, ' ');
}

/** `&#46;`, `&#x2e;`, `&amp;`, `&lt;`, `&gt;`, `&quot;`: the characters again. */
export function unescapeEntities(text: string): string {
  const named: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, code: string) => {
    if (code.startsWith('#x') || code.startsWith('#X')) return safeChar(parseInt(code.slice(2), 16), all);
    if (code.startsWith('#')) return safeChar(Number(code.slice(1)), all);
    return named[code.toLowerCase()] ?? all;
  });
}

/** A code point as its character, unless it is a control character (left as the entity). */
function safeChar(code: number, entity: string): string {
  if (!Number.isInteger(code) || code < 0x20 || (code >= 0x7f && code < 0xa0) || code > 0x10ffff)
    return entity;
  return String.fromCodePoint(code);
}

/** An output's value for a person: cut to `max` characters, saying how long it was. */
export function shortened(value: string, max = 120): string {
  return value.length <= max ? value : `${value.slice(0, max - 1)}… (${value.length} characters)`;
}
