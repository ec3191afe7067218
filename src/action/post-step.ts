import { runnersOpener } from './runner-step.js';
import { InputError } from '../basics/input-error.js';
import { sanitize } from '../basics/safe-text.js';
import { formatDuration } from '../basics/units.js';
import {
  CLEANUP_DONE,
  deployContext,
  finishCleanup,
  leftovers,
  manualStop,
  manualSweep,
  stepRuntime,
  type CleanupOutcome,
  type CleanupReport,
  type CleanupTarget,
  type CreateLookup,
  type RollbackReport,
  type ScaleBackReport,
  type UnsettledCreate,
  type Settings
} from '../deploy/door.js';
import type { StepHost } from './host.js';
import { notRolledBack, writeSummary } from './step-files.js';
import { maskingHost, type Redact } from './masker.js';
import { hostHooks, settingsForCleanup } from './runtime.js';
import { savedCleanup } from './saved-cleanup.js';
import { escape, fenced } from './summary.js';

/**
 * The post step on GitHub's runner. A job cancelled again while its post step runs signals that step
 * too (SIGINT, then SIGTERM), and with no listener the first would end it mid-stop, leaving a task
 * billing. It goes on until its cleanup ends, within cleanup_timeout, saying so; the runner's SIGKILL
 * still ends it. (elastic-deploy shields its own cleanup the same way.)
 */
export async function runPostOnRunner(host: StepHost): Promise<void> {
  const unshield = host.onCancel((signal) => {
    host.warning(`post step: received ${signal}; its cleanup goes on until it ends, within cleanup_timeout`);
  });
  try {
    await runPost(host);
  } finally {
    unshield();
  }
}

/** The post step's runtime, with GitHub for the runners a runner step registered and did not hand over. */
function postRuntime(host: StepHost, settings: Settings, redact: Redact): ReturnType<typeof stepRuntime> {
  const cancel = new AbortController().signal;
  const runnerHost = runnersOpener(host, settings, cancel);
  return stepRuntime(settings, {
    ...hostHooks(host, cancel, redact),
    ...(runnerHost === undefined ? {} : { runnerHost })
  });
}

/**
 * The post step: finishes what the main step left (see CleanupState), whatever happened to the job:
 * stops or pauses every task it created, finds by name a task a create may have made without the step
 * learning its id, stops any second task a re-sent create left, and the tasks a replace was retiring.
 * Stop and pause are retried until cleanup_timeout; a task that cannot be cleaned up fails the step with
 * an error annotation and a job summary saying how to stop it by hand.
 */
export async function runPost(given: StepHost): Promise<void> {
  // The secrets masked are replaced in whatever is written besides the log: the summary, a restore file.
  const { host, redact } = maskingHost(given);
  const state = savedCleanup(host);
  const label = `cleanup (${host.state('cleanup') || 'none'})`;
  if (leftovers(state).length === 0) {
    if (state.action !== undefined) host.info(`${label}: this step created no task`);
    return;
  }
  let runtime: ReturnType<typeof stepRuntime> | undefined;
  try {
    const settings = await settingsForCleanup(host);
    runtime = postRuntime(host, settings, redact);
    const ctx = deployContext(settings, runtime, { budgetMs: settings.cleanupTimeoutMs });
    const report = await finishCleanup(state, ctx);
    const { outcomes, unsettled, preheats = [], rollback, scaleBack } = report;
    if (rollback !== undefined) reportRollback(host, rollback, redact);
    if (scaleBack !== undefined) reportScaleBack(host, label, scaleBack);
    for (const { target, outcome } of outcomes) host.info(describeOutcome(target, outcome, state.lookup));
    for (const { taskId, outcome } of preheats) {
      if (outcome.kind === 'shown')
        host.info(`cleanup: stopped image preheat task ${taskId}, which had not completed`);
      else
        host.warning(
          `could not stop image preheat task ${taskId} (${sanitize(outcome.why, 300)}): the platform's reference says a preheat holds no compute, but stop it in the console's image preheat list`
        );
    }
    const transfersLeft = reportTransfers(host, report.transfers ?? []);
    reportSftpSessions(host, label, report.sftpSessions ?? []);
    const volumesLeft = reportVolumes(host, report.volumes ?? []);
    if (transfersLeft.length > 0)
      host.setFailed(
        `${label} failed: transfer ${transfersLeft.join(', ')} could not be stopped: stop it with operation transfer_stop`,
        'cleanup'
      );
    const failed = outcomes.filter((o) => o.outcome.kind === 'failed');
    if (volumesLeft.length > 0)
      host.setFailed(
        `${label} failed: volume ${volumesLeft.join(', ')} could not be deleted; it is billed by the GiB until it is: delete it with operation volume_delete`,
        'cleanup'
      );
    if (rollback?.problem !== undefined)
      host.setFailed(
        `${label} failed: the update of task ${rollback.taskId} could not be rolled back`,
        'cleanup'
      );
    if (failed.length === 0 && unsettled === undefined) return;
    giveUp(host, settings, { failed, unsettled }, label);
  } catch (error) {
    host.setFailed(
      `${label} failed: ${error instanceof InputError ? error.message : String(error)}`,
      error instanceof InputError ? 'input' : 'cleanup'
    );
  } finally {
    runtime?.dispose();
  }
}

