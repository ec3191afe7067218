// The CI workflow's job that runs the action itself (uses: ./, and ./job) against the emulator, run here step by
// step as the workflow writes it: its emulator started by its own script, each `uses: ./` step run as
// the runner runs it (dist/ on Node 24, its inputs and the job's GITHUB_ENV), each check by bash, then
// the post steps in reverse order, verify-cleanup's last: what CI runs, proven before it runs there.
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { nodeRuntimes, parseFileCommands, ROOT, runStep, type StepRun } from '../../scripts/action-runner.js';

const run = promisify(execFile);

interface Step {
  name?: string;
  id?: string;
  uses?: string;
  run?: string;
  /** As YAML reads it: `max_restarts: 1` is a number. */
  with?: Record<string, string | number | boolean>;
  env?: Record<string, string>;
  if?: string;
  'continue-on-error'?: boolean;
}

const workflow = parse(readFileSync(join(ROOT, '.github/workflows/ci.yml'), 'utf8')) as {
  jobs: Record<string, { steps: Step[] }>;
};
const node24 = nodeRuntimes().find((node) => node.major === 24);
/** A step of this repository's action: the root one (./), or a capability's (./job). */
const isAction = (step: Step): boolean => step.uses === './' || /^\.\/[a-z]+$/.test(step.uses ?? '');
/** The action.yml a step of the action uses: the root one's by default, or its capability's. */
const actionOf = (step: Step): { action?: string } =>
  step.uses === './' ? {} : { action: `${(step.uses ?? '').slice(2)}/action.yml` };

(node24 === undefined ? describe.skip : describe)('the CI job that runs the action itself', () => {
  it('passes, step by step as ci.yml writes it: outputs checked, a failing step failing, a job run, nothing left running', async () => {
    const node = node24 ?? { path: process.execPath, major: 0 };
    const steps = workflow.jobs.action?.steps ?? [];
    expect(steps.filter(isAction).map((step) => step.uses)).toEqual(['./', './', './job']);
    const temp = mkdtempSync(join(tmpdir(), 'ci-job-'));
    const githubEnv = join(temp, 'github-env');
    const ran = new Map<string, { outputs: Record<string, string>; outcome: string }>();
    const posts: { step: Step; state: Record<string, string> }[] = [];
    let emulatorGroup: number | undefined;
    /** The job's variables: RUNNER_TEMP, and what its steps wrote to GITHUB_ENV. */
    const jobEnv = (): Record<string, string> => ({
      RUNNER_TEMP: temp,
      ...parseFileCommands(readSafe(githubEnv))
    });
    const expand = (text: string): string =>
      text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_all, expression: string) => {
        if (expression === 'runner.temp') return temp;
        if (expression === 'github.run_id') return '4242';
        const output = /^steps\.(\w+)\.outputs\.(\w+)$/.exec(expression);
        if (output !== null) return ran.get(output[1] ?? '')?.outputs[output[2] ?? ''] ?? '';
        const outcome = /^steps\.(\w+)\.outcome$/.exec(expression);
        if (outcome !== null) return ran.get(outcome[1] ?? '')?.outcome ?? '';
        throw new Error(`an expression this test does not know: ${expression}`);
      });
    const inputs = (step: Step): Record<string, string> =>
      Object.fromEntries(
        Object.entries(step.with ?? {}).map(([name, value]) => [name, expand(String(value))])
      );
    try {
      for (const step of steps) {
        if (step.uses?.startsWith('actions/') === true || step.run === 'npm ci') continue;
        if (step.uses === './.github/actions/verify-cleanup') {
          posts.push({ step, state: {} });
          continue;
        }
        if (isAction(step)) {
          const result: StepRun = await runStep(node, inputs(step), {
            env: jobEnv(),
            timeoutMs: 120_000,
            ...actionOf(step)
          });
          const outcome = result.exitCode === 0 ? 'success' : 'failure';
          if (step['continue-on-error'] !== true && outcome !== 'success')
            throw new Error(`${step.name ?? ''} failed:\n${result.stdout.slice(-3000)}`);
          ran.set(step.id ?? '', { outputs: result.outputs, outcome });
          posts.push({ step, state: result.state });
          continue;
        }
        if (step.name === 'Start the emulator') {
          emulatorGroup = await startEmulator(step.run ?? '', { ...jobEnv(), GITHUB_ENV: githubEnv });
          continue;
        }
        const env = Object.fromEntries(
          Object.entries(step.env ?? {}).map(([name, value]) => [name, expand(value)])
        );
        await run('bash', ['-e', '-c', step.run ?? ''], {
          cwd: ROOT,
          env: { ...process.env, ...jobEnv(), ...env }
        });
      }
      // The post steps, last first: the action's cleanups, then verify-cleanup's check.
      for (const { step, state } of posts.reverse()) {
        if (isAction(step)) {
          const post = await runStep(node, inputs(step), {
            env: jobEnv(),
            state,
            timeoutMs: 120_000,
            ...actionOf(step)
          });
          expect([step.name, post.exitCode]).toEqual([step.name, 0]);
          continue;
        }
        const checked = await run(node.path, [join(ROOT, '.github/actions/verify-cleanup/post.mjs')], {
          env: { ...process.env, INPUT_RECORD: expand(String(step.with?.record ?? '')) }
        });
        expect(checked.stdout).toMatch(/^verify-cleanup: created \d+, \d+, \d+; /);
      }
    } finally {
      if (emulatorGroup !== undefined) process.kill(-emulatorGroup, 'SIGTERM');
      rmSync(temp, { recursive: true, force: true });
    }
  }, 600_000);
});

