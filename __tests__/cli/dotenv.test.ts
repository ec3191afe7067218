// The dotenv report elastic-deploy writes for GitLab (--output dotenv): every GitLab takes it, older
// plans and fresh installs too (at most 20 variables, 5 KiB).
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { DOTENV_MAX_BYTES, DOTENV_MAX_VARIABLES, DOTENV_ORDER, dotenvReport } from '../../src/cli/dotenv.js';

function report(outputs: Record<string, string>, names?: string[]): { text: string; warnings: string[] } {
  const warnings: string[] = [];
  const text = dotenvReport(new Map(Object.entries(outputs)), (line) => warnings.push(line), names);
  return { text, warnings };
}

describe('dotenvReport', () => {
  it('orders every output of action.yml but data, the most useful to a later stage first', () => {
    const action = parse(readFileSync('action.yml', 'utf8')) as { outputs: Record<string, unknown> };
    expect([...DOTENV_ORDER].sort()).toEqual(
      Object.keys(action.outputs)
        .filter((name) => name !== 'data')
        .sort()
    );
    expect(DOTENV_ORDER.slice(0, 4)).toEqual(['task_id', 'status', 'url', 'cost']);
  });

  it('writes only the outputs that have a value, never data, and leaves out a value of many lines, saying so', () => {
    const { text, warnings } = report({
      code: '0000',
      data: '{"task_id":1229831}',
      task_id: '1229831',
      msg: 'two\nlines',
      region: '',
      url: 'https://t1229831-80.apps.example'
    });
    expect(text).toBe(
      'ELASTIC_DEPLOY_OUTPUT_TASK_ID=1229831\nELASTIC_DEPLOY_OUTPUT_URL=https://t1229831-80.apps.example\nELASTIC_DEPLOY_OUTPUT_CODE=0000\n'
    );
    expect(warnings).toEqual(['output msg spans lines, which a dotenv line cannot hold: left out']);
  });

  // Regression (issue 49, point 5): every job run warned that code and msg were left out.
  it('writes at most 20 variables, the first of the order, and leaves the rest out without a word', () => {
    const all = Object.fromEntries(DOTENV_ORDER.map((name, i) => [name, String(i + 1)]));
    const { text, warnings } = report(all);
    const lines = text.split('\n').filter((line) => line !== '');
    expect(lines).toHaveLength(DOTENV_MAX_VARIABLES);
    expect(lines.slice(0, 2)).toEqual(['ELASTIC_DEPLOY_OUTPUT_TASK_ID=1', 'ELASTIC_DEPLOY_OUTPUT_STATUS=2']);
    expect(text).not.toMatch(/_CODE=|_MSG=/);
    expect(warnings).toEqual([]);
  });

  it('names in one warning the outputs --dotenv-outputs named past the twentieth', () => {
    const all = Object.fromEntries(DOTENV_ORDER.map((name, i) => [name, String(i + 1)]));
    const { warnings } = report(all, [...DOTENV_ORDER]);
    expect(warnings).toEqual([
      `outputs ${DOTENV_ORDER.slice(DOTENV_MAX_VARIABLES).join(', ')} left out: GitLab takes at most 20 variables in a dotenv report; name those you need with --dotenv-outputs`
    ]);
  });

  it('writes the outputs --dotenv-outputs names, in its order', () => {
    expect(report({ task_id: '1', url: 'https://a', cost: '0.5' }, ['cost', 'task_id']).text).toBe(
      'ELASTIC_DEPLOY_OUTPUT_COST=0.5\nELASTIC_DEPLOY_OUTPUT_TASK_ID=1\n'
    );
  });

  it("keeps within GitLab's 5 KiB, counted in bytes: a value that would pass it is left out, and the next still fit", () => {
    const ids = Array.from({ length: 150 }, (_, i) => String(1229831 + i));
    const statuses = JSON.stringify(Object.fromEntries(ids.map((id) => [id, 'Running'])));
    const { text, warnings } = report({
      task_id: '1229831',
      task_ids: JSON.stringify(ids),
      statuses,
      // 1,200 characters, 3,600 bytes of UTF-8.
      region_name: '北'.repeat(1200),
      status: 'Running',
      gpu: '4090'
    });
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(DOTENV_MAX_BYTES);
    expect(text).toBe(
      [
        'ELASTIC_DEPLOY_OUTPUT_TASK_ID=1229831',
        'ELASTIC_DEPLOY_OUTPUT_STATUS=Running',
        `ELASTIC_DEPLOY_OUTPUT_TASK_IDS=${JSON.stringify(ids)}`,
        `ELASTIC_DEPLOY_OUTPUT_STATUSES=${statuses}`,
        'ELASTIC_DEPLOY_OUTPUT_GPU=4090',
        ''
      ].join('\n')
    );
    expect(warnings).toEqual([
      'output region_name (3635 bytes) left out: GitLab refuses a dotenv report over 5 KiB; --output json holds it'
    ]);
  });

  it('writes a report at the limit whole', () => {
    const line = (value: string): string => `ELASTIC_DEPLOY_OUTPUT_COST=${value}\n`;
    const value = 'x'.repeat(DOTENV_MAX_BYTES - line('').length);
    expect(report({ cost: value })).toEqual({ text: line(value), warnings: [] });
  });
});
