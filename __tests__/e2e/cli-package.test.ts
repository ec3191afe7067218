// The packed package, as a user gets it: `npm pack`, installed into an empty directory, and its
// elastic-deploy run as a child process (on each Node version here) against the emulator over HTTPS.
import { execFile, execFileSync, spawn } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { parse } from 'yaml';
import { promisify } from 'node:util';
import type { Emulator } from '../../emulator/index.js';
import { startGitHub, type SimulatedRunner } from '../../github-standin/index.js';
import { nodeRuntimes, ROOT, type NodeRuntime } from '../../scripts/action-runner.js';
import { startConnectProxy } from '../helpers/proxy.js';
import { startStrictEmulator } from '../helpers/platform-client.js';
import { until } from '../helpers/until.js';
import { mermaidBlocks, parseGantt } from '../helpers/mermaid.js';
import { JOB_BODY, jobBodyWithSecrets, MARK_4090 } from '../helpers/bodies.js';
import { SERVICE, stopLater, webCreate, gpuJob } from '../helpers/cli-args.js';

const run = promisify(execFile);

interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The outputs a run printed as JSON on stdout. */
const outputsOf = (result: CliRun): Record<string, string> =>
  JSON.parse(result.stdout) as Record<string, string>;
/** Its waits poll each second. */
const EACH_SECOND = ['--poll-interval', '1s'];
/** It writes its files, and its summary (summary.md), into `files`. */
const filesIn = (files: string): string[] => [
  '--files-dir',
  files,
  '--summary-file',
  join(files, 'summary.md')
];

