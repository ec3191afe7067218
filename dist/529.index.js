export const id = 529;
export const ids = [529];
export const modules = {

/***/ 7529:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  MOST_CANDIDATES: () => (/* binding */ MOST_CANDIDATES),
  RefusedEverywhereError: () => (/* binding */ RefusedEverywhereError),
  createTask: () => (/* binding */ createTask),
  placeForDryRun: () => (/* binding */ placeForDryRun),
  placed: () => (/* binding */ placed)
});

// EXTERNAL MODULE: ./deploy/engine/storage/mounts.ts + 1 modules
var storage_mounts = __webpack_require__(8156);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./deploy/engine/create/create-once.ts
var create_once = __webpack_require__(4384);
// EXTERNAL MODULE: ./deploy/engine/create/find-capacity.ts
var find_capacity = __webpack_require__(6616);
// EXTERNAL MODULE: ./deploy/engine/create/preheat.ts
var preheat = __webpack_require__(5945);
// EXTERNAL MODULE: ./deploy/engine/create/choose-resource.ts
var choose_resource = __webpack_require__(9282);
// EXTERNAL MODULE: ./basics/records.ts
var records = __webpack_require__(2212);
// EXTERNAL MODULE: ./platform/resource-data.ts
var resource_data = __webpack_require__(7581);
;// CONCATENATED MODULE: ./deploy/engine/create/resource-regions.ts




/**
 * The regions a create body's resources are in, before anything is sent: an entry's region_name; else its
 * resource.region (a compute region's tag); else its mark's, as the resource search lists it (GPU devices
 * first, then CPU ones, each searched once, and only when a mark is left), since a mark alone is opaque.
 * `unknown`: marks no search lists, whose region the step cannot tell (the platform checks them).
 */
async function resourceRegions(resources, ctx) {
    const regions = [];
    const marks = [];
    for (const entry of Array.isArray(resources) ? resources.filter(records/* isRecord */.u) : []) {
        const tag = (0,records/* isRecord */.u)(entry.resource) ? entry.resource.region : undefined;
        if (typeof entry.region_name === 'string')
            regions.push({ values: [entry.region_name], said: (0,safe_text/* sanitize */.aj)(entry.region_name, 60) });
        else if (typeof tag === 'string')
            regions.push({ values: [tag], said: (0,safe_text/* sanitize */.aj)(tag, 60) });
        else if (typeof entry.mark === 'string')
            marks.push(entry.mark);
    }
    if (marks.length === 0)
        return { regions, unknown: [] };
    const searched = { jobRefused: false };
    const offers = [];
    for (const deviceType of ['GpuDevice', 'CpuDevice']) {
        if (marks.every((mark) => offers.some((offer) => offer.mark === mark)))
            break;
        offers.push(...(0,resource_data/* offersOf */.f)((await (0,find_capacity/* resourceSearch */.Pt)(deviceType, ctx, searched)).result.data));
    }
    const unknown = [];
    for (const mark of marks) {
        const offer = offers.find((o) => o.mark === mark);
        if (offer?.region === undefined)
            unknown.push(mark);
        else
            regions.push({
                values: [offer.region, ...(offer.regionName === undefined ? [] : [offer.regionName])],
                said: `${(0,safe_text/* sanitize */.aj)(offer.region, 60)} (${offer.regionName === undefined ? '' : `${(0,safe_text/* sanitize */.aj)(offer.regionName, 60)}, `}by its mark)`
            });
    }
    return { regions, unknown };
}

;// CONCATENATED MODULE: ./deploy/engine/create/create-task.ts









/**
 * The nodes a new task needs free at once: its points, or for a job its parallelism (pods run that many
 * at a time, however many completions it has).
 */
