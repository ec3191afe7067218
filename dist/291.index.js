export const id = 291;
export const ids = [291];
export const modules = {

/***/ 2291:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runPost: () => (/* binding */ runPost),
  runPostOnRunner: () => (/* binding */ runPostOnRunner)
});

// EXTERNAL MODULE: ./action/runner-step.ts
var runner_step = __webpack_require__(6024);
// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./deploy/engine/cleanup-state.ts
var cleanup_state = __webpack_require__(6289);
// EXTERNAL MODULE: ./deploy/engine/step-runtime.ts + 2 modules
var step_runtime = __webpack_require__(8500);
// EXTERNAL MODULE: ./deploy/engine/context.ts
var context = __webpack_require__(3742);
// EXTERNAL MODULE: ./basics/concurrency.ts
var concurrency = __webpack_require__(5833);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./protocol/json.ts
var json = __webpack_require__(6539);
// EXTERNAL MODULE: ./deploy/engine/secret-fields.ts
var secret_fields = __webpack_require__(3439);
// EXTERNAL MODULE: ./deploy/engine/cleanup/restore-configuration.ts
var restore_configuration = __webpack_require__(4471);
// EXTERNAL MODULE: ./deploy/engine/cleanup/finish-scale-back.ts
var finish_scale_back = __webpack_require__(3150);
// EXTERNAL MODULE: ./deploy/engine/tasks/clean-up-task.ts
var clean_up_task = __webpack_require__(7378);
// EXTERNAL MODULE: ./deploy/engine/tasks/find-tasks.ts
var find_tasks = __webpack_require__(518);
// EXTERNAL MODULE: ./deploy/engine/create/preheat.ts
var preheat = __webpack_require__(5945);
// EXTERNAL MODULE: ./deploy/engine/storage/delete-volume.ts + 2 modules
var delete_volume = __webpack_require__(9774);
// EXTERNAL MODULE: ./deploy/engine/storage/stop-transfer.ts
var stop_transfer = __webpack_require__(8819);
;// CONCATENATED MODULE: ./deploy/engine/cleanup/finish-cleanup.ts














/**
 * One finisher per kind of leftover (see LEFTOVER_KINDS, whose order the post step follows): a kind
 * added to the ledger needs its finisher here, and nothing else.
 */
const FINISHERS = {
    rollback: async (rollback, _state, ctx) => rollback === undefined ? {} : { rollback: await finishRollback(rollback, ctx) },
    scaleBack: async (scaleBack, _state, ctx) => scaleBack === undefined ? {} : { scaleBack: await (0,finish_scale_back/* finishScaleBack */.D)(scaleBack, ctx) },
    created: async (created, { action, lookup }, ctx) => ({
        outcomes: action === undefined
            ? []
            : await cleanUpAll(created.map((id) => ({ id, action, why: 'created' })), ctx, lookup?.taskName)
    }),
    retire: async (retire, { lookup }, ctx) => ({
        outcomes: await cleanUpAll(retire.map((id) => ({ id, action: 'stop', why: 'retired' })), ctx, lookup?.taskName)
    }),
    preheats: async (preheats, _state, ctx) => ({
        preheats: await (0,concurrency/* mapLimit */.s)(preheats, ctx.settings.concurrency, async (taskId) => ({
            taskId,
            outcome: await (0,preheat/* stopPreheat */.Ks)(taskId, ctx)
        }))
    }),
    transfers: async (transfers, _state, ctx) => transfers.length === 0
        ? {}
        : {
            transfers: await (0,concurrency/* mapLimit */.s)(transfers, ctx.settings.concurrency, async (left) => ({
                left,
                outcome: await (0,stop_transfer/* stopTransferLeft */.Nd)(left, ctx)
            }))
        },
    volumes: async (volumes, _state, ctx, done) => {
        if (volumes.length === 0)
            return {};
        const own = stoppedTasks(done);
        return {
            volumes: await (0,concurrency/* mapLimit */.s)(volumes, ctx.settings.concurrency, async (left) => ({
                left,
                ...(await (0,delete_volume/* deleteVolumeLeft */.P)(left, ctx, own))
            }))
        };
    },
    runners: async (runners, _state, ctx) => {
        await removeRunnersLeft(runners, ctx);
        return {};
    },
    lookup: async (lookup, { created, action }, ctx) => lookup === undefined ? {} : lateTasks(lookup, created, action, ctx)
};
/**
 * What the post step does with what the main step left, the ledger (see CleanupState): each kind of
 * leftover by its finisher, in the ledger's order. It rolls back an update, sets back a scale up whose
 * new nodes fail, stops or pauses every task it created, as `action` says, stops the tasks it was retiring,
 * whatever `action` says, the image preheats that had not completed, and deletes the volumes it made
 * for the run (volume_cleanup: delete), once nothing but the tasks it stopped mounts them (one another's
 * task mounts is kept, and said). Then, when a create may have
 * made a task the step does not know (see lateTasks), looks for it by name until it can no longer appear:
 * that look is the post step's last request.
 */
async function finishCleanup(state, ctx) {
    let report = { outcomes: [], unsettled: undefined };
    for (const kind of cleanup_state/* LEFTOVER_ORDER */.P$) {
        const part = await finishKind(kind, state, ctx, report);
        report = { ...report, ...part, outcomes: [...report.outcomes, ...(part.outcomes ?? [])] };
    }
    return report;
}
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- K ties the kind's spec to its value (a correlated union)
function finishKind(kind, state, ctx, done) {
    return FINISHERS[kind](state[kind], state, ctx, done);
}
/**
 * The tasks the post step has stopped (or found ended): a volume they alone mount is the step's to delete
 * once the list no longer shows them mounting it. A paused task, or one whose stop failed, is not of them:
 * it may still run, and a volume it mounts is not deleted under it.
 */
function stoppedTasks(done) {
    return new Set(done.outcomes
        .filter(({ target, outcome }) => target.action === 'stop' && outcome.kind !== 'failed')
        .map(({ target }) => target.id));
}
/**
 * Finishes the rollback of an update the main step left (it was cancelled, or its own rollback ran out of
 * time): posts back the configuration the task had and waits until it serves again, within the context's
 * deadline (cleanup_timeout).
 */
