import { execFile } from 'node:child_process';
import { ROOT } from '../../scripts/action-runner.js';

const demo = (...args: string[]) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', 'demo', '--', ...args],
      // No timeout of its own: the test's (a hang guard) ends a demo that hangs.
      { cwd: ROOT },
      (error, out, err) => {
        resolve({ code: error === null ? 0 : Number(error.code), stdout: out, stderr: err });
      }
    );
  });

// Regression (issue 63, point 10): `npm run demo -- --jobs` ran the default demo and exited 0, and no help
// said which modes there are.
it.concurrent(
  'npm run demo -- --help lists every mode, and an unknown mode is refused in one line',
  async () => {
    const help = await demo('--help');
    expect(help.code).toBe(0);
    for (const mode of [
      '--rsa',
      '--crash',
      '--job',
      '--job-fail',
      '--data',
      '--data-objects',
      '--preview',
      '--runner'
    ])
      expect(help.stdout).toMatch(new RegExp(`^ {2}${mode} +\\S`, 'm'));
    // Nothing ran: no emulator started.
    expect(help.stdout).not.toContain('Emulator listening');
    const unknown = await demo('--jobs');
    expect(unknown.code).toBe(2);
    expect(unknown.stdout).toBe('');
    expect(unknown.stderr).toBe(
      'demo: "--jobs" is not a mode of the demo (did you mean --job?): the modes are --rsa, --crash, --job, --job-fail, --data, --data-objects, --preview, --runner (npm run demo -- --help says what each shows)\n'
    );
    const two = await demo('--job', '--rsa');
    expect(two.code).toBe(2);
    expect(two.stderr).toMatch(/^demo: one mode at a time, not --job and --rsa/);
  }
);

it.concurrent(
  'npm run demo creates a task, waits for it and its app, shows outputs and summary, cleans up, and exits 0',
  async () => {
    const { code, stdout } = await demo();
    expect(code).toBe(0);
    expect(stdout).toMatch(/── main step \(exit code 0; \d+ secret values masked\) ──/);
    expect(stdout).toMatch(
      /task \d+ "demo-inference" is ready after \ds: https:\/\/127\.0\.0\.1:\d+\/_app\/\d+\/8080/
    );
    expect(stdout).toMatch(
      /health: https:\/\/127\.0\.0\.1:\d+\/_app\/\d+\/8080\/health answered HTTP 503 after \ds/
    );
    expect(stdout).toMatch(/^ {2}healthy = true$/m);
    // The production path: a token-mode key, the documented forms, gpu picking the resource.
    expect(stdout).toContain(
      "api profile: live (the platform's documented forms; api_profile: spec sends the interface spec's)"
    );
    expect(stdout).toMatch(/^ {2}gpu = 4090$/m);
    expect(stdout).not.toContain('sign_str');
    expect(stdout).toMatch(/^ {2}status = Running$/m);
    // The summary as a terminal shows it: no markdown marks, no entity, the tables' columns aligned.
    expect(stdout).toMatch(/^ {2}Elastic deploy: create succeeded$/m);
    expect(stdout).not.toMatch(/&#\d+;|<a href|^ {2}#+ /m);
    expect(stdout).toMatch(/^ {2}Task +Name +Status +Outcome \(waited to be ready\) +URL +Elapsed +Cost$/m);
    // A long output is shortened, saying how long it was.
    expect(stdout).toMatch(/^ {2}data = \{"task_id":\d+,.{80,}… \(\d+ characters\)$/m);
    expect(stdout).toMatch(
      /── post step \(exit code 0; \d+ secret values masked\) ──\n {2}cleanup: stopped task \d+/
    );
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      'Demo finished: created, waited until ready and healthy, cleaned up.'
    );
  }
);

it.concurrent('npm run demo -- --rsa takes the RSA-mode path of the interface spec', async () => {
  const { code, stdout } = await demo('--rsa');
  expect(code).toBe(0);
  expect(stdout).toContain("api profile: spec (the interface spec's forms, as api_profile asks)");
  expect(stdout).toContain(
    'create: POST /api/deployment/task/create (RSA mode, version 1.0.0, encrypted body)'
  );
  expect(stdout.trimEnd().split('\n').at(-1)).toBe(
    'Demo finished: created, waited until ready and healthy, cleaned up.'
  );
});

it.concurrent(
  'npm run demo -- --crash fails the deploy in seconds with its diagnostics, and still cleans up',
  async () => {
    const { code, stdout } = await demo('--crash');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /has a node that will not come up: node \d+ \(Running\): container web CrashLoopBackOff, exit code 137/
    );
    expect(stdout).toContain('│     torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB');
    expect(stdout).toMatch(/^ {2}Why task /m);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      'Demo finished: the crash loop failed the step in seconds, with its diagnostics; cleaned up.'
    );
  }
);

