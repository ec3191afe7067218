// The guard of max_cost over a wait, on a fake clock: what it counts (the tasks waited on, those beside
// them, what was spent before), what a round that read only part of them says, and a cap that cannot be
// read from the details (the billing records, or failing closed).
import { CapGuard, type CapGuardDeps, type Counted } from '../../../../src/deploy/engine/wait/cap-guard.js';
import type { Poll } from '../../../../src/deploy/engine/wait/task-watch.js';
import { snapshotOf, type TaskSnapshot } from '../../../../src/platform/task-data.js';
import { HeldBackError } from '../../../../src/platform/throttle.js';

const MINUTE = 60_000;
const detail = (cost: number | undefined): Poll => ({
  kind: 'task',
  data:
    cost === undefined
      ? { status: 'Running' }
      : { status: 'Running', billing_value: 0, forecast_value: cost },
  raw: ''
});
const costing = (cost: number | undefined): TaskSnapshot =>
  snapshotOf(
    cost === undefined
      ? { status: 'Running' }
      : { status: 'Running', billing_value: 0, forecast_value: cost },
    ['status']
  );

function guardOf(
  cap: ConstructorParameters<typeof CapGuard>[0],
  beside: (id: string) => Poll | Error = () => detail(0),
  billed?: CapGuardDeps['billed']
) {
  let now = 0;
  const log: string[] = [];
  const warnings: string[] = [];
  const guard = new CapGuard(
    cap,
    { startedAt: 0, timeoutMs: 60 * MINUTE, intervalMs: MINUTE / 2 },
    {
      poll: (id) => {
        const answer = beside(id);
        return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
      },
      snapshotOf: (data) => snapshotOf(data, ['status']),
      log: (line) => log.push(line),
      warn: (line) => warnings.push(line),
      now: () => now,
      ...(billed === undefined ? {} : { billed })
    }
  );
  const round = async (
    at: number,
    waited: (Counted & { waiting: boolean })[],
    read = waited.map((t) => t.id)
  ) => {
    now = at;
    const alongside = await guard.readAlongside();
    return guard.reached({ waited, read: new Set(read), heldBack: alongside.heldBack }, alongside);
  };
  return { guard, log, warnings, round };
}

const task = (id: string, cost: number | undefined) => ({ id, snapshot: costing(cost), waiting: true });

