export const id = 772;
export const ids = [772];
export const modules = {

/***/ 2317:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ep: () => (/* binding */ sendUntilShown),
/* harmony export */   jR: () => (/* binding */ askUntilKnown)
/* harmony export */ });
/* unused harmony export waitToAskAgain */
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2589);
/* harmony import */ var _platform_client_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5619);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3035);
/* harmony import */ var _platform_retry_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1460);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8079);





// The persistence policy of every change whose failure leaves something billing, in one place: send (a
// repeatable request only), then ask again until the task's state shows it, within a deadline.
/**
 * After round `round` of a request whose failure leaves something billing failed or has not shown yet
 * (a stop or pause, a scale's set-back, a rollback, the search for a create's task): waits a backoff
 * before the next round, saying so with `say(delay)`, but never past `deadline` (the stop retries'
 * deadline by default): a backoff that would pass it is cut short, so that the last round is asked at the
 * deadline itself. Answers whether to ask again: false once the deadline has come, or when the wait is
 * cancelled.
 */
async function waitToAskAgain(round, ctx, say, deadline = ctx.stopRetries.policy.deadline) {
    const { deps } = ctx.stopRetries;
    const left = Math.min(deadline, ctx.stopRetries.policy.deadline) - deps.now();
    if (left <= 0)
        return false;
    const delay = Math.min((0,_platform_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .backoffMs */ .jo)(round, deps.random, _platform_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_BACKOFF */ .VU), left);
    ctx.log(say((0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(delay)));
    try {
        await deps.sleep(delay);
        return true;
    }
    catch {
        return false;
    }
}
/**
 * The calls a persistence may send again: a request that is harmless to repeat (see Resend). Any other is
 * sent once; what follows asks the task's state again without sending it again.
 */
const SENT_AGAIN = new Set(['read', 'repeatable']);
/**
 * The persistence policy of every change whose failure leaves something billing (a stop, a pause, a
 * scale's set-back, a rollback's post, a preheat's stop): sends `call`, retried while a failure may pass,
 * then reads whether the task's state shows the change (`shows`, told the refusal if there was one). An
 * answer is never the outcome, accepted or refused (no code's meaning is published, and a platform may
 * accept a request and act late, or not at all): while the state does not show it, the call is sent again
 * after a backoff (when its re-send trait allows; else the state alone is read again), until
 * cleanup_timeout from now (or the context's deadline, if sooner) runs out.
 */
async function sendUntilShown(call, label, shows, ctx) {
    const timeoutMs = ctx.settings.cleanupTimeoutMs;
    const started = ctx.stopRetries.deps.now();
    const deadline = Math.min(ctx.deadline, started + timeoutMs);
    const tried = () => ctx.stopRetries.deps.now() - started;
    const repeatable = SENT_AGAIN.has(call.traits.resend);
    let accepted = false;
    let refused;
    for (let round = 1;; round++) {
        if (round === 1 || repeatable) {
            refused = undefined;
            try {
                await (0,_retries_js__WEBPACK_IMPORTED_MODULE_2__/* .retried */ .s)(label, ctx.stopRetries, () => ctx.send(call));
            }
            catch (error) {
                refused = error ?? new Error('refused');
            }
            // Cancelled: nothing more can be sent; the post step takes over.
            if (refused instanceof _platform_client_js__WEBPACK_IMPORTED_MODULE_3__/* .TransportError */ .wX && refused.reason === 'cancelled')
                return { kind: 'failed', why: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_4__/* .describeError */ .Uc)(refused), triedMs: tried() };
            accepted ||= refused === undefined;
        }
        const showing = await shows(refused);
        if (showing.shown)
            return { kind: 'shown', accepted, state: showing.state };
        const why = refused === undefined
            ? `the platform accepted it, but ${showing.state}`
            : `${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_4__/* .describeError */ .Uc)(refused)}; ${showing.state}`;
        if (showing.never !== undefined)
            return { kind: 'failed', why: `${why}, ${showing.never}`, triedMs: tried() };
        const again = await waitToAskAgain(round, ctx, (delay) => `${label}: ${why}: ${repeatable ? 'asking' : 'looking'} again in ${delay}`, deadline);
        if (!again) {
            // How long it was really asked: until the deadline (cleanup_timeout's, or the step's if sooner).
            const limit = deadline < ctx.deadline ? `, until cleanup_timeout (${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(timeoutMs)})` : '';
            return {
                kind: 'failed',
                why: `${why}; asked for ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(tried())}${limit}`,
                triedMs: tried()
            };
        }
    }
}
/**
 * Asks `ask` again, after a backoff each time, until it answers what it was asked (a search that
 * succeeds, whatever it finds), or the stop retries' deadline would pass: the same policy as a change
 * whose state does not show it yet, for a read whose failure leaves unknown whether something bills (the
 * search for a create's task). `first` is why the read that came before failed; `say` names a wait.
 */
