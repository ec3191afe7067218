export const id = 587;
export const ids = [587];
export const modules = {

/***/ 7766:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   XV: () => (/* binding */ readNodeList),
/* harmony export */   h4: () => (/* binding */ diagnose)
/* harmony export */ });
/* unused harmony export DIAGNOSTICS */
/* harmony import */ var _basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5833);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2212);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9817);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7258);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6539);
/* harmony import */ var _pages_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4750);
/* harmony import */ var _nodes_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6715);








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
        nodes = await readNodeList(taskId, ctx);
    }
    catch (error) {
        return {
            taskId,
            nodes: [],
            moreNodes: 0,
            notRunningNodes: 0,
            runningNodes: 0,
            unread: [`the node list: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_0__/* .describeError */ .Uc)(error)}`]
        };
    }
    const stuck = nodes.filter((node) => (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(node.status) !== 'Running' || (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .failingNode */ .dP)({ results: [node] }, 1) !== undefined);
    const chosen = scope.nodes === 'all' ? nodes : stuck;
    const shown = await (0,_basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__/* .mapLimit */ .s)(chosen.slice(0, scope.maxNodes), settings.concurrency, (node) => nodeDiagnostics(taskId, node, serviceNames(taskData), ctx, scope));
    return {
        taskId,
        nodes: shown,
        moreNodes: Math.max(0, chosen.length - scope.maxNodes),
        notRunningNodes: stuck.length,
        runningNodes: nodes.length - stuck.length,
        unread: []
    };
}
/** Every node of a task, across the pages of its node list. */
async function readNodeList(taskId, ctx) {
    const { results } = await (0,_pages_js__WEBPACK_IMPORTED_MODULE_3__/* .readAllPages */ .s$)(`the node list of task ${taskId}`, (page) => (0,_platform_operations_js__WEBPACK_IMPORTED_MODULE_4__/* .nodesCall */ .ap)(ctx.settings, taskId, page), ctx.send, (node) => ((0,_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(node) ? ((0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(node.point_id) ?? (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_6__/* .toCompactJson */ .ZJ)(node)) : (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_6__/* .toCompactJson */ .ZJ)(node)));
    return results.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u);
}
async function nodeDiagnostics(taskId, node, services, ctx, scope) {
    const pointId = (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(node.point_id) ?? 'unknown';
    const unread = [];
    const problem = (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .failingNode */ .dP)({ results: [node] }, 1);
    let events = [];
    if (scope.events) {
        try {
            const { result } = await ctx.send((0,_platform_operations_js__WEBPACK_IMPORTED_MODULE_4__/* .nodeEventsCall */ .eW)(ctx.settings, pointId));
            const list = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(result.data) && Array.isArray(result.data.events) ? result.data.events : [];
            events = list
                .filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)
                .slice(-MAX_EVENTS)
                .map((event) => ({
                time: (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(event.event_time) ?? '',
                type: (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(event.type) ?? '',
                reason: (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(event.reason) ?? '',
                message: (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_7__/* .sanitize */ .a)(typeof event.message === 'string' ? event.message : '', MAX_LINE),
                service: (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(event.service) ?? ''
            }));
        }
        catch (error) {
            unread.push(`events: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_0__/* .describeError */ .Uc)(error)}`);
        }
    }
    const logs = [];
    if (scope.logs && ctx.settings.wait.logLines > 0) {
        for (const [serviceId, service] of containerServices(node, services)) {
            try {
                const { result } = await ctx.send((0,_platform_operations_js__WEBPACK_IMPORTED_MODULE_4__/* .nodeLogCall */ .fJ)(ctx.settings, taskId, pointId, serviceId));
                const raw = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(result.data) && typeof result.data.logs === 'string' ? result.data.logs : '';
                logs.push({ service, ...(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_7__/* .lastLines */ .w)(raw, ctx.settings.wait.logLines, MAX_LINE) });
            }
            catch (error) {
                unread.push(`the log of ${service}: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_0__/* .describeError */ .Uc)(error)}`);
            }
        }
    }
    return {
        pointId,
        status: (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(node.status) ?? 'unknown',
        problem: problem === undefined ? undefined : (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .describeNodeProblem */ .BD)(problem),
        events,
        logs,
        unread
    };
}
/** service_id -> service_name, from the task detail's services[]. */
function serviceNames(taskData) {
    const services = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(taskData) && Array.isArray(taskData.services) ? taskData.services : [];
    return new Map(services.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u).flatMap((s) => {
        const id = (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(s.service_id);
        return id === undefined ? [] : [[id, (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(s.service_name) ?? id]];
    }));
}
/**
 * The services whose logs a node has, by service_id: its containers name their service (the platform's
 * node list carries no service_id), which the task's services[] map to an id; a container that names no
 * service (the reference allows null) leaves every service of the task to read.
 */
function containerServices(node, services) {
    const byName = new Map([...services].map(([id, name]) => [name, id]));
    const containers = (Array.isArray(node.containers) ? node.containers : []).filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u);
    const ids = containers.map((c) => (0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(c.service_id) ?? byName.get((0,_nodes_js__WEBPACK_IMPORTED_MODULE_1__/* .fieldText */ .gF)(c.service_name) ?? ''));
    if (ids.length === 0 || ids.some((id) => id === undefined))
        return new Map(services);
    return new Map(ids.map((id) => [id, services.get(id) ?? id]));
}


/***/ }),

/***/ 9502:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $$: () => (/* binding */ healthDeps),
/* harmony export */   Ns: () => (/* binding */ checkHealth)
/* harmony export */ });
/* unused harmony exports healthUrl, isAccepted */
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2589);
/* harmony import */ var _platform_client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5619);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3035);



