// npm run demo: starts the platform emulator, runs the bundled action (dist/index.js) exactly as the
// GitHub runner would to create a GPU service, wait until it is ready and its app answers /health (the
// emulator serves the app, 503 while it warms up), shows the outputs and the job summary, then runs the
// post step, which stops the task (cleanup: stop).
// By default it takes the production path: a token-mode key, the platform's documented forms (the default
// of both the action and the emulator) and `gpu` picking the resource, as the README's quick start does.
// npm run demo -- --rsa: the RSA-mode path of the interface spec instead (api_profile: spec, the emulator
// in its spec profile: a signed, encrypted create).
// npm run demo -- --crash: the same deploy, whose container crash-loops: the step fails in seconds and
// shows the node's events and log (the diagnostics), and the post step still stops the task.
// npm run demo -- --job: a GPU batch job (operation: job) of two completions, run to its end;
// -- --job-fail: one whose pods exit with code 3, which fails the step and says why. Its wait_timeout is
// empty: the wait covers the job's timeout_sec and its start.
// npm run demo -- --data: a GPU job on data from the workspace (issue 64): a workspace folder made for the
// demo, a volume made for the run, the folder uploaded into it over the volume's SFTP session before the
// job, the job's results downloaded into the workspace's ./results/ after it, the volume deleted by the post
// step (scripts/demo-workspace.ts).
// npm run demo -- --data-objects: the same through object storage: a dataset copied into the volume from a
// bucket, a job that mounts it and writes its results under /work/out (the emulator's script for it), those
// results copied back to the bucket, and the volume deleted by the post step.
// npm run demo -- --preview: a pull request's preview, opened, pushed to and merged, against the emulator
// and GitHub's stand-in, the comment printed as a reviewer reads it (scripts/demo-preview.ts).
// npm run demo -- --runner: two GPU runners for a workflow run's jobs (operation: runner), against the
// emulator, whose runner jobs run GitHub's stand-in's simulated runner, and the stand-in: handed over once
// online, each takes one job and exits, then runner_stop (scripts/demo-runner.ts).
// npm run demo -- --help lists the modes (scripts/demo-modes.ts); one mode at a time, any other argument
// refused with exit code 2.
import { readFileSync } from 'node:fs';
import { startEmulator } from '../emulator/index.js';
import { shortened, terminalSummary } from '../src/cli/terminal-summary.js';
import { hasValue } from '../src/cli/json-outputs.js';
import { nodeRuntimes, runnerView, runStep, type NodeRuntime, type StepRun } from './action-runner.js';
import { demoMode } from './demo-modes.js';

const READY_AFTER_SECONDS = 3;
const mode = demoMode(
  process.argv.slice(2),
  (text) => process.stdout.write(text),
  (text) => process.stderr.write(text)
);
if (typeof mode === 'number') process.exit(mode);
// --runner: GitHub's stand-in first, so that the emulator's runner jobs run its simulated runner.
const runnerSide =
  mode === '--runner' ? await (await import('./demo-runner.js')).startRunnerSide() : undefined;
const crash = mode === '--crash';
const rsa = mode === '--rsa';
const jobFail = mode === '--job-fail';
const job = jobFail || mode === '--job';
const data = mode === '--data-objects';
const emulator = await startEmulator({
  ...(rsa ? { profile: 'spec' as const } : {}),
  ...(runnerSide === undefined ? {} : { runners: runnerSide.link }),
  // A runner job starts a second after its create: the demo's runners come online in a few seconds.
  readyAfterSeconds: runnerSide === undefined ? READY_AFTER_SECONDS : 1,
  jobs: {
    podSeconds: 2,
    scripts: [
      {
        pattern: /-fail$/,
        exitCode: 3,
        log: [
          'collected 12 items',
          'tests/gpu/test_kernels.py::test_matmul FAILED',
          'FAILED: 1 failed, 11 passed'
        ]
      },
      {
        // The data demo's job: it reads /work/data and writes its results under /work/out of the volume.
        pattern: /^demo-eval$/,
        log: ['reading 40 shards from /work/data', 'accuracy 0.913 on 2000 samples', 'wrote /work/out'],
        writes: {
          path: '/work/out',
          files: [
            { name: 'metrics.json', bytes: 2048, hash: 'metrics-1' },
            { name: 'predictions.parquet', bytes: 96 * 1024 ** 2, hash: 'predictions-1' }
          ]
        }
      },
      {
        // The workspace data demo's job: it reads /work/data and writes its results under /work/out.
        pattern: /^demo-eval-workspace$/,
        log: ['reading 40 shards from /work/data', 'accuracy 0.913 on 2000 samples', 'wrote /work/out'],
        writes: {
          path: '/work/out',
          files: [
            { name: 'metrics.json', bytes: 2048, hash: 'metrics-1' },
            { name: 'predictions.parquet', bytes: 8 * 1024 ** 2, hash: 'predictions-1' }
          ]
        }
      },
      { pattern: /./, log: ['collected 12 items', 'tests/gpu/test_kernels.py ............', '12 passed'] }
    ]
  },
  apps: { warmupSeconds: 2 },
  crashLoops: [
    {
      pattern: '-crash$',
      reason: 'CrashLoopBackOff',
      exitCode: 137,
      log: 'loading weights from /models/llm-42\ntorch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\nKilled\n'
    }
  ]
});
const runtime = nodeRuntimes().find((r) => r.major === 24) ?? nodeRuntimes()[0];
if (runtime === undefined) throw new Error('no Node to run the action with');
const node: NodeRuntime = runtime;
const say = (text = ''): void => {
  process.stdout.write(`${text}\n`);
};