function nodesAtOnce(settings) {
    return (0,calls/* taskKindOf */.j2)(settings).nodesAtOnce(settings.points ?? 1, settings.body);
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
async function createTask(given, givenCtx, report) {
    const { call, ctx } = await mounting(given, givenCtx);
    const wish = ctx.settings.capacity;
    if (wish === undefined)
        return (0,create_once.createOnce)(call, ctx);
    const points = nodesAtOnce(ctx.settings);
    const found = await (0,find_capacity/* findCapacity */.qJ)(wish, points, ctx);
    let placement = { wish, points, ...found, chosen: undefined, refused: [] };
    report.placement = placement;
    const name = ctx.settings.taskName ?? '';
    const mode = ctx.settings.preheat.mode;
    const [first] = found.eligible;
    if (mode !== 'none' && first !== undefined) {
        placement = { ...placement, preheated: await (0,preheat/* preheat */.IL)(first, mode, ctx, `${name}-preheat`) };
        report.placement = placement;
    }
    for (const candidate of found.eligible.slice(0, MOST_CANDIDATES)) {
        // The create refused on the region before may still land: waited out, and adopted if it does.
        if (placement.refused.length > 0) {
            const late = await (0,create_once.adoptLateCreate)(ctx, 'capacity');
            if (late.kind === 'adopted')
                return late.created;
            if (late.kind === 'unknown')
                throw new Error(`the platform refused the create on ${placement.refused.length} region(s), and ${late.why}: not creating on another region, which could make a second task; the post step looks for one named ${JSON.stringify((0,safe_text/* sanitize */.aj)(name, 100))}`);
        }
        ctx.log(`capacity: creating on ${(0,find_capacity/* describeCandidate */.pq)(candidate)}`);
        if (placement.preheated !== undefined && candidate !== first)
            ctx.log(`capacity: the preheat warmed ${(0,safe_text/* sanitize */.aj)(placement.preheated.region, 60)}, not this region`);
        placement = { ...placement, chosen: candidate };
        report.placement = placement;
        try {
            return await (0,create_once.createOnce)(placed(call, candidate), ctx);
        }
        catch (error) {
            // createOnce settles a refusal by the task search: one that comes this far made no task.
            if (!(0,failures/* isRefusal */.vu)(error))
                throw error;
            const why = (0,failures/* describeError */.Uc)(error);
            placement = { ...placement, chosen: undefined, refused: [...placement.refused, { candidate, why }] };
            report.placement = placement;
            ctx.log(`capacity: the platform refused the create on ${(0,find_capacity/* describeCandidate */.pq)(candidate)} (${(0,safe_text/* sanitize */.aj)(why, 300)})`);
        }
    }
    throw new RefusedEverywhereError(`the platform refused the create on each of the ${placement.refused.length} region(s) tried, making no task: ${placement.refused.map(({ candidate, why }) => `${candidate.offer.region ?? '?'}: ${(0,safe_text/* sanitize */.aj)(why, 200)}`).join('; ')}`);
}
/**
 * The create with the volumes and juicefs_mounts inputs mounted (see withMounts), each storage found and
 * mountable first, and the step limited to the regions where all of them can be mounted: gpu searches only
 * there; a body that names its resources' region_name must name one of them. Unchanged without mounts.
 */
async function mounting(call, ctx) {
    const { mounts } = ctx.settings.storage;
    if (mounts.length === 0)
        return { call, ctx };
    const found = await (0,storage_mounts/* resolveMounts */.Nq)(mounts, ctx);
    const body = (0,storage_mounts/* withMounts */.fG)(call.body ?? {}, found.mounts);
    ctx.log(`mounts: ${(0,storage_mounts/* describeMounts */.On)(found)}; the task runs in ${found.regions.length > 1 ? 'one of ' : ''}${(0,storage_mounts/* describeRegions */.rj)(found.regions)}`);
    const wish = ctx.settings.capacity;
    if (wish === undefined) {
        // The body's resources, each by its region_name, else its mark's region (a resource search): checked
        // before the create is sent, as a gpu search is held to those regions.
        const { regions, unknown } = await resourceRegions(body.resources, ctx);
        const elsewhere = regions.filter((r) => !r.values.some((v) => (0,storage_mounts/* amongRegions */.eQ)(found.regions, v)));
        if (elsewhere.length > 0)
            throw new Error(`body's resources are in ${elsewhere.map((r) => r.said).join(', ')}, but the storages to mount can be mounted only in ${(0,storage_mounts/* describeRegions */.rj)(found.regions)}, ${found.why}: name a resource there, or set gpu to have the step pick one there`);
        if (unknown.length > 0)
            ctx.log(`mounts: the resource search lists no entry of the body's mark ${unknown.map((m) => JSON.stringify((0,safe_text/* sanitize */.aj)(m, 40))).join(', ')}: its region cannot be checked before the create (the platform checks it)`);
        return { call: { ...call, body }, ctx };
    }
    const onlyRegions = { regions: (0,storage_mounts/* regionKeys */.DB)(found.regions), why: found.why };
    const settings = { ...ctx.settings, capacity: { ...wish, onlyRegions } };
    return { call: { ...call, body }, ctx: { ...ctx, settings } };
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
    const choice = await (0,find_capacity/* chooseForDryRun */.PH)(ctx, ctx.settings.preheat.mode);
    const [best, ...others] = choice;
    if (best === undefined)
        return plan;
    const next = others.slice(0, MOST_CANDIDATES - 1).map(find_capacity/* describeCandidate */.pq);
    ctx.log(`dry run: the step would create on ${(0,find_capacity/* describeCandidate */.pq)(best)}${next.length === 0 ? '' : `; were that refused, on ${next.join('; then on ')}`}`);
    return {
        ...plan,
        calls: plan.calls.map((call) => (call.traits.resend === 'create_once' ? placed(call, best) : call))
    };
}
/** The create call with the chosen entry as its resources. */
function placed(call, candidate) {
    return { ...call, body: { ...call.body, resources: [(0,choose_resource/* resourcesEntry */.u$)(candidate.offer)] } };
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

/***/ 3817:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $l: () => (/* binding */ gib),
/* harmony export */   CS: () => (/* binding */ chooseVolumeConfig),
/* harmony export */   fg: () => (/* binding */ inStorageRegion),
/* harmony export */   z: () => (/* binding */ ofStorageClass)
/* harmony export */ });
/* unused harmony export BYTES_PER_GIB */
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9817);

