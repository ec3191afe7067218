import { InputError } from '../basics/input-error.js';
import {
  cleanupRecorder,
  deployContext,
  planStep,
  reportOf,
  runStep,
  stepRuntime,
  type StepResult,
  checkActionCapability,
  type Settings
} from '../deploy/door.js';
import { diagnosticsJson, diagnosticsLog, diagnosticsSummary } from './diagnostics-report.js';
import { maskingHost, type Redact } from './masker.js';
import type { StepHost } from './host.js';
import { forManyRequests } from './compiler-tiers.js';
import { costLines, outputsOf, responseFileText, verdictOf } from './outputs.js';
import { hostHooks, settingsFrom } from './runtime.js';
import { saveCleanup } from './saved-cleanup.js';
import { renderSummary } from './summary.js';
import { checkFilesDirectory, notRolledBack, writeSummary, writeTempFile } from './step-files.js';
import { goesOn, pullRequestsOpener } from './pull-request-step.js';
import { runnersOpener } from './runner-step.js';

/** The main step: make the calls, wait where asked, write outputs and summary, fail when it failed. */
export async function runMain(given: StepHost): Promise<void> {
  // The secrets masked are replaced in whatever is written besides the log: outputs, summary, files.
  const { host, redact } = maskingHost(given);
  // A cancelled job gets SIGINT, then SIGTERM: stop waiting, and still write what is known.
  const cancel = new AbortController();
  const stopListening = host.onCancel((signal) => {
    if (!cancel.signal.aborted)
      host.info(`received ${signal}: stopping, and writing the outputs known so far`);
    cancel.abort();
  });
  let operation = 'the action';
  try {
    // A capability's action (job/, data/...) runs its own operations only: refused before any other input is read.
    try {
      checkActionCapability(host.input);
    } catch (error) {
      // Nothing was started: the post step, seeing the main step ran, finds nothing to finish.
      host.saveState({ isPost: 'true' });
      throw error;
    }
    if (!(await goesOn(host))) return;
    host.saveState({ isPost: 'true' });
    const settings = await settingsFrom(host);
    operation = settings.operation;
    await runPlanned(host, settings, { cancel: cancel.signal, redact });
  } catch (error) {
    if (error instanceof InputError) host.setFailed(error.message, 'input');
    else host.setFailed(`${operation} failed unexpectedly: ${String(error)}`, 'failed');
  } finally {
    stopListening();
  }
}

/**
 * Plans the step (every input checked before anything is sent), leaves its cleanup for the post step,
 * runs it (or its dry run) with one deploy context, and reports it.
 */
async function runPlanned(
  host: StepHost,
  settings: Settings,
  how: { cancel: AbortSignal; redact: Redact }
): Promise<void> {
  const planned = await planStep(settings);
  // Where the step's files go must take them: found now, not once the task was made and waited on.
  checkFilesDirectory(host);
  forManyRequests(planned.plan.calls.length);
  const cleanup = cleanupRecorder(planned.cleanup, (state) => {
    saveCleanup(host, state);
  });
  host.info(`api profile: ${settings.apiProfile} (${settings.apiProfileReason})`);
  const pullRequests = pullRequestsOpener(host, settings, how.cancel);
  const runnerHost = runnersOpener(host, settings, how.cancel);
  const runtime = stepRuntime(settings, {
    ...hostHooks(host, how.cancel, how.redact),
    ...(pullRequests === undefined ? {} : { pullRequests }),
    ...(runnerHost === undefined ? {} : { runnerHost })
  });
  try {
    const ctx = deployContext(settings, runtime, { budgetMs: settings.wait.timeoutMs, cleanup });
    const step = await runStep(planned, ctx, { dryRun: settings.dryRun });
    if (step !== undefined) report(host, step, { settings, redact: how.redact });
  } finally {
    runtime.dispose();
  }
}

/**
 * What the workflow sees of a step: outputs, the response file, the nodes' diagnostics (or, for the logs
 * and events operations, the nodes they read: printed, and the response file), the job summary, and the
 * failure.
 */
function report(host: StepHost, step: StepResult, how: { settings: Settings; redact: Redact }): void {
  const { settings, redact } = how;
  const follow = step.nodeReads;
  costLines(step).forEach(host.info);
  const nodes = step.tasks.flatMap((task) => (task.diagnostics === undefined ? [] : [task.diagnostics]));
  for (const read of nodes) {
    const { title, lines } = diagnosticsLog(read, redact, follow);
    if (follow === undefined) host.startGroup(title);
    else host.info(title);
    lines.forEach(host.info);
    if (follow === undefined) host.endGroup();
  }
  const { restore } = reportOf(step, 'change') ?? {};
  const diagnosed = follow === undefined ? nodes : [];
  // A bulk step wrote its answers as they came: its data output and response file are those files.
  const { answers } = step;
  const { data, ...outputs } = outputsOf(step);
  host.setOutputs(
    {
      ...outputs,
      ...(answers === undefined ? { data } : {}),
      response_file:
        answers?.response ??
        writeTempFile(
          host,
          settings.operation,
          follow === undefined ? responseFileText(step) : diagnosticsJson(nodes, redact),
          redact
        ),
      restore_file:
        restore === undefined
          ? ''
          : notRolledBack(
              host,
              restore,
              'the rollback did not complete; its file is the restore_file output',
              redact
            ),
      diagnostics_file:
        diagnosed.length === 0
          ? ''
          : writeTempFile(host, 'diagnostics', diagnosticsJson(diagnosed, redact), redact)
    },
    answers === undefined ? undefined : { data: answers.data }
  );
  const verdict = verdictOf(step);
  if (settings.summary)
    writeSummary(host, () => `${renderSummary(step, verdict)}${diagnosticsSummary(diagnosed, redact)}`);
  const capped = [...step.tasks, ...step.replaced].some((task) => task.verdict === 'capped');
  if (!verdict.passed)
    host.setFailed(verdict.why, capped ? 'capped' : step.timedOut ? 'timed_out' : 'failed');
}
