export const id = 352;
export const ids = [352];
export const modules = {

/***/ 1360:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ sendChange),
/* harmony export */   n: () => (/* binding */ checkWaits)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3035);
/* harmony import */ var _engine_retries_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8079);



/**
 * A change to a running task waits until it serves (to roll it back, or to say it did not): wait: false
 * is refused before anything is sent.
 */
function checkWaits(settings, why) {
    if (settings.wait.mode === 'false')
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`wait is false, but ${settings.operation} waits until ${why}: remove wait`);
}
/**
 * Sends a call that changes a task (each is harmless to repeat), retried while a failure may pass.
 * Whether it took effect is then for the task's state to say, never the answer.
 */
async function sendChange(call, label, ctx) {
    try {
        await (0,_engine_retries_js__WEBPACK_IMPORTED_MODULE_1__/* .retried */ .s)(label, ctx.retries, () => ctx.send(call));
        return { kind: 'accepted' };
    }
    catch (error) {
        ctx.log(`${label}: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(error)}`);
        return { kind: 'not_accepted', error: error instanceof Error ? error : new Error(String(error)) };
    }
}


/***/ }),

/***/ 9420:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ taskAfterRead),
/* harmony export */   y: () => (/* binding */ taskAfterServing)
/* harmony export */ });
/* harmony import */ var _engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5834);

/** The task's result once a wait for a change ended: reached when it serves, else how it did not. */
function taskAfterServing(taskId, outcome, fields) {
    return (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_0__/* .taskResult */ .h)(taskId, {
        ...seen(outcome.snapshot),
        verdict: outcome.kind === 'serving' ? 'reached' : outcome.kind,
        urls: outcome.urls,
        data: outcome.data,
        raw: outcome.raw,
        elapsedMs: fields.now - fields.startedAt,
        message: fields.message ?? outcome.why,
        healthy: outcome.healthy
    });
}
/** A task's result as a read left it: done, with what its detail says. */
function taskAfterRead(taskId, look) {
    return (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_0__/* .taskResult */ .h)(taskId, { ...seen(look.snapshot), data: look.data, raw: look.raw });
}
/** What a task's snapshot says of it: status, nodes, money and name. */
function seen(snapshot) {
    return {
        status: snapshot?.status,
        nodes: snapshot?.nodes,
        billingValue: snapshot?.billingValue,
        forecastValue: snapshot?.forecastValue,
        name: snapshot?.name
    };
}


/***/ }),

/***/ 3352:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   updateFlow: () => (/* binding */ updateFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(629);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(9817);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_16__ = __webpack_require__(2589);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(9644);
/* harmony import */ var _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6289);
/* harmony import */ var _engine_tasks_configuration_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6426);
/* harmony import */ var _engine_context_js__WEBPACK_IMPORTED_MODULE_15__ = __webpack_require__(3742);
/* harmony import */ var _engine_secret_fields_js__WEBPACK_IMPORTED_MODULE_17__ = __webpack_require__(3439);
/* harmony import */ var _engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_18__ = __webpack_require__(518);
/* harmony import */ var _engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5939);
/* harmony import */ var _engine_cleanup_restore_configuration_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(4471);
/* harmony import */ var _engine_change_await_serving_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(2729);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(8998);
/* harmony import */ var _task_after_change_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9420);
/* harmony import */ var _send_change_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1360);
/* harmony import */ var _engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8242);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(445);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2212);
/* harmony import */ var _engine_storage_mounts_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8156);



















/**
 * An update in place: reads the task's whole configuration, applies the body's changes (services matched
 * by service_name), and posts it all back, as the platform's update overwrites everything. Then waits
 * until the new configuration serves: every live node on the new images, runing_points at points, the
 * URLs, the health check. When it does not (a crash loop, the deadline, an unhealthy app, a cancel), the
 * configuration it had is posted back and waited for: the update is rolled back, and the step fails.
 * Until it serves, the post step holds that configuration, to finish the rollback of a cancelled job.
 */
