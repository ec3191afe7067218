import { renderSummary } from '../../../src/action/summary.js';
import { emulatorStep, useStepBench } from '../../helpers/emulator-step.js';

/** Sweeps against the emulator over real HTTPS, on a fake clock the step's sleeps move. */
describe('sweep against the emulator', () => {
  const bench = useStepBench({ readyAfterSeconds: 1, strict: true }, {});

  const step = (inputs: Record<string, string>, dryRun = false) =>
    emulatorStep(
      bench.emulator,
      bench.clock,
      bench.client,
      { log: bench.log },
      { operation: 'sweep' }
    )(inputs, { dryRun });
  const seed = (name: string, status: 'Running' | 'Paused' | 'End' = 'Running') =>
    bench.emulator.tasks.add({ task_name: name, points: 1, status });
  const searches = () => bench.emulator.requests.filter((r) => r.path === '/api/deployment/task/search');
  const stops = () => bench.emulator.requests.filter((r) => r.path === '/api/deployment/task/stop');

  it('stops every matching task that still bills, across two pages of the search, but for the ids kept', async () => {
    const matching = Array.from({ length: 105 }, (_, i) =>
      seed(`pr-7-web-${i}`, i % 10 === 0 ? 'Paused' : 'Running')
    );
    const ended = seed('pr-7-old', 'End');
    const others = [seed('pr-71-web'), seed('x-pr-7-web'), seed('pr-7')];
    const kept = [matching[3] ?? '', matching[104] ?? ''];
    bench.clock.advance(3600);
    const { outputs, failure, result } = await step({ task_name: 'pr-7-*', task_id: kept.join(', ') });
    expect(failure).toBeUndefined();
    const stopped = matching.filter((id) => !kept.includes(id));
    expect(outputs.count).toBe('103');
    expect((JSON.parse(outputs.task_ids) as string[]).sort()).toEqual([...stopped].sort());
    for (const id of stopped) expect(bench.emulator.tasks.get(id).status).toBe('End');
    for (const id of [...kept, ...others]) expect(bench.emulator.tasks.get(id).status).not.toBe('End');
    expect(bench.emulator.tasks.get(ended).status).toBe('End');
    // Both pages, then a fresh search that finds none left.
    expect(searches().map((r) => new URL(r.target, 'https://x').searchParams.get('page'))).toEqual([
      '1',
      '2',
      '1'
    ]);
    expect(searches()[0]?.target).toContain('status=Running,Pending,Paused&search_value=pr-7-');
    expect(bench.log).toContain(`sweep: task ${kept[0] ?? ''} "pr-7-web-3" (Running) is kept (task_id)`);
    // What the stopped tasks had cost: 1.5 an hour each while running, none while paused.
    expect(renderSummary(result, { passed: true })).toMatch(
      /Total cost of these 103 tasks: 138&#46;\d{2} yuan/
    );
  });

  // Regression: the search stopped at the first page shorter than the 100 it asked for, so a platform
  // that caps its pages lower hid tasks from the sweep, which left them billing.
  it('follows the count across pages a platform caps below the size asked, and stops every match', async () => {
    bench.emulator.setPageSizeMax(4);
    const matching = Array.from({ length: 10 }, (_, i) => seed(`pr-5-web-${i}`));
    const { outputs, failure } = await step({ task_name: 'pr-5-*' });
    expect([failure, outputs.count]).toEqual([undefined, '10']);
    for (const id of matching) expect(bench.emulator.tasks.get(id).status).toBe('End');
    expect(searches().map((r) => new URL(r.target, 'https://x').searchParams.get('page'))).toEqual([
      '1',
      '2',
      '3',
      '1'
    ]);
  });

  // Regression (issue 37): paging by offset over a list that changed while it was read skipped a task,
  // and the sweep exited 0 with it still running.
  it('reads the list again when it changes between pages, and searches again after stopping', async () => {
    bench.emulator.setPageSizeMax(3);
    const matching = Array.from({ length: 6 }, (_, i) => seed(`pr-6-web-${i}`));
    // Another run, meanwhile: once page 1 is read, it stops a task of that page (every later one shifts
    // back by one); once this sweep stops its first task, it makes another of the pattern.
    let late = '';
    const meanwhile = bench.emulator.afterRequest((request) => {
      if (request.path === '/api/deployment/task/search' && searches().length === 1)
        bench.emulator.tasks.stop(matching[5] ?? '');
      if (request.path === '/api/deployment/task/stop' && late === '') late = seed('pr-6-web-late');
    });
    const { outputs, failure } = await step({ task_name: 'pr-6-*' });
    meanwhile();
    expect(failure).toBeUndefined();
    for (const id of [...matching, late]) expect(bench.emulator.tasks.get(id).status).toBe('End');
    // Pages 1 and 2, the count changed: pages 1 and 2 again; then the fresh search, and the last one.
    expect(searches().map((r) => new URL(r.target, 'https://x').searchParams.get('page'))).toEqual([
      '1',
      '2',
      '1',
      '2',
      '1',
      '1'
    ]);
    expect(bench.log).toContain('sweep: a fresh search finds 1 more task(s) of the pattern still live');
    expect(bench.log.at(-1)).toBe('sweep: a fresh search finds no other task of "pr-6-*" live');
    expect(outputs.count).toBe('6');
  });

  // Regression (issue 37): a stop answered 0000 was counted as stopped while the task ran on.
  it('counts a task stopped only once its detail says End: a stop accepted and not acted on is sent again', async () => {
    const id = seed('pr-4-web');
    bench.emulator.inject({
      path: '/api/deployment/task/stop',
      times: 2,
      answer: { kind: 'envelope', code: '0000' }
    });
    const { outputs, failure } = await step({ task_name: 'pr-4-*' });
    expect([failure, outputs.count]).toEqual([undefined, '1']);
    expect(bench.emulator.tasks.get(id).status).toBe('End');
    expect(stops()).toHaveLength(3);
    expect(bench.log.join('\n')).toMatch(
      `cleanup: stop task ${id}: the platform accepted it, but its status is Running: asking again in`
    );
  });

  it('waits for a platform that acts on a stop late, and fails, naming the task, when one never acts', async () => {
    bench.emulator.tasks.setActLag(20);
    const late = seed('pr-3-web');
    const slow = await step({ task_name: 'pr-3-*' });
    expect([slow.failure, slow.outputs.count]).toEqual([undefined, '1']);
    expect(bench.emulator.tasks.get(late).status).toBe('End');
    bench.emulator.tasks.setActLag(0);
    const never = seed('pr-2-web');
    bench.emulator.inject({
      path: '/api/deployment/task/stop',
      times: Infinity,
      answer: { kind: 'envelope', code: '0000' }
    });
    const { failure, outputs } = await step({ task_name: 'pr-2-*', cleanup_timeout: '1m' });
    expect(failure).toMatch(
      new RegExp(
        `^sweep: task ${never} \\(pr-2-web\\): could not be stopped: the platform accepted it, but its status is Running`
      )
    );
    expect([outputs.count, bench.emulator.tasks.get(never).status]).toEqual(['0', 'Running']);
  });

  it('lists in a dry run what it would stop, and stops nothing', async () => {
    const id = seed('pr-8-api');
    seed('pr-9-api');
    const { outputs } = await step({ task_name: 'pr-8-*' }, true);
    expect([outputs.count, outputs.task_ids]).toEqual(['1', JSON.stringify([id])]);
    expect(bench.log).toContain(`sweep: would stop task ${id} "pr-8-api" (Running)`);
    expect(stops()).toHaveLength(0);
    expect(bench.emulator.tasks.get(id).status).toBe('Running');
  });

  it('refuses a pattern too broad before sending anything', async () => {
    await expect(step({ task_name: 'pr*' })).rejects.toThrow(
      'task_name "pr*" is too broad a pattern for sweep: write at least 3 characters besides *, such as pr-42-*'
    );
    expect(bench.emulator.requests).toHaveLength(0);
  });

  it('fails, naming the task, when a stop is refused', async () => {
    const id = seed('pr-5-web');
    bench.emulator.inject({
      path: '/api/deployment/task/stop',
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999' }
    });
    const { failure, outputs } = await step({ task_name: 'pr-5-*' });
    expect(failure).toMatch(new RegExp(`^sweep: task ${id} \\(pr-5-web\\): could not be stopped: `));
    expect(bench.log.at(-1)).toBe(
      'sweep: a fresh search finds no other task of "pr-5-*" live besides the 1 it could not stop'
    );
    expect(outputs.count).toBe('0');
  });
});
