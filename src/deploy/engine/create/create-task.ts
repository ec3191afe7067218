import {
  amongRegions,
  describeMounts,
  describeRegions,
  regionKeys,
  resolveMounts,
  withMounts
} from '../storage/mounts.js';
import { sanitize } from '../../../basics/safe-text.js';
import { describeError, isRefusal } from '../../../platform/failures.js';
import { taskKindOf } from '../../../platform/operations/calls.js';
import type { Call, Plan } from '../../../platform/operations/operation-table.js';
import type { DeployContext } from '../context.js';
import { adoptLateCreate, createOnce, type Created } from './create-once.js';
import { chooseForDryRun, describeCandidate, findCapacity } from './find-capacity.js';
import { preheat, type Preheated } from './preheat.js';
import { resourcesEntry, type Candidate } from './choose-resource.js';
import { resourceRegions } from './resource-regions.js';
import type { CapacityWish } from '../settings.js';

/**
 * The nodes a new task needs free at once: its points, or for a job its parallelism (pods run that many
 * at a time, however many completions it has).
 */
function nodesAtOnce(settings: DeployContext['settings']): number {
  return taskKindOf(settings).nodesAtOnce(settings.points ?? 1, settings.body);
}

/** Creates tried at the most, one region each, when the platform refuses them (three creates in all). */
export const MOST_CANDIDATES = 3;
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
 * When the platform refuses a create, the next entry is tried (at most three in all, each once), once the
 * refused create can no longer land and no task of its name appeared (one that does is adopted: see
 * adoptLateCreate); a create whose outcome is unknown is never followed by another.
 */
export async function createTask(
  given: Call,
  givenCtx: DeployContext,
  report: PlacementReport
): Promise<Created> {
  const { call, ctx } = await mounting(given, givenCtx);
  const wish = ctx.settings.capacity;
  if (wish === undefined) return createOnce(call, ctx);
  const points = nodesAtOnce(ctx.settings);
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
    // The create refused on the region before may still land: waited out, and adopted if it does.
    if (placement.refused.length > 0) {
      const late = await adoptLateCreate(ctx, 'capacity');
      if (late.kind === 'adopted') return late.created;
      if (late.kind === 'unknown')
        throw new Error(
          `the platform refused the create on ${placement.refused.length} region(s), and ${late.why}: not creating on another region, which could make a second task; the post step looks for one named ${JSON.stringify(sanitize(name, 100))}`
        );
    }
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
        `capacity: the platform refused the create on ${describeCandidate(candidate)} (${sanitize(why, 300)})`
      );
    }
  }
  throw new RefusedEverywhereError(
    `the platform refused the create on each of the ${placement.refused.length} region(s) tried, making no task: ${placement.refused.map(({ candidate, why }) => `${candidate.offer.region ?? '?'}: ${sanitize(why, 200)}`).join('; ')}`
  );
}

/**
 * The create with the volumes and juicefs_mounts inputs mounted (see withMounts), each storage found and
 * mountable first, and the step limited to the regions where all of them can be mounted: gpu searches only
 * there; a body that names its resources' region_name must name one of them. Unchanged without mounts.
 */
async function mounting(call: Call, ctx: DeployContext): Promise<{ call: Call; ctx: DeployContext }> {
  const { mounts } = ctx.settings.storage;
  if (mounts.length === 0) return { call, ctx };
  const found = await resolveMounts(mounts, ctx);
  const body = withMounts(call.body ?? {}, found.mounts);
  ctx.log(
    `mounts: ${describeMounts(found)}; the task runs in ${found.regions.length > 1 ? 'one of ' : ''}${describeRegions(found.regions)}`
  );
  const wish = ctx.settings.capacity;
  if (wish === undefined) {
    // The body's resources, each by its region_name, else its mark's region (a resource search): checked
    // before the create is sent, as a gpu search is held to those regions.
    const { regions, unknown } = await resourceRegions(body.resources, ctx);
    const elsewhere = regions.filter((r) => !r.values.some((v) => amongRegions(found.regions, v)));
    if (elsewhere.length > 0)
      throw new Error(
        `body's resources are in ${elsewhere.map((r) => r.said).join(', ')}, but the storages to mount can be mounted only in ${describeRegions(found.regions)}, ${found.why}: name a resource there, or set gpu to have the step pick one there`
      );
    if (unknown.length > 0)
      ctx.log(
        `mounts: the resource search lists no entry of the body's mark ${unknown.map((m) => JSON.stringify(sanitize(m, 40))).join(', ')}: its region cannot be checked before the create (the platform checks it)`
      );
    return { call: { ...call, body }, ctx };
  }
  const onlyRegions = { regions: regionKeys(found.regions), why: found.why };
  const settings = { ...ctx.settings, capacity: { ...wish, onlyRegions } };
  return { call: { ...call, body }, ctx: { ...ctx, settings } };
}

/**
 * The platform refused the create on every region tried, and the task search found none of them made a
 * task (the last may still land: its lookup stays on the ledger, for the post step, or a fallback's create).
 */
export class RefusedEverywhereError extends Error {
  override name = 'RefusedEverywhereError';
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

/** The create call with the chosen entry as its resources. */
export function placed(call: Call, candidate: Candidate): Call {
  return { ...call, body: { ...call.body, resources: [resourcesEntry(candidate.offer)] } };
}
