// End-to-end scenarios: workspace copies over the volume's SFTP session (issue 64), through the bundle, as
// the runner runs it: a job's data uploaded from the workspace before the job is made and its results
// downloaded into the workspace after it, judged by the emulator's volume files and the workspace's; the
// post step destroying the session a killed step left open; a path that leaves the workspace refused before
// anything is sent.
import { createHash, randomBytes } from 'node:crypto';
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JOB_BODY } from '../../helpers/bodies.js';
import { shown, type Scenario, type ScenarioApi } from './harness.js';

const OBTAIN = '/api/storage/nas/v1/sftp/obtain';
const DESTROY = '/api/storage/nas/v1/sftp/destroy';
const JOB_CREATE = '/api/task/job/create';
const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

/** A workspace for one scenario (GITHUB_WORKSPACE): ./ds/ holds a.txt and sub/b.bin (`bigBytes` random). */
function aWorkspace(bigBytes: number): { dir: string; big: Buffer; remove: () => void } {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'e2e-workspace-')));
  const big = randomBytes(bigBytes);
  mkdirSync(join(dir, 'ds', 'sub'), { recursive: true });
  writeFileSync(join(dir, 'ds', 'a.txt'), 'alpha');
  writeFileSync(join(dir, 'ds', 'sub', 'b.bin'), big);
  return {
    dir,
    big,
    remove: () => {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}

/** A volume `work` for the scenario, its storage_id. */
async function aVolume(s: Scenario): Promise<number> {
  s.emulator.storage.setVolumeSettleSeconds(0);
  const made = await s.run({ operation: 'volume', volume: 'work', size: '10' });
  expect(made.exitCode).toBe(0);
  return Number(made.outputs.storage_id);
}

/** A GPU job on volume work, its data from ./ds/ and its results into ./results/. */
const jobOn = (name: string, more: Record<string, string> = {}): Record<string, string> => ({
  operation: 'job',
  task_name: name,
  gpu: '4090',
  body: JOB_BODY,
  volumes: 'work:/work',
  data: './ds/ -> work:/data',
  results: 'work:/out -> ./results/',
  cleanup: 'stop',
  ...more
});

const indexOf = (s: Scenario, path: string, from = 0): number =>
  s.emulator.requests.findIndex((r, i) => i >= from && r.path === path);

export function workspaceScenarios({ scenario, group }: ScenarioApi): void {
  group('workspace copies over SFTP', () => {
    scenario(
      'uploads the data from the workspace before the job is made and downloads its results into the workspace after it',
      async (s) => {
        const workspace = aWorkspace(300 * 1024);
        try {
          const id = await aVolume(s);
          // What the job writes in its volume (as a job's script would), there when the job has ended.
          s.emulator.storage.writeVolume(id, '/out', [{ name: 'metrics.json', bytes: 2048, hash: 'm-1' }]);
          const env = { GITHUB_WORKSPACE: workspace.dir };
          const main = await s.run(jobOn('e2e-ws-eval'), undefined, env);
          expect(main.exitCode).toBe(0);
          // The volume's files: what the workspace held, byte for byte.
          const uploaded = s.emulator.storage.volumeFiles(id, '/data');
          expect(uploaded.map((f) => [f.name, f.bytes, f.hash]).sort()).toEqual([
            ['a.txt', 5, sha256('alpha')],
            ['sub/b.bin', workspace.big.length, sha256(workspace.big)]
          ]);
          // The workspace's files: what the volume held under /out.
          expect(readFileSync(join(workspace.dir, 'results', 'metrics.json')).length).toBe(2048);
          // Uploaded before the job's create, downloaded after it; each session destroyed, none left.
          const create = indexOf(s, JOB_CREATE);
          expect(indexOf(s, OBTAIN)).toBeLessThan(create);
          expect(indexOf(s, DESTROY, indexOf(s, OBTAIN))).toBeLessThan(create);
          expect(indexOf(s, OBTAIN, create)).toBeGreaterThan(create);
          expect(indexOf(s, DESTROY, indexOf(s, OBTAIN, create))).toBeGreaterThan(create);
          expect(s.emulator.storage.sftpStatus(id)).toBeUndefined();
          expect(shown(main)).toContainEqual(
            expect.stringContaining(`shows the host key ${s.emulator.sftp.fingerprint}`)
          );
          // The session's password: masked before any line, in no line, output or state.
          const passwords = s.emulator.storage.sftpSessions.passwords();
          expect(passwords.length).toBeGreaterThanOrEqual(2);
          const written = JSON.stringify([shown(main), main.outputs, main.state, main.summary]);
          for (const password of passwords) expect(written).not.toContain(password);
          const post = await s.run(jobOn('e2e-ws-eval'), main.state, env);
          expect(post.exitCode).toBe(0);
        } finally {
          workspace.remove();
        }
      }
    );

    scenario(
      'destroys in the post step the SFTP session of a step killed mid-copy, and makes no job',
      async (s) => {
        const workspace = aWorkspace(64 * 1024 ** 2);
        try {
          const id = await aVolume(s);
          const env = { GITHUB_WORKSPACE: workspace.dir };
          const copying = (): boolean => s.emulator.sftp.connections(id) > 0;
          const main = await s.run(jobOn('e2e-ws-killed'), undefined, env, {
            when: copying,
            signal: 'SIGKILL'
          });
          expect(main.exitCode).not.toBe(0);
          // Killed with its session open: nothing destroyed it, no job was made.
          expect(s.emulator.storage.sftpStatus(id)).toBe('Running');
          expect(indexOf(s, JOB_CREATE)).toBe(-1);
          const before = s.emulator.requests.length;
          const post = await s.run(jobOn('e2e-ws-killed'), main.state, env);
          expect(post.exitCode).toBe(0);
          expect(indexOf(s, DESTROY, before)).toBeGreaterThan(-1);
          expect(s.emulator.storage.sftpStatus(id)).toBeUndefined();
          expect(indexOf(s, JOB_CREATE)).toBe(-1);
        } finally {
          workspace.remove();
        }
      }
    );

    scenario.each([
      ['a path with ..', '../outside/ -> work:/data', false],
      ['a link pointing out of it', './ds/ -> work:/data', true]
    ] as const)('refuses data from %s before anything is sent', async (s, _name, data, linkOut) => {
      const workspace = aWorkspace(16);
      const outside = realpathSync(mkdtempSync(join(tmpdir(), 'e2e-outside-')));
      try {
        if (linkOut) {
          rmSync(join(workspace.dir, 'ds'), { recursive: true });
          symlinkSync(outside, join(workspace.dir, 'ds'));
        }
        const main = await s.run(jobOn('e2e-ws-escape', { data, results: '' }), undefined, {
          GITHUB_WORKSPACE: workspace.dir
        });
        expect(main.exitCode).toBe(1);
        expect(main.stdout).toMatch(/^::error[^:]*::.*data/m);
        expect(s.emulator.requests).toEqual([]);
      } finally {
        workspace.remove();
        rmSync(outside, { recursive: true, force: true });
      }
    });
  });
}
