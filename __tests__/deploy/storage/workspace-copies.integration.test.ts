// Issue 64, point 1: data from the workspace and results back to it, in the one syntax of copies, against
// the strict emulator: checked before anything is sent (no object storage needed, nothing outside the
// workspace), said in a dry run, and no job made when the data did not reach the volume. The workspace
// is the step's working directory here (no GITHUB_WORKSPACE): the repository's root. The copies' own
// path over the emulator's SFTP server: workspace-sftp.integration.test.ts.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { useStepBench, aSecondApart, emulatorContext } from '../../helpers/emulator-step.js';
import { JOB_BODY } from '../../helpers/bodies.js';
import { RemoteVolume } from '../../helpers/remote-volume.js';
import { copyData, type VolumeSessions } from '../../../src/deploy/engine/storage/copy-data.js';

describe('workspace copies of a job', () => {
  const bench = useStepBench({ readyAfterSeconds: 5, strict: true }, {});
  const step = aSecondApart(bench);
  const JOB = {
    operation: 'job',
    task_name: 'eval',
    gpu: '4090',
    body: JOB_BODY,
    volumes: 'work:/work',
    data: './src/ -> work:/data',
    results: 'work:/out -> ./results-of-a-test/'
  };
  const posts = () => bench.emulator.requests.filter((r) => r.method === 'POST');

  it('says in a dry run what it would copy, from where to where, over the SFTP session, with no s3 input', async () => {
    await step({ ...JOB, dry_run: 'true' }, { dryRun: true }).catch(() => undefined);
    expect(bench.log).toContainEqual(
      "dry run: data: the workspace's ./src/ would be copied into volume work:/data over volume work's SFTP session (opened for the copy, ended after it) first, before anything is made"
    );
    expect(bench.log).toContainEqual(
      "dry run: results: volume work:/out would be copied to the workspace's ./results-of-a-test/ over volume work's SFTP session (opened for the copy, ended after it) once the job ended"
    );
    expect(posts()).toEqual([]);
  });

  it.each([
    [
      { data: './no-such-directory/ -> work:/data' },
      'data copies from "./no-such-directory/", but it cannot be read in the workspace (ENOENT): name a path inside the workspace (.), such as ./dataset/'
    ],
    [
      { data: '../elsewhere/ -> work:/data' },
      'data has "../elsewhere/ -> work:/data", which names "../elsewhere/", a path outside the workspace'
    ],
    [
      { results: 'work:/out -> ./a/../../up/' },
      'results has "work:/out -> ./a/../../up/", which has .. in a workspace path'
    ],
    [
      { data: 'v3/ -> work:/data\n./src/ -> work:/code' },
      's3_supplier is empty, but data copies through the object storage it names'
    ]
  ])('refuses %j before anything is sent', async (inputs, message) => {
    await expect(step({ ...JOB, ...inputs })).rejects.toThrow(message);
    expect(bench.emulator.requests).toEqual([]);
  });

  it('makes no job when the data could not be copied from the workspace: its session ended in Exception', async () => {
    await step({ operation: 'volume', volume: 'work', size: '10' });
    bench.emulator.storage.failSftpSessions(1, { error_code: 'S501', error_message: 'no SFTP gateway' });
    const { failure, left } = await step({ ...JOB, results: '' });
    expect(failure).toMatch(/the data was not copied in, so no job was made: .*S501.*no SFTP gateway/);
    expect(bench.emulator.requests.filter((r) => r.path === '/api/task/job/create')).toEqual([]);
    // The session was destroyed all the same (the platform may keep one in Exception).
    expect(bench.sent('/api/storage/nas/v1/sftp/destroy')).toHaveLength(1);
    expect(left?.sftpSessions).toEqual([]);
  });

  it('copies the workspace into a volume and back over the session the wiring opens, ending it each time, failed or not', async () => {
    const storageId = (await step({ operation: 'volume', volume: 'work', size: '10' })).outputs.storage_id;
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'workspace-copies-')));
    try {
      mkdirSync(join(base, 'ws', 'ds', 'sub'), { recursive: true });
      mkdirSync(join(base, 'volume'));
      writeFileSync(join(base, 'ws', 'ds', 'sub', 'a.txt'), 'a');
      const remote = new RemoteVolume(join(base, 'volume'));
      const sessions: string[] = [];
      const open: VolumeSessions = async (volume, _ctx, use) => {
        sessions.push(`open ${volume.id}`);
        try {
          await use(remote.open);
        } finally {
          sessions.push(`end ${volume.id}`);
        }
      };
      const inputs = { operation: 'job', data: './ds/ -> work:/data', results: 'work:/data -> ./back/' };
      const ctx = emulatorContext(bench.emulator, bench.clock, bench.client, bench, inputs);
      const settings = { ...ctx.settings, storage: { ...ctx.settings.storage, workspace: join(base, 'ws') } };
      const here = { ...ctx, settings };
      await copyData(settings.storage.data, 'in', here, open);
      expect(readFileSync(join(base, 'volume', 'data', 'sub', 'a.txt'), 'utf8')).toBe('a');
      await copyData(settings.storage.results, 'out', here, open);
      expect(readFileSync(join(base, 'ws', 'back', 'sub', 'a.txt'), 'utf8')).toBe('a');
      expect(bench.log).toContainEqual(
        `data: the workspace's ./ds/ -> volume ${storageId}:/data: 1 file copied (0.00 GiB), 0 skipped: already there, 0 failed, in 0s`
      );
      remote.faults.refusePathsEndingWith = 'a.txt';
      rmSync(join(base, 'volume', 'data'), { recursive: true });
      await expect(copyData(settings.storage.data, 'in', here, open)).rejects.toThrow(
        `data: the workspace's ./ds/ -> volume ${storageId}:/data: 1 file or directory not copied (see the warnings above)`
      );
      expect(sessions).toEqual([...Array(3)].flatMap(() => [`open ${storageId}`, `end ${storageId}`]));
    } finally {
      rmSync(base, { recursive: true, force: true });
    }
  });
});
