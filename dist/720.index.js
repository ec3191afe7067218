export const id = 720;
export const ids = [720];
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

/***/ 720:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   finishReplace: () => (/* binding */ finishReplace),
/* harmony export */   replaceFlow: () => (/* binding */ replaceFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6218);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9644);
/* harmony import */ var _tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(9138);
/* harmony import */ var _cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7326);
/* harmony import */ var _dry_run_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(599);
/* harmony import */ var _tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(5207);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3035);
/* harmony import */ var _wait_task_result_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(5363);
/* harmony import */ var _wait_criteria_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6477);
/* harmony import */ var _tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9695);
/* harmony import */ var _wait_wait_until_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(38);
/* harmony import */ var _toolkit_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8682);
/* harmony import */ var _wait_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9615);
/* harmony import */ var _create_create_task_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(8237);















/**
 * A create whose task, once ready (and healthy, when checked), takes the place of the tasks of its name
 * that ran before: they are stopped then, and waited for until they have ended. A new task that does not
 * become ready is stopped and the old ones keep serving. Until the new task is ready, the post step stops
 * it whatever cleanup says.
 */
const replaceFlow = {
    plan: (settings) => {
        if (settings.wait.mode === 'false') {
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('wait is false, but replace stops the old tasks only once the new one is ready, which it must wait for: remove wait');
        }
        const plan = (0,_platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .planCalls */ .j)(settings);
        return {
            plan,
            cleanup: { ..._cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_CLEANUP */ .jR, action: 'stop' },
            run: async (ctx) => {
                const step = await (0,_wait_js__WEBPACK_IMPORTED_MODULE_3__/* .callAndWait */ .fi)(plan, ctx);
                const [created] = step.tasks;
                const finished = await finishReplace(created, step.calls[0]?.existingIds ?? [], ctx);
                const tasks = finished.created === undefined ? step.tasks : [finished.created, ...step.tasks.slice(1)];
                return { ...step, tasks, replaced: finished.replaced, elapsedMs: ctx.runtime.now() - ctx.startedAt };
            },
            dryRun: (ctx) => dryRunReplace(plan, ctx)
        };
    }
};
/**
 * The end of a replace, once the new task's wait is over. Ready, the new task takes the place of the old
 * generation: each old task is stopped until its state shows it ended, and the name is searched again
 * until a fresh search finds no older live task. Not ready (failed, timed out, cancelled), the new task is
 * stopped, whatever cleanup says, and the old tasks are left serving: the replace is rolled back.
 */
async function finishReplace(created, oldIds, ctx) {
    if (created === undefined)
        return { created, replaced: [] };
    if (created.verdict !== 'reached')
        return { created: await rollBack(created, oldIds, ctx), replaced: [] };
    // One saved change: from here the old generation is the post step's to retire, and the new task is left
    // as cleanup says. At no instant is neither saved.
    ctx.cleanup.update({ action: (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_4__/* .cleanupOf */ .Au)(ctx.settings).action, retire: [...oldIds] });
    const stopped = new Map();
    for (let older = await olderGeneration(created, oldIds, ctx); older.length > 0;) {
        ctx.log(stopped.size === 0
            ? `replace: task ${created.id} is ready; stopping task ${older.join(', ')}, which it replaces`
            : `replace: a fresh search finds task ${older.join(', ')} of the old generation still live; stopping it too`);
        const retired = await retire(older, created.id, ctx);
        for (const task of retired)
            stopped.set(task.id, task);
        // One that could not be stopped is the post step's now; searching again would find it again.
        if (retired.some((task) => task.verdict === 'error'))
            break;
        older = (await olderGeneration(created, [], ctx, 'again')).filter((id) => !stopped.has(id));
    }
    if (stopped.size === 0) {
        ctx.log(`replace: task ${created.id} is ready, and no task of its name ran before: nothing to stop`);
        return { created, replaced: [] };
    }
    const done = [...stopped.values()].filter((task) => task.verdict === 'done');
    // Each has ended (its state showed it): its detail, read once more, says what it cost.
    const ended = (await (0,_wait_wait_until_js__WEBPACK_IMPORTED_MODULE_5__.waitUntil)(done, (0,_wait_criteria_js__WEBPACK_IMPORTED_MODULE_6__/* .criteriaFor */ .X8)('ended', ctx.settings.wait, (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_7__/* .kindOf */ .I)(ctx.settings)), ctx, {
        readAlready: new Set(),
        publish: (0,_tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_8__/* .urlPublisher */ .Cv)(ctx)
    })).tasks;
    return {
        created,
        replaced: [...stopped.values()].map((task) => ended.find((e) => e.id === task.id) ?? task)
    };
}
/**
 * The tasks the new one replaces: those of its name that ran before the step, and, read again now that
 * it is ready, every other live task of the name older than it (another run's replace that overlapped
 * this one): the newest ready generation wins. Newer ones are left to the runs that made them, which stop
 * this one once theirs is ready. Searched `again` after a round of stops, only what is still live counts.
 */