/** Says how the stop of each transfer the step left under way ended; answers those that may still run. */
function reportTransfers(host: StepHost, transfers: NonNullable<CleanupReport['transfers']>): string[] {
  const left: string[] = [];
  for (const { left: transfer, outcome } of transfers) {
    const named = transfer.id ?? JSON.stringify(sanitize(transfer.name, 60));
    if (outcome.kind === 'shown') {
      host.info(
        outcome.accepted
          ? `cleanup: stopped transfer ${named}, which the step left under way: it is ${sanitize(outcome.state, 40)}`
          : `cleanup: transfer ${named}: ${sanitize(outcome.state, 200)}`
      );
      continue;
    }
    left.push(named);
    host.warning(`could not stop transfer ${named}: ${sanitize(outcome.why, 300)}`);
  }
  return left;
}

/**
 * Says how the destroy of each SFTP session the step left open ended; one left open fails the post step:
 * its credentials stay valid until it expires.
 */
function reportSftpSessions(
  host: StepHost,
  label: string,
  sessions: NonNullable<CleanupReport['sftpSessions']>
): void {
  const left: string[] = [];
  for (const { left: session, outcome } of sessions) {
    if (outcome.kind === 'shown') {
      host.info(
        `cleanup: the SFTP session of volume ${session.storageId}, which the step left open, is closed (${sanitize(outcome.state, 200)})`
      );
      continue;
    }
    left.push(session.storageId);
    host.warning(
      `could not destroy the SFTP session of volume ${session.storageId}: ${sanitize(outcome.why, 300)}`
    );
  }
  if (left.length > 0)
    host.setFailed(
      `${label} failed: the SFTP session of volume ${left.join(', ')} could not be destroyed: its credentials stay valid until it expires: end it in the platform's console`,
      'cleanup'
    );
}

/**
 * Says how the deletion of each volume the step made for the run ended (volume_cleanup: delete); answers
 * those left, which still bill.
 */
function reportVolumes(host: StepHost, volumes: NonNullable<CleanupReport['volumes']>): string[] {
  const left: string[] = [];
  for (const { left: volume, outcome, kept, mountedBy } of volumes) {
    const named = `${volume.id ?? 'of no known id'} (${sanitize(volume.name, 40)})`;
    if (kept !== undefined && mountedBy !== undefined) {
      host.warning(
        `volume ${kept} (${sanitize(volume.name, 40)}) is kept, not deleted: it is mounted in ${mountedBy}, which this step did not stop (another run may have found it by name and use it), and deleting it would take the data from under it; it is billed by the GiB until it is deleted: once nothing mounts it, delete it with operation volume_delete (volume: ${kept}, confirm: ${kept})`
      );
      continue;
    }
    if (kept !== undefined) {
      host.warning(
        `volume ${kept} (${sanitize(volume.name, 40)}) is kept: this step's create of that name never answered, so nothing proves the step made it (another run may have); it is billed by the GiB until it is deleted: delete it with operation volume_delete (confirm: ${kept}) if it is of no use`
      );
      continue;
    }
    if (outcome.kind === 'shown') {
      host.info(
        outcome.accepted
          ? `cleanup: deleted volume ${named}, made for this run (volume_cleanup: delete): no list shows it`
          : `cleanup: volume ${named}: ${sanitize(outcome.state, 200)}`
      );
      continue;
    }
    left.push(volume.id ?? JSON.stringify(sanitize(volume.name, 40)));
    host.warning(`could not delete volume ${named}: ${sanitize(outcome.why, 300)}`);
  }
  return left;
}

/** Says how the rollback of an update ended; one that did not complete is an error, with the file to restore. */
function reportRollback(host: StepHost, rollback: RollbackReport, redact: Redact): void {
  if (rollback.problem === undefined) {
    host.info(
      `cleanup: rolled back the update of task ${rollback.taskId}: it serves the configuration it had`
    );
    return;
  }
  notRolledBack(
    host,
    { taskId: rollback.taskId, configuration: rollback.restore },
    `the post step could not roll its update back (${sanitize(rollback.problem, 300)})`,
    redact
  );
}

/**
 * Says how a scale up the main step left ended; one the post step could not judge or set back fails it,
 * saying the count to set by hand.
 */
function reportScaleBack(host: StepHost, label: string, scale: ScaleBackReport): void {
  if (scale.said !== undefined) {
    host.info(scale.said);
    return;
  }
  host.setFailed(
    `${label} failed: task ${scale.taskId} may run a failing node (${sanitize(scale.problem ?? '', 300)}): check its nodes, and set its points back to ${scale.points} (operation change_points) if a new one fails`,
    'cleanup'
  );
}

