// Hostile scenarios of the runner capability (issue 62) against the emulator (whose jobs run the GitHub
// stand-in's simulated runner) and the GitHub stand-in, over real HTTPS on the fake clock: reads held back
// while the step waits, creates refused, lost or landing late, two steps of one label, cancellations at
// each phase, records deleted under the step, optional fields absent, stops refused. Each asserts on state:
// the emulator's jobs (nothing billing that the step did not hand over or report) and GitHub's runners.
import type { RunnerHostOpener } from '../../../src/deploy/engine/runner-host.js';
import { useRunnerBench } from '../../helpers/runner-bench.js';

const JOB_CREATE = '/api/task/job/create';
const JOB_DETAIL = '/api/task/job/detail';

/** A job that bills no more: stopped (Paused or End), or its run over. */
const STOPPED = ['Paused', 'End'];

describe('operation: runner, hostile', () => {
  const bench = useRunnerBench({ request_timeout: '1s' });
  const made = () =>
    bench
      .sent(JOB_CREATE)
      .map((r) => r.createdTaskId)
      .filter((id): id is string => id !== undefined);
  const status = (id: string) => {
    bench.clock.advance(0);
    return String(bench.emulator.jobs.get(id).status);
  };
  /** The jobs the creates made that still bill (not stopped), late ones included. */
  const billing = () => made().filter((id) => !STOPPED.includes(status(id)));

  describe('reads held back while it waits', () => {
    it.each([
      ['429 with Retry-After', { kind: 'status', status: 429, retryAfter: { seconds: 20 } }],
      ['502', { kind: 'status', status: 502 }]
    ] as const)(
      'the job detail answered %s a few times, then normally: the runners come online and are handed over',
      async (_what, answer) => {
        bench.emulator.inject({ path: JOB_DETAIL, times: 3, answer });
        const { failure, outputs, left } = await bench.step({ runners: '2' }, { runnerHost: bench.host() });
        expect(failure).toBeUndefined();
        const ids = JSON.parse(outputs.task_ids) as string[];
        expect(ids.sort()).toEqual(made().sort());
        for (const id of ids) expect(status(id)).toBe('Running');
        expect(bench.github.store.runners.all().map((r) => r.status)).toEqual(['online', 'online']);
        expect(left?.created).toEqual([]);
        expect(bench.sent(JOB_DETAIL).filter((r) => r.fault !== undefined)).toHaveLength(3);
      }
    );

    it('the job detail not answered within request_timeout a few times: it still comes online', async () => {
      bench.emulator.inject({ path: JOB_DETAIL, times: 2, delayMs: 1500 });
      const { failure, outputs } = await bench.step({}, { runnerHost: bench.host() });
      expect(failure).toBeUndefined();
      const [id = ''] = JSON.parse(outputs.task_ids) as string[];
      expect(status(id)).toBe('Running');
      expect(bench.github.store.runners.all().map((r) => r.status)).toEqual(['online']);
      // Both reads held back were sent (and given up on): GitHub's list decided.
      expect(bench.sent(JOB_DETAIL).length).toBeGreaterThanOrEqual(2);
    });

    it('the job detail never readable: it fails within its budget, having stopped the job and removed the runner', async () => {
      bench.emulator.inject({
        path: JOB_DETAIL,
        skip: 0,
        times: Infinity,
        answer: { kind: 'status', status: 502 }
      });
      bench.simulate({ neverOnline: true });
      const { failure, left } = await bench.step({ poll_error_budget: '3' }, { runnerHost: bench.host() });
      bench.emulator.clearFaults();
      expect(failure).toMatch(/could not be read 3 times in a row/);
      expect(made()).toHaveLength(1);
      expect(billing()).toEqual([]);
      expect(left?.created).toEqual([]);
      expect(bench.github.store.runners.all()).toEqual([]);
    });

    it.each([
      [
        '502',
        502,
        () => {
          bench.github.failOn({ path: /\/actions\/runners$/, method: 'GET', times: 3 });
        }
      ],
      [
        'rate limited (primary)',
        403,
        () => {
          bench.github.limitNext('primary', 2);
        }
      ],
      [
        'rate limited (secondary, 429)',
        429,
        () => {
          bench.github.limitNext('secondary', 2, 429);
        }
      ]
    ])(
      "GitHub's runner list answered %s a few times: the runners still come online",
      async (_what, code, fault) => {
        // The faults meet the reads of the wait: the registrations come first.
        const { failure, outputs } = await bench.step(
          { runners: '2' },
          {
            runnerHost: async (scope) => {
              const host = await bench.host()(scope);
              let armed = false;
              return {
                ...host,
                list: (label) => {
                  if (!armed) fault();
                  armed = true;
                  return host.list(label);
                }
              };
            }
          }
        );
        expect(failure).toBeUndefined();
        for (const id of JSON.parse(outputs.task_ids) as string[]) expect(status(id)).toBe('Running');
        expect(bench.github.store.runners.all().map((r) => r.status)).toEqual(['online', 'online']);
        expect(bench.github.calls.filter((call) => call.status === code).length).toBeGreaterThan(1);
      }
    );
  });

  describe('creates refused, lost, or landing late', () => {
    const REFUSED = { kind: 'envelope', code: 'C008', message: '资源不足' } as const;

    it("the second runner's create refused everywhere: the first's job stopped, both runners removed, the refused name left for the post step", async () => {
      bench.emulator.inject({ path: JOB_CREATE, skip: 1, times: Infinity, answer: REFUSED });
      const { failure, left } = await bench.step({ runners: '2' }, { runnerHost: bench.host() });
      bench.emulator.clearFaults();
      expect(failure).toMatch(/refused the create on each of the 2 region\(s\) tried, making no task/);
      expect(bench.log).toContainEqual(
        expect.stringMatching(/^runner: the platform job of runner gpu-9001-1-2 was not made: .*: stopping/)
      );
      expect(made()).toHaveLength(1);
      expect(billing()).toEqual([]);
      expect(bench.github.store.runners.all()).toEqual([]);
      expect(left?.created).toEqual([]);
      expect(left?.lookup?.taskName).toBe('gpu-9001-1-2');
      const post = await bench.cleanup(left ?? {}, { operation: 'runner' });
      expect(post.unsettled).toBeUndefined();
      expect(billing()).toEqual([]);
    });

    it('a refused create that lands after the step gave up: the post step finds it by name and stops it', async () => {
      // Refused on each region tried, the last one applied late, after the step has failed.
      bench.emulator.inject({ path: JOB_CREATE, answer: REFUSED });
      bench.emulator.inject({ path: JOB_CREATE, answer: REFUSED, applyAfterMs: 4000 });
      const { failure, left } = await bench.step({}, { runnerHost: bench.host() });
      expect(failure).toMatch(/refused the create on each of the 2 region\(s\) tried/);
      expect(bench.github.store.runners.all()).toEqual([]);
      expect(left?.lookup?.taskName).toBe('gpu-9001-1-1');
      expect(made()).toEqual([]);
      const post = await bench.cleanup(left ?? {}, { operation: 'runner' });
      expect(made()).toHaveLength(1);
      expect(post.outcomes.map((o) => [o.target.id, o.outcome.kind])).toEqual([[made()[0], 'done']]);
      expect(billing()).toEqual([]);
    });

    it('a create answered 502 that landed: the job found by name is adopted, handed over, and the post step stops nothing', async () => {
      bench.emulator.inject({
        path: JOB_CREATE,
        skip: 1,
        answer: { kind: 'status', status: 502 },
        apply: true
      });
      const { failure, outputs, left } = await bench.step({ runners: '2' }, { runnerHost: bench.host() });
      expect(failure).toBeUndefined();
      const ids = JSON.parse(outputs.task_ids) as string[];
      expect(made().sort()).toEqual([...ids].sort());
      expect(bench.github.store.runners.all().map((r) => r.status)).toEqual(['online', 'online']);
      await bench.cleanup(left ?? {}, { operation: 'runner' });
      for (const id of ids) expect(status(id)).toBe('Running');
    });
  });

  it('two steps of one run with the same task_name at once: the second is refused its runners by name and makes nothing; the first hands its own over', async () => {
    const [first, second] = await Promise.all([
      bench.step({ runners: '2' }, { runnerHost: bench.host() }),
      bench.step({ runners: '2' }, { runnerHost: bench.host(), clockSkewMs: 1000 })
    ]);
    const results = [first, second];
    const won = results.filter((r) => r.failure === undefined);
    const lost = results.filter((r) => r.failure !== undefined);
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.failure).toMatch(/gpu-9001-1-1/);
    const ids = JSON.parse(won[0]?.outputs.task_ids ?? '[]') as string[];
    expect(made().sort()).toEqual([...ids].sort());
    expect(lost[0]?.left?.created ?? []).toEqual([]);
    expect(lost[0]?.left?.lookup).toBeUndefined();
    // The post steps of both: the runners handed over run on.
    for (const one of results) await bench.cleanup(one.left ?? {}, { operation: 'runner' });
    for (const id of ids) expect(status(id)).toBe('Running');
    expect(bench.github.store.runners.all().map((r) => [r.name, r.status])).toEqual([
      ['gpu-9001-1-1', 'online'],
      ['gpu-9001-1-2', 'online']
    ]);
  });

  describe('cancelled at each phase: the post step stops every job the step made', () => {
    it.each([
      // Cancelled while the first runner is started: it is made (its create was under way), no second one.
      ['while registering the first runner', /^runner gpu-9001-1-1: registered/, 1],
      ["right after the first create's answer", /^task_id: /, 1],
      ['right after the second create was sent', /^runner gpu-9001-1-2: registered/, 2],
      ['while waiting, one runner online', /^runner: 1 of 2 online/, 2]
    ])('%s', async (_when, cancelWhen, count) => {
      bench.simulate({ neverOnline: true });
      const { failure, left } = await bench.step(
        { runners: '2' },
        {
          cancelWhen,
          // The first runner connects once its job runs; the second never does.
          runnerHost: async (scope) => {
            const host = await bench.host()(scope);
            return {
              ...host,
              list: (label) => {
                const [one] = bench.github.store.runners.all();
                if (one !== undefined && made().length === 2) one.status = 'online';
                return host.list(label);
              }
            };
          }
        }
      );
      expect(failure).toBeDefined();
      // No runner more is made once the step is cancelled.
      expect(made()).toHaveLength(count);
      expect([...(left?.created ?? [])].sort()).toEqual(made().sort());
      bench.clock.advance(0);
      await bench.cleanup(left ?? {}, { operation: 'runner' });
      expect(billing()).toEqual([]);
      // And later, once any create that may land has: still nothing bills.
      bench.clock.advance(600);
      expect(billing()).toEqual([]);
    });
  });

  describe('records deleted under the step while it waits', () => {
    /** GitHub for the step, `act` run once at its first read of the runners (the jobs made by then). */
    const hostActing =
      (act: () => Promise<void> | void): RunnerHostOpener =>
      async (scope) => {
        const host = await bench.host()(scope);
        let done = false;
        return {
          ...host,
          list: async (label) => {
            if (!done) {
              done = true;
              await act();
            }
            return host.list(label);
          }
        };
      };

    it('GitHub removes a runner before it connects: its runner exits, the step fails and stops every job it made', async () => {
      const { failure, left } = await bench.step(
        { runners: '2' },
        {
          runnerHost: hostActing(() => {
            const [gone] = bench.github.store.runners.all();
            if (gone !== undefined) bench.github.store.runners.remove(gone);
          })
        }
      );
      expect(failure).toMatch(/^runner: gpu-9001-1-1: its job ended before its runner came online: /);
      expect(made()).toHaveLength(2);
      expect(billing()).toEqual([]);
      expect(left?.created).toEqual([]);
      expect(bench.github.store.runners.all()).toEqual([]);
    });

    it('another step stops a runner job while the step waits: the step fails, and stops the other job it made', async () => {
      bench.simulate({ neverOnline: true });
      const { failure, left } = await bench.step(
        { runners: '2' },
        {
          runnerHost: hostActing(async () => {
            const stopped = await bench.step({
              operation: 'job_stop',
              gpu: '',
              body: '',
              task_name: '',
              task_id: made()[1] ?? ''
            });
            expect(stopped.failure).toBeUndefined();
          })
        }
      );
      expect(failure).toMatch(/^runner: gpu-9001-1-2: its job ended/);
      expect(made()).toHaveLength(2);
      expect(billing()).toEqual([]);
      expect(left?.created).toEqual([]);
      expect(bench.github.store.runners.all()).toEqual([]);
    });
  });

  describe('found by the review of this file', () => {
    it('a create answered 502 that lands late, after it was sent again: the runner handed over runs on through the post step; the late twin bills nothing', async () => {
      bench.emulator.inject({
        path: JOB_CREATE,
        answer: { kind: 'status', status: 502 },
        applyAfterMs: 60_000
      });
      const { failure, outputs, left } = await bench.step({}, { runnerHost: bench.host() });
      expect(failure).toBeUndefined();
      const [id = ''] = JSON.parse(outputs.task_ids) as string[];
      expect(status(id)).toBe('Running');
      // The post step, as the action runs it once the step succeeded: the runner handed over runs on.
      await bench.cleanup(left ?? {}, { operation: 'runner' });
      expect(status(id)).toBe('Running');
      expect(bench.github.store.runners.all().map((r) => r.status)).toEqual(['online']);
      // The first create lands: its runner's configuration was used, so it exits, and its job ends.
      bench.clock.advance(120);
      // A read after the time it lands (the emulator applies a late create as time passes under requests).
      await bench.step({ operation: 'job_search', gpu: '', body: '', task_name: 'gpu-9001-1-1' });
      bench.clock.advance(120);
      await bench.step({ operation: 'job_search', gpu: '', body: '', task_name: 'gpu-9001-1-1' });
      const twins = made().filter((one) => one !== id);
      expect(twins).toHaveLength(1);
      expect(billing()).toEqual([id]);
    });

    it('max_cost holds the runner jobs while it waits when the job detail says nothing of what the jobs cost', async () => {
      bench.emulator.tasks.setOmitCostFields(true);
      bench.simulate({ neverOnline: true });
      const { failure, left } = await bench.step(
        { runners: '2', max_cost: '0.05', wait_timeout: '2h', poll_interval: '1m' },
        { runnerHost: bench.host() }
      );
      bench.emulator.tasks.setOmitCostFields(false);
      const cost = made().reduce((sum, id) => {
        const detail = bench.emulator.jobs.get(id);
        return sum + Number(detail.billing_value ?? 0) + Number(detail.forecast_value ?? 0);
      }, 0);
      // Held to the billing records, said at once: they are booked every five minutes, so the jobs are
      // stopped at the first booking that reaches the cap (two runners' five minutes, about 0.31 yuan, over
      // 0.05 yuan), not at the runner_timeout of an hour (3.76 yuan) as when the cap was not held.
      expect(bench.log).toContainEqual(
        expect.stringMatching(
          /^cost: the runner jobs' details say neither billing_value nor forecast_value: max_cost 0\.05 yuan is held to the platform's billing records/
        )
      );
      expect(cost).toBeGreaterThanOrEqual(50_000);
      expect(cost).toBeLessThan(400_000);
      expect(failure).toMatch(/max_cost 0\.05 yuan/);
      expect(billing()).toEqual([]);
      expect(left?.created).toEqual([]);
    });
  });
});
