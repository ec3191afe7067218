// The masker replaces a secret in every form a step writes it, the job summary's escaped text too: the
// CLI's summary file reads that text back to plain words after the masker (readableMarkdown).
import { masker } from '../../src/action/masker.js';
import { escape } from '../../src/basics/markdown-text.js';
import { readableMarkdown } from '../../src/cli/readable-markdown.js';

describe('the masker', () => {
  it('replaces a secret as the summary escapes it, so that no reading back shows it', () => {
    const { redact } = masker(['s3cr3t.pass_word!']);
    const line = escape('pod log: password=s3cr3t.pass_word! done');
    expect(line).not.toContain('s3cr3t.pass_word!');
    const masked = redact(line);
    expect(masked).not.toContain(escape('s3cr3t.pass_word!'));
    expect(readableMarkdown(masked)).not.toContain('s3cr3t.pass_word!');
    expect(readableMarkdown(masked)).toContain('***');
    // As plain text, as before.
    expect(redact('password=s3cr3t.pass_word!')).toBe('password=***');
  });
});
