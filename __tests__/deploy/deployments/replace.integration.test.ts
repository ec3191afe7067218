import { renderSummary } from '../../../src/action/summary.js';
import { emulatorStep, useStepBench } from '../../helpers/emulator-step.js';
import { createBody, WEB_SERVICE } from '../../helpers/bodies.js';

const WEB = createBody([{ ...WEB_SERVICE, service_image: 'app:2' }]);

/** Replaces against the emulator over real HTTPS, on a fake clock the step's sleeps move. */
describe('replace against the emulator', () => {
  const bench = useStepBench({ readyAfterSeconds: 20, strict: true }, {});

  const step = (inputs: Record<string, string> = {}) =>
    emulatorStep(
      bench.emulator,
      bench.clock,
      bench.client,
      { log: bench.log },
      { operation: 'replace', task_name: 'llm', points: '1', body: WEB }
    )(inputs);
  const old = (status: 'Running' | 'Paused' = 'Running') =>
    bench.emulator.tasks.add({ task_name: 'llm', points: 1, status });

  it('creates the new task, and only once it is ready stops the old ones and waits until they end', async () => {
    const [a, b] = [old(), old('Paused')];
    const other = bench.emulator.tasks.add({ task_name: 'llm-canary', points: 1, status: 'Running' });
    bench.clock.advance(3600);
    const { result, outputs, failure } = await step();
    expect(failure).toBeUndefined();
    const created = outputs.task_id;
    expect(bench.emulator.tasks.get(created).status).toBe('Running');
    expect([
      bench.emulator.tasks.get(a).status,
      bench.emulator.tasks.get(b).status,
      bench.emulator.tasks.get(other).status
    ]).toEqual(['End', 'End', 'Running']);
    expect(JSON.parse(outputs.replaced_task_ids)).toEqual([a, b].sort().reverse());
    // The old tasks were stopped only after the new one was ready.
    const stops = bench.emulator.requests.filter((r) => r.path === '/api/deployment/task/stop');
    const ready = bench.log.findIndex((line) => line.includes('is ready after'));
    expect(ready).toBeGreaterThan(-1);
    expect(bench.log.slice(ready)).toContainEqual(
      expect.stringMatching(/^replace: task \d+ is ready; stopping task /)
    );
    expect(stops).toHaveLength(2);
    const summary = renderSummary(result, { passed: true });
    expect(summary).toContain('#### Replaced');
    expect(summary).toMatch(/Total cost of the tasks replaced: 1&#46;5[01] yuan/);
  });

  // Regression (issue 37): once the new task was ready, cleanup switched to the user's setting before the
  // old generation was saved for the post step, and the search in between could retry for long: a kill
  // there left both generations running, and the post step exited 0.
  it('saves, at every instant, the new task to stop or the old ones to retire', async () => {
    const [a, b] = [old(), old()];
    // The search after the new task is ready fails twice (retried): the window a kill could land in.
    const { outputs, failure, states } = await step({ cleanup: 'none' });
    expect(failure).toBeUndefined();
    const created = outputs.task_id;
    const guarded = states.every(
      (state) =>
        (state.action === 'stop' && state.created.includes(created)) ||
        [a, b].every((id) => state.retire.includes(id) || bench.emulator.tasks.get(id).status === 'End')
    );
    expect(guarded).toBe(true);
    const first = states.findIndex((state) => state.action === undefined);
    expect([...(states[first]?.retire ?? [])].sort()).toEqual([a, b].sort());
    expect(states.at(-1)).toMatchObject({ action: undefined, retire: [] });
  });

  it('searches the old generation again after stopping it, until a fresh search finds none live', async () => {
    const a = old();
    // Another run makes a task of the name once this step has searched before creating (older than the new
    // task: of the old generation), and the search once the new task is ready fails: only the task known
    // before is stopped then, and the fresh search after it finds the other.
    let other = '';
    const meanwhile = bench.emulator.afterRequest((request) => {
      if (request.path === '/api/deployment/task/search' && other === '') other = old();
    });
    bench.emulator.inject({
      path: '/api/deployment/task/search',
      skip: 1,
      answer: { kind: 'status', status: 503 }
    });
    const { outputs, failure } = await step({ cleanup: 'none', max_retries: '0' });
    meanwhile();
    expect(failure).toBeUndefined();
    expect([
      bench.emulator.tasks.get(a).status,
      bench.emulator.tasks.get(other).status,
      bench.emulator.tasks.get(outputs.task_id).status
    ]).toEqual(['End', 'End', 'Running']);
    expect(bench.log).toContain(
      `replace: a fresh search finds task ${other} of the old generation still live; stopping it too`
    );
    expect(JSON.parse(outputs.replaced_task_ids)).toEqual([a, other]);
  });

  it('rolls back when the new task fails: stops it, leaves the old ones serving, and fails saying so', async () => {
    const a = old();
    bench.emulator.tasks.setCrashLoops([{ pattern: '^llm$', restartEverySeconds: 10 }]);
    const { outputs, failure } = await step();
    const created = outputs.task_id;
    expect(failure).toMatch(
      new RegExp(
        `^replace: task ${created} \\(llm\\) has a node that will not come up: .*; rolled back: task ${created} was stopped; task ${a} keeps serving after 30s$`
      )
    );
    expect([bench.emulator.tasks.get(created).status, bench.emulator.tasks.get(a).status]).toEqual([
      'End',
      'Running'
    ]);
    expect(outputs.replaced_task_ids).toBe('[]');
  });

  it('says so when the failed new task ends in Other, which the platform does not stop, and leaves it to the post step', async () => {
    const a = old();
    bench.emulator.tasks.setFailingCreates([1]);
    const { outputs, failure } = await step();
    const created = outputs.task_id;
    expect(failure).toMatch(
      new RegExp(
        `^replace: task ${created} \\(llm\\) ended in Other; rolled back: task ${created} could not be stopped \\(.*its status is Other, and the platform applies stop to Running, Pending, Paused tasks only\\), the post step tries again; task ${a} keeps serving after 20s$`
      )
    );
    expect([bench.emulator.tasks.get(created).status, bench.emulator.tasks.get(a).status]).toEqual([
      'Other',
      'Running'
    ]);
  });

  it('rolls back a new task that times out', async () => {
    const a = old();
    bench.emulator.tasks.setReadyAfter(3600);
    const { outputs, failure } = await step({ wait_timeout: '1m' });
    expect(failure).toMatch(
      /timed out after 1m0s, last status Pending; rolled back: task \d+ was stopped; task \d+ keeps serving$/
    );
    expect([bench.emulator.tasks.get(outputs.task_id).status, bench.emulator.tasks.get(a).status]).toEqual([
      'End',
      'Running'
    ]);
  });

  it('leaves an old task it could not stop to the post step, which stops it: two generations never both stay', async () => {
    const a = old();
    // Every stop is refused until the step gives up (cleanup_timeout 30s); the new task needs none.
    bench.emulator.inject({
      path: '/api/deployment/task/stop',
      times: Infinity,
      answer: { kind: 'status', status: 503 }
    });
    const { outputs, failure, left } = await step({ cleanup_timeout: '30s' });
    const created = outputs.task_id;
    expect(failure).toMatch(
      new RegExp(
        `^replace: task ${a}: could not be stopped \\(.*\\); it runs alongside task ${created}, and the post step tries again`
      )
    );
    expect([bench.emulator.tasks.get(a).status, bench.emulator.tasks.get(created).status]).toEqual([
      'Running',
      'Running'
    ]);
    // The post step is left exactly the old task still running, and stops it once the platform lets it.
    expect(left?.retire).toEqual([a]);
    bench.emulator.clearFaults();
    const report = await bench.cleanup(left ?? {}, {
      operation: 'replace',
      task_name: 'llm',
      points: '1',
      body: WEB,
      cleanup_timeout: '30s'
    });
    expect(report.outcomes.map((o) => [o.target.id, o.outcome.kind])).toEqual([[a, 'done']]);
    expect([bench.emulator.tasks.get(a).status, bench.emulator.tasks.get(created).status]).toEqual([
      'End',
      'Running'
    ]);
  });

  it('retires every old task when the platform pages its search in ones', async () => {
    bench.emulator.setPageSizeMax(1);
    const olds = [old(), old(), old('Paused')];
    const { outputs, failure } = await step();
    expect(failure).toBeUndefined();
    expect((JSON.parse(outputs.replaced_task_ids) as string[]).sort()).toEqual([...olds].sort());
    for (const id of olds) expect(bench.emulator.tasks.get(id).status).toBe('End');
  });

  it('is a create when no task of the name runs', async () => {
    const { outputs, failure } = await step();
    expect([failure, outputs.status, outputs.replaced_task_ids]).toEqual([undefined, 'Running', '[]']);
    expect(bench.log).toContainEqual(
      expect.stringMatching(/no task of its name ran before: nothing to stop$/)
    );
  });
});
