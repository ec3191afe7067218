// The bench of the late-create tests (issue 60, point 8): creates of "llm" on a 4090 node, which the
// platform refuses and may apply late; what bills, what was made, and the post step of what a step left.
import type { CleanupReport } from '../../src/deploy/engine/cleanup/finish-cleanup.js';
import { finishCleanup } from '../../src/deploy/engine/cleanup/finish-cleanup.js';
import { NO_CLEANUP, type CleanupState } from '../../src/deploy/engine/cleanup-state.js';
import { emulatorContext, useStepBench, type StepBench } from './emulator-step.js';

export const WEB =
  '{services: [{service_name: web, service_image: "app:2", remote_ports: [{service_port: 80}]}]}';
export const CREATE = '/api/task/deployment/create';
/** The platform's refusal of a create for want of resources. */
export const REFUSED = { kind: 'envelope', code: 'C008', message: '资源不足' } as const;

export interface LateCreatesBench {
  readonly bench: StepBench;
  /** The tasks of the name that bill, as the emulator has them (late applies done). */
  readonly live: () => string[];
  /** The post step of `left`, on the emulator: its report, and the warnings it gave (annotations). */
  readonly postStep: (
    left: Partial<CleanupState> | undefined,
    inputs: Record<string, string>
  ) => Promise<{ report: CleanupReport; warnings: string[] }>;
  /** The tasks the creates made (those applied late included, once applied). */
  readonly made: () => string[];
  /**
   * A step with `cleanup` whose create is refused on both regions, each applied 60 s later; then the
   * clock past both landings and the post step of what the step left: the step's failure, the post
   * step's warnings.
   */
  readonly refusedOnBothRegions: (
    cleanup: string
  ) => Promise<{ failure: string | undefined; warnings: string[] }>;
}

/** Registers a step bench whose steps create "llm" (one point, WEB, on a 4090 node, 5 s a request). */
export function useLateCreatesBench(): LateCreatesBench {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    { operation: 'create', task_name: 'llm', points: '1', body: WEB, gpu: '4090', request_timeout: '5s' }
  );
  const made = (): string[] =>
    bench
      .sent(CREATE)
      .map((r) => r.createdTaskId)
      .filter((id): id is string => id !== undefined);
  const live = (): string[] => {
    bench.clock.advance(0);
    return made().filter((id) => bench.emulator.tasks.get(id).status !== 'End');
  };
  const postStep: LateCreatesBench['postStep'] = async (left, inputs) => {
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
  const refusedOnBothRegions: LateCreatesBench['refusedOnBothRegions'] = async (cleanup) => {
    bench.emulator.inject({ path: CREATE, times: 2, answer: REFUSED, applyAfterMs: 60_000 });
    const { left, failure } = await bench.step({ cleanup });
    bench.clock.advance(120);
    const { warnings } = await postStep(left, { cleanup });
    return { failure, warnings };
  };
  return { bench, live, postStep, made, refusedOnBothRegions };
}
