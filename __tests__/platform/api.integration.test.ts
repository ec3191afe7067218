import { outputsOf } from '../../src/action/outputs.js';
import { renderSummary } from '../../src/action/summary.js';
import { MARK_4090, WEB_BODY } from '../helpers/bodies.js';
import { createdOutputs, useCallBench } from '../helpers/call-bench.js';

/**
 * The action's pipeline (settings, plan, request, HTTPS client, envelope, outputs) against the emulator
 * over real HTTPS. The client trusts the emulator's CA through NODE_EXTRA_CA_CERTS (set by npm test).
 */
describe('the action against the emulator', () => {
  const bench = useCallBench({});
  const { log, masked, step } = bench;
  const run = async (inputs: Record<string, string>, mode: 'rsa' | 'token' = 'rsa') =>
    outputsOf(await step(inputs, mode));
  const failureOfCall = async (inputs: Record<string, string>) => (await step(inputs)).calls[0]?.error;

  const lastRequest = () => bench.emulator.requests.at(-1);
  /** A task of this test's own, with an id beyond 2^53 (the emulator's ids start there). */
  const ownTask = (name: string): string => bench.emulator.tasks.add({ task_name: name, points: 1 });

  it('creates a task in the documented form (a plain signed JSON body) and round-trips its id beyond 2^53', async () => {
    const outputs = await run({
      operation: 'create',
      task_name: 'ci-部署 ✓',
      points: '2',
      body: WEB_BODY
    });
    const id = lastRequest()?.createdTaskId ?? '';
    expect(BigInt(id)).toBeGreaterThan(2n ** 53n);
    expect(outputs).toMatchObject(createdOutputs(id));
    expect(lastRequest()).toMatchObject({ method: 'POST', path: '/api/task/deployment/create' });
    expect(lastRequest()?.body).toBe(
      `{"task_type":"Deployment","task_name":"ci-部署 ✓","points":2,"resources":[{"mark":"${MARK_4090}"}],"services":[{"service_name":"web","service_image":"nginx:1.27","remote_ports":[{"service_port":80}]}]}`
    );
    // Regression (issue 37): one ::add-mask:: per signed request flooded a long wait's log; a signature
    // is used once, and kept out of every line instead.
    const signature = lastRequest()?.headers.sign_str ?? '';
    expect(signature).not.toBe('');
    expect(masked).not.toContain(signature);
    expect(log.join('\n')).not.toContain(signature);
    expect(log).toEqual([
      'create: POST /api/task/deployment/create (RSA mode, version 1.0.0, JSON body)',
      'create: code 0000, success',
      `task_id: ${id}`
    ]);
  });

  it('reads the detail of a task by its exact id (documented form: GET ?task_id=)', async () => {
    const id = ownTask('detail-部署 ✓');
    const outputs = await run({ operation: 'detail', task_id: id });
    expect(lastRequest()).toMatchObject({
      method: 'GET',
      target: `/api/task/deployment/detail?task_id=${id}`,
      body: ''
    });
    expect(outputs.task_id).toBe(id);
    expect(outputs.data).toMatch(
      new RegExp(`^\\{"task_id":${id},"task_type":"Deployment","task_name":"detail-部署 ✓",`)
    );
    expect(JSON.parse(outputs.data)).toMatchObject({
      status: 'Pending',
      billing_value: 0,
      forecast_value: 0
    });
  });

  it('reads a detail in token mode, without sign_str', async () => {
    const outputs = await run({ operation: 'detail', task_id: ownTask('token-mode') }, 'token');
    expect(outputs.code).toBe('0000');
    expect(lastRequest()?.headers).not.toHaveProperty('sign_str');
  });

  it('searches resources with a query that needs percent-encoding', async () => {
    const outputs = await run({
      operation: 'search_resources',
      query: 'task_type: Deployment\ndevice_type: GpuDevice\nnote: "测试 a&b=c"'
    });
    expect(lastRequest()?.target).toBe(
      '/api/deployment/resource/search?task_type=Deployment&device_type=GpuDevice&note=%E6%B5%8B%E8%AF%95%20a%26b%3Dc'
    );
    expect(JSON.parse(outputs.data)).toMatchObject({ count: 2 });
  });

  it('searches tasks with a comma list', async () => {
    ownTask('搜索-only-here');
    const outputs = await run({
      operation: 'search_tasks',
      task_status: 'Pending, Running',
      query: '{"search_value": "搜索"}'
    });
    expect(JSON.parse(outputs.data)).toMatchObject({ count: 1 });
    expect(lastRequest()?.target).toBe(
      '/api/deployment/task/search?type=Deployment&status=Pending,Running&page=1&page_size=10&search_value=%E6%90%9C%E7%B4%A2'
    );
  });

  // Regression: the storage check went to the spec's /api/storage/encrypt/check with the spec's fields,
  // which the platform's reference does not have.
  it("checks a storage bucket with the reference's S3 check: encrypted, as text/plain, its keys masked", async () => {
    const result = await step({
      operation: 'storage_check',
      body: 'supplier: tencent\nendpoint: cos.ap-guangzhou.myqcloud.com\nak: AKIDEXAMPLE\nsk: wJalrXUtnFEMI\nbucket: b\nprefix: w/'
    });
    const sent = lastRequest();
    expect(sent).toMatchObject({
      method: 'POST',
      path: '/api/storage/nas/v1/encrypt/s3/check',
      verdict: { reason: 'ok' }
    });
    expect(sent?.headers['content-type']).toBe('text/plain');
    expect(sent?.body).not.toContain('AKIDEXAMPLE');
    expect(JSON.parse(sent?.plaintext ?? '')).toEqual({
      supplier: 'tencent',
      endpoint: 'cos.ap-guangzhou.myqcloud.com',
      ak: 'AKIDEXAMPLE',
      sk: 'wJalrXUtnFEMI',
      bucket: 'b',
      prefix: 'w/'
    });
    const outputs = outputsOf(result);
    expect(JSON.parse(outputs.data)).toEqual({ pass: true, message: null });
    expect(masked).toEqual(expect.arrayContaining(['AKIDEXAMPLE', 'wJalrXUtnFEMI']));
    expect(JSON.stringify(outputs)).not.toMatch(/AKIDEXAMPLE|wJalrXUtnFEMI/);
    expect(renderSummary(result, { passed: true })).not.toMatch(/AKIDEXAMPLE|wJalrXUtnFEMI/);
    expect(log.join('\n')).not.toMatch(/AKIDEXAMPLE|wJalrXUtnFEMI/);
    bench.emulator.storage.setVerdict({ pass: false, message: 'the bucket does not exist' });
    try {
      const failed = await step({
        operation: 'storage_check',
        body: 'supplier: tencent\nendpoint: e\nak: AKIDEXAMPLE\nsk: wJalrXUtnFEMI\nbucket: b\nprefix: ""'
      });
      expect(failed.calls[0]?.error?.message).toBe(
        "the storage did not pass the platform's check: the bucket does not exist"
      );
    } finally {
      bench.emulator.storage.setVerdict({
        pass: true,
        message: 'the storage can be reached with these settings'
      });
    }
  });

  it("refuses the spec's storage fields in the documented form before sending, naming the fix", async () => {
    const before = bench.emulator.requests.length;
    await expect(
      step({
        operation: 'storage_check',
        body: '{storage_name: m, oss_region_id: 3, bucket: b, dir: w/, endpoint: e, access_key: AKIDEXAMPLE, secret_key: wJalrXUtnFEMI}'
      })
    ).rejects.toThrow(
      /^body has no supplier, ak, sk, prefix as text, but storage_check needs them: .*set api_profile: spec to send them\)$/
    );
    expect(bench.emulator.requests).toHaveLength(before);
  });

  it('reaches any endpoint through request, for example the platform form of detail', async () => {
    const id = ownTask('by-request');
    const outputs = await run({
      operation: 'request',
      method: 'GET',
      path: '/api/deployment/task/detail',
      query: `task_id: ${id}`
    });
    expect(lastRequest()?.target).toBe(`/api/deployment/task/detail?task_id=${id}`);
    expect(outputs.data).toContain(`"task_id":${id},`);
  });

  it('fails with the platform code and description, and reads the task before calling it not found', async () => {
    const failure = await failureOfCall({ operation: 'detail', task_id: '5' });
    expect(failure?.name).toBe('TaskNotFoundError');
    expect(failure?.message).toMatch(
      /^task 5 not found: the platform refused \(code \w+: task 5 does not exist; request id emu-\d+\), and no task search of any status lists it$/
    );
    expect(bench.emulator.requests.at(-1)?.target).toMatch(
      /^\/api\/deployment\/task\/search\?type=Deployment&status=Running,Pending,Paused,End&page=1/
    );
    const pending = bench.emulator.tasks.add({ task_name: 'pending', points: 1 });
    const refused = await failureOfCall({ operation: 'pause', task_id: pending });
    expect(refused).toMatchObject({ name: 'ApiError', code: expect.stringMatching(/^[CZ]\d{3}$/) });
    expect(refused?.message).toMatch(
      /its status is Pending, and the platform applies pause to Running tasks only$/
    );
  });

  it('reports an HTML error page by status and excerpt', async () => {
    bench.emulator.inject({ answer: { kind: 'status', status: 502 } });
    const failure = await failureOfCall({ operation: 'detail', task_id: '5', max_retries: '0' });
    expect(failure?.message).toBe(
      `HTTP 502 with a non-JSON answer (text/html): "502 Bad Gateway 502 Bad Gateway nginx" (request id emu-${bench.emulator.requests.length})`
    );
  });

  it("reads a Retry-After date against the answer's Date header, not the runner's clock", async () => {
    const id = ownTask('retry-after-date');
    bench.emulator.setClockOffset(600);
    bench.emulator.inject({
      path: '/api/task/deployment/detail',
      answer: { kind: 'status', status: 429, retryAfter: { seconds: 2, as: 'http-date' } }
    });
    try {
      const outputs = await run({ operation: 'detail', task_id: id });
      expect(outputs.code).toBe('0000');
      // Read against this runner's clock, ten minutes behind the platform's, the date would be 10m2s away.
      expect(log).toContainEqual(
        expect.stringMatching(/^detail: HTTP 429; retry 1 of 5 in [12]\.\ds \(as the server asked\)$/)
      );
    } finally {
      bench.emulator.setClockOffset(0);
    }
  });

  it('reports a reset connection as a transport error', async () => {
    bench.emulator.inject({ answer: { kind: 'reset' } });
    const failure = await failureOfCall({ operation: 'detail', task_id: '5', max_retries: '0' });
    expect(failure?.name).toBe('TransportError');
    expect(failure?.message).toMatch(/^GET \/api\/task\/deployment\/detail\?task_id=5 got no answer: /);
  });
});
