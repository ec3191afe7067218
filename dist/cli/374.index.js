export const id = 374;
export const ids = [374,126,997,993];
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

/***/ 2374:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   lookAtQueue: () => (/* binding */ lookAtQueue),
/* harmony export */   spotMove: () => (/* binding */ spotMove),
/* harmony export */   spotOrOnDemand: () => (/* binding */ spotOrOnDemand)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2212);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2589);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6218);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8998);
/* harmony import */ var _calls_make_calls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7289);
/* harmony import */ var _tasks_read_task_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(8242);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(6656);
/* harmony import */ var _toolkit_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(445);
/* harmony import */ var _tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7378);
/* harmony import */ var _create_create_task_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7529);
/* harmony import */ var _create_create_once_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4384);












/**
 * A Spot job's fallback to on demand (spot_fallback), after its create (a job's, or a runner's: `planFor`
 * plans the on-demand create from the settings the fallback gives, the step's plan by default): a create the platform refused
 * (the platform publishes no code's meaning, so a refusal for want of stock cannot be told from another:
 * any refusal is followed by the one on-demand create, once the refused create can no longer land and no
 * job of its name appeared: one that does is the Spot job, adopted); a job that stays Queued past
 * queue_timeout is stopped first, until its detail shows it stopped (Paused or End), and only then the
 * on-demand job created: never two at once (one that cannot be stopped stays, and the step waits for it).
 * Otherwise the Spot job stands. A fallback's late-landing Spot job is a twin of the same name, which the
 * step stops after its wait (see stopTwins).
 */
async function spotOrOnDemand(given, ctx, planFor = _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .planCalls */ .j) {
    let calls = given;
    const fallback = ctx.settings.spotFallback;
    const [create] = calls;
    const move = spotMove({
        fallback: fallback !== undefined,
        jobType: ctx.settings.jobType,
        create,
        cancelled: ctx.runtime.cancelled()
    });
    if (move === 'stands' || fallback === undefined || create === undefined)
        return { calls, ctx };
    let { taskId } = create;
    if (taskId === undefined) {
        // A refused create may still land: before the on-demand create, it is looked for until it cannot.
        const late = await (0,_create_create_once_js__WEBPACK_IMPORTED_MODULE_1__.adoptLateCreate)(ctx, 'spot_fallback');
        if (late.kind === 'unknown') {
            ctx.log(`spot_fallback: the Spot create was refused, and ${late.why}: not creating the job on demand`);
            return { calls, ctx };
        }
        if (late.kind === 'none')
            return onDemand('the Spot create was refused and made no job', ctx, planFor);
        taskId = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .taskIdOf */ .G6)(late.created.result.data) ?? '';
        const { result, raw } = late.created;
        calls = [
            (0,_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .callOutcome */ .$K)(create.call, { result, raw, taskId, placement: create.placement }),
            ...calls.slice(1)
        ];
    }
    // On the ledger before its queue is waited on: a step killed meanwhile leaves it to the post step.
    ctx.cleanup.add('created', [taskId]);
    const fromMs = ctx.runtime.now() - ctx.startedAt;
    const queue = await queueOf(taskId, fallback.queueTimeoutMs, ctx);
    const watched = { taskId, fromMs, toMs: ctx.runtime.now() - ctx.startedAt, fellBack: queue.queued };
    if (!queue.queued) {
        ctx.log(`job ${taskId} runs as Spot (job_type: spot${queue.why === undefined ? '' : `; ${queue.why}`})`);
        return { calls, ctx, queue: watched };
    }
    const waited = (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(fallback.queueTimeoutMs);
    ctx.log(`job ${taskId} is still Queued after ${waited} (queue_timeout): stopping it, to run the job on demand`);
    const stopped = await (0,_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_5__.cleanUpTask)(taskId, 'stop', ctx, ctx.settings.taskName);
    if (stopped.kind === 'failed') {
        ctx.log(`job ${taskId} could not be stopped (${stopped.why}): it stays Spot, and no second job is made`);
        return { calls, ctx, queue: { ...watched, fellBack: false } };
    }
    ctx.cleanup.settle('created', taskId);
    const onDemandJob = await onDemand(`the Spot job ${taskId} stayed Queued past queue_timeout (${waited}) and was stopped`, ctx, planFor);
    return { ...onDemandJob, queue: watched };
}
/**
 * What the Spot strategy does after the create, chosen once: nothing (`stands`: no fallback was asked
 * for, the job is not Spot, no create was sent, the create failed but was not refused, or the step was
 * cancelled), look for a refused create's job before falling back (`refused`: the platform publishes no
 * code's meaning, so any refusal may be for want of stock), or watch the queue of the job it made
 * (`created`).
 */
