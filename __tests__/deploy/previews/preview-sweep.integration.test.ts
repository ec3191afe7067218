// The preview sweep against both stand-ins over real HTTPS, where GitHub fails (issue 60, point 4): a
// pull request GitHub cannot read is said and left, the sweep going on with the others and failing at the
// end; and the records a close run left unfinished when GitHub failed it are finished.
import { renderSummary } from '../../../src/action/summary.js';
import { sumPoints } from '../../../src/platform/money.js';
import { usePreviewBench } from '../../helpers/preview-bench.js';
import { reportOf } from '../../../src/deploy/engine/calls/step-result.js';

const SWEEP = { operation: 'preview_sweep', preview_ttl: '1h', gpu: '', body: '' };

describe('the preview sweep, where GitHub fails', () => {
  const bench = usePreviewBench({ inputs: { comment: 'true' } });
  const on = (number: number | undefined, action?: 'opened' | 'closed') =>
    bench.on(number, action, { baseRef: true });
  const step = (inputs: Record<string, string>, number: number | undefined, action?: 'opened' | 'closed') =>
    bench.stepOn(inputs, number, action, {}, { baseRef: true });
  const statusOf = (id: string) => bench.emulator.tasks.get(id).status;
  const latest = (pull: number) =>
    bench.github.store
      .deploymentsIn(new RegExp(`^pr-${pull}$`))
      .map((d) => bench.github.store.statusesOf(d.id)[0]?.state);
  const heading = (pull: number) =>
    bench.github.store.comments.find((c) => c.issue === pull)?.body.split('\n')[1];

  // Regression (issue 60, point 4): a 502 on one pull request's read stopped the sweep, leaving every
  // later one (closed, merged) running.
  it("goes on past a pull request GitHub cannot read, says which, and fails at the end; each stopped one's cost read from its detail", async () => {
    bench.emulator.tasks.setListSchemaOnly(true);
    const ids = new Map<number, string>();
    for (const number of [5, 6, 7]) {
      bench.github.store.openPull(number);
      ids.set(number, (await step({}, number, 'opened')).outputs.task_id);
    }
    // Closed, each of them; their close runs were lost. GitHub answers 502 to every read of #6.
    bench.github.store.closePull(5, true);
    bench.github.store.closePull(6, false);
    bench.github.store.closePull(7, false);
    bench.github.failOn({ path: /\/pulls\/6$/, method: 'GET' });
    bench.clock.advance(200);
    const sweep = await step(SWEEP, undefined);
    expect([5, 6, 7].map((n) => statusOf(ids.get(n) ?? ''))).toEqual(['End', 'Running', 'End']);
    expect(sweep.failure).toMatch(
      /^preview_sweep: could not sweep #6 \(GitHub refused the state of pull request #6: HTTP 502: Server Error.*\): left as they were, the others swept; the next sweep tries again$/
    );
    expect(sweep.result.tasks.map((t) => [t.id, t.message])).toEqual([
      [ids.get(5), 'pull request #5 is merged'],
      [ids.get(7), 'pull request #7 is closed']
    ]);
    // Each stopped one said stopped, in its deployments and its comment.
    expect([latest(5), latest(6), latest(7)]).toEqual([['inactive'], ['success'], ['inactive']]);
    expect([heading(5), heading(6), heading(7)]).toEqual([
      '### Preview of web: stopped: the pull request is closed',
      '### Preview of web: running',
      '### Preview of web: stopped: the pull request is closed'
    ]);
    // What each cost is its detail's (the task list's rows carry billing_value alone here).
    for (const task of sweep.result.tasks) {
      const detail = bench.emulator.tasks.get(task.id);
      expect([task.billingValue, task.forecastValue]).toEqual([
        String(detail.billing_value),
        String(detail.forecast_value)
      ]);
    }
    expect(reportOf(sweep.result, 'preview')?.totalPoints).toBe(
      sumPoints(sweep.result.tasks.flatMap((t) => [t.billingValue ?? '', t.forecastValue ?? '']))
    );
    expect(renderSummary(sweep.result, { passed: false, why: sweep.failure ?? '' })).toContain(
      '#### Previews of web stopped'
    );
    // GitHub's client waits out each 502 (asking again twice) and spaces its writes a second apart.
  });

  // Regression (issue 60, point 4): a close run that met GitHub 5xx left a deployment still success and a
  // comment saying "running" for a stopped service; the sweep visited only live tasks and never fixed them.
  it('finishes the records of a close run GitHub failed: the deployment marked inactive, the comment said stopped', async () => {
    bench.github.store.openPull(8);
    const up = await step({}, 8, 'opened');
    expect(heading(8)).toBe('### Preview of web: running');
    // The close stops the preview, then every write to GitHub meets a 502 (each sent three times).
    bench.github.store.closePull(8, true);
    bench.github.failOn({ path: /./, method: 'POST', times: 3 });
    const close = await step({}, 8, 'closed');
    expect(close.failure).toMatch(/^preview: GitHub refused .*HTTP 502/);
    expect(statusOf(up.outputs.task_id)).toBe('End');
    expect([latest(8), heading(8)]).toEqual([['success'], '### Preview of web: running']);
    // A dry run says what it would finish, and writes nothing.
    const dry = await bench.step(SWEEP, { ...on(undefined), dryRun: true });
    expect(dry.failure).toBeUndefined();
    expect(bench.log).toContain(
      'preview_sweep: web-pr-8: pull request #8 is closed, and its deployment still said success: dry run: its records would be finished'
    );
    expect(latest(8)).toEqual(['success']);
    const sweep = await step(SWEEP, undefined);
    expect(sweep.failure).toBeUndefined();
    expect([latest(8), heading(8)]).toEqual([
      ['inactive'],
      '### Preview of web: stopped: the pull request is closed'
    ]);
    expect(bench.github.store.comments.find((c) => c.issue === 8)?.body).toContain(
      '> Stopped by preview&#95;sweep&#58; pull request &#35;8 is closed, and its deployment still said success&#46;'
    );
    expect(bench.log).toContainEqual(
      "preview_sweep: web-pr-8: pull request #8 is closed, and its deployment still said success (a close run's records were left unfinished): 1 deployment(s) marked inactive, the comment (if any) says stopped"
    );
    // What it cost is kept too, as the close would have kept it.
    expect(bench.github.store.deploymentsIn(/^preview-spend$/).at(-1)?.payload).toMatchObject({
      task_name: 'web-pr-8'
    });
    // Finished once: the next sweep finds nothing to do.
    const again = await step(SWEEP, undefined);
    expect([again.failure, again.result.tasks]).toEqual([undefined, []]);
  });
});
