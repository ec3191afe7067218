import { execFile } from 'node:child_process';
import { ROOT } from '../../scripts/action-runner.js';

it('npm run demo creates a task, waits for it, shows outputs and summary, cleans up, and exits 0', async () => {
  const { code, stdout } = await new Promise<{ code: number; stdout: string }>((resolve) => {
    execFile('npm', ['run', '--silent', 'demo'], { cwd: ROOT, timeout: 60_000 }, (error, out) => {
      resolve({ code: error === null ? 0 : Number(error.code), stdout: out });
    });
  });
  expect(code).toBe(0);
  expect(stdout).toMatch(/── main step \(exit code 0; \d+ secret values masked\) ──/);
  expect(stdout).toMatch(
    /task \d+ "demo-inference" is ready after \ds: https:\/\/t\d+-8080\.apps\.emulator\.invalid/
  );
  expect(stdout).toMatch(/^ {2}status = Running$/m);
  expect(stdout).toContain('### Elastic deploy: create succeeded');
  expect(stdout).toMatch(
    /── post step \(exit code 0; \d+ secret values masked\) ──\n {2}cleanup: stopped task \d+/
  );
  expect(stdout.trimEnd().split('\n').at(-1)).toBe('Demo finished: created, waited until ready, cleaned up.');
}, 60_000);