describe('verify-cleanup, the check of the CI job', () => {
  const check = async (records: unknown[]): Promise<{ code: number; stdout: string }> => {
    const dir = mkdtempSync(join(tmpdir(), 'verify-cleanup-'));
    try {
      const record = join(dir, 'record.jsonl');
      writeFileSync(record, records.map((r) => JSON.stringify(r)).join('\n'));
      return await run(process.execPath, [join(ROOT, '.github/actions/verify-cleanup/post.mjs')], {
        env: { ...process.env, INPUT_RECORD: record }
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: unknown) => {
          const failed = error as { code: number; stdout: string };
          return { code: failed.code, stdout: failed.stdout };
        }
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  const created = (id: string, path = '/api/task/deployment/create') => ({
    path,
    applied: true,
    createdTaskId: id
  });

  it('fails the job for a task created and never stopped, and for none created', async () => {
    const left = await check([
      created('7'),
      created('8'),
      { path: '/api/deployment/task/stop', applied: true, body: '{"task_id":7}' }
    ]);
    expect(left).toEqual({
      code: 1,
      stdout: expect.stringContaining('::error::verify-cleanup: not stopped: 8')
    });
    expect((await check([])).stdout).toContain('::error::verify-cleanup: no task was created');
  });

  it('passes a task stopped, and a job that ran to its end (Complete or Failed) without a stop', async () => {
    const ended = {
      path: '/api/task/job/detail',
      applied: true,
      answer: JSON.stringify({ code: '0000', data: { task_id: 9, job_status: { status: 'Complete' } } })
    };
    const passed = await check([
      created('7'),
      { path: '/api/deployment/task/stop', applied: true, body: '{"task_id":7}' },
      created('9', '/api/task/job/create'),
      ended
    ]);
    expect(passed.code).toBe(0);
  });
});

function readSafe(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return '';
  }
}

/**
 * Runs the workflow's own script that starts the emulator in the background, in a process group of its
 * own (the emulator outlives the script, as on the runner): answers the group, to stop it at the end.
 */
async function startEmulator(script: string, env: Record<string, string>): Promise<number> {
  const child = spawn('bash', ['-e', '-c', script], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    detached: true,
    stdio: 'ignore'
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`the emulator did not start (exit ${String(code)})`);
  return child.pid ?? 0;
}