function spotMove(facts) {
    const { create } = facts;
    if (!facts.fallback || facts.jobType !== 'spot' || create === undefined)
        return 'stands';
    if (create.taskId !== undefined)
        return 'created';
    const refused = (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .isRefusal */ .vu)(create.error) || create.error instanceof _create_create_task_js__WEBPACK_IMPORTED_MODULE_7__.RefusedEverywhereError;
    return refused && !facts.cancelled ? 'refused' : 'stands';
}
/** The job created on demand: its create, through the same machinery as the first, and its context. */
async function onDemand(why, ctx, planFor) {
    ctx.log(`spot_fallback: ${why}; creating the job on demand`);
    // A body that says sub_type Spot itself (copied from the reference's Spot example) says null now: the
    // reference's on-demand job.
    const { body } = ctx.settings;
    const settings = {
        ...ctx.settings,
        jobType: 'on_demand',
        estimatedExecSec: undefined,
        body: 'sub_type' in body ? { ...body, sub_type: null } : body
    };
    const onDemandCtx = { ...ctx, settings };
    const calls = await (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_8__/* .startCalls */ .eS)(planFor(settings), onDemandCtx);
    const taskId = calls[0]?.taskId;
    if (taskId !== undefined)
        ctx.log(`job ${taskId} runs on demand (spot_fallback: ${why})`);
    return { calls, ctx: onDemandCtx };
}
/**
 * What one look at a Spot job's detail says of its queue: it ended, or was scheduled (no longer Queued),
 * or is still Queued once queue_timeout has passed (`pastTimeout`); undefined: still Queued, look again.
 */
function lookAtQueue(data, pastTimeout) {
    const detail = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_9__/* .isRecord */ .u)(data) ? data : {};
    if ((0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .jobFactsOf */ .ah)(detail).ended)
        return { queued: false, why: 'it has ended' };
    if (!(0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .isQueued */ .MX)(detail))
        return { queued: false, why: undefined };
    return pastTimeout ? { queued: true } : undefined;
}
/**
 * Whether the job is still Queued (schedule_status) once `timeoutMs` has passed since its create, read
 * every poll_interval, within the step's deadline; else why it stays Spot: it was scheduled (no more to
 * say), it ended, the step's deadline comes first, the step was cancelled (its wait says so), or its
 * detail could not be read poll_error_budget times in a row.
 */
async function queueOf(taskId, timeoutMs, ctx) {
    const { runtime } = ctx;
    const until = runtime.now() + timeoutMs;
    if (until > ctx.deadline)
        return { queued: false, why: 'queue_timeout is longer than what is left of wait_timeout' };
    const end = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_10__/* .pollUntil */ .g3)(async () => {
        try {
            const { data } = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_11__/* .readDetailOnce */ .fJ)(taskId, ctx);
            const queue = lookAtQueue(data, runtime.now() >= until);
            return queue === undefined ? { kind: 'waiting' } : { kind: 'done', value: queue };
        }
        catch (error) {
            return { kind: 'unread', why: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .describeError */ .Uc)(error) };
        }
    }, {
        deadline: until,
        schedule: { kind: 'fixed_rate', intervalMs: ctx.settings.wait.intervalMs },
        failureBudget: ctx.settings.wait.pollErrorBudget,
        lastLookAtDeadline: true
    }, runtime);
    if (end.kind === 'done')
        return end.value;
    if (end.kind === 'unread')
        return { queued: false, why: `its detail could not be read: ${end.why}` };
    return {
        queued: false,
        why: end.kind === 'cancelled' ? 'the step was cancelled' : 'the step ran out of time'
    };
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
