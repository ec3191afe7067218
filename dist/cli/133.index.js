export const id = 133;
export const ids = [133];
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
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2212);
/* harmony import */ var _storage_mounts_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(1365);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9817);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9644);
/* harmony import */ var _create_once_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(485);
/* harmony import */ var _find_capacity_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3929);
/* harmony import */ var _preheat_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3828);
/* harmony import */ var _choose_resource_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(511);









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
async function createTask(given, givenCtx, report) {
    const { call, ctx } = await mounting(given, givenCtx);
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
 * The create with the volumes and juicefs_mounts inputs mounted (see withMounts), each storage found and
 * mountable first, and the step limited to the regions where all of them can be mounted: gpu searches only
 * there; a body that names its resources' region_name must name one of them. Unchanged without mounts.
 */
async function mounting(call, ctx) {
    const { mounts } = ctx.settings.storage;
    if (mounts.length === 0)
        return { call, ctx };
    const found = await (0,_storage_mounts_js__WEBPACK_IMPORTED_MODULE_6__/* .resolveMounts */ .Nq)(mounts, ctx);
    const body = (0,_storage_mounts_js__WEBPACK_IMPORTED_MODULE_6__/* .withMounts */ .fG)(call.body ?? {}, found.mounts);
    ctx.log(`mounts: ${(0,_storage_mounts_js__WEBPACK_IMPORTED_MODULE_6__/* .describeMounts */ .On)(found)}; the task runs in ${(0,_storage_mounts_js__WEBPACK_IMPORTED_MODULE_6__/* .describeRegions */ .rj)(found.regions)}`);
    const wish = ctx.settings.capacity;
    if (wish === undefined) {
        const named = (Array.isArray(body.resources) ? body.resources : []).flatMap((r) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u)(r) && typeof r.region_name === 'string' ? [r.region_name] : []);
        const elsewhere = named.filter((name) => !(0,_storage_mounts_js__WEBPACK_IMPORTED_MODULE_6__/* .amongRegions */ .eQ)(found.regions, name));
        if (elsewhere.length > 0)
            throw new Error(`body's resources are in ${elsewhere.map((n) => (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(n, 60)).join(', ')}, but the storages to mount can be mounted only in ${(0,_storage_mounts_js__WEBPACK_IMPORTED_MODULE_6__/* .describeRegions */ .rj)(found.regions)}, ${found.why}: name a resource there, or set gpu to have the step pick one there`);
        return { call: { ...call, body }, ctx };
    }
    const onlyRegions = { regions: found.regions.map((r) => r.tag), why: found.why };
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
    return { ...call, body: { ...call.body, resources: [(0,_choose_resource_js__WEBPACK_IMPORTED_MODULE_8__/* .resourcesEntry */ .u$)(candidate.offer)] } };
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

/***/ 1365:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  eQ: () => (/* binding */ amongRegions),
  On: () => (/* binding */ describeMounts),
  rj: () => (/* binding */ describeRegions),
  Nq: () => (/* binding */ resolveMounts),
  fG: () => (/* binding */ withMounts)
});

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
// EXTERNAL MODULE: ./deploy/retries.ts
var retries = __webpack_require__(2116);
// EXTERNAL MODULE: ./deploy/tasks/read-all-pages.ts
var read_all_pages = __webpack_require__(7660);
;// CONCATENATED MODULE: ./deploy/storage/read-object-storages.ts





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

// EXTERNAL MODULE: ./deploy/storage/read-volumes.ts
var read_volumes = __webpack_require__(2736);
;// CONCATENATED MODULE: ./deploy/storage/mounts.ts






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
    const regions = resolved.reduce((common, one) => common.filter((r) => one.regions.some((o) => o.tag === r.tag)), resolved[0]?.regions ?? []);
    const names = (kind) => resolved.filter((one) => one.mount.kind === kind).map((one) => (0,safe_text/* sanitize */.aj)(one.name, 40));
    const why = [
        ...(names('nas').length === 0 ? [] : [`the region of volume ${names('nas').join(', ')}`]),
        ...(names('juicefs').length === 0
            ? []
            : [`where object storage ${names('juicefs').join(', ')} is accelerated`])
    ].join(' and ');
    if (regions.length === 0)
        throw new Error(`the storages to mount are mountable in no region in common (${resolved.map((one) => `${FIELDS[one.mount.kind].what} ${(0,safe_text/* sanitize */.aj)(one.name, 40)}: ${one.regions.map((r) => (0,safe_text/* sanitize */.aj)(r.tag, 60)).join(' or ') || 'none'}`).join(', ')}), but a task runs in one: mount storages of one region`);
    return { mounts: resolved, regions, why };
}
async function resolveVolumes(mounts, ctx) {
    const { volumes } = await (0,read_volumes/* readVolumes */.mq)(ctx);
    const resolved = mounts.map((mount) => {
        const volume = (0,read_volumes/* volumeNamed */.Ck)(volumes, mount.storage);
        if (volume === undefined)
            throw new Error(`volumes names ${JSON.stringify((0,safe_text/* sanitize */.aj)(mount.storage, 40))}, but no volume has that name (nor that storage_id): make sure of it first with operation volume`);
        if (volume.status !== task_kinds/* VOLUME_KIND */.OT.readyStatus)
            throw new Error(`volume ${volume.id} (${(0,safe_text/* sanitize */.aj)(volume.name, 40)}) is ${(0,safe_text/* sanitize */.aj)(volume.status ?? 'of no status', 20)}, not Active, and only an Active volume can be mounted: make sure of it with operation volume, which waits until it is`);
        return { mount, volume };
    });
    // A volume's region as the list gives it (its tag); '?' for one it gives none, which no task can match.
    const regionOf = (volume) => volume.region ?? '?';
    const regions = [...new Set(resolved.map(({ volume }) => regionOf(volume)))];
    if (regions.length > 1)
        throw new Error(`the volumes to mount are in ${regions.length} regions (${resolved.map(({ volume }) => `${(0,safe_text/* sanitize */.aj)(volume.name, 40)}: ${(0,safe_text/* sanitize */.aj)(regionOf(volume), 60)}`).join(', ')}), but a task runs in one: mount volumes of one region`);
    return resolved.map(({ mount, volume }) => ({
        mount,
        id: volume.id,
        name: volume.name,
        regions: [{ tag: regionOf(volume), name: volume.regionName }]
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
        resolved.push({ mount, id: storage.id, name: storage.name, regions: storage.activeRegions });
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
/** Whether a body's or a task's region (by its name or tag, as a create's resources may give either) is one of them. */
function amongRegions(regions, nameOrTag) {
    return regions.some((r) => r.tag === nameOrTag || r.name === nameOrTag);
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


/***/ })

};
