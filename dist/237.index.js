export const id = 237;
export const ids = [237];
export const modules = {

/***/ 485:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   LATE_CREATE_MARGIN_MS: () => (/* binding */ LATE_CREATE_MARGIN_MS),
/* harmony export */   createOnce: () => (/* binding */ createOnce),
/* harmony export */   stopTwins: () => (/* binding */ stopTwins)
/* harmony export */ });
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2589);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3035);
/* harmony import */ var _platform_retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1460);
/* harmony import */ var _platform_session_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(386);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8998);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6539);
/* harmony import */ var _tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9138);
/* harmony import */ var _tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5207);








/**
 * Creates a task exactly once where the network allows it. Task creation is not idempotent and takes no
 * client token, so a create is sent again blindly only when it certainly had no effect (429, or never
 * fully sent). After an ambiguous failure (reset or timeout after sending, 5xx, an unreadable answer) the
 * platform is asked for a new task of that name for a grace period, and one that shows up is adopted;
 * only when none does is the create sent again. The first attempt may still land after that: each task
 * of the name that appears besides the one this step follows is then stopped (here, after the wait, and
 * in the post step). Tasks of that name that existed before the step are never adopted or stopped.
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
    if (id !== undefined) {
        // In one change: a cancel between two would leave the post step neither the id nor the lookup.
        const created = [...ctx.cleanup.state().created, id];
        ctx.cleanup.update(attempts.unresolved ? { created } : { created, lookup: undefined });
    }
    if (id !== undefined && attempts.unresolved)
        await stopTwins(lookup, id, ctx);
    return { ...answer, recreated: attempts.unresolved, lookup };
}
/**
 * After the create failed for good, what it made. A 429 or a request never fully sent made nothing. A
 * refusal (an envelope, nothing to retry) is settled by the task search, since no code's meaning is
 * published: a task of the name that appeared is adopted (an earlier attempt's, if one got no answer);
 * with none, the refusal stands and the post step has nothing to look for, unless an earlier attempt
 * that got no answer may still land, or the search fails: then no other create may follow, and the step
 * fails saying so, leaving the post step its lookup. Anything else may have made a task, which the post
 * step looks for. Answers the adopted task's answer, or undefined for the error to stand.
 */
async function madeDespite(error, attempts, ctx) {
    if ((0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .notApplied */ .$U)(error)) {
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
    ctx.cleanup.clear('lookup');
    return undefined;
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
    if ((0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .notApplied */ .$U)(error)) {
        madeNothing(ctx);
        return {
            retry: true,
            reason: `${reason}, so the task was not created`,
            serverDelayMs: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .serverRetryDelay */ .Hs)(error, ctx.retries.deps.now())
        };
    }
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
    return { retry: true, reason: 'the create was not applied', now: true };
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
 * corrected it since), it is sent once more, but only once the task search shows that the refused
 * attempt made no task of its name: a task that did appear is adopted instead.
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
        const [made] = (await (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_3__/* .findTasks */ .Uz)(attempts.name, ctx)).filter((id) => !attempts.existing.includes(id));
        if (made !== undefined) {
            ctx.log(`create: the refused create made task ${made} named ${name} after all; adopting it`);
            return adoptedAnswer(made);
        }
        ctx.log(`create: no task named ${name} appeared after the refusal, so the create is sent once more, on the corrected clock`);
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

/***/ 8237:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MOST_CANDIDATES: () => (/* binding */ MOST_CANDIDATES),
/* harmony export */   RefusedEverywhereError: () => (/* binding */ RefusedEverywhereError),
/* harmony export */   createTask: () => (/* binding */ createTask),
/* harmony export */   placeForDryRun: () => (/* binding */ placeForDryRun),
/* harmony export */   placed: () => (/* binding */ placed)
/* harmony export */ });
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9817);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2212);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9644);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8998);
/* harmony import */ var _create_once_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(485);
/* harmony import */ var _find_capacity_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3929);
/* harmony import */ var _preheat_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8382);
/* harmony import */ var _choose_resource_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(511);









