// Hostile scenarios of issue 60, point 9, against the emulator over real HTTPS on the fake clock:
// volume_cleanup: delete never deletes a volume another run uses, with two runs at once and creates whose
// answers never came.
import { useStepBench } from '../../helpers/emulator-step.js';
import { until } from '../../helpers/until.js';
import { aHold } from '../../helpers/hold.js';

const CREATE = '/api/storage/nas/v1/create';
const DELETE = '/api/storage/nas/v1/delete';

describe('volume_cleanup delete with two runs at once (issue 60 review, point 9)', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    { operation: 'volume', volume: 'scratch', size: '1', volume_cleanup: 'delete' }
  );
  const named = (name: string) =>
    bench.emulator.storage.volumes().filter((v) => v.name === name && v.status !== 'Deleted');

  it('two runs whose creates of the same name both land but answer 502: nothing is deleted, and both volumes are named', async () => {
    // Both creates are held in flight together, then applied, each answered 502.
    const { promise: held, release } = aHold();
    bench.emulator.inject({
      path: CREATE,
      times: 2,
      holdUntil: held,
      apply: true,
      answer: { kind: 'status', status: 502 }
    });
    const runs = Promise.all([bench.step(), bench.step({}, { clockSkewMs: 60_000 })]);
    await until(() => bench.sent(CREATE).length === 2, 'both creates');
    release();
    const [first, second] = await runs;
    expect(named('scratch')).toHaveLength(2);
    bench.clock.advance(10);
    const reports = [await bench.cleanup(first.left ?? {}), await bench.cleanup(second.left ?? {})];
    expect(bench.sent(DELETE)).toEqual([]);
    expect(named('scratch')).toHaveLength(2);
    // Each volume of the name is named to the user, by a step's log or a post step's report.
    const said = JSON.stringify([bench.log, reports, first.failure, second.failure]);
    for (const v of named('scratch')) expect(said).toContain(String(v.storage_id));
  });

  it('a run cancelled while its create is in flight, whose create lands after another run made the name: the post step deletes neither', async () => {
    const { promise: held, release } = aHold();
    // A's create: held, then applied (it lands), answered 502.
    bench.emulator.inject({
      path: CREATE,
      holdUntil: held,
      apply: true,
      answer: { kind: 'status', status: 502 }
    });
    const a = bench.step({}, { cancelWhen: /^volume: creating / });
    await until(() => bench.sent(CREATE).length === 1, "A's create");
    // B makes the name meanwhile, proven.
    bench.clock.advance(1);
    const b = await bench.step({}, { clockSkewMs: 60_000 });
    release();
    const ran = await a;
    bench.clock.advance(10);
    await bench.cleanup(ran.left ?? {});
    // B's volume is B's: A's post step deleted nothing of the name.
    expect(named('scratch').map((v) => String(v.storage_id))).toContain(b.outputs.storage_id);
    expect(bench.sent(DELETE)).toEqual([]);
  });
});
