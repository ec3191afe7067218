import { outputsOf } from '../../src/action/outputs.js';
import { createdOutputs, useCallBench } from '../helpers/call-bench.js';

/**
 * The interface spec's own forms, which the platform's reference does not document: `api_profile: spec`
 * against the emulator in its spec profile, strict about the client's bytes. An encrypted create on
 * /api/deployment/task/create, detail as a POST {task_id}, the spec's storage check, `msg` envelopes.
 * Everything else is proven on the platform's documented forms (the other integration suites).
 */
describe("api_profile: spec against the interface spec's forms", () => {
  const bench = useCallBench({ profile: 'spec' }, { api_profile: 'spec' });
  const { log, masked, step } = bench;
  const run = async (inputs: Record<string, string>) => outputsOf(await step(inputs));
  const lastRequest = () => bench.emulator.requests.at(-1);

  it('creates a task with an encrypted body and round-trips its id beyond 2^53', async () => {
    const outputs = await run({
      operation: 'create',
      task_name: 'ci-部署 ✓',
      points: '2',
      body: 'services:\n  - service_name: web\n    service_image: nginx:1.27\n    remote_ports: [{service_port: 80}]\n'
    });
    const id = lastRequest()?.createdTaskId ?? '';
    expect(BigInt(id)).toBeGreaterThan(2n ** 53n);
    expect(outputs).toMatchObject(createdOutputs(id));
    expect(lastRequest()?.path).toBe('/api/deployment/task/create');
    expect(lastRequest()?.plaintext).toBe(
      '{"task_name":"ci-部署 ✓","points":2,"services":[{"service_name":"web","service_image":"nginx:1.27","remote_ports":[{"service_port":80}]}]}'
    );
    // A signature is used once: never masked (one ::add-mask:: per request), and never logged.
    expect(masked).not.toContain(lastRequest()?.headers.sign_str);
    expect(log).toEqual([
      'create: POST /api/deployment/task/create (RSA mode, version 1.0.0, encrypted body)',
      'create: code 0000, success',
      `task_id: ${id}`
    ]);
  });

  it('reads the detail of a task by its exact id (spec form: POST {task_id}), its envelope in msg', async () => {
    const id = bench.emulator.tasks.add({ task_name: 'detail-部署 ✓', points: 1 });
    const outputs = await run({ operation: 'detail', task_id: id });
    expect(lastRequest()).toMatchObject({
      method: 'POST',
      path: '/api/deployment/task/detail',
      body: `{"task_id":${id}}`
    });
    expect(lastRequest()?.answer).toMatch(/^\{"code":"0000","msg":"success","data":\{/);
    expect(outputs.task_id).toBe(id);
    expect(JSON.parse(outputs.data)).toMatchObject({ status: 'Pending', task_name: 'detail-部署 ✓' });
  });

  it("checks a storage configuration with the spec's encrypted body, masking its credentials", async () => {
    const outputs = await run({
      operation: 'storage_check',
      body: '{"storage_name": "models", "oss_region_id": 3, "bucket": "b", "dir": "w/", "endpoint": "oss.example.com", "access_key": "AKIDEXAMPLE", "secret_key": "wJalrXUtnFEMI"}'
    });
    expect(lastRequest()?.path).toBe('/api/storage/encrypt/check');
    expect(JSON.parse(lastRequest()?.plaintext ?? '')).toMatchObject({ access_key: 'AKIDEXAMPLE' });
    expect(JSON.parse(outputs.data)).toEqual({
      pass: true,
      message: 'the storage can be reached with these settings'
    });
    expect(masked).toEqual(expect.arrayContaining(['AKIDEXAMPLE', 'wJalrXUtnFEMI']));
  });

  it('refuses a spec-profile create from a token-mode key before sending, naming api_profile: live', async () => {
    const before = bench.emulator.requests.length;
    await expect(step({ operation: 'create', task_name: 'x', points: '1' }, 'token')).rejects.toThrow(
      /set api_profile: live, where create sends a plain signed body that token-mode keys can send/
    );
    expect(bench.emulator.requests).toHaveLength(before);
  });
});
