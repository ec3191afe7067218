// The emulator's changes to a running task: a rolling update that replaces the nodes one by one, a bad
// image that stalls it, a rollback, and a failed node replaced after delete_pod.
import { useTestEmulator } from './helpers.js';

interface Node {
  point_id: number;
  status: string;
  containers: { image: string; reason: string | null; exit_code: string | null }[];
  describe_dto: { restart_count: number; last_restart_time: string | null };
}

describe('changes to a running task', () => {
  const bench = useTestEmulator({ readyAfterSeconds: 5, badImages: /:bad$/, profile: 'live' });

  const seed = (points: number) =>
    bench.emulator.tasks.add({
      task_name: 'web',
      points,
      status: 'Running',
      services: [{ service_name: 'api', service_image: 'app:1', remote_ports: [{ service_port: 80 }] }]
    });
  async function send(method: 'GET' | 'POST', target: string, json?: unknown): Promise<unknown> {
    bench.clock.advance(0.001);
    const response = await bench.client.call({ method, target, ...(json === undefined ? {} : { json }) });
    expect(response.envelope).toMatchObject({ code: '0000' });
    return response.envelope.data;
  }
  const nodes = async (id: string) =>
    ((await send('GET', `/api/deployment/task/points?task_id=${id}`)) as { results: Node[] }).results;
  const images = async (id: string) =>
    (await nodes(id)).map((n) => `${n.status} ${n.containers.map((c) => c.image).join(',')}`);
  /** Posts the task's detail back with the api service's image set to `image`. */
  async function update(id: string, image: string): Promise<void> {
    const detail = (await send('GET', `/api/task/deployment/detail?task_id=${id}`)) as {
      services: Record<string, unknown>[];
    };
    const services = detail.services.map((s) => ({ ...s, service_image: image }));
    await send('POST', '/api/deployment/task/update', { ...detail, services });
  }

  it('replaces the nodes one by one with the new image, each once the one before came up', async () => {
    const id = seed(2);
    bench.clock.advance(1);
    await update(id, 'app:2');
    expect(await images(id)).toEqual(['Pending app:2', 'Running app:1']);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ status: 'Running', runing_points: 1 });
    bench.clock.advance(5);
    expect(await images(id)).toEqual(['Running app:2', 'Pending app:2']);
    bench.clock.advance(5);
    expect(await images(id)).toEqual(['Running app:2', 'Running app:2']);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ runing_points: 2 });
  });

  it('stalls at the first node of a bad image, which crash-loops, and rolls back to the old image', async () => {
    const id = seed(2);
    bench.clock.advance(1);
    await update(id, 'app:bad');
    bench.clock.advance(35);
    const [bad, old] = await nodes(id);
    expect([bad?.status, bad?.containers[0]?.reason, old?.containers[0]?.image]).toEqual([
      'Running',
      'CrashLoopBackOff',
      'app:1'
    ]);
    expect(bad?.describe_dto.restart_count).toBeGreaterThanOrEqual(3);
    // The time of the last restart, not of the read: a second later, before the next one, it is the same.
    bench.clock.advance(1);
    const [again] = await nodes(id);
    expect(again?.describe_dto).toEqual(bad?.describe_dto);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ status: 'Running', runing_points: 1 });
    await update(id, 'app:1');
    bench.clock.advance(5);
    expect(await images(id)).toEqual(['Running app:1', 'Running app:1']);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ runing_points: 2 });
  });

  it('shows a failed node as Failed until delete_pod, after which a new node comes up after a while', async () => {
    const id = seed(2);
    bench.clock.advance(1);
    const [first] = await nodes(id);
    bench.emulator.tasks.failNode(String(first?.point_id));
    const failed = (await nodes(id))[0];
    expect([failed?.status, failed?.containers[0]?.reason, failed?.containers[0]?.exit_code]).toEqual([
      'Failed',
      'Error',
      '137'
    ]);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ runing_points: 1 });
    await send('POST', '/api/deployment/task/delete_pod', { point_id: first?.point_id });
    expect((await nodes(id)).map((n) => n.status)).toEqual(['Pending', 'Running']);
    bench.clock.advance(5);
    const now = await nodes(id);
    expect(now.map((n) => n.status)).toEqual(['Running', 'Running']);
    expect(now.map((n) => n.point_id)).not.toContain(first?.point_id);
  });
});
