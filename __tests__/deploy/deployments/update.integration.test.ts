import { verdictOf } from '../../../src/action/outputs.js';
import { configurationOf } from '../../../src/deploy/engine/tasks/configuration.js';
import { rollbackOf } from '../../../src/deploy/engine/cleanup/restore-configuration.js';
import { parseJson } from '../../../src/protocol/json.js';
import { renderSummary } from '../../../src/action/summary.js';
import { useStepBench } from '../../helpers/emulator-step.js';
import { reportOf } from '../../../src/deploy/engine/calls/step-result.js';

const UPDATE = '/api/deployment/task/update';

/**
 * Updates in place against the emulator over real HTTPS, on a fake clock the step's sleeps move: its
 * rolling update replaces the nodes one by one (5 s each), and an image ending in :bad crash-loops.
 */
describe('update in place', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true, badImages: /:bad$/ },
    { operation: 'update', poll_interval: '5s' }
  );
  const { step, sent } = bench;
  const seed = (name = 'web', points = 2) =>
    bench.emulator.tasks.add({
      task_name: name,
      points,
      status: 'Running',
      services: [
        {
          service_name: 'api',
          service_image: 'app:1',
          env: 'API_KEY=s3cr3t-value',
          remote_ports: [{ service_port: 80 }]
        }
      ]
    });
  const posted = (index = 0) => JSON.parse(sent(UPDATE)[index]?.body ?? '{}') as Record<string, unknown>;

  it('posts the whole configuration with the new image and waits until every node runs it', async () => {
    const id = seed();
    const { outputs, failure, result } = await step({
      task_id: id,
      body: '{services: [{service_name: api, service_image: "app:2"}]}'
    });
    expect(failure).toBeUndefined();
    expect([outputs.changed, outputs.rolled_back, outputs.status]).toEqual(['true', 'false', 'Running']);
    expect(sent(UPDATE)).toHaveLength(1);
    const body = posted();
    // The whole configuration, structure unchanged as detail gave it (system fields included, as the
    // reference's task-edit asks), the change applied; the write-only credentials alone left out.
    const detail = bench.emulator.tasks.get(id);
    expect(Object.keys(body).sort()).toEqual(
      Object.keys(detail)
        .filter((name) => !['repository_username', 'repository_password'].includes(name))
        .sort()
    );
    expect(body).toMatchObject({ task_name: 'web', points: 2, resources: [], status: 'Running' });
    expect(body.services).toEqual([
      expect.objectContaining({
        service_name: 'api',
        service_image: 'app:2',
        env: 'API_KEY=s3cr3t-value',
        remote_ports: [{ service_port: 80, url: expect.stringMatching(/^https:/) }]
      })
    ]);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ status: 'Running', runing_points: 2 });
    expect(bench.log).toContain('update: services[api].service_image: "app:1" -> "app:2"');
    expect(bench.log.join('\n')).not.toContain('s3cr3t');
    const summary = renderSummary(result, { passed: true });
    expect(summary).toContain(
      '| services&#91;api&#93;&#46;service&#95;image | &#34;app&#58;1&#34; | &#34;app&#58;2&#34; |'
    );
  });

  it('rolls a bad image back to the old one, which serves again, and fails the step saying so', async () => {
    const id = seed();
    const { outputs, failure, result } = await step({
      task_id: id,
      body: '{services: [{service_name: api, service_image: "app:bad"}]}'
    });
    expect(failure).toMatch(
      /^update: task \d+ \(web\) did not serve the new configuration \(it has a new node that will not come up: node \d+ \(Running\): container api CrashLoopBackOff, exit code 1, restarted 3 times\); rolled back: it serves the configuration it had again after /
    );
    expect([outputs.changed, outputs.rolled_back]).toEqual(['true', 'true']);
    expect(
      sent(UPDATE).map(
        (r) => (JSON.parse(r.body) as { services: { service_image: string }[] }).services[0]?.service_image
      )
    ).toEqual(['app:bad', 'app:1']);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ status: 'Running', runing_points: 2 });
    expect(renderSummary(result, verdictOf(result))).toContain(
      '**Rolled back**: the task was set back as it was.'
    );
  });

  it('rolls back an update that does not serve within wait_timeout, within cleanup_timeout from then', async () => {
    const id = seed();
    bench.emulator.tasks.setReadyAfter(120);
    const { outputs, failure } = await step({
      task_id: id,
      body: '{services: [{service_name: api, service_image: "app:2"}]}',
      wait_timeout: '30s',
      cleanup_timeout: '10m'
    });
    expect(failure).toMatch(
      /did not serve the new configuration \(it did not serve in time: .*\); rolled back/
    );
    expect([outputs.rolled_back, outputs.timed_out]).toEqual(['true', 'true']);
    expect(sent(UPDATE)).toHaveLength(2);
  });

  it('rolls back an update whose app does not answer health_path, and waits for the old nodes alone', async () => {
    const id = seed();
    bench.emulator.tasks.setServiceUrl('{base_url}/_app/{task_id}/{port}');
    bench.emulator.tasks.setApps({ status: 503 });
    const { outputs, failure } = await step({
      task_id: id,
      body: '{services: [{service_name: api, service_image: "app:2"}]}',
      health_path: '/health',
      wait_timeout: '2m'
    });
    expect(failure).toMatch(
      /did not serve the new configuration \(it is not healthy: the health check of https:\/\/127\.0\.0\.1:\d+\/_app\/\d+\/80\/health did not pass within wait_timeout: it last answered HTTP 503\); rolled back/
    );
    expect([outputs.rolled_back, outputs.healthy]).toEqual(['true', '']);
    expect(sent(UPDATE)).toHaveLength(2);
  });

  it('fails at once, with nothing to roll back, when the platform refuses the update and nothing changed', async () => {
    const id = seed();
    bench.emulator.inject({ path: UPDATE, answer: { kind: 'envelope', code: 'C001', message: '参数错误' } });
    const { outputs, failure } = await step({
      task_id: id,
      body: '{services: [{service_name: api, service_image: "app:2"}]}'
    });
    expect(failure).toMatch(
      /^update: task \d+ \(web\) was not updated: the platform refused the update \(.*C001.*\), and the task's configuration is as it was after /
    );
    expect([outputs.changed, outputs.rolled_back]).toEqual(['false', 'false']);
    expect(sent(UPDATE)).toHaveLength(1);
  });

  it('finds the task by its exact name among live tasks, and sends nothing when the body changes nothing', async () => {
    const id = seed('web');
    seed('web-canary');
    const { outputs, failure } = await step({
      task_name: 'web',
      body: '{services: [{service_name: api, service_image: "app:1"}]}'
    });
    expect([failure, outputs.changed, outputs.task_id]).toEqual([undefined, 'false', id]);
    expect(sent(UPDATE)).toHaveLength(0);
    expect(bench.log).toContain(`update: the body changes nothing in task ${id}; nothing was sent`);
  });

  it.each([
    [
      '{repository_password: hunter22}',
      'body sets repository_password, which the platform takes only when a task is created'
    ],
    ['{repository_username: bot, services: []}', 'body sets repository_username'],
    ['{status: Running}', 'body sets status, which an update cannot change'],
    ['{services: [{service_image: "app:2"}]}', 'body services[0] names no service_name'],
    ['', 'body is empty, but update needs the changes']
  ])('refuses the body %s before sending anything', async (body, message) => {
    const id = seed();
    const error = await step({ task_id: id, body }).catch((e: unknown) => e);
    expect(String(error)).toContain(message);
    expect(String(error)).not.toContain('hunter22');
    expect(bench.emulator.requests).toHaveLength(0);
  });

  it('refuses a service the task has not, and a name that is not exactly one live task, sending no update', async () => {
    const id = seed();
    const unknown = await step({
      task_id: id,
      body: '{services: [{service_name: db, service_image: "pg:16"}]}'
    }).catch((e: unknown) => e);
    expect(String(unknown)).toContain(
      'body services names "db", but the task has no such service: use one of "api"'
    );
    const none = await step({
      task_name: 'nope',
      body: '{services: [{service_name: api, service_image: "x:1"}]}'
    }).catch((e: unknown) => e);
    expect(String(none)).toContain('task_name "nope" names no live task');
    expect(sent(UPDATE)).toHaveLength(0);
  });

  it.each([
    [{ task_id: '1, 2' }, 'task_id lists 2 tasks, but update changes one'],
    [{}, 'task_id and task_name are empty, but update needs the task'],
    [{ task_id: '1', wait: 'false' }, 'wait is false, but update waits until the new configuration serves']
  ])('refuses %j before sending anything', async (inputs, message) => {
    const error = await step({ body: '{points: 3}', ...inputs }).catch((e: unknown) => e);
    expect(String(error)).toContain(message);
    expect(bench.emulator.requests).toHaveLength(0);
  });

  it('refuses a name that several live tasks have, and a task that does not run, sending no update', async () => {
    seed('web');
    seed('web');
    const body = '{services: [{service_name: api, service_image: "app:2"}]}';
    const twice = await step({ task_name: 'web', body }).catch((e: unknown) => e);
    expect(String(twice)).toMatch(
      /task_name "web" names 2 live tasks \(\d+, \d+\): set task_id to the one to update/
    );
    const paused = bench.emulator.tasks.add({ task_name: 'idle', points: 1, status: 'Paused' });
    bench.clock.advance(1);
    const error = await step({ task_id: paused, body: '{points: 2}' }).catch((e: unknown) => e);
    expect(String(error)).toContain(
      `task ${paused} is Paused, but update changes a running service: recover it first`
    );
    expect(sent(UPDATE)).toHaveLength(0);
  });

  it('finishes in the post step a rollback the step left, and says when the old configuration cannot serve either', async () => {
    const id = seed();
    const { outputs } = await step({ operation: 'detail', task_id: id });
    const configuration = configurationOf(parseJson(outputs.data));
    const rollback = rollbackOf(id, configuration);
    // The step was cancelled once its update to a bad image was posted.
    const bad = {
      ...configuration,
      services: [{ ...(configuration.services as object[])[0], service_image: 'app:bad' }]
    };
    bench.clock.advance(1);
    await step({ operation: 'request', method: 'POST', path: UPDATE, body: JSON.stringify(bad) });
    bench.clock.advance(1);
    const report = await bench.cleanup({ rollback });
    expect(report.rollback).toEqual({ taskId: id, problem: undefined, restore: undefined });
    expect(bench.emulator.tasks.get(id)).toMatchObject({ runing_points: 2 });
    expect(bench.log).toContain(
      `cleanup: task ${id} serves the configuration it had before the update again`
    );
    // Now even the old image crash-loops: the rollback cannot complete, and says what to restore.
    bench.emulator.tasks.setBadImages(/^app:(1|bad)$/);
    bench.clock.advance(1);
    await step({ operation: 'request', method: 'POST', path: UPDATE, body: JSON.stringify(bad) });
    bench.clock.advance(1);
    const failed = await bench.cleanup({ rollback }, { max_restarts: '1' });
    expect(failed.rollback?.problem).toMatch(
      /^it has a new node that will not come up: node \d+ \(Running\): container api CrashLoopBackOff/
    );
    expect(failed.rollback?.restore).toMatchObject({ task_name: 'web', services: [{ env: '<redacted>' }] });
  });

  it('leaves the rollback of an update cancelled during its rollout to the post step, which finishes it', async () => {
    const id = seed();
    bench.emulator.tasks.setReadyAfter(60);
    const { failure, left, outputs } = await step(
      { task_id: id, body: '{services: [{service_name: api, service_image: "app:2"}]}' },
      { cancelWhen: /live nodes on the new images/ }
    );
    expect(failure).toMatch(
      /did not serve the new configuration \(it was still changing when the job was cancelled\); the post step rolls it back$/
    );
    expect(outputs.rolled_back).toBe('false');
    expect(sent(UPDATE)).toHaveLength(1);
    expect(left?.rollback?.taskId).toBe(id);
    bench.emulator.tasks.setReadyAfter(5);
    bench.clock.advance(1);
    const report = await bench.cleanup({ rollback: left?.rollback });
    expect(report.rollback?.problem).toBeUndefined();
    expect(sent(UPDATE)).toHaveLength(2);
    expect(bench.emulator.tasks.get(id)).toMatchObject({ runing_points: 2 });
  });

  it('rolls back an update of a service with no URL to check health_path at', async () => {
    const id = bench.emulator.tasks.add({
      task_name: 'worker',
      points: 1,
      status: 'Running',
      services: [{ service_name: 'jobs', service_image: 'jobs:1', remote_ports: [] }]
    });
    const { failure, outputs } = await step({
      task_id: id,
      body: '{services: [{service_name: jobs, service_image: "jobs:2"}]}',
      health_path: '/health'
    });
    expect(failure).toMatch(/\(it has no service URL to check \/health at\); rolled back/);
    expect(outputs.rolled_back).toBe('true');
  });

  it.each([
    [
      'posts the rollback again, after a backoff, when the platform refuses it and the task does not hold it',
      { kind: 'envelope', code: 'C001', message: '参数错误' },
      '.*C001.*; it does not hold the configuration it had'
    ],
    // Regression (issue 37): a rollback answered 0000 is not taken until the task's detail holds it.
    [
      'posts the rollback again when the platform accepts it but the task does not hold it',
      { kind: 'envelope', code: '0000' },
      'the platform accepted it, but it does not hold the configuration it had'
    ]
  ] as const)('%s', async (_name, answer, why) => {
    const id = seed();
    bench.emulator.inject({ path: UPDATE, skip: 1, answer });
    const { failure, outputs } = await step({
      task_id: id,
      body: '{services: [{service_name: api, service_image: "app:bad"}]}',
      cleanup_timeout: '30s'
    });
    expect(failure).toMatch(/; rolled back: it serves the configuration it had again after /);
    expect(outputs.rolled_back).toBe('true');
    expect(bench.log).toContainEqual(
      expect.stringMatching(new RegExp(`^rollback: update task ${id}: ${why}: asking again in \\d`))
    );
    expect(sent(UPDATE).map((r) => r.applied)).toEqual([true, false, true]);
  });

  it('fails loudly when the platform refuses every rollback until cleanup_timeout, and the bad nodes never go', async () => {
    const id = seed();
    bench.emulator.inject({
      path: UPDATE,
      skip: 1,
      times: Infinity,
      answer: { kind: 'envelope', code: 'C001', message: '参数错误' }
    });
    const { failure, result } = await step({
      task_id: id,
      body: '{services: [{service_name: api, service_image: "app:bad"}]}',
      cleanup_timeout: '30s'
    });
    expect(failure).toMatch(
      /and the rollback did not complete within cleanup_timeout 30s \(it was not set back \(.*C001.*; it does not hold the configuration it had; asked for 30s\)\): restore its configuration by hand/
    );
    expect(reportOf(result, 'change')?.restore).toMatchObject({ taskId: id });
    expect(sent(UPDATE).length).toBeGreaterThan(2);
    expect(bench.emulator.tasks.get(id)).toMatchObject({
      services: [expect.objectContaining({ service_image: 'app:bad' })]
    });
  });

  it('waits for no new node when no service changes, and checks health_path once it serves', async () => {
    const id = seed();
    bench.emulator.tasks.setServiceUrl('{base_url}/_app/{task_id}/{port}');
    bench.emulator.tasks.setApps({ status: 200 });
    const { outputs, failure } = await step({
      task_id: id,
      body: '{load_balance: {type: IpHash, params: null}}',
      health_path: '/health'
    });
    expect([failure, outputs.changed, outputs.healthy]).toEqual([undefined, 'true', 'true']);
    expect(bench.log).toContain('update: load_balance: null -> {"type":"IpHash","params":null}');
  });

  it('rolls back an update the platform applied although it answered a refusal, saying both', async () => {
    const id = seed();
    bench.emulator.inject({
      path: UPDATE,
      apply: true,
      answer: { kind: 'envelope', code: 'C999', message: '系统错误' }
    });
    const { outputs, failure } = await step({
      task_id: id,
      body: '{services: [{service_name: api, service_image: "app:bad"}]}'
    });
    expect(failure).toMatch(
      /will not come up: .*, after the platform refused the update \(.*C999.*\)\); rolled back/
    );
    expect(outputs.rolled_back).toBe('true');
  });

  it('says in a dry run when the body changes nothing', async () => {
    const id = seed();
    const { outputs } = await step({ task_id: id, body: '{points: 2}' }, { dryRun: true });
    expect(outputs.changed).toBe('false');
    expect(bench.log).toContain(
      `dry run: the body changes nothing in task ${id}, so update would send nothing`
    );
  });

  it('prints in a dry run each field it would change, env redacted, and sends only reads', async () => {
    const id = seed();
    const { outputs } = await step(
      {
        task_id: id,
        body: '{services: [{service_name: api, service_image: "app:2", env: "API_KEY=n3w-s3cret"}]}'
      },
      { dryRun: true }
    );
    expect(bench.log).toContain(
      'dry run: update would change services[api].service_image: "app:1" -> "app:2"'
    );
    expect(bench.log).toContain('dry run: update would change services[api].env: <redacted> -> <redacted>');
    expect(bench.log.join('\n')).not.toMatch(/s3cr3t|n3w-s3cret/);
    expect(outputs.changed).toBe('true');
    expect(sent(UPDATE)).toHaveLength(0);
  });
});
