import { mapLimit } from '../../../basics/concurrency.js';
import { sanitize } from '../../../basics/safe-text.js';
import { formatDuration } from '../../../basics/units.js';
import { describeError } from '../../../platform/failures.js';
import { parseJson } from '../../../protocol/json.js';
import {
  LEFTOVER_ORDER,
  type CleanupAction,
  type CleanupState,
  type CreateLookup,
  type LeftoverKind,
  type Rollback,
  type RunnerLeft,
  type SftpSessionLeft,
  type TransferLeft,
  type VolumeLeft
} from '../cleanup-state.js';
import { redactFields } from '../secret-fields.js';
import { restoreConfiguration } from './restore-configuration.js';
import { finishScaleBack, type ScaleBackReport } from './finish-scale-back.js';
import { cleanUpTask, type CleanupOutcome } from '../tasks/clean-up-task.js';
import type { DeployContext } from '../context.js';
import type { Persisted } from '../ask-again.js';
import { awaitNewTasks } from '../tasks/find-tasks.js';
import { stopPreheat } from '../create/preheat.js';
import { deleteVolumeLeft } from '../storage/delete-volume.js';
import { stopTransferLeft } from '../storage/stop-transfer.js';
import { closeSftpLeft } from '../storage/sftp-session.js';

/** A task the post step acts on, and why it is the step's to clean up. */
export interface CleanupTarget {
  id: string;
  action: CleanupAction;
  /**
   * created: the step's task; twin: made too by an earlier attempt of a re-sent create; found: made by a
   * create whose answer the step never read; retired: of the old generation a replace was retiring.
   */
  why: 'created' | 'twin' | 'found' | 'retired';
}

/**
 * A create whose task may still exist, or still appear, and that the post step could not look for long
 * enough: the name to look for, the tasks of that name to leave alone, and why the outcome is not known.
 */
export interface UnsettledCreate {
  taskName: string;
  keep: string[];
  why: string;
}

/** What the post step did: each task's outcome, and a create whose outcome it could not learn. */
export interface CleanupReport {
  outcomes: { target: CleanupTarget; outcome: CleanupOutcome }[];
  unsettled: UnsettledCreate | undefined;
  /** The image preheats it stopped, each with how its stop ended. */
  preheats?: { taskId: string; outcome: Persisted }[];
  /** The update it rolled back: serving again, or why not (with the configuration to restore, redacted). */
  rollback?: RollbackReport;
  /** The scale up it finished: kept, set back, or why it could not tell or set it back. */
  scaleBack?: ScaleBackReport;
  /** The transfers still under way that it stopped, each with how its stop ended. */
  transfers?: { left: TransferLeft; outcome: Persisted }[];
  /** The volumes' SFTP sessions it destroyed (a killed step left them open), each with how it ended. */
  sftpSessions?: { left: SftpSessionLeft; outcome: Persisted }[];
  /**
   * The volumes made for the run that it deleted (volume_cleanup: delete), each with how it ended; `kept`:
   * a volume of the name of one whose create never answered, kept (a name is no proof of who made it), or
   * one a task it did not stop mounts (`mountedBy` names them), kept.
   */
  volumes?: { left: VolumeLeft; outcome: Persisted; kept: string | undefined; mountedBy?: string }[];
}

/** How the post step's rollback of an update ended. */
export interface RollbackReport {
  taskId: string;
  problem: string | undefined;
  /** The configuration to restore by hand, secrets redacted, when the rollback did not complete. */
  restore: unknown;
}

/** How one kind of leftover is finished, told what the kinds before it did: what it adds to the report. */
type Finisher<K extends LeftoverKind> = (
  value: CleanupState[K],
  state: CleanupState,
  ctx: DeployContext,
  done: CleanupReport
) => Promise<Partial<CleanupReport>>;

/**
 * One finisher per kind of leftover (see LEFTOVER_KINDS, whose order the post step follows): a kind
 * added to the ledger needs its finisher here, and nothing else.
 */
