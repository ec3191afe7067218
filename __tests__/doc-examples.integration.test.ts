// Every example of README.md and docs/, run as written against the emulator in its default profile (the
// platform's documented forms): each workflow step that uses the action, with its expressions filled in
// (secrets by the emulator's keys), then its post step's cleanup; and each elastic-deploy command line of
// docs/cli.md, in its block's order. None of them is meant to fail, so each must succeed. A runner step's
// runners are GitHub's stand-in's simulated runners, linked to the emulator's jobs: the job that runs on
// them (the workflow's next job, runs-on its runs_on) comes once the step has handed them over.
import { failureOf } from './helpers/verdict.js';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { isAbsolute, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { startEmulator, type Emulator } from '../emulator/index.js';
import { outputsOf } from '../src/action/outputs.js';
import { readSettings } from '../src/deploy/settings.js';
import { runCli } from '../src/cli/run-cli.js';
import { nodeIo, type CliIo } from '../src/cli/cli-io.js';
import { finishCleanup } from '../src/deploy/engine/cleanup/finish-cleanup.js';
import { NO_CLEANUP } from '../src/deploy/engine/cleanup-state.js';
import { planStep, runStep } from '../src/deploy/step.js';
import { ApiClient } from '../src/platform/client.js';
import { fixtureEmulatorKeys } from './helpers/fixtures.js';
import { SHUFFLED_CODES, TestClock } from './helpers/platform-client.js';
import { testContext, testRuntime } from './helpers/runtime.js';
import { startGitHub, type GitHubStandIn, type SimulatedRunner } from '../github-standin/index.js';
import { openRunnerHost } from '../src/github/runner-host.js';
import type { RunnerHostOpener } from '../src/deploy/engine/runner-host.js';
import { githubClient } from '../src/github/client.js';
import { previewRecords } from '../src/github/preview-records.js';
import { pullEventOf } from '../src/github/pull-event.js';
import type { PullRequests } from '../src/deploy/engine/pull-requests.js';
import { actionDefaultsOf } from './helpers/action-of.js';
import { nightlyGroup } from './helpers/bodies.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((page) => `docs/${page}`)].filter((page) =>
  page.endsWith('.md')
);
const read = (page: string): string => readFileSync(join(ROOT, page), 'utf8');

interface ExampleStep {
  id?: string;
  uses: string;
  with: Record<string, unknown>;
}

/**
 * The defaults of the action a step uses: the root action's, or a capability's (whose operation and hidden
 * capability input have theirs).
 */
const defaultsOf = actionDefaultsOf;

/** The operation a step runs: its own, or the default of the action it uses. */
const operationOf = (step: ExampleStep): string => {
  const given = step.with.operation;
  return typeof given === 'string' ? given : (defaultsOf(step.uses).operation ?? '');
};

/** Every step of a YAML value that uses the action, in document order, however deep (jobs, steps). */
function actionSteps(value: unknown): ExampleStep[] {
  if (Array.isArray(value)) return value.flatMap(actionSteps);
  if (typeof value !== 'object' || value === null) return [];
  const record = value as Record<string, unknown>;
  if (String(record.uses).startsWith('elastic-deploy-action/') && typeof record.with === 'object')
    return [record as unknown as ExampleStep];
  return Object.values(record).flatMap(actionSteps);
}

/** The YAML blocks of the pages that use the action: each a list of steps run in order. */
const BLOCKS = PAGES.flatMap((page) =>
  [...read(page).matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)].flatMap((block, i) => {
    const steps = actionSteps(parse(block[1] ?? ''));
    return steps.length === 0 ? [] : [{ page, block: i + 1, steps }];
  })
);

/** The values the examples' expressions stand for, as a repository would set them. */
interface Values {
  token: string;
  rsaToken: string;
  privateKey: string;
  platformKey: string;
  task: () => string;
  preview: () => string;
  /** The workflow's token, on GitHub's stand-in. */
  githubToken: string;
  /** A token that may register runners (a fine-grained token's or a GitHub App's), on the stand-in. */
  runnerToken: string;
  /** A GPU batch job that runs, and a task group of job queue 7. */
  job: () => string;
  group: () => string;
  outputs: Map<string, Record<string, string>>;
}