/** A volume's size as a person gives it (GiB) and as the wire takes it (bytes): GiB \u00d7 1,073,741,824. */
const BYTES_PER_GIB = 1024 ** 3;
/**
 * Whether a volume or a configuration is in the region the region input names: by its tag as the storage
 * lists give it (bj-001), or by its name (\u5317\u4eac\u4e00\u533a), which the compute regions share.
 */
function inStorageRegion(where, asked) {
    return where.region === asked || where.regionName === asked;
}
/**
 * Whether a volume or a configuration is of the storage class the storage_class input names: by its id as
 * pre-create and the list give it (nfs-standard), or by its name as the platform shows it (\u6807\u51c6\u578b).
 */
function ofStorageClass(what, asked) {
    return what.storageClass === asked || what.storageClassName === asked;
}
/**
 * Where a new volume is made: among the configurations that can be chosen (Available) with room for it
 * (what is left of each, as pre-create says), in the region named when one is, of the storage class named
 * when one is, the cheapest by its displayed price per GB and month (its id breaking a tie, so that the
 * choice is the same each run). None: why, naming what there is.
 */
function chooseVolumeConfig(configs, wish) {
    const { region, storageClass } = wish;
    const inRegion = configs.filter((config) => region === undefined || inStorageRegion(config, region));
    const ofClass = inRegion.filter((config) => storageClass === undefined || ofStorageClass(config, storageClass));
    const fitting = ofClass.filter((config) => config.available && (config.freeBytes ?? 0) >= wish.bytes);
    const [chosen] = [...fitting].sort((a, b) => price(a) - price(b) || Number(BigInt(a.id) - BigInt(b.id)));
    if (chosen !== undefined)
        return { chosen };
    const size = gib(wish.bytes);
    const where = region === undefined ? '' : ` in region ${region}`;
    if (inRegion.length === 0) {
        const regions = named(configs, (config) => [config.region, config.regionName]);
        return {
            chosen: undefined,
            why: `no storage configuration${where}: pre-create lists ${regions.length === 0 ? 'none' : `those of ${regions.join(', ')}`}`
        };
    }
    const ofWhat = storageClass === undefined ? '' : ` of class ${storageClass}`;
    if (ofClass.length === 0) {
        const classes = named(inRegion, (config) => [config.storageClass, config.storageClassName]);
        return {
            chosen: undefined,
            why: `no storage configuration${ofWhat}${where}: ${classes.length === 0 ? 'pre-create names the class of none of them: leave storage_class empty for any class' : `pre-create lists those of class ${classes.join(', ')}${region === undefined ? '' : ' there'}; set storage_class to one of them, or leave it empty for any class`}`
        };
    }
    const free = ofClass
        .filter((config) => config.available)
        .map((config) => `${config.id} (${gib(config.freeBytes)} left)`);
    return {
        chosen: undefined,
        why: `no storage configuration${ofWhat}${where} can hold ${size}: ${free.length === 0 ? 'none of them is Available' : `the Available ones are ${free.join(', ')}`}`
    };
}
/** What the configurations are of (their regions, their classes), each once, as `id (name)`, made safe to print. */
function named(configs, of) {
    return [
        ...new Set(configs.flatMap((config) => {
            const [id, name] = of(config);
            if (id === undefined)
                return [];
            return [`${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(id, 60)}${name === undefined ? '' : ` (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(name, 60)})`}`];
        }))
    ];
}
/** A displayed price as a number, for the order of choice: one that is none comes last. */
function price(config) {
    const value = Number(config.displayUnitPrice);
    return config.displayUnitPrice === undefined || Number.isNaN(value) ? Infinity : value;
}
/** Bytes as GiB for a person: "100 GiB", "1.50 GiB", or "unknown". */
function gib(bytes) {
    if (bytes === undefined)
        return 'unknown';
    return `${(bytes / BYTES_PER_GIB).toFixed(bytes % BYTES_PER_GIB === 0 ? 0 : 2)} GiB`;
}


