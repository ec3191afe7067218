export const id = 153;
export const ids = [153,656];
export const modules = {

/***/ 6616:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   PH: () => (/* binding */ chooseForDryRun),
/* harmony export */   Pt: () => (/* binding */ resourceSearch),
/* harmony export */   pq: () => (/* binding */ describeCandidate),
/* harmony export */   qJ: () => (/* binding */ findCapacity)
/* harmony export */ });
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(5786);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9817);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2589);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9644);
/* harmony import */ var _platform_resource_data_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7581);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6656);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8079);
/* harmony import */ var _choose_resource_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9282);









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
    const choice = await searchOnce(wish, points, ctx, { jobRefused: false });
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
    const searched = { jobRefused: false };
    // A search that finds no stock ends the poll when it would not help (no entry of the device, or none
    // within max_price), or when less than the least delay is left; else it is made again, backing off.
    const polled = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_2__/* .pollUntil */ .g3)(async (round) => {
        const searches = round + 1;
        const choice = await searchOnce(wish, points, ctx, searched);
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
        const wait = Math.min((0,_poll_js__WEBPACK_IMPORTED_MODULE_2__/* .backoffAt */ .Is)(schedule, round), left);
        ctx.log(`capacity: ${why}; searching again in ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(wait)} (${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(left)} of capacity_timeout left)`);
        return { kind: 'waiting', said: true };
    }, { deadline: until, schedule, failureBudget: Infinity, lastLookAtDeadline: true }, { ...ctx.runtime, log: ctx.log });
    // Every round fits before the deadline (one is made only with the least delay left), so the poll ends
    // done, unless the step was cancelled: then no task is created.
    if (polled.kind === 'cancelled')
        throw new Error('capacity: the step was cancelled while searching for stock; nothing was created');
    if (polled.kind !== 'done')
        throw new Error(`capacity: the search for stock ended ${polled.kind}`);
    if ('failed' in polled.value)
        throw new Error(polled.value.failed);
    return polled.value;
}
async function searchOnce(wish, points, ctx, searched) {
    const { result } = await resourceSearch(wish.deviceType, ctx, searched);
    return (0,_choose_resource_js__WEBPACK_IMPORTED_MODULE_3__/* .chooseResource */ .Ev)((0,_platform_resource_data_js__WEBPACK_IMPORTED_MODULE_4__/* .offersOf */ .f)(result.data), wish, points);
}
/**
 * The resource search of the step's kind. The reference disagrees with itself on a job's: its job skill
 * searches with task_type=Job, its api/resource.md allows Deployment alone. A job's search is sent with
 * Job; refused, it is sent with Deployment, said once, and every later search of the step goes so.
 */
async function resourceSearch(deviceType, ctx, searched) {
    const call = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_5__/* .resourceSearchCall */ .JE)(ctx.settings, deviceType);
    const send = (sent) => (0,_retries_js__WEBPACK_IMPORTED_MODULE_6__/* .retried */ .s)('capacity: resource search', ctx.retries, () => ctx.send(sent));
    const job = call.query.some(([name, value]) => name === 'task_type' && value === 'Job');
    if (!job)
        return send(call);
    if (!searched.jobRefused) {
        try {
            return await send(call);
        }
        catch (error) {
            if (!(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_7__/* .isRefusal */ .vu)(error))
                throw error;
            searched.jobRefused = true;
            ctx.log(`capacity: the resource search with task_type=Job was refused (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)((0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_7__/* .describeError */ .Uc)(error), 200)}): searching with task_type=Deployment, the task type the platform's resource search reference lists (api/resource.md; its job skill says Job)`);
        }
    }
    return send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_5__/* .resourceSearchCall */ .JE)(ctx.settings, deviceType, 'Deployment'));
}
/** Why no entry qualifies, naming what was searched (and, limited to one region, the regions with stock). */
function noCapacity(choice, wish, points) {
    const why = noCapacityIn(choice, wish, points);
    const only = wish.onlyRegions;
    if (only === undefined)
        return why;
    const elsewhere = choice.considered
        .filter((c) => c.excluded === 'not the region asked' &&
        ((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_8__/* .compareDecimals */ .YL)(c.offer.inventory ?? '0', String(points)) ?? -1) >= 0)
        .map((c) => `${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(c.offer.region ?? '?', 60)} (stock ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(c.offer.inventory ?? '0', 20)})`);
    return `${why}; the task must run in ${inRegions(only.regions)}, ${only.why}; ${elsewhere.length === 0 ? 'no other region has the stock either' : `regions with the stock: ${elsewhere.join(', ')}`}`;
}
/** "region guangdong-t-01 (\u5e7f\u4e1c-T1)", "region \u5317\u4eac\u4e00\u533a", or "regions a or b". */
const inRegions = (regions) => `region${regions.length === 1 ? '' : 's'} ${regions
    .map(({ name, tag }) => tag === undefined
    ? (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(name ?? '?', 60)
    : `${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(tag, 60)}${name === undefined ? '' : ` (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(name, 60)})`}`)
    .join(' or ')}`;
function noCapacityIn(choice, wish, points) {
    const device = describeWish(wish);
    if (wish.onlyRegions !== undefined && choice.considered.every((c) => c.excluded === 'not the region asked'))
        return `the resource search lists no ${device} in ${inRegions(wish.onlyRegions.regions)}`;
    if (choice.considered.length === 0)
        return `the resource search lists no ${device}${choice.devices.length === 0 ? ' (it lists no device)' : `; it lists ${choice.devices.map((d) => (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(d, 40)).join(', ')}`}`;
    const cheapest = (0,_choose_resource_js__WEBPACK_IMPORTED_MODULE_3__/* .cheapestOverPrice */ .Vd)(choice);
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
    ctx.log(`capacity: ${choice.considered.length} region(s) of ${describeWish(wish)} for ${points} node(s), best first (each price is the number the platform gives for one node, with no published unit):`);
    for (const candidate of choice.considered) {
        const stock = `stock ${candidate.offer.inventory ?? '0'}`;
        ctx.log(`  ${describeCandidate(candidate)}, ${stock}${candidate.excluded === undefined ? '' : `: ${candidate.excluded}`}`);
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