/**
 * The nodes a new task needs free at once: its points, or for a job its parallelism (pods run that many
 * at a time, however many completions it has).
 */
function nodesAtOnce(settings) {
    const points = settings.points ?? 1;
    if ((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .taskKindOf */ .j2)(settings) !== 'job')
        return points;
    const support = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(settings.body.job_support) ? settings.body.job_support : {};
    const parallelism = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .countOf */ .pq)(support.parallelism) ?? 1;
    return Math.min(points, parallelism);
}
/** Creates tried at the most, one region each, when the platform refuses them (three creates in all). */
const MOST_CANDIDATES = 3;
/**
 * Creates the task of a create call: on the resource its body names, or, with `gpu` set, on the best
 * entry of a resource search (see chooseResource), searching again for stock as capacity_timeout allows.
 * When the platform refuses a create and the task search proves that it made no task, the next entry is
 * tried (at most three in all, each once); a create whose outcome is unknown is never followed by another.
 */
async function createTask(call, ctx, report) {
    const wish = ctx.settings.capacity;
    if (wish === undefined)
        return (0,_create_once_js__WEBPACK_IMPORTED_MODULE_3__.createOnce)(call, ctx);
    const points = nodesAtOnce(ctx.settings);
    const found = await (0,_find_capacity_js__WEBPACK_IMPORTED_MODULE_4__/* .findCapacity */ .qJ)(wish, points, ctx);
    let placement = { wish, points, ...found, chosen: undefined, refused: [] };
    report.placement = placement;
    const name = ctx.settings.taskName ?? '';
    const mode = ctx.settings.preheat.mode;
    const [first] = found.eligible;
    if (mode !== 'none' && first !== undefined) {
        placement = { ...placement, preheated: await (0,_preheat_js__WEBPACK_IMPORTED_MODULE_5__/* .preheat */ .IL)(first, mode, ctx, `${name}-preheat`) };
        report.placement = placement;
    }
    for (const candidate of found.eligible.slice(0, MOST_CANDIDATES)) {
        ctx.log(`capacity: creating on ${(0,_find_capacity_js__WEBPACK_IMPORTED_MODULE_4__/* .describeCandidate */ .pq)(candidate)}`);
        if (placement.preheated !== undefined && candidate !== first)
            ctx.log(`capacity: the preheat warmed ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(placement.preheated.region, 60)}, not this region`);
        placement = { ...placement, chosen: candidate };
        report.placement = placement;
        try {
            return await (0,_create_once_js__WEBPACK_IMPORTED_MODULE_3__.createOnce)(placed(call, candidate), ctx);
        }
        catch (error) {
            // createOnce settles a refusal by the task search: one that comes this far made no task.
            if (!(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_7__/* .isRefusal */ .vu)(error))
                throw error;
            const why = (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_7__/* .describeError */ .Uc)(error);
            placement = { ...placement, chosen: undefined, refused: [...placement.refused, { candidate, why }] };
            report.placement = placement;
            ctx.log(`capacity: the platform refused the create on ${(0,_find_capacity_js__WEBPACK_IMPORTED_MODULE_4__/* .describeCandidate */ .pq)(candidate)} (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(why, 300)}), and made no task named ${JSON.stringify(name)}: trying the next region`);
        }
    }
    throw new RefusedEverywhereError(`the platform refused the create on each of the ${placement.refused.length} region(s) tried, making no task: ${placement.refused.map(({ candidate, why }) => `${candidate.offer.region ?? '?'}: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(why, 200)}`).join('; ')}`);
}
/** The platform refused the create on every region tried, and the task search proved each made no task. */
class RefusedEverywhereError extends Error {
    name = 'RefusedEverywhereError';
}
/**
 * A dry run's plan: with gpu set, one resource search (a read) says where the create would go, and the
 * create call is shown with that resource; nothing is created, and no search is repeated for stock.
 */
