export const id = 799;
export const ids = [799,126,997];
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


/***/ }),

/***/ 912:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fb: () => (/* binding */ stoppedResult),
/* harmony export */   JX: () => (/* binding */ reachesGitHub),
/* harmony export */   a: () => (/* binding */ failRunners),
/* harmony export */   j6: () => (/* binding */ stopAndCost),
/* harmony export */   uC: () => (/* binding */ openRunners),
/* harmony export */   xt: () => (/* binding */ removeRunner)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9817);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3035);
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(5786);
/* harmony import */ var _engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5939);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(445);
/* harmony import */ var _engine_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7378);
/* harmony import */ var _engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8242);
/* harmony import */ var _engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5834);









/** Whether the step can ask GitHub: a host that has it, and github_token set. */
function reachesGitHub(ctx) {
    return ctx.runtime.runnerHost !== undefined && ctx.settings.previews.githubToken !== undefined;
}
/** GitHub for a runner step, as runner_scope says; refused where the host has none. */
async function openRunners(ctx) {
    const open = ctx.runtime.runnerHost;
    if (open === undefined || ctx.settings.previews.githubToken === undefined)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${ctx.settings.operation} registers self-hosted runners with GitHub, but github_token is empty: set it to a fine-grained token or a GitHub App's with administration: write on the repository (organization_self_hosted_runners: write with runner_scope: org), from a secret; the workflow's own GITHUB_TOKEN cannot (docs/runners.md)`);
    return open(ctx.settings.selfHosted.scope);
}
/**
 * A runner step that failed: every runner job it made is stopped until its state shows it (it would bill
 * with no job to run), every runner it registered removed from GitHub, and the step fails saying why, with
 * what each came to. A stop that cannot be made is said, and stays for the post step.
 */
async function failRunners(started, failure, host, label, ctx, tasks = []) {
    const made = started.some((one) => one.taskId !== undefined || one.runnerId !== undefined);
    ctx.log(`runner: ${failure}${made ? ': stopping the runner jobs this step made, and removing its runners' : ': nothing was made'}`);
    const states = [];
    for (const one of started) {
        const job = await stopRunnerJob(one, ctx);
        const github = await removeFromGitHub(one, host, ctx);
        // Removed: the post step has it no more to remove; else it tries again.
        if (github === 'removed')
            ctx.cleanup.update({
                registrations: ctx.cleanup.state().registrations.filter((r) => r.name !== one.name)
            });
        states.push({ name: one.name, taskId: one.taskId, github, job });
    }
    const byId = new Map(tasks.map((task) => [task.id, task]));
    return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .stepResult */ .GR)({ operation: 'runner', calls: [], wait: undefined }, ctx, {
        calls: started.flatMap((one) => one.calls),
        tasks: started.flatMap((one) => one.taskId === undefined ? [] : [byId.get(one.taskId) ?? (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_2__/* .taskResult */ .h)(one.taskId, { name: one.name })]),
        parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_3__/* .reportEntry */ .jr)('selfHosted', { action: 'started', label, states, failure })]
    });
}
/** Stops a runner's platform job, verified by its state; what it came to, in a word or a line. */
async function stopRunnerJob(one, ctx) {
    if (one.taskId === undefined)
        return 'not made';
    const outcome = await (0,_engine_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_4__.cleanUpTask)(one.taskId, 'stop', ctx, one.name);
    if (outcome.kind === 'failed') {
        ctx.log(`runner ${one.name}: its job ${one.taskId} could not be stopped: ${outcome.why}`);
        return `not stopped: ${outcome.why}`;
    }
    ctx.cleanup.settle('created', one.taskId);
    const word = outcome.kind === 'done' ? 'stopped' : `ended (${outcome.state})`;
    ctx.log(`runner ${one.name}: its job ${one.taskId} ${word}`);
    return word;
}
/** Removes a registered runner from GitHub, and logs what GitHub lists after: in a word or a line. */
async function removeFromGitHub(one, host, ctx) {
    if (one.runnerId === undefined)
        return 'not registered';
    const said = await removeRunner(one.runnerId, host);
    ctx.log(`runner ${one.name}: ${said} from GitHub`);
    return said;
}
/**
 * Removes a runner from GitHub: what GitHub lists after, in a word or a line (removed; still listed,
 * running a job or idle, with what GitHub answered; not removed, and why), never a failure of its own.
 */
async function removeRunner(id, host) {
    try {
        const removal = await host.remove(id);
        if (removal.outcome === 'removed' || removal.outcome === 'gone')
            return 'removed';
        const refusal = removal.refusal === undefined ? '' : `: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__/* .sanitize */ .aj)(removal.refusal, 200)}`;
        return `still listed (${removal.outcome === 'busy' ? 'running a job' : 'idle'}${refusal})`;
    }
    catch (error) {
        return `not removed: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__/* .sanitize */ .aj)((0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .describeError */ .Uc)(error), 200)}`;
    }
}
/**
 * Stops a runner job until its state shows it, and reads what it cost: what it came to in a word or a line
 * (stopped, ended already, or not stopped and why), and its task with its last detail's figures.
 */
async function stopAndCost(id, name, ctx) {
    const outcome = await (0,_engine_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_4__.cleanUpTask)(id, 'stop', ctx, name);
    const word = outcome.kind === 'done'
        ? 'stopped'
        : outcome.kind === 'already'
            ? `ended (${outcome.state})`
            : `not stopped: ${outcome.why}`;
    try {
        const { snapshot } = await (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_7__/* .readDetail */ .on)(id, ctx);
        const { status, billingValue, forecastValue } = snapshot;
        return {
            word,
            task: (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_2__/* .taskResult */ .h)(id, { name: name ?? snapshot.name, status, billingValue, forecastValue })
        };
    }
    catch (error) {
        ctx.log(`runner job ${id}: what it cost could not be read: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .describeError */ .Uc)(error)}`);
        return { word, task: (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_2__/* .taskResult */ .h)(id, { name, status: word }) };
    }
}
/**
 * The result of a runner_stop or a runner_sweep: the jobs it stopped, each runner's state, what they cost
 * in all, and, when a job could not be stopped, a failure that names it (it may bill on).
 */
function stoppedResult(action, label, stopped, ctx) {
    const { tasks, states } = stopped;
    const failed = states.filter((state) => state.job.startsWith('not stopped'));
    const total = (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_8__/* .sumPoints */ .RN)(tasks.flatMap((task) => [task.billingValue ?? '0', task.forecastValue ?? '0']));
    const operation = action === 'stopped' ? 'runner_stop' : 'runner_sweep';
    return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .stepResult */ .GR)({ operation, calls: [], wait: undefined }, ctx, {
        tasks,
        parts: [
            (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_3__/* .reportEntry */ .jr)('selfHosted', {
                action,
                label,
                states,
                ...(total === undefined || tasks.length === 0 ? {} : { totalPoints: total }),
                failure: failed.length === 0
                    ? undefined
                    : `${failed.length} runner job(s) could not be stopped, and may bill on: ${failed.map((s) => s.taskId ?? s.name).join(', ')}`
            })
        ]
    });
}


/***/ }),

/***/ 799:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   OFFLINE_GRACE_MS: () => (/* binding */ OFFLINE_GRACE_MS),
/* harmony export */   runnerSweepFlow: () => (/* binding */ runnerSweepFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(2212);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(9817);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2589);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3035);
/* harmony import */ var _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6289);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(445);
/* harmony import */ var _engine_retries_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8079);
/* harmony import */ var _engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(518);
/* harmony import */ var _engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8242);
/* harmony import */ var _engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5834);
/* harmony import */ var _runner_side_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(912);












const NO_PLAN = { operation: 'runner_sweep', calls: [], wait: undefined };
/**
 * How long a runner may be offline from its job's start before the sweep takes it for lost: its image
 * pulled and GitHub's runner connected take minutes, not more.
 */
const OFFLINE_GRACE_MS = 15 * 60_000;
/**
 * The sweep of the runners (operation: runner_sweep, for a schedule): the repository's runner jobs of
 * task_name that may still bill, each stopped, until its state shows it, when the workflow run that
 * started it is over (or GitHub knows it no more), when GitHub lists its runner no more (it took its job
 * and left, or was removed), or when its runner is still offline OFFLINE_GRACE_MS after its job started;
 * the runners of those jobs still listed removed from GitHub. A table says what it stopped, why, and
 * what each cost. A dry run says what it would stop, and changes nothing.
 */
const runnerSweepFlow = {
    plan: (settings) => {
        if (settings.taskName === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d("runner_sweep finds the runner jobs by name: set task_name to the runner step's (its jobs are named <task_name>-<run id>-<attempt>-<n>)");
        const taskName = settings.taskName;
        return {
            plan: NO_PLAN,
            cleanup: _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_1__/* .NO_CLEANUP */ .jR,
            run: (ctx) => sweepRunners(taskName, ctx, false),
            dryRun: (ctx) => sweepRunners(taskName, ctx, true)
        };
    }
};
async function sweepRunners(taskName, ctx, dryRun) {
    if (dryRun && !(0,_runner_side_js__WEBPACK_IMPORTED_MODULE_2__/* .reachesGitHub */ .JX)(ctx))
        return dryRunAlone(taskName, ctx);
    const host = await (0,_runner_side_js__WEBPACK_IMPORTED_MODULE_2__/* .openRunners */ .uC)(ctx);
    const jobs = await runnerJobs(taskName, ctx);
    ctx.log(`runner_sweep: ${jobs.length} runner job(s) of ${taskName} may still bill`);
    const runs = new Map();
    const listed = new Map();
    const states = [];
    const tasks = [];
    for (const job of jobs) {
        const why = await whyStop(job, host, ctx, { runs, listed }).catch((error) => {
            // What GitHub could not say decides nothing: the job is kept, and the next sweep asks again.
            ctx.log(`runner job ${job.found.id} (${job.found.name}): kept, GitHub could not be read: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_3__/* .describeError */ .Uc)(error)}`);
            return undefined;
        });
        if (why === undefined)
            continue;
        ctx.log(`runner job ${job.found.id} (${job.found.name}): ${why}: ${dryRun ? 'would be stopped (dry run)' : 'stopping it'}`);
        if (dryRun) {
            states.push({
                name: job.found.name,
                taskId: job.found.id,
                github: '',
                job: job.found.status ?? '',
                why
            });
            tasks.push((0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_4__/* .taskResult */ .h)(job.found.id, { name: job.found.name, status: job.found.status }));
            continue;
        }
        const { state, task } = await stopAndRemove(job, why, host, await listedOf(job.label, listed, host, ctx), ctx);
        states.push(state);
        tasks.push(task);
    }
    const left = await leftRunners(taskName, jobs, host, ctx, { runs, dryRun });
    return (0,_runner_side_js__WEBPACK_IMPORTED_MODULE_2__/* .stoppedResult */ .Fb)('swept', undefined, { tasks, states: [...states, ...left] }, ctx);
}
/**
 * The runners the runner steps of task_name registered that are left with no job that bills (its job was
 * stopped elsewhere, or never made): removed from GitHub when offline and their workflow run is over (or
 * unknown to GitHub); one of a run in progress may be a step's that is still starting its job, and is kept.
 */
async function leftRunners(taskName, jobs, host, ctx, how) {
    const pattern = runnerNamePattern(taskName);
    const billing = new Set(jobs.map((job) => job.found.name));
    const states = [];
    try {
        for (const runner of await host.listAll()) {
            const [, runId] = pattern.exec(runner.name) ?? [];
            if (runId === undefined || billing.has(runner.name) || runner.online || runner.busy)
                continue;
            if (!how.runs.has(runId))
                how.runs.set(runId, await host.runState(runId));
            const run = how.runs.get(runId);
            if (run !== undefined && !run.completed)
                continue;
            const why = `offline, with no job that bills, and its workflow run ${runId} ${run === undefined ? 'unknown to GitHub' : 'is over'}`;
            const github = how.dryRun ? 'would be removed (dry run)' : await (0,_runner_side_js__WEBPACK_IMPORTED_MODULE_2__/* .removeRunner */ .xt)(runner.id, host);
            ctx.log(`runner ${runner.name}: ${why}: ${github}`);
            states.push({ name: runner.name, taskId: undefined, github, job: 'none billing', why });
        }
    }
    catch (error) {
        ctx.log(`runner_sweep: GitHub's runners could not be read, so no runner left was removed: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_3__/* .describeError */ .Uc)(error)}`);
    }
    return states;
}
/** The name of a runner (and its job) of task_name: `<task_name>-<run id>-<attempt>-<n>`. */
function runnerNamePattern(taskName) {
    return new RegExp(`^${taskName.replace(/[.]/g, '\\.')}-(\\d+)-(\\d+)-\\d+$`);
}
/**
 * A dry run without GitHub (no github_token): the runner jobs that may still bill, read from the platform,
 * each said to be stopped only if GitHub, not read, says its run is over or its runner gone.
 */
