export const id = 218;
export const ids = [218];
export const modules = {

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

/***/ 7548:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ storageStep)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(629);
/* harmony import */ var _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6289);
/* harmony import */ var _engine_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7289);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(445);




/**
 * The step of a storage flow (volumes, transfers): its work, whose outcome is one call's (its answer the
 * data output); a failure the step's failure, said in one line; an input error thrown, as at planning.
 * What it leaves for the post step, its work records on the ledger as it goes.
 */
function storageStep(settings, work) {
    const plan = { operation: settings.operation, calls: [], wait: undefined };
    return {
        plan,
        cleanup: _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_CLEANUP */ .jR,
        run: async (ctx) => {
            try {
                const done = await work.run(ctx);
                const outcome = (0,_engine_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .callOutcome */ .$K)(done.call, {
                    ...(done.answer === undefined ? {} : { result: done.answer.result, raw: done.answer.raw })
                });
                return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_2__/* .stepResult */ .GR)(plan, ctx, {
                    ...(done.did === undefined ? {} : { parts: [done.did] }),
                    calls: [outcome]
                });
            }
            catch (error) {
                if (error instanceof _basics_input_error_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .d)
                    throw error;
                const failed = error instanceof Error ? error : new Error(String(error));
                return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_2__/* .stepResult */ .GR)(plan, ctx, { calls: [(0,_engine_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .callOutcome */ .$K)(work.failedCall(ctx), { error: failed })] });
            }
        },
        dryRun: work.dryRun
    };
}


/***/ }),

/***/ 2218:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  volumeDeleteFlow: () => (/* binding */ volumeDeleteFlow),
  volumeFlow: () => (/* binding */ volumeFlow),
  volumeListFlow: () => (/* binding */ volumeListFlow)
});

// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./platform/task-kinds.ts
var task_kinds = __webpack_require__(7187);
// EXTERNAL MODULE: ./platform/transfer-data.ts
var transfer_data = __webpack_require__(8100);
// EXTERNAL MODULE: ./platform/volume-data.ts
var volume_data = __webpack_require__(5547);
// EXTERNAL MODULE: ./deploy/engine/storage/choose-volume.ts
var choose_volume = __webpack_require__(3817);
// EXTERNAL MODULE: ./deploy/engine/retries.ts
var retries = __webpack_require__(8079);
// EXTERNAL MODULE: ./deploy/engine/storage/delete-volume.ts + 2 modules
var delete_volume = __webpack_require__(9774);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./platform/retry.ts
var retry = __webpack_require__(1460);
// EXTERNAL MODULE: ./deploy/engine/poll.ts
var poll = __webpack_require__(6656);
// EXTERNAL MODULE: ./deploy/engine/storage/read-volumes.ts
var read_volumes = __webpack_require__(7393);
;// CONCATENATED MODULE: ./deploy/storage/await-volume.ts






/**
 * What a volume's list entry says of a wait for it to be Active: there, on its way (Creating, Expanding),
 * or never (Exception, with its error_code and error_message; Deleting; or no list shows it).
 */
function judgeVolume(volume, id) {
    if (volume === undefined)
        return { state: 'failed', why: `volume ${id} is no longer listed: it was deleted` };
    const status = volume.status ?? '';
    if (task_kinds/* VOLUME_KIND */.OT.statuses.running.includes(status))
        return { state: 'active' };
    if (task_kinds/* VOLUME_KIND */.OT.statuses.failure.includes(status)) {
        const code = volume.errorCode === undefined ? '' : ` ${(0,safe_text/* sanitize */.aj)(volume.errorCode, 60)}`;
        const said = volume.errorMessage === undefined ? 'no error_message' : (0,safe_text/* sanitize */.aj)(volume.errorMessage, 300);
        return { state: 'failed', why: `volume ${id} is Exception (error${code}: ${said})` };
    }
    if ((0,task_kinds/* leaving */.dv)(task_kinds/* VOLUME_KIND */.OT).includes(status))
        return { state: 'failed', why: `volume ${id} is ${(0,safe_text/* sanitize */.aj)(status, 20)}: it is being deleted` };
    // Creating, Expanding, or a status the reference does not list: not ready, and said so.
    return { state: 'waiting' };
}
/**
 * Waits until volume `id` is Active, reading it from the list at a fixed rate, 10 s apart at the least
 * (the reference asks no faster), or poll_interval when longer; within the step's deadline. `doing` says
 * what it waits through (`being made`, `growing`). A read that fails poll_error_budget times in a row ends
 * the wait.
 */
