import * as core from '@actions/core';
import { cleanUpTask, type CleanupAction, type CleanupOutcome } from './deploy/cleanup.js';
import { mapLimit } from './basics/concurrency.js';
import { awaitNewTasks, searchByName, type CreateLookup, type LookupContext } from './deploy/create.js';
import { describeError } from './platform/failures.js';
import { formatDuration, InputError } from './action/inputs.js';
import { manualStop } from './action/manual-stop.js';
import { cleanupCall, searchByNameCall } from './platform/operations.js';
import { DEFAULT_BACKOFF } from './platform/retry.js';
import { runnerRuntime, settingsFromRunner } from './action/runner.js';
import { sanitize } from './basics/safe-text.js';
import type { Settings } from './action/settings.js';
import { sender } from './deploy/step.js';
import { escape } from './action/summary.js';

/** Retries of one cleanup call: cleanup_timeout bounds them first, whatever max_retries says. */
const CLEANUP_RETRIES = 20;

/** A task the post step acts on, and why it is this step's to clean up. */
interface Target {
  id: string;
  action: CleanupAction;
  /** created: the step's task; twin: made too by an earlier attempt of a re-sent create; found: made by a create whose answer the step never read. */
  why: 'created' | 'twin' | 'found';
}

/**
 * The post step: stops or pauses every task the main step created, whatever happened to the job. It also
 * finds, by name, a task a create may have made without the step learning its id (the job was cancelled
 * with the request in flight, or the answer carried no id), and stops any second task a re-sent create
 * left. Stop and pause are retried until cleanup_timeout; a task that cannot be cleaned up fails the step
 * with an error annotation and a job summary saying how to stop it by hand.
 */
export async function run(): Promise<void> {
  const cleanup = core.getState('cleanup');
  const action: CleanupAction | undefined = cleanup === 'stop' || cleanup === 'pause' ? cleanup : undefined;
  const created = JSON.parse(core.getState('created_task_ids') || '[]') as string[];
  const lookupState = core.getState('create_lookup');
  const lookup = lookupState === '' ? undefined : (JSON.parse(lookupState) as CreateLookup);
  if (action === undefined && lookup === undefined) return;
  if (created.length === 0 && lookup === undefined) {
    core.info(`cleanup (${cleanup}): this step created no task`);
    return;
  }
  let runtime: ReturnType<typeof runnerRuntime> | undefined;
  const label = `cleanup (${cleanup || 'none'})`;
  try {
    const settings = settingsFromRunner();
    runtime = runnerRuntime(settings, new AbortController().signal);
    const deadline = runtime.now() + settings.cleanupTimeoutMs;
    const ctx: LookupContext = {
      send: sender(settings, runtime, deadline),
      searchCall: (name, page) => searchByNameCall(settings, name, page),
      policy: { maxRetries: CLEANUP_RETRIES, ...DEFAULT_BACKOFF, deadline },
      deps: { now: runtime.now, sleep: runtime.sleep, random: runtime.random, log: runtime.log }
    };
    const found = await targetsByName(lookup, created, action, settings, ctx);
    const targets = [
      ...found.targets,
      ...(action === undefined ? [] : created.map((id): Target => ({ id, action, why: 'created' })))
    ];
    const outcomes = await mapLimit(targets, settings.concurrency, async (target) => ({
      target,
      outcome: await cleanUpTask(target.id, target.action, settings, ctx)
    }));
    for (const { target, outcome } of outcomes) core.info(describeOutcome(target, outcome, lookup));
    const failed = outcomes.filter((o) => o.outcome.kind === 'failed');
    if (failed.length === 0 && found.problem === undefined) return;
    await giveUp(settings, failed, found.problem, label);
  } catch (error) {
    core.setFailed(`${label} failed: ${error instanceof InputError ? error.message : String(error)}`);
  } finally {
    runtime?.client.dispose();
  }
}

/**
 * The tasks found by name that are this step's to clean up. With no task id known, a create may still
 * have made one: the platform is asked for up to request_timeout, and every new task of the name is
 * cleaned up as cleanup says. With ids known, any other new task of the name is a twin and is stopped.
 */
