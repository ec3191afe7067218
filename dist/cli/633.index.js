export const id = 633;
export const ids = [633];
export const modules = {

/***/ 2633:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   finishReplace: () => (/* binding */ finishReplace),
/* harmony export */   replaceFlow: () => (/* binding */ replaceFlow),
/* harmony export */   runReplace: () => (/* binding */ runReplace)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6218);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9644);
/* harmony import */ var _engine_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(7378);
/* harmony import */ var _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6289);
/* harmony import */ var _engine_dry_run_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(60);
/* harmony import */ var _engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(518);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3035);
/* harmony import */ var _engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(5834);
/* harmony import */ var _engine_wait_criteria_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6166);
/* harmony import */ var _engine_tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8258);
/* harmony import */ var _engine_wait_wait_until_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7688);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(445);
/* harmony import */ var _engine_flows_wait_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3186);
/* harmony import */ var _engine_create_create_task_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(7529);















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
            cleanup: { ..._engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_CLEANUP */ .jR, action: 'stop' },
            run: (ctx) => runReplace(plan, ctx),
            dryRun: (ctx) => dryRunReplace(plan, ctx)
        };
    }
};
/**
 * A replace's run: the create and its wait (max_cost counting `besides` too: a preview's older tasks
 * bill while it waits, and the cap stops them with it), then the old generation stopped, or the new task
 * rolled back.
 */
async function runReplace(plan, ctx, besides) {
    const step = await (0,_engine_flows_wait_js__WEBPACK_IMPORTED_MODULE_3__/* .callAndWait */ .fi)(plan, ctx, besides);
    const [created] = step.tasks;
    // What the cap stopped beside the new task (besides.alongside) serves no more.
    const capped = step.replaced.map((task) => task.id);
    const finished = await finishReplace(created, step.calls[0]?.existingIds ?? [], ctx, capped);
    const tasks = finished.created === undefined ? step.tasks : [finished.created, ...step.tasks.slice(1)];
    return {
        ...step,
        tasks,
        replaced: [...step.replaced, ...finished.replaced],
        elapsedMs: ctx.runtime.now() - ctx.startedAt
    };
}
/**
 * The end of a replace, once the new task's wait is over. Ready, the new task takes the place of the old
 * generation: each old task is stopped until its state shows it ended, and the name is searched again
 * until a fresh search finds no older live task. Not ready (failed, timed out, cancelled), the new task is
 * stopped, whatever cleanup says, and the old tasks are left serving: the replace is rolled back.
 */
async function finishReplace(created, oldIds, ctx, cappedIds = []) {
    if (created === undefined)
        return { created, replaced: [] };
    if (created.verdict !== 'reached')
        return { created: await rollBack(created, oldIds, ctx, cappedIds), replaced: [] };
    // One saved change: from here the old generation is the post step's to retire, and the new task is left
    // as cleanup says. At no instant is neither saved.
    ctx.cleanup.update({ action: (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_4__/* .cleanupOf */ .Au)(ctx.settings).action, retire: [...oldIds] });
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
    const ended = (await (0,_engine_wait_wait_until_js__WEBPACK_IMPORTED_MODULE_5__.waitUntil)(done, (0,_engine_wait_criteria_js__WEBPACK_IMPORTED_MODULE_6__/* .criteriaFor */ .X8)('ended', ctx.settings.wait, (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_7__/* .taskKindOf */ .j2)(ctx.settings)), ctx, {
        readAlready: new Set(),
        publish: (0,_engine_tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_8__/* .urlPublisher */ .Cv)(ctx)
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
        live = await (0,_engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_9__/* .searchByName */ .lP)('replace: looking again for the tasks of its name', name, ctx);
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
        const outcome = await (0,_engine_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_11__.cleanUpTask)(id, 'stop', ctx);
        if (outcome.kind === 'failed') {
            return (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_12__/* .taskResult */ .h)(id, {
                verdict: 'error',
                message: `could not be stopped (${outcome.why}); it runs alongside task ${newId}, and the post step tries again`
            });
        }
        ctx.cleanup.settle('retire', id);
        return (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_12__/* .taskResult */ .h)(id);
    }));
}
/** Stops a new task that did not become ready; the old ones keep serving, but those max_cost stopped. */
async function rollBack(created, oldIds, ctx, cappedIds) {
    const left = oldIds.filter((id) => !cappedIds.includes(id));
    const capped = cappedIds.length === 0 ? '' : `; task ${cappedIds.join(', ')} was stopped at max_cost too`;
    const serving = (left.length > 0
        ? `task ${left.join(', ')} keeps serving`
        : oldIds.length === 0
            ? 'no task of its name ran before'
            : 'no task of its name serves') + capped;
    const outcome = await (0,_engine_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_11__.cleanUpTask)(created.id, 'stop', ctx);
    const rollback = outcome.kind === 'failed'
        ? `rolled back: task ${created.id} could not be stopped (${outcome.why}), the post step tries again; ${serving}`
        : `rolled back: task ${created.id} was stopped; ${serving}`;
    ctx.log(`replace: ${rollback}`);
    return { ...created, message: `${created.message ?? created.verdict}; ${rollback}` };
}
/** A replace in a dry run: the create it would send, and the tasks it would stop, read from the task search. */
async function dryRunReplace(plan, ctx) {
    (0,_engine_dry_run_js__WEBPACK_IMPORTED_MODULE_13__/* .printRequests */ .s)(await (0,_engine_create_create_task_js__WEBPACK_IMPORTED_MODULE_14__.placeForDryRun)(plan, ctx), ctx);
    const old = await (0,_engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_9__/* .searchByName */ .lP)('replace: looking for the tasks it replaces', ctx.settings.taskName ?? '', ctx);
    ctx.log(old.length === 0
        ? 'dry run: no task of that name runs, so replace would stop none'
        : `dry run: once the new task is ready, replace would stop task ${old.join(', ')}`);
    ctx.log(`dry run: only ${ctx.settings.capacity === undefined ? 'the task search was' : 'the resource search and the task search were'} sent`);
    return undefined;
}


/***/ })

};