function expand(text: string, values: Values, rsa: boolean): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_all, expression: string) => {
    const output = /^steps\.([\w-]+)\.outputs\.(\w+)$/.exec(expression);
    if (output !== null) return values.outputs.get(output[1] ?? '')?.[output[2] ?? ''] ?? '';
    const known: Record<string, () => string> = {
      'secrets.DEPLOY_API_TOKEN': () => (rsa ? values.rsaToken : values.token),
      'secrets.DEPLOY_API_PRIVATE_KEY': () => values.privateKey,
      'vars.DEPLOY_API_PLATFORM_PUBLIC_KEY': () => values.platformKey,
      'vars.TASK_ID': values.task,
      'vars.PRODUCTION_TASK_ID': values.task,
      'vars.SHARED_PREVIEW_TASK_ID': values.preview,
      'vars.JOB_ID': values.job,
      'vars.JOB_QUEUE_ID': () => {
        values.group();
        return '7';
      },
      'vars.JOB_GROUP_ID': values.group,
      'vars.REGISTRY_USERNAME': () => 'registry-bot',
      'secrets.REGISTRY_PASSWORD': () => 'reg-pass-1',
      'secrets.STORAGE_ACCESS_KEY': () => 'AKIDEXAMPLE',
      'secrets.STORAGE_SECRET_KEY': () => 'wJalrXUtnFEMI',
      'github.run_id': () => '4242',
      'github.sha': () => '3d3c42e5',
      'github.event.number': () => '7',
      'github.event.pull_request.number': () => '7',
      'github.token': () => values.githubToken,
      'secrets.RUNNER_ADMIN_TOKEN': () => values.runnerToken,
      'github.ref_name': () => 'v2'
    };
    const value = known[expression];
    if (value === undefined)
      throw new Error(`an example uses \${{ ${expression} }}, which this test does not know`);
    return value();
  });
}

