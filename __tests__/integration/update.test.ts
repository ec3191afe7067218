import { renderSummary } from '../../src/action/summary.js';
import { useStepBench } from '../helpers/emulator-step.js';

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
    bench.emulator.addTask({
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
    // The whole configuration, as detail gave it, less what the platform fills itself.
    expect(body).toMatchObject({ task_name: 'web', points: 2, resources: [] });
    expect(Object.keys(body)).not.toEqual(expect.arrayContaining(['status']));
    expect(body).not.toHaveProperty('runing_points');
    expect(body).not.toHaveProperty('repository_password');
    expect(body.services).toEqual([
      expect.objectContaining({
        service_name: 'api',
        service_image: 'app:2',
        env: 'API_KEY=s3cr3t-value',
        remote_ports: [{ service_port: 80 }]
      })
    ]);
    expect(bench.emulator.task(id)).toMatchObject({ status: 'Running', runing_points: 2 });
    expect(bench.log).toContain('update: services[api].service_image: "app:1" -> "app:2"');
    expect(bench.log.join('\n')).not.toContain('s3cr3t');
    const summary = renderSummary(result, undefined);
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
      /^update: task \d+ \(web\) did not serve the new configuration \(a new node will not come up: node \d+ \(Running\): container api CrashLoopBackOff, exit code 1, restarted 3 times\); rolled back: it serves the configuration it had again after /
    );
    expect([outputs.changed, outputs.rolled_back]).toEqual(['true', 'true']);
    expect(
      sent(UPDATE).map(
        (r) => (JSON.parse(r.body) as { services: { service_image: string }[] }).services[0]?.service_image
      )
    ).toEqual(['app:bad', 'app:1']);
    expect(bench.emulator.task(id)).toMatchObject({ status: 'Running', runing_points: 2 });
    expect(renderSummary(result, failure)).toContain('**Rolled back**: the task was set back as it was.');
  });

  it('rolls back an update that does not serve within wait_timeout, within cleanup_timeout from then', async () => {
    const id = seed();
    bench.emulator.setReadyAfter(120);
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
