export const id = 492;
export const ids = [492];
export const modules = {

/***/ 2729:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  n: () => (/* binding */ awaitServing)
});

// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./deploy/engine/tasks/read-task.ts
var read_task = __webpack_require__(8242);
// EXTERNAL MODULE: ./deploy/engine/wait/check-health.ts
var check_health = __webpack_require__(9538);
// EXTERNAL MODULE: ./basics/records.ts
var records = __webpack_require__(2212);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./deploy/engine/tasks/failing-nodes.ts
var failing_nodes = __webpack_require__(1792);
// EXTERNAL MODULE: ./platform/node-data.ts
var node_data = __webpack_require__(965);
// EXTERNAL MODULE: ./platform/task-kinds.ts
var task_kinds = __webpack_require__(7187);
// EXTERNAL MODULE: ./deploy/engine/wait/criteria.ts
var criteria = __webpack_require__(6166);
;// CONCATENATED MODULE: ./deploy/engine/change/judge-serving.ts







/** A running deployment's statuses: it serves in its ready success status, and fails in a ready failure. */
const { success: SERVING, failure: NOT_SERVING } = task_kinds/* TASK_KINDS */.Eb.deployment.waitDefaults.ready;
/**
 * Judges one look at a task (its detail's snapshot, and its node list) against the target. A new node
 * (one not in `before`) that is Failed or crash-looping fails the change at once; a task that is no
 * longer Running fails it too. Decided from fields only.
 */
function judgeServing(snapshot, nodes, target, rules) {
    if (snapshot.status !== undefined && NOT_SERVING.includes(snapshot.status))
        return { kind: 'failed', why: `is ${(0,safe_text/* sanitize */.aj)(snapshot.status, 20)}` };
    // A node that no longer runs (one Failed too: see nodeEnded) is no live node; a new one that failed
    // fails the change all the same.
    const live = nodes.filter((node) => !(0,node_data/* nodeEnded */.f2)(node));
    const fresh = nodes.filter((node) => !target.before.has((0,read_task/* pointOf */.qk)(node)));
    const [failing] = (0,failing_nodes/* failingNodes */.EJ)({ results: fresh }, rules.maxRestarts);
    if (failing !== undefined)
        return { kind: 'failed', why: `has a new node that will not come up: ${(0,failing_nodes/* describeNodeProblem */.BD)(failing)}` };
    const running = snapshot.nodes?.running;
    const onImage = live.filter((node) => runsImages(node, target.images));
    const left = live.filter((node) => target.gone?.has((0,read_task/* pointOf */.qk)(node)) === true);
    const facts = [
        `runing_points ${running ?? 'unknown'} of ${target.points}`,
        ...(target.images === undefined
            ? []
            : [`${onImage.length} of ${live.length} live nodes on the new images`]),
        ...(live.length === target.points ? [] : [`${live.length} live nodes`]),
        ...(left.length === 0 ? [] : [`${left.length} to go`])
    ];
    const urlsReady = !rules.waitForUrls || snapshot.urls.every((url) => (0,criteria/* isPublishable */.oB)(url));
    const serving = snapshot.status !== undefined &&
        SERVING.includes(snapshot.status) &&
        running === target.points &&
        live.length === target.points &&
        onImage.length === live.length &&
        left.length === 0 &&
        urlsReady;
    if (serving)
        return { kind: 'serving' };
    return {
        kind: 'waiting',
        progress: `${facts.join(', ')}${urlsReady ? '' : ', waiting for the service URLs'}`
    };
}
/**
 * Whether a node's containers run the images: a container that names its service must run that
 * service's image; one that does not (the reference allows null) must run one of the images.
 */
function runsImages(node, images) {
    if (images === undefined)
        return true;
    const containers = (Array.isArray(node.containers) ? node.containers : []).filter(records/* isRecord */.u);
    const wanted = new Set(images.values());
    return (containers.length > 0 &&
        containers.every((container) => {
            const image = typeof container.image === 'string' ? container.image : '';
            const service = typeof container.service_name === 'string' ? container.service_name : undefined;
            const own = service === undefined ? undefined : images.get(service);
            return own === undefined ? wanted.has(image) : own === image;
        }));
}

