export const id = 913;
export const ids = [913];
export const modules = {

/***/ 4262:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ sendChange),
/* harmony export */   n: () => (/* binding */ checkWaits)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3035);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2116);



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
        await (0,_retries_js__WEBPACK_IMPORTED_MODULE_1__/* .retried */ .sT)(label, ctx.retries, () => ctx.send(call));
        return { kind: 'accepted' };
    }
    catch (error) {
        ctx.log(`${label}: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(error)}`);
        return { kind: 'not_accepted', error: error instanceof Error ? error : new Error(String(error)) };
    }
}


/***/ }),

/***/ 9882:
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

/***/ 7913:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   replaceNodeFlow: () => (/* binding */ replaceNodeFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(629);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9644);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6218);
/* harmony import */ var _cleanup_state_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7326);
/* harmony import */ var _tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(7659);
/* harmony import */ var _result_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8848);
/* harmony import */ var _change_await_serving_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3166);
/* harmony import */ var _tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4273);
/* harmony import */ var _change_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9882);
/* harmony import */ var _change_send_change_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4262);
/* harmony import */ var _call_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1030);












/**
 * Replaces nodes of a task: deletes the node point_id names (or, with `failed`, every node that is Failed
 * or crash-looping) with delete_pod, after which the platform schedules another, and waits until the task
 * again runs all its nodes, the deleted ones gone. The last running node is deleted only when
 * delete_last_node says so: the service would stop until its replacement comes up.
 */
const replaceNodeFlow = {
    plan: (settings) => {
        (0,_change_send_change_js__WEBPACK_IMPORTED_MODULE_0__/* .checkWaits */ .n)(settings, 'the task runs all its nodes again');
        const plan = (0,_platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .planCalls */ .j)(settings);
        const [taskId] = settings.taskIds;
        const { pointId } = settings.nodeChoice;
        if (pointId === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d('point_id is empty, but replace_node needs it: set point_id to a node of the nodes operation, or to failed for every failed or crash-looping node');
        if (taskId === undefined)
            throw new Error('replace_node plans for one task');
        return {
            plan,
            cleanup: _cleanup_state_js__WEBPACK_IMPORTED_MODULE_3__/* .NO_CLEANUP */ .jR,
            run: (ctx) => runReplaceNode(plan, taskId, ctx),
            dryRun: async (ctx) => {
                const look = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .readTask */ .gv)(taskId, ctx);
                const targets = chooseNodes(taskId, look, ctx);
                ctx.log(targets.length === 0
                    ? 'dry run: replace_node would delete nothing'
                    : `dry run: replace_node would delete node ${targets.join(', ')} of task ${taskId} (POST delete_pod), and wait until the task runs all its nodes again; only reads were sent`);
                return (0,_call_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, {
                    tasks: [(0,_change_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__/* .taskAfterRead */ .Q)(taskId, look)],
                    change: (0,_result_js__WEBPACK_IMPORTED_MODULE_7__/* .changeReport */ .XS)({ changed: targets.length > 0, nodes: targets })
                });
            }
        };
    }
};
async function runReplaceNode(plan, taskId, ctx) {
    const look = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .readTask */ .gv)(taskId, ctx);
    const targets = chooseNodes(taskId, look, ctx);
    const counts = { pointsBefore: (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .runningOf */ .Tx)(look.snapshot) };
    if (targets.length === 0) {
        const task = (0,_change_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__/* .taskAfterRead */ .Q)(taskId, look);
        return (0,_call_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, {
            tasks: [task],
            change: (0,_result_js__WEBPACK_IMPORTED_MODULE_7__/* .changeReport */ .XS)({ ...counts, pointsAfter: counts.pointsBefore })
        });
    }
    for (const pointId of targets) {
        ctx.log(`replace_node: deleting node ${pointId} of task ${taskId}; the platform schedules another`);
        await (0,_change_send_change_js__WEBPACK_IMPORTED_MODULE_0__/* .sendChange */ .X)((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_8__/* .deletePodCall */ .vb)(ctx.settings, taskId, pointId), `replace_node: delete_pod ${pointId}`, ctx);
    }
    const outcome = await (0,_change_await_serving_js__WEBPACK_IMPORTED_MODULE_9__/* .awaitServing */ .n)(taskId, {
        points: look.snapshot.nodes?.total ?? look.nodes.length,
        gone: new Set(targets),
        before: (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .pointIds */ .tc)(look.nodes)
    }, ctx, { deadline: ctx.deadline, label: 'replace_node' });
    const task = (0,_change_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__/* .taskAfterServing */ .y)(taskId, outcome, { startedAt: ctx.startedAt, now: ctx.runtime.now() });
    const change = (0,_result_js__WEBPACK_IMPORTED_MODULE_7__/* .changeReport */ .XS)({
        changed: true,
        ...counts,
        pointsAfter: (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .runningOf */ .Tx)(outcome.snapshot),
        nodes: targets
    });
    return (0,_call_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, { tasks: [task], change, timedOut: outcome.kind === 'timed_out' });
}
/**
 * The nodes to delete: the one point_id names (it must be the task's), or every failed or crash-looping
 * one. Deleting the last running node is refused unless delete_last_node allows it; nothing is sent.
 */
function chooseNodes(taskId, look, ctx) {
    const { pointId, deleteLastNode } = ctx.settings.nodeChoice;
    const failing = (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_10__/* .failingNodes */ .EJ)({ results: look.nodes }, ctx.settings.wait.maxRestarts);
    if (pointId === 'failed') {
        for (const problem of failing)
            ctx.log(`replace_node: ${(0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_10__/* .describeNodeProblem */ .BD)(problem)}`);
        if (failing.length === 0)
            ctx.log(`replace_node: no node of task ${taskId} is failed or crash-looping; nothing to replace`);
        return failing.map((problem) => problem.pointId);
    }
    const ids = look.nodes.map(_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .pointOf */ .qk);
    if (pointId === undefined || !ids.includes(pointId))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`point_id ${pointId ?? ''} is no node of task ${taskId}: set point_id to one of ${ids.join(', ') || '(it has no node)'}, or to failed`);
    const bad = new Set(failing.map((problem) => problem.pointId));
    const serving = look.nodes.filter((node) => (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_10__/* .fieldText */ .gF)(node.status) === 'Running' && !bad.has((0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .pointOf */ .qk)(node)));
    const last = serving.length === 1 && (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .pointOf */ .qk)(serving[0] ?? {}) === pointId;
    if (last && !deleteLastNode)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`point_id ${pointId} is the last running node of task ${taskId}: deleting it stops the service until another comes up; set delete_last_node: true to delete it anyway`);
    return [pointId];
}


/***/ })

};
