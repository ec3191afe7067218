// Issue 61, point 4: a report part per kind and capability, registered in one place, so that the summary
// and the outputs ask the parts what a step holds of them and chain through no optional field of a kind's.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { outputsOf, verdictOf } from '../../src/action/outputs.js';
import { renderSummary } from '../../src/action/summary.js';
import { reportEntry } from '../../src/deploy/engine/calls/step-result.js';
import { REPORT_PARTS } from '../../src/deploy/report-parts.js';
import { KINDS } from '../../src/platform/task-kinds.js';
import { stepResult } from '../helpers/step-result.js';

const source = (path: string): string =>
  readFileSync(fileURLToPath(new URL(`../../src/${path}`, import.meta.url)), 'utf8');

/** The fields StepResult held, one a kind or a capability, before its parts: none may come back. */
const PART_FIELDS = [
  'change',
  'volume',
  'volumeList',
  'transfer',
  'transferList',
  'preview',
  'maxCost',
  'logFile'
];

const names = REPORT_PARTS.map((part) => part.name);

const step = stepResult;

describe('the report parts', () => {
  it('give every kind its part, each part registered once by its name', () => {
    expect(new Set(names).size).toBe(names.length);
    const kinds = Object.keys(KINDS).sort();
    expect(kinds.filter((kind) => !REPORT_PARTS.some((part) => part.kind === kind))).toEqual([]);
    // One part a kind: a second part of a kind would be a second place for what the kind reports.
    const ofKinds = REPORT_PARTS.flatMap((part) => (part.kind === undefined ? [] : [part.kind]));
    expect([...ofKinds].sort()).toEqual(kinds);
  });

  it('write only outputs the step writes, and show money only for outputs of their own', () => {
    const written = Object.keys(outputsOf(step({})));
    for (const part of REPORT_PARTS) {
      expect(part.outputs.filter((name) => !written.includes(name))).toEqual([]);
      expect(Object.keys(part.money).filter((name) => !part.outputs.includes(name))).toEqual([]);
    }
  });

  it('say nothing of a step that holds nothing of theirs: every output of theirs empty, no line', () => {
    const empty = step({});
    for (const part of REPORT_PARTS) {
      expect([part.lead(empty), part.withTasks(empty), part.alone(empty)]).toEqual([[], [], []]);
      expect([part.values(empty), part.failure(empty), part.costTitle(empty)]).toEqual([
        {},
        undefined,
        undefined
      ]);
    }
    const outputs = outputsOf(empty);
    const owned = new Set(REPORT_PARTS.flatMap((part) => part.outputs));
    // status and count are every step's too (its tasks'); a part's stands over them when it says one.
    const ownOnly = [...owned].filter((name) => !['status', 'count'].includes(name));
    expect(ownOnly.map((name) => outputs[name as keyof typeof outputs])).toEqual(ownOnly.map(() => ''));
  });

  it("write what a part says into the outputs, and say a part's failure as the step's", () => {
    const previewed = step({
      operation: 'preview_sweep',
      parts: [
        reportEntry('preview', {
          number: undefined,
          taskName: 'web',
          totalPoints: '2500000',
          failure: 'a refusal'
        })
      ]
    });
    expect(outputsOf(previewed).total_cost).toBe('2.500000');
    expect(renderSummary(previewed, { passed: true })).toContain('No preview of web was stopped.');
    expect(verdictOf(previewed)).toEqual({ passed: false, why: 'preview_sweep: a refusal' });
  });

  it('leave StepResult no optional field of a kind or a capability: one list of part entries holds them', () => {
    const text = source('deploy/engine/calls/step-result.ts');
    const body = /export interface StepResult \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? '';
    const fields = [...body.matchAll(/^ {2}readonly (\w+)\??:/gm)].map((m) => m[1] ?? '');
    expect(fields).toContain('parts');
    expect(fields.filter((field) => PART_FIELDS.includes(field) || names.includes(field))).toEqual([]);
  });

  it.each(['action/summary.ts', 'action/outputs.ts'])('%s names no part and reads no part field', (path) => {
    const text = source(path);
    const fields = new RegExp(`\\.(${[...PART_FIELDS, 'parts'].join('|')})\\b`, 'g');
    expect([...text.matchAll(fields)].map((m) => m[0])).toEqual([]);
    const named = new RegExp(`['"\`](${names.join('|')})['"\`]`, 'g');
    expect([...text.matchAll(named)].map((m) => m[0])).toEqual([]);
    expect(text).not.toMatch(/\breportOf\b/);
  });
});
