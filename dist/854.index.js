export const id = 854;
export const ids = [854];
export const modules = {

/***/ 4854:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   replaceNodeFlow: () => (/* binding */ replaceNodeFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(629);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9644);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6218);
/* harmony import */ var _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6289);
/* harmony import */ var _engine_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(1792);
/* harmony import */ var _platform_node_data_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(965);
/* harmony import */ var _engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5939);
/* harmony import */ var _engine_change_await_serving_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2729);
/* harmony import */ var _engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8242);
/* harmony import */ var _task_after_change_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9420);
/* harmony import */ var _send_change_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1360);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(445);













/**
 * Replaces nodes of a task: deletes the node point_id names (or, with `failed`, every node that is Failed
 * or crash-looping) with delete_pod, after which the platform schedules another, and waits until the task
 * again runs all its nodes, the deleted ones gone. The last running node is deleted only when
 * delete_last_node says so: the service would stop until its replacement comes up.
 */
const replaceNodeFlow = {
    plan: (settings) => {
        (0,_send_change_js__WEBPACK_IMPORTED_MODULE_0__/* .checkWaits */ .n)(settings, 'the task runs all its nodes again');
        const plan = (0,_platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .planCalls */ .j)(settings);
        const [taskId] = settings.taskIds;
        const { pointId } = settings.nodeChoice;
        if (pointId === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d('point_id is empty, but replace_node needs it: set point_id to a node of the nodes operation, or to failed for every failed or crash-looping node');
        if (taskId === undefined)
            throw new Error('replace_node plans for one task');
        return {
            plan,
            cleanup: _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_3__/* .NO_CLEANUP */ .jR,
            run: (ctx) => runReplaceNode(plan, taskId, ctx),
            dryRun: async (ctx) => {
                const look = await (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .readTask */ .gv)(taskId, ctx);
                const targets = chooseNodes(taskId, look, ctx);
                ctx.log(targets.length === 0
                    ? 'dry run: replace_node would delete nothing'
                    : `dry run: replace_node would delete node ${targets.join(', ')} of task ${taskId} (POST delete_pod), and wait until the task runs all its nodes again; only reads were sent`);
                return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, {
                    tasks: [(0,_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__/* .taskAfterRead */ .Q)(taskId, look)],
                    parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .reportEntry */ .jr)('change', (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .changeReport */ .XS)({ changed: targets.length > 0, nodes: targets }))]
                });
            }
        };
    }
};
async function runReplaceNode(plan, taskId, ctx) {
    const look = await (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .readTask */ .gv)(taskId, ctx);
    const targets = chooseNodes(taskId, look, ctx);
    const counts = { pointsBefore: (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .runningOf */ .Tx)(look.snapshot) };
    if (targets.length === 0) {
        const task = (0,_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__/* .taskAfterRead */ .Q)(taskId, look);
        return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, {
            tasks: [task],
            parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .reportEntry */ .jr)('change', (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .changeReport */ .XS)({ ...counts, pointsAfter: counts.pointsBefore }))]
        });
    }
    for (const pointId of targets) {
        ctx.log(`replace_node: deleting node ${pointId} of task ${taskId}; the platform schedules another`);
        await (0,_send_change_js__WEBPACK_IMPORTED_MODULE_0__/* .sendChange */ .X)((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_8__/* .deletePodCall */ .vb)(ctx.settings, taskId, pointId), `replace_node: delete_pod ${pointId}`, ctx);
    }
    const outcome = await (0,_engine_change_await_serving_js__WEBPACK_IMPORTED_MODULE_9__/* .awaitServing */ .n)(taskId, {
        points: look.snapshot.nodes?.total ?? look.nodes.length,
        gone: new Set(targets),
        before: (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .pointIds */ .tc)(look.nodes)
    }, ctx, { deadline: ctx.deadline, label: 'replace_node' });
    const task = (0,_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__/* .taskAfterServing */ .y)(taskId, outcome, { startedAt: ctx.startedAt, now: ctx.runtime.now() });
    const change = (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .changeReport */ .XS)({
        changed: true,
        ...counts,
        pointsAfter: (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .runningOf */ .Tx)(outcome.snapshot),
        nodes: targets
    });
    return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, {
        tasks: [task],
        parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .reportEntry */ .jr)('change', change)],
        timedOut: outcome.kind === 'timed_out'
    });
}
/**
 * The nodes to delete: the one point_id names (it must be the task's), or every failed or crash-looping
 * one. Deleting the last running node is refused unless delete_last_node allows it; nothing is sent.
 */
