export const id = 732;
export const ids = [732,997];
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

/***/ 7378:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   cleanUpTask: () => (/* binding */ cleanUpTask)
/* harmony export */ });
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9817);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9644);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2317);
/* harmony import */ var _read_task_state_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1054);




/**
 * Stops or pauses a task until its state shows it (see sendUntilShown): it bills no more (its detail says
 * End, a job's Paused or End or its run ended; or no task search of any status lists it), or, for a
 * pause, it is Paused. An accepted request is not the outcome,
 * nor is a refusal's code (no code's meaning is published): a task still live is asked again, after a
 * backoff, until cleanup_timeout runs out. A refused one in a status the platform does not apply the
 * operation to (a stop of a task in Other) fails at once, except a Pending one, which is asked again until
 * it runs (a pause applies to Running tasks only).
 */
async function cleanUpTask(taskId, action, ctx, name) {
    const call = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .cleanupCall */ .PG)(ctx.settings, taskId, action);
    const descriptor = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .taskKindOf */ .j2)(ctx.settings);
    const kind = descriptor.name;
    const { alreadyDone, appliesTo } = call.traits;
    const shows = async (refused) => {
        const state = await (0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .readTaskState */ .Lf)(taskId, ctx, { name });
        if ((0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .billsNoMore */ .Tw)(state, kind))
            return { shown: true, state: (0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .endedAs */ .BN)(state, kind) };
        if (state.kind === 'status' && alreadyDone.includes(state.status))
            return { shown: true, state: (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__/* .sanitize */ .aj)(state.status, 40) };
        const described = (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__/* .sanitize */ .aj)((0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .describeState */ .Jw)(state), 300);
        // A Pending task becomes Running, and bills then: an operation that applies to Running tasks (a
        // pause) is asked for again until it can be applied (or the deadline passes), not given up at once.
        const status = state.kind === 'status' ? state.status : undefined;
        const { settling, running } = descriptor.statuses;
        const starting = settling.includes(status ?? '') && running.some((runs) => appliesTo.includes(runs));
        const never = refused !== undefined &&
            status !== undefined &&
            appliesTo.length > 0 &&
            !appliesTo.includes(status) &&
            !starting;
        return never
            ? {
                shown: false,
                state: described,
                never: `and the platform applies ${action} to ${appliesTo.join(', ')} tasks only`
            }
            : { shown: false, state: described };
    };
    // A task that may end by itself (a job) is read first: one that bills no more needs no stop.
    if (call.traits.readFirst === true) {
        const state = await (0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .readTaskState */ .Lf)(taskId, ctx, { name });
        if ((0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .billsNoMore */ .Tw)(state, kind))
            return { kind: 'already', state: (0,_read_task_state_js__WEBPACK_IMPORTED_MODULE_1__/* .endedAs */ .BN)(state, kind) };
    }
    const outcome = await (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_3__/* .sendUntilShown */ .ep)(call, `cleanup: ${action} task ${taskId}`, shows, ctx);
    if (outcome.kind === 'failed')
        return outcome;
    return outcome.accepted ? { kind: 'done' } : { kind: 'already', state: outcome.state };
}


/***/ }),

/***/ 1792:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BD: () => (/* binding */ describeNodeProblem),
/* harmony export */   EJ: () => (/* binding */ failingNodes),
/* harmony export */   ET: () => (/* binding */ allHeldBack),
/* harmony export */   dP: () => (/* binding */ failingNode)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2212);
/* harmony import */ var _platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(965);


/**
 * The first node of a node list (`{results: [...]}`) that will not come up: one whose status is
 * Failed, or one restarted `maxRestarts` times or more (0: restarts never count). The platform's
 * reference keeps the restart count on the node (`describe_dto.restart_count`); a count a container
 * carries counts too, and a node that still says Running can be crash-looping. Decided from the fields,
 * never from a message.
 */
function failingNode(page, maxRestarts) {
    return failingNodes(page, maxRestarts)[0];
}
/**
 * Whether every node of a node list is held back: Pending (scheduled, pulling its image, starting), or
 * Running with a container that a reason holds back (such as CrashLoopBackOff). While every node is, the
 * task cannot be ready and has not ended: its detail can wait. A list of no nodes says nothing: not held.
 */
