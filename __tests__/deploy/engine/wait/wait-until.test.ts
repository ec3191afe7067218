import { TASK_KINDS } from '../../../../src/platform/task-kinds.js';
import { waitUntil } from '../../../../src/deploy/engine/wait/wait-until.js';
import { urlPublisher } from '../../../../src/deploy/engine/tasks/publishable-urls.js';
import { taskResult, type TaskResult } from '../../../../src/deploy/engine/wait/task-result.js';
import { criteriaFor } from '../../../../src/deploy/engine/wait/criteria.js';
import type { Settings } from '../../../../src/deploy/settings.js';
import type { Call } from '../../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../../src/platform/session.js';
import { scriptedContext } from '../../../helpers/runtime.js';
import { testSettings } from '../../../helpers/settings.js';
import { refusal } from '../../../helpers/refusal.js';

const ok = (data: unknown): Answer => ({
  result: { code: '0000', msg: 'success', data },
  raw: JSON.stringify(data)
});
const REFUSED = refusal('C404', 'refused with C404');
const running = (id: number, url?: string) => ({
  task_id: id,
  task_name: 'web',
  status: 'Running',
  services: url === undefined ? [] : [{ service_name: 'web', remote_ports: [{ service_port: 80, url }] }]
});

/**
 * waitUntil for `tasks` against a platform whose details answer as `details` says (a refusal, or task
 * data), whose task searches list `listed`, and whose node lists are empty.
 */
async function waitFor(
  tasks: TaskResult[],
  platform: { details: Record<string, unknown>; listed?: unknown[]; searchFails?: boolean },
  overrides: Partial<Settings> = {}
) {
  const settings = testSettings({
    ...overrides,
    wait: { ...testSettings().wait, intervalMs: 1000, timeoutMs: 5000, ...overrides.wait }
  });
  const sent: string[] = [];
  const log: string[] = [];
  const send = (call: Call): Promise<Answer> => {
    sent.push(`${call.operation} ${call.endpoint.path}`);
    if (call.operation === 'search_tasks') {
      if (platform.searchFails === true) return Promise.reject(REFUSED);
      const results = platform.listed ?? [];
      return Promise.resolve(ok({ count: results.length, results }));
    }
    if (call.endpoint.path.endsWith('/points')) return Promise.resolve(ok({ count: 0, results: [] }));
    const detail = platform.details[call.taskId ?? ''];
    return detail instanceof Error ? Promise.reject(detail) : Promise.resolve(ok(detail));
  };
  const ctx = scriptedContext(send, { settings, log: (line) => log.push(line) });
  const result = await waitUntil(tasks, criteriaFor('ready', settings.wait, TASK_KINDS.deployment), ctx, {
    readAlready: new Set(),
    publish: urlPublisher(ctx)
  });
  return { ...result, sent, log };
}

describe('waitUntil', () => {
  it('asks the task search when the detail is refused: a task no search lists is gone, and fails the wait', async () => {
    const { tasks } = await waitFor([taskResult('7')], { details: { '7': REFUSED } });
    expect(tasks[0]).toMatchObject({ id: '7', verdict: 'failed' });
    expect(tasks[0]?.message).toBe('no longer exists');
  });

  it('asks the task search when the detail is refused: a task it lists is seen as the search shows it', async () => {
    const { tasks } = await waitFor([taskResult('7')], {
      details: { '7': REFUSED },
      listed: [running(7, 'https://web.example')]
    });
    expect(tasks[0]).toMatchObject({ id: '7', verdict: 'reached', urls: ['https://web.example'] });
  });

  it('fails the poll when neither the detail nor the search can be read', async () => {
    const { tasks } = await waitFor([taskResult('7')], { details: { '7': REFUSED }, searchFails: true });
    expect(tasks[0]).toMatchObject({
      verdict: 'error',
      message: expect.stringContaining('refused with C404')
    });
  });

  it('fails a ready task that has no service URL to check health_path at, and leaves a failed one as it is', async () => {
    const { tasks } = await waitFor(
      [taskResult('7'), taskResult('8')],
      { details: { '7': running(7), '8': { ...running(8), status: 'Other' } } },
      { health: { ...testSettings().health, path: '/health' } }
    );
    expect(tasks.map((t) => [t.id, t.verdict, t.message])).toEqual([
      ['7', 'failed', 'has no service URL to check /health at'],
      ['8', 'failed', expect.stringContaining('Other')]
    ]);
  });

  it('reads the nodes of the failed tasks only, to show why', async () => {
    const { tasks, log } = await waitFor([taskResult('7'), taskResult('8')], {
      details: { '7': running(7, 'https://web.example'), '8': { ...running(8), status: 'Other' } }
    });
    expect(tasks.map((t) => [t.id, t.diagnostics === undefined])).toEqual([
      ['7', true],
      ['8', false]
    ]);
    expect(log).toContain('task 8: reading its nodes, their events and logs, to show why');
  });
});

describe('urlPublisher', () => {
  it('warns once for each URL it does not publish, however often it sees it', () => {
    const warnings: string[] = [];
    const publish = urlPublisher({ runtime: { warn: (line: string) => warnings.push(line) } });
    expect(publish('7', ['ftp://web', 'https://web.example'])).toEqual(['https://web.example']);
    expect(publish('7', ['ftp://web'])).toEqual([]);
    expect(warnings).toEqual([
      'task 7: the service URL "ftp://web" is not an absolute http(s) URL, so it is not published in url, urls or the summary'
    ]);
  });
});
