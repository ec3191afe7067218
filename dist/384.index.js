export const id = 384;
export const ids = [384,126,997];
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

/***/ 4384:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LATE_CREATE_MARGIN_MS: () => (/* binding */ LATE_CREATE_MARGIN_MS),
/* harmony export */   adoptLateCreate: () => (/* binding */ adoptLateCreate),
/* harmony export */   createOnce: () => (/* binding */ createOnce),
/* harmony export */   stopTwins: () => (/* binding */ stopTwins)
/* harmony export */ });
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2589);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3035);
/* harmony import */ var _platform_retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1460);
/* harmony import */ var _platform_session_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(386);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8998);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6539);
/* harmony import */ var _tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(7378);
/* harmony import */ var _tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(518);








/**
 * Creates a task exactly once where the network allows it. Task creation is not idempotent and takes no
 * client token, so a create is sent again blindly only when it certainly had no effect: it was never fully
 * sent. After any other failure that may pass (a 429, which was seen to land seconds later; a reset or
 * timeout after sending, a 5xx, an unreadable answer) the platform is asked for a new task of that name
 * for a grace period, and one that shows up is adopted; only when none does is the create sent again. The
 * first attempt may still land after that: each task of the name that appears besides the one this step
 * follows is then stopped (here, after the wait, and in the post step). A refused create is looked for once
 * at once; with none found, the refusal stands, and its lookup stays on the ledger until it can no longer
 * land (see adoptLateCreate, which any other create waits for, and the post step). Tasks of that name that
 * existed before the step are never adopted or stopped.
 */
async function createOnce(call, ctx) {
    const name = typeof call.body?.task_name === 'string' ? call.body.task_name : '';
    const existing = await existingTasks(name, ctx);
    const attempts = { name, existing, unresolved: false, resentForClock: false };
    let answer;
    try {
        answer = await (0,_platform_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .withRetries */ .LH)('create', () => {
            mayLand(attempts, ctx);
            return sendOnCorrectedClock(call, attempts, ctx);
        }, (error) => afterFailedAttempt(error, attempts, ctx), ctx.retries.policy, ctx.retries.deps);
    }
    catch (error) {
        const made = await madeDespite(error, attempts, ctx);
        if (made === undefined)
            throw error;
        answer = made;
    }
    const lookup = ctx.cleanup.state().lookup ?? {
        taskName: name,
        existingIds: existing,
        landsBy: 0,
        attempts: 1
    };
    const id = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .taskIdOf */ .G6)(answer.result.data);
    // An attempt besides the one that gave the id may have made a task: the lookup stays on the ledger.
    const mayHaveTwin = attempts.unresolved || lookup.attempts > 1;
    if (id !== undefined) {
        // In one change: a cancel between two would leave the post step neither the id nor the lookup.
        const created = [...ctx.cleanup.state().created, id];
        ctx.cleanup.update(mayHaveTwin ? { created } : { created, lookup: undefined });
    }
    if (id !== undefined && attempts.unresolved)
        await stopTwins(lookup, id, ctx);
    return { ...answer, recreated: attempts.unresolved, mayHaveTwin, lookup };
}
/**
 * After the create failed for good, what it made. A request never fully sent made nothing. A refusal (an
 * envelope, nothing to retry) is settled by the task search, since no code's meaning is published: a task
 * of the name that appeared is adopted (an earlier attempt's, if one got no answer); with none, the
 * refusal stands, its lookup left on the ledger until it can no longer land (a refused create was seen to
 * land seconds later): the next create waits for it (adoptLateCreate), and the post step looks for it.
 * When an earlier attempt that got no answer may still land, or the search fails, no other create may
 * follow, and the step fails saying so. Anything else (a 429, a timeout) may have made a task, which the
 * post step looks for. Answers the adopted task's answer, or undefined for the error to stand.
 */
async function madeDespite(error, attempts, ctx) {
    if ((0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .neverSent */ .vQ)(error)) {
        // Every attempt but one that may land was never sent: nothing to look for.
        if (!attempts.unresolved)
            ctx.cleanup.clear('lookup');
        return undefined;
    }
    if (!(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .isRefusal */ .vu)(error))
        return undefined;
    const name = JSON.stringify(attempts.name);
    const notAgain = (why) => new Error(`${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(error)}, and ${why}: not creating again; the post step looks for one`, {
        cause: error
    });
    let made;
    try {
        [made] = (await (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_3__/* .findTasks */ .Uz)(attempts.name, ctx)).filter((id) => !attempts.existing.includes(id));
    }
    catch (searchError) {
        throw notAgain(`the task search that would show whether it made a task named ${name} failed (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(searchError)})`);
    }
    if (made !== undefined) {
        ctx.log(`create: the refused create made task ${made} named ${name} after all; adopting it`);
        return adoptedAnswer(made);
    }
    if (attempts.unresolved)
        throw notAgain(`an earlier attempt that got no answer may still make a task named ${name}`);
    ctx.log(`create: the platform refused the create, and the task search lists no new task named ${name} yet: one may still appear until the create can no longer land, so it is looked for until then before any other create, and by the post step`);
    return undefined;
}
/**
 * Before another create is sent (on the next region, or on demand after a refused Spot create): the
 * create the ledger's lookup names, refused or unanswered, may still land until its window ends
 * (lookup.landsBy), so its name is searched until then. A task that appears is adopted (on the ledger, the
 * lookup settled); with none, the next create may follow, and the lookup stays on the ledger all the same
 * (a refused create was seen to land after its window): the step looks for a twin once it has waited, and
 * the post step once more. When the search fails or the step's deadline comes first, no other create may
 * follow (`unknown`), and the lookup stays for the post step.
 */
