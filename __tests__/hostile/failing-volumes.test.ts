// Hostile scenarios of issue 60, point 9, against the emulator over real HTTPS on the fake clock:
// volume_cleanup: delete never deletes a volume another run uses, with two runs at once and creates whose
// answers never came.
import { useStepBench } from '../helpers/emulator-step.js';

const DELETE = '/api/storage/nas/v1/delete';
const WEB = '{services: [{service_name: web, service_image: "app:2", remote_ports: [{service_port: 80}]}]}';

describe('hostile (failing): volume_cleanup delete with two runs at once', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    { operation: 'volume', volume: 'scratch', size: '1', volume_cleanup: 'delete' }
  );
  let log: string[] = [];
  beforeEach(() => {
    log = bench.log;
  });
  afterEach(() => {
    if (process.env.DBG !== undefined) console.log(log.join('\n'));
  });
  const named = (name: string) =>
    bench.emulator.storage.volumes().filter((v) => v.name === name && v.status !== 'Deleted');

  it("run B's post step does not delete the volume it made while run A's task, which found it by name, mounts it", async () => {
    // Run B makes scratch (its own create answered its id: provably B's, deleted when B's job ends).
    const b = await bench.step();
    expect(b.failure).toBeUndefined();
    expect(b.left?.volumes).toEqual([{ name: 'scratch', id: b.outputs.storage_id }]);
    // Run A, at the same time, runs a service that mounts scratch, found by name.
    bench.clock.advance(1);
    const a = await bench.step({
      operation: 'create',
      task_name: 'reader',
      gpu: '4090',
      body: WEB,
      volumes: 'scratch:/data',
      volume: '',
      size: '',
      volume_cleanup: ''
    });
    expect(a.failure).toBeUndefined();
    expect(bench.emulator.tasks.get(a.outputs.task_id).status).toBe('Running');
    // B's job ends: its post step.
    bench.clock.advance(1);
    const report = await bench.cleanup(b.left ?? {});
    if (process.env.DBG !== undefined) console.log(JSON.stringify(report.volumes));
    // A's task still mounts scratch: its data is not deleted under it.
    expect(named('scratch').map((v) => String(v.storage_id))).toEqual([b.outputs.storage_id]);
    expect(bench.sent(DELETE)).toEqual([]);
  });
});
