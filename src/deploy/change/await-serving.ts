import { formatDuration } from '../../basics/units.js';
import { describeError } from '../../platform/failures.js';
import { detailCall } from '../../platform/operations/calls.js';
import { snapshotOf, type TaskSnapshot } from '../../platform/task-data.js';
import type { DeployContext } from '../context.js';
import { readNodeList } from '../tasks/read-task.js';
import { checkHealth, healthDeps, type Health } from '../wait/check-health.js';
import { judgeServing, type ServingTarget } from './judge-serving.js';
import { publishableUrls } from '../tasks/publishable-urls.js';

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
 * Waits until a running task serves the target (see judgeServing): each round reads its detail and its
 * node list, says how far it is when that changes, and sleeps the poll interval, never past `deadline`.
 * Serving, its app is checked as health_path says (unless `health` is false). Failed polls in a row up to poll_error_budget are
 * waited through.
 */
export async function awaitServing(
  taskId: string,
  target: ServingTarget,
  ctx: DeployContext,
  limits: { deadline: number; label: string; health?: boolean }
): Promise<ServingOutcome> {
  const { runtime, settings } = ctx;
  const started = runtime.now();
  const last: { data?: unknown; raw?: string; snapshot?: TaskSnapshot; said?: string; failures: number } = {
    failures: 0
  };
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
  for (;;) {
    const verdict = await look(taskId, target, ctx, last);
    const at = formatDuration(runtime.now() - started);
    if (verdict.kind === 'failed') return end('failed', verdict.why);
    if (verdict.kind === 'serving') {
      ctx.log(`${limits.label}: task ${taskId} serves after ${at}`);
      return finish(last, ctx, limits, end);
    }
    if (verdict.progress !== last.said)
      ctx.log(`${limits.label}: task ${taskId}: ${verdict.progress} after ${at}`);
    else runtime.progress?.(`${limits.label}: task ${taskId}: ${verdict.progress} after ${at}`);
    last.said = verdict.progress;
    if (runtime.cancelled()) return end('cancelled', CANCELLED);
    const left = limits.deadline - runtime.now();
    if (left <= 0) return end('timed_out', `did not serve in time: ${verdict.progress}`);
    try {
      await runtime.sleep(Math.min(settings.wait.intervalMs, left));
    } catch {
      return end('cancelled', CANCELLED);
    }
  }
}

type Look = ReturnType<typeof judgeServing>;

/** One look: the detail and the node list, judged; a failed read counts against poll_error_budget. */
async function look(
  taskId: string,
  target: ServingTarget,
  ctx: DeployContext,
  last: { data?: unknown; raw?: string; snapshot?: TaskSnapshot; failures: number }
): Promise<Look> {
  try {
    const { result, raw } = await ctx.send(detailCall(ctx.settings, taskId));
    const nodes = await readNodeList(taskId, ctx);
    last.failures = 0;
    last.data = result.data;
    last.raw = raw;
    last.snapshot = snapshotOf(result.data, ctx.settings.wait.statusField);
    return judgeServing(last.snapshot, nodes, target, ctx.settings.wait);
  } catch (error) {
    last.failures += 1;
    const why = `could not be read (${describeError(error)})`;
    if (last.failures >= ctx.settings.wait.pollErrorBudget)
      return { kind: 'failed', why: `${why}, ${last.failures} times in a row` };
    return { kind: 'waiting', progress: why };
  }
}

/** Serving: its URLs, and its app checked as health_path says (within the same deadline). */
async function finish(
  last: { snapshot?: TaskSnapshot },
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