describe('the guard of max_cost', () => {
  // Issue 63, point 8: the projection was a plain line of the log.
  it("gives the projection that the cap would be passed before the wait ends as the host's warning, not a log line", async () => {
    const { round, log, warnings } = guardOf({ maxCost: '1', from: 'made' });
    // 0.1 yuan a minute from nothing: 1 yuan after 10 minutes, before the wait's hour ends.
    expect(await round(MINUTE, [task('8', 100_000)])).toBeUndefined();
    expect(warnings).toEqual([
      'cost: 0.10 yuan so far, growing by 6.00 yuan an hour (as seen between the last two reads), would pass max_cost 1 yuan in about 9m0s, before the wait ends: the step stops it before it does'
    ]);
    expect(log).toEqual([]);
  });

  it('counts what was spent before and the tasks beside those waited on; one the platform deleted keeps its last cost', async () => {
    let older: Poll | Error = detail(300_000);
    const { guard, round } = guardOf(
      { maxCost: '1', from: 'made', spentBefore: '400000', alongside: ['7'] },
      () => older
    );
    expect(await round(0, [task('8', 0)])).toBeUndefined();
    expect(guard.spent()).toBe('0.70 yuan of max_cost 1 yuan');
    older = { kind: 'gone', message: 'deleted' };
    // 0.40 + 0.30 (its last) + 0.25: 0.95 yuan, growing 0.25 a minute: the cap before the next read.
    expect(await round(MINUTE, [task('8', 250_000)])).toBe(
      '0.95 yuan of max_cost 1 yuan spent while it waited'
    );
    expect(guard.alongside()).toEqual([
      { id: '7', snapshot: expect.objectContaining({ forecastValue: '300000' }) }
    ]);
  });

  it('takes a round that read only part of what it counts as no reading, unless what it read reaches the cap', async () => {
    const { guard, round } = guardOf({ maxCost: '1', from: 'made' });
    await round(0, [task('1', 0), task('2', 0)]);
    // Task 2 unread: its last cost stands; no reading, so no rate from a total that lacks it.
    expect(await round(MINUTE, [task('1', 100_000), task('2', 0)], ['1'])).toBeUndefined();
    expect(guard.spent()).toBe('0.00 yuan of max_cost 1 yuan');
    expect(await round(2 * MINUTE, [task('1', 1_200_000), task('2', 0)], ['1'])).toBe(
      '1.20 yuan of max_cost 1 yuan spent while it waited'
    );
  });

  it('is reached when a read of a task beside is held back past the moment the cost reaches the cap', async () => {
    let beside: Poll | Error = detail(0);
    const { round, log } = guardOf({ maxCost: '1', from: 'made', alongside: ['7'] }, () => beside);
    await round(0, [task('8', 0)]);
    await round(MINUTE, [task('8', 100_000)]);
    beside = new HeldBackError('the platform asked for a pause of 1h0m0s', 9 * MINUTE);
    expect(await round(2 * MINUTE, [task('8', 200_000)])).toBe(
      '0.10 yuan of max_cost 1 yuan spent while it waited: the platform held back the next read past the cap'
    );
    expect(log.at(-1)).toMatch(/^cost: the platform asked for a pause of 1h0m0s, which is later than/);
  });

  it('holds a cap the details say nothing of to the billing records, said once; fails closed when they cannot be read', async () => {
    let records: string | Error = '0';
    const { round, log } = guardOf({ maxCost: '1', from: 'made' }, undefined, () =>
      records instanceof Error ? Promise.reject(records) : Promise.resolve(records)
    );
    expect(await round(0, [task('1', undefined)])).toBeUndefined();
    records = '600000';
    expect(await round(5 * MINUTE, [task('1', undefined)])).toBeUndefined();
    expect(log.filter((line) => line.includes('billing records from now on'))).toHaveLength(1);
    records = new Error('HTTP 502');
    expect(await round(6 * MINUTE, [task('1', undefined)])).toBe(
      'its cost could not be read (its detail says none, and the billing records could not be read), so max_cost 1 yuan could not be held'
    );
    expect(log.at(-1)).toBe(
      'cost: the billing records could not be read either (HTTP 502): max_cost 1 yuan cannot be held, so the step stops what it waits on'
    );
  });

  it('counts from the first read for tasks that were there before (first_read), and says by how much a stop let the cap pass', async () => {
    const { guard, round } = guardOf({ maxCost: '1', from: 'first_read' });
    // Months of billing before the step: 50 yuan, not the step's.
    expect(await round(0, [task('1', 50_000_000)])).toBeUndefined();
    expect(guard.spent()).toBe('0.00 yuan of max_cost 1 yuan');
    expect(await round(MINUTE, [task('1', 50_100_000)])).toBeUndefined();
    expect(guard.spent()).toBe('0.10 yuan of max_cost 1 yuan');
    // Read after a stop: 1.30 yuan since the first read, or not read again (its last stands).
    expect(guard.passed(new Map([['1', costing(51_300_000)]]))).toBe(
      '1.30 yuan passed max_cost 1 yuan by 0.30 yuan'
    );
    expect(guard.passed(new Map())).toBeUndefined();
  });

  it('takes a task beside those waited on that could not be read (not held back) as a round that read part of them', async () => {
    let beside: Poll | Error = detail(0);
    const { guard, round } = guardOf({ maxCost: '1', from: 'made', alongside: ['7'] }, () => beside);
    await round(0, [task('8', 0)]);
    beside = new Error('HTTP 502');
    // Task 8 alone reads 0.50 yuan: no reading without task 7, and nothing held back.
    expect(await round(MINUTE, [task('8', 500_000)])).toBeUndefined();
    expect(guard.spent()).toBe('0.00 yuan of max_cost 1 yuan');
  });

  it('is reached by a read held back before any cost was read, saying nothing was', async () => {
    const { round, log } = guardOf(
      { maxCost: '1', from: 'first_read', alongside: ['7'] },
      () => new HeldBackError('the platform asked for a pause of 5m0s', 0)
    );
    expect(await round(0, [task('8', undefined)], [])).toBe(
      'nothing read yet: the platform held back the next read past the cap'
    );
    expect(log).toEqual([
      'cost: the platform asked for a pause of 5m0s, longer than max_cost 1 yuan can be held while no rate of the cost has been seen (a poll interval at the most): stopping what the step waits on first, and reading it after'
    ]);
  });

  it('adds what was spent before to the billing records, and fails closed where no records are read', async () => {
    const withRecords = guardOf({ maxCost: '1', from: 'made', spentBefore: '900000' }, undefined, () =>
      Promise.resolve('50000')
    );
    await withRecords.round(0, [task('1', undefined)]);
    expect(withRecords.guard.spent()).toBe('0.95 yuan of max_cost 1 yuan');
    const without = guardOf({ maxCost: '1', from: 'made' });
    expect(await without.round(0, [task('1', undefined)])).toMatch(/^its cost could not be read/);
    expect(without.log.at(-1)).toBe(
      'cost: the billing records could not be read either (no billing records are read here): max_cost 1 yuan cannot be held, so the step stops what it waits on'
    );
  });
});