function describeOutcome(
  target: CleanupTarget,
  outcome: CleanupOutcome,
  lookup: CreateLookup | undefined
): string {
  const verb = CLEANUP_DONE[target.action];
  const name = JSON.stringify(sanitize(lookup?.taskName ?? '', 100));
  const what = {
    twin: `, a second task named ${name} made by an earlier attempt of the create`,
    found: `, named ${name}, made by the create whose answer this step never read`,
    retired: ', of the generation the replace was retiring',
    created: ''
  }[target.why];
  switch (outcome.kind) {
    case 'done':
      return `cleanup: ${verb} task ${target.id}${what}`;
    case 'already':
      return `cleanup: task ${target.id} is already ${outcome.state}${what}`;
    case 'failed':
      return `cleanup: could not ${target.action} task ${target.id}${what}: ${outcome.why}`;
  }
}

/** What the post step could not finish: tasks it could not clean up, and a create it could not settle. */
interface Leftovers {
  failed: { target: CleanupTarget; outcome: CleanupOutcome }[];
  unsettled: UnsettledCreate | undefined;
}

/** Says loudly which tasks may still be running, how to stop them by hand, and fails the step. */
function giveUp(host: StepHost, settings: Settings, left: Leftovers, label: string): void {
  const repository = host.env('GITHUB_ACTION_REPOSITORY');
  const ref = host.env('GITHUB_ACTION_REF');
  const uses = repository && ref ? `${repository}@${ref}` : 'elastic-deploy-action/elastic-deploy-action@v0';
  const within = formatDuration(settings.cleanupTimeoutMs);
  const summary = [`### Elastic deploy: ${label} failed`, ''];
  for (const { target, outcome } of left.failed) {
    // Why, with how long it was really asked (cleanup_timeout's deadline, or less when it never could be).
    const why = outcome.kind === 'failed' ? outcome.why : '';
    const asked = `within cleanup_timeout ${within}`;
    const command = host.byHand?.stop(target.id);
    host.error(
      `task ${target.id} may still be running, and billing: the post step could not ${target.action} it ${asked} (${why}). Stop it by hand now: ${command === undefined ? 'the job summary shows a step and a command that do' : runWithVariables(command)}, or stop it in the platform's console`,
      'Task left running'
    );
    const { step, shell } = manualStop(settings, target.id, uses);
    summary.push(
      `**Task ${target.id} may still be running, and billing.** The post step could not ${target.action} it ${asked}. Stop it by hand now, ${command === undefined ? 'with this step in any workflow:' : RUN_WITH_VARIABLES}`,
      ...(command === undefined ? fenced('yaml', step) : fenced('sh', command))
    );
    if (shell !== undefined) {
      summary.push(
        'or from a shell, with `DEPLOY_API_TOKEN` set (and `private.pem` for an RSA-mode key):',
        ...fenced('sh', shell)
      );
    }
  }
  if (left.unsettled !== undefined) summary.push(...unsettledCreate(host, settings, left.unsettled, uses));
  writeSummary(host, () => `${summary.join('\n')}\n`);
  const ids = left.failed.map(({ target }) => `task ${target.id} may still be running`);
  const { unsettled } = left;
  const named =
    unsettled === undefined
      ? []
      : [`a task named ${JSON.stringify(sanitize(unsettled.taskName, 100))} may be running`];
  host.setFailed(`${label} failed: ${[...ids, ...named].join('; ')}`, 'cleanup');
}

/**
 * Says that a create may have made a task the post step could not look for, and how to stop it by hand
 * (an error, and the job summary's lines).
 */
function unsettledCreate(
  host: StepHost,
  settings: Settings,
  unsettled: UnsettledCreate,
  uses: string
): string[] {
  const name = JSON.stringify(sanitize(unsettled.taskName, 100));
  const command = host.byHand?.sweep(unsettled.taskName, unsettled.keep);
  // The sweep of the task's own kind: a job's is a list of the jobs of the name, each stopped by hand.
  const sweep = manualSweep(settings, unsettled.taskName, unsettled.keep, uses);
  host.error(
    `a task named ${name} may be running, and billing: the create of this step may have made it without the step learning its id, and the post step could not look for it until it could no longer appear (${unsettled.why}). Look for it and stop it now: ${command === undefined ? `the job summary shows how (${sweep.how})` : `${runWithVariables(command)}, and ${sweep.how}`}`,
    'Task may be left running'
  );
  return [
    `**A task named ${escape(name)} may be running, and billing.** The create of this step may have made it without the step learning its id, and the post step could not look for it until it could no longer appear (${escape(unsettled.why)}). Look for it in the platform's console, or ${escape(sweep.how)}, ${command === undefined ? 'with this step in any workflow:' : RUN_WITH_VARIABLES}`,
    ...(command === undefined ? fenced('yaml', sweep.step) : fenced('sh', command))
  ];
}

/** How the summary introduces the host's own command (the CLI's), which needs the run's credentials. */
const RUN_WITH_VARIABLES = "with this command, run with this run's ELASTIC_DEPLOY_* variables:";

/** The host's own command, in a log line. */
const runWithVariables = (command: string): string =>
  `run \`${command}\` with this run's ELASTIC_DEPLOY_* variables`;