async function olderGeneration(created, oldIds, ctx, again) {
    const name = ctx.settings.taskName ?? '';
    let live;
    try {
        live = await (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_9__/* .searchByName */ .lP)('replace: looking again for the tasks of its name', name, ctx);
    }
    catch (error) {
        ctx.log(`replace: could not look again for tasks named ${JSON.stringify(name)} (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_10__/* .describeError */ .Uc)(error)}); ${again === undefined ? 'stopping those known before' : 'those it knew of have ended'}`);
        return [...oldIds];
    }
    const isOlder = (id) => id !== created.id && BigInt(id) < BigInt(created.id);
    const overlapping = live.filter((id) => isOlder(id) && !oldIds.includes(id));
    if (again !== undefined)
        return overlapping;
    for (const id of overlapping)
        ctx.log(`replace: task ${id} named ${JSON.stringify(name)} was made after this step began (another run's), and is older than task ${created.id}: it is stopped too, so that the newest ready generation serves`);
    for (const id of live.filter((id) => id !== created.id && !isOlder(id)))
        ctx.log(`replace: task ${id} named ${JSON.stringify(name)} is newer than task ${created.id}: it is left to the run that made it, which stops this one once it is ready`);
    return [...oldIds, ...overlapping];
}
/**
 * Stops the old generation. The ids still to stop are added to what the post step retires before the
 * first stop, and each one whose state shows it ended is taken off: whatever happens meanwhile (a 503 near
 * the deadline, the job cancelled), the post step stops the rest under cleanup_timeout, and no two
 * generations are left billing.
 */
async function retire(oldIds, newId, ctx) {
    ctx.cleanup.add('retire', oldIds);
    return Promise.all(oldIds.map(async (id) => {
        const outcome = await (0,_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_11__.cleanUpTask)(id, 'stop', ctx);
        if (outcome.kind === 'failed') {
            return (0,_wait_task_result_js__WEBPACK_IMPORTED_MODULE_12__/* .taskResult */ .h)(id, {
                verdict: 'error',
                message: `could not be stopped (${outcome.why}); it runs alongside task ${newId}, and the post step tries again`
            });
        }
        ctx.cleanup.settle('retire', id);
        return (0,_wait_task_result_js__WEBPACK_IMPORTED_MODULE_12__/* .taskResult */ .h)(id);
    }));
}
/** Stops a new task that did not become ready; the old ones keep serving. */
async function rollBack(created, oldIds, ctx) {
    const serving = oldIds.length === 0 ? 'no task of its name ran before' : `task ${oldIds.join(', ')} keeps serving`;
    const outcome = await (0,_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_11__.cleanUpTask)(created.id, 'stop', ctx);
    const rollback = outcome.kind === 'failed'
        ? `rolled back: task ${created.id} could not be stopped (${outcome.why}), the post step tries again; ${serving}`
        : `rolled back: task ${created.id} was stopped; ${serving}`;
    ctx.log(`replace: ${rollback}`);
    return { ...created, message: `${created.message ?? created.verdict}; ${rollback}` };
}
/** A replace in a dry run: the create it would send, and the tasks it would stop, read from the task search. */
async function dryRunReplace(plan, ctx) {
    (0,_dry_run_js__WEBPACK_IMPORTED_MODULE_13__/* .printRequests */ .s)(await (0,_create_create_task_js__WEBPACK_IMPORTED_MODULE_14__.placeForDryRun)(plan, ctx), ctx);
    const old = await (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_9__/* .searchByName */ .lP)('replace: looking for the tasks it replaces', ctx.settings.taskName ?? '', ctx);
    ctx.log(old.length === 0
        ? 'dry run: no task of that name runs, so replace would stop none'
        : `dry run: once the new task is ready, replace would stop task ${old.join(', ')}`);
    ctx.log(`dry run: only ${ctx.settings.capacity === undefined ? 'the task search was' : 'the resource search and the task search were'} sent`);
    return undefined;
}


/***/ })

};
