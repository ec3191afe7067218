import { sanitize } from '../../../basics/safe-text.js';
import { formatDuration } from '../../../basics/units.js';
import { describeError, rateLimitedOrNeverSent, retryIfTransient } from '../../../platform/failures.js';
import {
  preheatCreateCall,
  preheatDetailCall,
  preheatRegionsCall,
  preheatStopCall,
  resourceSearchCall
} from '../../../platform/operations/calls.js';
import type { Call } from '../../../platform/operations/operation-table.js';
import { preheatRegionsOf, type PreheatProgress } from '../../../platform/preheat-data.js';
import { PREHEAT_KIND } from '../../../platform/task-kinds.js';
import { offersOf } from '../../../platform/resource-data.js';
import type { Answer } from '../../../platform/session.js';
import { withRetries } from '../../../platform/retry.js';
import { taskIdOf } from '../../../platform/task-data.js';
import { isRecord } from '../../../basics/records.js';
import { retried } from '../retries.js';
import type { DeployContext } from '../context.js';
import { HEARTBEAT_MS, pollUntil, timeLeft } from '../poll.js';
import { sendUntilShown, type Persisted, type Showing } from '../ask-again.js';
import type { PreheatMode } from '../settings.js';

export type { PreheatMode } from '../settings.js';
import { resourcesEntry, type Candidate } from './choose-resource.js';

/** A preheat that completed: its task, what it warmed, how long it took. */
export interface Preheated {
  readonly taskId: string;
  readonly mode: PreheatMode;
  readonly region: string;
  readonly elapsedMs: number;
}

/**
 * Where a preheat stands: done, or still going, with what its detail says; failed only once its task has
 * ended before completing. The reference lists no failure status of a region (Begin, Syncing, Completed):
 * any other is waited through, within preheat_timeout.
 */
export function judgePreheat(
  progress: PreheatProgress,
  mode: PreheatMode
): { state: 'done' | 'failed' | 'waiting'; detail: string } {
  const { ended } = progress;
  if (mode === 'region') {
    const { regions } = progress;
    const detail =
      regions.length === 0
        ? 'no region reported yet'
        : regions.map((r) => `${r.region} ${r.status}`).join(', ');
    if (regions.length > 0 && regions.every((r) => r.completed)) return { state: 'done', detail };
    return ended
      ? { state: 'failed', detail: `${detail}; the preheat task ended` }
      : { state: 'waiting', detail };
  }
  const points = progress.points ?? 0;
  const ready = progress.availablePoints ?? 0;
  const detail = `${ready} of ${points} node(s) prepared`;
  if (points > 0 && ready >= points) return { state: 'done', detail };
  return ended
    ? { state: 'failed', detail: `${detail}; the preheat task ended` }
    : { state: 'waiting', detail };
}

/**
 * Preheats where the chosen entry runs, before anything bills: a cluster preheat of its region (from
 * get_regions), or a node preheat of `points` nodes of its device there (from a resource search with
 * task_type=ImagePreHeat). Waits, polling at least 10 s apart, until it completes, within
 * preheat_timeout and the step's deadline. A preheat that fails or times out is stopped, and the step
 * fails. While it runs, its task is in the cleanup state, so a cancelled job's post step stops it. The
 * preheat task is named `taskName`, or as the task_name input says.
 */
