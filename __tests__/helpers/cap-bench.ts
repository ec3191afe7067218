// The bench of the max_cost tests: a node that bills while it is still Pending (an image that pulls for an
// hour), and jobs that run two hours: each would bill on for as long as the step waits.
import { criteriaFor } from '../../src/deploy/engine/wait/criteria.js';
import { taskResult } from '../../src/deploy/engine/wait/task-result.js';
import { waitUntil } from '../../src/deploy/engine/wait/wait-until.js';
import { urlPublisher } from '../../src/deploy/engine/tasks/publishable-urls.js';
import { TASK_KINDS } from '../../src/platform/task-kinds.js';
import { JOB_BODY, WEB_SERVICE_YAML } from './bodies.js';
import { emulatorContext, useStepBench, type StepBench } from './emulator-step.js';

const job = JSON.parse(JOB_BODY) as { job_support: Record<string, unknown> };
/** JOB_BODY with a timeout of two hours. */
export const LONG_JOB = JSON.stringify({ ...job, job_support: { ...job.job_support, timeout_sec: 7200 } });

export interface CapBench {
  readonly bench: StepBench;
  /** What a task has cost so far (billed and forecast), in yuan. */
  readonly costOf: (id: string) => number;
  /** A detail step with wait on `ids` (none of a create's inputs), under `inputs`. */
  readonly detailStep: (ids: string, inputs?: Record<string, string>) => ReturnType<StepBench['step']>;
  /**
   * A replace's wait (a create's, polling every 10 s) until `newer` is ready, under max_cost `maxCost`
   * from the task made, with `older` billing beside it and `spentBefore` points spent before.
   */
  readonly waitBeside: (cap: {
    newer: string;
    older: string;
    maxCost: string;
    spentBefore: string;
  }) => ReturnType<typeof waitUntil>;
}

/** Registers a step bench whose steps create a web service on a 4090 node, polling every `pollInterval`. */
export function useCapBench(pollInterval: string): CapBench {
  const bench = useStepBench(
    { readyAfterSeconds: 3600, billPending: true, strict: true, jobs: { podSeconds: 7200 } },
    {
      operation: 'create',
      task_name: 'web',
      body: WEB_SERVICE_YAML,
      gpu: '4090',
      poll_interval: pollInterval,
      wait_timeout: '1h'
    }
  );
  const costOf = (id: string): number => {
    const d = bench.emulator.tasks.get(id) as unknown as { billing_value: number; forecast_value: number };
    return (d.billing_value + d.forecast_value) / 1_000_000;
  };
  const detailStep = (ids: string, inputs: Record<string, string> = {}) =>
    bench.step({
      operation: 'detail',
      task_id: ids,
      gpu: '',
      body: '',
      task_name: '',
      wait: 'true',
      ...inputs
    });
  const waitBeside: CapBench['waitBeside'] = ({ newer, older, maxCost, spentBefore }) => {
    const ctx = emulatorContext(bench.emulator, bench.clock, bench.client, bench, {
      ...{
        operation: 'create',
        task_name: 'web',
        poll_interval: '10s',
        wait_timeout: '1h',
        max_cost: maxCost
      }
    });
    return waitUntil(
      [taskResult(newer)],
      criteriaFor('ready', ctx.settings.wait, TASK_KINDS.deployment),
      ctx,
      {
        readAlready: new Set(),
        publish: urlPublisher(ctx),
        cap: { maxCost, from: 'made', spentBefore, alongside: [older] }
      }
    );
  };
  return { bench, costOf, detailStep, waitBeside };
}
