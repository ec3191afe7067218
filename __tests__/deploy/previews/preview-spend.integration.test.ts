// What a pull request's previews have spent, as max_cost counts it, against both stand-ins over real
// HTTPS: each task read from its own detail (billing_value + forecast_value; the task search's rows need
// not carry forecast_value), stopped ones included, and kept on GitHub (a record deployment's payload)
// so that it outlives the tasks when the platform deletes them once ended.
import { sha } from '../../../github-standin/index.js';
import { sumPoints } from '../../../src/platform/money.js';
import { readSpend } from '../../../src/deploy/previews/preview-spend.js';
import { emulatorContext } from '../../helpers/emulator-step.js';
import { usePreviewBench, type PullAction } from '../../helpers/preview-bench.js';
import { reportOf } from '../../../src/deploy/engine/calls/step-result.js';

const CREATE = '/api/task/deployment/create';
/** The platform books what a task used every 5 minutes: until then it shows in forecast_value alone. */
const BOOKING_MS = 5 * 60_000;

describe("a pull request's previews, as what they spent is read and kept", () => {
  const bench = usePreviewBench({ inputs: { comment: 'false' } });
  /** GitHub as a step on this pull request's event sees it: a new client each time, as a new runner has. */
  const on = (number: number, action: PullAction) => bench.on(number, action, { baseRef: true });
  const step = (inputs: Record<string, string>, number: number, action: PullAction) =>
    bench.stepOn(inputs, number, action, {}, { baseRef: true });
  /** What the platform's details of the tasks say they cost, in points. */
  const detailsCost = (ids: readonly string[]): string =>
    sumPoints(
      ids.flatMap((id) => {
        const detail = bench.emulator.tasks.get(id);
        return [String(detail.billing_value), String(detail.forecast_value)];
      })
    ) ?? '';
  /** Moves the clock to `seconds` past the platform's next booking. */
  const pastBooking = (seconds: number): void => {
    const now = bench.clock.now();
    bench.clock.advance((Math.ceil(now / BOOKING_MS) * BOOKING_MS - now) / 1000 + seconds);
  };

  // Regression (issue 60, point 2): "All previews of this pull request" read 0.04 yuan where the
  // platform's details added up to 0.13: the total was the search's rows, which carry billing_value only.
  it("reads each task's cost from its detail, not the task search's row: a push finds the cap reached that the rows do not show", async () => {
    bench.emulator.tasks.setListSchemaOnly(true);
    bench.github.store.openPull(7);
    const open = await step({}, 7, 'opened');
    expect(open.failure).toBeUndefined();
    // 200 s past a booking: what was used since (about 0.1 yuan) shows in the detail's forecast_value only.
    pastBooking(200);
    const detail = bench.emulator.tasks.get(open.outputs.task_id);
    const billed = Number(detail.billing_value);
    expect(Number(detail.forecast_value)).toBeGreaterThan(90_000);
    // A cap 50,000 points (0.05 yuan) above what was billed: reached by what the details say, not the rows.
    const maxCost = ((billed + 50_000) / 1_000_000).toFixed(6);
    bench.github.store.pushPull(7, sha(7, 2));
    const push = await step({ max_cost: maxCost }, 7, 'synchronize');
    expect(push.failure).toMatch(
      new RegExp(
        `^preview: the previews of pull request #7 have cost 0\\.\\d\\d yuan, which reaches max_cost ${maxCost.replace('.', '\\.')} yuan: no new preview is made, and the one running is stopped$`
      )
    );
    expect(bench.sent(CREATE)).toHaveLength(1);
    expect(bench.emulator.tasks.get(open.outputs.task_id).status).toBe('End');
    // What the step says they cost is what the platform's details add up to, every task's.
    expect(reportOf(push.result, 'preview')?.totalPoints).toBe(detailsCost([open.outputs.task_id]));
  });

  it("says the previews' total as the details add it up, stopped tasks included, on close", async () => {
    bench.emulator.tasks.setListSchemaOnly(true);
    bench.github.store.openPull(8);
    const ids = [(await step({}, 8, 'opened')).outputs.task_id];
    pastBooking(100);
    bench.github.store.pushPull(8, sha(8, 2));
    ids.push((await step({}, 8, 'synchronize')).outputs.task_id);
    pastBooking(150);
    bench.github.store.closePull(8, false);
    const close = await step({}, 8, 'closed');
    expect(close.failure).toBeUndefined();
    expect(ids.map((id) => bench.emulator.tasks.get(id).status)).toEqual(['End', 'End']);
    expect(reportOf(close.result, 'preview')?.totalPoints).toBe(detailsCost(ids));
    // The stopped task's own cost, in the step's result, is its detail's too.
    expect(close.result.tasks.map((t) => [t.id, t.forecastValue !== undefined])).toEqual([[ids[1], true]]);
  });

  // Regression (issue 60, point 5): push 4 read 0.031 after push 3 had reached 0.17 of 0.10 and made a
  // preview: the total was a search of tasks, and the platform had deleted the ended ones.
  it('keeps what the previews spent on GitHub, so that a push after the platform deleted the ended tasks still finds the cap reached', async () => {
    bench.github.store.openPull(9);
    const open = await step({ max_cost: '1' }, 9, 'opened');
    expect(open.failure).toBeUndefined();
    // An hour on, 1.88 yuan: the next push finds the cap reached and stops the preview.
    bench.clock.advance(3600);
    bench.github.store.pushPull(9, sha(9, 2));
    const capped = await step({ max_cost: '1' }, 9, 'synchronize');
    expect(capped.outputs.capped).toBe('true');
    expect(bench.emulator.tasks.get(open.outputs.task_id).status).toBe('End');
    const spent = reportOf(capped.result, 'preview')?.totalPoints ?? '';
    expect(Number(spent)).toBeGreaterThan(1_000_000);
    // The platform deletes the ended task: no search lists it, no detail answers for it.
    bench.emulator.tasks.setEndedTasksGone(true);
    bench.github.store.pushPull(9, sha(9, 3));
    const next = await step({ max_cost: '1' }, 9, 'synchronize');
    expect(next.failure).toMatch(
      /^preview: the previews of pull request #9 have cost 1\.\d\d yuan, which reaches max_cost 1 yuan: no new preview is made$/
    );
    expect(reportOf(next.result, 'preview')?.totalPoints).toBe(spent);
    expect(bench.sent(CREATE)).toHaveLength(1);
    // Kept where GitHub keeps it, without the comment: a record deployment's payload, inactive at once.
    const records = bench.github.store.deploymentsIn(/^preview-spend$/);
    expect(records.length).toBeGreaterThan(0);
    expect(records.at(-1)?.payload).toEqual({
      task_name: 'web-pr-9',
      pull_request: 9,
      spent: { [open.outputs.task_id]: spent }
    });
    expect(records.map((r) => bench.github.store.statusesOf(r.id)[0]?.state)).toEqual(
      records.map(() => 'inactive')
    );
    expect(bench.github.store.comments).toEqual([]);
  });

  // Regression (issue 60, point 2): a pull request's cap was passed about 2x while a push waited: the wait
  // counted only the new preview against what was left, while the old one billed on uncounted (cap 0.02,
  // spent 0.039), and the comment said "stopped at max_cost" of a preview that still served.
  it("holds a push's wait to the cap with the old preview's cost counted at every poll, and stops both at it", async () => {
    bench.github.store.openPull(14);
    const open = await step({ comment: 'true' }, 14, 'opened');
    expect(open.failure).toBeUndefined();
    bench.clock.advance(60);
    // The new preview takes an hour to come up and bills while it starts: the old one serves and bills on.
    bench.emulator.tasks.setReadyAfter(3600);
    bench.emulator.tasks.setBillPending(true);
    bench.github.store.pushPull(14, sha(14, 2));
    const push = await step({ comment: 'true', max_cost: '0.5', poll_interval: '30s' }, 14, 'synchronize');
    expect(push.outputs.capped).toBe('true');
    const ids = [open.outputs.task_id, push.outputs.task_id];
    // Both stopped, as their state says: what the cap stops is stopped.
    expect(ids.map((id) => bench.emulator.tasks.get(id).status)).toEqual(['End', 'End']);
    // What the pull request spent, as the platform's details add it up, did not pass the cap.
    const spent = Number(detailsCost(ids));
    expect(spent).toBeLessThanOrEqual(500_000);
    expect(spent).toBeGreaterThan(400_000);
    expect(reportOf(push.result, 'preview')?.totalPoints).toBe(detailsCost(ids));
    // Nothing serves: no deployment says it does, and the comment says it was stopped.
    const deployments = bench.github.store.deploymentsIn(/^pr-/);
    expect(deployments.map((d) => bench.github.store.statusesOf(d.id)[0]?.state)).toEqual([
      'inactive',
      'failure'
    ]);
    expect(bench.github.store.comments[0]?.body).toContain('### Preview of web: stopped at max_cost');
    expect(push.result.replaced.map((t) => [t.id, t.verdict])).toEqual([[open.outputs.task_id, 'capped']]);
  });

  it('counts a preview that ended in Other, which no task search lists, by its detail', async () => {
    // It bills while it starts, then fails: the platform's search is never asked for Other.
    bench.emulator.tasks.setBillPending(true);
    bench.emulator.tasks.setFailPattern(/-pr-15$/);
    bench.github.store.openPull(15);
    const failed = await step({}, 15, 'opened');
    expect(failed.failure).toMatch(/^preview: task \d+ \(web-pr-15\) /);
    expect(bench.emulator.tasks.get(failed.outputs.task_id).status).toBe('Other');
    const cost = detailsCost([failed.outputs.task_id]);
    expect(Number(cost)).toBeGreaterThan(0);
    expect(reportOf(failed.result, 'preview')?.totalPoints).toBe(cost);
    expect(bench.github.store.deploymentsIn(/^preview-spend$/).at(-1)?.payload).toMatchObject({
      spent: { [failed.outputs.task_id]: cost }
    });
  });

  it('counts a task whose detail cannot be read by its search row and one GitHub alone keeps, and says one no search lists, none can read and no record keeps as unread (never as nothing)', async () => {
    const ended = bench.emulator.tasks.add({ task_name: 'web-pr-16', points: 1, status: 'Running' });
    const live = bench.emulator.tasks.add({ task_name: 'web-pr-16', points: 1, status: 'Running' });
    bench.clock.advance(600);
    bench.emulator.tasks.stop(ended);
    const ctx = emulatorContext(bench.emulator, bench.clock, bench.client, bench, {
      operation: 'preview',
      task_name: 'web',
      max_retries: '0',
      github_token: 'ghs_test'
    });
    // Every detail read of the live task fails: its search row stands for it.
    bench.emulator.inject({
      path: '/api/task/deployment/detail',
      times: Infinity,
      answer: { kind: 'status', status: 503 }
    });
    const spend = await readSpend(
      'web-pr-16',
      new Map([
        ['1000999', '777'],
        [ended, '1']
      ]),
      ctx,
      { also: ['1000998'] }
    );
    const row = (id: string) => {
      const detail = bench.emulator.tasks.get(id);
      return sumPoints([String(detail.billing_value), String(detail.forecast_value)]) ?? '';
    };
    expect(spend.tasks.map((t) => [t.id, t.status, t.from, t.points])).toEqual([
      [live, 'Running', 'search', row(live)],
      [ended, 'End', 'search', row(ended)],
      ['1000999', 'End', 'kept', '777']
    ]);
    expect(spend.billing).toEqual([live]);
    expect(spend.total).toBe(sumPoints([row(live), row(ended), '777']));
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^preview: could not read the detail of task ${live} \\(.*\\): its cost is what the task search says$`
        )
      )
    );
    // Regression (issue 60, point 5): it was left out of the total, said as "not counted", and the cap went
    // on without it. Here the billing records have no window (no pull request said when it was opened).
    expect(spend.unread).toEqual([
      {
        id: '1000998',
        why: expect.stringMatching(
          /^its detail could not be read \(.*\), and the billing records could not be read \(when the pull request was opened is not known\)$/
        ) as unknown
      }
    ]);
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /^preview: what task 1000998 has cost cannot be read: its detail could not be read/
      )
    );
  });

  it('keeps nothing new when GitHub keeps every figure already', async () => {
    bench.github.store.openPull(11);
    const open = await step({}, 11, 'opened');
    const made = bench.github.store.deploymentsIn(/^preview-spend$/).length;
    expect(made).toBe(1);
    // Closed at once, then a reopen's dry run: no new figure, so no new record.
    bench.github.store.closePull(11, false);
    await step({}, 11, 'closed');
    const afterClose = bench.github.store.deploymentsIn(/^preview-spend$/).length;
    expect(afterClose).toBe(2);
    await bench.step({}, { ...on(11, 'opened'), dryRun: true });
    expect(bench.github.store.deploymentsIn(/^preview-spend$/)).toHaveLength(afterClose);
    expect(bench.emulator.tasks.get(open.outputs.task_id).status).toBe('End');
  });
});
