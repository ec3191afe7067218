import { InputError } from '../../basics/input-error.js';
import { planCalls } from '../../platform/operations/plan-calls.js';
import { PREHEAT_KIND } from '../../platform/task-kinds.js';
import { NO_CLEANUP } from '../engine/cleanup-state.js';
import { callOutcome, type CallOutcome } from '../engine/calls/make-calls.js';
import type { DeployContext } from '../engine/context.js';
import { chooseForDryRun, findCapacity } from '../engine/create/find-capacity.js';
import type { Placement } from '../engine/create/create-task.js';
import { preheat, preheatServices, type PreheatMode } from '../engine/create/preheat.js';
import { taskResult } from '../engine/wait/task-result.js';
import type { StepResult } from '../engine/calls/step-result.js';
import type { DeploySettings } from '../engine/settings.js';
import { stepResult } from '../engine/flows/toolkit.js';
import type { Flow } from '../engine/flows/flow.js';

/**
 * An image preheat on its own (for a workflow that warms an image when it is pushed): the resource gpu
 * picks, as a create would pick it, is preheated (`preheat: region`, the default here, or `node`), and
 * the step waits until the preheat completes. The preheat task is the step's task.
 */
export const preheatFlow: Flow = {
  plan: (settings) => {
    if (settings.capacity === undefined) {
      throw new InputError(
        'gpu is empty, but preheat warms the region (or the nodes) gpu picks: set gpu to the GPU model, such as 4090'
      );
    }
    checkPreheatServices(settings);
    const plan = planCalls(settings);
    const mode: PreheatMode = settings.preheat.mode === 'none' ? 'region' : settings.preheat.mode;
    return {
      plan,
      cleanup: NO_CLEANUP,
      run: (ctx) => preheatStep(plan, mode, ctx),
      dryRun: async (ctx) => {
        await chooseForDryRun(ctx, mode);
        ctx.log('dry run: only the resource search was sent');
        return undefined;
      }
    };
  }
};

async function preheatStep(
  plan: ReturnType<typeof planCalls>,
  mode: PreheatMode,
  ctx: DeployContext
): Promise<StepResult> {
  const wish = ctx.settings.capacity;
  const [call] = plan.calls;
  if (wish === undefined || call === undefined) throw new Error('unreachable: planned without gpu');
  const points = ctx.settings.points ?? 1;
  const outcome = (fields: Partial<CallOutcome>): CallOutcome =>
    callOutcome(call, { taskId: undefined, ...fields });
  let placement: Placement | undefined;
  try {
    const found = await findCapacity(wish, points, ctx);
    const [best] = found.eligible;
    placement = { wish, points, ...found, chosen: best, refused: [] };
    if (best === undefined) throw new Error('unreachable: findCapacity answers an eligible entry');
    const preheated = await preheat(best, mode, ctx);
    placement = { ...placement, preheated };
    const task = taskResult(preheated.taskId, {
      verdict: 'reached',
      status: PREHEAT_KIND.statuses.success[0] ?? '',
      name: ctx.settings.taskName,
      elapsedMs: preheated.elapsedMs
    });
    return stepResult(plan, ctx, {
      calls: [outcome({ taskId: preheated.taskId, placement })],
      tasks: [task]
    });
  } catch (error) {
    if (ctx.runtime.cancelled()) throw error;
    const failed = error instanceof Error ? error : new Error(String(error));
    return stepResult(plan, ctx, { calls: [outcome({ error: failed, placement })] });
  }
}

/** A preheat caches the images of the body's services: at least one, each with its image. */
export function checkPreheatServices(settings: DeploySettings): void {
  if (preheatServices(settings.body).length === 0) {
    throw new InputError(
      'preheat warms the images of the services in body, but body lists none with service_name and service_image: set body.services'
    );
  }
}