async function askUntilKnown(ask, first, ctx, say) {
    let why = first;
    for (let round = 1;; round++) {
        const failed = why;
        if (!(await waitToAskAgain(round, ctx, (delay) => say(failed, delay))))
            return { known: false, why };
        const answer = await ask();
        if (answer.known)
            return answer;
        why = answer.why;
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

/***/ 7340:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   B: () => (/* binding */ findLeftByName)
/* harmony export */ });
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3035);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2317);


/**
 * What the post step finds of a thing the step made by name only (its create's answer never came): read
 * with `read` (a list by name), asked again after a backoff while it cannot be read, within the stop
 * retries' deadline. Answers its id, none when no such thing is listed (the create did not land), or the
 * failed outcome to report when it could never be read. `what` names the list (`volumes`, `transfers`).
 */
async function findLeftByName(name, what, read, ctx) {
    const started = ctx.runtime.now();
    const lookup = async () => {
        try {
            return { known: true, value: await read() };
        }
        catch (error) {
            return { known: false, why: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_0__/* .describeError */ .Uc)(error) };
        }
    };
    const first = await lookup();
    const looked = first.known
        ? first
        : await (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_1__/* .askUntilKnown */ .jR)(lookup, first.why, ctx, (why, delay) => `${JSON.stringify(name)}: the ${what} could not be read (${why}); reading again in ${delay}`);
    if (!looked.known)
        return {
            failed: {
                kind: 'failed',
                why: `the ${what} could not be read (${looked.why})`,
                triedMs: ctx.runtime.now() - started
            }
        };
    return { id: looked.value?.id };
}


/***/ }),

/***/ 2670:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ findTransfer)
/* harmony export */ });
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7187);
/* harmony import */ var _platform_transfer_data_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8100);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8079);
/* harmony import */ var _tasks_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6961);






/**
 * The transfer a step made by name, when the answer of its create (or of a retry) never gave its id: read
 * from the volume's transfers across every page and in every status, Deleted too (a list without statuses
 * may leave out the ended ones, and one that landed may have ended since). A retry makes a new transfer of
 * the same name and deletes the one it submits again, so the one to follow is the newest not Deleted (see
 * transferNamed). A list whose statuses the platform refuses is read again without them, said in the log.
 * Undefined: no transfer of the name is listed.
 */
async function findTransfer(name, storageId, ctx) {
    const read = (statuses) => (0,_tasks_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__/* .readAllPages */ .s$)('the transfers', (page) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .transferListCall */ .ef)(ctx.settings, { storageId, ...(statuses === undefined ? {} : { statuses }), page }), (call) => (0,_retries_js__WEBPACK_IMPORTED_MODULE_2__/* .retried */ .s)('transfer: list', ctx.retries, () => ctx.send(call)), (item) => _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__/* .TRANSFER_KIND */ .bl.transferOf(item)?.id ?? JSON.stringify(item));
    let list;
    try {
        list = await read(_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__/* .TRANSFER_KIND */ .bl.statuses.known);
    }
    catch (error) {
        if (!(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_4__/* .isRefusal */ .vu)(error))
            throw error;
        ctx.log(`transfer: the list of the volume's transfers in every status was refused (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_4__/* .describeError */ .Uc)(error)}): reading it without statuses, which may leave out those that ended`);
        list = await read(undefined);
    }
    return _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_3__/* .TRANSFER_KIND */ .bl.transferNamed((0,_platform_transfer_data_js__WEBPACK_IMPORTED_MODULE_5__/* .transfersOf */ .G5)({ results: list.results }), name);
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

