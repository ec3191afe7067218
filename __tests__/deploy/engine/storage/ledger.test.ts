// What a storage step leaves the post step: a volume made for the run (only with volume_cleanup: delete),
// and a transfer under way, each by name until its id is known.
import { cleanupRecorder, NO_CLEANUP } from '../../../../src/deploy/engine/cleanup-state.js';
import { leaveTransfer, settleTransfer } from '../../../../src/deploy/engine/storage/transfer-ledger.js';
import { leaveVolume, settleVolume } from '../../../../src/deploy/engine/storage/volume-ledger.js';
import type { DeploySettings } from '../../../../src/deploy/engine/settings.js';

const ctx = (volumeCleanup: 'keep' | 'delete') => ({
  settings: { storage: { volumeCleanup } } as unknown as DeploySettings,
  cleanup: cleanupRecorder(NO_CLEANUP)
});

describe('the storage ledger', () => {
  it('records a volume made for the run only with volume_cleanup delete, by name, then by id', () => {
    const kept = ctx('keep');
    leaveVolume(kept, { name: 'data', id: undefined });
    expect(kept.cleanup.state().volumes).toEqual([]);
    const run = ctx('delete');
    leaveVolume(run, { name: 'data', id: undefined });
    leaveVolume(run, { name: 'other', id: '7' });
    leaveVolume(run, { name: 'data', id: '1001' });
    expect(run.cleanup.state().volumes).toEqual([
      { name: 'other', id: '7' },
      { name: 'data', id: '1001' }
    ]);
    // Settled by name and id: another id of the name stays.
    settleVolume(run, { name: 'data', id: '999' });
    expect(run.cleanup.state().volumes).toHaveLength(2);
    settleVolume(run, { name: 'data', id: '1001' });
    settleVolume(run, { name: 'other', id: undefined });
    expect(run.cleanup.state().volumes).toEqual([]);
  });

  it('records a transfer by name, its id replaced by a retry’s, and settles it', () => {
    const run = ctx('keep');
    leaveTransfer(run, { name: 'ed-x', storageId: '1001', id: undefined });
    leaveTransfer(run, { name: 'ed-x', storageId: '1001', id: '501' });
    leaveTransfer(run, { name: 'ed-x', storageId: '1001', id: '502' });
    expect(run.cleanup.state().transfers).toEqual([{ name: 'ed-x', storageId: '1001', id: '502' }]);
    settleTransfer(run, 'ed-x');
    expect(run.cleanup.state().transfers).toEqual([]);
  });
});