function allHeldBack(page) {
    const nodes = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(page) && Array.isArray(page.results) ? page.results : [];
    return (nodes.length > 0 &&
        nodes.every((node) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(node) &&
            ((0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .nodePending */ .Ad)(node) ||
                ((0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .nodeRunning */ .oL)(node) && (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .containersOf */ .Mz)(node).some((c) => (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(c.reason) !== undefined)))));
}
/** Every node of a node list that will not come up, as failingNode judges each one. */
function failingNodes(page, maxRestarts) {
    const nodes = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(page) && Array.isArray(page.results) ? page.results : [];
    return nodes.flatMap((node) => {
        const problem = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(node) ? problemOf(node, maxRestarts) : undefined;
        return problem === undefined ? [] : [problem];
    });
}
function problemOf(node, maxRestarts) {
    const status = (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(node.status) ?? 'unknown';
    const containers = (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .containersOf */ .Mz)(node);
    const restarts = Math.max((0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .restartsOf */ .wN)(node) ?? 0, ...containers.map((c) => (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .restartsOf */ .wN)(c) ?? 0));
    const restarting = maxRestarts > 0 && restarts >= maxRestarts;
    if (!(0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .nodeFailed */ .me)(node) && !restarting)
        return undefined;
    // The container that says why: the one restarted most, else one with a reason, else the first.
    const container = containers.find((c) => restarts > 0 && (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .restartsOf */ .wN)(c) === restarts) ??
        containers.find((c) => (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(c.reason) !== undefined) ??
        containers[0];
    return {
        pointId: (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(node.point_id) ?? 'unknown',
        status,
        service: container === undefined ? undefined : ((0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(container.service_name) ?? (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(container.name)),
        reason: container === undefined ? undefined : (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(container.reason),
        exitCode: container === undefined ? undefined : (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(container.exit_code),
        restarts: restarts > 0 ? restarts : undefined
    };
}
/** "node 1229831001 (Running): container web CrashLoopBackOff, exit code 1, restarted 3 times". */
function describeNodeProblem(problem) {
    const facts = [
        problem.reason,
        problem.exitCode === undefined ? undefined : `exit code ${problem.exitCode}`,
        problem.restarts === undefined || problem.restarts === 0
            ? undefined
            : `restarted ${problem.restarts} times`
    ].filter((fact) => fact !== undefined);
    const container = problem.service === undefined ? 'its container' : `container ${problem.service}`;
    const why = facts.length === 0 ? '' : `: ${container} ${facts.join(', ')}`;
    return `node ${problem.pointId} (${problem.status})${why}`;
}


/***/ }),

/***/ 9911:
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

/***/ 9512:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   p: () => (/* binding */ billedSince)
/* harmony export */ });
/* harmony import */ var _platform_billing_data_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9126);
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5786);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _tasks_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6961);




const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/**
 * What the tasks have been billed from `fromMs` (the step's start unless given) to `untilMs` (now unless
 * given), as the platform's billing records say (get_billing_record with task_ids, every page), in points:
 * by the hour from the hour `fromMs` is in, or, for a window of more than two days, by the day from its day
 * (UTC). The records are booked every five minutes: they lag the use by up to that. Throws when they cannot
 * be read: max_cost then fails closed (see CapGuard).
 */
async function billedSince(taskIds, ctx, fromMs = ctx.startedAt, untilMs) {
    const now = ctx.runtime.now();
    const range = (untilMs ?? now) - fromMs > 2 * DAY_MS ? 'day' : 'hour';
    const unit = range === 'day' ? DAY_MS : HOUR_MS;
    const start = Math.floor(fromMs / unit) * unit;
    const end = untilMs ?? Math.max(now, start + 1000);
    if (end <= start)
        return '0';
    const list = await (0,_tasks_read_all_pages_js__WEBPACK_IMPORTED_MODULE_0__/* .readAllPages */ .s$)(`the billing records of task ${taskIds.join(', ')}`, (page) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .billingRecordsCall */ .Mi)(ctx.settings, taskIds, { range, fromMs: start, toMs: end }, page), ctx.send);
    return (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_2__/* .sumPoints */ .RN)((0,_platform_billing_data_js__WEBPACK_IMPORTED_MODULE_3__/* .billsOf */ .K)({ results: list.results }).map((bill) => bill.billed)) ?? '0';
}


/***/ }),

/***/ 2631:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Z7: () => (/* binding */ DIAGNOSTICS),
/* harmony export */   h4: () => (/* binding */ diagnose),
/* harmony export */   sO: () => (/* binding */ withFollowedLogs)
/* harmony export */ });
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2589);
/* harmony import */ var _basics_concurrency_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5833);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2212);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(9817);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9644);
/* harmony import */ var _tasks_read_task_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8242);
/* harmony import */ var _tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1792);
/* harmony import */ var _platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(965);
/* harmony import */ var _tasks_node_services_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9911);










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
/**
 * A failed job's diagnostics with the last lines the step read of its pods' logs while it ran (`followed`,
 * at most `most` each), where reading them once it failed gave none: a node whose log could not be read
 * then, or, when no failed pod could be read at all, each pod the step followed (at most `maxNodes`, the
 * last). What the log showed, the summary shows.
 */
