// max_previews once a run's preview is up (issue 60, point 3), against the emulator over real HTTPS: which
// previews count ahead of the one a run just made, in the one order every run sees (each preview's oldest
// task, stopped ones too), and what happens when the platform cannot be read again.
import { overMaxPreviews } from '../../../src/deploy/previews/max-previews.js';
import { emulatorContext, useStepBench } from '../../helpers/emulator-step.js';

describe('max_previews, held again once a preview was made', () => {
  const bench = useStepBench({ strict: true }, {});
  // A run of its own each time: a second on, so that no two runs' requests share a timestamp.
  const context = (maxPreviews: string) => {
    bench.clock.advance(1);
    return emulatorContext(bench.emulator, bench.clock, bench.client, bench, {
      operation: 'preview',
      task_name: 'web',
      max_previews: maxPreviews,
      max_retries: '2',
      github_token: 'ghs_test'
    });
  };
  const add = (taskId: number, number: number, status: 'Running' | 'End' = 'Running') =>
    bench.emulator.tasks.add({ task_id: taskId, task_name: `web-pr-${number}`, points: 1, status });
  const ours = { given: 'web', name: 'web-pr-2', number: 2 };
  const statusOf = (id: number) => bench.emulator.tasks.get(id).status;

  it("counts a preview whose pull request pushed meanwhile as ahead, by its oldest task, and stops this run's", async () => {
    // Pull request #1's preview ran before (task 1000100, ended since: its push replaced it by 1000300).
    add(1000100, 1, 'End');
    add(1000300, 1);
    add(1000200, 2);
    const refusal = await overMaxPreviews(ours, '1000200', context('1'));
    expect(refusal?.why).toBe(
      'max_previews is 1, and 1 preview(s) of "web" made before this one run ("web-pr-1"): another run made them at the same time, so the preview of pull request #2 is stopped; close one of those pull requests, or raise max_previews'
    );
    expect(refusal?.stopped.map((t) => [t.id, t.message])).toEqual([['1000200', 'stopped: max_previews']]);
    expect([statusOf(1000200), statusOf(1000300)]).toEqual(['End', 'Running']);
  });

  it('leaves its own when the others that run were made after it (their runs stop theirs), or fit the limit', async () => {
    add(1000200, 2);
    add(1000300, 3);
    expect(await overMaxPreviews(ours, '1000200', context('1'))).toBeUndefined();
    add(1000100, 1);
    expect(await overMaxPreviews(ours, '1000200', context('2'))).toBeUndefined();
    expect([statusOf(1000100), statusOf(1000200), statusOf(1000300)]).toEqual([
      'Running',
      'Running',
      'Running'
    ]);
    // The later one, #3, sees #1 and #2 ahead of it at a limit of 2: it is the newest over the limit.
    const refusal = await overMaxPreviews(
      { given: 'web', name: 'web-pr-3', number: 3 },
      '1000300',
      context('2')
    );
    expect(refusal?.why).toMatch(
      /^max_previews is 2, and 2 preview\(s\) of "web" made before this one run \("web-pr-1", "web-pr-2"\)/
    );
    expect(statusOf(1000300)).toBe('End');
  });

  it('stops its own when the previews that run cannot be read again: the limit cannot be shown to hold', async () => {
    add(1000100, 1);
    add(1000200, 2);
    // The search of what runs goes through; the read of #1's tasks fails, sent again until max_retries
    // (2) is spent; then the stop's own searches go through.
    bench.emulator.inject({
      path: '/api/deployment/task/search',
      skip: 1,
      times: 3,
      answer: { kind: 'status', status: 503 }
    });
    const refusal = overMaxPreviews(ours, '1000200', context('1'));
    await expect(refusal).resolves.toMatchObject({
      why: expect.stringMatching(
        /^max_previews is 1, and the previews of "web" that run could not be read again once this one was made \(.*\): it is stopped, as the limit cannot be shown to hold; push again to retry$/
      ) as unknown
    });
    expect([statusOf(1000100), statusOf(1000200)]).toEqual(['Running', 'End']);
  });
});