function chooseNodes(taskId, look, ctx) {
    const { pointId, deleteLastNode } = ctx.settings.nodeChoice;
    const failing = (0,_engine_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_10__/* .failingNodes */ .EJ)({ results: look.nodes }, ctx.settings.wait.maxRestarts);
    if (pointId === 'failed') {
        for (const problem of failing)
            ctx.log(`replace_node: ${(0,_engine_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_10__/* .describeNodeProblem */ .BD)(problem)}`);
        if (failing.length === 0)
            ctx.log(`replace_node: no node of task ${taskId} is failed or crash-looping; nothing to replace`);
        return failing.map((problem) => problem.pointId);
    }
    const ids = look.nodes.map(_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .pointOf */ .qk);
    if (pointId === undefined || !ids.includes(pointId))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`point_id ${pointId ?? ''} is no node of task ${taskId}: set point_id to one of ${ids.join(', ') || '(it has no node)'}, or to failed`);
    const bad = new Set(failing.map((problem) => problem.pointId));
    const serving = look.nodes.filter((node) => (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_11__/* .nodeRunning */ .oL)(node) && !bad.has((0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .pointOf */ .qk)(node)));
    const last = serving.length === 1 && (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_4__/* .pointOf */ .qk)(serving[0] ?? {}) === pointId;
    if (last && !deleteLastNode)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`point_id ${pointId} is the last running node of task ${taskId}: deleting it stops the service until another comes up; set delete_last_node: true to delete it anyway`);
    return [pointId];
}


/***/ }),

/***/ 1360:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   X: () => (/* binding */ sendChange),
/* harmony export */   n: () => (/* binding */ checkWaits)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(3035);
/* harmony import */ var _engine_retries_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8079);



/**
 * A change to a running task waits until it serves (to roll it back, or to say it did not): wait: false
 * is refused before anything is sent.
 */
function checkWaits(settings, why) {
    if (settings.wait.mode === 'false')
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`wait is false, but ${settings.operation} waits until ${why}: remove wait`);
}
/**
 * Sends a call that changes a task (each is harmless to repeat), retried while a failure may pass.
 * Whether it took effect is then for the task's state to say, never the answer.
 */
async function sendChange(call, label, ctx) {
    try {
        await (0,_engine_retries_js__WEBPACK_IMPORTED_MODULE_1__/* .retried */ .s)(label, ctx.retries, () => ctx.send(call));
        return { kind: 'accepted' };
    }
    catch (error) {
        ctx.log(`${label}: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_2__/* .describeError */ .Uc)(error)}`);
        return { kind: 'not_accepted', error: error instanceof Error ? error : new Error(String(error)) };
    }
}


/***/ }),

/***/ 9420:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ taskAfterRead),
/* harmony export */   y: () => (/* binding */ taskAfterServing)
/* harmony export */ });
/* harmony import */ var _engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5834);

/** The task's result once a wait for a change ended: reached when it serves, else how it did not. */
function taskAfterServing(taskId, outcome, fields) {
    return (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_0__/* .taskResult */ .h)(taskId, {
        ...seen(outcome.snapshot),
        verdict: outcome.kind === 'serving' ? 'reached' : outcome.kind,
        urls: outcome.urls,
        data: outcome.data,
        raw: outcome.raw,
        elapsedMs: fields.now - fields.startedAt,
        message: fields.message ?? outcome.why,
        healthy: outcome.healthy
    });
}
/** A task's result as a read left it: done, with what its detail says. */
function taskAfterRead(taskId, look) {
    return (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_0__/* .taskResult */ .h)(taskId, { ...seen(look.snapshot), data: look.data, raw: look.raw });
}
/** What a task's snapshot says of it: status, nodes, money and name. */
function seen(snapshot) {
    return {
        status: snapshot?.status,
        nodes: snapshot?.nodes,
        billingValue: snapshot?.billingValue,
        forecastValue: snapshot?.forecastValue,
        name: snapshot?.name
    };
}


/***/ }),

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

/***/ 5834:
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
        samples: [],
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
        samples: waited.samples,
        elapsedMs: waited.elapsedMs,
        message: waited.message,
        diagnostics: undefined,
        healthy: undefined
    };
}


/***/ })

};