async function awaitActive(id, doing, ctx) {
    const started = ctx.runtime.now();
    let last = 'not read yet';
    const polled = await (0,poll/* pollUntil */.g3)(async () => {
        let read;
        try {
            read = await (0,read_volumes/* readVolume */.jg)(id, ctx);
        }
        catch (error) {
            return { kind: 'unread', why: (0,failures/* describeError */.Uc)(error) };
        }
        const judged = judgeVolume(read.volume, id);
        if (judged.state === 'failed')
            return { kind: 'done', value: { failed: judged.why } };
        if (judged.state === 'active' && read.volume !== undefined)
            return { kind: 'done', value: { volume: read.volume, answer: read.answer } };
        const status = (0,safe_text/* sanitize */.aj)(read.volume?.status ?? 'no status', 20);
        const said = status !== last;
        last = status;
        if (said)
            ctx.log(`volume ${id}: ${status} (${doing}, ${(0,units/* formatDuration */.a3)(ctx.runtime.now() - started)}; ${(0,poll/* timeLeft */.f$)(ctx.deadline, ctx.runtime.now())})`);
        return { kind: 'waiting', progress: `volume ${id}: ${status}`, said };
    }, {
        deadline: ctx.deadline,
        schedule: {
            kind: 'fixed_rate',
            intervalMs: Math.max(task_kinds/* VOLUME_KIND */.OT.leastPollMs, ctx.settings.wait.intervalMs)
        },
        failureBudget: ctx.settings.wait.pollErrorBudget,
        lastLookAtDeadline: true,
        heartbeat: {
            everyMs: poll/* HEARTBEAT_MS */.m,
            line: () => `volume ${id}: still ${last} after ${(0,units/* formatDuration */.a3)(ctx.runtime.now() - started)} (${(0,poll/* timeLeft */.f$)(ctx.deadline, ctx.runtime.now())})`
        }
    }, { ...ctx.runtime, log: ctx.log });
    if (polled.kind === 'done')
        return 'failed' in polled.value
            ? { kind: 'failed', why: polled.value.failed }
            : { kind: 'active', ...polled.value };
    if (polled.kind === 'unread')
        return { kind: 'failed', why: `volume ${id} could not be read: ${polled.why}` };
    return {
        kind: polled.kind,
        why: `volume ${id} was still ${last} ${polled.kind === 'cancelled' ? 'when the step was cancelled' : `after ${(0,units/* formatDuration */.a3)(ctx.runtime.now() - started)}, at the end of wait_timeout`}`
    };
}

// EXTERNAL MODULE: ./deploy/engine/storage/volume-ledger.ts
var volume_ledger = __webpack_require__(5503);
;// CONCATENATED MODULE: ./deploy/storage/ensure-volume.ts











/**
 * Makes sure the volume the volume input names exists, Active, with size at least, in region and of
 * storage_class when they are named: found by name (or id) across the list's pages; else made from the
 * cheapest configuration that can hold it (see chooseVolumeConfig); grown when it holds less, never
 * shrunk; each time waited on until Active. A volume in another region or of another class, or in
 * Exception, fails the step, saying why. A volume the step
 * makes is on the ledger for the post step to delete when volume_cleanup is delete: by name from before
 * its create is sent (which the post step only reports: a name proves nothing), by id once its own
 * create's answer gives it. One found by name after a create that went unanswered is used and kept.
 */
