export const id = 997;
export const ids = [997];
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
