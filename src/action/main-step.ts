import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../basics/input-error.js';
import { runStep } from '../deploy/step.js';
import { planCalls, searchByNameCall } from '../platform/operations.js';
import { DEFAULT_BACKOFF } from '../platform/retry.js';
import { openSession } from '../platform/session.js';
import { oldGeneration } from '../deploy/replace.js';
import {
  diagnosticsJson,
  diagnosticsLog,
  diagnosticsSummary,
  redactor,
  type Redact
} from './diagnostics-report.js';
import type { StepResult } from '../deploy/result.js';
import type { Settings } from './settings.js';
import { dryRun } from './dry-run.js';
import type { ActionHost } from './host.js';
import { costLines, failureOf, outputsOf, responseFileText } from './outputs.js';
import { settingsFrom, stepRuntime } from './runtime.js';
import { renderSummary } from './summary.js';

/** The main step: make the calls, wait where asked, write outputs and summary, fail when it failed. */
export async function runMain(given: ActionHost): Promise<void> {
  // The secrets masked, to replace them in what is written besides the log (the diagnostics).
  const secrets: string[] = [];
  const host: ActionHost = {
    ...given,
    setSecret: (secret) => {
      secrets.push(secret);
      given.setSecret(secret);
    }
  };
  // A cancelled job gets SIGINT, then SIGTERM: stop waiting, and still write what is known.
  const cancel = new AbortController();
  const stopListening = host.onCancel((signal) => {
    if (!cancel.signal.aborted)
      host.info(`received ${signal}: stopping, and writing the outputs known so far`);
    cancel.abort();
  });
  let operation = 'the action';
  try {
    host.saveState('isPost', 'true');
    const settings = await settingsFrom(host);
    operation = settings.operation;
    // A replace that does not finish leaves its new task to the post step to stop, whatever cleanup says.
    host.saveState('cleanup', settings.operation === 'replace' ? 'stop' : settings.cleanup);
    const plan = planCalls(settings);
    host.info(`api profile: ${settings.apiProfile} (${settings.apiProfileReason})`);
    if (settings.dryRun && plan.sweep === undefined) {
      dryRun(plan, settings, host.info, Date.now());
      if (plan.replace === true) await dryRunReplace(settings, host, cancel.signal);
      host.info(
        plan.replace === true ? 'dry run: only the task search was sent' : 'dry run: nothing was sent'
      );
      return;
    }
    const created: string[] = [];
    const runtime = stepRuntime(settings, host, cancel.signal, {
      onCreated: (taskId) => {
        created.push(taskId);
        host.saveState('created_task_ids', JSON.stringify(created));
      },
      // Saved before a create is sent: a job cancelled mid-request still lets the post step find the task.
      onCreateLookup: (lookup) => {
        host.saveState('create_lookup', lookup === undefined ? '' : JSON.stringify(lookup));
      }
    });
    try {
      const step = await runStep(plan, settings, runtime, { dryRun: settings.dryRun });
      if (plan.replace === true && step.tasks[0]?.verdict === 'reached')
        host.saveState('cleanup', settings.cleanup);
      await report(host, step, { settings, follow: plan.calls[0]?.traits.follow, redact: redactor(secrets) });
    } finally {
      runtime.client.dispose();
    }
  } catch (error) {
    host.setFailed(
      error instanceof InputError ? error.message : `${operation} failed unexpectedly: ${String(error)}`
    );
  } finally {
    stopListening();
  }
}

/**
 * What the workflow sees of a step: outputs, the response file, the nodes' diagnostics (or, for the logs
 * and events operations, the nodes they read: printed, and the response file), the job summary, and the
 * failure.
 */
async function report(
  host: ActionHost,
  step: StepResult,
  how: { settings: Settings; follow: 'logs' | 'events' | undefined; redact: Redact }
): Promise<void> {
  const { settings, follow, redact } = how;
  for (const [name, value] of Object.entries<string>(outputsOf(step))) host.setOutput(name, value);
  costLines(step).forEach(host.info);
  const nodes = step.tasks.flatMap((task) => (task.diagnostics === undefined ? [] : [task.diagnostics]));
  for (const read of nodes) {
    const { title, lines } = diagnosticsLog(read, redact, follow);
    if (follow === undefined) host.startGroup(title);
    else host.info(title);
    lines.forEach(host.info);
    if (follow === undefined) host.endGroup();
  }
  const response = follow === undefined ? responseFileText(step) : diagnosticsJson(nodes, redact);
  host.setOutput('response_file', writeTempFile(host, settings.operation, response));
  const diagnosed = follow === undefined ? nodes : [];
  host.setOutput(
    'diagnostics_file',
    diagnosed.length === 0 ? '' : writeTempFile(host, 'diagnostics', diagnosticsJson(diagnosed, redact))
  );
  const failure = failureOf(step);
  if (settings.summary)
    await writeSummary(host, `${renderSummary(step, failure)}${diagnosticsSummary(diagnosed, redact)}`);
  if (failure !== undefined) host.setFailed(failure);
}

/** A replace in a dry run: the tasks it would stop once the new one is ready, read from the task search. */
async function dryRunReplace(settings: Settings, host: ActionHost, cancel: AbortSignal): Promise<void> {
  const runtime = stepRuntime(settings, host, cancel);
  try {
    const old = await oldGeneration(settings.taskName ?? '', {
      send: openSession(settings, runtime, runtime.now() + settings.requestTimeoutMs),
      searchCall: (name, page) => searchByNameCall(settings, name, page),
      policy: {
        maxRetries: settings.maxRetries,
        ...DEFAULT_BACKOFF,
        deadline: runtime.now() + settings.wait.timeoutMs
      },
      deps: { now: runtime.now, sleep: runtime.sleep, random: runtime.random, log: runtime.log }
    });
    host.info(
      old.length === 0
        ? 'dry run: no task of that name runs, so replace would stop none'
        : `dry run: once the new task is ready, replace would stop task ${old.join(', ')}`
    );
  } finally {
    runtime.client.dispose();
  }
}

/** A file of the step's own under RUNNER_TEMP, readable by the job's user alone. */
function writeTempFile(host: ActionHost, what: string, text: string): string {
  const path = join(host.env('RUNNER_TEMP') ?? tmpdir(), `elastic-deploy-${what}-${randomUUID()}.json`);
  writeFileSync(path, text, { mode: 0o600 });
  return path;
}

/** A summary that cannot be written is worth a warning, never a failed step. */
export async function writeSummary(host: ActionHost, text: string): Promise<void> {
  try {
    await host.appendSummary(text);
  } catch (error) {
    host.warning(
      `could not write the job summary: ${error instanceof Error ? error.message : String(error)}`
    );
  }
}
