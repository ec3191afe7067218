export const id = 832;
export const ids = [832];
export const modules = {

/***/ 9282:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ev: () => (/* binding */ chooseResource),
/* harmony export */   Vd: () => (/* binding */ cheapestOverPrice),
/* harmony export */   u$: () => (/* binding */ resourcesEntry)
/* harmony export */ });
/* unused harmony export offerIn */
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5786);

/**
 * Which entries of a resource search a new task of `points` nodes can run on, best first. An entry
 * qualifies when its device matches (gpu_name case-insensitively, for a CPU device its device_name;
 * gpu_count exactly, for a GPU device), it is in the one region the task may run in when there is one
 * (its volumes'), it has `points` nodes in stock, its mark is known, and its price is at most max_price. The cheapest comes first (discount_price, else price; an entry with neither
 * last); at equal price the earlier region of `regions` (by region or region_name; unlisted last); then
 * the search's own order.
 */
function chooseResource(offers, wish, points) {
    const considered = offers
        .filter((offer) => matchesDevice(offer, wish))
        .map((offer) => {
        const price = offer.discountPrice ?? offer.price;
        return { offer, price, excluded: exclusion(offer, price, wish, points) };
    })
        .map((candidate, index) => ({ candidate, index }))
        .sort((a, b) => rank(a.candidate, b.candidate, wish) || a.index - b.index)
        .map(({ candidate }) => candidate);
    const devices = [
        ...new Set(offers.map((offer) => offer.gpuName === undefined
            ? (offer.device ?? '?')
            : `${offer.gpuName}${offer.gpuCount === undefined ? '' : ` (\u00d7${offer.gpuCount})`}`))
    ].sort();
    return { considered, eligible: considered.filter((c) => c.excluded === undefined), devices };
}
function matchesDevice(offer, wish) {
    const name = (offer.gpuName ?? offer.device ?? '').trim().toLowerCase();
    if (name !== wish.gpu.trim().toLowerCase())
        return false;
    return offer.gpuName === undefined || offer.gpuCount === String(wish.gpuCount);
}
function exclusion(offer, price, wish, points) {
    if (wish.onlyRegions !== undefined && !wish.onlyRegions.regions.some((r) => offerIn(offer, r)))
        return 'not the region asked';
    if (offer.mark === undefined)
        return 'no mark';
    if (wish.maxPrice !== undefined &&
        (price === undefined || ((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .compareDecimals */ .YL)(price, wish.maxPrice) ?? 1) > 0))
        return 'over max_price';
    if (((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .compareDecimals */ .YL)(offer.inventory ?? '0', String(points)) ?? -1) < 0)
        return 'no stock';
    return undefined;
}
/**
 * Whether a search entry is in a region: by the region's name where both give one (the name is what a
 * volume's region shares with the compute regions), else by the compute region's tag.
 */
function offerIn(offer, region) {
    if (region.name !== undefined && offer.regionName !== undefined)
        return region.name === offer.regionName;
    return region.tag !== undefined && region.tag === offer.region;
}
/** Choosable first, then by price (none last), then by the preference of the region. */
function rank(a, b, wish) {
    const choosable = Number(a.excluded !== undefined) - Number(b.excluded !== undefined);
    if (choosable !== 0)
        return choosable;
    const price = a.price === undefined || b.price === undefined
        ? Number(a.price === undefined) - Number(b.price === undefined)
        : ((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .compareDecimals */ .YL)(a.price, b.price) ?? 0);
    return price || preference(a.offer, wish) - preference(b.offer, wish);
}
/** Where the entry's region stands in `regions` (by region or region_name); unlisted after all. */
function preference(offer, wish) {
    const at = wish.regions.findIndex((wanted) => wanted === offer.region || (offer.regionName !== undefined && wanted === offer.regionName));
    return at === -1 ? wish.regions.length : at;
}
/** The cheapest entry of the wished device that only its price keeps out, to name when none is cheap enough. */
function cheapestOverPrice(choice) {
    const priced = choice.considered.flatMap((candidate) => candidate.excluded === 'over max_price' && candidate.price !== undefined
        ? [{ candidate, price: candidate.price }]
        : []);
    return priced.sort((a, b) => (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .compareDecimals */ .YL)(a.price, b.price) ?? 0)[0]?.candidate;
}
/** The create body's resources entry for a chosen entry, as the platform's create example sends it. */
function resourcesEntry(offer) {
    return {
        mark: offer.mark,
        ...(offer.resource === undefined ? {} : { resource: offer.resource }),
        ...(offer.regionName === undefined ? {} : { region_name: offer.regionName })
    };
}


