import { findCapacity } from '../../../../src/deploy/engine/create/find-capacity.js';
import type { CapacityWish } from '../../../../src/deploy/engine/settings.js';
import type { Call } from '../../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../../src/platform/session.js';
import { scriptedContext } from '../../../helpers/runtime.js';
import { testSettings } from '../../../helpers/settings.js';

const ok = (data: unknown): Answer => ({ result: { code: '0000', msg: 'success', data }, raw: '' });

const WISH: CapacityWish = {
  gpu: '4090',
  gpuCount: 1,
  deviceType: 'GpuDevice',
  regions: [],
  maxPrice: undefined,
  timeoutMs: 600_000
};

/** A resource search that lists the 4090 in one region, with no stock: the step searches again. */
function soldOut(cancelAt: number) {
  const sentAt: number[] = [];
  const settings = testSettings({ operation: 'create', taskName: 'web', capacity: WISH });
  const ctx = scriptedContext(
    (call: Call) => {
      if (call.operation !== 'search_resources') throw new Error(`unexpected ${call.operation}`);
      sentAt.push(ctx.time());
      const regions = [{ region: 'a', mark: { mark: 'mark-a' }, price: 100, inventory: 0 }];
      return Promise.resolve(
        ok({ count: 1, results: [{ device_name: '4090', gpu_name: '4090', gpu_count: 1, regions }] })
      );
    },
    { settings, cancelAt }
  );
  return { ctx, sentAt };
}

describe('findCapacity', () => {
  it('stops searching for stock once the step is cancelled, and creates nothing', async () => {
    const { ctx, sentAt } = soldOut(20_000);
    await expect(findCapacity(WISH, 1, ctx)).rejects.toThrow(
      'capacity: the step was cancelled while searching for stock; nothing was created'
    );
    // Searched at 0 and 10 s; the 15 s wait after was cut short at 20 s, and no search came after.
    expect(sentAt).toEqual([0, 10_000]);
  });
});
