// Text for Markdown that GitHub renders (the job summary, a pull request's comment): server text shown as
// text, never as syntax, and URLs put inside HTML attributes safely.

/**
 * Text as the summary shows it: on one line, and every character but letters, digits, spaces and
 * "-,/" written as a numeric character reference. Markdown and HTML see no syntax at all in it (no
 * brackets, "!", "*", "_", backticks, "<", "|", nor the ":" "." "@" of an autolink), and it reads the same.
 */
export function escape(text: string): string {
  // Only characters beyond ASCII are looked up in Unicode's tables: an ASCII character outside
  // "A-Za-z0-9 ,/-" is never a letter, digit or mark.
  return text
    .replace(/[\r\n]+/g, ' ')
    .replace(/[^A-Za-z0-9 ,/-]/g, (char) => (char.charCodeAt(0) < 0x80 ? `&#${char.charCodeAt(0)};` : char))
    .replace(/[^\0-\x7f]+/g, (run) =>
      run.replace(notLetterDigitOrMark(), (char) => `&#${char.codePointAt(0) ?? 0};`)
    );
}

let notLetterDigitOrMarkPattern: RegExp | undefined;
/**
 * A character that is no letter, digit or mark, made the first time text beyond ASCII is escaped. Not a
 * literal: V8 checks every regular expression literal of the bundle as it compiles it, and reading
 * Unicode's tables for these three classes cost every step about 3 ms (valgrind, bench/NOTES.md),
 * though most summaries have no character beyond ASCII.
 */
function notLetterDigitOrMark(): RegExp {
  return (notLetterDigitOrMarkPattern ??= new RegExp('[^\\p{L}\\p{N}\\p{M}]', 'gu'));
}

/** A validated URL inside an HTML attribute. */
export function attribute(url: string): string {
  return url
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
