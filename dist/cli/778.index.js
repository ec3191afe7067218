export const id = 778;
export const ids = [778];
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

/***/ 8156:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  eQ: () => (/* binding */ amongRegions),
  On: () => (/* binding */ describeMounts),
  rj: () => (/* binding */ describeRegions),
  DB: () => (/* binding */ regionKeys),
  Nq: () => (/* binding */ resolveMounts),
  fG: () => (/* binding */ withMounts)
});

// UNUSED EXPORTS: sameRegion

// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./basics/records.ts
var records = __webpack_require__(2212);
// EXTERNAL MODULE: ./protocol/json.ts
var json = __webpack_require__(6539);
// EXTERNAL MODULE: ./platform/task-kinds.ts
var task_kinds = __webpack_require__(7187);
// EXTERNAL MODULE: ./platform/object-storage-data.ts
var object_storage_data = __webpack_require__(564);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./deploy/engine/retries.ts
var retries = __webpack_require__(8079);
// EXTERNAL MODULE: ./deploy/engine/tasks/read-all-pages.ts
var read_all_pages = __webpack_require__(6961);
;// CONCATENATED MODULE: ./deploy/engine/storage/read-object-storages.ts





/**
 * The object storages accelerated for mounts (JuiceFS) of one status, across the list's pages: those a
 * task can mount (`mountable`), or those set up and not accelerated (`dormant`), read only to say why one
 * cannot be. Each page is retried on what may pass.
 */
async function readObjectStorages(ctx, which) {
    const list = await (0,read_all_pages/* readAllPages */.s$)('the object storages accelerated for mounts', (page) => (0,calls/* objectStorageListCall */.T0)(ctx.settings, { status: object_storage_data/* OBJECT_STORAGE */.o[which], page }), (call) => (0,retries/* retried */.s)('object storage: list', ctx.retries, () => ctx.send(call)), (item) => (0,object_storage_data/* objectStoragesOf */.f)({ results: [item] })[0]?.id ?? JSON.stringify(item));
    return (0,object_storage_data/* objectStoragesOf */.f)({ results: list.results });
}
/**
 * The object storage `nameOrId` names among `storages`: the one of that name, else (digits) the one of
 * that id; undefined when none. Two of the name are refused: the step cannot tell which is meant.
 */
function objectStorageNamed(storages, nameOrId) {
    const named = storages.filter((s) => s.name === nameOrId);
    if (named.length > 1)
        throw new Error(`${named.length} object storages are named ${JSON.stringify((0,safe_text/* sanitize */.aj)(nameOrId, 40))} (storage_id ${named.map((s) => s.id).join(', ')}): name the storage_id of the one meant`);
    return named[0] ?? (/^\d+$/.test(nameOrId) ? storages.find((s) => s.id === nameOrId) : undefined);
}

// EXTERNAL MODULE: ./deploy/engine/storage/read-volumes.ts
var read_volumes = __webpack_require__(7393);
;// CONCATENATED MODULE: ./deploy/engine/storage/mounts.ts






/** Whether two regions are one: by name where both give one, else by a compute region's tag on both sides. */
function sameRegion(a, b) {
    if (a.name !== undefined && b.name !== undefined)
        return a.name === b.name;
    return a.computeTag && b.computeTag && a.tag === b.tag;
}
/** One region as two lists give it: the name either gives, and a compute region's tag where either has one. */
function merged(a, b) {
    const compute = a.computeTag ? a : b.computeTag ? b : a;
    return { tag: compute.tag, name: a.name ?? b.name, computeTag: compute.computeTag };
}
/** The body field each kind of mount goes in, and the input it comes from. */
const FIELDS = {
    nas: { field: 'nas_storage_config', input: 'volumes', what: 'volume' },
    juicefs: { field: 'storage_config', input: 'juicefs_mounts', what: 'object storage' }
};
/**
 * What the volumes and juicefs_mounts inputs name, each found by name or id and mountable: a volume Active,
 * an object storage accelerated (Activate); all of them mountable in one region at least (a task runs in
 * one, and the platform mounts a volume only in its own, an object storage only where it is accelerated).
 * Checked before the create is sent, each failure said with what to do.
 */
