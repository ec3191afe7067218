// The two ways CONTRIBUTING.md runs the action on a developer's machine, run as it writes them against the
// emulator: @github/local-action on the sources (main, then post, in one process), and the bundle with
// `node --env-file=.env` (main, then post with the state the main step printed). Each creates a task with
// cleanup: stop, and its post step stops it.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startEmulator, type Emulator } from '../../emulator/index.js';
import { ROOT } from '../../scripts/action-runner.js';
import { fixtureEmulatorKeys } from '../helpers/fixtures.js';
import { MARK_4090 } from '../helpers/bodies.js';

const run = promisify(execFile);
const CONTRIBUTING = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');

/** The first shell command of CONTRIBUTING.md's block that holds `words`. */
function command(words: string): string {
  const line = CONTRIBUTING.split('\n').find((text) => text.includes(words) && !text.startsWith('`'));
  if (line === undefined) throw new Error(`CONTRIBUTING.md shows no command with ${words}`);
  return line.trim();
}

/** The post step's variables as CONTRIBUTING.md writes them (`STATE_isPost=true ...`), in its prose. */
function postState(): string {
  const found = /`(STATE_isPost=true[^`]*)`/.exec(CONTRIBUTING)?.[1];
  if (found === undefined) throw new Error('CONTRIBUTING.md shows no post step state');
  return found;
}

describe('running the action locally, as CONTRIBUTING.md writes it', () => {
  let emulator: Emulator;
  let dir: string;
  beforeEach(async () => {
    emulator = await startEmulator({ keys: fixtureEmulatorKeys(), readyAfterSeconds: 0, strict: true });
    dir = mkdtempSync(join(tmpdir(), 'local-run-'));
  });
  afterEach(async () => {
    await emulator.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** `.env` as a developer makes it: .env.example copied, then filled in for a create with cleanup stop. */
  function envFile(name: string): string {
    const body = JSON.stringify({
      resources: [{ mark: MARK_4090 }],
      services: [{ service_name: 'web', service_image: 'nginx:1.27', remote_ports: [{ service_port: 80 }] }]
    });
    const filled: Record<string, string> = {
      INPUT_OPERATION: 'create',
      INPUT_DRY_RUN: 'false',
      DEPLOY_API_BASE_URL: emulator.base_url,
      DEPLOY_API_TOKEN: emulator.token_mode.token
    };
    const lines = readFileSync(join(ROOT, '.env.example'), 'utf8')
      .split('\n')
      .filter((line) => !line.startsWith('INPUT_QUERY='))
      .map((line) => {
        const key = line.split('=')[0] ?? '';
        return key in filled ? `${key}=${filled[key] ?? ''}` : line;
      });
    const file = join(dir, '.env');
    writeFileSync(
      file,
      [
        ...lines,
        `INPUT_TASK_NAME=${name}`,
        `INPUT_BODY='${body}'`,
        'INPUT_CLEANUP=stop',
        'INPUT_POLL_INTERVAL=1s'
      ].join('\n')
    );
    return file;
  }

  /** Runs a command of CONTRIBUTING.md with bash in the repository, its `.env` being `file`. */
  const shell = (text: string, file: string) =>
    run(
      'bash',
      ['-c', text.replace(/(?<=\s)\.env(?=\s|$)/g, file).replace('--env-file=.env', `--env-file=${file}`)],
      {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? dir }
      }
    );

  /** The task the create of a run made. */
  const made = (): string[] =>
    emulator.requests.flatMap((r) => (r.createdTaskId === undefined ? [] : [r.createdTaskId]));

  // Regression (issue 48): under local-action the post step found no saved state (the action writes its
  // state itself), so cleanup: stop stopped nothing and the task billed on.
  it('with @github/local-action: main creates, post stops, in one process', async () => {
    const file = envFile('local-action-web');
    const { stdout } = await shell(command('npx @github/local-action run'), file);
    const [id] = made();
    expect(made()).toHaveLength(1);
    expect(stdout).toContain(`cleanup: stopped task ${id ?? ''}`);
    expect(emulator.tasks.get(id ?? '').status).toBe('End');
  });

  // Regression (issue 48): `node --env-file=.env dist/index.js` printed the CLI's help and exited 2 unless
  // GITHUB_ACTIONS=true was set.
  it('with the bundle: main creates, then post, with the state CONTRIBUTING.md names, stops', async () => {
    const file = envFile('bundle-web');
    const bundle = command('node --env-file=.env dist/index.js');
    const main = await shell(bundle, file);
    const [id = ''] = made();
    expect(main.stdout).toContain(`task_id: ${id}`);
    expect(emulator.tasks.get(id).status).toBe('Running');
    const state = postState().replace(/\d{7,}/, id);
    const post = await shell(`${state} ${bundle}`, file);
    expect(post.stdout).toContain(`cleanup: stopped task ${id}`);
    expect(emulator.tasks.get(id).status).toBe('End');
  });
});
