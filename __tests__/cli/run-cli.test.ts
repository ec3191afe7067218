// The command-line tool in this process, on a test io, against the emulator over real HTTPS (the client
// trusts its CA through NODE_EXTRA_CA_CERTS, set by npm test): a run's outputs, reports, exit codes and
// files, listings and the operations on tasks. Interrupted runs and cleanup are in cli-cleanup.test.ts, a
// run's files, secrets, progress and words in cli-files.test.ts; the packed tool runs in __tests__/e2e/.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCliArgs } from '../../src/cli/cli-args.js';
import { cliHelp } from '../../src/cli/cli-help.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { INPUT_NAMES, SECRET_INPUTS } from '../../src/deploy/engine/inputs/index.js';
import { OPERATION_NAMES } from '../../src/platform/platform-settings.js';
import { operationNamed } from '../../src/deploy/operations.js';
import { parse } from 'yaml';
import { SERVICE, useCliBench } from './helpers.js';
import { updateToNginx2, webCreate } from '../helpers/cli-args.js';

describe('elastic-deploy, the command-line tool', () => {
  const bench = useCliBench('cli-test-');
  const { cli } = bench;

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
    expect(bench.emulator.tasks.get(outputs.task_id ?? '').status).toBe('Running');
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
    expect(run.stderr).not.toContain(bench.emulator.token_mode.token);
  });

  // Regression (issue 37): a timed-out create without --cleanup said only "timed out", and a bad input
  // with --cleanup stop printed "cleaning up what it left" after sending nothing.
  it('says a task it leaves after a timeout may bill on, with the command that stops it; nothing to clean after a bad input', async () => {
    bench.emulator.tasks.setReadyAfter(600);
    try {
      const flags = ['--gpu', '4090', '--task-name', 'cli-left', '--body', SERVICE, '--poll-interval', '1s'];
      const run = await cli(['create', ...flags, '--wait-timeout', '2s']);
      expect(run.code).toBe(EXIT.timedOut);
      const id = (JSON.parse(run.stdout) as Record<string, string>).task_id ?? '';
      expect(run.stderr).toContain(
        `warning: task ${id} may still be running, and billing: --cleanup is none, so this run leaves it as it is. Stop it with: elastic-deploy stop --task-id ${id} --base-url ${bench.emulator.base_url} --api-profile live`
      );
      expect(bench.emulator.tasks.get(id).status).toBe('Pending');
    } finally {
      bench.emulator.tasks.setReadyAfter(0);
    }
    const bad = await cli(['create', '--task-name', 'cli-bad', '--points', '0', '--cleanup', 'stop']);
    expect(bad.code).toBe(EXIT.input);
    expect(bad.stderr).not.toContain('cleaning up');
    expect(bad.stderr).not.toContain('may still be running');
  });

  it('writes dotenv lines with --output dotenv, for a GitLab dotenv report', async () => {
    const id = bench.emulator.tasks.add({ task_name: 'cli-dotenv', points: 1, status: 'Running' });
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
    const deploy = await cli([...webCreate('cli-stage-1'), '--output', 'dotenv']);
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
      bench.emulator.tasks.add({ task_name: `cli-dotenv-${i}`, points: 1, status: 'Running' })
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
    const before = bench.emulator.requests.length;
    const run = await cli(argv);
    expect([run.code, run.stderr, run.stdout]).toEqual([EXIT.input, expect.stringContaining(message), '']);
    expect(bench.emulator.requests.length).toBe(before);
  });

  it('exits 1 when the deploy fails and 3 when a wait times out', async () => {
    const failing = bench.emulator.tasks.add({ task_name: 'cli-other', points: 1, status: 'Other' });
    expect((await cli(['detail', '--task-id', failing, '--wait', 'true'])).code).toBe(EXIT.failed);
    bench.emulator.tasks.setReadyAfter(600);
    try {
      const slow = await cli([...webCreate('cli-slow'), '--wait-timeout', '1s']);
      expect(slow.code).toBe(EXIT.timedOut);
      expect(JSON.parse(slow.stdout)).toMatchObject({ timed_out: true });
    } finally {
      bench.emulator.tasks.setReadyAfter(0);
    }
  });

  it("exits with a GPU job's verdict: 0 when it completes, 1 when it fails, 3 when its wait times out (stopping it with --cleanup stop)", async () => {
    const job =
      '{job_support: {timeout_sec: 600, parallelism: 1, mod_param: {default: {backoff_limit: 0, restart_policy: Never}}}, services: [{service_name: tests, service_image: "pytorch/pytorch:2.5.1", resource_weight: {cpu_weight: 1, mem_weight: 1, gpu_weight: 1}, start_script: {command: [pytest], args: [-q]}}]}';
    bench.emulator.jobs.configure({ podSeconds: 1, failPattern: /-fails$/ });
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
    const files = join(bench.dir, 'job-files');
    const kept = await cli(['job', '--task-name', 'cli-tests-kept', ...flags, '--files-dir', files]);
    const logFile = (JSON.parse(kept.stdout) as Record<string, string>).log_file ?? '';
    expect(logFile.startsWith(files)).toBe(true);
    expect(readFileSync(logFile, 'utf8')).toBe('$ pytest -q\ndone\n');
    const failed = await cli(['job', '--task-name', 'cli-tests-fails', ...flags]);
    expect(failed.code).toBe(EXIT.failed);
    expect(JSON.parse(failed.stdout)).toMatchObject({ job_status: 'Failed', failed_pods: 1 });
    bench.emulator.jobs.configure({ podSeconds: 600 });
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
    expect(bench.emulator.jobs.get(id).status).toBe('Paused');
  });

  // Issue 63, point 6: --files-dir put a job's log under a random folder (elastic-deploy-132ZEm/1-job-1962287.log).
  it('keeps the files of --files-dir straight in it, under stable names an artifact glob collects; a later run replaces its own', async () => {
    const job =
      '{job_support: {timeout_sec: 600, parallelism: 1, mod_param: {default: {backoff_limit: 0, restart_policy: Never}}}, services: [{service_name: tests, service_image: "pytorch/pytorch:2.5.1", resource_weight: {cpu_weight: 1, mem_weight: 1, gpu_weight: 1}, start_script: {command: [pytest], args: [-q]}}]}';
    bench.emulator.jobs.configure({ podSeconds: 1 });
    const files = join(bench.dir, 'stable-files');
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
    bench.emulator.jobs.configure({ podSeconds: 1 });
    const summary = join(bench.dir, 'readable-summary.md');
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
      join(bench.dir, 'summary-files'),
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
      /** A create of the service in the file at `path`. */
      const createFrom = (path: string) => [
        'create',
        '--gpu',
        '4090',
        '--task-name',
        'cli-shared',
        '--body-file',
        path
      ];
      const run = await cli([...createFrom(file), '--dry-run']);
      expect([run.code, run.stderr]).toEqual([EXIT.ok, expect.stringContaining('dry run')]);
      expect(run.stderr).not.toContain('outside the workspace');
      const refused = await cli(createFrom(shared));
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
      ELASTIC_DEPLOY_TOKEN: bench.emulator.rsa.token,
      ELASTIC_DEPLOY_PRIVATE_KEY_FILE: bench.emulator.rsa.private_key_file,
      ELASTIC_DEPLOY_PLATFORM_PUBLIC_KEY_FILE: bench.emulator.rsa.platform_public_key_file,
      ELASTIC_DEPLOY_S3_ACCESS_KEY: 'AKIDLISTS',
      ELASTIC_DEPLOY_S3_SECRET_KEY: 'listsSecretKey'
    };
    const web = bench.emulator.tasks.add({ task_name: 'list-web', points: 2, status: 'Running' });
    bench.emulator.tasks.add({ task_name: 'list-api', points: 1, status: 'Running' });
    bench.emulator.jobs.add({ task_name: 'list-job' });
    bench.emulator.jobs.addQueueGroup({
      queue_id: 7,
      queue_name: 'evals',
      group_name: 'nightly',
      group_count: 3,
      task_parallel_limit: 1,
      task_dto: { task_name: 'eval' }
    });
    bench.emulator.storage.setTransferPace({ queueMs: 0, pendingMs: 0, countMs: 0, bytesPerSecond: 1e12 });
    bench.emulator.storage.setObjects('corpus', 'v3/', [{ name: 'a.txt', bytes: 10, hash: 'a1' }]);
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

  // Regression (issue 49, points 4 and 5): a search printed JSON of empty outputs, its rows only with
  // --with-data, inside the platform's whole answer.
  it('prints a listing as a table at a terminal (or --output table), and its rows in the JSON of a pipe', async () => {
    const first = bench.emulator.tasks.add({ task_name: 'rows-a', points: 1, status: 'Running' });
    const second = bench.emulator.tasks.add({ task_name: '::warning::rows-b', points: 2, status: 'Running' });
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
    const id = bench.emulator.tasks.add({
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
    const updated = await cli(updateToNginx2(id));
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
    expect([stopped.code, bench.emulator.tasks.get(id).status]).toEqual([EXIT.ok, 'End']);
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