/***/ 6772:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Oi: () => (/* binding */ transferVolume),
/* harmony export */   cQ: () => (/* binding */ transferBody),
/* harmony export */   kU: () => (/* binding */ runTransferName),
/* harmony export */   uk: () => (/* binding */ completedLine),
/* harmony export */   vv: () => (/* binding */ runTransfer)
/* harmony export */ });
/* unused harmony export judgeTransfer */
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9817);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(2589);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9644);
/* harmony import */ var _platform_retry_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(1460);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7187);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2212);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6539);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(6656);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8079);
/* harmony import */ var _read_volumes_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7393);
/* harmony import */ var _find_transfer_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(2670);
/* harmony import */ var _stop_transfer_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8819);
/* harmony import */ var _transfer_ledger_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5752);
/* harmony import */ var _transfer_lines_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(4738);















/**
 * What a transfer's detail says of a wait for it: completed, failed (Error, Exception: with the
 * platform's error_code and error_message), ended otherwise (Stopped, Deleted, or a status the reference
 * does not list); undefined while it is under way.
 */
function judgeTransfer(transfer, answer) {
    const status = transfer.status ?? '';
    if (_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl.statuses.success.includes(status))
        return { kind: 'completed', transfer, answer };
    if (_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl.statuses.failure.includes(status)) {
        const code = transfer.errorCode === undefined ? '' : ` ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(transfer.errorCode, 60)}`;
        const message = transfer.errorMessage === undefined ? 'no error_message' : (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(transfer.errorMessage, 300);
        return { kind: 'failed', why: `${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(status, 20)} (error${code}: ${message})` };
    }
    if ((0,_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .underWay */ .Ki)(_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl).includes(status))
        return undefined;
    return { kind: 'stopped', why: `it is ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(status || 'of no status', 20)}` };
}
/** The platform's numbers for the overwrite policies. */
const POLICIES = { overwrite: 1, skip: 2, hash: 3 };
/**
 * The volume a transfer copies to or from: the one `volume` names, which must be Active (a transfer into a
 * volume that is still being made is refused by the platform). `copy` names what needs it so, in the error:
 * a transfer, or a copy over the volume's SFTP session.
 */
async function transferVolume(name, ctx, copy = 'a transfer') {
    const volume = (0,_read_volumes_js__WEBPACK_IMPORTED_MODULE_2__/* .volumeNamed */ .Ck)((await (0,_read_volumes_js__WEBPACK_IMPORTED_MODULE_2__/* .readVolumes */ .mq)(ctx)).volumes, name);
    if (volume === undefined)
        throw new Error(`no volume is named ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(name, 40))} (nor has that storage_id): make sure of it first with operation volume`);
    if (!_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .VOLUME_KIND */ .OT.statuses.running.includes(volume.status ?? ''))
        throw new Error(`volume ${(0,_read_volumes_js__WEBPACK_IMPORTED_MODULE_2__/* .describeVolume */ .yH)(volume)} is not Active, and ${copy} needs it Active: make sure of it first with operation volume, which waits until it is`);
    return volume;
}
/**
 * A transfer's name only this run uses (`ed-<base>-<what><time><random>`), by which a create whose answer
 * was lost is found: two runs of one workflow at the same moment must not find each other's.
 */
function runTransferName(base, ctx, what = '') {
    const random = Math.floor(ctx.runtime.random() * 36 ** 4)
        .toString(36)
        .padStart(4, '0');
    return `ed-${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(base, 40)}-${what}${ctx.runtime.now().toString(36)}${random}`;
}
/** What the transfer sends: the inputs, the volume's id, and a name unique to the run (to find it by). */
function transferBody(settings, volume, name) {
    const { direction, supplier, endpoint, bucket, accessKey, secretKey } = settings;
    if (direction === undefined ||
        supplier === undefined ||
        endpoint === undefined ||
        bucket === undefined ||
        accessKey === undefined ||
        secretKey === undefined)
        throw new Error('unreachable: a transfer planned without its inputs');
    return {
        storage_id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_3__/* .exactInteger */ .i7)(volume.id),
        name,
        direction: direction === 's3-to-volume' ? 1 : 2,
        s3_supplier: supplier,
        s3_endpoint: endpoint,
        s3_access_key: accessKey,
        s3_secret_key: secretKey,
        s3_bucket: bucket,
        s3_prefix: settings.prefix,
        nas_path: settings.volumePath,
        overwrite_policy: POLICIES[settings.overwrite],
        ignore_patterns: settings.ignorePatterns
    };
}
/**
 * A transfer between object storage and a volume, to its end: the connection checked first (the s3
 * check's data.pass decides; nothing is made when it does not pass), the transfer made (never sent twice:
 * the list says whether one that failed landed), followed with a progress line at each poll, 10 s apart
 * at the least; one that fails (Error, Exception) submitted again up to transfer_retries times, each a new
 * transfer followed in its turn. One still under way when the wait ends, or whose detail cannot be read,
 * is stopped; when the step is cancelled, the post step stops it (it is on the ledger from before its
 * create is sent).
 */
