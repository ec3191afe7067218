import { InputError } from '../../basics/input-error.js';
import { sanitize } from '../../basics/safe-text.js';
import { formatDuration } from '../../basics/units.js';
import { describeError } from '../../platform/failures.js';
import { callFor } from '../../platform/operations/calls.js';
import { OPERATION_TABLE, type Plan } from '../../platform/operations/operation-table.js';
import { reportEntry, type StepResult } from '../engine/calls/step-result.js';
import type { DeployContext } from '../engine/context.js';
import { timedCopying, withCopies, sayCopies } from '../engine/flows/copying.js';
import type { Flow } from '../engine/flows/flow.js';
import { cleanupOf, startCalls, stepResult, tasksOf } from '../engine/flows/toolkit.js';
import { checkCopies } from '../engine/storage/check-copies.js';
import { printRequests } from '../engine/dry-run.js';
import type { RunnerHost, JitRunner } from '../engine/runner-host.js';
import type { DeploySettings } from '../engine/settings.js';
import { taskResult } from '../engine/wait/task-result.js';
import { checkRunnerBody, checkTrusted, runnerBody, runnerLabel, runnerNames } from './runner-names.js';
import { failRunners, openRunners, type Started } from './runner-side.js';
import { waitOnline, type WaitedRunners } from './runner-wait.js';

/**
 * GPU runners for a workflow's job (operation: runner), as one story: the event is checked (a fork's code
 * never gets a self-hosted runner unless allowed), each runner is registered with GitHub for one job and
 * started as a platform job of the runner image, its configuration in its container's env only; the step
 * waits until GitHub lists every runner online, and hands them over. A runner job that fails, or a runner
 * that does not come online in time, stops every runner job the step made and removes its runners: the
 * step fails saying why. A runner handed over takes one job and exits, and its platform job ends with it;
 * runner_timeout ends one that never got a job. The post step stops what the step made and did not hand
 * over (it failed, or was cancelled).
 */
export const runnerFlow: Flow = {
  plan: (settings) => {
    const taskName = settings.taskName;
    if (taskName === undefined)
      throw new InputError(
        "task_name is empty, but runner names its runners after it: set task_name to a short word, such as gpu (the runners' label is gpu-<run id>-<attempt>)"
      );
    const support = { timeoutSec: Math.round(settings.selfHosted.timeoutMs / 1000) };
    checkRunnerBody(settings.body, support);
    checkCopies(settings);
    // The create of one runner, planned now with the runners' form, so that every input is checked first.
    const plan = runnerPlan(settings, `${taskName}-1-1-1`, runnerBody(settings.body, 'checked', support));
    return {
      // The checked create, so that the step's checks of a create (gpu, resources, preheat) hold for it.
      plan,
      cleanup: cleanupOf({ ...settings, cleanup: 'stop' }),
      run: (ctx) => runRunners(taskName, ctx, plan),
      dryRun: (ctx) => dryRunRunners(taskName, ctx, plan)
    };
  }
};

/** The plan of one runner's create: a job's create, under the runner's name, with its body. */
function runnerPlan(settings: DeploySettings, name: string, body: Record<string, unknown>): Plan {
  const runnerSettings = { ...settings, taskName: name, body };
  return {
    operation: 'runner',
    calls: [callFor(runnerSettings, 'job', OPERATION_TABLE.runner, undefined)],
    wait: undefined
  };
}

async function runRunners(taskName: string, ctx: DeployContext, checked: Plan): Promise<StepResult> {
  // 1. GitHub, and the event: a fork's pull request, or pull_request_target, starts nothing unless allowed.
  const host = await openRunners(ctx);
  checkTrusted(host.run, ctx.settings.selfHosted.allowUntrusted);
  const label = runnerLabel(taskName, host.run);
  const names = runnerNames(label, ctx.settings.selfHosted.count);
  ctx.log(
    `runner: ${names.length} runner(s) labeled ${label} for ${host.scopeText}, each a platform job of at most ${formatDuration(ctx.settings.selfHosted.timeoutMs)}`
  );

  // 2. The data, copied into its volumes first: no GPU bills while it copies.
  const copiedIn = await timedCopying(checked, ctx, 'in');
  if (copiedIn.failed !== undefined) return withCopies(copiedIn.failed, copiedIn.copies);

  // 3. Each runner registered, then started: its configuration goes to its job's container env only.
  const started: Started[] = [];
  let runCtx = ctx;
  for (const name of names) {
    // Cancelled: no runner more is registered or made; what was made stays for the post step.
    if (ctx.runtime.cancelled())
      return withCopies(
        cancelled(started, { tasks: [], states: [], failure: undefined }, label, ctx, 'starting the runners'),
        copiedIn.copies
      );
    // One preheat, the first runner's: it warms where the runners are placed, for all of them.
    const preheated = started.length === 0 ? runCtx : withoutPreheat(runCtx);
    const { next, ...one } = await startRunner(name, label, host, preheated);
    runCtx = next;
    started.push(one);
    if (one.failure !== undefined)
      return withCopies(await failRunners(started, one.failure, host, label, ctx), copiedIn.copies);
  }

  // 4. Until GitHub lists every runner online; a runner job that ends or fails first fails the step.
  const waited = await waitOnline(started, host, label, ctx);
  if (waited.cancelled === true) return withCopies(cancelled(started, waited, label, ctx), copiedIn.copies);
  if (waited.failure !== undefined)
    return withCopies(
      await failRunners(started, waited.failure, host, label, ctx, waited.tasks),
      copiedIn.copies
    );

  // 5. Handed over: each runner runs on for its one job, so the post step stops none of them, nor takes
  //    one for a create that may land late (a job of its name found later is a twin: it is stopped).
  handOver(started, ctx);
  ctx.log(
    `runner: ${names.length} runner(s) online, labeled ${label}: runs-on: ["self-hosted", "${label}"]; each takes one job, and its platform job ends with it`
  );
  return withCopies(
    stepResult(checked, ctx, {
      calls: started.flatMap((one) => one.calls),
      tasks: waited.tasks,
      parts: [
        reportEntry('selfHosted', { action: 'started', label, states: waited.states, failure: undefined })
      ]
    }),
    copiedIn.copies
  );
}

