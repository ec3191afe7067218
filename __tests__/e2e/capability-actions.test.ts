// Issue 61, point 6: a capability's action (job/action.yml) runs dist/ as the runner runs it: its inputs'
// defaults (its default operation, the hidden capability), its runs: entry one folder up, then the post
// step with the saved state. Its own operations run to their end; any other is refused before a request.
import { inputEnvironment, nodeRuntimes, runStep, type StepRun } from '../../scripts/action-runner.js';
import { JOB_BODY } from '../helpers/bodies.js';
import {
  DEFAULT_EMULATOR,
  expectRunInvariants,
  keyLines,
  openScenario,
  SCENARIO_TIMEOUT_MS,
  SECRETS,
  shown,
  stillBills,
  type Scenario
} from './scenarios/harness.js';

const node24 = nodeRuntimes().find((runtime) => runtime.major === 24);
const JOB = 'job/action.yml';

/** Runs the job action's main step (or its post step, given the state) against the scenario's emulator. */
async function runJobAction(
  s: Scenario,
  inputs: Record<string, string>,
  state?: Record<string, string>
): Promise<StepRun> {
  const before = s.emulator.requests.length;
  const result = await runStep(
    node24 ?? { path: process.execPath, major: 0 },
    { ...s.rsa, ...inputs },
    {
      action: JOB,
      env: { NODE_EXTRA_CA_CERTS: s.emulator.ca_file, RUNNER_DEBUG: '1', ACTIONS_STEP_DEBUG: 'true' },
      ...(state === undefined ? {} : { state })
    }
  );
  expectRunInvariants(
    result,
    s.emulator.requests.slice(before),
    [...SECRETS, s.rsa.token ?? '', ...keyLines(s.rsa.private_key ?? '')],
    (id) => stillBills(s.emulator, id)
  );
  return result;
}

describe('a capability action, as the runner runs it: job/action.yml on Node 24', () => {
  let s: Scenario;
  beforeAll(async () => {
    if (node24 === undefined) return;
    s = await openScenario(node24, {
      ...DEFAULT_EMULATOR,
      jobs: {
        podSeconds: 1,
        scripts: [{ pattern: /^e2e-capability-job$/, runSeconds: 2, log: ['2 passed'] }]
      }
    });
  });
  afterAll(async () => {
    await s.close();
  });

  it('has Node 24 to run on (the node@24 devDependency)', () => {
    expect(node24).toBeDefined();
  });

  it('takes only the inputs its action.yml declares, as the runner warns of any other', () => {
    expect(() => inputEnvironment({ health_path: '/health' }, JOB)).toThrow(
      'job/action.yml has no input health_path'
    );
    expect(inputEnvironment({}, JOB)).toMatchObject({ INPUT_OPERATION: 'job', INPUT_CAPABILITY: 'job' });
  });

  it(
    'runs a job, its default operation, to its end with its outputs; the post step has nothing left',
    async () => {
      const main = await runJobAction(s, {
        task_name: 'e2e-capability-job',
        gpu: '4090',
        body: JOB_BODY,
        poll_interval: '1s'
      });
      expect({ exit: main.exitCode, log: main.exitCode === 0 ? '' : shown(main).slice(-20) }).toEqual({
        exit: 0,
        log: ''
      });
      expect(shown(main)).toContain('| 2 passed');
      expect(main.outputs).toMatchObject({ job_status: 'Complete', succeeded_pods: '1', job_type: 'spot' });
      const id = main.outputs.task_id ?? '';
      expect(s.emulator.jobs.get(id).status).toBe('End');
      const post = await runJobAction(
        s,
        { task_name: 'e2e-capability-job', gpu: '4090', body: JOB_BODY },
        main.state
      );
      expect(post.exitCode).toBe(0);
      expect(stillBills(s.emulator, id)).toBe(false);
    },
    SCENARIO_TIMEOUT_MS
  );

  it(
    'refuses an operation outside it before any request, in one error line, and its post step does nothing',
    async () => {
      const before = s.emulator.requests.length;
      const main = await runJobAction(s, {
        operation: 'create',
        task_name: 'e2e-capability-create',
        body: JOB_BODY
      });
      expect(main.exitCode).toBe(1);
      const errors = main.stdout.split('\n').filter((line) => line.startsWith('::error'));
      expect(errors).toEqual([
        expect.stringMatching(
          /^::error[^:]*::operation "create" is not one of the job action's operations \(job, job_detail, .*\): set operation to one of them, or use the deploy action \(this repository's deploy\/\) or the root action, which runs every operation$/
        )
      ]);
      const post = await runJobAction(
        s,
        { operation: 'create', task_name: 'e2e-capability-create' },
        main.state
      );
      expect(post.exitCode).toBe(0);
      expect(post.stdout.split('\n').filter((line) => line.startsWith('::error'))).toEqual([]);
      expect(s.emulator.requests.slice(before)).toEqual([]);
    },
    SCENARIO_TIMEOUT_MS
  );
});
