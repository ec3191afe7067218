export const id = 470;
export const ids = [470];
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

/***/ 8470:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   scaleFlow: () => (/* binding */ scaleFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(629);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9817);
/* harmony import */ var _platform_operations_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7258);
/* harmony import */ var _cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7326);
/* harmony import */ var _context_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8703);
/* harmony import */ var _dry_run_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(599);
/* harmony import */ var _result_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8848);
/* harmony import */ var _serving_wait_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(658);
/* harmony import */ var _scale_back_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(9678);
/* harmony import */ var _change_result_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5512);
/* harmony import */ var _task_change_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4614);
/* harmony import */ var _call_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(1030);












/**
 * A scale: change_points to `points`, then a wait until the task runs exactly that many nodes
 * (runing_points, and the node list: after a scale down, until the extra nodes are gone), failing fast
 * when a new node crash-loops. A scale up whose new nodes fail is set back to the node count it had, so
 * that no failing node is left billing.
 */
const scaleFlow = {
    plan: (settings) => {
        (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .checkWaits */ .ne)(settings, 'the nodes run (change_points alone does not wait)');
        const plan = (0,_platform_operations_js__WEBPACK_IMPORTED_MODULE_1__/* .planCalls */ .jU)(settings);
        const [call] = plan.calls;
        if (call?.taskId === undefined)
            throw new Error('scale plans one change_points call');
        const scaled = { plan, call, taskId: call.taskId, points: settings.points ?? 1 };
        return {
            plan,
            cleanup: _cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_CLEANUP */ .jR,
            run: (ctx) => runScale(scaled, ctx),
            dryRun: async (ctx) => {
                const look = await (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .readTask */ .gv)(scaled.taskId, ctx);
                (0,_dry_run_js__WEBPACK_IMPORTED_MODULE_3__/* .printRequests */ .s)(plan, ctx);
                ctx.log(`dry run: task ${scaled.taskId} has ${look.snapshot.nodes?.total ?? 'an unknown number of'} nodes (${(0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .runningOf */ .Tx)(look.snapshot) ?? 'unknown'} running); scale would set ${scaled.points} and wait until they run; only reads were sent`);
                return (0,_call_js__WEBPACK_IMPORTED_MODULE_4__/* .stepResult */ .GR)(plan, ctx, {
                    tasks: [(0,_change_result_js__WEBPACK_IMPORTED_MODULE_5__/* .taskAfterRead */ .Q)(scaled.taskId, look)],
                    change: (0,_result_js__WEBPACK_IMPORTED_MODULE_6__/* .changeReport */ .XS)({ changed: look.snapshot.nodes?.total !== scaled.points })
                });
            }
        };
    }
};
async function runScale(scale, ctx) {
    const { plan, call, taskId, points } = scale;
    const look = await (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .readTask */ .gv)(taskId, ctx);
    const before = (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .runningOf */ .Tx)(look.snapshot);
    const total = look.snapshot.nodes?.total;
    const counts = { pointsBefore: before };
    if (look.snapshot.status !== 'Running')
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__/* .InputError */ .d(`task ${taskId} is ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_8__/* .sanitize */ .a)(look.snapshot.status ?? 'in no known status', 20)}, but scale waits until its nodes run: recover it first, or send change_points alone`);
    if (total === points && before === points) {
        ctx.log(`scale: task ${taskId} runs ${points} nodes already; nothing was sent`);
        const task = (0,_change_result_js__WEBPACK_IMPORTED_MODULE_5__/* .taskAfterRead */ .Q)(taskId, look);
        return (0,_call_js__WEBPACK_IMPORTED_MODULE_4__/* .stepResult */ .GR)(plan, ctx, { tasks: [task], change: (0,_result_js__WEBPACK_IMPORTED_MODULE_6__/* .changeReport */ .XS)({ ...counts, pointsAfter: before }) });
    }
    ctx.log(`scale: task ${taskId} from ${total ?? 'unknown'} nodes (${before ?? 'unknown'} running) to ${points}`);
    const nodesBefore = (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .pointIds */ .tc)(look.nodes);
    // Until its new nodes run, a scale up is the post step's to set back if one fails (a cancelled job).
    const growing = total !== undefined && points > total;
    if (growing)
        ctx.cleanup.update({ scaleBack: { taskId, points: total, target: points, before: [...nodesBefore] } });
    await (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .sendChange */ .Xy)(call, `scale: change_points of task ${taskId}`, ctx);
    const outcome = await (0,_serving_wait_js__WEBPACK_IMPORTED_MODULE_9__/* .awaitServing */ .n)(taskId, { points, before: nodesBefore }, ctx, {
        deadline: ctx.deadline,
        label: 'scale'
    });
    const ending = { startedAt: ctx.startedAt, now: ctx.runtime.now() };
    const change = (0,_result_js__WEBPACK_IMPORTED_MODULE_6__/* .changeReport */ .XS)({ changed: true, ...counts, pointsAfter: (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .runningOf */ .Tx)(outcome.snapshot) });
    // Only a scale up whose new nodes fail is set back: those nodes would bill without serving.
    if (!growing || outcome.kind === 'serving' || outcome.kind === 'timed_out') {
        ctx.cleanup.update({ scaleBack: undefined });
        const task = (0,_change_result_js__WEBPACK_IMPORTED_MODULE_5__/* .taskAfterServing */ .y)(taskId, outcome, ending);
        return (0,_call_js__WEBPACK_IMPORTED_MODULE_4__/* .stepResult */ .GR)(plan, ctx, { tasks: [task], change, timedOut: outcome.kind === 'timed_out' });
    }
    const didNot = `did not scale to ${points} nodes (it ${outcome.why ?? outcome.kind})`;
    if (outcome.kind === 'cancelled' || ctx.runtime.cancelled()) {
        const message = `${didNot}; the post step waits for its new nodes, and sets the count back to ${total} if one fails`;
        const task = (0,_change_result_js__WEBPACK_IMPORTED_MODULE_5__/* .taskAfterServing */ .y)(taskId, { ...outcome, kind: 'cancelled' }, { ...ending, message });
        return (0,_call_js__WEBPACK_IMPORTED_MODULE_4__/* .stepResult */ .GR)(plan, ctx, { tasks: [task], change });
    }
    const setBack = await setCountBack(taskId, total, ctx);
    const task = (0,_change_result_js__WEBPACK_IMPORTED_MODULE_5__/* .taskAfterServing */ .y)(taskId, outcome, { ...ending, message: `${didNot}; ${setBack.said}` });
    return (0,_call_js__WEBPACK_IMPORTED_MODULE_4__/* .stepResult */ .GR)(plan, ctx, { tasks: [task], change: { ...change, rolledBack: setBack.done } });
}
/**
 * A scale up whose new nodes fail: the count it had is set again until the task's detail shows it (within
 * cleanup_timeout), and said. One the detail does not show by then is left to the post step, which tries
 * again.
 */
