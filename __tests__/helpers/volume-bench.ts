// What the volume tests share: the cluster storage paths, and a volume made as another run would make it,
// through the platform's own calls (not the step under test).
import { volumeCreateCall } from '../../src/platform/operations/calls.js';
import { volumeWriteOf } from '../../src/platform/volume-data.js';
import { emulatorContext, type StepBench } from './emulator-step.js';

export const GIB = 1024 ** 3;
export const LIST = '/api/storage/nas/v1/list';
export const CREATE = '/api/storage/nas/v1/create';
export const EXPAND = '/api/storage/nas/v1/expand';
export const DELETE = '/api/storage/nas/v1/delete';

/** A volume of 1 GiB named `name` on configuration `configId`, made by another run a second on: its id. */
export async function volumeByHand(bench: StepBench, name: string, configId: string): Promise<string> {
  bench.clock.advance(1);
  const ctx = emulatorContext(
    bench.emulator,
    bench.clock,
    bench.client,
    { log: [] },
    { operation: 'volume' }
  );
  const { result } = await ctx.send(volumeCreateCall(ctx.settings, { name, configId, totalBytes: GIB }));
  return volumeWriteOf(result.data).id ?? '';
}

/** The status the emulator holds for volume `id`. */
export function volumeStatus(bench: StepBench, id: string): unknown {
  return bench.emulator.storage.volumes().find((v) => String(v.storage_id) === id)?.status;
}

/** The paths of the writes (POSTs) the emulator took, in order. */
export function writes(bench: StepBench): string[] {
  return bench.emulator.requests.filter((r) => r.method === 'POST').map((r) => r.path);
}

/** The bodies of the volume creates the emulator took, in order, parsed. */
export function createBodies(bench: StepBench): Record<string, unknown>[] {
  return bench.sent(CREATE).map((r) => JSON.parse(r.body) as Record<string, unknown>);
}
