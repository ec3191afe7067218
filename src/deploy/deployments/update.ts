import { InputError, quote } from '../../basics/input-error.js';
import { sanitize } from '../../basics/safe-text.js';
import { formatDuration } from '../../basics/units.js';
import { taskKindOf, updateCall } from '../../platform/operations/calls.js';
import type { Plan } from '../../platform/operations/operation-table.js';
import { NO_CLEANUP } from '../engine/cleanup-state.js';
import {
  applyChanges,
  checkChanges,
  configurationOf,
  diffConfigurations,
  imagesOf,
  servicesDiffer,
  type Configuration,
  type FieldChange
} from '../engine/tasks/configuration.js';
import { contextFor, type DeployContext } from '../engine/context.js';
import { redactFields } from '../engine/secret-fields.js';
import { searchByName } from '../engine/tasks/find-tasks.js';
import {
  changeReport,
  reportEntry,
  type ChangeReport,
  type StepResult
} from '../engine/calls/step-result.js';
import { restoreConfiguration, rollbackOf } from '../engine/cleanup/restore-configuration.js';
import { awaitServing, type ServingOutcome } from '../engine/change/await-serving.js';
import type { ServingTarget } from '../engine/change/judge-serving.js';
import { countOf } from '../../platform/task-data.js';
import { taskAfterRead, taskAfterServing } from './task-after-change.js';
import { checkWaits, sendChange } from './send-change.js';
import { holdsConfiguration, pointIds, readTask, type TaskLook } from '../engine/tasks/read-task.js';
import { stepResult } from '../engine/flows/toolkit.js';
import { isRecord } from '../../basics/records.js';
import { amongRegions, describeRegions, resolveMounts, withMounts } from '../engine/storage/mounts.js';
import type { Flow } from '../engine/flows/flow.js';

/**
 * An update in place: reads the task's whole configuration, applies the body's changes (services matched
 * by service_name), and posts it all back, as the platform's update overwrites everything. Then waits
 * until the new configuration serves: every live node on the new images, runing_points at points, the
 * URLs, the health check. When it does not (a crash loop, the deadline, an unhealthy app, a cancel), the
 * configuration it had is posted back and waited for: the update is rolled back, and the step fails.
 * Until it serves, the post step holds that configuration, to finish the rollback of a cancelled job.
 */
export const updateFlow: Flow = {
  plan: (settings) => {
    checkWaits(settings, 'the new configuration serves, and rolls it back when it does not');
    // Volumes to mount are a change of their own; a body with nothing else may be empty.
    if (settings.storage.mounts.length === 0 || Object.keys(settings.body).length > 0)
      checkChanges(settings.body);
    if (settings.taskIds.length > 1)
      throw new InputError(
        `task_id lists ${settings.taskIds.length} tasks, but update changes one: set task_id to a single id`
      );
    if (settings.taskIds.length === 0 && settings.taskName === undefined)
      throw new InputError(
        'task_id and task_name are empty, but update needs the task: set task_id, or task_name to the name of exactly one live task'
      );
    const plan: Plan = { operation: settings.operation, calls: [], wait: undefined };
    return {
      plan,
      cleanup: NO_CLEANUP,
      run: (ctx) => runUpdate(plan, ctx),
      dryRun: async (ctx) => {
        const { taskId, look, fields } = await prepare(ctx);
        for (const change of fields) ctx.log(`dry run: update would change ${describeChange(change)}`);
        ctx.log(
          fields.length === 0
            ? `dry run: the body changes nothing in task ${taskId}, so update would send nothing`
            : `dry run: update would post the whole configuration back to task ${taskId}, and wait until it serves; only reads were sent`
        );
        return stepResult(plan, ctx, {
          tasks: [taskAfterRead(taskId, look)],
          parts: [reportEntry('change', changeReport({ changed: fields.length > 0, fields }))]
        });
      }
    };
  }
};

