import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import * as core from '@actions/core';
import { InputError } from './inputs.js';
import { failureOf, outputsOf, responseFileText } from './report.js';
import { newClient, settingsFromRunner } from './runner.js';
import { runStep } from './step.js';
import { renderSummary } from './summary.js';

/** The main step: make the calls, wait where asked, write outputs and summary, fail when it failed. */
export async function run(): Promise<void> {
  core.saveState('isPost', 'true');
  const client = newClient();
  let operation = 'the action';
  try {
    const settings = settingsFromRunner();
    operation = settings.operation;
    core.saveState('cleanup', settings.cleanup);
    const created: string[] = [];
    const step = await runStep(settings, {
      transport: client,
      now: Date.now,
      sleep: (ms) => sleep(ms),
      log: (line) => {
        core.info(line);
      },
      mask: core.setSecret,
      onCreated: (taskId) => {
        created.push(taskId);
        core.saveState('created_task_ids', JSON.stringify(created));
      }
    });
    if (step.dryRun) {
      core.info('dry run: nothing was sent');
      return;
    }
    for (const [name, value] of Object.entries(outputsOf(step))) core.setOutput(name, value);
    core.setOutput('response_file', writeResponseFile(operation, responseFileText(step)));
    const failure = failureOf(step);
    if (settings.summary) await writeSummary(renderSummary(step, failure));
    if (failure !== undefined) core.setFailed(failure);
  } catch (error) {
    core.setFailed(
      error instanceof InputError ? error.message : `${operation} failed unexpectedly: ${String(error)}`
    );
  } finally {
    client.dispose();
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
