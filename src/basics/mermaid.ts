// Mermaid diagrams as text (issue 63, point 9): a gantt of where the time went, an xychart line of what
// it cost. GitHub renders a ```mermaid block in a job summary and a comment; other hosts show the text,
// so every diagram is written beside plain text that says the same. The diagram is text: no dependency.

/** Gantt keywords a bar's text must not begin with: Mermaid would read the line as the keyword's. */
const KEYWORDS =
  /^(?:title|section|dateformat|axisformat|tickinterval|includes|excludes|todaymarker|weekday|weekend|inclusiveenddates|topaxis|acctitle|accdescr|click|call|href|displaymode)\b/i;

/**
 * Text a diagram may hold whatever it was (a task's name, a status from the server): letters, digits,
 * spaces and `. _ - + / ( ) ,` kept, every other character (a colon, a semicolon, a hash, a quote, a
 * percent sign, a backquote, a line break, a control or format character) a space; runs of spaces one;
 * at most `most` characters; `?` when nothing is left. Nothing in it can end a label, start a comment or
 * an entity, or close the fence of its block.
 */
export function diagramText(text: string, most = 40): string {
  const plain = text
    .replace(new RegExp('[^\\p{L}\\p{N} ._\\-+/(),]', 'gu'), ' ')
    .replace(/ {2,}/g, ' ')
    .trim();
  const chars = Array.from(plain);
  const cut =
    chars.length > most
      ? `${chars
          .slice(0, most - 3)
          .join('')
          .trimEnd()}...`
      : plain;
  return cut === '' ? '?' : cut;
}

/** A bar of a gantt: its row's text, its section, and when it ran (ms since the epoch). */
export interface GanttBar {
  readonly section: string;
  readonly text: string;
  readonly fromMs: number;
  readonly toMs: number;
}

/**
 * A gantt, its bars under their sections (in the order the sections first appear), on a time axis of the
 * moments given (dateFormat x: ms since the epoch), shown as hours, minutes and seconds. Every text is
 * made diagram text (see diagramText), and a bar's text never begins with a keyword of the gantt.
 */
export function ganttDiagram(title: string, bars: readonly GanttBar[]): string {
  const sections = [...new Set(bars.map((bar) => diagramText(bar.section, 60)))];
  const lines = ['gantt', `  title ${diagramText(title, 80)}`, '  dateFormat x', '  axisFormat %H:%M:%S'];
  for (const section of sections) {
    lines.push(`  section ${section}`);
    for (const bar of bars.filter((b) => diagramText(b.section, 60) === section)) {
      const text = diagramText(bar.text);
      const from = Math.round(bar.fromMs);
      lines.push(
        `  ${KEYWORDS.test(text) ? `- ${text}` : text} :${from}, ${Math.max(from, Math.round(bar.toMs))}`
      );
    }
  }
  return lines.join('\n');
}

/** A line chart: its title, its axes' titles, the x range its values spread evenly over, and the values. */
export interface LineChart {
  readonly title: string;
  readonly xTitle: string;
  readonly xFrom: number;
  readonly xTo: number;
  readonly yTitle: string;
  readonly values: readonly number[];
}

/**
 * An xychart of one line, its values spread evenly from xFrom to xTo, on a y axis from 0 to a little above
 * the most (or 0.01, when every value is 0). Numbers are written as decimals (never 1e-7), titles as diagram
 * text in quotes.
 */
export function lineDiagram(chart: LineChart): string {
  const top = Math.max(0, ...chart.values);
  const yTo = top === 0 ? 0.01 : top * 1.1;
  return [
    'xychart-beta',
    `  title "${diagramText(chart.title, 80)}"`,
    `  x-axis "${diagramText(chart.xTitle, 60)}" ${decimal(chart.xFrom)} --> ${decimal(Math.max(chart.xTo, chart.xFrom))}`,
    `  y-axis "${diagramText(chart.yTitle, 60)}" 0 --> ${decimal(yTo)}`,
    `  line [${chart.values.map(decimal).join(', ')}]`
  ].join('\n');
}

/** A number as a plain decimal, to the millionth (1e-7 is 0), without trailing zeros. */
export function decimal(value: number): string {
  const fixed = (Number.isFinite(value) ? value : 0).toFixed(6);
  const plain = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
  return plain === '-0' ? '0' : plain;
}

/**
 * A diagram as a Markdown block GitHub renders (```mermaid), with a blank line before and after. Diagram
 * text holds no backquote (see diagramText), so the fence cannot be closed early.
 */
export function mermaidBlock(diagram: string): string[] {
  return ['', '```mermaid', diagram, '```', ''];
}
