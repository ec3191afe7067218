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
// EXTERNAL MODULE: ./deploy/engine/step-runtime.ts + 2 modules
var step_runtime = __webpack_require__(8500);
// EXTERNAL MODULE: ./deploy/engine/cleanup-state.ts
var cleanup_state = __webpack_require__(6289);
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
// EXTERNAL MODULE: ./deploy/engine/storage/sftp-session.ts + 2 modules
var sftp_session = __webpack_require__(8388);
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
    sftpSessions: async (sessions, _state, ctx) => sessions.length === 0
        ? {}
        : {
            sftpSessions: await (0,concurrency/* mapLimit */.s)(sessions, ctx.settings.concurrency, async (left) => ({
                left,
                outcome: await (0,sftp_session/* closeSftpLeft */.NB)(left, ctx)
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
    registrations: async (registered, _state, ctx) => {
        await removeRunnersLeft(registered, ctx);
        return {};
    },
    lookup: async (lookup, { created, action }, ctx) => lookup === undefined ? {} : lateTasks(lookup, created, action, ctx)
};
/**
 * What the post step does with what the main step left, the ledger (see CleanupState): each kind of
 * leftover by its finisher, in the ledger's order. It rolls back an update, sets back a scale up whose
 * new nodes fail, stops or pauses every task it created, as `action` says, stops the tasks it was retiring,
 * whatever `action` says, the image preheats that had not completed, destroys the volumes' SFTP sessions
 * it left open, and deletes the volumes it made
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
/** The post step's runtime, with GitHub for the runners a runner step registered and did not hand over. */
function postRuntime(host, settings, redact) {
    const cancel = new AbortController().signal;
    const runnerHost = (0,runner_step/* runnersOpener */.l)(host, settings, cancel);
    return (0,step_runtime/* stepRuntime */.r)(settings, {
        ...(0,action_runtime/* hostHooks */.b7)(host, cancel, redact),
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
        runtime = postRuntime(host, settings, redact);
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
        reportSftpSessions(host, label, report.sftpSessions ?? []);
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
 * Says how the destroy of each SFTP session the step left open ended; one left open fails the post step:
 * its credentials stay valid until it expires.
 */
function reportSftpSessions(host, label, sessions) {
    const left = [];
    for (const { left: session, outcome } of sessions) {
        if (outcome.kind === 'shown') {
            host.info(`cleanup: the SFTP session of volume ${session.storageId}, which the step left open, is closed (${(0,safe_text/* sanitize */.aj)(outcome.state, 200)})`);
            continue;
        }
        left.push(session.storageId);
        host.warning(`could not destroy the SFTP session of volume ${session.storageId}: ${(0,safe_text/* sanitize */.aj)(outcome.why, 300)}`);
    }
    if (left.length > 0)
        host.setFailed(`${label} failed: the SFTP session of volume ${left.join(', ')} could not be destroyed: its credentials stay valid until it expires: end it in the platform's console`, 'cleanup');
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

/***/ 2729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  n: () => (/* binding */ awaitServing)
});

// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./deploy/engine/tasks/read-task.ts
var read_task = __webpack_require__(8242);
// EXTERNAL MODULE: ./deploy/engine/wait/check-health.ts
var check_health = __webpack_require__(9538);
// EXTERNAL MODULE: ./basics/records.ts
var records = __webpack_require__(2212);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./deploy/engine/tasks/failing-nodes.ts
var failing_nodes = __webpack_require__(1792);
// EXTERNAL MODULE: ./platform/node-data.ts
var node_data = __webpack_require__(965);
// EXTERNAL MODULE: ./platform/task-kinds.ts
var task_kinds = __webpack_require__(7187);
// EXTERNAL MODULE: ./deploy/engine/wait/criteria.ts
var criteria = __webpack_require__(6166);
;// CONCATENATED MODULE: ./deploy/engine/change/judge-serving.ts







/** A running deployment's statuses: it serves in its ready success status, and fails in a ready failure. */
const { success: SERVING, failure: NOT_SERVING } = task_kinds/* TASK_KINDS */.Eb.deployment.waitDefaults.ready;
/**
 * Judges one look at a task (its detail's snapshot, and its node list) against the target. A new node
 * (one not in `before`) that is Failed or crash-looping fails the change at once; a task that is no
 * longer Running fails it too. Decided from fields only.
 */
function judgeServing(snapshot, nodes, target, rules) {
    if (snapshot.status !== undefined && NOT_SERVING.includes(snapshot.status))
        return { kind: 'failed', why: `is ${(0,safe_text/* sanitize */.aj)(snapshot.status, 20)}` };
    // A node that no longer runs (one Failed too: see nodeEnded) is no live node; a new one that failed
    // fails the change all the same.
    const live = nodes.filter((node) => !(0,node_data/* nodeEnded */.f2)(node));
    const fresh = nodes.filter((node) => !target.before.has((0,read_task/* pointOf */.qk)(node)));
    const [failing] = (0,failing_nodes/* failingNodes */.EJ)({ results: fresh }, rules.maxRestarts);
    if (failing !== undefined)
        return { kind: 'failed', why: `has a new node that will not come up: ${(0,failing_nodes/* describeNodeProblem */.BD)(failing)}` };
    const running = snapshot.nodes?.running;
    const onImage = live.filter((node) => runsImages(node, target.images));
    const left = live.filter((node) => target.gone?.has((0,read_task/* pointOf */.qk)(node)) === true);
    const facts = [
        `runing_points ${running ?? 'unknown'} of ${target.points}`,
        ...(target.images === undefined
            ? []
            : [`${onImage.length} of ${live.length} live nodes on the new images`]),
        ...(live.length === target.points ? [] : [`${live.length} live nodes`]),
        ...(left.length === 0 ? [] : [`${left.length} to go`])
    ];
    const urlsReady = !rules.waitForUrls || snapshot.urls.every((url) => (0,criteria/* isPublishable */.oB)(url));
    const serving = snapshot.status !== undefined &&
        SERVING.includes(snapshot.status) &&
        running === target.points &&
        live.length === target.points &&
        onImage.length === live.length &&
        left.length === 0 &&
        urlsReady;
    if (serving)
        return { kind: 'serving' };
    return {
        kind: 'waiting',
        progress: `${facts.join(', ')}${urlsReady ? '' : ', waiting for the service URLs'}`
    };
}
/**
 * Whether a node's containers run the images: a container that names its service must run that
 * service's image; one that does not (the reference allows null) must run one of the images.
 */
function runsImages(node, images) {
    if (images === undefined)
        return true;
    const containers = (Array.isArray(node.containers) ? node.containers : []).filter(records/* isRecord */.u);
    const wanted = new Set(images.values());
    return (containers.length > 0 &&
        containers.every((container) => {
            const image = typeof container.image === 'string' ? container.image : '';
            const service = typeof container.service_name === 'string' ? container.service_name : undefined;
            const own = service === undefined ? undefined : images.get(service);
            return own === undefined ? wanted.has(image) : own === image;
        }));
}

// EXTERNAL MODULE: ./deploy/engine/tasks/publishable-urls.ts
var publishable_urls = __webpack_require__(8258);
// EXTERNAL MODULE: ./deploy/engine/poll.ts
var poll = __webpack_require__(6656);
// EXTERNAL MODULE: ./deploy/engine/wait/task-watch.ts + 1 modules
var task_watch = __webpack_require__(9477);
;// CONCATENATED MODULE: ./deploy/engine/change/await-serving.ts








/** Why a wait for a change ended when the job was cancelled. */
const CANCELLED = 'was still changing when the job was cancelled';
/**
 * Waits until a running task serves the target (see judgeServing): each round of the poll loop (one per
 * poll interval, at a fixed rate, never past `deadline`) reads its detail and its node list, and says how
 * far it is when that changes. Serving, its app is checked as health_path says (unless `health` is false).
 * Failed reads in a row up to poll_error_budget are waited through.
 */
async function awaitServing(taskId, target, ctx, limits) {
    const { runtime, settings } = ctx;
    const started = runtime.now();
    const last = {};
    const end = (kind, why, extra = {}) => ({
        kind,
        why,
        data: last.data,
        raw: last.raw,
        snapshot: last.snapshot,
        urls: [],
        healthy: undefined,
        ...extra
    });
    const polled = await (0,poll/* pollUntil */.g3)(async () => {
        const verdict = await look(taskId, target, ctx, last);
        const at = (0,units/* formatDuration */.a3)(runtime.now() - started);
        if (verdict.kind === 'serving') {
            ctx.log(`${limits.label}: task ${taskId} serves after ${at}`);
            return { kind: 'done', value: { serving: true } };
        }
        if (verdict.kind === 'failed')
            return { kind: 'done', value: { serving: false, why: verdict.why } };
        const line = `${limits.label}: task ${taskId}: ${verdict.progress} after ${at} (${(0,task_watch/* standing */.JA)(last.snapshot, runtime.now(), limits.deadline)})`;
        const changed = verdict.progress !== last.said;
        if (changed)
            ctx.log(line);
        last.said = verdict.progress;
        if (verdict.kind === 'unread')
            return { kind: 'unread', why: verdict.progress, said: changed };
        return changed ? { kind: 'waiting', said: true } : { kind: 'waiting', progress: line };
    }, {
        deadline: limits.deadline,
        schedule: { kind: 'fixed_rate', intervalMs: settings.wait.intervalMs },
        failureBudget: settings.wait.pollErrorBudget,
        lastLookAtDeadline: true,
        heartbeat: {
            everyMs: poll/* HEARTBEAT_MS */.m,
            line: () => `${limits.label}: task ${taskId}: still ${last.said ?? 'not read'} after ${(0,units/* formatDuration */.a3)(runtime.now() - started)} (${(0,task_watch/* standing */.JA)(last.snapshot, runtime.now(), limits.deadline)})`
        }
    }, { ...runtime, log: ctx.log });
    if (polled.kind === 'done')
        return polled.value.serving ? finish(last, ctx, limits, end) : end('failed', polled.value.why);
    if (polled.kind === 'cancelled')
        return end('cancelled', CANCELLED);
    if (polled.kind === 'unread')
        return end('failed', `${polled.why}, ${settings.wait.pollErrorBudget} times in a row`);
    return end('timed_out', `did not serve in time: ${last.said ?? 'not read'}`);
}
/** One look: the detail and the node list, judged; a failed read is unread (poll_error_budget counts them). */
async function look(taskId, target, ctx, last) {
    try {
        const detail = await (0,read_task/* readDetailOnce */.fJ)(taskId, ctx);
        const nodes = await (0,read_task/* readNodeList */.XV)(taskId, ctx);
        last.data = detail.data;
        last.raw = detail.raw;
        last.snapshot = detail.snapshot;
        return judgeServing(detail.snapshot, nodes, target, ctx.settings.wait);
    }
    catch (error) {
        return { kind: 'unread', progress: `could not be read (${(0,failures/* describeError */.Uc)(error)})` };
    }
}
/** Serving: its URLs, and its app checked as health_path says (within the same deadline). */
async function finish(last, ctx, limits, end) {
    const { settings, runtime } = ctx;
    const urls = (0,publishable_urls/* publishableUrls */.ON)(last.snapshot?.urls ?? [], () => undefined);
    const path = limits.health === false ? undefined : settings.health.path;
    if (path === undefined)
        return end('serving', undefined, { urls });
    const health = urls.length === 0
        ? { healthy: false, why: `has no service URL to check ${path} at` }
        : await (0,check_health/* checkHealth */.Ns)(urls, { ...settings.health, path }, { deadline: limits.deadline, intervalMs: settings.wait.intervalMs, startedAt: runtime.now() }, (0,check_health/* healthDeps */.$$)(ctx));
    if (health.healthy)
        return end('serving', undefined, { urls, healthy: true });
    const why = urls.length === 0 ? health.why : `is not healthy: ${health.why}`;
    return end('failed', why, { urls, healthy: false });
}


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

/***/ 4471:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ rollbackOf),
/* harmony export */   R: () => (/* binding */ restoreConfiguration)
/* harmony export */ });
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6539);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9644);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2212);
/* harmony import */ var _tasks_configuration_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6426);
/* harmony import */ var _change_await_serving_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2729);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8998);
/* harmony import */ var _tasks_read_task_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8242);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2317);