async function ensureVolume(ctx) {
    const started = ctx.runtime.now();
    const { volume: wanted, sizeBytes } = ctx.settings.storage;
    if (wanted === undefined)
        throw new Error('unreachable: a volume step without volume');
    const { volumes } = await (0,read_volumes/* readVolumes */.mq)(ctx);
    const found = (0,read_volumes/* volumeNamed */.Ck)(volumes, wanted);
    const report = (fields) => ({
        ...fields,
        elapsedMs: ctx.runtime.now() - started
    });
    if (found === undefined) {
        if (sizeBytes === undefined)
            throw new Error(`no volume is named ${JSON.stringify((0,safe_text/* sanitize */.aj)(wanted, 40))}, and size is empty: set size (GiB) to create it, or volume to the name of one that exists`);
        const made = await createVolume(wanted, sizeBytes, ctx);
        return report({ ...made, grownFrom: undefined });
    }
    ctx.log(`volume: found ${(0,read_volumes/* describeVolume */.yH)(found)}`);
    const elsewhere = notAsAsked(found, ctx);
    if (elsewhere !== undefined)
        throw new Error(elsewhere);
    const ready = await activeVolume(found, 'settling', ctx);
    const total = ready.volume.totalBytes ?? 0;
    if (sizeBytes === undefined || sizeBytes <= total) {
        if (sizeBytes !== undefined && sizeBytes < total)
            ctx.log(`volume ${found.id}: holds ${(0,choose_volume/* gib */.$l)(total)}, more than size ${(0,choose_volume/* gib */.$l)(sizeBytes)}; a volume is never shrunk`);
        return report({ ...ready, created: false, adopted: false, grownFrom: undefined });
    }
    const grown = await growVolume(ready.volume, sizeBytes, ctx);
    return report({ ...grown, created: false, adopted: false, grownFrom: total });
}
/**
 * Why a volume found by name is not the one asked for: in another region than region names, or of another
 * storage class than storage_class names (a volume can change neither); undefined when it is.
 */
function notAsAsked(found, ctx) {
    const { region, storageClass } = ctx.settings.storage;
    const which = `volume ${found.id} (${(0,safe_text/* sanitize */.aj)(found.name, 40)})`;
    if (region !== undefined && !(0,choose_volume/* inStorageRegion */.fg)(found, region))
        return `${which} is in region ${(0,safe_text/* sanitize */.aj)(found.region ?? 'unknown', 60)} (${(0,safe_text/* sanitize */.aj)(found.regionName ?? 'no name', 60)}), not ${(0,safe_text/* sanitize */.aj)(region, 60)}: a volume cannot move; set region to ${(0,safe_text/* sanitize */.aj)(found.region ?? 'its region', 60)}, or volume to another name`;
    if (storageClass !== undefined && !(0,choose_volume/* ofStorageClass */.z)(found, storageClass))
        return `${which} is of storage class ${(0,safe_text/* sanitize */.aj)(found.storageClass ?? 'unknown', 60)} (${(0,safe_text/* sanitize */.aj)(found.storageClassName ?? 'no name', 60)}), not ${(0,safe_text/* sanitize */.aj)(storageClass, 60)}: a volume cannot change its class; set storage_class to ${(0,safe_text/* sanitize */.aj)(found.storageClass ?? 'its class', 60)}, or volume to another name`;
    return undefined;
}
/** The volume, Active: as it is, or once what it is going through (Creating, Expanding) is over. */
async function activeVolume(volume, doing, ctx) {
    const settled = await awaitActive(volume.id, doing, ctx);
    if (settled.kind === 'active')
        return settled;
    throw new Error(failedWait(settled.why, volume));
}
/** Why a wait for a volume failed, with what to do about it. */
function failedWait(why, volume) {
    return `${why}: see it with operation volume_list; delete it with operation volume_delete (confirm: ${volume.id}) when it is of no use`;
}
/**
 * Grows an Active volume to `bytes` (POST expand, harmless to repeat, so retried while a failure may
 * pass), then waits until it is Active again: the list, not the answer, says it grew.
 */
