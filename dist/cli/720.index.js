export const id = 720;
export const ids = [720,38];
export const modules = {

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
/* harmony import */ var _wait_wait_until_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7657);
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

/***/ 3820:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Y: () => (/* binding */ containerServices),
/* harmony export */   _: () => (/* binding */ serviceNames)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2212);
/* harmony import */ var _platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(965);


/** service_id -> service_name, from the task detail's services[]. */
function serviceNames(taskData) {
    const services = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(taskData) && Array.isArray(taskData.services) ? taskData.services : [];
    return new Map(services.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u).flatMap((s) => {
        const id = (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(s.service_id);
        return id === undefined ? [] : [[id, (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(s.service_name) ?? id]];
    }));
}
/**
 * The services whose logs a node has, by service_id: its containers name their service (the platform's
 * node list carries no service_id), which the task's services[] map to an id; a container that names no
 * service (the reference allows null) leaves every service of the task to read.
 */
function containerServices(node, services) {
    const byName = new Map([...services].map(([id, name]) => [name, id]));
    const containers = (Array.isArray(node.containers) ? node.containers : []).filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u);
    const ids = containers.map((c) => (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(c.service_id) ?? byName.get((0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(c.service_name) ?? ''));
    if (ids.length === 0 || ids.some((id) => id === undefined))
        return new Map(services);
    return new Map(ids.map((id) => [id, services.get(id) ?? id]));
}


/***/ }),

/***/ 9828:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z: () => (/* binding */ DIAGNOSTICS),
/* harmony export */   h: () => (/* binding */ diagnose)
/* harmony export */ });
/* harmony import */ var _basics_concurrency_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5833);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2212);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9817);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9644);
/* harmony import */ var _tasks_read_task_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4273);
/* harmony import */ var _tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(7659);
/* harmony import */ var _platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(965);
/* harmony import */ var _tasks_node_services_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3820);









/** Events per node shown: the last ones. */
const MAX_EVENTS = 10;
/** What a failed wait reads: the nodes that do not run, at most 3, their events and logs. */
const DIAGNOSTICS = { nodes: 'stuck', maxNodes: 3, events: true, logs: true };
const MAX_LINE = 500;
/**
 * Reads what a failed or timed-out wait leaves to explain it: the task's node list, and for each node that
 * does not run (at most three) its last events and the last `logLines` lines of each service's log (none
 * when 0). Every read that fails is noted and the rest go on; everything from the server is made safe text.
 */
async function diagnose(taskId, taskData, ctx, scope = DIAGNOSTICS) {
    const { settings } = ctx;
    let nodes;
    try {
        nodes = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_0__/* .readNodeList */ .XV)(taskId, ctx);
    }
    catch (error) {
        return {
            taskId,
            nodes: [],
            moreNodes: 0,
            notRunningNodes: 0,
            runningNodes: 0,
            unread: [`the node list: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .Uc)(error)}`]
        };
    }
    const stuck = nodes.filter((node) => !(0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__/* .nodeRunning */ .oL)(node) || (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_3__/* .failingNode */ .dP)({ results: [node] }, 1) !== undefined);
    const chosen = scope.nodes === 'all'
        ? nodes
        : scope.nodes === 'failed'
            ? nodes.filter((node) => (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_3__/* .failingNode */ .dP)({ results: [node] }, 1) !== undefined)
            : stuck;
    const shown = await (0,_basics_concurrency_js__WEBPACK_IMPORTED_MODULE_4__/* .mapLimit */ .s)(chosen.slice(0, scope.maxNodes), settings.concurrency, (node) => nodeDiagnostics(taskId, node, (0,_tasks_node_services_js__WEBPACK_IMPORTED_MODULE_5__/* .serviceNames */ ._)(taskData), ctx, scope));
    return {
        taskId,
        nodes: shown,
        moreNodes: Math.max(0, chosen.length - scope.maxNodes),
        notRunningNodes: stuck.length,
        runningNodes: nodes.length - stuck.length,
        ...(scope.nodes === 'failed' ? { failedNodes: chosen.length } : {}),
        unread: []
    };
}
async function nodeDiagnostics(taskId, node, services, ctx, scope) {
    const pointId = (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(node.point_id) ?? 'unknown';
    const unread = [];
    const problem = (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_3__/* .failingNode */ .dP)({ results: [node] }, 1);
    let events = [];
    if (scope.events) {
        try {
            const { result } = await ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_6__/* .nodeEventsCall */ .eW)(ctx.settings, pointId));
            const list = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u)(result.data) && Array.isArray(result.data.events) ? result.data.events : [];
            events = list
                .filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_7__/* .isRecord */ .u)
                .slice(-MAX_EVENTS)
                .map((event) => ({
                time: (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(event.event_time) ?? '',
                type: (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(event.type) ?? '',
                reason: (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(event.reason) ?? '',
                message: (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_8__/* .sanitize */ .aj)(typeof event.message === 'string' ? event.message : '', MAX_LINE),
                service: (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(event.service) ?? ''
            }));
        }
        catch (error) {
            unread.push(`events: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .Uc)(error)}`);
        }
    }
    const logs = [];
    if (scope.logs && ctx.settings.wait.logLines > 0) {
        for (const [serviceId, service] of (0,_tasks_node_services_js__WEBPACK_IMPORTED_MODULE_5__/* .containerServices */ .Y)(node, services)) {
            try {
                const raw = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_0__/* .readNodeLog */ .pc)(taskId, pointId, serviceId, ctx);
                logs.push({ service, ...(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_8__/* .lastLines */ .w$)(raw, ctx.settings.wait.logLines, MAX_LINE) });
            }
            catch (error) {
                unread.push(`the log of ${service}: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .Uc)(error)}`);
            }
        }
    }
    return {
        pointId,
        status: (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(node.status) ?? 'unknown',
        problem: problem === undefined ? undefined : (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_3__/* .describeNodeProblem */ .BD)(problem),
        events,
        logs,
        unread
    };
}


/***/ }),

