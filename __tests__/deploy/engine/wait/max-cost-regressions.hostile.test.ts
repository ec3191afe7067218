// Hostile max_cost scenarios (issue 60, points 1 and 6) against the emulator over real HTTPS on the fake
// clock: what the step spends while it waits must stay within max_cost.
import { useCapBench } from '../../../helpers/cap-bench.js';
import { asEachArrives, taskIdOf } from '../../../helpers/hostile-knobs.js';

const DETAIL = '/api/task/deployment/detail';
const STOP = '/api/deployment/task/stop';

describe('max_cost under hostile timing: guards that gave way in review (issue 60)', () => {
  const { bench, costOf, detailStep, waitBeside } = useCapBench('10s');

  it('detail with wait (first_read): a Retry-After on the second read, before any rate is known, is not waited out past the cap', async () => {
    const made = await bench.step({ wait: 'false' });
    const id = made.outputs.task_id;
    bench.clock.advance(600);
    const before = costOf(id);
    // The step's own detail call passes; the first poll of the wait is answered 429, Retry-After 300.
    bench.emulator.inject({
      path: DETAIL,
      skip: 1,
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 300 } }
    });
    const { outputs } = await detailStep(id, { max_cost: '0.05' });
    expect(outputs.capped).toBe('true');
    // 1.88 yuan an hour: 0.05 yuan in about 96 s. Waiting out 300 s spends 0.16 yuan.
    expect(costOf(id) - before).toBeLessThanOrEqual(0.05);
  });

  it('at the cap, a task whose stop does not take does not hold back the stop of the other task waited on', async () => {
    const a = (await bench.step({ wait: 'false' })).outputs.task_id;
    bench.clock.advance(1);
    const b = (await bench.step({ wait: 'false' })).outputs.task_id;
    bench.clock.advance(60);
    // The platform accepts every stop; task a's acts only an hour later (it runs on meanwhile), b's at once.
    asEachArrives(bench.emulator, STOP, (request) => {
      bench.emulator.tasks.setActLag(taskIdOf(request) === a ? 3600 : 0);
    });
    const { outputs, failure } = await detailStep(`${a}, ${b}`, { max_cost: '0.10' });
    expect(outputs.capped).toBe('true');
    expect(failure).toMatch(/could not be stopped yet/);
    expect(bench.emulator.tasks.get(b).status).toBe('End');
    // b is stopped when the cap is reached, not once a's stop gave up after cleanup_timeout (2 minutes).
    const stops = bench.sent(STOP);
    const firstOf = (id: string) => stops.find((r) => taskIdOf(r) === id)?.receivedAt ?? Infinity;
    expect(firstOf(b) - firstOf(a)).toBeLessThan(10_000);
  });

  it("a replace's wait with an older task billing beside it (no rate yet at its first read) does not wait out a Retry-After past the cap", async () => {
    const older = await bench.step({ wait: 'false' });
    bench.clock.advance(60);
    const newer = await bench.step({ wait: 'false' });
    // The second round's first read is answered 429 with Retry-After 300.
    const sentBefore = bench.sent(DETAIL).length;
    bench.emulator.inject({
      path: DETAIL,
      skip: 2,
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 300 } }
    });
    const start = { older: costOf(older.outputs.task_id), newer: costOf(newer.outputs.task_id) };
    // 0.15 yuan spent before; two tasks at 1.88 yuan an hour each: the cap is 48 s away.
    const waited = await waitBeside({
      newer: newer.outputs.task_id,
      older: older.outputs.task_id,
      maxCost: '0.20',
      spentBefore: '150000'
    });
    expect(bench.sent(DETAIL).length).toBeGreaterThan(sentBefore);
    expect(waited.tasks[0]).toMatchObject({ verdict: 'capped' });
    expect(bench.emulator.tasks.get(older.outputs.task_id).status).toBe('End');
    expect(bench.emulator.tasks.get(newer.outputs.task_id).status).toBe('End');
    // Counted as the cap counts them: spent before, the older task whole, the newer since it was made.
    const spent = 0.15 + costOf(older.outputs.task_id) + costOf(newer.outputs.task_id);
    expect(start.older).toBeGreaterThan(0);
    expect(spent).toBeLessThanOrEqual(0.2);
  });

  it("a replace's wait whose older task's detail says no cost counts it all the same (from the billing records), or fails closed", async () => {
    const older = await bench.step({ wait: 'false' });
    bench.clock.advance(600);
    const newer = await bench.step({ wait: 'false' });
    // The older task's detail says neither billing_value nor forecast_value; the newer one's does.
    asEachArrives(bench.emulator, DETAIL, (request) => {
      bench.emulator.tasks.setOmitCostFields(taskIdOf(request) === older.outputs.task_id);
    });
    const waited = await waitBeside({
      newer: newer.outputs.task_id,
      older: older.outputs.task_id,
      maxCost: '0.40',
      spentBefore: '0'
    });
    bench.emulator.clearFaults();
    bench.emulator.tasks.setOmitCostFields(false);
    expect(waited.tasks[0]).toMatchObject({ verdict: 'capped' });
    // Never silent: said at once.
    expect(
      bench.log.some(
        (line) =>
          line.includes(`task ${older.outputs.task_id}`) &&
          line.includes('neither billing_value nor forecast_value')
      )
    ).toBe(true);
    // Counted, from the billing records: they lag the use by up to a booking period (5 minutes), so what
    // the older task used since its last booking is seen late; the cap holds to within that (5 minutes at
    // 1.88 yuan an hour: 0.16 yuan), never to nothing, and both are stopped.
    expect(bench.emulator.tasks.get(older.outputs.task_id).status).toBe('End');
    expect(bench.emulator.tasks.get(newer.outputs.task_id).status).toBe('End');
    expect(costOf(older.outputs.task_id) + costOf(newer.outputs.task_id)).toBeLessThanOrEqual(0.4 + 0.157);
  });

  it('a cost read lower than the last (the billing records when the detail says no cost for one read) keeps the cap guarded against a held-back read', async () => {
    // Reads with cost from the detail, one read without (the cost then from the billing records, which lag
    // the use by up to 5 minutes: lower), and the next one held back by Retry-After 300.
    let n = 0;
    asEachArrives(bench.emulator, DETAIL, () => {
      n += 1;
      bench.emulator.tasks.setOmitCostFields(n === 9);
    });
    bench.emulator.inject({
      path: DETAIL,
      skip: 9,
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 300 } }
    });
    // 1.88 yuan an hour: 0.10 yuan after about 3m11s.
    const { outputs } = await bench.step({ max_cost: '0.10', poll_interval: '10s' });
    bench.emulator.tasks.setOmitCostFields(false);
    expect(n).toBeGreaterThan(9);
    expect(outputs.capped).toBe('true');
    expect(costOf(outputs.task_id)).toBeLessThanOrEqual(0.1);
  });

  it('detail with wait on a service that ran for hours, whose details say no cost, is not stopped for what it cost before the step', async () => {
    bench.emulator.tasks.setReadyAfter(6 * 3600);
    const made = await bench.step({ wait: 'false' });
    // Three hours and fifty minutes on: 50 minutes past an hour (the billing records' window begins on the hour).
    const now = bench.clock.now();
    bench.clock.advance(3 * 3600 + ((50 * 60 - ((now / 1000) % 3600) + 3600) % 3600));
    bench.emulator.tasks.setOmitCostFields(true);
    // Ten minutes of waiting at 1.88 yuan an hour is 0.31 yuan: well within max_cost 1.
    const { outputs, failure } = await detailStep(made.outputs.task_id, {
      max_cost: '1',
      wait_timeout: '10m'
    });
    bench.emulator.tasks.setOmitCostFields(false);
    expect(failure ?? '').not.toMatch(/max_cost/);
    expect(outputs.capped).toBe('false');
    expect(bench.emulator.tasks.get(made.outputs.task_id).status).not.toBe('End');
  });
});
