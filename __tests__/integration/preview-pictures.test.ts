// A pull request's previews in pictures (issue 63, point 9), against both stand-ins over real HTTPS: the
// comment draws what all of its previews have cost over time, from GitHub's records of it (one a push and
// a close), and a push's summary draws where its time went and what its preview cost as the wait read it;
// each diagram read back by Mermaid's own parser.
import { startGitHub, sha, type GitHubStandIn } from '../../github-standin/index.js';
import { renderSummary } from '../../src/action/summary.js';
import { verdictOf } from '../../src/action/outputs.js';
import { githubClient } from '../../src/github/client.js';
import { readSpendHistory } from '../../src/github/kept-spend.js';
import { previewRecords } from '../../src/github/preview-records.js';
import { pullEventOf } from '../../src/github/pull-event.js';
import type { PullRequests } from '../../src/deploy/pull-requests.js';
import { useStepBench } from '../helpers/emulator-step.js';
import { mermaidBlocks, parseGantt, parseXyChart } from '../helpers/mermaid.js';

const SERVICE =
  '{services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]}';

describe('previews in pictures', () => {
  const bench = useStepBench(
    { readyAfterSeconds: 30, strict: true },
    {
      operation: 'preview',
      task_name: 'web',
      body: SERVICE,
      gpu: '4090',
      poll_interval: '5s',
      github_token: 'ghs_test',
      comment: 'true'
    }
  );
  let github: GitHubStandIn;
  beforeEach(async () => {
    github = await startGitHub({ now: () => bench.clock.now() });
  });
  afterEach(() => github.stop());

  const octokitOf = () =>
    githubClient({
      token: github.token,
      apiUrl: github.url,
      userAgent: 'elastic-deploy-action/test',
      http: bench.client,
      deadline: Date.now() + 120_000,
      now: Date.now,
      log: () => undefined
    });
  const on = (number: number, action: 'opened' | 'synchronize' | 'closed') => {
    const event = pullEventOf('pull_request', github.event(number, action), 'acme/app');
    if ('none' in event) throw new Error(event.none);
    const host = previewRecords(octokitOf(), {
      repo: { owner: 'acme', repo: 'app' },
      runUrl: 'https://github.test/acme/app/actions/runs/7',
      event
    });
    return { pullRequests: (): Promise<PullRequests> => Promise.resolve(host) };
  };
  const chartOf = async (markdown: string) => {
    const chart = mermaidBlocks(markdown).find((block) => block.startsWith('xychart-beta'));
    if (chart === undefined) throw new Error(`no line in:\n${markdown}`);
    return parseXyChart(chart);
  };

  it("draws what all of a pull request's previews have cost at each record in its comment, and a push's wait in its summary", async () => {
    github.store.openPull(42);
    bench.clock.advance(1);
    const open = await bench.step({}, on(42, 'opened'));
    expect(open.failure).toBeUndefined();
    // One record: no line yet.
    expect(mermaidBlocks(github.store.comments[0]?.body ?? '')).toEqual([]);

    github.store.pushPull(42, sha(42, 2));
    bench.clock.advance(600);
    const push = await bench.step({}, on(42, 'synchronize'));
    expect(push.failure).toBeUndefined();
    const history = await readSpendHistory(octokitOf(), { owner: 'acme', repo: 'app' }, 'web-pr-42');
    expect(history.length).toBeGreaterThanOrEqual(2);
    const comment = github.store.comments[0]?.body ?? '';
    const line = await chartOf(comment);
    expect(line.title).toBe('All previews of this pull request, as each record kept it (yuan)');
    const [values] = line.lines;
    // From the first record's total to the last's, never falling.
    expect(values?.[0]).toBeCloseTo(Number(history[0]?.points) / 1e6, 6);
    expect(values?.at(-1)).toBeCloseTo(Number(history.at(-1)?.points) / 1e6, 6);
    expect(values).toEqual([...(values ?? [])].sort((a, b) => a - b));
    expect(comment).toContain('| Recorded | All previews |');

    // The push's summary: its phases (the new preview's statuses, the old one's stop) and its cost as read.
    const summary = renderSummary(push.result, verdictOf(push.result));
    const [gantt] = mermaidBlocks(summary).filter((block) => block.startsWith('gantt'));
    const bars = (await parseGantt(gantt ?? '')).bars;
    expect(bars.map((bar) => bar.section)).toContain(`task ${push.outputs.task_id} web-pr-42`);
    expect(
      bars.filter((bar) => bar.section.startsWith(`task ${push.outputs.task_id}`)).map((bar) => bar.text)
    ).toEqual(['Pending', 'Running']);
    expect((await chartOf(summary)).title).toBe('What this push s preview cost while the step waited (yuan)');

    github.store.closePull(42, true);
    bench.clock.advance(600);
    const close = await bench.step({}, on(42, 'closed'));
    expect(close.failure).toBeUndefined();
    const closed = await chartOf(github.store.comments[0]?.body ?? '');
    expect(closed.lines[0]?.at(-1)).toBeCloseTo(Number(close.outputs.total_cost), 6);
  });
});
