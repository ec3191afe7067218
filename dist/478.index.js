export const id = 478;
export const ids = [478,444];
export const modules = {

/***/ 2243:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   checkPreheatServices: () => (/* binding */ checkPreheatServices),
/* harmony export */   preheatFlow: () => (/* binding */ preheatFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6218);
/* harmony import */ var _cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7326);
/* harmony import */ var _make_calls_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5498);
/* harmony import */ var _create_find_capacity_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3929);
/* harmony import */ var _create_preheat_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8382);
/* harmony import */ var _result_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8848);
/* harmony import */ var _call_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(1030);








/**
 * An image preheat on its own (for a workflow that warms an image when it is pushed): the resource gpu
 * picks, as a create would pick it, is preheated (`preheat: region`, the default here, or `node`), and
 * the step waits until the preheat completes. The preheat task is the step's task.
 */
const preheatFlow = {
    plan: (settings) => {
        if (settings.capacity === undefined) {
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('gpu is empty, but preheat warms the region (or the nodes) gpu picks: set gpu to the GPU model, such as 4090');
        }
        checkPreheatServices(settings);
        const plan = (0,_platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .planCalls */ .j)(settings);
        const mode = settings.preheat.mode === 'none' ? 'region' : settings.preheat.mode;
        return {
            plan,
            cleanup: _cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_CLEANUP */ .jR,
            usesCapacity: true,
            run: (ctx) => preheatStep(plan, mode, ctx),
            dryRun: async (ctx) => {
                await (0,_create_find_capacity_js__WEBPACK_IMPORTED_MODULE_3__/* .chooseForDryRun */ .PH)(ctx, mode);
                ctx.log('dry run: only the resource search was sent');
                return undefined;
            }
        };
    }
};
async function preheatStep(plan, mode, ctx) {
    const wish = ctx.settings.capacity;
    const [call] = plan.calls;
    if (wish === undefined || call === undefined)
        throw new Error('unreachable: planned without gpu');
    const points = ctx.settings.points ?? 1;
    const outcome = (fields) => (0,_make_calls_js__WEBPACK_IMPORTED_MODULE_4__/* .callOutcome */ .$)(call, { taskId: undefined, ...fields });
    let placement;
    try {
        const found = await (0,_create_find_capacity_js__WEBPACK_IMPORTED_MODULE_3__/* .findCapacity */ .qJ)(wish, points, ctx);
        const [best] = found.eligible;
        placement = { wish, points, ...found, chosen: best, refused: [] };
        if (best === undefined)
            throw new Error('unreachable: findCapacity answers an eligible entry');
        const preheated = await (0,_create_preheat_js__WEBPACK_IMPORTED_MODULE_5__/* .preheat */ .IL)(best, mode, ctx);
        placement = { ...placement, preheated };
        const task = (0,_result_js__WEBPACK_IMPORTED_MODULE_6__/* .taskResult */ .hK)(preheated.taskId, {
            verdict: 'reached',
            status: 'Completed',
            name: ctx.settings.taskName,
            elapsedMs: preheated.elapsedMs
        });
        return (0,_call_js__WEBPACK_IMPORTED_MODULE_7__/* .stepResult */ .GR)(plan, ctx, {
            calls: [outcome({ taskId: preheated.taskId, placement })],
            tasks: [task]
        });
    }
    catch (error) {
        if (ctx.runtime.cancelled())
            throw error;
        const failed = error instanceof Error ? error : new Error(String(error));
        return (0,_call_js__WEBPACK_IMPORTED_MODULE_7__/* .stepResult */ .GR)(plan, ctx, { calls: [outcome({ error: failed, placement })] });
    }
}
/** A preheat caches the images of the body's services: at least one, each with its image. */
function checkPreheatServices(settings) {
    if ((0,_create_preheat_js__WEBPACK_IMPORTED_MODULE_5__/* .preheatServices */ .iC)(settings.body).length === 0) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('preheat warms the images of the services in body, but body lists none with service_name and service_image: set body.services');
    }
}


/***/ }),

/***/ 5444:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Is: () => (/* binding */ backoffAt),
/* harmony export */   g3: () => (/* binding */ pollUntil)
/* harmony export */ });
/* unused harmony export nextDue */
/**
 * The one poll loop of a step: makes a round now, then one as `schedule` says, until a round is done,
 * the failure budget runs out, the step is cancelled, or the deadline passes. It owns time (sleeping, the
 * deadline, cancellation, the heartbeat); what a round reads and decides is `look`'s.
 */
async function pollUntil(look, options, deps) {
    const first = deps.now();
    const beat = { last: first };
    let unreadInARow = 0;
    let lastUnread;
    for (let round = 0;; round++) {
        const found = await look(round);
        if (found.kind === 'done')
            return { kind: 'done', value: found.value, rounds: round + 1 };
        if (found.said === true)
            beat.last = deps.now();
        if (found.kind === 'unread') {
            unreadInARow += 1;
            lastUnread = found.why;
            if (unreadInARow >= options.failureBudget)
                return { kind: 'unread', why: found.why, rounds: round + 1 };
        }
        else {
            unreadInARow = 0;
            lastUnread = undefined;
            if (found.progress !== undefined)
                deps.progress?.(found.progress);
        }
        const stop = (kind) => ({
            kind,
            rounds: round + 1,
            unread: lastUnread
        });
        if (deps.cancelled())
            return stop('cancelled');
        const now = deps.now();
        if (now >= options.deadline)
            return stop('timed_out');
        const due = nextDue(options.schedule, first, now, round);
        if (due > options.deadline && !options.lastLookAtDeadline)
            return stop('timed_out');
        const rested = await restUntil(Math.min(due, options.deadline), beat, options, deps);
        if (!rested)
            return stop('cancelled');
    }
}
/**
 * When the round after round `round` is due, at `now`: the next slot of a fixed rate, or now plus the
 * backoff's delay.
 */
function nextDue(schedule, first, now, round) {
    if (schedule.kind === 'backoff')
        return now + backoffAt(schedule, round);
    const interval = Math.max(1, schedule.intervalMs);
    return first + (Math.floor((now - first) / interval) + 1) * interval;
}
/** The delay a backoff schedule waits after round `round` (0: the first). */
function backoffAt(schedule, round) {
    return Math.min(schedule.firstMs * schedule.factor ** round, schedule.mostMs);
}
/**
 * Sleeps until `until`, in slices that end when a heartbeat line is due; false when the step was
 * cancelled during the sleep.
 */
async function restUntil(until, beat, options, deps) {
    const heartbeat = options.heartbeat;
    // Counted down by the slices slept as well as by the clock: a clock that a test holds still ends it too.
    for (let left = until - deps.now(); left > 0;) {
        const slice = heartbeat === undefined
            ? left
            : Math.min(left, Math.max(1, beat.last + heartbeat.everyMs - deps.now()));
        try {
            await deps.sleep(slice);
        }
        catch (error) {
            if (deps.cancelled())
                return false;
            throw error;
        }
        if (heartbeat !== undefined && deps.now() - beat.last >= heartbeat.everyMs) {
            beat.last = deps.now();
            deps.log(heartbeat.line());
        }
        left = Math.min(left - slice, until - deps.now());
    }
    return !deps.cancelled();
}


/***/ })

};