describe('the examples of README.md and docs/, run as written', () => {
  let emulator: Emulator;
  let clock: TestClock;
  let client: ApiClient;
  let github: GitHubStandIn;
  /** The runners the runner steps started, as the emulator ran them in their jobs' pods. */
  let runners: SimulatedRunner[];
  /** Lets the runners that are online take their job: the job that runs on them is queued. */
  let queueTheirJob: () => void;
  let jobQueued: Promise<void>;
  let workspace = '';

  beforeEach(async () => {
    clock = new TestClock();
    runners = [];
    jobQueued = new Promise((resolve) => {
      queueTheirJob = resolve;
    });
    emulator = await startEmulator({
      ...SHUFFLED_CODES,
      keys: fixtureEmulatorKeys(),
      now: clock.now,
      readyAfterSeconds: 20,
      apps: { warmupSeconds: 0 },
      // The job of the workspace example leaves its results where it mounts its volume (/work/out).
      jobs: {
        scripts: [
          {
            pattern: /^eval-ws-/,
            writes: { path: '/out', files: [{ name: 'metrics.json', bytes: 512, hash: 'metrics' }] }
          }
        ]
      },
      runners: {
        // Each runner connects at once, gets its job once it is queued, and runs it at once.
        simulate: (config) => {
          let waits = 0;
          const runner = github.simulateRunner(config, {
            sleep: () => (++waits === 2 ? jobQueued : Promise.resolve()),
            jobName: 'tests'
          });
          runners.push(runner);
          return runner;
        }
      }
    });
    client = new ApiClient({ userAgent: 'test', timeoutMs: 5000, maxResponseBytes: 16 * 1024 * 1024 });
    // The repository's GitHub: pull request 7, open, as the examples' events name it.
    github = await startGitHub({ now: clock.now });
    github.store.openPull(7);
    // The checkout a workflow's steps run in (GITHUB_WORKSPACE): the dataset the examples upload.
    workspace = mkdtempSync(join(tmpdir(), 'doc-workspace-'));
    mkdirSync(join(workspace, 'dataset'));
    writeFileSync(join(workspace, 'dataset', 'train.jsonl'), '{"text":"hello"}\n');
  });
  afterEach(async () => {
    client.dispose();
    await Promise.all([emulator.stop(), github.stop()]);
    rmSync(workspace, { recursive: true, force: true });
  });

  /** GitHub as a step of the example sees it: pull request 7 opened, when the step follows its event. */
  function pullRequestsFor(operation: string): () => Promise<PullRequests> {
    const event =
      operation === 'preview'
        ? pullEventOf('pull_request', github.event(7, 'opened'), 'acme/app')
        : undefined;
    if (event !== undefined && 'none' in event) throw new Error(event.none);
    const octokit = githubClient({
      token: github.token,
      apiUrl: github.url,
      userAgent: 'test',
      http: client,
      deadline: Date.now() + 60_000,
      now: Date.now,
      log: () => undefined
    });
    const host = previewRecords(octokit, {
      repo: { owner: 'acme', repo: 'app' },
      runUrl: 'https://github.test/acme/app/actions/runs/4242',
      event
    });
    return () => Promise.resolve(host);
  }

  /** GitHub's runners as a step of the example sees them: the run 4242 of acme/app, on a push. */
  function runnersFor(token: string | undefined): RunnerHostOpener | undefined {
    if (token === undefined) return undefined;
    const run = {
      repository: 'acme/app',
      id: '4242',
      attempt: '1',
      url: 'https://github.test/acme/app/actions/runs/4242',
      eventName: 'push',
      fromFork: false
    };
    return (scope) =>
      Promise.resolve(
        openRunnerHost(run, scope, {
          token,
          apiUrl: github.url,
          userAgent: 'test',
          deadline: Date.now() + 60_000,
          log: () => undefined,
          mask: () => undefined,
          requests: {
            timeoutMs: 5000,
            maxResponseBytes: 16 * 1024 * 1024,
            cancel: new AbortController().signal
          }
        })
      );
  }

  /** The state of a repository the examples run in: a service that runs, and preview tasks. */
  function values(): Values {
    // A service on its own (task 1229831, the id an example stops), as a later step would find it.
    const task = emulator.tasks.add({
      task_name: 'llm-api',
      points: 1,
      status: 'Running',
      services: [
        {
          service_name: 'api',
          service_image: 'registry.example.com/llm-api:1',
          remote_ports: [{ service_port: 8000 }]
        }
      ]
    });
    // With it, task 1229832: the ids an example stops.
    emulator.tasks.add({ task_name: 'llm-api-canary', points: 1, status: 'Running' });
    let preview: string | undefined;
    let group: string | undefined;
    return {
      token: emulator.token_mode.token,
      rsaToken: emulator.rsa.token,
      privateKey: readFileSync(emulator.rsa.private_key_file, 'utf8'),
      platformKey: readFileSync(emulator.rsa.platform_public_key_file, 'utf8'),
      task: () => task,
      job: () => emulator.jobs.add({ task_name: 'nightly-evals', points: 3 }),
      group: () => (group ??= emulator.jobs.addQueueGroup(nightlyGroup({ task_name: 'eval', points: 1 }))),
      preview: () => {
        if (preview === undefined) {
          emulator.tasks.add({ task_name: 'pr-7-web', points: 1, status: 'Running' });
          preview = emulator.tasks.add({ task_name: 'pr-7-shared', points: 1, status: 'Running' });
        }
        return preview;
      },
      githubToken: github.token,
      runnerToken: github.runnerToken,
      outputs: new Map()
    };
  }

  /** Runs one step as the main step does, then its post step's cleanup, on the emulator's clock. */
  async function runExample(step: ExampleStep, given: Values) {
    // Each step a second after the one before, as on a runner: two steps never stamp a request in the
    // same millisecond (the platform refuses a timestamp and signature used before).
    clock.advance(1);
    const rsa = 'private_key' in step.with;
    const inputs = Object.fromEntries(
      Object.entries(step.with).map(([name, value]) => [name, expand(String(value), given, rsa)])
    );
    // An input the step leaves out is its default, whose expression the runner fills in (github_token's).
    const defaults = defaultsOf(step.uses);
    const settings = readSettings(
      (name) => inputs[name] ?? expand(defaults[name] ?? '', given, rsa),
      () => undefined,
      // Where the platform is: the emulator, as DEPLOY_API_BASE_URL would say; the runner's checkout.
      (name) =>
        name === 'DEPLOY_API_BASE_URL'
          ? emulator.base_url
          : name === 'GITHUB_WORKSPACE'
            ? workspace
            : undefined
    );
    const lines: string[] = [];
    const runtime = testRuntime(client, {
      now: clock.now,
      advance: (ms) => {
        clock.advance(ms / 1000);
      }
    });
    runtime.log = (line) => lines.push(line);
    runtime.probe = (url) => client.probe(url);
    runtime.pullRequests = pullRequestsFor(operationOf(step));
    const opener = runnersFor(settings.previews.githubToken);
    if (opener !== undefined) runtime.runnerHost = opener;
    const planned = await planStep(settings);
    const ctx = testContext(settings, runtime, { cleanup: planned.cleanup });
    const result = await runStep(planned, ctx, { dryRun: settings.dryRun });
    const cleanup = await finishCleanup(
      { ...NO_CLEANUP, ...ctx.saved.states.at(-1) },
      testContext(settings, runtime, { budgetMs: settings.cleanupTimeoutMs })
    );
    return { result, lines, cleanup, created: ctx.saved.created(), cleanupAction: settings.cleanup };
  }

  it('finds the examples: every page with one, about two dozen steps', () => {
    expect(new Set(BLOCKS.map((b) => b.page))).toEqual(
      new Set([
        'README.md',
        'docs/capacity.md',
        'docs/changes.md',
        'docs/cost.md',
        'docs/data.md',
        'docs/jobs.md',
        'docs/operations.md',
        'docs/previews.md',
        'docs/real-platform.md',
        'docs/runners.md',
        'docs/waiting.md'
      ])
    );
    expect(BLOCKS.flatMap((b) => b.steps).length).toBeGreaterThanOrEqual(25);
  });

  it.each(BLOCKS.map((b) => [`${b.page} #${b.block}`, b.steps.map(operationOf).join(', '), b] as const))(
    'runs %s (%s) against the emulator, and succeeds',
    async (_where, _operations, block) => {
      const given = values();
      for (const step of block.steps) {
        const { result, lines, cleanup, created, cleanupAction } = await runExample(step, given);
        const operation = operationOf(step);
        if (result === undefined) {
          // A dry run: it printed what it would send, and sent no change.
          expect([operation, lines.some((line) => line.startsWith('dry run: '))]).toEqual([operation, true]);
          expect(emulator.requests.filter((r) => r.method === 'POST')).toEqual([]);
          continue;
        }
        expect([operation, failureOf(result)]).toEqual([operation, undefined]);
        if (step.id !== undefined) given.outputs.set(step.id, outputsOf(result));
        // Its post step leaves nothing it created running, when the example asks for a cleanup.
        const failed = cleanup.outcomes.filter(({ outcome }) => outcome.kind === 'failed');
        expect([operation, failed, cleanup.unsettled]).toEqual([operation, [], undefined]);
        if (operation === 'runner') {
          // Handed over, its runners run on (the post step stops none of them) until the job that runs on
          // them comes: each takes it and exits, and its platform job ends with it.
          const outputs = outputsOf(result);
          expect(JSON.parse(outputs.runs_on)).toEqual(['self-hosted', outputs.runner_label]);
          queueTheirJob();
          expect(
            (await Promise.all(runners.map((runner) => runner.exited))).map((exit) => exit.code)
          ).toEqual(runners.map(() => 0));
          expect(runners.length).toBe((JSON.parse(outputs.task_ids) as unknown[]).length);
          expect(runners.length).toBeGreaterThan(0);
        }
        if (cleanupAction === 'stop')
          for (const id of created) {
            // A job's state is the Job API's (a runner's too).
            const { status } = ['job', 'runner'].includes(operation)
              ? emulator.jobs.get(id)
              : emulator.tasks.get(id);
            expect([id, status]).toEqual([id, 'End']);
          }
      }
    }
  );
});