async function finishRollback(rollback, ctx) {
    const { taskId } = rollback;
    if (rollback.lost !== undefined)
        return {
            taskId,
            problem: `the configuration it had could not be read back (${rollback.lost})`,
            restore: undefined
        };
    ctx.log(`cleanup: the update of task ${taskId} did not complete; rolling it back`);
    let problem;
    try {
        const outcome = await (0,restore_configuration/* restoreConfiguration */.R)(rollback, ctx, ctx.deadline);
        problem = outcome.kind === 'serving' ? undefined : `it ${outcome.why ?? outcome.kind}`;
    }
    catch (error) {
        problem = (0,failures/* describeError */.Uc)(error);
    }
    if (problem === undefined) {
        ctx.log(`cleanup: task ${taskId} serves the configuration it had before the update again`);
        return { taskId, problem, restore: undefined };
    }
    const restore = (0,secret_fields/* redactFields */.$F)((0,json/* parseJson */.qF)(rollback.configuration));
    return { taskId, problem, restore };
}
function cleanUpAll(targets, ctx, name) {
    return (0,concurrency/* mapLimit */.s)(targets, ctx.settings.concurrency, async (target) => ({
        target,
        outcome: await (0,clean_up_task.cleanUpTask)(target.id, target.action, ctx, name)
    }));
}
/**
 * The tasks a create made that the step does not know: with no task id known, the task the create may
 * have made (cleaned up as `action` says; with none, it is left running, with a warning); with ids known,
 * a twin an earlier attempt made (stopped). An attempt's task may appear until `lookup.landsBy`, so the
 * name is searched until then, every task that appears is cleaned up at once, and a last search is sent
 * after it, unless every attempt's task has turned up by then; a last search that fails is sent again
 * while the cleanup deadline allows. When the deadline comes first, or every last search failed, the
 * outcome is unsettled: never read as "the create made none".
 */
async function lateTasks(lookup, created, action, ctx) {
    const handled = new Set([...lookup.existingIds, ...created]);
    // The first task found is the create's, when the step knows none; any other is a twin, stopped.
    let kind = created.length === 0 ? 'found' : 'twin';
    const name = JSON.stringify((0,safe_text/* sanitize */.aj)(lookup.taskName, 100));
    const left = Math.max(0, lookup.landsBy - ctx.runtime.now());
    ctx.log(created.length === 0
        ? `cleanup: the create of this step got no task id; looking for a new task named ${name} for ${(0,units/* formatDuration */.a3)(left)}, until the create can no longer land`
        : `cleanup: an earlier attempt of the create may still land; looking for a second task named ${name} for ${(0,units/* formatDuration */.a3)(left)}`);
    const outcomes = [];
    // Each attempt makes one task at most; the step's own task (created) is one attempt's.
    let outstanding = lookup.attempts - Math.min(created.length, 1);
    while (outstanding > 0) {
        const found = await (0,find_tasks/* awaitNewTasks */.lC)(lookup.taskName, handled, lookup.landsBy, ctx, 'cleanup');
        if (found.kind === 'none') {
            ctx.log(`cleanup: a task search sent after the create could no longer land found no other new task named ${name}`);
            return { outcomes, unsettled: undefined };
        }
        if (found.kind === 'found') {
            const oldestFirst = [...found.ids].sort((a, b) => (BigInt(a) < BigInt(b) ? -1 : 1));
            const first = kind === 'found' ? oldestFirst[0] : undefined;
            const others = first === undefined ? oldestFirst : oldestFirst.slice(1);
            if (first !== undefined)
                outcomes.push(...(await cleanUpFound([first], 'found', action, ctx, lookup.taskName)));
            if (others.length > 0)
                outcomes.push(...(await cleanUpFound(others, 'twin', action, ctx, lookup.taskName)));
            kind = 'twin';
            for (const id of found.ids)
                handled.add(id);
            outstanding -= found.ids.length;
            continue;
        }
        const why = found.kind === 'unknown'
            ? `the last task search failed (${found.why})`
            : 'the cleanup_timeout ran out before the create could no longer land';
        return { outcomes, unsettled: { taskName: lookup.taskName, keep: [...handled], why } };
    }
    return { outcomes, unsettled: undefined };
}
/** Cleans up the tasks found by name: a twin is stopped; a found task as cleanup says (none: a warning). */
async function cleanUpFound(ids, why, action, ctx, taskName) {
    const cleanup = why === 'twin' ? 'stop' : action;
    if (cleanup === undefined) {
        ctx.runtime.warn(`the create of this step made task ${ids.join(', ')} (named ${JSON.stringify((0,safe_text/* sanitize */.aj)(taskName, 100))}) without the step learning its id; cleanup is none, so it keeps running`);
        return [];
    }
    return cleanUpAll(ids.map((id) => ({ id, action: cleanup, why })), ctx, taskName);
}
/**
 * Removes from GitHub the runners a step registered and did not hand over (it failed, or was cancelled):
 * a runner offline bills nothing, so one that cannot be removed is said, not failed on (runner_sweep, or
 * GitHub in time, removes it).
 */
async function removeRunnersLeft(runners, ctx) {
    if (runners.length === 0)
        return;
    const open = ctx.runtime.runnerHost;
    if (open === undefined || ctx.settings.previews.githubToken === undefined) {
        for (const runner of runners)
            ctx.log(`cleanup: runner ${runner.name} is left registered on GitHub (no github_token): offline, it bills nothing; runner_sweep removes it`);
        return;
    }
    for (const runner of runners) {
        try {
            const removal = await (await open(runner.scope)).remove(runner.id);
            const word = removal.outcome === 'removed' || removal.outcome === 'gone'
                ? 'removed it'
                : `found it still listed (${removal.outcome})`;
            ctx.log(`cleanup: runner ${runner.name}: GitHub ${word}`);
        }
        catch (error) {
            ctx.log(`cleanup: runner ${runner.name} could not be removed from GitHub (${(0,failures/* describeError */.Uc)(error)}): offline, it bills nothing; runner_sweep removes it`);
        }
    }
}

// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
;// CONCATENATED MODULE: ./deploy/engine/tasks/manual-stop.ts


/**
 * How to stop a task by hand when the post step could not: a workflow step with this action, and a
 * shell command that signs the request as the spec demands (for an endpoint that takes a plain body).
 * Secrets appear only as the names of variables and files the user fills in.
 */
function manualStop(settings, taskId, action) {
    const call = (0,calls/* cleanupCall */.PG)(settings, taskId, 'stop');
    // The stop of the task's own kind: a job's is job_stop.
    const step = actionStep(settings, action, [`    operation: ${call.operation}`, `    task_id: ${taskId}`]);
    const { endpoint } = call;
    if (endpoint.encrypt || endpoint.method !== 'POST')
        return { step, shell: undefined };
    const body = (0,json/* toCompactJson */.ZJ)(call.body ?? {});
    const url = `${settings.baseUrl}${endpoint.path}`;
    const headers = `-H "token: $DEPLOY_API_TOKEN" -H 'version: ${endpoint.version}' -H "timestamp: $ts" -H 'Content-Type: application/json'`;
    const shell = settings.credentials.mode === 'rsa'
        ? [
            `body='${body}'; ts=$(date +%s%3N)`,
            `sig=$(printf '%s\\n%s\\n%s\\n%s\\n%s' '${endpoint.path}' '${endpoint.version}' "$ts" "$DEPLOY_API_TOKEN" "$body" | openssl dgst -sha256 -sign private.pem | base64 -w0)`,
            `curl -sS -X POST '${url}' ${headers} -H "sign_str: $sig" --data-binary "$body"`
        ].join('\n')
        : [
            `body='${body}'; ts=$(date +%s%3N)`,
            `curl -sS -X POST '${url}' ${headers} --data-binary "$body"`
        ].join('\n');
    return { step, shell };
}
/**
 * How to stop by hand a task a create may have made without the step learning its id: a workflow step
 * that sweeps the exact name (a name without `*` matches itself only), keeping the tasks in `keep`
 * (`stops`: the step stops them itself). A sweep finds deployments only: for a job, a step that lists the
 * jobs of the name (job_search), each of which but those in `keep` is to stop with job_stop.
 */