function withFollowedLogs(d, followed, { most, maxNodes }) {
    if (followed.length === 0 || most <= 0)
        return d;
    const logsOf = (pointId) => followed
        .filter((log) => log.pointId === pointId && log.lines.length > 0)
        .map((log) => ({
        service: log.service,
        lines: log.lines.slice(-most),
        omitted: log.omitted + Math.max(0, log.lines.length - most),
        whileRunning: true
    }));
    if (d.nodes.length > 0)
        return {
            ...d,
            nodes: d.nodes.map((node) => (node.logs.length > 0 ? node : { ...node, logs: logsOf(node.pointId) }))
        };
    const pods = [...new Set(followed.map((log) => log.pointId))].slice(-maxNodes);
    const nodes = pods
        .map((pointId) => ({
        pointId,
        status: 'unknown',
        problem: undefined,
        events: [],
        logs: logsOf(pointId),
        unread: []
    }))
        .filter((node) => node.logs.length > 0);
    return nodes.length === 0 ? d : { ...d, nodes };
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
                // One form for every time the tool prints: RFC 3339 in UTC (the platform writes several).
                time: (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_8__/* .utcTime */ .SK)((0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(event.event_time) ?? ''),
                type: (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(event.type) ?? '',
                reason: (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(event.reason) ?? '',
                message: (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_9__/* .sanitize */ .aj)(typeof event.message === 'string' ? event.message : '', MAX_LINE),
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
                logs.push({ service, ...(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_9__/* .lastLines */ .w$)(raw, ctx.settings.wait.logLines, MAX_LINE) });
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

/***/ 2550:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HU: () => (/* binding */ costPoints),
/* harmony export */   J5: () => (/* binding */ pastCap),
/* harmony export */   LJ: () => (/* binding */ startCap),
/* harmony export */   Uz: () => (/* binding */ saysCost),
/* harmony export */   XE: () => (/* binding */ pointsOf),
/* harmony export */   Zg: () => (/* binding */ heldBack),
/* harmony export */   f1: () => (/* binding */ besideCap),
/* harmony export */   gM: () => (/* binding */ capAtMs),
/* harmony export */   iD: () => (/* binding */ costSince),
/* harmony export */   lU: () => (/* binding */ seeCost)
/* harmony export */ });
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2589);
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(5786);


/**
 * A watch of the cap max_cost gives (yuan, decimal text). `seed`: a reading known before any read (what a
 * step's own new task cost when the step began: nothing), so that the first read already gives a rate.
 */
function startCap(capYuan, seed) {
    return { capPoints: pointsOf(capYuan), capYuan, warned: false, last: seed, perMs: undefined };
}
/** Yuan (decimal text) as points: a yuan is 1,000,000 points. */
function pointsOf(yuan) {
    const [whole = '0', fraction = ''] = yuan.split('.');
    const digits = `${whole}${fraction.padEnd(6, '0').slice(0, 6)}`.replace(/^0+(?=\d)/, '');
    const rest = fraction.slice(6);
    return rest === '' ? digits : `${digits}.${rest}`;
}
/** The cost of the tasks' last details, in points; undefined when none says one. */
function costPoints(snapshots) {
    const amounts = snapshots.flatMap((s) => (s === undefined || !saysCost(s) ? [] : costAmounts(s)));
    return amounts.length === 0 ? undefined : (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .sumPoints */ .RN)(amounts);
}
/** Whether a detail says what its task cost (billing_value or forecast_value). */
function saysCost(snapshot) {
    return snapshot.billingValue !== undefined || snapshot.forecastValue !== undefined;
}
const costAmounts = (s) => [s.billingValue ?? '0', s.forecastValue ?? '0'];
/** What the tasks have cost beyond their baselines (their costs when first read), in points. */
function costSince(snapshots, baselines) {
    const total = costPoints(snapshots);
    if (total === undefined || baselines.length === 0)
        return total;
    return (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .sumPoints */ .RN)([total, ...baselines.map(negated)]);
}
const negated = (points) => (points.startsWith('-') ? points.slice(1) : `-${points}`);
/**
 * One look at the cost at `nowMs` (since the step began), the next look due `nextInMs` later and the wait
 * ending at `endMs`. `reading`: the cost read now, undefined when this round could not read it (a failed or
 * partial read): the last reading then stands, projected at the last rate. Reached when the cost is the cap
 * or more, or when, at that rate, it would reach the cap before the next look: the step stops before it
 * passes the cap, not one interval after. Else, once, a warning when that rate would pass the cap before
 * the wait ends.
 */
function seeCost(watch, reading, nowMs, ahead) {
    const next = reading === undefined ? watch : withReading(watch, { atMs: nowMs, points: reading });
    const last = next.last;
    if (last === undefined || (reading === undefined && next.perMs === undefined))
        return { watch: next, lines: [], warnings: [], reached: false };
    const cap = `max_cost ${watch.capYuan} yuan`;
    if (((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .compareDecimals */ .YL)(last.points, watch.capPoints) ?? -1) >= 0)
        return {
            watch: next,
            lines: [
                `cost: ${(0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .readablePoints */ .aR)(last.points)} so far has reached ${cap}: stopping what the step waits on`
            ],
            warnings: [],
            reached: true
        };
    const capAt = capAtMs(next);
    if (capAt === undefined || next.perMs === undefined)
        return { watch: next, lines: [], warnings: [], reached: false };
    const since = reading === undefined ? ` as last read ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(nowMs - last.atMs)} ago` : ' so far';
    const perHour = `${(0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .readablePoints */ .aR)(String(Math.round(next.perMs * 3_600_000)))} an hour (as seen between the last two reads)`;
    const growing = `cost: ${(0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .readablePoints */ .aR)(last.points)}${since}, growing by ${perHour}`;
    if (capAt <= nowMs + ahead.nextInMs) {
        const when = capAt <= nowMs
            ? `has likely reached ${cap} by now`
            : `would pass ${cap} in about ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(capAt - nowMs)}, before the next read`;
        return {
            watch: next,
            lines: [`${growing}, ${when}: stopping what the step waits on`],
            warnings: [],
            reached: true
        };
    }
    if (next.warned || capAt >= ahead.endMs)
        return { watch: next, lines: [], warnings: [], reached: false };
    return {
        watch: { ...next, warned: true },
        lines: [],
        warnings: [
            `${growing}, would pass ${cap} in about ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(capAt - nowMs)}, before the wait ends: the step stops it before it does`
        ],
        reached: false
    };
}
/**
 * A read the platform would hold back (see HeldBackError) past the moment the cost reaches the cap: the
 * cap is reached, since the step must not learn of it later; what it waits on is stopped first, and read
 * after.
 */
function heldBack(watch, why, nowMs) {
    const capAt = capAtMs(watch);
    const cap = `max_cost ${watch.capYuan} yuan`;
    const later = capAt === undefined
        ? `longer than ${cap} can be held while no rate of the cost has been seen (a poll interval at the most)`
        : `which is later than the cost would reach ${cap} (in about ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(Math.max(0, capAt - nowMs))}, at the rate seen)`;
    return {
        watch,
        lines: [`cost: ${why}, ${later}: stopping what the step waits on first, and reading it after`],
        warnings: [],
        reached: true
    };
}
/**
 * When the cost reaches the cap (ms since the step began) at the last rate seen, from the last reading:
 * the latest moment the next read may come. Undefined while no rate is known.
 */
function capAtMs(watch) {
    const { last, perMs } = watch;
    if (last === undefined || perMs === undefined)
        return undefined;
    return last.atMs + Math.max(0, Number(watch.capPoints) - Number(last.points)) / perMs;
}
/** "0.42 yuan of max_cost 5 yuan": the cost beside the cap, for a line of progress. */
function besideCap(watch) {
    return watch.last === undefined
        ? undefined
        : `${(0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .readablePoints */ .aR)(watch.last.points)} of max_cost ${watch.capYuan} yuan`;
}
/** Whether `points` is more than the cap: what a stop that came late let through, said as such. */
function pastCap(watch, points) {
    if (((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .compareDecimals */ .YL)(points, watch.capPoints) ?? 0) <= 0)
        return undefined;
    const over = (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .sumPoints */ .RN)([points, negated(watch.capPoints)]) ?? '0';
    return `${(0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .readablePoints */ .aR)(points)} passed max_cost ${watch.capYuan} yuan by ${(0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .readablePoints */ .aR)(over)}`;
}
/**
 * The watch after a reading: it is the last one, and the rate is the growth since the one before. A cost
 * never goes down: a reading below the last (a source that lags, such as the billing records after a
 * detail, or a bill set right) leaves the last reading, and its rate, as they were.
 */
function withReading(watch, now) {
    const before = watch.last;
    if (before !== undefined && ((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_0__/* .compareDecimals */ .YL)(now.points, before.points) ?? 0) < 0)
        return watch;
    if (before === undefined || now.atMs <= before.atMs)
        return { ...watch, last: now };
    const perMs = (Number(now.points) - Number(before.points)) / (now.atMs - before.atMs);
    return { ...watch, last: now, perMs: perMs > 0 ? perMs : undefined };
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


/***/ }),