/***/ }),

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

/***/ 5945:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IL: () => (/* binding */ preheat),
/* harmony export */   Ks: () => (/* binding */ stopPreheat),
/* harmony export */   iC: () => (/* binding */ preheatServices)
/* harmony export */ });
/* unused harmony export judgePreheat */
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9817);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2589);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9644);
/* harmony import */ var _platform_preheat_data_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6322);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7187);
/* harmony import */ var _platform_resource_data_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7581);
/* harmony import */ var _platform_retry_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(1460);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8998);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2212);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(8079);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(6656);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(2317);
/* harmony import */ var _choose_resource_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9282);














/**
 * Where a preheat stands: done, or still going, with what its detail says; failed only once its task has
 * ended before completing. The reference lists no failure status of a region (Begin, Syncing, Completed):
 * any other is waited through, within preheat_timeout.
 */
function judgePreheat(progress, mode) {
    const { ended } = progress;
    if (mode === 'region') {
        const { regions } = progress;
        const detail = regions.length === 0
            ? 'no region reported yet'
            : regions.map((r) => `${r.region} ${r.status}`).join(', ');
        if (regions.length > 0 && regions.every((r) => r.completed))
            return { state: 'done', detail };
        return ended
            ? { state: 'failed', detail: `${detail}; the preheat task ended` }
            : { state: 'waiting', detail };
    }
    const points = progress.points ?? 0;
    const ready = progress.availablePoints ?? 0;
    const detail = `${ready} of ${points} node(s) prepared`;
    if (points > 0 && ready >= points)
        return { state: 'done', detail };
    return ended
        ? { state: 'failed', detail: `${detail}; the preheat task ended` }
        : { state: 'waiting', detail };
}
/**
 * Preheats where the chosen entry runs, before anything bills: a cluster preheat of its region (from
 * get_regions), or a node preheat of `points` nodes of its device there (from a resource search with
 * task_type=ImagePreHeat). Waits, polling at least 10 s apart, until it completes, within
 * preheat_timeout and the step's deadline. A preheat that fails or times out is stopped, and the step
 * fails. While it runs, its task is in the cleanup state, so a cancelled job's post step stops it. The
 * preheat task is named `taskName`, or as the task_name input says.
 */
async function preheat(candidate, mode, ctx, taskName) {
    const startedAt = ctx.runtime.now();
    const region = candidate.offer.region ?? '';
    const body = {
        ...(taskName === undefined ? {} : { task_name: taskName }),
        ...(mode === 'region' ? await regionBody(region, ctx) : await nodeBody(candidate, ctx))
    };
    ctx.log(`preheat: ${mode === 'region' ? `caching the images in region ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(region, 60)}` : `preparing ${ctx.settings.points ?? 1} node(s) of ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(candidate.offer.device ?? '?', 60)} in region ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(region, 60)}`} before creating; a preheat is not a reservation: the create is still scheduled on the stock free then`);
    const taskId = await createPreheat({ ...body, services: preheatServices(ctx.settings.body) }, ctx);
    ctx.cleanup.add('preheats', [taskId]);
    const ended = await watchPreheat(taskId, mode, ctx);
    // A cancelled step leaves the stop to the post step: the preheat is on its ledger, and this step's
    // requests end at once.
    if (ended.state === 'cancelled')
        throw new Error(`the step was cancelled while preheating (task ${taskId}): the post step stops the preheat task, and nothing was created`);
    if (ended.state === 'done') {
        ctx.cleanup.settle('preheats', taskId);
        const elapsedMs = ctx.runtime.now() - startedAt;
        ctx.log(`preheat: task ${taskId} completed after ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(elapsedMs)} (${ended.detail})`);
        return { taskId, mode, region, elapsedMs };
    }
    const stopped = await stopPreheat(taskId, ctx);
    throw new Error(`the preheat (task ${taskId}) ${ended.state === 'failed' ? 'failed' : `did not complete within preheat_timeout ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(ctx.settings.preheat.timeoutMs)}`} (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(ended.detail, 300)}); ${stopped.kind === 'shown' ? 'the preheat task was stopped' : `the preheat task could not be stopped (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(stopped.why, 300)})`}, and nothing was created`);
}
/**
 * The services a preheat caches: the name and image of each of the body's services and, where the body
 * gives the private registry's account (the create's repository_username and repository_password), that
 * account for each (the reference's repository_account): without it a private image cannot be pulled, and
 * the preheat would run until preheat_timeout.
 */
