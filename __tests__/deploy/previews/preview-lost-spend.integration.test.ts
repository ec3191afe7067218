// What a pull request's previews spent, where the platform or GitHub would lose it, against both stand-ins
// over real HTTPS, the emulator on the fake clock: details that say no cost (held to the billing records,
// or failing closed), tasks the platform deletes as soon as they end (the figure a step learnt is kept),
// and GitHub failing the record (kept before anything is made, or no new preview).
import { sha } from '../../../github-standin/index.js';
import { sumPoints } from '../../../src/platform/money.js';
import { usePreviewBench, type PullAction } from '../../helpers/preview-bench.js';
import { reportOf } from '../../../src/deploy/engine/calls/step-result.js';

const CREATE = '/api/task/deployment/create';
const BILLING = '/api/billing/get_billing_record';

describe("a pull request's previews, what they spent kept where the platform or GitHub would lose it", () => {
  const bench = usePreviewBench({ inputs: { comment: 'true' } });
  /** Whether the platform's details and searches leave out billing_value and forecast_value. */
  let omitting = false;
  const omitCost = (omit: boolean): void => {
    omitting = omit;
    bench.emulator.tasks.setOmitCostFields(omit);
  };
  beforeEach(() => {
    omitting = false;
  });

  /** GitHub as a step on this pull request's event sees it (none: the sweep's run, a schedule's). */
  const on = (number: number | undefined, action?: PullAction) => bench.on(number, action, { baseRef: true });
  const step = (inputs: Record<string, string>, number: number, action: PullAction) =>
    bench.stepOn(inputs, number, action, {}, { baseRef: true });
  /** What the platform's details say the tasks cost, in points (read with the cost fields shown). */
  const detailsCost = (ids: readonly string[]): number => {
    bench.emulator.tasks.setOmitCostFields(false);
    const sum = sumPoints(
      ids.flatMap((id) => {
        const detail = bench.emulator.tasks.get(id);
        return [String(detail.billing_value), String(detail.forecast_value)];
      })
    );
    bench.emulator.tasks.setOmitCostFields(omitting);
    return Number(sum);
  };
  /** The tasks the steps made that bill (a task the platform deleted bills no more). */
  const live = (): string[] =>
    [
      ...new Set(bench.sent(CREATE).flatMap((r) => (r.createdTaskId === undefined ? [] : [r.createdTaskId])))
    ].filter((id) => {
      try {
        return bench.emulator.tasks.get(id).status !== 'End';
      } catch {
        return false;
      }
    });
  /** What the last record of the preview's spend keeps of each task, in points. */
  const keptOf = (): Record<string, string> => {
    const payload = bench.github.store.deploymentsIn(/^preview-spend$/).at(-1)?.payload as
      { spent?: Record<string, string> } | undefined;
    return payload?.spent ?? {};
  };

  // Regression (issue 60, point 6): details without billing_value and forecast_value (the reference types
  // both as optional) were counted as 0 ("the previews of pull request #31 have cost 0.00 yuan in all"), and
  // a second preview was made over max_cost.
  it('holds a push to max_cost from the billing records when the details say no cost: no new preview past it', async () => {
    omitCost(true);
    bench.github.store.openPull(31);
    const open = await step({ max_cost: '1' }, 31, 'opened');
    expect(open.failure).toBeUndefined();
    // An hour on: the preview has cost 1.88 yuan, booked in the billing records.
    bench.clock.advance(3600);
    bench.github.store.pushPull(31, sha(31, 2));
    const push = await step({ max_cost: '1' }, 31, 'synchronize');
    expect(detailsCost([open.outputs.task_id])).toBeGreaterThan(1_000_000);
    expect(bench.sent(CREATE).length).toBe(1);
    expect(push.failure).toBeDefined();
    // Held to the billing records, said: not failing closed, since they could be read.
    expect(push.failure).toMatch(
      /^preview: the previews of pull request #31 have cost 1\.8\d yuan, which reaches max_cost 1 yuan: no new preview is made, and the one running is stopped$/
    );
    expect(bench.log).toContainEqual(
      `preview: what task ${open.outputs.task_id} has cost is read from the platform's billing records (booked every 5 minutes, so they lag the use by up to that): its detail says neither billing_value nor forecast_value`
    );
    expect(live()).toEqual([]);
  });

  // Regression (issue 60, point 5): GitHub failed the record of what the previews cost (502) once the push's
  // preview was made; the next push, after the platform deleted the ended preview, read 0 and made one.
  it('keeps what a push learnt before its create, so that a record GitHub fails after it loses nothing: the next push, after the platform deleted the ended preview, finds the cap reached', async () => {
    bench.github.store.openPull(33);
    const open = await step({}, 33, 'opened');
    expect(open.failure).toBeUndefined();
    bench.clock.advance(3600);
    bench.github.store.pushPull(33, sha(33, 2));
    // Once this push's deployment is recorded and its preview created, GitHub fails every new deployment
    // (the record of what the previews cost) until this push's step is over.
    let failing = false;
    const off = bench.emulator.afterRequest((request) => {
      if (request.path === CREATE) failing = true;
    });
    bench.github.failOn({
      path: { test: (path: string) => failing && /\/deployments$/.test(path) } as unknown as RegExp,
      method: 'POST'
    });
    const push = await step({ max_cost: '3' }, 33, 'synchronize');
    off();
    failing = false;
    expect(push.failure).toMatch(/GitHub refused the record/);
    expect(bench.emulator.tasks.get(open.outputs.task_id).status).toBe('End');
    // What the old preview had cost when the push began is kept all the same.
    expect(Number(keptOf()[open.outputs.task_id])).toBeGreaterThan(1_880_000);
    bench.emulator.tasks.setEndedTasksGone(true);
    bench.github.store.pushPull(33, sha(33, 3));
    const next = await step({ max_cost: '1.5' }, 33, 'synchronize');
    expect(bench.sent(CREATE).length).toBe(2);
    expect(next.failure).toBeDefined();
    expect(next.failure).toMatch(
      /which reaches max_cost 1\.5 yuan: no new preview is made, and the one running is stopped$/
    );
  });

  // Regression (issue 60, point 5): the platform deletes a task as soon as it ends; what the old preview cost,
  // read when the push began, was lost from the record ("could not read the detail of task 1229831 (...
  // does not exist): its cost is not counted", then 0.00 yuan), and the next push made a preview.
  it('keeps what the old preview cost when a push began, though the platform deletes it once stopped: the next push finds the cap reached', async () => {
    bench.emulator.tasks.setEndedTasksGone(true);
    bench.github.store.openPull(34);
    const open = await step({}, 34, 'opened');
    expect(open.failure).toBeUndefined();
    // An hour on (1.88 yuan), a push replaces it: the old preview, stopped, is deleted at once.
    bench.clock.advance(3600);
    bench.github.store.pushPull(34, sha(34, 2));
    const push = await step({ max_cost: '3' }, 34, 'synchronize');
    expect(push.failure).toBeUndefined();
    bench.github.store.pushPull(34, sha(34, 3));
    const next = await step({ max_cost: '1.5' }, 34, 'synchronize');
    expect(bench.sent(CREATE).length).toBe(2);
    expect(next.failure).toMatch(/max_cost/);
    // What the pull request has spent, as the push's step said it: 1.88 yuan and more.
    expect(Number(reportOf(push.result, 'preview')?.totalPoints ?? '0')).toBeGreaterThan(1_880_000);
  });

  // Regression (issue 60, point 5): a push that found the cap reached stopped the preview, which the
  // platform deleted at once; the push read it again, found nothing, and recorded 0.
  it('keeps what a push that found the cap reached read, though the preview it stops is deleted at once: the next push finds the cap reached again', async () => {
    bench.emulator.tasks.setEndedTasksGone(true);
    bench.github.store.openPull(37);
    const open = await step({}, 37, 'opened');
    expect(open.failure).toBeUndefined();
    bench.clock.advance(3600);
    bench.github.store.pushPull(37, sha(37, 2));
    const capped = await step({ max_cost: '1' }, 37, 'synchronize');
    expect(capped.failure).toMatch(/have cost 1\.88 yuan, which reaches max_cost 1 yuan/);
    expect(live()).toEqual([]);
    bench.github.store.pushPull(37, sha(37, 3));
    const again = await step({ max_cost: '1' }, 37, 'synchronize');
    expect(bench.sent(CREATE).length).toBe(1);
    expect(again.failure).toMatch(/reaches max_cost 1 yuan/);
  });

  // Regression (issue 60, points 2 and 6): with details that say no cost, a push's wait holds the cap to the
  // billing records from the hour it began in, and counted nothing the old preview was billed before it.
  it("holds a push's wait to the billing records with all of the old preview's cost counted, when the details say no cost", async () => {
    omitCost(true);
    bench.github.store.openPull(41);
    const open = await step({}, 41, 'opened');
    expect(open.failure).toBeUndefined();
    // Five hours on (about 9.4 yuan); the new preview takes an hour to come up, billing while it starts.
    bench.clock.advance(5 * 3600);
    bench.emulator.tasks.setReadyAfter(3600);
    bench.emulator.tasks.setBillPending(true);
    // 0.3 yuan above what the old one cost: reached within minutes, with both billing.
    const maxCost = ((detailsCost([open.outputs.task_id]) + 300_000) / 1_000_000).toFixed(6);
    bench.github.store.pushPull(41, sha(41, 2));
    const push = await step({ max_cost: maxCost, poll_interval: '30s' }, 41, 'synchronize');
    expect(push.outputs.capped).toBe('true');
    const ids = [open.outputs.task_id, push.outputs.task_id];
    expect(ids.map((id) => bench.emulator.tasks.get(id).status)).toEqual(['End', 'End']);
    // The records lag the use by up to 5 minutes: the cap is passed by no more than what both used then.
    const lag = 2 * 5 * 60 * (1_880_000 / 3600);
    expect(detailsCost(ids)).toBeLessThanOrEqual(Number(maxCost) * 1_000_000 + lag);
    expect(bench.log).toContainEqual(
      expect.stringMatching(/^cost: the detail of task [\d, ]+ says neither billing_value nor forecast_value/)
    );
  });

  // Regression (issue 60, point 6): a cost no detail says and no billing record can tell was taken as 0.
  it('makes no new preview, saying why, when what the previews cost can be read neither from the details nor from the billing records', async () => {
    omitCost(true);
    bench.github.store.openPull(42);
    const open = await step({}, 42, 'opened');
    expect(open.failure).toBeUndefined();
    bench.clock.advance(600);
    bench.emulator.inject({ path: BILLING, times: Infinity, answer: { kind: 'status', status: 503 } });
    bench.github.store.pushPull(42, sha(42, 2));
    const push = await step({ max_cost: '100', max_retries: '0' }, 42, 'synchronize');
    expect(push.failure).toMatch(
      new RegExp(
        `^preview: what the previews of pull request #42 have cost cannot be read \\(task ${open.outputs.task_id}: its detail says neither billing_value nor forecast_value, and the billing records could not be read \\(.*\\)\\): max_cost 100 yuan cannot be held, so no new preview is made$`
      )
    );
    expect(bench.sent(CREATE)).toHaveLength(1);
    // The one running is left as it was: it is not known to have reached the cap.
    expect(bench.emulator.tasks.get(open.outputs.task_id).status).toBe('Running');
    expect(bench.github.store.comments[0]?.body).toContain('cannot be held');
    // Without max_cost there is no cap to hold: the push goes on, the line said.
    bench.github.store.pushPull(42, sha(42, 3));
    const uncapped = await step({ max_retries: '0' }, 42, 'synchronize');
    expect(uncapped.failure).toBeUndefined();
    expect(bench.sent(CREATE)).toHaveLength(2);
  });

  // Regression (issue 60, point 5): what a push learnt was kept only once its step was over.
  it('makes no new preview under max_cost when GitHub refuses to keep what the previews cost before the create', async () => {
    bench.github.store.openPull(43);
    const open = await step({}, 43, 'opened');
    bench.clock.advance(600);
    bench.github.store.pushPull(43, sha(43, 2));
    const deployments = bench.github.store.deploymentsIn(/^pr-43$/).length;
    bench.github.failOn({ path: /\/deployments$/, method: 'POST' });
    const push = await step({ max_cost: '100' }, 43, 'synchronize');
    expect(push.failure).toMatch(
      /^preview: what the previews of pull request #43 have cost could not be kept \(GitHub refused the record of what the previews of pull request #43 have cost: HTTP 502.*\): max_cost 100 yuan cannot be held, so no new preview is made/
    );
    expect(bench.sent(CREATE)).toHaveLength(1);
    expect(bench.github.store.deploymentsIn(/^pr-43$/)).toHaveLength(deployments);
    expect(bench.emulator.tasks.get(open.outputs.task_id).status).toBe('Running');
  });

  // Regression (issue 60, point 5): a close read what the previews cost after its stop; a platform that
  // deletes a task once it ends had taken the preview's cost along ("its previews cost 0.00 yuan in all").
  it('keeps what a close saw the preview cost while stopping it, though the platform deletes it at once', async () => {
    bench.emulator.tasks.setEndedTasksGone(true);
    bench.github.store.openPull(44);
    const open = await step({}, 44, 'opened');
    bench.clock.advance(3600);
    bench.github.store.closePull(44, true);
    const close = await step({}, 44, 'closed');
    expect(close.failure).toBeUndefined();
    expect(Number(reportOf(close.result, 'preview')?.totalPoints ?? '0')).toBeGreaterThan(1_880_000);
    expect(Number(keptOf()[open.outputs.task_id])).toBeGreaterThan(1_880_000);
    // The comment escapes markdown: 1&#46;88 is 1.88.
    expect(bench.github.store.comments[0]?.body).toContain(
      '| All previews of this pull request | 1&#46;88 yuan |'
    );
  });

  // Regression (issue 60, point 6): the sweep read a cost no detail says as 0, and kept the preview as under
  // max_cost, silently.
  it('leaves a preview whose cost can be read neither from the details nor from the billing records to the next sweep, saying why, and fails', async () => {
    omitCost(true);
    bench.github.store.openPull(45);
    const open = await step({}, 45, 'opened');
    expect(open.failure).toBeUndefined();
    bench.emulator.inject({ path: BILLING, times: Infinity, answer: { kind: 'status', status: 503 } });
    bench.clock.advance(1);
    const sweep = await bench.step(
      { operation: 'preview_sweep', gpu: '', body: '', max_cost: '1', max_retries: '0' },
      on(undefined)
    );
    expect(sweep.failure).toMatch(
      new RegExp(
        `^preview_sweep: could not sweep #45 \\(what its previews have cost cannot be read \\(task ${open.outputs.task_id}: its detail says neither billing_value nor forecast_value, and the billing records could not be read \\(.*\\)\\), so max_cost 1 yuan cannot be held: left running\\): left as they were, the others swept; the next sweep tries again$`
      )
    );
    expect(bench.emulator.tasks.get(open.outputs.task_id).status).toBe('Running');
  });
});
