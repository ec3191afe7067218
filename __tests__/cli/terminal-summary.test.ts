// The job summary as a terminal shows it (the demo; a terminal has no markdown), the file unchanged.
import { shortened, terminalSummary, unescapeEntities } from '../../src/cli/terminal-summary.js';
import { escape } from '../../src/action/summary.js';

describe('terminalSummary', () => {
  it('aligns a table, drops the marks of headings, notes and folds, and undoes every entity', () => {
    const name = 'web | "α" <b>x</b>';
    const markdown = [
      '### Elastic deploy: create succeeded',
      '',
      '| Task | Name | Cost |',
      '|---|---|---|',
      `| 1229831 | ${escape(name)} | 0&#46;5 yuan |`,
      '| 7 | 北京一区 | ✅ ready |',
      '',
      '<sub>Cost: billed plus not billed yet.</sub>',
      '',
      '<details><summary>Status timeline</summary>',
      '',
      '- 0s: task 1229831 Pending',
      '',
      '</details>',
      '',
      '```',
      '  log line kept as it is',
      '```'
    ].join('\n');
    expect(terminalSummary(markdown)).toBe(
      [
        'Elastic deploy: create succeeded',
        '',
        'Task     Name                Cost',
        '───────  ──────────────────  ────────',
        `1229831  ${name}  0.5 yuan`,
        '7        北京一区            ✅ ready',
        '',
        'Cost: billed plus not billed yet.',
        '',
        'Status timeline:',
        '',
        '- 0s: task 1229831 Pending',
        '',
        '    log line kept as it is',
        ''
      ].join('\n')
    );
  });

  it('begins no line as a workflow command, and keeps control characters as entities', () => {
    expect(terminalSummary(`${escape('::warning::x')}\n`)).toBe(' ::warning::x\n');
    expect(unescapeEntities('a&#10;b&#27;c')).toBe('a&#10;b&#27;c');
  });

  it('shortens a long value, saying how long it was', () => {
    expect(shortened('x'.repeat(10), 20)).toBe('x'.repeat(10));
    expect(shortened('x'.repeat(900), 20)).toBe(`${'x'.repeat(19)}… (900 characters)`);
  });
});