/** A step's output as the runner shows it. */
function show(title: string, run: StepRun): void {
  const { lines, masks } = runnerView(run);
  say(`── ${title} (exit code ${run.exitCode}; ${masks.length} secret values masked) ──`);
  for (const line of lines.slice(0, lines.at(-1) === '' ? -1 : undefined)) say(`  ${line}`);
  if (run.stderr.trim() !== '') say(`  stderr: ${run.stderr.trim()}`);
  say();
}

/** The key: a token-mode one on the documented forms (production), or an RSA-mode one on the spec's. */
const key: Record<string, string> = rsa
  ? {
      token: emulator.rsa.token,
      private_key: readFileSync(emulator.rsa.private_key_file, 'utf8'),
      platform_public_key: readFileSync(emulator.rsa.platform_public_key_file, 'utf8'),
      api_profile: 'spec'
    }
  : { token: emulator.token_mode.token, gpu: '4090' };
const deploy = {
  operation: 'create',
  base_url: emulator.base_url,
  ...key,
  task_name: crash ? 'demo-inference-crash' : 'demo-inference',
  points: '1',
  body: [
    'services:',
    '  - service_name: web',
    '    service_image: ghcr.io/acme/inference:1.4',
    '    remote_ports:',
    '      - service_port: 8080'
  ].join('\n'),
  poll_interval: '1s',
  health_path: '/health',
  wait_timeout: '2m',
  cleanup: 'stop'
};
const gpuJob = {
  operation: 'job',
  base_url: emulator.base_url,
  token: emulator.token_mode.token,
  gpu: '4090',
  task_name: jobFail ? 'demo-gpu-tests-fail' : 'demo-gpu-tests',
  points: '2',
  body: [
    'job_support: {timeout_sec: 120, parallelism: 1, mod_param: {default: {backoff_limit: 0, restart_policy: Never}}}',
    'services:',
    '  - service_name: tests',
    '    service_image: ghcr.io/acme/gpu-tests:1.4',
    '    resource_weight: {cpu_weight: 1, mem_weight: 1, gpu_weight: 1}',
    '    start_script: {command: [python, -m, pytest], args: [-q, tests/gpu]}'
  ].join('\n'),
  poll_interval: '1s',
  // Empty: the wait covers the job's timeout_sec and its start, as a job's should.
  wait_timeout: '',
  cleanup: 'stop'
};
const inputs = job ? gpuJob : deploy;
const env = { NODE_EXTRA_CA_CERTS: emulator.ca_file };
if (data) process.exit(await dataDemo());
if (mode === '--data')
  process.exit(
    await (await import('./demo-workspace.js')).workspaceDemo({ emulator, node, env, say, show }, gpuJob)
  );
if (mode === '--preview')
  process.exit(await (await import('./demo-preview.js')).previewDemo({ emulator, node, env, say, show }));
if (runnerSide !== undefined)
  process.exit(
    await (await import('./demo-runner.js')).runnerDemo({ emulator, node, env, say, show }, runnerSide)
  );

say(
  `Emulator listening on ${emulator.base_url} (tasks start ${READY_AFTER_SECONDS}s after creation; ${job ? `each pod of a job runs 2s${jobFail ? ', and exits with code 3' : ''}` : crash ? 'this one crash-loops' : 'apps warm up for 2s'}).`
);
say(
  `Running dist/index.js on Node ${runtime.major} as the runner would: operation ${inputs.operation}, cleanup stop, ${rsa ? "an RSA-mode key on the interface spec's forms (--rsa)" : "a token-mode key on the platform's documented forms, gpu: 4090 picking the resource"}.\n`
);
const main = await runStep(runtime, inputs, { env });
show('main step', main);

say('── outputs ──');
// The outputs that say something (the step writes every one; an empty one says nothing).
for (const [name, value] of Object.entries(main.outputs))
  if (hasValue(value)) say(`  ${name} = ${shortened(value)}`);
say();
say('── job summary (as a terminal shows it; GitHub renders the markdown of the file) ──');
say(terminalSummary(main.summary).trimEnd().replace(/^/gm, '  '));
say();

const post = await runStep(runtime, inputs, { env, state: main.state });
show('post step', post);

