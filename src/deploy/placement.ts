import { sanitize } from '../basics/safe-text.js';
import { formatDuration } from '../basics/units.js';
import { describeError, isRefusal } from '../platform/failures.js';
import { resourceSearchCall, type Call, type Plan } from '../platform/operations.js';
import { offersOf } from '../platform/resource-data.js';
import { retried } from './retries.js';
import type { DeployContext } from './context.js';
import { createOnce, type Created } from './create.js';
import { preheat, type PreheatMode, type Preheated } from './preheat.js';
import {
  cheapestOverPrice,
  chooseResource,
  resourcesEntry,
  type CapacityWish,
  type Candidate,
  type Choice
} from './resource-choice.js';

/** Creates tried at the most, one region each, when the platform refuses them (three creates in all). */
export const MOST_CANDIDATES = 3;
/** The platform asks for polls at least 10 s apart; searches for stock wait that long at the least. */
const FIRST_SEARCH_DELAY_MS = 10_000;
const MOST_SEARCH_DELAY_MS = 60_000;

/** How the step chose the resource of its new task: what it considered, chose, and was refused. */
export interface Placement {
  readonly wish: CapacityWish;
  readonly points: number;
  /** The entries of the wished device in the last search, ranked (see chooseResource). */
  readonly considered: readonly Candidate[];
  /** The entry the task was created on; undefined when none was. */
  readonly chosen: Candidate | undefined;
  /** Entries whose create the platform refused, making no task, and why. */
  readonly refused: readonly { candidate: Candidate; why: string }[];
  /** Resource searches sent. */
  readonly searches: number;
  /** The preheat that warmed the first choice before the create, when preheat asked for one. */
  readonly preheated?: Preheated;
}

/** Where a create reports its placement as it goes, so that a failed step still shows what was tried. */
export interface PlacementReport {
  placement?: Placement;
}

/**
 * Creates the task of a create call: on the resource its body names, or, with `gpu` set, on the best
 * entry of a resource search (see chooseResource), searching again for stock as capacity_timeout allows.
 * When the platform refuses a create and the task search proves that it made no task, the next entry is
 * tried (at most three in all, each once); a create whose outcome is unknown is never followed by another.
 */
export async function createTask(call: Call, ctx: DeployContext, report: PlacementReport): Promise<Created> {
  const wish = ctx.settings.capacity;
  if (wish === undefined) return createOnce(call, ctx);
  const points = ctx.settings.points ?? 1;
  const found = await findCapacity(wish, points, ctx);
  let placement: Placement = { wish, points, ...found, chosen: undefined, refused: [] };
  report.placement = placement;
  const name = ctx.settings.taskName ?? '';
  const mode = ctx.settings.preheat.mode;
  const [first] = found.eligible;
  if (mode !== 'none' && first !== undefined) {
    placement = { ...placement, preheated: await preheat(first, mode, ctx, `${name}-preheat`) };
    report.placement = placement;
  }
  for (const candidate of found.eligible.slice(0, MOST_CANDIDATES)) {
    ctx.log(`capacity: creating on ${describeCandidate(candidate)}`);
    if (placement.preheated !== undefined && candidate !== first)
      ctx.log(`capacity: the preheat warmed ${sanitize(placement.preheated.region, 60)}, not this region`);
    placement = { ...placement, chosen: candidate };
    report.placement = placement;
    try {
      return await createOnce(placed(call, candidate), ctx);
    } catch (error) {
      // createOnce settles a refusal by the task search: one that comes this far made no task.
      if (!isRefusal(error)) throw error;
      const why = describeError(error);
      placement = { ...placement, chosen: undefined, refused: [...placement.refused, { candidate, why }] };
      report.placement = placement;
      ctx.log(
        `capacity: the platform refused the create on ${describeCandidate(candidate)} (${sanitize(why, 300)}), and made no task named ${JSON.stringify(name)}: trying the next region`
      );
    }
  }
  throw new Error(
    `the platform refused the create on each of the ${placement.refused.length} region(s) tried, making no task: ${placement.refused.map(({ candidate, why }) => `${candidate.offer.region ?? '?'}: ${sanitize(why, 200)}`).join('; ')}`
  );
}

