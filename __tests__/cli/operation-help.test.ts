// Each operation's help (elastic-deploy <operation> --help): what each flag means for that operation, only
// the flags it takes, examples first that run as written, and the command line's own flags.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describedInput, operationHelp } from '../../src/cli/cli-help.js';
import { operationNamed } from '../../src/deploy/operations.js';
import { nodeIo, type CliIo } from '../../src/cli/cli-io.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { runCli } from '../../src/cli/run-cli.js';
import { OPERATION_NAMES } from '../../src/deploy/door.js';
import { readRegularFile } from '../../src/host/private-file.js';
import { startEmulator, type Emulator } from '../../emulator/index.js';
import { fixtureEmulatorKeys } from '../helpers/fixtures.js';
import { JOB_BODY, RUNNER_BODY } from '../helpers/bodies.js';

describe('the help of each operation', () => {
  it.each(OPERATION_NAMES.map((operation) => [operation]))('%s (snapshot)', (operation) => {
    expect(operationHelp(operation, '0.1.0', true)).toMatchSnapshot();
  });

  // Regression (issue 49, point 3): job's help said --gpu was for "create and replace", --points "the
  // number of nodes", and listed --health-path and --wait-for-urls, which a job does not take.
  it('says what a flag means for the operation, and lists no flag it does not take', () => {
    const job = operationHelp('job', '0.1.0', true);
    expect(job).toMatch(
      /--points +ELASTIC_DEPLOY_POINTS\n {6}The job's completions, how many times it must succeed/
    );
    expect(job).toMatch(/--gpu +ELASTIC_DEPLOY_GPU\n {6}The GPU model as the platform names it/);
    expect(job).not.toMatch(/create and replace|--health-path|--wait-for-urls|--max-restarts|--status-field/);
    expect(job).not.toMatch(/the number of nodes/);
    const sweep = operationHelp('sweep', '0.1.0', true);
    expect(sweep).toMatch(/--task-name +ELASTIC_DEPLOY_TASK_NAME\n {6}A name pattern, where \* matches/);
    expect(sweep).not.toMatch(/the name of the new task/);
    const create = operationHelp('create', '0.1.0', true);
    expect(create).toMatch(/--points +ELASTIC_DEPLOY_POINTS\n {6}The number of nodes/);
    expect(create).not.toMatch(/completions/);
  });

  it("shows examples first, and the command line's own flags", () => {
    for (const operation of OPERATION_NAMES) {
      const help = operationHelp(operation, '0.1.0', true);
      // The preview steps follow GitHub's pull requests: their help says where they run instead.
      expect(help.split('\n').slice(1, 4)).toEqual([
        '',
        'Examples:',
        expect.stringMatching(/^ {2}(elastic-deploy |# the GitHub action runs )/)
      ]);
      for (const flag of [
        '--output',
        '--with-data',
        '--dotenv-outputs',
        '--files-dir',
        '--state-file',
        '--debug'
      ])
        expect(help).toContain(`\n  ${flag} `);
    }
  });

  // Regression (issue 49, point 3): the engine's words turned into the CLI's rewrote prose: a field named
  // token read "--token", the keys of an endpoint override "--method, --path".
  it('turns only inputs into flags, never a field that shares a name', () => {
    const flat = `${describedInput('dry_run')} ${describedInput('endpoints')}`;
    expect(flat).toContain('whose name holds "key", "secret", "token"');
    expect(flat).toContain("overrides per operation of its endpoint's method:, path:, version: and encrypt:");
    expect(flat).not.toMatch(/holds key, secret, --token|--method, --path/);
  });
});

describe('the examples of the help', () => {
  let emulator: Emulator;
  let workspace: string;
  beforeAll(async () => {
    emulator = await startEmulator({ keys: fixtureEmulatorKeys(), readyAfterSeconds: 0 });
    workspace = mkdtempSync(join(tmpdir(), 'help-examples-'));
    writeFileSync(join(workspace, 'job.yaml'), JOB_BODY);
    writeFileSync(join(workspace, 'runner.yaml'), RUNNER_BODY);
    // The directory copy's example uploads from the workspace.
    mkdirSync(join(workspace, 'dataset'));
    writeFileSync(join(workspace, 'dataset', 'train.jsonl'), '{}\n');
    writeFileSync(
      join(workspace, 'storage.yaml'),
      'supplier: tencent\nendpoint: https://cos.example.com\nak: AKexample\nsk: SKexample\nbucket: models\nprefix: ""\n'
    );
    // The task the examples name (1229831, the emulator's first id), with two nodes.
    const id = emulator.tasks.add({
      task_name: 'web',
      points: 2,
      status: 'Running',
      services: [{ service_name: 'web', service_image: 'nginx:1.27', remote_ports: [{ service_port: 80 }] }]
    });
    expect(id).toBe('1229831');
  });
  afterAll(async () => {
    await emulator.stop();
    rmSync(workspace, { recursive: true, force: true });
  });

  /** An example's words, as a shell splits them: single quotes keep what they hold. */
  const words = (line: string): string[] =>
    [...line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');

  const examples = OPERATION_NAMES.flatMap((operation) =>
    operationNamed(operation)
      .examples.filter((line) => !line.startsWith('#'))
      .map((line) => [operation, line])
  );

  it.each(examples)('%s: %s runs as written (a dry run)', async (_operation, line) => {
    const [command, ...argv] = words(line);
    expect(command).toBe('elastic-deploy');
    const out: string[] = [];
    const err: string[] = [];
    // An RSA-mode key: storage_check sends an encrypted body. The storage keys a transfer's example says
    // come from the environment.
    const environment: Record<string, string> = {
      ELASTIC_DEPLOY_S3_ACCESS_KEY: 'AKIDEXAMPLE',
      ELASTIC_DEPLOY_S3_SECRET_KEY: 'wJalrXUtnFEMI',
      ELASTIC_DEPLOY_BASE_URL: emulator.base_url,
      ELASTIC_DEPLOY_TOKEN: emulator.rsa.token,
      ELASTIC_DEPLOY_PRIVATE_KEY_FILE: emulator.rsa.private_key_file,
      ELASTIC_DEPLOY_PLATFORM_PUBLIC_KEY: readFileSync(emulator.rsa.platform_public_key_file, 'utf8'),
      GITHUB_WORKSPACE: workspace
    };
    const real = nodeIo([]);
    const io: CliIo = {
      argv: [
        ...argv.filter((word) => !['--files-dir', 'job-files', '--dry-run'].includes(word)),
        '--dry-run'
      ],
      env: (name) => environment[name],
      stdout: (text) => out.push(text),
      stderr: (text) => err.push(text),
      readFile: (path, maxBytes) => readRegularFile(path, maxBytes),
      writeFile: () => undefined,
      onSignal: () => () => undefined,
      isTerminal: false,
      version: '0.1.0',
      ...(real.makeRunDir === undefined ? {} : { makeRunDir: real.makeRunDir })
    };
    const code = await runCli(io);
    expect({ code, log: err.join('') }).toEqual({ code: EXIT.ok, log: expect.stringContaining('dry run') });
  });
});
