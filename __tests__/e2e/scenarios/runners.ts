// End-to-end scenarios: GPU runners for a workflow's job (issue 62), dist/index.js against the platform's
// emulator and GitHub's stand-in, the emulator linked to the stand-in's simulated runner (its `runners`
// option: a runner job's pod runs GitHub's runner with the configuration in its env), as a workflow run
// runs the step (GITHUB_REPOSITORY, GITHUB_RUN_ID, GITHUB_RUN_ATTEMPT, GITHUB_EVENT_NAME, GITHUB_API_URL):
// runners that come online and are handed over; one whose platform job fails; a run cancelled while it
// waits; a fork's pull request and pull_request_target refused; runner_stop; a token without the
// permission. No runner's configuration in anything a step writes.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EmulatorOptions, RunnerProcess } from '../../../emulator/index.js';
import {
  startGitHub,
  type GitHubStandIn,
  type RunnerOptions,
  type SimulatedRunner
} from '../../../github-standin/index.js';
import type { StepRun } from '../../../scripts/action-runner.js';
import {
  createdIds,
  DEFAULT_EMULATOR,
  everythingShown,
  FAST,
  shown,
  stillBills,
  type Scenario,
  type ScenarioApi
} from './harness.js';

/** The runner image's job: GitHub's runner in its first service, on a 4090 picked by gpu. */
const RUNNER_BODY = JSON.stringify({
  services: [
    {
      service_name: 'runner',
      service_image: 'ghcr.io/acme/gpu-runner:2.328.0',
      resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 }
    }
  ]
});
const RUN_ID = '7100';
const RUN_ATTEMPT = '2';
const LABEL = `gpu-${RUN_ID}-${RUN_ATTEMPT}`;
const JOB_CREATE = '/api/task/job/create';

/** A runner step's inputs: two runners named after gpu, a 4090 each. */
const runnerInputs = (token: string, more: Record<string, string> = {}): Record<string, string> => ({
  operation: 'runner',
  task_name: 'gpu',
  gpu: '4090',
  body: RUNNER_BODY,
  runners: '2',
  github_token: token,
  wait_timeout: '2m',
  ...FAST,
  ...more
});

/**
 * The emulator's link to the stand-in's simulated runner, one per scenario: each runner connects a moment
 * after its pod starts (a real 300 ms) and then waits for a workflow job that never comes (a wait no
 * timer holds), as a runner handed over waits for the job it is for; `knobs` makes one hostile.
 */
class RunnerLink {
  github: GitHubStandIn | undefined;
  readonly started: SimulatedRunner[] = [];
  knobs: (n: number, config: string) => RunnerOptions & { config?: string } = () => ({});
  readonly options: EmulatorOptions = {
    ...DEFAULT_EMULATOR,
    runners: {
      simulate: (config): RunnerProcess => {
        const github = this.github;
        if (github === undefined) throw new Error('a runner job started before the stand-in did');
        const { config: given, ...knobs } = this.knobs(this.started.length + 1, config);
        const runner = github.simulateRunner(given ?? config, {
          sleep: (ms) =>
            ms === CONNECT_MS
              ? new Promise((resolve) => setTimeout(resolve, ms))
              : new Promise<void>(() => undefined),
          timings: { connect: CONNECT_MS, jobArrives: 60_000, job: 60_000 },
          ...knobs
        });
        this.started.push(runner);
        return runner;
      }
    }
  };
}
const CONNECT_MS = 300;

/** GitHub's side of a scenario: the stand-in, linked, and the env of a workflow run on `event`. */
async function onGitHub(link: RunnerLink) {
  const github = await startGitHub();
  link.github = github;
  const dir = mkdtempSync(join(tmpdir(), 'e2e-runner-event-'));
  github.store.startRun({ id: Number(RUN_ID), attempt: Number(RUN_ATTEMPT), event: 'workflow_dispatch' });
  const env = (
    event = 'workflow_dispatch',
    payload: Record<string, unknown> = {}
  ): Record<string, string> => {
    const path = join(dir, `${event}.json`);
    writeFileSync(path, JSON.stringify(payload));
    return {
      GITHUB_REPOSITORY: github.repository,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.test',
      GITHUB_RUN_ID: RUN_ID,
      GITHUB_RUN_ATTEMPT: RUN_ATTEMPT,
      GITHUB_EVENT_NAME: event,
      GITHUB_EVENT_PATH: path
    };
  };
  return {
    github,
    env,
    close: async () => {
      for (const runner of link.started) runner.stop();
      rmSync(dir, { recursive: true, force: true });
      await github.stop();
    }
  };
}

