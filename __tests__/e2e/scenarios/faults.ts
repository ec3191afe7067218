// End-to-end scenarios: The fault matrix: each failure the platform or the network can show, and what the step does.
import type { StepRun } from '../../../scripts/action-runner.js';
import { CREATE, DETAIL, type Scenario, json, shown, type ScenarioApi, createOf } from './harness.js';

export function faultScenarios({ scenario, group }: ScenarioApi): void {
  group('fault matrix', () => {
    const detailOf = (s: Scenario, name: string): Promise<StepRun> => {
      const id = s.emulator.tasks.add({ task_name: name, points: 1, status: 'Running' });
      return s.run({ operation: 'detail', task_id: id });
    };
    const retries = (result: StepRun): string[] =>
      shown(result).filter((line) => / retry \d+ of 5 in /.test(line));
    const creates = (s: Scenario, before: number) =>
      s.emulator.requests.slice(before).filter((r) => r.path === CREATE);

    scenario('429 twice with Retry-After: waits as asked, then succeeds', async (s) => {
      s.emulator.inject({
        path: DETAIL,
        times: 2,
        answer: { kind: 'status', status: 429, retryAfter: { seconds: 1 } }
      });
      const result = await detailOf(s, 'f-429');
      expect([result.exitCode, result.outputs.status]).toEqual([0, 'Running']);
      expect(retries(result)).toEqual([
        'detail: HTTP 429; retry 1 of 5 in 1.0s (as the server asked)',
        'detail: HTTP 429; retry 2 of 5 in 1.0s (as the server asked)'
      ]);
    });

    scenario('503 then 502: retried with backoff, then succeeds', async (s) => {
      s.emulator.inject({ path: DETAIL, answer: { kind: 'status', status: 503 } });
      s.emulator.inject({ path: DETAIL, answer: { kind: 'status', status: 502 } });
      const result = await detailOf(s, 'f-5xx');
      expect(result.exitCode).toBe(0);
      expect(retries(result)).toEqual([
        expect.stringMatching(/^detail: HTTP 503; retry 1 of 5 in \d\.\ds$/),
        expect.stringMatching(/^detail: HTTP 502; retry 2 of 5 in \d\.\ds$/)
      ]);
    });

    scenario('a connection reset before the answer: retried', async (s) => {
      s.emulator.inject({ path: DETAIL, answer: { kind: 'reset' } });
      const result = await detailOf(s, 'f-reset');
      expect(result.exitCode).toBe(0);
      expect(retries(result)).toEqual([expect.stringMatching(/^detail: (ECONNRESET|EPIPE); retry 1 of 5/)]);
    });

    scenario('an HTML error page: retried, and named by status and excerpt', async (s) => {
      s.emulator.inject({ path: DETAIL, answer: { kind: 'status', status: 500, body: 'html' } });
      const result = await detailOf(s, 'f-html');
      expect(result.exitCode).toBe(0);
      expect(retries(result)).toEqual([expect.stringMatching(/^detail: HTTP 500; retry 1 of 5/)]);
      s.emulator.inject({
        path: DETAIL,
        times: Infinity,
        answer: { kind: 'status', status: 404, body: 'html' }
      });
      const failed = await detailOf(s, 'f-html-404');
      expect(failed.stdout).toMatch(
        /::error::detail: task \d+: HTTP 404 with a non-JSON answer \(text\/html\): "404 Error 404 Error nginx" \(request id emu-\d+\)/
      );
    });

    scenario('a malformed JSON answer: retried', async (s) => {
      s.emulator.inject({ path: DETAIL, answer: { kind: 'malformed_json' } });
      const result = await detailOf(s, 'f-json');
      expect(result.exitCode).toBe(0);
      expect(retries(result)).toEqual([
        expect.stringMatching(/^detail: an answer that is not JSON; retry 1 of 5/)
      ]);
    });

    // Regression (issue 48): a 429 was taken as certainly not applied, and the create sent again at once.
    scenario(
      '429 on create: looked for by name before it is sent again (a 429 may land); one task',
      async (s) => {
        const before = s.emulator.requests.length;
        s.emulator.inject({
          path: CREATE,
          answer: { kind: 'status', status: 429, retryAfter: { seconds: 1, as: 'http-date' } }
        });
        const result = await s.run(createOf('f-create-429', { wait: 'false', request_timeout: '2s' }));
        expect(result.exitCode).toBe(0);
        expect(creates(s, before).map((r) => r.applied)).toEqual([false, true]);
        expect(shown(result)).toEqual(
          expect.arrayContaining([
            'create: HTTP 429 after the request was sent, so the task may have been created; looking for a new task named "f-create-429" for up to 4s before creating it again',
            'create: no task named "f-create-429" appeared within 4s, so it is created again; should the first attempt still land, that task is stopped'
          ])
        );
      }
    );

    scenario('a create answered 429 that lands two seconds later: found and adopted; one task', async (s) => {
      const before = s.emulator.requests.length;
      s.emulator.inject({ path: CREATE, answer: { kind: 'status', status: 429 }, applyAfterMs: 2000 });
      const result = await s.run(createOf('f-create-429-lands', { wait: 'false', request_timeout: '2s' }));
      expect(result.exitCode).toBe(0);
      expect(creates(s, before)).toHaveLength(1);
      const id = result.outputs.task_id ?? '';
      expect(s.emulator.tasks.get(id).task_name).toBe('f-create-429-lands');
    });

    scenario.each([
      ['then resets the connection', { kind: 'reset' } as const],
      ['then answers 502', { kind: 'status', status: 502 } as const]
    ])('a create applied that %s: the task is found and adopted; one task', async (s, _what, answer) => {
      const before = s.emulator.requests.length;
      s.emulator.inject({ path: CREATE, apply: true, answer });
      const name = `f-adopt-${answer.kind}`;
      const result = await s.run(createOf(name, { wait: 'false', request_timeout: '2s' }));
      expect(result.exitCode).toBe(0);
      expect(creates(s, before).map((r) => r.applied)).toEqual([true]);
      const id = result.outputs.task_id ?? '';
      expect(s.emulator.tasks.get(id).task_name).toBe(name);
      expect(shown(result)).toContain(
        `create: found task ${id} named "${name}", made by the request that failed; adopting it instead of creating another`
      );
    });

    scenario(
      'a create answered after request_timeout: the slow original is waited for and adopted; one task',
      async (s) => {
        const before = s.emulator.requests.length;
        s.emulator.inject({ path: CREATE, delayMs: 3000 });
        const result = await s.run(createOf('f-slow', { wait: 'false', request_timeout: '2s' }));
        expect(result.exitCode).toBe(0);
        expect(creates(s, before).map((r) => r.applied)).toEqual([true]);
        expect(shown(result)).toContainEqual(
          'create: no answer within request_timeout after the request was sent, so the task may have been created; looking for a new task named "f-slow" for up to 4s before creating it again'
        );
        expect(shown(result)).toContainEqual(expect.stringMatching(/^create: found task \d+ named "f-slow"/));
      }
    );

    scenario('a token-bucket rate limit: every task answered, the 429s waited out', async (s) => {
      s.emulator.setRateLimit({ ratePerSecond: 4, burst: 2, path: DETAIL });
      const ids = Array.from({ length: 6 }, (_, i) =>
        s.emulator.tasks.add({ task_name: `f-rl-${i}`, points: 1, status: 'Running' })
      );
      const result = await s.run({ operation: 'detail', task_id: ids.join(', '), concurrency: '3' });
      expect(result.exitCode).toBe(0);
      expect(json(result.outputs.statuses)).toEqual(Object.fromEntries(ids.map((id) => [id, 'Running'])));
      expect(retries(result).length).toBeGreaterThan(0);
    });

    // Regression: the clock was corrected only under the one code the emulator used for a stale
    // timestamp; a platform that refuses it with any other code failed the step. No code's meaning is
    // published, so the Date header decides, whatever the code.
    scenario.each([
      ['ahead', 600, 'behind', 'C002'],
      ['behind', -600, 'ahead of', 'C002'],
      ['ahead', 600, 'behind', 'C005'],
      ['behind', -600, 'ahead of', 'C999']
    ])(
      'a server clock 10 minutes %s, the stale timestamp refused with %#: warned, corrected once, then accepted',
      async (s, _where, offset, runner, code) => {
        s.emulator.setClockOffset(offset);
        s.emulator.setRefusalCodes({ timestamp_expired: code });
        const result = await detailOf(s, 'f-clock');
        expect(result.exitCode).toBe(0);
        // The Date header counts whole seconds, read as the middle of its second: the offset measured is
        // 10 minutes give or take half a second plus the request's latency, so 9m59s or 10m1s is as right.
        const skew = '(9m59s|10m0s|10m1s)';
        expect(result.stdout).toMatch(
          new RegExp(
            `^::warning::this runner's clock is ${skew} ${runner} the platform's \\(by its Date header\\): keep it in sync with NTP$`,
            'm'
          )
        );
        expect(shown(result)).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^the platform refused GET /api/task/deployment/detail \\(${code}\\) while this runner's clock is ${skew} ${runner} it: stamping requests on the platform's time from now on, and sending it once more$`
            )
          )
        );
      }
    );

    scenario(
      'a signature refused on the search a create sends first: the error names that search, once',
      async (s) => {
        s.emulator.setVersion('/api/deployment/task/search', '2.0.0');
        const result = await s.run(createOf('f-presearch')).finally(() => {
          s.emulator.setVersion('/api/deployment/task/search', '1.0.0');
        });
        expect(result.exitCode).toBe(1);
        // The key is proven by a read every key may send, so the refusal is quoted, not explained.
        expect(result.stdout).toMatch(
          /^::error::create failed: the task search sent before creating \(to find tasks named "f-presearch" that exist already\) failed, so nothing was created: HTTP 200, code \w+: signature error: version header "1\.0\.0" is not this endpoint's interface version "2\.0\.0"[^\n]* \(request id emu-\d+\)\n/m
        );
        expect(result.stdout).not.toContain('should it have refused the key');
        expect(result.stdout).not.toContain('create: create:');
        expect(result.stdout).not.toContain('create failed: create:');
        expect(result.state.create_lookup ?? '').toBe('');
      }
    );

    scenario('a server that never answers: a clear timeout error', async (s) => {
      s.emulator.inject({ path: DETAIL, times: Infinity, delayMs: 60_000 });
      const result = await s.run({
        operation: 'detail',
        task_id: s.emulator.tasks.add({ task_name: 'f-hang', points: 1 }),
        request_timeout: '1s',
        max_retries: '1'
      });
      expect(result.exitCode).toBe(1);
      expect(result.stdout).toMatch(
        /::error::detail: task \d+: GET \/api\/task\/deployment\/detail\?task_id=\d+ got no answer within 1s \(request_timeout\)\n/
      );
    });

    scenario('never runs past wait_timeout by more than one request timeout', async (s) => {
      s.emulator.tasks.setReadyAfter(600);
      s.emulator.inject({ path: DETAIL, times: Infinity, delayMs: 1500 });
      const result = await s.run(
        createOf('f-deadline', { wait_timeout: '3s', poll_interval: '1s', request_timeout: '2s' })
      );
      expect([result.exitCode, result.outputs.timed_out]).toEqual([1, 'true']);
      // No poll started past the deadline, told by the polls' count, not by the time they were stamped (a
      // busy machine stamps a poll some milliseconds after the loop decided to start it): each takes 1.5 s
      // at the least, so a loop that keeps to a 3 s deadline starts three at the most (at 0, 1.5 s and at
      // the deadline), however slow the machine; one that went on past it would start a fourth. What
      // follows the timeout (the diagnostics of the nodes) is bounded by request_timeout each.
      const polls = s.emulator.requests.filter((r) => r.path === DETAIL);
      expect(polls.length).toBeGreaterThan(0);
      expect(polls.length).toBeLessThanOrEqual(3);
    });

    // Regression: a refusal was explained only when its code was C002, the emulator's own choice.
    scenario(
      'a request refused before the key is proven: each cause explained once, with the key fingerprint, whatever the code',
      async (s) => {
        const id = s.emulator.tasks.add({ task_name: 'f-sig', points: 1, status: 'Running' });
        const result = await s.run({ operation: 'detail', task_id: id, api_version: '2.0.0' });
        expect(result.exitCode).toBe(1);
        expect(result.stdout).toMatch(
          /::error::detail: task \d+: HTTP 200, code \w+: signature error: version header "2\.0\.0" is not this endpoint's interface version "1\.0\.0".* \(request id emu-\d+\)\. The platform refused GET \/api\/task\/deployment\/detail before it had accepted any request of this step; should it have refused the key, the timestamp or the signature, this is what was sent for each cause: .*version header "2\.0\.0".*private key SHA256:[A-Za-z0-9+/]{43}= \(it must match/
        );
        // The read that would have proven the key was refused too; the causes are listed once.
        expect(s.emulator.requests.map((r) => r.path)).toContain('/api/deployment/resource/search');
        expect(result.stdout.split('should it have refused the key').length - 1).toBe(2);
      }
    );
  });
}