function manualSweep(settings, taskName, keep, action) {
    const name = `    task_name: ${JSON.stringify(taskName)}`;
    const kind = (0,calls/* taskKindOf */.j2)(settings);
    if (kind.sweep === undefined) {
        const but = keep.length === 0 ? '' : ` but ${keep.join(', ')}, which existed before the step`;
        return {
            step: actionStep(settings, action, [`    operation: ${kind.search}`, name]),
            how: `list the ${kind.name}s of that name, and stop each one${but} with the ${kind.name}'s stop (operation ${kind.stop}; elastic-deploy ${kind.stop.replaceAll('_', '-')} --task-id N)`
        };
    }
    const step = actionStep(settings, action, [
        '    operation: sweep',
        name,
        ...(keep.length > 0 ? [`    task_id: ${JSON.stringify(keep.join(', '))}`] : [])
    ]);
    return { step, how: 'stop every task of that name but the ones that existed before the step' };
}
/** A workflow step that runs this action with `inputs`, its credentials read from the repository's secrets. */
function actionStep(settings, action, inputs) {
    return [
        `- uses: ${action}`,
        '  with:',
        ...inputs,
        `    base_url: ${settings.baseUrl}`,
        '    token: ${{ secrets.DEPLOY_API_TOKEN }}',
        ...(settings.credentials.mode === 'rsa' ? ['    private_key: ${{ secrets.DEPLOY_API_PRIVATE_KEY }}'] : [])
    ].join('\n');
}

// EXTERNAL MODULE: ./action/step-files.ts
var step_files = __webpack_require__(3991);
// EXTERNAL MODULE: ./action/masker.ts
var masker = __webpack_require__(180);
// EXTERNAL MODULE: ./action/runtime.ts + 1 modules
var action_runtime = __webpack_require__(7614);
// EXTERNAL MODULE: ./action/saved-cleanup.ts
var saved_cleanup = __webpack_require__(2457);
// EXTERNAL MODULE: ./action/summary.ts + 1 modules
var action_summary = __webpack_require__(481);
// EXTERNAL MODULE: ./basics/markdown-text.ts
var markdown_text = __webpack_require__(5621);
;// CONCATENATED MODULE: ./action/post-step.ts










/**
 * The post step on GitHub's runner. A job cancelled again while its post step runs signals that step
 * too (SIGINT, then SIGTERM), and with no listener the first would end it mid-stop, leaving a task
 * billing. It goes on until its cleanup ends, within cleanup_timeout, saying so; the runner's SIGKILL
 * still ends it. (elastic-deploy shields its own cleanup the same way.)
 */
async function runPostOnRunner(host) {
    const unshield = host.onCancel((signal) => {
        host.warning(`post step: received ${signal}; its cleanup goes on until it ends, within cleanup_timeout`);
    });
    try {
        await runPost(host);
    }
    finally {
        unshield();
    }
}
/**
 * The post step: finishes what the main step left (see CleanupState), whatever happened to the job:
 * stops or pauses every task it created, finds by name a task a create may have made without the step
 * learning its id, stops any second task a re-sent create left, and the tasks a replace was retiring.
 * Stop and pause are retried until cleanup_timeout; a task that cannot be cleaned up fails the step with
 * an error annotation and a job summary saying how to stop it by hand.
 */
async function runPost(given) {
    // The secrets masked are replaced in whatever is written besides the log: the summary, a restore file.
    const { host, redact } = (0,masker/* maskingHost */.nH)(given);
    const state = (0,saved_cleanup/* savedCleanup */.W)(host);
    const label = `cleanup (${host.state('cleanup') || 'none'})`;
    if ((0,cleanup_state/* leftovers */.To)(state).length === 0) {
        if (state.action !== undefined)
            host.info(`${label}: this step created no task`);
        return;
    }
    let runtime;
    try {
        const settings = await (0,action_runtime/* settingsForCleanup */.Zq)(host);
        const cancel = new AbortController().signal;
        // GitHub, for the runners a runner step registered and did not hand over.
        const runnerHost = (0,runner_step/* runnersOpener */.l)(host, settings, cancel);
        runtime = (0,step_runtime/* stepRuntime */.r)(settings, {
            ...(0,action_runtime/* hostHooks */.b7)(host, cancel, redact),
            ...(runnerHost === undefined ? {} : { runnerHost })
        });
        const ctx = (0,context/* deployContext */.H3)(settings, runtime, { budgetMs: settings.cleanupTimeoutMs });
        const report = await finishCleanup(state, ctx);
        const { outcomes, unsettled, preheats = [], rollback, scaleBack } = report;
        if (rollback !== undefined)
            reportRollback(host, rollback, redact);
        if (scaleBack !== undefined)
            reportScaleBack(host, label, scaleBack);
        for (const { target, outcome } of outcomes)
            host.info(describeOutcome(target, outcome, state.lookup));
        for (const { taskId, outcome } of preheats) {
            if (outcome.kind === 'shown')
                host.info(`cleanup: stopped image preheat task ${taskId}, which had not completed`);
            else
                host.warning(`could not stop image preheat task ${taskId} (${(0,safe_text/* sanitize */.aj)(outcome.why, 300)}): the platform's reference says a preheat holds no compute, but stop it in the console's image preheat list`);
        }
        const transfersLeft = reportTransfers(host, report.transfers ?? []);
        const volumesLeft = reportVolumes(host, report.volumes ?? []);
        if (transfersLeft.length > 0)
            host.setFailed(`${label} failed: transfer ${transfersLeft.join(', ')} could not be stopped: stop it with operation transfer_stop`, 'cleanup');
        const failed = outcomes.filter((o) => o.outcome.kind === 'failed');
        if (volumesLeft.length > 0)
            host.setFailed(`${label} failed: volume ${volumesLeft.join(', ')} could not be deleted; it is billed by the GiB until it is: delete it with operation volume_delete`, 'cleanup');
        if (rollback?.problem !== undefined)
            host.setFailed(`${label} failed: the update of task ${rollback.taskId} could not be rolled back`, 'cleanup');
        if (failed.length === 0 && unsettled === undefined)
            return;
        giveUp(host, settings, { failed, unsettled }, label);
    }
    catch (error) {
        host.setFailed(`${label} failed: ${error instanceof input_error/* InputError */.d ? error.message : String(error)}`, error instanceof input_error/* InputError */.d ? 'input' : 'cleanup');
    }
    finally {
        runtime?.dispose();
    }
}
/** Says how the stop of each transfer the step left under way ended; answers those that may still run. */
function reportTransfers(host, transfers) {
    const left = [];
    for (const { left: transfer, outcome } of transfers) {
        const named = transfer.id ?? JSON.stringify((0,safe_text/* sanitize */.aj)(transfer.name, 60));
        if (outcome.kind === 'shown') {
            host.info(outcome.accepted
                ? `cleanup: stopped transfer ${named}, which the step left under way: it is ${(0,safe_text/* sanitize */.aj)(outcome.state, 40)}`
                : `cleanup: transfer ${named}: ${(0,safe_text/* sanitize */.aj)(outcome.state, 200)}`);
            continue;
        }
        left.push(named);
        host.warning(`could not stop transfer ${named}: ${(0,safe_text/* sanitize */.aj)(outcome.why, 300)}`);
    }
    return left;
}
/**
 * Says how the deletion of each volume the step made for the run ended (volume_cleanup: delete); answers
 * those left, which still bill.
 */
