import { formatDuration } from '../../../basics/units.js';
import { describeError } from '../../../platform/failures.js';
import type { TaskSnapshot } from '../../../platform/task-data.js';
import type { DeployContext } from '../context.js';
import { readDetailOnce, readNodeList } from '../tasks/read-task.js';
import { checkHealth, healthDeps, type Health } from '../wait/check-health.js';
import { judgeServing, type ServingTarget } from './judge-serving.js';
import { publishableUrls } from '../tasks/publishable-urls.js';
import { HEARTBEAT_MS, pollUntil } from '../poll.js';
import { standing } from '../wait/task-watch.js';

/** Why a wait for a change ended when the job was cancelled. */
const CANCELLED = 'was still changing when the job was cancelled';

/** How a wait for a change to take ended. */
export interface ServingOutcome {
  readonly kind: 'serving' | 'failed' | 'timed_out' | 'cancelled';
  /** Why it did not end serving. */
  readonly why: string | undefined;
  /** The task's last detail, and its snapshot. */
  readonly data: unknown;
  readonly raw: string | undefined;
  readonly snapshot: TaskSnapshot | undefined;
  /** The publishable service URLs, once serving. */
  readonly urls: readonly string[];
  /** Whether the app answered the health check; undefined when none was made. */
  readonly healthy: boolean | undefined;
}

/**
 * Waits until a running task serves the target (see judgeServing): each round of the poll loop (one per
 * poll interval, at a fixed rate, never past `deadline`) reads its detail and its node list, and says how
 * far it is when that changes. Serving, its app is checked as health_path says (unless `health` is false).
 * Failed reads in a row up to poll_error_budget are waited through.
 */
export async function awaitServing(
  taskId: string,
  target: ServingTarget,
  ctx: DeployContext,
  limits: { deadline: number; label: string; health?: boolean }
): Promise<ServingOutcome> {
  const { runtime, settings } = ctx;
  const started = runtime.now();
  const last: LastLook = {};
  const end = (kind: ServingOutcome['kind'], why?: string, extra: Partial<ServingOutcome> = {}) => ({
    kind,
    why,
    data: last.data,
    raw: last.raw,
    snapshot: last.snapshot,
    urls: [],
    healthy: undefined,
    ...extra
  });
  const polled = await pollUntil<{ serving: true } | { serving: false; why: string }>(
    async () => {
      const verdict = await look(taskId, target, ctx, last);
      const at = formatDuration(runtime.now() - started);
      if (verdict.kind === 'serving') {
        ctx.log(`${limits.label}: task ${taskId} serves after ${at}`);
        return { kind: 'done', value: { serving: true } };
      }
      if (verdict.kind === 'failed') return { kind: 'done', value: { serving: false, why: verdict.why } };
      const line = `${limits.label}: task ${taskId}: ${verdict.progress} after ${at} (${standing(last.snapshot, runtime.now(), limits.deadline)})`;
      const changed = verdict.progress !== last.said;
      if (changed) ctx.log(line);
      last.said = verdict.progress;
      if (verdict.kind === 'unread') return { kind: 'unread', why: verdict.progress, said: changed };
      return changed ? { kind: 'waiting', said: true } : { kind: 'waiting', progress: line };
    },
    {
      deadline: limits.deadline,
      schedule: { kind: 'fixed_rate', intervalMs: settings.wait.intervalMs },
      failureBudget: settings.wait.pollErrorBudget,
      lastLookAtDeadline: true,
      heartbeat: {
        everyMs: HEARTBEAT_MS,
        line: () =>
          `${limits.label}: task ${taskId}: still ${last.said ?? 'not read'} after ${formatDuration(runtime.now() - started)} (${standing(last.snapshot, runtime.now(), limits.deadline)})`
      }
    },
    { ...runtime, log: ctx.log }
  );
  if (polled.kind === 'done')
    return polled.value.serving ? finish(last, ctx, limits, end) : end('failed', polled.value.why);
  if (polled.kind === 'cancelled') return end('cancelled', CANCELLED);
  if (polled.kind === 'unread')
    return end('failed', `${polled.why}, ${settings.wait.pollErrorBudget} times in a row`);
  return end('timed_out', `did not serve in time: ${last.said ?? 'not read'}`);
}

/** What the last look saw, and what was said of it. */
interface LastLook {
  data?: unknown;
  raw?: string;
  snapshot?: TaskSnapshot;
  said?: string;
}

/** One look: the detail and the node list, judged; a failed read is unread (poll_error_budget counts them). */
async function look(
  taskId: string,
  target: ServingTarget,
  ctx: DeployContext,
  last: LastLook
): Promise<ReturnType<typeof judgeServing> | { kind: 'unread'; progress: string }> {
  try {
    const detail = await readDetailOnce(taskId, ctx);
    const nodes = await readNodeList(taskId, ctx);
    last.data = detail.data;
    last.raw = detail.raw;
    last.snapshot = detail.snapshot;
    return judgeServing(detail.snapshot, nodes, target, ctx.settings.wait);
  } catch (error) {
    return { kind: 'unread', progress: `could not be read (${describeError(error)})` };
  }
}

/** Serving: its URLs, and its app checked as health_path says (within the same deadline). */
async function finish(
  last: LastLook,
  ctx: DeployContext,
  limits: { deadline: number; label: string; health?: boolean },
  end: (kind: ServingOutcome['kind'], why?: string, extra?: Partial<ServingOutcome>) => ServingOutcome
): Promise<ServingOutcome> {
  const { settings, runtime } = ctx;
  const urls = publishableUrls(last.snapshot?.urls ?? [], () => undefined);
  const path = limits.health === false ? undefined : settings.health.path;
  if (path === undefined) return end('serving', undefined, { urls });
  const health: Health =
    urls.length === 0
      ? { healthy: false, why: `has no service URL to check ${path} at` }
      : await checkHealth(
          urls,
          { ...settings.health, path },
          { deadline: limits.deadline, intervalMs: settings.wait.intervalMs, startedAt: runtime.now() },
          healthDeps(ctx)
        );
  if (health.healthy) return end('serving', undefined, { urls, healthy: true });
  const why = urls.length === 0 ? health.why : `is not healthy: ${health.why}`;
  return end('failed', why, { urls, healthy: false });
}
