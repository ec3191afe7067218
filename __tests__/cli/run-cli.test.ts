// The command-line tool in this process, on a test io, against the emulator over real HTTPS (the client
// trusts its CA through NODE_EXTRA_CA_CERTS, set by npm test). The packed tool runs in __tests__/e2e/.
import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { readRegularFile } from '../../src/host/private-file.js';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEmulator, type Emulator } from '../../emulator/index.js';
import { parseCliArgs } from '../../src/cli/cli-args.js';
import { cliHelp } from '../../src/cli/cli-help.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { OPERATION_NAMES } from '../../src/platform/platform-settings.js';
import { operationNamed } from '../../src/deploy/operations.js';
import { runCli } from '../../src/cli/run-cli.js';
import { nodeIo, type CliIo } from '../../src/cli/cli-io.js';
import { INPUT_NAMES, SECRET_INPUTS } from '../../src/deploy/engine/inputs/index.js';
import { fixtureEmulatorKeys } from '../helpers/fixtures.js';
import { parse } from 'yaml';
import { SHUFFLED_CODES } from '../helpers/platform-client.js';
import { unwritableDirectory } from '../helpers/unwritable.js';
import { until } from '../helpers/until.js';

const SERVICE =
  '{services: [{service_name: web, service_image: "nginx:1", remote_ports: [{service_port: 80}]}]}';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

