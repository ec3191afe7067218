import { TASK_KINDS } from '../../../../src/platform/task-kinds.js';
import { snapshotOf } from '../../../../src/platform/task-data.js';
import { criteriaFor } from '../../../../src/deploy/engine/wait/criteria.js';
import { PastDeadlineError } from '../../../../src/platform/throttle.js';
import {
  waitForTasks,
  type Poll,
  type WaitOptions
} from '../../../../src/deploy/engine/wait/wait-for-tasks.js';
import { testSettings } from '../../../helpers/settings.js';

/** A task detail as the platform answers it. */
const task = (status: string, urls: (string | null)[] = [], name = 'svc'): Poll => ({
  kind: 'task',
  data: {
    task_id: 1,
    task_name: name,
    status,
    services: [{ service_name: 'web', remote_ports: urls.map((url) => ({ service_port: 80, url })) }]
  },
  raw: `{"status":"${status}"}`
});

class Transient extends Error {}

/** A fake clock, and polls scripted by time: each task's answer is the last entry whose time has come. */
function harness(script: Record<string, [atSeconds: number, answer: Poll | Error][]>) {
  let now = 0;
  const log: string[] = [];
  const polls: [string, number][] = [];
  const deps = {
    now: () => now,
    sleep: (ms: number) => {
      now += ms;
      return Promise.resolve();
    },
    log: (line: string) => log.push(`${now / 1000}s ${line}`),
    warn: (line: string) => log.push(`${now / 1000}s warning: ${line}`),
    poll: (id: string) => {
      polls.push([id, now / 1000]);
      const answer = [...(script[id] ?? [])].reverse().find(([at]) => at * 1000 <= now)?.[1];
      if (answer === undefined) throw new Error(`no script for ${id}`);
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
    },
    isTransient: (error: unknown) => error instanceof Transient,
    describeError: (error: unknown) => (error as Error).message,
    cancelled: () => false
  };
  return { deps, log, polls, time: () => now / 1000 };
}

const options = (overrides: Partial<WaitOptions> = {}): WaitOptions => ({
  criteria: criteriaFor('ready', testSettings().wait, TASK_KINDS.deployment),
  snapshotOf: (data: unknown) => snapshotOf(data, ['status']),
  timeoutMs: 900_000,
  intervalMs: 10_000,
  errorBudget: 3,
  concurrency: 4,
  startedAt: 0,
  ...overrides
});