async function resolveMounts(mounts, ctx) {
    const wanted = (kind) => mounts.filter((m) => m.kind === kind);
    const resolved = [
        ...(wanted('nas').length === 0 ? [] : await resolveVolumes(wanted('nas'), ctx)),
        ...(wanted('juicefs').length === 0 ? [] : await resolveObjects(wanted('juicefs'), ctx))
    ];
    const regions = resolved.reduce((common, one) => common.flatMap((r) => {
        const same = one.regions.find((o) => sameRegion(o, r));
        return same === undefined ? [] : [merged(r, same)];
    }), resolved[0]?.regions ?? []);
    const names = (kind) => resolved.filter((one) => one.mount.kind === kind).map((one) => (0,safe_text/* sanitize */.aj)(one.name, 40));
    const why = [
        ...(names('nas').length === 0 ? [] : [`the region of volume ${names('nas').join(', ')}`]),
        ...(names('juicefs').length === 0
            ? []
            : [`where object storage ${names('juicefs').join(', ')} is accelerated`])
    ].join(' and ');
    if (regions.length === 0)
        throw new Error(`the storages to mount are mountable in no region in common (${resolved.map((one) => `${FIELDS[one.mount.kind].what} ${(0,safe_text/* sanitize */.aj)(one.name, 40)}: ${describeRegions(one.regions) || 'none'}`).join(', ')}), but a task runs in one: mount storages of one region`);
    return { mounts: resolved, regions, why };
}
async function resolveVolumes(mounts, ctx) {
    const { volumes } = await (0,read_volumes/* readVolumes */.mq)(ctx);
    const resolved = mounts.map((mount) => {
        const volume = (0,read_volumes/* volumeNamed */.Ck)(volumes, mount.storage);
        if (volume === undefined)
            throw new Error(`volumes names ${JSON.stringify((0,safe_text/* sanitize */.aj)(mount.storage, 40))}, but no volume has that name (nor that storage_id): make sure of it first with operation volume`);
        if (!task_kinds/* VOLUME_KIND */.OT.statuses.running.includes(volume.status ?? ''))
            throw new Error(`volume ${volume.id} (${(0,safe_text/* sanitize */.aj)(volume.name, 40)}) is ${(0,safe_text/* sanitize */.aj)(volume.status ?? 'of no status', 20)}, not Active, and only an Active volume can be mounted: make sure of it with operation volume, which waits until it is`);
        return { mount, volume };
    });
    // A volume's region as the list gives it: by its name, which a task's region shares (the list's tag is
    // the storage's own); '?' for one it gives neither, which no task can match.
    const regionOf = (volume) => ({
        tag: volume.region ?? '?',
        name: volume.regionName,
        computeTag: false
    });
    const regions = resolved
        .map(({ volume }) => regionOf(volume))
        .filter((r, i, all) => all.findIndex((o) => sameRegion(o, r) || o.tag === r.tag) === i);
    if (regions.length > 1)
        throw new Error(`the volumes to mount are in ${regions.length} regions (${resolved.map(({ volume }) => `${(0,safe_text/* sanitize */.aj)(volume.name, 40)}: ${describeRegions([regionOf(volume)])}`).join(', ')}), but a task runs in one: mount volumes of one region`);
    return resolved.map(({ mount, volume }) => ({
        mount,
        id: volume.id,
        name: volume.name,
        regions: [regionOf(volume)]
    }));
}
async function resolveObjects(mounts, ctx) {
    const accelerated = await readObjectStorages(ctx, 'mountable');
    let dormant;
    const resolved = [];
    for (const mount of mounts) {
        const storage = objectStorageNamed(accelerated, mount.storage);
        if (storage === undefined) {
            dormant ??= await readObjectStorages(ctx, 'dormant');
            const asleep = objectStorageNamed(dormant, mount.storage);
            throw new Error(asleep === undefined
                ? `juicefs_mounts names ${JSON.stringify((0,safe_text/* sanitize */.aj)(mount.storage, 40))}, but no object storage accelerated for mounts (JuiceFS) has that name (nor that storage_id): set it up in the platform's console, or name one get_storage lists`
                : `object storage ${asleep.id} (${(0,safe_text/* sanitize */.aj)(asleep.name, 40)}) is ${(0,safe_text/* sanitize */.aj)(asleep.status ?? 'of no status', 20)}, not accelerated (Activate), and only an accelerated one can be mounted: accelerate it in the platform's console first`);
        }
        const regions = storage.activeRegions.map((r) => ({ ...r, computeTag: true }));
        resolved.push({ mount, id: storage.id, name: storage.name, regions });
    }
    return resolved;
}
/** "volume 1001 (data) at /data, object storage 36 (weights) at /weights in web": a log line's list. */
function describeMounts(found) {
    return found.mounts
        .map(({ mount, id, name }) => `${FIELDS[mount.kind].what} ${id} (${(0,safe_text/* sanitize */.aj)(name, 40)}) at ${(0,safe_text/* sanitize */.aj)(mount.path, 200)}${mount.service === undefined ? '' : ` in ${(0,safe_text/* sanitize */.aj)(mount.service, 60)}`}`)
        .join(', ');
}
/** "guangdong-t-01 (\u5e7f\u4e1c-T1)": the regions a task may run in, for a line. */
function describeRegions(regions) {
    return regions
        .map((r) => `${(0,safe_text/* sanitize */.aj)(r.tag, 60)}${r.name === undefined ? '' : ` (${(0,safe_text/* sanitize */.aj)(r.name, 60)})`}`)
        .join(', ');
}
/**
 * Whether a body's or a task's region is one of them: by its name (a create's resources[].region_name), or
 * by a compute region's tag (the resource search's region, a mark's resource.region).
 */