/***/ }),

/***/ 8156:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  eQ: () => (/* binding */ amongRegions),
  On: () => (/* binding */ describeMounts),
  rj: () => (/* binding */ describeRegions),
  DB: () => (/* binding */ regionKeys),
  Nq: () => (/* binding */ resolveMounts),
  fG: () => (/* binding */ withMounts)
});

// UNUSED EXPORTS: sameRegion

// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./basics/records.ts
var records = __webpack_require__(2212);
// EXTERNAL MODULE: ./protocol/json.ts
var json = __webpack_require__(6539);
// EXTERNAL MODULE: ./platform/task-kinds.ts
var task_kinds = __webpack_require__(7187);
// EXTERNAL MODULE: ./platform/object-storage-data.ts
var object_storage_data = __webpack_require__(564);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./deploy/engine/retries.ts
var retries = __webpack_require__(8079);
// EXTERNAL MODULE: ./deploy/engine/tasks/read-all-pages.ts
var read_all_pages = __webpack_require__(6961);
;// CONCATENATED MODULE: ./deploy/engine/storage/read-object-storages.ts





/**
 * The object storages accelerated for mounts (JuiceFS) of one status, across the list's pages: those a
 * task can mount (`mountable`), or those set up and not accelerated (`dormant`), read only to say why one
 * cannot be. Each page is retried on what may pass.
 */
async function readObjectStorages(ctx, which) {
    const list = await (0,read_all_pages/* readAllPages */.s$)('the object storages accelerated for mounts', (page) => (0,calls/* objectStorageListCall */.T0)(ctx.settings, { status: object_storage_data/* OBJECT_STORAGE */.o[which], page }), (call) => (0,retries/* retried */.s)('object storage: list', ctx.retries, () => ctx.send(call)), (item) => (0,object_storage_data/* objectStoragesOf */.f)({ results: [item] })[0]?.id ?? JSON.stringify(item));
    return (0,object_storage_data/* objectStoragesOf */.f)({ results: list.results });
}
/**
 * The object storage `nameOrId` names among `storages`: the one of that name, else (digits) the one of
 * that id; undefined when none. Two of the name are refused: the step cannot tell which is meant.
 */
function objectStorageNamed(storages, nameOrId) {
    const named = storages.filter((s) => s.name === nameOrId);
    if (named.length > 1)
        throw new Error(`${named.length} object storages are named ${JSON.stringify((0,safe_text/* sanitize */.aj)(nameOrId, 40))} (storage_id ${named.map((s) => s.id).join(', ')}): name the storage_id of the one meant`);
    return named[0] ?? (/^\d+$/.test(nameOrId) ? storages.find((s) => s.id === nameOrId) : undefined);
}