describe('the packed elastic-deploy, installed into an empty directory', () => {
  let emulator: Emulator;
  let dir: string;
  let bin: string;
  let cli: string;

  // An emulator of each test's own: no request of another test (one that timed out, say) is counted.
  beforeEach(async () => {
    emulator = await startStrictEmulator();
  });
  afterEach(() => emulator.stop());
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'cli-package-'));
    await run('npm', ['pack', '--pack-destination', dir, '--silent'], { cwd: ROOT });
    const tarball = readdirSync(dir).find((file) => file.endsWith('.tgz')) ?? '';
    await run(
      'npm',
      [
        'install',
        '--prefix',
        join(dir, 'install'),
        join(dir, tarball),
        '--omit=dev',
        '--prefer-offline',
        '--no-audit',
        '--no-fund',
        '--ignore-scripts'
      ],
      { cwd: dir }
    );
    bin = join(dir, 'install/node_modules/.bin/elastic-deploy');
    cli = join(dir, 'install/node_modules/elastic-deploy-action/dist/cli/index.js');
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** What a CI job sets for the tool: the emulator's CA, address and token-mode key, on the documented forms. */
  const jobEnv = (): Record<string, string> => ({
    PATH: process.env.PATH ?? '',
    NODE_EXTRA_CA_CERTS: emulator.ca_file,
    ELASTIC_DEPLOY_BASE_URL: emulator.base_url,
    ELASTIC_DEPLOY_TOKEN: emulator.token_mode.token,
    ELASTIC_DEPLOY_API_PROFILE: 'live'
  });

  /**
   * Runs the installed tool on `node`, from an empty directory, with only what a CI job would set; sends
   * it SIGTERM once its stderr matches each of `signalOn`, in turn.
   */
  function elasticDeploy(
    node: NodeRuntime,
    args: string[],
    env: Record<string, string> = {},
    signalOn: RegExp[] = []
  ): Promise<CliRun> {
    return new Promise((resolve, reject) => {
      const child = spawn(node.path, [cli, ...args], {
        cwd: dir,
        env: { ...jobEnv(), ...env }
      });
      let stdout = '';
      let stderr = '';
      let signalled = 0;
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => {
        stderr += chunk.toString();
        if (signalOn[signalled]?.test(stderr) === true) {
          signalled++;
          child.kill('SIGTERM');
        }
      });
      child.on('error', reject);
      child.on('close', (code) => {
        resolve({ code, stdout, stderr });
      });
    });
  }

  it('installs no dependency: its bundles need nothing but Node', () => {
    const installed = readdirSync(join(dir, 'install/node_modules')).filter((name) => !name.startsWith('.'));
    expect(installed).toEqual(['elastic-deploy-action']);
    const manifest = JSON.parse(
      readFileSync(join(dir, 'install/node_modules/elastic-deploy-action/package.json'), 'utf8')
    ) as { dependencies?: Record<string, string> };
    expect(manifest.dependencies ?? {}).toEqual({});
  });

  it('runs the engine as the CLI when dist/index.js is started outside GitHub Actions, writing no workflow command', async () => {
    const result = await run(
      process.execPath,
      [join(ROOT, 'dist/index.js'), 'detail', '--task-id', '1', '--debug'],
      {
        env: { ...jobEnv(), INPUT_TOKEN: emulator.token_mode.token }
      }
    ).catch((error: unknown) => error as { stdout: string; stderr: string });
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/^::/m);
    expect(`${result.stdout}${result.stderr}`).not.toContain(emulator.token_mode.token);
    expect(result.stderr).toContain('detail: GET /api/task/deployment/detail');
  });

  /**
   * The commands of a CI example in docs/cli.md, in order, run by bash in `work` (a new empty directory
   * unless given) with the installed elastic-deploy on PATH: the install is done already (unless
   * `install`: then the example's own install runs), and the app's own test (npm run e2e) is an echo of
   * its arguments, so what it would get is checked. With `user`, every command runs as that user.
   */
  async function runExample(
    commands: string[],
    env: Record<string, string>,
    work = mkdtempSync(join(dir, 'example-')),
    how: { install?: boolean; user?: { uid: number; gid: number } } = {}
  ): Promise<string[]> {
    if (!existsSync(join(work, 'service.yaml')))
      writeFileSync(
        join(work, 'service.yaml'),
        `services: [{service_name: web, service_image: "nginx:1", remote_ports: [{service_port: 80}]}]\n`,
        { mode: 0o644 }
      );
    const printed: string[] = [];
    for (const command of commands.filter((c) => how.install === true || !c.startsWith('npm install'))) {
      const script = command.replace(/^npm run e2e -- /, 'echo e2e ');
      const { stdout } = await run('bash', ['-c', script], {
        cwd: work,
        env: {
          ...jobEnv(),
          PATH: `${dirname(bin)}:${dirname(process.execPath)}:${process.env.PATH ?? ''}`,
          ...env
        },
        ...(how.user === undefined ? {} : { uid: how.user.uid, gid: how.user.gid })
      });
      printed.push(stdout);
    }
    return printed;
  }

  /** A user who is not root, as Jenkins runs its steps: nobody, when this test runs as root. */
  function nonRootUser(): { uid: number; gid: number } | undefined {
    if (process.getuid?.() !== 0) return undefined;
    return { uid: 65534, gid: 65534 };
  }
  /** The name of the task the last create asked for, and the status of the last task read since. */
  const lastCreated = (): { name: unknown; status: unknown } => {
    const creates = emulator.requests.filter((r) => r.path === '/api/task/deployment/create');
    const id = emulator.requests
      .map((r) => /task_id=(\d+)/.exec(r.target)?.[1])
      .filter((found) => found !== undefined)
      .at(-1);
    return {
      name: (JSON.parse(creates.at(-1)?.body ?? '{}') as { task_name?: unknown }).task_name,
      status: id === undefined ? undefined : emulator.tasks.get(id).status
    };
  };
  const cliDoc = readFileSync(join(ROOT, 'docs/cli.md'), 'utf8');
  const blockAfter = (heading: string, language: string): string => {
    const from = cliDoc.indexOf(heading);
    const start = cliDoc.indexOf('```' + language + '\n', from) + language.length + 4;
    return cliDoc.slice(start, cliDoc.indexOf('```', start));
  };

  /** A dotenv report's lines as variables, as GitLab gives them to the jobs of later stages. */
  const dotenv = (text: string): Record<string, string> =>
    Object.fromEntries(
      text
        .split('\n')
        .filter((line) => line.includes('='))
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
    );

  it('runs the GitLab CI pipeline of docs/cli.md stage by stage: deploy, the tests against its URL in a later stage, the stop that always runs', async () => {
    const pipeline = parse(blockAfter('## GitLab CI', 'yaml')) as Record<
      string,
      { stage?: string; when?: string; script?: string[] }
    >;
    expect(pipeline.stages).toEqual(['deploy', 'test', 'cleanup']);
    const { deploy, e2e, stop } = pipeline;
    if (deploy?.script === undefined || e2e?.script === undefined || stop?.script === undefined)
      throw new Error('docs/cli.md: the pipeline has no deploy, e2e and stop jobs');
    expect([deploy.stage, e2e.stage, stop.stage, stop.when]).toEqual(['deploy', 'test', 'cleanup', 'always']);
    // One workspace for the three jobs: the state file is an artifact of the deploy job, which GitLab
    // hands to the later stages; its dotenv report becomes their variables.
    const work = mkdtempSync(join(dir, 'gitlab-'));
    const base = { ELASTIC_DEPLOY_TOKEN: emulator.token_mode.token, CI_PIPELINE_ID: '4242' };
    await runExample(deploy.script, base, work);
    const report = dotenv(readFileSync(join(work, 'deploy.env'), 'utf8'));
    expect(Object.keys(report).length).toBeLessThanOrEqual(20);
    const id = report.ELASTIC_DEPLOY_OUTPUT_TASK_ID ?? '';
    expect(emulator.tasks.get(id).status).toBe('Running');
    // The tests of a later stage get the URL of a task that still runs.
    const tested = await runExample(e2e.script, { CI_PIPELINE_ID: '4242', ...report }, work);
    expect(tested.join('')).toBe(`e2e --base-url https://t${id}-80.apps.emulator.invalid\n`);
    expect(emulator.tasks.get(id).status).toBe('Running');
    await runExample(stop.script, base, work);
    expect(emulator.tasks.get(id).status).toBe('End');
    expect(lastCreated().name).toBe('e2e-4242');
  });

  it('runs the GitLab job of docs/cli.md on your data: a volume for the run, the dataset in, the job mounting it, the results out, the volume deleted by the after_script', async () => {
    const pipeline = parse(blockAfter('### A job on your data', 'yaml')) as Record<
      string,
      { variables?: Record<string, string>; script?: string[]; after_script?: string[] }
    >;
    const { variables, script, after_script: afterScript } = pipeline.eval ?? {};
    if (variables === undefined || script === undefined || afterScript === undefined)
      throw new Error('docs/cli.md: the data job has no variables, script and after_script');
    // The project's CI/CD variables (masked), and GitLab's own; the job's variables expand them.
    const key = readFileSync(emulator.rsa.private_key_file, 'utf8');
    const project: Record<string, string> = {
      CI_PIPELINE_ID: '4243',
      DEPLOY_API_TOKEN: emulator.rsa.token,
      DEPLOY_API_PRIVATE_KEY: key,
      DEPLOY_API_PLATFORM_PUBLIC_KEY: readFileSync(emulator.rsa.platform_public_key_file, 'utf8'),
      STORAGE_ACCESS_KEY: 'AKIDGITLABEXAMPLE42',
      STORAGE_SECRET_KEY: 'gitlabSecretKeyExample42'
    };
    const env = {
      ...project,
      ...Object.fromEntries(
        Object.entries(variables).map(([name, value]) => [
          name,
          value.replace(/\$([A-Z_]+)/g, (_, ref: string) => project[ref] ?? '')
        ])
      )
    };
    emulator.storage.setTransferPace({ queueMs: 0, pendingMs: 0, countMs: 0, bytesPerSecond: 1e12 });
    emulator.jobs.configure({ scripts: [{ pattern: /^eval-4243$/, runSeconds: 1, log: ['accuracy 0.91'] }] });
    const work = mkdtempSync(join(dir, 'gitlab-data-'));
    writeFileSync(join(work, 'job.yaml'), JOB_BODY);
    const printed = await runExample(script, env, work).catch((error: unknown) => {
      throw new Error(String((error as { stderr?: string }).stderr ?? error));
    });
    // The dataset was copied in before the job was made, the results out after it; the volume is still
    // there, for the after_script.
    const paths = emulator.requests.map((r) => r.path);
    const copies = paths.flatMap((path, i) => (path.endsWith('/encrypt/s3/create') ? [i] : []));
    const job = paths.indexOf('/api/task/job/create');
    expect(copies).toHaveLength(2);
    expect([(copies[0] ?? -1) < job, job < (copies[1] ?? -1)]).toEqual([true, true]);
    const volumeId = Number((JSON.parse(printed[0] ?? '{}') as { storage_id?: string }).storage_id);
    expect(emulator.storage.volumeFiles(volumeId, '/work/data')).toHaveLength(40);
    // The results' copy: out of the path the job wrote (empty here: the emulator's jobs write no file).
    const results = emulator.requests.filter((r) => r.path.endsWith('/encrypt/s3/create'))[1];
    expect(JSON.parse(results?.plaintext ?? '{}')).toMatchObject({
      direction: 2,
      nas_path: '/work/out',
      s3_bucket: 'training-data',
      s3_prefix: 'results/4243/'
    });
    const listed = () => emulator.requests.filter((r) => r.path === '/api/storage/nas/v1/list').length;
    const before = listed();
    await runExample(afterScript, env, work);
    expect(listed()).toBeGreaterThan(before);
    expect(emulator.requests.filter((r) => r.path === '/api/storage/nas/v1/delete')).toHaveLength(1);
    expect(emulator.storage.volumes()).toEqual([]);
    // Nothing of the storage keys or the signing key in what was printed.
    const everything = printed.join('\n');
    for (const secret of [project.STORAGE_ACCESS_KEY, project.STORAGE_SECRET_KEY, key.split('\n')[3]])
      expect(everything).not.toContain(secret);
  });

  it("runs the GitLab job of docs/cli.md on the checkout's data: the dataset uploaded before the job, its results downloaded into the checkout for the artifacts, the volume deleted", async () => {
    const pipeline = parse(blockAfter("### A job on the checkout's data", 'yaml')) as Record<
      string,
      {
        variables?: Record<string, string>;
        script?: string[];
        after_script?: string[];
        artifacts?: { paths?: string[] };
      }
    >;
    const { variables, script, after_script: afterScript, artifacts } = pipeline.eval ?? {};
    if (variables === undefined || script === undefined || afterScript === undefined)
      throw new Error("docs/cli.md: the checkout's data job has no variables, script and after_script");
    const key = readFileSync(emulator.rsa.private_key_file, 'utf8');
    const project: Record<string, string> = {
      CI_PIPELINE_ID: '4244',
      DEPLOY_API_TOKEN: emulator.rsa.token,
      DEPLOY_API_PRIVATE_KEY: key
    };
    const env = {
      ...project,
      ...Object.fromEntries(
        Object.entries(variables).map(([name, value]) => [
          name,
          value.replace(/\$([A-Z_]+)/g, (_, ref: string) => project[ref] ?? '')
        ])
      )
    };
    // The job leaves its metrics under the volume's /work/out.
    emulator.jobs.configure({
      scripts: [
        {
          pattern: /^eval-4244$/,
          runSeconds: 1,
          writes: { path: '/work/out', files: [{ name: 'metrics.json', bytes: 96, hash: 'metrics' }] }
        }
      ]
    });
    const work = mkdtempSync(join(dir, 'gitlab-checkout-'));
    writeFileSync(join(work, 'job.yaml'), JOB_BODY);
    mkdirSync(join(work, 'dataset', 'part'), { recursive: true });
    writeFileSync(join(work, 'dataset', 'train.jsonl'), '{"x": 1}\n');
    writeFileSync(join(work, 'dataset', 'part', 'eval.jsonl'), '{"x": 2}\n');
    const printed = await runExample(script, env, work).catch((error: unknown) => {
      throw new Error(String((error as { stderr?: string }).stderr ?? error));
    });
    const volumeId = Number((JSON.parse(printed[0] ?? '{}') as { storage_id?: string }).storage_id);
    expect(
      emulator.storage
        .volumeFiles(volumeId, '/work/data')
        .map((f) => f.name)
        .sort()
    ).toEqual(['part/eval.jsonl', 'train.jsonl']);
    // The session was destroyed before the job was made, and again after its results came back.
    const paths = emulator.requests.map((r) => r.path);
    const job = paths.indexOf('/api/task/job/create');
    const destroys = paths.flatMap((path, i) => (path === '/api/storage/nas/v1/sftp/destroy' ? [i] : []));
    expect(destroys).toHaveLength(2);
    expect([(destroys[0] ?? -1) < job, job < (destroys[1] ?? -1)]).toEqual([true, true]);
    expect(emulator.storage.sftpStatus(volumeId)).toBeUndefined();
    // What GitLab keeps as the job's artifacts: the results, in the checkout.
    expect(artifacts?.paths).toEqual(['results/']);
    expect(statSync(join(work, 'results', 'metrics.json')).size).toBe(96);
    await runExample(afterScript, env, work);
    expect(emulator.storage.volumes()).toEqual([]);
    const everything = printed.join('\n');
    for (const secret of [...emulator.storage.sftpSessions.passwords(), key.split('\n')[3] ?? ''])
      expect(everything).not.toContain(secret);
  });

  it("runs the Jenkins example of docs/cli.md as Jenkins's non-root user: installed into the workspace, deploy, test against its URL, post { always } cleanup", async () => {
    const commands = [...blockAfter('## Jenkins', 'groovy').matchAll(/sh '((?:[^'\\]|\\.)*)'/g)].map((m) =>
      (m[1] ?? '').replace(/\\'/g, "'")
    );
    expect(commands).toHaveLength(4);
    // The release's URL is this package's tarball here; the workspace is the user's, as Jenkins's is.
    const tarball = join(dir, readdirSync(dir).find((file) => file.endsWith('.tgz')) ?? '');
    const work = mkdtempSync(join(dir, 'jenkins-'));
    const user = nonRootUser();
    if (user !== undefined) {
      chmodSync(dir, 0o755);
      chmodSync(tarball, 0o644);
      chownSync(work, user.uid, user.gid);
    }
    // Regression (issue 60, point 18): in a checkout that user cannot read (a fresh clone in a private
    // temporary directory), the CA in the repository was no CA to it: TLS failed. Jenkins's user gets its
    // CA as a file of its own, as an agent's does.
    const ca = join(dir, 'jenkins-ca.pem');
    writeFileSync(ca, readFileSync(emulator.ca_file), { mode: 0o644 });
    const installed = commands.map((command) => command.replace(/https:\/\/github\.com\/\S+\.tgz/, tarball));
    // The pipeline's own environment, as Jenkins sets it: npm's cache in the workspace.
    const cache = /npm_config_cache = "\$\{WORKSPACE\}(\/[^"]*)"/.exec(
      blockAfter('## Jenkins', 'groovy')
    )?.[1];
    expect(cache).toBe('/.npm');
    // Regression (issue 49, point 7): a Docker agent gives the steps HOME=/, where a user who is not root
    // cannot write npm's cache: the install failed with EACCES on /.npm.
    const printed = await runExample(
      installed,
      {
        ELASTIC_DEPLOY_TOKEN: emulator.token_mode.token,
        BUILD_NUMBER: '77',
        WORKSPACE: work,
        NODE_EXTRA_CA_CERTS: ca,
        HOME: '/',
        npm_config_cache: `${work}${cache ?? ''}`
      },
      work,
      { install: true, user }
    );
    expect(printed.join('')).toMatch(/^e2e --base-url https:\/\/t\d+-80\.apps\.emulator\.invalid\n/m);
    expect(lastCreated()).toEqual({ name: 'e2e-77', status: 'End' });
    // Installed, and its state written, by that user, in the workspace.
    const owner = process.getuid?.() ?? 0;
    expect(statSync(join(work, '.elastic-deploy/node_modules/.bin/elastic-deploy')).uid).toBe(
      user?.uid ?? owner
    );
    expect(statSync(join(work, 'deploy-state.json')).uid).toBe(user?.uid ?? owner);
  });

  it('links the bin, which runs with the shebang', () => {
    // The version the package has (a release's cut sets it, and the bundle's, together).
    const { version } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string };
    expect(execFileSync(bin, ['--version'], { encoding: 'utf8' })).toBe(`${version}\n`);
  });

  describe.each(nodeRuntimes().map((node) => [node.major, node] as const))('on Node %i', (_major, node) => {
    it('creates a task picking its resource by gpu, with no secret in any stream even with --debug, and no workflow command', async () => {
      const result = await elasticDeploy(node, [
        ...webCreate(`pkg-web-${node.major}`),
        ...EACH_SECOND,
        '--debug'
      ]);
      expect(result.code).toBe(0);
      const outputs = outputsOf(result);
      expect(outputs).toMatchObject({ status: 'Running', gpu: '4090' });
      expect(result.stderr).toContain('debug: ');
      expect(`${result.stdout}${result.stderr}`).not.toContain(emulator.token_mode.token);
      expect(result.stderr).not.toMatch(/^::/m);
    });

    it('stops what it created on SIGTERM with --cleanup stop, exiting 130, through a second SIGTERM', async () => {
      emulator.tasks.setReadyAfter(600);
      // The stop is slow, so that the second SIGTERM (a cancelled GitHub job sends SIGINT, then SIGTERM)
      // comes while it is in flight.
      emulator.inject({ path: '/api/deployment/task/stop', delayMs: 1500 });
      try {
        const result = await elasticDeploy(
          node,
          [...webCreate(`pkg-term-${node.major}`), '--cleanup', 'stop', ...EACH_SECOND],
          {},
          [/task_id: \d+/, /cleaning up what it left/]
        );
        expect(result.code).toBe(130);
        const id = outputsOf(result).task_id ?? '';
        expect(result.stderr).toContain('cleanup: received SIGTERM; the cleanup goes on until it ends');
        expect(result.stderr).toContain(`cleanup: stopped task ${id}`);
        expect(emulator.tasks.get(id).status).toBe('End');
      } finally {
        emulator.clearFaults();
        emulator.tasks.setReadyAfter(0);
      }
    });

    it('leaves a task that succeeded running, for cleanup --state-file to stop, writing dotenv outputs', async () => {
      const stateFile = join(dir, `state-${node.major}.json`);
      const created = await elasticDeploy(node, [
        ...webCreate(`pkg-later-${node.major}`),
        ...stopLater(stateFile),
        '--output',
        'dotenv'
      ]);
      expect(created.code).toBe(0);
      const id = /^ELASTIC_DEPLOY_OUTPUT_TASK_ID=(\d+)$/m.exec(created.stdout)?.[1] ?? '';
      expect(emulator.tasks.get(id).status).toBe('Running');
      // Regression (issue 37): a second run with the same state file replaced the first one's record, and
      // its task was never stopped (CI workspaces persist between builds).
      const before = emulator.requests.length;
      const second = await elasticDeploy(node, [
        ...webCreate(`pkg-later-${node.major}`),
        ...stopLater(stateFile)
      ]);
      expect(second.code).toBe(2);
      expect(second.stderr).toContain(
        `error: --state-file names ${JSON.stringify(stateFile)}, which still names what an earlier run left: task ${id} to stop.`
      );
      expect(emulator.requests.length).toBe(before);
      // Regression (issue 37): cleanup given the flags a pipeline passes to every call exited 2 and stopped
      // nothing; they are taken, and one that differs from the state file is set aside, saying so.
      const cleanup = await elasticDeploy(node, [
        'cleanup',
        '--state-file',
        stateFile,
        '--base-url',
        emulator.base_url,
        '--api-profile',
        'spec',
        '--cleanup-timeout',
        '1m'
      ]);
      expect([cleanup.code, emulator.tasks.get(id).status]).toEqual([0, 'End']);
      expect(cleanup.stderr).toContain(
        'warning: --api-profile "spec" is not what the state file saved ("live"): cleanup uses the state file\'s'
      );
      // Cleaned up, the file may be used again.
      const third = await elasticDeploy(node, [
        ...webCreate(`pkg-later-${node.major}`),
        ...stopLater(stateFile)
      ]);
      expect(third.code).toBe(0);
      expect((await elasticDeploy(node, ['cleanup', '--state-file', stateFile])).code).toBe(0);
    });

    // Regression (issue 37): a run started through npm exec (or npx) is not told of a SIGTERM sent to npm,
    // which ends without passing it on: the run waited on, reported ready, and its task billed.
    it('cleans up as interrupted when run through npm exec and npm is signalled', async () => {
      emulator.tasks.setReadyAfter(600);
      try {
        const child = spawn(
          'npm',
          [
            'exec',
            '--prefix',
            join(dir, 'install'),
            '--',
            'elastic-deploy',
            ...webCreate(`pkg-npx-${node.major}`),
            '--cleanup',
            'stop',
            ...EACH_SECOND
          ],
          { cwd: dir, env: { ...jobEnv(), PATH: `${dirname(node.path)}:${process.env.PATH ?? ''}` } }
        );
        let stderr = '';
        child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
        await until(() => /task_id: \d+/.test(stderr), 'the task id in the log');
        const id = /task_id: (\d+)/.exec(stderr)?.[1] ?? '';
        child.kill('SIGTERM');
        await until(() => emulator.tasks.get(id).status === 'End', `task ${id} stopped`);
        await until(() => stderr.includes(`cleanup: stopped task ${id}`), 'the cleanup in the log');
        expect(stderr).toContain('received the loss of its parent process');
      } finally {
        emulator.tasks.setReadyAfter(0);
      }
    });

    // Regression (issue 37): a run that succeeded after sending its create again exited at once, so the
    // first attempt's task, landing later, billed on, though the log said it would be stopped.
    it('stops, before a successful run exits, the task of an earlier attempt of its create that lands late', async () => {
      // The first attempt times out after 2 s, no task shows up in the grace, the create is sent again
      // and answered; the first attempt's task appears at 9 s.
      emulator.inject({ path: '/api/task/deployment/create', delayMs: 9000 });
      const result = await elasticDeploy(node, [
        ...webCreate(`pkg-twin-${node.major}`),
        '--wait',
        'false',
        '--request-timeout',
        '2s'
      ]);
      // The run's log is what a failure shows: exit 0 or why not.
      expect(result.code === 0 ? 'exit 0' : `exit ${result.code}: ${result.stderr}`).toBe('exit 0');
      const id = outputsOf(result).task_id ?? '';
      const twin = /^cleanup: stopped task (\d+), a second task named/m.exec(result.stderr)?.[1] ?? '';
      expect([emulator.tasks.get(id).status, emulator.tasks.get(twin).status]).toEqual(['Running', 'End']);
    });

    it('goes through the proxy in https_proxy, loading HttpClient for it: every request tunnelled', async () => {
      // platform.test resolves nowhere but in the proxy, so nothing can have reached the emulator directly.
      const proxy = await startConnectProxy('platform.test');
      try {
        const before = emulator.requests.length;
        const result = await elasticDeploy(node, ['search_tasks'], {
          ELASTIC_DEPLOY_BASE_URL: emulator.base_url.replace('127.0.0.1', 'platform.test'),
          https_proxy: proxy.url
        });
        expect([result.code, result.stderr]).toEqual([0, expect.stringContaining('code 0000')]);
        expect(new Set(proxy.tunnels)).toEqual(new Set([`platform.test:${new URL(emulator.base_url).port}`]));
        expect(emulator.requests.slice(before).map((r) => r.path)).toEqual(['/api/deployment/task/search']);
      } finally {
        await proxy.stop();
      }
    });

    it('stops a task at --max-cost before it passes the cap, exiting 5, the exit code of its own', async () => {
      emulator.tasks.setBillPending(true);
      emulator.tasks.setReadyAfter(600);
      const result = await elasticDeploy(node, [
        ...webCreate(`pkg-capped-${node.major}`),
        '--max-cost',
        '0.0003',
        ...EACH_SECOND
      ]);
      expect(result.code).toBe(5);
      const outputs = JSON.parse(result.stdout) as Record<string, unknown>;
      expect(outputs.capped).toBe(true);
      expect(emulator.tasks.get(String(outputs.task_id)).status).toBe('End');
      expect(result.stderr).toMatch(/stopped at max_cost 0\.0003 yuan/);
    });

    // Regression (issue 48): a job step left to its defaults kept its job running after the wait (exit 3).
    it('stops a job left to its defaults once its wait times out (cleanup stop, the default of a job), exiting 3', async () => {
      const result = await elasticDeploy(node, [
        ...gpuJob(`pkg-job-${node.major}`, JOB_BODY),
        '--wait-timeout',
        '3s',
        ...EACH_SECOND
      ]);
      expect(result.code).toBe(3);
      const id = outputsOf(result).task_id ?? '';
      expect(emulator.jobs.get(id).status).toBe('Paused');
      expect(result.stderr).toContain(`job ${id} may still run: stopping it now`);
      expect(result.stderr).toContain(
        "warning: --wait-timeout (3s) is shorter than the job's timeout_sec (10m0s): the step stops waiting before the job would end (and stops the job then, with --cleanup stop)"
      );
      expect(result.stderr).not.toContain('may still be running, and billing');
    });

    // Regression (issue 48): the exit-4 hint said "elastic-deploy stop --task-id N" of a job.
    it("names the job's own stop when it cannot stop a job, exiting 4", async () => {
      emulator.inject({
        path: '/api/task/job/stop',
        times: Infinity,
        answer: { kind: 'envelope', code: 'C999', message: 'busy' }
      });
      const result = await elasticDeploy(node, [
        ...gpuJob(`pkg-job-stuck-${node.major}`, JOB_BODY),
        '--wait-timeout',
        '2s',
        '--cleanup-timeout',
        '5s',
        ...EACH_SECOND
      ]);
      expect(result.code).toBe(4);
      const id = outputsOf(result).task_id ?? '';
      expect(result.stderr).toContain(
        `run \`elastic-deploy job-stop --task-id ${id} --base-url ${emulator.base_url} --api-profile live\``
      );
      expect(result.stderr).not.toContain('elastic-deploy stop --task-id');
      emulator.clearFaults();
      emulator.jobs.stop(id);
    });

    // Regression (issue 48): the CLI's kept job log held the token, the key's lines and secret env values.
    // Issue 50, point 5: a registry password too, and the diagnostics file of a job that fails.
    it.each([
      ['passes', 0, 0],
      ['fails', 3, 1]
    ])(
      'masks what a job that %s printed of the token, the key, a secret env value and a registry password, in every stream and file',
      async (outcome, exitCode, code) => {
        const key = readFileSync(emulator.rsa.private_key_file, 'utf8');
        const keyLine = key.split('\n').filter((line) => line.trim() !== '')[3] ?? '';
        const secrets = [emulator.rsa.token, keyLine, 'hf_secret_value_1234', 'reg-pass-pkg-1'];
        const name = `pkg-job-secrets-${outcome}-${node.major}`;
        emulator.jobs.configure({
          scripts: [
            {
              pattern: new RegExp(`^${name}$`),
              runSeconds: 1,
              exitCode,
              log: [
                `token=${secrets[0] ?? ''}`,
                `key line: ${keyLine}`,
                'HF_TOKEN=hf_secret_value_1234',
                'registry: reg-pass-pkg-1'
              ]
            }
          ]
        });
        const body = jobBodyWithSecrets(
          [{ name: 'HF_TOKEN', value: 'hf_secret_value_1234' }],
          'reg-pass-pkg-1'
        );
        const files = mkdtempSync(join(dir, 'files-'));
        const result = await elasticDeploy(
          node,
          [...gpuJob(name, body), ...EACH_SECOND, ...filesIn(files), '--with-data', '--debug'],
          { ELASTIC_DEPLOY_TOKEN: emulator.rsa.token, ELASTIC_DEPLOY_PRIVATE_KEY: key }
        );
        expect(result.code).toBe(code);
        const outputs = outputsOf(result);
        expect(readFileSync(outputs.log_file ?? '', 'utf8')).toBe(
          'token=***\nkey line: ***\nHF_TOKEN=***\nregistry: ***\n'
        );
        if (code !== 0)
          expect(readFileSync(outputs.diagnostics_file ?? '', 'utf8')).toContain('registry: ***');
        // --summary-file holds the summary's Markdown, its diagrams read back by Mermaid's parser (issue 63,
        // point 9): the job's phases, as the run saw them.
        const [gantt] = mermaidBlocks(readFileSync(join(files, 'summary.md'), 'utf8'));
        const { bars } = await parseGantt(gantt ?? '');
        expect(bars.map((bar) => bar.section)).toContain(`task ${outputs.task_id ?? ''} ${name}`);
        const written = readdirSync(files, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
        expect(written.length).toBeGreaterThanOrEqual(3);
        const everything = [result.stdout, result.stderr, ...written].join('\n');
        for (const secret of secrets)
          expect({ secret, shown: everything.includes(secret) }).toEqual({ secret, shown: false });
      }
    );

    // Regression (issue 60, point 13): a deployment's env is a string of NAME=value lines; its secret
    // values, printed by the service, reached the CLI's log, its diagnostics and a logs command's files.
    it("masks a deployment's string env values in every stream and file: the create, and a logs command that only reads the task", async () => {
      const secret = 's3cr3t-pkg-env-value';
      const name = `pkg-env-${node.major}-envcrash`;
      emulator.tasks.setCrashLoops([
        { pattern: '-envcrash$', restartEverySeconds: 0.5, log: `booting\nAPI_KEY=${secret}\nOTHER=x\n` }
      ]);
      const body = JSON.stringify({
        resources: [{ mark: MARK_4090 }],
        services: [
          {
            service_name: 'web',
            service_image: 'nginx:1',
            env: `API_KEY=${secret}\nOTHER=x`,
            remote_ports: [{ service_port: 80 }]
          }
        ]
      });
      const files = mkdtempSync(join(dir, 'env-files-'));
      const common = [...filesIn(files), '--with-data', '--debug'];
      const created = await elasticDeploy(node, [
        'create',
        '--task-name',
        name,
        '--body',
        body,
        ...EACH_SECOND,
        ...common
      ]);
      expect(created.code).not.toBe(0);
      const id = outputsOf(created).task_id ?? '';
      const createdOutputs = outputsOf(created);
      expect(readFileSync(createdOutputs.diagnostics_file ?? '', 'utf8')).toContain('API_KEY=***');
      const logs = await elasticDeploy(node, ['logs', '--task-id', id, ...common]);
      expect(logs.code).toBe(0);
      const logsOutputs = outputsOf(logs);
      expect(readFileSync(logsOutputs.response_file ?? '', 'utf8')).toContain('API_KEY=***');
      const written = readdirSync(files, { recursive: true, withFileTypes: true })
        .filter((entry) => entry.isFile())
        .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'utf8'));
      const everything = [created.stdout, created.stderr, logs.stdout, logs.stderr, ...written].join('\n');
      expect({ shown: everything.includes(secret) }).toEqual({ shown: false });
      emulator.tasks.stop(id);
    });

    // Regression (issue 48): two runs with one --state-file started together both passed the check, and
    // the file then named one job of two (seen in 2 of 3 rounds).
    it('lets one of two runs started together with one --state-file have it; the other sends nothing', async () => {
      const stateFile = join(mkdtempSync(join(dir, 'together-')), 'state.json');
      const args = (n: number) => [
        'create',
        '--task-name',
        `pkg-together-${node.major}-${n}`,
        '--body',
        SERVICE,
        '--gpu',
        '4090',
        '--wait',
        'false',
        ...stopLater(stateFile)
      ];
      // The first create is answered 3 s late, so that the first run holds the file while the other starts.
      emulator.inject({ path: '/api/task/deployment/create', delayMs: 3000 });
      const runs = await Promise.all([elasticDeploy(node, args(1)), elasticDeploy(node, args(2))]);
      const codes = runs.map((r) => r.code).sort();
      expect(codes).toEqual([0, 2]);
      // Refused while the other ran (the lock), or, on a machine so busy that it started only once the
      // other had ended, for the task the file now names: either way it sent nothing.
      const refused = runs.find((r) => r.code === 2);
      expect(refused?.stderr).toMatch(
        /it is in use by another run \(process \d+\)|which still names what an earlier run left/
      );
      const creates = emulator.requests.filter((r) => r.path === '/api/task/deployment/create');
      expect(creates).toHaveLength(1);
      const id = creates[0]?.createdTaskId ?? '';
      expect(readFileSync(stateFile, 'utf8')).toContain(`"created_task_ids": "[\\"${id}\\"]"`);
      const cleanup = await elasticDeploy(node, ['cleanup', '--state-file', stateFile]);
      expect([cleanup.code, emulator.tasks.get(id).status]).toEqual([0, 'End']);
    });

    // Issue 63, points 3 and 7: help that fits a screen, with no flag the CLI refuses.
    it('prints help that fits a screen, the rest behind --help all, and names secrets by their variables', async () => {
      const lines = (text: string): number => text.trimEnd().split('\n').length;
      const main = await elasticDeploy(node, ['--help']);
      expect([main.code, lines(main.stdout) <= 60]).toEqual([0, true]);
      expect(main.stdout.replace(/\s+/g, ' ')).toMatch(/; 5 --max-cost reached .*; 130 interrupted/);
      const transfer = await elasticDeploy(node, ['transfer', '--help']);
      expect([transfer.code, lines(transfer.stdout) <= 60]).toEqual([0, true]);
      expect(transfer.stdout).toContain('elastic-deploy transfer --help all');
      const all = await elasticDeploy(node, ['transfer', '--help', 'all']);
      expect(lines(all.stdout)).toBeGreaterThan(60);
      for (const help of [main.stdout, transfer.stdout, all.stdout]) {
        expect(help).not.toMatch(/--(s3-access-key|s3-secret-key|token|private-key|github-token)\b(?!-)/);
      }
      expect(all.stdout).toContain('ELASTIC_DEPLOY_S3_ACCESS_KEY_FILE');
      const create = await elasticDeploy(node, ['create', '--help']);
      expect(lines(create.stdout)).toBeLessThanOrEqual(60);
    });

    // Issue 63, point 4: a key as a flag's value read as a missing value; not every key had a _FILE.
    it('takes a PEM key as a flag value, and every key from ELASTIC_DEPLOY_<NAME>_FILE', async () => {
      const publicKey = readFileSync(emulator.rsa.platform_public_key_file, 'utf8');
      const args = [...webCreate(`pkg-pem-${node.major}`), '--dry-run'];
      const rsa = {
        ELASTIC_DEPLOY_TOKEN: emulator.rsa.token,
        ELASTIC_DEPLOY_PRIVATE_KEY_FILE: emulator.rsa.private_key_file
      };
      const flag = await elasticDeploy(node, [...args, '--platform-public-key', publicKey], rsa);
      expect([flag.code, flag.stderr]).toEqual([0, expect.stringContaining('dry run')]);
      const fromFile = await elasticDeploy(node, args, {
        ...rsa,
        ELASTIC_DEPLOY_PLATFORM_PUBLIC_KEY_FILE: emulator.rsa.platform_public_key_file
      });
      expect(fromFile.code).toBe(0);
      const missing = await elasticDeploy(node, args, {
        ...rsa,
        ELASTIC_DEPLOY_PLATFORM_PUBLIC_KEY_FILE: join(dir, 'no-such-key.pem')
      });
      expect([missing.code, missing.stderr]).toEqual([
        2,
        expect.stringContaining('ELASTIC_DEPLOY_PLATFORM_PUBLIC_KEY_FILE names')
      ]);
    });

    // Issue 63, point 2: the final error line turned input names inside a URL into flags.
    it('leaves a URL and its query as they are in the final error line', async () => {
      const result = await elasticDeploy(node, ['detail', '--task-id', '999', '--max-retries', '0'], {
        ELASTIC_DEPLOY_BASE_URL: 'https://127.0.0.1:1'
      });
      expect(result.code).toBe(1);
      const last = result.stderr.trimEnd().split('\n').at(-1) ?? '';
      expect(last).toMatch(/^error: .*detail\?task_id=999 got no answer/);
      expect(result.stderr).not.toContain('?--task-id');
    });

    // Issue 63, point 5: count 0 for listings with rows; volume-list --output table printed no row;
    // dotenv wrote REPLACED_TASK_IDS=[].
    it('counts and prints the rows of a listing, and writes no dotenv line for an empty list', async () => {
      const resources = await elasticDeploy(node, ['search-resources', '--output', 'json']);
      const listed = JSON.parse(resources.stdout) as { count: number; rows: unknown[] };
      expect(listed.rows.length).toBeGreaterThan(0);
      expect(listed.count).toBe(listed.rows.length);
      const volume = `pkg-vol-${node.major}`;
      expect(
        (await elasticDeploy(node, ['volume', '--volume', volume, '--size', '10', '--region', 'bj-001'])).code
      ).toBe(0);
      const table = await elasticDeploy(node, ['volume-list', '--output', 'table']);
      expect(table.stdout).toMatch(new RegExp(`^STORAGE_ID +NAME +REGION[^\n]*\n[0-9]+ +${volume} +bj-001 `));
      const replaced = await elasticDeploy(node, [
        'replace',
        '--gpu',
        '4090',
        '--task-name',
        `pkg-dotenv-${node.major}`,
        '--body',
        SERVICE,
        '--output',
        'dotenv'
      ]);
      expect(replaced.code).toBe(0);
      expect(replaced.stdout).not.toMatch(/=\[\]$/m);
      expect(
        await elasticDeploy(node, ['volume-delete', '--volume', volume, '--confirm', volume])
      ).toMatchObject({ code: 0 });
    });

    // Issue 63, point 6: --body-file outside the working directory refused; --files-dir under a random
    // folder; --summary-file with &#46; and actions/upload-artifact.
    it('reads a --body-file from anywhere, keeps --files-dir under stable names, and writes a summary a person reads', async () => {
      const shared = mkdtempSync(join(tmpdir(), 'pkg-shared-'));
      const files = mkdtempSync(join(dir, 'pkg-files-'));
      try {
        writeFileSync(join(shared, 'job.yaml'), JOB_BODY);
        emulator.jobs.configure({ scripts: [{ pattern: /^pkg-files-/, runSeconds: 1, log: ['ok 1.5'] }] });
        const result = await elasticDeploy(node, [
          'job',
          '--gpu',
          '4090',
          '--task-name',
          `pkg-files-${node.major}`,
          '--body-file',
          join(shared, 'job.yaml'),
          ...EACH_SECOND,
          ...filesIn(files)
        ]);
        expect(result.code === 0 ? 'exit 0' : `exit ${result.code}: ${result.stderr}`).toBe('exit 0');
        const outputs = outputsOf(result);
        expect(outputs.log_file).toBe(join(files, `job-${outputs.task_id ?? ''}.log`));
        expect(readdirSync(files).sort()).toEqual([
          `job-${outputs.task_id ?? ''}.log`,
          'job.json',
          'summary.md'
        ]);
        const summary = readFileSync(join(files, 'summary.md'), 'utf8');
        expect(summary).toContain(`pkg-files-${node.major}`);
        expect(summary).not.toMatch(/&#\d+;|upload-artifact/);
      } finally {
        rmSync(shared, { recursive: true, force: true });
      }
    });

    it('exits 2 on a bad input, sending nothing', async () => {
      const before = emulator.requests.length;
      const result = await elasticDeploy(node, ['create', '--token', 'x']);
      expect([result.code, result.stdout]).toEqual([2, '']);
      // A create whose body has no services: the platform would refuse it in every region tried.
      const bare = await elasticDeploy(node, ['create', '--task-name', 'no-services', '--gpu', '4090']);
      expect([bare.code, bare.stdout]).toEqual([2, '']);
      expect(bare.stderr).toContain('body has no services, but a create needs them');
      expect(emulator.requests.length).toBe(before);
    });

    // Issue 62, point 8: GPU runners from another system, GitHub's side given by the environment.
    it('starts a GPU runner with ELASTIC_DEPLOY_GITHUB_TOKEN and the GITHUB_* variables, then runner-stop stops it and removes it', async () => {
      const github = await startGitHub();
      const started: SimulatedRunner[] = [];
      // The emulator linked to the stand-in's runner: it connects at once, and waits for a job.
      await emulator.stop();
      emulator = await startStrictEmulator({
        runners: {
          simulate: (config) => {
            const runner = github.simulateRunner(config, {
              sleep: (ms) => (ms === 1 ? Promise.resolve() : new Promise(() => undefined)),
              timings: { connect: 1 }
            });
            started.push(runner);
            return runner;
          }
        }
      });
      const env = {
        ELASTIC_DEPLOY_GITHUB_TOKEN: github.runnerToken,
        GITHUB_REPOSITORY: github.repository,
        GITHUB_API_URL: github.url,
        GITHUB_RUN_ID: '5150',
        GITHUB_RUN_ATTEMPT: '1'
      };
      const label = `gpu-${node.major}-5150-1`;
      try {
        const help = await elasticDeploy(node, ['runner', '--help']);
        expect(help.code).toBe(0);
        for (const flag of ['--runner-scope', '--runner-labels', '--runners', '--runner-timeout'])
          expect(help.stdout).toMatch(new RegExp(`^ {2}${flag}\\b`, 'm'));
        const body =
          '{services: [{service_name: runner, service_image: "ghcr.io/acme/gpu-runner:2.328.0", resource_weight: {cpu_weight: 1, mem_weight: 1, gpu_weight: 1}}]}';
        const start = await elasticDeploy(
          node,
          ['runner', '--task-name', `gpu-${node.major}`, '--gpu', '4090', '--body', body, ...EACH_SECOND],
          env
        );
        expect(start.code).toBe(0);
        // The JSON on stdout holds the JSON outputs as values: runs_on as runs-on takes it.
        const outputs = JSON.parse(start.stdout) as Record<string, unknown>;
        expect(outputs).toMatchObject({
          runner_label: label,
          runner_names: [`${label}-1`],
          runs_on: ['self-hosted', label]
        });
        const [id = ''] = (outputs.task_ids as string[] | undefined) ?? [];
        expect(emulator.jobs.get(id)).toMatchObject({ status: 'Running' });
        expect(github.store.runners.all().map((r) => [r.name, r.status])).toEqual([[`${label}-1`, 'online']]);
        // The configuration GitHub handed out is in no stream.
        const [config = ''] = github.store.runners.issued();
        expect(config).not.toBe('');
        expect(`${start.stdout}${start.stderr}`).not.toContain(config);
        const stop = await elasticDeploy(node, ['runner-stop', '--task-name', `gpu-${node.major}`], env);
        expect(stop.code).toBe(0);
        expect((JSON.parse(stop.stdout) as { total_cost: number }).total_cost).toBeGreaterThan(0);
        expect(stop.stderr).toContain(`runner ${label}-1: removed from GitHub`);
        expect(emulator.jobs.get(id)).toMatchObject({ status: 'Paused' });
        expect(github.store.runners.all()).toEqual([]);
      } finally {
        for (const runner of started) runner.stop();
        await github.stop();
      }
    });
  });
});