/**
 * A dry run's plan: with gpu set, one resource search (a read) says where the create would go, and the
 * create call is shown with that resource; nothing is created, and no search is repeated for stock.
 */
export async function placeForDryRun(plan: Plan, ctx: DeployContext): Promise<Plan> {
  if (ctx.settings.capacity === undefined) return plan;
  const choice = await chooseForDryRun(ctx, ctx.settings.preheat.mode);
  const [best, ...others] = choice;
  if (best === undefined) return plan;
  const next = others.slice(0, MOST_CANDIDATES - 1).map(describeCandidate);
  ctx.log(
    `dry run: the step would create on ${describeCandidate(best)}${next.length === 0 ? '' : `; were that refused, on ${next.join('; then on ')}`}`
  );
  return {
    ...plan,
    calls: plan.calls.map((call) => (call.traits.resend === 'create_once' ? placed(call, best) : call))
  };
}

/**
 * What a dry run says of the choice: one resource search, the regions considered, and the preheat the
 * step would run first (`mode`); the eligible entries, best first (none: it says why, and what the step
 * would do).
 */
export async function chooseForDryRun(ctx: DeployContext, mode: 'none' | PreheatMode): Promise<Candidate[]> {
  const wish = ctx.settings.capacity;
  if (wish === undefined) return [];
  const points = ctx.settings.points ?? 1;
  const choice = await searchOnce(wish, points, ctx);
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

/** The create call with the chosen entry as its resources. */
export function placed(call: Call, candidate: Candidate): Call {
  return { ...call, body: { ...call.body, resources: [resourcesEntry(candidate.offer)] } };
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
  for (let searches = 1, delay = FIRST_SEARCH_DELAY_MS; ; searches++) {
    const choice = await searchOnce(wish, points, ctx);
    if (choice.eligible.length > 0) {
      logChoice(choice, wish, points, ctx);
      return { ...choice, searches };
    }
    const why = noCapacity(choice, wish, points);
    const left = until - ctx.runtime.now();
    if (!choice.considered.some((c) => c.excluded === 'no stock') || left < FIRST_SEARCH_DELAY_MS) {
      logChoice(choice, wish, points, ctx);
      throw new Error(`${why}${searches > 1 ? ` (${searches} searches)` : ''}${waitHint(choice, wish)}`);
    }
    const wait = Math.min(delay, left);
    ctx.log(
      `capacity: ${why}; searching again in ${formatDuration(wait)} (${formatDuration(left)} of capacity_timeout left)`
    );
    await ctx.runtime.sleep(wait);
    delay = Math.min(delay * 1.5, MOST_SEARCH_DELAY_MS);
  }
}

async function searchOnce(wish: CapacityWish, points: number, ctx: DeployContext): Promise<Choice> {
  const call = resourceSearchCall(ctx.settings, wish.deviceType);
  const { result } = await retried('capacity: resource search', ctx.retries, () => ctx.send(call));
  return chooseResource(offersOf(result.data), wish, points);
}

/** Why no entry qualifies, naming what was searched. */
function noCapacity(choice: Choice, wish: CapacityWish, points: number): string {
  const device = describeWish(wish);
  if (choice.considered.length === 0) return `the resource search lists no ${device}`;
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
    `capacity: ${choice.considered.length} region(s) of ${describeWish(wish)} for ${points} node(s), best first:`
  );
  for (const candidate of choice.considered) {
    const stock = `stock ${candidate.offer.inventory ?? '0'}`;
    ctx.log(
      `  ${describeCandidate(candidate)}, ${stock}${candidate.excluded === undefined ? '' : `: ${candidate.excluded}`}`
    );
  }
}