async function runTransfer(volume, body, ctx) {
    const started = ctx.runtime.now();
    await checkConnection(body, ctx);
    let id = await startTransfer(volume, body, ctx, (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__/* .transferCreateCall */ .AS)(ctx.settings, body), undefined);
    for (let retries = 0;; retries++) {
        const end = await watchTransfer(id, started, ctx);
        if (end.kind === 'completed') {
            (0,_transfer_ledger_js__WEBPACK_IMPORTED_MODULE_5__/* .settleTransfer */ .n)(ctx, body.name);
            return {
                transfer: end.transfer,
                answer: end.answer,
                volume,
                retries,
                elapsedMs: ctx.runtime.now() - started
            };
        }
        if (end.kind === 'failed' && retries < ctx.settings.storage.transfer.retries) {
            ctx.log(`transfer ${id}: ${end.why}; submitting it again (retry ${retries + 1} of ${ctx.settings.storage.transfer.retries})`);
            id = await startTransfer(volume, body, ctx, (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__/* .transferRetryCall */ .Il)(ctx.settings, id, body), id);
            continue;
        }
        throw new Error(await endOf(id, end, retries, body, ctx));
    }
}
/** Why a transfer did not complete, once whatever must be done about it is done (stopped, or left). */
async function endOf(id, end, retries, body, ctx) {
    if (end.kind === 'failed' || end.kind === 'stopped') {
        (0,_transfer_ledger_js__WEBPACK_IMPORTED_MODULE_5__/* .settleTransfer */ .n)(ctx, body.name);
        return end.kind === 'failed'
            ? `transfer ${id} failed: ${end.why}${retries > 0 ? ` (after ${retries} retries, transfer_retries ${ctx.settings.storage.transfer.retries})` : ''}`
            : `transfer ${id} ended before it completed: ${end.why}`;
    }
    if (end.kind === 'cancelled')
        return `the step was cancelled while transfer ${id} was ${end.why}: the post step stops it`;
    const stopped = await (0,_stop_transfer_js__WEBPACK_IMPORTED_MODULE_6__/* .stopTransfer */ .at)(id, ctx);
    if (stopped.kind === 'shown')
        (0,_transfer_ledger_js__WEBPACK_IMPORTED_MODULE_5__/* .settleTransfer */ .n)(ctx, body.name);
    const how = stopped.kind === 'shown'
        ? `it was stopped (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(stopped.state, 20)})`
        : `it could not be stopped (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(stopped.why, 300)}): the post step tries again`;
    return end.kind === 'timed_out'
        ? `transfer ${id} did not complete within wait_timeout (${end.why}); ${how}`
        : `transfer ${id} could not be read (${end.why}); ${how}`;
}
/** Checks that the platform reaches the object storage with these keys: its data.pass decides, not its code. */
async function checkConnection(body, ctx) {
    const { result } = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_7__/* .retried */ .s)('transfer: s3 check', ctx.retries, () => ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__/* .transferCheckCall */ .IY)(ctx.settings, body)));
    const verdict = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_8__/* .isRecord */ .u)(result.data) ? result.data : {};
    if (verdict.pass === true) {
        ctx.log(`transfer: the platform reaches bucket ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(body.s3_bucket, 100)} at ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(body.s3_endpoint, 100)}`);
        return;
    }
    const said = typeof verdict.message === 'string' ? `: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(verdict.message, 300)}` : '';
    throw new Error(`the platform cannot reach bucket ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(body.s3_bucket, 100)} at ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(body.s3_endpoint, 100)} with these keys (the s3 check's pass is ${verdict.pass === false ? 'false' : 'missing'}${said}); nothing was copied: check s3_endpoint, s3_bucket and the keys`);
}
/**
 * Sends a transfer's create (or a retry of transfer `replaces`, which makes a new one of the same name and
 * deletes the old), and answers its id: from the answer, else from the volume's transfers by name, in
 * every status and on every page (see findTransfer), never the one a retry submitted again. Sent again
 * only while no attempt can have been applied; on the ledger by name before, by id after.
 */
