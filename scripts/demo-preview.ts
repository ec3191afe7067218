// npm run demo -- --preview: a preview of a pull request, as a pull_request workflow runs the bundled action
// (dist/index.js) against both stand-ins: the platform's emulator and GitHub's. The pull request is
// opened, pushed to and closed (merged): each event's step is run as the runner runs it, with the event's
// payload at GITHUB_EVENT_PATH, and the one comment the step keeps on the pull request is printed after
// each, as a reviewer reads it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Emulator } from '../emulator/index.js';
import { sha, startGitHub } from '../github-standin/index.js';
import { terminalSummary } from '../src/cli/terminal-summary.js';
import { readableYuan } from '../src/platform/money.js';
import { runStep, type NodeRuntime, type StepRun } from './action-runner.js';

export interface DemoParts {
  emulator: Emulator;
  node: NodeRuntime;
  env: Record<string, string>;
  say: (text?: string) => void;
  show: (title: string, run: StepRun) => void;
}

/** Opens, pushes to and closes pull request 42; 0 when its preview was up, replaced, and stopped with nothing left. */
export async function previewDemo({ emulator, node, env, say, show }: DemoParts): Promise<number> {
  const github = await startGitHub();
  const dir = mkdtempSync(join(tmpdir(), 'demo-preview-'));
  const preview = {
    operation: 'preview',
    base_url: emulator.base_url,
    token: emulator.token_mode.token,
    github_token: github.token,
    task_name: 'web',
    gpu: '4090',
    body: 'services: [{service_name: web, service_image: "ghcr.io/acme/web:1.4", remote_ports: [{service_port: 8080}]}]',
    health_path: '/health',
    comment: 'true',
    max_cost: '20',
    poll_interval: '1s'
  };
  const event = (action: 'opened' | 'synchronize' | 'closed', n: number): Record<string, string> => {
    const path = join(dir, `event-${n}.json`);
    writeFileSync(path, JSON.stringify(github.event(42, action)));
    return {
      ...env,
      GITHUB_EVENT_NAME: 'pull_request',
      GITHUB_EVENT_PATH: path,
      GITHUB_REPOSITORY: github.repository,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.test',
      GITHUB_RUN_ID: String(4240 + n)
    };
  };
  say(
    `Emulator on ${emulator.base_url}, GitHub's stand-in on ${github.url} (repository ${github.repository}).`
  );
  say('Pull request #42 is opened, pushed to, and merged; the preview step runs on each event.\n');
  const runs: StepRun[] = [];
  const steps = [
    { action: 'opened', before: () => github.store.openPull(42) },
    { action: 'synchronize', before: () => github.store.pushPull(42, sha(42, 2)) },
    { action: 'closed', before: () => github.store.closePull(42, true) }
  ] as const;
  try {
    for (const [i, step] of steps.entries()) {
      step.before();
      const run = await runStep(node, preview, { env: event(step.action, i + 1) });
      runs.push(run);
      show(`pull request #42 ${step.action}: the preview step`, run);
      say('── the comment on pull request #42, as a reviewer reads it ──');
      // The hidden marker (an HTML comment) is no part of what GitHub shows.
      const body = (github.store.comments[0]?.body ?? '(none)').replace(/^<!--.*-->\n/, '');
      say(terminalSummary(body).trimEnd().replace(/^/gm, '  '));
      say();
    }
    const live = github.store
      .deploymentsIn(/^pr-/)
      .filter((d) => github.store.statusesOf(d.id)[0]?.state !== 'inactive');
    const ids = runs.slice(0, 2).map((run) => run.outputs.task_id ?? '');
    const billing = ids.filter((id) => id !== '' && emulator.tasks.get(id).status !== 'End');
    say(
      `GitHub: ${github.store.deploymentsIn(/^pr-/).length} deployments of pr-42, ${live.length} still live; ${github.store.comments.length} comment. The emulator: ${billing.length} preview task(s) still billing.`
    );
    const ok =
      runs.every((run) => run.exitCode === 0) &&
      live.length === 0 &&
      billing.length === 0 &&
      github.store.comments.length === 1;
    say(
      ok
        ? `Demo finished: the preview came up, was replaced on the push, and was stopped on the merge; its previews cost ${readableYuan(runs[2]?.outputs.total_cost ?? '') ?? 'an unknown sum'} in all.`
        : 'Demo FAILED.'
    );
    return ok ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await github.stop();
    await emulator.stop();
  }
}