// EXTERNAL MODULE: ./deploy/engine/tasks/publishable-urls.ts
var publishable_urls = __webpack_require__(8258);
// EXTERNAL MODULE: ./deploy/engine/poll.ts
var poll = __webpack_require__(6656);
// EXTERNAL MODULE: ./deploy/engine/wait/task-watch.ts + 1 modules
var task_watch = __webpack_require__(9477);
;// CONCATENATED MODULE: ./deploy/engine/change/await-serving.ts








/** Why a wait for a change ended when the job was cancelled. */
const CANCELLED = 'was still changing when the job was cancelled';
/**
 * Waits until a running task serves the target (see judgeServing): each round of the poll loop (one per
 * poll interval, at a fixed rate, never past `deadline`) reads its detail and its node list, and says how
 * far it is when that changes. Serving, its app is checked as health_path says (unless `health` is false).
 * Failed reads in a row up to poll_error_budget are waited through.
 */
async function awaitServing(taskId, target, ctx, limits) {
    const { runtime, settings } = ctx;
    const started = runtime.now();
    const last = {};
    const end = (kind, why, extra = {}) => ({
        kind,
        why,
        data: last.data,
        raw: last.raw,
        snapshot: last.snapshot,
        urls: [],
        healthy: undefined,
        ...extra
    });
    const polled = await (0,poll/* pollUntil */.g3)(async () => {
        const verdict = await look(taskId, target, ctx, last);
        const at = (0,units/* formatDuration */.a3)(runtime.now() - started);
        if (verdict.kind === 'serving') {
            ctx.log(`${limits.label}: task ${taskId} serves after ${at}`);
            return { kind: 'done', value: { serving: true } };
        }
        if (verdict.kind === 'failed')
            return { kind: 'done', value: { serving: false, why: verdict.why } };
        const line = `${limits.label}: task ${taskId}: ${verdict.progress} after ${at} (${(0,task_watch/* standing */.JA)(last.snapshot, runtime.now(), limits.deadline)})`;
        const changed = verdict.progress !== last.said;
        if (changed)
            ctx.log(line);
        last.said = verdict.progress;
        if (verdict.kind === 'unread')
            return { kind: 'unread', why: verdict.progress, said: changed };
        return changed ? { kind: 'waiting', said: true } : { kind: 'waiting', progress: line };
    }, {
        deadline: limits.deadline,
        schedule: { kind: 'fixed_rate', intervalMs: settings.wait.intervalMs },
        failureBudget: settings.wait.pollErrorBudget,
        lastLookAtDeadline: true,
        heartbeat: {
            everyMs: poll/* HEARTBEAT_MS */.m,
            line: () => `${limits.label}: task ${taskId}: still ${last.said ?? 'not read'} after ${(0,units/* formatDuration */.a3)(runtime.now() - started)} (${(0,task_watch/* standing */.JA)(last.snapshot, runtime.now(), limits.deadline)})`
        }
    }, { ...runtime, log: ctx.log });
    if (polled.kind === 'done')
        return polled.value.serving ? finish(last, ctx, limits, end) : end('failed', polled.value.why);
    if (polled.kind === 'cancelled')
        return end('cancelled', CANCELLED);
    if (polled.kind === 'unread')
        return end('failed', `${polled.why}, ${settings.wait.pollErrorBudget} times in a row`);
    return end('timed_out', `did not serve in time: ${last.said ?? 'not read'}`);
}
/** One look: the detail and the node list, judged; a failed read is unread (poll_error_budget counts them). */
async function look(taskId, target, ctx, last) {
    try {
        const detail = await (0,read_task/* readDetailOnce */.fJ)(taskId, ctx);
        const nodes = await (0,read_task/* readNodeList */.XV)(taskId, ctx);
        last.data = detail.data;
        last.raw = detail.raw;
        last.snapshot = detail.snapshot;
        return judgeServing(detail.snapshot, nodes, target, ctx.settings.wait);
    }
    catch (error) {
        return { kind: 'unread', progress: `could not be read (${(0,failures/* describeError */.Uc)(error)})` };
    }
}
/** Serving: its URLs, and its app checked as health_path says (within the same deadline). */
async function finish(last, ctx, limits, end) {
    const { settings, runtime } = ctx;
    const urls = (0,publishable_urls/* publishableUrls */.ON)(last.snapshot?.urls ?? [], () => undefined);
    const path = limits.health === false ? undefined : settings.health.path;
    if (path === undefined)
        return end('serving', undefined, { urls });
    const health = urls.length === 0
        ? { healthy: false, why: `has no service URL to check ${path} at` }
        : await (0,check_health/* checkHealth */.Ns)(urls, { ...settings.health, path }, { deadline: limits.deadline, intervalMs: settings.wait.intervalMs, startedAt: runtime.now() }, (0,check_health/* healthDeps */.$$)(ctx));
    if (health.healthy)
        return end('serving', undefined, { urls, healthy: true });
    const why = urls.length === 0 ? health.why : `is not healthy: ${health.why}`;
    return end('failed', why, { urls, healthy: false });
}