async function setCountBack(taskId, total, ctx) {
    const budget = (0,_context_js__WEBPACK_IMPORTED_MODULE_10__/* .contextFor */ .BT)(ctx, ctx.settings.cleanupTimeoutMs);
    const refused = await (0,_scale_back_js__WEBPACK_IMPORTED_MODULE_11__/* .setPointsBack */ .l)(taskId, total, budget, 'scale');
    if (refused !== undefined)
        return {
            done: false,
            said: `could not set it back to ${total} nodes (${refused}): set its points by hand (the post step tries again)`
        };
    ctx.cleanup.update({ scaleBack: undefined });
    return { done: true, said: `set back to ${total} nodes, so that the failing ones stop billing` };
}


/***/ }),

/***/ 9678:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ finishScaleBack),
/* harmony export */   l: () => (/* binding */ setPointsBack)
/* harmony export */ });
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7258);
/* harmony import */ var _serving_wait_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(658);
/* harmony import */ var _task_change_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4614);
/* harmony import */ var _until_shown_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(254);





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
        const { snapshot } = await (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .readDetail */ .on)(taskId, ctx);
        if (snapshot.nodes?.total === points)
            return report(`cleanup: task ${taskId} is set to ${points} nodes, as before the scale: nothing to set back`);
    }
    catch (error) {
        return report(undefined, `it could not be read (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .Uc)(error)})`);
    }
    const outcome = await (0,_serving_wait_js__WEBPACK_IMPORTED_MODULE_2__/* .awaitServing */ .n)(taskId, { points: target, before: new Set(scale.before) }, ctx, {
        deadline: ctx.deadline,
        label: 'cleanup',
        health: false
    });
    if (outcome.kind === 'serving')
        return report(`cleanup: task ${taskId} runs its ${target} nodes: the scale up completed, and keeps them`);
    const why = outcome.why ?? outcome.kind;
    if (outcome.kind !== 'failed')
        return report(undefined, `its new nodes had neither run nor failed when cleanup_timeout ran out (it ${why})`);
    const refused = await setPointsBack(taskId, points, ctx);
    return refused === undefined
        ? report(`cleanup: set task ${taskId} back to ${points} nodes (it ${why}), so that the failing ones stop billing`)
        : report(undefined, `it ${why}, and it could not be set back to ${points} nodes (${refused})`);
}
/**
 * Sets the task back to `points` until its detail shows it (see sendUntilShown): a count at `points` is
 * set back, whoever set it, and an accepted request is not until the detail says so. Answers why it could
 * not, or undefined.
 */
