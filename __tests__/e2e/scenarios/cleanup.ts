// End-to-end scenarios: Cleanup and cancellation: the post step, signals, a create in flight.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { RecordedRequest } from '../../../emulator/index.js';
import type { StepRun } from '../../../scripts/action-runner.js';
import { until } from '../../helpers/until.js';
import { FAST, CREATE, STOP, type Scenario, shown, type ScenarioApi, createOf } from './harness.js';
import { corpusInto } from '../../helpers/transfer-inputs.js';

export function cleanupScenarios({ scenario, group }: ScenarioApi): void {
  group('cleanup and cancellation', () => {
    /** A create that does not wait, with cleanup: stop; answers the main step's run. */
    const created = (s: Scenario, name: string, extra: Record<string, string> = {}): Promise<StepRun> =>
      s.run(createOf(name, { cleanup: 'stop', wait: 'false', ...extra }));
    const post = (s: Scenario, main: StepRun, extra: Record<string, string> = {}): Promise<StepRun> =>
      s.run(createOf('x', { cleanup: 'stop', ...extra }), main.state);
    scenario(
      'deletes in the post step a volume made for the run (volume_cleanup: delete), after a SIGTERM while it was made',
      async (s) => {
        s.emulator.storage.setVolumeSettleSeconds(2);
        const inputs = { operation: 'volume', volume: 'e2e-scratch', size: '10', volume_cleanup: 'delete' };
        const main = await s.run(inputs, undefined, {}, { text: 'volume: storage_id', signal: 'SIGTERM' });
        expect(main.exitCode).toBe(1);
        const [left] = JSON.parse(main.state.volumes ?? '[]') as { name: string; id: string }[];
        expect(left).toEqual({ name: 'e2e-scratch', id: expect.stringMatching(/^\d+$/) as unknown });
        const cleaned = await s.run(inputs, main.state);
        expect(cleaned.exitCode).toBe(0);
        expect(shown(cleaned)).toContain(
          `cleanup: deleted volume ${left?.id ?? ''} (e2e-scratch), made for this run (volume_cleanup: delete): no list shows it`
        );
        // Deleted by its state: the delete, then the list until it shows the volume no more.
        const list = await s.run({ operation: 'volume_list' });
        expect(list.outputs.count).toBe('0');
      }
    );

    scenario(
      'stops in the post step a transfer a SIGTERM left under way; the storage keys never show, debug or not',
      async (s) => {
        s.emulator.storage.setVolumeSettleSeconds(0);
        expect((await s.run({ operation: 'volume', volume: 'e2e-data', size: '1' })).exitCode).toBe(0);
        s.emulator.storage.setTransferPace({ bytesPerSecond: 1024 * 1024 });
        // Its keys are those the invariants hold out of every log line, file and output (SECRETS).
        const inputs = corpusInto('e2e-data');
        const main = await s.run(inputs, undefined, {}, { text: 'transfer_id: ', signal: 'SIGTERM' });
        expect(main.exitCode).toBe(1);
        const [left] = JSON.parse(main.state.transfers ?? '[]') as { id: string }[];
        expect(left?.id).toMatch(/^\d+$/);
        const cleaned = await s.run(inputs, main.state);
        expect(cleaned.exitCode).toBe(0);
        expect(shown(cleaned)).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^cleanup: stopped transfer ${left?.id ?? ''}, which the step left under way: it is (Stopped|Deleted)$`
            )
          )
        );
      }
    );

    // Regression (issue 48): the post step gave up when its next back-off would pass cleanup_timeout (at
    // 9.7 s of 20 s), though the platform applied the stop at 14 s; it said it had tried "within 20s".
    scenario(
      'asks until cleanup_timeout itself: a stop the platform applies 7 s late, with 10 s to clean up, is seen',
      async (s) => {
        const main = await created(s, 'c-slow-stop');
        const id = main.outputs.task_id ?? '';
        s.emulator.tasks.setActLag(7);
        const cleaned = await post(s, main, { cleanup_timeout: '10s' });
        expect(cleaned.exitCode).toBe(0);
        expect(s.emulator.tasks.get(id).status).toBe('End');
        expect(shown(cleaned)).toContain(`cleanup: stopped task ${id}`);
      }
    );

    /**
     * A create with cleanup: stop that the platform applies `appliesAfterMs` after it arrives, the job
     * cancelled (SIGTERM) once it has arrived: the main step's run, and the inputs to run the post step with.
     */
    const cancelledMidCreate = async (
      s: Scenario,
      name: string,
      appliesAfterMs: number,
      requestTimeout: string
    ): Promise<{ main: StepRun; inputs: Record<string, string>; before: number }> => {
      s.emulator.inject({ path: CREATE, delayMs: appliesAfterMs });
      const inputs = createOf(name, { cleanup: 'stop', request_timeout: requestTimeout });
      const before = s.emulator.requests.length;
      const received = (): boolean => s.emulator.requests.slice(before).some((r) => r.path === CREATE);
      const main = await s.run(inputs, undefined, {}, { when: received, signal: 'SIGTERM' });
      return { main, inputs, before };
    };

    scenario.each([
      ['a 503', { kind: 'status', status: 503 } as const, /HTTP 503; retry 1 of 20 in \d\.\ds$/],
      [
        'a 429',
        { kind: 'status', status: 429, retryAfter: { seconds: 1 } } as const,
        /HTTP 429; retry 1 of 20 in 1\.0s \(as the server asked\)$/
      ],
      ['a connection reset', { kind: 'reset' } as const, /(ECONNRESET|EPIPE); retry 1 of 20 in \d\.\ds$/]
    ])('retries a cleanup stop refused by %s, and stops the task', async (s, _what, answer, retried) => {
      const main = await created(s, `cleanup-${answer.kind}`);
      const id = main.outputs.task_id ?? '';
      s.emulator.inject({ path: STOP, answer });
      const result = await post(s, main);
      expect(result.exitCode).toBe(0);
      expect(shown(result)).toEqual(
        expect.arrayContaining([
          expect.stringMatching(new RegExp(`^cleanup: stop task ${id}: `)),
          `cleanup: stopped task ${id}`
        ])
      );
      expect(shown(result).find((line) => line.startsWith(`cleanup: stop task ${id}: `))).toMatch(retried);
      expect(s.emulator.tasks.get(id).status).toBe('End');
    });

    scenario(
      'goes on with its cleanup when the job is cancelled again during the post step, and stops the task',
      async (s) => {
        const main = await created(s, 'post-signalled');
        const id = main.outputs.task_id ?? '';
        // The first stop is refused a second after it arrives: the post step must live on to send another.
        s.emulator.inject({ path: STOP, delayMs: 1000, answer: { kind: 'status', status: 503 } });
        const before = s.emulator.requests.length;
        const arrived = (): boolean => s.emulator.requests.slice(before).some((r) => r.path === STOP);
        const result = await s.run(
          createOf('x', { cleanup: 'stop' }),
          main.state,
          {},
          { when: arrived, signal: 'SIGTERM' }
        );
        expect(result.exitCode).toBe(0);
        expect(shown(result)).toContainEqual(
          expect.stringMatching(/^::warning::post step: received SIGTERM; its cleanup goes on until it ends/)
        );
        expect(shown(result)).toContain(`cleanup: stopped task ${id}`);
        expect(s.emulator.tasks.get(id).status).toBe('End');
      }
    );

    scenario(
      'gives up loudly at cleanup_timeout, naming the task and a step and a command that stop it by hand',
      async (s) => {
        const main = await created(s, 'cleanup-gives-up');
        const id = main.outputs.task_id ?? '';
        s.emulator.inject({ path: STOP, times: Infinity, answer: { kind: 'status', status: 503 } });
        const result = await post(s, main, { cleanup_timeout: '5s' });
        s.emulator.clearFaults();
        expect(result.exitCode).toBe(1);
        expect(result.stdout).toMatch(
          new RegExp(
            `^::error title=Task left running::task ${id} may still be running, and billing: the post step could not stop it within cleanup_timeout 5s \\(HTTP 503 .*; asked for \\d+s\\)\\. Stop it by hand now: `,
            'm'
          )
        );
        expect(result.stdout).toMatch(
          new RegExp(`^::error::cleanup \\(stop\\) failed: task ${id} may still be running$`, 'm')
        );
        expect(s.emulator.tasks.get(id).status).toBe('Running');
        expect(result.summary).toContain(`**Task ${id} may still be running, and billing.**`);
        expect(result.summary).toContain(
          `    operation: stop\n    task_id: ${id}\n    base_url: ${s.emulator.base_url}\n`
        );
        // The command in the summary stops the task, run as a user would run it.
        const shell = /```sh\n([\s\S]*?)\n```/.exec(result.summary)?.[1] ?? '';
        const dir = mkdtempSync(join(tmpdir(), 'manual-stop-'));
        try {
          writeFileSync(join(dir, 'private.pem'), s.rsa.private_key ?? '');
          // Not execFileSync: the emulator answers from this process, which must stay free to do so.
          const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', shell], {
            cwd: dir,
            env: {
              PATH: process.env.PATH,
              DEPLOY_API_TOKEN: s.rsa.token,
              CURL_CA_BUNDLE: s.emulator.ca_file
            },
            // A hang guard, not a measure: bash and curl take well under a second on a quiet machine.
            timeout: 120_000
          });
          expect(JSON.parse(stdout)).toMatchObject({ code: '0000' });
        } finally {
          rmSync(dir, { recursive: true, force: true });
        }
        expect(s.emulator.tasks.get(id).status).toBe('End');
      }
    );

    scenario(
      'fails the cleanup, loudly, when the key is refused with "API Key不存在": never "already gone"',
      async (s) => {
        const main = await created(s, 'cleanup-bad-key');
        const id = main.outputs.task_id ?? '';
        s.emulator.setText({ msg: 'API Key不存在' });
        const result = await post(s, main, {
          token: 'no-such-key',
          private_key: '',
          platform_public_key: '',
          cleanup_timeout: '5s'
        }).finally(() => {
          s.emulator.setText({ msg: undefined });
        });
        expect(result.exitCode).toBe(1);
        expect(shown(result).join('\n')).not.toMatch(/already gone|stopped task/);
        expect(result.stdout).toMatch(
          new RegExp(`^::error title=Task left running::task ${id} may still be running`, 'm')
        );
        expect(s.emulator.tasks.get(id).status).not.toBe('End');
      }
    );

    scenario('finds and stops the task of a create still in flight when the job was cancelled', async (s) => {
      // The platform applies the create 2.5 s after it arrives: within the 6 s request_timeout.
      const { main, inputs } = await cancelledMidCreate(s, 'cancelled-in-flight', 2500, '6s');
      expect(main.exitCode).toBe(1);
      expect(main.outputs.task_id ?? '').toBe('');
      expect(JSON.parse(main.state.create_lookup ?? '')).toEqual({
        taskName: 'cancelled-in-flight',
        existingIds: [],
        landsBy: expect.any(Number),
        attempts: 1
      });
      const result = await s.run(inputs, main.state);
      expect(result.exitCode).toBe(0);
      const line = shown(result).find((l) => l.startsWith('cleanup: stopped task '));
      expect(line).toMatch(
        /^cleanup: stopped task \d+, named "cancelled-in-flight", made by the create whose answer this step never read$/
      );
      const id = /task (\d+)/.exec(line ?? '')?.[1] ?? '';
      expect(s.emulator.tasks.get(id).status).toBe('End');
    });

    scenario(
      'finds and stops the task of a cancelled create that the platform applies after request_timeout',
      async (s) => {
        // The platform applies the create 7 s after it arrives: after the 5 s request_timeout.
        const { main, inputs, before } = await cancelledMidCreate(s, 'lands-late', 7000, '5s');
        expect(main.exitCode).toBe(1);
        const result = await s.run(inputs, main.state);
        expect(result.exitCode).toBe(0);
        expect(shown(result)).not.toContainEqual(expect.stringContaining('made none'));
        const id =
          /^cleanup: stopped task (\d+), named "lands-late"/m.exec(shown(result).join('\n'))?.[1] ?? '';
        expect(s.emulator.tasks.get(id).status).toBe('End');
        const made = s.emulator.requests.slice(before).flatMap((r) => r.createdTaskId ?? []);
        expect(made).toEqual([id]);
      }
    );

    scenario(
      'stops in the post step a twin that lands only while the post step looks, after the main step ended',
      async (s) => {
        // The first attempt times out after 2 s, no task shows up in the 4 s grace, the create is sent
        // again and answered; the first attempt's task appears at 9 s, once the post step has begun.
        s.emulator.inject({ path: CREATE, delayMs: 9000 });
        const inputs = createOf('twin-later', { request_timeout: '2s' });
        const main = await s.run({ ...inputs, wait: 'false' });
        expect(main.exitCode).toBe(0);
        const id = main.outputs.task_id ?? '';
        const result = await s.run(inputs, main.state);
        expect(result.exitCode).toBe(0);
        const twin = /^cleanup: stopped task (\d+), a second task named "twin-later"/m.exec(
          shown(result).join('\n')
        )?.[1];
        expect(twin).toMatch(/^\d+$/);
        expect([s.emulator.tasks.get(id).status, s.emulator.tasks.get(twin ?? '').status]).toEqual([
          'Running',
          'End'
        ]);
      }
    );

    scenario(
      'fails the post step loudly, naming the task name and a step that stops it, when a create may still land after cleanup_timeout',
      async (s) => {
        const { main, inputs } = await cancelledMidCreate(s, 'lands-unknown', 9000, '5s');
        const result = await s.run({ ...inputs, cleanup_timeout: '5s' }, main.state);
        expect(result.exitCode).toBe(1);
        expect(shown(result)).toContainEqual(
          expect.stringMatching(
            /^::error title=Task may be left running::a task named "lands-unknown" may be running, and billing/
          )
        );
        expect(result.summary).toContain('operation: sweep');
        expect(result.summary).toContain('task_name: "lands-unknown"');
      }
    );

    scenario('finds and stops the task of a create answered without a task_id', async (s) => {
      s.emulator.inject({ path: CREATE, apply: true, answer: { kind: 'envelope', code: '0000', data: {} } });
      const main = await created(s, 'answered-without-id');
      expect(main.exitCode).toBe(1);
      const result = await post(s, main);
      expect(result.exitCode).toBe(0);
      expect(shown(result)).toContainEqual(
        expect.stringMatching(/^cleanup: stopped task \d+, named "answered-without-id"/)
      );
    });

    scenario(
      'stops the twin a late first attempt makes, so that exactly one task runs and task_id names it',
      async (s) => {
        s.emulator.tasks.setReadyAfter(3);
        s.emulator.inject({ path: CREATE, delayMs: 4000 });
        const main = await s.run(createOf('twin-in-wait', { request_timeout: '1s', ...FAST }));
        expect(main.exitCode).toBe(0);
        const id = main.outputs.task_id ?? '';
        const twin = /create: task (\d+) named "twin-in-wait" was made too/.exec(main.stdout)?.[1] ?? '';
        expect(twin).toMatch(/^\d+$/);
        expect(shown(main)).toContain(
          `create: stopped task ${twin}; task ${id} is the one this step follows`
        );
        expect([s.emulator.tasks.get(id).status, s.emulator.tasks.get(twin).status]).toEqual([
          'Running',
          'End'
        ]);
      }
    );

    scenario(
      'stops in the post step a twin that lands after the main step ended, whatever cleanup says',
      async (s) => {
        const before = s.emulator.requests.length;
        const creates = (): RecordedRequest[] =>
          s.emulator.requests.slice(before).filter((r) => r.path === CREATE && r.applied);
        s.emulator.inject({ path: CREATE, delayMs: 6000 });
        const main = await s.run(createOf('twin-late', { request_timeout: '1s', wait: 'false' }));
        const id = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(0);
        await until(() => creates().length >= 2);
        const twin = creates().find((r) => r.createdTaskId !== id)?.createdTaskId ?? '';
        const result = await s.run(createOf('twin-late'), main.state);
        expect(result.exitCode).toBe(0);
        expect(shown(result)).toContain(
          `cleanup: stopped task ${twin}, a second task named "twin-late" made by an earlier attempt of the create`
        );
        expect([s.emulator.tasks.get(id).status, s.emulator.tasks.get(twin).status]).toEqual([
          'Running',
          'End'
        ]);
      }
    );
  });
}