async function growVolume(volume, bytes, ctx) {
    ctx.log(`volume ${volume.id}: growing from ${(0,choose_volume/* gib */.$l)(volume.totalBytes)} to ${(0,choose_volume/* gib */.$l)(bytes)}`);
    await (0,retries/* retried */.s)(`volume ${volume.id}: expand`, ctx.retries, () => ctx.send((0,calls/* volumeExpandCall */.Xc)(ctx.settings, volume.id, bytes)));
    const grown = await activeVolume(volume, 'growing', ctx);
    if ((grown.volume.totalBytes ?? 0) < bytes)
        throw new Error(`volume ${volume.id} is Active again but holds ${(0,choose_volume/* gib */.$l)(grown.volume.totalBytes)}, not the ${(0,choose_volume/* gib */.$l)(bytes)} asked: the platform did not grow it; try again, or look at it in the console`);
    return grown;
}
/**
 * Makes a volume: chooses its configuration, sends the create (again only when no attempt was sent: a
 * create is not idempotent, and one answered with an error may still land), then waits until it is
 * Active. When the create's answer says nothing sure (an error after it was sent, or no storage_id), the
 * list says whether a volume of the name is there; the step uses it, but it is no proof that this step
 * made it (another run may have, at the same moment), so it leaves the ledger: no cleanup deletes it.
 */
async function createVolume(name, bytes, ctx) {
    const { result } = await (0,retries/* retried */.s)('volume: configurations', ctx.retries, () => ctx.send((0,calls/* volumeConfigsCall */.AW)(ctx.settings)));
    const { region, storageClass } = ctx.settings.storage;
    const choice = (0,choose_volume/* chooseVolumeConfig */.CS)((0,volume_data/* volumeConfigsOf */.hp)(result.data), { bytes, region, storageClass });
    if (choice.chosen === undefined)
        throw new Error(`cannot create volume ${JSON.stringify(name)}: ${choice.why}`);
    const config = choice.chosen;
    ctx.log(`volume: creating ${JSON.stringify((0,safe_text/* sanitize */.aj)(name, 40))} of ${(0,choose_volume/* gib */.$l)(bytes)} from configuration ${config.id} (${(0,safe_text/* sanitize */.aj)(config.name ?? '', 40)}, ${(0,safe_text/* sanitize */.aj)(config.storageClass ?? '', 40)} in ${(0,safe_text/* sanitize */.aj)(config.region ?? '', 60)}, ${(0,safe_text/* sanitize */.aj)(config.displayUnitPrice ?? '?', 20)} yuan per GB a month)`);
    (0,volume_ledger/* leaveVolume */.k)(ctx, { name, id: undefined });
    const { id, proven } = await sendCreate(name, config.id, bytes, ctx);
    if (proven)
        (0,volume_ledger/* leaveVolume */.k)(ctx, { name, id });
    else
        (0,volume_ledger/* settleVolume */.E)(ctx, { name, id: undefined });
    ctx.log(`volume: storage_id ${id}`);
    const made = await awaitActive(id, 'being made', ctx);
    if (made.kind !== 'active')
        throw new Error(failedWait(made.why, { id }));
    ctx.log(`volume ${id}: Active after ${(0,units/* formatDuration */.a3)(ctx.runtime.now() - ctx.startedAt)}`);
    return { ...made, created: proven, adopted: !proven };
}
/**
 * Sends a create, and answers the new volume's id: from the answer (`proven`: this step made it), else
 * the id of the volume the list shows by that name (not proven: a name is no proof of who made it).
 */