/** The rollback of an update, as the step leaves it for the post step: the task and its configuration. */
function rollbackOf(taskId, configuration) {
    return { taskId, configuration: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_0__/* .toCompactJson */ .ZJ)(configuration) };
}
/**
 * Sets a task back to the configuration it had (posted whole, as an update is), and waits until that
 * serves again: every live node on its images, runing_points at its points, within `deadline`. The nodes
 * the failed update brought up may crash-loop: only nodes that come up from now on fail the rollback.
 */
async function restoreConfiguration(rollback, ctx, deadline) {
    const configuration = (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_0__/* .parseJson */ .qF)(rollback.configuration);
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(configuration))
        throw new Error('the saved configuration is not a JSON object');
    const { taskId } = rollback;
    const before = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_2__/* .readTask */ .gv)(taskId, ctx);
    ctx.log(`rollback: posting back the configuration task ${taskId} had`);
    const posted = await postBack(taskId, configuration, ctx);
    if (posted.kind === 'failed') {
        const { data, raw, snapshot } = before;
        const why = `was not set back (${posted.why})`;
        return { kind: 'failed', why, data, raw, snapshot, urls: [], healthy: undefined };
    }
    return (0,_change_await_serving_js__WEBPACK_IMPORTED_MODULE_3__/* .awaitServing */ .n)(taskId, {
        points: (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_4__/* .countOf */ .pq)(configuration.points) ?? before.snapshot.nodes?.total ?? 1,
        images: (0,_tasks_configuration_js__WEBPACK_IMPORTED_MODULE_5__/* .imagesOf */ .IC)(configuration),
        before: (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_2__/* .pointIds */ .tc)(before.nodes)
    }, ctx, 
    // What served before is set back: its nodes and images say so; the app's health is not the question.
    { deadline, label: 'rollback', health: false });
}
/**
 * Posts the configuration back until the task's detail holds it (see sendUntilShown): an accepted post is
 * not taken until the detail says so.
 */
