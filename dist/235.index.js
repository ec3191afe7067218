export const id = 235;
export const ids = [235];
export const modules = {

/***/ 2662:
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
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2116);





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


/***/ }),

/***/ 914:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $l: () => (/* binding */ gib),
/* harmony export */   CS: () => (/* binding */ chooseVolumeConfig)
/* harmony export */ });
/* unused harmony export BYTES_PER_GIB */
/** A volume's size as a person gives it (GiB) and as the wire takes it (bytes): GiB \u00d7 1,073,741,824. */
const BYTES_PER_GIB = 1024 ** 3;
/**
 * Where a new volume is made: among the configurations that can be chosen (Available) with room for it
 * (what is left of each, as pre-create says), in the region named when one is, the cheapest by its
 * displayed price per GB and month (its id breaking a tie, so that the choice is the same each run). None:
 * why, naming what there is.
 */
function chooseVolumeConfig(configs, wish) {
    const inRegion = configs.filter((config) => wish.region === undefined || config.region === wish.region);
    const fitting = inRegion.filter((config) => config.available && (config.freeBytes ?? 0) >= wish.bytes);
    const [chosen] = [...fitting].sort((a, b) => price(a) - price(b) || Number(BigInt(a.id) - BigInt(b.id)));
    if (chosen !== undefined)
        return { chosen };
    const size = gib(wish.bytes);
    const where = wish.region === undefined ? '' : ` in region ${wish.region}`;
    if (inRegion.length === 0) {
        const regions = [
            ...new Set(configs.flatMap((config) => (config.region === undefined ? [] : [config.region])))
        ];
        return {
            chosen: undefined,
            why: `no storage configuration${where}: pre-create lists ${regions.length === 0 ? 'none' : `those of ${regions.join(', ')}`}`
        };
    }
    const free = inRegion
        .filter((config) => config.available)
        .map((config) => `${config.id} (${gib(config.freeBytes)} left)`);
    return {
        chosen: undefined,
        why: `no storage configuration${where} can hold ${size}: ${free.length === 0 ? 'none of them is Available' : `the Available ones are ${free.join(', ')}`}`
    };
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


/***/ }),

/***/ 2736:
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
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2116);
/* harmony import */ var _tasks_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7660);
/* harmony import */ var _choose_volume_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(914);







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
