// The edges of the preview steps, against both stand-ins over real HTTPS: what is refused before anything
// is sent, dry runs, a preview that does not become ready, records GitHub refuses once the platform's part
// is done, and the sweep's other reasons (a pull request this repository does not have, max_cost).
import { previewName, previewNumber, type PullRequests } from '../../../src/deploy/engine/pull-requests.js';
import { usePreviewBench } from '../../helpers/preview-bench.js';
import { reportOf } from '../../../src/deploy/engine/calls/step-result.js';

const CREATE = '/api/task/deployment/create';
const SWEEP = { operation: 'preview_sweep', gpu: '', body: '' };

describe('the preview steps, at their edges', () => {
  const bench = usePreviewBench();
  const host = (number: number | undefined, action: 'opened' | 'closed' = 'opened', token?: string) =>
    bench.records(number, action, { token, userAgent: 'test' });
  const step = (
    inputs: Record<string, string>,
    on: PullRequests | undefined,
    options: { dryRun?: boolean } = {}
  ) => {
    bench.clock.advance(1);
    return bench.step(inputs, {
      ...options,
      ...(on === undefined ? {} : { pullRequests: () => Promise.resolve(on) })
    });
  };

  it('names previews after task_name and the number, and reads the number back from a name', () => {
    expect(previewName('web', 42)).toBe('web-pr-42');
    expect(
      ['web-pr-42', 'web-pr-0', 'web-pr-042', 'web-pr-4a', 'api-pr-4', 'web-pr-'].map((n) =>
        previewNumber('web', n)
      )
    ).toEqual([42, undefined, undefined, undefined, undefined, undefined]);
  });

  it.each([
    [{ task_name: '' }, /^task_name is empty, but preview needs it/],
    [{ github_token: '' }, /^github_token is empty, but preview records the pull request's deployments/],
    [{ ...SWEEP, task_name: '' }, /^task_name is empty, but preview_sweep needs it/],
    [{ ...SWEEP, github_token: '' }, /^github_token is empty, but preview_sweep asks GitHub/],
    [{ wait: 'false' }, /^wait is false, but replace stops the old tasks only once the new one is ready/]
  ])('refuses %j before sending anything', async (inputs, message) => {
    await expect(step(inputs, host(undefined))).rejects.toThrow(message);
    expect(bench.emulator.requests).toEqual([]);
  });

  it('refuses to run where there is no GitHub (the CLI), and a preview without a pull request event', async () => {
    await expect(step({}, undefined)).rejects.toThrow(
      /^preview runs in the GitHub action, on a workflow's pull_request events/
    );
    await expect(step({}, host(undefined))).rejects.toThrow(
      /^preview follows a pull request: run it on pull_request events/
    );
    expect(bench.sent(CREATE)).toEqual([]);
  });

  it('says in a dry run what a push and a close would do, and what the sweep would stop, changing nothing', async () => {
    bench.github.store.openPull(4);
    const up = await step({}, host(4), { dryRun: true });
    expect(up.failure).toBeUndefined();
    expect(bench.log).toContain('dry run: a deployment of pull request #4 would be recorded');
    const live = bench.emulator.tasks.add({ task_name: 'web-pr-4', points: 1, status: 'Running' });
    bench.github.store.closePull(4, false);
    const down = await step({}, host(4, 'closed'), { dryRun: true });
    expect(down.result.tasks.map((t) => t.id)).toEqual([live]);
    expect(bench.log).toContain('dry run: the deployments of pull request #4 would be marked inactive');
    const sweep = await step(SWEEP, host(undefined), { dryRun: true });
    expect(sweep.result.tasks.map((t) => [t.id, t.message])).toEqual([[live, 'pull request #4 is closed']]);
    expect(bench.log).toContainEqual(expect.stringMatching(/; dry run: none is stopped$/));
    expect([
      bench.sent(CREATE),
      bench.emulator.tasks.get(live).status,
      bench.github.store.deploymentsIn(/^pr-/)
    ]).toEqual([[], 'Running', []]);
  });

  it('records a preview that does not become ready as a failure, and says why in the comment', async () => {
    bench.github.store.openPull(13);
    bench.emulator.tasks.setFailPattern(/-pr-13$/);
    const failed = await step({ comment: 'true' }, host(13));
    expect(failed.failure).toMatch(/^preview: task \d+ \(web-pr-13\) /);
    expect(
      bench.github.store.statusesOf(bench.github.store.deploymentsIn(/^pr-/)[0]?.id ?? 0)[0]?.state
    ).toBe('failure');
    expect(bench.github.store.comments[0]?.body).toContain('### Preview of web: failed');
    // It ended in Other, which the platform does not let a stop change: the rollback's stop is refused.
    expect(bench.emulator.tasks.get(failed.outputs.task_id).status).toBe('Other');
  });

  it("fails saying what GitHub refused once the platform's part is done, leaving the preview as it is", async () => {
    bench.github.store.openPull(21);
    // The deployments may be written, the comment not.
    const noComment = bench.github.tokenWith(['deployments']);
    const up = await step({ comment: 'true' }, host(21, 'opened', noComment));
    expect(up.failure).toMatch(
      /^preview: GitHub refused the comment on pull request #21: HTTP 403: .*pull-requests: write.*; the preview is left as the step made it$/
    );
    expect(bench.emulator.tasks.get(up.outputs.task_id).status).toBe('Running');
    // A close whose records cannot be written (the first of them: what the previews cost): the preview
    // is stopped all the same.
    bench.github.store.closePull(21, false);
    const down = await step({}, host(21, 'closed', bench.github.tokenWith([])));
    expect(down.failure).toMatch(
      /^preview: GitHub refused the record of what the previews of pull request #21 have cost: HTTP 403: .*deployments: write/
    );
    expect(bench.emulator.tasks.get(up.outputs.task_id).status).toBe('End');
    expect(down.outputs.total_cost).toMatch(/^0\.\d{6}$/);
  });

  it('sweeps by max_cost, leaves a preview of a pull request the repository does not have, and says what GitHub refused', async () => {
    bench.github.store.openPull(31);
    const open = await step({}, host(31));
    const stray = bench.emulator.tasks.add({ task_name: 'web-pr-99', points: 1, status: 'Running' });
    bench.clock.advance(3600);
    const sweep = await step({ ...SWEEP, max_cost: '1', preview_ttl: '90d' }, host(undefined));
    expect(sweep.failure).toBeUndefined();
    expect(sweep.result.tasks.map((t) => [t.id, t.message])).toEqual([
      [
        open.outputs.task_id,
        expect.stringMatching(
          /^the previews of pull request #31 have cost 1\.\d\d yuan, reaching max_cost 1 yuan$/
        )
      ]
    ]);
    expect(bench.log).toContain(
      "preview_sweep: web-pr-99 is left: this repository has no pull request #99 (it may be another repository's preview of the same task_name)"
    );
    expect(bench.emulator.tasks.get(stray).status).toBe('Running');
    // A token GitHub does not know: the sweep fails saying so, having stopped nothing.
    const refused = await step(SWEEP, host(undefined, 'opened', 'ghs_unknown'));
    expect(refused.failure).toMatch(
      /^preview_sweep: could not sweep #99 \(GitHub refused the state of pull request #99: HTTP 401: .*\); the pull requests closed lately \(GitHub refused the pull requests closed lately: HTTP 401: .*\): left as they were, the others swept; the next sweep tries again$/
    );
    expect(bench.emulator.tasks.get(stray).status).toBe('Running');
  });

  it('fails a close that cannot stop its preview, saying the sweep tries again', async () => {
    bench.github.store.openPull(51);
    const up = await step({}, host(51));
    bench.emulator.inject({
      path: '/api/deployment/task/stop',
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999', message: 'busy' }
    });
    bench.github.store.closePull(51, false);
    const down = await step({ comment: 'true', cleanup_timeout: '5s' }, host(51, 'closed'));
    expect(down.failure).toMatch(new RegExp(`^preview: task ${up.outputs.task_id} .*could not be stopped`));
    expect(bench.github.store.comments[0]?.body).toContain('### Preview of web: failed');
    expect(bench.github.store.comments[0]?.body).toContain(
      `> Task ${up.outputs.task_id} could not be stopped&#58; preview&#95;sweep tries again&#46;`
    );
  });

  // Regression (issue 60, point 2): the comment said "stopped at max_cost" of a preview that still served.
  it('says a preview the cap could not stop still serves: the comment says so, the deployment stays live', async () => {
    bench.github.store.openPull(62);
    const up = await step({ comment: 'true' }, host(62));
    bench.clock.advance(3600);
    bench.emulator.inject({
      path: '/api/deployment/task/stop',
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999', message: 'busy' }
    });
    const capped = await step({ comment: 'true', max_cost: '1', cleanup_timeout: '5s' }, host(62));
    expect(capped.failure).toMatch(
      new RegExp(
        `^preview: the previews of pull request #62 have cost 1\\.\\d\\d yuan, which reaches max_cost 1 yuan: no new preview is made, but task ${up.outputs.task_id} could not be stopped: preview_sweep tries again$`
      )
    );
    expect(bench.emulator.tasks.get(up.outputs.task_id).status).toBe('Running');
    expect(bench.github.store.comments[0]?.body).toContain('### Preview of web: failed');
    expect(bench.github.store.comments[0]?.body).toContain('could not be stopped');
    expect(
      bench.github.store.statusesOf(bench.github.store.deploymentsIn(/^pr-/)[0]?.id ?? 0)[0]?.state
    ).toBe('success');
  });

  it("stops a push's preview whose wait reaches what max_cost leaves, recording a failure", async () => {
    bench.github.store.openPull(61);
    // A node that bills while Pending, for an hour: the wait reaches the cap long before it is ready.
    bench.emulator.tasks.setReadyAfter(3600);
    bench.emulator.tasks.setBillPending(true);
    const capped = await step({ comment: 'true', max_cost: '0.05', poll_interval: '30s' }, host(61));
    expect(capped.outputs.capped).toBe('true');
    expect(
      bench.github.store.statusesOf(bench.github.store.deploymentsIn(/^pr-/)[0]?.id ?? 0)[0]?.state
    ).toBe('failure');
    expect(bench.github.store.comments[0]?.body).toContain('### Preview of web: stopped at max_cost');
    expect(bench.emulator.tasks.get(capped.outputs.task_id).status).toBe('End');
  });

  it('makes no preview for a pull request reopened after its previews reached max_cost, and says so in a dry run too', async () => {
    bench.github.store.openPull(71);
    const up = await step({}, host(71));
    bench.clock.advance(3600);
    bench.github.store.closePull(71, false);
    expect((await step({}, host(71, 'closed'))).failure).toBeUndefined();
    // Reopened: opened again, as GitHub's reopened event brings the preview up.
    const inputs = { comment: 'true', max_cost: '1' };
    const dry = await step(inputs, host(71), { dryRun: true });
    expect(reportOf(dry.result, 'preview')?.failure).toMatch(
      /^the previews of pull request #71 have cost 1\.\d\d yuan, which reaches max_cost 1 yuan: no new preview is made$/
    );
    // A dry run writes no comment.
    expect(bench.github.store.comments).toEqual([]);
    const refused = await step(inputs, host(71));
    expect(refused.failure).toBe(`preview: ${reportOf(dry.result, 'preview')?.failure ?? ''}`);
    expect([refused.outputs.capped, bench.sent(CREATE).length]).toEqual(['false', 1]);
    expect(bench.github.store.comments[0]?.body).toContain('### Preview of web: stopped at max_cost');
    expect(bench.emulator.tasks.get(up.outputs.task_id).status).toBe('End');
  });
});
