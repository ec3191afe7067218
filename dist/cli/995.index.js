export const id = 995;
export const ids = [995,126,997];
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

/***/ 1995:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   e: () => (/* binding */ stopMatches)
/* harmony export */ });
/* harmony import */ var _basics_concurrency_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5833);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9817);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7187);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9644);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3035);
/* harmony import */ var _tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7378);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8079);
/* harmony import */ var _tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(518);
/* harmony import */ var _wait_task_result_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5834);









/**
 * Stops the tasks of the pattern, then searches again, and stops what the fresh search still finds, until
 * one finds no task of the pattern left live (but those kept, and those whose stop failed): pages read by
 * offset can skip a task while the list changes, and a task made meanwhile is the pattern's too.
 */
async function stopMatches(sweep, ctx, dryRun) {
    const search = () => (0,_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .s)('sweep: task search', ctx.retries, () => (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_1__/* .searchTasks */ .d)(sweep.literal, sweep.matches, ctx));
    const keep = new Set(sweep.keep);
    let found = await search();
    for (const task of found.filter((t) => keep.has(t.id)))
        ctx.log(`sweep: ${shown(task)} is kept (task_id)`);
    const done = new Map();
    for (let pass = 1;; pass++) {
        const targets = found.filter((task) => !keep.has(task.id) && !done.has(task.id));
        if (pass === 1)
            ctx.log(`sweep: ${targets.length} task(s) match ${JSON.stringify(sweep.pattern)}${dryRun ? '; dry run: none is stopped' : ''}`);
        else if (targets.length > 0)
            ctx.log(`sweep: a fresh search finds ${targets.length} more task(s) of the pattern still live`);
        else {
            const failed = [...done.values()].filter((result) => result.verdict === 'error').length;
            const besides = failed === 0 ? '' : ` besides the ${failed} it could not stop`;
            ctx.log(`sweep: a fresh search finds no other task of ${JSON.stringify(sweep.pattern)} live${besides}`);
            return [...done.values()];
        }
        for (const result of await stopAll(targets, ctx, dryRun))
            done.set(result.id, result);
        if (dryRun || targets.length === 0)
            return [...done.values()];
        found = await search().catch((error) => {
            throw new Error(`sweep: stopped ${done.size} task(s), but the fresh search that would show none of the pattern is left live failed (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(error)}): run the sweep again`);
        });
    }
}
/** Stops each task until its state shows it ended (see cleanUpTask); a dry run says it would. */
function stopAll(targets, ctx, dryRun) {
    return (0,_basics_concurrency_js__WEBPACK_IMPORTED_MODULE_3__/* .mapLimit */ .s)(targets, ctx.settings.concurrency, async (task) => {
        const { status, billingValue, forecastValue, name } = task;
        const result = (0,_wait_task_result_js__WEBPACK_IMPORTED_MODULE_4__/* .taskResult */ .h)(task.id, { status, billingValue, forecastValue, name });
        if (dryRun) {
            ctx.log(`sweep: would stop ${shown(task)}`);
            return result;
        }
        const outcome = await (0,_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_5__.cleanUpTask)(task.id, 'stop', ctx, task.name);
        if (outcome.kind === 'failed') {
            ctx.log(`sweep: could not stop ${shown(task)}: ${outcome.why}`);
            return { ...result, verdict: 'error', message: `could not be stopped: ${outcome.why}` };
        }
        ctx.log(`sweep: stopped ${shown(task)}`);
        return { ...result, status: (0,_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_6__/* .stoppedStatus */ .Yf)((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_7__/* .taskKindOf */ .j2)(ctx.settings)) };
    });
}
const shown = (task) => `task ${task.id} ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_8__/* .sanitize */ .aj)(task.name, 100))} (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_8__/* .sanitize */ .aj)(task.status ?? 'unknown', 20)})`;


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


/***/ }),

/***/ 518:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Uz: () => (/* binding */ findTasks),
/* harmony export */   d: () => (/* binding */ searchTasks),
/* harmony export */   lC: () => (/* binding */ awaitNewTasks),
/* harmony export */   lP: () => (/* binding */ searchByName)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2212);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8998);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6539);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6656);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2317);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8079);
/* harmony import */ var _read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6961);