/***/ 5363:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   N: () => (/* binding */ taskAfterWait),
/* harmony export */   h: () => (/* binding */ taskResult)
/* harmony export */ });
/** A task's result with nothing known yet but its id: done, and what `fields` say. */
function taskResult(id, fields = {}) {
    return {
        id,
        verdict: 'done',
        status: undefined,
        nodes: undefined,
        billingValue: undefined,
        forecastValue: undefined,
        name: undefined,
        urls: [],
        data: undefined,
        raw: undefined,
        timeline: [],
        elapsedMs: 0,
        message: undefined,
        diagnostics: undefined,
        healthy: undefined,
        ...fields
    };
}
/** A task's result once its wait ended. */
function taskAfterWait(task, waited, publish) {
    return {
        id: task.id,
        verdict: waited.verdict,
        status: waited.snapshot?.status ?? task.status,
        nodes: waited.snapshot?.nodes ?? task.nodes,
        billingValue: waited.snapshot?.billingValue ?? task.billingValue,
        forecastValue: waited.snapshot?.forecastValue ?? task.forecastValue,
        name: waited.snapshot?.name ?? task.name,
        urls: publish(task.id, waited.snapshot?.urls ?? []),
        data: waited.data ?? task.data,
        raw: waited.raw ?? task.raw,
        timeline: waited.timeline,
        elapsedMs: waited.elapsedMs,
        message: waited.message,
        diagnostics: undefined,
        healthy: undefined
    };
}


/***/ }),

/***/ 7657:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  waitUntil: () => (/* binding */ waitUntil)
});

// EXTERNAL MODULE: ./basics/concurrency.ts
var concurrency = __webpack_require__(5833);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./protocol/json.ts
var json = __webpack_require__(6539);
// EXTERNAL MODULE: ./deploy/wait/diagnose.ts
var diagnose = __webpack_require__(9828);
// EXTERNAL MODULE: ./deploy/tasks/read-task.ts
var read_task = __webpack_require__(4273);
// EXTERNAL MODULE: ./deploy/wait/check-health.ts
var check_health = __webpack_require__(4621);
// EXTERNAL MODULE: ./deploy/tasks/failing-nodes.ts
var failing_nodes = __webpack_require__(7659);
// EXTERNAL MODULE: ./deploy/wait/task-result.ts
var task_result = __webpack_require__(5363);
// EXTERNAL MODULE: ./deploy/tasks/read-task-state.ts
var read_task_state = __webpack_require__(4633);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/throttle.ts
var throttle = __webpack_require__(768);
// EXTERNAL MODULE: ./deploy/poll.ts
var poll = __webpack_require__(6417);
// EXTERNAL MODULE: ./deploy/wait/task-watch.ts
var task_watch = __webpack_require__(7928);
;// CONCATENATED MODULE: ./deploy/wait/wait-for-tasks.ts





/**
 * Polls every task until it is settled (ready or failed by the criteria), or the deadline passes: the
 * poll loop (see pollUntil) owns time, at a fixed rate of one round per interval, with a heartbeat once a
 * minute while nothing changes; the pure watch of task-watch.ts decides from each look what changed and
 * whether a task's wait is over. The first round comes right away.
 */