function reportVolumes(host, volumes) {
    const left = [];
    for (const { left: volume, outcome, kept, mountedBy } of volumes) {
        const named = `${volume.id ?? 'of no known id'} (${(0,safe_text/* sanitize */.aj)(volume.name, 40)})`;
        if (kept !== undefined && mountedBy !== undefined) {
            host.warning(`volume ${kept} (${(0,safe_text/* sanitize */.aj)(volume.name, 40)}) is kept, not deleted: it is mounted in ${mountedBy}, which this step did not stop (another run may have found it by name and use it), and deleting it would take the data from under it; it is billed by the GiB until it is deleted: once nothing mounts it, delete it with operation volume_delete (volume: ${kept}, confirm: ${kept})`);
            continue;
        }
        if (kept !== undefined) {
            host.warning(`volume ${kept} (${(0,safe_text/* sanitize */.aj)(volume.name, 40)}) is kept: this step's create of that name never answered, so nothing proves the step made it (another run may have); it is billed by the GiB until it is deleted: delete it with operation volume_delete (confirm: ${kept}) if it is of no use`);
            continue;
        }
        if (outcome.kind === 'shown') {
            host.info(outcome.accepted
                ? `cleanup: deleted volume ${named}, made for this run (volume_cleanup: delete): no list shows it`
                : `cleanup: volume ${named}: ${(0,safe_text/* sanitize */.aj)(outcome.state, 200)}`);
            continue;
        }
        left.push(volume.id ?? JSON.stringify((0,safe_text/* sanitize */.aj)(volume.name, 40)));
        host.warning(`could not delete volume ${named}: ${(0,safe_text/* sanitize */.aj)(outcome.why, 300)}`);
    }
    return left;
}
/** Says how the rollback of an update ended; one that did not complete is an error, with the file to restore. */
function reportRollback(host, rollback, redact) {
    if (rollback.problem === undefined) {
        host.info(`cleanup: rolled back the update of task ${rollback.taskId}: it serves the configuration it had`);
        return;
    }
    (0,step_files/* notRolledBack */.vG)(host, { taskId: rollback.taskId, configuration: rollback.restore }, `the post step could not roll its update back (${(0,safe_text/* sanitize */.aj)(rollback.problem, 300)})`, redact);
}
/**
 * Says how a scale up the main step left ended; one the post step could not judge or set back fails it,
 * saying the count to set by hand.
 */
function reportScaleBack(host, label, scale) {
    if (scale.said !== undefined) {
        host.info(scale.said);
        return;
    }
    host.setFailed(`${label} failed: task ${scale.taskId} may run a failing node (${(0,safe_text/* sanitize */.aj)(scale.problem ?? '', 300)}): check its nodes, and set its points back to ${scale.points} (operation change_points) if a new one fails`, 'cleanup');
}
function describeOutcome(target, outcome, lookup) {
    const verb = cleanup_state/* CLEANUP_DONE */.io[target.action];
    const name = JSON.stringify((0,safe_text/* sanitize */.aj)(lookup?.taskName ?? '', 100));
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
/** Says loudly which tasks may still be running, how to stop them by hand, and fails the step. */
function giveUp(host, settings, left, label) {
    const repository = host.env('GITHUB_ACTION_REPOSITORY');
    const ref = host.env('GITHUB_ACTION_REF');
    const uses = repository && ref ? `${repository}@${ref}` : 'elastic-deploy-action/elastic-deploy-action@v0';
    const within = (0,units/* formatDuration */.a3)(settings.cleanupTimeoutMs);
    const summary = [`### Elastic deploy: ${label} failed`, ''];
    for (const { target, outcome } of left.failed) {
        // Why, with how long it was really asked (cleanup_timeout's deadline, or less when it never could be).
        const why = outcome.kind === 'failed' ? outcome.why : '';
        const asked = `within cleanup_timeout ${within}`;
        const command = host.byHand?.stop(target.id);
        host.error(`task ${target.id} may still be running, and billing: the post step could not ${target.action} it ${asked} (${why}). Stop it by hand now: ${command === undefined ? 'the job summary shows a step and a command that do' : runWithVariables(command)}, or stop it in the platform's console`, 'Task left running');
        const { step, shell } = manualStop(settings, target.id, uses);
        summary.push(`**Task ${target.id} may still be running, and billing.** The post step could not ${target.action} it ${asked}. Stop it by hand now, ${command === undefined ? 'with this step in any workflow:' : RUN_WITH_VARIABLES}`, ...(command === undefined ? (0,action_summary/* fenced */.OF)('yaml', step) : (0,action_summary/* fenced */.OF)('sh', command)));
        if (shell !== undefined) {
            summary.push('or from a shell, with `DEPLOY_API_TOKEN` set (and `private.pem` for an RSA-mode key):', ...(0,action_summary/* fenced */.OF)('sh', shell));
        }
    }
    if (left.unsettled !== undefined)
        summary.push(...unsettledCreate(host, settings, left.unsettled, uses));
    (0,step_files/* writeSummary */.Sy)(host, () => `${summary.join('\n')}\n`);
    const ids = left.failed.map(({ target }) => `task ${target.id} may still be running`);
    const { unsettled } = left;
    const named = unsettled === undefined
        ? []
        : [`a task named ${JSON.stringify((0,safe_text/* sanitize */.aj)(unsettled.taskName, 100))} may be running`];
    host.setFailed(`${label} failed: ${[...ids, ...named].join('; ')}`, 'cleanup');
}
/**
 * Says that a create may have made a task the post step could not look for, and how to stop it by hand
 * (an error, and the job summary's lines).
 */
function unsettledCreate(host, settings, unsettled, uses) {
    const name = JSON.stringify((0,safe_text/* sanitize */.aj)(unsettled.taskName, 100));
    const command = host.byHand?.sweep(unsettled.taskName, unsettled.keep);
    // The sweep of the task's own kind: a job's is a list of the jobs of the name, each stopped by hand.
    const sweep = manualSweep(settings, unsettled.taskName, unsettled.keep, uses);
    host.error(`a task named ${name} may be running, and billing: the create of this step may have made it without the step learning its id, and the post step could not look for it until it could no longer appear (${unsettled.why}). Look for it and stop it now: ${command === undefined ? `the job summary shows how (${sweep.how})` : `${runWithVariables(command)}, and ${sweep.how}`}`, 'Task may be left running');
    return [
        `**A task named ${(0,markdown_text/* escape */.i)(name)} may be running, and billing.** The create of this step may have made it without the step learning its id, and the post step could not look for it until it could no longer appear (${(0,markdown_text/* escape */.i)(unsettled.why)}). Look for it in the platform's console, or ${(0,markdown_text/* escape */.i)(sweep.how)}, ${command === undefined ? 'with this step in any workflow:' : RUN_WITH_VARIABLES}`,
        ...(command === undefined ? (0,action_summary/* fenced */.OF)('yaml', sweep.step) : (0,action_summary/* fenced */.OF)('sh', command))
    ];
}
/** How the summary introduces the host's own command (the CLI's), which needs the run's credentials. */
const RUN_WITH_VARIABLES = "with this command, run with this run's ELASTIC_DEPLOY_* variables:";
/** The host's own command, in a log line. */
const runWithVariables = (command) => `run \`${command}\` with this run's ELASTIC_DEPLOY_* variables`;


/***/ }),