async function startTransfer(volume, body, ctx, call, replaces) {
    const what = replaces === undefined ? 'create' : 'retry';
    (0,_transfer_ledger_js__WEBPACK_IMPORTED_MODULE_5__/* .leaveTransfer */ .l)(ctx, { name: body.name, storageId: volume.id, id: undefined });
    let failure;
    let id;
    try {
        const { result } = await (0,_platform_retry_js__WEBPACK_IMPORTED_MODULE_9__/* .withRetries */ .LH)(`transfer: ${what}`, () => ctx.send(call), (error) => ((0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_10__/* .neverSent */ .vQ)(error) ? (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_10__/* .retryIfTransient */ .or)(error, ctx.retries.deps.now()) : { retry: false }), ctx.retries.policy, ctx.retries.deps);
        id = _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl.transferOf(result.data)?.id;
    }
    catch (error) {
        if ((0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_10__/* .neverSent */ .vQ)(error) || ctx.runtime.cancelled())
            throw error;
        failure = error;
    }
    if (id === undefined) {
        // The answer says nothing sure: the volume's transfers do.
        const found = await (0,_find_transfer_js__WEBPACK_IMPORTED_MODULE_11__/* .findTransfer */ .H)(body.name, volume.id, ctx);
        id = found?.id === replaces ? undefined : found?.id;
        const answered = failure === undefined ? 'was answered without an id' : `failed (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_10__/* .describeError */ .Uc)(failure)})`;
        if (id === undefined)
            throw new Error(`the transfer's ${what} ${answered}, and the volume's transfers show ${replaces === undefined ? 'none' : 'no new one'} named ${JSON.stringify(body.name)}: it was not sent again, since one sent may still land; the post step stops it if it does`);
        ctx.log(`transfer: the ${what} ${answered}, but transfer ${id} of that name is listed (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(found?.status ?? 'no status', 20)}): it landed`);
    }
    (0,_transfer_ledger_js__WEBPACK_IMPORTED_MODULE_5__/* .leaveTransfer */ .l)(ctx, { name: body.name, storageId: volume.id, id });
    ctx.log(`transfer_id: ${id} (${body.direction === 1 ? `bucket ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(body.s3_bucket, 100)}/${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(body.s3_prefix, 200)} to volume ${volume.id}:${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(body.nas_path, 200)}` : `volume ${volume.id}:${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(body.nas_path, 200)} to bucket ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(body.s3_bucket, 100)}/${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(body.s3_prefix, 200)}`})`);
    return id;
}
/**
 * Follows a transfer by its detail at a fixed rate, 10 s apart at the least (or poll_interval when
 * longer), within the step's deadline: a progress line each time something moved, the heartbeat when
 * nothing did for a minute; totals of 0 read as still counting, never as done.
 */