async function sendCreate(name, configId, bytes, ctx) {
    const call = (0,calls/* volumeCreateCall */.Zd)(ctx.settings, { name, configId, totalBytes: bytes });
    let failure;
    try {
        const { result } = await (0,retry/* withRetries */.LH)('volume: create', () => ctx.send(call), (error) => ((0,failures/* neverSent */.vQ)(error) ? (0,failures/* retryIfTransient */.or)(error, ctx.retries.deps.now()) : { retry: false }), ctx.retries.policy, ctx.retries.deps);
        const { id } = (0,volume_data/* volumeWriteOf */.jy)(result.data);
        if (id !== undefined)
            return { id, proven: true };
    }
    catch (error) {
        if ((0,failures/* neverSent */.vQ)(error) || ctx.runtime.cancelled())
            throw error;
        failure = error;
    }
    // The answer says nothing sure: the list does.
    const landed = (0,read_volumes/* volumeNamed */.Ck)((await (0,read_volumes/* readVolumes */.mq)(ctx)).volumes, name);
    const unsure = failure === undefined ? 'was answered without a storage_id' : `failed (${(0,failures/* describeError */.Uc)(failure)})`;
    // One of the name another run made meanwhile is no volume of this step's region or class.
    const elsewhere = landed === undefined ? undefined : notAsAsked(landed, ctx);
    if (elsewhere !== undefined)
        throw new Error(`the create of volume ${JSON.stringify((0,safe_text/* sanitize */.aj)(name, 40))} ${unsure}, and the list shows another of that name: ${elsewhere}`);
    if (landed !== undefined) {
        ctx.log(`volume: the create ${unsure}, but the list shows volume ${landed.id} of that name: using it; nothing proves this step made it (another run may have), so it is kept when the job ends${ctx.settings.storage.volumeCleanup === 'delete' ? ' (volume_cleanup: delete deletes only a volume whose own create answered its storage_id)' : ''}`);
        return { id: landed.id, proven: false };
    }
    throw new Error(`the create of volume ${JSON.stringify((0,safe_text/* sanitize */.aj)(name, 40))} ${unsure}, and the list shows no volume of that name: it was not sent again, since one sent may still land; run the step again, which finds it by name if it did`);
}

// EXTERNAL MODULE: ./deploy/storage/storage-step.ts
var storage_step = __webpack_require__(7548);
// EXTERNAL MODULE: ./deploy/engine/calls/step-result.ts
var step_result = __webpack_require__(5939);
;// CONCATENATED MODULE: ./deploy/storage/volume.ts













/**
 * operation volume: makes sure a cluster storage volume exists by name, with size at least, in region
 * when one is named (see ensureVolume); the step ends once it is Active. volume_cleanup: delete deletes
 * a volume it made when the job ends (the post step); keep (the default) leaves it for the next run.
 */
const volumeFlow = {
    plan: (settings) => {
        const name = volumeInput(settings);
        if (settings.wait.mode === 'false')
            throw new input_error/* InputError */.d('wait is false, but volume ends once the volume is Active (a volume that is not cannot be mounted or copied to): remove wait');
        return volumeStep(settings, {
            run: async (ctx) => {
                const report = await ensureVolume(ctx);
                const { volume, created, adopted, grownFrom } = report;
                ctx.log(`volume ${volume.id}: Active, ${(0,choose_volume/* gib */.$l)(volume.totalBytes)}${didLine(report, ctx.settings)}`);
                return {
                    answer: report.answer,
                    call: (0,calls/* volumeListCall */.bU)(ctx.settings, { ids: [volume.id] }),
                    did: (0,step_result/* reportEntry */.jr)('volume', { one: { volume, created, adopted, grownFrom, deleted: false } })
                };
            },
            dryRun: (ctx) => dryRunVolume(name, ctx)
        });
    }
};
/**
 * operation volume_list: every volume, across the list's pages (of region and of storage_class, when
 * given), and what they come to per 10 minutes (the summary), in the platform's own units.
 */
const volumeListFlow = {
    plan: (settings) => volumeStep(settings, {
        run: async (ctx) => {
            const { region, storageClass } = ctx.settings.storage;
            // An entry that reads as no volume is kept when nothing filters, as the list gave it.
            const asked = (volume) => (region === undefined && storageClass === undefined) ||
                (volume !== undefined &&
                    (region === undefined || (0,choose_volume/* inStorageRegion */.fg)(volume, region)) &&
                    (storageClass === undefined || (0,choose_volume/* ofStorageClass */.z)(volume, storageClass)));
            const list = await (0,read_volumes/* readVolumes */.mq)(ctx);
            const volumes = list.volumes.filter(asked);
            const summary = await (0,retries/* retried */.s)('volume: summary', ctx.retries, () => ctx.send((0,calls/* volumeSummaryCall */.l6)(ctx.settings)));
            const entries = list.entries.filter((_, i) => asked(list.volumes[i]));
            const answer = {
                ...list.first,
                result: { ...list.first.result, data: { count: entries.length, results: entries } }
            };
            for (const volume of volumes)
                ctx.log(`volume ${(0,read_volumes/* describeVolume */.yH)(volume)}`);
            return {
                answer,
                call: (0,calls/* volumeListCall */.bU)(ctx.settings),
                did: (0,step_result/* reportEntry */.jr)('volume', {
                    listed: { volumes, summary: (0,volume_data/* volumeSummaryOf */.Ub)(summary.result.data) }
                })
            };
        },
        dryRun: (ctx) => {
            ctx.log('dry run: volume_list only reads; nothing was sent');
            return Promise.resolve(undefined);
        }
    })
};
/**
 * operation volume_delete: deletes the volume `volume` names, and waits until no list shows it. A
 * deletion cannot be undone, so confirm must name the volume again (its name or its storage_id); a volume
 * still mounted, or with a transfer under way, is refused unless force is set (which also skips the
 * platform's own checks).
 */
