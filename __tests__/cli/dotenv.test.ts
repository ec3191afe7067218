// The dotenv report elastic-deploy writes for GitLab (--output dotenv).
import { DOTENV_MAX_BYTES, dotenvReport } from '../../src/cli/dotenv.js';

function report(outputs: Record<string, string>): { text: string; warnings: string[] } {
  const warnings: string[] = [];
  const text = dotenvReport(new Map(Object.entries(outputs)), (line) => warnings.push(line));
  return { text, warnings };
}

describe('dotenvReport', () => {
  it('writes a line per output, leaving out data (the whole answer) and, with a warning, a value of many lines', () => {
    const { text, warnings } = report({
      code: '0000',
      data: '{"task_id":1229831}',
      task_id: '1229831',
      msg: 'two\nlines',
      url: 'https://t1229831-80.apps.example'
    });
    expect(text).toBe(
      'ELASTIC_DEPLOY_OUTPUT_CODE=0000\nELASTIC_DEPLOY_OUTPUT_TASK_ID=1229831\nELASTIC_DEPLOY_OUTPUT_URL=https://t1229831-80.apps.example\n'
    );
    expect(warnings).toEqual(['output msg spans lines, which a dotenv line cannot hold: left out']);
  });

  it("keeps within GitLab's 5 KiB by leaving out the longest values, counted in bytes, and says which", () => {
    const ids = Array.from({ length: 150 }, (_, i) => String(1229831 + i));
    const statuses = JSON.stringify(Object.fromEntries(ids.map((id) => [id, 'Running'])));
    const { text, warnings } = report({
      task_id: '',
      task_ids: JSON.stringify(ids),
      statuses,
      // 1,200 characters, 3,600 bytes of UTF-8: the longest value in bytes, though not in characters.
      region_name: '北'.repeat(1200),
      status: 'Running'
    });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(DOTENV_MAX_BYTES);
    expect(text).toBe(
      [
        'ELASTIC_DEPLOY_OUTPUT_TASK_ID=',
        `ELASTIC_DEPLOY_OUTPUT_TASK_IDS=${JSON.stringify(ids)}`,
        `ELASTIC_DEPLOY_OUTPUT_STATUSES=${statuses}`,
        'ELASTIC_DEPLOY_OUTPUT_STATUS=Running',
        ''
      ].join('\n')
    );
    expect(warnings).toEqual([
      'output region_name (3635 bytes) left out: GitLab refuses a dotenv report over 5 KiB; --output json and response_file hold it'
    ]);
  });

  it('writes a report at the limit whole', () => {
    const line = (value: string): string => `ELASTIC_DEPLOY_OUTPUT_COST=${value}\n`;
    const value = 'x'.repeat(DOTENV_MAX_BYTES - line('').length);
    expect(report({ cost: value })).toEqual({ text: line(value), warnings: [] });
  });
});