/***/ }),

/***/ 4471:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   I: () => (/* binding */ rollbackOf),
/* harmony export */   R: () => (/* binding */ restoreConfiguration)
/* harmony export */ });
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6539);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9644);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2212);
/* harmony import */ var _tasks_configuration_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(6426);
/* harmony import */ var _change_await_serving_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2729);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8998);
/* harmony import */ var _tasks_read_task_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8242);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2317);








/** The rollback of an update, as the step leaves it for the post step: the task and its configuration. */
function rollbackOf(taskId, configuration) {
    return { taskId, configuration: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_0__/* .toCompactJson */ .ZJ)(configuration) };
}
/**
 * Sets a task back to the configuration it had (posted whole, as an update is), and waits until that
 * serves again: every live node on its images, runing_points at its points, within `deadline`. The nodes
 * the failed update brought up may crash-loop: only nodes that come up from now on fail the rollback.
 */
async function restoreConfiguration(rollback, ctx, deadline) {
    const configuration = (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_0__/* .parseJson */ .qF)(rollback.configuration);
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(configuration))
        throw new Error('the saved configuration is not a JSON object');
    const { taskId } = rollback;
    const before = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_2__/* .readTask */ .gv)(taskId, ctx);
    ctx.log(`rollback: posting back the configuration task ${taskId} had`);
    const posted = await postBack(taskId, configuration, ctx);
    if (posted.kind === 'failed') {
        const { data, raw, snapshot } = before;
        const why = `was not set back (${posted.why})`;
        return { kind: 'failed', why, data, raw, snapshot, urls: [], healthy: undefined };
    }
    return (0,_change_await_serving_js__WEBPACK_IMPORTED_MODULE_3__/* .awaitServing */ .n)(taskId, {
        points: (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_4__/* .countOf */ .pq)(configuration.points) ?? before.snapshot.nodes?.total ?? 1,
        images: (0,_tasks_configuration_js__WEBPACK_IMPORTED_MODULE_5__/* .imagesOf */ .IC)(configuration),
        before: (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_2__/* .pointIds */ .tc)(before.nodes)
    }, ctx, 
    // What served before is set back: its nodes and images say so; the app's health is not the question.
    { deadline, label: 'rollback', health: false });
}
/**
 * Posts the configuration back until the task's detail holds it (see sendUntilShown): an accepted post is
 * not taken until the detail says so.
 */
async function postBack(taskId, configuration, ctx) {
    const shows = async () => (await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_2__/* .holdsConfiguration */ .Ld)(taskId, configuration, ctx))
        ? { shown: true, state: 'it holds the configuration it had' }
        : { shown: false, state: 'it does not hold the configuration it had' };
    const call = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_6__/* .updateCall */ .QJ)(ctx.settings, taskId, configuration);
    return (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_7__/* .sendUntilShown */ .ep)(call, `rollback: update task ${taskId}`, shows, ctx);
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