describe('elastic-deploy, the command-line tool', () => {
  let emulator: Emulator;
  let dir: string;

  // An emulator of each test's own: no request of another test (one that timed out, say) is counted.
  beforeEach(async () => {
    emulator = await startEmulator({
      ...SHUFFLED_CODES,
      keys: fixtureEmulatorKeys(),
      readyAfterSeconds: 0,
      strict: true
    });
  });
  afterEach(() => emulator.stop());
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'cli-test-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const real = nodeIo([]);
  /** The temporary directories the runs made for their files. */
  const runDirs: string[] = [];
  /** Where the next runs make their own directory, when not the system's temporary directory. */
  let runDirParent: string | undefined;

  /** Runs the CLI with the emulator's token-mode key in the environment (and `env`). */
  async function cli(
    argv: string[],
    env: Record<string, string> = {},
    signalAfter?: { test: (text: string) => boolean },
    isTerminal = false,
    stdoutIsTerminal = false
  ): Promise<Run> {
    const out: string[] = [];
    const err: string[] = [];
    const listeners = new Set<(signal: string) => void>();
    const environment: Record<string, string> = {
      ELASTIC_DEPLOY_BASE_URL: emulator.base_url,
      ELASTIC_DEPLOY_TOKEN: emulator.token_mode.token,
      // A token-mode key, on the platform's documented forms, as in production.
      ELASTIC_DEPLOY_API_PROFILE: 'live',
      ...env
    };
    const io: CliIo = {
      argv,
      env: (name) => environment[name],
      stdout: (text) => out.push(text),
      stderr: (text) => {
        err.push(text);
        if (signalAfter?.test(text) === true) for (const listener of listeners) listener('SIGTERM');
      },
      readFile: (path, maxBytes) => readRegularFile(path, maxBytes),
      writeFile: (path, text) => {
        writeFileSync(path, text);
      },
      onSignal: (listener) => {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
      isTerminal,
      stdoutIsTerminal,
      version: '0.1.0',
      // The run's files as the real tool keeps them: a directory of its own, removed at exit.
      makeRunDir: () => {
        // As the real tool makes it in a temporary directory that takes no files.
        if (runDirParent !== undefined) mkdtempSync(join(runDirParent, 'elastic-deploy-run-'));
        const made = real.makeRunDir?.();
        if (made === undefined) throw new Error('nodeIo makes run directories');
        runDirs.push(made.path);
        return made;
      },
      ...(real.ensureDir === undefined ? {} : { ensureDir: real.ensureDir }),
      ...(real.lock === undefined ? {} : { lock: real.lock })
    };
    const code = await runCli(io);
    return { code, stdout: out.join(''), stderr: err.join('') };
  }

  it('creates a task and waits for it, logging plain text to stderr and the outputs as JSON to stdout', async () => {
    const run = await cli([
      'create',
      '--gpu',
      '4090',
      '--task-name',
      'cli-web',
      '--points',
      '1',
      '--body',
      SERVICE,
      '--poll-interval',
      '1s'
    ]);
    expect(run.code).toBe(EXIT.ok);
    const outputs = JSON.parse(run.stdout) as Record<string, string>;
    expect(outputs).toMatchObject({ status: 'Running', timed_out: false });
    expect(emulator.tasks.get(outputs.task_id ?? '').status).toBe('Running');
    expect(run.stderr).toContain(`task_id: ${outputs.task_id ?? ''}`);
    expect(run.stderr).not.toMatch(/^::/m);
    // Plain lines when stderr is no terminal: no carriage return redraws a line, no colour (issue 49).
    expect(run.stderr).not.toContain('\r');
    expect(run.stderr).not.toContain('\u001b[');
    // Real time passes here: how long is the machine's, not the tool's (a busy one reads 1s), and so is
    // what a task read in the millisecond it was made has cost (nothing yet, on a fast one).
    expect(run.stderr).toMatch(
      /: Running after \d+s \(\d+m\d+s left, cost so far (less than 0\.01|0\.00) yuan\)$/m
    );
    expect(run.stderr).not.toContain(emulator.token_mode.token);
  });

  // Regression (issue 37): a timed-out create without --cleanup said only "timed out", and a bad input
  // with --cleanup stop printed "cleaning up what it left" after sending nothing.
  it('says a task it leaves after a timeout may bill on, with the command that stops it; nothing to clean after a bad input', async () => {
    emulator.tasks.setReadyAfter(600);
    try {
      const flags = ['--gpu', '4090', '--task-name', 'cli-left', '--body', SERVICE, '--poll-interval', '1s'];
      const run = await cli(['create', ...flags, '--wait-timeout', '2s']);
      expect(run.code).toBe(EXIT.timedOut);
      const id = (JSON.parse(run.stdout) as Record<string, string>).task_id ?? '';
      expect(run.stderr).toContain(
        `warning: task ${id} may still be running, and billing: --cleanup is none, so this run leaves it as it is. Stop it with: elastic-deploy stop --task-id ${id} --base-url ${emulator.base_url} --api-profile live`
      );
      expect(emulator.tasks.get(id).status).toBe('Pending');
    } finally {
      emulator.tasks.setReadyAfter(0);
    }
    const bad = await cli(['create', '--task-name', 'cli-bad', '--points', '0', '--cleanup', 'stop']);
    expect(bad.code).toBe(EXIT.input);
    expect(bad.stderr).not.toContain('cleaning up');
    expect(bad.stderr).not.toContain('may still be running');
  });

  it('writes dotenv lines with --output dotenv, for a GitLab dotenv report', async () => {
    const id = emulator.tasks.add({ task_name: 'cli-dotenv', points: 1, status: 'Running' });
    const run = await cli(['detail', '--task-id', id, '--output', 'dotenv']);
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toMatch(new RegExp(`^ELASTIC_DEPLOY_OUTPUT_TASK_ID=${id}$`, 'm'));
    expect(run.stdout).toMatch(/^ELASTIC_DEPLOY_OUTPUT_STATUS=Running$/m);
    expect(run.stdout).not.toMatch(/^ELASTIC_DEPLOY_OUTPUT_DATA=/m);
    expect(
      run.stdout
        .split('\n')
        .filter((line) => line !== '')
        .every((line) => /^ELASTIC_DEPLOY_OUTPUT_[A-Z_]+=/.test(line))
    ).toBe(true);
  });

  it('writes a dotenv report whose variables a later job reads as no input (GitLab gives them to later stages)', async () => {
    const deploy = await cli([
      'create',
      '--gpu',
      '4090',
      '--task-name',
      'cli-stage-1',
      '--body',
      SERVICE,
      '--output',
      'dotenv'
    ]);
    expect(deploy.code).toBe(EXIT.ok);
    const report = Object.fromEntries(
      deploy.stdout
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
    );
    expect(report).toMatchObject({
      ELASTIC_DEPLOY_OUTPUT_GPU: '4090',
      ELASTIC_DEPLOY_OUTPUT_TASK_ID: expect.stringMatching(/^\d+$/)
    });
    // As every GitLab takes it: at most 20 variables, each with a value, within 5 KiB.
    expect(Object.keys(report).length).toBeLessThanOrEqual(20);
    expect(Object.values(report).filter((value) => value === '')).toEqual([]);
    expect(Buffer.byteLength(deploy.stdout)).toBeLessThanOrEqual(5120);
    const chosen = await cli([
      'detail',
      '--task-id',
      report.ELASTIC_DEPLOY_OUTPUT_TASK_ID ?? '',
      '--output',
      'dotenv',
      '--dotenv-outputs',
      'status,task_id'
    ]);
    expect(chosen.stdout).toBe(
      `ELASTIC_DEPLOY_OUTPUT_STATUS=Running\nELASTIC_DEPLOY_OUTPUT_TASK_ID=${report.ELASTIC_DEPLOY_OUTPUT_TASK_ID ?? ''}\n`
    );
    const later = await cli(
      ['create', '--gpu', '4090', '--task-name', 'cli-stage-2', '--body', SERVICE],
      report
    );
    expect([later.code, later.stderr]).toEqual([EXIT.ok, expect.not.stringContaining('task_id is set')]);
    expect((JSON.parse(later.stdout) as { task_id: string }).task_id).not.toBe(
      report.ELASTIC_DEPLOY_OUTPUT_TASK_ID
    );
  });

  it("keeps a bulk step's dotenv report within GitLab's 5 KiB, saying which outputs it left out", async () => {
    const ids = Array.from({ length: 150 }, (_, i) =>
      emulator.tasks.add({ task_name: `cli-dotenv-${i}`, points: 1, status: 'Running' })
    );
    const run = await cli(['detail', '--task-id', ids.join('\n'), '--output', 'dotenv']);
    expect(run.code).toBe(EXIT.ok);
    expect(Buffer.byteLength(run.stdout)).toBeLessThanOrEqual(5120);
    expect(run.stdout).toContain(`ELASTIC_DEPLOY_OUTPUT_TASK_IDS=${JSON.stringify(ids)}\n`);
    expect(run.stderr).toMatch(
      /^warning: output \w+ \(\d+ bytes\) left out: GitLab refuses a dotenv report over 5 KiB/m
    );
  });

  it.each([
    [
      ['create', '--token', 'x'],
      '--token would show a secret in process lists and shell history: set ELASTIC_DEPLOY_TOKEN'
    ],
    [['create', '--colour', 'red'], '--colour is no flag of elastic-deploy'],
    [['create', '--taks-name', 'web'], '--taks-name is no flag of elastic-deploy; did you mean --task-name?'],
    [['craete', '--task-name', 'web'], '"craete" is no operation of elastic-deploy; did you mean create?'],
    [['search_task'], '"search_task" is no operation of elastic-deploy; did you mean search-tasks?'],
    [['create', '--task-name'], '--task-name needs a value'],
    [['create', 'web'], '"web" is no flag'],
    [['--task-name', 'x'], '--task-name comes before the operation'],
    [['create', '--output', 'xml'], '--output "xml" is none of table, json and dotenv'],
    [['cleanup'], 'cleanup needs --state-file'],
    [['deploy'], '"deploy" is no operation of elastic-deploy (elastic-deploy --help lists them)'],
    [
      ['detail', '--task-id', '1', '--dotenv-outputs', 'task_id,stauts'],
      '--dotenv-outputs names "stauts", which is no output a dotenv report holds; did you mean status?'
    ],
    [['detail', '--task-id', '1', '--task-id', '2'], '--task-id is given twice'],
    [
      ['create', '--task-name', 'x', '--state-file', 'state.json'],
      '--state-file keeps what --cleanup is to stop later, but --cleanup is none: add --cleanup stop'
    ],
    // Whether a run cleans up is read by the parsers of its settings: a cleanup they refuse is refused here,
    // before the state file is written (it was taken for "not none", and the file written first).
    [
      ['create', '--task-name', 'x', '--cleanup', 'stpo', '--state-file', 'state.json'],
      '--cleanup "stpo" is not one of none, stop, pause: set --cleanup to one of them'
    ],
    [
      ['detail', '--task-id', '1', '--summary-file', '/nonexistent-directory/summary.md'],
      '--summary-file names "/nonexistent-directory/summary.md", which cannot be written (ENOENT)'
    ],
    [
      ['detail', '--task-id', '1', '--cleanup', 'stop', '--state-file', '/nonexistent-directory/state.json'],
      '--state-file names "/nonexistent-directory/state.json", which cannot be written (ENOENT, making its lock'
    ],
    // Found once the flags are read, by the same checks as the action's.
    [
      ['detail', '--task-id', '12a'],
      '--task-id "12a" is not an integer: set --task-id to the numeric id of a task'
    ],
    [['detail', '--task-id', '1', '--output', 'dotenv', '--wait-timeout', 'soon'], '--wait-timeout "soon"'],
    [['detail', '--task-id', '1', '--api-profile', 'spcc'], '--api-profile "spcc"']
  ])('exits 2 on bad input %j, sending nothing, printing nothing on stdout', async (argv, message) => {
    const before = emulator.requests.length;
    const run = await cli(argv);
    expect([run.code, run.stderr, run.stdout]).toEqual([EXIT.input, expect.stringContaining(message), '']);
    expect(emulator.requests.length).toBe(before);
  });

  it('exits 1 when the deploy fails and 3 when a wait times out', async () => {
    const failing = emulator.tasks.add({ task_name: 'cli-other', points: 1, status: 'Other' });
    expect((await cli(['detail', '--task-id', failing, '--wait', 'true'])).code).toBe(EXIT.failed);
    emulator.tasks.setReadyAfter(600);
    try {
      const slow = await cli([
        'create',
        '--gpu',
        '4090',
        '--task-name',
        'cli-slow',
        '--body',
        SERVICE,
        '--wait-timeout',
        '1s'
      ]);
      expect(slow.code).toBe(EXIT.timedOut);
      expect(JSON.parse(slow.stdout)).toMatchObject({ timed_out: true });
    } finally {
      emulator.tasks.setReadyAfter(0);
    }
  });

  it("exits with a GPU job's verdict: 0 when it completes, 1 when it fails, 3 when its wait times out (stopping it with --cleanup stop)", async () => {
    const job =
      '{job_support: {timeout_sec: 600, parallelism: 1, mod_param: {default: {backoff_limit: 0, restart_policy: Never}}}, services: [{service_name: tests, service_image: "pytorch/pytorch:2.5.1", resource_weight: {cpu_weight: 1, mem_weight: 1, gpu_weight: 1}, start_script: {command: [pytest], args: [-q]}}]}';
    emulator.jobs.configure({ podSeconds: 1, failPattern: /-fails$/ });
    const flags = ['--gpu', '4090', '--body', job, '--poll-interval', '1s'];
    const passed = await cli(['job', '--task-name', 'cli-tests', ...flags]);
    expect(passed.code).toBe(EXIT.ok);
    expect(JSON.parse(passed.stdout)).toMatchObject({
      job_status: 'Complete',
      succeeded_pods: 1,
      job_type: 'spot'
    });
    // The job's log streams to stderr (stdout is the JSON alone); its file went with the run's temporary
    // directory, and is kept with --files-dir.
    expect(passed.stderr).toContain('\n| $ pytest -q\n| done\n');
    expect(JSON.parse(passed.stdout)).not.toHaveProperty('log_file');
    const files = join(dir, 'job-files');
    const kept = await cli(['job', '--task-name', 'cli-tests-kept', ...flags, '--files-dir', files]);
    const logFile = (JSON.parse(kept.stdout) as Record<string, string>).log_file ?? '';
    expect(logFile.startsWith(files)).toBe(true);
    expect(readFileSync(logFile, 'utf8')).toBe('$ pytest -q\ndone\n');
    const failed = await cli(['job', '--task-name', 'cli-tests-fails', ...flags]);
    expect(failed.code).toBe(EXIT.failed);
    expect(JSON.parse(failed.stdout)).toMatchObject({ job_status: 'Failed', failed_pods: 1 });
    emulator.jobs.configure({ podSeconds: 600 });
    const slow = await cli([
      'job',
      '--task-name',
      'cli-tests-slow',
      ...flags,
      '--wait-timeout',
      '1s',
      '--cleanup',
      'stop'
    ]);
    expect(slow.code).toBe(EXIT.timedOut);
    const id = (JSON.parse(slow.stdout) as Record<string, string>).task_id ?? '';
    expect(emulator.jobs.get(id).status).toBe('Paused');
  });

  // Issue 63, point 6: --files-dir put a job's log under a random folder (elastic-deploy-132ZEm/1-job-1962287.log).
  it('keeps the files of --files-dir straight in it, under stable names an artifact glob collects; a later run replaces its own', async () => {
    const job =
      '{job_support: {timeout_sec: 600, parallelism: 1, mod_param: {default: {backoff_limit: 0, restart_policy: Never}}}, services: [{service_name: tests, service_image: "pytorch/pytorch:2.5.1", resource_weight: {cpu_weight: 1, mem_weight: 1, gpu_weight: 1}, start_script: {command: [pytest], args: [-q]}}]}';
    emulator.jobs.configure({ podSeconds: 1 });
    const files = join(dir, 'stable-files');
    const flags = ['--gpu', '4090', '--body', job, '--poll-interval', '1s', '--files-dir', files];
    const ran = await cli(['job', '--task-name', 'cli-stable', ...flags]);
    expect(ran.code).toBe(EXIT.ok);
    const outputs = JSON.parse(ran.stdout) as Record<string, string>;
    const id = outputs.task_id ?? '';
    expect([outputs.log_file, outputs.response_file]).toEqual([
      join(files, `job-${id}.log`),
      join(files, 'job.json')
    ]);
    expect(readdirSync(files, { withFileTypes: true }).filter((entry) => entry.isDirectory())).toEqual([]);
    // The same directory again (a CI workspace kept between builds): the names stay, the files are the new run's.
    const detail = async (): Promise<Record<string, string>> => {
      const run = await cli(['job-detail', '--task-id', id, '--files-dir', files]);
      expect(run.code).toBe(EXIT.ok);
      return JSON.parse(run.stdout) as Record<string, string>;
    };
    const [first, second] = [await detail(), await detail()];
    expect([first.response_file, second.response_file]).toEqual([
      join(files, 'job_detail.json'),
      join(files, 'job_detail.json')
    ]);
    expect(JSON.parse(readFileSync(join(files, 'job_detail.json'), 'utf8'))).toMatchObject({
      data: { task_id: expect.anything() }
    });
  });

  // Issue 63, point 6: --summary-file held the runner's escapes (&#46;) and its actions/upload-artifact.
  it('writes --summary-file as Markdown a person reads raw', async () => {
    const job =
      '{job_support: {timeout_sec: 600, parallelism: 1, mod_param: {default: {backoff_limit: 0, restart_policy: Never}}}, services: [{service_name: tests, service_image: "pytorch/pytorch:2.5.1", resource_weight: {cpu_weight: 1, mem_weight: 1, gpu_weight: 1}, start_script: {command: [pytest], args: [-q]}}]}';
    emulator.jobs.configure({ podSeconds: 1 });
    const summary = join(dir, 'readable-summary.md');
    const run = await cli([
      'job',
      '--task-name',
      'cli-summary-raw',
      '--gpu',
      '4090',
      '--body',
      job,
      '--poll-interval',
      '1s',
      '--files-dir',
      join(dir, 'summary-files'),
      '--summary-file',
      summary
    ]);
    expect(run.code).toBe(EXIT.ok);
    const text = readFileSync(summary, 'utf8');
    expect(text).toContain('cli-summary-raw');
    expect(text).toContain('#### Job');
    expect(text).not.toMatch(/&#\d+;/);
    expect(text).not.toContain('upload-artifact');
  });

  // Issue 63, point 6: --body-file outside the working directory was refused ("outside the workspace"),
  // which broke Jenkins jobs reading shared configuration: the workspace rule is the action's.
  it('reads a --body-file outside the working directory, and still refuses what is no regular file', async () => {
    const shared = mkdtempSync(join(tmpdir(), 'shared-config-'));
    try {
      const file = join(shared, 'service.yaml');
      writeFileSync(
        file,
        'services: [{service_name: web, service_image: "nginx:1", remote_ports: [{service_port: 80}]}]\n'
      );
      const run = await cli([
        'create',
        '--gpu',
        '4090',
        '--task-name',
        'cli-shared',
        '--body-file',
        file,
        '--dry-run'
      ]);
      expect([run.code, run.stderr]).toEqual([EXIT.ok, expect.stringContaining('dry run')]);
      expect(run.stderr).not.toContain('outside the workspace');
      const refused = await cli([
        'create',
        '--gpu',
        '4090',
        '--task-name',
        'cli-shared',
        '--body-file',
        shared
      ]);
      expect([refused.code, refused.stderr]).toEqual([
        EXIT.input,
        expect.stringContaining(`--body-file ${JSON.stringify(shared)} is not a regular file`)
      ]);
    } finally {
      rmSync(shared, { recursive: true, force: true });
    }
  });

  // Issue 63, point 5: count was 0 for listings that had rows (search-resources {"count":0} with 4 rows,
  // search-tasks 0 with 7), and volume-list --output table printed no row.
  it('counts the rows of every listing, and prints them as a table and as JSON rows', async () => {
    const rsa = {
      ELASTIC_DEPLOY_TOKEN: emulator.rsa.token,
      ELASTIC_DEPLOY_PRIVATE_KEY_FILE: emulator.rsa.private_key_file,
      ELASTIC_DEPLOY_PLATFORM_PUBLIC_KEY_FILE: emulator.rsa.platform_public_key_file,
      ELASTIC_DEPLOY_S3_ACCESS_KEY: 'AKIDLISTS',
      ELASTIC_DEPLOY_S3_SECRET_KEY: 'listsSecretKey'
    };
    const web = emulator.tasks.add({ task_name: 'list-web', points: 2, status: 'Running' });
    emulator.tasks.add({ task_name: 'list-api', points: 1, status: 'Running' });
    emulator.jobs.add({ task_name: 'list-job' });
    emulator.jobs.addQueueGroup({
      queue_id: 7,
      queue_name: 'evals',
      group_name: 'nightly',
      group_count: 3,
      task_parallel_limit: 1,
      task_dto: { task_name: 'eval' }
    });
    emulator.storage.setTransferPace({ queueMs: 0, pendingMs: 0, countMs: 0, bytesPerSecond: 1e12 });
    emulator.storage.setObjects('corpus', 'v3/', [{ name: 'a.txt', bytes: 10, hash: 'a1' }]);
    for (const argv of [
      ['volume', '--volume', 'lists', '--size', '10', '--region', 'bj-001'],
      [
        'transfer',
        '--volume',
        'lists',
        '--direction',
        's3-to-volume',
        '--s3-supplier',
        'tencent',
        '--s3-endpoint',
        'cos.ap-guangzhou.myqcloud.com',
        '--s3-bucket',
        'corpus',
        '--s3-prefix',
        'v3/'
      ]
    ])
      expect(await cli(argv, rsa)).toMatchObject({ code: EXIT.ok });
    const listings: [string, string[], number][] = [
      ['search-tasks', ['--task-status', 'Running'], 2],
      ['job-search', [], 1],
      ['job-group-search', ['--query', '{queue_id: 7}'], 1],
      ['nodes', ['--task-id', web], 2],
      ['search-resources', [], -1],
      ['billing', ['--billing-start', '1d', '--billing-range', 'hour'], -1],
      // No task has been billed yet (the emulator books use every 5 minutes): no row, and a count of 0.
      ['task-billing', ['--billing-start', '1d', '--billing-range', 'day'], 0],
      ['volume-list', [], 1],
      ['transfer-list', [], 1]
    ];
    for (const [operation, flags, expected] of listings) {
      const json = await cli([operation, ...flags, '--output', 'json'], rsa);
      expect([operation, json.code]).toEqual([operation, EXIT.ok]);
      const { count, rows } = JSON.parse(json.stdout) as { count?: number; rows?: unknown[] };
      const listed = rows?.length ?? 0;
      expect({ operation, count, listed: expected < 0 ? listed > 0 : listed }).toEqual({
        operation,
        count: listed,
        listed: expected < 0 ? true : expected
      });
      // Issue 63, point 6: times in one form, ISO 8601 in UTC, whichever form the platform wrote.
      const times = ((rows ?? []) as Record<string, string>[]).flatMap((row) =>
        ['create_time', 'start', 'end'].flatMap((column) => (row[column] ? [row[column]] : []))
      );
      for (const time of times)
        expect({ operation, time }).toEqual({
          operation,
          time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
        });
      const table = await cli([operation, ...flags, '--output', 'table'], rsa);
      const lines = table.stdout.trimEnd().split('\n');
      if (listed === 0) expect([operation, table.stdout]).toEqual([operation, '(no rows)\n']);
      else
        expect({ operation, head: /^[A-Z_]+ {2}/.test(lines[0] ?? ''), rows: lines.length - 1 }).toEqual({
          operation,
          head: true,
          rows: listed
        });
    }
  });

  // Issue 63, point 5: dotenv wrote ELASTIC_DEPLOY_OUTPUT_REPLACED_TASK_IDS=[] where docs/cli.md says an
  // empty list says nothing.
  it('writes no dotenv line for an empty list', async () => {
    const run = await cli(
      [
        'replace',
        '--gpu',
        '4090',
        '--task-name',
        'cli-dotenv-empty',
        '--body',
        SERVICE,
        '--output',
        'dotenv'
      ],
      {}
    );
    expect(run.code).toBe(EXIT.ok);
    expect(run.stdout).toMatch(/^ELASTIC_DEPLOY_OUTPUT_TASK_ID=\d+$/m);
    expect(run.stdout).not.toMatch(/=\[\]$|=\{\}$/m);
    expect(run.stdout).not.toContain('REPLACED_TASK_IDS');
  });

  it('stops what it created when interrupted with --cleanup stop, and exits 130', async () => {
    emulator.tasks.setReadyAfter(600);
    try {
      const run = await cli(
        [
          'create',
          '--gpu',
          '4090',
          '--task-name',
          'cli-interrupted',
          '--body',
          SERVICE,
          '--cleanup',
          'stop',
          '--poll-interval',
          '1s'
        ],
        {},
        /^task_id: /m
      );
      expect(run.code).toBe(EXIT.interrupted);
      const id = (JSON.parse(run.stdout) as { task_id: string }).task_id;
      expect(run.stderr).toContain('cleanup: the run was interrupted; cleaning up what it left');
      expect(emulator.tasks.get(id).status).toBe('End');
    } finally {
      emulator.tasks.setReadyAfter(0);
    }
  });

  it('sets an interrupted scale up back once its new node crash-loops, whatever --cleanup says, and exits 130', async () => {
    const services = [
      { service_name: 'web', service_image: 'cli:crash', remote_ports: [{ service_port: 80 }] }
    ];
    const id = emulator.tasks.add({ task_name: 'cli-scale', points: 1, status: 'Running', services });
    emulator.tasks.setBadImages(/^cli:crash$/, 0.5);
    try {
      const run = await cli(
        ['scale', '--task-id', id, '--points', '2', '--max-restarts', '2', '--poll-interval', '1s'],
        {},
        /runing_points 0 of 2/
      );
      expect(run.code).toBe(EXIT.interrupted);
      expect(run.stderr).toContain('cleanup: the run was interrupted; cleaning up what it left');
      expect(run.stderr).toMatch(new RegExp(`cleanup: set task ${id} back to 1 nodes \\(it has a new node`));
      expect(emulator.tasks.get(id)).toMatchObject({ points: 1 });
    } finally {
      emulator.tasks.setBadImages(undefined);
    }
    // An update or a scale may keep a state file without --cleanup: a later cleanup finishes its change.
    const healthy = emulator.tasks.add({ task_name: 'cli-scale-ok', points: 1, status: 'Running' });
    const file = join(dir, 'scale-state.json');
    const kept = await cli(['scale', '--task-id', healthy, '--points', '2', '--state-file', file]);
    expect(kept.code).toBe(EXIT.ok);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ scale_back: '' });
    const refused = await cli(['detail', '--task-id', healthy, '--state-file', file]);
    expect(refused.code).toBe(EXIT.input);
  });

  it('rolls back an update interrupted during its rollout, whatever --cleanup says', async () => {
    const services = [
      { service_name: 'web', service_image: 'nginx:1', remote_ports: [{ service_port: 80 }] }
    ];
    const id = emulator.tasks.add({ task_name: 'cli-update', points: 1, status: 'Running', services });
    emulator.tasks.setReadyAfter(600);
    try {
      const run = await cli(
        [
          'update',
          '--task-id',
          id,
          '--body',
          '{services: [{service_name: web, service_image: "nginx:2"}]}',
          '--poll-interval',
          '1s'
        ],
        {},
        {
          // Interrupted while the new node comes up; the old configuration's nodes come up at once.
          test: (text) => {
            const now = /live nodes on the new images/.test(text);
            if (now) emulator.tasks.setReadyAfter(0);
            return now;
          }
        }
      );
      expect(run.code).toBe(EXIT.interrupted);
      expect(run.stderr).toContain('the post step rolls it back');
      expect(run.stderr).toContain('cleanup: the run was interrupted; cleaning up what it left');
      expect(run.stderr).toContain(
        `cleanup: rolled back the update of task ${id}: it serves the configuration it had`
      );
    } finally {
      emulator.tasks.setReadyAfter(0);
    }
  });

  it('exits 4, not 130 or 3, when the cleanup of an interrupted or timed-out run leaves its task running', async () => {
    emulator.tasks.setReadyAfter(600);
    const refuse = { kind: 'envelope', code: 'E500', message: 'stop refused' } as const;
    emulator.inject({ path: '/api/deployment/task/stop', times: Infinity, answer: refuse });
    try {
      const flags = ['--gpu', '4090', '--body', SERVICE, '--cleanup', 'stop', '--poll-interval', '1s'];
      const interrupted = await cli(
        ['create', '--task-name', 'cli-leak-interrupted', ...flags, '--cleanup-timeout', '5s'],
        {},
        /^task_id: /m
      );
      const summaryFile = join(dir, 'leak-summary.md');
      const timedOut = await cli([
        'create',
        '--task-name',
        'cli-leak-timed-out',
        ...flags,
        '--wait-timeout',
        '2s',
        '--cleanup-timeout',
        '5s',
        '--summary-file',
        summaryFile
      ]);
      for (const run of [interrupted, timedOut]) {
        const id = (JSON.parse(run.stdout) as { task_id: string }).task_id;
        expect(emulator.tasks.get(id).status).not.toBe('End');
        expect([run.code, run.stderr]).toEqual([EXIT.cleanup, expect.stringContaining(id)]);
        // No job summary here: the log gives the command that stops it by hand.
        expect(run.stderr).toContain(
          `Stop it by hand now: run \`elastic-deploy stop --task-id ${id} --base-url ${emulator.base_url} --api-profile live\` with this run's ELASTIC_DEPLOY_* variables`
        );
      }
      // The summary file holds the run's summary and, after it, how to stop the task by hand.
      const summary = readFileSync(summaryFile, 'utf8');
      const id = (JSON.parse(timedOut.stdout) as { task_id: string }).task_id;
      expect(summary).toMatch(/^### Elastic deploy: create failed/);
      expect(summary).toContain(`**Task ${id} may still be running, and billing.**`);
      // Its own command, not the workflow step GitHub's runner would show.
      expect(summary).toContain(
        `\`\`\`sh\nelastic-deploy stop --task-id ${id} --base-url ${emulator.base_url} --api-profile live\n\`\`\``
      );
      expect(summary).not.toContain('uses: ');
    } finally {
      emulator.clearFaults();
      emulator.tasks.setReadyAfter(0);
    }
    // Each cleanup keeps trying for its cleanup_timeout of 5 s before it gives up.
  });

  it('pauses a task still Pending when its run timed out once it runs: the platform pauses Running tasks only', async () => {
    emulator.tasks.setReadyAfter(2);
    try {
      const run = await cli([
        'create',
        '--gpu',
        '4090',
        '--task-name',
        'cli-pause-pending',
        '--body',
        SERVICE,
        '--cleanup',
        'pause',
        '--wait-timeout',
        '1s',
        '--poll-interval',
        '1s'
      ]);
      const id = (JSON.parse(run.stdout) as { task_id: string }).task_id;
      expect([run.code, emulator.tasks.get(id).status]).toEqual([EXIT.timedOut, 'Paused']);
      expect(run.stderr).toContain(`cleanup: paused task ${id}`);
    } finally {
      emulator.tasks.setReadyAfter(0);
    }
  });

  it('leaves a task that succeeded running, for `elastic-deploy cleanup --state-file F` to stop later', async () => {
    const stateFile = join(dir, 'state.json');
    const run = await cli(
      [
        'create',
        '--gpu',
        '4090',
        '--task-name',
        'cli-later',
        '--body',
        SERVICE,
        '--cleanup',
        'stop',
        '--state-file',
        stateFile
      ],
      { ELASTIC_DEPLOY_POLL_INTERVAL: '1s' }
    );
    expect(run.code).toBe(EXIT.ok);
    const id = (JSON.parse(run.stdout) as { task_id: string }).task_id;
    expect(emulator.tasks.get(id).status).toBe('Running');
    const saved = readFileSync(stateFile, 'utf8');
    expect(saved).not.toContain(emulator.token_mode.token);
    expect(JSON.parse(saved)).toMatchObject({ cleanup: 'stop', created_task_ids: JSON.stringify([id]) });
    const later = await cli(['cleanup', '--state-file', stateFile], { ELASTIC_DEPLOY_BASE_URL: '' });
    expect([later.code, later.stderr]).toEqual([
      EXIT.ok,
      expect.stringContaining(`cleanup: stopped task ${id}`)
    ]);
    expect(emulator.tasks.get(id).status).toBe('End');
  });

  it('stops a job a run left, with `elastic-deploy cleanup --state-file F`, through the Job API', async () => {
    const stateFile = join(dir, 'state-job.json');
    const job =
      '{job_support: {timeout_sec: 600, parallelism: 1, mod_param: {default: {backoff_limit: 0, restart_policy: Never}}}, services: [{service_name: tests, service_image: "pytorch/pytorch:2.5.1", resource_weight: {cpu_weight: 1, mem_weight: 1, gpu_weight: 1}, start_script: {command: [pytest], args: [-q]}}]}';
    emulator.jobs.configure({ podSeconds: 600 });
    const run = await cli([
      'job',
      '--gpu',
      '4090',
      '--task-name',
      'cli-job-later',
      '--body',
      job,
      '--wait',
      'false',
      '--cleanup',
      'stop',
      '--state-file',
      stateFile
    ]);
    expect(run.code).toBe(EXIT.ok);
    const id = (JSON.parse(run.stdout) as { task_id: string }).task_id;
    expect(emulator.jobs.get(id).status).not.toBe('End');
    const later = await cli(['cleanup', '--state-file', stateFile], { ELASTIC_DEPLOY_BASE_URL: '' });
    expect([later.code, later.stderr]).toEqual([
      EXIT.ok,
      expect.stringContaining(`cleanup: stopped task ${id}`)
    ]);
    expect(emulator.jobs.get(id).status).toBe('Paused');
    expect(emulator.requests.some((r) => r.path === '/api/deployment/task/stop')).toBe(false);
  });

  /**
   * A create with --cleanup stop and a state file, the body given by `bodyFlags`; `between` runs before
   * the later `cleanup --state-file`, which is checked to stop the task. Answers the state file's text.
   */
  async function createThenCleanUp(name: string, bodyFlags: string[], between = (): void => undefined) {
    const stateFile = join(dir, `state-${name}.json`);
    const env = { GITHUB_WORKSPACE: dir };
    const flags = ['--gpu', '4090', '--cleanup', 'stop', '--state-file', stateFile, '--poll-interval', '1s'];
    const run = await cli(['create', '--task-name', name, ...bodyFlags, ...flags], env);
    expect(run.code).toBe(EXIT.ok);
    const id = (JSON.parse(run.stdout) as { task_id: string }).task_id;
    const saved = readFileSync(stateFile, 'utf8');
    between();
    const later = await cli(['cleanup', '--state-file', stateFile], env);
    expect([later.code, later.stderr]).toEqual([
      EXIT.ok,
      expect.stringContaining(`cleanup: stopped task ${id}`)
    ]);
    expect(emulator.tasks.get(id).status).toBe('End');
    return saved;
  }

  it('keeps no body or query in the state file: they may hold credentials, and a cleanup sends neither', async () => {
    const body =
      '{repository_username: bob, repository_password: hunter2-secret, services: [{service_name: web, service_image: "nginx:1", remote_ports: [{service_port: 80}]}]}';
    const saved = await createThenCleanUp('cli-body-secret', ['--body', body]);
    expect(saved).not.toContain('hunter2-secret');
    expect(saved).not.toContain('repository_username');
  });

  it('stops later what a run created from a --body-file that is gone by then: a cleanup reads no body', async () => {
    const bodyFile = join(dir, 'service.yaml');
    writeFileSync(bodyFile, SERVICE);
    await createThenCleanUp('cli-body-file', ['--body-file', bodyFile], () => {
      rmSync(bodyFile);
    });
  });

  it('takes secrets from files, masks every line of them even in debug output, and refuses an unreadable one', async () => {
    const tokenFile = join(dir, 'token');
    writeFileSync(tokenFile, emulator.token_mode.token);
    const id = emulator.tasks.add({ task_name: 'cli-file', points: 1, status: 'Running' });
    const run = await cli(['detail', '--task-id', id, '--debug'], {
      ELASTIC_DEPLOY_TOKEN: '',
      ELASTIC_DEPLOY_TOKEN_FILE: tokenFile
    });
    expect(run.code).toBe(EXIT.ok);
    expect(run.stderr).toContain('debug: ');
    expect(`${run.stdout}${run.stderr}`).not.toContain(emulator.token_mode.token);
    const missing = await cli(['detail', '--task-id', id], {
      ELASTIC_DEPLOY_TOKEN: '',
      ELASTIC_DEPLOY_TOKEN_FILE: join(dir, 'nope')
    });
    expect([missing.code, missing.stderr]).toEqual([
      EXIT.input,
      expect.stringContaining('ELASTIC_DEPLOY_TOKEN_FILE names')
    ]);
  });

  // Regression (issue 37): a *_FILE secret was read whole before its size was checked, and with no check
  // that it was a regular file: /dev/zero grew the process without bound, and a named pipe hung it.
  it('refuses a secret file that is no regular file, or too large, reading none of it', async () => {
    const fifo = join(dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const big = join(dir, 'big');
    writeFileSync(big, 'x'.repeat(65 * 1024));
    const cases = [
      [
        '/dev/zero',
        'ELASTIC_DEPLOY_TOKEN_FILE names no regular file: set it to the file that holds the secret'
      ],
      [fifo, 'ELASTIC_DEPLOY_TOKEN_FILE names no regular file: set it to the file that holds the secret'],
      [big, 'ELASTIC_DEPLOY_TOKEN_FILE names a file over 64 KiB, too big for a secret: check the path']
    ];
    for (const [file, message] of cases) {
      const run = await cli(['detail', '--task-id', '1'], {
        ELASTIC_DEPLOY_TOKEN: '',
        ELASTIC_DEPLOY_TOKEN_FILE: file ?? ''
      });
      expect([run.code, run.stderr]).toEqual([EXIT.input, `error: ${message ?? ''}\n`]);
    }
    expect(emulator.requests).toHaveLength(0);
  });

  it('prints a progress line per poll on a terminal, and only the changes otherwise', async () => {
    emulator.tasks.setReadyAfter(3);
    try {
      const argv = [
        'create',
        '--gpu',
        '4090',
        '--task-name',
        'cli-tty',
        '--body',
        SERVICE,
        '--poll-interval',
        '1s'
      ];
      const terminal = await cli(argv, {}, undefined, true);
      expect(terminal.code).toBe(EXIT.ok);
      const polls = terminal.stderr
        .split('\n')
        .filter((line) =>
          /^waiting \d+s \(\d+m\d+s left\): \d+ Pending \(0\/1 nodes running\), cost so far [^)]+ yuan$/.test(
            line
          )
        );
      expect(polls.length).toBeGreaterThanOrEqual(2);
      const piped = await cli([...argv.slice(0, 4), 'cli-piped', ...argv.slice(5)]);
      expect(piped.stderr).not.toMatch(/^waiting \d+s /m);
    } finally {
      emulator.tasks.setReadyAfter(0);
    }
  });

  it.each([
    ['search_resources'],
    ['search_tasks', '--task-status', 'Running'],
    ['task_billing'],
    [
      'request',
      '--method',
      'GET',
      '--path',
      '/api/deployment/task/search',
      '--query',
      'type: Deployment\nstatus: Running'
    ]
  ])('runs the operations that read: %j', async (...argv) => {
    const run = await cli(argv);
    expect([run.code, (JSON.parse(run.stdout) as { code: string }).code]).toEqual([EXIT.ok, '0000']);
  });

  // Regression (issue 49, points 4 and 5): a search printed JSON of empty outputs, its rows only with
  // --with-data, inside the platform's whole answer.
  it('prints a listing as a table at a terminal (or --output table), and its rows in the JSON of a pipe', async () => {
    const first = emulator.tasks.add({ task_name: 'rows-a', points: 1, status: 'Running' });
    const second = emulator.tasks.add({ task_name: '::warning::rows-b', points: 2, status: 'Running' });
    const atTerminal = await cli(['search-tasks', '--task-status', 'Running'], {}, undefined, true, true);
    expect(atTerminal.code).toBe(EXIT.ok);
    const lines = atTerminal.stdout.split('\n');
    expect(lines[0]).toMatch(/^TASK_ID +TASK_NAME +STATUS +NODES +COST +URL$/);
    expect(lines).toContainEqual(expect.stringMatching(new RegExp(`^${first} +rows-a +Running +\\d/1 `)));
    expect(lines).toContainEqual(
      expect.stringMatching(new RegExp(`^${second} +"::warning::rows-b" +Running +\\d/2 `))
    );
    expect(atTerminal.stdout).not.toMatch(/^::/m);
    const piped = await cli(['search-tasks', '--task-status', 'Running']);
    const json = JSON.parse(piped.stdout) as Record<string, unknown>;
    expect(json.rows).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ task_id: first, task_name: 'rows-a', status: 'Running' })
      ])
    );
    // Only the outputs that say something: no empty task_id, url, region, job_status...
    expect(Object.keys(json)).not.toEqual(expect.arrayContaining(['task_id', 'url', 'region', 'job_status']));
    expect(Object.values(json).filter((value) => value === '' || value === null)).toEqual([]);
    const asTable = await cli(['search-resources', '--output', 'table']);
    expect(asTable.stdout.split('\n')[0]).toMatch(
      /^DEVICE +GPU_COUNT +REGION +REGION_NAME +PRICE +DISCOUNT_PRICE +STOCK +MARK$/
    );
    expect(asTable.stderr).toContain("note: price and discount_price: the platform's number for one node");
    // Not a listing: the outputs that have a value, a line each.
    const detail = await cli(['detail', '--task-id', first], {}, undefined, true, true);
    expect(detail.stdout.split('\n').slice(0, 2)).toEqual([
      expect.stringMatching(/^OUTPUT +VALUE$/),
      expect.stringMatching(/^code +0000$/)
    ]);
    expect(detail.stdout).not.toMatch(/^url /m);
  });

  it('runs the operations that act on tasks: scale, nodes, update, stop and sweep', async () => {
    const id = emulator.tasks.add({
      task_name: 'cli-family',
      points: 1,
      status: 'Running',
      services: [{ service_name: 'web', service_image: 'nginx:1', remote_ports: [{ service_port: 80 }] }]
    });
    const scaled = await cli(['scale', '--task-id', id, '--points', '2', '--poll-interval', '1s']);
    expect([scaled.code, JSON.parse(scaled.stdout)]).toEqual([
      EXIT.ok,
      expect.objectContaining({ points_after: 2 })
    ]);
    // data, the platform's whole answer, only when asked for, and as itself (never JSON in a string).
    const nodes = await cli(['nodes', '--task-id', id, '--with-data']);
    expect((JSON.parse(nodes.stdout) as { data: { count: number } }).data.count).toBe(2);
    expect(JSON.parse((await cli(['nodes', '--task-id', id])).stdout)).not.toHaveProperty('data');
    const updated = await cli([
      'update',
      '--task-id',
      id,
      '--body',
      '{services: [{service_name: web, service_image: "nginx:2"}]}',
      '--poll-interval',
      '1s'
    ]);
    expect([updated.code, JSON.parse(updated.stdout)]).toEqual([
      EXIT.ok,
      expect.objectContaining({ changed: true, rolled_back: false })
    ]);
    const dry = await cli(['sweep', '--task-name', 'cli-famil*', '--dry-run']);
    expect([dry.code, dry.stderr]).toEqual([
      EXIT.ok,
      expect.stringContaining(`sweep: would stop task ${id}`)
    ]);
    const stopped = await cli(['stop', '--task-id', id]);
    expect([stopped.code, emulator.tasks.get(id).status]).toEqual([EXIT.ok, 'End']);
  });

  it("keeps no file of a run in the shared temporary directory: its files go to a directory of the run's own, removed at exit", async () => {
    const before = runDirs.length;
    const run = await cli([
      'create',
      '--gpu',
      '4090',
      '--task-name',
      'cli-files',
      '--body',
      SERVICE,
      '--poll-interval',
      '1s'
    ]);
    expect(run.code).toBe(EXIT.ok);
    const made = runDirs.slice(before);
    expect(made).toHaveLength(1);
    expect(made.map((path) => existsSync(path))).toEqual([false]);
    const outputs = JSON.parse(run.stdout) as Record<string, unknown>;
    for (const name of ['response_file', 'diagnostics_file', 'restore_file', 'log_file', 'data'])
      expect(outputs).not.toHaveProperty(name);
    // Kept where --files-dir says, which is made when missing.
    const files = join(dir, 'kept', 'files');
    const kept = await cli(['detail', '--task-id', String(outputs.task_id), '--files-dir', files]);
    const response = (JSON.parse(kept.stdout) as Record<string, string>).response_file ?? '';
    expect(response.startsWith(`${files}/`)).toBe(true);
    expect(JSON.parse(readFileSync(response, 'utf8'))).toMatchObject({
      data: { task_id: expect.anything() }
    });
  });

  // Regression (issue 48): two runs with one --state-file started together both passed the check that
  // the file names no earlier run, and the file then named one job of two.
  it('takes the state file for one run at a time: a second run or cleanup of it is refused while the first runs', async () => {
    const stateFile = join(dir, 'state-locked.json');
    emulator.tasks.setReadyAfter(3);
    const flags = ['--task-name', 'cli-locked', '--body', SERVICE, '--gpu', '4090', '--cleanup', 'stop'];
    const first = cli(['create', ...flags, '--poll-interval', '1s', '--state-file', stateFile]);
    await until(() => emulator.requests.some((r) => r.path === '/api/task/deployment/create'), 'the create');
    const second = await cli(['create', ...flags, '--state-file', stateFile]);
    const cleanup = await cli(['cleanup', '--state-file', stateFile]);
    for (const refused of [second, cleanup])
      expect([refused.code, refused.stderr]).toEqual([
        EXIT.input,
        expect.stringMatching(
          /^error: --state-file names ".*state-locked\.json", it is in use by another run \(process \d+\), which holds .*state-locked\.json\.lock: wait for that run to end, or name another file\n$/
        )
      ]);
    expect((await first).code).toBe(EXIT.ok);
    expect(emulator.requests.filter((r) => r.path === '/api/task/deployment/create')).toHaveLength(1);
    // Released once the run ended: its cleanup takes the file.
    expect((await cli(['cleanup', '--state-file', stateFile])).code).toBe(EXIT.ok);
    expect(existsSync(`${stateFile}.lock`)).toBe(false);
  });

  it('takes over the lock of a run that was killed (its process is gone)', async () => {
    const stateFile = join(dir, 'state-stale.json');
    // The lock a run killed with SIGKILL left: a process id that no longer runs.
    const gone = spawnSync(process.execPath, [
      '-e',
      'process.stdout.write(String(process.pid))'
    ]).stdout.toString();
    writeFileSync(`${stateFile}.lock`, `${gone}\n`);
    const run = await cli(['detail', '--task-id', '7', '--cleanup', 'stop', '--state-file', stateFile]);
    expect(run.stderr).not.toContain('in use by another run');
    expect(existsSync(`${stateFile}.lock`)).toBe(false);
  });

  // Regression (issue 48): cleanup --state-file took any JSON object (an outputs file, package.json) and
  // exited 0 saying nothing, while the job billed on; a directory or /dev/null got a stack trace.
  it.each([
    [
      'an outputs file',
      '{"task_id": "7", "status": "Running"}',
      "it names no run's inputs, as a state file does"
    ],
    ['package.json', '{"name": "app", "version": "1.0.0"}', "it names no run's inputs, as a state file does"],
    ['a JSON list', '[1, 2]', 'it is no JSON object'],
    ['no JSON', 'task 7', 'it is no JSON']
  ])('refuses to clean up or write over %s as a state file', async (_what, text, why) => {
    const file = join(dir, `not-state-${randomUUID()}.json`);
    writeFileSync(file, text);
    const cleanup = await cli(['cleanup', '--state-file', file]);
    expect([cleanup.code, cleanup.stderr]).toEqual([
      EXIT.input,
      `error: --state-file names ${JSON.stringify(file)}, which holds no state of elastic-deploy (${why}): give the file the run wrote with --state-file (nothing was stopped)\n`
    ]);
    const before = emulator.requests.length;
    const run = await cli(['detail', '--task-id', '7', '--cleanup', 'stop', '--state-file', file]);
    expect([run.code, run.stderr]).toEqual([
      EXIT.input,
      expect.stringContaining(
        `which is no state file of elastic-deploy (${why}), and a run would write over it`
      )
    ]);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(emulator.requests.length).toBe(before);
  });

  it.each([
    ['a directory', () => mkdtempSync(join(dir, 'state-dir-'))],
    ['/dev/null', () => '/dev/null']
  ])('refuses %s as a state file in one clear line, for a run and a cleanup', async (_what, path) => {
    const file = path();
    const run = await cli(['detail', '--task-id', '7', '--cleanup', 'stop', '--state-file', file]);
    expect([run.code, run.stderr]).toEqual([
      EXIT.input,
      `error: --state-file names ${JSON.stringify(file)}, which is no regular file (a directory or a device): name a file\n`
    ]);
    const cleanup = await cli(['cleanup', '--state-file', file]);
    expect([cleanup.code, cleanup.stderr]).toEqual([
      EXIT.input,
      `error: --state-file names ${JSON.stringify(file)}, which is no regular file: give the file the run wrote with --state-file (nothing was stopped)\n`
    ]);
  });

  // Regression (issue 48): an unwritable --files-dir was found only after the job ran, and billed.
  it('refuses a --files-dir that cannot be written before anything is sent', async () => {
    const unwritable = unwritableDirectory();
    const before = emulator.requests.length;
    const run = await cli(['detail', '--task-id', '7', '--files-dir', unwritable]);
    expect([run.code, run.stderr]).toEqual([
      EXIT.input,
      expect.stringMatching(
        new RegExp(
          `^error: --files-dir names "${unwritable}", which cannot be made \\((EACCES|EPERM|EROFS)\\): name a directory that can be written\n$`
        )
      )
    ]);
    expect(emulator.requests.length).toBe(before);
  });

  // Regression (issue 60, point 12): the run's own directory, made in the system's temporary directory when
  // --files-dir names none, was made unchecked: where none can be made, the tool crashed.
  it('refuses, before anything is sent, a run whose own directory cannot be made in the temporary directory', async () => {
    const unwritable = unwritableDirectory();
    const before = emulator.requests.length;
    runDirParent = unwritable;
    let run: Run;
    try {
      run = await cli(['detail', '--task-id', '7']);
    } finally {
      runDirParent = undefined;
    }
    expect([run.code, run.stderr]).toEqual([
      EXIT.input,
      expect.stringMatching(
        /^error: the run's own directory for its files cannot be made in the system's temporary directory \((EACCES|EPERM|EROFS)\): set TMPDIR to a directory that can be written, or name one with --files-dir\n$/
      )
    ]);
    expect(emulator.requests.length).toBe(before);
  });

  it('speaks its own words: flags and variables, a missing state file in one line, the GPUs there are, a network failure as one', async () => {
    const noToken = await cli(['detail', '--task-id', '1'], { ELASTIC_DEPLOY_TOKEN: '' });
    expect(noToken.stderr).toMatch(/^error: ELASTIC_DEPLOY_TOKEN is empty: set ELASTIC_DEPLOY_TOKEN to/m);
    expect(noToken.stderr).not.toMatch(/\$\{\{|api_profile|token:/);
    const missing = await cli(['cleanup', '--state-file', join(dir, 'no-such-state.json')]);
    expect([missing.code, missing.stderr]).toEqual([
      EXIT.input,
      `error: --state-file names ${JSON.stringify(join(dir, 'no-such-state.json'))}, which does not exist: give the file the run wrote with --state-file (nothing was stopped)\n`
    ]);
    const gpu = await cli(['create', '--gpu', 'A100', '--task-name', 'cli-gpu', '--body', SERVICE]);
    expect(gpu.stderr).toMatch(
      /^error: create failed: the resource search lists no "A100" .*; it lists 4090 \(×1\), H20 \(×8\): check --gpu /m
    );
    // Nothing answers there: no refusal, and one line per retry, with its delay.
    const unreachable = await cli(['detail', '--task-id', '1', '--max-retries', '2'], {
      ELASTIC_DEPLOY_BASE_URL: 'https://127.0.0.1:9'
    });
    expect(unreachable.code).toBe(EXIT.failed);
    expect(unreachable.stderr).not.toMatch(/refus/);
    expect(unreachable.stderr.match(/retry \d of 2 in \d/g)).toHaveLength(2);
    expect(unreachable.stderr).toMatch(/got no answer: connect ECONNREFUSED/);
  });

  it('prints its help and version', async () => {
    const help = await cli(['--help']);
    expect([help.code, help.stdout]).toEqual([
      EXIT.ok,
      expect.stringContaining('Exit codes: 0 success; 1 failed; 2 bad input')
    ]);
    expect((await cli(['--version'])).stdout).toBe('0.1.0\n');
    const none = await cli([]);
    expect([none.code, none.stdout, none.stderr]).toEqual([
      EXIT.input,
      '',
      expect.stringMatching(/^error: no operation given\n\nelastic-deploy 0\.1\.0: /)
    ]);
  });

  it("prints an operation's help, after it or before it, and the version after an operation", async () => {
    for (const argv of [
      ['create', '--help'],
      ['create', '--task-name', 'x', '-h'],
      ['help', 'create']
    ]) {
      const help = await cli(argv);
      expect([argv, help.code, help.stderr]).toEqual([argv, EXIT.ok, '']);
      expect(help.stdout).toMatch(/^elastic-deploy create: create a task from body/);
    }
    expect(await cli(['create', '--version'])).toMatchObject({ code: EXIT.ok, stdout: '0.1.0\n' });
  });

  it('reads a bare --wait as true, as a boolean input alone', () => {
    expect(parseCliArgs(['detail', '--task-id', '1', '--wait'])).toMatchObject({
      flags: { task_id: '1', wait: 'true' }
    });
    expect(parseCliArgs(['detail', '--wait', '--task-id', '1'])).toMatchObject({
      flags: { task_id: '1', wait: 'true' }
    });
    expect(parseCliArgs(['detail', '--wait', 'false'])).toMatchObject({ flags: { wait: 'false' } });
  });

  it('lists every operation in its help, a line each; and every flag of an operation in its own, with its default and variable', async () => {
    const { cliHelp, operationHelp } = await import('../../src/cli/cli-help.js');
    expect(cliHelp('0.1.0')).toMatchSnapshot();
    for (const operation of OPERATION_NAMES) {
      const help = operationHelp(operation, '0.1.0', true);
      const { needs, inputs } = operationNamed(operation);
      // A secret is no flag: its variable (issue 63, point 3).
      for (const name of [...needs, ...inputs])
        expect(help).toContain(
          SECRET_INPUTS.includes(name as never)
            ? `  ELASTIC_DEPLOY_${name.toUpperCase()} `
            : `  --${name.replaceAll('_', '-')} `
        );
      expect(cliHelp('0.1.0')).toMatch(new RegExp(`^  ${operation.replaceAll('_', '-')} +\\S`, 'm'));
    }
    expect(operationHelp('detail', '0.1.0', true)).toMatch(
      /^ {2}--wait-timeout +ELASTIC_DEPLOY_WAIT_TIMEOUT\n(?: {6}.*\n)+ {6}default: 15m$/m
    );
  });
});

