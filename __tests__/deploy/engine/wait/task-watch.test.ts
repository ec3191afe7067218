import { TASK_KINDS } from '../../../../src/platform/task-kinds.js';
// The wait's decisions, look by look, without time: the watch takes a look and gives the next state.
import { jobSnapshotOf, snapshotOf } from '../../../../src/platform/task-data.js';
import { criteriaFor } from '../../../../src/deploy/engine/wait/criteria.js';
import {
  progress,
  readsAt,
  seeNodes,
  seePoll,
  seePollFailure,
  skipDetail,
  startWatch,
  stopWatching,
  type Poll,
  type TaskWatch,
  standing,
  type WatchRules
} from '../../../../src/deploy/engine/wait/task-watch.js';
import { testSettings } from '../../../helpers/settings.js';

const wait = testSettings().wait;
const rules = (target: 'ready' | 'ended' = 'ready', unknownSaid: string[] = []): WatchRules => ({
  criteria: criteriaFor(target, wait, TASK_KINDS.deployment),
  snapshotOf: (data: unknown) => snapshotOf(data, ['status']),
  timeoutMs: 900_000,
  errorBudget: 3,
  unknownSaid: new Set(unknownSaid)
});
const task = (fields: Record<string, unknown>): Poll => ({
  kind: 'task',
  data: { task_name: 'svc', ...fields },
  raw: ''
});
const url = (value: string | null) => ({ services: [{ remote_ports: [{ url: value }] }] });

/** Looks at the task in turn, at 10 s apart: its watch after each, and every line said. */
function looks(polls: Poll[], given = rules()): { watches: TaskWatch[]; lines: string[] } {
  let watch = startWatch('7');
  const watches: TaskWatch[] = [];
  const lines: string[] = [];
  polls.forEach((poll, i) => {
    const seen = seePoll(watch, poll, i * 10_000, given);
    ({ watch } = seen);
    watches.push(watch);
    lines.push(...seen.lines);
  });
  return { watches, lines };
}

