import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { decimal, diagramText, ganttDiagram, lineDiagram, mermaidBlock } from '../../src/basics/mermaid.js';
import { mermaidBlocks, parseDiagram, parseGantt, parseXyChart } from '../helpers/mermaid.js';

// The diagrams of issue 63, point 9, read back by Mermaid's own parser: what it parsed into is what was
// meant, whatever text a task's name or a status from the server holds.

const HOSTILE = [
  'web: api; #1 %% comment',
  'title injected',
  'section x : 0, 1',
  'a\nb\r\nc',
  '```mermaid\nend```',
  '"quoted" <b>bold</b> &amp; #58;',
  'click x call alert()',
  '\u202eevil\u200b',
  '任务 svc-01 (GPU)',
  ''
];

describe('diagramText', () => {
  it('keeps words, digits and plain punctuation, and turns every other character into a space', () => {
    expect(diagramText('web: api; #1 %% x')).toBe('web api 1 x');
    expect(diagramText('a\nb')).toBe('a b');
    expect(diagramText('任务 svc-01 (GPU)')).toBe('任务 svc-01 (GPU)');
    expect(diagramText('`"<>&')).toBe('?');
    expect(diagramText('x'.repeat(50), 10)).toBe('xxxxxxx...');
  });

  it('never leaves a character that could end a label, begin a comment or an entity, or close a fence', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        expect(diagramText(text)).not.toMatch(/[:;#%"`\n\r<>&[\]{}]/u);
      })
    );
  });
});

describe('decimal', () => {
  it('writes plain decimals, never an exponent', () => {
    expect(decimal(0.0000001)).toBe('0');
    expect(decimal(0.002625)).toBe('0.002625');
    expect(decimal(12)).toBe('12');
    expect(decimal(Number.NaN)).toBe('0');
  });
});

describe('ganttDiagram, read by Mermaid', () => {
  it('parses into the sections and bars given, at the moments given', async () => {
    const at = Date.UTC(2026, 10, 29, 8, 0, 0);
    const text = ganttDiagram('Where the time went', [
      { section: 'task 7 web', text: 'Pending', fromMs: at, toMs: at + 12_000 },
      { section: 'task 7 web', text: 'Running', fromMs: at + 12_000, toMs: at + 45_000 },
      { section: 'copies', text: 'data copied in', fromMs: at - 5_000, toMs: at }
    ]);
    await expect(parseGantt(text)).resolves.toEqual({
      title: 'Where the time went',
      bars: [
        { section: 'task 7 web', text: 'Pending', from: at, to: at + 12_000 },
        { section: 'task 7 web', text: 'Running', from: at + 12_000, to: at + 45_000 },
        { section: 'copies', text: 'data copied in', from: at - 5_000, to: at }
      ]
    });
  });

  it('keeps hostile names and statuses in their label: no title, section, comment or click comes of them', async () => {
    for (const hostile of HOSTILE) {
      const text = ganttDiagram(hostile, [
        { section: hostile, text: hostile, fromMs: 1000, toMs: 2000 },
        { section: 'task 8', text: `Running ${hostile}`, fromMs: 2000, toMs: 3000 }
      ]);
      const parsed = await parseGantt(text);
      expect(parsed.title).toBe(diagramText(hostile, 80));
      expect(parsed.bars).toEqual([
        {
          section: diagramText(hostile, 60),
          text: expect.stringContaining(diagramText(hostile)) as string,
          from: 1000,
          to: 2000
        },
        { section: 'task 8', text: diagramText(`Running ${hostile}`), from: 2000, to: 3000 }
      ]);
    }
  });

  it('parses whatever the text, into as many bars as given', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.tuple(
            fc.string({ unit: 'binary', maxLength: 30 }),
            fc.string({ unit: 'binary', maxLength: 30 })
          ),
          {
            minLength: 1,
            maxLength: 4
          }
        ),
        async (rows) => {
          const bars = rows.map(([section, text], i) => ({
            section,
            text,
            fromMs: i * 1000,
            toMs: i * 1000 + 500
          }));
          const parsed = await parseGantt(ganttDiagram('t', bars));
          expect(parsed.bars).toHaveLength(rows.length);
          expect(parsed.bars.map((bar) => bar.from).sort((a, b) => a - b)).toEqual(
            bars.map((bar) => bar.fromMs)
          );
        }
      ),
      { numRuns: 40 }
    );
  });
});

describe('lineDiagram, read by Mermaid', () => {
  it('parses into the title, the axes and the values given', async () => {
    const text = lineDiagram({
      title: 'What job 7 cost (yuan)',
      xTitle: "minutes since the step's start",
      xFrom: 0.5,
      xTo: 3,
      yTitle: 'yuan',
      values: [0, 0.000875, 0.002625]
    });
    await expect(parseXyChart(text)).resolves.toEqual({
      title: 'What job 7 cost (yuan)',
      xTitle: 'minutes since the step s start',
      yTitle: 'yuan',
      lines: [[0, 0.000875, 0.002625]]
    });
  });

  it('keeps a hostile title in its quotes', async () => {
    for (const hostile of HOSTILE) {
      const parsed = await parseXyChart(
        lineDiagram({ title: hostile, xTitle: hostile, xFrom: 0, xTo: 1, yTitle: hostile, values: [1, 2] })
      );
      expect(parsed).toEqual({
        title: diagramText(hostile, 80),
        xTitle: diagramText(hostile, 60),
        yTitle: diagramText(hostile, 60),
        lines: [[1, 2]]
      });
    }
  });
});

describe('mermaidBlock', () => {
  it('fences the diagram as a mermaid block, blank lines around it', () => {
    expect(mermaidBlock('gantt')).toEqual(['', '```mermaid', 'gantt', '```', '']);
  });
});

describe('the docs', () => {
  it('hold Mermaid diagrams that Mermaid parses', async () => {
    const root = new URL('../../', import.meta.url);
    const pages = ['README.md', ...readdirSync(new URL('docs/', root)).map((page) => `docs/${page}`)];
    const blocks = pages
      .filter((page) => page.endsWith('.md'))
      .flatMap((page) => mermaidBlocks(readFileSync(new URL(page, root), 'utf8')));
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) await expect(parseDiagram(block)).resolves.toBeDefined();
  });
});
