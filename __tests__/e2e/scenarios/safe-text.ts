// End-to-end scenarios: Safe text: server text never runs as a workflow command, nor as markdown.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SERVICE, FAST, shown, type ScenarioApi, createOf } from './harness.js';

export function safeTextScenarios({ scenario, group }: ScenarioApi): void {
  group('safe text', () => {
    scenario(
      'publishes only absolute http(s) service URLs, normalised, and warns about the others',
      async (s) => {
        s.emulator.tasks.setServiceUrl('javascript:alert({port})');
        // Regression: a task whose only URL was no http(s) URL counted as ready, and the step passed with
        // url empty. Ready needs a URL the step can publish.
        const bad = await s.run(createOf('js-url', { body: SERVICE, wait_timeout: '4s', ...FAST }));
        expect([bad.exitCode, bad.outputs.timed_out]).toEqual([1, 'true']);
        expect(shown(bad)).toContainEqual(
          expect.stringMatching(
            /: Running, waiting for 2 of 2 service URLs \(2 set, but not an absolute http\(s\) URL\)$/
          )
        );
        expect(bad.outputs).toMatchObject({ url: '', urls: '[]' });
        expect(bad.stdout).toMatch(
          /^::warning::task \d+: the service URL "javascript:alert\(80\)" is not an absolute http\(s\) URL, so it is not published in url, urls or the summary$/m
        );
        expect(bad.summary).not.toContain('javascript');
        s.emulator.tasks.setServiceUrl('https://t{task_id}.example/$(id)/a b"c`{port}`');
        const odd = await s.run(createOf('odd-url', { body: SERVICE, ...FAST }));
        const id = odd.outputs.task_id ?? '';
        expect(JSON.parse(odd.outputs.urls ?? '')).toEqual([
          `https://t${id}.example/$(id)/a%20b%22c%6080%60`,
          `https://t${id}.example/$(id)/a%20b%22c%60443%60`
        ]);
      }
    );

    const CREDENTIALS = {
      AccessKeyId: 'AKIAEXAMPLE1',
      api_key: 'k-123456',
      sk: 'sk-abcdef',
      auth: 'dXNlcjpwYXNz',
      password: 'hunter22',
      repository_password: 'reg-pass-1',
      repository_username: 'registry-bot'
    };

    scenario(
      'redacts secret-looking body fields and query values in a dry run, and masks them',
      async (s) => {
        const before = s.emulator.requests.length;
        const result = await s.run({
          operation: 'request',
          method: 'POST',
          path: '/api/task/deployment/create',
          body: JSON.stringify({ task_name: 'dry', points: 1, ...CREDENTIALS }),
          query: 'signature: sig-777777',
          dry_run: 'true'
        });
        expect([result.exitCode, s.emulator.requests.length]).toEqual([0, before]);
        const printed = result.stdout.split('\n').filter((line) => !line.startsWith('::add-mask::'));
        for (const value of [...Object.values(CREDENTIALS), 'sig-777777']) {
          expect({ value, printed: printed.some((line) => line.includes(value)) }).toEqual({
            value,
            printed: false
          });
          expect(result.stdout).toContain(`::add-mask::${value}`);
        }
        expect(printed.join('\n')).toContain('"repository_password":"<redacted>"');
      }
    );

    scenario('masks registry credentials of a real create before the first log line', async (s) => {
      const result = await s.run({
        operation: 'create',
        task_name: 'private-registry',
        points: '1',
        body: `repository_username: registry-bot\nrepository_password: reg-pass-1\n${SERVICE}`,
        wait: 'false'
      });
      expect(result.exitCode).toBe(0);
      const firstMask = result.stdout.indexOf('::add-mask::reg-pass-1');
      expect(firstMask).toBeGreaterThanOrEqual(0);
      expect(result.stdout).toContain('::add-mask::registry-bot');
      const before = result.stdout
        .slice(0, firstMask)
        .split('\n')
        .filter((line) => line !== '');
      expect(before.filter((line) => !line.startsWith('::add-mask::'))).toEqual([]);
    });

    scenario.each([
      ['a file outside the workspace', 'outside'],
      ['/dev/zero', '/dev/zero']
    ])('refuses body_file as %s, sending nothing and not hanging', async (s, _what, which) => {
      const workspace = mkdtempSync(join(tmpdir(), 'e2e-workspace-'));
      const home = mkdtempSync(join(tmpdir(), 'e2e-home-'));
      try {
        const outside = join(home, 'config.json');
        writeFileSync(outside, '{"auths":{"ghcr.io":{"auth":"c2VjcmV0LWRvY2tlcg=="}}}');
        const before = s.emulator.requests.length;
        const result = await s.run(
          createOf('bf', { body_file: which === 'outside' ? outside : which, dry_run: 'true' }),
          undefined,
          { GITHUB_WORKSPACE: workspace }
        );
        expect(result.exitCode).toBe(1);
        expect(result.stdout).toMatch(
          /^::error::body_file ".*" is outside the workspace: put the file in the workspace/m
        );
        expect(result.stdout).not.toContain('c2VjcmV0');
        expect(s.emulator.requests).toHaveLength(before);
      } finally {
        rmSync(workspace, { recursive: true, force: true });
        rmSync(home, { recursive: true, force: true });
      }
    });

    scenario(
      'escapes markdown and HTML from the server in the summary, and says "stopped" after a stop',
      async (s) => {
        const name = '[click](https://evil.example) ![i](https://evil.example/p.png) <img src=x>';
        const id = s.emulator.tasks.add({ task_name: 'md', points: 1, status: 'Running' });
        s.emulator.setText({ taskName: name });
        const result = await s.run({ operation: 'stop', task_id: id, ...FAST });
        expect(result.exitCode).toBe(0);
        expect(result.summary).toContain(`| ${id} | &#91;click&#93;&#40;https&#58;//evil&#46;example&#41; `);
        expect(result.summary).not.toMatch(/\]\(|<img|https:\/\/evil/);
        expect(result.summary).toContain('| End | ✅ stopped |');
      }
    );
  });
}
