// Hostile preview scenarios (issue 60, points 2, 3, 5 and 6) against both stand-ins over real HTTPS, the
// emulator on the fake clock: a pull request's previews never spend past max_cost, and no more than
// max_previews run.
import { sha } from '../../../github-standin/index.js';
import { usePreviewBench, type PullAction } from '../../helpers/preview-bench.js';

const CREATE = '/api/task/deployment/create';

describe('previews under hostile timing (issue 60 review)', () => {
  const bench = usePreviewBench({ inputs: { comment: 'true' } });
  let log: string[] = [];
  beforeEach(() => {
    log = bench.log;
  });
  afterEach(() => {
    if (process.env.DBG !== undefined)
      console.log(log.filter((l) => !l.startsWith('still waiting')).join('\n'));
  });
  const on = (number: number, action: PullAction) => bench.on(number, action, { baseRef: true });
  const step = (
    inputs: Record<string, string>,
    number: number,
    action: PullAction,
    options: { cancelWhen?: RegExp } = {}
  ) => bench.stepOn(inputs, number, action, options, { baseRef: true });
  /** The tasks the steps made that bill (a task the platform deleted bills no more). */
  const live = (): string[] =>
    [
      ...new Set(
        bench
          .sent(CREATE)
          .map((r) => r.createdTaskId)
          .filter((id) => id !== undefined)
      )
    ].filter((id) => {
      try {
        return bench.emulator.tasks.get(id).status !== 'End';
      } catch {
        return false;
      }
    });

  it('a push cancelled once it stopped the old preview, before it kept what that cost: the next push still finds the cap reached after the platform deleted it', async () => {
    bench.github.store.openPull(32);
    const open = await step({}, 32, 'opened');
    expect(open.failure).toBeUndefined();
    // An hour on (1.88 yuan), a push replaces it; the job is cancelled once the old preview is stopped.
    bench.clock.advance(3600);
    bench.github.store.pushPull(32, sha(32, 2));
    await step({ max_cost: '3' }, 32, 'synchronize', {
      cancelWhen: /^replace: task \d+ is ready; stopping task/
    });
    expect(bench.emulator.tasks.get(open.outputs.task_id).status).toBe('End');
    // The platform deletes ended tasks; the next push, with max_cost 1.5, has spent 1.88 yuan already.
    bench.emulator.tasks.setEndedTasksGone(true);
    bench.clock.advance(60);
    bench.github.store.pushPull(32, sha(32, 3));
    const next = await step({ max_cost: '1.5' }, 32, 'synchronize');
    expect(next.failure).toMatch(/max_cost/);
    expect(bench.sent(CREATE).length).toBe(2);
  });

  it('max_previews 1, two runs at once: the run whose preview was made later is cancelled once it is ready; no more than one preview is left', async () => {
    bench.github.store.openPull(41);
    bench.github.store.openPull(42);
    bench.clock.advance(1);
    const inputs = { max_previews: '1' };
    // Cancel a run at its "is ready" line when its task is the later-made one (the one over the limit).
    const laterReady = (): RegExp =>
      ({
        test: (line: string) => {
          const ready = /^replace: task (\d+) is ready/.exec(line);
          if (ready === null) return false;
          const ids = bench
            .sent(CREATE)
            .map((r) => r.createdTaskId)
            .filter((id) => id !== undefined);
          const mine = ready[1] ?? '';
          const others = ids.filter((id) => id !== mine);
          return others.every((id) => BigInt(id) < BigInt(mine));
        }
      }) as unknown as RegExp;
    const runs = await Promise.all([
      bench.step(inputs, { ...on(41, 'opened'), cancelWhen: laterReady() }),
      bench.step(inputs, { ...on(42, 'opened'), clockSkewMs: 60_000, cancelWhen: laterReady() })
    ]);
    expect(bench.sent(CREATE).length).toBe(2);
    // Each run's post step, with what it saved.
    for (const run of runs) if (run.left !== undefined) await bench.cleanup(run.left, { max_previews: '1' });
    expect(live().length).toBeLessThanOrEqual(1);
  });

  it('a comment deleted by a user: the next push writes one comment again, and what the previews spent still counts', async () => {
    bench.github.store.openPull(35);
    const open = await step({}, 35, 'opened');
    expect(open.failure).toBeUndefined();
    expect(bench.github.store.comments).toHaveLength(1);
    // A user deletes the comment; an hour on, the preview has cost 1.88 yuan.
    bench.github.store.comments.splice(0, 1);
    bench.clock.advance(3600);
    bench.github.store.pushPull(35, sha(35, 2));
    const capped = await step({ max_cost: '1' }, 35, 'synchronize');
    expect(capped.failure).toMatch(/reaches max_cost 1 yuan/);
    expect(live()).toEqual([]);
    expect(bench.github.store.comments.filter((c) => c.issue === 35)).toHaveLength(1);
    // The platform deletes the ended task afterwards: the next push still finds the cap reached.
    bench.emulator.tasks.setEndedTasksGone(true);
    bench.github.store.pushPull(35, sha(35, 3));
    const again = await step({ max_cost: '1' }, 35, 'synchronize');
    expect(again.failure).toMatch(/reaches max_cost 1 yuan/);
    expect(bench.sent(CREATE).length).toBe(1);
    expect(bench.github.store.comments.filter((c) => c.issue === 35)).toHaveLength(1);
  });

  it('close with max_cost reached: every preview of the pull request is stopped and nothing serves', async () => {
    bench.github.store.openPull(36);
    const open = await step({ max_cost: '1' }, 36, 'opened');
    expect(open.failure).toBeUndefined();
    bench.clock.advance(3600);
    bench.github.store.closePull(36, false);
    const close = await step({ max_cost: '1' }, 36, 'closed');
    expect(close.failure).toBeUndefined();
    expect(live()).toEqual([]);
    expect(
      bench.github.store.deploymentsIn(/^pr-36$/).map((d) => bench.github.store.statusesOf(d.id)[0]?.state)
    ).toEqual(['inactive']);
  });
});