async function dryRunAlone(taskName, ctx) {
    const jobs = await runnerJobs(taskName, ctx);
    ctx.log(`dry run: ${jobs.length} runner job(s) of ${taskName} may still bill; without github_token GitHub is not read, so none is judged: each would be stopped if its workflow run is over, its runner gone, or offline ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(OFFLINE_GRACE_MS)} after its job started`);
    for (const job of jobs)
        ctx.log(`dry run: runner job ${job.found.id} (${job.found.name}), run ${job.runId}`);
    return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_6__/* .stepResult */ .GR)(NO_PLAN, ctx, {});
}
/** The runner jobs of task_name that may still bill: named `<task_name>-<run id>-<attempt>-<n>`. */
async function runnerJobs(taskName, ctx) {
    const pattern = runnerNamePattern(taskName);
    const found = await (0,_engine_retries_js__WEBPACK_IMPORTED_MODULE_7__/* .retried */ .s)(`the job search for ${taskName}`, ctx.retries, () => (0,_engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_8__/* .searchTasks */ .d)(taskName, (name) => pattern.test(name), ctx));
    return found.map((task) => {
        const [, runId = '', attempt = ''] = pattern.exec(task.name) ?? [];
        return { found: task, runId, label: `${taskName}-${runId}-${attempt}` };
    });
}
/** Why a runner job is stopped, or undefined when it may still be of use. */
async function whyStop(job, host, ctx, seen) {
    if (!seen.runs.has(job.runId))
        seen.runs.set(job.runId, await host.runState(job.runId));
    const run = seen.runs.get(job.runId);
    if (run === undefined)
        return `GitHub knows no workflow run ${job.runId}`;
    if (run.completed)
        return `its workflow run ${job.runId} is over (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_9__/* .sanitize */ .aj)(run.conclusion ?? run.status, 40)})`;
    if (!seen.listed.has(job.label))
        seen.listed.set(job.label, await host.list(job.label));
    const runner = seen.listed.get(job.label)?.find((one) => one.name === job.found.name);
    if (runner === undefined)
        return 'GitHub lists its runner no more (it took its job and left, or was removed)';
    if (runner.online)
        return undefined;
    const startedAt = await jobStart(job.found.id, ctx);
    if (startedAt === undefined)
        return undefined;
    const offlineMs = ctx.runtime.now() - startedAt;
    return offlineMs > OFFLINE_GRACE_MS
        ? `its runner is offline ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(offlineMs)} after its job started (grace ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_5__/* .formatDuration */ .a3)(OFFLINE_GRACE_MS)})`
        : undefined;
}
/** GitHub's runners of a label, read once a sweep; none when they cannot be read (none is removed then). */
async function listedOf(label, listed, host, ctx) {
    const known = listed.get(label);
    if (known !== undefined)
        return known;
    try {
        const runners = await host.list(label);
        listed.set(label, runners);
        return runners;
    }
    catch (error) {
        ctx.log(`runner_sweep: GitHub's runners of ${label} could not be read, so none is removed: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_3__/* .describeError */ .Uc)(error)}`);
        return [];
    }
}
/** When a runner job started (job_status.create_time); undefined when its detail does not say. */
async function jobStart(taskId, ctx) {
    try {
        const { data } = await (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_10__/* .readDetail */ .on)(taskId, ctx);
        const job = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_11__/* .isRecord */ .u)(data) && (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_11__/* .isRecord */ .u)(data.job_status) ? data.job_status : {};
        const ms = typeof job.create_time === 'string' ? Date.parse(job.create_time) : Number.NaN;
        return Number.isNaN(ms) ? undefined : ms;
    }
    catch (error) {
        ctx.log(`runner job ${taskId}: its detail could not be read, so it is kept: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_3__/* .describeError */ .Uc)(error)}`);
        return undefined;
    }
}
/** Stops a runner job until its state shows it, and removes its runner if GitHub still lists it. */
async function stopAndRemove(job, why, host, listed, ctx) {
    const { word, task } = await (0,_runner_side_js__WEBPACK_IMPORTED_MODULE_2__/* .stopAndCost */ .j6)(job.found.id, job.found.name, ctx);
    const runner = listed.find((one) => one.name === job.found.name);
    const github = runner === undefined ? 'not listed' : await (0,_runner_side_js__WEBPACK_IMPORTED_MODULE_2__/* .removeRunner */ .xt)(runner.id, host);
    ctx.log(`runner job ${job.found.id}: ${word}; its runner ${github}`);
    return {
        state: { name: job.found.name, taskId: job.found.id, github, job: (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_9__/* .sanitize */ .aj)(word, 300), why },
        task
    };
}


/***/ })

};
