import { attribute, escape } from '../basics/markdown-text.js';
import type { PreviewView } from '../deploy/door.js';
import { previewCostChart, type SpendPoint } from './preview-cost-chart.js';

/**
 * The one comment a preview keeps on its pull request, updated in place on each push and on close: found
 * again by a hidden marker that names the preview's task_name (two previews of one repository keep a
 * comment each), never posted twice. Every value that comes from the platform is shown as text.
 */
export type { PreviewView };

/** The hidden marker of a preview's comment: an HTML comment, unseen, naming the task_name. */
export function commentMarker(taskName: string): string {
  return `<!-- elastic-deploy preview: ${taskName.replace(/--+/g, '-').replace(/[^A-Za-z0-9._-]/g, '_')} -->`;
}

/** Whether a comment's body is the preview's (its first line is the marker). */
export function isPreviewComment(body: string | undefined, taskName: string): boolean {
  return body?.split('\n', 1)[0] === commentMarker(taskName);
}

/** The states in which a preview runs, or is about to. */
const UP: ReadonlySet<PreviewView['state']> = new Set(['running', 'failed']);

const HEADINGS: Readonly<Record<PreviewView['state'], string>> = {
  refused: 'not made',
  running: 'running',
  failed: 'failed',
  stopped: 'stopped: the pull request is closed',
  capped: 'stopped at max_cost'
};

/**
 * The comment's Markdown: the marker, a heading, a table, what the previews cost over time (from
 * `history`, GitHub's records of it, when it has two at least), and a line that says when it was written.
 */
export function renderPreviewComment(
  view: PreviewView,
  runUrl: string | undefined,
  history: readonly SpendPoint[] = []
): string {
  const link = (url: string | undefined, text: string): string =>
    url === undefined ? escape(text) : `<a href="${attribute(url)}">${escape(text)}</a>`;
  const chart = previewCostChart(history);
  const where = [view.gpu, view.region].filter((part) => part !== undefined).join(' in ');
  const rows: [string, string][] = [
    ['URL', view.url === undefined ? (UP.has(view.state) ? 'none yet' : 'none') : link(view.url, view.url)],
    ['GPU', where === '' ? 'unknown' : escape(where)],
    ['Status', escape(view.status ?? 'unknown')],
    [
      view.sha === undefined ? 'The last push' : `This push (${escape(view.sha.slice(0, 7))})`,
      escape(view.pushCost ?? 'unknown')
    ],
    ['All previews of this pull request', escape(view.totalCost ?? 'unknown')]
  ];
  return [
    commentMarker(view.taskName),
    `### Preview of ${escape(view.taskName)}: ${HEADINGS[view.state]}`,
    '',
    '| | |',
    '|---|---|',
    ...rows.map(([name, value]) => `| ${name} | ${value} |`),
    ...(view.note === undefined ? [] : ['', `> ${escape(view.note)}`]),
    ...(chart.length === 0 ? [] : ['', ...chart]),
    '',
    `<sub>Kept current by ${link(runUrl, 'the workflow run')}; stopped when the pull request closes.</sub>`
  ].join('\n');
}
