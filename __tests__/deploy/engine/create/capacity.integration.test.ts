import { renderSummary } from '../../../../src/action/summary.js';
import { useStepBench } from '../../../helpers/emulator-step.js';

const WEB = '{services: [{service_name: web, service_image: "app:2", remote_ports: [{service_port: 80}]}]}';
const CREATE = '/api/task/deployment/create';
const RESOURCES = '/api/deployment/resource/search';

/**
 * A create that picks its resource by GPU model, against the emulator over real HTTPS, on a fake clock
 * the step's sleeps move. The emulator's catalog: 4090 in beijing-jxq-p1 (北京一区; price 1980, discount
 * 1880, 42 free) and guangdong-t-01 (广东-T1; 1980, 7 free); H20 x 8 in hebeif-1 (16416, none free) and
 * guangdong-t-01 (discount 15800, 2 free).
 */
describe('a create that picks its resource by gpu', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 5, strict: true },
    { operation: 'create', task_name: 'llm', points: '1', body: WEB }
  );
  const { step, sent } = bench;
  const creates = () => sent(CREATE);
  const createdIn = (index = 0): unknown =>
    (JSON.parse(creates()[index]?.body ?? '{}') as { resources?: { region_name?: string }[] }).resources;

  it('creates on the cheapest region with the stock, sending its mark, resource and region name', async () => {
    const { outputs, failure, result } = await step({ gpu: '4090' });
    expect(failure).toBeUndefined();
    expect(creates()).toHaveLength(1);
    expect(createdIn()).toEqual([
      {
        mark: expect.any(String),
        resource: expect.objectContaining({ device_name: '4090', region: 'beijing-jxq-p1', gpu_count: 1 }),
        region_name: '北京一区'
      }
    ]);
    expect(bench.emulator.tasks.get(outputs.task_id).status).toBe('Running');
    expect([outputs.region, outputs.region_name, outputs.gpu, outputs.price]).toEqual([
      'beijing-jxq-p1',
      '北京一区',
      '4090',
      '1880'
    ]);
    expect(bench.log).toContain('capacity: creating on beijing-jxq-p1 (北京一区), 4090, discount_price 1880');
    const summary = renderSummary(result, { passed: true });
    expect(summary).toContain('#### Resource: 1 node(s) of 4090');
    expect(summary).toMatch(/\| beijing-jxq-p1 &#40;.+&#41; \| 4090 \| 1 \| 1880 \| 42 \| chosen \|/);
  });

  it('breaks a tie of price by the order of regions, by region or region_name', async () => {
    bench.emulator.stock.set([{ device_name: '4090', region: 'beijing-jxq-p1', discount_price: 1980 }]);
    const { outputs } = await step({ gpu: '4090', regions: '广东-T1\nbeijing-jxq-p1' });
    expect(outputs.region).toBe('guangdong-t-01');
  });

  it('keeps to the GPU count and the stock for the nodes asked: H20 x 8 with 2 nodes free', async () => {
    const { outputs } = await step({ gpu: 'h20', gpu_count: '8', points: '2' });
    expect([outputs.region, outputs.price]).toEqual(['guangdong-t-01', '15800']);
    expect(bench.emulator.tasks.get(outputs.task_id).status).toBe('Running');
  });

  it('fails before creating when nothing is cheap enough, naming the cheapest and its price', async () => {
    const { failure } = await step({ gpu: '4090', max_price: '1500' });
    expect(failure).toContain(
      'no "4090" with 1 GPU(s) per node has a price of max_price 1500 or less (the platform\'s number for one node, compared as given): the cheapest is beijing-jxq-p1 (北京一区), 4090, discount_price 1880'
    );
    expect(creates()).toHaveLength(0);
  });

  it('fails at once, naming what was searched, when no region has the stock and capacity_timeout is 0s', async () => {
    const { failure } = await step({ gpu: 'H20', gpu_count: '8', points: '3' });
    expect(failure).toContain(
      'create failed: no region has 3 node(s) of "H20" with 8 GPU(s) per node free (guangdong-t-01 has 2, hebeif-1 has 0): set capacity_timeout (such as 10m) to wait for stock'
    );
    expect(creates()).toHaveLength(0);
    expect(sent(RESOURCES)).toHaveLength(1);
  });

  it('searches again, 10 s apart and more, until a region has the stock within capacity_timeout', async () => {
    bench.emulator.stock.set([
      { device_name: 'H20 x 8', region: 'hebeif-1', inventory: 0, restockAfterSeconds: 30, restockTo: 4 }
    ]);
    const { outputs, failure } = await step({
      gpu: 'H20',
      gpu_count: '8',
      points: '3',
      capacity_timeout: '2m'
    });
    expect(failure).toBeUndefined();
    expect(outputs.region).toBe('hebeif-1');
    const searches = sent(RESOURCES).map((r) => r.receivedAt);
    const gaps = searches.slice(1).map((at, i) => (at - (searches[i] ?? 0)) / 1000);
    expect(gaps).toEqual([10, 15, 22.5]);
    expect(bench.log).toContain(
      'capacity: no region has 3 node(s) of "H20" with 8 GPU(s) per node free (guangdong-t-01 has 2, hebeif-1 has 0); searching again in 10s (2m0s of capacity_timeout left)'
    );
  });

  it('gives up at capacity_timeout, never sleeping past it', async () => {
    const started = bench.clock.now();
    const { failure } = await step({ gpu: 'H20', gpu_count: '8', points: '3', capacity_timeout: '30s' });
    expect(failure).toMatch(/no region has 3 node\(s\) of "H20" .* \(3 searches\)$/);
    expect(bench.clock.now() - started).toBeLessThanOrEqual(30_000);
  });

  it('tries the next region when the platform refuses a create that made no task, and makes exactly one', async () => {
    bench.emulator.inject({ path: CREATE, answer: { kind: 'envelope', code: 'C008', message: '资源不足' } });
    const { outputs, failure, result } = await step({ gpu: '4090' });
    expect(failure).toBeUndefined();
    expect(outputs.region).toBe('guangdong-t-01');
    expect(creates().filter((r) => r.createdTaskId !== undefined)).toHaveLength(1);
    expect(bench.log).toContainEqual(
      expect.stringMatching(
        /^capacity: the platform refused the create on beijing-jxq-p1 \(北京一区\), 4090, discount_price 1880 \(HTTP 200, code \w+: 资源不足 \(request id emu-\d+\)\)$/
      )
    );
    // The refused create was looked for until its window ended, before the next region's create; it is
    // not taken to have made none (issue 60, point 8): the step and the post step look for it again.
    expect(bench.log).toContain(
      'capacity: no task named "llm" appeared before the refused create\'s window ended: creating again; should it land later still, the step and the post step stop it'
    );
    expect(renderSummary(result, { passed: true })).toMatch(
      /\| beijing-jxq-p1 .* \| refused&#58; HTTP 200, code C008&#58; /
    );
  });

  it('adopts the task a refused create made after all, and tries no other region', async () => {
    bench.emulator.inject({
      path: CREATE,
      apply: true,
      answer: { kind: 'envelope', code: 'C008', message: '资源不足' }
    });
    const { outputs, failure } = await step({ gpu: '4090' });
    expect(failure).toBeUndefined();
    expect(creates()).toHaveLength(1);
    expect(outputs.task_id).toBe(creates()[0]?.createdTaskId);
  });

  it('fails, having made no task, when the platform refuses the create on every region', async () => {
    bench.emulator.inject({
      path: CREATE,
      times: 5,
      answer: { kind: 'envelope', code: 'C008', message: '资源不足' }
    });
    const { failure } = await step({ gpu: '4090' });
    expect(failure).toMatch(
      /^create failed: the platform refused the create on each of the 2 region\(s\) tried, making no task: beijing-jxq-p1: HTTP 200, code C008: .*; guangdong-t-01: /
    );
    expect(creates()).toHaveLength(2);
  });

  it.each([
    ['an unreadable answer, once', { kind: 'malformed_json' } as const, 1, undefined],
    ['a reset, each time', { kind: 'reset' } as const, Infinity, /^create failed: /]
  ])(
    'settles a create whose outcome is unknown (%s) on its own region, never by a create on another',
    async (_what, answer, times, failure) => {
      bench.emulator.inject({ path: CREATE, times, answer });
      const result = await step({ gpu: '4090', request_timeout: '2s' });
      if (failure === undefined) expect(result.failure).toBeUndefined();
      else expect(result.failure).toMatch(failure);
      // Every create sent, answered or not, names the first region.
      expect(creates().length).toBeGreaterThan(1);
      expect(creates().filter((r) => !r.body.includes('北京一区'))).toEqual([]);
      expect(bench.log.filter((line) => line.includes('trying the next region'))).toEqual([]);
      expect(creates().filter((r) => r.createdTaskId !== undefined).length).toBeLessThanOrEqual(1);
    }
  );

  it('picks the resource of a replace too, which then retires the old task', async () => {
    const old = bench.emulator.tasks.add({ task_name: 'llm', points: 1, status: 'Running' });
    const { outputs, failure } = await step({ operation: 'replace', gpu: '4090' });
    expect(failure).toBeUndefined();
    expect([
      outputs.region,
      bench.emulator.tasks.get(old).status,
      JSON.parse(outputs.replaced_task_ids)
    ]).toEqual(['beijing-jxq-p1', 'End', [old]]);
  });

  it('shows the candidates and the choice in a dry run, sending the resource search alone', async () => {
    await step({ gpu: '4090', regions: 'guangdong-t-01' }, { dryRun: true }).catch(() => undefined);
    expect(bench.emulator.requests.map((r) => r.path)).toEqual([RESOURCES]);
    expect(bench.log).toContain(
      'dry run: the step would create on beijing-jxq-p1 (北京一区), 4090, discount_price 1880; were that refused, on guangdong-t-01 (广东-T1), 4090, discount_price 1980'
    );
    expect(bench.log).toContain('dry run: only the resource search was sent');
    // Each region's number, by its field, as max_price is compared with it: for one node, as given.
    expect(bench.log).toEqual(
      expect.arrayContaining([
        'capacity: 2 region(s) of "4090" with 1 GPU(s) per node for 1 node(s), best first (each price is the number the platform gives for one node, with no published unit):',
        '  beijing-jxq-p1 (北京一区), 4090, discount_price 1880, stock 42',
        '  guangdong-t-01 (广东-T1), 4090, discount_price 1980, stock 7'
      ])
    );
  });

  // Regression: max_price was said to be yuan per node-hour, a unit the platform does not state.
  it("compares max_price with the platform's number as given, and names the field in the refusal", async () => {
    const under = await step({ gpu: 'h20', gpu_count: '8', max_price: '15800' });
    expect([under.failure, under.outputs.price]).toEqual([undefined, '15800']);
    const over = await step({ gpu: 'h20', gpu_count: '8', max_price: '15799.99' });
    expect(over.failure).toBe(
      'create failed: no "h20" with 8 GPU(s) per node has a price of max_price 15799.99 or less (the platform\'s number for one node, compared as given): the cheapest is guangdong-t-01 (广东-T1), H20 x 8, discount_price 15800'
    );
  });

  it.each([
    [
      'no region has the stock, and capacity_timeout lets it wait',
      { gpu: 'H20', gpu_count: '8', points: '3', capacity_timeout: '2m' },
      '; the step would search again for up to 2m0s'
    ],
    ['nothing is cheap enough', { gpu: '4090', max_price: '1000' }, '; the step would fail before creating'],
    ['the GPU model is unknown', { gpu: 'A100' }, '; the step would fail before creating']
  ])('says in a dry run what the step would do when %s', async (_when, inputs, would) => {
    await step(inputs, { dryRun: true }).catch(() => undefined);
    expect(bench.log).toContainEqual(
      expect.stringMatching(new RegExp(`^dry run: .*${would.replace(/[()]/g, '\\$&')}$`))
    );
    expect(creates()).toHaveLength(0);
  });

  it('fails at once for a GPU model the resource search does not list, saying what it lists and what to check', async () => {
    const { failure } = await step({ gpu: 'A100', capacity_timeout: '5m' });
    expect(failure).toBe(
      'create failed: the resource search lists no "A100" with 1 GPU(s) per node; it lists 4090 (×1), H20 (×8): check gpu (the resource search\'s gpu_name), gpu_count and device_type GpuDevice'
    );
    expect(sent(RESOURCES)).toHaveLength(1);
  });

  it('refuses gpu beside resources in the body, and gpu for an operation that creates nothing, sending nothing', async () => {
    const both = await step({
      gpu: '4090',
      body: '{resources: [{mark: m}], services: [{service_name: w, service_image: i, remote_ports: [{service_port: 80}]}]}'
    }).catch((error: unknown) => error);
    expect(String(both)).toContain('gpu is set, and the body names resources too');
    const detail = await step({
      operation: 'detail',
      task_id: '1',
      gpu: '4090',
      task_name: '',
      points: '',
      body: ''
    }).catch((error: unknown) => error);
    expect(String(detail)).toContain('gpu is set, but detail creates no task');
    expect(bench.emulator.requests).toHaveLength(0);
  });
});
