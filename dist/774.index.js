export const id = 774;
export const ids = [774];
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

/***/ 9774:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  A: () => (/* binding */ deleteVolume),
  P: () => (/* binding */ deleteVolumeLeft)
});

// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./platform/task-kinds.ts
var task_kinds = __webpack_require__(7187);
// EXTERNAL MODULE: ./deploy/engine/ask-again.ts
var ask_again = __webpack_require__(2317);
// EXTERNAL MODULE: ./deploy/engine/storage/find-left.ts
var find_left = __webpack_require__(7340);
// EXTERNAL MODULE: ./deploy/engine/poll.ts
var poll = __webpack_require__(6656);
// EXTERNAL MODULE: ./deploy/engine/storage/read-volumes.ts
var read_volumes = __webpack_require__(7393);
// EXTERNAL MODULE: ./deploy/engine/storage/volume-ledger.ts
var volume_ledger = __webpack_require__(5503);
;// CONCATENATED MODULE: ./deploy/engine/storage/volume-mounts.ts

/** Splits a volume's mounts between the tasks of `own` (by id) and the rest (see VolumeMounts). */
function volumeMounts(volume, own) {
    const isOwn = (instance) => instance.id !== undefined && own.has(instance.id);
    return {
        own: volume.instances.filter(isOwn),
        others: volume.instances.filter((instance) => !isOwn(instance)),
        unnamed: Math.max(0, volume.mounts - volume.instances.length)
    };
}
/** Whether anything but the tasks of `own` mounts the volume: another's task, or one the list does not name. */
function mountedByOthers(mounts) {
    return mounts.others.length > 0 || mounts.unnamed > 0;
}
/**
 * The mounts for a line of the log: `task 2001 (reader, deployment, at /data)`, each, and `1 more the
 * list does not name`; server text sanitized.
 */
function describeMounts(instances, unnamed = 0) {
    const named = instances.map((instance) => {
        const what = [
            instance.name === undefined ? undefined : JSON.stringify((0,safe_text/* sanitize */.aj)(instance.name, 60)),
            instance.type === undefined ? undefined : (0,safe_text/* sanitize */.aj)(instance.type, 20),
            instance.path === undefined ? undefined : `at ${(0,safe_text/* sanitize */.aj)(instance.path, 100)}`
        ].filter((part) => part !== undefined);
        const id = instance.id ?? 'of no id';
        return `task ${id}${what.length === 0 ? '' : ` (${what.join(', ')})`}`;
    });
    if (unnamed > 0)
        named.push(`${unnamed} more the list does not name`);
    return named.join(', ');
}

;// CONCATENATED MODULE: ./deploy/engine/storage/await-unmounted.ts






/** Reads the volume's mounts once (see MountReading); `own`: the tasks the post step stopped. */
async function readMounts(id, own, ctx) {
    let volume;
    try {
        ({ volume } = await (0,read_volumes/* readVolume */.jg)(id, ctx));
    }
    catch (error) {
        return { kind: 'unread', why: `the list could not be read (${(0,failures/* describeError */.Uc)(error)})` };
    }
    if (volume === undefined || task_kinds/* VOLUME_KIND */.OT.statuses.ended.includes(volume.status ?? ''))
        return { kind: 'gone' };
    const mounts = volumeMounts(volume, own);
    if (mountedByOthers(mounts))
        return { kind: 'others', by: describeMounts(mounts.others, mounts.unnamed) };
    return mounts.own.length === 0 ? { kind: 'free' } : { kind: 'own', by: describeMounts(mounts.own) };
}
/**
 * Reads the volume's mounts before the post step deletes it, and answers whether it may: a volume
 * another's task mounts (or one the list counts without naming it) is never deleted under it; while only
 * the tasks of `own` (those the post step stopped) still mount it, as a stop may take a while to show in
 * the list, the list is read again, 10 s apart at the least, until they do not. A read that fails is made
 * again likewise. All within cleanup_timeout (and the step's deadline); at its end, what was last read.
 */