export async function preheat(
  candidate: Candidate,
  mode: PreheatMode,
  ctx: DeployContext,
  taskName?: string
): Promise<Preheated> {
  const startedAt = ctx.runtime.now();
  const region = candidate.offer.region ?? '';
  const body = {
    ...(taskName === undefined ? {} : { task_name: taskName }),
    ...(mode === 'region' ? await regionBody(region, ctx) : await nodeBody(candidate, ctx))
  };
  ctx.log(
    `preheat: ${mode === 'region' ? `caching the images in region ${sanitize(region, 60)}` : `preparing ${ctx.settings.points ?? 1} node(s) of ${sanitize(candidate.offer.device ?? '?', 60)} in region ${sanitize(region, 60)}`} before creating; a preheat is not a reservation: the create is still scheduled on the stock free then`
  );
  const taskId = await createPreheat({ ...body, services: preheatServices(ctx.settings.body) }, ctx);
  ctx.cleanup.add('preheats', [taskId]);
  const ended = await watchPreheat(taskId, mode, ctx);
  // A cancelled step leaves the stop to the post step: the preheat is on its ledger, and this step's
  // requests end at once.
  if (ended.state === 'cancelled')
    throw new Error(
      `the step was cancelled while preheating (task ${taskId}): the post step stops the preheat task, and nothing was created`
    );
  if (ended.state === 'done') {
    ctx.cleanup.settle('preheats', taskId);
    const elapsedMs = ctx.runtime.now() - startedAt;
    ctx.log(`preheat: task ${taskId} completed after ${formatDuration(elapsedMs)} (${ended.detail})`);
    return { taskId, mode, region, elapsedMs };
  }
  const stopped = await stopPreheat(taskId, ctx);
  throw new Error(
    `the preheat (task ${taskId}) ${ended.state === 'failed' ? 'failed' : `did not complete within preheat_timeout ${formatDuration(ctx.settings.preheat.timeoutMs)}`} (${sanitize(ended.detail, 300)}); ${stopped.kind === 'shown' ? 'the preheat task was stopped' : `the preheat task could not be stopped (${sanitize(stopped.why, 300)})`}, and nothing was created`
  );
}

/**
 * The services a preheat caches: the name and image of each of the body's services and, where the body
 * gives the private registry's account (the create's repository_username and repository_password), that
 * account for each (the reference's repository_account): without it a private image cannot be pulled, and
 * the preheat would run until preheat_timeout.
 */
export function preheatServices(body: Record<string, unknown>): Record<string, unknown>[] {
  const services = Array.isArray(body.services) ? body.services : [];
  const { repository_username: username, repository_password: password } = body;
  const account =
    typeof username === 'string' && username !== ''
      ? { repository_account: { repository_username: username, repository_password: password ?? null } }
      : {};
  return services
    .filter(isRecord)
    .flatMap((service) =>
      typeof service.service_name === 'string' && typeof service.service_image === 'string'
        ? [{ service_name: service.service_name, service_image: service.service_image, ...account }]
        : []
    );
}

async function regionBody(region: string, ctx: DeployContext): Promise<Record<string, unknown>> {
  const { result } = await read(
    preheatRegionsCall(ctx.settings),
    'preheat: the regions a preheat can warm',
    ctx
  );
  const regions = preheatRegionsOf(result.data);
  const found = regions.find((r) => r.region === region);
  if (found === undefined) {
    throw new Error(
      `region ${sanitize(region, 60)} is not one a cluster preheat can warm (get_regions lists ${regions.map((r) => sanitize(r.region, 60)).join(', ') || 'none'}): set preheat to node, or none`
    );
  }
  return { regions: [{ region: found.region, region_name: found.regionName ?? null }] };
}

async function nodeBody(candidate: Candidate, ctx: DeployContext): Promise<Record<string, unknown>> {
  const deviceType = ctx.settings.capacity?.deviceType ?? 'GpuDevice';
  const call = resourceSearchCall(ctx.settings, deviceType, PREHEAT_KIND.taskType);
  const { result } = await read(call, 'preheat: the resources a node preheat can prepare', ctx);
  const { device, region } = candidate.offer;
  const offer = offersOf(result.data).find(
    (o) => o.device === device && o.region === region && o.mark !== undefined
  );
  if (offer === undefined) {
    throw new Error(
      `the resource search for a node preheat lists no ${sanitize(device ?? '?', 60)} in region ${sanitize(region ?? '?', 60)}: set preheat to region, or none`
    );
  }
  return { points: ctx.settings.points ?? 1, resources: [resourcesEntry(offer)] };
}

/**
 * Sends the preheat's create: again only after a 429 or a request never sent. A preheat holds no compute
 * (the platform's reference), so a 429 that landed after all costs a second cache of the image, not a bill;
 * a task's create is never sent again so (see createOnce).
 */