/***/ 912:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Fb: () => (/* binding */ stoppedResult),
/* harmony export */   JX: () => (/* binding */ reachesGitHub),
/* harmony export */   a: () => (/* binding */ failRunners),
/* harmony export */   j6: () => (/* binding */ stopAndCost),
/* harmony export */   uC: () => (/* binding */ openRunners),
/* harmony export */   xt: () => (/* binding */ removeRunner)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(9817);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3035);
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(5786);
/* harmony import */ var _engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5939);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(445);
/* harmony import */ var _engine_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7378);
/* harmony import */ var _engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8242);
/* harmony import */ var _engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5834);









/** Whether the step can ask GitHub: a host that has it, and github_token set. */
function reachesGitHub(ctx) {
    return ctx.runtime.runnerHost !== undefined && ctx.settings.previews.githubToken !== undefined;
}
/** GitHub for a runner step, as runner_scope says; refused where the host has none. */
async function openRunners(ctx) {
    const open = ctx.runtime.runnerHost;
    if (open === undefined || ctx.settings.previews.githubToken === undefined)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${ctx.settings.operation} registers self-hosted runners with GitHub, but github_token is empty: set it to a fine-grained token or a GitHub App's with administration: write on the repository (organization_self_hosted_runners: write with runner_scope: org), from a secret; the workflow's own GITHUB_TOKEN cannot (docs/runners.md)`);
    return open(ctx.settings.selfHosted.scope);
}
/**
 * A runner step that failed: every runner job it made is stopped until its state shows it (it would bill
 * with no job to run), every runner it registered removed from GitHub, and the step fails saying why, with
 * what each came to. A stop that cannot be made is said, and stays for the post step.
 */
async function failRunners(started, failure, host, label, ctx, tasks = []) {
    const made = started.some((one) => one.taskId !== undefined || one.runnerId !== undefined);
    ctx.log(`runner: ${failure}${made ? ': stopping the runner jobs this step made, and removing its runners' : ': nothing was made'}`);
    const states = [];
    for (const one of started) {
        const job = await stopRunnerJob(one, ctx);
        const github = await removeFromGitHub(one, host, ctx);
        // Removed: the post step has it no more to remove; else it tries again.
        if (github === 'removed')
            ctx.cleanup.update({
                registrations: ctx.cleanup.state().registrations.filter((r) => r.name !== one.name)
            });
        states.push({ name: one.name, taskId: one.taskId, github, job });
    }
    const byId = new Map(tasks.map((task) => [task.id, task]));
    return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .stepResult */ .GR)({ operation: 'runner', calls: [], wait: undefined }, ctx, {
        calls: started.flatMap((one) => one.calls),
        tasks: started.flatMap((one) => one.taskId === undefined ? [] : [byId.get(one.taskId) ?? (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_2__/* .taskResult */ .h)(one.taskId, { name: one.name })]),
        parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_3__/* .reportEntry */ .jr)('selfHosted', { action: 'started', label, states, failure })]
    });
}
/** Stops a runner's platform job, verified by its state; what it came to, in a word or a line. */
async function stopRunnerJob(one, ctx) {
    if (one.taskId === undefined)
        return 'not made';
    const outcome = await (0,_engine_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_4__.cleanUpTask)(one.taskId, 'stop', ctx, one.name);
    if (outcome.kind === 'failed') {
        ctx.log(`runner ${one.name}: its job ${one.taskId} could not be stopped: ${outcome.why}`);
        return `not stopped: ${outcome.why}`;
    }
    ctx.cleanup.settle('created', one.taskId);
    const word = outcome.kind === 'done' ? 'stopped' : `ended (${outcome.state})`;
    ctx.log(`runner ${one.name}: its job ${one.taskId} ${word}`);
    return word;
}
/** Removes a registered runner from GitHub, and logs what GitHub lists after: in a word or a line. */
async function removeFromGitHub(one, host, ctx) {
    if (one.runnerId === undefined)
        return 'not registered';
    const said = await removeRunner(one.runnerId, host);
    ctx.log(`runner ${one.name}: ${said} from GitHub`);
    return said;
}
/**
 * Removes a runner from GitHub: what GitHub lists after, in a word or a line (removed; still listed,
 * running a job or idle, with what GitHub answered; not removed, and why), never a failure of its own.
 */
async function removeRunner(id, host) {
    try {
        const removal = await host.remove(id);
        if (removal.outcome === 'removed' || removal.outcome === 'gone')
            return 'removed';
        const refusal = removal.refusal === undefined ? '' : `: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__/* .sanitize */ .aj)(removal.refusal, 200)}`;
        return `still listed (${removal.outcome === 'busy' ? 'running a job' : 'idle'}${refusal})`;
    }
    catch (error) {
        return `not removed: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__/* .sanitize */ .aj)((0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .describeError */ .Uc)(error), 200)}`;
    }
}
/**
 * Stops a runner job until its state shows it, and reads what it cost: what it came to in a word or a line
 * (stopped, ended already, or not stopped and why), and its task with its last detail's figures.
 */
async function stopAndCost(id, name, ctx) {
    const outcome = await (0,_engine_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_4__.cleanUpTask)(id, 'stop', ctx, name);
    const word = outcome.kind === 'done'
        ? 'stopped'
        : outcome.kind === 'already'
            ? `ended (${outcome.state})`
            : `not stopped: ${outcome.why}`;
    try {
        const { snapshot } = await (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_7__/* .readDetail */ .on)(id, ctx);
        const { status, billingValue, forecastValue } = snapshot;
        return {
            word,
            task: (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_2__/* .taskResult */ .h)(id, { name: name ?? snapshot.name, status, billingValue, forecastValue })
        };
    }
    catch (error) {
        ctx.log(`runner job ${id}: what it cost could not be read: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .describeError */ .Uc)(error)}`);
        return { word, task: (0,_engine_wait_task_result_js__WEBPACK_IMPORTED_MODULE_2__/* .taskResult */ .h)(id, { name, status: word }) };
    }
}
/**
 * The result of a runner_stop or a runner_sweep: the jobs it stopped, each runner's state, what they cost
 * in all, and, when a job could not be stopped, a failure that names it (it may bill on).
 */
function stoppedResult(action, label, stopped, ctx) {
    const { tasks, states } = stopped;
    const failed = states.filter((state) => state.job.startsWith('not stopped'));
    const total = (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_8__/* .sumPoints */ .RN)(tasks.flatMap((task) => [task.billingValue ?? '0', task.forecastValue ?? '0']));
    const operation = action === 'stopped' ? 'runner_stop' : 'runner_sweep';
    return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .stepResult */ .GR)({ operation, calls: [], wait: undefined }, ctx, {
        tasks,
        parts: [
            (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_3__/* .reportEntry */ .jr)('selfHosted', {
                action,
                label,
                states,
                ...(total === undefined || tasks.length === 0 ? {} : { totalPoints: total }),
                failure: failed.length === 0
                    ? undefined
                    : `${failed.length} runner job(s) could not be stopped, and may bill on: ${failed.map((s) => s.taskId ?? s.name).join(', ')}`
            })
        ]
    });
}


/***/ }),

/***/ 6732:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runnerFlow: () => (/* binding */ runnerFlow)
});

// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./platform/operations/operation-table.ts + 1 modules
var operation_table = __webpack_require__(7059);
// EXTERNAL MODULE: ./deploy/engine/calls/step-result.ts
var step_result = __webpack_require__(5939);
// EXTERNAL MODULE: ./deploy/engine/flows/copying.ts
var copying = __webpack_require__(3044);
// EXTERNAL MODULE: ./deploy/engine/flows/toolkit.ts + 1 modules
var toolkit = __webpack_require__(445);
// EXTERNAL MODULE: ./deploy/engine/storage/check-copies.ts
var check_copies = __webpack_require__(9645);
// EXTERNAL MODULE: ./deploy/engine/dry-run.ts
var dry_run = __webpack_require__(60);
// EXTERNAL MODULE: ./deploy/engine/wait/task-result.ts
var task_result = __webpack_require__(5834);
// EXTERNAL MODULE: ./deploy/runners/runner-names.ts
var runner_names = __webpack_require__(1967);
// EXTERNAL MODULE: ./deploy/runners/runner-side.ts
var runner_side = __webpack_require__(912);
// EXTERNAL MODULE: ./platform/money.ts
var money = __webpack_require__(5786);
// EXTERNAL MODULE: ./platform/task-data.ts
var task_data = __webpack_require__(8998);
// EXTERNAL MODULE: ./deploy/engine/tasks/read-task.ts
var read_task = __webpack_require__(8242);
// EXTERNAL MODULE: ./deploy/engine/wait/diagnose.ts
var diagnose = __webpack_require__(2631);
// EXTERNAL MODULE: ./deploy/engine/wait/spending-cap.ts
var spending_cap = __webpack_require__(2550);
// EXTERNAL MODULE: ./deploy/engine/wait/billed-since.ts
var billed_since = __webpack_require__(9512);
;// CONCATENATED MODULE: ./deploy/runners/runner-wait.ts










/**
 * Waits until GitHub lists every runner online, reading each runner's platform job and GitHub's runners
 * every poll_interval, within wait_timeout. It fails, saying why, when a runner's job ends or fails before
 * its runner is online (the job's reason, and its failed pods' events and last log lines), when the jobs'
 * cost reaches max_cost, when a job cannot be read poll_error_budget times in a row, or when the time runs
 * out. No sleep passes the deadline.
 */
async function waitOnline(started, host, label, ctx) {
    const made = started.filter((one) => one.taskId !== undefined);
    let unread = 0;
    let said = '';
    let last = { tasks: [], states: [], failure: undefined };
    try {
        for (;;) {
            const readings = await readRound(made, host, label, ctx);
            last = { tasks: readings.map(taskOf), states: readings.map(stateOf), failure: undefined };
            unread = readings.some((r) => r.unread !== undefined) ? unread + 1 : 0;
            const verdict = await verdictOf(readings, last, unread, ctx);
            if (verdict !== undefined)
                return verdict;
            said = sayProgress(readings, last.states, said, ctx);
            if (ctx.runtime.cancelled())
                return { ...last, cancelled: true };
            const left = ctx.deadline - ctx.runtime.now();
            if (left <= 0) {
                const online = readings.filter((r) => r.listed?.online === true).length;
                return {
                    ...last,
                    failure: `${made.length - online} of ${made.length} runner(s) not online within wait_timeout (${(0,units/* formatDuration */.a3)(ctx.settings.wait.timeoutMs)})`
                };
            }
            await ctx.runtime.sleep(Math.min(ctx.settings.wait.intervalMs, left));
        }
    }
    catch (error) {
        // Cancelled: what the step made stays recorded for the post step, which stops it.
        if (!ctx.runtime.cancelled())
            throw error;
        return { ...last, cancelled: true };
    }
}
/**
 * What a round decides: a runner job that ended before its runner came online, the cost at max_cost, a job
 * unread poll_error_budget times in a row, or every runner online; undefined while the wait goes on.
 */
async function verdictOf(readings, last, unread, ctx) {
    const failed = readings.find((r) => r.detail !== undefined && jobEnded(r.detail.data) && r.listed?.online !== true);
    if (failed !== undefined)
        return failedJob(failed, [...last.tasks], [...last.states], ctx);
    const capped = await pastMaxCost(readings, ctx);
    if (capped !== undefined)
        return { ...last, failure: capped };
    if (unread >= ctx.settings.wait.pollErrorBudget)
        return {
            ...last,
            failure: `a runner job could not be read ${unread} times in a row: ${readings.find((r) => r.unread !== undefined)?.unread ?? ''}`
        };
    return readings.every((r) => r.listed?.online === true) ? last : undefined;
}
/** A progress line when what the runners show changed: how many are online, each one's state. */
function sayProgress(readings, states, said, ctx) {
    const online = readings.filter((r) => r.listed?.online === true).length;
    const line = `runner: ${online} of ${readings.length} online (${states.map((s) => `${s.name}: ${s.github}, job ${s.job}`).join('; ')})`;
    const left = Math.max(0, ctx.deadline - ctx.runtime.now());
    const spent = (0,spending_cap/* costPoints */.HU)(readings.map((r) => r.detail?.snapshot));
    const yuan = spent === undefined ? undefined : (0,money/* yuanOf */.xU)(spent);
    const cost = yuan === undefined ? '' : `, cost so far ${(0,money/* readableYuan */.o$)(yuan) ?? `${yuan} yuan`}`;
    const full = `${line}, ${(0,units/* formatDuration */.a3)(ctx.runtime.now() - ctx.startedAt)} elapsed (${(0,units/* formatDuration */.a3)(left)} left${cost})`;
    // A line at each change in the log; one each round where the host shows one (a terminal).
    if (line !== said)
        ctx.log(full);
    else
        ctx.runtime.progress?.(full);
    return line;
}
/** One round: each runner job's detail, then GitHub's runners of the label. */
async function readRound(made, host, label, ctx) {
    const details = await Promise.all(made.map(async (one) => {
        try {
            return { detail: await (0,read_task/* readDetailOnce */.fJ)(one.taskId, ctx), unread: undefined };
        }
        catch (error) {
            return { detail: undefined, unread: `job ${one.taskId}: ${(0,failures/* describeError */.Uc)(error)}` };
        }
    }));
    let listed = [];
    try {
        listed = await host.list(label);
    }
    catch (error) {
        ctx.log(`runner: GitHub's runners could not be read: ${(0,failures/* describeError */.Uc)(error)}`);
    }
    return made.map((one, i) => ({
        one,
        detail: details[i]?.detail,
        unread: details[i]?.unread,
        listed: listed.find((runner) => runner.name === one.name)
    }));
}
/** Whether a runner's job ended (its run, or stopped): a runner not yet online will never be. */
function jobEnded(data) {
    const facts = (0,task_data/* jobFactsOf */.ah)(data);
    return facts.runEnded || facts.stopped || (0,task_data/* jobFailureReason */.Ig)(data) !== undefined;
}
/** A runner job that ended before its runner came online: its reason and its failed pods, read. */
async function failedJob(reading, tasks, states, ctx) {
    const { one, detail } = reading;
    const data = detail?.data;
    const facts = (0,task_data/* jobFactsOf */.ah)(data);
    const reason = (0,task_data/* jobFailureReason */.Ig)(data) ??
        `its job ended (${facts.status ?? detail?.snapshot.status ?? 'unknown'}) before its runner came online`;
    const diagnostics = await (0,diagnose/* diagnose */.h4)(one.taskId, data, ctx, {
        ...diagnose/* DIAGNOSTICS */.Z7,
        nodes: 'failed',
        logs: ctx.settings.wait.logLines > 0
    });
    const withWhy = tasks.map((task) => task.id === one.taskId
        ? { ...task, verdict: 'failed', message: reason, diagnostics: { ...diagnostics, reason } }
        : task);
    // What its container said (the runner's own error, its exit code) says more than the job's counts.
    const problem = diagnostics.nodes.find((node) => node.problem !== undefined)?.problem;
    return {
        tasks: withWhy,
        states,
        failure: `${one.name}: its job ended before its runner came online: ${(0,safe_text/* sanitize */.aj)(problem ?? reason, 500)}`
    };
}
/** The steps that said their cap is held to the billing records: said once a step. */
const heldToBills = new WeakSet();
/**
 * Why the runners' jobs stop at max_cost, once what they cost reaches it: by their details, and, for a
 * detail that says no cost, by the platform's billing records since the step started. Records that cannot
 * be read stop them too: the cap is never held blind (it fails closed, as every wait's does).
 */