describe('the watch of a task', () => {
  it('says each change of status, and reaches ready once every URL is set and every node runs', () => {
    const { watches, lines } = looks([
      task({ status: 'Pending', ...url(null) }),
      task({ status: 'Running', points: 2, runing_points: 1, ...url(null) }),
      task({ status: 'Running', points: 2, runing_points: 2, ...url(null) }),
      task({ status: 'Running', points: 2, runing_points: 2, ...url('https://svc.example') })
    ]);
    expect(watches.map((w) => w.verdict)).toEqual(['waiting', 'waiting', 'waiting', 'reached']);
    expect(lines).toEqual([
      'task 7 "svc": Pending after 0s (15m0s left)',
      'task 7 "svc": Pending -> Running after 10s (14m50s left)',
      'task 7 "svc": 1/2 nodes running after 10s',
      'task 7 "svc": Running, waiting for 1 of 1 service URLs',
      'task 7 "svc": 2/2 nodes running after 20s',
      'task 7 "svc" is ready after 30s: https://svc.example'
    ]);
    expect(watches.at(-1)?.timeline.map((t) => t.status)).toEqual([
      'Pending',
      'Running',
      'Running, 1/2 nodes running',
      'Running, 2/2 nodes running'
    ]);
  });

  // Regression: a task whose only URL was no http(s) URL counted as ready, and the step passed, url empty.
  it('is not ready while a URL is set but is no http(s) URL the step could publish', () => {
    const { watches, lines } = looks([
      task({ status: 'Running', ...url('javascript:alert(1)') }),
      task({ status: 'Running', ...url('https://svc.example') })
    ]);
    expect(watches.map((w) => w.verdict)).toEqual(['waiting', 'reached']);
    expect(lines).toEqual([
      'task 7 "svc": Running after 0s (15m0s left)',
      'task 7 "svc": Running, waiting for 1 of 1 service URLs (1 set, but not an absolute http(s) URL)',
      'task 7 "svc" is ready after 10s: https://svc.example'
    ]);
    // Not waiting for URLs, it is ready without one.
    const noUrls = { ...rules(), criteria: { ...rules().criteria, requireUrls: false } };
    expect(
      looks([task({ status: 'Running', ...url('javascript:alert(1)') })], noUrls).watches[0]?.verdict
    ).toBe('reached');
  });

  it('fails on a failure status', () => {
    const failed = looks([task({ status: 'Pending' }), task({ status: 'Other' })]);
    expect(failed.watches[1]).toMatchObject({
      verdict: 'failed',
      message: 'ended in Other',
      elapsedMs: 10_000
    });
  });

  // Regression: after a recover, a first look that still read Paused was the verdict (ended in Paused).
  it('takes the status a request moves the task out of as not yet, until the task has shown another', () => {
    const recovering = {
      ...rules(),
      criteria: criteriaFor('ready', wait, TASK_KINDS.deployment, ['Paused'])
    };
    const late = looks(
      [
        task({ status: 'Paused' }),
        task({ status: 'Paused' }),
        task({ status: 'Pending' }),
        task({ status: 'Running', ...url('https://svc.example') })
      ],
      recovering
    );
    expect(late.watches.map((w) => w.verdict)).toEqual(['waiting', 'waiting', 'waiting', 'reached']);
    expect(late.lines.slice(0, 2)).toEqual([
      'task 7 "svc": Paused after 0s (15m0s left)',
      'task 7 "svc": still Paused after 0s, as before the request: waiting for the change to show'
    ]);
    // Once it has left, coming back is a verdict again: paused by someone else while it starts.
    const back = looks(
      [task({ status: 'Paused' }), task({ status: 'Pending' }), task({ status: 'Paused' })],
      recovering
    );
    expect(back.watches.map((w) => w.verdict)).toEqual(['waiting', 'waiting', 'failed']);
    // Never left: a timeout that says so.
    const stuck = stopWatching(late.watches[1] ?? startWatch('7'), 'timed_out', 60_000);
    expect(stuck.message).toBe(
      'timed out after 1m0s, last status Paused, as before the request: the status never changed'
    );
    // Without a request that moves it (a detail waited on), the first status is the verdict as before.
    expect(looks([task({ status: 'Paused' })]).watches[0]?.verdict).toBe('failed');
  });

  it('says an unknown status once for the whole wait', () => {
    const first = seePoll(startWatch('7'), task({ status: 'Starting' }), 0, rules());
    expect(first.unknown).toBe('Starting');
    expect(first.lines[1]).toMatch(/^status "Starting" is neither a success \(Running\) nor a failure/);
    expect(
      seePoll(startWatch('8'), task({ status: 'Starting' }), 0, rules('ready', ['Starting'])).unknown
    ).toBeUndefined();
  });

  it('takes a task gone as stopped when stopping, and as failed when waiting until ready', () => {
    const gone: Poll = { kind: 'gone', message: 'absent' };
    expect(seePoll(startWatch('7'), gone, 5000, rules('ended'))).toMatchObject({
      watch: { verdict: 'reached' },
      lines: ['task 7 no longer exists after 5s, so it is stopped']
    });
    expect(seePoll(startWatch('7'), gone, 5000, rules()).watch).toMatchObject({
      verdict: 'failed',
      message: 'no longer exists'
    });
  });

  it('rides out failures that may pass within the budget, and gives up on the rest', () => {
    const transient = { why: 'HTTP 503', transient: true, pastDeadline: false };
    let watch = startWatch('7');
    const lines: string[] = [];
    for (let i = 0; i < 3; i++) {
      const seen = seePollFailure(watch, transient, i * 1000, { errorBudget: 3 });
      ({ watch } = seen);
      lines.push(...seen.lines);
    }
    expect(lines).toEqual([
      'task 7: poll failed (1 of 3 allowed in a row): HTTP 503',
      'task 7: poll failed (2 of 3 allowed in a row): HTTP 503',
      'task 7: 3 polls in a row failed; giving up on it: HTTP 503'
    ]);
    expect(watch.verdict).toBe('error');
    // A good look resets the count.
    const reset = seePoll(
      seePollFailure(startWatch('7'), transient, 0, { errorBudget: 3 }).watch,
      task({ status: 'Pending' }),
      1,
      rules()
    );
    expect(reset.watch.failedPolls).toBe(0);
    expect(
      seePollFailure(startWatch('7'), { why: 'refused', transient: false, pastDeadline: false }, 0, {
        errorBudget: 3
      }).watch
    ).toMatchObject({
      verdict: 'error',
      message: 'its detail failed: refused'
    });
    expect(
      seePollFailure(
        startWatch('7'),
        { why: 'a pause past the deadline', transient: true, pastDeadline: true },
        60_000,
        { errorBudget: 3 }
      ).watch
    ).toMatchObject({
      verdict: 'timed_out',
      message: 'timed out after 1m0s, last status unknown: a pause past the deadline'
    });
  });

  it('fails on a node that will not come up, and says once when the nodes cannot be read', () => {
    const pending = seePoll(startWatch('7'), task({ status: 'Pending' }), 0, rules()).watch;
    expect(seeNodes(pending, { failure: undefined, heldBack: true }, 10_000)).toEqual({
      watch: { ...pending, nodes: 'held_back' },
      lines: []
    });
    expect(
      seeNodes(pending, { failure: 'has a node that will not come up: node 1', heldBack: true }, 10_000)
    ).toMatchObject({
      watch: { verdict: 'failed', message: 'has a node that will not come up: node 1' },
      lines: ['task 7 "svc" has a node that will not come up: node 1 after 10s: not waiting any longer']
    });
    const unreadable = seeNodes(pending, { unreadable: 'HTTP 500' }, 10_000);
    expect(unreadable.lines).toEqual([
      'task 7: could not read its nodes (HTTP 500); its status decides alone'
    ]);
    expect(seeNodes(unreadable.watch, { unreadable: 'HTTP 500' }, 20_000).lines).toEqual([]);
  });

  // Issue 38, point 6: a crash verdict came up to two intervals late, the node list read every second poll.
  it('reads the nodes every round, and the detail every round unless every node is held back, then every fourth', () => {
    const withNodes = (watch: TaskWatch, round: number) => readsAt(watch, round, true);
    const first = startWatch('7');
    expect(withNodes(first, 0)).toEqual({ first: 'detail', nodes: true });
    expect(readsAt(first, 0, false)).toEqual({ first: 'detail', nodes: false });
    const pending = seePoll(first, task({ status: 'Pending' }), 0, rules()).watch;
    const pulling = seeNodes(pending, { failure: undefined, heldBack: true }, 0).watch;
    // Every node held back: this round reads the nodes first, and the detail only if that changed.
    expect(withNodes(pulling, 1)).toEqual({ first: 'nodes' });
    // Three rounds in a row that left the detail out: the next reads it.
    expect(withNodes(skipDetail(skipDetail(pulling)), 3)).toEqual({ first: 'nodes' });
    expect(withNodes(skipDetail(skipDetail(skipDetail(pulling))), 4)).toEqual({
      first: 'detail',
      nodes: true
    });
    const up = seeNodes(pending, { failure: undefined, heldBack: false }, 0).watch;
    expect(withNodes(up, 1)).toEqual({ first: 'detail', nodes: true });
    // Nodes that cannot be read: the detail every round, the nodes tried every second.
    const unreadable = seeNodes(pending, { unreadable: 'HTTP 500' }, 0).watch;
    expect([1, 2].map((round) => withNodes(unreadable, round))).toEqual([
      { first: 'detail', nodes: false },
      { first: 'detail', nodes: true }
    ]);
  });

  it('stops watching, cancelled or timed out, with the last status', () => {
    const running = seePoll(startWatch('7'), task({ status: 'Running', ...url(null) }), 0, rules()).watch;
    expect(stopWatching(running, 'cancelled', 4000)).toMatchObject({
      verdict: 'cancelled',
      message: 'cancelled after 4s, last status Running'
    });
  });

  it('tells the heartbeat the tasks still waiting: each of a few, counts of many', () => {
    const at = (id: string, status: string): TaskWatch =>
      seePoll(startWatch(id), task({ status, points: 3, runing_points: 1 }), 0, rules()).watch;
    expect(progress([at('1', 'Pending'), at('2', 'Running')], true)).toBe(
      '1 Pending (1/3 nodes running); 2 Running (1/3 nodes running)'
    );
    const many = ['1', '2', '3', '4', '5', '6'].map((id) => at(id, 'Pending'));
    expect(progress(many, false)).toBe('6 tasks (6 Pending)');
  });

  // Issue 49, point 1: a line of progress answers "how long, how much", from the detail already read.
  it('says with each change the time left before wait_timeout and the cost so far, to the fen', () => {
    const billed = task({ status: 'Pending', billing_value: 1_980_000, forecast_value: 5_000 });
    const first = seePoll(startWatch('7'), billed, 61_000, rules());
    expect(first.lines).toEqual(['task 7 "svc": Pending after 1m1s (13m59s left, cost so far 1.99 yuan)']);
    const cheap = task({ status: 'Running', billing_value: 0, forecast_value: 550 });
    expect(seePoll(first.watch, cheap, 900_000, rules()).lines[0]).toBe(
      'task 7 "svc": Pending -> Running after 15m0s (0s left, cost so far less than 0.01 yuan)'
    );
    expect(standing(undefined, 1_000_000, 900_000)).toBe('0s left');
    const several = ['1', '2', '3', '4', '5', '6'].map(
      (id) => seePoll(startWatch(id), task({ status: 'Pending', billing_value: 1_000_000 }), 0, rules()).watch
    );
    expect(progress(several.slice(0, 2), false)).toBe(
      '1 Pending, cost so far 1.00 yuan; 2 Pending, cost so far 1.00 yuan'
    );
    expect(progress(several, false)).toBe('6 tasks (6 Pending), cost so far 6.00 yuan');
  });
});