async function adoptLateCreate(ctx, label) {
    const lookup = ctx.cleanup.state().lookup;
    if (lookup === undefined)
        return { kind: 'none' };
    const name = JSON.stringify(lookup.taskName);
    const left = Math.max(0, lookup.landsBy - ctx.runtime.now());
    ctx.log(`${label}: looking for a task named ${name} that the refused create may still make, for ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(left)}, before creating again`);
    const found = await (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_3__/* .awaitNewTasks */ .lC)(lookup.taskName, new Set(lookup.existingIds), lookup.landsBy, ctx, label);
    if (found.kind === 'cut')
        return {
            kind: 'unknown',
            why: `the step's deadline came before the refused create could no longer land`
        };
    if (found.kind === 'unknown')
        return { kind: 'unknown', why: `the task search failed (${found.why})` };
    const [newest] = found.kind === 'found' ? found.ids : [];
    if (newest === undefined) {
        ctx.log(`${label}: no task named ${name} appeared before the refused create's window ended: creating again; should it land later still, the step and the post step stop it`);
        return { kind: 'none' };
    }
    ctx.log(`${label}: task ${newest} named ${name} appeared, made by the refused create after all; adopting it`);
    ctx.cleanup.update({ created: [...ctx.cleanup.state().created, newest], lookup: undefined });
    return {
        kind: 'adopted',
        created: { ...adoptedAnswer(newest), recreated: false, mayHaveTwin: false, lookup }
    };
}
/**
 * How long after its own deadline (request_timeout) an attempt's task may still appear: the platform can
 * apply a create after the client has given up on its answer.
 */
const LATE_CREATE_MARGIN_MS = 5_000;
/**
 * Records, before an attempt is sent, what the post step needs to find its task by name: how many
 * attempts may have made a task (`more`: 1 for a new attempt, 0 for one sent in place of an attempt that
 * was refused), and until when their tasks may appear: this attempt's deadline and a margin, or an
 * earlier attempt's, whichever is later.
 */
function mayLand(attempts, ctx, more = 1) {
    const before = ctx.cleanup.state().lookup;
    const landsBy = Math.max(before?.landsBy ?? 0, ctx.runtime.now() + ctx.settings.requestTimeoutMs + LATE_CREATE_MARGIN_MS);
    ctx.cleanup.set('lookup', {
        taskName: attempts.name,
        existingIds: [...attempts.existing],
        landsBy,
        attempts: (before?.attempts ?? 0) + more
    });
}
/** Records that the last attempt certainly made no task (a 429, or a request never fully sent). */
function madeNothing(ctx) {
    const lookup = ctx.cleanup.state().lookup;
    if (lookup !== undefined)
        ctx.cleanup.set('lookup', { ...lookup, attempts: Math.max(0, lookup.attempts - 1) });
}
/** The tasks of the name that exist before the create: never adopted, never stopped. */
async function existingTasks(name, ctx) {
    let existing;
    try {
        existing = await (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_3__/* .searchByName */ .lP)('create: looking for tasks of the same name', name, ctx);
    }
    catch (error) {
        // Nothing was created: say which request failed, so a diagnosis of it is not read as the create's.
        throw new Error(`the task search sent before creating (to find tasks named ${JSON.stringify(name)} that exist already) failed, so nothing was created: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(error)}`, { cause: error });
    }
    if (existing.length > 0) {
        ctx.log(`create: ${existing.length} task(s) named ${JSON.stringify(name)} exist already (${existing.join(', ')}); they are left alone`);
    }
    return existing;
}
/** How long a create that may have been applied gets to show up before it is sent again. */
const graceMs = (ctx) => 2 * ctx.settings.requestTimeoutMs;
/**
 * What to do after an attempt failed: send again when it certainly made nothing; after an ambiguous
 * failure, look for its task for the grace period, and adopt one that shows up, or send again (the
 * first attempt may still land: `unresolved`) when none does.
 */