async function pastMaxCost(readings, ctx) {
    const cap = ctx.settings.maxCost;
    if (cap === undefined)
        return undefined;
    const said = readings.filter((r) => r.detail !== undefined && (0,spending_cap/* saysCost */.Uz)(r.detail.snapshot));
    const silent = readings.filter((r) => r.detail !== undefined && !(0,spending_cap/* saysCost */.Uz)(r.detail.snapshot));
    let billed = '0';
    if (silent.length > 0) {
        if (!heldToBills.has(ctx)) {
            heldToBills.add(ctx);
            ctx.log(`cost: the runner jobs' details say neither billing_value nor forecast_value: max_cost ${cap} yuan is held to the platform's billing records from now on (booked every 5 minutes, so they lag the use by up to that)`);
        }
        try {
            billed = await (0,billed_since/* billedSince */.p)(silent.map((r) => r.one.taskId), ctx);
        }
        catch (error) {
            return `max_cost ${cap} yuan cannot be held: the runner jobs' details say no cost, and their billing records could not be read (${(0,failures/* describeError */.Uc)(error)})`;
        }
    }
    const spent = (0,money/* sumPoints */.RN)([(0,spending_cap/* costPoints */.HU)(said.map((r) => r.detail?.snapshot)) ?? '0', billed]) ?? '0';
    if (((0,money/* compareDecimals */.YL)(spent, (0,spending_cap/* pointsOf */.XE)(cap)) ?? -1) < 0)
        return undefined;
    return `the runner jobs have cost ${(0,money/* readablePoints */.aR)(spent)}, which reaches max_cost ${cap} yuan`;
}
function taskOf(reading) {
    const snapshot = reading.detail?.snapshot;
    return (0,task_result/* taskResult */.h)(reading.one.taskId, {
        name: reading.one.name,
        status: snapshot?.status,
        billingValue: snapshot?.billingValue,
        forecastValue: snapshot?.forecastValue,
        data: reading.detail?.data,
        raw: reading.detail?.raw
    });
}
function stateOf(reading) {
    const status = reading.detail === undefined
        ? 'unread'
        : ((0,task_data/* jobFactsOf */.ah)(reading.detail.data).status ?? reading.detail.snapshot.status ?? 'unknown');
    return {
        name: reading.one.name,
        taskId: reading.one.taskId,
        github: reading.listed === undefined ? 'not listed' : (0,safe_text/* sanitize */.aj)(reading.listed.status, 20),
        job: (0,safe_text/* sanitize */.aj)(status, 20)
    };
}