async function waitForTasks(ids, options, deps) {
    const watches = new Map(ids.map((id) => [id, (0,task_watch/* startWatch */.Ms)(id)]));
    const unknownSaid = new Set();
    const elapsed = () => deps.now() - options.startedAt;
    const said = { any: false };
    const record = (seen) => {
        if (seen.unknown !== undefined)
            unknownSaid.add(seen.unknown);
        for (const line of seen.lines)
            deps.log(line);
        said.any ||= seen.lines.length > 0;
        watches.set(seen.watch.id, seen.watch);
        return seen.watch;
    };
    const rules = { ...options, unknownSaid };
    const waiting = () => [...watches.values()].filter((w) => w.verdict === 'waiting');
    const shown = () => (0,task_watch/* progress */.qB)(waiting(), options.criteria.requireAllNodes);
    const left = () => (0,poll/* timeLeft */.f$)(options.startedAt + options.timeoutMs, deps.now());
    const loop = { deps, rules, elapsed, record };
    const end = await (0,poll/* pollUntil */.g3)(async (round) => {
        said.any = false;
        await (0,concurrency/* mapLimit */.s)(waiting(), options.concurrency, (watch) => lookOnce(watch, round, round === 0 ? options.initial?.get(watch.id) : undefined, loop));
        if (waiting().length === 0)
            return { kind: 'done', value: undefined };
        return {
            kind: 'waiting',
            progress: `waiting ${(0,units/* formatDuration */.a3)(elapsed())} (${left()}): ${shown()}`,
            said: said.any
        };
    }, {
        deadline: options.startedAt + options.timeoutMs,
        schedule: { kind: 'fixed_rate', intervalMs: options.intervalMs },
        failureBudget: Infinity,
        lastLookAtDeadline: true,
        heartbeat: {
            everyMs: poll/* HEARTBEAT_MS */.m,
            line: () => `still waiting after ${(0,units/* formatDuration */.a3)(elapsed())} (${left()}): ${shown()}`
        }
    }, deps);
    if (end.kind === 'timed_out' || end.kind === 'cancelled')
        for (const watch of waiting())
            watches.set(watch.id, (0,task_watch/* stopWatching */.Q5)(watch, end.kind, elapsed()));
    return result(watches);
}
/**
 * One round's look at a task, as readsAt says: its detail (or the answer in hand) and its nodes; or its
 * nodes and, unless every node is still held back, its detail, whose verdict comes first (a task whose node
 * failed has often ended in Other too, and its status says so).
 */
async function lookOnce(watch, round, known, loop) {
    const reads = (0,task_watch/* readsAt */.x1)(watch, round, loop.deps.checkNodes !== undefined);
    if (reads.first === 'nodes') {
        const report = await readNodes(watch, loop.deps);
        if (!('unreadable' in report) && report.failure === undefined && report.heldBack) {
            loop.record({ watch: (0,task_watch/* skipDetail */.Jr)((0,task_watch/* seeNodes */.Xr)(watch, report, loop.elapsed()).watch), lines: [] });
            return;
        }
        const read = await readDetail(watch, known, loop);
        if (read.verdict === 'waiting')
            loop.record((0,task_watch/* seeNodes */.Xr)(read, report, loop.elapsed()));
        return;
    }
    const read = await readDetail(watch, known, loop);
    if (read.verdict === 'waiting' && reads.nodes)
        loop.record((0,task_watch/* seeNodes */.Xr)(read, await readNodes(read, loop.deps), loop.elapsed()));
}
/** The task's detail (or the answer in hand), seen by the watch; a failed read counts as the watch says. */
async function readDetail(watch, known, loop) {
    const { deps, rules, elapsed, record } = loop;
    try {
        const poll = known ?? (await deps.poll(watch.id));
        const atMs = elapsed();
        if (poll.kind === 'task' && deps.follow !== undefined)
            await deps.follow(watch.id, poll.data);
        return record((0,task_watch/* seePoll */.zv)(watch, poll, atMs, rules));
    }
    catch (error) {
        const failure = {
            why: deps.describeError(error),
            transient: deps.isTransient(error),
            pastDeadline: error instanceof throttle/* PastDeadlineError */.z
        };
        return record((0,task_watch/* seePollFailure */.v5)(watch, failure, elapsed(), rules));
    }
}
/** What the task's nodes say, or that they could not be read. */
async function readNodes(watch, deps) {
    if (deps.checkNodes === undefined)
        return { unreadable: 'no node list' };
    try {
        return await deps.checkNodes(watch.id);
    }
    catch (error) {
        return { unreadable: deps.describeError(error) };
    }
}
function result(watches) {
    const tasks = [...watches.values()].map((w) => ({
        id: w.id,
        verdict: w.verdict === 'waiting' ? 'timed_out' : w.verdict,
        snapshot: w.snapshot,
        data: w.data,
        raw: w.raw,
        timeline: [...w.timeline],
        message: w.message,
        elapsedMs: w.elapsedMs
    }));
    return { tasks, timedOut: tasks.some((t) => t.verdict === 'timed_out') };
}

