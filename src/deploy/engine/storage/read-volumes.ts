import { sanitize } from '../../../basics/safe-text.js';
import { volumeListCall } from '../../../platform/operations/calls.js';
import type { Answer } from '../../../platform/session.js';
import { VOLUME_KIND } from '../../../platform/task-kinds.js';
import type { Volume } from '../../../platform/volume-data.js';
import type { DeployContext } from '../context.js';
import { retried } from '../retries.js';
import { readAllPages } from '../tasks/read-all-pages.js';
import { gib } from './choose-volume.js';

export { gib } from './choose-volume.js';

/** The tenant's volumes, as the whole list gives them, and the first page's answer (for the data output). */
export interface VolumeList {
  readonly volumes: readonly Volume[];
  /** Every entry as the pages gave it. */
  readonly entries: readonly unknown[];
  readonly first: Answer;
}

/**
 * Every volume the list shows (of the ids and statuses given, when given), across its pages: the API
 * has no search by name, so a volume is found by reading them all. Each page is retried on what may pass.
 */
export async function readVolumes(
  ctx: DeployContext,
  which: { ids?: readonly string[]; statuses?: readonly string[] } = {}
): Promise<VolumeList> {
  const list = await readAllPages(
    'the cluster storage volumes',
    (page) => volumeListCall(ctx.settings, { ...which, page }),
    (call) => retried('volume: list', ctx.retries, () => ctx.send(call)),
    (item) => VOLUME_KIND.volumesOf({ results: [item] })[0]?.id ?? JSON.stringify(item)
  );
  return {
    volumes: VOLUME_KIND.volumesOf({ results: list.results }),
    entries: list.results,
    first: list.first
  };
}

/** One volume by its id, as the list shows it now: undefined once no list shows it (deleted). */
export async function readVolume(
  id: string,
  ctx: DeployContext
): Promise<{ volume: Volume | undefined; answer: Answer }> {
  const answer = await retried(`volume ${id}`, ctx.retries, () =>
    ctx.send(volumeListCall(ctx.settings, { ids: [id] }))
  );
  const volume = VOLUME_KIND.volumesOf(answer.result.data).find((v) => v.id === id);
  return { volume, answer };
}

/**
 * The volume `nameOrId` names among `volumes`: the one of that name, else (digits) the one of that id;
 * undefined when none. Two of the name are refused: the step cannot tell which is meant.
 */
export function volumeNamed(volumes: readonly Volume[], nameOrId: string): Volume | undefined {
  const named = volumes.filter((v) => v.name === nameOrId);
  if (named.length > 1)
    throw new Error(
      `${named.length} volumes are named ${JSON.stringify(sanitize(nameOrId, 40))} (storage_id ${named.map((v) => v.id).join(', ')}): set volume to the storage_id of the one meant`
    );
  return named[0] ?? (/^\d+$/.test(nameOrId) ? volumes.find((v) => v.id === nameOrId) : undefined);
}

/** "1001 (data, Active, 100 GiB in beijing-jxq-p1)": a volume for a line of the log. */
export function describeVolume(volume: Volume): string {
  return `${volume.id} (${sanitize(volume.name, 40)}, ${sanitize(volume.status ?? 'no status', 20)}, ${gib(volume.totalBytes)} in ${sanitize(volume.region ?? 'no region', 60)})`;
}