function preheatServices(body) {
    const services = Array.isArray(body.services) ? body.services : [];
    const { repository_username: username, repository_password: password } = body;
    const account = typeof username === 'string' && username !== ''
        ? { repository_account: { repository_username: username, repository_password: password ?? null } }
        : {};
    return services
        .filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)
        .flatMap((service) => typeof service.service_name === 'string' && typeof service.service_image === 'string'
        ? [{ service_name: service.service_name, service_image: service.service_image, ...account }]
        : []);
}
async function regionBody(region, ctx) {
    const { result } = await read((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .preheatRegionsCall */ .Xx)(ctx.settings), 'preheat: the regions a preheat can warm', ctx);
    const regions = (0,_platform_preheat_data_js__WEBPACK_IMPORTED_MODULE_4__/* .preheatRegionsOf */ .UF)(result.data);
    const found = regions.find((r) => r.region === region);
    if (found === undefined) {
        throw new Error(`region ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(region, 60)} is not one a cluster preheat can warm (get_regions lists ${regions.map((r) => (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(r.region, 60)).join(', ') || 'none'}): set preheat to node, or none`);
    }
    return { regions: [{ region: found.region, region_name: found.regionName ?? null }] };
}
async function nodeBody(candidate, ctx) {
    const deviceType = ctx.settings.capacity?.deviceType ?? 'GpuDevice';
    const call = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .resourceSearchCall */ .JE)(ctx.settings, deviceType, _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__/* .PREHEAT_KIND */ .z0.taskType);
    const { result } = await read(call, 'preheat: the resources a node preheat can prepare', ctx);
    const { device, region } = candidate.offer;
    const offer = (0,_platform_resource_data_js__WEBPACK_IMPORTED_MODULE_6__/* .offersOf */ .f)(result.data).find((o) => o.device === device && o.region === region && o.mark !== undefined);
    if (offer === undefined) {
        throw new Error(`the resource search for a node preheat lists no ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(device ?? '?', 60)} in region ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(region ?? '?', 60)}: set preheat to region, or none`);
    }
    return { points: ctx.settings.points ?? 1, resources: [(0,_choose_resource_js__WEBPACK_IMPORTED_MODULE_7__/* .resourcesEntry */ .u$)(offer)] };
}
/**
 * Sends the preheat's create: again only after a 429 or a request never sent. A preheat holds no compute
 * (the platform's reference), so a 429 that landed after all costs a second cache of the image, not a bill;
 * a task's create is never sent again so (see createOnce).
 */
async function createPreheat(body, ctx) {
    const { result } = await (0,_platform_retry_js__WEBPACK_IMPORTED_MODULE_8__/* .withRetries */ .LH)('preheat: create', () => ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .preheatCreateCall */ .uC)(ctx.settings, body)), (error) => (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_9__/* .rateLimitedOrNeverSent */ .ux)(error) ? (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_9__/* .retryIfTransient */ .or)(error, ctx.retries.deps.now()) : { retry: false }, ctx.retries.policy, ctx.retries.deps);
    const taskId = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_10__/* .taskIdOf */ .G6)(result.data);
    if (taskId === undefined) {
        throw new Error(`the preheat create was answered without a task_id, so the step cannot follow it, and created nothing: look for an image preheat task named ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(typeof body.task_name === 'string' ? body.task_name : (ctx.settings.taskName ?? ''), 100))} in the console`);
    }
    ctx.log(`preheat: task ${taskId}`);
    return taskId;
}
/**
 * Polls the preheat until it completes or fails, or preheat_timeout (within the step's deadline) ends: a
 * fixed rate of one detail per poll interval (10 s at the least); a detail that cannot be read, even
 * retried, fails it at once.
 */