async function afterFailedAttempt(error, attempts, ctx) {
    const reason = (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .transientReason */ .bR)(error);
    if (reason === undefined)
        return { retry: false };
    if ((0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .neverSent */ .vQ)(error)) {
        madeNothing(ctx);
        return { retry: true, reason: `${reason} before the request was sent, so the task was not created` };
    }
    const answeredAt = ctx.retries.deps.now();
    const serverDelay = (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .serverRetryDelay */ .Hs)(error, answeredAt);
    const name = JSON.stringify(attempts.name);
    const grace = graceMs(ctx);
    ctx.log(`create: ${reason} after the request was sent, so the task may have been created; looking for a new task named ${name} for up to ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(grace)} before creating it again`);
    const found = await (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_3__/* .awaitNewTasks */ .lC)(attempts.name, new Set(attempts.existing), ctx.retries.deps.now() + grace, ctx, 'create');
    if (found.kind === 'cut') {
        throw new Error(`${reason} after the request was sent, and the step's deadline came before a task named ${name} showed up: it may still appear, so look for it before running the job again`);
    }
    if (found.kind === 'unknown') {
        throw new Error(`${reason} after the request was sent, and the task search failed (${found.why}): not creating again, which could make a second task; look for a task named ${name} before running the job again`);
    }
    const [newest] = found.kind === 'found' ? found.ids : [];
    if (newest !== undefined) {
        ctx.log(`create: found task ${newest} named ${name}, made by the request that failed; adopting it instead of creating another`);
        return { result: adoptedAnswer(newest) };
    }
    ctx.log(`create: no task named ${name} appeared within ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_4__/* .formatDuration */ .a3)(grace)}, so it is created again; should the first attempt still land, that task is stopped`);
    attempts.unresolved = true;
    // What the server asked for (a 429's Retry-After) is waited out, less the time the search took.
    const asked = serverDelay === undefined ? 0 : answeredAt + serverDelay - ctx.retries.deps.now();
    return asked > 0
        ? { retry: true, reason: 'the create was not applied', serverDelayMs: asked }
        : { retry: true, reason: 'the create was not applied', now: true };
}
/** The answer a create would have given for a task it made, when that task is found by name instead. */
function adoptedAnswer(taskId) {
    const data = { task_id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(taskId) };
    return {
        result: { code: '0000', msg: 'success', data },
        raw: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .toCompactJson */ .ZJ)({ code: '0000', msg: 'success', data })
    };
}
/**
 * Sends the create. Refused while the runner's clock was beyond the platform's window (the session has
 * corrected it since), it is sent once more, but only once the refused attempt can no longer land and
 * the task search showed no task of its name: a task that did appear is adopted instead. When the search
 * cannot tell, the refusal stands, its lookup left for the post step.
 */
async function sendOnCorrectedClock(call, attempts, ctx) {
    try {
        return await ctx.send(call);
    }
    catch (error) {
        if (!(error instanceof _platform_session_js__WEBPACK_IMPORTED_MODULE_6__/* .StaleClockError */ .EU) || attempts.resentForClock)
            throw error;
        attempts.resentForClock = true;
        const name = JSON.stringify(attempts.name);
        const landsBy = ctx.cleanup.state().lookup?.landsBy ?? ctx.runtime.now();
        const found = await (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_3__/* .awaitNewTasks */ .lC)(attempts.name, new Set(attempts.existing), landsBy, ctx, 'create');
        const [made] = found.kind === 'found' ? found.ids : [];
        if (made !== undefined) {
            ctx.log(`create: the refused create made task ${made} named ${name} after all; adopting it`);
            return adoptedAnswer(made);
        }
        if (found.kind !== 'none')
            throw error;
        ctx.log(`create: no task named ${name} appeared before the refused create could no longer land, so the create is sent once more, on the corrected clock`);
        mayLand(attempts, ctx, 0);
        return ctx.send(call);
    }
}
/**
 * Stops every task named as the lookup says that is neither `keep` nor one that existed before: twins an
 * earlier attempt of a create made. A twin that cannot be stopped is logged and left to the post step.
 */
async function stopTwins(lookup, keep, ctx) {
    const name = JSON.stringify(lookup.taskName);
    let found;
    try {
        found = await (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_3__/* .searchByName */ .lP)('create: looking for a twin of the task', lookup.taskName, ctx);
    }
    catch (error) {
        ctx.log(`create: could not look for a second task named ${name} (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(error)}); the post step looks again`);
        return [];
    }
    const existing = new Set(lookup.existingIds);
    const twins = found.filter((id) => id !== keep && !existing.has(id));
    const stopped = [];
    for (const twin of twins) {
        ctx.log(`create: task ${twin} named ${name} was made too, by the earlier attempt that got no answer; stopping it, so that only task ${keep} runs`);
        const outcome = await (0,_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_7__.cleanUpTask)(twin, 'stop', ctx);
        if (outcome.kind === 'failed') {
            ctx.log(`create: could not stop task ${twin} (${outcome.why}); the post step tries again`);
            continue;
        }
        stopped.push(twin);
        ctx.log(`create: stopped task ${twin}; task ${keep} is the one this step follows`);
    }
    return stopped;
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


/***/ })

};
