// The job summary as the CLI writes it to --summary-file: Markdown a person reads raw, as safe to render.

/** Characters that mean nothing to Markdown or HTML in running text: written as themselves. */
const PLAIN = new Set('.,:;()=+\'"?%@{}^/-'.split(''));
/** Characters HTML reads: their named references, which read better raw than numbers do. */
const NAMED: Readonly<Record<string, string>> = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };
/** A numeric character reference, as the summary writes server text (see markdown-text.ts). */
const REFERENCE = /&#(\d{1,7});/g;
/** A fence that opens or closes a code block. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** What the runner's summary says of a job's log that a command line has otherwise (--files-dir). */
const RUNNER_ONLY = /, which `actions\/upload-artifact` keeps/g;

/**
 * The summary's Markdown, for a file a person reads as it is (`--summary-file`): the numeric character
 * references the runner's summary writes server text with (`web&#46;1`) become the characters where
 * they mean nothing to Markdown or HTML (`.`, `:`, `(`, letters beyond ASCII), a backslash escape where
 * they would (`\_`, `\*`, `\[`, `\|`), and `&lt;` `&gt;` `&amp;` for HTML's: rendered, it shows the same text
 * as before, and still no syntax of the server's. Code blocks are left as they are; what the runner alone
 * has (actions/upload-artifact) is said as the CLI has it.
 */
export function readableMarkdown(markdown: string): string {
  let fence: string | undefined;
  return markdown
    .split('\n')
    .map((line) => {
      const opens = FENCE.exec(line)?.[1];
      if (fence !== undefined) {
        if (opens !== undefined && opens[0] === fence[0] && opens.length >= fence.length) fence = undefined;
        return line;
      }
      if (opens !== undefined) {
        fence = opens;
        return line;
      }
      return line
        .replace(RUNNER_ONLY, ', which --files-dir keeps')
        .replace(REFERENCE, (_all, code: string) => {
          const char = String.fromCodePoint(Number(code));
          if (Number(code) >= 0x80) return char;
          if (PLAIN.has(char)) return char;
          return NAMED[char] ?? (/[!-/:-@[-`{-~]/.test(char) ? `\\${char}` : `&#${code};`);
        });
    })
    .join('\n');
}