const updateFlow = {
    plan: (settings) => {
        (0,_send_change_js__WEBPACK_IMPORTED_MODULE_0__/* .checkWaits */ .n)(settings, 'the new configuration serves, and rolls it back when it does not');
        // Volumes to mount are a change of their own; a body with nothing else may be empty.
        if (settings.storage.mounts.length === 0 || Object.keys(settings.body).length > 0)
            (0,_engine_tasks_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .checkChanges */ .ek)(settings.body);
        if (settings.taskIds.length > 1)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`task_id lists ${settings.taskIds.length} tasks, but update changes one: set task_id to a single id`);
        if (settings.taskIds.length === 0 && settings.taskName === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d('task_id and task_name are empty, but update needs the task: set task_id, or task_name to the name of exactly one live task');
        const plan = { operation: settings.operation, calls: [], wait: undefined };
        return {
            plan,
            cleanup: _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_3__/* .NO_CLEANUP */ .jR,
            run: (ctx) => runUpdate(plan, ctx),
            dryRun: async (ctx) => {
                const { taskId, look, fields } = await prepare(ctx);
                for (const change of fields)
                    ctx.log(`dry run: update would change ${describeChange(change)}`);
                ctx.log(fields.length === 0
                    ? `dry run: the body changes nothing in task ${taskId}, so update would send nothing`
                    : `dry run: update would post the whole configuration back to task ${taskId}, and wait until it serves; only reads were sent`);
                return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_4__/* .stepResult */ .GR)(plan, ctx, {
                    tasks: [(0,_task_after_change_js__WEBPACK_IMPORTED_MODULE_5__/* .taskAfterRead */ .Q)(taskId, look)],
                    parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__/* .reportEntry */ .jr)('change', (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__/* .changeReport */ .XS)({ changed: fields.length > 0, fields }))]
                });
            }
        };
    }
};
async function prepare(ctx) {
    const taskId = await chooseTask(ctx);
    const look = await (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_7__/* .readTask */ .gv)(taskId, ctx);
    const before = (0,_engine_tasks_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .configurationOf */ .QV)(look.data);
    const changed = (0,_engine_tasks_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .applyChanges */ .YF)(before, ctx.settings.body);
    const after = ctx.settings.storage.mounts.length === 0 ? changed : await mounted(changed, ctx);
    return { taskId, look, before, after, fields: (0,_engine_tasks_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .diffConfigurations */ .VU)(before, after) };
}
/**
 * The configuration with the volumes and juicefs_mounts inputs mounted (see withMounts): each storage found
 * and mountable, in the task's own region (its resources' region_name), as the platform mounts a volume
 * only in its region and an object storage only where it is accelerated.
 */