const volumeDeleteFlow = {
    plan: (settings) => {
        const name = volumeInput(settings);
        const { confirm } = settings.storage;
        if (confirm === undefined)
            throw new input_error/* InputError */.d(`confirm is empty, but volume_delete deletes volume ${JSON.stringify((0,safe_text/* sanitize */.aj)(name, 40))} and its data for good: set confirm to the volume's name or storage_id`);
        return volumeStep(settings, {
            run: async (ctx) => {
                const volume = await volumeToDelete(name, confirm, ctx);
                const outcome = await (0,delete_volume/* deleteVolume */.A)(volume, ctx.settings.storage.force, ctx);
                if (outcome.kind === 'failed')
                    throw new Error(`volume ${volume.id} was not deleted: ${(0,safe_text/* sanitize */.aj)(outcome.why, 300)}`);
                ctx.log(`volume ${volume.id} (${(0,safe_text/* sanitize */.aj)(volume.name, 40)}): deleted, and no list shows it`);
                return {
                    call: (0,calls/* volumeListCall */.bU)(ctx.settings, { ids: [volume.id] }),
                    did: (0,step_result/* reportEntry */.jr)('volume', {
                        one: { volume, created: false, adopted: false, grownFrom: undefined, deleted: true }
                    })
                };
            },
            dryRun: async (ctx) => {
                try {
                    const volume = await volumeToDelete(name, confirm, ctx);
                    ctx.log(`dry run: volume_delete would delete volume ${(0,read_volumes/* describeVolume */.yH)(volume)}; only reads were sent`);
                }
                catch (error) {
                    if (error instanceof input_error/* InputError */.d)
                        throw error;
                    ctx.log(`dry run: volume_delete would fail: ${error instanceof Error ? error.message : String(error)}`);
                }
                return undefined;
            }
        });
    }
};
/** What the step did to the volume, for its last line: made (and deleted at the end), adopted, grown. */
function didLine(report, settings) {
    const deletes = settings.storage.volumeCleanup === 'delete';
    if (report.created)
        return `, made by this step${deletes ? '; deleted when the job ends (volume_cleanup: delete)' : ''}`;
    if (report.adopted)
        return `, found by name after this step's create went unanswered${deletes ? '; kept when the job ends: nothing proves this step made it' : ''}`;
    return report.grownFrom === undefined ? '' : `, grown from ${(0,choose_volume/* gib */.$l)(report.grownFrom)}`;
}
/** The volume input, which volume and volume_delete need. */
function volumeInput(settings) {
    const name = settings.storage.volume;
    if (name === undefined)
        throw new input_error/* InputError */.d(`volume is empty, but ${settings.operation} needs it: set volume to the volume's name (or storage_id), such as datasets`);
    return name;
}
/**
 * The volume volume_delete is to delete: the one `name` names, confirmed by `confirm` (its name or id),
 * and mounted nowhere unless force is set. Refused otherwise, with nothing sent but reads.
 */
