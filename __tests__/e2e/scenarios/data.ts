// End-to-end scenarios: volumes, transfers and mounts (issue 60): what a step deletes is only what it
// provably made, regions met by name, a lost transfer found and the live one stopped, the files directory
// and a mark's region checked before anything is sent, and the platform's failures as its reference has them.
import { aHold } from '../../helpers/hold.js';
import { corpusInto } from '../../helpers/transfer-inputs.js';
import { until } from '../../helpers/until.js';
import { unwritableDirectory } from '../../helpers/unwritable.js';
import { CREATE, SERVICE, shown, type Scenario, type ScenarioApi, createOf } from './harness.js';

const NAS_CREATE = '/api/storage/nas/v1/create';
const NAS_DELETE = '/api/storage/nas/v1/delete';
const S3_CREATE = '/api/storage/nas/v1/encrypt/s3/create';
const S3_LIST = '/api/storage/nas/v1/s3/list';

/** A volume for this run, deleted when the job ends. */
const SCRATCH = { operation: 'volume', volume: 'scratch', size: '1', volume_cleanup: 'delete' };

/** A copy of the corpus bucket's v3/ prefix into the volume data (the keys: SECRETS, never shown). */
const INTO = corpusInto('data', { s3_prefix: 'v3/' });

/** Run A's volume create held (answered C999, not applied, once let go), volumes settling at once. */
function heldRefusedCreate(s: Scenario): ReturnType<typeof aHold> {
  s.emulator.storage.setVolumeSettleSeconds(0);
  const hold = aHold();
  s.emulator.inject({
    path: NAS_CREATE,
    holdUntil: hold.promise,
    answer: { kind: 'envelope', code: 'C999', message: 'system busy' }
  });
  return hold;
}

/** The status of a volume of the emulator, by its state (undefined: no list shows it). */
const volumeStatus = (s: Scenario, id: string): unknown =>
  s.emulator.storage.volumes().find((v) => String(v.storage_id) === id)?.status;

/** How many requests reached a path. */
const sentTo = (s: Scenario, path: string): number =>
  s.emulator.requests.filter((r) => r.path === path).length;

/** The volume `id` is kept: no delete of a volume was sent, and the list shows it Active. */
function expectKept(s: Scenario, id: string): void {
  expect(sentTo(s, NAS_DELETE)).toBe(0);
  expect(volumeStatus(s, id)).toBe('Active');
}

