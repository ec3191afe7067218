export const id = 569;
export const ids = [569];
export const modules = {

/***/ 569:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runPost: () => (/* binding */ runPost)
});

// UNUSED EXPORTS: runPostOnRunner

// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./deploy/cleanup-state.ts
var cleanup_state = __webpack_require__(7326);
// EXTERNAL MODULE: ./deploy/context.ts + 1 modules
var context = __webpack_require__(8703);
// EXTERNAL MODULE: ./deploy/cleanup.ts
var cleanup = __webpack_require__(8786);
// EXTERNAL MODULE: ./platform/operations.ts
var operations = __webpack_require__(7258);
// EXTERNAL MODULE: ./protocol/json.ts
var json = __webpack_require__(6539);
;// CONCATENATED MODULE: ./deploy/manual-stop.ts


/**
 * How to stop a task by hand when the post step could not: a workflow step with this action, and a
 * shell command that signs the request as the spec demands (for an endpoint that takes a plain body).
 * Secrets appear only as the names of variables and files the user fills in.
 */
function manualStop(settings, taskId, action) {
    const call = (0,operations/* cleanupCall */.PG)(settings, taskId, 'stop');
    const step = actionStep(settings, action, ['    operation: stop', `    task_id: ${taskId}`]);
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
 * that sweeps the exact name (a name without `*` matches itself only), keeping the tasks in `keep`.
 */
function manualSweep(settings, taskName, keep, action) {
    return actionStep(settings, action, [
        '    operation: sweep',
        `    task_name: ${JSON.stringify(taskName)}`,
        ...(keep.length > 0 ? [`    task_id: ${JSON.stringify(keep.join(', '))}`] : [])
    ]);
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

// EXTERNAL MODULE: ./action/main-step.ts + 4 modules
var main_step = __webpack_require__(1535);
// EXTERNAL MODULE: ./action/runtime.ts + 5 modules
var action_runtime = __webpack_require__(2127);
// EXTERNAL MODULE: ./action/saved-cleanup.ts
var saved_cleanup = __webpack_require__(2457);
// EXTERNAL MODULE: ./action/summary.ts
var action_summary = __webpack_require__(8871);
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
async function runPost(host) {
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
        runtime = (0,context/* stepRuntime */.r7)(settings, (0,action_runtime/* hostHooks */.b7)(host, new AbortController().signal));
        const ctx = (0,context/* deployContext */.H3)(settings, runtime, { budgetMs: settings.cleanupTimeoutMs });
        const { outcomes, unsettled, preheats = [], rollback, scaleBack } = await (0,cleanup/* finishCleanup */.Y)(state, ctx);
        if (rollback !== undefined)
            reportRollback(host, rollback);
        if (scaleBack !== undefined)
            reportScaleBack(host, label, scaleBack);
        for (const { target, outcome } of outcomes)
            host.info(describeOutcome(target, outcome, state.lookup));
        for (const { taskId, problem } of preheats) {
            if (problem === undefined)
                host.info(`cleanup: stopped image preheat task ${taskId}, which had not completed`);
            else
                host.warning(`could not stop image preheat task ${taskId} (${(0,safe_text/* sanitize */.a)(problem, 300)}): the platform's reference says a preheat holds no compute, but stop it in the console's image preheat list`);
        }
        const failed = outcomes.filter((o) => o.outcome.kind === 'failed');
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
/** Says how the rollback of an update ended; one that did not complete is an error, with the file to restore. */
function reportRollback(host, rollback) {
    if (rollback.problem === undefined) {
        host.info(`cleanup: rolled back the update of task ${rollback.taskId}: it serves the configuration it had`);
        return;
    }
    (0,main_step/* notRolledBack */.vG)(host, { taskId: rollback.taskId, configuration: rollback.restore }, `the post step could not roll its update back (${(0,safe_text/* sanitize */.a)(rollback.problem, 300)})`);
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
    host.setFailed(`${label} failed: task ${scale.taskId} may run a failing node (${(0,safe_text/* sanitize */.a)(scale.problem ?? '', 300)}): check its nodes, and set its points back to ${scale.points} (operation change_points) if a new one fails`, 'cleanup');
}
function describeOutcome(target, outcome, lookup) {
    const verb = cleanup_state/* CLEANUP_DONE */.io[target.action];
    const name = JSON.stringify((0,safe_text/* sanitize */.a)(lookup?.taskName ?? '', 100));
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
        const why = outcome.kind === 'failed' ? outcome.why : '';
        const command = host.byHand?.stop(target.id);
        host.error(`task ${target.id} may still be running, and billing: the post step could not ${target.action} it within ${within} (${why}). Stop it by hand now: ${command === undefined ? 'the job summary shows a step and a command that do' : runWithVariables(command)}, or stop it in the platform's console`, 'Task left running');
        const { step, shell } = manualStop(settings, target.id, uses);
        summary.push(`**Task ${target.id} may still be running, and billing.** The post step could not ${target.action} it within ${within}. Stop it by hand now, ${command === undefined ? 'with this step in any workflow:' : RUN_WITH_VARIABLES}`, ...(command === undefined ? (0,action_summary/* fenced */.OF)('yaml', step) : (0,action_summary/* fenced */.OF)('sh', command)));
        if (shell !== undefined) {
            summary.push('or from a shell, with `DEPLOY_API_TOKEN` set (and `private.pem` for an RSA-mode key):', ...(0,action_summary/* fenced */.OF)('sh', shell));
        }
    }
    if (left.unsettled !== undefined)
        summary.push(...unsettledCreate(host, settings, left.unsettled, uses));
    (0,main_step/* writeSummary */.Sy)(host, () => `${summary.join('\n')}\n`);
    const ids = left.failed.map(({ target }) => `task ${target.id} may still be running`);
    const { unsettled } = left;
    const named = unsettled === undefined
        ? []
        : [`a task named ${JSON.stringify((0,safe_text/* sanitize */.a)(unsettled.taskName, 100))} may be running`];
    host.setFailed(`${label} failed: ${[...ids, ...named].join('; ')}`, 'cleanup');
}
/**
 * Says that a create may have made a task the post step could not look for, and how to stop it by hand
 * (an error, and the job summary's lines).
 */
function unsettledCreate(host, settings, unsettled, uses) {
    const name = JSON.stringify((0,safe_text/* sanitize */.a)(unsettled.taskName, 100));
    const command = host.byHand?.sweep(unsettled.taskName, unsettled.keep);
    host.error(`a task named ${name} may be running, and billing: the create of this step may have made it without the step learning its id, and the post step could not look for it until it could no longer appear (${unsettled.why}). Look for it and stop it now: ${command === undefined ? 'the job summary shows a step that does' : runWithVariables(command)}`, 'Task may be left running');
    return [
        `**A task named ${(0,action_summary/* escape */.ih)(name)} may be running, and billing.** The create of this step may have made it without the step learning its id, and the post step could not look for it until it could no longer appear (${(0,action_summary/* escape */.ih)(unsettled.why)}). Look for it in the platform's console, or stop every task of that name but the ones that existed before the step ${command === undefined ? 'with this step in any workflow:' : RUN_WITH_VARIABLES}`,
        ...(command === undefined
            ? (0,action_summary/* fenced */.OF)('yaml', manualSweep(settings, unsettled.taskName, unsettled.keep, uses))
            : (0,action_summary/* fenced */.OF)('sh', command))
    ];
}
/** How the summary introduces the host's own command (the CLI's), which needs the run's credentials. */
const RUN_WITH_VARIABLES = "with this command, run with this run's ELASTIC_DEPLOY_* variables:";
/** The host's own command, in a log line. */
const runWithVariables = (command) => `run \`${command}\` with this run's ELASTIC_DEPLOY_* variables`;


/***/ })

};