async function awaitUnmounted(id, own, ctx) {
    const started = ctx.runtime.now();
    // What the last round read, when it was not the end: kept in a record, which the rounds change.
    const seen = {
        last: { kind: 'unread', why: 'the list was not read' }
    };
    const ended = await (0,poll/* pollUntil */.g3)(async () => {
        const reading = await readMounts(id, own, ctx);
        if (reading.kind !== 'own' && reading.kind !== 'unread')
            return { kind: 'done', value: reading };
        seen.last = reading;
        return reading.kind === 'unread'
            ? { kind: 'unread', why: reading.why }
            : {
                kind: 'waiting',
                progress: `volume ${id}: still mounted in ${reading.by}, which this step stopped`
            };
    }, {
        deadline: Math.min(ctx.deadline, started + ctx.settings.cleanupTimeoutMs),
        schedule: { kind: 'fixed_rate', intervalMs: task_kinds/* VOLUME_KIND */.OT.leastPollMs },
        failureBudget: Infinity,
        lastLookAtDeadline: true
    }, { ...ctx.runtime, log: ctx.log });
    if (ended.kind === 'done')
        return ended.value;
    const triedMs = ctx.runtime.now() - started;
    const after = `after ${(0,units/* formatDuration */.a3)(triedMs)}${ended.kind === 'cancelled' ? ', when the step was cancelled' : ''}`;
    const { last } = seen;
    return last.kind === 'own'
        ? { kind: 'own', by: `${last.by} (${after})`, triedMs }
        : { kind: 'unread', why: `${last.why} (${after})`, triedMs };
}

;// CONCATENATED MODULE: ./deploy/engine/storage/delete-volume.ts











/**
 * Deletes a volume, and answers once no list shows it: the delete is sent until the list shows it taken
 * (Deleting, or gone), then the list is read, 10 s apart at the least, until the volume is gone; all
 * within cleanup_timeout (and the step's deadline). `force` is sent only as given: it skips the
 * platform's checks (a transfer under way), and only the user may ask for it.
 */
async function deleteVolume(volume, force, ctx) {
    const { id } = volume;
    const started = ctx.runtime.now();
    const taken = await (0,ask_again/* sendUntilShown */.ep)((0,calls/* volumeDeleteCall */.wD)(ctx.settings, id, force), `volume ${id}: delete`, async (refused) => {
        const status = await statusNow(id, ctx);
        if (status.gone || status.leaving)
            return { shown: true, state: status.said };
        // The platform keeps a volume a task mounts unless forced (SKILL.md): asking again changes nothing.
        if (refused !== undefined && !force && status.mounts > 0)
            return {
                shown: false,
                state: `it is ${status.said}, mounted in ${status.mounts} task(s)`,
                never: 'and the platform deletes no volume a task mounts: stop them first'
            };
        return { shown: false, state: `it is ${status.said}` };
    }, ctx);
    if (taken.kind === 'failed' || taken.state === 'gone')
        return taken;
    const deadline = Math.min(ctx.deadline, started + ctx.settings.cleanupTimeoutMs);
    let last = taken.state;
    const gone = await (0,poll/* pollUntil */.g3)(async () => {
        const status = await statusNow(id, ctx);
        last = status.said;
        return status.gone
            ? { kind: 'done', value: true }
            : { kind: 'waiting', progress: `volume ${id}: ${last}` };
    }, {
        deadline,
        schedule: { kind: 'fixed_rate', intervalMs: task_kinds/* VOLUME_KIND */.OT.leastPollMs },
        failureBudget: Infinity,
        lastLookAtDeadline: true
    }, { ...ctx.runtime, log: ctx.log });
    const triedMs = ctx.runtime.now() - started;
    return gone.kind === 'done'
        ? { kind: 'shown', accepted: taken.accepted, state: 'gone' }
        : {
            kind: 'failed',
            why: `the list still shows it ${(0,safe_text/* sanitize */.aj)(last, 100)} after ${(0,units/* formatDuration */.a3)(triedMs)}${gone.kind === 'cancelled' ? ', when the step was cancelled' : ''}`,
            triedMs
        };
}
/**
 * What the list says of a volume now: gone (no list shows it, or Deleted), leaving (Deleting), or else;
 * and how many tasks it is mounted in.
 */
async function statusNow(id, ctx) {
    try {
        const { volume } = await (0,read_volumes/* readVolume */.jg)(id, ctx);
        const status = volume?.status;
        if (volume === undefined || task_kinds/* VOLUME_KIND */.OT.statuses.ended.includes(status ?? ''))
            return { gone: true, leaving: true, said: 'gone', mounts: 0 };
        return {
            gone: false,
            leaving: (0,task_kinds/* leaving */.dv)(task_kinds/* VOLUME_KIND */.OT).includes(status ?? ''),
            said: (0,safe_text/* sanitize */.aj)(status ?? 'no status', 20),
            mounts: volume.mounts
        };
    }
    catch (error) {
        return { gone: false, leaving: false, said: `unread (${(0,failures/* describeError */.Uc)(error)})`, mounts: 0 };
    }
}
/**
 * Deletes a volume the step made for the run (the post step's, volume_cleanup: delete): by its id, which
 * its own create's answer gave, and nothing else, once nothing but the tasks of `own` (those the post
 * step stopped) mounts it (see awaitUnmounted). One a task or job the step did not stop mounts is kept,
 * never deleted under it: another run may have found it by name and use it. One the ledger holds by name
 * only (its create's answer never came: the step was cancelled while it was in flight) is never deleted:
 * a name is no proof of who made the volume, as another run may have made one of that name; it is looked
 * for only to say whether one is there, kept. It leaves the ledger once gone, or once so said. Never
 * forced: the platform's checks stand.
 */