/**
 * The runners handed over, taken out of what the post step finishes: out of the tasks created, and, where
 * a create of one may still land, counted among the tasks of its name that the post step never touches.
 */
function handOver(started: readonly Started[], ctx: DeployContext): void {
  const ids = started.flatMap((one) => (one.taskId === undefined ? [] : [one.taskId]));
  const { lookup } = ctx.cleanup.state();
  ctx.cleanup.update({
    created: ctx.cleanup.state().created.filter((id) => !ids.includes(id)),
    registrations: [],
    ...(lookup === undefined
      ? {}
      : { lookup: { ...lookup, existingIds: [...new Set([...lookup.existingIds, ...ids])] } })
  });
}

/**
 * The step was cancelled (while it waited, or between two runners): what it made stays recorded for the
 * post step, which stops it (this step's requests are cancelled with it); what is known is written.
 */
function cancelled(
  started: readonly Started[],
  waited: WaitedRunners,
  label: string,
  ctx: DeployContext,
  doing = 'waiting for the runners to come online'
): StepResult {
  const after = formatDuration(ctx.runtime.now() - ctx.startedAt);
  return stepResult({ operation: 'runner', calls: [], wait: undefined }, ctx, {
    calls: started.flatMap((one) => one.calls),
    tasks:
      waited.tasks.length > 0
        ? waited.tasks
        : started.flatMap((one) =>
            one.taskId === undefined ? [] : [taskResult(one.taskId, { name: one.name })]
          ),
    parts: [
      reportEntry('selfHosted', {
        action: 'started',
        label,
        states: waited.states,
        failure: `cancelled after ${after} while ${doing}: the post step stops the runner jobs this step made`
      })
    ]
  });
}

/** The context of a runner's create after the first: no preheat again. */
function withoutPreheat(ctx: DeployContext): DeployContext {
  const { preheat } = ctx.settings;
  return preheat.mode === 'none'
    ? ctx
    : { ...ctx, settings: { ...ctx.settings, preheat: { ...preheat, mode: 'none' } } };
}

/** Registers one runner with GitHub, then starts its platform job; what failed, if anything did. */
async function startRunner(
  name: string,
  label: string,
  host: RunnerHost,
  ctx: DeployContext
): Promise<Started & { next: DeployContext }> {
  let jit: JitRunner;
  try {
    jit = await host.register(name, [label, ...ctx.settings.selfHosted.labels]);
  } catch (error) {
    return {
      name,
      runnerId: undefined,
      taskId: undefined,
      calls: [],
      next: ctx,
      failure: `GitHub did not register runner ${name}: ${describeError(error)}`
    };
  }
  // Recorded at once: a step that fails or is cancelled from here on leaves it for the post step to remove.
  const { registrations } = ctx.cleanup.state();
  ctx.cleanup.update({
    registrations: [...registrations, { id: jit.runnerId, name, scope: ctx.settings.selfHosted.scope }]
  });
  ctx.log(`runner ${name}: registered with GitHub (runner id ${jit.runnerId}), starting its platform job`);
  const support = { timeoutSec: Math.round(ctx.settings.selfHosted.timeoutMs / 1000) };
  const planFor = (settings: DeploySettings): Plan =>
    runnerPlan(settings, name, runnerBody(settings.body, jit.encodedJitConfig, support));
  let calls = await startCalls(planFor(ctx.settings), ctx);
  let next = ctx;
  // Spot or on demand, chosen as a job's (spot_fallback): a Spot runner still Queued past queue_timeout is
  // stopped until it bills no more, then made on demand with the same configuration (its runner never
  // started); the runners after it are made on demand too.
  if (ctx.settings.spotFallback !== undefined)
    ({ calls, ctx: next } = await (
      await import('../engine/flows/spot-fallback.js')
    ).spotOrOnDemand(calls, ctx, planFor));
  const [task] = tasksOf(calls, next, () => []);
  const failed = calls.find((outcome) => outcome.error !== undefined);
  return {
    name,
    runnerId: jit.runnerId,
    taskId: task?.id,
    calls,
    next,
    failure:
      failed?.error === undefined && task !== undefined
        ? undefined
        : `the platform job of runner ${name} was not made: ${sanitize(failed?.error === undefined ? 'its create answered no task' : describeError(failed.error), 500)}`
  };
}

/** What the step would do: no runner is registered and nothing is made. */
async function dryRunRunners(
  taskName: string,
  ctx: DeployContext,
  checked: Plan
): Promise<StepResult | undefined> {
  const count = ctx.settings.selfHosted.count;
  sayCopies(ctx);
  printRequests(checked, ctx);
  ctx.log(
    `dry run: ${count} runner(s) named ${taskName}-<run id>-<attempt>-<n> would be registered with GitHub and started as platform jobs of at most ${formatDuration(ctx.settings.selfHosted.timeoutMs)}, each with its configuration in its container's env (not shown); nothing is registered or made`
  );
  return Promise.resolve(stepResult(checked, ctx, {}));
}