export function dataScenarios({ scenario, group }: ScenarioApi): void {
  group('data: volumes, transfers, mounts', () => {
    // Issue 60, point 9: run A's create is refused and not applied while run B makes the name.
    scenario(
      "deletes nothing of another run's volume: a create refused unapplied while another run made the name",
      async (s) => {
        const hold = heldRefusedCreate(s);
        const a = s.run(SCRATCH);
        await until(() => sentTo(s, NAS_CREATE) === 1, "run A's create");
        const b = await s.run({ operation: 'volume', volume: 'scratch', size: '1' });
        const theirs = b.outputs.storage_id ?? '';
        expect([b.exitCode, volumeStatus(s, theirs)]).toEqual([0, 'Active']);
        hold.release();
        const main = await a;
        expect(main.exitCode).toBe(0);
        expect(main.outputs.storage_id).toBe(theirs);
        // By state first: the post step deletes nothing, and the other run's volume is Active.
        const post = await s.run(SCRATCH, main.state);
        expect(post.exitCode).toBe(0);
        expectKept(s, theirs);
        // Said: the step used it, and keeps it.
        expect(JSON.parse(main.state.volumes ?? '[]')).toEqual([]);
        expect(shown(main)).toContainEqual(
          expect.stringContaining(
            `but the list shows volume ${theirs} of that name: using it; nothing proves this step made it (another run may have), so it is kept when the job ends`
          )
        );
      }
    );

    scenario(
      "deletes nothing of another run's volume when the job was cancelled while its create was in flight, and says it keeps it",
      async (s) => {
        const hold = heldRefusedCreate(s);
        const a = s.run(
          SCRATCH,
          undefined,
          {},
          { when: () => sentTo(s, NAS_CREATE) === 1, signal: 'SIGTERM' }
        );
        await until(() => sentTo(s, NAS_CREATE) === 1, "run A's create");
        const b = await s.run({ operation: 'volume', volume: 'scratch', size: '1' });
        const theirs = b.outputs.storage_id ?? '';
        hold.release();
        const main = await a;
        expect(main.exitCode).not.toBe(0);
        expect(JSON.parse(main.state.volumes ?? '[]')).toEqual([{ name: 'scratch' }]);
        const post = await s.run(SCRATCH, main.state);
        expect(post.exitCode).toBe(0);
        expectKept(s, theirs);
        expect(post.stdout).toMatch(
          new RegExp(
            `^::warning::volume ${theirs} \\(scratch\\) is kept: this step's create of that name never answered, so nothing proves the step made it \\(another run may have\\)`,
            'm'
          )
        );
      }
    );

    scenario(
      'keeps a volume found by name after its create was answered with an error, and says so in both steps',
      async (s) => {
        s.emulator.storage.setVolumeSettleSeconds(0);
        s.emulator.inject({ path: NAS_CREATE, apply: true, answer: { kind: 'status', status: 502 } });
        const main = await s.run(SCRATCH);
        expect(main.exitCode).toBe(0);
        const id = main.outputs.storage_id ?? '';
        const post = await s.run(SCRATCH, main.state);
        expect(post.exitCode).toBe(0);
        expectKept(s, id);
        expect(shown(main)).toContain(
          `volume ${id}: Active, 1 GiB, found by name after this step's create went unanswered; kept when the job ends: nothing proves this step made it`
        );
        expect(main.summary).toContain("Found by name after this step's create went unanswered");
      }
    );

    // Issue 60, point 9: run B's volume, provably B's, that run A found by name and mounts.
    scenario(
      "keeps, in the post step, the volume this run made while another run's task mounts it, and says how to delete it",
      async (s) => {
        s.emulator.storage.setVolumeSettleSeconds(0);
        const b = await s.run(SCRATCH);
        const id = b.outputs.storage_id ?? '';
        expect([b.exitCode, JSON.parse(b.state.volumes ?? '[]')]).toEqual([0, [{ name: 'scratch', id }]]);
        const a = await s.run({
          operation: 'create',
          task_name: 'reader',
          gpu: '4090',
          volumes: 'scratch:/data',
          body: 'services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]',
          wait: 'false'
        });
        expect(a.exitCode).toBe(0);
        const taskId = a.outputs.task_id ?? '';
        // B's job ends: its post step keeps the volume A's task mounts, and says so.
        const post = await s.run(SCRATCH, b.state);
        expect(post.exitCode).toBe(0);
        expectKept(s, id);
        expect(s.emulator.tasks.get(taskId).status).not.toBe('End');
        expect(post.stdout).toMatch(
          new RegExp(
            `^::warning::volume ${id} \\(scratch\\) is kept, not deleted: it is mounted in task ${taskId} \\("reader", deployment, at /data\\), which this step did not stop .*: once nothing mounts it, delete it with operation volume_delete \\(volume: ${id}, confirm: ${id}\\)$`,
            'm'
          )
        );
        // As the warning says: once A's task stopped, the volume is deleted.
        expect((await s.run({ operation: 'stop', task_id: taskId })).exitCode).toBe(0);
        const deleted = await s.run({ operation: 'volume_delete', volume: id, confirm: id });
        expect([deleted.exitCode, volumeStatus(s, id)]).toEqual([0, undefined]);
      }
    );

    // Issue 60, point 10: the emulator's volumes carry NAS tags (gd-001), unlike the compute regions'.
    scenario("creates a task with gpu in its volume's region, found by the region's name", async (s) => {
      s.emulator.storage.setVolumeSettleSeconds(0);
      const volume = await s.run({ operation: 'volume', volume: 'south', size: '1', region: 'gd-001' });
      expect([volume.exitCode, volume.outputs.region, volume.outputs.region_name]).toEqual([
        0,
        'gd-001',
        '广东-T1'
      ]);
      // The cheapest 4090 is in beijing-jxq-p1; the volume is in 广东-T1, guangdong-t-01 to the search.
      const made = await s.run({
        operation: 'create',
        task_name: 'reader',
        gpu: '4090',
        volumes: 'south:/data',
        body: 'services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]',
        wait: 'false',
        cleanup: 'stop'
      });
      expect(made.exitCode).toBe(0);
      expect(made.outputs.region).toBe('guangdong-t-01');
      expect(shown(made)).toContain(
        `mounts: volume ${volume.outputs.storage_id ?? ''} (south) at /data; the task runs in gd-001 (广东-T1)`
      );
      expect((await s.run({ operation: 'stop', task_id: made.outputs.task_id ?? '' })).exitCode).toBe(0);
    });

    // Issue 60, point 11: a lost create is looked for in every status and on every page.
    scenario(
      "finds a transfer whose create's answer was lost on the list's second page, ended",
      async (s) => {
        s.emulator.storage.setVolumeSettleSeconds(0);
        expect((await s.run({ operation: 'volume', volume: 'data', size: '1' })).exitCode).toBe(0);
        s.emulator.storage.setTransferPace({ queueMs: 0, pendingMs: 0, countMs: 0, bytesPerSecond: 1e12 });
        s.emulator.setPageSizeMax(2);
        s.emulator.inject({ path: S3_CREATE, apply: true, answer: { kind: 'status', status: 502 } });
        const look = aHold();
        s.emulator.inject({ path: S3_LIST, holdUntil: look.promise });
        const mine = s.run(INTO);
        await until(() => sentTo(s, S3_LIST) === 1, "the step's look at the transfers");
        // Two other runs copy into the volume meanwhile: newer, they list first.
        for (const prefix of ['a/', 'b/'])
          expect((await s.run({ ...INTO, s3_prefix: prefix })).exitCode).toBe(0);
        look.release();
        const main = await mine;
        expect(main.exitCode).toBe(0);
        expect(main.outputs).toMatchObject({ transfer_id: '501', status: 'Completed' });
        expect(shown(main)).toContainEqual(
          expect.stringMatching(
            /^transfer: the create failed \(.*\), but transfer 501 of that name is listed \(Completed\): it landed$/
          )
        );
      }
    );

    scenario(
      'stops in the post step the live retry of a transfer left by name, never the Deleted original',
      async (s) => {
        s.emulator.storage.setVolumeSettleSeconds(0);
        expect((await s.run({ operation: 'volume', volume: 'data', size: '1' })).exitCode).toBe(0);
        // Slow to copy; the first fails in Exception at once (its retry is 502, the original Deleted).
        s.emulator.storage.setTransferPace({
          queueMs: 0,
          pendingMs: 0,
          countMs: 0,
          bytesPerSecond: 1024 * 1024
        });
        s.emulator.storage.failTransfers(1, {
          atShare: 0,
          status: 'Exception',
          error_code: 'S410',
          error_message: 'S3 任务创建失败'
        });
        // The platform lists every transfer when asked for no statuses, the oldest first.
        s.emulator.storage.setTransferListing({ unfiltered: 'all', order: 'oldest first' });
        const main = await s.run(INTO, undefined, {}, { text: 'transfer_id: 502 ', signal: 'SIGTERM' });
        expect(shown(main)).toContain(
          'transfer 501: Exception (error S410: S3 任务创建失败); submitting it again (retry 1 of 2)'
        );
        const [left] = JSON.parse(main.state.transfers ?? '[]') as { name: string; storageId: string }[];
        // As a job cancelled while the retry's answer was on its way leaves it: by name alone.
        const state = {
          ...main.state,
          transfers: JSON.stringify([{ name: left?.name, storageId: left?.storageId }])
        };
        const post = await s.run(INTO, state);
        expect(post.exitCode).toBe(0);
        const detail = async (id: string): Promise<string | undefined> =>
          (await s.run({ operation: 'transfer_detail', transfer_id: id })).outputs.status;
        expect(['Stopped', 'Deleted']).toContain(await detail('502'));
        expect(await detail('501')).toBe('Deleted');
        expect(shown(post)).toContainEqual(
          expect.stringMatching(
            /^cleanup: stopped transfer "ed-data-.*", which the step left under way: it is (Stopped|Deleted)$/
          )
        );
      }
    );

    // Issue 60, point 16: S002, as the reference names it for the list's statuses.
    scenario('reads the transfers without statuses when the platform refuses them (S002)', async (s) => {
      s.emulator.storage.setVolumeSettleSeconds(0);
      expect((await s.run({ operation: 'volume', volume: 'data', size: '1' })).exitCode).toBe(0);
      s.emulator.storage.setTransferPace({ queueMs: 0, pendingMs: 0, countMs: 0, bytesPerSecond: 1e12 });
      s.emulator.inject({ path: S3_CREATE, apply: true, answer: { kind: 'status', status: 502 } });
      // Refused as a platform that takes no statuses refuses it: also when sent once more.
      s.emulator.inject({
        path: S3_LIST,
        times: 2,
        answer: { kind: 'envelope', code: 'S002', message: 'bad statuses' }
      });
      const main = await s.run(INTO);
      expect(main.exitCode).toBe(0);
      expect(main.outputs.transfer_id).toBe('501');
      expect(shown(main)).toContainEqual(
        expect.stringMatching(
          /^transfer: the list of the volume's transfers in every status was refused \(.*bad statuses.*\): reading it without statuses/
        )
      );
    });

    // Issue 60, point 12: found before anything is sent.
    scenario('refuses a RUNNER_TEMP that takes no file before anything is sent', async (s) => {
      const unwritable = unwritableDirectory();
      const main = await s.run(createOf('no-temp', { body: SERVICE }), undefined, {
        RUNNER_TEMP: unwritable
      });
      expect(main.exitCode).toBe(1);
      expect(main.stdout).toMatch(
        new RegExp(
          `^::error[^:]*::RUNNER_TEMP is "${unwritable}", which cannot be written \\((EACCES|EPERM|EROFS)\\)`,
          'm'
        )
      );
      expect(s.emulator.requests).toEqual([]);
    });

    scenario(
      "refuses before the create a body's resource mark in a region the JuiceFS storage is not accelerated in",
      async (s) => {
        // SERVICE's mark is a 4090 in beijing-jxq-p1; weights is accelerated in guangdong-t-01 alone.
        const main = await s.run(
          createOf('weights-reader', { body: SERVICE, juicefs_mounts: 'weights:/weights' })
        );
        expect(main.exitCode).toBe(1);
        expect(main.stdout).toMatch(
          /body's resources are in beijing-jxq-p1 \(北京一区, by its mark\), but the storages to mount can be mounted only in guangdong-t-01 \(广东-T1\), where object storage weights is accelerated/
        );
        expect(sentTo(s, CREATE)).toBe(0);
      }
    );
  });
}