async function postBack(taskId, configuration, ctx) {
    const shows = async () => (await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_2__/* .holdsConfiguration */ .Ld)(taskId, configuration, ctx))
        ? { shown: true, state: 'it holds the configuration it had' }
        : { shown: false, state: 'it does not hold the configuration it had' };
    const call = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_6__/* .updateCall */ .QJ)(ctx.settings, taskId, configuration);
    return (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_7__/* .sendUntilShown */ .ep)(call, `rollback: update task ${taskId}`, shows, ctx);
}


/***/ }),

/***/ 9282:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ev: () => (/* binding */ chooseResource),
/* harmony export */   Vd: () => (/* binding */ cheapestOverPrice),
/* harmony export */   u$: () => (/* binding */ resourcesEntry)
/* harmony export */ });
/* unused harmony export offerIn */
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5786);

/**
 * Which entries of a resource search a new task of `points` nodes can run on, best first. An entry
 * qualifies when its device matches (gpu_name case-insensitively, for a CPU device its device_name;
 * gpu_count exactly, for a GPU device), it is in the one region the task may run in when there is one
 * (its volumes'), it has `points` nodes in stock, its mark is known, and its price is at most max_price. The cheapest comes first (discount_price, else price; an entry with neither
 * last); at equal price the earlier region of `regions` (by region or region_name; unlisted last); then
 * the search's own order.
 */
function chooseResource(offers, wish, points) {
    const considered = offers
        .filter((offer) => matchesDevice(offer, wish))
        .map((offer) => {
        const price = offer.discountPrice ?? offer.price;
        return { offer, price, excluded: exclusion(offer, price, wish, points) };
    })
        .map((candidate, index) => ({ candidate, index }))
        .sort((a, b) => rank(a.candidate, b.candidate, wish) || a.index - b.index)
        .map(({ candidate }) => candidate);
    const devices = [
        ...new Set(offers.map((offer) => offer.gpuName === undefined
            ? (offer.device ?? '?')
            : `${offer.gpuName}${offer.gpuCount === undefined ? '' : ` (\u00d7${offer.gpuCount})`}`))
    ].sort();
    return { considered, eligible: considered.filter((c) => c.excluded === undefined), devices };
}
function matchesDevice(offer, wish) {
    const name = (offer.gpuName ?? offer.device ?? '').trim().toLowerCase();
    if (name !== wish.gpu.trim().toLowerCase())
        return false;
    return offer.gpuName === undefined || offer.gpuCount === String(wish.gpuCount);
}
function exclusion(offer, price, wish, points) {
    if (wish.onlyRegions !== undefined && !wish.onlyRegions.regions.some((r) => offerIn(offer, r)))
        return 'not the region asked';
    if (offer.mark === undefined)
        return 'no mark';
    if (wish.maxPrice !== undefined &&
        (price === undefined || ((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .compareDecimals */ .YL)(price, wish.maxPrice) ?? 1) > 0))
        return 'over max_price';
    if (((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .compareDecimals */ .YL)(offer.inventory ?? '0', String(points)) ?? -1) < 0)
        return 'no stock';
    return undefined;
}
/**
 * Whether a search entry is in a region: by the region's name where both give one (the name is what a
 * volume's region shares with the compute regions), else by the compute region's tag.
 */
function offerIn(offer, region) {
    if (region.name !== undefined && offer.regionName !== undefined)
        return region.name === offer.regionName;
    return region.tag !== undefined && region.tag === offer.region;
}
/** Choosable first, then by price (none last), then by the preference of the region. */
function rank(a, b, wish) {
    const choosable = Number(a.excluded !== undefined) - Number(b.excluded !== undefined);
    if (choosable !== 0)
        return choosable;
    const price = a.price === undefined || b.price === undefined
        ? Number(a.price === undefined) - Number(b.price === undefined)
        : ((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .compareDecimals */ .YL)(a.price, b.price) ?? 0);
    return price || preference(a.offer, wish) - preference(b.offer, wish);
}
/** Where the entry's region stands in `regions` (by region or region_name); unlisted after all. */
function preference(offer, wish) {
    const at = wish.regions.findIndex((wanted) => wanted === offer.region || (offer.regionName !== undefined && wanted === offer.regionName));
    return at === -1 ? wish.regions.length : at;
}
/** The cheapest entry of the wished device that only its price keeps out, to name when none is cheap enough. */
function cheapestOverPrice(choice) {
    const priced = choice.considered.flatMap((candidate) => candidate.excluded === 'over max_price' && candidate.price !== undefined
        ? [{ candidate, price: candidate.price }]
        : []);
    return priced.sort((a, b) => (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .compareDecimals */ .YL)(a.price, b.price) ?? 0)[0]?.candidate;
}
/** The create body's resources entry for a chosen entry, as the platform's create example sends it. */
function resourcesEntry(offer) {
    return {
        mark: offer.mark,
        ...(offer.resource === undefined ? {} : { resource: offer.resource }),
        ...(offer.regionName === undefined ? {} : { region_name: offer.regionName })
    };
}