;// CONCATENATED MODULE: ./deploy/wait/wait-until.ts











/**
 * Waits for the tasks whose call went through until the criteria settle them, or the step's deadline;
 * each waited task's result is replaced by how its wait ended, checked for health where asked (a task
 * whose app does not answer is not ready), and, when a wait until ready failed, with what its nodes say.
 */
async function waitUntil(tasks, criteria, ctx, how) {
    const { settings } = ctx;
    const waiting = tasks.filter((t) => t.verdict === 'done');
    if (waiting.length === 0)
        return { tasks, timedOut: false };
    const kind = (0,calls/* kindOf */.I)(settings);
    // The log of a job waited on to its end, read on as it runs (see followJobLogs).
    const logs = kind.followsLog && criteria.target === 'finished'
        ? (await __webpack_require__.e(/* import() */ 393).then(__webpack_require__.bind(__webpack_require__, 7393))).followJobLogs(ctx)
        : undefined;
    const which = waiting.length === 1 ? `task ${waiting[0]?.id ?? ''}` : `${waiting.length} tasks`;
    ctx.log(`waiting for ${which} to be ${criteria.target} (${describeCriteria(criteria)})`);
    const names = new Map(waiting.map((t) => [t.id, t.name]));
    const waited = await waitForTasks(waiting.map((t) => t.id), {
        criteria,
        // A job's wait reads its job_status; a deployment's, its status field.
        snapshotOf: (data) => kind.snapshotOf(data, settings.wait.statusField),
        timeoutMs: ctx.deadline - ctx.startedAt,
        intervalMs: settings.wait.intervalMs,
        errorBudget: settings.wait.pollErrorBudget,
        concurrency: settings.concurrency,
        startedAt: ctx.startedAt,
        initial: firstChecks(waiting, how.readAlready)
    }, { ...waitDeps(criteria, names, ctx), ...(logs === undefined ? {} : { follow: logs.follow }) });
    const byId = new Map(waited.tasks.map((w) => [w.id, w]));
    const settled = tasks.map((task) => {
        const result = byId.get(task.id);
        return result === undefined ? task : (0,task_result/* taskAfterWait */.N)(task, result, how.publish);
    });
    const checked = await withHealth(settled, criteria, ctx);
    const logFile = logs?.file();
    return {
        tasks: await withDiagnostics(checked, criteria, ctx),
        timedOut: waited.timedOut,
        ...(logFile === undefined ? {} : { logFile })
    };
}
/** A task whose call answered with its detail (`readAlready`) has its first check in its result. */
function firstChecks(waiting, readAlready) {
    return new Map(waiting
        .filter((t) => readAlready.has(t.id))
        .map((t) => [t.id, { kind: 'task', data: t.data, raw: t.raw ?? '' }]));
}
function waitDeps(criteria, names, ctx) {
    const { runtime } = ctx;
    return {
        poll: (taskId) => pollTask(taskId, names.get(taskId), ctx),
        now: runtime.now,
        sleep: runtime.sleep,
        log: ctx.log,
        isTransient: (error) => error instanceof UnreadTaskError || (0,failures/* transientReason */.bR)(error) !== undefined,
        describeError: failures/* describeError */.Uc,
        cancelled: runtime.cancelled,
        ...(runtime.progress === undefined ? {} : { progress: runtime.progress }),
        ...(criteria.target === 'ready' ? { checkNodes: (taskId) => readNodesOf(taskId, ctx) } : {})
    };
}
/**
 * One look at a task: its detail. When the platform refuses the detail (not a failure that may pass),
 * the task search of every status decides, never the refusal's code: a task no search lists is gone,
 * one the search lists is seen as the search shows it, and one that cannot be read fails the poll, as a
 * failure that may pass (see UnreadTaskError).
 */
