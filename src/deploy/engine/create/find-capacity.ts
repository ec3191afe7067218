import { compareDecimals } from '../../../platform/money.js';
import { sanitize } from '../../../basics/safe-text.js';
import { formatDuration } from '../../../basics/units.js';
import { describeError, isRefusal } from '../../../platform/failures.js';
import { resourceSearchCall } from '../../../platform/operations/calls.js';
import type { Call } from '../../../platform/operations/operation-table.js';
import type { Answer } from '../../../platform/session.js';
import { offersOf } from '../../../platform/resource-data.js';
import type { DeployContext } from '../context.js';
import { backoffAt, pollUntil } from '../poll.js';
import { retried } from '../retries.js';
import type { PreheatMode } from '../settings.js';
import { cheapestOverPrice, chooseResource, type Candidate, type Choice } from './choose-resource.js';
import type { CapacityWish, RegionKey } from '../settings.js';

/** The platform asks for polls at least 10 s apart; searches for stock wait that long at the least. */
const FIRST_SEARCH_DELAY_MS = 10_000;
const MOST_SEARCH_DELAY_MS = 60_000;

/**
 * What a dry run says of the choice: one resource search, the regions considered, and the preheat the
 * step would run first (`mode`); the eligible entries, best first (none: it says why, and what the step
 * would do).
 */
export async function chooseForDryRun(ctx: DeployContext, mode: 'none' | PreheatMode): Promise<Candidate[]> {
  const wish = ctx.settings.capacity;
  if (wish === undefined) return [];
  const points = ctx.settings.points ?? 1;
  const choice = await searchOnce(wish, points, ctx, { jobRefused: false });
  logChoice(choice, wish, points, ctx);
  const [best] = choice.eligible;
  if (best === undefined) {
    const waits = choice.considered.some((c) => c.excluded === 'no stock') && wish.timeoutMs > 0;
    ctx.log(
      `dry run: ${noCapacity(choice, wish, points)}; the step would ${waits ? `search again for up to ${formatDuration(wish.timeoutMs)}` : 'fail before creating'}`
    );
    return [];
  }
  if (mode !== 'none') {
    ctx.log(
      `dry run: the step would first preheat (${mode === 'region' ? 'cache the images in' : `prepare ${points} node(s) in`} ${sanitize(best.offer.region ?? '?', 60)}), and wait up to ${formatDuration(ctx.settings.preheat.timeoutMs)} for it`
    );
  }
  return [...choice.eligible];
}

/**
 * Searches the resources until an entry qualifies. With none of the wished device, or none within
 * max_price, it fails at once (stock would not help); with none in stock, it searches again, at least
 * 10 s apart and backing off, until capacity_timeout (within the step's deadline) runs out.
 */
export async function findCapacity(
  wish: CapacityWish,
  points: number,
  ctx: DeployContext
): Promise<Choice & { searches: number }> {
  const until = Math.min(ctx.runtime.now() + wish.timeoutMs, ctx.deadline);
  const schedule = {
    kind: 'backoff',
    firstMs: FIRST_SEARCH_DELAY_MS,
    factor: 1.5,
    mostMs: MOST_SEARCH_DELAY_MS
  } as const;
  const searched: Searched = { jobRefused: false };
  // A search that finds no stock ends the poll when it would not help (no entry of the device, or none
  // within max_price), or when less than the least delay is left; else it is made again, backing off.
  const polled = await pollUntil<(Choice & { searches: number }) | { failed: string }>(
    async (round) => {
      const searches = round + 1;
      const choice = await searchOnce(wish, points, ctx, searched);
      if (choice.eligible.length > 0) {
        logChoice(choice, wish, points, ctx);
        return { kind: 'done', value: { ...choice, searches } };
      }
      const why = noCapacity(choice, wish, points);
      const left = until - ctx.runtime.now();
      if (!choice.considered.some((c) => c.excluded === 'no stock') || left < FIRST_SEARCH_DELAY_MS) {
        logChoice(choice, wish, points, ctx);
        const failed = `${why}${searches > 1 ? ` (${searches} searches)` : ''}${waitHint(choice, wish)}`;
        return { kind: 'done', value: { failed } };
      }
      const wait = Math.min(backoffAt(schedule, round), left);
      ctx.log(
        `capacity: ${why}; searching again in ${formatDuration(wait)} (${formatDuration(left)} of capacity_timeout left)`
      );
      return { kind: 'waiting', said: true };
    },
    { deadline: until, schedule, failureBudget: Infinity, lastLookAtDeadline: true },
    { ...ctx.runtime, log: ctx.log }
  );
  // Every round fits before the deadline (one is made only with the least delay left), so the poll ends
  // done, unless the step was cancelled: then no task is created.
  if (polled.kind === 'cancelled')
    throw new Error('capacity: the step was cancelled while searching for stock; nothing was created');
  if (polled.kind !== 'done') throw new Error(`capacity: the search for stock ended ${polled.kind}`);
  if ('failed' in polled.value) throw new Error(polled.value.failed);
  return polled.value;
}

/** What a step's resource searches learnt: that a search with task_type=Job is refused here. */
export interface Searched {
  jobRefused: boolean;
}

async function searchOnce(
  wish: CapacityWish,
  points: number,
  ctx: DeployContext,
  searched: Searched
): Promise<Choice> {
  const { result } = await resourceSearch(wish.deviceType, ctx, searched);
  return chooseResource(offersOf(result.data), wish, points);
}

/**
 * The resource search of the step's kind. The reference disagrees with itself on a job's: its job skill
 * searches with task_type=Job, its api/resource.md allows Deployment alone. A job's search is sent with
 * Job; refused, it is sent with Deployment, said once, and every later search of the step goes so.
 */
