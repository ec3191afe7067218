// The entry points as the runner starts them, in this process: the runner's host reads the inputs from
// INPUT_* variables and writes outputs, state and summary to the files the runner names.
import { jest } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Emulator } from '../emulator/index.js';
import { rsaInputs } from './helpers/emulator-inputs.js';
import { startStrictEmulator } from './helpers/platform-client.js';

describe("index.ts, main.ts and post.ts on the runner's host", () => {
  let emulator: Emulator;
  let dir: string;
  const saved = { ...process.env };
  let printed: string[] = [];
  const write = process.stdout.write.bind(process.stdout);

  // An emulator of each test's own: no request of another test (one that timed out, say) is counted.
  beforeEach(async () => {
    emulator = await startStrictEmulator();
    dir = mkdtempSync(join(tmpdir(), 'entry-'));
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await emulator.stop();
  });
  beforeEach(() => {
    printed = [];
    // What the action prints is the runner's to read: kept here, not shown in the test output.
    process.stdout.write = (chunk: string | Uint8Array): boolean => {
      printed.push(String(chunk));
      return true;
    };
    for (const file of ['output', 'state', 'summary']) writeFileSync(join(dir, file), '');
    Object.assign(process.env, {
      GITHUB_OUTPUT: join(dir, 'output'),
      GITHUB_STATE: join(dir, 'state'),
      GITHUB_STEP_SUMMARY: join(dir, 'summary'),
      RUNNER_TEMP: dir,
      GITHUB_ACTIONS: 'true'
    });
  });
  afterEach(() => {
    process.stdout.write = write;
    for (const name of Object.keys(process.env))
      if (!(name in saved)) Reflect.deleteProperty(process.env, name);
    Object.assign(process.env, saved);
    process.exitCode = undefined;
  });

  const setInputs = (inputs: Record<string, string>): void => {
    for (const [name, value] of Object.entries(inputs)) process.env[`INPUT_${name.toUpperCase()}`] = value;
  };
  const file = (name: string): string => readFileSync(join(dir, name), 'utf8');

  it('main.ts runs the main step: outputs, state and summary in the runner files', async () => {
    const id = emulator.tasks.add({ task_name: 'entry', points: 1, status: 'Running' });
    setInputs({ ...rsaInputs(emulator), operation: 'detail', task_id: id, summary: 'true' });
    const { run } = await import('../src/main.js');
    await run();
    expect(process.exitCode).toBeUndefined();
    expect(file('output')).toContain(`task_id<<`);
    expect(file('output')).toContain(`\n${id}\n`);
    expect(file('state')).toContain('isPost<<');
    expect(file('summary')).toContain('### Elastic deploy: detail succeeded');
    expect(printed.join('')).toMatch(/^::add-mask::/);
    expect(process.listenerCount('SIGTERM')).toBe(0);
  });

  it('post.ts runs the post step: it stops the task the main step created', async () => {
    const id = emulator.tasks.add({ task_name: 'entry-post', points: 1, status: 'Running' });
    setInputs({ ...rsaInputs(emulator), operation: 'create', task_name: 'entry-post', points: '1' });
    Object.assign(process.env, {
      STATE_isPost: 'true',
      STATE_cleanup: 'stop',
      STATE_created_task_ids: JSON.stringify([id])
    });
    const { run } = await import('../src/post.js');
    await run();
    expect(printed.join('')).toContain(`cleanup: stopped task ${id}`);
    expect(emulator.tasks.get(id).status).toBe('End');
  });

  it('index.ts runs the post step when the main step saved isPost, and the main step otherwise', async () => {
    Object.assign(process.env, { STATE_isPost: 'true', STATE_cleanup: 'stop' });
    await jest.isolateModulesAsync(async () => {
      await import('../src/index.js');
    });
    expect(printed.join('')).toContain('cleanup (stop): this step created no task');
    delete process.env.STATE_isPost;
    printed = [];
    setInputs({ operation: 'stop', task_id: '5', token: 'tok', dry_run: 'true' });
    await jest.isolateModulesAsync(async () => {
      await import('../src/index.js');
    });
    expect(printed.join('')).toContain('dry run: nothing was sent');
    const argv = process.argv;
    try {
      // Outside GitHub Actions (no GITHUB_ACTIONS), started as the runner starts it (INPUT_* variables, no
      // argument: `node --env-file=.env dist/index.js`), index.ts runs the action's step.
      delete process.env.GITHUB_ACTIONS;
      // (The main step keeps the state it saves in this process, for a post step run in it: a new main
      // step starts without it.)
      for (const name of Object.keys(process.env))
        if (name.startsWith('STATE_')) Reflect.deleteProperty(process.env, name);
      process.argv = [argv[0] ?? 'node', 'dist/index.js'];
      printed = [];
      await jest.isolateModulesAsync(async () => {
        await import('../src/index.js');
      });
      expect(printed.join('')).toContain('dry run: nothing was sent');
      // Given arguments, it is the command-line tool, and writes no workflow command.
      process.argv = [argv[0] ?? 'node', 'dist/index.js', 'nope'];
      printed = [];
      await jest.isolateModulesAsync(async () => {
        await import('../src/index.js');
      });
      expect(process.exitCode).toBe(2);
      expect(printed.join('')).not.toMatch(/^::/m);
    } finally {
      process.argv = argv;
    }
  });

  it('fails through core.setFailed, which sets the exit code', async () => {
    setInputs({ operation: 'nope', token: 'tok' });
    const { run } = await import('../src/main.js');
    await run();
    expect(process.exitCode).toBe(1);
    expect(printed.join('')).toContain('::error::operation "nope" is not one of');
  });
});