/***/ 3150:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ finishScaleBack),
/* harmony export */   l: () => (/* binding */ setPointsBack)
/* harmony export */ });
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9644);
/* harmony import */ var _change_await_serving_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2729);
/* harmony import */ var _tasks_read_task_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8242);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2317);





/**
 * Finishes a scale up the main step left (the job was cancelled before its new nodes ran, or the step
 * could not set it back): waits, within the context's deadline (cleanup_timeout), until the new nodes run
 * or one fails, and sets a failing one's task back to the count it had, so that no failing node is left
 * billing. Decided from the task's detail and node list: a scale that had not taken (the count is still
 * the old one) leaves nothing to do, and new nodes that run are kept.
 */
async function finishScaleBack(scale, ctx) {
    const { taskId, points, target } = scale;
    const report = (said, problem) => ({
        taskId,
        points,
        said,
        problem
    });
    ctx.log(`cleanup: the scale of task ${taskId} to ${target} nodes did not complete; waiting until its new nodes run, to set it back to ${points} if one fails`);
    try {
        const { snapshot } = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_0__/* .readDetail */ .on)(taskId, ctx);
        if (snapshot.nodes?.total === points)
            return report(`cleanup: task ${taskId} is set to ${points} nodes, as before the scale: nothing to set back`);
    }
    catch (error) {
        return report(undefined, `it could not be read (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .Uc)(error)})`);
    }
    const outcome = await (0,_change_await_serving_js__WEBPACK_IMPORTED_MODULE_2__/* .awaitServing */ .n)(taskId, { points: target, before: new Set(scale.before) }, ctx, {
        deadline: ctx.deadline,
        label: 'cleanup',
        health: false
    });
    if (outcome.kind === 'serving')
        return report(`cleanup: task ${taskId} runs its ${target} nodes: the scale up completed, and keeps them`);
    const why = outcome.why ?? outcome.kind;
    if (outcome.kind !== 'failed')
        return report(undefined, `its new nodes had neither run nor failed when cleanup_timeout ran out (it ${why})`);
    const setBack = await setPointsBack(taskId, points, ctx);
    return setBack.kind === 'shown'
        ? report(`cleanup: set task ${taskId} back to ${points} nodes (it ${why}), so that the failing ones stop billing`)
        : report(undefined, `it ${why}, and it could not be set back to ${points} nodes (${setBack.why})`);
}
/**
 * Sets the task back to `points` until its detail shows it (see sendUntilShown): a count at `points` is
 * set back, whoever set it, and an accepted request is not until the detail says so.
 */
async function setPointsBack(taskId, points, ctx, label = 'cleanup') {
    const shows = async () => {
        const total = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_0__/* .readDetail */ .on)(taskId, ctx).then(({ snapshot }) => snapshot.nodes?.total, () => undefined);
        return total === points
            ? { shown: true, state: `set to ${points} nodes` }
            : { shown: false, state: `it is set to ${total ?? 'an unknown number of'} nodes` };
    };
    const call = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .changePointsCall */ .UK)(ctx.settings, taskId, points);
    return (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_4__/* .sendUntilShown */ .ep)(call, `${label}: setting task ${taskId} back to ${points} nodes`, shows, ctx);
}


/***/ }),

/***/ 9774:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  A: () => (/* binding */ deleteVolume),
  P: () => (/* binding */ deleteVolumeLeft)
});

// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./platform/task-kinds.ts
var task_kinds = __webpack_require__(7187);
// EXTERNAL MODULE: ./deploy/engine/ask-again.ts
var ask_again = __webpack_require__(2317);
// EXTERNAL MODULE: ./deploy/engine/storage/find-left.ts
var find_left = __webpack_require__(7340);
// EXTERNAL MODULE: ./deploy/engine/poll.ts
var poll = __webpack_require__(6656);
// EXTERNAL MODULE: ./deploy/engine/storage/read-volumes.ts
var read_volumes = __webpack_require__(7393);
// EXTERNAL MODULE: ./deploy/engine/storage/volume-ledger.ts
var volume_ledger = __webpack_require__(5503);
;// CONCATENATED MODULE: ./deploy/engine/storage/volume-mounts.ts

/** Splits a volume's mounts between the tasks of `own` (by id) and the rest (see VolumeMounts). */
function volumeMounts(volume, own) {
    const isOwn = (instance) => instance.id !== undefined && own.has(instance.id);
    return {
        own: volume.instances.filter(isOwn),
        others: volume.instances.filter((instance) => !isOwn(instance)),
        unnamed: Math.max(0, volume.mounts - volume.instances.length)
    };
}
/** Whether anything but the tasks of `own` mounts the volume: another's task, or one the list does not name. */
function mountedByOthers(mounts) {
    return mounts.others.length > 0 || mounts.unnamed > 0;
}
/**
 * The mounts for a line of the log: `task 2001 (reader, deployment, at /data)`, each, and `1 more the
 * list does not name`; server text sanitized.
 */
function describeMounts(instances, unnamed = 0) {
    const named = instances.map((instance) => {
        const what = [
            instance.name === undefined ? undefined : JSON.stringify((0,safe_text/* sanitize */.aj)(instance.name, 60)),
            instance.type === undefined ? undefined : (0,safe_text/* sanitize */.aj)(instance.type, 20),
            instance.path === undefined ? undefined : `at ${(0,safe_text/* sanitize */.aj)(instance.path, 100)}`
        ].filter((part) => part !== undefined);
        const id = instance.id ?? 'of no id';
        return `task ${id}${what.length === 0 ? '' : ` (${what.join(', ')})`}`;
    });
    if (unnamed > 0)
        named.push(`${unnamed} more the list does not name`);
    return named.join(', ');
}

;// CONCATENATED MODULE: ./deploy/engine/storage/await-unmounted.ts