it.concurrent(
  'npm run demo -- --job runs a GPU job to its end, and -- --job-fail one that fails with its exit code, saying why',
  async () => {
    const [passed, failed] = await Promise.all([demo('--job'), demo('--job-fail')]);
    expect(passed.code).toBe(0);
    expect(passed.stdout).toMatch(/Running -> Complete \(0 running, 2 succeeded, 0 failed\)/);
    expect(passed.stdout).toMatch(/^ {2}job_status = Complete$/m);
    // Regression (issue 63, point 10): the demo's own job warned that its wait was shorter than the job.
    expect(passed.stdout).not.toContain('::warning::');
    expect(passed.stdout).not.toContain('is shorter than the job');
    expect(passed.stdout.trimEnd().split('\n').at(-1)).toBe(
      'Demo finished: the job ran its two completions to its end (Complete); nothing left billing.'
    );
    expect(failed.code).toBe(0);
    expect(failed.stdout).toContain(
      'the job failed: 1 pod(s) failed, more than its backoff_limit of 0 allows (restart_policy Never: each failure runs a new pod)'
    );
    expect(failed.stdout).toMatch(/\(Failed\): container tests Error, exit code 3/);
    expect(failed.stdout).toContain('│     FAILED: 1 failed, 11 passed');
    expect(failed.stdout.trimEnd().split('\n').at(-1)).toBe(
      'Demo finished: the job failed with exit code 3, which failed the step and said why; nothing left billing.'
    );
  }
);

it.concurrent(
  "npm run demo -- --data uploads the workspace's dataset into a volume over SFTP before the job, downloads its results into ./results/ after it, and deletes the volume",
  async () => {
    const { code, stdout } = await demo('--data');
    expect(code).toBe(0);
    // The upload before the job is made, the download after it ended, each over its own session.
    const upload = stdout.indexOf(
      "data: the workspace's ./dataset/ -> volume 1001:/work/data: 41 files copied"
    );
    const create = stdout.indexOf('POST /api/task/job/create');
    const download = stdout.indexOf(
      "results: volume 1001:/work/out -> the workspace's ./results/: 2 files copied"
    );
    expect(upload).toBeGreaterThan(-1);
    expect(create).toBeGreaterThan(upload);
    expect(download).toBeGreaterThan(create);
    expect(stdout).toMatch(/shows the host key SHA256:\S+ \(first contact/);
    // Judged by the emulator's volume and the workspace's files, as the demo read them.
    expect(stdout).toContain(
      "The volume's /work/data held 41 files uploaded from ./dataset/ before the job was made."
    );
    expect(stdout).toContain(
      "The workspace's ./results/ holds metrics.json, predictions.parquet (2048 and 8388608 bytes): what the job wrote."
    );
    expect(stdout).toContain("the volume's session now: none.");
    expect(stdout).toContain(
      'cleanup: deleted volume 1001 (demo-data), made for this run (volume_cleanup: delete): no list shows it'
    );
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      'Demo finished: the workspace data uploaded, the job ran on it, its results downloaded into ./results/, and the volume deleted; nothing left.'
    );
  }
);

it.concurrent(
  'npm run demo -- --data-objects copies a dataset into a volume, runs a job on it, copies its results back, and deletes the volume',
  async () => {
    const { code, stdout } = await demo('--data-objects');
    expect(code).toBe(0);
    expect(stdout).toMatch(/data: transfer 501: Completed, copied 40 files \(1\.95 GiB\)/);
    // Regression (issue 63, point 10): the results copied back were the job's input (its 40 files of
    // /work/data); they are what it wrote under /work/out.
    expect(stdout).toContain('results: copying volume 1001:/work/out to results/demo-eval/');
    expect(stdout).toMatch(/results: transfer 502: Completed, copied 2 files/);
    expect(stdout).toContain(
      "The bucket's results/demo-eval/ holds metrics.json, predictions.parquet: what the job wrote."
    );
    expect(stdout).toContain(
      'cleanup: deleted volume 1001 (demo-data), made for this run (volume_cleanup: delete): no list shows it'
    );
    // The storage keys never reach the log.
    expect(stdout).not.toMatch(/AKIDDEMOACCESSKEY|demo-secret-key-never-shown/);
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      'Demo finished: the data copied in, the job ran on it, its results copied back, and the volume deleted; nothing left.'
    );
  }
);

