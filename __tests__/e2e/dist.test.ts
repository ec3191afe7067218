import { readFileSync } from 'node:fs';
import { startEmulator, type Emulator } from '../../emulator/index.js';
import { nodeRuntimes, npmNodeMajor, runAction, type NodeRuntime } from '../helpers/runner.js';

const runtimes = nodeRuntimes();

it("runs dist/ under Node 24, the action's runtime, and under the Node that runs npm (20 on this machine)", () => {
  expect(runtimes.map((r) => r.major)).toEqual(expect.arrayContaining([24, npmNodeMajor()]));
});

describe.each(runtimes.map((r) => [`Node ${r.major}`, r] as const))(
  'node dist/index.js on %s',
  (_name, runtime: NodeRuntime) => {
    let emulator: Emulator;
    let rsaInputs: Record<string, string>;
    let env: Record<string, string>;

    beforeAll(async () => {
      emulator = await startEmulator({ readyAfterSeconds: 60 });
      rsaInputs = {
        base_url: emulator.base_url,
        token: emulator.rsa.token,
        private_key: readFileSync(emulator.rsa.private_key_file, 'utf8'),
        platform_public_key: readFileSync(emulator.rsa.platform_public_key_file, 'utf8')
      };
      env = { NODE_EXTRA_CA_CERTS: emulator.ca_file };
    });
    afterAll(() => emulator.stop());

    it('creates a task and writes the outputs, masking every secret first', async () => {
      const result = await runAction(
        runtime,
        { ...rsaInputs, operation: 'create', task_name: 'e2e', points: '1' },
        env
      );
      expect(result.stderr).toBe('');
      expect(result.exitCode).toBe(0);
      expect(result.outputs).toEqual({
        code: '0000',
        msg: 'success',
        data: '{"task_id":1229831}',
        task_id: '1229831'
      });
      expect(emulator.requests.at(-1)?.plaintext).toBe('{"task_name":"e2e","points":1}');

      const lines = result.stdout.split('\n');
      const firstInfo = lines.findIndex((line) => !line.startsWith('::add-mask::'));
      const masks = lines.slice(0, firstInfo).map((line) => line.slice('::add-mask::'.length));
      expect(masks).toContain(rsaInputs.token);
      expect(masks).toContain(emulator.requests.at(-1)?.headers.sign_str);
      expect(lines[firstInfo]).toBe(
        'create: POST /api/deployment/task/create (RSA mode, version 1.0.0, encrypted body of 344 bytes)'
      );
    });

    it('reads the detail of the task in token mode', async () => {
      const result = await runAction(
        runtime,
        {
          operation: 'detail',
          base_url: emulator.base_url,
          token: emulator.token_mode.token,
          task_id: '1229831'
        },
        env
      );
      expect(result.exitCode).toBe(0);
      expect(result.outputs.task_id).toBe('1229831');
      expect(JSON.parse(result.outputs.data ?? '')).toMatchObject({
        task_id: 1229831,
        task_name: 'e2e',
        status: 'Pending'
      });
    });

    it('fails on a bad input in one ::error:: line, before sending anything', async () => {
      const before = emulator.requests.length;
      const result = await runAction(runtime, { ...rsaInputs, operation: 'detail', task_id: '12a' }, env);
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toContain(
        '::error::task_id "12a" is not an integer: set task_id to the numeric id of a task, such as 1229831\n'
      );
      expect(emulator.requests).toHaveLength(before);
    });

    it('fails on an API error, still giving code and msg as outputs', async () => {
      const result = await runAction(runtime, { ...rsaInputs, operation: 'detail', task_id: '42' }, env);
      expect(result.exitCode).toBe(1);
      expect(result.outputs).toEqual({ code: 'C007', msg: 'task 42 does not exist' });
      expect(result.stdout).toMatch(
        /::error::detail failed: HTTP 200, code C007: task 42 does not exist \(request id emu-\d+\)/
      );
    });
  }
);
