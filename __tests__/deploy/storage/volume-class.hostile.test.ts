// Hostile scenarios of the volume step with storage_class (issue 61, point 7), against the strict emulator over
// real HTTPS on the fake clock. Each asserts on the emulator's store (the volumes made, their class, deleted or
// not) and on what the step left for the post step, never on time taken. The emulator's pre-create lists
// nfs-standard (标准型) configurations and one cpfs-performance (性能型) configuration, in bj-001.
import { useStepBench } from '../../helpers/emulator-step.js';
import { aHold } from '../../helpers/hold.js';
import { until } from '../../helpers/until.js';
import { CREATE, DELETE, LIST, writes } from '../../helpers/volume-bench.js';

const PRE_CREATE = '/api/storage/nas/v1/pre-create';
const FAST = 'cpfs-performance';

describe('operation volume with storage_class, hostile', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 30, strict: true },
    { operation: 'volume', volume: 'ckpt', size: '10', storage_class: FAST }
  );
  /** The volumes of the store not on their way out: name, id and class. */
  const live = () =>
    bench.emulator.storage
      .volumes()
      .filter((v) => v.status !== 'Deleting' && v.status !== 'Deleted')
      .map((v) => ({ id: String(v.storage_id), name: v.name, storageClass: v.storage_class }));
  const step: typeof bench.step = (inputs, options) => {
    bench.clock.advance(1);
    return bench.step(inputs, options);
  };

  describe('1. every read held back', () => {
    const held = [
      [
        'pre-create answering 429 with Retry-After',
        PRE_CREATE,
        { kind: 'status', status: 429, retryAfter: { seconds: 30 } }
      ],
      ['pre-create answering 503', PRE_CREATE, { kind: 'status', status: 503 }],
      ['pre-create not answering (connection reset)', PRE_CREATE, { kind: 'reset' }],
      [
        'the list answering 429 with Retry-After',
        LIST,
        { kind: 'status', status: 429, retryAfter: { seconds: 30 } }
      ],
      ['the list answering 502', LIST, { kind: 'status', status: 502 }],
      ['the list not answering (connection reset)', LIST, { kind: 'reset' }]
    ] as const;
    it.each(held)('%s: the step fails within its deadline and makes nothing', async (_, path, answer) => {
      bench.emulator.inject({ path, times: Infinity, answer });
      const started = bench.clock.now();
      const { failure, left } = await step({
        wait_timeout: '2m',
        request_timeout: '10s',
        volume_cleanup: 'delete'
      });
      expect(failure).toBeDefined();
      // Within wait_timeout, and past it by no more than one request's time.
      expect(bench.clock.now() - started).toBeLessThanOrEqual(130_000);
      expect(writes(bench)).toEqual([]);
      expect(live()).toEqual([]);
      expect(left?.volumes ?? []).toEqual([]);
    });

    it('a create that lands while every read after it fails: the ledger names it, and nothing else is made', async () => {
      bench.emulator.inject({ path: CREATE, apply: true, answer: { kind: 'status', status: 502 } });
      bench.emulator.inject({
        path: LIST,
        skip: 1,
        times: Infinity,
        answer: { kind: 'status', status: 503 }
      });
      const { failure, left } = await step({ wait_timeout: '2m', volume_cleanup: 'delete' });
      expect(failure).toBeDefined();
      expect(bench.sent(CREATE)).toHaveLength(1);
      expect(live()).toEqual([{ id: expect.any(String), name: 'ckpt', storageClass: FAST }]);
      expect(left?.volumes).toEqual([{ name: 'ckpt', id: undefined }]);
    });
  });

  describe('2. two runs at once making the same name', () => {
    it('of the same class: one volume is made, and both end with it', async () => {
      const { promise, release } = aHold();
      // A's create is answered, then A's first look at it held: B starts while A's volume is Creating.
      bench.emulator.inject({ path: LIST, skip: 1, holdUntil: promise });
      const a = step();
      await until(() => bench.sent(CREATE).length === 1 && bench.sent(LIST).length === 2, "A's wait");
      const b = bench.step({}, { clockSkewMs: 60_000 });
      await until(() => bench.sent(LIST).length >= 3, "B's list");
      release();
      const [ran, other] = await Promise.all([a, b]);
      expect([ran.failure, other.failure]).toEqual([undefined, undefined]);
      expect(live()).toEqual([{ id: ran.outputs.storage_id, name: 'ckpt', storageClass: FAST }]);
      expect(other.outputs).toMatchObject({ storage_id: ran.outputs.storage_id, storage_class: FAST });
      expect(bench.sent(CREATE)).toHaveLength(1);
    });

    it.each(['keep', 'delete'])(
      'of different classes (volume_cleanup: %s): one makes it; the other fails naming the class and touches it not',
      async (cleanup) => {
        const { promise, release } = aHold();
        bench.emulator.inject({ path: LIST, skip: 1, holdUntil: promise });
        const a = step({ volume_cleanup: cleanup });
        await until(() => bench.sent(CREATE).length === 1 && bench.sent(LIST).length === 2, "A's wait");
        const b = bench.step(
          { storage_class: 'nfs-standard', volume_cleanup: cleanup },
          { clockSkewMs: 60_000 }
        );
        const other = await b;
        release();
        const ran = await a;
        expect(ran.failure).toBeUndefined();
        expect(other.failure).toMatch(`is of storage class ${FAST} (性能型), not nfs-standard`);
        expect(other.left?.volumes ?? []).toEqual([]);
        bench.clock.advance(10);
        await bench.cleanup(other.left ?? {}, { volume_cleanup: cleanup });
        expect(bench.sent(CREATE)).toHaveLength(1);
        expect(bench.sent(DELETE)).toEqual([]);
        expect(live()).toEqual([{ id: ran.outputs.storage_id, name: 'ckpt', storageClass: FAST }]);
      }
    );

    it('of different classes whose creates cross: each run deletes only the volume its own create answered', async () => {
      const { promise, release } = aHold();
      bench.emulator.inject({ path: CREATE, times: 2, holdUntil: promise });
      const runs = Promise.all([
        step({ volume_cleanup: 'delete' }),
        bench.step({ storage_class: 'nfs-standard', volume_cleanup: 'delete' }, { clockSkewMs: 60_000 })
      ]);
      await until(() => bench.sent(CREATE).length === 2, 'both creates');
      release();
      const [fast, standard] = await runs;
      expect([fast.outputs.storage_class, standard.outputs.storage_class]).toEqual([FAST, 'nfs-standard']);
      bench.clock.advance(10);
      await bench.cleanup(fast.left ?? {});
      expect(live()).toEqual([
        { id: standard.outputs.storage_id, name: 'ckpt', storageClass: 'nfs-standard' }
      ]);
    });
  });

  describe('3. a create refused or lost that lands late', () => {
    it('refused, landing after the step ended: the next run finds it, checks its class, and the post step deletes only it', async () => {
      bench.emulator.inject({
        path: CREATE,
        applyAfterMs: 60_000,
        answer: { kind: 'envelope', code: 'C008', message: '资源不足' }
      });
      const first = await step({ volume_cleanup: 'delete' });
      expect(first.failure).toMatch('the list shows no volume of that name');
      expect(live()).toEqual([]);
      bench.clock.advance(120);
      // Another class asked (the emulator applies the late create on this run's first request): the late
      // volume fails the step, untouched.
      const other = await step({ storage_class: 'nfs-standard', volume_cleanup: 'delete' });
      const [late] = live();
      expect(late).toMatchObject({ name: 'ckpt', storageClass: FAST });
      expect(other.failure).toMatch(`volume ${late?.id} (ckpt) is of storage class ${FAST}`);
      await bench.cleanup(other.left ?? {});
      // Its own class: found and used, kept by the second run's post step (it did not make it).
      const again = await step({ volume_cleanup: 'delete' });
      expect(again.outputs).toMatchObject({ storage_id: late?.id, storage_class: FAST });
      await bench.cleanup(again.left ?? {});
      expect(bench.sent(CREATE)).toHaveLength(1);
      expect(bench.sent(DELETE)).toEqual([]);
      expect(live()).toEqual([late]);
    });

    it('lost while another run made the name of another class: the step does not adopt it, and deletes nothing', async () => {
      const { promise, release } = aHold();
      // A's create is held, then lost (502, not applied); meanwhile B makes "ckpt" of the standard class.
      bench.emulator.inject({ path: CREATE, holdUntil: promise, answer: { kind: 'status', status: 502 } });
      const a = step({ volume_cleanup: 'delete' });
      await until(() => bench.sent(CREATE).length === 1, "A's create");
      const b = await bench.step(
        { storage_class: 'nfs-standard', volume_cleanup: 'delete' },
        { clockSkewMs: 60_000 }
      );
      release();
      const ran = await a;
      expect(b.outputs.storage_class).toBe('nfs-standard');
      expect(ran.failure).toMatch('is of storage class nfs-standard (标准型), not cpfs-performance');
      expect(ran.outputs.storage_id).not.toBe(b.outputs.storage_id);
      bench.clock.advance(10);
      await bench.cleanup(ran.left ?? {});
      expect(bench.sent(DELETE)).toEqual([]);
      expect(live()).toEqual([{ id: b.outputs.storage_id, name: 'ckpt', storageClass: 'nfs-standard' }]);
    });
  });

  describe('4. a cancel at each phase', () => {
    const phases = [
      // Cancelled as the step says it creates: the create is sent all the same (nothing looks at the cancel
      // between that line and the send), named on the ledger first, and deleted by the post step.
      ['before the create', /^volume: creating /, 1],
      ['after the create', /^volume: storage_id /, 1],
      ['while waiting for Active', /^volume \d+: Creating/, 1]
    ] as const;
    it.each(phases)('%s: no volume is left that the ledger does not name', async (_, cancelWhen, creates) => {
      const { left, states, failure } = await step({ volume_cleanup: 'delete' }, { cancelWhen });
      expect(failure).toBeDefined();
      const named = left?.volumes ?? [];
      for (const v of live()) expect(named).toContainEqual({ name: v.name, id: v.id });
      // A kill after any save leaves that save: once the name is on the ledger, every later save names it,
      // by name before its create is sent.
      const first = states.findIndex((s) => s.volumes.length > 0);
      expect(bench.sent(CREATE)).toHaveLength(creates);
      expect(states[first]?.volumes).toEqual([{ name: 'ckpt', id: undefined }]);
      for (const s of states.slice(first)) expect(s.volumes.map((v) => v.name)).toContain('ckpt');
      bench.clock.advance(60);
      await bench.cleanup(left ?? {});
      bench.clock.advance(60);
      expect(live()).toEqual([]);
    });
  });

  describe("5. the platform's optional fields absent", () => {
    it('a list entry of the name with no storage_class nor storage_class_name: fails saying so, sends no write', async () => {
      bench.emulator.inject({
        path: LIST,
        answer: {
          kind: 'envelope',
          code: '0000',
          data: {
            count: 1,
            results: [
              {
                storage_id: 1500,
                name: 'ckpt',
                region: { tag: 'bj-001', name: '北京一区' },
                status: 'Active',
                total_size: 1
              }
            ]
          }
        }
      });
      const { failure } = await step();
      expect(failure).toMatch(
        'volume 1500 (ckpt) is of storage class unknown (no name), not cpfs-performance'
      );
      expect(writes(bench)).toEqual([]);
    });

    it('pre-create configurations that name no class: fails closed, making nothing', async () => {
      const configs = [10, 12].map((id) => ({
        id,
        name: `config ${id}`,
        region: { tag: 'bj-001', name: '北京一区' },
        total_capacity: 1024 ** 4,
        allocated_capacity: 0,
        display_unit_price: '0.36',
        status: 'Available'
      }));
      bench.emulator.inject({
        path: PRE_CREATE,
        answer: { kind: 'envelope', code: '0000', data: { configs } }
      });
      const { failure } = await step();
      expect(failure).toMatch(
        'no storage configuration of class cpfs-performance: pre-create names the class of none of them'
      );
      expect(writes(bench)).toEqual([]);
      expect(live()).toEqual([]);
    });
  });
});