async function deleteVolumeLeft(left, ctx, own = new Set()) {
    const { id } = left;
    if (id === undefined)
        return keepNamedOnly(left, ctx);
    const check = await awaitUnmounted(id, own, ctx);
    switch (check.kind) {
        case 'free': {
            const outcome = await deleteVolume({ id, name: left.name }, false, ctx);
            if (outcome.kind === 'shown') {
                (0,volume_ledger/* settleVolume */.E)(ctx, left);
                return { outcome, kept: undefined };
            }
            // Refused: a task that mounts it now (since the read) is another's, and keeps it.
            const now = await readMounts(id, own, ctx);
            return now.kind === 'others'
                ? keptFor(now.by, { name: left.name, id }, ctx)
                : { outcome, kept: undefined };
        }
        case 'gone':
            (0,volume_ledger/* settleVolume */.E)(ctx, left);
            return {
                outcome: { kind: 'shown', accepted: false, state: 'gone already: no list shows it' },
                kept: undefined
            };
        case 'others':
            return keptFor(check.by, { name: left.name, id }, ctx);
        case 'own':
            return {
                outcome: {
                    kind: 'failed',
                    why: `not deleted: still mounted in ${check.by}, which this step stopped, and the platform deletes no volume a task mounts`,
                    triedMs: check.triedMs
                },
                kept: undefined
            };
        case 'unread':
            return {
                outcome: {
                    kind: 'failed',
                    why: `not deleted, as whether a task mounts it is not known: ${check.why}`,
                    triedMs: check.triedMs
                },
                kept: undefined
            };
    }
}
/** A volume of the ledger a task or job the step did not stop mounts (`by`): kept, said, off the ledger. */
function keptFor(by, left, ctx) {
    (0,volume_ledger/* settleVolume */.E)(ctx, left);
    return {
        outcome: {
            kind: 'shown',
            accepted: false,
            state: `kept: mounted in ${by}, which this step did not stop`
        },
        kept: left.id,
        mountedBy: by
    };
}
/**
 * A volume the ledger holds by name only: never deleted; every volume of the name the list shows is kept,
 * and said. It leaves the ledger.
 */
async function keepNamedOnly(left, ctx) {
    const found = await (0,find_left/* findLeftByName */.B)(left.name, 'volumes', async () => {
        // Every volume of the name (two runs may each have made one): each kept.
        const named = (await (0,read_volumes/* readVolumes */.mq)(ctx)).volumes.filter((v) => v.name === left.name);
        return named.length === 0 ? undefined : { id: named.map((v) => v.id).join(', ') };
    }, ctx);
    (0,volume_ledger/* settleVolume */.E)(ctx, left);
    if ('failed' in found)
        return {
            outcome: {
                kind: 'shown',
                accepted: false,
                state: `not deleted: its create's answer never came, and ${found.failed.kind === 'failed' ? found.failed.why : found.failed.state}; a volume of the name, if there is one, is kept, as nothing proves this step made it`
            },
            kept: undefined
        };
    return found.id === undefined
        ? {
            outcome: { kind: 'shown', accepted: false, state: 'never made (no volume of the name is listed)' },
            kept: undefined
        }
        : {
            outcome: {
                kind: 'shown',
                accepted: false,
                state: `volume ${found.id} of the name is listed, but this step's create never answered, so nothing proves this step made it (another run may have): kept`
            },
            kept: found.id
        };
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

/***/ 5503:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   E: () => (/* binding */ settleVolume),
/* harmony export */   k: () => (/* binding */ leaveVolume)
/* harmony export */ });
/**
 * Records a volume the step is making for the post step to delete, when volume_cleanup is delete (with
 * keep, what the step makes is the user's to keep): by name before its create is sent, by id once known.
 */
function leaveVolume(ctx, left) {
    if (ctx.settings.storage.volumeCleanup !== 'delete')
        return;
    const others = ctx.cleanup.state().volumes.filter((v) => v.name !== left.name);
    ctx.cleanup.update({ volumes: [...others, left] });
}
/** Takes a volume off the ledger: it is gone. */
function settleVolume(ctx, left) {
    ctx.cleanup.update({
        volumes: ctx.cleanup
            .state()
            .volumes.filter((v) => v.name !== left.name || (left.id !== undefined && v.id !== left.id))
    });
}


/***/ })

};