/***/ }),

/***/ 5945:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IL: () => (/* binding */ preheat),
/* harmony export */   Ks: () => (/* binding */ stopPreheat),
/* harmony export */   iC: () => (/* binding */ preheatServices)
/* harmony export */ });
/* unused harmony export judgePreheat */
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9817);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2589);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9644);
/* harmony import */ var _platform_preheat_data_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6322);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7187);
/* harmony import */ var _platform_resource_data_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7581);
/* harmony import */ var _platform_retry_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(1460);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8998);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2212);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(8079);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(6656);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(2317);
/* harmony import */ var _choose_resource_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9282);














/**
 * Where a preheat stands: done, or still going, with what its detail says; failed only once its task has
 * ended before completing. The reference lists no failure status of a region (Begin, Syncing, Completed):
 * any other is waited through, within preheat_timeout.
 */
function judgePreheat(progress, mode) {
    const { ended } = progress;
    if (mode === 'region') {
        const { regions } = progress;
        const detail = regions.length === 0
            ? 'no region reported yet'
            : regions.map((r) => `${r.region} ${r.status}`).join(', ');
        if (regions.length > 0 && regions.every((r) => r.completed))
            return { state: 'done', detail };
        return ended
            ? { state: 'failed', detail: `${detail}; the preheat task ended` }
            : { state: 'waiting', detail };
    }
    const points = progress.points ?? 0;
    const ready = progress.availablePoints ?? 0;
    const detail = `${ready} of ${points} node(s) prepared`;
    if (points > 0 && ready >= points)
        return { state: 'done', detail };
    return ended
        ? { state: 'failed', detail: `${detail}; the preheat task ended` }
        : { state: 'waiting', detail };
}
/**
 * Preheats where the chosen entry runs, before anything bills: a cluster preheat of its region (from
 * get_regions), or a node preheat of `points` nodes of its device there (from a resource search with
 * task_type=ImagePreHeat). Waits, polling at least 10 s apart, until it completes, within
 * preheat_timeout and the step's deadline. A preheat that fails or times out is stopped, and the step
 * fails. While it runs, its task is in the cleanup state, so a cancelled job's post step stops it. The
 * preheat task is named `taskName`, or as the task_name input says.
 */
async function preheat(candidate, mode, ctx, taskName) {
    const startedAt = ctx.runtime.now();
    const region = candidate.offer.region ?? '';
    const body = {
        ...(taskName === undefined ? {} : { task_name: taskName }),
        ...(mode === 'region' ? await regionBody(region, ctx) : await nodeBody(candidate, ctx))
    };
    ctx.log(`preheat: ${mode === 'region' ? `caching the images in region ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(region, 60)}` : `preparing ${ctx.settings.points ?? 1} node(s) of ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(candidate.offer.device ?? '?', 60)} in region ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(region, 60)}`} before creating; a preheat is not a reservation: the create is still scheduled on the stock free then`);
    const taskId = await createPreheat({ ...body, services: preheatServices(ctx.settings.body) }, ctx);
    ctx.cleanup.add('preheats', [taskId]);
    const ended = await watchPreheat(taskId, mode, ctx);
    // A cancelled step leaves the stop to the post step: the preheat is on its ledger, and this step's
    // requests end at once.
    if (ended.state === 'cancelled')
        throw new Error(`the step was cancelled while preheating (task ${taskId}): the post step stops the preheat task, and nothing was created`);
    if (ended.state === 'done') {
        ctx.cleanup.settle('preheats', taskId);
        const elapsedMs = ctx.runtime.now() - startedAt;
        ctx.log(`preheat: task ${taskId} completed after ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(elapsedMs)} (${ended.detail})`);
        return { taskId, mode, region, elapsedMs };
    }
    const stopped = await stopPreheat(taskId, ctx);
    throw new Error(`the preheat (task ${taskId}) ${ended.state === 'failed' ? 'failed' : `did not complete within preheat_timeout ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(ctx.settings.preheat.timeoutMs)}`} (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(ended.detail, 300)}); ${stopped.kind === 'shown' ? 'the preheat task was stopped' : `the preheat task could not be stopped (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(stopped.why, 300)})`}, and nothing was created`);
}
/**
 * The services a preheat caches: the name and image of each of the body's services and, where the body
 * gives the private registry's account (the create's repository_username and repository_password), that
 * account for each (the reference's repository_account): without it a private image cannot be pulled, and
 * the preheat would run until preheat_timeout.
 */