async function setPointsBack(taskId, points, ctx, label = 'cleanup') {
    const shows = async () => {
        const total = await (0,_task_change_js__WEBPACK_IMPORTED_MODULE_0__/* .readDetail */ .on)(taskId, ctx).then(({ snapshot }) => snapshot.nodes?.total, () => undefined);
        return total === points
            ? { shown: true, state: `set to ${points} nodes` }
            : { shown: false, state: `it is set to ${total ?? 'an unknown number of'} nodes` };
    };
    const call = (0,_platform_operations_js__WEBPACK_IMPORTED_MODULE_3__/* .changePointsCall */ .UK)(ctx.settings, taskId, points);
    const outcome = await (0,_until_shown_js__WEBPACK_IMPORTED_MODULE_4__/* .sendUntilShown */ .e)(call, `${label}: setting task ${taskId} back to ${points} nodes`, shows, ctx);
    return outcome.kind === 'failed' ? outcome.why : undefined;
}


/***/ }),

/***/ 254:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ sendUntilShown)
/* harmony export */ });
/* harmony import */ var _platform_client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5619);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3035);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2589);
/* harmony import */ var _context_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8703);




/**
 * The persistence policy of every change whose failure leaves something billing (a stop, a pause, a
 * scale's set-back, a rollback's post, a preheat's stop): sends `call`, retried while a failure may pass,
 * then reads whether the task's state shows the change (`shows`, told the refusal if there was one). An
 * answer is never the outcome, accepted or refused (no code's meaning is published, and a platform may
 * accept a request and act late, or not at all): while the state does not show it, the call is sent again
 * after a backoff, until cleanup_timeout from now (or the context's deadline, if sooner) runs out.
 */
async function sendUntilShown(call, label, shows, ctx) {
    const timeoutMs = ctx.settings.cleanupTimeoutMs;
    const deadline = Math.min(ctx.deadline, ctx.stopRetries.deps.now() + timeoutMs);
    let accepted = false;
    for (let round = 1;; round++) {
        let refused;
        try {
            await (0,_context_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .sT)(label, ctx.stopRetries, () => ctx.send(call));
        }
        catch (error) {
            refused = error ?? new Error('refused');
        }
        // Cancelled: nothing more can be sent; the post step takes over.
        if (refused instanceof _platform_client_js__WEBPACK_IMPORTED_MODULE_1__/* .TransportError */ .wX && refused.reason === 'cancelled')
            return { kind: 'failed', why: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(refused) };
        accepted ||= refused === undefined;
        const showing = await shows(refused);
        if (showing.shown)
            return { kind: 'shown', accepted, state: showing.state };
        const why = refused === undefined
            ? `the platform accepted it, but ${showing.state}`
            : `${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(refused)}; ${showing.state}`;
        if (showing.never !== undefined)
            return { kind: 'failed', why: `${why}, ${showing.never}` };
        const again = await (0,_context_js__WEBPACK_IMPORTED_MODULE_0__/* .waitToAskAgain */ .gc)(round, ctx, (delay) => `${label}: ${why}: asking again in ${delay}`, deadline);
        if (!again) {
            const within = deadline < ctx.deadline ? ` within cleanup_timeout (${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(timeoutMs)})` : '';
            return { kind: 'failed', why: `${why}${within}` };
        }
    }
}


/***/ })

};
