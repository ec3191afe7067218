// End-to-end scenarios: Changing a running service: update, scale, replace_node, and their rollbacks.
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FAST, shown, type Scenario, type ScenarioApi } from './harness.js';

/** A task of `points` nodes, Running, serving "web" on port 80 from `image` (with `env`, when given). */
function runningWeb(s: Scenario, taskName: string, points: number, image: string, env?: string): string {
  const service = { service_name: 'web', service_image: image, ...(env === undefined ? {} : { env }) };
  return s.emulator.tasks.add({
    task_name: taskName,
    points,
    status: 'Running',
    services: [{ ...service, remote_ports: [{ service_port: 80 }] }]
  });
}

/** The inputs of an update of task `id` to service web on nginx:1.28, polling each second. */
const updateToNginx128 = (id: string): Record<string, string> => ({
  operation: 'update',
  task_id: id,
  body: '{services: [{service_name: web, service_image: "nginx:1.28"}]}',
  ...FAST
});

export function changeScenarios({ scenario, group }: ScenarioApi): void {
  group('change a running service', () => {
    scenario(
      'finishes in the post step the rollback of an update cancelled during its rollout: the old image serves again',
      async (s) => {
        const id = runningWeb(s, 'e2e-update', 2, 'nginx:1.27');
        // Each new node takes 10 minutes: the job is cancelled while the first one comes up.
        s.emulator.tasks.setReadyAfter(600);
        const inputs = updateToNginx128(id);
        const main = await s.run(
          inputs,
          undefined,
          {},
          { text: 'live nodes on the new images', signal: 'SIGTERM' }
        );
        expect(main.exitCode).toBe(1);
        expect(JSON.parse(main.state.rollback ?? '{}')).toMatchObject({ taskId: id });
        expect(shown(main)).toContainEqual(expect.stringMatching(/the post step rolls it back/));
        s.emulator.tasks.setReadyAfter(1);
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect(shown(post)).toContain(
          `cleanup: rolled back the update of task ${id}: it serves the configuration it had`
        );
        const nodes = (await s.run({ operation: 'nodes', task_id: id })).outputs.data ?? '{}';
        const images = (JSON.parse(nodes) as { results: { containers: { image: string }[] }[] }).results.map(
          (node) => node.containers[0]?.image
        );
        expect(images).toEqual(['nginx:1.27', 'nginx:1.27']);
        expect(s.emulator.tasks.get(id)).toMatchObject({ status: 'Running', runing_points: 2 });
      }
    );

    // Regression (issue 37): the configuration to roll back was saved as one state value, which the runner
    // hands the post step as an environment variable (128 KiB at most): the post step failed to start
    // (E2BIG), and the task stayed on the new image.
    scenario(
      'finishes in the post step the rollback of an update of a task whose configuration is near the body limit',
      async (s) => {
        const env = `MODEL_CONFIG=${'x'.repeat(900 * 1024)}`;
        const id = runningWeb(s, 'e2e-big', 1, 'nginx:1.27', env);
        s.emulator.tasks.setReadyAfter(600);
        const inputs = updateToNginx128(id);
        const cancel = { text: 'live nodes on the new images', signal: 'SIGTERM' as const };
        const main = await s.run(inputs, undefined, {}, cancel);
        expect(main.exitCode).toBe(1);
        const saved = JSON.parse(main.state.rollback ?? '{}') as {
          taskId: string;
          configurationFile: string;
        };
        expect(saved.taskId).toBe(id);
        expect(Object.values(main.state).every((value) => value.length < 4096)).toBe(true);
        expect(statSync(saved.configurationFile).mode & 0o777).toBe(0o600);
        s.emulator.tasks.setReadyAfter(1);
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect(shown(post)).toContain(
          `cleanup: rolled back the update of task ${id}: it serves the configuration it had`
        );
        expect(s.emulator.tasks.get(id)).toMatchObject({
          status: 'Running',
          services: [{ service_image: 'nginx:1.27', env }]
        });
      }
    );

    scenario(
      'sets back in the post step a scale up cancelled before its new node ran, once that node crash-loops',
      async (s) => {
        const id = runningWeb(s, 'e2e-scale', 1, 'nginx:crash');
        // Its image crash-loops (so no node counts as running): the node it ran before is not the scale's to judge.
        s.emulator.tasks.setBadImages(/^nginx:crash$/, 0.5);
        const inputs = { operation: 'scale', task_id: id, points: '2', max_restarts: '2', ...FAST };
        const main = await s.run(inputs, undefined, {}, { text: 'runing_points 0 of 2', signal: 'SIGTERM' });
        expect(main.exitCode).toBe(1);
        expect(JSON.parse(main.state.scale_back ?? '{}')).toMatchObject({ taskId: id, points: 1, target: 2 });
        expect(shown(main)).toContainEqual(expect.stringMatching(/sets the count back to 1 if one fails/));
        const post = await s.run(inputs, main.state);
        expect(post.exitCode).toBe(0);
        expect(shown(post)).toContainEqual(
          expect.stringMatching(new RegExp(`^cleanup: set task ${id} back to 1 nodes \\(it has a new node`))
        );
        expect(s.emulator.tasks.get(id)).toMatchObject({ points: 1 });
      }
    );

    scenario(
      'fails loudly when an update cannot be rolled back, writing the configuration to restore with its secrets redacted',
      async (s) => {
        const id = runningWeb(s, 'e2e-stuck', 1, 'nginx:1.27', 'DB_PASSWORD=rollback-s3cret');
        // The old image crash-loops too when it comes up again (its node that ran before is left).
        s.emulator.tasks.setBadImages(/^nginx:(1\.27|bad)$/, 0.5);
        // A runner temp of the test's own, so that the file outlives the step.
        const temp = mkdtempSync(join(tmpdir(), 'e2e-restore-'));
        const inputs = {
          operation: 'update',
          task_id: id,
          body: '{services: [{service_name: web, service_image: "nginx:bad"}]}',
          max_restarts: '1',
          cleanup_timeout: '20s',
          ...FAST
        };
        const main = await s.run(inputs, undefined, { RUNNER_TEMP: temp });
        expect(main.exitCode).toBe(1);
        expect(main.stdout).toMatch(
          new RegExp(
            `::error title=Update not rolled back::task ${id} may still be on the configuration that failed`
          )
        );
        expect(main.outputs.rolled_back).toBe('false');
        const file = main.outputs.restore_file ?? '';
        const restore = readFileSync(file, 'utf8');
        expect(JSON.parse(restore)).toMatchObject({
          task_name: 'e2e-stuck',
          services: [{ service_name: 'web', service_image: 'nginx:1.27', env: '<redacted>' }]
        });
        expect(restore).not.toContain('rollback-s3cret');
        rmSync(temp, { recursive: true, force: true });
        expect(main.state.rollback).not.toBe('');
      }
    );
  });
}
