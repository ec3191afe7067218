export const id = 95;
export const ids = [95];
export const modules = {

/***/ 5512:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ taskAfterRead),
/* harmony export */   y: () => (/* binding */ taskAfterServing)
/* harmony export */ });
/* harmony import */ var _result_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8848);

/** The task's result once a wait for a change ended: reached when it serves, else how it did not. */
function taskAfterServing(taskId, outcome, fields) {
    return (0,_result_js__WEBPACK_IMPORTED_MODULE_0__/* .taskResult */ .hK)(taskId, {
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
    return (0,_result_js__WEBPACK_IMPORTED_MODULE_0__/* .taskResult */ .hK)(taskId, { ...seen(look.snapshot), data: look.data, raw: look.raw });
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

/***/ 9095:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   updateFlow: () => (/* binding */ updateFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(629);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9817);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(2589);
/* harmony import */ var _platform_operations_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(7258);
/* harmony import */ var _cleanup_state_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7326);
/* harmony import */ var _configuration_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3896);
/* harmony import */ var _context_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(8703);
/* harmony import */ var _lookup_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(9674);
/* harmony import */ var _result_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8848);
/* harmony import */ var _rollback_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(3884);
/* harmony import */ var _serving_wait_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(658);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(8998);
/* harmony import */ var _change_result_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5512);
/* harmony import */ var _task_change_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4614);
/* harmony import */ var _call_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1030);















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
        (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .checkWaits */ .ne)(settings, 'the new configuration serves, and rolls it back when it does not');
        (0,_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .checkChanges */ .ek)(settings.body);
        if (settings.taskIds.length > 1)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`task_id lists ${settings.taskIds.length} tasks, but update changes one: set task_id to a single id`);
        if (settings.taskIds.length === 0 && settings.taskName === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d('task_id and task_name are empty, but update needs the task: set task_id, or task_name to the name of exactly one live task');
        const plan = { operation: settings.operation, calls: [], wait: undefined };
        return {
            plan,
            cleanup: _cleanup_state_js__WEBPACK_IMPORTED_MODULE_3__/* .NO_CLEANUP */ .jR,
            run: (ctx) => runUpdate(plan, ctx),
            dryRun: async (ctx) => {
                const { taskId, look, fields } = await prepare(ctx);
                for (const change of fields)
                    ctx.log(`dry run: update would change ${describeChange(change)}`);
                ctx.log(fields.length === 0
                    ? `dry run: the body changes nothing in task ${taskId}, so update would send nothing`
                    : `dry run: update would post the whole configuration back to task ${taskId}, and wait until it serves; only reads were sent`);
                return (0,_call_js__WEBPACK_IMPORTED_MODULE_4__/* .stepResult */ .GR)(plan, ctx, {
                    tasks: [(0,_change_result_js__WEBPACK_IMPORTED_MODULE_5__/* .taskAfterRead */ .Q)(taskId, look)],
                    change: (0,_result_js__WEBPACK_IMPORTED_MODULE_6__/* .changeReport */ .XS)({ changed: fields.length > 0, fields })
                });
            }
        };
    }
};
async function prepare(ctx) {
    const taskId = await chooseTask(ctx);
    const look = await (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .readTask */ .gv)(taskId, ctx);
    const before = (0,_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .configurationOf */ .QV)(look.data);
    const after = (0,_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .applyChanges */ .YF)(before, ctx.settings.body);
    return { taskId, look, before, after, fields: (0,_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .diffConfigurations */ .VU)(before, after) };
}
async function runUpdate(plan, ctx) {
    const prepared = await prepare(ctx);
    const { taskId, look, before, after, fields } = prepared;
    for (const change of fields)
        ctx.log(`update: ${describeChange(change)}`);
    if (fields.length === 0) {
        ctx.log(`update: the body changes nothing in task ${taskId}; nothing was sent`);
        return (0,_call_js__WEBPACK_IMPORTED_MODULE_4__/* .stepResult */ .GR)(plan, ctx, { tasks: [(0,_change_result_js__WEBPACK_IMPORTED_MODULE_5__/* .taskAfterRead */ .Q)(taskId, look)], change: (0,_result_js__WEBPACK_IMPORTED_MODULE_6__/* .changeReport */ .XS)({}) });
    }
    if (look.snapshot.status !== 'Running')
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`task ${taskId} is ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_7__/* .sanitize */ .a)(look.snapshot.status ?? 'in no known status', 20)}, but update changes a running service: recover it first`);
    // From here until the new configuration serves, the post step can set the task back.
    ctx.cleanup.update({ rollback: (0,_rollback_js__WEBPACK_IMPORTED_MODULE_8__/* .rollbackOf */ .I)(taskId, before) });
    const refused = await (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .sendChange */ .Xy)((0,_platform_operations_js__WEBPACK_IMPORTED_MODULE_9__/* .updateCall */ .QJ)(ctx.settings, taskId, after), `update: task ${taskId}`, ctx);
    if (refused !== undefined && (await unchanged(taskId, before, ctx))) {
        ctx.cleanup.update({ rollback: undefined });
        const message = `was not updated: the platform refused the update (${refused.message}), and the task's configuration is as it was`;
        return updateResult(plan, ctx, {
            taskId,
            outcome: { kind: 'failed', snapshot: look.snapshot, data: look.data, raw: look.raw },
            change: (0,_result_js__WEBPACK_IMPORTED_MODULE_6__/* .changeReport */ .XS)({ fields }),
            message
        });
    }
    const outcome = await (0,_serving_wait_js__WEBPACK_IMPORTED_MODULE_10__/* .awaitServing */ .n)(taskId, targetOf(after, look, before), ctx, {
        deadline: ctx.deadline,
        label: 'update'
    });
    const change = (0,_result_js__WEBPACK_IMPORTED_MODULE_6__/* .changeReport */ .XS)({ changed: true, fields });
    if (outcome.kind === 'serving') {
        ctx.cleanup.update({ rollback: undefined });
        return updateResult(plan, ctx, { taskId, outcome, change });
    }
    const why = outcome.why ?? outcome.kind;
    const said = refused === undefined ? why : `${why}, after the platform refused the update (${refused.message})`;
    const failed = { taskId, before, why: said, change, last: outcome };
    return updateResult(plan, ctx, await rollBack(failed, ctx));
}
/** Whether the task's configuration is still `before`, as its detail says now (unreadable: not known to be). */
async function unchanged(taskId, before, ctx) {
    try {
        const now = (0,_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .configurationOf */ .QV)((await (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .readDetail */ .on)(taskId, ctx)).data);
        return (0,_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .diffConfigurations */ .VU)(before, now).length === 0;
    }
    catch {
        return false;
    }
}
/** The new configuration serves when every live node runs its images (all new ones, when services changed). */
function targetOf(after, look, before) {
    const nodes = (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .pointIds */ .tc)(look.nodes);
    return {
        points: (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_11__/* .countOf */ .pq)(after.points) ?? look.snapshot.nodes?.total ?? 1,
        images: (0,_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .imagesOf */ .IC)(after),
        gone: (0,_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .servicesDiffer */ .FK)(before, after) ? nodes : new Set(),
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
    const restored = await (0,_rollback_js__WEBPACK_IMPORTED_MODULE_8__/* .restoreConfiguration */ .R)((0,_rollback_js__WEBPACK_IMPORTED_MODULE_8__/* .rollbackOf */ .I)(taskId, before), (0,_context_js__WEBPACK_IMPORTED_MODULE_12__/* .contextFor */ .BT)(ctx, budget), ctx.runtime.now() + budget);
    const outcome = { ...restored, kind: restored.kind === 'cancelled' ? 'cancelled' : 'failed' };
    if (restored.kind === 'serving') {
        ctx.cleanup.update({ rollback: undefined });
        const message = `${didNot}; rolled back: it serves the configuration it had again`;
        return { taskId, outcome, change: { ...change, rolledBack: true }, message, timedOut };
    }
    const message = `${didNot}, and the rollback did not complete within cleanup_timeout ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_13__/* .formatDuration */ .a3)(budget)} (it ${restored.why ?? restored.kind}): restore its configuration by hand (the post step tries again)`;
    const restore = { taskId, configuration: (0,_configuration_js__WEBPACK_IMPORTED_MODULE_1__/* .redactConfiguration */ .aL)(before) };
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
    const task = (0,_change_result_js__WEBPACK_IMPORTED_MODULE_5__/* .taskAfterServing */ .y)(ending.taskId, outcome, {
        startedAt: ctx.startedAt,
        now: ctx.runtime.now(),
        ...(ending.message === undefined ? {} : { message: ending.message })
    });
    return (0,_call_js__WEBPACK_IMPORTED_MODULE_4__/* .stepResult */ .GR)(plan, ctx, { tasks: [task], change: ending.change, timedOut: ending.timedOut ?? false });
}
/** The task to update: task_id, or the one live task named task_name (exactly one, ended ones aside). */
async function chooseTask(ctx) {
    const [given] = ctx.settings.taskIds;
    if (given !== undefined)
        return given;
    const name = ctx.settings.taskName ?? '';
    const ids = await (0,_lookup_js__WEBPACK_IMPORTED_MODULE_14__/* .searchByName */ .lP)('update: looking for the task by name', name, ctx);
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


/***/ })

};
