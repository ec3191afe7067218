import { verdictOf } from '../../../src/action/outputs.js';
import { renderSummary } from '../../../src/action/summary.js';
import { useStepBench } from '../../helpers/emulator-step.js';

const IMAGE = 'registry.example.com/llm:2';
const WEB = `{services: [{service_name: web, service_image: "${IMAGE}", remote_ports: [{service_port: 80}]}]}`;
const CREATE = '/api/task/deployment/create';
const PREHEAT = '/api/task/image_preheat';

/**
 * Preheat before a create, and on its own, against the emulator over real HTTPS on a fake clock: a cold
 * image takes 120 s to pull, a preheat 60 s to complete.
 */
describe('image preheat', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    { operation: 'create', task_name: 'llm', points: '1', body: WEB, gpu: '4090', poll_interval: '10s' },
    (emulator) => {
      emulator.preheats.setImagePull({ seconds: 120 });
      emulator.preheats.configure({ durationSeconds: 60 });
    }
  );
  const { step, sent } = bench;
  const preheatBody = () => JSON.parse(sent(`${PREHEAT}/create`)[0]?.body ?? '{}') as Record<string, unknown>;

  it('caches the images in the chosen region before creating, so the task starts without pulling them', async () => {
    const { outputs, failure, result } = await step({ preheat: 'region' });
    expect(failure).toBeUndefined();
    expect(renderSummary(result, { passed: true })).toMatch(
      /Preheated: the images cached in beijing-jxq-p1 in 1m0s \(preheat task \d+\); a preheat is not a reservation\./
    );
    expect(preheatBody()).toEqual({
      task_name: 'llm-preheat',
      task_type: 'ImagePreHeat',
      regions: [{ region: 'beijing-jxq-p1', region_name: '北京一区' }],
      services: [{ service_name: 'web', service_image: IMAGE }]
    });
    const polls = sent(`${PREHEAT}/detail`).map((r) => r.receivedAt);
    expect(polls.slice(1).map((at, i) => at - (polls[i] ?? 0))).toEqual(polls.slice(1).map(() => 10_000));
    // The create came once the preheat had completed, and the task ran after ready-after alone.
    const createdAt = sent(CREATE)[0]?.receivedAt ?? 0;
    expect(createdAt - (sent(`${PREHEAT}/create`)[0]?.receivedAt ?? 0)).toBeGreaterThanOrEqual(60_000);
    expect(bench.emulator.tasks.get(outputs.task_id).status).toBe('Running');
    expect(Number(outputs.elapsed_seconds)).toBeLessThan(60 + 30);
    expect(bench.log).toContainEqual(expect.stringContaining('a preheat is not a reservation'));
  });

  it('prepares the nodes of a node preheat, from a resource search for ImagePreHeat, before creating', async () => {
    const { failure } = await step({ preheat: 'node', points: '2' });
    expect(failure).toBeUndefined();
    expect(preheatBody()).toMatchObject({
      task_type: 'ImagePreHeat',
      points: 2,
      resources: [{ mark: expect.any(String), region_name: '北京一区' }]
    });
    expect(
      bench.emulator.requests.some(
        (r) => r.path === '/api/deployment/resource/search' && r.target.includes('ImagePreHeat')
      )
    ).toBe(true);
    // Each change with the time it took and the time left (issue 49, point 1).
    expect(bench.log).toContainEqual(
      expect.stringMatching(/^preheat: task \d+: 2 of 2 node\(s\) prepared after 1m0s \(14m0s left\)$/)
    );
  });

  it('stops a preheat that does not complete within preheat_timeout, and fails before creating anything', async () => {
    bench.emulator.preheats.configure({ durationSeconds: 600 });
    const { failure } = await step({ preheat: 'region', preheat_timeout: '30s' });
    expect(failure).toMatch(
      /did not complete within preheat_timeout 30s \(beijing-jxq-p1 (Begin|Syncing)\); the preheat task was stopped/
    );
    expect(sent(CREATE)).toHaveLength(0);
    expect(sent(`${PREHEAT}/stop`).map((r) => r.applied)).toEqual([true]);
  });

  // Regression: the preheat create carried no registry account, so a private image could not be pulled,
  // and the preheat ran until preheat_timeout while the step waited.
  it("sends a private image's registry account, from the create's credentials, with each service", async () => {
    bench.emulator.preheats.setPrivateRegistry({
      pattern: /^registry\.example\.com\//,
      username: 'bot',
      password: 'reg-pass-1'
    });
    const body = `{repository_username: bot, repository_password: reg-pass-1, services: [{service_name: web, service_image: "${IMAGE}", remote_ports: [{service_port: 80}]}]}`;
    const { failure } = await step({ preheat: 'region', body, preheat_timeout: '5m' });
    expect(failure).toBeUndefined();
    expect(preheatBody().services).toEqual([
      {
        service_name: 'web',
        service_image: IMAGE,
        repository_account: { repository_username: 'bot', repository_password: 'reg-pass-1' }
      }
    ]);
    expect(bench.log.join('\n')).not.toContain('reg-pass-1');
    // Without the account, the same preheat syncs on until preheat_timeout: stopped, nothing created.
    const { failure: without } = await step({ preheat: 'region', preheat_timeout: '2m' });
    expect(without).toMatch(/did not complete within preheat_timeout 2m0s \(beijing-jxq-p1 Syncing\)/);
  });

  it('stops a node preheat that does not prepare its nodes within preheat_timeout, and creates nothing', async () => {
    bench.emulator.preheats.setPrivateRegistry({ pattern: /llm/, username: 'bot', password: 'reg-pass-1' });
    const { failure } = await step({ preheat: 'node', points: '2', preheat_timeout: '1m' });
    expect(failure).toMatch(
      /did not complete within preheat_timeout 1m0s \(0 of 2 node\(s\) prepared\); the preheat task was stopped, and nothing was created$/
    );
    expect(sent(CREATE)).toHaveLength(0);
    expect(sent(`${PREHEAT}/stop`).map((r) => r.applied)).toEqual([true]);
  });

  it("preheats on its own with operation preheat (region by default), its task the step's", async () => {
    const { outputs, failure } = await step({ operation: 'preheat', task_name: 'warm-v2', points: '' });
    expect(failure).toBeUndefined();
    expect([outputs.status, outputs.region]).toEqual(['Completed', 'beijing-jxq-p1']);
    expect(outputs.task_id).toBe(
      String(
        (JSON.parse(sent(`${PREHEAT}/create`)[0]?.answer ?? '{}') as { data: { task_id: number } }).data
          .task_id
      )
    );
    expect(preheatBody()).toMatchObject({ task_name: 'warm-v2', regions: [{ region: 'beijing-jxq-p1' }] });
    expect(sent(CREATE)).toHaveLength(0);
  });

  it('fails operation preheat when the preheat does not complete in time, showing the region it chose', async () => {
    bench.emulator.preheats.setPrivateRegistry({ pattern: /llm/, username: 'bot', password: 'reg-pass-1' });
    const { failure, result, outputs } = await step({
      operation: 'preheat',
      task_name: 'warm-v2',
      points: '',
      preheat_timeout: '1m'
    });
    expect(failure).toMatch(
      /^preheat failed: the preheat \(task \d+\) did not complete within preheat_timeout 1m0s/
    );
    // The region chosen, where the preheat ran.
    expect(outputs.region).toBe('beijing-jxq-p1');
    expect(renderSummary(result, verdictOf(result))).toContain('#### Resource: 1 node(s) of 4090');
    expect(sent(`${PREHEAT}/stop`).map((r) => r.applied)).toEqual([true]);
  });

  it('says in a dry run of operation preheat where it would warm', async () => {
    await step({ operation: 'preheat', task_name: 'warm-v2' }, { dryRun: true }).catch(() => undefined);
    expect(bench.log).toContain(
      'dry run: the step would first preheat (cache the images in beijing-jxq-p1), and wait up to 30m0s for it'
    );
    expect(bench.log).toContain('dry run: only the resource search was sent');
  });

  it('says in a dry run what it would preheat, and sends the resource search alone', async () => {
    await step({ preheat: 'node', points: '2' }, { dryRun: true }).catch(() => undefined);
    expect(bench.log).toContain(
      'dry run: the step would first preheat (prepare 2 node(s) in beijing-jxq-p1), and wait up to 30m0s for it'
    );
    expect(bench.emulator.requests.map((r) => r.path)).toEqual(['/api/deployment/resource/search']);
  });

  it.each([
    [{ gpu: '', preheat: 'region' }, 'preheat is region, but gpu is empty'],
    [{ operation: 'preheat', gpu: '' }, 'gpu is empty, but preheat warms the region'],
    [{ preheat: 'region', body: '{task_qos: {}}' }, 'body has no services, but a create needs them'],
    [{ operation: 'preheat', body: '{task_qos: {}}' }, 'body lists none with service_name and service_image']
  ])('refuses %j before sending anything', async (inputs, message) => {
    const error = await step(inputs).catch((e: unknown) => e);
    expect(String(error)).toContain(message);
    expect(bench.emulator.requests).toHaveLength(0);
  });
});
