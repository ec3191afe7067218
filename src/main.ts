import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as core from '@actions/core';
import { InputError } from './action/inputs.js';
import { failureOf, outputsOf, responseFileText } from './action/outputs.js';
import { runnerRuntime, settingsFromRunner } from './action/runner.js';
import { runStep } from './deploy/step.js';
import { renderSummary } from './action/summary.js';

/** The main step: make the calls, wait where asked, write outputs and summary, fail when it failed. */
export async function run(): Promise<void> {
  // A cancelled job gets SIGINT, then SIGTERM: stop waiting, and still write what is known.
  const cancel = new AbortController();
  const onSignal = (signal: NodeJS.Signals): void => {
    if (!cancel.signal.aborted)
      core.info(`received ${signal}: stopping, and writing the outputs known so far`);
    cancel.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  let operation = 'the action';
  try {
    core.saveState('isPost', 'true');
    const settings = settingsFromRunner();
    operation = settings.operation;
    core.saveState('cleanup', settings.cleanup);
    const created: string[] = [];
    const runtime = runnerRuntime(settings, cancel.signal, {
      onCreated: (taskId) => {
        created.push(taskId);
        core.saveState('created_task_ids', JSON.stringify(created));
      },
      // Saved before a create is sent: a job cancelled mid-request still lets the post step find the task.
      onCreateLookup: (lookup) => {
        core.saveState('create_lookup', lookup === undefined ? '' : JSON.stringify(lookup));
      }
    });
    try {
      const step = await runStep(settings, runtime);
      if (step.dryRun) {
        core.info('dry run: nothing was sent');
        return;
      }
      for (const [name, value] of Object.entries(outputsOf(step))) core.setOutput(name, value);
      core.setOutput('response_file', writeResponseFile(operation, responseFileText(step)));
      const failure = failureOf(step);
      if (settings.summary) await writeSummary(renderSummary(step, failure));
      if (failure !== undefined) core.setFailed(failure);
    } finally {
      runtime.client.dispose();
    }
  } catch (error) {
    core.setFailed(
      error instanceof InputError ? error.message : `${operation} failed unexpectedly: ${String(error)}`
    );
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  }
}

function writeResponseFile(operation: string, text: string): string {
  const path = join(process.env.RUNNER_TEMP ?? tmpdir(), `elastic-deploy-${operation}-${randomUUID()}.json`);
  writeFileSync(path, text, { mode: 0o600 });
  return path;
}

/** A summary that cannot be written is worth a warning, never a failed step. */
async function writeSummary(text: string): Promise<void> {
  try {
    await core.summary.addRaw(text).write();
  } catch (error) {
    core.warning(
      `could not write the job summary: ${error instanceof Error ? error.message : String(error)}`
    );
  }
}