/** Reads the volume's mounts once (see MountReading); `own`: the tasks the post step stopped. */
async function readMounts(id, own, ctx) {
    let volume;
    try {
        ({ volume } = await (0,read_volumes/* readVolume */.jg)(id, ctx));
    }
    catch (error) {
        return { kind: 'unread', why: `the list could not be read (${(0,failures/* describeError */.Uc)(error)})` };
    }
    if (volume === undefined || task_kinds/* VOLUME_KIND */.OT.statuses.ended.includes(volume.status ?? ''))
        return { kind: 'gone' };
    const mounts = volumeMounts(volume, own);
    if (mountedByOthers(mounts))
        return { kind: 'others', by: describeMounts(mounts.others, mounts.unnamed) };
    return mounts.own.length === 0 ? { kind: 'free' } : { kind: 'own', by: describeMounts(mounts.own) };
}
/**
 * Reads the volume's mounts before the post step deletes it, and answers whether it may: a volume
 * another's task mounts (or one the list counts without naming it) is never deleted under it; while only
 * the tasks of `own` (those the post step stopped) still mount it, as a stop may take a while to show in
 * the list, the list is read again, 10 s apart at the least, until they do not. A read that fails is made
 * again likewise. All within cleanup_timeout (and the step's deadline); at its end, what was last read.
 */
async function awaitUnmounted(id, own, ctx) {
    const started = ctx.runtime.now();
    // What the last round read, when it was not the end: kept in a record, which the rounds change.
    const seen = {
        last: { kind: 'unread', why: 'the list was not read' }
    };
    const ended = await (0,poll/* pollUntil */.g3)(async () => {
        const reading = await readMounts(id, own, ctx);
        if (reading.kind !== 'own' && reading.kind !== 'unread')
            return { kind: 'done', value: reading };
        seen.last = reading;
        return reading.kind === 'unread'
            ? { kind: 'unread', why: reading.why }
            : {
                kind: 'waiting',
                progress: `volume ${id}: still mounted in ${reading.by}, which this step stopped`
            };
    }, {
        deadline: Math.min(ctx.deadline, started + ctx.settings.cleanupTimeoutMs),
        schedule: { kind: 'fixed_rate', intervalMs: task_kinds/* VOLUME_KIND */.OT.leastPollMs },
        failureBudget: Infinity,
        lastLookAtDeadline: true
    }, { ...ctx.runtime, log: ctx.log });
    if (ended.kind === 'done')
        return ended.value;
    const triedMs = ctx.runtime.now() - started;
    const after = `after ${(0,units/* formatDuration */.a3)(triedMs)}${ended.kind === 'cancelled' ? ', when the step was cancelled' : ''}`;
    const { last } = seen;
    return last.kind === 'own'
        ? { kind: 'own', by: `${last.by} (${after})`, triedMs }
        : { kind: 'unread', why: `${last.why} (${after})`, triedMs };
}

;// CONCATENATED MODULE: ./deploy/engine/storage/delete-volume.ts











/**
 * Deletes a volume, and answers once no list shows it: the delete is sent until the list shows it taken
 * (Deleting, or gone), then the list is read, 10 s apart at the least, until the volume is gone; all
 * within cleanup_timeout (and the step's deadline). `force` is sent only as given: it skips the
 * platform's checks (a transfer under way), and only the user may ask for it.
 */
async function deleteVolume(volume, force, ctx) {
    const { id } = volume;
    const started = ctx.runtime.now();
    const taken = await (0,ask_again/* sendUntilShown */.ep)((0,calls/* volumeDeleteCall */.wD)(ctx.settings, id, force), `volume ${id}: delete`, async (refused) => {
        const status = await statusNow(id, ctx);
        if (status.gone || status.leaving)
            return { shown: true, state: status.said };
        // The platform keeps a volume a task mounts unless forced (SKILL.md): asking again changes nothing.
        if (refused !== undefined && !force && status.mounts > 0)
            return {
                shown: false,
                state: `it is ${status.said}, mounted in ${status.mounts} task(s)`,
                never: 'and the platform deletes no volume a task mounts: stop them first'
            };
        return { shown: false, state: `it is ${status.said}` };
    }, ctx);
    if (taken.kind === 'failed' || taken.state === 'gone')
        return taken;
    const deadline = Math.min(ctx.deadline, started + ctx.settings.cleanupTimeoutMs);
    let last = taken.state;
    const gone = await (0,poll/* pollUntil */.g3)(async () => {
        const status = await statusNow(id, ctx);
        last = status.said;
        return status.gone
            ? { kind: 'done', value: true }
            : { kind: 'waiting', progress: `volume ${id}: ${last}` };
    }, {
        deadline,
        schedule: { kind: 'fixed_rate', intervalMs: task_kinds/* VOLUME_KIND */.OT.leastPollMs },
        failureBudget: Infinity,
        lastLookAtDeadline: true
    }, { ...ctx.runtime, log: ctx.log });
    const triedMs = ctx.runtime.now() - started;
    return gone.kind === 'done'
        ? { kind: 'shown', accepted: taken.accepted, state: 'gone' }
        : {
            kind: 'failed',
            why: `the list still shows it ${(0,safe_text/* sanitize */.aj)(last, 100)} after ${(0,units/* formatDuration */.a3)(triedMs)}${gone.kind === 'cancelled' ? ', when the step was cancelled' : ''}`,
            triedMs
        };
}
/**
 * What the list says of a volume now: gone (no list shows it, or Deleted), leaving (Deleting), or else;
 * and how many tasks it is mounted in.
 */
async function statusNow(id, ctx) {
    try {
        const { volume } = await (0,read_volumes/* readVolume */.jg)(id, ctx);
        const status = volume?.status;
        if (volume === undefined || task_kinds/* VOLUME_KIND */.OT.statuses.ended.includes(status ?? ''))
            return { gone: true, leaving: true, said: 'gone', mounts: 0 };
        return {
            gone: false,
            leaving: (0,task_kinds/* leaving */.dv)(task_kinds/* VOLUME_KIND */.OT).includes(status ?? ''),
            said: (0,safe_text/* sanitize */.aj)(status ?? 'no status', 20),
            mounts: volume.mounts
        };
    }
    catch (error) {
        return { gone: false, leaving: false, said: `unread (${(0,failures/* describeError */.Uc)(error)})`, mounts: 0 };
    }
}
/**
 * Deletes a volume the step made for the run (the post step's, volume_cleanup: delete): by its id, which
 * its own create's answer gave, and nothing else, once nothing but the tasks of `own` (those the post
 * step stopped) mounts it (see awaitUnmounted). One a task or job the step did not stop mounts is kept,
 * never deleted under it: another run may have found it by name and use it. One the ledger holds by name
 * only (its create's answer never came: the step was cancelled while it was in flight) is never deleted:
 * a name is no proof of who made the volume, as another run may have made one of that name; it is looked
 * for only to say whether one is there, kept. It leaves the ledger once gone, or once so said. Never
 * forced: the platform's checks stand.
 */