// EXTERNAL MODULE: ./deploy/engine/storage/read-volumes.ts
var read_volumes = __webpack_require__(7393);
;// CONCATENATED MODULE: ./deploy/engine/storage/mounts.ts






/** Whether two regions are one: by name where both give one, else by a compute region's tag on both sides. */
function sameRegion(a, b) {
    if (a.name !== undefined && b.name !== undefined)
        return a.name === b.name;
    return a.computeTag && b.computeTag && a.tag === b.tag;
}
/** One region as two lists give it: the name either gives, and a compute region's tag where either has one. */
function merged(a, b) {
    const compute = a.computeTag ? a : b.computeTag ? b : a;
    return { tag: compute.tag, name: a.name ?? b.name, computeTag: compute.computeTag };
}
/** The body field each kind of mount goes in, and the input it comes from. */
const FIELDS = {
    nas: { field: 'nas_storage_config', input: 'volumes', what: 'volume' },
    juicefs: { field: 'storage_config', input: 'juicefs_mounts', what: 'object storage' }
};
/**
 * What the volumes and juicefs_mounts inputs name, each found by name or id and mountable: a volume Active,
 * an object storage accelerated (Activate); all of them mountable in one region at least (a task runs in
 * one, and the platform mounts a volume only in its own, an object storage only where it is accelerated).
 * Checked before the create is sent, each failure said with what to do.
 */