/** What an update starts from: the task, as read, its configuration now and with the changes. */
interface Prepared {
  taskId: string;
  look: TaskLook;
  before: Configuration;
  after: Configuration;
  fields: FieldChange[];
}

async function prepare(ctx: DeployContext): Promise<Prepared> {
  const taskId = await chooseTask(ctx);
  const look = await readTask(taskId, ctx);
  const before = configurationOf(look.data);
  const changed = applyChanges(before, ctx.settings.body);
  const after = ctx.settings.storage.mounts.length === 0 ? changed : await mounted(changed, ctx);
  return { taskId, look, before, after, fields: diffConfigurations(before, after) };
}

/**
 * The configuration with the volumes and juicefs_mounts inputs mounted (see withMounts): each storage found
 * and mountable, in the task's own region (its resources' region_name), as the platform mounts a volume
 * only in its region and an object storage only where it is accelerated.
 */
async function mounted(configuration: Configuration, ctx: DeployContext): Promise<Configuration> {
  const found = await resolveMounts(ctx.settings.storage.mounts, ctx);
  const regions = (Array.isArray(configuration.resources) ? configuration.resources : []).flatMap((r) =>
    isRecord(r) && typeof r.region_name === 'string' ? [r.region_name] : []
  );
  const elsewhere = regions.filter((name) => !amongRegions(found.regions, name));
  if (elsewhere.length > 0)
    throw new Error(
      `the task runs in ${elsewhere.map((n) => sanitize(n, 60)).join(', ')}, but the storages to mount can be mounted only in ${describeRegions(found.regions)}, ${found.why}: mount storages of the task's region, or replace the task there`
    );
  return withMounts(configuration, found.mounts);
}

async function runUpdate(plan: Plan, ctx: DeployContext): Promise<StepResult> {
  const prepared = await prepare(ctx);
  const { taskId, look, before, after, fields } = prepared;
  for (const change of fields) ctx.log(`update: ${describeChange(change)}`);
  if (fields.length === 0) {
    ctx.log(`update: the body changes nothing in task ${taskId}; nothing was sent`);
    return stepResult(plan, ctx, {
      tasks: [taskAfterRead(taskId, look)],
      parts: [reportEntry('change', changeReport({}))]
    });
  }
  if (!taskKindOf(ctx.settings).statuses.running.includes(look.snapshot.status ?? ''))
    throw new InputError(
      `task ${taskId} is ${sanitize(look.snapshot.status ?? 'in no known status', 20)}, but update changes a running service: recover it first`
    );
  // From here until the new configuration serves, the post step can set the task back.
  ctx.cleanup.set('rollback', rollbackOf(taskId, before));
  const sent = await sendChange(updateCall(ctx.settings, taskId, after), `update: task ${taskId}`, ctx);
  if (sent.kind === 'not_accepted' && (await holdsConfiguration(taskId, before, ctx))) {
    ctx.cleanup.clear('rollback');
    const message = `was not updated: the platform refused the update (${sent.error.message}), and the task's configuration is as it was`;
    return updateResult(plan, ctx, {
      taskId,
      outcome: { kind: 'failed', snapshot: look.snapshot, data: look.data, raw: look.raw },
      change: changeReport({ fields }),
      message
    });
  }
  const outcome = await awaitServing(taskId, targetOf(after, look, before), ctx, {
    deadline: ctx.deadline,
    label: 'update'
  });
  const change = changeReport({ changed: true, fields });
  if (outcome.kind === 'serving') {
    ctx.cleanup.clear('rollback');
    return updateResult(plan, ctx, { taskId, outcome, change });
  }
  const why = outcome.why ?? outcome.kind;
  const said =
    sent.kind === 'accepted' ? why : `${why}, after the platform refused the update (${sent.error.message})`;
  const failed = { taskId, before, why: said, change, last: outcome };
  return updateResult(plan, ctx, await rollBack(failed, ctx));
}

