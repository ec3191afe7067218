// End-to-end scenarios: Creating and waiting, the outputs and the summary, retries, proxies, signals and dry runs.
import { runnerView, type StepRun } from '../../../scripts/action-runner.js';
import { startConnectProxy } from '../../helpers/proxy.js';
import { MARK_4090 } from '../../helpers/bodies.js';
import { mermaidBlocks, parseGantt } from '../../helpers/mermaid.js';
import {
  SERVICE,
  FAST,
  CREATE,
  STOP,
  SEARCH,
  DETAIL,
  json,
  shown,
  escapeRegExp,
  settleAfterPendingRead,
  type ScenarioApi,
  everythingShown,
  createOf
} from './harness.js';

export function basicScenarios({ scenario }: ScenarioApi): void {
  scenario(
    'creates a task and waits until it is Running with its URLs, with outputs and a summary',
    async (s) => {
      const stopWatching = settleAfterPendingRead(s.emulator);
      const result = await s.run(createOf('e2e-web', { body: SERVICE, ...FAST }));
      stopWatching();
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
      expect(result.summary).toMatch(/Status timeline[\s\S]*- \d+s: task \d+ Pending[\s\S]*task \d+ Running/);
      // Where the time went, as a diagram GitHub renders, read back by Mermaid's parser (issue 63, point 9).
      const [gantt] = mermaidBlocks(result.summary);
      expect((await parseGantt(gantt ?? '')).bars.map((bar) => [bar.section, bar.text])).toEqual([
        [`task ${id} e2e-web`, 'Pending'],
        [`task ${id} e2e-web`, 'Running']
      ]);
      expect(shown(result)).toEqual(
        expect.arrayContaining([
          `task_id: ${id}`,
          expect.stringMatching(/^task \d+ "e2e-web" is ready after \ds: https:/)
        ])
      );
    }
  );

  scenario('shows the debug lines of each request with every secret masked', async (s) => {
    const result = await s.run({
      operation: 'detail',
      task_id: s.emulator.tasks.add({ task_name: 'dbg', points: 1 })
    });
    const view = runnerView(result, { debug: true });
    expect(result.stdout).toContain(`::add-mask::${s.rsa.token ?? ''}`);
    // A GET of the platform's documented forms carries no Content-Type (issue 60, point 16).
    expect(view.lines).toContainEqual(
      expect.stringMatching(
        /^::debug::request: GET https:\/\/127\.0\.0\.1:\d+\/api\/task\/deployment\/detail \(token=<redacted>, version=1\.0\.0, timestamp=\d{13}, sign_str=<redacted>; no body\)$/
      )
    );
    expect(view.lines.join('\n')).not.toContain(s.rsa.token);
  });

  scenario(
    'fails the step for a task that ends in Other, with the outputs written; the post step, which the platform does not let stop it, fails loudly',
    async (s) => {
      const inputs = createOf('e2e-broken', { cleanup: 'stop', cleanup_timeout: '5s', ...FAST });
      const result = await s.run(inputs);
      expect(result.exitCode).toBe(1);
      const id = result.outputs.task_id ?? '';
      expect(id).toMatch(/^\d+$/);
      expect(result.outputs).toMatchObject({ status: 'Other', timed_out: 'false', code: '0000' });
      expect(result.stdout).toMatch(
        new RegExp(`::error::create: task ${id} \\(e2e-broken\\) ended in Other after \\ds\\n`)
      );
      expect(result.summary).toContain('❌ failed');
      // The platform's reference stops Running, Pending and Paused tasks only: the post step reads the
      // task, finds it in Other, and says at once that it is left to stop by hand.
      const post = await s.run(inputs, result.state);
      expect(post.exitCode).toBe(1);
      expect(shown(post)).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^::error title=Task left running::task ${id} may still be running, and billing: .*its status is Other, and the platform applies stop to Running, Pending, Paused tasks only`
          )
        )
      );
      expect(post.summary).toContain(`Task ${id} may still be running, and billing`);
    }
  );

  scenario('only warns when the job summary cannot be written', async (s) => {
    const result = await s.run({ operation: 'search_resources' }, undefined, {
      GITHUB_STEP_SUMMARY: '/nonexistent/dir/summary.md'
    });
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(
      /^::warning::could not write the job summary: .*\/nonexistent\/dir\/summary\.md/m
    );
  });

  scenario(
    'fails the step on timeout, naming the last status and the time, with timed_out true',
    async (s) => {
      s.emulator.tasks.setReadyAfter(600);
      const result = await s.run(createOf('e2e-slow', { wait_timeout: '2s', ...FAST }));
      expect(result.exitCode).toBe(1);
      expect(result.outputs).toMatchObject({ timed_out: 'true', status: 'Pending' });
      expect(result.stdout).toMatch(
        // Real time: on a busy machine the last look may come a second or so after wait_timeout.
        /::error::create: task \d+ \(e2e-slow\) timed out after \d+s, last status Pending\n/
      );
    }
  );

  scenario('waits with detail when wait is true', async (s) => {
    // The task comes up once the detail step has seen it Pending, however slowly that step starts.
    s.emulator.tasks.setReadyAfter(600);
    const created = await s.run(createOf('e2e-detail', { wait: 'false' }));
    expect(created.outputs.status).toBe('');
    const id = created.outputs.task_id ?? '';
    const meanwhile = s.emulator.afterRequest((request) => {
      if (request.path === DETAIL) s.emulator.tasks.settle(id);
    });
    const result = await s.run({ operation: 'detail', task_id: id, wait: 'true', ...FAST });
    meanwhile();
    expect(result.exitCode).toBe(0);
    expect(result.outputs.status).toBe('Running');
    expect(shown(result)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/: Pending -> Running after \d+s \(\d+m\d+s left, cost so far [^)]+ yuan\)$/)
      ])
    );
  });

  scenario('runs every operation of the table on one task', async (s) => {
    const created = await s.run(createOf('e2e-ops', { body: SERVICE, ...FAST }));
    const task_id = created.outputs.task_id ?? '';
    const step = async (inputs: Record<string, string>): Promise<StepRun> => {
      const result = await s.run({ task_id, ...FAST, ...inputs });
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
    const searched = await s.run({ operation: 'search_tasks', query: 'search_value: e2e-ops' });
    expect(json(searched.outputs.data)).toMatchObject({ count: 1, results: [{ task_id: Number(task_id) }] });
    expect(
      json((await s.run({ operation: 'search_resources', query: 'device_type: GpuDevice' })).outputs.data)
    ).toMatchObject({ count: 2 });
    expect(json((await s.run({ operation: 'billing', query: 'page: 1' })).outputs.data)).toMatchObject({
      count: expect.any(Number)
    });
    const storage = await s.run({
      operation: 'storage_check',
      body: '{supplier: tencent, endpoint: e.example, ak: AKIDEXAMPLE, sk: wJalrXUtnFEMI, bucket: b, prefix: d/}'
    });
    expect(json(storage.outputs.data)).toEqual({ pass: true, message: null });
    expect(shown(storage).join('\n')).not.toContain('wJalrXUtnFEMI');
    const request = await s.run({
      operation: 'request',
      method: 'GET',
      path: '/api/deployment/task/detail',
      query: `task_id: ${task_id}`
    });
    expect(json(request.outputs.data)).toMatchObject({ points: 3 });
    const stopped = await step({ operation: 'stop' });
    expect(stopped.outputs).toMatchObject({ status: 'End', statuses: JSON.stringify({ [task_id]: 'End' }) });
  });

  scenario(
    'follows an endpoints override: detail on the older path, GET with task_id in the query',
    async (s) => {
      const id = s.emulator.tasks.add({ task_name: 'e2e-get', points: 1, status: 'Running' });
      const result = await s.run({
        operation: 'detail',
        task_id: id,
        endpoints: 'detail: {path: /api/deployment/task/detail}'
      });
      expect(result.exitCode).toBe(0);
      expect(s.emulator.requests.at(-1)).toMatchObject({
        method: 'GET',
        target: `/api/deployment/task/detail?task_id=${id}`,
        body: ''
      });
      expect(result.outputs.status).toBe('Running');
    }
  );

  scenario('goes through the proxy in https_proxy: creates and waits, every request tunnelled', async (s) => {
    // platform.test resolves nowhere but in the proxy, so nothing can have reached the emulator directly.
    const proxy = await startConnectProxy('platform.test');
    try {
      const before = s.emulator.requests.length;
      const result = await s.run(
        createOf('e2e-proxied', {
          base_url: s.emulator.base_url.replace('127.0.0.1', 'platform.test'),
          ...FAST
        }),
        undefined,
        { https_proxy: proxy.url }
      );
      expect(result.exitCode).toBe(0);
      expect(result.outputs.status).toBe('Running');
      const port = new URL(s.emulator.base_url).port;
      expect(proxy.tunnels.length).toBeGreaterThan(0);
      expect(new Set(proxy.tunnels)).toEqual(new Set([`platform.test:${port}`]));
      expect(s.emulator.requests.slice(before).map((r) => r.path)).toEqual(
        expect.arrayContaining([CREATE, DETAIL])
      );
    } finally {
      await proxy.stop();
    }
  });

  // 60 requests: the step turns V8's optimizing compilers off at run time (action/compiler-tiers.ts), on
  // every Node version the bundle runs on.
  scenario('reads the detail of 60 tasks in one step', async (s) => {
    const ids = Array.from({ length: 60 }, (_, i) =>
      s.emulator.tasks.add({ task_name: `bulk-${i}`, points: 1, status: i % 2 === 0 ? 'Running' : 'Paused' })
    );
    const result = await s.run({ operation: 'detail', task_id: ids.join('\n'), concurrency: '8' });
    expect(result.exitCode).toBe(0);
    expect(json(result.outputs.task_ids)).toEqual(ids);
    expect(result.outputs.status).toBe('mixed');
    expect(json(result.outputs.statuses)).toEqual(
      Object.fromEntries(ids.map((id, i) => [id, i % 2 === 0 ? 'Running' : 'Paused']))
    );
    // Written to their files as the answers came (4 or 8 at a time, in any order), in the order of the ids.
    const data = json(result.outputs.data) as { task_id: number }[];
    expect(data.map((task) => String(task.task_id))).toEqual(ids);
    const answers = json(result.responseFile) as { code: string; data: { task_id: number } }[];
    expect(answers.map((answer) => [answer.code, String(answer.data.task_id)])).toEqual(
      ids.map((id) => ['0000', id])
    );
  });

  scenario("redacts each service's environment in a bulk step's data output and response file", async (s) => {
    const env = 'HF_TOKEN=hf_bulk_e2e_secret_value';
    const ids = Array.from({ length: 3 }, (_, i) =>
      s.emulator.tasks.add({
        task_name: `bulk-env-${i}`,
        points: 1,
        status: 'Running',
        services: [
          { service_name: 'api', service_image: 'nginx:1', env, remote_ports: [{ service_port: 80 }] }
        ]
      })
    );
    const result = await s.run({ operation: 'detail', task_id: ids.join('\n') });
    expect(result.exitCode).toBe(0);
    expect(`${result.outputs.data ?? ''}${result.responseFile ?? ''}`).not.toContain(
      'hf_bulk_e2e_secret_value'
    );
    const data = json(result.outputs.data) as { services: { env: string }[] }[];
    expect(data.map((task) => task.services[0]?.env)).toEqual(['<redacted>', '<redacted>', '<redacted>']);
  });

  // Regression (issue 60, point 13): a deployment service's env is a string of NAME=value lines (the
  // reference types it string); its secret values reached the step log, the diagnostics file and the logs
  // step's response file when the service printed them, where a job's {name, value} entries were masked.
  scenario(
    "masks a deployment's string env values everywhere: the create's log and diagnostics, and a logs step that only reads the task",
    async (s) => {
      const secret = 's3cr3t-e2e-env-value';
      const quoted = 'quoted-e2e-env-password';
      s.emulator.tasks.setCrashLoops([
        {
          pattern: '-envcrash$',
          restartEverySeconds: 0.5,
          log: `booting\nAPI_KEY=${secret}\nDB_PASSWORD=${quoted}\nOTHER=x\n`
        }
      ]);
      const env = `API_KEY=${secret}\r\nexport DB_PASSWORD="${quoted}"\nOTHER=x`;
      const body = JSON.stringify({
        resources: [{ mark: MARK_4090 }],
        services: [
          { service_name: 'web', service_image: 'nginx:1.27', env, remote_ports: [{ service_port: 80 }] }
        ]
      });
      const inputs = { operation: 'create', task_name: 'e2e-envcrash', body, cleanup: 'stop', ...FAST };
      const main = await s.run(inputs);
      const id = main.outputs.task_id ?? '';
      expect(main.exitCode).toBe(1);
      expect(main.diagnosticsFile).toContain('API_KEY=***');
      // A later step that reads the task and its nodes' logs, and was given no body: the values it masks
      // are those the platform's answers name.
      const logs = await s.run({ operation: 'logs', task_id: id });
      expect(logs.exitCode).toBe(0);
      expect(logs.responseFile).toContain('API_KEY=***');
      // Masked once, however many answers name it.
      const masks = logs.stdout.split('\n').filter((line) => line === `::add-mask::${secret}`);
      expect(masks).toHaveLength(1);
      const post = await s.run(inputs, main.state);
      expect(post.exitCode).toBe(0);
      for (const run of [main, logs, post]) {
        const everything = everythingShown(run);
        for (const value of [secret, quoted])
          expect({ value, shown: everything.includes(value) }).toEqual({ value, shown: false });
      }
    }
  );

  scenario('stops the task it created in the post step, with cleanup: stop', async (s) => {
    const main = await s.run(createOf('e2e-cleanup', { cleanup: 'stop', wait: 'false' }));
    const id = main.outputs.task_id ?? '';
    expect(main.state).toEqual({
      isPost: 'true',
      cleanup: 'stop',
      create_lookup: '',
      created_task_ids: JSON.stringify([id]),
      // What a replace retires, image preheats still running, an update to roll back and a scale up to set
      // back: nothing for a create.
      retire_task_ids: '[]',
      preheat_task_ids: '[]',
      rollback: '',
      scale_back: '',
      transfers: '[]',
      sftp_sessions: '[]',
      volumes: '[]',
      runner_registrations: '[]'
    });
    const post = await s.run(createOf('e2e-cleanup', { cleanup: 'stop', wait: 'false' }), main.state);
    expect(post.exitCode).toBe(0);
    expect(shown(post)).toContain(`cleanup: stopped task ${id}`);
    // The stop, then the detail that shows it ended.
    expect(s.emulator.requests.slice(-2)).toMatchObject([
      { path: '/api/deployment/task/stop', body: `{"task_id":${id}}`, applied: true },
      { path: '/api/task/deployment/detail', target: expect.stringContaining(`task_id=${id}`) as unknown }
    ]);
    expect(s.emulator.tasks.get(id).status).toBe('End');
    const again = await s.run(createOf('e2e-cleanup', { cleanup: 'stop' }), main.state);
    expect(again.exitCode).toBe(0);
    expect(shown(again)).toContain(`cleanup: task ${id} is already End`);
    s.emulator.tasks.setEndedTasksGone(true);
    const gone = await s.run(createOf('e2e-cleanup', { cleanup: 'stop' }), main.state);
    s.emulator.tasks.setEndedTasksGone(false);
    expect(gone.exitCode).toBe(0);
    expect(shown(gone)).toContain(`cleanup: task ${id} is already gone`);
  });

  // Regression (issue 37): a stop answered 0000 was taken as done: "stopped task N", exit 0, the task on.
  scenario(
    'stops a task in the post step only once its detail says End, asking again while a platform does not act',
    async (s) => {
      const inputs = createOf('e2e-lag', { cleanup: 'stop', wait: 'false' });
      const main = await s.run(inputs);
      const id = main.outputs.task_id ?? '';
      // Two stops are accepted and never acted on, as a platform that loses them would.
      s.emulator.inject({ path: STOP, times: 2, answer: { kind: 'envelope', code: '0000' } });
      const post = await s.run(inputs, main.state);
      expect([post.exitCode, s.emulator.tasks.get(id).status]).toEqual([0, 'End']);
      expect(s.emulator.requests.filter((r) => r.path === STOP)).toHaveLength(3);
      expect(shown(post)).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^cleanup: stop task ${id}: the platform accepted it, but its status is (Pending|Running): asking again in`
          )
        )
      );
      expect(shown(post)).toContain(`cleanup: stopped task ${id}`);
      // One that never acts: the post step fails at cleanup_timeout, saying how to stop it by hand.
      const again = await s.run(inputs);
      const left = again.outputs.task_id ?? '';
      s.emulator.inject({ path: STOP, times: Infinity, answer: { kind: 'envelope', code: '0000' } });
      const failed = await s.run({ ...inputs, cleanup_timeout: '5s' }, again.state);
      expect([failed.exitCode, s.emulator.tasks.get(left).status]).toEqual([1, 'Running']);
      expect(failed.stdout).toMatch(
        new RegExp(
          `::error title=Task left running::task ${left} may still be running, and billing: the post step could not stop it within cleanup_timeout 5s \\(the platform accepted it, but its status is Running; asked for \\d+s\\)\\. Stop it by hand now`
        )
      );
    }
  );

  // Regression (issue 37): a sweep paged by offset over a list that changed while it was read skipped a
  // task, and counted a task whose stop was answered 0000 as stopped while it ran on: exit 0 both times.
  scenario(
    'sweeps until a fresh search finds no task of the pattern live, each counted once its detail says End',
    async (s) => {
      s.emulator.setPageSizeMax(2);
      const ids = Array.from({ length: 5 }, (_, i) =>
        s.emulator.tasks.add({ task_name: `pr-9-web-${i}`, points: 1, status: 'Running' })
      );
      // Meanwhile another run stops one task once the first page is read, and makes one more of the
      // pattern once this sweep stops its first; the first stop is accepted and never acted on.
      let late = '';
      let pages = 0;
      const meanwhile = s.emulator.afterRequest((request) => {
        if (request.path === SEARCH && ++pages === 1) s.emulator.tasks.stop(ids[4] ?? '');
        if (request.path === STOP && late === '')
          late = s.emulator.tasks.add({ task_name: 'pr-9-web-late', points: 1, status: 'Running' });
      });
      s.emulator.inject({ path: STOP, answer: { kind: 'envelope', code: '0000' } });
      const result = await s.run({ operation: 'sweep', task_name: 'pr-9-*' });
      meanwhile();
      expect(result.exitCode).toBe(0);
      expect([...ids, late].map((id) => s.emulator.tasks.get(id).status)).toEqual(Array(6).fill('End'));
      expect(shown(result)).toContain('sweep: a fresh search finds no other task of "pr-9-*" live');
    }
  );

  scenario('sends nothing in a dry run, printing the request with its secrets redacted', async (s) => {
    const before = s.emulator.requests.length;
    const result = await s.run(createOf('e2e-dry', { dry_run: 'true' }));
    expect(result.exitCode).toBe(0);
    expect(s.emulator.requests).toHaveLength(before);
    const lines = shown(result);
    expect(lines).toEqual(
      expect.arrayContaining([
        `POST ${s.emulator.base_url}${CREATE}`,
        '  headers: token, version, timestamp, content-type, sign_str',
        '    <token>'
      ])
    );
    expect(lines.join('\n')).not.toContain(s.emulator.rsa.token);
    expect(result.outputs).toEqual({});
  });

  scenario.each([
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
    [{ operation: 'deploy' }, /^operation "deploy" is not one of create, /],
    [
      { operation: 'stop', task_id: '1,229,832' },
      /^task_id "1,229,832" has commas without a space, which reads as one number with thousands separators, not a list: /
    ]
  ])('refuses %j in one line and sends nothing', async (s, inputs, message) => {
    const before = s.emulator.requests.length;
    const result = await s.run(inputs);
    expect(result.exitCode).toBe(1);
    const errors = result.stdout.split('\n').filter((line) => line.startsWith('::error::'));
    expect(errors).toEqual([
      expect.stringMatching(
        typeof message === 'string'
          ? `^::error::${escapeRegExp(message)}$`
          : message.source.replace('^', '^::error::')
      )
    ]);
    expect(s.emulator.requests).toHaveLength(before);
  });
}