async function mounted(configuration, ctx) {
    const found = await (0,_engine_storage_mounts_js__WEBPACK_IMPORTED_MODULE_8__/* .resolveMounts */ .Nq)(ctx.settings.storage.mounts, ctx);
    const regions = (Array.isArray(configuration.resources) ? configuration.resources : []).flatMap((r) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_9__/* .isRecord */ .u)(r) && typeof r.region_name === 'string' ? [r.region_name] : []);
    const elsewhere = regions.filter((name) => !(0,_engine_storage_mounts_js__WEBPACK_IMPORTED_MODULE_8__/* .amongRegions */ .eQ)(found.regions, name));
    if (elsewhere.length > 0)
        throw new Error(`the task runs in ${elsewhere.map((n) => (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_10__/* .sanitize */ .aj)(n, 60)).join(', ')}, but the storages to mount can be mounted only in ${(0,_engine_storage_mounts_js__WEBPACK_IMPORTED_MODULE_8__/* .describeRegions */ .rj)(found.regions)}, ${found.why}: mount storages of the task's region, or replace the task there`);
    return (0,_engine_storage_mounts_js__WEBPACK_IMPORTED_MODULE_8__/* .withMounts */ .fG)(configuration, found.mounts);
}
async function runUpdate(plan, ctx) {
    const prepared = await prepare(ctx);
    const { taskId, look, before, after, fields } = prepared;
    for (const change of fields)
        ctx.log(`update: ${describeChange(change)}`);
    if (fields.length === 0) {
        ctx.log(`update: the body changes nothing in task ${taskId}; nothing was sent`);
        return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_4__/* .stepResult */ .GR)(plan, ctx, {
            tasks: [(0,_task_after_change_js__WEBPACK_IMPORTED_MODULE_5__/* .taskAfterRead */ .Q)(taskId, look)],
            parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__/* .reportEntry */ .jr)('change', (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__/* .changeReport */ .XS)({}))]
        });
    }
    if (!(0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_11__/* .taskKindOf */ .j2)(ctx.settings).statuses.running.includes(look.snapshot.status ?? ''))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`task ${taskId} is ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_10__/* .sanitize */ .aj)(look.snapshot.status ?? 'in no known status', 20)}, but update changes a running service: recover it first`);
    // From here until the new configuration serves, the post step can set the task back.
    ctx.cleanup.set('rollback', (0,_engine_cleanup_restore_configuration_js__WEBPACK_IMPORTED_MODULE_12__/* .rollbackOf */ .I)(taskId, before));
    const sent = await (0,_send_change_js__WEBPACK_IMPORTED_MODULE_0__/* .sendChange */ .X)((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_11__/* .updateCall */ .QJ)(ctx.settings, taskId, after), `update: task ${taskId}`, ctx);
    if (sent.kind === 'not_accepted' && (await (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_7__/* .holdsConfiguration */ .Ld)(taskId, before, ctx))) {
        ctx.cleanup.clear('rollback');
        const message = `was not updated: the platform refused the update (${sent.error.message}), and the task's configuration is as it was`;
        return updateResult(plan, ctx, {
            taskId,
            outcome: { kind: 'failed', snapshot: look.snapshot, data: look.data, raw: look.raw },
            change: (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__/* .changeReport */ .XS)({ fields }),
            message
        });
    }
    const outcome = await (0,_engine_change_await_serving_js__WEBPACK_IMPORTED_MODULE_13__/* .awaitServing */ .n)(taskId, targetOf(after, look, before), ctx, {
        deadline: ctx.deadline,
        label: 'update'
    });
    const change = (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__/* .changeReport */ .XS)({ changed: true, fields });
    if (outcome.kind === 'serving') {
        ctx.cleanup.clear('rollback');
        return updateResult(plan, ctx, { taskId, outcome, change });
    }
    const why = outcome.why ?? outcome.kind;
    const said = sent.kind === 'accepted' ? why : `${why}, after the platform refused the update (${sent.error.message})`;
    const failed = { taskId, before, why: said, change, last: outcome };
    return updateResult(plan, ctx, await rollBack(failed, ctx));
}
/** The new configuration serves when every live node runs its images (all new ones, when services changed). */
function targetOf(after, look, before) {
    const nodes = (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_7__/* .pointIds */ .tc)(look.nodes);
    return {
        points: (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_14__/* .countOf */ .pq)(after.points) ?? look.snapshot.nodes?.total ?? 1,
        images: (0,_engine_tasks_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .imagesOf */ .IC)(after),
        gone: (0,_engine_tasks_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .servicesDiffer */ .FK)(before, after) ? nodes : new Set(),
        before: nodes
    };
}
/**
 * The update did not serve: posts back the configuration the task had and waits, within cleanup_timeout
 * (from now, past wait_timeout), until it serves again. A cancelled step leaves that to the post step.
 */
