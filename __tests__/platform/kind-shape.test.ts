// Issue 61, point 4: one shape for every kind. Each kind says what its statuses mean under the same names,
// holds every path its operations send to, and every operation answers its own kind.
import { OPERATION_NAMES } from '../../src/platform/platform-settings.js';
import { kindOf, taskKindOf } from '../../src/platform/operations/calls.js';
import { OPERATION_TABLE } from '../../src/platform/operations/operation-table.js';
import { KINDS, leaving, stoppedStatus, underWay, type KindName } from '../../src/platform/task-kinds.js';

const kinds = Object.values(KINDS);

/** The operations that concern no kind of their own: the account's bills and the market's resources. */
const OF_NO_KIND = ['billing', 'task_billing', 'search_resources'];

describe('every kind has one shape', () => {
  it.each(kinds.map((kind) => [kind.name, kind] as const))(
    '%s: its statuses are named alike, each in one place, and all known',
    (_name, kind) => {
      const { settling, running, failure, ending, ended, success, known } = kind.statuses;
      const placed = [...settling, ...running, ...failure, ...ending, ...ended];
      expect(new Set(placed).size).toBe(placed.length);
      expect(placed.every((status) => known.includes(status))).toBe(true);
      expect(running.length).toBeGreaterThan(0);
      expect(ended.length).toBeGreaterThan(0);
      expect(success.length).toBeGreaterThan(0);
      expect(kind.noun).toMatch(/^[a-z]+$/);
      expect(kind.leastPollMs).toBeGreaterThanOrEqual(0);
      expect(typeof kind.bills).toBe('boolean');
      for (const path of [...Object.values(kind.paths), ...Object.values(kind.specPaths)])
        expect(path).toMatch(/^\/api\/[a-z0-9_/.-]+$/);
    }
  );

  it('says what a stop leaves, what is under way and what is leaving in the same words for each kind', () => {
    expect(stoppedStatus(KINDS.deployment)).toBe('End');
    expect(stoppedStatus(KINDS.job)).toBe('Paused');
    expect(underWay(KINDS.transfer)).toEqual(['Queuing', 'Pending', 'Running']);
    expect(leaving(KINDS.volume)).toEqual(['Deleting', 'Deleted']);
    expect([KINDS.volume.statuses.running, KINDS.volume.statuses.failure]).toEqual([
      ['Active'],
      ['Exception']
    ]);
    expect(KINDS.transfer.changes.stop?.appliesTo).toEqual(['Running']);
    // What bills until it ends: compute and storage; a preheat and a transfer hold neither.
    expect(kinds.filter((kind) => kind.bills).map((kind) => kind.name)).toEqual([
      'deployment',
      'job',
      'runner',
      'volume'
    ]);
  });
});

describe('kindOf is total over the operations', () => {
  const expected: Readonly<Record<string, KindName>> = {
    job: 'job',
    job_detail: 'job',
    job_search: 'job',
    job_stop: 'job',
    job_group_search: 'job',
    job_group_detail: 'job',
    runner: 'runner',
    runner_stop: 'runner',
    runner_sweep: 'runner',
    preheat: 'preheat',
    volume: 'volume',
    volume_list: 'volume',
    volume_options: 'volume',
    volume_delete: 'volume',
    transfer: 'transfer',
    transfer_detail: 'transfer',
    transfer_list: 'transfer',
    transfer_stop: 'transfer',
    copy: 'volume',
    storage_check: 'transfer'
  };

  it.each(OPERATION_NAMES.map((operation) => [operation]))('%s answers its own kind', (operation) => {
    expect(kindOf({ operation }).name).toBe(expected[operation] ?? 'deployment');
  });

  it("sends every operation of a kind to a path of its kind's row", () => {
    for (const [operation, row] of Object.entries(OPERATION_TABLE)) {
      if (OF_NO_KIND.includes(operation)) continue;
      const kind = KINDS[row.kind];
      const paths = [...Object.values(kind.paths), ...Object.values(kind.specPaths)];
      expect([operation, paths.includes(row.endpoint.path)]).toEqual([operation, true]);
      if (row.live?.path !== undefined)
        expect([operation, paths.includes(row.live.path)]).toEqual([operation, true]);
    }
  });

  it("answers a job's task kind for the Job API, and a deployment's for the rest, whatever their own kind", () => {
    expect(taskKindOf({ operation: 'job_stop' }).name).toBe('job');
    expect(taskKindOf({ operation: 'create' }).name).toBe('deployment');
    // A state file's or a by-hand command's text names a deployment's operation unless it names another.
    expect(taskKindOf({ operation: 'no such operation' }).name).toBe('deployment');
    // A volume's step reads no task: asked, it reads as the task APIs' default, while its kind is its own.
    expect([
      kindOf({ operation: 'volume_delete' }).name,
      taskKindOf({ operation: 'volume_delete' }).name
    ]).toEqual(['volume', 'deployment']);
  });
});
