// End-to-end scenarios: A token-mode key on the documented forms, as the quick start sets it up.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT, runStep, type StepRun } from '../../../scripts/action-runner.js';
import {
  SECRETS,
  expectRunInvariants,
  stillBills,
  type Scenario,
  shown,
  type ScenarioApi
} from './harness.js';

export function tokenModeScenarios({ scenario, group, runtime }: ScenarioApi): void {
  group('a token-mode key on the documented forms, as the quick start sets it up', () => {
    const runLive = async (
      s: Scenario,
      inputs: Record<string, string>,
      state?: Record<string, string>
    ): Promise<StepRun> => {
      const before = s.emulator.requests.length;
      const result = await runStep(
        runtime,
        { base_url: s.emulator.base_url, token: s.emulator.token_mode.token, ...inputs },
        {
          env: { NODE_EXTRA_CA_CERTS: s.emulator.ca_file, RUNNER_DEBUG: '1' },
          ...(state === undefined ? {} : { state })
        }
      );
      expectRunInvariants(
        result,
        s.emulator.requests.slice(before),
        [...SECRETS, s.emulator.token_mode.token],
        (id) => stillBills(s.emulator, id)
      );
      return result;
    };

    scenario(
      'runs the real-platform example of docs/real-platform.md with a token-mode key: create on the resource gpu picks, wait, cleanup',
      async (s) => {
        const block = /<!-- real-platform-example -->\s*```yaml\n([\s\S]*?)```/.exec(
          readFileSync(join(ROOT, 'docs/real-platform.md'), 'utf8')
        )?.[1];
        const steps = (
          parse(block ?? '') as { id?: string; uses?: string; with?: Record<string, string> }[]
        ).filter((step) => step.uses !== undefined);
        expect(steps.map((step) => step.with?.operation)).toEqual(['create']);
        const values: Record<string, () => string> = {
          'secrets.DEPLOY_API_TOKEN': () => s.emulator.token_mode.token,
          'vars.REGISTRY_USERNAME': () => 'registry-bot',
          'secrets.REGISTRY_PASSWORD': () => 'reg-pass-1',
          'github.run_id': () => '4242'
        };
        const expand = (inputs: Record<string, unknown> = {}): Record<string, string> =>
          Object.fromEntries(
            Object.entries(inputs).map(([name, value]) => [
              name,
              String(value).replace(/\$\{\{\s*([^}\s]+)\s*\}\}/g, (_m, expression: string) => {
                const value = values[expression];
                if (value === undefined)
                  throw new Error(
                    `the README example uses \${{ ${expression} }}, which this test does not know`
                  );
                return value();
              })
            ])
          );
        const deploy = await runLive(s, { ...expand(steps[0]?.with), poll_interval: '1s' });
        expect([deploy.exitCode, deploy.outputs.status]).toEqual([0, 'Running']);
        expect(deploy.outputs.url).toMatch(/^https:\/\/t\d+-8080\.apps\.emulator\.invalid$/);
        expect(shown(deploy)[0]).toBe(
          "api profile: live (the platform's documented forms; api_profile: spec sends the interface spec's)"
        );
        const create = s.emulator.requests.find((r) => r.path === '/api/task/deployment/create' && r.applied);
        expect(JSON.parse(create?.body ?? '')).toMatchObject({
          task_type: 'Deployment',
          task_name: 'inference-4242',
          points: 1,
          // The cheapest 4090 with a node free, as the emulator's catalog has it: 北京一区 at 1880.
          resources: [
            { mark: expect.any(String), resource: { device_name: '4090' }, region_name: '北京一区' }
          ],
          repository_username: 'registry-bot',
          services: [{ service_name: 'api', health_checks: { readiness_probe: { path: '/health' } } }]
        });
        expect(deploy.stdout).toContain('::add-mask::reg-pass-1');
        expect(deploy.stdout).toContain('::add-mask::registry-bot');
        const id = deploy.outputs.task_id ?? '';
        expect([deploy.outputs.region, deploy.outputs.gpu, deploy.outputs.price]).toEqual([
          'beijing-jxq-p1',
          '4090',
          '1880'
        ]);
        const post = await runLive(s, expand(steps[0]?.with), deploy.state);
        expect(shown(post)).toContain(`cleanup: stopped task ${id}`);
        expect(s.emulator.tasks.get(id).status).toBe('End');
      }
    );

    scenario('reads detail as GET, searches with type and status, stops, in RSA mode too', async (s) => {
      const id = s.emulator.tasks.add({ task_name: 'live-ops', points: 1, status: 'Running' });
      const rsaKey = {
        token: s.emulator.rsa.token,
        private_key: readFileSync(s.emulator.rsa.private_key_file, 'utf8')
      };
      const detail = await runLive(s, { operation: 'detail', task_id: id, ...rsaKey });
      expect([detail.exitCode, detail.outputs.status, detail.outputs.msg]).toEqual([0, 'Running', 'success']);
      // The reference's documented detail path.
      expect(s.emulator.requests.at(-1)).toMatchObject({
        method: 'GET',
        target: `/api/task/deployment/detail?task_id=${id}`
      });
      const search = await runLive(s, { operation: 'search_tasks', query: 'search_value: live-ops' });
      expect(JSON.parse(search.outputs.data ?? '')).toMatchObject({ count: 1 });
      expect(s.emulator.requests.at(-1)?.target).toBe(
        '/api/deployment/task/search?type=Deployment&status=Running,Pending,Paused&page=1&page_size=10&search_value=live-ops'
      );
      const stop = await runLive(s, { operation: 'stop', task_id: id, poll_interval: '1s' });
      expect([stop.exitCode, stop.outputs.status]).toEqual([0, 'End']);
    });
  });
}