function preheatServices(body) {
    const services = Array.isArray(body.services) ? body.services : [];
    const { repository_username: username, repository_password: password } = body;
    const account = typeof username === 'string' && username !== ''
        ? { repository_account: { repository_username: username, repository_password: password ?? null } }
        : {};
    return services
        .filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)
        .flatMap((service) => typeof service.service_name === 'string' && typeof service.service_image === 'string'
        ? [{ service_name: service.service_name, service_image: service.service_image, ...account }]
        : []);
}
async function regionBody(region, ctx) {
    const { result } = await read((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .preheatRegionsCall */ .Xx)(ctx.settings), 'preheat: the regions a preheat can warm', ctx);
    const regions = (0,_platform_preheat_data_js__WEBPACK_IMPORTED_MODULE_4__/* .preheatRegionsOf */ .UF)(result.data);
    const found = regions.find((r) => r.region === region);
    if (found === undefined) {
        throw new Error(`region ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(region, 60)} is not one a cluster preheat can warm (get_regions lists ${regions.map((r) => (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(r.region, 60)).join(', ') || 'none'}): set preheat to node, or none`);
    }
    return { regions: [{ region: found.region, region_name: found.regionName ?? null }] };
}
async function nodeBody(candidate, ctx) {
    const deviceType = ctx.settings.capacity?.deviceType ?? 'GpuDevice';
    const call = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .resourceSearchCall */ .JE)(ctx.settings, deviceType, _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__/* .PREHEAT_KIND */ .z0.taskType);
    const { result } = await read(call, 'preheat: the resources a node preheat can prepare', ctx);
    const { device, region } = candidate.offer;
    const offer = (0,_platform_resource_data_js__WEBPACK_IMPORTED_MODULE_6__/* .offersOf */ .f)(result.data).find((o) => o.device === device && o.region === region && o.mark !== undefined);
    if (offer === undefined) {
        throw new Error(`the resource search for a node preheat lists no ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(device ?? '?', 60)} in region ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(region ?? '?', 60)}: set preheat to region, or none`);
    }
    return { points: ctx.settings.points ?? 1, resources: [(0,_choose_resource_js__WEBPACK_IMPORTED_MODULE_7__/* .resourcesEntry */ .u$)(offer)] };
}
/**
 * Sends the preheat's create: again only after a 429 or a request never sent. A preheat holds no compute
 * (the platform's reference), so a 429 that landed after all costs a second cache of the image, not a bill;
 * a task's create is never sent again so (see createOnce).
 */
async function createPreheat(body, ctx) {
    const { result } = await (0,_platform_retry_js__WEBPACK_IMPORTED_MODULE_8__/* .withRetries */ .LH)('preheat: create', () => ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .preheatCreateCall */ .uC)(ctx.settings, body)), (error) => (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_9__/* .rateLimitedOrNeverSent */ .ux)(error) ? (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_9__/* .retryIfTransient */ .or)(error, ctx.retries.deps.now()) : { retry: false }, ctx.retries.policy, ctx.retries.deps);
    const taskId = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_10__/* .taskIdOf */ .G6)(result.data);
    if (taskId === undefined) {
        throw new Error(`the preheat create was answered without a task_id, so the step cannot follow it, and created nothing: look for an image preheat task named ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(typeof body.task_name === 'string' ? body.task_name : (ctx.settings.taskName ?? ''), 100))} in the console`);
    }
    ctx.log(`preheat: task ${taskId}`);
    return taskId;
}
/**
 * Polls the preheat until it completes or fails, or preheat_timeout (within the step's deadline) ends: a
 * fixed rate of one detail per poll interval (10 s at the least); a detail that cannot be read, even
 * retried, fails it at once.
 */
async function watchPreheat(taskId, mode, ctx) {
    let last = '';
    const started = ctx.runtime.now();
    const deadline = Math.min(started + ctx.settings.preheat.timeoutMs, ctx.deadline);
    const since = () => (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(ctx.runtime.now() - started);
    const polled = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_11__/* .pollUntil */ .g3)(async () => {
        let judged;
        try {
            const { result } = await read((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .preheatDetailCall */ .jj)(ctx.settings, taskId), `preheat: task ${taskId}`, ctx);
            judged = judgePreheat(_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__/* .PREHEAT_KIND */ .z0.progressOf(result.data), mode);
        }
        catch (error) {
            return {
                kind: 'unread',
                why: `its detail could not be read: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)((0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_9__/* .describeError */ .Uc)(error), 300)}`
            };
        }
        const changed = judged.detail !== last;
        if (changed)
            ctx.log(`preheat: task ${taskId}: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(judged.detail, 300)} after ${since()} (${(0,_poll_js__WEBPACK_IMPORTED_MODULE_11__/* .timeLeft */ .f$)(deadline, ctx.runtime.now())})`);
        last = judged.detail;
        if (judged.state !== 'waiting')
            return { kind: 'done', value: { state: judged.state, detail: judged.detail } };
        return { kind: 'waiting', said: changed };
    }, {
        deadline,
        schedule: {
            kind: 'fixed_rate',
            intervalMs: Math.max(_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__/* .PREHEAT_KIND */ .z0.leastPollMs, ctx.settings.wait.intervalMs)
        },
        failureBudget: 1,
        lastLookAtDeadline: true,
        heartbeat: {
            everyMs: _poll_js__WEBPACK_IMPORTED_MODULE_11__/* .HEARTBEAT_MS */ .m,
            line: () => `preheat: task ${taskId}: still ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(last, 300)} after ${since()} (${(0,_poll_js__WEBPACK_IMPORTED_MODULE_11__/* .timeLeft */ .f$)(deadline, ctx.runtime.now())})`
        }
    }, { ...ctx.runtime, log: ctx.log });
    if (polled.kind === 'done')
        return polled.value;
    if (polled.kind === 'unread')
        return { state: 'failed', detail: polled.why };
    return { state: polled.kind, detail: last };
}
/**
 * Stops a preheat task until its detail says End (see sendUntilShown): an accepted stop is not done until
 * then; one that had ended shows End without it.
 */
async function stopPreheat(taskId, ctx) {
    const shows = async () => {
        const progress = await ctx
            .send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .preheatDetailCall */ .jj)(ctx.settings, taskId))
            .then(({ result }) => _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__/* .PREHEAT_KIND */ .z0.progressOf(result.data))
            .catch(() => undefined);
        const status = (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(progress?.status ?? 'unknown', 40);
        return progress?.ended === true
            ? { shown: true, state: status }
            : { shown: false, state: `its status is ${status}` };
    };
    const stop = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .preheatStopCall */ .Qf)(ctx.settings, taskId);
    const outcome = await (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_12__/* .sendUntilShown */ .ep)(stop, `preheat: stop task ${taskId}`, shows, ctx);
    if (outcome.kind === 'shown')
        ctx.cleanup.settle('preheats', taskId);
    return outcome;
}
/** A read, retried on what may pass (network errors, 429, 5xx). */
function read(call, label, ctx) {
    return (0,_retries_js__WEBPACK_IMPORTED_MODULE_13__/* .retried */ .s)(label, ctx.retries, () => ctx.send(call));
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

/***/ 8388:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  NB: () => (/* binding */ closeSftpLeft),
  Ok: () => (/* binding */ openSftp),
  iO: () => (/* binding */ withSftpSession)
});