async function watchTransfer(id, started, ctx) {
    let last;
    const elapsed = () => ctx.runtime.now() - started;
    const polled = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_12__/* .pollUntil */ .g3)(async () => {
        let answer;
        try {
            answer = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_7__/* .retried */ .s)(`transfer ${id}`, ctx.retries, () => ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__/* .transferDetailCall */ .ro)(ctx.settings, id)));
        }
        catch (error) {
            return { kind: 'unread', why: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_10__/* .describeError */ .Uc)(error) };
        }
        const transfer = _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl.transferOf(answer.result.data);
        if (transfer === undefined)
            return { kind: 'unread', why: 'its detail carries no transfer' };
        const line = (0,_transfer_lines_js__WEBPACK_IMPORTED_MODULE_13__/* .progressLine */ .oz)(transfer, elapsed());
        const said = (0,_transfer_lines_js__WEBPACK_IMPORTED_MODULE_13__/* .moved */ .aW)(last, transfer);
        if (said)
            ctx.log(`${line} (${(0,_poll_js__WEBPACK_IMPORTED_MODULE_12__/* .timeLeft */ .f$)(ctx.deadline, ctx.runtime.now())})`);
        last = transfer;
        const ended = judgeTransfer(transfer, answer);
        if (ended !== undefined)
            return { kind: 'done', value: ended };
        return { kind: 'waiting', progress: line, said };
    }, {
        deadline: ctx.deadline,
        schedule: {
            kind: 'fixed_rate',
            intervalMs: Math.max(_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl.leastPollMs, ctx.settings.wait.intervalMs)
        },
        failureBudget: ctx.settings.wait.pollErrorBudget,
        lastLookAtDeadline: true,
        heartbeat: {
            everyMs: _poll_js__WEBPACK_IMPORTED_MODULE_12__/* .HEARTBEAT_MS */ .m,
            line: () => `${last === undefined ? `transfer ${id}: not read yet` : (0,_transfer_lines_js__WEBPACK_IMPORTED_MODULE_13__/* .progressLine */ .oz)(last, elapsed())}: nothing moved in the last minute (${(0,_poll_js__WEBPACK_IMPORTED_MODULE_12__/* .timeLeft */ .f$)(ctx.deadline, ctx.runtime.now())})`
        }
    }, { ...ctx.runtime, log: ctx.log });
    if (polled.kind === 'done')
        return polled.value;
    if (polled.kind === 'unread')
        return { kind: 'unread', why: polled.why };
    return {
        kind: polled.kind,
        why: `${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(last?.status ?? 'not read yet', 20)} after ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_14__/* .formatDuration */ .a3)(elapsed())}`
    };
}
/** What the log says of a transfer that completed: what it copied, how fast, and what it left as it was. */
function completedLine(report, overwrite) {
    const { transfer, elapsedMs } = report;
    const files = transfer.filesDone ?? 0;
    const bytes = transfer.bytesDone ?? 0;
    const rate = elapsedMs > 0 ? (0,_transfer_lines_js__WEBPACK_IMPORTED_MODULE_13__/* .rateOf */ .MK)((bytes * 1000) / elapsedMs) : (0,_transfer_lines_js__WEBPACK_IMPORTED_MODULE_13__/* .rateOf */ .MK)(0);
    const skipped = overwrite === 'overwrite'
        ? 'every file copied again (overwrite_policy overwrite)'
        : `files already there ${overwrite === 'hash' ? 'with the same content' : 'by name'} were not copied again (overwrite_policy ${overwrite})`;
    return files === 0
        ? `transfer ${transfer.id}: Completed, nothing new to copy: ${skipped}; ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_14__/* .formatDuration */ .a3)(elapsedMs)}`
        : `transfer ${transfer.id}: Completed, copied ${files} files (${(0,_transfer_lines_js__WEBPACK_IMPORTED_MODULE_13__/* .gibOf */ .wh)(bytes)}) in ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_14__/* .formatDuration */ .a3)(elapsedMs)}, ${rate} on average; ${skipped}`;
}