export async function resourceSearch(
  deviceType: CapacityWish['deviceType'],
  ctx: DeployContext,
  searched: Searched
): Promise<Answer> {
  const call = resourceSearchCall(ctx.settings, deviceType);
  const send = (sent: Call): Promise<Answer> =>
    retried('capacity: resource search', ctx.retries, () => ctx.send(sent));
  const job = call.query.some(([name, value]) => name === 'task_type' && value === 'Job');
  if (!job) return send(call);
  if (!searched.jobRefused) {
    try {
      return await send(call);
    } catch (error) {
      if (!isRefusal(error)) throw error;
      searched.jobRefused = true;
      ctx.log(
        `capacity: the resource search with task_type=Job was refused (${sanitize(describeError(error), 200)}): searching with task_type=Deployment, the task type the platform's resource search reference lists (api/resource.md; its job skill says Job)`
      );
    }
  }
  return send(resourceSearchCall(ctx.settings, deviceType, 'Deployment'));
}

/** Why no entry qualifies, naming what was searched (and, limited to one region, the regions with stock). */
function noCapacity(choice: Choice, wish: CapacityWish, points: number): string {
  const why = noCapacityIn(choice, wish, points);
  const only = wish.onlyRegions;
  if (only === undefined) return why;
  const elsewhere = choice.considered
    .filter(
      (c) =>
        c.excluded === 'not the region asked' &&
        (compareDecimals(c.offer.inventory ?? '0', String(points)) ?? -1) >= 0
    )
    .map((c) => `${sanitize(c.offer.region ?? '?', 60)} (stock ${sanitize(c.offer.inventory ?? '0', 20)})`);
  return `${why}; the task must run in ${inRegions(only.regions)}, ${only.why}; ${elsewhere.length === 0 ? 'no other region has the stock either' : `regions with the stock: ${elsewhere.join(', ')}`}`;
}

/** "region guangdong-t-01 (广东-T1)", "region 北京一区", or "regions a or b". */
const inRegions = (regions: readonly RegionKey[]): string =>
  `region${regions.length === 1 ? '' : 's'} ${regions
    .map(({ name, tag }) =>
      tag === undefined
        ? sanitize(name ?? '?', 60)
        : `${sanitize(tag, 60)}${name === undefined ? '' : ` (${sanitize(name, 60)})`}`
    )
    .join(' or ')}`;

function noCapacityIn(choice: Choice, wish: CapacityWish, points: number): string {
  const device = describeWish(wish);
  if (wish.onlyRegions !== undefined && choice.considered.every((c) => c.excluded === 'not the region asked'))
    return `the resource search lists no ${device} in ${inRegions(wish.onlyRegions.regions)}`;
  if (choice.considered.length === 0)
    return `the resource search lists no ${device}${choice.devices.length === 0 ? ' (it lists no device)' : `; it lists ${choice.devices.map((d) => sanitize(d, 40)).join(', ')}`}`;
  const cheapest = cheapestOverPrice(choice);
  if (!choice.considered.some((c) => c.excluded === 'no stock') && cheapest !== undefined) {
    return `no ${device} has a price of max_price ${wish.maxPrice ?? ''} or less (the platform's number for one node, compared as given): the cheapest is ${describeCandidate(cheapest)}`;
  }
  const stock = choice.considered
    .filter((c) => c.excluded === 'no stock')
    .map((c) => `${c.offer.region ?? '?'} has ${c.offer.inventory ?? '0'}`)
    .join(', ');
  return `no region has ${points} node(s) of ${device} free (${stock})`;
}

/** What to change when waiting could help, or a wrong name could be the cause. */
function waitHint(choice: Choice, wish: CapacityWish): string {
  if (choice.considered.length === 0)
    return `: check gpu (the resource search's gpu_name), gpu_count and device_type ${wish.deviceType}`;
  if (choice.considered.some((c) => c.excluded === 'no stock') && wish.timeoutMs === 0)
    return ': set capacity_timeout (such as 10m) to wait for stock';
  return '';
}

const describeWish = (wish: CapacityWish): string =>
  wish.deviceType === 'CpuDevice'
    ? `${JSON.stringify(wish.gpu)} CPU device`
    : `${JSON.stringify(wish.gpu)} with ${wish.gpuCount} GPU(s) per node`;

/**
 * A candidate as the log names it: region (name), device, and the number max_price is compared with,
 * named by its field (discount_price, else price), as the platform gives it.
 */
export function describeCandidate(candidate: Candidate): string {
  const { offer } = candidate;
  const name = offer.regionName === undefined ? '' : ` (${sanitize(offer.regionName, 60)})`;
  const field = offer.discountPrice === undefined ? 'price' : 'discount_price';
  const price = candidate.price === undefined ? 'no price' : `${field} ${sanitize(candidate.price, 30)}`;
  return `${sanitize(offer.region ?? '?', 60)}${name}, ${sanitize(offer.device ?? '?', 60)}, ${price}`;
}

/** Logs the entries considered, the chosen first, each with its stock and why it was left out. */
function logChoice(choice: Choice, wish: CapacityWish, points: number, ctx: DeployContext): void {
  ctx.log(
    `capacity: ${choice.considered.length} region(s) of ${describeWish(wish)} for ${points} node(s), best first (each price is the number the platform gives for one node, with no published unit):`
  );
  for (const candidate of choice.considered) {
    const stock = `stock ${candidate.offer.inventory ?? '0'}`;
    ctx.log(
      `  ${describeCandidate(candidate)}, ${stock}${candidate.excluded === undefined ? '' : `: ${candidate.excluded}`}`
    );
  }
}
