export const id = 0;
export const ids = [0];
export const modules = {

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

/***/ 6656:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Is: () => (/* binding */ backoffAt),
/* harmony export */   f$: () => (/* binding */ timeLeft),
/* harmony export */   g3: () => (/* binding */ pollUntil),
/* harmony export */   m: () => (/* binding */ HEARTBEAT_MS)
/* harmony export */ });
/* unused harmony export nextDue */
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2589);

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
/** A line of progress at least this often while a wait sees nothing change (the heartbeat). */
const HEARTBEAT_MS = 60_000;
/** "14m57s left": the time a wait has before its deadline, for its lines of progress. */
function timeLeft(deadline, now) {
    return `${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(Math.max(0, deadline - now))} left`;
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
 * Sleeps until the clock reaches `until`, in slices that end when a heartbeat line is due; false when the
 * step was cancelled during the sleep. A timer may fire a millisecond before the clock says its time has
 * come: the clock decides, never the sum of the slices, so a round due at the deadline is made at it.
 */
async function restUntil(until, beat, options, deps) {
    const heartbeat = options.heartbeat;
    for (let left = until - deps.now(); left > 0; left = until - deps.now()) {
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
    }
    return !deps.cancelled();
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


/***/ }),

/***/ 1153:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   checkPreheatServices: () => (/* binding */ checkPreheatServices),
/* harmony export */   preheatFlow: () => (/* binding */ preheatFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6218);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7187);
/* harmony import */ var _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6289);
/* harmony import */ var _engine_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7289);
/* harmony import */ var _engine_create_find_capacity_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6616);
/* harmony import */ var _engine_create_preheat_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5945);
/* harmony import */ var _engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5834);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(445);









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
            cleanup: _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_CLEANUP */ .jR,
            run: (ctx) => preheatStep(plan, mode, ctx),
            dryRun: async (ctx) => {
                await (0,_engine_create_find_capacity_js__WEBPACK_IMPORTED_MODULE_3__/* .chooseForDryRun */ .PH)(ctx, mode);
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
    const outcome = (fields) => (0,_engine_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_4__/* .callOutcome */ .$K)(call, { taskId: undefined, ...fields });
    let placement;
    try {
        const found = await (0,_engine_create_find_capacity_js__WEBPACK_IMPORTED_MODULE_3__/* .findCapacity */ .qJ)(wish, points, ctx);
        const [best] = found.eligible;
        placement = { wish, points, ...found, chosen: best, refused: [] };
        if (best === undefined)
            throw new Error('unreachable: findCapacity answers an eligible entry');
        const preheated = await (0,_engine_create_preheat_js__WEBPACK_IMPORTED_MODULE_5__/* .preheat */ .IL)(best, mode, ctx);
        placement = { ...placement, preheated };
        const task = (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_6__/* .taskResult */ .h)(preheated.taskId, {
            verdict: 'reached',
            status: _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_7__/* .PREHEAT_KIND */ .z0.statuses.success[0] ?? '',
            name: ctx.settings.taskName,
            elapsedMs: preheated.elapsedMs
        });
        return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_8__/* .stepResult */ .GR)(plan, ctx, {
            calls: [outcome({ taskId: preheated.taskId, placement })],
            tasks: [task]
        });
    }
    catch (error) {
        if (ctx.runtime.cancelled())
            throw error;
        const failed = error instanceof Error ? error : new Error(String(error));
        return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_8__/* .stepResult */ .GR)(plan, ctx, { calls: [outcome({ error: failed, placement })] });
    }
}
/** A preheat caches the images of the body's services: at least one, each with its image. */
function checkPreheatServices(settings) {
    if ((0,_engine_create_preheat_js__WEBPACK_IMPORTED_MODULE_5__/* .preheatServices */ .iC)(settings.body).length === 0) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('preheat warms the images of the services in body, but body lists none with service_name and service_image: set body.services');
    }
}


/***/ })

};