/** The elastic-deploy command lines of a block: `- cmd`, `sh 'cmd'`, or a plain line; npm's aside. */
function commandLines(block: string): string[] {
  return block
    .split('\n')
    .map((line) =>
      line
        .trim()
        .replace(/^- /, '')
        .replace(/^sh '(.*)'$/, '$1')
        // Jenkins runs the tool installed in its workspace, with exec.
        .replace(/^exec \.elastic-deploy\/node_modules\/\.bin\/elastic-deploy /, 'elastic-deploy ')
    )
    .filter((line) => line.startsWith('elastic-deploy '));
}

/** A command line split into words as a shell would for these examples: double quotes, `> file`. */
function words(line: string, env: Record<string, string>): { argv: string[]; stdout: string | undefined } {
  const expanded = line.replace(/\$(\w+)/g, (_all, name: string) => env[name] ?? '');
  const parts = [...expanded.matchAll(/"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? '');
  const redirect = parts.indexOf('>');
  return {
    argv: (redirect < 0 ? parts : parts.slice(0, redirect)).slice(1),
    stdout: redirect < 0 ? undefined : parts[redirect + 1]
  };
}

/** The job.yaml of docs/cli.md's GitLab job: the yaml block after the one that names it. */
const JOB_YAML = (() => {
  const text = read('docs/cli.md');
  const from = text.indexOf('with `job.yaml` the job');
  const block = /```yaml\n([\s\S]*?)```/.exec(text.slice(from));
  if (from < 0 || block?.[1] === undefined) throw new Error('docs/cli.md gives no job.yaml');
  return block[1];
})();

const CLI_BLOCKS = [...read('docs/cli.md').matchAll(/^```\w*\n([\s\S]*?)^```/gm)]
  .map((block, i) => ({
    block: i + 1,
    lines: commandLines(block[1] ?? ''),
    variables: gitlabVariables(block[1] ?? ''),
    environmentUrls: environmentUrls(block[1] ?? '')
  }))
  .filter((block) => block.lines.length > 0);

/**
 * The dotenv variables a GitLab block's environments take their URL from (`url: $NAME`), by the report
 * file its job writes them to (`reports: dotenv: F`).
 */
function environmentUrls(block: string): { file: string; variable: string }[] {
  let jobs: unknown;
  try {
    jobs = parse(block);
  } catch {
    return [];
  }
  if (typeof jobs !== 'object' || jobs === null) return [];
  return Object.values(jobs).flatMap((job: unknown) => {
    const { environment, artifacts } = (job ?? {}) as {
      environment?: { url?: string };
      artifacts?: { reports?: { dotenv?: string } };
    };
    const variable = /^\$(\w+)$/.exec(environment?.url ?? '')?.[1];
    const file = artifacts?.reports?.dotenv;
    return variable === undefined || file === undefined ? [] : [{ file, variable }];
  });
}

/** The variables a GitLab block's jobs set (none for another block), as written: `$NAME` unexpanded. */
function gitlabVariables(block: string): Record<string, string> {
  let jobs: unknown;
  try {
    jobs = parse(block);
  } catch {
    return {};
  }
  if (typeof jobs !== 'object' || jobs === null) return {};
  return Object.assign(
    {},
    ...Object.values(jobs).map((job: unknown) =>
      typeof job === 'object' && job !== null && 'variables' in job ? (job.variables as object) : {}
    )
  ) as Record<string, string>;
}

describe('the command lines of docs/cli.md, run as written', () => {
  let emulator: Emulator;
  let dir: string;

  beforeEach(async () => {
    emulator = await startEmulator({
      ...SHUFFLED_CODES,
      keys: fixtureEmulatorKeys(),
      readyAfterSeconds: 0,
      // The GitLab jobs' evals leave their metrics where they mount their volume: the results to copy.
      jobs: {
        podSeconds: 1,
        scripts: [
          {
            pattern: /^eval-/,
            writes: { path: '/work/out', files: [{ name: 'metrics.json', bytes: 64, hash: 'metrics' }] }
          }
        ]
      }
    });
    // Each block runs in a directory of its own, as a CI job's workspace.
    dir = mkdtempSync(join(tmpdir(), 'doc-cli-'));
    process.chdir(dir);
    // The service.yaml the examples name: one web service; and the job.yaml docs/cli.md gives.
    writeFileSync(
      join(dir, 'service.yaml'),
      'services:\n  - service_name: web\n    service_image: registry.example.com/web:1\n    remote_ports: [{service_port: 80}]\n'
    );
    writeFileSync(join(dir, 'job.yaml'), JOB_YAML);
    // The checkout's dataset, which the job on the checkout's data uploads.
    mkdirSync(join(dir, 'dataset'));
    writeFileSync(join(dir, 'dataset', 'train.jsonl'), '{"text":"hello"}\n');
  });
  afterEach(async () => {
    process.chdir(ROOT);
    rmSync(dir, { recursive: true, force: true });
    await emulator.stop();
  });

  const real = nodeIo([]);

  async function cli(
    argv: string[],
    variables: Record<string, string> = {}
  ): Promise<{ code: number; stdout: string; stderr: string }> {
    const [out, err]: [string[], string[]] = [[], []];
    const at = (path: string): string => (isAbsolute(path) ? path : join(dir, path));
    const env: Record<string, string> = {
      ELASTIC_DEPLOY_BASE_URL: emulator.base_url,
      ELASTIC_DEPLOY_TOKEN: emulator.token_mode.token,
      // The pipeline's own setting, that its waits on the emulator take a second, not ten.
      ELASTIC_DEPLOY_POLL_INTERVAL: '1s',
      ...variables
    };
    const io: CliIo = {
      argv,
      env: (name) => env[name],
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
      readFile: (path) => readFileSync(at(path), 'utf8'),
      writeFile: (path, text) => {
        writeFileSync(at(path), text);
      },
      onSignal: () => () => undefined,
      isTerminal: false,
      version: '0.1.0',
      // The run's files as the real tool keeps them: a directory of its own, removed at exit.
      ...(real.makeRunDir === undefined ? {} : { makeRunDir: real.makeRunDir })
    };
    const code = await runCli(io);
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  it("finds the command lines: the install example, GitLab (a deploy, a review app, a job, a job on data, a job on the checkout's data) and Jenkins", () => {
    expect(CLI_BLOCKS.map((b) => b.lines.length)).toEqual([1, 2, 2, 2, 4, 4, 2]);
    // The review app's environment takes its URL from the replace's dotenv report.
    expect(CLI_BLOCKS.flatMap((b) => b.environmentUrls)).toEqual([
      { file: 'review.env', variable: 'ELASTIC_DEPLOY_OUTPUT_URL' }
    ]);
  });

  /**
   * The project's CI/CD variables a GitLab block's `variables:` name, expanded as GitLab does: the key is
   * an RSA-mode one (with the platform's public key) where the block names a private key, which the
   * copies' encrypted requests need; else a token-mode one.
   */
  function expanded(variables: Record<string, string>): Record<string, string> {
    const rsa = Object.values(variables).some((value) => value.includes('$DEPLOY_API_PRIVATE_KEY'));
    const project: Record<string, string> = {
      CI_PIPELINE_ID: '4242',
      CI_MERGE_REQUEST_IID: '42',
      BUILD_NUMBER: '17',
      DEPLOY_API_TOKEN: rsa ? emulator.rsa.token : emulator.token_mode.token,
      DEPLOY_API_PRIVATE_KEY: readFileSync(emulator.rsa.private_key_file, 'utf8'),
      DEPLOY_API_PLATFORM_PUBLIC_KEY: readFileSync(emulator.rsa.platform_public_key_file, 'utf8'),
      STORAGE_ACCESS_KEY: 'AKIDDOCEXAMPLE',
      STORAGE_SECRET_KEY: 'docSecretKeyExample'
    };
    return {
      ...project,
      ...Object.fromEntries(
        Object.entries(variables).map(([name, value]) => [
          name,
          value.replace(/\$(\w+)/g, (_all, ref: string) => project[ref] ?? '')
        ])
      )
    };
  }

  it.each(CLI_BLOCKS.map((b) => [b.block, b.lines.map((l) => l.split(' ')[1]).join(', '), b] as const))(
    'runs block #%i (%s) in its order, and each command succeeds',
    async (_block, _commands, { lines, variables, environmentUrls: urls }) => {
      const before = emulator.requests.length;
      const env = expanded(variables);
      // Copies of data complete at once: what they copy is counted in the tests of transfers.
      emulator.storage.setTransferPace({ queueMs: 0, pendingMs: 0, countMs: 0, bytesPerSecond: 1e12 });
      for (const line of lines) {
        const { argv, stdout } = words(line, env);
        const run = await cli(argv, env);
        expect([line, run.code, run.stderr.includes('error:') ? run.stderr : '']).toEqual([line, 0, '']);
        if (stdout !== undefined) writeFileSync(join(dir, stdout), run.stdout);
      }
      const made = emulator.requests
        .slice(before)
        .flatMap((r) => (r.createdTaskId === undefined ? [] : [r.createdTaskId]));
      expect(made).toHaveLength(1);
      // A block that cleans up leaves nothing of it running (a job: it ran to its end).
      const job = lines.some((line) => line.startsWith('elastic-deploy job '));
      if (lines.some((line) => line.startsWith('elastic-deploy cleanup')))
        expect(made.map((id) => (job ? emulator.jobs.get(id) : emulator.tasks.get(id)).status)).toEqual([
          'End'
        ]);
      if (job)
        expect(made.map((id) => emulator.jobs.get(id).job_status)).toMatchObject([{ status: 'Complete' }]);
      // An environment's URL, from the dotenv report: the service's, an https URL GitLab can link to.
      for (const { file, variable } of urls) {
        const report = readFileSync(join(dir, file), 'utf8');
        expect(new RegExp(`^${variable}=(.*)$`, 'm').exec(report)?.[1]).toMatch(/^https:\/\/t\d+-80\./);
      }
    }
  );
});