/** The new configuration serves when every live node runs its images (all new ones, when services changed). */
function targetOf(after: Configuration, look: TaskLook, before: Configuration): ServingTarget {
  const nodes = pointIds(look.nodes);
  return {
    points: countOf(after.points) ?? look.snapshot.nodes?.total ?? 1,
    images: imagesOf(after),
    gone: servicesDiffer(before, after) ? nodes : new Set<string>(),
    before: nodes
  };
}

/** How an update ended: the task's last look, the change, and what to say when it failed. */
interface Ending {
  taskId: string;
  outcome: Partial<ServingOutcome> & Pick<ServingOutcome, 'kind'>;
  change: ChangeReport;
  message?: string;
  timedOut?: boolean;
}

/**
 * The update did not serve: posts back the configuration the task had and waits, within cleanup_timeout
 * (from now, past wait_timeout), until it serves again. A cancelled step leaves that to the post step.
 */
async function rollBack(
  failed: { taskId: string; before: Configuration; why: string; change: ChangeReport; last: ServingOutcome },
  ctx: DeployContext
): Promise<Ending> {
  const { taskId, before, why, change, last } = failed;
  const timedOut = last.kind === 'timed_out';
  const didNot = `did not serve the new configuration (it ${why})`;
  if (ctx.runtime.cancelled())
    return {
      taskId,
      outcome: { ...last, kind: 'cancelled' },
      change,
      message: `${didNot}; the post step rolls it back`
    };
  ctx.log(`update: task ${taskId} ${didNot}; rolling back`);
  const budget = ctx.settings.cleanupTimeoutMs;
  const restored = await restoreConfiguration(
    rollbackOf(taskId, before),
    contextFor(ctx, budget),
    ctx.runtime.now() + budget
  );
  const outcome = { ...restored, kind: restored.kind === 'cancelled' ? 'cancelled' : 'failed' } as const;
  if (restored.kind === 'serving') {
    ctx.cleanup.clear('rollback');
    const message = `${didNot}; rolled back: it serves the configuration it had again`;
    return { taskId, outcome, change: { ...change, rolledBack: true }, message, timedOut };
  }
  const message = `${didNot}, and the rollback did not complete within cleanup_timeout ${formatDuration(budget)} (it ${restored.why ?? restored.kind}): restore its configuration by hand (the post step tries again)`;
  const restore = { taskId, configuration: redactFields(before) };
  return { taskId, outcome, change: { ...change, restore }, message, timedOut };
}

function updateResult(plan: Plan, ctx: DeployContext, ending: Ending): StepResult {
  const outcome: ServingOutcome = {
    why: undefined,
    data: undefined,
    raw: undefined,
    snapshot: undefined,
    urls: [],
    healthy: undefined,
    ...ending.outcome
  };
  const task = taskAfterServing(ending.taskId, outcome, {
    startedAt: ctx.startedAt,
    now: ctx.runtime.now(),
    ...(ending.message === undefined ? {} : { message: ending.message })
  });
  return stepResult(plan, ctx, {
    tasks: [task],
    parts: [reportEntry('change', ending.change)],
    timedOut: ending.timedOut ?? false
  });
}

/** The task to update: task_id, or the one live task named task_name (exactly one, ended ones aside). */
async function chooseTask(ctx: DeployContext): Promise<string> {
  const [given] = ctx.settings.taskIds;
  if (given !== undefined) return given;
  const name = ctx.settings.taskName ?? '';
  const ids = await searchByName('update: looking for the task by name', name, ctx);
  if (ids.length === 1 && ids[0] !== undefined) {
    ctx.log(`update: task ${ids[0]} is the live task named ${quote(name)}`);
    return ids[0];
  }
  throw new InputError(
    ids.length === 0
      ? `task_name ${quote(name)} names no live task: set task_name to the exact name of a running task, or set task_id`
      : `task_name ${quote(name)} names ${ids.length} live tasks (${ids.join(', ')}): set task_id to the one to update`
  );
}

function describeChange(change: FieldChange): string {
  return `${change.path}: ${change.before} -> ${change.after}`;
}