function amongRegions(regions, nameOrTag) {
    return regions.some((r) => r.name === nameOrTag || (r.computeTag && r.tag === nameOrTag));
}
/** The regions as the resource search is matched with them: each by its name, and by a compute region's tag. */
function regionKeys(regions) {
    return regions.map((r) => ({ name: r.name, tag: r.computeTag ? r.tag : undefined }));
}
/**
 * The body with each mount in its services' nas_storage_config (a volume) or storage_config (an object
 * storage), {storage_id, target_dir}: in the service it names, else in every service; what the body mounts
 * already is kept, a path mounted twice in one field once (the input's). Refused: a mount naming a service
 * the body does not have.
 */
function withMounts(body, mounts) {
    const services = Array.isArray(body.services) ? body.services.filter(records/* isRecord */.u) : [];
    for (const { mount } of mounts)
        if (mount.service !== undefined && !services.some((s) => s.service_name === mount.service))
            throw new Error(`${FIELDS[mount.kind].input} mounts ${JSON.stringify((0,safe_text/* sanitize */.aj)(mount.storage, 40))} in service ${JSON.stringify((0,safe_text/* sanitize */.aj)(mount.service, 60))}, but body has no service of that name: name one of ${services.map((s) => JSON.stringify((0,safe_text/* sanitize */.aj)(String(s.service_name), 60))).join(', ') || 'none'}`);
    return {
        ...body,
        services: services.map((service) => ['nas', 'juicefs'].reduce((changed, kind) => mountedIn(changed, FIELDS[kind].field, mounts.filter(({ mount }) => mount.kind === kind && (mount.service === undefined || mount.service === service.service_name))), service))
    };
}
function mountedIn(service, field, own) {
    if (own.length === 0)
        return service;
    const paths = new Set(own.map(({ mount }) => mount.path));
    const given = Array.isArray(service[field]) ? service[field] : [];
    const kept = given.filter((entry) => !((0,records/* isRecord */.u)(entry) && typeof entry.target_dir === 'string' && paths.has(entry.target_dir)));
    return {
        ...service,
        [field]: [
            ...kept,
            ...own.map(({ mount, id }) => ({ storage_id: (0,json/* exactInteger */.i7)(id), target_dir: mount.path }))
        ]
    };
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