describe('the watch of a job', () => {
  const jobRules: WatchRules = {
    criteria: criteriaFor('finished', wait, TASK_KINDS.job),
    snapshotOf: jobSnapshotOf,
    timeoutMs: 900_000,
    errorBudget: 3,
    unknownSaid: new Set()
  };
  const job = (run: string, succeeded: number, status = 'Running'): Poll =>
    task({
      status,
      points: 1,
      job_status: { status: run, active_pods: 0, succeeded_pods: succeeded, failed_pods: 0 }
    });

  // Regression (issue 48): one answer saying Complete with 0 of 1 pods succeeded passed the step while the
  // job still ran, and the post step then stopped it mid-run.
  it('reads a Complete that its pod counts contradict again, and believes it only when a second look agrees', () => {
    const glitch = looks([job('Complete', 0), job('Running', 0), job('Complete', 1)], jobRules);
    expect(glitch.watches.map((w) => w.verdict)).toEqual(['waiting', 'waiting', 'reached']);
    expect(glitch.lines).toContain(
      'task 7 "svc": its job_status says Complete, but 0 of its 1 completion(s) succeeded after 0s: reading it again before believing it'
    );
    const agreed = looks([job('Complete', 0), job('Complete', 0)], jobRules);
    expect(agreed.watches.map((w) => w.verdict)).toEqual(['waiting', 'reached']);
    // Counts that fit are believed at once.
    expect(looks([job('Complete', 1)], jobRules).watches.map((w) => w.verdict)).toEqual(['reached']);
  });

  it("says a job's pods with its status and in the heartbeat: running, succeeded and failed", () => {
    const { watches, lines } = looks([job('Running', 0)], jobRules);
    expect(lines[0]).toBe('task 7 "svc": Running (0 running, 0 succeeded, 0 failed) after 0s (15m0s left)');
    expect(progress(watches, false)).toBe('7 Running (0 running, 0 succeeded, 0 failed)');
  });

  it('ends at once, saying so, when the job is stopped from elsewhere while it runs (it reads Paused)', () => {
    const { watches, lines } = looks([job('Running', 0), job('Running', 0, 'Paused')], jobRules);
    expect(watches.map((w) => w.verdict)).toEqual(['waiting', 'failed']);
    expect(watches[1]?.message).toBe('was stopped (its status is Paused) before it finished');
    expect(lines).toContain(
      'task 7 "svc" was stopped (its status is Paused) before it finished after 10s: not waiting any longer'
    );
  });
});
