// End-to-end scenarios: GPU jobs: run to their end, their logs, their stops, Spot and on demand.
import { readFileSync } from 'node:fs';
import type { EmulatorOptions } from '../../../emulator/index.js';
import { JOB_BODY, JOB_MARK_4090, jobBodyWithSecrets, REGION_4090 } from '../../helpers/bodies.js';
import { until } from '../../helpers/until.js';
import {
  FAST,
  keyLines,
  DEFAULT_EMULATOR,
  shown,
  type Scenario,
  type ScenarioApi,
  everythingShown,
  createdIds
} from './harness.js';
import { DEVICES, resourceOf } from '../../../emulator/catalog.js';
import { reference } from '../../helpers/reference.js';
import { mermaidBlocks, parseGantt, parseXyChart } from '../../helpers/mermaid.js';

export function jobScenarios({ scenario, group }: ScenarioApi): void {
  group('GPU jobs', () => {
    const JOB_OPTIONS: EmulatorOptions = {
      ...DEFAULT_EMULATOR,
      jobs: {
        podSeconds: 1,
        scripts: [
          {
            pattern: /^e2e-job$/,
            runSeconds: 3,
            log: ['collected 3 items', '::warning::a line of the log, not a command', '3 passed']
          },
          { pattern: /^e2e-job-late$/, runSeconds: 10 },
          // A line every 3 s of a 10-minute run.
          {
            pattern: /^e2e-job-long$/,
            runSeconds: 600,
            log: Array.from({ length: 200 }, (_, i) => `epoch ${i + 1}`)
          },
          // Held Manual by the platform a second after its pod starts.
          { pattern: /^e2e-job-held$/, runSeconds: 600, manualAfterSeconds: 1 }
        ]
      }
    };
    /** JOB_BODY on the 4090 mark: a body that names its node, for the Spot fallback. */
    const MARKED = JSON.stringify({ ...JSON.parse(JOB_BODY), resources: [{ mark: JOB_MARK_4090 }] });
    /** A job create refused for want of resources that the platform applies after `ms` all the same. */
    const refuseCreateApplyingAfter = (s: Scenario, ms: number): void => {
      s.emulator.inject({
        path: '/api/task/job/create',
        answer: { kind: 'envelope', code: 'C010', message: '资源不足' },
        applyAfterMs: ms
      });
    };
    /** Sends the step `signal` once it shows the long job's first line of log. */
    const onFirstEpoch = (signal: NodeJS.Signals) => ({ text: '| epoch 1', signal });
    const jobStops = (s: Scenario) => s.emulator.requests.filter((r) => r.path === '/api/task/job/stop');
    const job = (name: string): Record<string, string> => ({
      operation: 'job',
      task_name: name,
      gpu: '4090',
      body: JOB_BODY,
      cleanup: 'stop',
      ...FAST
    });

    scenario(
      "runs a GPU job to its end: its log in the step's log as it runs, every line in log_file, its outputs",
      async (s) => {
        const result = await s.run(job('e2e-job'));
        expect(result.exitCode).toBe(0);
        const lines = shown(result);
        expect(lines.filter((line) => line.startsWith('| '))).toEqual([
          '| collected 3 items',
          '| ::warning::a line of the log, not a command',
          '| 3 passed'
        ]);
        // No line of the log ran as a workflow command.
        expect(lines.some((line) => line.startsWith('::warning::'))).toBe(false);
        expect(result.outputs).toMatchObject({
          job_status: 'Complete',
          succeeded_pods: '1',
          job_type: 'spot'
        });
        expect(readFileSync(result.outputs.log_file ?? '', 'utf8')).toBe(
          'collected 3 items\n::warning::a line of the log, not a command\n3 passed\n'
        );
        expect(s.emulator.jobs.get(result.outputs.task_id ?? '').status).toBe('End');
        // Where its time and money went, as diagrams GitHub renders, read back by Mermaid's parser (issue 63,
        // point 9): its statuses and pods, and its cost as each poll read it, to the cost output.
        const [gantt, chart] = mermaidBlocks(result.summary);
        const { bars } = await parseGantt(gantt ?? '');
        expect(bars.map((bar) => bar.text)).toEqual(
          expect.arrayContaining(['Pending', 'Running', 'Complete', 'pods 0 running, 1 succeeded, 0 failed'])
        );
        const [line] = (await parseXyChart(chart ?? '')).lines;
        expect(line?.at(-1)).toBeCloseTo(Number(result.outputs.cost), 6);
      },
      JOB_OPTIONS
    );

    scenario(
      'stops a job whose run ended while its pods are still billed (billing_points above 0), whatever cleanup says (issue 60, point 7)',
      async (s) => {
        // Each pod is billed for ten minutes after it exits, unless the job is stopped.
        s.emulator.jobs.configure({ billedAfterEndSeconds: 600 });
        const result = await s.run({ ...job('e2e-job-billed-on'), cleanup: 'none' });
        const id = result.outputs.task_id ?? '';
        expect(result.exitCode).toBe(0);
        expect(result.outputs.job_status).toBe('Complete');
        expect(shown(result)).toContain(
          `job ${id}: its run ended (Complete), but 1 of its pods are still billed (billing_points): stopping it`
        );
        expect(s.emulator.jobs.get(id)).toMatchObject({ status: 'Paused', billing_points: 0 });
      },
      JOB_OPTIONS
    );

    // Issue 60, point 16: the reference lists job_status Manual and says nothing of it; a job held so was
    // waited on until wait_timeout, billing. It is no success, said, and stopped at once.
    scenario(
      'fails a job the platform holds Manual, saying so, and stops it at once: the post step has nothing left',
      async (s) => {
        const main = await s.run(job('e2e-job-held'));
        const id = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(1);
        expect(main.outputs).toMatchObject({ job_status: 'Manual', timed_out: 'false' });
        expect(shown(main)).toEqual(
          expect.arrayContaining([
            expect.stringMatching(/^task \d+: the platform holds the job Manual .*: not a success/),
            `job ${id} may still run: stopping it now`
          ])
        );
        expect(s.emulator.jobs.get(id)).toMatchObject({ status: 'Paused', job_status: { active_pods: 0 } });
        expect(main.state.created_task_ids).toBe('[]');
        const post = await s.run(job('e2e-job-held'), main.state);
        expect(post.exitCode).toBe(0);
      },
      JOB_OPTIONS
    );

    // Regression (issue 60, point 15): the reference's own job create body (sub_type null: an on-demand job;
    // job_support.estimated_exec_sec null) was refused against job_type, whose default the runner passes
    // as if the user had set it. Its marks and storage are the account's: the emulator's mark, no mounts.
    scenario(
      "runs the reference's own job create body on demand, as the runner gives the inputs' defaults",
      async (s) => {
        const example = structuredClone(reference('job-create').example_request) as {
          resources: Record<string, unknown>[];
          services: Record<string, unknown>[];
        };
        const [device] = DEVICES;
        const region = device?.regions[0];
        if (device === undefined || region === undefined) throw new Error('the catalog is empty');
        const body = {
          ...example,
          resources: example.resources.map((entry) => ({
            ...entry,
            mark: JOB_MARK_4090,
            resource: resourceOf(device, region),
            region_name: region.region_name
          })),
          services: example.services.map((service) => ({
            ...service,
            storage_config: null,
            share_storage_config: null,
            nas_storage_config: null
          }))
        };
        const result = await s.run({
          operation: 'job',
          body: JSON.stringify(body),
          ...FAST
        });
        expect(result.exitCode).toBe(0);
        expect(result.outputs).toMatchObject({ job_status: 'Complete', job_type: 'on_demand' });
        const [sent] = s.emulator.requests.filter((r) => r.path === '/api/task/job/create');
        expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({
          task_name: 'job-202604210858',
          sub_type: null,
          job_support: { estimated_exec_sec: null }
        });
      },
      JOB_OPTIONS
    );

    // Regression (issue 48): cleanup defaulted to none for a job too: a job step whose wait timed out left
    // its GPU job running for the post step to ignore (seen: wait_timeout 8s, job Running, no stop sent).
    scenario(
      'stops a job left to its defaults as soon as its wait times out (cleanup stop, the default of a job): the post step has nothing left',
      async (s) => {
        const defaults: Record<string, string> = { ...job('e2e-job-long'), wait_timeout: '8s' };
        delete defaults.cleanup;
        const main = await s.run(defaults);
        const id = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(1);
        expect(main.outputs.timed_out).toBe('true');
        expect(s.emulator.jobs.get(id).status).toBe('Paused');
        expect(main.state).toMatchObject({ cleanup: 'stop', created_task_ids: '[]' });
        expect(shown(main)).toContain(`job ${id} may still run: stopping it now`);
        expect(main.stdout).toContain(
          "::warning::wait_timeout (8s) is shorter than the job's timeout_sec (10m0s): the step stops waiting before the job would end (and stops the job then, with cleanup: stop)"
        );
        const post = await s.run(defaults, main.state);
        expect(post.exitCode).toBe(0);
        expect(jobStops(s)).toHaveLength(1);
      },
      JOB_OPTIONS
    );

    // Regression (issue 48): a Spot create refused but applied a few seconds later was followed by the
    // on-demand create: two jobs, the Spot one still running after the main and post steps, the step green.
    scenario(
      'adopts a refused Spot create that lands seconds later, and creates no on-demand job beside it',
      async (s) => {
        refuseCreateApplyingAfter(s, 3000);
        const inputs = { ...job('e2e-job'), gpu: '', body: MARKED, spot_fallback: 'true' };
        const main = await s.run(inputs);
        expect(main.exitCode).toBe(0);
        expect(createdIds(s.emulator.requests)).toEqual([main.outputs.task_id]);
        expect(main.outputs).toMatchObject({ job_status: 'Complete', job_type: 'spot' });
        expect(s.emulator.requests.filter((r) => r.path === '/api/task/job/create')).toHaveLength(1);
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
      },
      JOB_OPTIONS
    );

    scenario(
      'stops the twin a refused Spot create makes when it lands after its window, beside the on-demand job (issue 60, point 8)',
      async (s) => {
        // Refused at once, applied 10 s later: after the 7 s the step looks for it (request_timeout 2s).
        refuseCreateApplyingAfter(s, 10_000);
        const inputs = {
          ...job('e2e-job-late'),
          gpu: '',
          body: MARKED,
          spot_fallback: 'true',
          request_timeout: '2s'
        };
        const main = await s.run(inputs);
        expect(main.exitCode).toBe(0);
        expect(main.outputs).toMatchObject({ job_status: 'Complete', job_type: 'on_demand' });
        const made = (): string[] => createdIds(s.emulator.requests);
        // The refused create lands (on the emulator's time; a read of the emulator applies what is due): then
        // the post step runs.
        await until(() => {
          s.emulator.jobs.get(main.outputs.task_id ?? '');
          return made().length === 2;
        }, 'the refused create to land');
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        const twin = made().find((id) => id !== main.outputs.task_id) ?? '';
        // Stopped by the step once its wait was over, or by the post step's look once more.
        expect(s.emulator.jobs.get(twin).status).toBe('Paused');
        expect([...shown(main), ...shown(post)].join('\n')).toMatch(
          new RegExp(`task ${twin} named "e2e-job-late" (was made too|.*twin)`)
        );
      },
      JOB_OPTIONS
    );

    // Regression (issue 48): the post step's summary told a user to stop a job with operation: stop,
    // which answers "not found" for a job while it bills on.
    scenario(
      "names the job's own stop (job_stop) in what to do by hand when the post step cannot stop the job",
      async (s) => {
        s.emulator.inject({
          path: '/api/task/job/stop',
          times: Infinity,
          answer: { kind: 'envelope', code: 'C999', message: 'busy' }
        });
        const inputs = { ...job('e2e-job-long'), wait_timeout: '3s', cleanup_timeout: '5s' };
        const main = await s.run(inputs);
        const id = main.outputs.task_id ?? '';
        expect(main.state.created_task_ids).toBe(JSON.stringify([id]));
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(1);
        expect(post.summary).toContain('operation: job_stop');
        expect(post.summary).toContain(`task_id: ${id}`);
        expect(post.summary).toContain('/api/task/job/stop');
        expect(post.summary).not.toMatch(/operation: stop\b/);
        s.emulator.clearFaults();
        s.emulator.jobs.stop(id);
      },
      JOB_OPTIONS
    );

    // Regression (issue 48): the log_file output's file held the API token, the key's lines and secret
    // env values as the job printed them; the step log masked them. Issue 50, point 5: a registry
    // password too, and the diagnostics file of a job that fails.
    scenario(
      'masks in every file it writes what the job printed of the token, the key, a secret env value and a registry password',
      async (s) => {
        const keyLine = keyLines(s.rsa.private_key ?? '')[3] ?? '';
        const printed = [
          `token=${s.rsa.token ?? ''}`,
          `key line: ${keyLine}`,
          'HF_TOKEN=hf_secret_value_1234',
          'registry: reg-pass-job-1',
          'done'
        ];
        s.emulator.jobs.configure({
          scripts: [
            { pattern: /^e2e-job-secrets$/, runSeconds: 2, log: printed },
            { pattern: /^e2e-job-secrets-fail$/, runSeconds: 2, exitCode: 3, log: printed }
          ]
        });
        const body = jobBodyWithSecrets(
          [{ name: 'HF_TOKEN', value: 'hf_secret_value_1234' }],
          'reg-pass-job-1'
        );
        const result = await s.run({ ...job('e2e-job-secrets'), body });
        expect(result.exitCode).toBe(0);
        const file = result.files.log_file ?? '';
        expect(file).toBe('token=***\nkey line: ***\nHF_TOKEN=***\nregistry: ***\ndone\n');
        expect(shown(result)).toEqual(
          expect.arrayContaining(['| token=***', '| HF_TOKEN=***', '| registry: ***', '| done'])
        );
        const failed = await s.run({ ...job('e2e-job-secrets-fail'), body });
        expect(failed.exitCode).toBe(1);
        expect(failed.files.diagnostics_file).toContain('registry: ***');
        // And none anywhere else: the log as the runner shows it, stderr, summary, outputs, every file.
        for (const run of [result, failed]) {
          const everything = everythingShown(run);
          for (const secret of [s.rsa.token ?? '', keyLine, 'hf_secret_value_1234', 'reg-pass-job-1'])
            expect({ secret, shown: everything.includes(secret) }).toEqual({ secret, shown: false });
        }
      },
      JOB_OPTIONS
    );

    scenario(
      'on SIGTERM while a job runs, stops it at once and reads its end: the post step has nothing left',
      async (s) => {
        const main = await s.run(job('e2e-job-long'), undefined, {}, onFirstEpoch('SIGTERM'));
        const id = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(1);
        expect(s.emulator.jobs.get(id).status).toBe('Paused');
        expect(shown(main)).toContain(`job ${id} may still run: stopping it now`);
        expect(main.state.created_task_ids).toBe('[]');
        const post = await s.run(job('e2e-job-long'), main.state);
        expect(post.exitCode).toBe(0);
        expect(jobStops(s)).toHaveLength(1);
      },
      JOB_OPTIONS
    );

    // Regression (issue 48): the stop on a cancel took 8 s when the stop's answer was slow, past the 5 s it
    // has before the runner kills the step.
    scenario(
      'on SIGTERM, gives the stop of a running job its 5 s at most, however slow its answer: the post step takes over',
      async (s) => {
        s.emulator.inject({ path: '/api/task/job/stop', delayMs: 8000 });
        const main = await s.run(job('e2e-job-long'), undefined, {}, onFirstEpoch('SIGTERM'));
        const id = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(1);
        expect(shown(main)).toContain(`job ${id} may still run: stopping it now`);
        expect(shown(main)).toContainEqual(
          expect.stringMatching(
            new RegExp(`^job ${id} could not be stopped now \\(.*\\): the post step tries again$`)
          )
        );
        expect(main.state.created_task_ids).toBe(JSON.stringify([id]));
        const post = await s.run(job('e2e-job-long'), main.state);
        expect(post.exitCode).toBe(0);
        expect(s.emulator.jobs.get(id).status).toBe('Paused');
      },
      JOB_OPTIONS
    );

    scenario(
      'when killed while a Spot job waits in the queue for its fallback, leaves it to the post step, which stops it',
      async (s) => {
        // No free node where the body puts it: the Spot job waits Queued.
        s.emulator.stock.set([{ device_name: '4090', region: REGION_4090, inventory: 0 }]);
        const inputs = {
          ...job('e2e-job-queued'),
          gpu: '',
          body: MARKED,
          spot_fallback: 'true',
          queue_timeout: '10m'
        };
        // Killed once the step reads the queued job (after it put the job on its ledger).
        const read = (): boolean => s.emulator.requests.some((r) => r.path === '/api/task/job/detail');
        const main = await s.run(inputs, undefined, {}, { when: read, signal: 'SIGKILL' });
        expect(main.exitCode).not.toBe(0);
        const [id = ''] = createdIds(s.emulator.requests);
        expect(s.emulator.jobs.get(id)).toMatchObject({ status: 'Pending', schedule_status: 'Queued' });
        expect(main.state.created_task_ids).toBe(JSON.stringify([id]));
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect(s.emulator.jobs.get(id).status).toBe('Paused');
      },
      JOB_OPTIONS
    );

    scenario(
      'when killed while a job runs, leaves the job to the post step, which stops it through the Job API',
      async (s) => {
        const main = await s.run(job('e2e-job-long'), undefined, {}, onFirstEpoch('SIGKILL'));
        expect(main.exitCode).not.toBe(0);
        const [id = ''] = createdIds(s.emulator.requests);
        expect(s.emulator.jobs.get(id).status).toBe('Running');
        expect(main.state.created_task_ids).toBe(JSON.stringify([id]));
        const post = await s.run(job('e2e-job-long'), main.state);
        expect(post.exitCode).toBe(0);
        expect(s.emulator.jobs.get(id).status).toBe('Paused');
        expect(shown(post)).toContain(`cleanup: stopped task ${id}`);
      },
      JOB_OPTIONS
    );
  });
}