async function volumeToDelete(name, confirm, ctx) {
    const volume = (0,read_volumes/* volumeNamed */.Ck)((await (0,read_volumes/* readVolumes */.mq)(ctx)).volumes, name);
    if (volume === undefined)
        throw new Error(`no volume is named ${JSON.stringify((0,safe_text/* sanitize */.aj)(name, 40))} (nor has that storage_id): nothing was deleted; see the volumes with operation volume_list`);
    if (confirm !== volume.name && confirm !== volume.id)
        throw new Error(`confirm ${JSON.stringify((0,safe_text/* sanitize */.aj)(confirm, 40))} names neither volume ${volume.id} nor its name ${JSON.stringify((0,safe_text/* sanitize */.aj)(volume.name, 40))}: nothing was deleted; set confirm to one of them`);
    if (ctx.settings.storage.force)
        return volume;
    if (volume.mounts > 0)
        throw new Error(`volume ${volume.id} is mounted in ${volume.mounts} task(s): nothing was deleted; stop them first, or set force: true to delete it anyway`);
    const { result } = await (0,retries/* retried */.s)('transfer: list', ctx.retries, () => ctx.send((0,calls/* transferListCall */.ef)(ctx.settings, { storageId: volume.id, statuses: (0,task_kinds/* underWay */.Ki)(task_kinds/* TRANSFER_KIND */.bl) })));
    const busy = (0,transfer_data/* transfersOf */.G5)(result.data).map((t) => t.id);
    if (busy.length > 0)
        throw new Error(`volume ${volume.id} has ${busy.length} transfer(s) under way (${busy.join(', ')}): nothing was deleted; stop them first (operation transfer_stop), or set force: true to delete it anyway`);
    return volume;
}
/** A volume flow's step: a failure is said against the volume list. */
function volumeStep(settings, work) {
    return (0,storage_step/* storageStep */.i)(settings, { ...work, failedCall: (ctx) => (0,calls/* volumeListCall */.bU)(ctx.settings) });
}
/** What volume would do, from the list and the configurations (reads only). */
async function dryRunVolume(name, ctx) {
    const { sizeBytes, region, storageClass } = ctx.settings.storage;
    const found = (0,read_volumes/* volumeNamed */.Ck)((await (0,read_volumes/* readVolumes */.mq)(ctx)).volumes, name);
    if (found !== undefined) {
        const grows = sizeBytes !== undefined && sizeBytes > (found.totalBytes ?? 0);
        const otherClass = storageClass !== undefined && !(0,choose_volume/* ofStorageClass */.z)(found, storageClass);
        ctx.log(`dry run: volume ${(0,read_volumes/* describeVolume */.yH)(found)} exists${grows ? `; volume would grow it to ${(0,choose_volume/* gib */.$l)(sizeBytes)}` : ''}${region !== undefined && !(0,choose_volume/* inStorageRegion */.fg)(found, region) ? `; it is not in region ${(0,safe_text/* sanitize */.aj)(region, 60)}, so volume would fail` : ''}${otherClass ? `; it is not of storage class ${(0,safe_text/* sanitize */.aj)(storageClass, 60)}, so volume would fail` : ''}; only reads were sent`);
        return undefined;
    }
    if (sizeBytes === undefined) {
        ctx.log(`dry run: no volume is named ${JSON.stringify((0,safe_text/* sanitize */.aj)(name, 40))}, and size is empty, so volume would fail`);
        return undefined;
    }
    const { result } = await (0,retries/* retried */.s)('volume: configurations', ctx.retries, () => ctx.send((0,calls/* volumeConfigsCall */.AW)(ctx.settings)));
    const choice = (0,choose_volume/* chooseVolumeConfig */.CS)((0,volume_data/* volumeConfigsOf */.hp)(result.data), { bytes: sizeBytes, region, storageClass });
    ctx.log(choice.chosen === undefined
        ? `dry run: volume could not create ${JSON.stringify((0,safe_text/* sanitize */.aj)(name, 40))}: ${choice.why}; only reads were sent`
        : `dry run: volume would create ${JSON.stringify((0,safe_text/* sanitize */.aj)(name, 40))} of ${(0,choose_volume/* gib */.$l)(sizeBytes)} from configuration ${choice.chosen.id} in ${(0,safe_text/* sanitize */.aj)(choice.chosen.region ?? '', 60)}; only reads were sent`);
    return undefined;
}


/***/ })

};
