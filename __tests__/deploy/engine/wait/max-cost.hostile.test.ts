// Hostile max_cost scenarios (issue 60, points 1 and 6) against the emulator over real HTTPS on the fake
// clock: what the step spends while it waits must stay within max_cost.
import { asEachArrives, taskIdOf } from '../../../helpers/hostile-knobs.js';
import { LONG_JOB, useCapBench } from '../../../helpers/cap-bench.js';
import { aHold } from '../../../helpers/hold.js';

const DETAIL = '/api/task/deployment/detail';
const NODES = '/api/deployment/task/points';

describe('max_cost under hostile timing (issue 60 review)', () => {
  const { bench, costOf, detailStep } = useCapBench('10s');

  it('a Retry-After given as an HTTP date on the detail is not waited out past the cap', async () => {
    bench.emulator.inject({
      path: DETAIL,
      skip: 2,
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 60, as: 'http-date' } }
    });
    const { outputs, failure } = await bench.step({ max_cost: '0.02' });
    expect(outputs.capped).toBe('true');
    expect(costOf(outputs.task_id)).toBeLessThan(0.02);
    expect(failure).toMatch(/the platform held back the next read past the cap; stopped$/);
  });

  it('a Retry-After on the node list (not the detail) is not waited out past the cap', async () => {
    bench.emulator.inject({
      path: NODES,
      skip: 1,
      times: 3,
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 300 } }
    });
    const { outputs } = await bench.step({ max_cost: '0.02' });
    expect(outputs.capped).toBe('true');
    expect(costOf(outputs.task_id)).toBeLessThan(0.02);
    expect(bench.emulator.tasks.get(outputs.task_id).status).toBe('End');
  });

  it('a job whose log reads are held back by Retry-After is stopped before the cap', async () => {
    bench.emulator.tasks.setReadyAfter(10);
    bench.emulator.inject({
      path: NODES,
      skip: 1,
      times: 5,
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 600 } }
    });
    const { outputs } = await bench.step({
      operation: 'job',
      task_name: 'train',
      body: LONG_JOB,
      points: '2',
      wait_timeout: '',
      max_cost: '0.10'
    });
    expect(outputs.capped).toBe('true');
    const d = bench.emulator.jobs.get(outputs.task_id) as unknown as {
      billing_value?: number;
      forecast_value?: number;
    };
    expect(((d.billing_value ?? 0) + (d.forecast_value ?? 0)) / 1_000_000).toBeLessThan(0.1);
  });

  it('two tasks waited on at once: the one the platform holds back stops both before the cap', async () => {
    const a = (await bench.step({ wait: 'false' })).outputs.task_id;
    bench.clock.advance(1);
    const b = (await bench.step({ wait: 'false' })).outputs.task_id;
    bench.clock.advance(60);
    const before = costOf(a) + costOf(b);
    // The detail call reads both; round 1 (10 s) gives the rate; in round 2 (20 s) task b's read is
    // answered 429 with Retry-After 300, task a's as usual.
    let reads = 0;
    asEachArrives(bench.emulator, DETAIL, (request) => {
      reads += 1;
      if (reads > 4 && taskIdOf(request) === b && reads < 7)
        bench.emulator.inject({
          path: DETAIL,
          answer: { kind: 'status', status: 429, retryAfter: { seconds: 300 } }
        });
    });
    const { outputs } = await detailStep(`${a}, ${b}`, { max_cost: '0.05', concurrency: '2' });
    expect(bench.sent(DETAIL).some((r) => r.fault !== undefined && taskIdOf(r) === b)).toBe(true);
    expect(outputs.capped).toBe('true');
    expect([a, b].map((id) => bench.emulator.tasks.get(id).status)).toEqual(['End', 'End']);
    expect(costOf(a) + costOf(b) - before).toBeLessThanOrEqual(0.05);
  });

  it('no answer (a read held by the platform, not a 429) past the moment the cost reaches the cap: stopped first, never waited out', async () => {
    // Reads at 0 s and 10 s give the rate; the cap (0.012 yuan) is reached at about 23 s. The read at 20 s
    // gets no answer: the step may wait for it about 3 s (on the client's clock), then must stop first.
    const { promise: held, release } = aHold();
    bench.emulator.inject({ path: DETAIL, skip: 2, holdUntil: held });
    try {
      const { outputs, failure } = await bench.step({ max_cost: '0.012' });
      expect(outputs.capped).toBe('true');
      expect(costOf(outputs.task_id)).toBeLessThan(0.012);
      expect(bench.emulator.tasks.get(outputs.task_id).status).toBe('End');
      expect(failure).toMatch(/the platform held back the next read past the cap; stopped$/);
      expect(bench.log.some((line) => line.includes('got no answer'))).toBe(true);
    } finally {
      release();
    }
  });
});