/***/ }),

/***/ 8819:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Nd: () => (/* binding */ stopTransferLeft),
/* harmony export */   at: () => (/* binding */ stopTransfer),
/* harmony export */   i3: () => (/* binding */ readTransfer)
/* harmony export */ });
/* unused harmony export ended */
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9817);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7187);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2317);
/* harmony import */ var _find_left_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7340);
/* harmony import */ var _find_transfer_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2670);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8079);
/* harmony import */ var _transfer_ledger_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5752);








/** A transfer's detail now; undefined when it cannot be read. */
async function readTransfer(id, ctx) {
    const { result } = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .s)(`transfer ${id}`, ctx.retries, () => ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .transferDetailCall */ .ro)(ctx.settings, id)));
    return _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__/* .TRANSFER_KIND */ .bl.transferOf(result.data);
}
/** Whether a transfer's status says it copies no more: it completed, failed, or was stopped or deleted. */
function ended(transfer) {
    return transfer !== undefined && !(0,_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__/* .underWay */ .Ki)(_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__/* .TRANSFER_KIND */ .bl).includes(transfer.status ?? '');
}
/**
 * Stops a transfer until its detail says it copies no more (see sendUntilShown): a Running one by its
 * stop; a queued one (Queuing, Pending), which the platform cannot stop, by its delete, which ends any.
 * An accepted request is not done until the detail shows it; one that had ended shows it without one.
 */
async function stopTransfer(id, ctx) {
    let now;
    try {
        now = await readTransfer(id, ctx);
    }
    catch {
        now = undefined;
    }
    if (ended(now))
        return { kind: 'shown', accepted: false, state: (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(now?.status ?? '', 20) };
    const queued = now !== undefined && _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__/* .TRANSFER_KIND */ .bl.changes.stop?.appliesTo.includes(now.status ?? '') !== true;
    const call = queued ? (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .transferDeleteCall */ .L$)(ctx.settings, id) : (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .transferStopCall */ .wO)(ctx.settings, id);
    return (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_4__/* .sendUntilShown */ .ep)(call, `transfer ${id}: ${queued ? 'delete (queued)' : 'stop'}`, async () => {
        const after = await readTransfer(id, ctx).catch(() => undefined);
        const status = (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(after?.status ?? 'unread', 20);
        return ended(after)
            ? { shown: true, state: status }
            : { shown: false, state: `its status is ${status}` };
    }, ctx);
}
/**
 * Stops a transfer the step left under way (the post step's): by its id, or found by its name among its
 * volume's transfers when its create's (or a retry's) answer never came: in every status and on every
 * page, the newest not Deleted (a retry keeps the name, and deletes the one it submits again; see
 * findTransfer). None of the name: the create did not land. It leaves the ledger once it copies no more.
 */
async function stopTransferLeft(left, ctx) {
    let { id } = left;
    if (id === undefined) {
        const found = await (0,_find_left_js__WEBPACK_IMPORTED_MODULE_5__/* .findLeftByName */ .B)(left.name, 'transfers', () => (0,_find_transfer_js__WEBPACK_IMPORTED_MODULE_6__/* .findTransfer */ .H)(left.name, left.storageId, ctx), ctx);
        if ('failed' in found)
            return found.failed;
        if (found.id === undefined) {
            (0,_transfer_ledger_js__WEBPACK_IMPORTED_MODULE_7__/* .settleTransfer */ .n)(ctx, left.name);
            return { kind: 'shown', accepted: false, state: 'never made (no transfer of the name is listed)' };
        }
        id = found.id;
    }
    const outcome = await stopTransfer(id, ctx);
    if (outcome.kind === 'shown')
        (0,_transfer_ledger_js__WEBPACK_IMPORTED_MODULE_7__/* .settleTransfer */ .n)(ctx, left.name);
    return outcome;
}


/***/ }),