;// CONCATENATED MODULE: ./deploy/runners/runner.ts















/**
 * GPU runners for a workflow's job (operation: runner), as one story: the event is checked (a fork's code
 * never gets a self-hosted runner unless allowed), each runner is registered with GitHub for one job and
 * started as a platform job of the runner image, its configuration in its container's env only; the step
 * waits until GitHub lists every runner online, and hands them over. A runner job that fails, or a runner
 * that does not come online in time, stops every runner job the step made and removes its runners: the
 * step fails saying why. A runner handed over takes one job and exits, and its platform job ends with it;
 * runner_timeout ends one that never got a job. The post step stops what the step made and did not hand
 * over (it failed, or was cancelled).
 */
const runnerFlow = {
    plan: (settings) => {
        const taskName = settings.taskName;
        if (taskName === undefined)
            throw new input_error/* InputError */.d("task_name is empty, but runner names its runners after it: set task_name to a short word, such as gpu (the runners' label is gpu-<run id>-<attempt>)");
        const support = { timeoutSec: Math.round(settings.selfHosted.timeoutMs / 1000) };
        (0,runner_names/* checkRunnerBody */.FS)(settings.body, support);
        (0,check_copies/* checkCopies */.aV)(settings);
        // The create of one runner, planned now with the runners' form, so that every input is checked first.
        const plan = runnerPlan(settings, `${taskName}-1-1-1`, (0,runner_names/* runnerBody */.Tk)(settings.body, 'checked', support));
        return {
            // The checked create, so that the step's checks of a create (gpu, resources, preheat) hold for it.
            plan,
            cleanup: (0,toolkit/* cleanupOf */.Au)({ ...settings, cleanup: 'stop' }),
            run: (ctx) => runRunners(taskName, ctx, plan),
            dryRun: (ctx) => dryRunRunners(taskName, ctx, plan)
        };
    }
};
/** The plan of one runner's create: a job's create, under the runner's name, with its body. */
function runnerPlan(settings, name, body) {
    const runnerSettings = { ...settings, taskName: name, body };
    return {
        operation: 'runner',
        calls: [(0,calls/* callFor */.gL)(runnerSettings, 'job', operation_table/* OPERATION_TABLE */.jL.runner, undefined)],
        wait: undefined
    };
}
async function runRunners(taskName, ctx, checked) {
    // 1. GitHub, and the event: a fork's pull request, or pull_request_target, starts nothing unless allowed.
    const host = await (0,runner_side/* openRunners */.uC)(ctx);
    (0,runner_names/* checkTrusted */.E4)(host.run, ctx.settings.selfHosted.allowUntrusted);
    const label = (0,runner_names/* runnerLabel */.Fx)(taskName, host.run);
    const names = (0,runner_names/* runnerNames */.Hh)(label, ctx.settings.selfHosted.count);
    ctx.log(`runner: ${names.length} runner(s) labeled ${label} for ${host.scopeText}, each a platform job of at most ${(0,units/* formatDuration */.a3)(ctx.settings.selfHosted.timeoutMs)}`);
    // 2. The data, copied into its volumes first: no GPU bills while it copies.
    const copiedIn = await (0,copying/* timedCopying */.ZH)(checked, ctx, 'in');
    if (copiedIn.failed !== undefined)
        return (0,copying/* withCopies */.ED)(copiedIn.failed, copiedIn.copies);
    // 3. Each runner registered, then started: its configuration goes to its job's container env only.
    const started = [];
    let runCtx = ctx;
    for (const name of names) {
        // Cancelled: no runner more is registered or made; what was made stays for the post step.
        if (ctx.runtime.cancelled())
            return (0,copying/* withCopies */.ED)(cancelled(started, { tasks: [], states: [], failure: undefined }, label, ctx, 'starting the runners'), copiedIn.copies);
        // One preheat, the first runner's: it warms where the runners are placed, for all of them.
        const preheated = started.length === 0 ? runCtx : withoutPreheat(runCtx);
        const { next, ...one } = await startRunner(name, label, host, preheated);
        runCtx = next;
        started.push(one);
        if (one.failure !== undefined)
            return (0,copying/* withCopies */.ED)(await (0,runner_side/* failRunners */.a)(started, one.failure, host, label, ctx), copiedIn.copies);
    }
    // 4. Until GitHub lists every runner online; a runner job that ends or fails first fails the step.
    const waited = await waitOnline(started, host, label, ctx);
    if (waited.cancelled === true)
        return (0,copying/* withCopies */.ED)(cancelled(started, waited, label, ctx), copiedIn.copies);
    if (waited.failure !== undefined)
        return (0,copying/* withCopies */.ED)(await (0,runner_side/* failRunners */.a)(started, waited.failure, host, label, ctx, waited.tasks), copiedIn.copies);
    // 5. Handed over: each runner runs on for its one job, so the post step stops none of them, nor takes
    //    one for a create that may land late (a job of its name found later is a twin: it is stopped).
    handOver(started, ctx);
    ctx.log(`runner: ${names.length} runner(s) online, labeled ${label}: runs-on: ["self-hosted", "${label}"]; each takes one job, and its platform job ends with it`);
    return (0,copying/* withCopies */.ED)((0,toolkit/* stepResult */.GR)(checked, ctx, {
        calls: started.flatMap((one) => one.calls),
        tasks: waited.tasks,
        parts: [
            (0,step_result/* reportEntry */.jr)('selfHosted', { action: 'started', label, states: waited.states, failure: undefined })
        ]
    }), copiedIn.copies);
}
/**
 * The runners handed over, taken out of what the post step finishes: out of the tasks created, and, where
 * a create of one may still land, counted among the tasks of its name that the post step never touches.
 */