it.concurrent(
  'npm run demo -- --preview opens, pushes to and merges a pull request, and prints its comment each time',
  async () => {
    const { code, stdout } = await demo('--preview');
    expect(code).toBe(0);
    expect(stdout).toMatch(
      /── pull request #42 opened: the preview step \(exit code 0; \d+ secret values masked\) ──/
    );
    expect(stdout).toMatch(
      /preview: deployment \d+ is live at https:\/\/127\.0\.0\.1:\d+\/_app\/\d+\/8080; 1 earlier one\(s\) marked inactive/
    );
    // The comment as a reviewer reads it: no marker, no markdown marks, no entity.
    expect(stdout).toMatch(/^ {2}Preview of web: running$/m);
    expect(stdout).toMatch(/^ {2}Preview of web: stopped: the pull request is closed$/m);
    expect(stdout).not.toMatch(/<!--|&#\d+;|<a href/);
    // Regression (issue 63, point 10): the push's commit read as the opened one's (both "0000002").
    const commits = [...stdout.matchAll(/bringing up "web-pr-42" at ([0-9a-f]{7})/g)].map((m) => m[1]);
    expect(commits).toHaveLength(2);
    expect(new Set(commits).size).toBe(2);
    expect(stdout).toContain(
      'GitHub: 2 deployments of pr-42, 0 still live; 1 comment. The emulator: 0 preview task(s) still billing.'
    );
    expect(stdout.trimEnd().split('\n').at(-1)).toMatch(
      /^Demo finished: the preview came up, was replaced on the push, and was stopped on the merge; its previews cost (less than 0\.01|\d+\.\d{2}) yuan in all\.$/
    );
  }
);

it.concurrent(
  'npm run demo -- --runner starts two runners that come online, each takes a job and exits, then runner_stop',
  async () => {
    const { code, stdout } = await demo('--runner');
    expect(code).toBe(0);
    const label = 'gpu-7613012-1';
    expect(stdout).toMatch(
      /── gpu-runner: the runner step \(operation: runner, runners: 2\) \(exit code 0; \d+ secret values masked\) ──/
    );
    expect(stdout).toContain(
      `  runner: 2 runner(s) online, labeled ${label}: runs-on: ["self-hosted", "${label}"]; each takes one job, and its platform job ends with it\n`
    );
    // Its outputs, as the tests job's runs-on takes them.
    expect(stdout).toContain(`\n  runner_label = ${label}\n`);
    expect(stdout).toContain(`\n  runner_names = ["${label}-1","${label}-2"]\n`);
    expect(stdout).toContain(`\n  runs_on = ["self-hosted","${label}"]\n`);
    expect(stdout).toMatch(/^ {2}task_ids = \["\d+","\d+"\]$/m);
    // GitHub's list, read when the step handed them over: both online.
    expect(stdout).toContain(`GitHub lists 2 runner(s): ${label}-1 online; ${label}-2 online.`);
    // The post step stops nothing handed over.
    expect(stdout).toMatch(/── post step of gpu-runner .*\(exit code 0; \d+ secret values masked\) ──/);
    // Each runner took one job and exited 0; its platform job completed by itself.
    expect(stdout.match(/^ {2}runner \d \(exit code 0\):$/gm)).toHaveLength(2);
    expect(stdout.match(/: Job tests completed with result: Succeeded$/gm)).toHaveLength(2);
    expect(stdout.match(/^ {2}platform job \d+: End \(Complete\)$/gm)).toHaveLength(2);
    // runner_stop: its lines, its summary, total_cost.
    expect(stdout).toMatch(
      /── stop-runner: operation: runner_stop \(if: always\(\)\) \(exit code 0; \d+ secret values masked\) ──/
    );
    expect(stdout).toMatch(new RegExp(`^ {2}runner_stop: \\d+ runner job\\(s\\) labeled ${label}`, 'm'));
    expect(stdout).toContain(`  Runners stopped (label ${label})\n`);
    expect(stdout).toMatch(/^ {2}total_cost = \d+\.\d+$/m);
    // Read by state at the end: nothing bills, GitHub lists no runner.
    expect(stdout).toMatch(
      /^The emulator: 2 of 2 runner job\(s\) completed, billing no more; they cost (less than 0\.01|\d+\.\d{2}) yuan in all\. GitHub: 0 runner\(s\) still listed\.$/m
    );
    // No runner's configuration (a long base-64 text) and no mask command reach what the demo prints.
    expect(stdout).not.toMatch(/[A-Za-z0-9+/]{120,}={0,2}/);
    expect(stdout).not.toContain('::add-mask::');
    expect(stdout.trimEnd().split('\n').at(-1)).toBe(
      'Demo finished: two runners came online and were handed over, each took one job and exited, their platform jobs completed by themselves, and runner_stop left nothing billing or registered.'
    );
  }
);