async function createPreheat(body: Record<string, unknown>, ctx: DeployContext): Promise<string> {
  const { result } = await withRetries(
    'preheat: create',
    () => ctx.send(preheatCreateCall(ctx.settings, body)),
    (error) =>
      rateLimitedOrNeverSent(error) ? retryIfTransient(error, ctx.retries.deps.now()) : { retry: false },
    ctx.retries.policy,
    ctx.retries.deps
  );
  const taskId = taskIdOf(result.data);
  if (taskId === undefined) {
    throw new Error(
      `the preheat create was answered without a task_id, so the step cannot follow it, and created nothing: look for an image preheat task named ${JSON.stringify(sanitize(typeof body.task_name === 'string' ? body.task_name : (ctx.settings.taskName ?? ''), 100))} in the console`
    );
  }
  ctx.log(`preheat: task ${taskId}`);
  return taskId;
}

/**
 * Polls the preheat until it completes or fails, or preheat_timeout (within the step's deadline) ends: a
 * fixed rate of one detail per poll interval (10 s at the least); a detail that cannot be read, even
 * retried, fails it at once.
 */
async function watchPreheat(
  taskId: string,
  mode: PreheatMode,
  ctx: DeployContext
): Promise<{ state: 'done' | 'failed' | 'timed_out' | 'cancelled'; detail: string }> {
  let last = '';
  const started = ctx.runtime.now();
  const deadline = Math.min(started + ctx.settings.preheat.timeoutMs, ctx.deadline);
  const since = (): string => formatDuration(ctx.runtime.now() - started);
  const polled = await pollUntil<{ state: 'done' | 'failed'; detail: string }>(
    async () => {
      let judged: ReturnType<typeof judgePreheat>;
      try {
        const { result } = await read(
          preheatDetailCall(ctx.settings, taskId),
          `preheat: task ${taskId}`,
          ctx
        );
        judged = judgePreheat(PREHEAT_KIND.progressOf(result.data), mode);
      } catch (error) {
        return {
          kind: 'unread',
          why: `its detail could not be read: ${sanitize(describeError(error), 300)}`
        };
      }
      const changed = judged.detail !== last;
      if (changed)
        ctx.log(
          `preheat: task ${taskId}: ${sanitize(judged.detail, 300)} after ${since()} (${timeLeft(deadline, ctx.runtime.now())})`
        );
      last = judged.detail;
      if (judged.state !== 'waiting')
        return { kind: 'done', value: { state: judged.state, detail: judged.detail } };
      return { kind: 'waiting', said: changed };
    },
    {
      deadline,
      schedule: {
        kind: 'fixed_rate',
        intervalMs: Math.max(PREHEAT_KIND.leastPollMs, ctx.settings.wait.intervalMs)
      },
      failureBudget: 1,
      lastLookAtDeadline: true,
      heartbeat: {
        everyMs: HEARTBEAT_MS,
        line: () =>
          `preheat: task ${taskId}: still ${sanitize(last, 300)} after ${since()} (${timeLeft(deadline, ctx.runtime.now())})`
      }
    },
    { ...ctx.runtime, log: ctx.log }
  );
  if (polled.kind === 'done') return polled.value;
  if (polled.kind === 'unread') return { state: 'failed', detail: polled.why };
  return { state: polled.kind, detail: last };
}

/**
 * Stops a preheat task until its detail says End (see sendUntilShown): an accepted stop is not done until
 * then; one that had ended shows End without it.
 */
export async function stopPreheat(taskId: string, ctx: DeployContext): Promise<Persisted> {
  const shows = async (): Promise<Showing> => {
    const progress = await ctx
      .send(preheatDetailCall(ctx.settings, taskId))
      .then(({ result }) => PREHEAT_KIND.progressOf(result.data))
      .catch(() => undefined);
    const status = sanitize(progress?.status ?? 'unknown', 40);
    return progress?.ended === true
      ? { shown: true, state: status }
      : { shown: false, state: `its status is ${status}` };
  };
  const stop = preheatStopCall(ctx.settings, taskId);
  const outcome = await sendUntilShown(stop, `preheat: stop task ${taskId}`, shows, ctx);
  if (outcome.kind === 'shown') ctx.cleanup.settle('preheats', taskId);
  return outcome;
}

/** A read, retried on what may pass (network errors, 429, 5xx). */
function read(call: Call, label: string, ctx: DeployContext): Promise<Answer> {
  return retried(label, ctx.retries, () => ctx.send(call));
}
