export const id = 77;
export const ids = [77];
export const modules = {

/***/ 2077:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   nodeReadsFlow: () => (/* binding */ nodeReadsFlow)
/* harmony export */ });
/* harmony import */ var _basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5833);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6218);
/* harmony import */ var _engine_wait_diagnose_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2631);
/* harmony import */ var _engine_tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8258);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(445);





/** Nodes the logs and events operations read of each task, at the most. */
const NODES_READ = 10;
/** Each task's detail, then the service logs or the events of each of its nodes (up to 10). */
function nodeReadsFlow(read) {
    const scope = {
        nodes: 'all',
        maxNodes: NODES_READ,
        events: read === 'events',
        logs: read === 'logs'
    };
    return {
        plan: (settings) => {
            const plan = (0,_platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .planCalls */ .j)(settings);
            return {
                plan,
                cleanup: (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .cleanupOf */ .Au)(settings),
                run: async (ctx) => {
                    const calls = await (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .startCalls */ .eS)(plan, ctx);
                    const tasks = await (0,_basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__/* .mapLimit */ .s)((0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .tasksOf */ .a4)(calls, ctx, (0,_engine_tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_3__/* .urlPublisher */ .Cv)(ctx)), ctx.settings.concurrency, async (task) => task.verdict === 'done'
                        ? { ...task, diagnostics: await (0,_engine_wait_diagnose_js__WEBPACK_IMPORTED_MODULE_4__/* .diagnose */ .h4)(task.id, task.data, ctx, scope) }
                        : task);
                    return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .stepResult */ .GR)(plan, ctx, { calls, tasks, nodeReads: read });
                },
                dryRun: (ctx) => (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .printDryRun */ .AG)(plan, ctx)
            };
        }
    };
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


/***/ })

};