// UNUSED EXPORTS: closeSftp

// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./basics/records.ts
var records = __webpack_require__(2212);
// EXTERNAL MODULE: ./platform/task-data.ts
var task_data = __webpack_require__(8998);
;// CONCATENATED MODULE: ./platform/sftp-session-data.ts




/**
 * A volume's SFTP session, as obtain answers it (suanli-nas-storage/api/sftp-obtain.md): Pending while it
 * opens (ask again later), Running with the credentials and the address, Exception with why. One session
 * per volume: every caller of obtain on the volume is given the same one, until it is destroyed or expires.
 */
const SFTP_PENDING = 'Pending';
const SFTP_RUNNING = 'Running';
const SFTP_EXCEPTION = 'Exception';
/** An obtain answer that cannot be used: the field it lacks or holds in a form that is no use. */
class SftpAnswerError extends Error {
    field;
    constructor(field, problem) {
        super(`the SFTP session's answer ${problem}`);
        this.field = field;
        this.name = 'SftpAnswerError';
    }
}
/**
 * The session of an obtain answer's data. Pure. Fails closed (an SftpAnswerError naming the field) on a
 * Running answer without username or password, or with an sftp_url that is no host:port: nothing could
 * connect with it. Otherwise the optional fields may be absent or null; an expire_at that is no time reads
 * as none. The values are never in an error's text (the password least of all).
 */