async function resolveMounts(mounts, ctx) {
    const wanted = (kind) => mounts.filter((m) => m.kind === kind);
    const resolved = [
        ...(wanted('nas').length === 0 ? [] : await resolveVolumes(wanted('nas'), ctx)),
        ...(wanted('juicefs').length === 0 ? [] : await resolveObjects(wanted('juicefs'), ctx))
    ];
    const regions = resolved.reduce((common, one) => common.flatMap((r) => {
        const same = one.regions.find((o) => sameRegion(o, r));
        return same === undefined ? [] : [merged(r, same)];
    }), resolved[0]?.regions ?? []);
    const names = (kind) => resolved.filter((one) => one.mount.kind === kind).map((one) => (0,safe_text/* sanitize */.aj)(one.name, 40));
    const why = [
        ...(names('nas').length === 0 ? [] : [`the region of volume ${names('nas').join(', ')}`]),
        ...(names('juicefs').length === 0
            ? []
            : [`where object storage ${names('juicefs').join(', ')} is accelerated`])
    ].join(' and ');
    if (regions.length === 0)
        throw new Error(`the storages to mount are mountable in no region in common (${resolved.map((one) => `${FIELDS[one.mount.kind].what} ${(0,safe_text/* sanitize */.aj)(one.name, 40)}: ${describeRegions(one.regions) || 'none'}`).join(', ')}), but a task runs in one: mount storages of one region`);
    return { mounts: resolved, regions, why };
}
async function resolveVolumes(mounts, ctx) {
    const { volumes } = await (0,read_volumes/* readVolumes */.mq)(ctx);
    const resolved = mounts.map((mount) => {
        const volume = (0,read_volumes/* volumeNamed */.Ck)(volumes, mount.storage);
        if (volume === undefined)
            throw new Error(`volumes names ${JSON.stringify((0,safe_text/* sanitize */.aj)(mount.storage, 40))}, but no volume has that name (nor that storage_id): make sure of it first with operation volume`);
        if (!task_kinds/* VOLUME_KIND */.OT.statuses.running.includes(volume.status ?? ''))
            throw new Error(`volume ${volume.id} (${(0,safe_text/* sanitize */.aj)(volume.name, 40)}) is ${(0,safe_text/* sanitize */.aj)(volume.status ?? 'of no status', 20)}, not Active, and only an Active volume can be mounted: make sure of it with operation volume, which waits until it is`);
        return { mount, volume };
    });
    // A volume's region as the list gives it: by its name, which a task's region shares (the list's tag is
    // the storage's own); '?' for one it gives neither, which no task can match.
    const regionOf = (volume) => ({
        tag: volume.region ?? '?',
        name: volume.regionName,
        computeTag: false
    });
    const regions = resolved
        .map(({ volume }) => regionOf(volume))
        .filter((r, i, all) => all.findIndex((o) => sameRegion(o, r) || o.tag === r.tag) === i);
    if (regions.length > 1)
        throw new Error(`the volumes to mount are in ${regions.length} regions (${resolved.map(({ volume }) => `${(0,safe_text/* sanitize */.aj)(volume.name, 40)}: ${describeRegions([regionOf(volume)])}`).join(', ')}), but a task runs in one: mount volumes of one region`);
    return resolved.map(({ mount, volume }) => ({
        mount,
        id: volume.id,
        name: volume.name,
        regions: [regionOf(volume)]
    }));
}
async function resolveObjects(mounts, ctx) {
    const accelerated = await readObjectStorages(ctx, 'mountable');
    let dormant;
    const resolved = [];
    for (const mount of mounts) {
        const storage = objectStorageNamed(accelerated, mount.storage);
        if (storage === undefined) {
            dormant ??= await readObjectStorages(ctx, 'dormant');
            const asleep = objectStorageNamed(dormant, mount.storage);
            throw new Error(asleep === undefined
                ? `juicefs_mounts names ${JSON.stringify((0,safe_text/* sanitize */.aj)(mount.storage, 40))}, but no object storage accelerated for mounts (JuiceFS) has that name (nor that storage_id): set it up in the platform's console, or name one get_storage lists`
                : `object storage ${asleep.id} (${(0,safe_text/* sanitize */.aj)(asleep.name, 40)}) is ${(0,safe_text/* sanitize */.aj)(asleep.status ?? 'of no status', 20)}, not accelerated (Activate), and only an accelerated one can be mounted: accelerate it in the platform's console first`);
        }
        const regions = storage.activeRegions.map((r) => ({ ...r, computeTag: true }));
        resolved.push({ mount, id: storage.id, name: storage.name, regions });
    }
    return resolved;
}
/** "volume 1001 (data) at /data, object storage 36 (weights) at /weights in web": a log line's list. */
function describeMounts(found) {
    return found.mounts
        .map(({ mount, id, name }) => `${FIELDS[mount.kind].what} ${id} (${(0,safe_text/* sanitize */.aj)(name, 40)}) at ${(0,safe_text/* sanitize */.aj)(mount.path, 200)}${mount.service === undefined ? '' : ` in ${(0,safe_text/* sanitize */.aj)(mount.service, 60)}`}`)
        .join(', ');
}
/** "guangdong-t-01 (\u5e7f\u4e1c-T1)": the regions a task may run in, for a line. */
function describeRegions(regions) {
    return regions
        .map((r) => `${(0,safe_text/* sanitize */.aj)(r.tag, 60)}${r.name === undefined ? '' : ` (${(0,safe_text/* sanitize */.aj)(r.name, 60)})`}`)
        .join(', ');
}
/**
 * Whether a body's or a task's region is one of them: by its name (a create's resources[].region_name), or
 * by a compute region's tag (the resource search's region, a mark's resource.region).
 */
function amongRegions(regions, nameOrTag) {
    return regions.some((r) => r.name === nameOrTag || (r.computeTag && r.tag === nameOrTag));
}
/** The regions as the resource search is matched with them: each by its name, and by a compute region's tag. */
function regionKeys(regions) {
    return regions.map((r) => ({ name: r.name, tag: r.computeTag ? r.tag : undefined }));
}
/**
 * The body with each mount in its services' nas_storage_config (a volume) or storage_config (an object
 * storage), {storage_id, target_dir}: in the service it names, else in every service; what the body mounts
 * already is kept, a path mounted twice in one field once (the input's). Refused: a mount naming a service
 * the body does not have.
 */
