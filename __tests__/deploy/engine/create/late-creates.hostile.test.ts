// Hostile scenarios of issue 60, point 8, against the emulator over real HTTPS on the fake clock: a create
// the platform refuses and applies late (after its look-up window) leaves no twin billing once the post
// step is done, whatever phase the step was cancelled in.
import { CREATE, REFUSED, useLateCreatesBench } from '../../../helpers/late-creates-bench.js';

describe('refused creates that land late (issue 60 review, point 8)', () => {
  const { bench, live, postStep, made, refusedOnBothRegions } = useLateCreatesBench();

  it.each([
    ['while it looks for the refused create', /^capacity: the platform refused the create/],
    ['once it gave up looking and creates on the next region', /^capacity: no task named "llm" appeared/],
    ['while it waits for the task of the next region', /^waiting for task/],
    ['never (the step ends as it should)', /^this line never comes$/]
  ])(
    'cleanup stop, cancelled %s: after the post step no task of the name bills, the late one included',
    async (_phase, cancelWhen) => {
      // Refused on the first region, applied 60 s later (after its window and the step's wait).
      bench.emulator.inject({ path: CREATE, answer: REFUSED, applyAfterMs: 60_000 });
      const { left } = await bench.step({ cleanup: 'stop' }, { cancelWhen });
      bench.clock.advance(120);
      await bench.cleanup(left ?? {}, { cleanup: 'stop' });
      expect(made().length).toBeGreaterThan(0);
      expect(live()).toEqual([]);
    }
  );

  it('cleanup none, a plain create refused that lands late: the step said it made none; the post step finds it and says so', async () => {
    bench.emulator.inject({ path: CREATE, answer: REFUSED, applyAfterMs: 60_000 });
    const { left, failure } = await bench.step({
      cleanup: 'none',
      gpu: '',
      body: '{services: [{service_name: web, service_image: "app:2", remote_ports: [{service_port: 80}]}], resources: [{mark: "bWFyazpEZXBsb3ltZW50OjQwOTA6YmVpamluZy1qeHEtcDE=", region_name: "北京一区"}]}'
    });
    expect(failure).toBeDefined();
    bench.clock.advance(120);
    const { warnings } = await postStep(left, { cleanup: 'none', gpu: '' });
    const landed = made();
    expect(landed).toHaveLength(1);
    expect(warnings.some((line) => line.includes(landed[0] ?? '?'))).toBe(true);
  });

  it('a replace whose first region refuses and lands late: once the post step is done only the new task runs', async () => {
    const old = bench.emulator.tasks.add({ task_name: 'llm', points: 1, status: 'Running' });
    bench.emulator.inject({ path: CREATE, answer: REFUSED, applyAfterMs: 60_000 });
    const { outputs, left, failure } = await bench.step({ operation: 'replace' });
    expect(failure).toBeUndefined();
    bench.clock.advance(120);
    await bench.cleanup(left ?? {}, { operation: 'replace' });
    expect(bench.emulator.tasks.get(old).status).toBe('End');
    expect(live()).toEqual([outputs.task_id]);
  });

  it('a replace cancelled while it looks for the refused create: after the post step the old task serves, nothing else', async () => {
    const old = bench.emulator.tasks.add({ task_name: 'llm', points: 1, status: 'Running' });
    bench.emulator.inject({ path: CREATE, answer: REFUSED, applyAfterMs: 60_000 });
    const { left } = await bench.step(
      { operation: 'replace' },
      { cancelWhen: /^capacity: the platform refused the create/ }
    );
    bench.clock.advance(120);
    await bench.cleanup(left ?? {}, { operation: 'replace' });
    expect(bench.emulator.tasks.get(old).status).toBe('Running');
    expect(live()).toEqual([]);
  });

  it.each(['stop'])(
    'cleanup %s, refused on both regions, each landing late: the step says it made no task; once the post step is done, no twin bills beside one task at most',
    async (cleanup) => {
      const { failure, warnings } = await refusedOnBothRegions(cleanup);
      expect(failure).toMatch(/^create failed: the platform refused the create on each of the 2 region/);
      expect(made()).toHaveLength(2);
      // What landed is reported: each task that bills is named by the post step.
      for (const id of live()) expect(warnings.some((line) => line.includes(id))).toBe(true);
      expect(live().length).toBeLessThanOrEqual(cleanup === 'none' ? 1 : 0);
    }
  );
});
