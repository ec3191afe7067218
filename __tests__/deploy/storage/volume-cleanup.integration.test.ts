// volume_cleanup: delete against the strict emulator over HTTPS on a fake clock: only a volume the step
// provably made is deleted, never another run's of the same name, nor one another run's task mounts.
import { renderSummary } from '../../../src/action/summary.js';
import { useStepBench } from '../../helpers/emulator-step.js';
import { until } from '../../helpers/until.js';
import { CREATE, DELETE, LIST, volumeByHand, volumeStatus } from '../../helpers/volume-bench.js';
import { aHold } from '../../helpers/hold.js';

/**
 * volume_cleanup: delete deletes only a volume the step provably made: one whose id its own create's
 * answer gave. A volume found by name after a create that went unanswered may be another run's, made at the
 * same moment: it is used, kept, and the log says so (issue 60, point 9).
 */
describe('volume_cleanup: delete, with another run making the same name', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    { operation: 'volume', volume: 'scratch', size: '1', volume_cleanup: 'delete' }
  );
  const { sent } = bench;
  /** Another run's volume of the name, made while this run's create is held (Creating for 5 s). */
  const othersVolume = (): Promise<string> => volumeByHand(bench, 'scratch', '11');
  /** This run's create, held until another run made the name, then answered as `answer` says. */
  const heldCreate = (answer: 'refused' | 'in flight') => {
    const { promise: held, release } = aHold();
    bench.emulator.inject({
      path: CREATE,
      holdUntil: held,
      ...(answer === 'refused'
        ? { answer: { kind: 'envelope', code: 'C999', message: 'system busy' } as const }
        : {})
    });
    return { release, received: () => sent(CREATE).length > 0 };
  };
  const statusOf = (id: string): unknown => volumeStatus(bench, id);

  it("deletes nothing of another run's: a create refused and not applied while another run made the name", async () => {
    const hold = heldCreate('refused');
    const running = bench.step();
    await until(hold.received, "this run's create");
    const theirs = await othersVolume();
    hold.release();
    const { failure, outputs, left } = await running;
    expect(failure).toBeUndefined();
    // The step uses the volume of the name, and says why it keeps it.
    expect(outputs).toMatchObject({ storage_id: theirs, status: 'Active' });
    expect(bench.log).toContainEqual(
      expect.stringContaining(
        `but the list shows volume ${theirs} of that name: using it; nothing proves this step made it (another run may have), so it is kept when the job ends`
      )
    );
    expect(bench.log).toContainEqual(
      `volume ${theirs}: Active, 1 GiB, found by name after this step's create went unanswered; kept when the job ends: nothing proves this step made it`
    );
    expect(left?.volumes).toEqual([]);
    // The post step has nothing to delete; the other run's volume is Active, by its state.
    bench.clock.advance(1);
    await bench.cleanup(left ?? {});
    expect(sent(DELETE)).toEqual([]);
    expect(statusOf(theirs)).toBe('Active');
  });

  it("deletes nothing of another run's when the job was cancelled while its create was in flight, and says it keeps it", async () => {
    // Cancelled as the create goes out; its answer (a refusal: it made nothing) comes too late to tell.
    const hold = heldCreate('refused');
    const running = bench.step({}, { cancelWhen: /^volume: creating / });
    await until(hold.received, "this run's create");
    const theirs = await othersVolume();
    hold.release();
    const { left, failure } = await running;
    expect(failure).toMatch(/system busy/);
    // The create never answered an id: the ledger holds the name only.
    expect(left?.volumes).toEqual([{ name: 'scratch', id: undefined }]);
    bench.clock.advance(10);
    const report = await bench.cleanup(left ?? {});
    expect(sent(DELETE)).toEqual([]);
    expect(statusOf(theirs)).toBe('Active');
    expect(report.volumes).toEqual([
      {
        left: { name: 'scratch', id: undefined },
        kept: theirs,
        outcome: {
          kind: 'shown',
          accepted: false,
          state: `volume ${theirs} of the name is listed, but this step's create never answered, so nothing proves this step made it (another run may have): kept`
        }
      }
    ]);
  });

  it('keeps a volume its own create made but answered with an error: found by name, no proof', async () => {
    bench.emulator.inject({ path: CREATE, apply: true, answer: { kind: 'status', status: 502 } });
    const { failure, outputs, left, result } = await bench.step();
    expect(failure).toBeUndefined();
    expect(outputs.storage_id).toBe('1001');
    expect(left?.volumes).toEqual([]);
    expect(renderSummary(result, { passed: true })).toContain(
      "Found by name after this step's create went unanswered: nothing proves this step made it, so no cleanup deletes it."
    );
    bench.clock.advance(1);
    await bench.cleanup(left ?? {});
    expect(sent(DELETE)).toEqual([]);
    expect(statusOf('1001')).toBe('Active');
  });

  it("deletes the volume its own create's answer named, and that one only", async () => {
    const { left } = await bench.step();
    expect(left?.volumes).toEqual([{ name: 'scratch', id: '1001' }]);
    const theirs = await othersVolume();
    bench.clock.advance(10);
    const report = await bench.cleanup(left ?? {});
    expect(report.volumes?.[0]?.outcome).toMatchObject({ kind: 'shown', accepted: true, state: 'gone' });
    expect(sent(DELETE).map((r) => JSON.parse(r.body) as unknown)).toEqual([{ id: 1001, force: false }]);
    expect(statusOf(theirs)).toBe('Active');
  });
});

