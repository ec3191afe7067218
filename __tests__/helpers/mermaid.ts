// Mermaid's own parser, for the tests of the diagrams the summary and the preview comment draw (issue 63,
// point 9): the diagram text is read as GitHub's renderer reads it, and what it parsed into (a gantt's
// sections and bars, an xychart's title, axes and line) is handed back for the test to compare with what
// was meant. Mermaid is a dev dependency only: the step writes the diagram as text. Its sanitizer
// (DOMPurify) needs a DOM, which happy-dom gives it, set before Mermaid is first loaded.
import { Window } from 'happy-dom';

interface GanttTask {
  task: string;
  section: string;
  startTime: Date;
  endTime: Date;
}

interface MermaidApi {
  parse: (text: string) => Promise<{ diagramType: string } | false>;
  mermaidAPI: {
    getDiagramFromText: (text: string) => Promise<{ type: string; db: Record<string, unknown> }>;
  };
}

/**
 * Mermaid, loaded with this module, and each kind of diagram parsed once: Mermaid loads a diagram's parser
 * when it first meets one, and Jest refuses an import made while concurrent tests (the end-to-end
 * scenarios) are between tests, so every parser is loaded here, before any test runs.
 */
async function load(): Promise<MermaidApi> {
  const window = new Window();
  Object.assign(globalThis, { window, document: window.document });
  const api = ((await import('mermaid')) as unknown as { default: MermaidApi }).default;
  for (const text of ['gantt\n  dateFormat x\n  section s\n  a :0, 1', 'xychart-beta\n  line [1, 2]']) {
    await api.parse(text);
    await api.mermaidAPI.getDiagramFromText(text);
  }
  return api;
}

const loaded = await load();
const mermaid = (): Promise<MermaidApi> => Promise.resolve(loaded);

/** What a gantt parsed into: its title, and each bar's section, text and times (ms since the epoch). */
export interface ParsedGantt {
  title: string;
  bars: { section: string; text: string; from: number; to: number }[];
}

/** What an xychart parsed into: its title, its axes' titles, and its line's values. */
export interface ParsedXyChart {
  title: string;
  xTitle: string;
  yTitle: string;
  lines: number[][];
}

/** Parses a diagram with Mermaid's parser: throws Mermaid's own error when it does not parse. */
export async function parseDiagram(text: string): Promise<{ type: string; db: Record<string, unknown> }> {
  const api = await mermaid();
  await api.parse(text);
  return api.mermaidAPI.getDiagramFromText(text);
}

/** A gantt as Mermaid reads it; throws when the text is no gantt, or does not parse. */
export async function parseGantt(text: string): Promise<ParsedGantt> {
  const { type, db } = await parseDiagram(text);
  if (type !== 'gantt') throw new Error(`not a gantt: ${type}`);
  const title = (db.getDiagramTitle as () => string)();
  const tasks = (db.getTasks as () => GanttTask[])();
  return {
    title,
    bars: tasks.map((task) => ({
      section: task.section,
      text: task.task.trim(),
      from: task.startTime.getTime(),
      to: task.endTime.getTime()
    }))
  };
}

/** An xychart as Mermaid reads it; throws when the text is no xychart, or does not parse. */
export async function parseXyChart(text: string): Promise<ParsedXyChart> {
  const { type, db } = await parseDiagram(text);
  if (type !== 'xychart') throw new Error(`not an xychart: ${type}`);
  const data = (db.getXYChartData as () => XyData)();
  return {
    title: (db.getDiagramTitle as () => string)(),
    xTitle: data.xAxis.title,
    yTitle: data.yAxis.title,
    lines: data.plots.filter((plot) => plot.type === 'line').map((plot) => plot.data.map(([, y]) => y))
  };
}

interface XyData {
  xAxis: { title: string };
  yAxis: { title: string };
  plots: { type: string; data: [string, number][] }[];
}

/** The Mermaid blocks of a Markdown text: each fenced block whose language is mermaid. */
export function mermaidBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  const fence = /^(`{3,})mermaid\n([\s\S]*?)\n\1$/gm;
  for (let match = fence.exec(markdown); match !== null; match = fence.exec(markdown))
    blocks.push(match[2] ?? '');
  return blocks;
}
