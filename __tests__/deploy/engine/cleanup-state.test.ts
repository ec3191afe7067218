// The ledger of what a step leaves for the post step: each kind of leftover said, saved and read back.
import {
  cleanupRecorder,
  LEFTOVER_KINDS,
  LEFTOVER_ORDER,
  leftovers,
  NO_CLEANUP,
  type CleanupState,
  type Stash
} from '../../../src/deploy/engine/cleanup-state.js';

const inline: Stash = {
  read: () => {
    throw new Error('nothing stashed');
  }
};

/** A ledger with one leftover of every kind. */
const full: CleanupState = {
  action: 'stop',
  created: ['7'],
  lookup: { taskName: 'web', existingIds: ['5'], landsBy: 1_700_000_000_000, attempts: 2 },
  retire: ['3', '4'],
  preheats: ['9'],
  rollback: { taskId: '7', configuration: '{"task_name":"web"}' },
  scaleBack: { taskId: '7', points: 1, target: 3, before: ['7001'] },
  transfers: [{ name: 'ed-sync', storageId: '1001', id: '501' }],
  sftpSessions: [
    { storageId: '1001', expiresAt: 1_700_000_360_000 },
    { storageId: '1002', expiresAt: undefined }
  ],
  volumes: [
    { name: 'scratch', id: '1001' },
    { name: 'landing', id: undefined }
  ],
  registrations: [{ id: 1000001, name: 'gpu-9001-1-1', scope: 'repo' }]
};

describe('the cleanup ledger', () => {
  it('says, saves and reads back every kind of leftover, each under the key the post step has always read', () => {
    expect(LEFTOVER_ORDER).toEqual([
      'rollback',
      'scaleBack',
      'created',
      'retire',
      'preheats',
      'transfers',
      'sftpSessions',
      'volumes',
      'registrations',
      'lookup'
    ]);
    expect(LEFTOVER_ORDER.map((kind) => LEFTOVER_KINDS[kind].key)).toEqual([
      'rollback',
      'scale_back',
      'created_task_ids',
      'retire_task_ids',
      'preheat_task_ids',
      'transfers',
      'sftp_sessions',
      'volumes',
      'runner_registrations',
      'create_lookup'
    ]);
    const read = Object.fromEntries(
      LEFTOVER_ORDER.map((kind) => {
        const spec = LEFTOVER_KINDS[kind] as {
          encode: (v: unknown, s: Stash) => string;
          decode: (t: string, s: Stash) => unknown;
        };
        return [kind, spec.decode(spec.encode(full[kind], inline), inline)];
      })
    );
    expect({ ...read, action: 'stop' }).toEqual(full);
    expect(leftovers(full)).toEqual([
      'an update of task 7 to roll back',
      'a scale up of task 7 to finish',
      'task 7 to stop',
      'task 3, 4 to stop (the old generation of a replace)',
      'task 9 to stop (image preheats)',
      'transfer 501 to stop',
      'the SFTP session of volume 1001 to destroy',
      'the SFTP session of volume 1002 to destroy',
      'volume 1001 (scratch) to delete',
      'the volume named "landing" to look for, whose create never answered (kept if listed: a name is no proof of who made it)',
      'runner gpu-9001-1-1 to remove from GitHub',
      'a task named "web" that a create may have made'
    ]);
    expect(leftovers(NO_CLEANUP)).toEqual([]);
    // Tasks created under cleanup none are no leftover: nothing is to be done with them.
    expect(leftovers({ ...NO_CLEANUP, created: ['7'] })).toEqual([]);
  });

  it('reads nothing saved as nothing left, and a lookup an older version saved as one attempt', () => {
    for (const kind of LEFTOVER_ORDER)
      expect(LEFTOVER_KINDS[kind].decode('', inline)).toEqual(NO_CLEANUP[kind]);
    expect(LEFTOVER_KINDS.lookup.decode('{"taskName":"web","existingIds":["5"]}', inline)).toEqual({
      taskName: 'web',
      existingIds: ['5'],
      landsBy: 0,
      attempts: 1
    });
  });

  it('records each change at once: task ids added once and settled one by one, single leftovers set and cleared', () => {
    const saved: CleanupState[] = [];
    const ledger = cleanupRecorder(NO_CLEANUP, (state) => saved.push(state));
    ledger.add('retire', ['3', '4']);
    ledger.add('retire', ['4', '5']);
    ledger.settle('retire', '4');
    ledger.set('scaleBack', { taskId: '7', points: 1, target: 2, before: [] });
    ledger.clear('scaleBack');
    expect(saved.map((state) => [state.retire, state.scaleBack?.target])).toEqual([
      [[], undefined],
      [['3', '4'], undefined],
      [['3', '4', '5'], undefined],
      [['3', '5'], undefined],
      [['3', '5'], 2],
      [['3', '5'], undefined]
    ]);
  });
});
