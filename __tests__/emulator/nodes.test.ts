// The emulator's nodes: the node list with containers, node events and logs, nodes that come up one
// after another, and crash loops.
import { useTestEmulator } from './helpers.js';
import { CRASH_LOOP_EVENTS } from '../helpers/crash-loop-events.js';

interface Container {
  service_name: string | null;
  name: string;
  image: string;
  reason: string | null;
  exit_code: string | null;
}
interface Node {
  point_id: number;
  status: string;
  containers: Container[];
  describe_dto: { restart_count: number; last_restart_time: string | null };
}

describe('nodes, events and logs', () => {
  const bench = useTestEmulator({
    readyAfterSeconds: 5,
    nodeLagSeconds: 10,
    crashLoops: [
      { pattern: '-crash$', reason: 'OOMKilled', exitCode: 137, restartEverySeconds: 10, log: 'Killed\n' }
    ]
  });

  async function get<T>(target: string): Promise<T> {
    bench.clock.advance(0.001);
    const response = await bench.client.call({ method: 'GET', target });
    expect(response.envelope).toMatchObject({ code: '0000' });
    return response.envelope.data as T;
  }
  const seed = (name: string, points: number): string =>
    bench.emulator.tasks.add({
      task_name: name,
      points,
      services: [{ service_name: 'web', service_image: 'nginx:1.27', remote_ports: [{ service_port: 80 }] }]
    });
  const nodes = async (id: string): Promise<Node[]> =>
    (await get<{ results: Node[] }>(`/api/deployment/task/points?task_id=${id}`)).results;
  /** A service's id, as the task detail gives it (the node list's containers carry none). */
  const serviceId = (id: string): unknown =>
    (bench.emulator.tasks.get(id).services as { service_id: number }[] | undefined)?.[0]?.service_id;

  it('runs the nodes of a task one after another: runing_points lags behind points', async () => {
    const id = seed('lagging', 3);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ status: 'Pending', runing_points: 0 });
    expect((await nodes(id)).map((n) => n.status)).toEqual(['Pending', 'Pending', 'Pending']);
    expect((await nodes(id))[0]?.containers[0]?.reason).toBe('ContainerCreating');
    bench.clock.advance(5);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ status: 'Running', runing_points: 1 });
    expect((await nodes(id)).map((n) => n.status)).toEqual(['Running', 'Pending', 'Pending']);
    bench.clock.advance(5);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ runing_points: 2 });
    bench.clock.advance(5);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ runing_points: 3 });
    expect((await nodes(id)).map((n) => n.status)).toEqual(['Running', 'Running', 'Running']);
  });

  it('crash-loops a task whose name matches: Pending, the node restarting, its container with reason and exit code', async () => {
    const id = seed('model-crash', 2);
    bench.clock.advance(35);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ status: 'Pending', runing_points: 0 });
    const [node] = await nodes(id);
    // The reference: the restart count is the node's (describe_dto), exit_code a string.
    expect(node).toMatchObject({
      status: 'Running',
      containers: [{ service_name: 'web', image: 'nginx:1.27', reason: 'OOMKilled', exit_code: '137' }],
      describe_dto: { restart_count: 3, last_restart_time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }
    });
    expect(node?.containers[0]).not.toHaveProperty('describe_dto');
    const { events } = await get<{ events: { reason: string; type: string }[] }>(
      `/api/deployment/task/pod_event?point_id=${node?.point_id ?? 0}`
    );
    expect(events.map((e) => e.reason)).toEqual(CRASH_LOOP_EVENTS);
    expect(events.at(-1)?.type).toBe('Warning');
    const { logs } = await get<{ logs: string }>(
      `/api/deployment/task/point_log?task_id=${id}&point_id=${node?.point_id ?? 0}&service_id=${String(serviceId(id))}`
    );
    expect(logs).toBe('Killed\n');
    bench.emulator.tasks.setCrashLoops([]);
    bench.clock.advance(1);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ status: 'Running' });
  });

  it('shows a healthy node its normal events and a log, and refuses a node of another task', async () => {
    const id = seed('healthy', 1);
    const other = seed('other', 1);
    bench.clock.advance(5);
    const [node] = await nodes(id);
    const { events } = await get<{ events: { reason: string }[] }>(
      `/api/deployment/task/pod_event?point_id=${node?.point_id ?? 0}`
    );
    expect(events.map((e) => e.reason)).toEqual(['Scheduled', 'Pulling', 'Pulled', 'Created', 'Started']);
    const { logs } = await get<{ logs: string }>(
      `/api/deployment/task/point_log?task_id=${id}&point_id=${node?.point_id ?? 0}&service_id=${String(serviceId(id))}`
    );
    expect(logs).toBe('web: starting\nweb: listening on 80\n');
    bench.clock.advance(0.001);
    const refused = await bench.client.call({
      method: 'GET',
      target: `/api/deployment/task/point_log?task_id=${other}&point_id=${node?.point_id ?? 0}&service_id=${String(serviceId(id))}`
    });
    expect(refused.envelope.code).toBe('C005');
  });

  it('deletes a node: a new one takes its place, Pending until it comes up', async () => {
    const id = seed('replaced', 2);
    bench.clock.advance(25);
    const [first, second] = await nodes(id);
    bench.clock.advance(0.001);
    const deleted = await bench.client.call({
      method: 'POST',
      target: '/api/deployment/task/delete_pod',
      json: { point_id: first?.point_id }
    });
    expect(deleted.envelope).toMatchObject({ code: '0000', data: null });
    const after = await nodes(id);
    expect(after.map((n) => n.point_id)).toEqual([Number(BigInt(id) * 1000n + 3n), second?.point_id]);
    expect(after.map((n) => n.status)).toEqual(['Pending', 'Running']);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 2, runing_points: 1 });
    bench.clock.advance(5);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ runing_points: 2 });
    bench.clock.advance(0.001);
    const again = await bench.client.call({
      method: 'POST',
      target: '/api/deployment/task/delete_pod',
      json: { point_id: first?.point_id }
    });
    expect(again.envelope.code).toBe('C005');
  });

  it('changes the points of a running task: the new nodes come up after a while, the extra ones go after a while', async () => {
    const changePoints = (id: string, points: number) =>
      bench.client.call({
        method: 'POST',
        target: '/api/deployment/task/change_points',
        json: { task_id: Number(id), points }
      });
    const id = seed('scaled', 1);
    bench.clock.advance(5);
    bench.clock.advance(0.001);
    await changePoints(id, 3);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 3, runing_points: 1 });
    bench.clock.advance(5);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 3, runing_points: 3 });
    bench.clock.advance(0.001);
    await changePoints(id, 1);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 1, runing_points: 3 });
    expect((await nodes(id)).map((n) => n.status)).toEqual(['Running', 'Running', 'Running']);
    bench.clock.advance(5);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 1, runing_points: 1 });
    expect((await nodes(id)).map((n) => n.status)).toEqual(['Running']);
  });
});
