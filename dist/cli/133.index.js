export const id = 133;
export const ids = [133,237];
export const modules = {

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
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9817);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9644);
/* harmony import */ var _create_once_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(485);
/* harmony import */ var _find_capacity_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3929);
/* harmony import */ var _preheat_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3828);
/* harmony import */ var _choose_resource_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(511);







/**
 * The nodes a new task needs free at once: its points, or for a job its parallelism (pods run that many
 * at a time, however many completions it has).
 */
function nodesAtOnce(settings) {
    return (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .kindOf */ .I)(settings).nodesAtOnce(settings.points ?? 1, settings.body);
}
/** Creates tried at the most, one region each, when the platform refuses them (three creates in all). */
const MOST_CANDIDATES = 3;
/**
 * Creates the task of a create call: on the resource its body names, or, with `gpu` set, on the best
 * entry of a resource search (see chooseResource), searching again for stock as capacity_timeout allows.
 * When the platform refuses a create, the next entry is tried (at most three in all, each once), once the
 * refused create can no longer land and no task of its name appeared (one that does is adopted: see
 * adoptLateCreate); a create whose outcome is unknown is never followed by another.
 */
async function createTask(call, ctx, report) {
    const wish = ctx.settings.capacity;
    if (wish === undefined)
        return (0,_create_once_js__WEBPACK_IMPORTED_MODULE_1__.createOnce)(call, ctx);
    const points = nodesAtOnce(ctx.settings);
    const found = await (0,_find_capacity_js__WEBPACK_IMPORTED_MODULE_2__/* .findCapacity */ .qJ)(wish, points, ctx);
    let placement = { wish, points, ...found, chosen: undefined, refused: [] };
    report.placement = placement;
    const name = ctx.settings.taskName ?? '';
    const mode = ctx.settings.preheat.mode;
    const [first] = found.eligible;
    if (mode !== 'none' && first !== undefined) {
        placement = { ...placement, preheated: await (0,_preheat_js__WEBPACK_IMPORTED_MODULE_3__/* .preheat */ .IL)(first, mode, ctx, `${name}-preheat`) };
        report.placement = placement;
    }
    for (const candidate of found.eligible.slice(0, MOST_CANDIDATES)) {
        // The create refused on the region before may still land: waited out, and adopted if it does.
        if (placement.refused.length > 0) {
            const late = await (0,_create_once_js__WEBPACK_IMPORTED_MODULE_1__.adoptLateCreate)(ctx, 'capacity');
            if (late.kind === 'adopted')
                return late.created;
            if (late.kind === 'unknown')
                throw new Error(`the platform refused the create on ${placement.refused.length} region(s), and ${late.why}: not creating on another region, which could make a second task; the post step looks for one named ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(name, 100))}`);
        }
        ctx.log(`capacity: creating on ${(0,_find_capacity_js__WEBPACK_IMPORTED_MODULE_2__/* .describeCandidate */ .pq)(candidate)}`);
        if (placement.preheated !== undefined && candidate !== first)
            ctx.log(`capacity: the preheat warmed ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(placement.preheated.region, 60)}, not this region`);
        placement = { ...placement, chosen: candidate };
        report.placement = placement;
        try {
            return await (0,_create_once_js__WEBPACK_IMPORTED_MODULE_1__.createOnce)(placed(call, candidate), ctx);
        }
        catch (error) {
            // createOnce settles a refusal by the task search: one that comes this far made no task.
            if (!(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_5__/* .isRefusal */ .vu)(error))
                throw error;
            const why = (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_5__/* .describeError */ .Uc)(error);
            placement = { ...placement, chosen: undefined, refused: [...placement.refused, { candidate, why }] };
            report.placement = placement;
            ctx.log(`capacity: the platform refused the create on ${(0,_find_capacity_js__WEBPACK_IMPORTED_MODULE_2__/* .describeCandidate */ .pq)(candidate)} (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(why, 300)})`);
        }
    }
    throw new RefusedEverywhereError(`the platform refused the create on each of the ${placement.refused.length} region(s) tried, making no task: ${placement.refused.map(({ candidate, why }) => `${candidate.offer.region ?? '?'}: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(why, 200)}`).join('; ')}`);
}
/**
 * The platform refused the create on every region tried, and the task search found none of them made a
 * task (the last may still land: its lookup stays on the ledger, for the post step, or a fallback's create).
 */
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
    const choice = await (0,_find_capacity_js__WEBPACK_IMPORTED_MODULE_2__/* .chooseForDryRun */ .PH)(ctx, ctx.settings.preheat.mode);
    const [best, ...others] = choice;
    if (best === undefined)
        return plan;
    const next = others.slice(0, MOST_CANDIDATES - 1).map(_find_capacity_js__WEBPACK_IMPORTED_MODULE_2__/* .describeCandidate */ .pq);
    ctx.log(`dry run: the step would create on ${(0,_find_capacity_js__WEBPACK_IMPORTED_MODULE_2__/* .describeCandidate */ .pq)(best)}${next.length === 0 ? '' : `; were that refused, on ${next.join('; then on ')}`}`);
    return {
        ...plan,
        calls: plan.calls.map((call) => (call.traits.resend === 'create_once' ? placed(call, best) : call))
    };
}
/** The create call with the chosen entry as its resources. */
function placed(call, candidate) {
    return { ...call, body: { ...call.body, resources: [(0,_choose_resource_js__WEBPACK_IMPORTED_MODULE_6__/* .resourcesEntry */ .u$)(candidate.offer)] } };
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
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9644);
/* harmony import */ var _platform_resource_data_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7581);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6417);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2116);
/* harmony import */ var _choose_resource_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(511);








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
/** Why no entry qualifies, naming what was searched. */
function noCapacity(choice, wish, points) {
    const device = describeWish(wish);
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

/***/ 2133:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   lookAtQueue: () => (/* binding */ lookAtQueue),
/* harmony export */   spotMove: () => (/* binding */ spotMove),
/* harmony export */   spotOrOnDemand: () => (/* binding */ spotOrOnDemand)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2212);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2589);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(6218);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8998);
/* harmony import */ var _calls_make_calls_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8372);
/* harmony import */ var _tasks_read_task_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(4273);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(6417);
/* harmony import */ var _toolkit_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8682);
/* harmony import */ var _tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9138);
/* harmony import */ var _create_create_task_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8237);
/* harmony import */ var _create_create_once_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(485);












