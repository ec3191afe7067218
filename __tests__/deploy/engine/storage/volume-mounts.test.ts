// Who mounts a volume the post step made (issue 60, point 9): the tasks it stopped, and everyone else's.
import {
  describeMounts,
  mountedByOthers,
  volumeMounts
} from '../../../../src/deploy/engine/storage/volume-mounts.js';

const task = (id: string | undefined, name?: string) => ({ id, name, type: 'deployment', path: '/data' });

describe("a volume's mounts", () => {
  it("tells the post step's own stopped tasks from others', and counts a mount the list does not name as another's", () => {
    const own = new Set(['7']);
    expect(mountedByOthers(volumeMounts({ mounts: 0, instances: [] }, own))).toBe(false);
    const mine = volumeMounts({ mounts: 1, instances: [task('7', 'mine')] }, own);
    expect([mine.own.length, mountedByOthers(mine)]).toEqual([1, false]);
    const both = volumeMounts({ mounts: 2, instances: [task('7'), task('8', 'theirs')] }, own);
    expect([both.own.map((t) => t.id), both.others.map((t) => t.id), mountedByOthers(both)]).toEqual([
      ['7'],
      ['8'],
      true
    ]);
    // instance_count says 2, the list names 1: the other is no one's known, so not the step's.
    const unnamed = volumeMounts({ mounts: 2, instances: [task('7')] }, own);
    expect([unnamed.unnamed, mountedByOthers(unnamed)]).toEqual([1, true]);
    // An entry of no id is never the step's.
    expect(mountedByOthers(volumeMounts({ mounts: 1, instances: [task(undefined)] }, own))).toBe(true);
  });

  it('names each mount for a line of the log, server text sanitized', () => {
    expect(describeMounts([task('8', 'reader'), task(undefined)], 1)).toBe(
      'task 8 ("reader", deployment, at /data), task of no id (deployment, at /data), 1 more the list does not name'
    );
    expect(
      describeMounts([{ id: '9', name: '::error::x\nnext', type: undefined, path: undefined }])
    ).not.toMatch(/\n/);
  });
});