const FINISHERS: { readonly [K in LeftoverKind]: Finisher<K> } = {
  rollback: async (rollback, _state, ctx) =>
    rollback === undefined ? {} : { rollback: await finishRollback(rollback, ctx) },
  scaleBack: async (scaleBack, _state, ctx) =>
    scaleBack === undefined ? {} : { scaleBack: await finishScaleBack(scaleBack, ctx) },
  created: async (created, { action, lookup }, ctx) => ({
    outcomes:
      action === undefined
        ? []
        : await cleanUpAll(
            created.map((id): CleanupTarget => ({ id, action, why: 'created' })),
            ctx,
            lookup?.taskName
          )
  }),
  retire: async (retire, { lookup }, ctx) => ({
    outcomes: await cleanUpAll(
      retire.map((id): CleanupTarget => ({ id, action: 'stop', why: 'retired' })),
      ctx,
      lookup?.taskName
    )
  }),
  preheats: async (preheats, _state, ctx) => ({
    preheats: await mapLimit(preheats, ctx.settings.concurrency, async (taskId) => ({
      taskId,
      outcome: await stopPreheat(taskId, ctx)
    }))
  }),
  transfers: async (transfers, _state, ctx) =>
    transfers.length === 0
      ? {}
      : {
          transfers: await mapLimit(transfers, ctx.settings.concurrency, async (left) => ({
            left,
            outcome: await stopTransferLeft(left, ctx)
          }))
        },
  sftpSessions: async (sessions, _state, ctx) =>
    sessions.length === 0
      ? {}
      : {
          sftpSessions: await mapLimit(sessions, ctx.settings.concurrency, async (left) => ({
            left,
            outcome: await closeSftpLeft(left, ctx)
          }))
        },
  volumes: async (volumes, _state, ctx, done) => {
    if (volumes.length === 0) return {};
    const own = stoppedTasks(done);
    return {
      volumes: await mapLimit(volumes, ctx.settings.concurrency, async (left) => ({
        left,
        ...(await deleteVolumeLeft(left, ctx, own))
      }))
    };
  },
  registrations: async (registered, _state, ctx) => {
    await removeRunnersLeft(registered, ctx);
    return {};
  },
  lookup: async (lookup, { created, action }, ctx) =>
    lookup === undefined ? {} : lateTasks(lookup, created, action, ctx)
};

/**
 * What the post step does with what the main step left, the ledger (see CleanupState): each kind of
 * leftover by its finisher, in the ledger's order. It rolls back an update, sets back a scale up whose
 * new nodes fail, stops or pauses every task it created, as `action` says, stops the tasks it was retiring,
 * whatever `action` says, the image preheats that had not completed, destroys the volumes' SFTP sessions
 * it left open, and deletes the volumes it made
 * for the run (volume_cleanup: delete), once nothing but the tasks it stopped mounts them (one another's
 * task mounts is kept, and said). Then, when a create may have
 * made a task the step does not know (see lateTasks), looks for it by name until it can no longer appear:
 * that look is the post step's last request.
 */