/***/ 5752:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ leaveTransfer),
/* harmony export */   n: () => (/* binding */ settleTransfer)
/* harmony export */ });
/**
 * Records a transfer the step started for the post step to stop, should the step end before it does: by
 * name before its create is sent, by id once known (a retry's new id replaces the old one's).
 */
function leaveTransfer(ctx, left) {
    const others = ctx.cleanup.state().transfers.filter((t) => t.name !== left.name);
    ctx.cleanup.update({ transfers: [...others, left] });
}
/** Takes a transfer off the ledger: it has ended (completed, failed, stopped). */
function settleTransfer(ctx, name) {
    ctx.cleanup.update({ transfers: ctx.cleanup.state().transfers.filter((t) => t.name !== name) });
}


/***/ }),

/***/ 4738:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   MK: () => (/* binding */ rateOf),
/* harmony export */   aW: () => (/* binding */ moved),
/* harmony export */   oz: () => (/* binding */ progressLine),
/* harmony export */   wh: () => (/* binding */ gibOf)
/* harmony export */ });
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9817);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2589);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7187);
/* harmony import */ var _platform_transfer_data_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8100);




const GIB = 1024 ** 3;
const MIB = 1024 ** 2;
/** Bytes as GiB to the hundredth: "1.95 GiB", "0 GiB". */
function gibOf(bytes) {
    return `${bytes === undefined || bytes === 0 ? '0' : (bytes / GIB).toFixed(2)} GiB`;
}
/** A rate in bytes a second, as MiB/s to the tenth. */
function rateOf(bytesPerSecond) {
    return `${(bytesPerSecond / MIB).toFixed(1)} MiB/s`;
}
/**
 * One line of a transfer's progress, from its detail: its status; while it copies, files and GiB done of
 * all, the percent, the rate and the time it expects to need; while its totals are 0, that it is still
 * counting (never that it is done); and how long it has run.
 *
 * `transfer 501: Running, 15/100 files, 0.49/9.77 GiB (5%), 5.0 MiB/s, 1m35s left, 40s elapsed`
 */
function progressLine(transfer, elapsedMs) {
    const status = (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(transfer.status ?? 'no status', 20);
    const elapsed = `${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(elapsedMs)} elapsed`;
    const head = `transfer ${transfer.id}: ${status}`;
    if (transfer.filesTotal === undefined && transfer.bytesTotal === undefined) {
        const done = transfer.filesDone ?? 0;
        return _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_2__/* .TRANSFER_KIND */ .bl.statuses.running.includes(status)
            ? `${head}, counting what to copy (${done} files, ${gibOf(transfer.bytesDone)} so far), ${elapsed}`
            : `${head}, ${elapsed}`;
    }
    const percent = (0,_platform_transfer_data_js__WEBPACK_IMPORTED_MODULE_3__/* .transferPercent */ .xz)(transfer);
    const parts = [
        `${transfer.filesDone ?? 0}/${transfer.filesTotal ?? '?'} files`,
        `${gibOf(transfer.bytesDone).replace(' GiB', '')}/${transfer.bytesTotal === undefined ? '? GiB' : gibOf(transfer.bytesTotal)}${percent === undefined ? '' : ` (${Math.floor(percent)}%)`}`,
        ...(transfer.bytesPerSecond === undefined ? [] : [rateOf(transfer.bytesPerSecond)]),
        ...(transfer.secondsLeft === undefined ? [] : [`${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(transfer.secondsLeft * 1000)} left`]),
        elapsed
    ];
    return `${head}, ${parts.join(', ')}`;
}
/** What moved between two reads of a transfer: its status, files or bytes (else the heartbeat speaks). */
function moved(before, now) {
    return (before === undefined ||
        before.status !== now.status ||
        before.filesDone !== now.filesDone ||
        before.bytesDone !== now.bytesDone ||
        before.filesTotal !== now.filesTotal ||
        before.bytesTotal !== now.bytesTotal);
}


/***/ })

};
