// npm run demo -- --data: a GPU job on data from the workspace (issue 64), as a workflow runs the bundled
// action (dist/index.js): a workspace folder made for the demo (a checkout's dataset), a volume made for the
// run, the dataset uploaded into it over the volume's SFTP session before the job is made (no GPU billed
// while it copies), the job, its results downloaded into the workspace's ./results/ after it ended (where
// actions/upload-artifact or a GitLab job's artifacts find them), and the post steps, last first: the
// volume deleted, no session left open.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { terminalSummary } from '../src/cli/terminal-summary.js';
import { runStep } from './action-runner.js';
import type { DemoParts } from './demo-preview.js';

/** The demo's dataset: 40 shards of 256 KiB and a manifest, as a checkout or an earlier step would hold. */
function makeWorkspace(): string {
  const workspace = realpathSync(mkdtempSync(join(tmpdir(), 'demo-workspace-')));
  mkdirSync(join(workspace, 'dataset', 'shards'), { recursive: true });
  for (let i = 0; i < 40; i++)
    writeFileSync(
      join(workspace, 'dataset', 'shards', `part-${String(i).padStart(2, '0')}.bin`),
      Buffer.alloc(256 * 1024, i)
    );
  writeFileSync(join(workspace, 'dataset', 'manifest.json'), JSON.stringify({ shards: 40, samples: 2000 }));
  return workspace;
}

/** Runs the demo; 0 when the data went in, the results came back, and nothing was left. */
export async function workspaceDemo(
  { emulator, node, env, say, show }: DemoParts,
  job: Record<string, string>
): Promise<number> {
  emulator.storage.setVolumeSettleSeconds(0);
  emulator.storage.setSftp({ pendingMs: 500 });
  const workspace = makeWorkspace();
  try {
    const stepEnv = { ...env, GITHUB_WORKSPACE: workspace };
    const key = { base_url: emulator.base_url, token: emulator.token_mode.token };
    const volume = { ...key, operation: 'volume', volume: 'demo-data', size: '20', volume_cleanup: 'delete' };
    const onData = {
      ...job,
      ...key,
      task_name: 'demo-eval-workspace',
      points: '1',
      volumes: 'demo-data:/work',
      data: './dataset/ -> demo-data:/work/data',
      // What the job wrote (the emulator's script for demo-eval-workspace), not what it read.
      results: 'demo-data:/work/out -> ./results/',
      wait_timeout: ''
    };
    say(`Emulator listening on ${emulator.base_url}, its SFTP server on the volumes' files.`);
    say(`A workspace made for the demo: ./dataset/ holds 40 shards of 256 KiB and a manifest.`);
    say('Running dist/index.js on Node 24 as the runner would: a volume, then a job on the data.\n');
    const made = await runStep(node, volume, { env: stepEnv });
    show('step 1: volume (volume_cleanup: delete)', made);
    const ran = await runStep(node, onData, { env: stepEnv });
    show('step 2: job with data from the workspace and results back into it', ran);
    say('── job summary ──');
    say(terminalSummary(ran.summary).trimEnd().replace(/^/gm, '  '));
    say();
    const jobPost = await runStep(node, onData, { env: stepEnv, state: ran.state });
    show('post step of step 2', jobPost);
    const volumePost = await runStep(node, volume, { env: stepEnv, state: made.state });
    show('post step of step 1', volumePost);
    return await verdict(
      { emulator, say },
      workspace,
      [made, ran, jobPost, volumePost],
      made.outputs.storage_id
    );
  } finally {
    rmSync(workspace, { recursive: true, force: true });
  }
}

/** What the volume got, what the workspace got back, and what was left: the demo's last lines. */
async function verdict(
  { emulator, say }: Pick<DemoParts, 'emulator' | 'say'>,
  workspace: string,
  steps: { exitCode: number }[],
  storageId: string | undefined
): Promise<number> {
  const id = Number(storageId);
  const uploaded = emulator.storage.volumeFiles(id, '/work/data').length;
  const back = join(workspace, 'results');
  const results = existsSync(back) ? readdirSync(back).sort() : [];
  const bytes = (name: string): number => (results.includes(name) ? statSync(join(back, name)).size : 0);
  const obtained = emulator.requests.filter((r) => r.path === '/api/storage/nas/v1/sftp/obtain').length;
  const deleted = emulator.requests.filter((r) => r.path === '/api/storage/nas/v1/delete' && r.applied);
  say(`The volume's /work/data held ${uploaded} files uploaded from ./dataset/ before the job was made.`);
  say(
    `The workspace's ./results/ holds ${results.join(', ') || 'nothing'} (${bytes('metrics.json')} and ${bytes('predictions.parquet')} bytes): what the job wrote.`
  );
  say(
    `SFTP: ${obtained} obtain requests; the volume's session now: ${emulator.storage.sftpStatus(id) ?? 'none'}.`
  );
  await emulator.stop();
  const ok =
    steps.every((step) => step.exitCode === 0) &&
    uploaded === 41 &&
    results.join() === 'metrics.json,predictions.parquet' &&
    deleted.length === 1;
  say(
    ok
      ? 'Demo finished: the workspace data uploaded, the job ran on it, its results downloaded into ./results/, and the volume deleted; nothing left.'
      : 'Demo FAILED.'
  );
  return ok ? 0 : 1;
}