async function placeForDryRun(plan, ctx) {
    if (ctx.settings.capacity === undefined)
        return plan;
    const choice = await (0,_find_capacity_js__WEBPACK_IMPORTED_MODULE_4__/* .chooseForDryRun */ .PH)(ctx, ctx.settings.preheat.mode);
    const [best, ...others] = choice;
    if (best === undefined)
        return plan;
    const next = others.slice(0, MOST_CANDIDATES - 1).map(_find_capacity_js__WEBPACK_IMPORTED_MODULE_4__/* .describeCandidate */ .pq);
    ctx.log(`dry run: the step would create on ${(0,_find_capacity_js__WEBPACK_IMPORTED_MODULE_4__/* .describeCandidate */ .pq)(best)}${next.length === 0 ? '' : `; were that refused, on ${next.join('; then on ')}`}`);
    return {
        ...plan,
        calls: plan.calls.map((call) => (call.traits.resend === 'create_once' ? placed(call, best) : call))
    };
}
/** The create call with the chosen entry as its resources. */
function placed(call, candidate) {
    return { ...call, body: { ...call.body, resources: [(0,_choose_resource_js__WEBPACK_IMPORTED_MODULE_8__/* .resourcesEntry */ .u$)(candidate.offer)] } };
}


/***/ }),

/***/ 3929:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PH: () => (/* binding */ chooseForDryRun),
/* harmony export */   pq: () => (/* binding */ describeCandidate),
/* harmony export */   qJ: () => (/* binding */ findCapacity)
/* harmony export */ });
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9817);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2589);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9644);
/* harmony import */ var _platform_resource_data_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7581);
/* harmony import */ var _poll_loop_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5444);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2116);
/* harmony import */ var _choose_resource_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(511);







/** The platform asks for polls at least 10 s apart; searches for stock wait that long at the least. */
const FIRST_SEARCH_DELAY_MS = 10_000;
const MOST_SEARCH_DELAY_MS = 60_000;
/**
 * What a dry run says of the choice: one resource search, the regions considered, and the preheat the
 * step would run first (`mode`); the eligible entries, best first (none: it says why, and what the step
 * would do).
 */
async function chooseForDryRun(ctx, mode) {
    const wish = ctx.settings.capacity;
    if (wish === undefined)
        return [];
    const points = ctx.settings.points ?? 1;
    const choice = await searchOnce(wish, points, ctx);
    logChoice(choice, wish, points, ctx);
    const [best] = choice.eligible;
    if (best === undefined) {
        const waits = choice.considered.some((c) => c.excluded === 'no stock') && wish.timeoutMs > 0;
        ctx.log(`dry run: ${noCapacity(choice, wish, points)}; the step would ${waits ? `search again for up to ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(wish.timeoutMs)}` : 'fail before creating'}`);
        return [];
    }
    if (mode !== 'none') {
        ctx.log(`dry run: the step would first preheat (${mode === 'region' ? 'cache the images in' : `prepare ${points} node(s) in`} ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(best.offer.region ?? '?', 60)}), and wait up to ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(ctx.settings.preheat.timeoutMs)} for it`);
    }
    return [...choice.eligible];
}
/**
 * Searches the resources until an entry qualifies. With none of the wished device, or none within
 * max_price, it fails at once (stock would not help); with none in stock, it searches again, at least
 * 10 s apart and backing off, until capacity_timeout (within the step's deadline) runs out.
 */
