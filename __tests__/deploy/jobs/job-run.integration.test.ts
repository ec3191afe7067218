// A GPU batch job run to its end (operation: job) against the emulator over real HTTPS: made once on the
// GPU asked for, waited on until it ends, failed with why, stopped when cancelled or timed out, and never
// left billing; a dry run.
import { diagnosticsSummary } from '../../../src/action/diagnostics-report.js';
import { renderSummary } from '../../../src/action/summary.js';
import { emulatorStep } from '../../helpers/emulator-step.js';
import { PYTEST_JOB, useJobRunBench } from '../../helpers/job-bench.js';

describe('a GPU batch job run to its end (operation: job)', () => {
  const { bench, created } = useJobRunBench();
  const step = (inputs: Record<string, string>) => bench.step(inputs);

  it('creates a Spot job once on the GPU asked for, with its expected run a little under its timeout, and waits until it completes', async () => {
    const { outputs, failure, result } = await step({ task_name: 'gpu-tests', points: '2' });
    expect(failure).toBeUndefined();
    expect(outputs.status).toBe('Complete');
    expect(created()).toHaveLength(1);
    expect(JSON.parse(created()[0]?.body ?? '')).toMatchObject({
      task_name: 'gpu-tests',
      sub_type: 'Spot',
      points: 2,
      resources: [{ mark: expect.any(String) }],
      job_support: { timeout_sec: 3600, estimated_exec_sec: 3240 }
    });
    const searched = bench.emulator.requests.find((r) => r.path === '/api/deployment/resource/search');
    expect(searched?.target).toContain('task_type=Job');
    expect(bench.emulator.jobs.get(outputs.task_id).job_status).toMatchObject({
      status: 'Complete',
      succeeded_pods: 2
    });
    expect(renderSummary(result, { passed: true })).toContain(
      [
        '#### Job',
        '',
        '| Job status | Pods succeeded | Pods failed | Duration | Mode |',
        '|---|---|---|---|---|',
        '| Complete | 2 | 0 | 2m10s | Spot |'
      ].join('\n')
    );
    // Its own outputs: the job's status, its pods, how long its run took on the platform (from its start,
    // 10 s to schedule its pods, then two pods of 60 s one after the other).
    expect(outputs).toMatchObject({
      job_status: 'Complete',
      succeeded_pods: '2',
      failed_pods: '0',
      duration: '130',
      job_type: 'spot'
    });
  });

  // Regression (issue 48): the reference disagrees with itself (the job skill searches with task_type=Job,
  // its api/resource.md allows Deployment alone); a platform that refuses Job failed every job with gpu.
  it('searches with task_type=Deployment when one with task_type=Job is refused, saying so once', async () => {
    bench.emulator.jobs.configure({ resourceTaskType: 'Deployment' });
    const { outputs, failure } = await step({ task_name: 'gpu-tests' });
    expect(failure).toBeUndefined();
    expect(outputs.status).toBe('Complete');
    const searches = bench.emulator.requests
      .filter((r) => r.path === '/api/deployment/resource/search')
      .map((r) => new URL(r.target, 'https://x').searchParams.get('task_type'));
    // The key's proof after the refusal (a search every key may send), the Job search once more (another
    // run may have sent it in the same millisecond), refused again; then the Deployment search.
    expect(searches.slice(0, 3)).toEqual(['Job', 'Deployment', 'Job']);
    expect(searches.slice(3).every((type) => type === 'Deployment')).toBe(true);
    expect(searches.filter((type) => type === 'Job')).toHaveLength(2);
    expect(
      bench.log.filter((line) => line.includes('the resource search with task_type=Job was refused'))
    ).toEqual([
      expect.stringMatching(
        /^capacity: the resource search with task_type=Job was refused \(.*\): searching with task_type=Deployment, the task type the platform's resource search reference lists \(api\/resource\.md; its job skill says Job\)$/
      )
    ]);
  });

  it('creates an on-demand job without sub_type, and refuses an expected run for it, or fields the inputs own, before sending', async () => {
    const { outputs, failure } = await step({ task_name: 'gpu-tests', job_type: 'on_demand' });
    expect(failure).toBeUndefined();
    const sent = JSON.parse(created()[0]?.body ?? '') as Record<string, Record<string, unknown>>;
    expect(sent.sub_type).toBeUndefined();
    expect(sent.job_support?.estimated_exec_sec).toBeUndefined();
    expect(outputs.status).toBe('Complete');
    expect(outputs.job_type).toBe('on_demand');
    bench.emulator.clearRequests();
    await expect(step({ task_name: 'x', job_type: 'on_demand', estimated_exec_sec: '600' })).rejects.toThrow(
      'estimated_exec_sec is set, but it is for a Spot job, and job_type is on_demand: remove it'
    );
    await expect(
      step({
        task_name: 'x',
        job_type: 'on_demand',
        body: JSON.stringify({ ...JSON.parse(PYTEST_JOB), sub_type: 'Spot' })
      })
    ).rejects.toThrow(
      'body sets sub_type "Spot", but the job_type input leaves it out: set it with job_type alone'
    );
    await expect(step({ task_name: 'x', body: JSON.stringify({ services: [] }) })).rejects.toThrow(
      /body has no job_support, but a job needs it/
    );
    await expect(step({ task_name: 'x', estimated_exec_sec: '90000' })).rejects.toThrow(
      /estimated_exec_sec "90000" is not a whole number from 1 to 86400/
    );
    // GPUs are given whole: services whose GPU weights sum to 0 are refused, as the platform refuses them.
    const weightless = JSON.parse(PYTEST_JOB) as { services: Record<string, unknown>[] };
    const noGpu = {
      ...weightless,
      services: [
        { ...weightless.services[0], resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 0 } }
      ]
    };
    await expect(step({ task_name: 'x', body: JSON.stringify(noGpu) })).rejects.toThrow(
      "body services' resource_weight.gpu_weight sum to 0, but the platform gives a job's GPUs whole, to services whose gpu_weight sum to more than 0: set gpu_weight: 1 on the service that uses the GPU"
    );
    expect(bench.emulator.requests).toHaveLength(0);
  });

  // Issue 60, point 15: the reference requires start_script's command and args both, and whole numbers of
  // resource_weight; a body without them was sent, and refused by the platform after a resource search.
  type ServiceChange = (service: Record<string, unknown>) => Record<string, unknown>;
  it.each<[string, ServiceChange, string]>([
    [
      'a start_script without args',
      (service: Record<string, unknown>) => ({ ...service, start_script: { command: ['pytest'] } }),
      'body services[0].start_script.args is missing, but the platform needs both command and args as lists of strings (args: [] when there are none): set it, as in {command: [python], args: [train.py]}'
    ],
    [
      'a start_script whose command is a string',
      (service: Record<string, unknown>) => ({
        ...service,
        start_script: { command: 'pytest -q', args: [] }
      }),
      'body services[0].start_script.command is "pytest -q", but the platform needs both command and args as lists of strings (args: [] when there are none): set it, as in {command: [python], args: [train.py]}'
    ],
    [
      'a resource_weight of 1.5',
      (service: Record<string, unknown>) => ({
        ...service,
        resource_weight: { cpu_weight: 1.5, mem_weight: 1, gpu_weight: 1 }
      }),
      'body services[0].resource_weight.cpu_weight is 1.5, but the platform takes a whole number above 0: set it to an integer, such as 1'
    ],
    [
      'a gpu_weight of 0.5',
      (service: Record<string, unknown>) => ({
        ...service,
        resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 0.5 }
      }),
      'body services[0].resource_weight.gpu_weight is 0.5, but the platform takes a whole number of 0 or more: set it to an integer, such as 0'
    ],
    [
      'a resource_weight without mem_weight',
      (service: Record<string, unknown>) => ({
        ...service,
        resource_weight: { cpu_weight: 1, gpu_weight: 1 }
      }),
      'body services[0].resource_weight.mem_weight is missing, but the platform takes a whole number above 0: set it to an integer, such as 1'
    ]
  ])(
    'refuses %s before sending anything, in one line naming it and the fix',
    async (_what, change, message) => {
      const body = JSON.parse(PYTEST_JOB) as { services: Record<string, unknown>[] };
      const changed = { ...body, services: body.services.map(change) };
      await expect(step({ task_name: 'x', body: JSON.stringify(changed) })).rejects.toThrow(message);
      expect(message).not.toContain('\n');
      expect(bench.emulator.requests).toHaveLength(0);
    }
  );

  // Issue 60, point 15: the reference's own job create body carries sub_type null (its on-demand job) and
  // job_support.estimated_exec_sec null; both were refused against the job_type input.
  it('takes sub_type null as an on-demand job and estimated_exec_sec null as none; refuses sub_type null against job_type spot', async () => {
    const body = JSON.parse(PYTEST_JOB) as { job_support: Record<string, unknown> };
    const reference = {
      ...body,
      sub_type: null,
      job_support: { ...body.job_support, estimated_exec_sec: null }
    };
    const { outputs, failure } = await step({ task_name: 'gpu-tests', body: JSON.stringify(reference) });
    expect(failure).toBeUndefined();
    expect(outputs.job_type).toBe('on_demand');
    const sent = JSON.parse(created()[0]?.body ?? '') as Record<string, Record<string, unknown> | null>;
    expect(sent.sub_type).toBeNull();
    expect(sent.job_support?.estimated_exec_sec).toBeNull();
    bench.emulator.clearRequests();
    // Said in one place, or the same in both: job_type spot and sub_type null say otherwise.
    await expect(step({ task_name: 'x', job_type: 'spot', body: JSON.stringify(reference) })).rejects.toThrow(
      'body sets sub_type null, but the job_type input says spot: set it in one place, or the same value in both'
    );
    await expect(
      step({ task_name: 'x', job_type: 'on_demand', body: JSON.stringify(reference) })
    ).resolves.toMatchObject({ failure: undefined });
    // A Spot job's expected run is the input's, null in the body or not.
    const spot = { ...reference, sub_type: 'Spot' };
    const { outputs: spotOutputs } = await step({ task_name: 'gpu-tests', body: JSON.stringify(spot) });
    expect(spotOutputs.job_type).toBe('spot');
    const sentSpot = JSON.parse(created().at(-1)?.body ?? '') as Record<string, Record<string, unknown>>;
    expect(sentSpot.job_support?.estimated_exec_sec).toBe(3240);
  });

  // Issue 60, point 16: the reference lists job_status Manual without a meaning. A job held Manual was
  // waited on until wait_timeout, billing all along; it is no success, said, and the job is stopped.
  it('ends the wait on a job held Manual, never a success, saying what the reference does not, and stops the job', async () => {
    bench.emulator.jobs.configure({ scripts: [{ pattern: /-held$/, manualAfterSeconds: 30 }] });
    const { outputs, failure, left } = await step({ task_name: 'gpu-tests-held', wait_timeout: '30m' });
    const id = outputs.task_id;
    expect(failure).toMatch(/Manual/);
    expect(outputs).toMatchObject({ job_status: 'Manual', timed_out: 'false' });
    expect(bench.log).toContain(
      `task ${id}: the platform holds the job Manual (job_status Manual, which its reference lists without saying what it means): not a success; its pods may still run, and bill, until it is stopped`
    );
    // Stopped by the step, not left for wait_timeout: it bills no more.
    expect(bench.emulator.requests.filter((r) => r.path === '/api/task/job/stop')).toHaveLength(1);
    expect(bench.emulator.jobs.get(id)).toMatchObject({ status: 'Paused', job_status: { active_pods: 0 } });
    expect(bench.log).toContain(`job ${id} may still run: stopping it now`);
    // Stopped until its detail showed it: the post step has nothing left of it.
    expect(left?.created).toEqual([]);
  });

  it('fails the step when the job fails, saying why: its limit, its failed pods, their exit codes, events and last log lines; a job that ended needs no stop from the post step', async () => {
    const { outputs, failure, left, result } = await step({ task_name: 'gpu-tests-fails', cleanup: 'stop' });
    expect(failure).toMatch(/Failed/);
    expect(bench.log).toContain(
      `task ${outputs.task_id}: the job failed: 1 pod(s) failed, more than its backoff_limit of 0 allows (restart_policy Never: each failure runs a new pod)`
    );
    expect(result.tasks[0]?.diagnostics).toMatchObject({
      failedNodes: 1,
      notRunningNodes: 1,
      runningNodes: 0
    });
    const [node] = result.tasks[0]?.diagnostics?.nodes ?? [];
    expect(node?.problem).toMatch(/\(Failed\): container tests Error, exit code 1$/);
    expect(node?.events.map((e) => e.reason)).toEqual(['Scheduled', 'Started', 'Error']);
    expect(node?.logs[0]?.lines).toEqual(['$ pytest -q', 'exit code 1']);
    // The summary explains it as the log does (issue 49, point 9): why, and the failed pod open, with its
    // exit code, its events and its last lines.
    const summary = diagnosticsSummary(
      result.tasks.flatMap((t) => t.diagnostics ?? []),
      (text) => text
    );
    expect(summary).toContain(`#### Why job ${outputs.task_id} failed: 1 of its 1 pod failed or restarted`);
    expect(summary).toContain(
      'The job failed&#58; 1 pod&#40;s&#41; failed, more than its backoff&#95;limit of 0 allows'
    );
    expect(summary).toMatch(/<details open><summary>.*exit code 1<\/summary>/);
    expect(summary).toMatch(/Warning Error/);
    expect(summary).toContain('exit code 1\n</pre>');
    expect(left?.created).toEqual([outputs.task_id]);
    bench.emulator.clearRequests();
    const report = await bench.cleanup(left ?? {}, { task_name: 'gpu-tests-fails', cleanup: 'stop' });
    expect(report.outcomes.map((o) => o.outcome.kind)).toEqual(['already']);
    expect(bench.emulator.requests.map((r) => r.path)).not.toContain('/api/task/job/stop');
  });

  it('stops a job whose run ended while its pods are still billed (billing_points above 0), whatever cleanup says (issue 60, point 7)', async () => {
    // The platform bills each pod for ten minutes after it exits unless the job is stopped.
    bench.emulator.jobs.configure({ billedAfterEndSeconds: 600 });
    for (const cleanup of ['stop', 'none']) {
      bench.log.length = 0;
      const { outputs, failure } = await emulatorStep(bench.emulator, bench.clock, bench.client, {
        log: bench.log
      })({
        operation: 'job',
        task_name: `gpu-tests-${cleanup}`,
        gpu: '4090',
        body: PYTEST_JOB,
        cleanup,
        poll_interval: '10s'
      });
      expect(failure).toBeUndefined();
      expect(outputs.status).toBe('Complete');
      expect(bench.log).toContainEqual(
        `job ${outputs.task_id}: its run ended (Complete), but 1 of its pods are still billed (billing_points): stopping it`
      );
      // Billed no more, by its state: stopped, no pod billed, and its cost no longer grows.
      const detail = bench.emulator.jobs.get(outputs.task_id);
      expect(detail).toMatchObject({ status: 'Paused', billing_points: 0 });
      const cost = (d: Record<string, unknown>) => Number(d.billing_value) + Number(d.forecast_value);
      bench.clock.advance(300);
      expect(cost(bench.emulator.jobs.get(outputs.task_id))).toBe(cost(detail));
    }
  });

  it('tells billing_points from active_pods: a job whose pods ended is billed while billing_points says so', () => {
    bench.emulator.jobs.configure({ billedAfterEndSeconds: 600 });
    const id = bench.emulator.jobs.add({ task_name: 'tail', points: 1 });
    bench.clock.advance(10 + 60 + 1);
    expect(bench.emulator.jobs.get(id)).toMatchObject({
      status: 'Running',
      billing_points: 1,
      job_status: { status: 'Complete', active_pods: 0 }
    });
    bench.clock.advance(600);
    expect(bench.emulator.jobs.get(id)).toMatchObject({ status: 'End', billing_points: 0 });
  });

  it('shows in a dry run the job as it would be sent, on the resource chosen, in its mode, and creates nothing', async () => {
    const body = JSON.parse(PYTEST_JOB) as { services: Record<string, unknown>[] };
    const withEnv = {
      ...body,
      services: [{ ...body.services[0], env: [{ name: 'HF_TOKEN', value: 'hf_secret_value' }] }]
    };
    // A dry run prints, and reports no step.
    await expect(
      emulatorStep(bench.emulator, bench.clock, bench.client, { log: bench.log })(
        {
          operation: 'job',
          gpu: '4090',
          body: JSON.stringify(withEnv),
          task_name: 'gpu-tests',
          spot_fallback: 'true'
        },
        { dryRun: true }
      )
    ).rejects.toThrow(/the step reported nothing/);
    const printed = bench.log.join('\n');
    expect(printed).toMatch(/POST \S+\/api\/task\/job\/create/);
    expect(printed).toContain('"sub_type":"Spot"');
    expect(printed).toContain('"estimated_exec_sec":3240');
    expect(printed).toContain(
      'dry run: the job would run as Spot; still Queued after 10m0s (queue_timeout), or its create refused, the step would stop it and create the job on demand (spot_fallback)'
    );
    expect(printed).toMatch(/4090/);
    // How long the step would wait: as long as the job may take (issue 48).
    expect(printed).toContain(
      "dry run: the step would wait up to 1h25m0s (the job's timeout_sec of 1h0m0s + 15m0s to start + queue_timeout of 10m0s (spot_fallback))"
    );
    expect(printed).not.toContain('hf_secret_value');
    expect(created()).toHaveLength(0);
  });

  it('stops the job at once when the step is cancelled while it runs', async () => {
    const { outputs, left } = await emulatorStep(bench.emulator, bench.clock, bench.client, {
      log: bench.log
    })(
      {
        operation: 'job',
        gpu: '4090',
        body: PYTEST_JOB,
        poll_interval: '10s',
        task_name: 'gpu-tests',
        points: '5',
        cleanup: 'stop'
      },
      { cancelWhen: /-> Running/ }
    );
    expect(outputs.task_id).not.toBe('');
    expect(bench.emulator.jobs.get(outputs.task_id).status).toBe('Paused');
    expect(left?.created).toEqual([]);
  });

  it('leaves nothing billing when the wait times out: the step stops the job at once and reads its end; cleanup none leaves it running', async () => {
    const { outputs, failure, left } = await step({
      task_name: 'gpu-tests',
      points: '100',
      wait_timeout: '5m',
      cleanup: 'stop'
    });
    expect(failure).toMatch(/timed out|within/);
    expect(bench.emulator.jobs.get(outputs.task_id).status).toBe('Paused');
    expect(bench.log).toContain(`job ${outputs.task_id} may still run: stopping it now`);
    // Stopped and read back: the post step has nothing left to do with it.
    expect(left?.created).toEqual([]);
    const report = await bench.cleanup(left ?? {}, { task_name: 'gpu-tests', cleanup: 'stop' });
    expect(report.outcomes).toEqual([]);
    // cleanup: none leaves it running, on purpose.
    const kept = await step({
      task_name: 'gpu-tests-kept',
      points: '100',
      wait_timeout: '5m',
      cleanup: 'none'
    });
    expect(kept.failure).toMatch(/timed out|within/);
    expect(bench.emulator.jobs.get(kept.outputs.task_id).status).toBe('Running');
    // Left to its default, a job's cleanup is stop: the job is stopped as soon as its wait ends.
    const byDefault = await step({ task_name: 'gpu-tests-default', points: '100', wait_timeout: '5m' });
    expect(byDefault.failure).toMatch(/timed out|within/);
    expect(bench.emulator.jobs.get(byDefault.outputs.task_id).status).toBe('Paused');
    expect(byDefault.left?.created).toEqual([]);
    await expect(step({ task_name: 'x', cleanup: 'pause' })).rejects.toThrow(
      'cleanup is pause, but job concerns a job, which cannot be paused: set cleanup to stop (or none, to leave it running)'
    );
  });

  it('stops a job whose wait timed out on a platform slow to act: asked again until its detail reads it stopped, past wait_timeout', async () => {
    bench.emulator.tasks.setActLag(45);
    const { outputs, failure, left } = await step({
      task_name: 'gpu-tests',
      points: '100',
      wait_timeout: '5m',
      cleanup: 'stop'
    });
    expect(failure).toMatch(/timed out/);
    const id = outputs.task_id;
    expect(bench.emulator.jobs.get(id).status).toBe('Paused');
    // Accepted at once, acted on 45 s later: the step read it Running, and asked again, until Paused.
    const stops = bench.emulator.requests.filter((r) => r.path === '/api/task/job/stop');
    expect(stops.length).toBeGreaterThanOrEqual(1);
    expect(bench.log).toContain(`job ${id} stopped`);
    expect(left?.created).toEqual([]);
  });
});
