// Hostile scenarios of issue 60, point 8, against the emulator over real HTTPS on the fake clock: a create
// the platform refuses and applies late (after its look-up window) leaves no twin billing once the post
// step is done, whatever phase the step was cancelled in.
import { emulatorContext, useStepBench } from '../helpers/emulator-step.js';
import { finishCleanup } from '../../src/deploy/cleanup/finish-cleanup.js';
import { NO_CLEANUP, type CleanupState } from '../../src/deploy/cleanup-state.js';

const WEB = '{services: [{service_name: web, service_image: "app:2", remote_ports: [{service_port: 80}]}]}';
const CREATE = '/api/task/deployment/create';
const REFUSED = { kind: 'envelope', code: 'C008', message: '资源不足' } as const;

describe('hostile (failing): refused creates that land late', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    { operation: 'create', task_name: 'llm', points: '1', body: WEB, gpu: '4090', request_timeout: '5s' }
  );
  let log: string[] = [];
  beforeEach(() => {
    log = bench.log;
  });
  afterEach(() => {
    if (process.env.DBG !== undefined) console.log(log.join('\n'));
  });
  /** The tasks of the name that bill, as the emulator has them (late applies done). */
  const live = (): string[] => {
    bench.clock.advance(0);
    return bench
      .sent(CREATE)
      .map((r) => r.createdTaskId)
      .filter((id): id is string => id !== undefined)
      .filter((id) => bench.emulator.tasks.get(id).status !== 'End');
  };
  /** The post step of `left`, on the emulator: its report, and the warnings it gave (annotations). */
  const postStep = async (left: Partial<CleanupState> | undefined, inputs: Record<string, string>) => {
    const ctx = emulatorContext(bench.emulator, bench.clock, bench.client, bench, {
      operation: 'create',
      task_name: 'llm',
      points: '1',
      body: WEB,
      gpu: '4090',
      ...inputs
    });
    const report = await finishCleanup({ ...NO_CLEANUP, ...left }, ctx);
    return { report, warnings: ctx.runtime.warnings };
  };
  const made = (): string[] =>
    bench
      .sent(CREATE)
      .map((r) => r.createdTaskId)
      .filter((id): id is string => id !== undefined);

  it.each(['none'])(
    'cleanup %s, refused on both regions, each landing late: the step says it made no task; once the post step is done, no twin bills beside one task at most',
    async (cleanup) => {
      bench.emulator.inject({ path: CREATE, times: 2, answer: REFUSED, applyAfterMs: 60_000 });
      const { left, failure } = await bench.step({ cleanup });
      expect(failure).toMatch(/^create failed: the platform refused the create on each of the 2 region/);
      bench.clock.advance(120);
      const { warnings } = await postStep(left, { cleanup });
      expect(made()).toHaveLength(2);
      // What landed is reported: each task that bills is named by the post step.
      for (const id of live()) expect(warnings.some((line) => line.includes(id))).toBe(true);
      expect(live().length).toBeLessThanOrEqual(cleanup === 'none' ? 1 : 0);
    }
  );
});