async function findCapacity(wish, points, ctx) {
    const until = Math.min(ctx.runtime.now() + wish.timeoutMs, ctx.deadline);
    const schedule = {
        kind: 'backoff',
        firstMs: FIRST_SEARCH_DELAY_MS,
        factor: 1.5,
        mostMs: MOST_SEARCH_DELAY_MS
    };
    // A search that finds no stock ends the poll when it would not help (no entry of the device, or none
    // within max_price), or when less than the least delay is left; else it is made again, backing off.
    const polled = await (0,_poll_loop_js__WEBPACK_IMPORTED_MODULE_2__/* .pollUntil */ .g3)(async (round) => {
        const searches = round + 1;
        const choice = await searchOnce(wish, points, ctx);
        if (choice.eligible.length > 0) {
            logChoice(choice, wish, points, ctx);
            return { kind: 'done', value: { ...choice, searches } };
        }
        const why = noCapacity(choice, wish, points);
        const left = until - ctx.runtime.now();
        if (!choice.considered.some((c) => c.excluded === 'no stock') || left < FIRST_SEARCH_DELAY_MS) {
            logChoice(choice, wish, points, ctx);
            const failed = `${why}${searches > 1 ? ` (${searches} searches)` : ''}${waitHint(choice, wish)}`;
            return { kind: 'done', value: { failed } };
        }
        const wait = Math.min((0,_poll_loop_js__WEBPACK_IMPORTED_MODULE_2__/* .backoffAt */ .Is)(schedule, round), left);
        ctx.log(`capacity: ${why}; searching again in ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(wait)} (${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(left)} of capacity_timeout left)`);
        return { kind: 'waiting', said: true };
    }, { deadline: until, schedule, failureBudget: Infinity, lastLookAtDeadline: true }, { ...ctx.runtime, cancelled: () => false, log: ctx.log });
    // Every round fits before the deadline (one is made only with the least delay left), so the poll ends done.
    if (polled.kind !== 'done')
        throw new Error(`capacity: the search for stock ended ${polled.kind}`);
    if ('failed' in polled.value)
        throw new Error(polled.value.failed);
    return polled.value;
}
async function searchOnce(wish, points, ctx) {
    const call = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .resourceSearchCall */ .JE)(ctx.settings, wish.deviceType);
    const { result } = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_4__/* .retried */ .s)('capacity: resource search', ctx.retries, () => ctx.send(call));
    return (0,_choose_resource_js__WEBPACK_IMPORTED_MODULE_5__/* .chooseResource */ .Ev)((0,_platform_resource_data_js__WEBPACK_IMPORTED_MODULE_6__/* .offersOf */ .f)(result.data), wish, points);
}
/** Why no entry qualifies, naming what was searched. */
function noCapacity(choice, wish, points) {
    const device = describeWish(wish);
    if (choice.considered.length === 0)
        return `the resource search lists no ${device}${choice.devices.length === 0 ? ' (it lists no device)' : `; it lists ${choice.devices.map((d) => (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(d, 40)).join(', ')}`}`;
    const cheapest = (0,_choose_resource_js__WEBPACK_IMPORTED_MODULE_5__/* .cheapestOverPrice */ .Vd)(choice);
    if (!choice.considered.some((c) => c.excluded === 'no stock') && cheapest !== undefined) {
        return `no ${device} has a price of max_price ${wish.maxPrice ?? ''} or less (the platform's number for one node, compared as given): the cheapest is ${describeCandidate(cheapest)}`;
    }
    const stock = choice.considered
        .filter((c) => c.excluded === 'no stock')
        .map((c) => `${c.offer.region ?? '?'} has ${c.offer.inventory ?? '0'}`)
        .join(', ');
    return `no region has ${points} node(s) of ${device} free (${stock})`;
}
/** What to change when waiting could help, or a wrong name could be the cause. */
function waitHint(choice, wish) {
    if (choice.considered.length === 0)
        return `: check gpu (the resource search's gpu_name), gpu_count and device_type ${wish.deviceType}`;
    if (choice.considered.some((c) => c.excluded === 'no stock') && wish.timeoutMs === 0)
        return ': set capacity_timeout (such as 10m) to wait for stock';
    return '';
}
const describeWish = (wish) => wish.deviceType === 'CpuDevice'
    ? `${JSON.stringify(wish.gpu)} CPU device`
    : `${JSON.stringify(wish.gpu)} with ${wish.gpuCount} GPU(s) per node`;
/**
 * A candidate as the log names it: region (name), device, and the number max_price is compared with,
 * named by its field (discount_price, else price), as the platform gives it.
 */
function describeCandidate(candidate) {
    const { offer } = candidate;
    const name = offer.regionName === undefined ? '' : ` (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(offer.regionName, 60)})`;
    const field = offer.discountPrice === undefined ? 'price' : 'discount_price';
    const price = candidate.price === undefined ? 'no price' : `${field} ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(candidate.price, 30)}`;
    return `${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(offer.region ?? '?', 60)}${name}, ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(offer.device ?? '?', 60)}, ${price}`;
}
/** Logs the entries considered, the chosen first, each with its stock and why it was left out. */
function logChoice(choice, wish, points, ctx) {
    ctx.log(`capacity: ${choice.considered.length} region(s) of ${describeWish(wish)} for ${points} node(s), best first:`);
    for (const candidate of choice.considered) {
        const stock = `stock ${candidate.offer.inventory ?? '0'}`;
        ctx.log(`  ${describeCandidate(candidate)}, ${stock}${candidate.excluded === undefined ? '' : `: ${candidate.excluded}`}`);
    }
}


/***/ }),

