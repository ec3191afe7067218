import { escape } from '../../basics/markdown-text.js';
import { sanitize } from '../../basics/safe-text.js';
import { VOLUME_KIND } from '../../platform/task-kinds.js';
import { VOLUME_DELETED, type Volume } from '../../platform/volume-data.js';
import { reportOf, type VolumeOutcome, type VolumeReport } from '../engine/calls/step-result.js';
import { gibText, orUnknown } from '../engine/report/report-text.js';
import { reportPart } from '../engine/report/report-part.js';

// The volume's part: the volume a volume step found, made, grew or deleted, or the volumes a volume_list read.

export const VOLUME_PART = reportPart<VolumeReport>({
  name: 'volume',
  kind: VOLUME_KIND.name,
  of: (step) => reportOf(step, 'volume'),
  summary: { alone: volumesTable },
  outputs: [
    'status',
    'count',
    'region',
    'region_name',
    'storage_id',
    'total_size',
    'used_size',
    'volume_price',
    'storage_class'
  ],
  values: ({ one, listed }) =>
    one === undefined ? { count: String(listed.volumes.length) } : volumeOutputs(one),
  money: { volume_price: (price) => `${price} yuan per GB a month` }
});

/**
 * What a volume step found, made, grew or deleted: its status (Deleted once no list shows it), its
 * storage_id and region, its sizes in GiB (used_size empty where the storage cannot say: never 0), its
 * displayed price (yuan per GB a month, as the platform shows it; decimal text only), and its storage
 * class (its id).
 */
function volumeOutputs(outcome: VolumeOutcome): Record<string, string> {
  const { volume } = outcome;
  const price = volume.displayUnitPrice ?? '';
  return {
    status: outcome.deleted ? VOLUME_DELETED : sanitize(volume.status ?? '', 40),
    ...(volume.region === undefined ? {} : { region: sanitize(volume.region, 100) }),
    ...(volume.regionName === undefined ? {} : { region_name: sanitize(volume.regionName, 100) }),
    storage_id: volume.id,
    total_size: gibText(volume.totalBytes),
    used_size: gibText(volume.usedBytes),
    volume_price: /^\d{1,12}(\.\d{1,12})?$/.test(price) ? price : '',
    ...(volume.storageClass === undefined ? {} : { storage_class: sanitize(volume.storageClass, 60) })
  };
}

/**
 * The volume a volume step left (found, made, grown, deleted), or the volumes a volume_list read with what
 * they come to: sizes in GiB (a used size the storage cannot say is unknown, never 0), prices in the
 * platform's own units, never through the tasks' points-to-yuan rule.
 */
function volumesTable({ one, listed }: VolumeReport): string[] {
  const volumes: readonly Volume[] = one === undefined ? listed.volumes : [one.volume];
  const size = (bytes: number | undefined): string =>
    bytes === undefined ? 'unknown' : `${gibText(bytes)} GiB`;
  const lines = [
    '| Volume | Name | Region | Class | Status | Size | Used | Price (yuan per GB a month) | Mounted in |',
    '|---|---|---|---|---|---|---|---|---|',
    ...volumes.map(
      (v) =>
        `| ${escape(v.id)} | ${escape(v.name)} | ${orUnknown(v.region)} | ${orUnknown(v.storageClass)} | ${orUnknown(one?.deleted === true ? VOLUME_DELETED : v.status)} | ${size(v.totalBytes)} | ${size(v.usedBytes)} | ${decimalText(v.displayUnitPrice)} | ${v.mounts} task(s) |`
    ),
    ''
  ];
  if (one !== undefined) {
    const did = one.deleted
      ? 'Deleted: no list shows it.'
      : one.created
        ? 'Made by this step.'
        : one.adopted
          ? "Found by name after this step's create went unanswered: nothing proves this step made it, so no cleanup deletes it."
          : one.grownFrom === undefined
            ? 'Found as it was.'
            : `Grown from ${size(one.grownFrom)}.`;
    return [...lines, did];
  }
  const { summary } = listed;
  if (summary === undefined) return lines;
  return [
    ...lines,
    `${summary.count ?? '?'} volume(s) counted (Creating, Active, Expanding), ${size(summary.totalBytes)} in all, ${size(summary.usedBytes)} used; estimated cost ${summary.perTenMinutes ?? '?'} points per 10 minutes (coin_sum_slice, in the points of unit_price, as the reference's own example counts them: 3 GiB at 120 is 360; the storage's points, never turned into yuan by the tasks' rule).`
  ];
}

/** A decimal the platform gave (a price), as it is when it is one; anything else escaped. */
function decimalText(value: string | undefined): string {
  if (value === undefined) return '?';
  return /^\d{1,12}(\.\d{1,12})?$/.test(value) ? value : escape(value);
}
