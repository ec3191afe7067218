// A pull request's previews in pictures (issue 63, point 9), against both stand-ins over real HTTPS: the
// comment draws what all of its previews have cost over time, from GitHub's records of it (one a push and
// a close), and a push's summary draws where its time went and what its preview cost as the wait read it;
// each diagram read back by Mermaid's own parser.
import { sha } from '../../../github-standin/index.js';
import { renderSummary } from '../../../src/action/summary.js';
import { verdictOf } from '../../../src/action/outputs.js';
import { readSpendHistory } from '../../../src/github/kept-spend.js';
import { usePreviewBench, type PullAction } from '../../helpers/preview-bench.js';
import { mermaidBlocks, parseGantt, parseXyChart } from '../../helpers/mermaid.js';

describe('previews in pictures', () => {
  const bench = usePreviewBench({ emulator: { readyAfterSeconds: 30 }, inputs: { comment: 'true' } });
  const on = (number: number, action: PullAction) =>
    bench.on(number, action, { runUrl: 'https://github.test/acme/app/actions/runs/7' });
  const chartOf = async (markdown: string) => {
    const chart = mermaidBlocks(markdown).find((block) => block.startsWith('xychart-beta'));
    if (chart === undefined) throw new Error(`no line in:\n${markdown}`);
    return parseXyChart(chart);
  };

  it("draws what all of a pull request's previews have cost at each record in its comment, and a push's wait in its summary", async () => {
    bench.github.store.openPull(42);
    bench.clock.advance(1);
    const open = await bench.step({}, on(42, 'opened'));
    expect(open.failure).toBeUndefined();
    // One record: no line yet.
    expect(mermaidBlocks(bench.github.store.comments[0]?.body ?? '')).toEqual([]);

    bench.github.store.pushPull(42, sha(42, 2));
    bench.clock.advance(600);
    const push = await bench.step({}, on(42, 'synchronize'));
    expect(push.failure).toBeUndefined();
    const history = await readSpendHistory(bench.octokit(), { owner: 'acme', repo: 'app' }, 'web-pr-42');
    expect(history.length).toBeGreaterThanOrEqual(2);
    const comment = bench.github.store.comments[0]?.body ?? '';
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

    bench.github.store.closePull(42, true);
    bench.clock.advance(600);
    const close = await bench.step({}, on(42, 'closed'));
    expect(close.failure).toBeUndefined();
    const closed = await chartOf(bench.github.store.comments[0]?.body ?? '');
    expect(closed.lines[0]?.at(-1)).toBeCloseTo(Number(close.outputs.total_cost), 6);
  });
});