describe('waitForTasks', () => {
  it('checks right away, then every interval, logging each change with the elapsed time', async () => {
    const h = harness({
      '7': [
        [0, task('Pending', [null])],
        [25, task('Running', [null])],
        [42, task('Running', ['https://svc'])]
      ]
    });
    const { tasks, timedOut } = await waitForTasks(['7'], options(), h.deps);
    expect(timedOut).toBe(false);
    expect(h.polls.map(([, at]) => at)).toEqual([0, 10, 20, 30, 40, 50]);
    expect(tasks[0]).toMatchObject({
      id: '7',
      verdict: 'reached',
      elapsedMs: 50_000,
      timeline: [
        { atMs: 0, status: 'Pending' },
        { atMs: 30_000, status: 'Running' }
      ]
    });
    expect(h.log).toEqual([
      '0s task 7 "svc": Pending after 0s (15m0s left)',
      '30s task 7 "svc": Pending -> Running after 30s (14m30s left)',
      '30s task 7 "svc": Running, waiting for 1 of 1 service URLs',
      '50s task 7 "svc" is ready after 50s: https://svc'
    ]);
  });

  it('stops at once when the job is cancelled during a sleep: the task is cancelled, not timed out', async () => {
    const h = harness({ '7': [[0, task('Pending')]] });
    let cancelled = false;
    const deps = {
      ...h.deps,
      cancelled: () => cancelled,
      // The runtime's sleep: it rejects as soon as the job is cancelled (here, 15 s in).
      sleep: async (ms: number) => {
        if (h.time() + ms / 1000 < 15) return h.deps.sleep(ms);
        await h.deps.sleep(15_000 - h.time() * 1000);
        cancelled = true;
        throw new Error('the step was cancelled');
      }
    };
    const { tasks, timedOut } = await waitForTasks(['7'], options(), deps);
    expect([timedOut, tasks[0]?.verdict]).toEqual([false, 'cancelled']);
    expect(h.polls.map(([, at]) => at)).toEqual([0, 10]);
    // A sleep that fails for another reason is no cancellation: the wait fails with it.
    const broken = { ...h.deps, sleep: () => Promise.reject(new Error('timer broke')) };
    await expect(waitForTasks(['7'], options(), broken)).rejects.toThrow('timer broke');
  });

  it('fails a task that reaches a failure status, naming it', async () => {
    const h = harness({
      '7': [
        [0, task('Pending')],
        [12, task('Other')]
      ]
    });
    const { tasks } = await waitForTasks(['7'], options(), h.deps);
    expect(tasks[0]).toMatchObject({ verdict: 'failed', message: 'ended in Other', elapsedMs: 20_000 });
    expect(h.log.at(-1)).toBe('20s task 7 "svc" ended in Other after 20s');
  });

  it('times out at the deadline, after a last check, naming the last status', async () => {
    const h = harness({ '7': [[0, task('Pending')]] });
    const { tasks, timedOut } = await waitForTasks(['7'], options({ timeoutMs: 25_000 }), h.deps);
    expect(timedOut).toBe(true);
    expect(h.polls.map(([, at]) => at)).toEqual([0, 10, 20, 25]);
    expect(h.time()).toBe(25);
    expect(tasks[0]).toMatchObject({
      verdict: 'timed_out',
      message: 'timed out after 25s, last status Pending'
    });
  });

  it('counts the deadline from the start of the step', async () => {
    const h = harness({ '7': [[0, task('Pending')]] });
    await waitForTasks(['7'], options({ timeoutMs: 25_000, startedAt: -20_000 }), h.deps);
    expect(h.polls.map(([, at]) => at)).toEqual([0, 5]);
  });

  it('logs at least once a minute while nothing changes, even with a long interval', async () => {
    const h = harness({
      '7': [
        [0, task('Pending')],
        [300, task('Running')]
      ]
    });
    await waitForTasks(
      ['7'],
      options({ intervalMs: 300_000, criteria: { ...options().criteria, requireUrls: false } }),
      h.deps
    );
    expect(h.log.filter((line) => line.includes('still waiting'))).toEqual([
      '60s still waiting after 1m0s (14m0s left): 7 Pending',
      '120s still waiting after 2m0s (13m0s left): 7 Pending',
      '180s still waiting after 3m0s (12m0s left): 7 Pending',
      '240s still waiting after 4m0s (11m0s left): 7 Pending',
      '300s still waiting after 5m0s (10m0s left): 7 Pending'
    ]);
  });

  it('waits for every node, saying each change, and shows the nodes in its heartbeat', async () => {
    const nodes = (running: number): Poll => {
      const polled = task('Running');
      return polled.kind === 'task'
        ? { ...polled, data: { ...(polled.data as object), points: 2, runing_points: running } }
        : polled;
    };
    const h = harness({
      '7': [
        [0, nodes(1)],
        [120, nodes(2)]
      ]
    });
    const result = await waitForTasks(['7'], options({ intervalMs: 120_000 }), h.deps);
    expect(result.tasks[0]).toMatchObject({ verdict: 'reached', elapsedMs: 120_000 });
    expect(h.log).toEqual([
      '0s task 7 "svc": Running after 0s (15m0s left)',
      '0s task 7 "svc": 1/2 nodes running after 0s',
      '60s still waiting after 1m0s (14m0s left): 7 Running (1/2 nodes running)',
      '120s still waiting after 2m0s (13m0s left): 7 Running (1/2 nodes running)',
      '120s task 7 "svc": 2/2 nodes running after 2m0s',
      '120s task 7 "svc" is ready after 2m0s'
    ]);
    expect(result.tasks[0]?.timeline.map((t) => t.status)).toEqual([
      'Running',
      'Running, 1/2 nodes running',
      'Running, 2/2 nodes running'
    ]);
  });

  it('says once when a status is neither success nor failure, and keeps waiting', async () => {
    const h = harness({
      '7': [
        [0, task('Deploying')],
        [10, task('Deploying')],
        [20, task('Running')]
      ]
    });
    const { tasks } = await waitForTasks(
      ['7'],
      options({ criteria: { ...options().criteria, requireUrls: false } }),
      h.deps
    );
    expect(tasks[0]?.verdict).toBe('reached');
    expect(h.log.filter((line) => line.includes('neither'))).toEqual([
      '0s status "Deploying" is neither a success (Running) nor a failure (Other, End, Paused) status: still waiting'
    ]);
  });

  it('counts a task that no longer exists as stopped when stopping, and as failed otherwise', async () => {
    const gone: Poll = { kind: 'gone', message: 'task 7 does not exist' };
    const stopping = harness({
      '7': [
        [0, task('Running')],
        [5, gone]
      ]
    });
    const stop = await waitForTasks(
      ['7'],
      options({ criteria: criteriaFor('ended', testSettings().wait, TASK_KINDS.deployment) }),
      stopping.deps
    );
    expect(stop.tasks[0]).toMatchObject({
      verdict: 'reached',
      timeline: [{ status: 'Running' }, { status: 'gone' }]
    });
    const waiting = harness({ '7': [[0, gone]] });
    expect((await waitForTasks(['7'], options(), waiting.deps)).tasks[0]).toMatchObject({
      verdict: 'failed',
      message: 'no longer exists'
    });
  });

  it('rides out transient poll failures within the budget, then gives up on the task', async () => {
    const flaky = harness({
      '7': [
        [0, new Transient('HTTP 503')],
        [10, task('Running')]
      ]
    });
    expect(
      (
        await waitForTasks(
          ['7'],
          options({ criteria: { ...options().criteria, requireUrls: false } }),
          flaky.deps
        )
      ).tasks[0]?.verdict
    ).toBe('reached');
    expect(flaky.log[0]).toBe('0s task 7: poll failed (1 of 3 allowed in a row): HTTP 503');

    const down = harness({ '7': [[0, new Transient('connection refused')]] });
    const { tasks } = await waitForTasks(['7'], options(), down.deps);
    expect(tasks[0]).toMatchObject({
      verdict: 'error',
      message: '3 polls in a row failed, the last: connection refused'
    });
    expect(down.polls).toHaveLength(3);

    const refused = harness({ '7': [[0, new Error('HTTP 200, code C002: signature error')]] });
    expect((await waitForTasks(['7'], options(), refused.deps)).tasks[0]).toMatchObject({
      verdict: 'error',
      message: 'its detail failed: HTTP 200, code C002: signature error'
    });
    expect(refused.polls).toHaveLength(1);
  });

  it('ends a task timed out at once when the next check could only come past the deadline; the others go on', async () => {
    const h = harness({
      '1': [[0, new PastDeadlineError(60_000, 5_000)]],
      '2': [
        [0, task('Pending', [])],
        [2, task('Running', [])]
      ]
    });
    const result = await waitForTasks(['1', '2'], options({ timeoutMs: 5_000, intervalMs: 1_000 }), h.deps);
    expect(result.timedOut).toBe(true);
    expect(result.tasks.map((t) => [t.id, t.verdict, t.message])).toEqual([
      [
        '1',
        'timed_out',
        'timed out after 0s, last status unknown: the platform asked for a pause of 1m0s before the next request (429 with Retry-After), longer than the 5s left before the deadline'
      ],
      ['2', 'reached', undefined]
    ]);
    expect(h.time()).toBe(2);
  });

  it('waits for every task, each settling on its own, and summarises many in the heartbeat', async () => {
    const ids = ['1', '2', '3', '4', '5', '6', '7'];
    const script = Object.fromEntries(
      ids.map((id, i) => [
        id,
        [
          [0, task('Pending')],
          [i < 1 ? 20 : 200, task(id === '7' ? 'Other' : 'Running', ['https://u.example'])]
        ] as [number, Poll][]
      ])
    );
    const h = harness(script);
    const { tasks } = await waitForTasks(ids, options(), h.deps);
    expect(tasks.map((t) => t.verdict)).toEqual([
      'reached',
      'reached',
      'reached',
      'reached',
      'reached',
      'reached',
      'failed'
    ]);
    expect(h.log).toContain('80s still waiting after 1m20s (13m40s left): 6 tasks (6 Pending)');
    expect(h.polls.filter(([id]) => id === '1')).toHaveLength(3);
  });

  it("takes a detail call's own answer as the first check", async () => {
    const h = harness({ '7': [[0, task('Running', ['https://u.example'])]] });
    const { tasks } = await waitForTasks(
      ['7'],
      options({ initial: new Map([['7', task('Pending')]]) }),
      h.deps
    );
    expect(tasks[0]?.verdict).toBe('reached');
    expect(h.polls).toEqual([['7', 10]]);
  });

  it('reads the status at a dot path and never prints server text raw', async () => {
    const weird: Poll = {
      kind: 'task',
      data: { task: { status: 'Running' }, task_name: 'x\n::error::pwned' },
      raw: ''
    };
    const h = harness({ '7': [[0, weird]] });
    await waitForTasks(
      ['7'],
      options({ snapshotOf: (data: unknown) => snapshotOf(data, ['task', 'status']) }),
      h.deps
    );
    expect(h.log[0]).toBe('0s task 7 "x ::error::pwned": Running after 0s (15m0s left)');
    expect(h.log.every((line) => !line.includes('\n'))).toBe(true);
  });

  // Regression: a node list read just after the detail can show the task's end first (the platform's
  // status and its node list change between two reads); the wait failed on the node with the status it
  // had read before, Pending, where the task had ended in Other.
  describe('a node that fails after the detail was read', () => {
    const FAILED_NODE = { failure: 'has a node that will not come up: node 71 (Failed)', heldBack: false };

    it('reads the detail again, and reports the status the task then has', async () => {
      const h = harness({ '7': [[0, task('Pending')]] });
      const answers = [task('Pending'), task('Other')];
      const deps = {
        ...h.deps,
        poll: (id: string) => {
          h.polls.push([id, h.time()]);
          return Promise.resolve(answers.shift() ?? task('Other'));
        },
        checkNodes: () => Promise.resolve(FAILED_NODE)
      };
      const { tasks } = await waitForTasks(['7'], options(), deps);
      expect(tasks[0]).toMatchObject({ verdict: 'failed', message: 'ended in Other' });
      expect(tasks[0]?.snapshot?.status).toBe('Other');
      expect(h.polls).toEqual([
        ['7', 0],
        ['7', 0]
      ]);
    });

    it('fails on the node when the detail read again gets no answer, with the status read before', async () => {
      const h = harness({ '7': [[0, task('Pending')]] });
      let reads = 0;
      const deps = {
        ...h.deps,
        poll: () => {
          reads += 1;
          return reads === 1 ? Promise.resolve(task('Pending')) : Promise.reject(new Transient('no answer'));
        },
        checkNodes: () => Promise.resolve(FAILED_NODE)
      };
      const { tasks } = await waitForTasks(['7'], options(), deps);
      expect(tasks[0]).toMatchObject({ verdict: 'failed', message: FAILED_NODE.failure });
      expect(tasks[0]?.snapshot?.status).toBe('Pending');
      expect(reads).toBe(2);
    });

    it('fails on the node when the detail read again still says Pending', async () => {
      const h = harness({ '7': [[0, task('Pending')]] });
      const { tasks } = await waitForTasks(['7'], options(), {
        ...h.deps,
        checkNodes: () => Promise.resolve(FAILED_NODE)
      });
      expect(tasks[0]).toMatchObject({ verdict: 'failed', message: FAILED_NODE.failure });
      expect(tasks[0]?.snapshot?.status).toBe('Pending');
      expect(h.polls).toEqual([
        ['7', 0],
        ['7', 0]
      ]);
    });
  });
});
