// End-to-end scenarios: replace: the new task first, then the old ones stopped.
import { fixtureKey } from '../../helpers/fixtures.js';
import { SERVICE, FAST, CREATE, SEARCH, shown, type ScenarioApi } from './harness.js';

export function replaceScenarios({ scenario, group }: ScenarioApi): void {
  group('replace', () => {
    scenario(
      'replaces a running task once the new one is ready, and keeps the new one after the post step',
      async (s) => {
        const old = s.emulator.tasks.add({ task_name: 'e2e-llm', points: 1, status: 'Running' });
        const inputs = { operation: 'replace', task_name: 'e2e-llm', points: '1', body: SERVICE, ...FAST };
        const main = await s.run(inputs);
        const created = main.outputs.task_id ?? '';
        expect([main.exitCode, main.outputs.replaced_task_ids]).toEqual([0, JSON.stringify([old])]);
        expect([s.emulator.tasks.get(created).status, s.emulator.tasks.get(old).status]).toEqual([
          'Running',
          'End'
        ]);
        expect(main.summary).toContain('#### Replaced');
        expect(main.state.cleanup).toBe('none');
        const post = await s.run(inputs, main.state);
        expect([post.exitCode, s.emulator.tasks.get(created).status]).toEqual([0, 'Running']);
      }
    );

    // Regression: two replaces of one name that overlapped left two new generations billing, both green.
    scenario(
      'lets the newest ready generation win when two replaces of one name overlap: one generation is left',
      async (s) => {
        // The second run uses a key of its own, as another team's job would: two processes that send the
        // same request in the same millisecond with one key would sign it alike.
        s.emulator.addKey({
          mode: 'rsa',
          token: 'second-job-token',
          clientPublicKey: fixtureKey('client-public.pem'),
          platformPrivateKey: fixtureKey('platform-private-pkcs8.pem')
        });
        const old = s.emulator.tasks.add({ task_name: 'e2e-overlap', points: 1, status: 'Running' });
        s.emulator.tasks.setReadyAfter(2);
        // Both creates take effect seconds after they arrive: each run's search before it creates sees the
        // old task alone, so neither takes the other's task for part of the generation it replaces. The
        // second lands 3 s after the first, so that the older run has seen its task ready (and passed)
        // before the newer one, once ready, stops it: were both ready within one poll of each other, the
        // newer could stop the older's task before that run's wait saw it ready, and the older run would
        // fail (found on a busy machine, where the polls' phases drift).
        s.emulator.inject({ path: CREATE, delayMs: 1500 });
        s.emulator.inject({ path: CREATE, delayMs: 4500 });
        const inputs = {
          operation: 'replace',
          task_name: 'e2e-overlap',
          points: '1',
          body: SERVICE,
          ...FAST
        };
        const runs = await s.runTogether([inputs, { ...inputs, token: 'second-job-token' }]);
        const made = runs.map((run) => run.outputs.task_id ?? '');
        const newest = made.reduce((a, b) => (BigInt(a) > BigInt(b) ? a : b));
        const loser = made.find((id) => id !== newest) ?? '';
        expect(runs.map((run) => run.exitCode)).toEqual([0, 0]);
        const statuses = [old, ...made].map((id) => [id, s.emulator.tasks.get(id).status]);
        expect(statuses).toEqual([old, ...made].map((id) => [id, id === newest ? 'Running' : 'End']));
        // The winner says it stops the loser's task: as another run's, older than its own (the creates
        // are delayed so that each run searches before either lands); or, should a slow start let the
        // winner's search before creating see it, as part of the generation it replaces.
        const winner = runs.find((run) => run.outputs.task_id === newest);
        const said = winner === undefined ? [] : shown(winner);
        const asOlder = `replace: task ${loser} named "e2e-overlap" was made after this step began (another run's), and is older than task ${newest}: it is stopped too, so that the newest ready generation serves`;
        const asReplaced = (line: string): boolean =>
          line.startsWith(`replace: task ${newest} is ready; stopping task `) &&
          line.endsWith(', which it replaces') &&
          line.includes(loser);
        expect(said.filter((line) => line === asOlder || asReplaced(line))).not.toHaveLength(0);
      }
    );

    // Regression (issue 37): once the new task was ready, cleanup switched to the user's before the old
    // generation was saved, and the search between could retry for long: a kill there left both running.
    scenario(
      'leaves, when killed right after the new task is ready, one generation to the post step: never two',
      async (s) => {
        const old = s.emulator.tasks.add({ task_name: 'e2e-kill', points: 1, status: 'Running' });
        // The search once the new task is ready (the second) hangs: the runner is killed meanwhile.
        s.emulator.inject({ path: SEARCH, skip: 1, delayMs: 10_000 });
        const inputs = { operation: 'replace', task_name: 'e2e-kill', points: '1', body: SERVICE, ...FAST };
        const main = await s.run(inputs, undefined, {}, { text: 'is ready after', signal: 'SIGKILL' });
        // Killed, it wrote no outputs: the task its create made is the emulator's to say.
        const created = s.emulator.requests.find((r) => r.createdTaskId !== undefined)?.createdTaskId ?? '';
        expect(main.exitCode).not.toBe(0);
        const retire = JSON.parse(main.state.retire_task_ids ?? '[]') as string[];
        expect(main.state.cleanup === 'stop' || retire.includes(old)).toBe(true);
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        const live = [created, old].filter((id) => s.emulator.tasks.get(id).status !== 'End');
        expect(live).toHaveLength(1);
      }
    );

    // Regression: the old generation was stopped with what was left of wait_timeout and its ids never
    // saved: a cancel (or a 503 near the deadline) during that stop left both generations billing.
    scenario(
      'finishes retiring the old generation in the post step when a replace is cancelled while it stops it',
      async (s) => {
        const old = s.emulator.tasks.add({ task_name: 'e2e-retire', points: 1, status: 'Running' });
        // The stop of the old task hangs (and is then refused, taking no effect): the job is cancelled meanwhile.
        s.emulator.inject({
          path: '/api/deployment/task/stop',
          delayMs: 3000,
          answer: { kind: 'status', status: 503 }
        });
        const inputs = { operation: 'replace', task_name: 'e2e-retire', points: '1', body: SERVICE, ...FAST };
        const main = await s.run(inputs, undefined, {}, { text: 'which it replaces', signal: 'SIGTERM' });
        const created = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(1);
        expect(JSON.parse(main.state.retire_task_ids ?? '')).toEqual([old]);
        expect([s.emulator.tasks.get(created).status, s.emulator.tasks.get(old).status]).toEqual([
          'Running',
          'Running'
        ]);
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect(shown(post)).toContain(
          `cleanup: stopped task ${old}, of the generation the replace was retiring`
        );
        expect([s.emulator.tasks.get(created).status, s.emulator.tasks.get(old).status]).toEqual([
          'Running',
          'End'
        ]);
      }
    );

    scenario(
      'rolls back a replace cancelled while it waits: the post step stops the new task, the old one serves',
      async (s) => {
        const old = s.emulator.tasks.add({ task_name: 'e2e-llm-2', points: 1, status: 'Running' });
        s.emulator.tasks.setReadyAfter(600);
        const inputs = { operation: 'replace', task_name: 'e2e-llm-2', points: '1', body: SERVICE, ...FAST };
        const main = await s.run(inputs, undefined, {}, { text: 'Pending after ', signal: 'SIGTERM' });
        const created = main.outputs.task_id ?? '';
        expect(main.exitCode).toBe(1);
        // Cancelled, the step cannot send any more: the stop is left to the post step, which stops whatever cleanup says.
        expect(shown(main)).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^replace: rolled back: task ${created} could not be stopped \\(.*the step was cancelled\\), the post step tries again; task ${old} keeps serving$`
            )
          )
        );
        expect(main.state.cleanup).toBe('stop');
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect([s.emulator.tasks.get(created).status, s.emulator.tasks.get(old).status]).toEqual([
          'End',
          'Running'
        ]);
      }
    );
  });
}
