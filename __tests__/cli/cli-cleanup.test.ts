// The command-line tool in this process against the emulator over real HTTPS: an interrupted run and what
// it cleans up, `elastic-deploy cleanup --state-file F` later, and the state file (one run at a time, and
// refused when it is no state file).
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXIT } from '../../src/cli/exit-codes.js';
import { until } from '../helpers/until.js';
import { SERVICE, useCliBench } from './helpers.js';
import { stopLater, updateToNginx2, webCreate, gpuJob } from '../helpers/cli-args.js';

describe('elastic-deploy, the command-line tool: interrupted runs, cleanup and the state file', () => {
  const bench = useCliBench('cli-cleanup-');
  const { cli } = bench;

  it('stops what it created when interrupted with --cleanup stop, and exits 130', async () => {
    bench.emulator.tasks.setReadyAfter(600);
    try {
      const run = await cli(
        [...webCreate('cli-interrupted'), '--cleanup', 'stop', '--poll-interval', '1s'],
        {},
        /^task_id: /m
      );
      expect(run.code).toBe(EXIT.interrupted);
      const id = (JSON.parse(run.stdout) as { task_id: string }).task_id;
      expect(run.stderr).toContain('cleanup: the run was interrupted; cleaning up what it left');
      expect(bench.emulator.tasks.get(id).status).toBe('End');
    } finally {
      bench.emulator.tasks.setReadyAfter(0);
    }
  });

  it('sets an interrupted scale up back once its new node crash-loops, whatever --cleanup says, and exits 130', async () => {
    const services = [
      { service_name: 'web', service_image: 'cli:crash', remote_ports: [{ service_port: 80 }] }
    ];
    const id = bench.emulator.tasks.add({ task_name: 'cli-scale', points: 1, status: 'Running', services });
    bench.emulator.tasks.setBadImages(/^cli:crash$/, 0.5);
    try {
      const run = await cli(
        ['scale', '--task-id', id, '--points', '2', '--max-restarts', '2', '--poll-interval', '1s'],
        {},
        /runing_points 0 of 2/
      );
      expect(run.code).toBe(EXIT.interrupted);
      expect(run.stderr).toContain('cleanup: the run was interrupted; cleaning up what it left');
      expect(run.stderr).toMatch(new RegExp(`cleanup: set task ${id} back to 1 nodes \\(it has a new node`));
      expect(bench.emulator.tasks.get(id)).toMatchObject({ points: 1 });
    } finally {
      bench.emulator.tasks.setBadImages(undefined);
    }
    // An update or a scale may keep a state file without --cleanup: a later cleanup finishes its change.
    const healthy = bench.emulator.tasks.add({ task_name: 'cli-scale-ok', points: 1, status: 'Running' });
    const file = join(bench.dir, 'scale-state.json');
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
    const id = bench.emulator.tasks.add({ task_name: 'cli-update', points: 1, status: 'Running', services });
    bench.emulator.tasks.setReadyAfter(600);
    try {
      const run = await cli(
        updateToNginx2(id),
        {},
        {
          // Interrupted while the new node comes up; the old configuration's nodes come up at once.
          test: (text) => {
            const now = /live nodes on the new images/.test(text);
            if (now) bench.emulator.tasks.setReadyAfter(0);
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
      bench.emulator.tasks.setReadyAfter(0);
    }
  });

  it('exits 4, not 130 or 3, when the cleanup of an interrupted or timed-out run leaves its task running', async () => {
    bench.emulator.tasks.setReadyAfter(600);
    const refuse = { kind: 'envelope', code: 'E500', message: 'stop refused' } as const;
    bench.emulator.inject({ path: '/api/deployment/task/stop', times: Infinity, answer: refuse });
    try {
      const flags = ['--gpu', '4090', '--body', SERVICE, '--cleanup', 'stop', '--poll-interval', '1s'];
      const interrupted = await cli(
        ['create', '--task-name', 'cli-leak-interrupted', ...flags, '--cleanup-timeout', '5s'],
        {},
        /^task_id: /m
      );
      const summaryFile = join(bench.dir, 'leak-summary.md');
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
        expect(bench.emulator.tasks.get(id).status).not.toBe('End');
        expect([run.code, run.stderr]).toEqual([EXIT.cleanup, expect.stringContaining(id)]);
        // No job summary here: the log gives the command that stops it by hand.
        expect(run.stderr).toContain(
          `Stop it by hand now: run \`elastic-deploy stop --task-id ${id} --base-url ${bench.emulator.base_url} --api-profile live\` with this run's ELASTIC_DEPLOY_* variables`
        );
      }
      // The summary file holds the run's summary and, after it, how to stop the task by hand.
      const summary = readFileSync(summaryFile, 'utf8');
      const id = (JSON.parse(timedOut.stdout) as { task_id: string }).task_id;
      expect(summary).toMatch(/^### Elastic deploy: create failed/);
      expect(summary).toContain(`**Task ${id} may still be running, and billing.**`);
      // Its own command, not the workflow step GitHub's runner would show.
      expect(summary).toContain(
        `\`\`\`sh\nelastic-deploy stop --task-id ${id} --base-url ${bench.emulator.base_url} --api-profile live\n\`\`\``
      );
      expect(summary).not.toContain('uses: ');
    } finally {
      bench.emulator.clearFaults();
      bench.emulator.tasks.setReadyAfter(0);
    }
    // Each cleanup keeps trying for its cleanup_timeout of 5 s before it gives up.
  });

  it('pauses a task still Pending when its run timed out once it runs: the platform pauses Running tasks only', async () => {
    bench.emulator.tasks.setReadyAfter(2);
    try {
      const run = await cli([
        ...webCreate('cli-pause-pending'),
        '--cleanup',
        'pause',
        '--wait-timeout',
        '1s',
        '--poll-interval',
        '1s'
      ]);
      const id = (JSON.parse(run.stdout) as { task_id: string }).task_id;
      expect([run.code, bench.emulator.tasks.get(id).status]).toEqual([EXIT.timedOut, 'Paused']);
      expect(run.stderr).toContain(`cleanup: paused task ${id}`);
    } finally {
      bench.emulator.tasks.setReadyAfter(0);
    }
  });

  it('leaves a task that succeeded running, for `elastic-deploy cleanup --state-file F` to stop later', async () => {
    const stateFile = join(bench.dir, 'state.json');
    const run = await cli([...webCreate('cli-later'), ...stopLater(stateFile)], {
      ELASTIC_DEPLOY_POLL_INTERVAL: '1s'
    });
    expect(run.code).toBe(EXIT.ok);
    const id = (JSON.parse(run.stdout) as { task_id: string }).task_id;
    expect(bench.emulator.tasks.get(id).status).toBe('Running');
    const saved = readFileSync(stateFile, 'utf8');
    expect(saved).not.toContain(bench.emulator.token_mode.token);
    expect(JSON.parse(saved)).toMatchObject({ cleanup: 'stop', created_task_ids: JSON.stringify([id]) });
    const later = await cli(['cleanup', '--state-file', stateFile], { ELASTIC_DEPLOY_BASE_URL: '' });
    expect([later.code, later.stderr]).toEqual([
      EXIT.ok,
      expect.stringContaining(`cleanup: stopped task ${id}`)
    ]);
    expect(bench.emulator.tasks.get(id).status).toBe('End');
  });

  it('stops a job a run left, with `elastic-deploy cleanup --state-file F`, through the Job API', async () => {
    const stateFile = join(bench.dir, 'state-job.json');
    const job =
      '{job_support: {timeout_sec: 600, parallelism: 1, mod_param: {default: {backoff_limit: 0, restart_policy: Never}}}, services: [{service_name: tests, service_image: "pytorch/pytorch:2.5.1", resource_weight: {cpu_weight: 1, mem_weight: 1, gpu_weight: 1}, start_script: {command: [pytest], args: [-q]}}]}';
    bench.emulator.jobs.configure({ podSeconds: 600 });
    const run = await cli([...gpuJob('cli-job-later', job), '--wait', 'false', ...stopLater(stateFile)]);
    expect(run.code).toBe(EXIT.ok);
    const id = (JSON.parse(run.stdout) as { task_id: string }).task_id;
    expect(bench.emulator.jobs.get(id).status).not.toBe('End');
    const later = await cli(['cleanup', '--state-file', stateFile], { ELASTIC_DEPLOY_BASE_URL: '' });
    expect([later.code, later.stderr]).toEqual([
      EXIT.ok,
      expect.stringContaining(`cleanup: stopped task ${id}`)
    ]);
    expect(bench.emulator.jobs.get(id).status).toBe('Paused');
    expect(bench.emulator.requests.some((r) => r.path === '/api/deployment/task/stop')).toBe(false);
  });

  /**
   * A create with --cleanup stop and a state file, the body given by `bodyFlags`; `between` runs before
   * the later `cleanup --state-file`, which is checked to stop the task. Answers the state file's text.
   */
  async function createThenCleanUp(name: string, bodyFlags: string[], between = (): void => undefined) {
    const stateFile = join(bench.dir, `state-${name}.json`);
    const env = { GITHUB_WORKSPACE: bench.dir };
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
    expect(bench.emulator.tasks.get(id).status).toBe('End');
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
    const bodyFile = join(bench.dir, 'service.yaml');
    writeFileSync(bodyFile, SERVICE);
    await createThenCleanUp('cli-body-file', ['--body-file', bodyFile], () => {
      rmSync(bodyFile);
    });
  });

  // Regression (issue 48): two runs with one --state-file started together both passed the check that
  // the file names no earlier run, and the file then named one job of two.
  it('takes the state file for one run at a time: a second run or cleanup of it is refused while the first runs', async () => {
    const stateFile = join(bench.dir, 'state-locked.json');
    bench.emulator.tasks.setReadyAfter(3);
    const flags = ['--task-name', 'cli-locked', '--body', SERVICE, '--gpu', '4090', '--cleanup', 'stop'];
    const first = cli(['create', ...flags, '--poll-interval', '1s', '--state-file', stateFile]);
    await until(
      () => bench.emulator.requests.some((r) => r.path === '/api/task/deployment/create'),
      'the create'
    );
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
    expect(bench.emulator.requests.filter((r) => r.path === '/api/task/deployment/create')).toHaveLength(1);
    // Released once the run ended: its cleanup takes the file.
    expect((await cli(['cleanup', '--state-file', stateFile])).code).toBe(EXIT.ok);
    expect(existsSync(`${stateFile}.lock`)).toBe(false);
  });

  it('takes over the lock of a run that was killed (its process is gone)', async () => {
    const stateFile = join(bench.dir, 'state-stale.json');
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
    const file = join(bench.dir, `not-state-${randomUUID()}.json`);
    writeFileSync(file, text);
    const cleanup = await cli(['cleanup', '--state-file', file]);
    expect([cleanup.code, cleanup.stderr]).toEqual([
      EXIT.input,
      `error: --state-file names ${JSON.stringify(file)}, which holds no state of elastic-deploy (${why}): give the file the run wrote with --state-file (nothing was stopped)\n`
    ]);
    const before = bench.emulator.requests.length;
    const run = await cli(['detail', '--task-id', '7', '--cleanup', 'stop', '--state-file', file]);
    expect([run.code, run.stderr]).toEqual([
      EXIT.input,
      expect.stringContaining(
        `which is no state file of elastic-deploy (${why}), and a run would write over it`
      )
    ]);
    expect(readFileSync(file, 'utf8')).toBe(text);
    expect(bench.emulator.requests.length).toBe(before);
  });

  it.each([
    ['a directory', () => mkdtempSync(join(bench.dir, 'state-dir-'))],
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

  // Issue 64: a run killed while it held a volume's SFTP session leaves it on the ledger (the state file);
  // a later cleanup destroys it, judged by the emulator's store, and the password is in no output or file.
  it('destroys with `elastic-deploy cleanup --state-file F` an SFTP session a killed run left open', async () => {
    const stateFile = join(bench.dir, 'state-sftp.json');
    bench.emulator.storage.setSftp({ pendingMs: 0 });
    const made = await cli(['volume', '--volume', 'cli-sftp', '--size', '1']);
    expect(made.code).toBe(EXIT.ok);
    const id = (JSON.parse(made.stdout) as { storage_id: string }).storage_id;
    const obtain = ['--method', 'POST', '--path', '/api/storage/nas/v1/sftp/obtain'];
    const run = await cli(['request', ...obtain, '--body', `{storage_id: ${id}}`, ...stopLater(stateFile)]);
    expect(run.code).toBe(EXIT.ok);
    const answered = bench.emulator.requests.find((r) => r.path === obtain[3])?.answer ?? '';
    const { password, username } = (JSON.parse(answered) as { data: { password: string; username: string } })
      .data;
    expect(bench.emulator.storage.sftpSessions.storageIdOf(username, password)).toBe(Number(id));
    // What the killed run's ledger held when it died: the session, before (or after) its obtain.
    const saved = JSON.parse(readFileSync(stateFile, 'utf8')) as Record<string, string>;
    writeFileSync(
      stateFile,
      JSON.stringify({ ...saved, sftp_sessions: JSON.stringify([{ storageId: id }]) })
    );
    const later = await cli(['cleanup', '--state-file', stateFile]);
    expect([later.code, later.stderr]).toEqual([
      EXIT.ok,
      expect.stringContaining(
        `cleanup: the SFTP session of volume ${id}, which the step left open, is closed`
      )
    ]);
    expect(bench.emulator.storage.sftpStatus(Number(id))).toBeUndefined();
    expect(bench.emulator.storage.sftpSessions.storageIdOf(username, password)).toBeUndefined();
    for (const text of [run.stdout, run.stderr, later.stdout, later.stderr, readFileSync(stateFile, 'utf8')])
      expect(text).not.toContain(password);
  });
});