/***/ 9138:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cleanUpTask: () => (/* binding */ cleanUpTask)
/* harmony export */ });
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9817);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9644);
/* harmony import */ var _persistence_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6025);
/* harmony import */ var _read_task_state_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(4633);




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
    const kind = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .taskKindOf */ .j2)(ctx.settings);
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
        const starting = status === 'Pending' && appliesTo.includes('Running');
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
    const outcome = await (0,_persistence_js__WEBPACK_IMPORTED_MODULE_3__/* .sendUntilShown */ .ep)(call, `cleanup: ${action} task ${taskId}`, shows, ctx);
    if (outcome.kind === 'failed')
        return outcome;
    return outcome.accepted ? { kind: 'done' } : { kind: 'already', state: outcome.state };
}


/***/ }),

/***/ 5207:
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
/* harmony import */ var _poll_loop_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5444);
/* harmony import */ var _persistence_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(6025);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2116);
/* harmony import */ var _read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7660);









/**
 * The tasks the search for `searchValue` finds whose name `matches`, among those that still bill, across
 * every page of the search (see readAllPages: a list whose pages end before its count is an error, never a
 * shorter list).
 */
async function searchTasks(searchValue, matches, ctx) {
    const { results } = await (0,_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__/* .readAllPages */ .s$)(`the task search for ${JSON.stringify(searchValue)}`, (page) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .searchByNameCall */ .Vl)(ctx.settings, searchValue, page), ctx.send, (task) => (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .taskIdOf */ .G6)(task) ?? (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_3__/* .toCompactJson */ .ZJ)(task));
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
    const polled = await (0,_poll_loop_js__WEBPACK_IMPORTED_MODULE_7__/* .pollUntil */ .g3)(search, {
        deadline: Math.min(until, ctx.retries.policy.deadline),
        schedule: { kind: 'fixed_rate', intervalMs: searchEveryMs(until - now()) },
        failureBudget: Infinity,
        lastLookAtDeadline: true
    }, { ...ctx.retries.deps, cancelled: () => false, log: ctx.log });
    if (polled.kind === 'done')
        return { kind: 'found', ids: polled.value };
    const failed = polled.kind === 'unread' ? polled.why : polled.unread;
    if (failed === undefined)
        return { kind: lastSentAt >= until ? 'none' : 'cut' };
    // The last search failed: what it would have found is not known, so it is asked again, with a backoff.
    const known = await (0,_persistence_js__WEBPACK_IMPORTED_MODULE_8__/* .askUntilKnown */ .jR)(async () => {
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