async function deleteVolumeLeft(left, ctx, own = new Set()) {
    const { id } = left;
    if (id === undefined)
        return keepNamedOnly(left, ctx);
    const check = await awaitUnmounted(id, own, ctx);
    switch (check.kind) {
        case 'free': {
            const outcome = await deleteVolume({ id, name: left.name }, false, ctx);
            if (outcome.kind === 'shown') {
                (0,volume_ledger/* settleVolume */.E)(ctx, left);
                return { outcome, kept: undefined };
            }
            // Refused: a task that mounts it now (since the read) is another's, and keeps it.
            const now = await readMounts(id, own, ctx);
            return now.kind === 'others'
                ? keptFor(now.by, { name: left.name, id }, ctx)
                : { outcome, kept: undefined };
        }
        case 'gone':
            (0,volume_ledger/* settleVolume */.E)(ctx, left);
            return {
                outcome: { kind: 'shown', accepted: false, state: 'gone already: no list shows it' },
                kept: undefined
            };
        case 'others':
            return keptFor(check.by, { name: left.name, id }, ctx);
        case 'own':
            return {
                outcome: {
                    kind: 'failed',
                    why: `not deleted: still mounted in ${check.by}, which this step stopped, and the platform deletes no volume a task mounts`,
                    triedMs: check.triedMs
                },
                kept: undefined
            };
        case 'unread':
            return {
                outcome: {
                    kind: 'failed',
                    why: `not deleted, as whether a task mounts it is not known: ${check.why}`,
                    triedMs: check.triedMs
                },
                kept: undefined
            };
    }
}
/** A volume of the ledger a task or job the step did not stop mounts (`by`): kept, said, off the ledger. */
function keptFor(by, left, ctx) {
    (0,volume_ledger/* settleVolume */.E)(ctx, left);
    return {
        outcome: {
            kind: 'shown',
            accepted: false,
            state: `kept: mounted in ${by}, which this step did not stop`
        },
        kept: left.id,
        mountedBy: by
    };
}
/**
 * A volume the ledger holds by name only: never deleted; every volume of the name the list shows is kept,
 * and said. It leaves the ledger.
 */
async function keepNamedOnly(left, ctx) {
    const found = await (0,find_left/* findLeftByName */.B)(left.name, 'volumes', async () => {
        // Every volume of the name (two runs may each have made one): each kept.
        const named = (await (0,read_volumes/* readVolumes */.mq)(ctx)).volumes.filter((v) => v.name === left.name);
        return named.length === 0 ? undefined : { id: named.map((v) => v.id).join(', ') };
    }, ctx);
    (0,volume_ledger/* settleVolume */.E)(ctx, left);
    if ('failed' in found)
        return {
            outcome: {
                kind: 'shown',
                accepted: false,
                state: `not deleted: its create's answer never came, and ${found.failed.kind === 'failed' ? found.failed.why : found.failed.state}; a volume of the name, if there is one, is kept, as nothing proves this step made it`
            },
            kept: undefined
        };
    return found.id === undefined
        ? {
            outcome: { kind: 'shown', accepted: false, state: 'never made (no volume of the name is listed)' },
            kept: undefined
        }
        : {
            outcome: {
                kind: 'shown',
                accepted: false,
                state: `volume ${found.id} of the name is listed, but this step's create never answered, so nothing proves this step made it (another run may have): kept`
            },
            kept: found.id
        };
}


/***/ }),

/***/ 7340:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ findLeftByName)
/* harmony export */ });
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3035);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2317);


/**
 * What the post step finds of a thing the step made by name only (its create's answer never came): read
 * with `read` (a list by name), asked again after a backoff while it cannot be read, within the stop
 * retries' deadline. Answers its id, none when no such thing is listed (the create did not land), or the
 * failed outcome to report when it could never be read. `what` names the list (`volumes`, `transfers`).
 */
async function findLeftByName(name, what, read, ctx) {
    const started = ctx.runtime.now();
    const lookup = async () => {
        try {
            return { known: true, value: await read() };
        }
        catch (error) {
            return { known: false, why: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_0__/* .describeError */ .Uc)(error) };
        }
    };
    const first = await lookup();
    const looked = first.known
        ? first
        : await (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_1__/* .askUntilKnown */ .jR)(lookup, first.why, ctx, (why, delay) => `${JSON.stringify(name)}: the ${what} could not be read (${why}); reading again in ${delay}`);
    if (!looked.known)
        return {
            failed: {
                kind: 'failed',
                why: `the ${what} could not be read (${looked.why})`,
                triedMs: ctx.runtime.now() - started
            }
        };
    return { id: looked.value?.id };
}


/***/ }),

/***/ 2670:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ findTransfer)
/* harmony export */ });
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7187);
/* harmony import */ var _platform_transfer_data_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8100);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8079);
/* harmony import */ var _tasks_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6961);






/**
 * The transfer a step made by name, when the answer of its create (or of a retry) never gave its id: read
 * from the volume's transfers across every page and in every status, Deleted too (a list without statuses
 * may leave out the ended ones, and one that landed may have ended since). A retry makes a new transfer of
 * the same name and deletes the one it submits again, so the one to follow is the newest not Deleted (see
 * transferNamed). A list whose statuses the platform refuses is read again without them, said in the log.
 * Undefined: no transfer of the name is listed.
 */
async function findTransfer(name, storageId, ctx) {
    const read = (statuses) => (0,_tasks_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__/* .readAllPages */ .s$)('the transfers', (page) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .transferListCall */ .ef)(ctx.settings, { storageId, ...(statuses === undefined ? {} : { statuses }), page }), (call) => (0,_retries_js__WEBPACK_IMPORTED_MODULE_2__/* .retried */ .s)('transfer: list', ctx.retries, () => ctx.send(call)), (item) => _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__/* .TRANSFER_KIND */ .bl.transferOf(item)?.id ?? JSON.stringify(item));
    let list;
    try {
        list = await read(_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__/* .TRANSFER_KIND */ .bl.statuses.known);
    }
    catch (error) {
        if (!(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_4__/* .isRefusal */ .vu)(error))
            throw error;
        ctx.log(`transfer: the list of the volume's transfers in every status was refused (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_4__/* .describeError */ .Uc)(error)}): reading it without statuses, which may leave out those that ended`);
        list = await read(undefined);
    }
    return _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__/* .TRANSFER_KIND */ .bl.transferNamed((0,_platform_transfer_data_js__WEBPACK_IMPORTED_MODULE_5__/* .transfersOf */ .G5)({ results: list.results }), name);
}


/***/ }),

/***/ 8819:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Nd: () => (/* binding */ stopTransferLeft),
/* harmony export */   at: () => (/* binding */ stopTransfer),
/* harmony export */   i3: () => (/* binding */ readTransfer)
/* harmony export */ });
/* unused harmony export ended */
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9817);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7187);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2317);
/* harmony import */ var _find_left_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7340);
/* harmony import */ var _find_transfer_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2670);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8079);
/* harmony import */ var _transfer_ledger_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5752);








/** A transfer's detail now; undefined when it cannot be read. */
async function readTransfer(id, ctx) {
    const { result } = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .s)(`transfer ${id}`, ctx.retries, () => ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .transferDetailCall */ .ro)(ctx.settings, id)));
    return _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__/* .TRANSFER_KIND */ .bl.transferOf(result.data);
}
/** Whether a transfer's status says it copies no more: it completed, failed, or was stopped or deleted. */
function ended(transfer) {
    return transfer !== undefined && !(0,_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__/* .underWay */ .Ki)(_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__/* .TRANSFER_KIND */ .bl).includes(transfer.status ?? '');
}
/**
 * Stops a transfer until its detail says it copies no more (see sendUntilShown): a Running one by its
 * stop; a queued one (Queuing, Pending), which the platform cannot stop, by its delete, which ends any.
 * An accepted request is not done until the detail shows it; one that had ended shows it without one.
 */
