// The main and post steps in this process, on a test host, against the emulator over real HTTPS (the
// client trusts its CA through NODE_EXTRA_CA_CERTS, set by npm test). The end-to-end tests run the same
// through dist/index.js as the runner does; these count towards coverage and take no child process.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { type Emulator } from '../../emulator/index.js';
import { runMain } from '../../src/action/main-step.js';
import { runPost } from '../../src/action/post-step.js';
import { rsaInputs, tokenInputs } from '../helpers/emulator-inputs.js';
import { testHost, type TestHost } from '../helpers/host.js';
import { createBody, WEB_SERVICE } from '../helpers/bodies.js';
import { startStrictEmulator } from '../helpers/platform-client.js';
import { corpusInto } from '../helpers/transfer-inputs.js';
import { unwritableDirectory } from '../helpers/unwritable.js';

/** A create's body in the platform's documented forms: a resource by its mark, and the service. */
const SERVICE = createBody([{ ...WEB_SERVICE, service_image: 'nginx:1' }]);
const STOP = '/api/deployment/task/stop';
const CREATE = '/api/task/deployment/create';
const SEARCH = '/api/deployment/task/search';
const PREHEAT_STOP = '/api/task/image_preheat/stop';

describe('the main and post steps on a test host', () => {
  let emulator: Emulator;
  const hosts: TestHost[] = [];
  /** A create or replace (`operation`) of one 4090 node named `task_name`, with SERVICE, and `more` inputs. */
  const withService = (operation: string, task_name: string, more: Record<string, string> = {}) => ({
    operation,
    task_name,
    points: '1',
    body: SERVICE,
    ...more
  });
  /** A host for the emulator's RSA-mode key and these inputs. */
  const host = (inputs: Record<string, string>, state?: Record<string, string>): TestHost => {
    const made = testHost({ ...rsaInputs(emulator), poll_interval: '1s', ...inputs }, state);
    hosts.push(made);
    return made;
  };

  // An emulator of each test's own: no request of another test (one that timed out, say) is counted.
  beforeEach(async () => {
    emulator = await startStrictEmulator({ failPattern: /-broken$/ });
  });
  afterEach(async () => {
    for (const made of hosts.splice(0)) made.dispose();
    await emulator.stop();
  });

  // Regression (issue 60, point 12): a RUNNER_TEMP that takes no file was found only when the response file
  // was written, after the task was made and waited on (and billed).
  it('refuses, before anything is sent, a RUNNER_TEMP in which no file can be made', async () => {
    const unwritable = unwritableDirectory();
    const main = host(withService('create', 'no-temp'));
    main.vars.RUNNER_TEMP = unwritable;
    await runMain(main);
    expect(main.failed).toMatch(
      new RegExp(
        `^RUNNER_TEMP is "${unwritable}", which cannot be written \\((EACCES|EPERM|EROFS)\\), but the step writes its files there once the task is made \\(the response_file, a job's log, the diagnostics\\): nothing was sent; give the job a RUNNER_TEMP it can write`
      )
    );
    expect(emulator.requests).toEqual([]);
  });

  it('creates, waits, writes outputs, response file and summary; the post step stops the task', async () => {
    const main = host(withService('create', 'inproc', { cleanup: 'stop' }));
    await runMain(main);
    expect(main.failed).toBeUndefined();
    const id = main.outputs.task_id ?? '';
    expect(main.outputs).toMatchObject({
      status: 'Running',
      timed_out: 'false',
      task_ids: JSON.stringify([id])
    });
    expect(main.lines[0]).toMatch(/^::add-mask::/);
    expect(main.lines).toContain(
      "api profile: live (the platform's documented forms; api_profile: spec sends the interface spec's)"
    );
    expect(JSON.parse(readFileSync(main.outputs.response_file ?? '', 'utf8'))).toMatchObject({
      code: '0000'
    });
    expect(main.summary).toContain('| ✅ ready |');
    expect(main.outputs.diagnostics_file).toBe('');
    expect(main.saved).toMatchObject({
      isPost: 'true',
      cleanup: 'stop',
      created_task_ids: JSON.stringify([id])
    });
    expect(main.listeners()).toBe(0);

    const post = host({ operation: 'create', task_name: 'inproc', points: '1' }, main.saved);
    await runPost(post);
    expect([post.failed, post.lines.at(-1)]).toEqual([undefined, `cleanup: stopped task ${id}`]);
    expect(emulator.tasks.get(id).status).toBe('End');
  });

  it('stops the task though the body_file the create read is gone by the post step: a cleanup reads no body', async () => {
    const main = host({
      operation: 'create',
      task_name: 'inproc-file',
      body_file: 'service.yaml',
      cleanup: 'stop'
    });
    const workspace = main.vars.GITHUB_WORKSPACE ?? '';
    writeFileSync(join(workspace, 'service.yaml'), SERVICE);
    await runMain(main);
    expect(main.failed).toBeUndefined();
    const id = main.outputs.task_id ?? '';
    rmSync(join(workspace, 'service.yaml'));
    const post = host(
      { operation: 'create', task_name: 'inproc-file', body_file: 'service.yaml' },
      main.saved
    );
    post.vars.GITHUB_WORKSPACE = workspace;
    await runPost(post);
    expect([post.failed, post.lines.at(-1)]).toEqual([undefined, `cleanup: stopped task ${id}`]);
    expect(emulator.tasks.get(id).status).toBe('End');
  });

  it('shows why a crash loop failed: a log group, a diagnostics file and the summary, secrets replaced', async () => {
    emulator.tasks.setCrashLoops([
      {
        pattern: '-inproc-crash$',
        restartEverySeconds: 0.2,
        log: `::error::pwned\nconnecting with token ${emulator.rsa.token}\n`
      }
    ]);
    try {
      const main = host(withService('create', 'x-inproc-crash', { poll_interval: '1s' }));
      await runMain(main);
      expect(main.failed).toMatch(
        /has a node that will not come up: node \d+ \(Running\): container web CrashLoopBackOff/
      );
      const start = main.lines.findIndex((line) => line.startsWith('::group::diagnostics of task '));
      const end = main.lines.indexOf('::endgroup::');
      const group = main.lines.slice(start + 1, end);
      expect(start).toBeGreaterThan(0);
      expect(group.every((line) => line.startsWith('│ '))).toBe(true);
      expect(group).toContain('│     ::error::pwned');
      expect(group.join('\n')).not.toContain(emulator.rsa.token);
      const file = readFileSync(main.outputs.diagnostics_file ?? '', 'utf8');
      expect(file).not.toContain(emulator.rsa.token);
      expect(JSON.parse(file)).toMatchObject({ tasks: [{ nodes: [{ status: 'Running' }] }] });
      expect(main.summary).toContain('#### Why task ');
      expect(main.summary).toContain('<details><summary>node ');
      expect(main.summary).not.toContain(emulator.rsa.token);
    } finally {
      emulator.tasks.setCrashLoops([]);
    }
  });

  it('prints the logs of each node, behind a prefix, and writes them to response_file', async () => {
    emulator.tasks.setCrashLoops([{ pattern: '-logs$', log: '::error::pwned\nbooting\n' }]);
    try {
      const id = emulator.tasks.add({
        task_name: 'x-logs',
        points: 2,
        services: [{ service_name: 'web', service_image: 'nginx:1', remote_ports: [{ service_port: 80 }] }]
      });
      const main = host({ operation: 'logs', task_id: id, log_lines: '1' });
      await runMain(main);
      expect(main.failed).toBeUndefined();
      expect(main.lines).toContainEqual(expect.stringMatching(new RegExp(`^logs of task ${id}: `)));
      expect(main.lines).toContain('│   log of web (the last 1 lines, 1 before them not shown):');
      expect(main.lines).toContain('│     booting');
      expect(main.lines.filter((line) => line.startsWith('::error'))).toEqual([]);
      const file = JSON.parse(readFileSync(main.outputs.response_file ?? '', 'utf8')) as {
        tasks: { nodes: { pointId: string; events: unknown[] }[] }[];
      };
      expect(file.tasks[0]?.nodes.map((n) => [n.pointId, n.events])).toEqual([
        [`${id}001`, []],
        [`${id}002`, []]
      ]);
    } finally {
      emulator.tasks.setCrashLoops([]);
    }
  });

  it('prints the events of each node', async () => {
    const id = emulator.tasks.add({ task_name: 'events', points: 1, status: 'Running' });
    const main = host({ operation: 'events', task_id: id });
    await runMain(main);
    expect(main.failed).toBeUndefined();
    expect(main.lines).toContain(`events of task ${id}: 0 nodes not running, 1 running`);
    expect(main.lines).toContainEqual(
      // Issue 63, point 6: its time in the one form every time is printed in, RFC 3339 in UTC.
      expect.stringMatching(
        /^│ {5}\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ Normal Started \(main\): Started container main$/
      )
    );
    expect(main.lines.some((line) => line.includes('log of'))).toBe(false);
  });

  it('sweeps in a dry run by reading the search, and stops nothing', async () => {
    const id = emulator.tasks.add({ task_name: 'pr-77-inproc', points: 1, status: 'Running' });
    const main = host({ operation: 'sweep', task_name: 'pr-77-*', dry_run: 'true' });
    await runMain(main);
    expect(main.failed).toBeUndefined();
    expect(main.lines).toContain(`sweep: would stop task ${id} "pr-77-inproc" (Running)`);
    expect(main.outputs).toMatchObject({ count: '1', task_ids: JSON.stringify([id]) });
    expect(emulator.tasks.get(id).status).toBe('Running');
  });

  it('prints a replace in a dry run with the tasks it would stop, reading only the task search', async () => {
    const old = emulator.tasks.add({ task_name: 'dry-replace', points: 1, status: 'Running' });
    const before = emulator.requests.length;
    const main = host(withService('replace', 'dry-replace', { dry_run: 'true' }));
    await runMain(main);
    expect(main.failed).toBeUndefined();
    expect(main.lines).toContain('dry run: create would send this, and sends nothing:');
    expect(main.lines).toContain(`dry run: once the new task is ready, replace would stop task ${old}`);
    expect(emulator.requests.slice(before).map((r) => r.path)).toEqual(['/api/deployment/task/search']);
  });

  it('prints a dry run and sends nothing', async () => {
    const before = emulator.requests.length;
    const main = host({ operation: 'stop', task_id: '5', dry_run: 'true' });
    await runMain(main);
    expect(main.lines).toContain('dry run: stop of task 5 would send this, and sends nothing:');
    expect(main.lines.at(-1)).toBe('dry run: nothing was sent');
    expect([main.failed, main.outputs, emulator.requests.length]).toEqual([undefined, {}, before]);
  });

  it('fails on a bad input in one line, sending nothing', async () => {
    const before = emulator.requests.length;
    const main = host({ operation: 'detail', task_id: '12a' });
    await runMain(main);
    expect(main.failed).toBe(
      'task_id "12a" is not an integer: set task_id to the numeric id of a task, such as 1229831'
    );
    expect(emulator.requests.length).toBe(before);
  });

  it('fails a task that ends in Other, and only warns when the summary cannot be written', async () => {
    const main = host(withService('create', 'x-broken'));
    main.summaryFails = true;
    await runMain(main);
    expect(main.failed).toMatch(/^create: task \d+ \(x-broken\) ended in Other after \d+s$/);
    expect(main.lines).toContain(
      '::warning::could not write the job summary: EACCES: the summary file cannot be written'
    );
  });

  it('stops waiting when the job is cancelled, writing the outputs known so far', async () => {
    emulator.tasks.setReadyAfter(600);
    try {
      const main = host(withService('create', 'inproc-cancel'));
      const running = runMain(main);
      await main.whenLogged(/Pending after \d+s/);
      main.cancel('SIGTERM');
      main.cancel('SIGINT');
      await running;
      expect(main.lines.filter((l) => l.startsWith('received '))).toEqual([
        'received SIGTERM: stopping, and writing the outputs known so far'
      ]);
      expect(main.outputs.task_id).toMatch(/^\d+$/);
      expect(main.failed).toMatch(/cancelled/);
    } finally {
      emulator.tasks.setReadyAfter(0);
    }
  });

  it('says so and does nothing after a step that created no task, or with cleanup none', async () => {
    const none = host({}, { isPost: 'true', cleanup: 'stop' });
    await runPost(none);
    expect(none.lines).toEqual(['cleanup (stop): this step created no task']);
    const off = host({}, { isPost: 'true', cleanup: 'none', created_task_ids: '["1"]' });
    await runPost(off);
    expect(off.lines).toEqual([]);
  });

  // The task is read after each refusal, and still runs: the stop is asked again until cleanup_timeout.
  it('gives up loudly when a stop is refused, with a step and a command that stop the task by hand', async () => {
    const id = emulator.tasks.add({ task_name: 'refused-stop', points: 1, status: 'Running' });
    emulator.inject({
      path: STOP,
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999', message: 'no' }
    });
    try {
      const post = host(
        { operation: 'create', task_name: 'refused-stop', points: '1', cleanup_timeout: '5s' },
        { isPost: 'true', cleanup: 'stop', created_task_ids: JSON.stringify([id]) }
      );
      post.vars.GITHUB_ACTION_REPOSITORY = 'owner/elastic-deploy-action';
      post.vars.GITHUB_ACTION_REF = 'v1';
      await runPost(post);
      expect(post.failed).toBe(`cleanup (stop) failed: task ${id} may still be running`);
      expect(post.lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^::error title=Task left running::task ${id} may still be running, and billing`)
        )
      );
      expect(post.summary).toContain('uses: owner/elastic-deploy-action@v1');
      expect(post.summary).toContain('```sh');
      expect(emulator.tasks.get(id).status).toBe('Running');
      const stops = emulator.requests.filter((r) => r.path === STOP && r.target === STOP);
      expect(stops.length).toBeGreaterThan(1);
    } finally {
      emulator.clearFaults();
    }
  });

  it('finds by name, and stops, the task of a create whose answer the step never read', async () => {
    emulator.inject({ path: CREATE, apply: true, answer: { kind: 'envelope', code: '0000', data: {} } });
    const main = host(withService('create', 'inproc-no-id', { cleanup: 'stop' }));
    await runMain(main);
    expect(main.failed).toMatch(/carries no task_id/);
    const post = host({ operation: 'create', task_name: 'inproc-no-id', points: '1' }, main.saved);
    await runPost(post);
    const found = post.lines.find((l) => l.startsWith('cleanup: stopped task '));
    expect(found).toMatch(
      /^cleanup: stopped task \d+, named "inproc-no-id", made by the create whose answer this step never read$/
    );
  });

  it('warns, and leaves it running, when cleanup is none and a create made a task without its id', async () => {
    const id = emulator.tasks.add({ task_name: 'inproc-left', points: 1, status: 'Running' });
    const post = host(
      { operation: 'create', task_name: 'inproc-left', points: '1', request_timeout: '1s' },
      {
        isPost: 'true',
        cleanup: 'none',
        create_lookup: JSON.stringify({ taskName: 'inproc-left', existingIds: [] })
      }
    );
    await runPost(post);
    expect(post.lines).toContain(
      `::warning::the create of this step made task ${id} (named "inproc-left") without the step learning its id; cleanup is none, so it keeps running`
    );
    expect(emulator.tasks.get(id).status).toBe('Running');
  });

  it('fails loudly when it cannot look for the task of a create, with a sweep step that stops it and keeps the others', async () => {
    const kept = emulator.tasks.add({ task_name: 'inproc-unsettled', points: 1, status: 'Running' });
    const made = emulator.tasks.add({ task_name: 'inproc-unsettled', points: 1, status: 'Running' });
    const lookup = { taskName: 'inproc-unsettled', existingIds: [kept], landsBy: 0, attempts: 1 };
    emulator.inject({
      path: SEARCH,
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999', message: 'no' }
    });
    let post: TestHost;
    try {
      post = host(
        { operation: 'create', task_name: 'inproc-unsettled', points: '1', cleanup_timeout: '5s' },
        { isPost: 'true', cleanup: 'stop', create_lookup: JSON.stringify(lookup) }
      );
      post.vars.GITHUB_ACTION_REPOSITORY = 'owner/elastic-deploy-action';
      post.vars.GITHUB_ACTION_REF = 'v1';
      await runPost(post);
    } finally {
      emulator.clearFaults();
    }
    expect(post.failed).toBe('cleanup (stop) failed: a task named "inproc-unsettled" may be running');
    // Searched again while cleanup_timeout allowed, each after a backoff, before giving up.
    expect(post.lines.filter((l) => l.startsWith('cleanup: the task search failed')).length).toBeGreaterThan(
      0
    );
    expect(post.lines).toContainEqual(
      expect.stringMatching(
        /^::error title=Task may be left running::a task named "inproc-unsettled" may be running, and billing: .*\(the last task search failed \(HTTP 200, code C999: no \(request id [\w-]+\)\)\)\. Look for it and stop it now: the job summary shows how \(stop every task of that name but the ones that existed before the step\)$/
      )
    );
    // The summary's step, run as it stands, stops the task the create made and keeps the one before it.
    const step = /```yaml\n([\s\S]*?)```/.exec(post.summary)?.[1] ?? '';
    expect(step).toMatch(/^- uses: owner\/elastic-deploy-action@v1\n {2}with:\n {4}operation: sweep\n/);
    const [{ with: given }] = parse(step) as [{ with: Record<string, string> }];
    expect(given).toMatchObject({ operation: 'sweep', task_name: 'inproc-unsettled', task_id: kept });
    const { operation, task_name, task_id } = given;
    const sweep = host({ operation, task_name, task_id } as Record<string, string>);
    await runMain(sweep);
    expect(sweep.failed).toBeUndefined();
    expect([emulator.tasks.get(made).status, emulator.tasks.get(kept).status]).toEqual(['End', 'Running']);
  });

  it('stops in the post step an image preheat its job was cancelled during; warns when it cannot', async () => {
    emulator.preheats.configure({ durationSeconds: 600 });
    try {
      const main = host({
        operation: 'preheat',
        task_name: 'inproc-warm',
        gpu: '4090',
        body: JSON.stringify({ services: [WEB_SERVICE] })
      });
      const running = runMain(main);
      const id = /^preheat: task (\d+)$/.exec(await main.whenLogged(/^preheat: task \d+$/))?.[1] ?? '';
      main.cancel('SIGTERM');
      await running;
      expect(main.failed).toMatch(/cancelled/);
      expect(main.saved.preheat_task_ids).toBe(JSON.stringify([id]));
      emulator.inject({
        path: PREHEAT_STOP,
        times: Infinity,
        answer: { kind: 'envelope', code: 'C999', message: 'no' }
      });
      const refused = host({ operation: 'preheat', cleanup_timeout: '5s' }, main.saved);
      await runPost(refused).finally(() => {
        emulator.clearFaults();
      });
      expect(refused.failed).toBeUndefined();
      expect(refused.lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^::warning::could not stop image preheat task ${id} \\(.*C999.*; its status is Running; asked for \\d+s\\): the platform's reference says a preheat holds no compute, but stop it in the console's image preheat list$`
          )
        )
      );
      const post = host({ operation: 'preheat' }, main.saved);
      await runPost(post);
      expect([post.failed, post.lines.at(-1)]).toEqual([
        undefined,
        `cleanup: stopped image preheat task ${id}, which had not completed`
      ]);
      const stops = emulator.requests.filter((r) => r.path === PREHEAT_STOP && r.applied);
      expect(stops.map((r) => r.body)).toEqual([expect.stringContaining(id)]);
    } finally {
      emulator.preheats.configure({ durationSeconds: 0 });
    }
  });

  it('deletes in the post step a volume made for the run, and stops a transfer left under way; fails loudly when it cannot', async () => {
    emulator.storage.setVolumeSettleSeconds(0);
    const made = host({ operation: 'volume', volume: 'scratch', size: '1', volume_cleanup: 'delete' });
    await runMain(made);
    expect(made.failed).toBeUndefined();
    const transfer = corpusInto('scratch');
    const copying = host(transfer);
    const running = runMain(copying);
    await copying.whenLogged(/^transfer_id: /);
    copying.cancel('SIGTERM');
    await running;
    expect(JSON.parse(copying.saved.transfers ?? '[]')).toEqual([expect.objectContaining({ id: '501' })]);
    emulator.inject({
      path: '/api/storage/nas/v1/s3/delete',
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999', message: 'no' }
    });
    emulator.inject({
      path: '/api/storage/nas/v1/s3/stop',
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999', message: 'no' }
    });
    const refused = host({ ...transfer, cleanup_timeout: '5s' }, copying.saved);
    await runPost(refused).finally(() => {
      emulator.clearFaults();
    });
    expect(refused.failed).toMatch(/transfer 501 could not be stopped: stop it with operation transfer_stop/);
    const stopped = host(transfer, copying.saved);
    await runPost(stopped);
    expect(stopped.failed).toBeUndefined();
    expect(stopped.lines).toContainEqual(
      expect.stringMatching(
        /^cleanup: stopped transfer 501, which the step left under way: it is (Stopped|Deleted)$/
      )
    );
    emulator.inject({
      path: '/api/storage/nas/v1/delete',
      times: Infinity,
      answer: { kind: 'envelope', code: 'C999', message: 'no' }
    });
    const kept = host(
      { operation: 'volume', volume: 'scratch', volume_cleanup: 'delete', cleanup_timeout: '5s' },
      made.saved
    );
    await runPost(kept).finally(() => {
      emulator.clearFaults();
    });
    expect(kept.failed).toMatch(/volume 1001 could not be deleted; it is billed by the GiB until it is/);
    const post = host({ operation: 'volume', volume: 'scratch', volume_cleanup: 'delete' }, made.saved);
    await runPost(post);
    expect([post.failed, post.lines.at(-1)]).toEqual([
      undefined,
      'cleanup: deleted volume 1001 (scratch), made for this run (volume_cleanup: delete): no list shows it'
    ]);
  });

  it('runs in token mode too, and fails the post step on a bad input', async () => {
    const id = emulator.tasks.add({ task_name: 'token', points: 1, status: 'Running' });
    const main = testHost({ ...tokenInputs(emulator), operation: 'detail', task_id: id });
    hosts.push(main);
    await runMain(main);
    expect([main.failed, main.outputs.status]).toEqual([undefined, 'Running']);
    const post = host(
      { operation: 'create', token: '' },
      { isPost: 'true', cleanup: 'stop', created_task_ids: '["1"]' }
    );
    await runPost(post);
    expect(post.failed).toMatch(/^cleanup \(stop\) failed: token is empty/);
  });
  it('updates in place; when neither the new nor the old image serves, fails loudly with the file to restore', async () => {
    const services = [
      {
        service_name: 'web',
        service_image: 'nginx:1',
        env: 'DB_PASSWORD=inproc-s3cret',
        remote_ports: [{ service_port: 80 }]
      }
    ];
    const id = emulator.tasks.add({ task_name: 'inproc-update', points: 1, status: 'Running', services });
    const update = (image: string) =>
      host({
        operation: 'update',
        task_id: id,
        body: `{services: [{service_name: web, service_image: "${image}"}]}`,
        max_restarts: '1',
        cleanup_timeout: '5s'
      });
    const fine = update('nginx:2');
    await runMain(fine);
    expect([fine.failed, fine.outputs.changed, fine.outputs.rolled_back, fine.outputs.restore_file]).toEqual([
      undefined,
      'true',
      'false',
      ''
    ]);
    expect(fine.summary).toContain('#### Change');
    emulator.tasks.setBadImages(/^nginx:(2|bad)$/, 0.2);
    try {
      const main = update('nginx:bad');
      await runMain(main);
      expect(main.failed).toMatch(/the rollback did not complete within cleanup_timeout 5s/);
      expect(main.lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^::error title=Update not rolled back::task ${id} may still be on the configuration that failed`
          )
        )
      );
      const restore = readFileSync(main.outputs.restore_file ?? '', 'utf8');
      expect(restore).toContain('"service_image":"nginx:2"');
      expect(restore).not.toContain('inproc-s3cret');
      expect(main.summary).toContain('**Not rolled back**');
      // The post step tries again, and says so loudly when it cannot either.
      const post = host({ operation: 'update', max_restarts: '1', cleanup_timeout: '5s' }, main.saved);
      await runPost(post);
      expect(post.failed).toBe(`cleanup (none) failed: the update of task ${id} could not be rolled back`);
      expect(post.lines).toContainEqual(
        expect.stringMatching(
          /^::error title=Update not rolled back::task \d+ may still be on the configuration that failed: the post step could not roll its update back/
        )
      );
      emulator.tasks.setBadImages(undefined);
      const again = host({ operation: 'update', cleanup_timeout: '10s' }, main.saved);
      await runPost(again);
      expect(again.failed).toBeUndefined();
      expect(again.lines).toContain(
        `cleanup: rolled back the update of task ${id}: it serves the configuration it had`
      );
    } finally {
      emulator.tasks.setBadImages(undefined);
    }
  });

  it('sets back in the post step a scale up its job left when a new node fails; says the count to set when it cannot tell', async () => {
    const services = [
      { service_name: 'web', service_image: 'nginx:crash', remote_ports: [{ service_port: 80 }] }
    ];
    const scaled = async (name: string) => {
      const id = emulator.tasks.add({ task_name: name, points: 1, status: 'Running', services });
      const nodes = host({ operation: 'nodes', task_id: id });
      await runMain(nodes);
      const before = (JSON.parse(nodes.outputs.data ?? '{}') as { results: { point_id: number }[] }).results;
      // The main step sent the change, and its job was cancelled before the new node ran.
      await runMain(host({ operation: 'change_points', task_id: id, points: '2' }));
      const scaleBack = { taskId: id, points: 1, target: 2, before: before.map((n) => String(n.point_id)) };
      return { id, state: { isPost: 'true', cleanup: 'none', scale_back: JSON.stringify(scaleBack) } };
    };
    emulator.tasks.setBadImages(/^nginx:crash$/, 0.2);
    try {
      const failing = await scaled('inproc-scale');
      const post = host(
        { operation: 'scale', task_id: failing.id, points: '2', max_restarts: '1' },
        failing.state
      );
      await runPost(post);
      expect(post.failed).toBeUndefined();
      expect(post.lines).toContainEqual(
        expect.stringMatching(
          new RegExp(`^cleanup: set task ${failing.id} back to 1 nodes \\(it has a new node`)
        )
      );
      expect(emulator.tasks.get(failing.id)).toMatchObject({ points: 1 });
    } finally {
      emulator.tasks.setBadImages(undefined);
    }
    // A task that cannot be read (here: none has that id) cannot be judged: the step fails, saying the count.
    const gone = { taskId: '987654', points: 1, target: 2, before: [] };
    const post = host(
      { operation: 'scale', task_id: gone.taskId, points: '2', max_retries: '0' },
      { isPost: 'true', cleanup: 'none', scale_back: JSON.stringify(gone) }
    );
    await runPost(post);
    expect(post.failed).toMatch(
      /^cleanup \(none\) failed: task 987654 may run a failing node \(it could not be read \(.+\)\): check its nodes, and set its points back to 1 \(operation change_points\) if a new one fails$/
    );
  });
});