const taskId = main.outputs.task_id ?? '';
const status =
  taskId === '' ? 'none' : String((job ? emulator.jobs.get(taskId) : emulator.tasks.get(taskId)).status);
say(`The emulator says task ${taskId} is now ${status}.`);
await emulator.stop();
if (job) {
  const ended = jobFail ? main.exitCode === 1 : main.exitCode === 0;
  const ok = ended && post.exitCode === 0 && status === 'End';
  say(
    !ok
      ? 'Demo FAILED.'
      : jobFail
        ? 'Demo finished: the job failed with exit code 3, which failed the step and said why; nothing left billing.'
        : 'Demo finished: the job ran its two completions to its end (Complete); nothing left billing.'
  );
  process.exit(ok ? 0 : 1);
}
if (crash) {
  const ok = main.exitCode === 1 && post.exitCode === 0 && status === 'End';
  say(
    ok
      ? 'Demo finished: the crash loop failed the step in seconds, with its diagnostics; cleaned up.'
      : 'Demo FAILED.'
  );
  process.exit(ok ? 0 : 1);
}
const ok = main.exitCode === 0 && post.exitCode === 0 && status === 'End';
say(ok ? 'Demo finished: created, waited until ready and healthy, cleaned up.' : 'Demo FAILED.');
process.exit(ok ? 0 : 1);

/**
 * --data: a volume made for the run (volume_cleanup: delete), a job whose data is copied into it before it
 * is made and whose results are copied back after, and the post steps, last first, as the runner runs
 * them: the volume is deleted, and nothing is left.
 */
async function dataDemo(): Promise<number> {
  emulator.storage.setVolumeSettleSeconds(0);
  emulator.storage.setTransferPace({
    queueMs: 500,
    pendingMs: 500,
    countMs: 1000,
    bytesPerSecond: 1024 ** 3
  });
  const rsaKey = {
    base_url: emulator.base_url,
    token: emulator.rsa.token,
    private_key: readFileSync(emulator.rsa.private_key_file, 'utf8'),
    platform_public_key: readFileSync(emulator.rsa.platform_public_key_file, 'utf8')
  };
  const volume = {
    ...rsaKey,
    operation: 'volume',
    volume: 'demo-data',
    size: '20',
    volume_cleanup: 'delete'
  };
  const onData = {
    ...gpuJob,
    ...rsaKey,
    task_name: 'demo-eval',
    points: '1',
    volumes: 'demo-data:/work',
    data: 'datasets/v3/ -> demo-data:/work/data',
    // What the job wrote (the emulator's script for demo-eval), not what it read.
    results: 'demo-data:/work/out -> results/demo-eval/',
    wait_timeout: '',
    s3_supplier: 'tencent',
    s3_endpoint: 'cos.ap-guangzhou.myqcloud.com',
    s3_bucket: 'training-data',
    s3_access_key: 'AKIDDEMOACCESSKEY',
    s3_secret_key: 'demo-secret-key-never-shown'
  };
  say(`Emulator listening on ${emulator.base_url}: a bucket of 40 files of 50 MiB under datasets/v3/.`);
  say(
    'Running dist/index.js on Node 24 as the runner would: a volume, then a job on its data (reads of a volume or a transfer are 10 s apart at least, as the platform asks).\n'
  );
  const made = await runStep(node, volume, { env });
  show('step 1: volume (volume_cleanup: delete)', made);
  emulator.storage.setObjects(
    'training-data',
    'datasets/v3/',
    Array.from({ length: 40 }, (_, i) => ({ name: `part-${i}.bin`, bytes: 50 * 1024 ** 2, hash: `h${i}` }))
  );
  const ran = await runStep(node, onData, { env });
  show('step 2: job with data and results', ran);
  say('── job summary ──');
  say(terminalSummary(ran.summary).trimEnd().replace(/^/gm, '  '));
  say();
  const jobPost = await runStep(node, onData, { env, state: ran.state });
  show('post step of step 2', jobPost);
  const volumePost = await runStep(node, volume, { env, state: made.state });
  show('post step of step 1', volumePost);
  const left = emulator.requests.filter((r) => r.path === '/api/storage/nas/v1/delete' && r.applied).length;
  const copiedBack = emulator.storage
    .objects('training-data', 'results/demo-eval/')
    .map((file) => file.name)
    .sort();
  say(`The bucket's results/demo-eval/ holds ${copiedBack.join(', ') || 'nothing'}: what the job wrote.`);
  await emulator.stop();
  const ok =
    made.exitCode === 0 &&
    ran.exitCode === 0 &&
    jobPost.exitCode === 0 &&
    volumePost.exitCode === 0 &&
    left === 1 &&
    copiedBack.join() === 'metrics.json,predictions.parquet';
  say(
    ok
      ? 'Demo finished: the data copied in, the job ran on it, its results copied back, and the volume deleted; nothing left.'
      : 'Demo FAILED.'
  );
  return ok ? 0 : 1;
}