/**
 * The checks as a step makes them: through its runtime's client (http:// or https://), on its clocks,
 * into its log. Only a network failure (refused, reset, timed out, TLS) may pass with time.
 */
function healthDeps(ctx) {
    const { runtime } = ctx;
    return {
        probe: runtime.probe,
        now: runtime.now,
        sleep: runtime.sleep,
        log: ctx.log,
        describeError: _platform_failures_js__WEBPACK_IMPORTED_MODULE_0__/* .describeError */ .Uc,
        isFinal: (error) => !(error instanceof _platform_client_js__WEBPACK_IMPORTED_MODULE_1__/* .TransportError */ .wX)
    };
}
/** The first wait between checks of a URL; each next one twice as long, up to the poll interval. */
const FIRST_DELAY_MS = 1000;
/**
 * Checks that the app behind each URL answers: GET `<url><path>` until it answers an accepted status,
 * waiting 1 s, 2 s, 4 s... (at most `intervalMs`) between checks, and never past `deadline`. Answers
 * undefined when every URL is healthy, or why one is not: the URL and its last status or error.
 */
async function checkHealth(urls, health, limits, deps) {
    const problems = await Promise.all(urls.map((url) => checkOne(healthUrl(url, health.path), health, limits, deps)));
    return problems.find((problem) => problem !== undefined);
}
/** The URL to check: the service URL and the path, with one slash between them. */
function healthUrl(url, path) {
    return `${url.replace(/\/+$/, '')}${path}`;
}
function isAccepted(status, accepted) {
    return accepted.some(([low, high]) => status >= low && status <= high);
}
async function checkOne(url, health, limits, deps) {
    let delay = FIRST_DELAY_MS;
    let last = '';
    for (;;) {
        let said;
        try {
            const status = await deps.probe(url);
            if (isAccepted(status, health.accepted)) {
                deps.log(`health: ${url} answered HTTP ${status} after ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(deps.now() - limits.startedAt)}: healthy`);
                return undefined;
            }
            said = `HTTP ${status}`;
        }
        catch (error) {
            said = deps.describeError(error);
            if (deps.isFinal(error))
                return `the health check of ${url} cannot be made: ${said}`;
        }
        if (said !== last)
            deps.log(`health: ${url} answered ${said} after ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(deps.now() - limits.startedAt)}`);
        last = said;
        const left = limits.deadline - deps.now();
        if (left <= 0)
            return `the health check of ${url} did not pass within wait_timeout: its last answer was ${said}`;
        await deps.sleep(Math.min(delay, left));
        delay = Math.min(delay * 2, Math.max(FIRST_DELAY_MS, limits.intervalMs));
    }
}


/***/ }),

/***/ 6715:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   BD: () => (/* binding */ describeNodeProblem),
/* harmony export */   EJ: () => (/* binding */ failingNodes),
/* harmony export */   dP: () => (/* binding */ failingNode),
/* harmony export */   gF: () => (/* binding */ fieldText)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2212);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9817);
/* harmony import */ var lossless_json__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3201);



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
/** Every node of a node list that will not come up, as failingNode judges each one. */
function failingNodes(page, maxRestarts) {
    const nodes = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(page) && Array.isArray(page.results) ? page.results : [];
    return nodes.flatMap((node) => {
        const problem = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(node) ? problemOf(node, maxRestarts) : undefined;
        return problem === undefined ? [] : [problem];
    });
}
function problemOf(node, maxRestarts) {
    const status = fieldText(node.status) ?? 'unknown';
    const containers = (Array.isArray(node.containers) ? node.containers : []).filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u);
    const restarts = Math.max(restartsOf(node) ?? 0, ...containers.map((c) => restartsOf(c) ?? 0));
    const restarting = maxRestarts > 0 && restarts >= maxRestarts;
    if (status !== 'Failed' && !restarting)
        return undefined;
    // The container that says why: the one restarted most, else one with a reason, else the first.
    const container = containers.find((c) => restarts > 0 && restartsOf(c) === restarts) ??
        containers.find((c) => fieldText(c.reason) !== undefined) ??
        containers[0];
    return {
        pointId: fieldText(node.point_id) ?? 'unknown',
        status,
        service: container === undefined ? undefined : (fieldText(container.service_name) ?? fieldText(container.name)),
        reason: container === undefined ? undefined : fieldText(container.reason),
        exitCode: container === undefined ? undefined : fieldText(container.exit_code),
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
/** The restart count of a node (describe_dto.restart_count) or of a container that carries one. */
function restartsOf(item) {
    const dto = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(item.describe_dto) ? item.describe_dto : {};
    const value = dto.restart_count ?? item.restart_count;
    const n = (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value) ? Number(value.toString()) : value;
    return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}
/** A field as short, safe text: a string, or a number as written; undefined when absent or empty. */
function fieldText(value) {
    const raw = typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'bigint' || (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value)
            ? String(value)
            : undefined;
    return raw === undefined || raw.trim() === '' ? undefined : (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__/* .sanitize */ .a)(raw, 80);
}


/***/ })

};
