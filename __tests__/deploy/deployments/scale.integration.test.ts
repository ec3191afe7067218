import { verdictOf } from '../../../src/action/outputs.js';
import { renderSummary } from '../../../src/action/summary.js';
import { useStepBench } from '../../helpers/emulator-step.js';
import type { FaultRule } from '../../../emulator/index.js';

const CHANGE_POINTS = '/api/deployment/task/change_points';
const DELETE_POD = '/api/deployment/task/delete_pod';

interface Node {
  point_id: string | number;
  status: string;
}

/**
 * Scale and node replacement against the emulator over real HTTPS, on a fake clock the step's sleeps
 * move: new nodes come up 5 s after they are scheduled, and nodes a scale down takes off run 5 s more.
 */
describe('scale and replace_node', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true, badImages: /:bad$/ },
    { poll_interval: '2s' }
  );
  const { step, sent } = bench;
  const seed = (points: number, image = 'app:1') =>
    bench.emulator.tasks.add({
      task_name: 'web',
      points,
      status: 'Running',
      services: [{ service_name: 'api', service_image: image, remote_ports: [{ service_port: 80 }] }]
    });
  const nodes = async (id: string): Promise<Node[]> => {
    const { outputs } = await step({ operation: 'nodes', task_id: id });
    return (JSON.parse(outputs.data) as { results: Node[] }).results;
  };

  describe('scale', () => {
    it('scales up and waits until the new nodes run, with the counts before and after', async () => {
      const id = seed(1);
      const { outputs, failure } = await step({ operation: 'scale', task_id: id, points: '3' });
      expect(failure).toBeUndefined();
      expect([outputs.changed, outputs.points_before, outputs.points_after]).toEqual(['true', '1', '3']);
      expect(sent(CHANGE_POINTS).map((r) => JSON.parse(r.body) as unknown)).toEqual([
        { task_id: Number(id), points: 3 }
      ]);
      expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 3, runing_points: 3 });
      expect(bench.log).toContainEqual(expect.stringMatching(/^scale: task \d+: runing_points 1 of 3/));
    });

    // Issue 49, point 1: a slow scale says at least once a minute how far it is, the time left and the cost.
    it('says each change with the time left and the cost so far, and once a minute while nothing changes', async () => {
      const id = seed(1);
      bench.emulator.tasks.setReadyAfter(150);
      try {
        const { failure } = await step({ operation: 'scale', task_id: id, points: '2', wait_timeout: '10m' });
        expect(failure).toBeUndefined();
      } finally {
        bench.emulator.tasks.setReadyAfter(5);
      }
      const lines = bench.log.filter((line) => line.startsWith(`scale: task ${id}:`));
      expect(lines[0]).toMatch(
        /^scale: task \d+: runing_points 1 of 2.* after 0s \(10m0s left, cost so far .+ yuan\)$/
      );
      expect(lines).toContainEqual(
        expect.stringMatching(
          /^scale: task \d+: still runing_points 1 of 2.* after 1m0s \(9m0s left, cost so far .+ yuan\)$/
        )
      );
      expect(lines).toContainEqual(expect.stringMatching(/ after 2m0s \(8m0s left, cost so far .+ yuan\)$/));
    });

    it('scales down and waits until the extra nodes are gone', async () => {
      const id = seed(3);
      const { outputs, failure } = await step({ operation: 'scale', task_id: id, points: '1' });
      expect(failure).toBeUndefined();
      expect([outputs.points_before, outputs.points_after]).toEqual(['3', '1']);
      expect(bench.log).toContainEqual(expect.stringMatching(/runing_points 3 of 1, 3 live nodes/));
      expect(await nodes(id)).toHaveLength(1);
    });

    it('sends nothing when the task runs that many nodes already', async () => {
      const id = seed(2);
      const { outputs, result } = await step({ operation: 'scale', task_id: id, points: '2' });
      expect([outputs.changed, outputs.points_before, outputs.points_after]).toEqual(['false', '2', '2']);
      expect(renderSummary(result, { passed: true })).toContain('Nothing to change: nothing was sent.');
      expect(sent(CHANGE_POINTS)).toHaveLength(0);
    });

    it('fails fast when new nodes crash-loop, and sets the count back so they stop billing', async () => {
      const id = seed(1, 'app:bad');
      // The one node crash-loops already (it came up before the step): only new nodes fail the scale.
      const { outputs, failure } = await step({
        operation: 'scale',
        task_id: id,
        points: '2',
        max_restarts: '2'
      });
      expect(failure).toMatch(
        /^scale: task \d+ \(web\) did not scale to 2 nodes \(it has a new node that will not come up: node \d+ \(Running\): container api CrashLoopBackOff.*\); set back to 1 nodes, so that the failing ones stop billing after /
      );
      expect(outputs.rolled_back).toBe('true');
      expect(sent(CHANGE_POINTS).map((r) => (JSON.parse(r.body) as { points: number }).points)).toEqual([
        2, 1
      ]);
    });

    it('refuses a task that does not run, and wait: false, sending no change', async () => {
      const paused = bench.emulator.tasks.add({ task_name: 'idle', points: 1, status: 'Paused' });
      const error = await step({ operation: 'scale', task_id: paused, points: '2' }).catch((e: unknown) => e);
      expect(String(error)).toContain(`task ${paused} is Paused, but scale waits until its nodes run`);
      const noWait = await step({ operation: 'scale', task_id: paused, points: '2', wait: 'false' }).catch(
        (e: unknown) => e
      );
      expect(String(noWait)).toContain('wait is false, but scale waits until the nodes run');
      expect(sent(CHANGE_POINTS)).toHaveLength(0);
    });

    it('times out when the new nodes do not come up within wait_timeout, leaving the count as asked', async () => {
      const id = seed(1);
      bench.emulator.tasks.setReadyAfter(600);
      const { outputs, failure } = await step({
        operation: 'scale',
        task_id: id,
        points: '2',
        wait_timeout: '20s'
      });
      expect(failure).toMatch(/^scale: task \d+ \(web\) did not serve in time: runing_points 1 of 2/);
      expect([outputs.timed_out, outputs.rolled_back, outputs.points_after]).toEqual(['true', 'false', '1']);
      expect(sent(CHANGE_POINTS)).toHaveLength(1);
    });

    it('fails when the task cannot be read poll_error_budget times in a row, and sets a scale up back', async () => {
      const id = seed(1);
      bench.emulator.inject({
        path: '/api/deployment/task/points',
        skip: 1,
        times: 2,
        answer: { kind: 'status', status: 503 }
      });
      const { outputs, failure } = await step({
        operation: 'scale',
        task_id: id,
        points: '2',
        poll_error_budget: '2',
        max_retries: '0'
      });
      expect(failure).toMatch(
        /did not scale to 2 nodes \(it could not be read \(.*503.*\), 2 times in a row\); set back to 1 nodes/
      );
      expect(outputs.rolled_back).toBe('true');
      expect(bench.log).toContainEqual(expect.stringMatching(/^scale: task \d+: could not be read/));
    });

    it('says so when the count cannot be set back either', async () => {
      const id = seed(1, 'app:bad');
      bench.emulator.inject({
        path: CHANGE_POINTS,
        skip: 1,
        times: Infinity,
        answer: { kind: 'envelope', code: 'C001', message: '参数错误' }
      });
      const { failure, left, outputs } = await step({
        operation: 'scale',
        task_id: id,
        points: '2',
        max_restarts: '2',
        max_retries: '0'
      });
      expect(failure).toMatch(
        /could not set it back to 1 nodes \(.*C001.*\): set its points by hand \(the post step tries again\)/
      );
      expect(outputs.rolled_back).toBe('false');
      // The post step tries again: refused again, it fails saying the count to set.
      expect(left?.scaleBack).toEqual({ taskId: id, points: 1, target: 2, before: expect.any(Array) });
      bench.clock.advance(1);
      const report = await bench.cleanup(
        { scaleBack: left?.scaleBack },
        { operation: 'scale', task_id: id, points: '2', max_restarts: '2', max_retries: '0' }
      );
      expect(report.scaleBack).toMatchObject({ taskId: id, points: 1, said: undefined });
      expect(report.scaleBack?.problem).toMatch(
        /^it has a new node that will not come up: .*, and it could not be set back to 1 nodes \(.*C001.*\)$/
      );
    });

    it('leaves a scale up cancelled while its new nodes fail to the post step, which sets the count back', async () => {
      const id = seed(1, 'app:bad');
      const { failure, left, outputs } = await step(
        { operation: 'scale', task_id: id, points: '2', max_restarts: '2' },
        { cancelWhen: /runing_points 0 of 2/ }
      );
      expect(failure).toMatch(
        /did not scale to 2 nodes \(it was still changing when the job was cancelled\); the post step waits for its new nodes, and sets the count back to 1 if one fails/
      );
      expect(outputs.rolled_back).toBe('false');
      expect(sent(CHANGE_POINTS)).toHaveLength(1);
      expect(left?.scaleBack).toMatchObject({ taskId: id, points: 1, target: 2 });
      bench.clock.advance(1);
      const report = await bench.cleanup(
        { scaleBack: left?.scaleBack },
        { operation: 'scale', task_id: id, points: '2', max_restarts: '2' }
      );
      expect(report.scaleBack).toMatchObject({ taskId: id, problem: undefined });
      expect(report.scaleBack?.said).toMatch(
        new RegExp(`^cleanup: set task ${id} back to 1 nodes \\(it has a new node that will not come up: `)
      );
      expect(sent(CHANGE_POINTS).map((r) => (JSON.parse(r.body) as { points: number }).points)).toEqual([
        2, 1
      ]);
      expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 1 });
    });

    /**
     * A scale up from 1 to 2 nodes that fail, its job cancelled before the new node ran; then the
     * set-back's answers as `refuse` injects them (a refusal C001 unless it says), and the post step's
     * cleanup (max_retries 0).
     */
    const cancelledFailingScaleUp = async (refuse: Omit<FaultRule, 'path'>) => {
      const id = seed(1, 'app:bad');
      const inputs = { operation: 'scale', task_id: id, points: '2', max_restarts: '2' };
      const { left } = await step(inputs, { cancelWhen: /runing_points 0 of 2/ });
      bench.emulator.inject({
        path: CHANGE_POINTS,
        answer: { kind: 'envelope', code: 'C001', message: '参数错误' },
        ...refuse
      });
      bench.clock.advance(1);
      const report = await bench.cleanup({ scaleBack: left?.scaleBack }, { ...inputs, max_retries: '0' });
      return { id, report };
    };

    it("asks again, after a backoff, when the post step's set-back is refused, until the count is set back", async () => {
      const { id, report } = await cancelledFailingScaleUp({ times: 2 });
      expect(report.scaleBack).toMatchObject({ taskId: id, problem: undefined });
      expect(report.scaleBack?.said).toMatch(new RegExp(`^cleanup: set task ${id} back to 1 nodes `));
      expect(bench.log).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^cleanup: setting task ${id} back to 1 nodes: .*C001.*; it is set to 2 nodes: asking again in \\d`
          )
        )
      );
      expect(
        sent(CHANGE_POINTS).map((r) => [(JSON.parse(r.body) as { points: number }).points, r.applied])
      ).toEqual([
        [2, true],
        [1, false],
        [1, false],
        [1, true]
      ]);
      expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 1 });
    });

    // Regression (issue 37): a set-back answered 0000 was taken as done while the count stayed as it was.
    it('asks again when a set-back is accepted but the count stays, until the detail shows it set back', async () => {
      const { id, report } = await cancelledFailingScaleUp({
        times: 2,
        answer: { kind: 'envelope', code: '0000' }
      });
      expect(report.scaleBack).toMatchObject({ taskId: id, problem: undefined });
      expect(bench.log).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^cleanup: setting task ${id} back to 1 nodes: the platform accepted it, but it is set to 2 nodes: asking again in \\d`
          )
        )
      );
      expect(sent(CHANGE_POINTS).map((r) => r.applied)).toEqual([true, false, false, true]);
      expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 1 });
    });

    it("takes a refused set-back as done when the task's detail says the count is set back", async () => {
      const { id, report } = await cancelledFailingScaleUp({ apply: true });
      expect(report.scaleBack).toMatchObject({ taskId: id, problem: undefined });
      expect(sent(CHANGE_POINTS).map((r) => r.applied)).toEqual([true, true]);
      expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 1 });
    });

    it('keeps the new nodes of a cancelled scale up when they run, and sets nothing back', async () => {
      const id = seed(1);
      const { left } = await step(
        { operation: 'scale', task_id: id, points: '3' },
        { cancelWhen: /runing_points 1 of 3/ }
      );
      expect(left?.scaleBack).toMatchObject({ taskId: id, points: 1, target: 3 });
      bench.clock.advance(1);
      const report = await bench.cleanup(
        { scaleBack: left?.scaleBack },
        { operation: 'scale', task_id: id, points: '3' }
      );
      expect(report.scaleBack).toEqual({
        taskId: id,
        points: 1,
        said: `cleanup: task ${id} runs its 3 nodes: the scale up completed, and keeps them`,
        problem: undefined
      });
      expect(sent(CHANGE_POINTS)).toHaveLength(1);
      expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 3, runing_points: 3 });
    });

    it('finds nothing to set back when the change had not taken, and says when the new nodes cannot be judged in time', async () => {
      const id = seed(1);
      const inputs = { operation: 'scale', task_id: id, points: '2' };
      bench.clock.advance(1);
      const untaken = await bench.cleanup(
        { scaleBack: { taskId: id, points: 1, target: 2, before: [] } },
        inputs
      );
      expect(untaken.scaleBack?.said).toBe(
        `cleanup: task ${id} is set to 1 nodes, as before the scale: nothing to set back`
      );
      bench.emulator.tasks.setReadyAfter(600);
      bench.clock.advance(1);
      const { left } = await step(
        { operation: 'scale', task_id: id, points: '2' },
        { cancelWhen: /runing_points 1 of 2/ }
      );
      bench.clock.advance(1);
      const report = await bench.cleanup(
        { scaleBack: left?.scaleBack },
        { ...inputs, cleanup_timeout: '20s' }
      );
      expect(report.scaleBack?.said).toBeUndefined();
      expect(report.scaleBack?.problem).toMatch(
        /^its new nodes had neither run nor failed when cleanup_timeout ran out \(it did not serve in time: runing_points 1 of 2/
      );
      expect(sent(CHANGE_POINTS)).toHaveLength(1);
    });

    it('leaves nothing to the post step once a scale has ended', async () => {
      const up = await step({ operation: 'scale', task_id: seed(1), points: '2' });
      expect(up.left?.scaleBack).toBeUndefined();
      const down = await step({ operation: 'scale', task_id: seed(3), points: '1' });
      expect(down.left?.scaleBack).toBeUndefined();
    });

    it('prints in a dry run what it would change, sending only reads', async () => {
      const id = seed(1);
      const { outputs } = await step({ operation: 'scale', task_id: id, points: '4' }, { dryRun: true });
      expect(outputs.changed).toBe('true');
      expect(bench.log).toContainEqual(
        expect.stringMatching(/^dry run: task \d+ has 1 nodes \(1 running\); scale would set 4/)
      );
      expect(sent(CHANGE_POINTS)).toHaveLength(0);
    });
  });

  describe('replace_node', () => {
    it('replaces every failed node and waits until the task runs all its nodes again', async () => {
      const id = seed(2);
      bench.clock.advance(1);
      const [first, second] = await nodes(id);
      bench.emulator.tasks.failNode(String(first?.point_id));
      const { outputs, failure, result } = await step({
        operation: 'replace_node',
        task_id: id,
        point_id: 'failed'
      });
      expect(failure).toBeUndefined();
      expect([outputs.changed, outputs.points_before, outputs.points_after]).toEqual(['true', '1', '2']);
      const summary = renderSummary(result, verdictOf(result));
      expect(summary).toContain(`Nodes replaced: ${String(first?.point_id)}`);
      expect(summary).toContain('Nodes running: 1 before, 2 after');
      expect(
        sent(DELETE_POD).map((r) => String((JSON.parse(r.body) as { point_id: number }).point_id))
      ).toEqual([String(first?.point_id)]);
      const after = await nodes(id);
      expect(after.map((n) => n.status)).toEqual(['Running', 'Running']);
      expect(after.map((n) => String(n.point_id))).toContain(String(second?.point_id));
      expect(after.map((n) => String(n.point_id))).not.toContain(String(first?.point_id));
    });

    it('replaces a node by its point_id, which then comes up anew', async () => {
      const id = seed(2);
      bench.clock.advance(1);
      const [first] = await nodes(id);
      const { outputs, failure } = await step({
        operation: 'replace_node',
        task_id: id,
        point_id: String(first?.point_id)
      });
      expect([failure, outputs.points_after]).toEqual([undefined, '2']);
      expect(sent(DELETE_POD)).toHaveLength(1);
    });

    it('says in a dry run which nodes it would delete, sending only reads', async () => {
      const id = seed(2);
      bench.clock.advance(1);
      const [first] = await nodes(id);
      bench.emulator.tasks.failNode(String(first?.point_id));
      const { outputs } = await step(
        { operation: 'replace_node', task_id: id, point_id: 'failed' },
        { dryRun: true }
      );
      expect(outputs.changed).toBe('true');
      expect(bench.log).toContain(
        `dry run: replace_node would delete node ${String(first?.point_id)} of task ${id} (POST delete_pod), and wait until the task runs all its nodes again; only reads were sent`
      );
      bench.clock.advance(1);
      await step({ operation: 'replace_node', task_id: id, point_id: 'failed' });
      bench.clock.advance(1);
      await step({ operation: 'replace_node', task_id: id, point_id: 'failed' }, { dryRun: true });
      expect(bench.log).toContain('dry run: replace_node would delete nothing');
      expect(sent(DELETE_POD)).toHaveLength(1);
    });

    it('says there is nothing to replace when no node failed, and sends nothing', async () => {
      const id = seed(2);
      const { outputs } = await step({ operation: 'replace_node', task_id: id, point_id: 'failed' });
      expect(outputs.changed).toBe('false');
      expect(sent(DELETE_POD)).toHaveLength(0);
    });

    it('refuses to delete the last running node unless delete_last_node is true', async () => {
      const id = seed(1);
      bench.clock.advance(1);
      const [only] = await nodes(id);
      const inputs = { operation: 'replace_node', task_id: id, point_id: String(only?.point_id) };
      const error = await step(inputs).catch((e: unknown) => e);
      expect(String(error)).toContain(
        `point_id ${String(only?.point_id)} is the last running node of task ${id}: deleting it stops the service until another comes up; set delete_last_node: true`
      );
      expect(sent(DELETE_POD)).toHaveLength(0);
      bench.clock.advance(1);
      const { failure } = await step({ ...inputs, delete_last_node: 'true' });
      expect(failure).toBeUndefined();
      expect(sent(DELETE_POD)).toHaveLength(1);
    });

    it.each([
      [
        { point_id: 'failed', wait: 'false' },
        'wait is false, but replace_node waits until the task runs all its nodes again'
      ],
      [{ point_id: '' }, 'point_id is empty, but replace_node needs it'],
      [{ point_id: 'node-1' }, 'point_id "node-1" is neither a node\'s id nor failed'],
      [{ point_id: '7' }, 'point_id 7 is no node of task']
    ])('refuses %j, sending no delete', async (inputs, message) => {
      const id = seed(2);
      const error = await step({ operation: 'replace_node', task_id: id, ...inputs }).catch(
        (e: unknown) => e
      );
      expect(String(error)).toContain(message);
      expect(sent(DELETE_POD)).toHaveLength(0);
    });
  });
});
