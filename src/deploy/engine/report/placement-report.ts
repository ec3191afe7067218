import { escape } from '../../../basics/markdown-text.js';
import { sanitize } from '../../../basics/safe-text.js';
import { formatDuration } from '../../../basics/units.js';
import { placementOf } from '../calls/step-result.js';
import type { Candidate } from '../create/choose-resource.js';
import type { Placement } from '../create/create-task.js';
import { reportPart } from './report-part.js';

// The placement's part (a capability of the engine's create, not a kind's: a deployment's create and a
// job's alike pick their resource by gpu): where a create that picked its resource by gpu made its task.

export const PLACEMENT_PART = reportPart<Placement>({
  name: 'placement',
  of: placementOf,
  summary: { lead: placementTable },
  outputs: ['region', 'region_name', 'gpu', 'price'],
  values: placementOutputs
});

/** Where a create that picked its resource by gpu made its task: region, its name, the GPU model, the price. */
function placementOutputs(placement: Placement): Record<string, string> {
  const { chosen } = placement;
  const offer = chosen?.offer;
  return {
    ...(offer?.region === undefined ? {} : { region: sanitize(offer.region, 100) }),
    ...(offer?.regionName === undefined ? {} : { region_name: sanitize(offer.regionName, 100) }),
    gpu: sanitize(offer?.gpuName ?? offer?.device ?? '', 100),
    price: chosen?.price ?? ''
  };
}

/**
 * How a create that picked its resource by gpu chose it: the regions of the device it considered, best
 * first, each with its price, stock and what became of it (created on, refused, left out and why).
 */
function placementTable(placement: Placement): string[] {
  const { chosen, refused, considered } = placement;
  const outcome = (candidate: Candidate): string => {
    if (candidate === chosen) return 'chosen';
    const refusal = refused.find((r) => r.candidate === candidate);
    if (refusal !== undefined) return `refused: ${refusal.why}`;
    return candidate.excluded ?? 'not needed';
  };
  const lines = [
    `#### Resource: ${placement.points} node(s) of ${escape(placement.wish.gpu)}`,
    '',
    '| Region | Device | GPUs | Price | Stock | Outcome |',
    '|---|---|---|---|---|---|'
  ];
  for (const candidate of considered) {
    const { offer } = candidate;
    const region =
      offer.regionName === undefined ? offer.region : `${offer.region ?? ''} (${offer.regionName})`;
    const cells = [
      region,
      offer.device,
      offer.gpuCount,
      candidate.price,
      offer.inventory,
      outcome(candidate)
    ];
    lines.push(`| ${cells.map((cell) => escape(cell ?? '')).join(' | ')} |`);
  }
  const warmed = placement.preheated;
  return [
    ...lines,
    ...(warmed === undefined
      ? []
      : [
          '',
          `Preheated: ${warmed.mode === 'region' ? 'the images cached in' : 'nodes prepared in'} ${escape(warmed.region)} in ${escape(formatDuration(warmed.elapsedMs))} (preheat task ${escape(warmed.taskId)}); a preheat is not a reservation.`
        ]),
    '',
    `<sub>Price: the resource search's discount_price, else its price: the platform's number for one node of the device, shown and compared as given (no unit is published)${placement.wish.maxPrice === undefined ? '' : `; max_price ${escape(placement.wish.maxPrice)}`}. ${placement.searches} resource search(es).</sub>`,
    ''
  ];
}
