import { diagnosticsJson, diagnosticsLog, diagnosticsSummary } from '../../src/action/diagnostics-report.js';
import { redactor } from '../../src/action/masker.js';
import { lastLines } from '../../src/basics/safe-text.js';
import type { TaskDiagnostics } from '../../src/deploy/engine/wait/diagnose.js';

const SECRET = 'tok-5f0c9e-secret';
const diagnostics: TaskDiagnostics = {
  taskId: '7',
  runningNodes: 1,
  notRunningNodes: 3,
  moreNodes: 2,
  unread: [],
  nodes: [
    {
      pointId: '7001',
      status: 'Running',
      problem: 'node 7001 (Running): container web CrashLoopBackOff, exit code 1, restarted 3 times',
      events: [
        {
          time: '2026-11-23 10:00:00',
          type: 'Normal',
          reason: 'Pulled',
          message: 'Pulled image "app:1"',
          service: 'web'
        },
        {
          time: '2026-11-23 10:00:09',
          type: 'Warning',
          reason: 'BackOff',
          message: 'Back-off restarting',
          service: 'web'
        }
      ],
      logs: [
        { service: 'web', lines: ['::error::pwned', `token=${SECRET}`, '<img src=x> [a](b)'], omitted: 47 }
      ],
      unread: ['the log of api: HTTP 500']
    }
  ]
};
const redact = redactor([SECRET, 'abc']);

describe('lastLines', () => {
  it('keeps the last lines, counting those left out, each made safe and cut short', () => {
    expect(lastLines('a\nb\r\nc\n', 2, 100)).toEqual({ lines: ['b', 'c'], omitted: 1 });
    expect(lastLines('x\u0007y ##[error]z', 5, 100)).toEqual({ lines: ['x y ## [error]z'], omitted: 0 });
    expect(lastLines('1234567890', 5, 5)).toEqual({ lines: ['1234…'], omitted: 0 });
    expect(lastLines('a\nb', 0, 5)).toEqual({ lines: [], omitted: 2 });
    expect(lastLines('', 5, 5)).toEqual({ lines: [''], omitted: 0 });
  });
});

describe('diagnostics as the step shows them', () => {
  it('prints every line after a prefix, so none runs as a workflow command, secrets replaced', () => {
    const { title, lines } = diagnosticsLog(diagnostics, redact);
    expect(title).toBe('diagnostics of task 7: 3 nodes not running, 1 running');
    // A job's: its pods that failed or restarted, of all (the others succeeded, or run).
    expect(diagnosticsLog({ ...diagnostics, failedNodes: 1 }, redactor([])).title).toBe(
      'diagnostics of task 7: 1 of its 4 pods failed or restarted'
    );
    expect(lines.every((line) => line.startsWith('│ '))).toBe(true);
    expect(lines).toEqual([
      '│ node 7001 (Running): container web CrashLoopBackOff, exit code 1, restarted 3 times',
      '│   events (the last 2):',
      '│     2026-11-23 10:00:00 Normal Pulled (web): Pulled image "app:1"',
      '│     2026-11-23 10:00:09 Warning BackOff (web): Back-off restarting',
      '│   log of web (the last 3 lines, 47 before them not shown):',
      '│     ::error::pwned',
      '│     token=***',
      '│     <img src=x> [a](b)',
      '│   could not read the log of api: HTTP 500',
      '│ 2 more nodes, not shown'
    ]);
  });

  it('shows each node in a collapsible section of the summary, every server character escaped', () => {
    const summary = diagnosticsSummary([diagnostics], redact);
    expect(summary).toContain('<details><summary>node 7001 &#40;Running&#41;&#58; container web');
    expect(summary).toContain('<pre>');
    expect(summary).not.toMatch(/<img|\]\(|::error::|tok-5f0c9e/);
    expect(summary).toContain('token&#61;&#42;&#42;&#42;');
    expect(diagnosticsSummary([], redact)).toBe('');
  });

  it('writes the file as JSON with the secrets replaced', () => {
    const text = diagnosticsJson([diagnostics], redact);
    expect(text).not.toContain(SECRET);
    expect(JSON.parse(text)).toMatchObject({ tasks: [{ taskId: '7', nodes: [{ pointId: '7001' }] }] });
  });
});