function sftpSessionOf(data) {
    const record = (0,records/* isRecord */.u)(data) ? data : {};
    const status = sftp_session_data_text(record.status);
    const session = {
        id: (0,task_data/* countOf */.pq)(record.id)?.toString(),
        status,
        expiresAt: expiryOf(record.expire_at),
        errorCode: sftp_session_data_text(record.error_code),
        errorMessage: sftp_session_data_text(record.error_message)
    };
    if (status !== SFTP_RUNNING)
        return { ...session, credentials: undefined };
    const username = sftp_session_data_text(record.username);
    const password = sftp_session_data_text(record.password);
    if (username === undefined)
        throw new SftpAnswerError('username', 'says Running but gives no username');
    if (password === undefined)
        throw new SftpAnswerError('password', 'says Running but gives no password');
    const address = addressOf(record.sftp_url);
    return { ...session, credentials: { username, password, ...address } };
}
/** host:port of sftp_url: a name or IPv4 address, or [IPv6], and a port from 1 to 65535. */
function addressOf(value) {
    const url = sftp_session_data_text(value);
    if (url === undefined)
        throw new SftpAnswerError('sftp_url', 'says Running but gives no sftp_url');
    const match = /^\[([0-9A-Fa-f:.]+)\]:(\d{1,5})$/.exec(url) ??
        /^([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):(\d{1,5})$/.exec(url);
    const port = Number(match?.[2]);
    if (match === null || !Number.isInteger(port) || port < 1 || port > 65_535)
        throw new SftpAnswerError('sftp_url', `gives sftp_url ${JSON.stringify((0,safe_text/* sanitize */.aj)(url, 80))}, which is no host:port`);
    return { host: match[1] ?? '', port };
}
/** expire_at (yyyy-MM-dd HH:mm:ss, in the platform's zone) as ms; undefined when absent or no time. */
function expiryOf(value) {
    const written = sftp_session_data_text(value);
    if (written === undefined)
        return undefined;
    const utc = (0,units/* utcTime */.SK)(written);
    if (utc === written)
        return undefined;
    const ms = Date.parse(utc);
    return Number.isNaN(ms) ? undefined : ms;
}
function sftp_session_data_text(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}

// EXTERNAL MODULE: ./deploy/engine/ask-again.ts
var ask_again = __webpack_require__(2317);
// EXTERNAL MODULE: ./deploy/engine/context.ts
var context = __webpack_require__(3742);
// EXTERNAL MODULE: ./deploy/engine/poll.ts
var poll = __webpack_require__(6656);
// EXTERNAL MODULE: ./deploy/engine/retries.ts
var retries = __webpack_require__(8079);
// EXTERNAL MODULE: ./deploy/engine/storage/read-volumes.ts
var read_volumes = __webpack_require__(7393);
;// CONCATENATED MODULE: ./deploy/engine/storage/sftp-ledger.ts
/**
 * Records a volume's SFTP session for the post step to destroy, should the step end before it does:
 * before its obtain is sent, and again with its expiry once Running showed it. One entry per volume (the
 * platform keeps one session per volume). Never its credentials.
 */
function leaveSftpSession(ctx, left) {
    const others = ctx.cleanup.state().sftpSessions.filter((s) => s.storageId !== left.storageId);
    ctx.cleanup.update({ sftpSessions: [...others, left] });
}
/** Takes a volume's SFTP session off the ledger: it is destroyed (see closeSftp). */
function settleSftpSession(ctx, storageId) {
    ctx.cleanup.update({
        sftpSessions: ctx.cleanup.state().sftpSessions.filter((s) => s.storageId !== storageId)
    });
}

;// CONCATENATED MODULE: ./deploy/engine/storage/sftp-session.ts











/**
 * How obtain is asked again while the session is Pending: soon at first (the platform opens one in
 * seconds), then less often; never a sleep past the step's deadline (the poll's).
 */
const PENDING_SCHEDULE = { kind: 'backoff', firstMs: 1_000, factor: 2, mostMs: 10_000 };
/**
 * Opens the volume's SFTP session: on the ledger first (the post step and `elastic-deploy cleanup`
 * destroy one a killed step left), then obtain, asked again while Pending (backing off, cancellable,
 * within the step's deadline), until Running gives the credentials; Exception fails naming its error_code
 * and error_message (sanitized). Each obtain is retried as the step's reads are (429 as Retry-After asks,
 * 5xx, no answer), its answer needed by the deadline. The password is masked before this answers, and
 * never logged, saved or returned in any other form. Whatever happens after the ledger entry is written,
 * the caller closes the session (closeSftp; withSftpSession does both).
 */
async function openSftp(volume, ctx) {
    const storageId = volume.id;
    ctx.log(`sftp: opening a session to volume ${storageId}`);
    leaveSftpSession(ctx, { storageId, expiresAt: undefined });
    const said = new Set();
    const ended = await (0,poll/* pollUntil */.g3)(async () => {
        // A round due at the deadline itself sends nothing: its answer could not come in time.
        if (ctx.runtime.now() >= ctx.deadline)
            return { kind: 'waiting' };
        const session = await obtain(storageId, ctx);
        if (session.status === SFTP_RUNNING || session.status === SFTP_EXCEPTION)
            return { kind: 'done', value: session };
        const status = session.status ?? 'no status';
        if (session.status !== SFTP_PENDING && !said.has(status)) {
            said.add(status);
            ctx.log(`sftp: volume ${storageId}: the session reads ${JSON.stringify((0,safe_text/* sanitize */.aj)(status, 40))}, a status the reference does not list; asking again`);
            return { kind: 'waiting', said: true };
        }
        return {
            kind: 'waiting',
            progress: `sftp: volume ${storageId}: the session is ${(0,safe_text/* sanitize */.aj)(status, 40)}`
        };
    }, {
        deadline: ctx.deadline,
        schedule: PENDING_SCHEDULE,
        failureBudget: Infinity,
        lastLookAtDeadline: false,
        heartbeat: {
            everyMs: poll/* HEARTBEAT_MS */.m,
            line: () => `sftp: volume ${storageId}: the session is still opening (${(0,poll/* timeLeft */.f$)(ctx.deadline, ctx.runtime.now())})`
        }
    }, { ...ctx.runtime, log: ctx.log });
    if (ended.kind !== 'done') {
        const why = ended.kind === 'cancelled' ? 'the step was cancelled' : 'the step ran out of time';
        throw new Error(`sftp: the session of volume ${storageId} did not open: ${why} while it was still Pending`);
    }
    return running(storageId, ended.value, ctx);
}
/** One obtain, retried as a read is, its answer needed by the step's deadline; the session it answered. */
async function obtain(storageId, ctx) {
    const answer = await (0,retries/* retried */.s)(`sftp: volume ${storageId}: obtain`, ctx.retries, () => ctx.send((0,calls/* sftpObtainCall */.tU)(ctx.settings, storageId), { notAfter: ctx.deadline }));
    // The session layer masked the password as the answer came (a secret-named field); once more here, in
    // case a host masks only what it is handed: before anything read from the answer is shown.
    const password = answer.result.data?.password;
    if (typeof password === 'string' && password !== '')
        ctx.runtime.mask?.([password]);
    return sftpSessionOf(answer.result.data);
}
/** The open session of a Running answer (its expiry on the ledger), or an Exception's error. */
function running(storageId, session, ctx) {
    if (session.status === SFTP_EXCEPTION) {
        const code = (0,safe_text/* sanitize */.aj)(session.errorCode ?? 'none', 60);
        const message = (0,safe_text/* sanitize */.aj)(session.errorMessage ?? 'none', 300);
        throw new Error(`sftp: the session of volume ${storageId} failed (Exception): error_code ${JSON.stringify(code)}, error_message ${JSON.stringify(message)}`);
    }
    const { credentials, expiresAt } = session;
    if (credentials === undefined)
        throw new Error(`sftp: volume ${storageId}: Running without credentials`);
    leaveSftpSession(ctx, { storageId, expiresAt });
    const until = expiresAt === undefined
        ? 'with no expiry given'
        : `until ${(0,units/* rfc3339 */.ag)(expiresAt)} (in ${(0,units/* formatDuration */.a3)(Math.max(0, expiresAt - ctx.runtime.now()))})`;
    const host = credentials.host.includes(':') ? `[${credentials.host}]` : credentials.host;
    ctx.log(`sftp: volume ${storageId}: the session is open at ${(0,safe_text/* sanitize */.aj)(host, 100)}:${credentials.port}, ${until}`);
    return { storageId, credentials, expiresAt };
}
/**
 * Destroys the volume's SFTP session and, once closed, takes it off the ledger (left there otherwise, for
 * the post step). "Closed" means: a destroy the platform accepted (the API has no read of a session that
 * does not open one, obtain, and destroy answers data null: an accepted destroy, harmless to repeat, is
 * the only word there is that no session remains), or, while destroys are refused or fail, a read that
 * shows the session cannot be there: its volume no longer listed (a session ends with its volume), or the
 * expiry Running gave passed. Asked again until cleanup_timeout (or the context's deadline) runs out.
 */
async function closeSftp(storageId, ctx, expiresAt = ledgerExpiry(storageId, ctx)) {
    const outcome = await (0,ask_again/* sendUntilShown */.ep)((0,calls/* sftpDestroyCall */.I4)(ctx.settings, storageId), `sftp: volume ${storageId}: destroy`, (refused) => closedAfter(refused, storageId, expiresAt, ctx), ctx);
    if (outcome.kind === 'shown') {
        settleSftpSession(ctx, storageId);
        ctx.log(`sftp: volume ${storageId}: the session is closed (${outcome.state})`);
    }
    return outcome;
}
/** Whether the session is closed after a destroy (see closeSftp): accepted, or shown by a read. */
async function closedAfter(refused, storageId, expiresAt, ctx) {
    if (refused === undefined)
        return { shown: true, state: 'destroyed: the platform accepted the destroy' };
    if (expiresAt !== undefined && ctx.runtime.now() >= expiresAt)
        return { shown: true, state: `expired at ${(0,units/* rfc3339 */.ag)(expiresAt)}` };
    try {
        const { volume } = await (0,read_volumes/* readVolume */.jg)(storageId, ctx);
        if (volume === undefined)
            return { shown: true, state: 'its volume is no longer listed' };
        return { shown: false, state: `volume ${storageId} is ${(0,safe_text/* sanitize */.aj)(volume.status ?? 'listed', 20)}` };
    }
    catch (error) {
        return { shown: false, state: `the volume list could not be read (${(0,failures/* describeError */.Uc)(error)})` };
    }
}
/** The expiry the ledger holds for a volume's session, if any. */
function ledgerExpiry(storageId, ctx) {
    return ctx.cleanup.state().sftpSessions.find((s) => s.storageId === storageId)?.expiresAt;
}
/** The post step's (and `elastic-deploy cleanup`'s): destroys a session the step left on the ledger. */
function closeSftpLeft(left, ctx) {
    return closeSftp(left.storageId, ctx, left.expiresAt);
}
/** Once the step is cancelled, the close has this long in all, its requests in flight included. */
const CANCELLED_CLOSE_MS = 5_000;
/**
 * Opens the volume's session, hands it to `use`, and closes it whatever happens: within cleanup_timeout of
 * its own, past the step's deadline if need be; once the step is cancelled, on a runtime the cancel does
 * not stop, for a few seconds (as a job's stop is). A close that fails leaves the session on the ledger,
 * for the post step, and is said.
 */
async function withSftpSession(volume, ctx, use) {
    try {
        return await use(await openSftp(volume, ctx));
    }
    finally {
        const { cleanupTimeoutMs } = ctx.settings;
        const runtime = ctx.runtime.cancelled()
            ? ctx.runtime.uncancelled(Math.min(cleanupTimeoutMs, CANCELLED_CLOSE_MS))
            : undefined;
        const closing = runtime === undefined
            ? (0,context/* contextFor */.BT)(ctx, cleanupTimeoutMs)
            : (0,context/* deployContext */.H3)(ctx.settings, runtime, {
                budgetMs: Math.min(cleanupTimeoutMs, CANCELLED_CLOSE_MS),
                cleanup: ctx.cleanup
            });
        try {
            const outcome = await closeSftp(volume.id, closing);
            if (outcome.kind === 'failed')
                ctx.runtime.warn(`sftp: the session of volume ${volume.id} could not be destroyed (${(0,safe_text/* sanitize */.aj)(outcome.why, 300)}): the post step tries again`);
        }
        finally {
            runtime?.dispose();
        }
    }
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


/***/ }),

