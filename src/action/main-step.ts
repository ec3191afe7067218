import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { InputError } from '../basics/input-error.js';
import { runStep } from '../deploy/step.js';
import { planCalls } from '../platform/operations.js';
import { diagnosticsJson, diagnosticsLog, diagnosticsSummary, redactor } from './diagnostics-report.js';
import { dryRun } from './dry-run.js';
import type { ActionHost } from './host.js';
import { failureOf, outputsOf, responseFileText } from './outputs.js';
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
    host.saveState('cleanup', settings.cleanup);
    const plan = planCalls(settings);
    host.info(`api profile: ${settings.apiProfile} (${settings.apiProfileReason})`);
    if (settings.dryRun) {
      dryRun(plan, settings, host.info, Date.now());
      host.info('dry run: nothing was sent');
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
      const step = await runStep(plan, settings, runtime);
      for (const [name, value] of Object.entries<string>(outputsOf(step))) host.setOutput(name, value);
      const redact = redactor(secrets);
      const diagnosed = step.tasks.flatMap((task) =>
        task.diagnostics === undefined ? [] : [task.diagnostics]
      );
      const follow = plan.calls[0]?.traits.follow;
      if (follow !== undefined) {
        // The logs and events operations: their nodes are what the step is for, printed and in response_file.
        for (const nodes of diagnosed) {
          const { title, lines } = diagnosticsLog(nodes, redact, follow);
          [title, ...lines].forEach(host.info);
        }
        host.setOutput('response_file', writeTempFile(host, operation, diagnosticsJson(diagnosed, redact)));
        host.setOutput('diagnostics_file', '');
        const failure = failureOf(step);
        if (settings.summary) await writeSummary(host, renderSummary(step, failure));
        if (failure !== undefined) host.setFailed(failure);
        return;
      }
      host.setOutput('response_file', writeTempFile(host, operation, responseFileText(step)));
      for (const diagnostics of diagnosed) {
        const { title, lines } = diagnosticsLog(diagnostics, redact);
        host.startGroup(title);
        lines.forEach(host.info);
        host.endGroup();
      }
      host.setOutput(
        'diagnostics_file',
        diagnosed.length === 0 ? '' : writeTempFile(host, 'diagnostics', diagnosticsJson(diagnosed, redact))
      );
      const failure = failureOf(step);
      if (settings.summary)
        await writeSummary(host, `${renderSummary(step, failure)}${diagnosticsSummary(diagnosed, redact)}`);
      if (failure !== undefined) host.setFailed(failure);
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
