import { escape } from '../../basics/markdown-text.js';
import { readableYuan, yuanOf } from '../../platform/money.js';
import { reportOf, type RunnerReport, type StepResult } from '../engine/calls/step-result.js';
import { reportPart } from '../engine/report/report-part.js';
import { taskCost, yuanText } from '../engine/report/report-text.js';
import { runsOn } from './runner-names.js';

// The runners' part (the runner kind's): the runners a step started, stopped or swept, each with its
// platform job and its runner as GitHub lists it; the outputs a workflow's later jobs run on.

export const RUNNER_PART = reportPart<RunnerReport>({
  name: 'selfHosted',
  kind: 'runner',
  of: (step) => reportOf(step, 'selfHosted'),
  summary: { lead: runnerLines },
  outputs: ['runner_label', 'runner_names', 'runs_on', 'total_cost'],
  values: (report) => ({
    runner_label: report.action === 'started' ? (report.label ?? '') : '',
    runner_names: report.action === 'started' ? JSON.stringify(report.states.map((r) => r.name)) : '',
    runs_on:
      report.action === 'started' && report.label !== undefined && report.failure === undefined
        ? JSON.stringify(runsOn(report.label))
        : '',
    total_cost: report.totalPoints === undefined ? '' : (yuanOf(report.totalPoints) ?? '')
  }),
  failure: (report) => report.failure,
  money: { total_cost: readableYuan }
});

const TITLES: Readonly<Record<RunnerReport['action'], string>> = {
  started: 'Runners started',
  stopped: 'Runners stopped',
  swept: 'Runners swept'
};

/** A table of the runners: each one's name, platform job, its status, GitHub's word for it, its cost. */
function runnerLines(report: RunnerReport, step: StepResult): string[] {
  const costs = new Map(step.tasks.map((task) => [task.id, taskCost(task)]));
  const heading = `#### ${TITLES[report.action]}${report.label === undefined ? '' : ` (label ${escape(report.label)})`}`;
  if (report.states.length === 0) return [heading, '', 'None.', ''];
  return [
    heading,
    '',
    `| Runner | Job | Job status | On GitHub | Cost |${report.action === 'swept' ? ' Why |' : ''}`,
    `|---|---|---|---|---|${report.action === 'swept' ? '---|' : ''}`,
    ...report.states.map(
      (r) =>
        `| ${escape(r.name)} | ${r.taskId ?? ''} | ${escape(r.job)} | ${escape(r.github)} | ${yuanText(r.taskId === undefined ? undefined : costs.get(r.taskId))} |${report.action === 'swept' ? ` ${escape(r.why ?? '')} |` : ''}`
    ),
    '',
    ...(report.totalPoints === undefined
      ? []
      : [`They have cost ${yuanText(yuanOf(report.totalPoints) ?? '')} in all.`, ''])
  ];
}