async function stopTransfer(id, ctx) {
    let now;
    try {
        now = await readTransfer(id, ctx);
    }
    catch {
        now = undefined;
    }
    if (ended(now))
        return { kind: 'shown', accepted: false, state: (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(now?.status ?? '', 20) };
    const queued = now !== undefined && _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__/* .TRANSFER_KIND */ .bl.changes.stop?.appliesTo.includes(now.status ?? '') !== true;
    const call = queued ? (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .transferDeleteCall */ .L$)(ctx.settings, id) : (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .transferStopCall */ .wO)(ctx.settings, id);
    return (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_4__/* .sendUntilShown */ .ep)(call, `transfer ${id}: ${queued ? 'delete (queued)' : 'stop'}`, async () => {
        const after = await readTransfer(id, ctx).catch(() => undefined);
        const status = (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(after?.status ?? 'unread', 20);
        return ended(after)
            ? { shown: true, state: status }
            : { shown: false, state: `its status is ${status}` };
    }, ctx);
}
/**
 * Stops a transfer the step left under way (the post step's): by its id, or found by its name among its
 * volume's transfers when its create's (or a retry's) answer never came: in every status and on every
 * page, the newest not Deleted (a retry keeps the name, and deletes the one it submits again; see
 * findTransfer). None of the name: the create did not land. It leaves the ledger once it copies no more.
 */
async function stopTransferLeft(left, ctx) {
    let { id } = left;
    if (id === undefined) {
        const found = await (0,_find_left_js__WEBPACK_IMPORTED_MODULE_5__/* .findLeftByName */ .B)(left.name, 'transfers', () => (0,_find_transfer_js__WEBPACK_IMPORTED_MODULE_6__/* .findTransfer */ .H)(left.name, left.storageId, ctx), ctx);
        if ('failed' in found)
            return found.failed;
        if (found.id === undefined) {
            (0,_transfer_ledger_js__WEBPACK_IMPORTED_MODULE_7__/* .settleTransfer */ .n)(ctx, left.name);
            return { kind: 'shown', accepted: false, state: 'never made (no transfer of the name is listed)' };
        }
        id = found.id;
    }
    const outcome = await stopTransfer(id, ctx);
    if (outcome.kind === 'shown')
        (0,_transfer_ledger_js__WEBPACK_IMPORTED_MODULE_7__/* .settleTransfer */ .n)(ctx, left.name);
    return outcome;
}


/***/ }),

/***/ 5752:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ leaveTransfer),
/* harmony export */   n: () => (/* binding */ settleTransfer)
/* harmony export */ });
/**
 * Records a transfer the step started for the post step to stop, should the step end before it does: by
 * name before its create is sent, by id once known (a retry's new id replaces the old one's).
 */
function leaveTransfer(ctx, left) {
    const others = ctx.cleanup.state().transfers.filter((t) => t.name !== left.name);
    ctx.cleanup.update({ transfers: [...others, left] });
}
/** Takes a transfer off the ledger: it has ended (completed, failed, stopped). */
function settleTransfer(ctx, name) {
    ctx.cleanup.update({ transfers: ctx.cleanup.state().transfers.filter((t) => t.name !== name) });
}


/***/ }),

/***/ 5503:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ settleVolume),
/* harmony export */   k: () => (/* binding */ leaveVolume)
/* harmony export */ });
/**
 * Records a volume the step is making for the post step to delete, when volume_cleanup is delete (with
 * keep, what the step makes is the user's to keep): by name before its create is sent, by id once known.
 */
function leaveVolume(ctx, left) {
    if (ctx.settings.storage.volumeCleanup !== 'delete')
        return;
    const others = ctx.cleanup.state().volumes.filter((v) => v.name !== left.name);
    ctx.cleanup.update({ volumes: [...others, left] });
}
/** Takes a volume off the ledger: it is gone. */
function settleVolume(ctx, left) {
    ctx.cleanup.update({
        volumes: ctx.cleanup
            .state()
            .volumes.filter((v) => v.name !== left.name || (left.id !== undefined && v.id !== left.id))
    });
}


/***/ }),

/***/ 7378:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cleanUpTask: () => (/* binding */ cleanUpTask)
/* harmony export */ });
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9817);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9644);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2317);
/* harmony import */ var _read_task_state_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1054);




/**
 * Stops or pauses a task until its state shows it (see sendUntilShown): it bills no more (its detail says
 * End, a job's Paused or End or its run ended; or no task search of any status lists it), or, for a
 * pause, it is Paused. An accepted request is not the outcome,
 * nor is a refusal's code (no code's meaning is published): a task still live is asked again, after a
 * backoff, until cleanup_timeout runs out. A refused one in a status the platform does not apply the
 * operation to (a stop of a task in Other) fails at once, except a Pending one, which is asked again until
 * it runs (a pause applies to Running tasks only).
 */
async function cleanUpTask(taskId, action, ctx, name) {
    const call = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .cleanupCall */ .PG)(ctx.settings, taskId, action);
    const descriptor = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .taskKindOf */ .j2)(ctx.settings);
    const kind = descriptor.name;
    const { alreadyDone, appliesTo } = call.traits;
    const shows = async (refused) => {
        const state = await (0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .readTaskState */ .Lf)(taskId, ctx, { name });
        if ((0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .billsNoMore */ .Tw)(state, kind))
            return { shown: true, state: (0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .endedAs */ .BN)(state, kind) };
        if (state.kind === 'status' && alreadyDone.includes(state.status))
            return { shown: true, state: (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__/* .sanitize */ .aj)(state.status, 40) };
        const described = (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__/* .sanitize */ .aj)((0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .describeState */ .Jw)(state), 300);
        // A Pending task becomes Running, and bills then: an operation that applies to Running tasks (a
        // pause) is asked for again until it can be applied (or the deadline passes), not given up at once.
        const status = state.kind === 'status' ? state.status : undefined;
        const { settling, running } = descriptor.statuses;
        const starting = settling.includes(status ?? '') && running.some((runs) => appliesTo.includes(runs));
        const never = refused !== undefined &&
            status !== undefined &&
            appliesTo.length > 0 &&
            !appliesTo.includes(status) &&
            !starting;
        return never
            ? {
                shown: false,
                state: described,
                never: `and the platform applies ${action} to ${appliesTo.join(', ')} tasks only`
            }
            : { shown: false, state: described };
    };
    // A task that may end by itself (a job) is read first: one that bills no more needs no stop.
    if (call.traits.readFirst === true) {
        const state = await (0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .readTaskState */ .Lf)(taskId, ctx, { name });
        if ((0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .billsNoMore */ .Tw)(state, kind))
            return { kind: 'already', state: (0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .endedAs */ .BN)(state, kind) };
    }
    const outcome = await (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_3__/* .sendUntilShown */ .ep)(call, `cleanup: ${action} task ${taskId}`, shows, ctx);
    if (outcome.kind === 'failed')
        return outcome;
    return outcome.accepted ? { kind: 'done' } : { kind: 'already', state: outcome.state };
}


/***/ })

};