async function targetsByName(
  lookup: CreateLookup | undefined,
  created: string[],
  action: CleanupAction | undefined,
  settings: Settings,
  ctx: LookupContext
): Promise<{ targets: Target[]; problem: string | undefined }> {
  if (lookup === undefined) return { targets: [], problem: undefined };
  const name = JSON.stringify(sanitize(lookup.taskName, 100));
  const existing = new Set(lookup.existingIds);
  if (created.length === 0) {
    core.info(
      `cleanup: the create of this step got no task id; looking for a new task named ${name} for up to ${formatDuration(settings.requestTimeoutMs)}`
    );
    const found = await awaitNewTasks(lookup.taskName, existing, {
      ...ctx,
      graceMs: settings.requestTimeoutMs
    });
    if (found.kind === 'unknown') {
      return {
        targets: [],
        problem: `could not look for a task named ${name} (${found.why}), which the create of this step may have made: look for it in the platform's console and stop it`
      };
    }
    if (found.kind !== 'found') {
      core.info(`cleanup: no new task named ${name} appeared, so the create made none`);
      return { targets: [], problem: undefined };
    }
    if (action === undefined) {
      core.warning(
        `the create of this step made task ${found.ids.join(', ')} (named ${name}) without the step learning its id; cleanup is none, so it keeps running`
      );
      return { targets: [], problem: undefined };
    }
    return { targets: found.ids.map((id) => ({ id, action, why: 'found' })), problem: undefined };
  }
  try {
    const all = await searchByName(
      'cleanup: looking for a second task of the same name',
      lookup.taskName,
      ctx
    );
    const twins = all.filter((id) => !existing.has(id) && !created.includes(id));
    return { targets: twins.map((id) => ({ id, action: 'stop', why: 'twin' })), problem: undefined };
  } catch (error) {
    return {
      targets: [],
      problem: `could not look for a second task named ${name} (${describeError(error)}), which an earlier attempt of the create may have made: look for it in the platform's console and stop it`
    };
  }
}

function describeOutcome(target: Target, outcome: CleanupOutcome, lookup: CreateLookup | undefined): string {
  const verb = target.action === 'stop' ? 'stopped' : 'paused';
  const name = JSON.stringify(sanitize(lookup?.taskName ?? '', 100));
  const what =
    target.why === 'twin'
      ? `, a second task named ${name} made by an earlier attempt of the create`
      : target.why === 'found'
        ? `, named ${name}, made by the create whose answer this step never read`
        : '';
  switch (outcome.kind) {
    case 'done':
      return `cleanup: ${verb} task ${target.id}${what}`;
    case 'already':
      return `cleanup: task ${target.id} is already ${outcome.state}${what}`;
    case 'failed':
      return `cleanup: could not ${target.action} task ${target.id}${what}: ${outcome.why}`;
  }
}

/** Says loudly which tasks may still be running, how to stop them by hand, and fails the step. */
async function giveUp(
  settings: Settings,
  failed: { target: Target; outcome: CleanupOutcome }[],
  problem: string | undefined,
  label: string
): Promise<void> {
  const env = process.env;
  const uses =
    env.GITHUB_ACTION_REPOSITORY && env.GITHUB_ACTION_REF
      ? `${env.GITHUB_ACTION_REPOSITORY}@${env.GITHUB_ACTION_REF}`
      : 'elastic-deploy-action/elastic-deploy-action@v0';
  const summary = [`### Elastic deploy: ${label} failed`, ''];
  for (const { target, outcome } of failed) {
    const why = outcome.kind === 'failed' ? outcome.why : '';
    core.error(
      `task ${target.id} may still be running, and billing: the post step could not ${target.action} it within ${formatDuration(settings.cleanupTimeoutMs)} (${why}). Stop it by hand now: the job summary shows a step and a command that do, or stop it in the platform's console`,
      { title: 'Task left running' }
    );
    const { step, shell } = manualStop(settings, cleanupCall(settings, target.id, 'stop'), uses);
    summary.push(
      `**Task ${target.id} may still be running, and billing.** The post step could not ${target.action} it within ${formatDuration(settings.cleanupTimeoutMs)}. Stop it by hand now, with this step in any workflow:`,
      '',
      '```yaml',
      step,
      '```',
      ''
    );
    if (shell !== undefined) {
      summary.push(
        'or from a shell, with `DEPLOY_API_TOKEN` set (and `private.pem` for an RSA-mode key):',
        '',
        '```sh',
        shell,
        '```',
        ''
      );
    }
  }
  if (problem !== undefined) {
    core.error(problem, { title: 'Task may be left running' });
    summary.push(`**A task may be left running.** ${escape(problem)}.`, '');
  }
  try {
    await core.summary.addRaw(`${summary.join('\n')}\n`).write();
  } catch (error) {
    core.warning(`could not write the job summary: ${describeError(error)}`);
  }
  const ids = failed.map(({ target }) => target.id);
  core.setFailed(
    `${label} failed: ${ids.length > 0 ? `task ${ids.join(', ')} may still be running` : ''}${ids.length > 0 && problem !== undefined ? '; ' : ''}${problem ?? ''}`
  );
}
