// Each operation's flow, as planned: what it checks before anything is sent, and what it leaves the post
// step before it starts.
import { OPERATIONS } from '../../src/deploy/operations.js';
import { planStep } from '../../src/deploy/step.js';
import { OPERATION_NAMES } from '../../src/platform/platform-settings.js';
import { testSettings } from '../helpers/settings.js';

describe('the flows', () => {
  it('give every operation a flow', () => {
    expect(
      OPERATIONS.filter((declared) => typeof declared.flow === 'function')
        .map((declared) => declared.name)
        .sort()
    ).toEqual([...OPERATION_NAMES].sort());
  });

  it('plan a replace only when it may wait: it stops the old tasks once the new one is ready', async () => {
    const wait = { ...testSettings().wait, mode: 'false' as const };
    await expect(planStep(testSettings({ operation: 'replace', taskName: 'a', wait }))).rejects.toThrow(
      'wait is false, but replace stops the old tasks only once the new one is ready, which it must wait for: remove wait'
    );
  });

  it("leave the post step to stop a replace's new task until it is ready, whatever cleanup says", async () => {
    const cleanupOf = async (settings: Parameters<typeof planStep>[0]) =>
      (await planStep(settings)).cleanup.action;
    expect(await cleanupOf(testSettings({ operation: 'replace', taskName: 'a', cleanup: 'none' }))).toBe(
      'stop'
    );
    expect(await cleanupOf(testSettings({ operation: 'create', taskName: 'a', cleanup: 'pause' }))).toBe(
      'pause'
    );
    expect(
      await cleanupOf(testSettings({ operation: 'create', taskName: 'a', cleanup: 'none' }))
    ).toBeUndefined();
  });

  // Issue 61, point 4: each operation's kind is its own; a transfer's check or a job queue's read is no
  // deployment's, which a pause would apply to.
  it.each([
    [
      testSettings({
        operation: 'storage_check',
        apiProfile: 'live',
        body: { supplier: 'S3', endpoint: 'https://s3.example', ak: 'a', sk: 'b', bucket: 'c', prefix: '' },
        cleanup: 'pause'
      }),
      'transfer'
    ],
    [testSettings({ operation: 'job_group_search', query: [['queue_id', '7']], cleanup: 'pause' }), 'job']
  ])(
    'refuse cleanup: pause before anything is sent where the kind cannot be paused (%#)',
    async (settings, kind) => {
      await expect(planStep(settings)).rejects.toThrow(
        `cleanup is pause, but ${settings.operation} concerns a ${kind}, which cannot be paused`
      );
    }
  );

  it.each([
    [undefined, 'task_name is empty, but sweep needs it: set task_name to a name pattern, such as pr-42-*'],
    [
      'p*',
      'task_name "p*" is too broad a pattern for sweep: write at least 3 characters besides *, such as pr-42-*'
    ]
  ])('plan a sweep only for a pattern narrow enough: %s', async (taskName, message) => {
    await expect(planStep(testSettings({ operation: 'sweep', taskName }))).rejects.toThrow(message);
  });

  it('plan a sweep as the first page of its task search', async () => {
    const planned = await planStep(testSettings({ operation: 'sweep', taskName: 'pr-42-*' }));
    expect(
      planned.plan.calls.map((call) => [
        call.endpoint.path,
        call.query.find(([name]) => name === 'search_value')?.[1]
      ])
    ).toEqual([['/api/deployment/task/search', 'pr-42-']]);
  });
});