/**
 * volume_cleanup: delete never deletes a volume under a running task (issue 60, point 9): run B's volume,
 * provably B's, that run A found by name and mounts, is kept by B's post step, which reads its mounts (the
 * list's instance_count and instances) first, and says so; one only the post step's own stopped tasks
 * mounted is deleted as before. The platform refuses a delete of a mounted volume unless forced (SKILL.md),
 * and the emulator as well: a task that mounts it between the read and the delete is not asked again.
 */
describe("volume_cleanup: delete, while another run's task mounts the volume", () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    { operation: 'volume', volume: 'scratch', size: '1', volume_cleanup: 'delete' }
  );
  const WEB = '{services: [{service_name: web, service_image: "app:2", remote_ports: [{service_port: 80}]}]}';
  /** Run A: a service that mounts scratch, found by name. */
  const reader = (inputs: Record<string, string> = {}) =>
    bench.step({
      operation: 'create',
      task_name: 'reader',
      gpu: '4090',
      body: WEB,
      volumes: 'scratch:/data',
      volume: '',
      size: '',
      volume_cleanup: '',
      ...inputs
    });
  const named = (name: string) =>
    bench.emulator.storage.volumes().filter((v) => v.name === name && v.status !== 'Deleted');
  const statusOf = (id: string): unknown => volumeStatus(bench, id);

  /** The volume list names `taskId` among the mounts of volume `id`, `times` times (a list slow to show a stop). */
  const listNamesTask = (id: string, taskId: string, times: number): void => {
    const listed = bench.emulator.storage.volumes().find((v) => String(v.storage_id) === id);
    const instance = {
      instance_id: Number(taskId),
      instance_name: 'reader',
      instance_type: 'deployment',
      mount_path: '/data'
    };
    const volume = {
      storage_id: Number(id),
      name: 'scratch',
      status: 'Active',
      total_size: listed?.total_size
    };
    bench.emulator.inject({
      path: LIST,
      times,
      answer: {
        kind: 'envelope',
        code: '0000',
        data: { count: 1, results: [{ ...volume, instance_count: 1, instances: [instance] }] }
      }
    });
  };

  it("run B's post step does not delete the volume it made while run A's task, which found it by name, mounts it", async () => {
    // Run B makes scratch (its own create answered its id: provably B's, deleted when B's job ends).
    const b = await bench.step();
    expect(b.failure).toBeUndefined();
    expect(b.left?.volumes).toEqual([{ name: 'scratch', id: b.outputs.storage_id }]);
    // Run A, at the same time, runs a service that mounts scratch, found by name.
    bench.clock.advance(1);
    const a = await reader();
    expect(a.failure).toBeUndefined();
    expect(bench.emulator.tasks.get(a.outputs.task_id).status).toBe('Running');
    // B's job ends: its post step.
    bench.clock.advance(1);
    const report = await bench.cleanup(b.left ?? {});
    // A's task still mounts scratch: its data is not deleted under it.
    expect(named('scratch').map((v) => String(v.storage_id))).toEqual([b.outputs.storage_id]);
    expect(bench.sent(DELETE)).toEqual([]);
    // Kept, and said: the volume, and the task that mounts it.
    const id = b.outputs.storage_id;
    expect(report.volumes).toEqual([
      {
        left: { name: 'scratch', id },
        kept: id,
        mountedBy: `task ${a.outputs.task_id} ("reader", deployment, at /data)`,
        outcome: {
          kind: 'shown',
          accepted: false,
          state: `kept: mounted in task ${a.outputs.task_id} ("reader", deployment, at /data), which this step did not stop`
        }
      }
    ]);
    expect(bench.emulator.tasks.get(a.outputs.task_id).status).toBe('Running');
  });

  it('deletes a volume only its own stopped tasks mounted, once the list no longer shows them', async () => {
    const b = await bench.step();
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    // The same run's task mounts it; its post step stops the task, then deletes the volume.
    const a = await reader({ cleanup: 'stop' });
    const taskId = a.outputs.task_id;
    expect(a.left?.created).toEqual([taskId]);
    // The list is slow to show the stop: once more it names the stopped task among the mounts.
    listNamesTask(id, taskId, 1);
    bench.clock.advance(1);
    const report = await bench.cleanup({ ...a.left, volumes: b.left?.volumes ?? [] }, { cleanup: 'stop' });
    expect(report.outcomes.map((o) => [o.target.id, o.outcome.kind])).toEqual([[taskId, 'done']]);
    expect(report.volumes?.[0]).toMatchObject({
      kept: undefined,
      outcome: { kind: 'shown', accepted: true, state: 'gone' }
    });
    expect(bench.sent(DELETE).map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { id: Number(id), force: false }
    ]);
    expect(statusOf(id)).toBeUndefined();
    // The list was read again after it named the stopped task (the fault's answer), before the delete.
    const order = bench.emulator.requests
      .filter((r) => r.path === LIST || r.path === DELETE)
      .map((r) => (r.fault === undefined ? r.path : 'named'));
    const deleteAt = order.indexOf(DELETE);
    expect(order.slice(deleteAt - 2, deleteAt + 1)).toEqual(['named', LIST, DELETE]);
  });

  it('deletes nothing when its own stopped task still shows among the mounts at the end of cleanup_timeout', async () => {
    const b = await bench.step();
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    const a = await reader({ cleanup: 'stop' });
    listNamesTask(id, a.outputs.task_id, Infinity);
    bench.clock.advance(1);
    const report = await bench.cleanup(
      { ...a.left, volumes: b.left?.volumes ?? [] },
      { cleanup: 'stop', cleanup_timeout: '30s' }
    );
    expect(report.volumes?.[0]?.outcome).toMatchObject({
      kind: 'failed',
      why: `not deleted: still mounted in task ${a.outputs.task_id} ("reader", deployment, at /data) (after 30s), which this step stopped, and the platform deletes no volume a task mounts`
    });
    expect(bench.sent(DELETE)).toEqual([]);
    expect(statusOf(id)).toBe('Active');
  });

  it('keeps a volume a task of its own that it paused, not stopped, still mounts', async () => {
    const b = await bench.step();
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    const a = await reader({ cleanup: 'pause' });
    bench.clock.advance(1);
    const report = await bench.cleanup({ ...a.left, volumes: b.left?.volumes ?? [] }, { cleanup: 'pause' });
    expect(bench.emulator.tasks.get(a.outputs.task_id).status).toBe('Paused');
    expect(report.volumes?.[0]).toMatchObject({
      kept: id,
      mountedBy: expect.stringContaining(`task ${a.outputs.task_id}`) as unknown
    });
    expect(bench.sent(DELETE)).toEqual([]);
    expect(statusOf(id)).toBe('Active');
  });

  it('deletes nothing while the list cannot be read, and says why; a read held back once delays the delete only', async () => {
    const b = await bench.step();
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    bench.emulator.inject({ path: LIST, times: Infinity, answer: { kind: 'status', status: 503 } });
    const unread = await bench.cleanup(b.left ?? {}, { cleanup_timeout: '30s', max_retries: '0' });
    expect(unread.volumes?.[0]?.outcome).toMatchObject({
      kind: 'failed',
      why: expect.stringMatching(
        /^not deleted, as whether a task mounts it is not known: the list could not be read \(.*503.*\) \(after 30s\)$/
      ) as unknown
    });
    expect(bench.sent(DELETE)).toEqual([]);
    expect(statusOf(id)).toBe('Active');
    bench.emulator.clearFaults();
    bench.emulator.inject({
      path: LIST,
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 20 } }
    });
    const held = await bench.cleanup(b.left ?? {});
    expect(held.volumes?.[0]?.outcome).toMatchObject({ kind: 'shown', accepted: true, state: 'gone' });
    expect(statusOf(id)).toBeUndefined();
  });

  /** The delete held while run A's task comes to mount scratch, then let go: A's step's answers. */
  const mountedWhileDeleting = async <T>(deleting: () => Promise<T>) => {
    const { promise: hold, release } = aHold();
    bench.emulator.inject({ path: DELETE, holdUntil: hold });
    const done = deleting();
    await until(() => bench.sent(DELETE).length === 1, 'the delete');
    const a = await reader();
    expect(a.failure).toBeUndefined();
    release();
    return { a, done: await done };
  };

  it('keeps, not asking again, a volume a task mounts between the read and the delete: the platform refuses it', async () => {
    const b = await bench.step();
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    const { a, done: report } = await mountedWhileDeleting(() => bench.cleanup(b.left ?? {}));
    const by = `task ${a.outputs.task_id} ("reader", deployment, at /data)`;
    expect(report.volumes).toEqual([
      {
        left: { name: 'scratch', id },
        kept: id,
        mountedBy: by,
        outcome: {
          kind: 'shown',
          accepted: false,
          state: `kept: mounted in ${by}, which this step did not stop`
        }
      }
    ]);
    // Refused for its mount, as the reference says, not for anything else; and sent once.
    expect(bench.sent(DELETE).map((r) => r.verdict?.reason)).toEqual(['volume_mounted']);
    expect(statusOf(id)).toBe('Active');
    expect(bench.emulator.tasks.get(a.outputs.task_id).status).toBe('Running');
  });

  it('fails a volume_delete a task mounts between its check and its delete at once, asking no more', async () => {
    const b = await bench.step({ volume_cleanup: 'keep' });
    const id = b.outputs.storage_id;
    bench.clock.advance(1);
    const { done } = await mountedWhileDeleting(() =>
      // Another runner's clock: the two steps at once never stamp a request alike.
      bench.step(
        { operation: 'volume_delete', volume: id, confirm: id, size: '', volume_cleanup: '' },
        { clockSkewMs: 60_000 }
      )
    );
    expect(done.failure).toMatch(
      new RegExp(
        `volume ${id} was not deleted: .*; it is Active, mounted in 1 task\\(s\\), and the platform deletes no volume a task mounts: stop them first`
      )
    );
    expect(bench.sent(DELETE).map((r) => r.verdict?.reason)).toEqual(['volume_mounted']);
    expect(statusOf(id)).toBe('Active');
  });
});