function withMounts(body, mounts) {
    const services = Array.isArray(body.services) ? body.services.filter(records/* isRecord */.u) : [];
    for (const { mount } of mounts)
        if (mount.service !== undefined && !services.some((s) => s.service_name === mount.service))
            throw new Error(`${FIELDS[mount.kind].input} mounts ${JSON.stringify((0,safe_text/* sanitize */.aj)(mount.storage, 40))} in service ${JSON.stringify((0,safe_text/* sanitize */.aj)(mount.service, 60))}, but body has no service of that name: name one of ${services.map((s) => JSON.stringify((0,safe_text/* sanitize */.aj)(String(s.service_name), 60))).join(', ') || 'none'}`);
    return {
        ...body,
        services: services.map((service) => ['nas', 'juicefs'].reduce((changed, kind) => mountedIn(changed, FIELDS[kind].field, mounts.filter(({ mount }) => mount.kind === kind && (mount.service === undefined || mount.service === service.service_name))), service))
    };
}
function mountedIn(service, field, own) {
    if (own.length === 0)
        return service;
    const paths = new Set(own.map(({ mount }) => mount.path));
    const given = Array.isArray(service[field]) ? service[field] : [];
    const kept = given.filter((entry) => !((0,records/* isRecord */.u)(entry) && typeof entry.target_dir === 'string' && paths.has(entry.target_dir)));
    return {
        ...service,
        [field]: [
            ...kept,
            ...own.map(({ mount, id }) => ({ storage_id: (0,json/* exactInteger */.i7)(id), target_dir: mount.path }))
        ]
    };
}


/***/ }),

/***/ 7393:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ck: () => (/* binding */ volumeNamed),
/* harmony export */   jg: () => (/* binding */ readVolume),
/* harmony export */   mq: () => (/* binding */ readVolumes),
/* harmony export */   yH: () => (/* binding */ describeVolume)
/* harmony export */ });
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9817);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7187);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8079);
/* harmony import */ var _tasks_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6961);
/* harmony import */ var _choose_volume_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3817);







/**
 * Every volume the list shows (of the ids and statuses given, when given), across its pages: the API
 * has no search by name, so a volume is found by reading them all. Each page is retried on what may pass.
 */
async function readVolumes(ctx, which = {}) {
    const list = await (0,_tasks_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__/* .readAllPages */ .s$)('the cluster storage volumes', (page) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .volumeListCall */ .bU)(ctx.settings, { ...which, page }), (call) => (0,_retries_js__WEBPACK_IMPORTED_MODULE_2__/* .retried */ .s)('volume: list', ctx.retries, () => ctx.send(call)), (item) => _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_KIND */ .OT.volumesOf({ results: [item] })[0]?.id ?? JSON.stringify(item));
    return {
        volumes: _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_KIND */ .OT.volumesOf({ results: list.results }),
        entries: list.results,
        first: list.first
    };
}
/** One volume by its id, as the list shows it now: undefined once no list shows it (deleted). */
async function readVolume(id, ctx) {
    const answer = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_2__/* .retried */ .s)(`volume ${id}`, ctx.retries, () => ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .volumeListCall */ .bU)(ctx.settings, { ids: [id] })));
    const volume = _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_KIND */ .OT.volumesOf(answer.result.data).find((v) => v.id === id);
    return { volume, answer };
}
/**
 * The volume `nameOrId` names among `volumes`: the one of that name, else (digits) the one of that id;
 * undefined when none. Two of the name are refused: the step cannot tell which is meant.
 */
function volumeNamed(volumes, nameOrId) {
    const named = volumes.filter((v) => v.name === nameOrId);
    if (named.length > 1)
        throw new Error(`${named.length} volumes are named ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(nameOrId, 40))} (storage_id ${named.map((v) => v.id).join(', ')}): set volume to the storage_id of the one meant`);
    return named[0] ?? (/^\d+$/.test(nameOrId) ? volumes.find((v) => v.id === nameOrId) : undefined);
}
/** "1001 (data, Active, 100 GiB in beijing-jxq-p1)": a volume for a line of the log. */
function describeVolume(volume) {
    return `${volume.id} (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(volume.name, 40)}, ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(volume.status ?? 'no status', 20)}, ${(0,_choose_volume_js__WEBPACK_IMPORTED_MODULE_5__/* .gib */ .$l)(volume.totalBytes)} in ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(volume.region ?? 'no region', 60)})`;
}


/***/ })

};
