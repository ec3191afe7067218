import { InputError } from '../../basics/input-error.js';
import type { DeployContext } from '../context.js';
import { FLOWS } from './index.js';
import type { PlannedStep } from './flow.js';
import type { StepResult } from '../calls/step-result.js';
import type { DeploySettings } from '../settings.js';

export type { PlannedStep } from './flow.js';

/**
 * Plans a step by its operation's flow (see flows/index.ts): every input it needs is checked here, and an
 * InputError thrown, before anything is sent.
 */
export async function planStep(settings: DeploySettings): Promise<PlannedStep> {
  const flow = await FLOWS[settings.operation]();
  const planned = flow.plan(settings);
  await checkCapacity(planned, settings);
  checkCap(planned, settings);
  return planned;
}

/**
 * max_cost is watched while a step waits on what bills: a task until it is ready, a job until it ends. A
 * step that does not wait so is refused, saying where the cap works.
 */
function checkCap(planned: PlannedStep, settings: DeploySettings): void {
  const target = planned.plan.wait;
  if (settings.maxCost === undefined || target === 'ready' || target === 'finished') return;
  if (planned.capsCost === true) return;
  throw new InputError(
    `max_cost is set, but ${settings.operation} ${target === undefined ? 'does not wait' : `waits until ${target}, on nothing that bills on`}: the cap is watched while a step waits on a task until ready or a job until its end (create, replace, preview, job; detail, job_detail or recover with wait: true), and preview_sweep holds each pull request's previews to it; remove max_cost`
  );
}

/**
 * gpu picks the resource of a new task: a step that creates none (nor preheats), or whose body names a
 * resource, is refused; so is a preheat without gpu, and one without the services whose images it warms.
 */
async function checkCapacity(planned: PlannedStep, settings: DeploySettings): Promise<void> {
  const create = planned.plan.calls.find((call) => call.traits.resend === 'create_once');
  const { data, results } = settings.storage;
  if (data.length > 0 && planned.copiesData !== true)
    throw new InputError(
      `data is set, but ${settings.operation} creates no task or job: data is copied in before one is made (create, replace, job); remove data`
    );
  if (results.length > 0 && planned.copiesResults !== true)
    throw new InputError(
      planned.copiesData === true
        ? `results is set, but ${settings.operation} makes a service, which runs until it is stopped: results are copied out after a job ends (operation job); copy a service's with operation transfer (direction volume-to-s3) once it is stopped, and remove results`
        : `results is set, but ${settings.operation} runs no job: results are copied out after a job ends (operation job); remove results`
    );
  const [mount] = settings.storage.mounts;
  if (mount !== undefined && create === undefined && planned.mountsVolumes !== true) {
    const input = mount.kind === 'nas' ? 'volumes' : 'juicefs_mounts';
    throw new InputError(
      `${input} is set, but ${settings.operation} creates no task or job: storages are mounted into a new one (create, replace, job), or a running one (update); remove ${input}`
    );
  }
  const picks = planned.usesCapacity === true || create !== undefined;
  if (settings.capacity === undefined) {
    if (settings.preheat.mode !== 'none' && create !== undefined)
      throw new InputError(
        `preheat is ${settings.preheat.mode}, but gpu is empty: the preheat warms where gpu picks to create; set gpu, or remove preheat`
      );
    // The platform's documented create requires resources (the spec's names none): gpu picks them, or the body names them.
    if (settings.apiProfile === 'live' && create?.body !== undefined && !('resources' in create.body))
      throw new InputError(
        `body has no resources, but ${settings.operation} needs them (the platform refuses a create without): set gpu to the GPU model, such as gpu: '4090', to have the step pick the resource, or add resources: [{mark: ...}] to body with a regions[].mark.mark from search_resources`
      );
    return;
  }
  if (!picks) {
    throw new InputError(
      `gpu is set, but ${settings.operation} creates no task: gpu picks the resource of a new task; remove gpu`
    );
  }
  if (create?.body !== undefined && 'resources' in create.body) {
    throw new InputError(
      'gpu is set, and the body names resources too: remove resources from the body to have the step pick the resource by gpu, or remove gpu to use the resources given'
    );
  }
  if (create !== undefined && settings.preheat.mode !== 'none')
    (await import('./preheat.js')).checkPreheatServices(settings);
}

/** Runs a planned step with its one deploy context, or its dry run: the one place a step is dispatched. */
export function runStep(
  planned: PlannedStep,
  ctx: DeployContext,
  options: { dryRun?: boolean } = {}
): Promise<StepResult | undefined> {
  return options.dryRun === true ? planned.dryRun(ctx) : planned.run(ctx);
}
