// End-to-end scenarios: dist/index.js run as the runner runs it (main, then post with the saved state)
// against an emulator in this process. Each test file runs them under one Node version.
import { readFileSync } from 'node:fs';
import { startEmulator, type Emulator } from '../../emulator/index.js';
import { runStep, type NodeRuntime, type StepRun } from '../../scripts/action-runner.js';

const SERVICE =
  'services:\n  - service_name: web\n    service_image: nginx:1.27\n    remote_ports: [{service_port: 80}, {service_port: 443}]\n';
const FAST = { poll_interval: '1s' };

export function defineScenarios(runtime: NodeRuntime): void {
  let emulator: Emulator;
  let rsa: Record<string, string>;
  let env: Record<string, string>;
  const run = (
    inputs: Record<string, string>,
    state?: Record<string, string>,
    extraEnv: Record<string, string> = {}
  ): Promise<StepRun> =>
    runStep(
      runtime,
      { ...rsa, ...inputs },
      { env: { ...env, ...extraEnv }, ...(state === undefined ? {} : { state }) }
    );
  const json = (text: string | undefined): unknown => JSON.parse(text ?? 'null');
  /** Lines the runner would show: everything but the ::add-mask:: commands. */
  const shown = (result: StepRun): string[] =>
    result.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));

  beforeAll(async () => {
    emulator = await startEmulator({ readyAfterSeconds: 1, failPattern: /-broken$/ });
    rsa = {
      base_url: emulator.base_url,
      token: emulator.rsa.token,
      private_key: readFileSync(emulator.rsa.private_key_file, 'utf8'),
      platform_public_key: readFileSync(emulator.rsa.platform_public_key_file, 'utf8')
    };
    env = { NODE_EXTRA_CA_CERTS: emulator.ca_file };
  });
  afterAll(() => emulator.stop());
  afterEach(() => {
    emulator.setReadyAfter(1);
  });

  it('creates a task and waits until it is Running with its URLs, with outputs and a summary', async () => {
    const result = await run({
      operation: 'create',
      task_name: 'e2e-web',
      points: '1',
      body: SERVICE,
      ...FAST
    });
    expect(result.stderr).toBe('');
    expect(result.exitCode).toBe(0);
    const id = result.outputs.task_id ?? '';
    const url = `https://t${id}-80.apps.emulator.invalid`;
    expect(result.outputs).toMatchObject({
      code: '0000',
      msg: 'success',
      task_ids: JSON.stringify([id]),
      status: 'Running',
      statuses: JSON.stringify({ [id]: 'Running' }),
      url,
      urls: JSON.stringify([url, `https://t${id}-443.apps.emulator.invalid`]),
      timed_out: 'false'
    });
    expect(json(result.outputs.data)).toMatchObject({ task_id: Number(id), status: 'Running' });
    expect(json(result.responseFile)).toMatchObject({
      code: '0000',
      data: { task_id: Number(id), status: 'Running' }
    });
    expect(Number(result.outputs.elapsed_seconds)).toBeGreaterThanOrEqual(1);
    expect(result.summary).toContain(`| ${id} | e2e-web | Running | ✅ ready | <a href="${url}">`);
    expect(result.summary).toMatch(/Status timeline[\s\S]*- 0s: task \d+ Pending[\s\S]*task \d+ Running/);
    expect(shown(result)).toEqual(
      expect.arrayContaining([
        `task_id: ${id}`,
        expect.stringMatching(/^task \d+ "e2e-web" is ready after \ds: https:/)
      ])
    );
  });

  it('fails the step for a task that ends in Other, with the outputs written, and still cleans it up', async () => {
    const inputs = { operation: 'create', task_name: 'e2e-broken', points: '1', cleanup: 'stop', ...FAST };
    const result = await run(inputs);
    expect(result.exitCode).toBe(1);
    const id = result.outputs.task_id ?? '';
    expect(id).toMatch(/^\d+$/);
    expect(result.outputs).toMatchObject({ status: 'Other', timed_out: 'false', code: '0000' });
    expect(result.stdout).toMatch(
      new RegExp(`::error::create: task ${id} \\(e2e-broken\\) ended in Other after \\ds\\n`)
    );
    expect(result.summary).toContain('❌ failed');
    const post = await run(inputs, result.state);
    expect([post.exitCode, shown(post)]).toEqual([0, [`cleanup: stopped task ${id}`, '']]);
  });

  it('only warns when the job summary cannot be written', async () => {
    const result = await run({ operation: 'search_resources' }, undefined, {
      GITHUB_STEP_SUMMARY: '/nonexistent/dir/summary.md'
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /^::warning::could not write the job summary: .*\/nonexistent\/dir\/summary\.md/m
    );
  });

  it('fails the step on timeout, naming the last status and the time, with timed_out true', async () => {
    emulator.setReadyAfter(600);
    const result = await run({
      operation: 'create',
      task_name: 'e2e-slow',
      points: '1',
      wait_timeout: '2s',
      ...FAST
    });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ timed_out: 'true', status: 'Pending' });
    expect(result.stdout).toMatch(
      /::error::create: task \d+ \(e2e-slow\) timed out after 2s, last status Pending\n/
    );
  });

  it('waits with detail when wait is true', async () => {
    emulator.setReadyAfter(1.5);
    const created = await run({ operation: 'create', task_name: 'e2e-detail', points: '1', wait: 'false' });
    expect(created.outputs.status).toBe('');
    const result = await run({
      operation: 'detail',
      task_id: created.outputs.task_id ?? '',
      wait: 'true',
      ...FAST
    });
    expect(result.exitCode).toBe(0);
    expect(result.outputs.status).toBe('Running');
    expect(shown(result)).toEqual(
      expect.arrayContaining([expect.stringMatching(/: Pending -> Running after \ds$/)])
    );
  });

  it('runs every operation of the table on one task', async () => {
    const created = await run({
      operation: 'create',
      task_name: 'e2e-ops',
      points: '1',
      body: SERVICE,
      ...FAST
    });
    const task_id = created.outputs.task_id ?? '';
    const step = async (inputs: Record<string, string>): Promise<StepRun> => {
      const result = await run({ task_id, ...FAST, ...inputs });
      expect([inputs.operation, result.exitCode, result.stdout.match(/::error::.*/)?.[0]]).toEqual([
        inputs.operation,
        0,
        undefined
      ]);
      return result;
    };
    expect((await step({ operation: 'pause' })).outputs.status).toBe('Paused');
    expect((await step({ operation: 'recover' })).outputs.status).toBe('Running');
    expect((await step({ operation: 'change_points', points: '3' })).outputs.code).toBe('0000');
    expect(json((await step({ operation: 'nodes', query: 'page_size: 2' })).outputs.data)).toMatchObject({
      count: 3,
      results: [{}, {}]
    });
    const searched = await run({ operation: 'search_tasks', query: 'search_value: e2e-ops' });
    expect(json(searched.outputs.data)).toMatchObject({ count: 1, results: [{ task_id: Number(task_id) }] });
    expect(
      json((await run({ operation: 'search_resources', query: 'device_type: GpuDevice' })).outputs.data)
    ).toMatchObject({ count: 2 });
    expect(json((await run({ operation: 'billing', query: 'page: 1' })).outputs.data)).toMatchObject({
      count: expect.any(Number)
    });
    const storage = await run({
      operation: 'storage_check',
      body: '{storage_name: m, oss_region_id: 1, bucket: b, dir: d, endpoint: e.example, access_key: AKIDEXAMPLE, secret_key: wJalrXUtnFEMI}'
    });
    expect(json(storage.outputs.data)).toEqual({
      pass: true,
      message: 'the storage can be reached with these settings'
    });
    expect(shown(storage).join('\n')).not.toContain('wJalrXUtnFEMI');
    const request = await run({
      operation: 'request',
      method: 'GET',
      path: '/api/deployment/task/detail',
      query: `task_id: ${task_id}`
    });
    expect(json(request.outputs.data)).toMatchObject({ points: 3 });
    const stopped = await step({ operation: 'stop' });
    expect(stopped.outputs).toMatchObject({ status: 'End', statuses: JSON.stringify({ [task_id]: 'End' }) });
  });

  it('follows an endpoints override: detail as GET with task_id in the query', async () => {
    const id = emulator.addTask({ task_name: 'e2e-get', points: 1, status: 'Running' });
    const result = await run({ operation: 'detail', task_id: id, endpoints: 'detail: {method: GET}' });
    expect(result.exitCode).toBe(0);
    expect(emulator.requests.at(-1)).toMatchObject({
      method: 'GET',
      target: `/api/deployment/task/detail?task_id=${id}`,
      body: ''
    });
    expect(result.outputs.status).toBe('Running');
  });

  it('reads the detail of 20 tasks in one step', async () => {
    const ids = Array.from({ length: 20 }, (_, i) =>
      emulator.addTask({ task_name: `bulk-${i}`, points: 1, status: i % 2 === 0 ? 'Running' : 'Paused' })
    );
    const result = await run({ operation: 'detail', task_id: ids.join('\n'), concurrency: '8' });
    expect(result.exitCode).toBe(0);
    expect(json(result.outputs.task_ids)).toEqual(ids);
    expect(result.outputs.status).toBe('mixed');
    expect(json(result.outputs.statuses)).toEqual(
      Object.fromEntries(ids.map((id, i) => [id, i % 2 === 0 ? 'Running' : 'Paused']))
    );
    expect((json(result.outputs.data) as unknown[]).length).toBe(20);
    expect((json(result.responseFile) as unknown[]).length).toBe(20);
  });

  it('stops the task it created in the post step, with cleanup: stop', async () => {
    const main = await run({
      operation: 'create',
      task_name: 'e2e-cleanup',
      points: '1',
      cleanup: 'stop',
      wait: 'false'
    });
    const id = main.outputs.task_id ?? '';
    expect(main.state).toEqual({ isPost: 'true', cleanup: 'stop', created_task_ids: JSON.stringify([id]) });
    const post = await run(
      { operation: 'create', task_name: 'e2e-cleanup', points: '1', cleanup: 'stop', wait: 'false' },
      main.state
    );
    expect(post.exitCode).toBe(0);
    expect(shown(post)).toContain(`cleanup: stopped task ${id}`);
    expect(emulator.requests.at(-1)).toMatchObject({
      path: '/api/deployment/task/stop',
      body: `{"task_id":${id}}`,
      applied: true
    });
    expect(emulator.task(id).status).toBe('End');
    const again = await run(
      { operation: 'create', task_name: 'e2e-cleanup', points: '1', cleanup: 'stop' },
      main.state
    );
    expect(again.exitCode).toBe(0);
    expect(shown(again)).toContain(`cleanup: task ${id} is already End`);
    emulator.setEndedTasksGone(true);
    const gone = await run(
      { operation: 'create', task_name: 'e2e-cleanup', points: '1', cleanup: 'stop' },
      main.state
    );
    emulator.setEndedTasksGone(false);
    expect(gone.exitCode).toBe(0);
    expect(shown(gone)).toContain(`cleanup: task ${id} is already gone`);
  });

  it('sends nothing in a dry run, printing the request with its secrets redacted', async () => {
    const before = emulator.requests.length;
    const result = await run({ operation: 'create', task_name: 'e2e-dry', points: '1', dry_run: 'true' });
    expect(result.exitCode).toBe(0);
    expect(emulator.requests).toHaveLength(before);
    const lines = shown(result);
    expect(lines).toEqual(
      expect.arrayContaining([
        `POST ${emulator.base_url}/api/deployment/task/create`,
        '  headers: token, version, timestamp, content-type, sign_str',
        '    <token>'
      ])
    );
    expect(lines.join('\n')).not.toContain(emulator.rsa.token);
    expect(result.outputs).toEqual({});
  });

  it.each([
    [
      { operation: 'create', points: '1' },
      'task_name is empty, but create needs it: set task_name to the name of the new task'
    ],
    [
      { operation: 'detail', task_id: '12a' },
      'task_id "12a" is not an integer: set task_id to the numeric id of a task, such as 1229831'
    ],
    [
      { operation: 'create', task_name: 'x', points: '0' },
      'points "0" is not a positive whole number: set points to the number of nodes, such as 1'
    ],
    [
      { operation: 'storage_check', body: '[1, 2]' },
      'body is not a mapping: write fields as "key: value" lines or a JSON object'
    ],
    [
      { operation: 'search_tasks', query: '{status: [' },
      /^query is not valid YAML or JSON at line \d+, column \d+/
    ],
    [{ operation: 'deploy' }, /^operation "deploy" is not one of create, /]
  ])('refuses %j in one line and sends nothing', async (inputs, message) => {
    const before = emulator.requests.length;
    const result = await run(inputs);
    expect(result.exitCode).toBe(1);
    const errors = result.stdout.split('\n').filter((line) => line.startsWith('::error::'));
    expect(errors).toEqual([
      expect.stringMatching(
        typeof message === 'string'
          ? `^::error::${escapeRegExp(message)}$`
          : message.source.replace('^', '^::error::')
      )
    ]);
    expect(emulator.requests).toHaveLength(before);
  });
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