/**
 * A Spot job's fallback to on demand (spot_fallback), after its create: a create the platform refused
 * (the platform publishes no code's meaning, so a refusal for want of stock cannot be told from another:
 * any refusal is followed by the one on-demand create, once the refused create can no longer land and no
 * job of its name appeared: one that does is the Spot job, adopted); a job that stays Queued past
 * queue_timeout is stopped first, until its detail shows it stopped (Paused or End), and only then the
 * on-demand job created: never two at once (one that cannot be stopped stays, and the step waits for it).
 * Otherwise the Spot job stands. A fallback's late-landing Spot job is a twin of the same name, which the
 * step stops after its wait (see stopTwins).
 */
async function spotOrOnDemand(given, ctx) {
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
        const late = await (0,_create_create_once_js__WEBPACK_IMPORTED_MODULE_0__.adoptLateCreate)(ctx, 'spot_fallback');
        if (late.kind === 'unknown') {
            ctx.log(`spot_fallback: the Spot create was refused, and ${late.why}: not creating the job on demand`);
            return { calls, ctx };
        }
        if (late.kind === 'none')
            return onDemand('the Spot create was refused and made no job', ctx);
        taskId = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .taskIdOf */ .G6)(late.created.result.data) ?? '';
        const { result, raw } = late.created;
        calls = [
            (0,_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_2__/* .callOutcome */ .$K)(create.call, { result, raw, taskId, placement: create.placement }),
            ...calls.slice(1)
        ];
    }
    // On the ledger before its queue is waited on: a step killed meanwhile leaves it to the post step.
    ctx.cleanup.add('created', [taskId]);
    const queue = await queueOf(taskId, fallback.queueTimeoutMs, ctx);
    if (!queue.queued) {
        ctx.log(`job ${taskId} runs as Spot (job_type: spot${queue.why === undefined ? '' : `; ${queue.why}`})`);
        return { calls, ctx };
    }
    const waited = (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_3__/* .formatDuration */ .a3)(fallback.queueTimeoutMs);
    ctx.log(`job ${taskId} is still Queued after ${waited} (queue_timeout): stopping it, to run the job on demand`);
    const stopped = await (0,_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_4__.cleanUpTask)(taskId, 'stop', ctx, ctx.settings.taskName);
    if (stopped.kind === 'failed') {
        ctx.log(`job ${taskId} could not be stopped (${stopped.why}): it stays Spot, and no second job is made`);
        return { calls, ctx };
    }
    ctx.cleanup.settle('created', taskId);
    return onDemand(`the Spot job ${taskId} stayed Queued past queue_timeout (${waited}) and was stopped`, ctx);
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
    const refused = (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_5__/* .isRefusal */ .vu)(create.error) || create.error instanceof _create_create_task_js__WEBPACK_IMPORTED_MODULE_6__.RefusedEverywhereError;
    return refused && !facts.cancelled ? 'refused' : 'stands';
}
/** The job created on demand: its create, through the same machinery as the first, and its context. */
async function onDemand(why, ctx) {
    ctx.log(`spot_fallback: ${why}; creating the job on demand`);
    const settings = { ...ctx.settings, jobType: 'on_demand', estimatedExecSec: undefined };
    const onDemandCtx = { ...ctx, settings };
    const calls = await (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_7__/* .startCalls */ .eS)((0,_platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_8__/* .planCalls */ .j)(settings), onDemandCtx);
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
    if ((0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .jobFactsOf */ .ah)(detail).ended)
        return { queued: false, why: 'it has ended' };
    if (!(0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .isQueued */ .MX)(detail))
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
            return { kind: 'unread', why: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_5__/* .describeError */ .Uc)(error) };
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

/***/ 6417:
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


/***/ })

};
