// End-to-end scenarios: Bounded reads: answers too big, too deep, or that never end.
import { FAST, DETAIL, shown, type ScenarioApi } from './harness.js';

export function boundedReadScenarios({ scenario, group }: ScenarioApi): void {
  group('bounded reads', () => {
    scenario.each([
      ['with its Content-Length', false],
      ['chunked, 300 MB of it', true]
    ])(
      'fails on a huge answer %s, naming max_response_size, with the outputs written',
      async (s, _how, chunked) => {
        const id = s.emulator.tasks.add({ task_name: 'huge', points: 1, status: 'Running' });
        s.emulator.inject({ path: DETAIL, answer: { kind: 'large', bytes: 300_000_000, chunked } });
        const result = await s.run({ operation: 'detail', task_id: id });
        expect([result.exitCode, result.stderr]).toEqual([1, '']);
        expect(result.stdout).toContain(
          `::error::detail: task ${id}: GET /api/task/deployment/detail?task_id=${id} answered more than 16 MiB (max_response_size): the answer was not read; raise max_response_size if an answer that large is expected\n`
        );
        expect(result.outputs).toMatchObject({
          task_id: id,
          task_ids: JSON.stringify([id]),
          timed_out: 'false'
        });
      }
    );

    scenario('reads an answer up to max_response_size', async (s) => {
      const id = s.emulator.tasks.add({ task_name: 'sized', points: 1, status: 'Running' });
      s.emulator.inject({ path: DETAIL, answer: { kind: 'large', bytes: 100 * 1024 } });
      const refused = await s.run({ operation: 'detail', task_id: id, max_response_size: '64KiB' });
      expect(refused.stdout).toContain('answered more than 64 KiB (max_response_size)');
      s.emulator.inject({ path: DETAIL, answer: { kind: 'large', bytes: 100 * 1024 } });
      const read = await s.run({ operation: 'detail', task_id: id, max_response_size: '128KiB' });
      expect(read.exitCode).toBe(0);
      expect(read.responseFile).toHaveLength(100 * 1024);
    });

    scenario(
      'fails on an answer nested 3,000 levels deep with a clear error, not a crash, and does not retry it',
      async (s) => {
        const id = s.emulator.tasks.add({ task_name: 'deep', points: 1, status: 'Running' });
        s.emulator.inject({ path: DETAIL, times: Infinity, answer: { kind: 'deep', depth: 3000 } });
        const result = await s.run({ operation: 'detail', task_id: id });
        expect([result.exitCode, result.stderr]).toEqual([1, '']);
        expect(result.stdout).toMatch(
          new RegExp(
            `::error::detail: task ${id}: HTTP 200 with JSON nested deeper than 256 levels \\(request id emu-\\d+\\)\n`
          )
        );
        expect(shown(result).filter((line) => line.includes('retry'))).toEqual([]);
      }
    );

    scenario('runs 40 tasks at concurrency 32 without a MaxListenersExceededWarning', async (s) => {
      const ids = Array.from({ length: 40 }, (_, i) =>
        s.emulator.tasks.add({ task_name: `many-${i}`, points: 1, status: 'Running' })
      );
      s.emulator.inject({ path: DETAIL, times: 40, delayMs: 300 });
      const result = await s.run({ operation: 'detail', task_id: ids.join('\n'), concurrency: '32' });
      expect([result.exitCode, result.stderr]).toEqual([0, '']);
    });
  });

  scenario('never prints server text that could run as a workflow command', async (s) => {
    const evil =
      '::stop-commands::x\n::error::pwned\n##[add-mask]abc\n::set-output name=status::hacked\r\n::warning::w';
    s.emulator.setText({ msg: evil, taskName: evil });
    try {
      const ok = await s.run({ operation: 'create', task_name: 'inject', points: '1', ...FAST });
      s.emulator.inject({
        path: DETAIL,
        times: Infinity,
        answer: { kind: 'status', status: 500, body: 'envelope' }
      });
      const failed = await s.run({
        operation: 'detail',
        task_id: ok.outputs.task_id ?? '',
        max_retries: '0'
      });
      for (const result of [ok, failed]) {
        const lines = result.stdout.split('\n');
        const commands = lines
          .filter((line) => line.startsWith('::'))
          .map((line) => /^::([a-z-]+)/.exec(line)?.[1]);
        expect(new Set(commands)).toEqual(
          new Set(
            commands.filter((c) => ['add-mask', 'debug', 'error', 'warning', 'save-state'].includes(c ?? ''))
          )
        );
        expect(lines.filter((line) => line.includes('##['))).toEqual([]);
      }
      expect(shown(ok)).toContain(
        'create: code 0000, ::stop-commands::x ::error::pwned ## [add-mask]abc ::set-output name=status::hacked ::warning::w'
      );
      expect(failed.stdout.split('\n').filter((line) => line.startsWith('::error::'))).toHaveLength(1);
      expect(ok.summary).not.toContain('<script');
    } finally {
      s.emulator.setText({ msg: undefined, taskName: undefined });
      s.emulator.clearFaults();
    }
  });

  scenario(
    'on SIGTERM while waiting, writes the outputs known so far, keeps the cleanup state, and exits at once',
    async (s) => {
      s.emulator.tasks.setReadyAfter(600);
      const inputs = { operation: 'create', task_name: 'cancel-me', points: '1', cleanup: 'stop', ...FAST };
      const result = await s.run(inputs, undefined, {}, { text: 'Pending after ', signal: 'SIGTERM' });
      const id = result.outputs.task_id ?? '';
      expect(result.exitCode).toBe(1);
      expect(result.outputs).toMatchObject({ status: 'Pending', timed_out: 'false' });
      expect(result.stdout).toMatch(
        new RegExp(`::error::create: task ${id} \\(cancel-me\\) cancelled after \\d+s, last status Pending`)
      );
      expect(result.state.created_task_ids).toBe(JSON.stringify([id]));
      const post = await s.run(inputs, result.state);
      expect(shown(post)).toContain(`cleanup: stopped task ${id}`);
    }
  );
}