async function rollBack(failed, ctx) {
    const { taskId, before, why, change, last } = failed;
    const timedOut = last.kind === 'timed_out';
    const didNot = `did not serve the new configuration (it ${why})`;
    if (ctx.runtime.cancelled())
        return {
            taskId,
            outcome: { ...last, kind: 'cancelled' },
            change,
            message: `${didNot}; the post step rolls it back`
        };
    ctx.log(`update: task ${taskId} ${didNot}; rolling back`);
    const budget = ctx.settings.cleanupTimeoutMs;
    const restored = await (0,_engine_cleanup_restore_configuration_js__WEBPACK_IMPORTED_MODULE_12__/* .restoreConfiguration */ .R)((0,_engine_cleanup_restore_configuration_js__WEBPACK_IMPORTED_MODULE_12__/* .rollbackOf */ .I)(taskId, before), (0,_engine_context_js__WEBPACK_IMPORTED_MODULE_15__/* .contextFor */ .BT)(ctx, budget), ctx.runtime.now() + budget);
    const outcome = { ...restored, kind: restored.kind === 'cancelled' ? 'cancelled' : 'failed' };
    if (restored.kind === 'serving') {
        ctx.cleanup.clear('rollback');
        const message = `${didNot}; rolled back: it serves the configuration it had again`;
        return { taskId, outcome, change: { ...change, rolledBack: true }, message, timedOut };
    }
    const message = `${didNot}, and the rollback did not complete within cleanup_timeout ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_16__/* .formatDuration */ .a3)(budget)} (it ${restored.why ?? restored.kind}): restore its configuration by hand (the post step tries again)`;
    const restore = { taskId, configuration: (0,_engine_secret_fields_js__WEBPACK_IMPORTED_MODULE_17__/* .redactFields */ .$F)(before) };
    return { taskId, outcome, change: { ...change, restore }, message, timedOut };
}
function updateResult(plan, ctx, ending) {
    const outcome = {
        why: undefined,
        data: undefined,
        raw: undefined,
        snapshot: undefined,
        urls: [],
        healthy: undefined,
        ...ending.outcome
    };
    const task = (0,_task_after_change_js__WEBPACK_IMPORTED_MODULE_5__/* .taskAfterServing */ .y)(ending.taskId, outcome, {
        startedAt: ctx.startedAt,
        now: ctx.runtime.now(),
        ...(ending.message === undefined ? {} : { message: ending.message })
    });
    return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_4__/* .stepResult */ .GR)(plan, ctx, {
        tasks: [task],
        parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__/* .reportEntry */ .jr)('change', ending.change)],
        timedOut: ending.timedOut ?? false
    });
}
/** The task to update: task_id, or the one live task named task_name (exactly one, ended ones aside). */
async function chooseTask(ctx) {
    const [given] = ctx.settings.taskIds;
    if (given !== undefined)
        return given;
    const name = ctx.settings.taskName ?? '';
    const ids = await (0,_engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_18__/* .searchByName */ .lP)('update: looking for the task by name', name, ctx);
    if (ids.length === 1 && ids[0] !== undefined) {
        ctx.log(`update: task ${ids[0]} is the live task named ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .h)(name)}`);
        return ids[0];
    }
    throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(ids.length === 0
        ? `task_name ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .h)(name)} names no live task: set task_name to the exact name of a running task, or set task_id`
        : `task_name ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .h)(name)} names ${ids.length} live tasks (${ids.join(', ')}): set task_id to the one to update`);
}
function describeChange(change) {
    return `${change.path}: ${change.before} -> ${change.after}`;
}


/***/ }),

/***/ 2317:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ep: () => (/* binding */ sendUntilShown),
/* harmony export */   jR: () => (/* binding */ askUntilKnown)
/* harmony export */ });
/* unused harmony export waitToAskAgain */
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2589);
/* harmony import */ var _platform_client_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5619);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3035);
/* harmony import */ var _platform_retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1460);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8079);





// The persistence policy of every change whose failure leaves something billing, in one place: send (a
// repeatable request only), then ask again until the task's state shows it, within a deadline.
/**
 * After round `round` of a request whose failure leaves something billing failed or has not shown yet
 * (a stop or pause, a scale's set-back, a rollback, the search for a create's task): waits a backoff
 * before the next round, saying so with `say(delay)`, but never past `deadline` (the stop retries'
 * deadline by default): a backoff that would pass it is cut short, so that the last round is asked at the
 * deadline itself. Answers whether to ask again: false once the deadline has come, or when the wait is
 * cancelled.
 */