export async function finishCleanup(state: CleanupState, ctx: DeployContext): Promise<CleanupReport> {
  let report: CleanupReport = { outcomes: [], unsettled: undefined };
  for (const kind of LEFTOVER_ORDER) {
    const part = await finishKind(kind, state, ctx, report);
    report = { ...report, ...part, outcomes: [...report.outcomes, ...(part.outcomes ?? [])] };
  }
  return report;
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- K ties the kind's spec to its value (a correlated union)
function finishKind<K extends LeftoverKind>(
  kind: K,
  state: CleanupState,
  ctx: DeployContext,
  done: CleanupReport
): Promise<Partial<CleanupReport>> {
  return FINISHERS[kind](state[kind], state, ctx, done);
}

/**
 * The tasks the post step has stopped (or found ended): a volume they alone mount is the step's to delete
 * once the list no longer shows them mounting it. A paused task, or one whose stop failed, is not of them:
 * it may still run, and a volume it mounts is not deleted under it.
 */
function stoppedTasks(done: CleanupReport): ReadonlySet<string> {
  return new Set(
    done.outcomes
      .filter(({ target, outcome }) => target.action === 'stop' && outcome.kind !== 'failed')
      .map(({ target }) => target.id)
  );
}

/**
 * Finishes the rollback of an update the main step left (it was cancelled, or its own rollback ran out of
 * time): posts back the configuration the task had and waits until it serves again, within the context's
 * deadline (cleanup_timeout).
 */
async function finishRollback(rollback: Rollback, ctx: DeployContext): Promise<RollbackReport> {
  const { taskId } = rollback;
  if (rollback.lost !== undefined)
    return {
      taskId,
      problem: `the configuration it had could not be read back (${rollback.lost})`,
      restore: undefined
    };
  ctx.log(`cleanup: the update of task ${taskId} did not complete; rolling it back`);
  let problem: string | undefined;
  try {
    const outcome = await restoreConfiguration(rollback, ctx, ctx.deadline);
    problem = outcome.kind === 'serving' ? undefined : `it ${outcome.why ?? outcome.kind}`;
  } catch (error) {
    problem = describeError(error);
  }
  if (problem === undefined) {
    ctx.log(`cleanup: task ${taskId} serves the configuration it had before the update again`);
    return { taskId, problem, restore: undefined };
  }
  const restore = redactFields(parseJson(rollback.configuration));
  return { taskId, problem, restore };
}

function cleanUpAll(
  targets: readonly CleanupTarget[],
  ctx: DeployContext,
  name: string | undefined
): Promise<{ target: CleanupTarget; outcome: CleanupOutcome }[]> {
  return mapLimit(targets, ctx.settings.concurrency, async (target) => ({
    target,
    outcome: await cleanUpTask(target.id, target.action, ctx, name)
  }));
}

/**
 * The tasks a create made that the step does not know: with no task id known, the task the create may
 * have made (cleaned up as `action` says; with none, it is left running, with a warning); with ids known,
 * a twin an earlier attempt made (stopped). An attempt's task may appear until `lookup.landsBy`, so the
 * name is searched until then, every task that appears is cleaned up at once, and a last search is sent
 * after it, unless every attempt's task has turned up by then; a last search that fails is sent again
 * while the cleanup deadline allows. When the deadline comes first, or every last search failed, the
 * outcome is unsettled: never read as "the create made none".
 */
async function lateTasks(
  lookup: CreateLookup,
  created: readonly string[],
  action: CleanupAction | undefined,
  ctx: DeployContext
): Promise<CleanupReport> {
  const handled = new Set([...lookup.existingIds, ...created]);
  // The first task found is the create's, when the step knows none; any other is a twin, stopped.
  let kind: 'found' | 'twin' = created.length === 0 ? 'found' : 'twin';
  const name = JSON.stringify(sanitize(lookup.taskName, 100));
  const left = Math.max(0, lookup.landsBy - ctx.runtime.now());
  ctx.log(
    created.length === 0
      ? `cleanup: the create of this step got no task id; looking for a new task named ${name} for ${formatDuration(left)}, until the create can no longer land`
      : `cleanup: an earlier attempt of the create may still land; looking for a second task named ${name} for ${formatDuration(left)}`
  );
  const outcomes: CleanupReport['outcomes'] = [];
  // Each attempt makes one task at most; the step's own task (created) is one attempt's.
  let outstanding = lookup.attempts - Math.min(created.length, 1);
  while (outstanding > 0) {
    const found = await awaitNewTasks(lookup.taskName, handled, lookup.landsBy, ctx, 'cleanup');
    if (found.kind === 'none') {
      ctx.log(
        `cleanup: a task search sent after the create could no longer land found no other new task named ${name}`
      );
      return { outcomes, unsettled: undefined };
    }
    if (found.kind === 'found') {
      const oldestFirst = [...found.ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
      const first = kind === 'found' ? oldestFirst[0] : undefined;
      const others = first === undefined ? oldestFirst : oldestFirst.slice(1);
      if (first !== undefined)
        outcomes.push(...(await cleanUpFound([first], 'found', action, ctx, lookup.taskName)));
      if (others.length > 0)
        outcomes.push(...(await cleanUpFound(others, 'twin', action, ctx, lookup.taskName)));
      kind = 'twin';
      for (const id of found.ids) handled.add(id);
      outstanding -= found.ids.length;
      continue;
    }
    const why =
      found.kind === 'unknown'
        ? `the last task search failed (${found.why})`
        : 'the cleanup_timeout ran out before the create could no longer land';
    return { outcomes, unsettled: { taskName: lookup.taskName, keep: [...handled], why } };
  }
  return { outcomes, unsettled: undefined };
}

/** Cleans up the tasks found by name: a twin is stopped; a found task as cleanup says (none: a warning). */
async function cleanUpFound(
  ids: string[],
  why: 'found' | 'twin',
  action: CleanupAction | undefined,
  ctx: DeployContext,
  taskName: string
): Promise<CleanupReport['outcomes']> {
  const cleanup = why === 'twin' ? 'stop' : action;
  if (cleanup === undefined) {
    ctx.runtime.warn(
      `the create of this step made task ${ids.join(', ')} (named ${JSON.stringify(sanitize(taskName, 100))}) without the step learning its id; cleanup is none, so it keeps running`
    );
    return [];
  }
  return cleanUpAll(
    ids.map((id): CleanupTarget => ({ id, action: cleanup, why })),
    ctx,
    taskName
  );
}

/**
 * Removes from GitHub the runners a step registered and did not hand over (it failed, or was cancelled):
 * a runner offline bills nothing, so one that cannot be removed is said, not failed on (runner_sweep, or
 * GitHub in time, removes it).
 */
async function removeRunnersLeft(runners: readonly RunnerLeft[], ctx: DeployContext): Promise<void> {
  if (runners.length === 0) return;
  const open = ctx.runtime.runnerHost;
  if (open === undefined || ctx.settings.previews.githubToken === undefined) {
    for (const runner of runners)
      ctx.log(
        `cleanup: runner ${runner.name} is left registered on GitHub (no github_token): offline, it bills nothing; runner_sweep removes it`
      );
    return;
  }
  for (const runner of runners) {
    try {
      const removal = await (await open(runner.scope)).remove(runner.id);
      const word =
        removal.outcome === 'removed' || removal.outcome === 'gone'
          ? 'removed it'
          : `found it still listed (${removal.outcome})`;
      ctx.log(`cleanup: runner ${runner.name}: GitHub ${word}`);
    } catch (error) {
      ctx.log(
        `cleanup: runner ${runner.name} could not be removed from GitHub (${describeError(error)}): offline, it bills nothing; runner_sweep removes it`
      );
    }
  }
}
