export const id = 327;
export const ids = [327];
export const modules = {

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
