export const id = 529;
export const ids = [529];
export const modules = {

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


/***/ })

};
