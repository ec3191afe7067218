// The command-line tool in this process against the emulator over real HTTPS: secrets from files, the
// progress lines, where a run keeps its files, and its own words (help, version, one-line errors).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseCliArgs } from '../../src/cli/cli-args.js';
import { EXIT } from '../../src/cli/exit-codes.js';
import { unwritableDirectory } from '../helpers/unwritable.js';
import { SERVICE, useCliBench, type Run } from './helpers.js';
import { webCreate } from '../helpers/cli-args.js';

describe('elastic-deploy, the command-line tool: its files, secrets, progress and words', () => {
  const bench = useCliBench('cli-files-');
  const { cli } = bench;

  it('takes secrets from files, masks every line of them even in debug output, and refuses an unreadable one', async () => {
    const tokenFile = join(bench.dir, 'token');
    writeFileSync(tokenFile, bench.emulator.token_mode.token);
    const id = bench.emulator.tasks.add({ task_name: 'cli-file', points: 1, status: 'Running' });
    const run = await cli(['detail', '--task-id', id, '--debug'], {
      ELASTIC_DEPLOY_TOKEN: '',
      ELASTIC_DEPLOY_TOKEN_FILE: tokenFile
    });
    expect(run.code).toBe(EXIT.ok);
    expect(run.stderr).toContain('debug: ');
    expect(`${run.stdout}${run.stderr}`).not.toContain(bench.emulator.token_mode.token);
    const missing = await cli(['detail', '--task-id', id], {
      ELASTIC_DEPLOY_TOKEN: '',
      ELASTIC_DEPLOY_TOKEN_FILE: join(bench.dir, 'nope')
    });
    expect([missing.code, missing.stderr]).toEqual([
      EXIT.input,
      expect.stringContaining('ELASTIC_DEPLOY_TOKEN_FILE names')
    ]);
  });

  // Regression (issue 37): a *_FILE secret was read whole before its size was checked, and with no check
  // that it was a regular file: /dev/zero grew the process without bound, and a named pipe hung it.
  it('refuses a secret file that is no regular file, or too large, reading none of it', async () => {
    const fifo = join(bench.dir, 'fifo');
    execFileSync('mkfifo', [fifo]);
    const big = join(bench.dir, 'big');
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
    expect(bench.emulator.requests).toHaveLength(0);
  });

  it('prints a progress line per poll on a terminal, and only the changes otherwise', async () => {
    bench.emulator.tasks.setReadyAfter(3);
    try {
      const argv = [...webCreate('cli-tty'), '--poll-interval', '1s'];
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
      bench.emulator.tasks.setReadyAfter(0);
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

  it("keeps no file of a run in the shared temporary directory: its files go to a directory of the run's own, removed at exit", async () => {
    const before = bench.runDirs.length;
    const run = await cli([...webCreate('cli-files'), '--poll-interval', '1s']);
    expect(run.code).toBe(EXIT.ok);
    const made = bench.runDirs.slice(before);
    expect(made).toHaveLength(1);
    expect(made.map((path) => existsSync(path))).toEqual([false]);
    const outputs = JSON.parse(run.stdout) as Record<string, unknown>;
    for (const name of ['response_file', 'diagnostics_file', 'restore_file', 'log_file', 'data'])
      expect(outputs).not.toHaveProperty(name);
    // Kept where --files-dir says, which is made when missing.
    const files = join(bench.dir, 'kept', 'files');
    const kept = await cli(['detail', '--task-id', String(outputs.task_id), '--files-dir', files]);
    const response = (JSON.parse(kept.stdout) as Record<string, string>).response_file ?? '';
    expect(response.startsWith(`${files}/`)).toBe(true);
    expect(JSON.parse(readFileSync(response, 'utf8'))).toMatchObject({
      data: { task_id: expect.anything() }
    });
  });

  // Regression (issue 48): an unwritable --files-dir was found only after the job ran, and billed.
  it('refuses a --files-dir that cannot be written before anything is sent', async () => {
    const unwritable = unwritableDirectory();
    const before = bench.emulator.requests.length;
    const run = await cli(['detail', '--task-id', '7', '--files-dir', unwritable]);
    expect([run.code, run.stderr]).toEqual([
      EXIT.input,
      expect.stringMatching(
        new RegExp(
          `^error: --files-dir names "${unwritable}", which cannot be made \\((EACCES|EPERM|EROFS)\\): name a directory that can be written\n$`
        )
      )
    ]);
    expect(bench.emulator.requests.length).toBe(before);
  });

  // Regression (issue 60, point 12): the run's own directory, made in the system's temporary directory when
  // --files-dir names none, was made unchecked: where none can be made, the tool crashed.
  it('refuses, before anything is sent, a run whose own directory cannot be made in the temporary directory', async () => {
    const unwritable = unwritableDirectory();
    const before = bench.emulator.requests.length;
    bench.runDirParent = unwritable;
    let run: Run;
    try {
      run = await cli(['detail', '--task-id', '7']);
    } finally {
      bench.runDirParent = undefined;
    }
    expect([run.code, run.stderr]).toEqual([
      EXIT.input,
      expect.stringMatching(
        /^error: the run's own directory for its files cannot be made in the system's temporary directory \((EACCES|EPERM|EROFS)\): set TMPDIR to a directory that can be written, or name one with --files-dir\n$/
      )
    ]);
    expect(bench.emulator.requests.length).toBe(before);
  });

  it('speaks its own words: flags and variables, a missing state file in one line, the GPUs there are, a network failure as one', async () => {
    const noToken = await cli(['detail', '--task-id', '1'], { ELASTIC_DEPLOY_TOKEN: '' });
    expect(noToken.stderr).toMatch(/^error: ELASTIC_DEPLOY_TOKEN is empty: set ELASTIC_DEPLOY_TOKEN to/m);
    expect(noToken.stderr).not.toMatch(/\$\{\{|api_profile|token:/);
    const missing = await cli(['cleanup', '--state-file', join(bench.dir, 'no-such-state.json')]);
    expect([missing.code, missing.stderr]).toEqual([
      EXIT.input,
      `error: --state-file names ${JSON.stringify(join(bench.dir, 'no-such-state.json'))}, which does not exist: give the file the run wrote with --state-file (nothing was stopped)\n`
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
});