/**
 * The tasks the search for `searchValue` finds whose name `matches`, among those that still bill (or,
 * `every`, whatever their status: what a name's tasks have cost), across
 * every page of the search (see readAllPages: a list whose pages end before its count is an error, never a
 * shorter list).
 */
async function searchTasks(searchValue, matches, ctx, which = 'active') {
    const { results } = await (0,_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__/* .readAllPages */ .s$)(`the task search for ${JSON.stringify(searchValue)}`, (page) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .searchByNameCall */ .Vl)(ctx.settings, searchValue, page, which), ctx.send, (task) => (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .taskIdOf */ .G6)(task) ?? (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_3__/* .toCompactJson */ .ZJ)(task));
    return results.flatMap((task) => {
        const id = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .taskIdOf */ .G6)(task);
        const name = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u)(task) ? task.task_name : undefined;
        if (id === undefined || typeof name !== 'string' || !matches(name))
            return [];
        const { status, billingValue, forecastValue } = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .snapshotOf */ .eY)(task, ['status']);
        return [{ id, name, status, billingValue, forecastValue }];
    });
}
/** The ids of the tasks named exactly `name` that still bill (the search matches parts of names). */
async function findTasks(name, ctx) {
    return (await searchTasks(name, (found) => found === name, ctx)).map((task) => task.id);
}
/** findTasks, retried on what may pass (network errors, 429, 5xx); `label` names it in the log. */
function searchByName(label, name, ctx) {
    return (0,_retries_js__WEBPACK_IMPORTED_MODULE_5__/* .retried */ .s)(label, ctx.retries, () => findTasks(name, ctx));
}
/** How often to look for a task while waiting for it to appear: every 5 s, and at least four times. */
const searchEveryMs = (windowMs) => Math.min(5000, Math.max(250, windowMs / 4));
/**
 * Searches until tasks of the name that are not among `existing` show up (newest first), or `until`
 * passes: `none` when a search sent after `until` found none, `cut` when the context's deadline came
 * first, `unknown` when the last search failed (what it would have found is not known). A search that
 * would settle it and fails is sent again after a backoff, as a refused stop is, while the deadline
 * allows; `label` names it in the log.
 */
async function awaitNewTasks(name, existing, until, ctx, label) {
    const { now } = ctx.retries.deps;
    let lastSentAt = now();
    const search = async () => {
        lastSentAt = now();
        try {
            const fresh = (await findTasks(name, ctx)).filter((id) => !existing.has(id));
            if (fresh.length === 0)
                return { kind: 'waiting' };
            return { kind: 'done', value: fresh.sort((a, b) => (BigInt(a) < BigInt(b) ? 1 : -1)) };
        }
        catch (error) {
            return { kind: 'unread', why: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .describeError */ .Uc)(error) };
        }
    };
    const polled = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_7__/* .pollUntil */ .g3)(search, {
        deadline: Math.min(until, ctx.retries.policy.deadline),
        schedule: { kind: 'fixed_rate', intervalMs: searchEveryMs(until - now()) },
        failureBudget: Infinity,
        lastLookAtDeadline: true
    }, { ...ctx.retries.deps, log: ctx.log });
    if (polled.kind === 'done')
        return { kind: 'found', ids: polled.value };
    const failed = polled.kind === 'unread' ? polled.why : polled.unread;
    if (failed === undefined)
        return { kind: lastSentAt >= until ? 'none' : 'cut' };
    // The last search failed: what it would have found is not known, so it is asked again, with a backoff.
    const known = await (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_8__/* .askUntilKnown */ .jR)(async () => {
        const round = await search();
        if (round.kind === 'unread')
            return { known: false, why: round.why };
        return { known: true, value: round.kind === 'done' ? round.value : undefined };
    }, failed, ctx, (why, delay) => `${label}: the task search failed (${why}): searching again in ${delay}`);
    if (!known.known)
        return { kind: 'unknown', why: known.why };
    if (known.value !== undefined)
        return { kind: 'found', ids: known.value };
    return { kind: lastSentAt >= until ? 'none' : 'cut' };
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