/***/ 518:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Uz: () => (/* binding */ findTasks),
/* harmony export */   d: () => (/* binding */ searchTasks),
/* harmony export */   lC: () => (/* binding */ awaitNewTasks),
/* harmony export */   lP: () => (/* binding */ searchByName)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2212);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8998);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6539);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6656);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2317);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8079);
/* harmony import */ var _read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6961);









/**
 * The tasks the search for `searchValue` finds whose name `matches`, among those that still bill (or,
 * `every`, whatever their status: what a name's tasks have cost), across
 * every page of the search (see readAllPages: a list whose pages end before its count is an error, never a
 * shorter list).
 */
async function searchTasks(searchValue, matches, ctx, which = 'active') {
    const { results } = await (0,_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__/* .readAllPages */ .s$)(`the task search for ${JSON.stringify(searchValue)}`, (page) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .searchByNameCall */ .Vl)(ctx.settings, searchValue, page, which), ctx.send, (task) => (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .taskIdOf */ .G6)(task) ?? (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_3__/* .toCompactJson */ .ZJ)(task));
    return results.flatMap((task) => {
        const id = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .taskIdOf */ .G6)(task);
        const name = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u)(task) ? task.task_name : undefined;
        if (id === undefined || typeof name !== 'string' || !matches(name))
            return [];
        const { status, billingValue, forecastValue } = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .snapshotOf */ .eY)(task, ['status']);
        return [{ id, name, status, billingValue, forecastValue }];
    });
}
/** The ids of the tasks named exactly `name` that still bill (the search matches parts of names). */
async function findTasks(name, ctx) {
    return (await searchTasks(name, (found) => found === name, ctx)).map((task) => task.id);
}
/** findTasks, retried on what may pass (network errors, 429, 5xx); `label` names it in the log. */
function searchByName(label, name, ctx) {
    return (0,_retries_js__WEBPACK_IMPORTED_MODULE_5__/* .retried */ .s)(label, ctx.retries, () => findTasks(name, ctx));
}
/** How often to look for a task while waiting for it to appear: every 5 s, and at least four times. */
const searchEveryMs = (windowMs) => Math.min(5000, Math.max(250, windowMs / 4));
/**
 * Searches until tasks of the name that are not among `existing` show up (newest first), or `until`
 * passes: `none` when a search sent after `until` found none, `cut` when the context's deadline came
 * first, `unknown` when the last search failed (what it would have found is not known). A search that
 * would settle it and fails is sent again after a backoff, as a refused stop is, while the deadline
 * allows; `label` names it in the log.
 */
async function awaitNewTasks(name, existing, until, ctx, label) {
    const { now } = ctx.retries.deps;
    let lastSentAt = now();
    const search = async () => {
        lastSentAt = now();
        try {
            const fresh = (await findTasks(name, ctx)).filter((id) => !existing.has(id));
            if (fresh.length === 0)
                return { kind: 'waiting' };
            return { kind: 'done', value: fresh.sort((a, b) => (BigInt(a) < BigInt(b) ? 1 : -1)) };
        }
        catch (error) {
            return { kind: 'unread', why: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .describeError */ .Uc)(error) };
        }
    };
    const polled = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_7__/* .pollUntil */ .g3)(search, {
        deadline: Math.min(until, ctx.retries.policy.deadline),
        schedule: { kind: 'fixed_rate', intervalMs: searchEveryMs(until - now()) },
        failureBudget: Infinity,
        lastLookAtDeadline: true
    }, { ...ctx.retries.deps, log: ctx.log });
    if (polled.kind === 'done')
        return { kind: 'found', ids: polled.value };
    const failed = polled.kind === 'unread' ? polled.why : polled.unread;
    if (failed === undefined)
        return { kind: lastSentAt >= until ? 'none' : 'cut' };
    // The last search failed: what it would have found is not known, so it is asked again, with a backoff.
    const known = await (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_8__/* .askUntilKnown */ .jR)(async () => {
        const round = await search();
        if (round.kind === 'unread')
            return { known: false, why: round.why };
        return { known: true, value: round.kind === 'done' ? round.value : undefined };
    }, failed, ctx, (why, delay) => `${label}: the task search failed (${why}): searching again in ${delay}`);
    if (!known.known)
        return { kind: 'unknown', why: known.why };
    if (known.value !== undefined)
        return { kind: 'found', ids: known.value };
    return { kind: lastSentAt >= until ? 'none' : 'cut' };
}


/***/ })

};
