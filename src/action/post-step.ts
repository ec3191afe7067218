import { InputError } from '../basics/input-error.js';
import { sanitize } from '../basics/safe-text.js';
import { formatDuration } from '../basics/units.js';
import {
  CLEANUP_RETRIES,
  cleanUpAfterStep,
  type CleanupAction,
  type CleanupOutcome,
  type CleanupTarget
} from '../deploy/cleanup.js';
import type { CreateLookup } from '../deploy/create.js';
import { cleanupCall, searchByNameCall } from '../platform/operations.js';
import { DEFAULT_BACKOFF } from '../platform/retry.js';
import { openSession } from '../platform/session.js';
import type { ActionHost } from './host.js';
import { writeSummary } from './main-step.js';
import { manualStop } from './manual-stop.js';
import { settingsFrom, stepRuntime } from './runtime.js';
import type { Settings } from './settings.js';
import { escape } from './summary.js';

/**
 * The post step: stops or pauses every task the main step created, whatever happened to the job. It also
 * finds, by name, a task a create may have made without the step learning its id (the job was cancelled
 * with the request in flight, or the answer carried no id), and stops any second task a re-sent create
 * left. Stop and pause are retried until cleanup_timeout; a task that cannot be cleaned up fails the step
 * with an error annotation and a job summary saying how to stop it by hand.
 */
export async function runPost(host: ActionHost): Promise<void> {
  const cleanup = host.state('cleanup');
  const action: CleanupAction | undefined = cleanup === 'stop' || cleanup === 'pause' ? cleanup : undefined;
  const created = JSON.parse(host.state('created_task_ids') || '[]') as string[];
  const lookupState = host.state('create_lookup');
  const lookup = lookupState === '' ? undefined : (JSON.parse(lookupState) as CreateLookup);
  if (action === undefined && lookup === undefined) return;
  if (created.length === 0 && lookup === undefined) {
    host.info(`cleanup (${cleanup}): this step created no task`);
    return;
  }
  let runtime: ReturnType<typeof stepRuntime> | undefined;
  const label = `cleanup (${cleanup || 'none'})`;
  try {
    const settings = await settingsFrom(host);
    runtime = stepRuntime(settings, host, new AbortController().signal);
    const deadline = runtime.now() + settings.cleanupTimeoutMs;
    const { outcomes, problem } = await cleanUpAfterStep(created, lookup, action, {
      settings,
      send: openSession(settings, runtime, deadline),
      searchCall: (name, page) => searchByNameCall(settings, name, page),
      policy: { maxRetries: CLEANUP_RETRIES, ...DEFAULT_BACKOFF, deadline },
      deps: { now: runtime.now, sleep: runtime.sleep, random: runtime.random, log: runtime.log },
      graceMs: settings.requestTimeoutMs,
      concurrency: settings.concurrency,
      warn: runtime.warn
    });
    for (const { target, outcome } of outcomes) host.info(describeOutcome(target, outcome, lookup));
    const failed = outcomes.filter((o) => o.outcome.kind === 'failed');
    if (failed.length === 0 && problem === undefined) return;
    await giveUp(host, settings, failed, problem, label);
  } catch (error) {
    host.setFailed(`${label} failed: ${error instanceof InputError ? error.message : String(error)}`);
  } finally {
    runtime?.client.dispose();
  }
}

function describeOutcome(
  target: CleanupTarget,
  outcome: CleanupOutcome,
  lookup: CreateLookup | undefined
): string {
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
  host: ActionHost,
  settings: Settings,
  failed: { target: CleanupTarget; outcome: CleanupOutcome }[],
  problem: string | undefined,
  label: string
): Promise<void> {
  const repository = host.env('GITHUB_ACTION_REPOSITORY');
  const ref = host.env('GITHUB_ACTION_REF');
  const uses = repository && ref ? `${repository}@${ref}` : 'elastic-deploy-action/elastic-deploy-action@v0';
  const summary = [`### Elastic deploy: ${label} failed`, ''];
  for (const { target, outcome } of failed) {
    const why = outcome.kind === 'failed' ? outcome.why : '';
    host.error(
      `task ${target.id} may still be running, and billing: the post step could not ${target.action} it within ${formatDuration(settings.cleanupTimeoutMs)} (${why}). Stop it by hand now: the job summary shows a step and a command that do, or stop it in the platform's console`,
      'Task left running'
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
    host.error(problem, 'Task may be left running');
    summary.push(`**A task may be left running.** ${escape(problem)}.`, '');
  }
  await writeSummary(host, `${summary.join('\n')}\n`);
  const ids = failed.map(({ target }) => target.id);
  host.setFailed(
    `${label} failed: ${ids.length > 0 ? `task ${ids.join(', ')} may still be running` : ''}${ids.length > 0 && problem !== undefined ? '; ' : ''}${problem ?? ''}`
  );
}