type OnGitHub = Awaited<ReturnType<typeof onGitHub>>;

/**
 * No configuration GitHub handed out, nor the secret it holds, is anywhere the step wrote: its stdout (the
 * ::add-mask:: commands aside, which carry it to the runner's masker), stderr, outputs, summary, state and
 * every file an output names.
 */
function expectNoConfiguration(run: StepRun, github: GitHubStandIn): void {
  const issued = github.store.runners.issued();
  const written = [
    run.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n'),
    everythingShown(run),
    JSON.stringify(run.state)
  ].join('\n');
  const secrets = issued.flatMap((config) => [config, secretOf(config)]);
  expect(secrets.filter((secret) => written.includes(secret))).toEqual([]);
}

/** The secret a configuration holds (its credentials' clientId), as the runner reads it. */
function secretOf(config: string): string {
  const files = JSON.parse(Buffer.from(config, 'base64').toString('utf8')) as Record<string, string>;
  const credentials = JSON.parse(Buffer.from(files['.credentials'] ?? '', 'base64').toString('utf8')) as {
    data: { clientId: string };
  };
  return credentials.data.clientId;
}

export function runnerScenarios({ scenario, group }: ScenarioApi): void {
  /** A scenario with its own link, the stand-in started beside the emulator. */
  const linked = (
    name: string,
    body: (s: Scenario, g: OnGitHub, link: RunnerLink) => Promise<void>
  ): void => {
    const link = new RunnerLink();
    scenario(
      name,
      async (s) => {
        const g = await onGitHub(link);
        try {
          await body(s, g, link);
        } finally {
          await g.close();
        }
      },
      link.options
    );
  };
  const jobStatus = (s: Scenario, id: string): string => String(s.emulator.jobs.get(id).status);

  group('GPU runners', () => {
    linked(
      'starts two runners that come online and hands them over: outputs, runs_on, the post step stops nothing, no configuration written',
      async (s, g) => {
        const run = await s.run(runnerInputs(g.github.runnerToken), undefined, g.env(), undefined, 2);
        expect(run.exitCode).toBe(0);
        const ids = JSON.parse(run.outputs.task_ids ?? '[]') as string[];
        expect(ids).toHaveLength(2);
        expect(run.outputs).toMatchObject({
          runner_label: LABEL,
          runner_names: JSON.stringify([`${LABEL}-1`, `${LABEL}-2`]),
          runs_on: JSON.stringify(['self-hosted', LABEL])
        });
        // GitHub lists both online, idle, with the run's label; their jobs run on for the jobs they take.
        expect(
          g.github.store.runners.all().map((r) => [r.name, r.status, r.busy, r.labels.includes(LABEL)])
        ).toEqual([
          [`${LABEL}-1`, 'online', false, true],
          [`${LABEL}-2`, 'online', false, true]
        ]);
        expect(ids.map((id) => jobStatus(s, id))).toEqual(['Running', 'Running']);
        expect(shown(run)).toContainEqual(
          `runner: 2 runner(s) online, labeled ${LABEL}: runs-on: ["self-hosted", "${LABEL}"]; each takes one job, and its platform job ends with it`
        );
        // The post step stops nothing handed over.
        const post = await s.run(runnerInputs(g.github.runnerToken), run.state, g.env(), undefined, 2);
        expect(post.exitCode).toBe(0);
        expect(s.emulator.requests.filter((r) => r.path === '/api/task/job/stop')).toEqual([]);
        expect(ids.map((id) => jobStatus(s, id))).toEqual(['Running', 'Running']);
        // Two configurations were handed out, each to its job's env alone.
        expect(g.github.store.runners.issued()).toHaveLength(2);
        for (const one of [run, post]) expectNoConfiguration(one, g.github);
      }
    );

    linked(
      "fails when a runner's platform job fails, with the runner's reason: every job stopped, every runner removed from GitHub",
      async (s, g, link) => {
        // The first runner's configuration is in use already (a session of it is open elsewhere): the
        // runner its platform job starts exits at once with the runner's own error, and the job fails.
        const holders: SimulatedRunner[] = [];
        link.knobs = (n, config) => {
          if (n === 1)
            holders.push(g.github.simulateRunner(config, { sleep: () => new Promise(() => undefined) }));
          return {};
        };
        const run = await s.run(runnerInputs(g.github.runnerToken), undefined, g.env());
        for (const holder of holders) holder.stop();
        expect(run.exitCode).toBe(1);
        const ids = JSON.parse(run.outputs.task_ids ?? '[]') as string[];
        expect(ids).toHaveLength(2);
        const lines = shown(run);
        // The error line gives the runner's own words, as its container ended with them.
        expect(lines.filter((line) => line.startsWith('::error::'))).toEqual([
          expect.stringMatching(
            new RegExp(
              `^::error::runner: ${LABEL}-1: its job ended before its runner came online: node \\d+ \\(Failed\\): container runner Failed to create a session\\. The runner registration has been deleted .*, exit code 1$`
            )
          )
        ]);
        // The runner's own words: its container's reason and exit code, and its last lines.
        expect(lines).toContainEqual(
          expect.stringMatching(
            /^│ node \d+ \(Failed\): container runner Failed to create a session\. The runner registration has been deleted.*, exit code 1$/
          )
        );
        expect(lines).toContainEqual(
          '│     Runner listener exit with terminated error, stop the service, no retry needed.'
        );
        // Read by state: neither job bills, GitHub lists neither runner; the post step has nothing left.
        expect(ids.map((id) => stillBills(s.emulator, id))).toEqual([false, false]);
        expect(g.github.store.runners.all()).toEqual([]);
        expect(run.outputs.runs_on).toBe('');
        const post = await s.run(runnerInputs(g.github.runnerToken), run.state, g.env());
        expect([post.exitCode, shown(post)]).toEqual([0, ['cleanup (stop): this step created no task', '']]);
        for (const one of [run, post]) expectNoConfiguration(one, g.github);
      }
    );

    linked(
      'on SIGTERM while waiting for the runners to come online, exits keeping both jobs for the post step, which stops them',
      async (s, g, link) => {
        link.knobs = () => ({ neverOnline: true });
        const run = await s.run(
          runnerInputs(g.github.runnerToken),
          undefined,
          g.env(),
          { text: 'runner: 0 of 2 online', signal: 'SIGTERM' },
          2
        );
        expect(run.exitCode).toBe(1);
        expect(shown(run)).toContain('received SIGTERM: stopping, and writing the outputs known so far');
        // It says it was cancelled (never "failed unexpectedly"), and writes what it knows.
        expect(shown(run).join('\n')).not.toContain('failed unexpectedly');
        expect(shown(run)).toContainEqual(
          expect.stringMatching(
            /^::error::runner: cancelled after \d+s while waiting for the runners to come online/
          )
        );
        const made = createdIds(s.emulator.requests);
        expect(made).toHaveLength(2);
        expect((JSON.parse(run.outputs.task_ids ?? '[]') as string[]).sort()).toEqual([...made].sort());
        expect(run.outputs.runner_label).toBe(LABEL);
        expect(run.state.created_task_ids).toBe(JSON.stringify(made));
        expect(made.map((id) => stillBills(s.emulator, id))).toEqual([true, true]);
        const post = await s.run(runnerInputs(g.github.runnerToken), run.state, g.env());
        expect(post.exitCode).toBe(0);
        // The jobs stopped, and the runners it registered and never handed over removed from GitHub.
        expect(shown(post)).toEqual([
          `cleanup: runner ${LABEL}-1: GitHub removed it`,
          `cleanup: runner ${LABEL}-2: GitHub removed it`,
          ...made.map((id) => `cleanup: stopped task ${id}`),
          ''
        ]);
        expect(g.github.store.runners.all()).toEqual([]);
        expect(made.map((id) => stillBills(s.emulator, id))).toEqual([false, false]);
        for (const one of [run, post]) expectNoConfiguration(one, g.github);
      }
    );

    linked(
      "refuses a fork's pull request and pull_request_target before anything is sent; allow_untrusted: true starts the runner",
      async (s, g) => {
        g.github.store.openPull(77, { fork: true });
        g.github.store.openPull(78);
        const one = (more: Record<string, string> = {}) =>
          runnerInputs(g.github.runnerToken, { runners: '1', ...more });
        const fork = await s.run(one(), undefined, g.env('pull_request', g.github.event(77, 'opened')));
        const target = await s.run(
          one(),
          undefined,
          g.env('pull_request_target', g.github.event(78, 'opened'))
        );
        const errors = (run: StepRun) => shown(run).filter((line) => line.startsWith('::error::'));
        expect([fork.exitCode, errors(fork)]).toEqual([
          1,
          [
            expect.stringMatching(
              /^::error::runner is refused on a pull request from a fork: .*allow_untrusted/
            )
          ]
        ]);
        expect([target.exitCode, errors(target)]).toEqual([
          1,
          [expect.stringMatching(/^::error::runner is refused on pull_request_target: .*allow_untrusted/)]
        ]);
        // Nothing sent: no configuration asked of GitHub, no request to the platform.
        expect([s.emulator.requests, g.github.calls]).toEqual([[], []]);
        const allowed = await s.run(
          one({ allow_untrusted: 'true' }),
          undefined,
          g.env('pull_request', g.github.event(77, 'opened'))
        );
        expect([allowed.exitCode, allowed.outputs.runner_names]).toEqual([0, JSON.stringify([`${LABEL}-1`])]);
        expect(g.github.store.runners.all().map((r) => [r.name, r.status])).toEqual([
          [`${LABEL}-1`, 'online']
        ]);
        expectNoConfiguration(allowed, g.github);
      }
    );

    linked(
      'runner_stop by task_name in the same run stops the runner jobs and removes the runners, writing total_cost',
      async (s, g) => {
        const run = await s.run(runnerInputs(g.github.runnerToken), undefined, g.env(), undefined, 2);
        expect(run.exitCode).toBe(0);
        const ids = JSON.parse(run.outputs.task_ids ?? '[]') as string[];
        expect(ids.map((id) => stillBills(s.emulator, id))).toEqual([true, true]);
        const stop = await s.run(
          { operation: 'runner_stop', task_name: 'gpu', github_token: g.github.runnerToken, ...FAST },
          undefined,
          g.env()
        );
        expect(stop.exitCode).toBe(0);
        expect(ids.map((id) => stillBills(s.emulator, id))).toEqual([false, false]);
        expect(g.github.store.runners.all()).toEqual([]);
        expect(JSON.parse(stop.outputs.task_ids ?? '[]')).toEqual(expect.arrayContaining(ids));
        expect(Number(stop.outputs.total_cost)).toBeGreaterThan(0);
        expect(shown(stop)).toEqual(
          expect.arrayContaining([
            `runner ${LABEL}-1: removed from GitHub`,
            `runner ${LABEL}-2: removed from GitHub`
          ])
        );
        expect(stop.summary).toContain(`#### Runners stopped (label ${LABEL})`);
        expect(stop.summary).toMatch(
          new RegExp(`\\| ${LABEL}-1 \\| ${ids[0] ?? ''} \\| stopped \\| removed \\|`)
        );
        for (const one of [run, stop]) expectNoConfiguration(one, g.github);
      }
    );

    linked(
      'fails in one line naming administration: write when GitHub refuses the token, and makes nothing',
      async (s, g) => {
        const token = g.github.tokenWith(['deployments', 'pull-requests', 'issues', 'contents']);
        const run = await s.run(runnerInputs(token), undefined, g.env());
        expect(run.exitCode).toBe(1);
        expect(shown(run).filter((line) => line.startsWith('::error::'))).toEqual([
          expect.stringMatching(
            /^::error::runner: GitHub did not register runner gpu-7100-2-1: .*HTTP 403.*the token lacks administration: write, which GITHUB_TOKEN cannot carry; give the step a fine-grained personal access token or a GitHub App's token with administration: write on acme\/app$/
          )
        ]);
        expect(s.emulator.requests.filter((r) => r.path === JOB_CREATE)).toEqual([]);
        expect(g.github.store.runners.all()).toEqual([]);
      }
    );
  });
}
