// Issue 63, point 6: --summary-file is Markdown a person can read raw: the runner's summary writes server
// text as numeric references (web&#46;1), which the file has as text where that is safe.
import { escape } from '../../src/basics/markdown-text.js';
import { readableMarkdown } from '../../src/cli/readable-markdown.js';

describe('readableMarkdown', () => {
  it('writes server text as itself where Markdown and HTML see nothing in it', () => {
    expect(readableMarkdown(`| ${escape('web-1.example: ok (2/3), 100%')} |`)).toBe(
      '| web-1.example: ok (2/3), 100% |'
    );
    expect(readableMarkdown(escape('训练任务，第一'))).toBe('训练任务，第一');
  });

  it('keeps what would be syntax from being syntax: a backslash escape, or an HTML reference', () => {
    expect(readableMarkdown(escape('**bold** _x_ [link](javascript:alert) `code` | #1 ![i] ~s~'))).toBe(
      '\\*\\*bold\\*\\* \\_x\\_ \\[link\\](javascript:alert) \\`code\\` \\| \\#1 \\!\\[i\\] \\~s\\~'
    );
    expect(readableMarkdown(escape('<script>alert(1)</script> & <b>'))).toBe(
      '&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;'
    );
    // A reference the server sent as text stays text: its & was escaped first.
    expect(readableMarkdown(escape('&#46; and &lt;'))).toBe('&amp;\\#46; and &amp;lt;');
  });

  it('leaves code blocks as they are, and says what the runner keeps as the CLI keeps it', () => {
    const text = ['before &#46;', '```', 'log &#46; line', '```', 'after &#46;'].join('\n');
    expect(readableMarkdown(text)).toBe(['before .', '```', 'log &#46; line', '```', 'after .'].join('\n'));
    expect(
      readableMarkdown(
        "<sub>The job's log: in the step's log as it ran, and every line in the file of the `log_file` output, which `actions/upload-artifact` keeps.</sub>"
      )
    ).toBe(
      "<sub>The job's log: in the step's log as it ran, and every line in the file of the `log_file` output, which --files-dir keeps.</sub>"
    );
  });
});