async function waitToAskAgain(round, ctx, say, deadline = ctx.stopRetries.policy.deadline) {
    const { deps } = ctx.stopRetries;
    const left = Math.min(deadline, ctx.stopRetries.policy.deadline) - deps.now();
    if (left <= 0)
        return false;
    const delay = Math.min((0,_platform_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .backoffMs */ .jo)(round, deps.random, _platform_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_BACKOFF */ .VU), left);
    ctx.log(say((0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(delay)));
    try {
        await deps.sleep(delay);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * The calls a persistence may send again: a request that is harmless to repeat (see Resend). Any other is
 * sent once; what follows asks the task's state again without sending it again.
 */
const SENT_AGAIN = new Set(['read', 'repeatable']);
/**
 * The persistence policy of every change whose failure leaves something billing (a stop, a pause, a
 * scale's set-back, a rollback's post, a preheat's stop): sends `call`, retried while a failure may pass,
 * then reads whether the task's state shows the change (`shows`, told the refusal if there was one). An
 * answer is never the outcome, accepted or refused (no code's meaning is published, and a platform may
 * accept a request and act late, or not at all): while the state does not show it, the call is sent again
 * after a backoff (when its re-send trait allows; else the state alone is read again), until
 * cleanup_timeout from now (or the context's deadline, if sooner) runs out.
 */
async function sendUntilShown(call, label, shows, ctx) {
    const timeoutMs = ctx.settings.cleanupTimeoutMs;
    const started = ctx.stopRetries.deps.now();
    const deadline = Math.min(ctx.deadline, started + timeoutMs);
    const tried = () => ctx.stopRetries.deps.now() - started;
    const repeatable = SENT_AGAIN.has(call.traits.resend);
    let accepted = false;
    let refused;
    for (let round = 1;; round++) {
        if (round === 1 || repeatable) {
            refused = undefined;
            try {
                await (0,_retries_js__WEBPACK_IMPORTED_MODULE_2__/* .retried */ .s)(label, ctx.stopRetries, () => ctx.send(call));
            }
            catch (error) {
                refused = error ?? new Error('refused');
            }
            // Cancelled: nothing more can be sent; the post step takes over.
            if (refused instanceof _platform_client_js__WEBPACK_IMPORTED_MODULE_3__/* .TransportError */ .wX && refused.reason === 'cancelled')
                return { kind: 'failed', why: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_4__/* .describeError */ .Uc)(refused), triedMs: tried() };
            accepted ||= refused === undefined;
        }
        const showing = await shows(refused);
        if (showing.shown)
            return { kind: 'shown', accepted, state: showing.state };
        const why = refused === undefined
            ? `the platform accepted it, but ${showing.state}`
            : `${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_4__/* .describeError */ .Uc)(refused)}; ${showing.state}`;
        if (showing.never !== undefined)
            return { kind: 'failed', why: `${why}, ${showing.never}`, triedMs: tried() };
        const again = await waitToAskAgain(round, ctx, (delay) => `${label}: ${why}: ${repeatable ? 'asking' : 'looking'} again in ${delay}`, deadline);
        if (!again) {
            // How long it was really asked: until the deadline (cleanup_timeout's, or the step's if sooner).
            const limit = deadline < ctx.deadline ? `, until cleanup_timeout (${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(timeoutMs)})` : '';
            return {
                kind: 'failed',
                why: `${why}; asked for ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(tried())}${limit}`,
                triedMs: tried()
            };
        }
    }
}
/**
 * Asks `ask` again, after a backoff each time, until it answers what it was asked (a search that
 * succeeds, whatever it finds), or the stop retries' deadline would pass: the same policy as a change
 * whose state does not show it yet, for a read whose failure leaves unknown whether something bills (the
 * search for a create's task). `first` is why the read that came before failed; `say` names a wait.
 */
async function askUntilKnown(ask, first, ctx, say) {
    let why = first;
    for (let round = 1;; round++) {
        const failed = why;
        if (!(await waitToAskAgain(round, ctx, (delay) => say(failed, delay))))
            return { known: false, why };
        const answer = await ask();
        if (answer.known)
            return answer;
        why = answer.why;
    }
}


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

/***/ 5834:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ taskAfterWait),
/* harmony export */   h: () => (/* binding */ taskResult)
/* harmony export */ });
/** A task's result with nothing known yet but its id: done, and what `fields` say. */
function taskResult(id, fields = {}) {
    return {
        id,
        verdict: 'done',
        status: undefined,
        nodes: undefined,
        billingValue: undefined,
        forecastValue: undefined,
        name: undefined,
        urls: [],
        data: undefined,
        raw: undefined,
        timeline: [],
        samples: [],
        elapsedMs: 0,
        message: undefined,
        diagnostics: undefined,
        healthy: undefined,
        ...fields
    };
}
/** A task's result once its wait ended. */
function taskAfterWait(task, waited, publish) {
    return {
        id: task.id,
        verdict: waited.verdict,
        status: waited.snapshot?.status ?? task.status,
        nodes: waited.snapshot?.nodes ?? task.nodes,
        billingValue: waited.snapshot?.billingValue ?? task.billingValue,
        forecastValue: waited.snapshot?.forecastValue ?? task.forecastValue,
        name: waited.snapshot?.name ?? task.name,
        urls: publish(task.id, waited.snapshot?.urls ?? []),
        data: waited.data ?? task.data,
        raw: waited.raw ?? task.raw,
        timeline: waited.timeline,
        samples: waited.samples,
        elapsedMs: waited.elapsedMs,
        message: waited.message,
        diagnostics: undefined,
        healthy: undefined
    };
}


/***/ })

};
