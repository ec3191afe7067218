import { failureOf } from '../../../helpers/verdict.js';
import { verdictOf } from '../../../../src/action/outputs.js';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type Emulator } from '../../../../emulator/index.js';
import { fixtureKey } from '../../../helpers/fixtures.js';
import { ApiClient } from '../../../../src/platform/client.js';
import { outputsOf } from '../../../../src/action/outputs.js';
import { renderSummary } from '../../../../src/action/summary.js';
import { readSettings } from '../../../../src/deploy/settings.js';
import { startTestEmulator, type TestClock, SHUFFLED_CODES } from '../../../helpers/platform-client.js';
import { runTestStep, testRuntime } from '../../../helpers/runtime.js';
import { emulatorStep } from '../../../helpers/emulator-step.js';
import { WEB_BODY } from '../../../helpers/bodies.js';
import { CRASH_LOOP_EVENTS } from '../../../helpers/crash-loop-events.js';

const DETAIL = '/api/task/deployment/detail';

/**
 * Waiting against the emulator over real HTTPS, on one fake clock shared by both sides: the action's
 * sleeps move the emulator's time, so a task that takes minutes to start is waited for in milliseconds.
 */
describe('waiting against the emulator', () => {
  let emulator: Emulator;
  let clock: TestClock;
  let client: ApiClient;
  let log: string[];
  let created: string[];

  beforeEach(async () => {
    ({ emulator, clock } = await startTestEmulator({
      ...SHUFFLED_CODES,
      readyAfterSeconds: 25,
      failPattern: /-broken$/,
      strict: true
    }));
    client = new ApiClient({ userAgent: 'test', timeoutMs: 5000, maxResponseBytes: 16 * 1024 * 1024 });
    log = [];
    created = [];
  });
  afterEach(async () => {
    client.dispose();
    await emulator.stop();
  });

  const step = (inputs: Record<string, string>) =>
    emulatorStep(emulator, clock, client, { log, created })(inputs);
  const WEB = WEB_BODY;
  /** A create of task "svc" (one point) that checks /health once it runs (what a test gives is added). */
  const createCheckingHealth = (inputs: Record<string, string> = {}) =>
    step({
      operation: 'create',
      task_name: 'svc',
      points: '1',
      body: WEB,
      health_path: '/health',
      ...inputs
    });
  const detailPolls = () => emulator.requests.filter((r) => r.path === DETAIL).length;

  it('creates a task and waits, polling every interval, until it runs with its URLs', async () => {
    const { outputs, failure } = await step({
      operation: 'create',
      task_name: 'svc',
      points: '1',
      body: WEB
    });
    expect(failure).toBeUndefined();
    expect(created).toEqual(['1229831']);
    expect(outputs).toMatchObject({
      status: 'Running',
      url: 'https://t1229831-80.apps.emulator.invalid',
      elapsed_seconds: '30',
      timed_out: 'false'
    });
    // Issue 38, point 6: the node list every round; the detail every fourth round while every node is
    // held back (Pending: at 0s), and in the round whose node list shows a node running (30s).
    expect(detailPolls()).toBe(2);
    expect(emulator.requests.filter((r) => r.path === '/api/deployment/task/points')).toHaveLength(4);
    expect(log).toEqual([
      'create: POST /api/task/deployment/create (RSA mode, version 1.0.0, JSON body)',
      'create: code 0000, success',
      'task_id: 1229831',
      'waiting for task 1229831 to be ready (done on Running with every service URL and every node running; fails on Other, End, Paused)',
      'task 1229831 "svc": Pending after 0s (15m0s left, cost so far 0.00 yuan)',
      'task 1229831 "svc": Pending -> Running after 30s (14m30s left, cost so far less than 0.01 yuan)',
      'task 1229831 "svc" is ready after 30s: https://t1229831-80.apps.emulator.invalid'
    ]);
  });

  it('waits until every node runs, saying each one that comes up, and shows them in the summary', async () => {
    emulator.tasks.setNodeLag(20);
    const { result, outputs, failure } = await step({
      operation: 'create',
      body: WEB,
      task_name: 'svc',
      points: '3'
    });
    expect([failure, outputs.status, outputs.elapsed_seconds]).toEqual([undefined, 'Running', '50']);
    expect(log.slice(4)).toEqual([
      'task 1229831 "svc": Pending after 0s (15m0s left, cost so far 0.00 yuan)',
      'task 1229831 "svc": Pending -> Running after 30s (14m30s left, cost so far less than 0.01 yuan)',
      'task 1229831 "svc": 1/3 nodes running after 30s',
      'task 1229831 "svc": 2/3 nodes running after 40s',
      'task 1229831 "svc": 3/3 nodes running after 50s',
      'task 1229831 "svc" is ready after 50s: https://t1229831-80.apps.emulator.invalid'
    ]);
    expect(renderSummary(result, { passed: true })).toContain(
      '- 40s: task 1229831 Running, 2/3 nodes running'
    );
  });

  it('times out with the nodes that run in the summary', async () => {
    emulator.tasks.setNodeLag(3600);
    const { result, failure } = await step({
      operation: 'create',
      body: WEB,
      task_name: 'svc',
      points: '3',
      wait_timeout: '1m'
    });
    expect(failure).toMatch(/timed out after 1m0s, last status Running$/);
    expect(renderSummary(result, verdictOf(result))).toContain(
      '| 1229831 | svc | Running, 1/3 nodes running | ⏱️ timed out |'
    );
  });

  it('fails a crash-looping task as soon as a container has restarted max_restarts times, not at the timeout', async () => {
    emulator.tasks.setCrashLoops([
      { pattern: '-crash$', reason: 'CrashLoopBackOff', exitCode: 1, restartEverySeconds: 10 }
    ]);
    const { failure, outputs, result } = await step({
      operation: 'create',
      task_name: 'svc-crash',
      points: '2',
      body: WEB
    });
    // The restart count is the node's (describe_dto), as the platform's reference has it.
    expect(failure).toBe(
      'create: task 1229831 (svc-crash) has a node that will not come up: node 1229831001 (Running): container web CrashLoopBackOff, exit code 1, restarted 3 times after 30s'
    );
    expect([outputs.status, outputs.timed_out]).toEqual(['Pending', 'false']);
    // The node list is read every round, so the third restart (30s) is seen in the round it shows, and
    // once more for diagnostics; the detail at 0s (the nodes held back since), and with the failure.
    const nodeReads = emulator.requests.filter((r) => r.path === '/api/deployment/task/points');
    expect([detailPolls(), nodeReads.length]).toEqual([2, 4 + 1]);
    expect(nodeReads[0]?.target).toBe('/api/deployment/task/points?task_id=1229831&page=1&page_size=100');
    // Then the diagnostics: both nodes, their events and the log of their one service.
    expect(result.tasks[0]?.diagnostics).toMatchObject({
      taskId: '1229831',
      runningNodes: 0,
      moreNodes: 0,
      nodes: [
        {
          pointId: '1229831001',
          status: 'Running',
          problem:
            'node 1229831001 (Running): container web CrashLoopBackOff, exit code 1, restarted 3 times',
          logs: [
            { service: 'web', lines: ['starting', 'Error: cannot connect to the model store'], omitted: 0 }
          ],
          unread: []
        },
        { pointId: '1229831002' }
      ]
    });
    expect(result.tasks[0]?.diagnostics?.nodes[0]?.events.map((e) => e.reason)).toEqual(CRASH_LOOP_EVENTS);
    expect(log).toContain('task 1229831: reading its nodes, their events and logs, to show why');
  });

  // Regression: the diagnostics of a timed-out wait skipped a node that said Running while its container
  // crash-looped (the restart count, which the reference puts on the node, was read from containers only).
  it('shows a crash-looping node that still says Running in the diagnostics of a timed-out wait', async () => {
    emulator.tasks.setCrashLoops([{ pattern: '-loop$', restartEverySeconds: 5 }]);
    const { result } = await step({
      operation: 'create',
      task_name: 'svc-loop',
      points: '1',
      body: WEB,
      max_restarts: '0',
      wait_timeout: '1m'
    });
    expect(result.timedOut).toBe(true);
    expect(result.tasks[0]?.diagnostics).toMatchObject({
      notRunningNodes: 1,
      runningNodes: 0,
      nodes: [
        {
          status: 'Running',
          problem: expect.stringMatching(
            /^node 1229831001 \(Running\): container web CrashLoopBackOff, exit code 1, restarted \d+ times$/
          )
        }
      ]
    });
  });

  it('reads every node, across pages a platform caps below the size asked', async () => {
    emulator.tasks.setNodeLag(3600);
    emulator.setPageSizeMax(1);
    const { result } = await step({
      operation: 'create',
      task_name: 'svc',
      points: '3',
      wait_timeout: '1m',
      body: WEB
    });
    expect(result.tasks[0]?.diagnostics).toMatchObject({ runningNodes: 1, notRunningNodes: 2 });
    const pages = emulator.requests
      .filter((r) => r.path === '/api/deployment/task/points')
      .map((r) => new URL(r.target, 'https://x').searchParams.get('page'));
    expect(pages.slice(-3)).toEqual(['1', '2', '3']);
  });

  it('diagnoses a timed-out wait: the nodes that do not run yet, and no logs with log_lines 0', async () => {
    emulator.tasks.setNodeLag(3600);
    const { result } = await step({
      operation: 'create',
      body: WEB,
      task_name: 'svc',
      points: '3',
      wait_timeout: '1m',
      log_lines: '0'
    });
    expect(result.tasks[0]?.diagnostics).toMatchObject({
      runningNodes: 1,
      nodes: [
        { pointId: '1229831002', status: 'Pending', problem: undefined, logs: [] },
        { pointId: '1229831003', status: 'Pending', logs: [] }
      ]
    });
  });

  it('diagnoses nothing when the wait succeeds', async () => {
    const { result } = await step({ operation: 'create', body: WEB, task_name: 'svc', points: '1' });
    expect(result.tasks[0]?.diagnostics).toBeUndefined();
    expect(emulator.requests.filter((r) => r.path === '/api/deployment/task/pod_event')).toHaveLength(0);
  });

  it('fails at once on a Failed node, and only waits out restarts when max_restarts is 0', async () => {
    emulator.tasks.setCrashLoops([{ pattern: '-pull$', reason: 'ImagePullBackOff', nodeStatus: 'Failed' }]);
    const failed = await step({
      operation: 'create',
      body: WEB,
      task_name: 'svc-pull',
      points: '1',
      max_restarts: '0'
    });
    expect(failed.failure).toMatch(
      /has a node that will not come up: node \d+ \(Failed\): container web ImagePullBackOff, exit code 1 after 0s$/
    );
    emulator.tasks.setCrashLoops([{ pattern: '-loop$' }]);
    const waited = await step({
      operation: 'create',
      body: WEB,
      task_name: 'svc-loop',
      points: '1',
      max_restarts: '0',
      wait_timeout: '1m'
    });
    expect(waited.outputs.timed_out).toBe('true');
  });

  it('goes on waiting on the status when the node list cannot be read', async () => {
    emulator.inject({
      path: '/api/deployment/task/points',
      times: Infinity,
      answer: { kind: 'status', status: 500, body: 'envelope' }
    });
    const { failure } = await step({ operation: 'create', body: WEB, task_name: 'svc', points: '1' });
    expect(failure).toBeUndefined();
    expect(log.filter((line) => line.includes('could not read its nodes'))).toHaveLength(1);
  });

  it('checks the app once the task is ready, waiting through its warm-up', async () => {
    emulator.tasks.setApps({ warmupSeconds: 10 }); // Running since 25 s: warm until 35 s
    const { outputs, failure } = await createCheckingHealth();
    const url = `${emulator.base_url}/_app/1229831/80`;
    expect([failure, outputs.healthy, outputs.url]).toEqual([undefined, 'true', url]);
    expect(emulator.tasks.appRequests.map((r) => [r.path, r.status])).toEqual([
      ['/_app/1229831/80/health', 503],
      ['/_app/1229831/80/health', 503],
      ['/_app/1229831/80/health', 503],
      ['/_app/1229831/80/health', 200]
    ]);
    // The app gets no API credentials: no token, signature, timestamp or version header.
    const names = emulator.tasks.appRequests.flatMap((r) => r.headerNames);
    expect(names.filter((name) => ['token', 'sign_str', 'timestamp', 'version'].includes(name))).toEqual([]);
    expect(log.filter((line) => line.startsWith('health: '))).toEqual([
      `health: checking ${url}/health until it answers HTTP 200-299 (14m30s left)`,
      `health: ${url}/health answered HTTP 503 after 30s (14m30s left)`,
      `health: ${url}/health answered HTTP 200 after 37s: healthy`
    ]);
  });

  // Regression (issue 37): a refused detail whose fallback search failed for a reason that may pass was
  // rethrown as a hard failure: the wait failed at once (a replace rolled a healthy generation back).
  it('counts a refused detail whose task search fails for a passing reason against poll_error_budget', async () => {
    // Two polls' details refused, each also when sent once more.
    emulator.inject({
      path: '/api/task/deployment/detail',
      times: 4,
      answer: { kind: 'envelope', code: 'C999', message: 'busy' }
    });
    // The search before the create passes; those after the two refused details answer 503.
    emulator.inject({
      path: '/api/deployment/task/search',
      skip: 1,
      times: 2,
      answer: { kind: 'status', status: 503 }
    });
    const { outputs, failure } = await step({
      operation: 'create',
      task_name: 'svc',
      points: '1',
      body: WEB,
      max_retries: '0'
    });
    expect([failure, outputs.status]).toEqual([undefined, 'Running']);
    expect(log).toContainEqual(
      expect.stringMatching(
        /^task 1229831: poll failed \(2 of 5 allowed in a row\): .*busy.*; its status could not be read/
      )
    );
  });

  // Regression (issue 37): the client had an HTTPS agent alone, so an http:// service URL, published as
  // any other, could never pass its health check: the step asked until wait_timeout.
  it('checks an app served over plain http:// as one served over https://', async () => {
    const app = createServer((request, response) => {
      response.writeHead(request.url?.endsWith('/health') === true ? 200 : 404).end('ok');
    });
    await new Promise<void>((resolve) => app.listen(0, '127.0.0.1', resolve));
    const { port } = app.address() as AddressInfo;
    try {
      emulator.tasks.setServiceUrl(`http://127.0.0.1:${port}/{task_id}/{port}`);
      const { outputs, failure } = await createCheckingHealth();
      expect([failure, outputs.healthy, outputs.url]).toEqual([
        undefined,
        'true',
        `http://127.0.0.1:${port}/1229831/80`
      ]);
      expect(log).toContain(
        `health: http://127.0.0.1:${port}/1229831/80/health answered HTTP 200 after 30s: healthy`
      );
    } finally {
      await new Promise((resolve) => app.close(resolve));
    }
  });

  it('fails an app that answers 500, naming the URL and its last answer, within wait_timeout', async () => {
    emulator.tasks.setApps({ status: 500 });
    const { outputs, failure } = await createCheckingHealth({ wait_timeout: '1m' });
    expect(failure).toBe(
      `create: task 1229831 (svc) is not healthy: the health check of ${emulator.base_url}/_app/1229831/80/health did not pass within wait_timeout: it last answered HTTP 500 after 1m0s`
    );
    expect([outputs.healthy, outputs.timed_out]).toEqual(['false', 'false']);
  });

  // Regression: the cost was shown in points (and 0 until the platform billed), with no unit.
  it("publishes each task's cost in yuan, billed plus not billed yet, and billing_value as the platform's points", async () => {
    emulator.tasks.setPrice(1.98); // yuan per node-hour: 550 points per node-second
    const one = emulator.tasks.add({ task_name: 'a', points: 1, status: 'Running' });
    const two = emulator.tasks.add({ task_name: 'b', points: 2, status: 'Running' });
    clock.advance(60);
    // Under 5 minutes old: nothing billed yet, all of it not billed yet.
    const young = await step({ operation: 'detail', task_id: one });
    expect([young.outputs.cost, young.outputs.billing_value]).toEqual(['0.033000', '0']);
    clock.advance(3540);
    const both = await step({ operation: 'detail', task_id: `${one}, ${two}` });
    // Each a number, the exact decimal (issue 63, point 8).
    expect(JSON.parse(both.outputs.cost)).toEqual({ [one]: 1.98, [two]: 3.96 });
    expect(both.outputs.cost).toContain(`"${one}":1.980000`);
    expect(both.outputs.cost).toContain(`"${two}":3.960000`);
    expect(both.outputs.billing_value).toBe('[1980000,3960000]');
    const summary = renderSummary(both.result, { passed: true });
    expect(summary).toContain(' | 3&#46;96 yuan |');
    expect(summary).toContain('Total cost of these 2 tasks: 5&#46;94 yuan');
    clock.advance(0.001);
    const stopped = await step({ operation: 'stop', task_id: one, wait: 'false' });
    expect([stopped.outputs.cost, stopped.outputs.billing_value]).toEqual(['', '']);
  });

  it('rides out a 503 and a reset while polling', async () => {
    emulator.inject({
      path: DETAIL,
      times: 1,
      answer: { kind: 'status', status: 503 }
    });
    emulator.inject({ path: DETAIL, times: 1, answer: { kind: 'reset' } });
    const { outputs, failure } = await step({
      operation: 'create',
      body: WEB,
      task_name: 'svc',
      points: '1'
    });
    expect([failure, outputs.status]).toEqual([undefined, 'Running']);
    expect(log.filter((line) => line.includes('poll failed'))).toEqual([
      expect.stringMatching(
        /^task 1229831: poll failed \(1 of 5 allowed in a row\): HTTP 503 with a non-JSON answer \(text\/html\)/
      ),
      expect.stringMatching(
        /^task 1229831: poll failed \(2 of 5 allowed in a row\): GET \/api\/task\/deployment\/detail\?task_id=1229831 got no answer/
      )
    ]);
  });

  it('fails for a task that ends in Other, and times out on one that never starts', async () => {
    const broken = await step({ operation: 'create', body: WEB, task_name: 'svc-broken', points: '1' });
    expect(broken.failure).toBe('create: task 1229831 (svc-broken) ended in Other after 30s');
    emulator.tasks.setReadyAfter(3600);
    const slow = await step({
      operation: 'create',
      body: WEB,
      task_name: 'slow',
      points: '1',
      wait_timeout: '1m'
    });
    expect(slow.failure).toBe('create: task 1229832 (slow) timed out after 1m0s, last status Pending');
    expect(slow.outputs).toMatchObject({ timed_out: 'true', elapsed_seconds: '60', status: 'Pending' });
  });

  // Regression: a recover whose first poll still read Paused failed the step ("ended in Paused") while
  // the task resumed, and billed.
  it('takes a status still as the request found it as not yet: a recover the platform acts on late', async () => {
    emulator.tasks.setActLag(25);
    const id = emulator.tasks.add({ task_name: 'resume', points: 1, status: 'Paused' });
    const { failure, outputs } = await step({ operation: 'recover', task_id: id });
    expect([failure, outputs.status]).toEqual([undefined, 'Running']);
    expect(log).toEqual(
      expect.arrayContaining([
        `task ${id} "resume": Paused after 0s (15m0s left, cost so far 0.00 yuan)`,
        `task ${id} "resume": still Paused after 0s, as before the request: waiting for the change to show`,
        `task ${id} "resume": Paused -> Pending after 30s (14m30s left, cost so far 0.00 yuan)`,
        `task ${id} "resume": Pending -> Running after 50s (14m10s left, cost so far 0.00 yuan)`
      ])
    );
  });

  it('times out a task that never leaves the status the request found it in, saying so', async () => {
    emulator.tasks.setActLag(600);
    const stuck = emulator.tasks.add({ task_name: 'stuck', points: 1, status: 'Paused' });
    const { failure, outputs } = await step({ operation: 'recover', task_id: stuck, wait_timeout: '1m' });
    expect(failure).toBe(
      `recover: task ${stuck} (stuck) timed out after 1m0s, last status Paused, as before the request: the status never changed`
    );
    expect(outputs.timed_out).toBe('true');
  });

  it('stops several tasks and waits until every one has ended', async () => {
    const ids = ['Running', 'Paused', 'Pending'].map((status, i) =>
      emulator.tasks.add({ task_name: `t${i}`, points: 1, status: status as 'Running' })
    );
    const { outputs, failure } = await step({ operation: 'stop', task_id: ids.join(', '), concurrency: '2' });
    expect(failure).toBeUndefined();
    expect(JSON.parse(outputs.statuses)).toEqual(Object.fromEntries(ids.map((id) => [id, 'End'])));
    expect(outputs.status).toBe('End');
  });

  it('counts a task deleted once stopped as stopped, but fails a stop of a task that does not exist', async () => {
    emulator.tasks.setEndedTasksGone(true);
    const running = emulator.tasks.add({ task_name: 'deleted-on-stop', points: 1, status: 'Running' });
    const { outputs, failure, result } = await step({ operation: 'stop', task_id: `${running}, 42` });
    expect(result.tasks.map((t) => [t.id, t.verdict])).toEqual([
      [running, 'reached'],
      ['42', 'not_found']
    ]);
    expect(failure).toMatch(
      /^stop: 1 of 2 tasks failed: 42 \(task 42 not found: the platform refused \(code \w+: task 42 does not exist; request id emu-\d+\), and no task search of any status lists it\)$/
    );
    expect(log).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^task 42: task 42 not found: the platform refused \(code \w+/),
        `task ${running} no longer exists after 0s, so it is stopped`
      ])
    );
    expect(outputs.statuses).toBe(JSON.stringify({ [running]: null, 42: null }));
  });

  it('fails a wait for readiness when the task disappears', async () => {
    emulator.tasks.setEndedTasksGone(true);
    const id = emulator.tasks.add({ task_name: 'x', points: 1, status: 'End' });
    const { failure } = await step({ operation: 'recover', task_id: id });
    expect(failure).toMatch(
      new RegExp(
        `^recover: task ${id} not found: the platform refused \\(code \\w+: task ${id} does not exist; request id emu-1\\), and no task search of any status lists it$`
      )
    );
  });

  it('settles near the rate limit of the platform: every task answered, few 429s (real time: concurrent waits)', async () => {
    const live = await startEmulator({
      strict: true,
      keys: {
        rsa: {
          clientPrivateKey: fixtureKey('client-private-pkcs8.pem'),
          platformPrivateKey: fixtureKey('platform-private-pkcs8.pem')
        }
      }
    });
    try {
      const ids = Array.from({ length: 30 }, (_, i) =>
        live.tasks.add({ task_name: `rl-${i}`, points: 1, status: 'Running' })
      );
      live.setRateLimit({ ratePerSecond: 10, burst: 10, path: DETAIL });
      const inputs: Record<string, string> = {
        base_url: live.base_url,
        token: live.rsa.token,
        private_key: fixtureKey('client-private-pkcs8.pem'),
        operation: 'detail',
        task_id: ids.join(', '),
        concurrency: '8'
      };
      const settings = readSettings(
        (name) => inputs[name] ?? '',
        () => undefined
      );
      const runtime = testRuntime(client, { now: Date.now });
      runtime.sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
      const result = (await runTestStep(settings, runtime)).result;
      expect(failureOf(result)).toBeUndefined();
      expect(Object.keys(JSON.parse(outputsOf(result).statuses) as object)).toHaveLength(30);
      // Every 429 pauses all requests for its Retry-After of 1 s, so the 429s are what the step loses:
      // the 8 requests in flight when the first burst runs out, then one probe per later cycle. (How long
      // the step takes is measured by the benchmark, not asserted here.)
      const limited = live.requests.filter((r) => r.fault?.startsWith('HTTP 429') === true).length;
      expect(limited).toBeLessThanOrEqual(8 + 2);
      expect(live.requests.filter((r) => r.path === DETAIL)).toHaveLength(30 + limited);
    } finally {
      await live.stop();
    }
  });
});