async function watchPreheat(taskId, mode, ctx) {
    let last = '';
    const started = ctx.runtime.now();
    const deadline = Math.min(started + ctx.settings.preheat.timeoutMs, ctx.deadline);
    const since = () => (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(ctx.runtime.now() - started);
    const polled = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_11__/* .pollUntil */ .g3)(async () => {
        let judged;
        try {
            const { result } = await read((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .preheatDetailCall */ .jj)(ctx.settings, taskId), `preheat: task ${taskId}`, ctx);
            judged = judgePreheat(_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__/* .PREHEAT_KIND */ .z0.progressOf(result.data), mode);
        }
        catch (error) {
            return {
                kind: 'unread',
                why: `its detail could not be read: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)((0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_9__/* .describeError */ .Uc)(error), 300)}`
            };
        }
        const changed = judged.detail !== last;
        if (changed)
            ctx.log(`preheat: task ${taskId}: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(judged.detail, 300)} after ${since()} (${(0,_poll_js__WEBPACK_IMPORTED_MODULE_11__/* .timeLeft */ .f$)(deadline, ctx.runtime.now())})`);
        last = judged.detail;
        if (judged.state !== 'waiting')
            return { kind: 'done', value: { state: judged.state, detail: judged.detail } };
        return { kind: 'waiting', said: changed };
    }, {
        deadline,
        schedule: {
            kind: 'fixed_rate',
            intervalMs: Math.max(_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__/* .PREHEAT_KIND */ .z0.leastPollMs, ctx.settings.wait.intervalMs)
        },
        failureBudget: 1,
        lastLookAtDeadline: true,
        heartbeat: {
            everyMs: _poll_js__WEBPACK_IMPORTED_MODULE_11__/* .HEARTBEAT_MS */ .m,
            line: () => `preheat: task ${taskId}: still ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(last, 300)} after ${since()} (${(0,_poll_js__WEBPACK_IMPORTED_MODULE_11__/* .timeLeft */ .f$)(deadline, ctx.runtime.now())})`
        }
    }, { ...ctx.runtime, log: ctx.log });
    if (polled.kind === 'done')
        return polled.value;
    if (polled.kind === 'unread')
        return { state: 'failed', detail: polled.why };
    return { state: polled.kind, detail: last };
}
/**
 * Stops a preheat task until its detail says End (see sendUntilShown): an accepted stop is not done until
 * then; one that had ended shows End without it.
 */
async function stopPreheat(taskId, ctx) {
    const shows = async () => {
        const progress = await ctx
            .send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .preheatDetailCall */ .jj)(ctx.settings, taskId))
            .then(({ result }) => _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__/* .PREHEAT_KIND */ .z0.progressOf(result.data))
            .catch(() => undefined);
        const status = (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(progress?.status ?? 'unknown', 40);
        return progress?.ended === true
            ? { shown: true, state: status }
            : { shown: false, state: `its status is ${status}` };
    };
    const stop = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .preheatStopCall */ .Qf)(ctx.settings, taskId);
    const outcome = await (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_12__/* .sendUntilShown */ .ep)(stop, `preheat: stop task ${taskId}`, shows, ctx);
    if (outcome.kind === 'shown')
        ctx.cleanup.settle('preheats', taskId);
    return outcome;
}
/** A read, retried on what may pass (network errors, 429, 5xx). */
function read(call, label, ctx) {
    return (0,_retries_js__WEBPACK_IMPORTED_MODULE_13__/* .retried */ .s)(label, ctx.retries, () => ctx.send(call));
}


/***/ })

};
