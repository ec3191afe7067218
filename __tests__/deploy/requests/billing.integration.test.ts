// The bills against the emulator over real HTTPS: the window the platform requires, every page read,
// and money in yuan.
import { renderSummary } from '../../../src/action/summary.js';
import { emulatorStep, useStepBench } from '../../helpers/emulator-step.js';
import { createBody, MARK_4090 } from '../../helpers/bodies.js';

describe('bills against the emulator', () => {
  const bench = useStepBench({ strict: true, pricePerPointHour: 1.98 }, {});

  // The test clock starts at 2025-11-21T09:00:00Z.
  const WINDOW = { billing_start: '2025-11-21T09:00:00Z', billing_end: '2025-11-21T13:00:00+01:00' };
  const step = (inputs: Record<string, string>) =>
    emulatorStep(bench.emulator, bench.clock, bench.client, { log: [] })(inputs);
  const sent = (): string[] =>
    bench.emulator.requests.filter((r) => r.path === '/api/task/deployment/create').map((r) => r.body);

  it('reads the bill by time over every page, and totals it in yuan', async () => {
    bench.emulator.setPageSizeMax(2);
    bench.emulator.tasks.add({ task_name: 'a', points: 1, status: 'Running' });
    bench.emulator.tasks.add({ task_name: 'b', points: 2, status: 'Running' });
    bench.clock.advance(3 * 3600);
    const { outputs, result, failure } = await step({
      operation: 'billing',
      billing_range: 'hour',
      ...WINDOW
    });
    expect(failure).toBeUndefined();
    const sent = bench.emulator.requests.filter((r) => r.path === '/api/billing/get_billing_record');
    expect(sent.map((r) => new URL(r.target, 'https://x').searchParams.get('page'))).toEqual(['1', '2']);
    expect(sent[0]?.target).toContain(
      'range=hour&start_time=2025-11-21T09:00:00Z&end_time=2025-11-21T13:00:00%2B01:00'
    );
    // 3 nodes at 1.98 yuan an hour for the 3 hours booked of the 3 hours of the window.
    expect(result.bills).toHaveLength(3);
    expect(outputs.cost).toBe('17.820000');
    expect(renderSummary(result, { passed: true })).toContain('Total billed: 17&#46;82 yuan');
  });

  // Regression: the discount was always 0 in the emulator, and the summary did not say which figure cost is.
  it('shows the total and the discount deducted in yuan, cost being the total billed', async () => {
    const mark = MARK_4090;
    bench.emulator.stock.set([
      { device_name: '4090', region: 'beijing-jxq-p1', price: 2160, discount_price: 1980 }
    ]);
    const created = await step({
      operation: 'create',
      task_name: 'billed',
      body: createBody(),
      wait: 'false'
    });
    expect(JSON.parse(sent()[0] ?? '{}')).toMatchObject({ resources: [{ mark }] });
    bench.clock.advance(5 + 3600);
    const { outputs, result } = await step({
      operation: 'billing',
      task_id: created.outputs.task_id,
      ...WINDOW
    });
    // 1.98 yuan an hour billed, 0.18 yuan an hour off the list price, booked at 5-minute marks.
    expect(outputs.cost).toMatch(/^1\.9\d{5}$/);
    const summary = renderSummary(result, { passed: true });
    expect(summary).toContain('| From | To | Total (billing_coin) | Discount deducted (discount_coin) |');
    expect(summary).toMatch(
      /Total billed: 1&#46;9\d yuan; discount deducted: 0&#46;1\d yuan\. The output cost is the total billed\./
    );
  });

  it('reads the bill of each task, and of chosen tasks by time', async () => {
    const a = bench.emulator.tasks.add({ task_name: 'a', points: 1, status: 'Running' });
    const b = bench.emulator.tasks.add({ task_name: 'b', points: 2, status: 'Running' });
    bench.clock.advance(3600);
    const byTask = await step({ operation: 'task_billing', ...WINDOW });
    // Each a number, the exact decimal (issue 63, point 8).
    expect(JSON.parse(byTask.outputs.cost)).toEqual({ [a]: 1.98, [b]: 3.96 });
    expect(byTask.outputs.cost).toContain(`"${a}":1.980000`);
    expect(byTask.outputs.cost).toContain(`"${b}":3.960000`);
    expect(renderSummary(byTask.result, { passed: true })).toContain(
      `| ${b} | b | Deployment | 3&#46;96 yuan |`
    );
    bench.clock.advance(0.001);
    const chosen = await step({ operation: 'billing', task_id: a, ...WINDOW });
    expect(chosen.outputs.cost).toBe('1.980000');
  });
});