async function pollTask(taskId, name, ctx) {
    try {
        const { data, raw } = await (0,read_task/* readDetailOnce */.fJ)(taskId, ctx);
        return { kind: 'task', data, raw };
    }
    catch (error) {
        if (!(0,failures/* isRefusal */.vu)(error))
            throw error;
        const state = await (0,read_task_state/* readTaskState */.Lf)(taskId, ctx, { name, detailRefused: true });
        if (state.kind === 'absent')
            return { kind: 'gone', message: `${(0,failures/* describeError */.Uc)(error)}; ${(0,read_task_state/* describeState */.Jw)(state)}` };
        if (state.kind === 'status')
            return { kind: 'task', data: state.data, raw: (0,json/* toCompactJson */.ZJ)(state.data) };
        throw new UnreadTaskError(`${(0,failures/* describeError */.Uc)(error)}; ${(0,read_task_state/* describeState */.Jw)(state)}`);
    }
}
/**
 * A poll that learned nothing: the detail was refused and the task search could not be read either. Not
 * a verdict on the task, whose state is unknown: it counts against poll_error_budget, as a failure that
 * may pass does.
 */
class UnreadTaskError extends Error {
    name = 'UnreadTaskError';
}
/** What the task's node list says: why one of its nodes will not come up, and whether all are held back. */
async function readNodesOf(taskId, ctx) {
    const nodes = await (0,read_task/* readNodeList */.XV)(taskId, ctx);
    const problem = (0,failing_nodes/* failingNode */.dP)({ results: nodes }, ctx.settings.wait.maxRestarts);
    return {
        failure: problem === undefined ? undefined : `has a node that will not come up: ${(0,failing_nodes/* describeNodeProblem */.BD)(problem)}`,
        heldBack: (0,failing_nodes/* allHeldBack */.ET)({ results: nodes })
    };
}
/**
 * Each task that is ready, checked as health_path says: its app must answer an accepted status at every
 * service URL before the deadline. A task whose app does not is not ready: its wait fails.
 */
async function withHealth(tasks, criteria, ctx) {
    const { settings, runtime } = ctx;
    const path = settings.health.path;
    if (path === undefined || criteria.target !== 'ready')
        return tasks;
    return (0,concurrency/* mapLimit */.s)(tasks, settings.concurrency, async (task) => {
        if (task.verdict !== 'reached')
            return task;
        const health = task.urls.length === 0
            ? { healthy: false, why: `has no service URL to check ${path} at` }
            : await (0,check_health/* checkHealth */.Ns)(task.urls, { ...settings.health, path }, { deadline: ctx.deadline, intervalMs: settings.wait.intervalMs, startedAt: ctx.startedAt }, (0,check_health/* healthDeps */.$$)(ctx));
        if (health.healthy)
            return { ...task, healthy: true };
        const message = task.urls.length === 0 ? health.why : `is not healthy: ${health.why}`;
        ctx.log(`task ${task.id} ${message}`);
        return { ...task, healthy: false, verdict: 'failed', message, elapsedMs: runtime.now() - ctx.startedAt };
    });
}
/** Each task whose wait until ready failed or timed out, with what its nodes say about it. */
async function withDiagnostics(tasks, criteria, ctx) {
    const failed = (task) => task.verdict === 'failed' || task.verdict === 'timed_out';
    // A wait until ready, or until a job's end: what a stop or a pause leaves needs no explaining.
    const explained = criteria.target === 'ready' || criteria.target === 'finished';
    if (!explained || ctx.runtime.cancelled() || !tasks.some(failed))
        return tasks;
    const kind = (0,calls/* kindOf */.I)(ctx.settings);
    const scope = { ...diagnose/* DIAGNOSTICS */.Z, nodes: kind.diagnosedNodes };
    return (0,concurrency/* mapLimit */.s)(tasks, ctx.settings.concurrency, async (task) => {
        if (!failed(task))
            return task;
        const why = kind.failureReason(task.data);
        if (why !== undefined)
            ctx.log(`task ${task.id}: ${why}`);
        ctx.log(`task ${task.id}: reading its nodes, their events and logs, to show why`);
        const diagnostics = await (0,diagnose/* diagnose */.h)(task.id, task.data, ctx, scope);
        return { ...task, diagnostics: why === undefined ? diagnostics : { ...diagnostics, reason: why } };
    });
}
function describeCriteria(criteria) {
    const urls = [
        ...(criteria.requireUrls ? ['every service URL'] : []),
        ...(criteria.requireAllNodes ? ['every node running'] : [])
    ];
    const needs = urls.length === 0 ? '' : ` with ${urls.join(' and ')}`;
    const failure = criteria.failure.length === 0 ? '' : `; fails on ${criteria.failure.join(', ')}`;
    return `done on ${criteria.success.join(', ')}${needs}${failure}`;
}


/***/ })

};