function handOver(started, ctx) {
    const ids = started.flatMap((one) => (one.taskId === undefined ? [] : [one.taskId]));
    const { lookup } = ctx.cleanup.state();
    ctx.cleanup.update({
        created: ctx.cleanup.state().created.filter((id) => !ids.includes(id)),
        registrations: [],
        ...(lookup === undefined
            ? {}
            : { lookup: { ...lookup, existingIds: [...new Set([...lookup.existingIds, ...ids])] } })
    });
}
/**
 * The step was cancelled (while it waited, or between two runners): what it made stays recorded for the
 * post step, which stops it (this step's requests are cancelled with it); what is known is written.
 */
function cancelled(started, waited, label, ctx, doing = 'waiting for the runners to come online') {
    const after = (0,units/* formatDuration */.a3)(ctx.runtime.now() - ctx.startedAt);
    return (0,toolkit/* stepResult */.GR)({ operation: 'runner', calls: [], wait: undefined }, ctx, {
        calls: started.flatMap((one) => one.calls),
        tasks: waited.tasks.length > 0
            ? waited.tasks
            : started.flatMap((one) => one.taskId === undefined ? [] : [(0,task_result/* taskResult */.h)(one.taskId, { name: one.name })]),
        parts: [
            (0,step_result/* reportEntry */.jr)('selfHosted', {
                action: 'started',
                label,
                states: waited.states,
                failure: `cancelled after ${after} while ${doing}: the post step stops the runner jobs this step made`
            })
        ]
    });
}
/** The context of a runner's create after the first: no preheat again. */
function withoutPreheat(ctx) {
    const { preheat } = ctx.settings;
    return preheat.mode === 'none'
        ? ctx
        : { ...ctx, settings: { ...ctx.settings, preheat: { ...preheat, mode: 'none' } } };
}
/** Registers one runner with GitHub, then starts its platform job; what failed, if anything did. */
async function startRunner(name, label, host, ctx) {
    let jit;
    try {
        jit = await host.register(name, [label, ...ctx.settings.selfHosted.labels]);
    }
    catch (error) {
        return {
            name,
            runnerId: undefined,
            taskId: undefined,
            calls: [],
            next: ctx,
            failure: `GitHub did not register runner ${name}: ${(0,failures/* describeError */.Uc)(error)}`
        };
    }
    // Recorded at once: a step that fails or is cancelled from here on leaves it for the post step to remove.
    const { registrations } = ctx.cleanup.state();
    ctx.cleanup.update({
        registrations: [...registrations, { id: jit.runnerId, name, scope: ctx.settings.selfHosted.scope }]
    });
    ctx.log(`runner ${name}: registered with GitHub (runner id ${jit.runnerId}), starting its platform job`);
    const support = { timeoutSec: Math.round(ctx.settings.selfHosted.timeoutMs / 1000) };
    const planFor = (settings) => runnerPlan(settings, name, (0,runner_names/* runnerBody */.Tk)(settings.body, jit.encodedJitConfig, support));
    let calls = await (0,toolkit/* startCalls */.eS)(planFor(ctx.settings), ctx);
    let next = ctx;
    // Spot or on demand, chosen as a job's (spot_fallback): a Spot runner still Queued past queue_timeout is
    // stopped until it bills no more, then made on demand with the same configuration (its runner never
    // started); the runners after it are made on demand too.
    if (ctx.settings.spotFallback !== undefined)
        ({ calls, ctx: next } = await (await Promise.all(/* import() */[__webpack_require__.e(832), __webpack_require__.e(327), __webpack_require__.e(529), __webpack_require__.e(993)]).then(__webpack_require__.bind(__webpack_require__, 2374))).spotOrOnDemand(calls, ctx, planFor));
    const [task] = (0,toolkit/* tasksOf */.a4)(calls, next, () => []);
    const failed = calls.find((outcome) => outcome.error !== undefined);
    return {
        name,
        runnerId: jit.runnerId,
        taskId: task?.id,
        calls,
        next,
        failure: failed?.error === undefined && task !== undefined
            ? undefined
            : `the platform job of runner ${name} was not made: ${(0,safe_text/* sanitize */.aj)(failed?.error === undefined ? 'its create answered no task' : (0,failures/* describeError */.Uc)(failed.error), 500)}`
    };
}
/** What the step would do: no runner is registered and nothing is made. */
async function dryRunRunners(taskName, ctx, checked) {
    const count = ctx.settings.selfHosted.count;
    (0,copying/* sayCopies */.$n)(ctx);
    (0,dry_run/* printRequests */.s)(checked, ctx);
    ctx.log(`dry run: ${count} runner(s) named ${taskName}-<run id>-<attempt>-<n> would be registered with GitHub and started as platform jobs of at most ${(0,units/* formatDuration */.a3)(ctx.settings.selfHosted.timeoutMs)}, each with its configuration in its container's env (not shown); nothing is registered or made`);
    return Promise.resolve((0,toolkit/* stepResult */.GR)(checked, ctx, {}));
}


/***/ })

};