describe('the CLI inputs', () => {
  it('are the inputs of action.yml, in its order', () => {
    const action = parse(readFileSync('action.yml', 'utf8')) as { inputs: Record<string, unknown> };
    expect([...INPUT_NAMES]).toEqual(Object.keys(action.inputs));
  });

  it('are named in --help with a page of docs/ that exists', () => {
    const pages = cliHelp('0.1.0').match(/docs\/[\w-]+\.md/g) ?? [];
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) expect({ page, exists: existsSync(page) }).toEqual({ page, exists: true });
  });

  it('read an operation written with dashes, as the flags are, as the action names it', () => {
    expect(parseCliArgs(['search-tasks', '--task-status', 'Running'])).toMatchObject({
      kind: 'run',
      flags: { operation: 'search_tasks', task_status: 'Running' }
    });
    expect(parseCliArgs(['replace_node'])).toMatchObject({ flags: { operation: 'replace_node' } });
  });

  it('refuse a bad command line in one line each, naming the flag and the fix (snapshot)', () => {
    const bad = [
      ['craete'],
      ['create', '--taks-name', 'web'],
      ['create', '--token', 'x'],
      // Regression (issue 49, point 10): answered "did you mean --token?", a flag then refused.
      ['create', '--TOKEN', 'x'],
      ['create', '--privat-key', 'x'],
      ['create', '--task-name'],
      ['create', 'web'],
      ['--task-name', 'x'],
      ['create', '--output', 'xml'],
      ['cleanup'],
      ['detail', '--task-id', '1', '--task-id', '2'],
      ['detail', '--dotenv-outputs', 'task_id,stauts'],
      ['detail', '--query', '-x'],
      ['create', '--operation', 'stop']
    ];
    const messages = bad.map((argv) => {
      try {
        parseCliArgs(argv);
        return `${argv.join(' ')}: accepted`;
      } catch (error) {
        return `${argv.join(' ')}: ${error instanceof Error ? error.message : String(error)}`;
      }
    });
    expect(messages).toMatchSnapshot();
  });

  it('read a boolean input alone as true, and --name=value', () => {
    expect(parseCliArgs(['create', '--dry-run', '--task-name=a=b', '--debug'])).toMatchObject({
      kind: 'run',
      flags: { operation: 'create', dry_run: 'true', task_name: 'a=b' },
      debug: true
    });
  });
});
