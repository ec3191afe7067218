export const id = 677;
export const ids = [677];
export const modules = {

/***/ 6417:
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

/***/ 9941:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* binding */ servicesDiffer),
/* harmony export */   IC: () => (/* binding */ imagesOf),
/* harmony export */   QV: () => (/* binding */ configurationOf),
/* harmony export */   VU: () => (/* binding */ diffConfigurations),
/* harmony export */   YF: () => (/* binding */ applyChanges),
/* harmony export */   ek: () => (/* binding */ checkChanges)
/* harmony export */ });
/* harmony import */ var lossless_json__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3201);
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(629);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2212);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9817);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6539);
/* harmony import */ var _secret_fields_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8064);






/** Detail fields the platform fills itself (statuses and counters): posted back as given, never changed. */
const FILLED_BY_PLATFORM = ['status', 'runing_points', 'billing_points', 'billing_value', 'forecast_value'];
/**
 * Write-only fields: taken by a create, never answered by a query, and (the reference says) not to be
 * updated after creation.
 */
const WRITE_ONLY = ['repository_username', 'repository_password'];
/** Fields an update body may not set: the task's identity, and what the platform fills or never updates. */
const NOT_CHANGEABLE = ['task_id', 'task_type', ...FILLED_BY_PLATFORM];
/**
 * The configuration in a task's detail, structure unchanged: every field it gives, the platform's own
 * (statuses, counters, the service URLs) included, but the write-only ones (null in a detail; posting
 * null back could clear them).
 */
function configurationOf(detail) {
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(detail) || !Array.isArray(detail.services))
        throw new Error('the task detail carries no services list, so its configuration cannot be read');
    return Object.fromEntries(Object.entries(detail).filter(([name]) => !WRITE_ONLY.includes(name)));
}
/**
 * Checks an update's body (a partial configuration) before anything is sent: not empty, no write-only
 * field, nothing the platform fills, and services as a list of objects each naming its service_name.
 */
function checkChanges(changes) {
    if (Object.keys(changes).length === 0) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d('body is empty, but update needs the changes: set body to the fields to change, such as {services: [{service_name: web, service_image: "app:2"}]}');
    }
    const writeOnly = writeOnlyPaths(changes);
    if (writeOnly.length > 0) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`body sets ${writeOnly.join(', ')}, which the platform takes only when a task is created (write-only) and cannot change after: remove it, and create a new task (replace) to change the registry credentials`);
    }
    for (const name of Object.keys(changes).filter((n) => NOT_CHANGEABLE.includes(n)))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`body sets ${name}, which an update cannot change: remove it (the task is chosen by task_id or task_name)`);
    const { services } = changes;
    if (services === undefined)
        return;
    if (!Array.isArray(services))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d('body services is not a list: write it as a list of {service_name: ..., <changes>}');
    services.forEach((service, index) => {
        if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) || typeof service.service_name !== 'string' || service.service_name === '')
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`body services[${index}] names no service_name: each changed service is matched by its service_name`);
    });
}
/**
 * The configuration with the changes applied: each top-level field given replaces the task's; each
 * service given is matched by service_name and the fields it gives replace that service's.
 */
function applyChanges(configuration, changes) {
    const { services: changedServices, ...fields } = changes;
    const services = Array.isArray(configuration.services) ? configuration.services : [];
    const names = services.map((s) => ((0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(s) ? String(s.service_name) : ''));
    const byName = new Map();
    for (const change of Array.isArray(changedServices) ? changedServices.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u) : []) {
        const name = String(change.service_name);
        if (!names.includes(name)) {
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`body services names ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .h)((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(name, 60))}, but the task has no such service: use one of ${names.map((n) => (0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .h)((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(n, 60))).join(', ')}`);
        }
        byName.set(name, { ...byName.get(name), ...change });
    }
    return {
        ...configuration,
        ...fields,
        services: services.map((service) => {
            const change = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) ? byName.get(String(service.service_name)) : undefined;
            return change === undefined || !(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) ? service : { ...service, ...change };
        })
    };
}
/**
 * Every field that differs between two configurations, by path (services by name:
 * `services[web].service_image`); a field under a secret-looking name, and every env, is shown redacted.
 */
function diffConfigurations(before, after) {
    return diffValues(settable(before), settable(after), [], false);
}
/**
 * What of a configuration a task is set to: all but what the platform fills itself (statuses, counters,
 * the service URLs), which an update posts back as given and never changes.
 */
function settable(configuration) {
    const services = Array.isArray(configuration.services) ? configuration.services : [];
    return {
        ...Object.fromEntries(Object.entries(configuration).filter(([name]) => !FILLED_BY_PLATFORM.includes(name))),
        services: services.map((service) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) && Array.isArray(service.remote_ports)
            ? {
                ...service,
                remote_ports: service.remote_ports.map((port) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(port) ? withoutField(port, 'url') : port)
            }
            : service)
    };
}
/** The images of each service, by service name, as a configuration sets them. */
function imagesOf(configuration) {
    const services = Array.isArray(configuration.services) ? configuration.services.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u) : [];
    return new Map(services.map((s) => [String(s.service_name), String(s.service_image)]));
}
/** Whether the configurations' services differ (the nodes must then be replaced to serve the new one). */
function servicesDiffer(before, after) {
    return !same(settable(before).services, settable(after).services);
}
/** Whether two JSON values (or absent ones) are the same, numbers compared as written. */
function same(a, b) {
    return a === undefined || b === undefined ? a === b : (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_4__/* .toCompactJson */ .ZJ)(a) === (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_4__/* .toCompactJson */ .ZJ)(b);
}
/** Fields whose values are never shown: credentials by name, and env (it holds an app's secrets). */
function hidden(name) {
    return name === 'env' || (0,_secret_fields_js__WEBPACK_IMPORTED_MODULE_5__/* .isSecretName */ .eh)(name);
}
function diffValues(before, after, path, secret) {
    if (same(before, after))
        return [];
    const here = path.join('.');
    if (!secret && isObject(before) && isObject(after)) {
        const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
        return names.flatMap((name) => diffValues(before[name], after[name], [...path, name], hidden(name)));
    }
    if (!secret && here === 'services' && Array.isArray(before) && Array.isArray(after))
        return diffServices(before, after);
    const show = (value) => value === undefined ? '(none)' : secret ? _secret_fields_js__WEBPACK_IMPORTED_MODULE_5__/* .REDACTED */ .XF : (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)((0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_4__/* .toCompactJson */ .ZJ)((0,_secret_fields_js__WEBPACK_IMPORTED_MODULE_5__/* .redactFields */ .$F)(value)), 200);
    return [{ path: here, before: show(before), after: show(after) }];
}
/** Services compared by name: a field of one, or a service added or taken away. */
function diffServices(before, after) {
    const named = (list) => new Map(list.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u).map((s) => [String(s.service_name), s]));
    const [old, now] = [named(before), named(after)];
    const names = [...new Set([...old.keys(), ...now.keys()])];
    return names.flatMap((name) => diffValues(old.get(name), now.get(name), [`services[${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(name, 60)}]`], false));
}
/** A JSON object, not a number kept exact (lossless-json's numbers are objects too). */
function isObject(value) {
    return (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(value) && !(0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value);
}
function writeOnlyPaths(changes) {
    return WRITE_ONLY.filter((name) => name in changes);
}
function withoutField(record, field) {
    return Object.fromEntries(Object.entries(record).filter(([name]) => name !== field));
}


/***/ }),

/***/ 7659:
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

/***/ 4273:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ld: () => (/* binding */ holdsConfiguration),
/* harmony export */   Tx: () => (/* binding */ runningOf),
/* harmony export */   XV: () => (/* binding */ readNodeList),
/* harmony export */   gv: () => (/* binding */ readTask),
/* harmony export */   on: () => (/* binding */ readDetail),
/* harmony export */   pc: () => (/* binding */ readNodeLog),
/* harmony export */   qk: () => (/* binding */ pointOf),
/* harmony export */   tc: () => (/* binding */ pointIds)
/* harmony export */ });
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8998);
/* harmony import */ var _configuration_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9941);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2116);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2212);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6539);
/* harmony import */ var _platform_node_data_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(965);
/* harmony import */ var _read_all_pages_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7660);









/** Reads a task's detail, retried while a failure may pass. */
async function readDetail(taskId, ctx) {
    const { result, raw } = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .s)(`detail of task ${taskId}`, ctx.retries, () => ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .detailCall */ .cV)(ctx.settings, taskId)));
    return { data: result.data, raw, snapshot: (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .snapshotOf */ .eY)(result.data, ctx.settings.wait.statusField) };
}
/** Reads a task's detail and its node list, each retried while a failure may pass. */
async function readTask(taskId, ctx) {
    const detail = await readDetail(taskId, ctx);
    const nodes = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .s)(`nodes of task ${taskId}`, ctx.retries, () => readNodeList(taskId, ctx));
    return { ...detail, nodes };
}
/**
 * Whether the task's configuration is `configuration`, as its detail says now (what a change whose
 * answer was a refusal left); an unreadable detail is not known to hold it.
 */
async function holdsConfiguration(taskId, configuration, ctx) {
    try {
        const now = (0,_configuration_js__WEBPACK_IMPORTED_MODULE_3__/* .configurationOf */ .QV)((await readDetail(taskId, ctx)).data);
        return (0,_configuration_js__WEBPACK_IMPORTED_MODULE_3__/* .diffConfigurations */ .VU)(configuration, now).length === 0;
    }
    catch {
        return false;
    }
}
/** The point ids of the nodes. */
function pointIds(nodes) {
    return new Set(nodes.map(pointOf).filter((id) => id !== ''));
}
/** How many nodes run, as the task's detail says (runing_points), when it says. */
function runningOf(snapshot) {
    return snapshot?.nodes?.running;
}
/** Every node of a task, across the pages of its node list. */
async function readNodeList(taskId, ctx) {
    const { results } = await (0,_read_all_pages_js__WEBPACK_IMPORTED_MODULE_4__/* .readAllPages */ .s$)(`the node list of task ${taskId}`, (page) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .nodesCall */ .ap)(ctx.settings, taskId, page), ctx.send, (node) => ((0,_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(node) ? ((0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_6__/* .fieldText */ .gF)(node.point_id) ?? (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_7__/* .toCompactJson */ .ZJ)(node)) : (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_7__/* .toCompactJson */ .ZJ)(node)));
    return results.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u);
}
/** A service's log on a node: the whole text so far (point_log answers all of it), '' when it says none. */
async function readNodeLog(taskId, pointId, serviceId, ctx) {
    const { result } = await ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .nodeLogCall */ .fJ)(ctx.settings, taskId, pointId, serviceId));
    return (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(result.data) && typeof result.data.logs === 'string' ? result.data.logs : '';
}
/** A node's point_id, as text ('' when it has none). */
function pointOf(node) {
    return (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_6__/* .fieldText */ .gF)(node.point_id) ?? '';
}


/***/ }),

/***/ 4621:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $$: () => (/* binding */ healthDeps),
/* harmony export */   Ns: () => (/* binding */ checkHealth)
/* harmony export */ });
/* unused harmony exports healthUrl, isAccepted */
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2589);
/* harmony import */ var _platform_client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5619);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3035);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6417);




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
        cancelled: runtime.cancelled,
        log: ctx.log,
        describeError: _platform_failures_js__WEBPACK_IMPORTED_MODULE_0__/* .describeError */ .Uc,
        isFinal: (error) => !(error instanceof _platform_client_js__WEBPACK_IMPORTED_MODULE_1__/* .TransportError */ .wX)
    };
}
/** The first wait between checks of a URL; each next one twice as long, up to the poll interval. */
const FIRST_DELAY_MS = 1000;
/**
 * Checks that the app behind each URL answers: GET `<url><path>` until it answers an accepted status,
 * waiting 1 s, 2 s, 4 s... (at most `intervalMs`) between checks, and never past `deadline`.
 */
async function checkHealth(urls, health, limits, deps) {
    const checks = await Promise.all(urls.map((url) => checkOne(healthUrl(url, health.path), health, limits, deps)));
    return checks.find((check) => !check.healthy) ?? { healthy: true };
}
/** The URL to check: the service URL and the path, with one slash between them. */
function healthUrl(url, path) {
    return `${url.replace(/\/+$/, '')}${path}`;
}
function isAccepted(status, accepted) {
    return accepted.some(([low, high]) => status >= low && status <= high);
}
/**
 * Checks one URL in the poll loop, on a backoff of 1 s doubling up to the poll interval, with a last
 * check at the deadline. It says what it waits for first, each change of answer, and, while nothing
 * changes, once a minute what it still waits for, the time left and the last answer. A cancelled step
 * ends the check, not healthy.
 */
async function checkOne(url, health, limits, deps) {
    let last = '';
    const since = () => (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(deps.now() - limits.startedAt);
    const left = () => (0,_poll_js__WEBPACK_IMPORTED_MODULE_3__/* .timeLeft */ .f$)(limits.deadline, deps.now());
    const wanted = `HTTP ${describeRanges(health.accepted)}`;
    deps.log(`health: checking ${url} until it answers ${wanted} (${left()})`);
    const polled = await (0,_poll_js__WEBPACK_IMPORTED_MODULE_3__/* .pollUntil */ .g3)(async () => {
        const answer = await probeOnce(url, health, deps);
        if (answer.kind === 'healthy') {
            deps.log(`health: ${url} answered HTTP ${answer.status} after ${since()}: healthy`);
            return { kind: 'done', value: { healthy: true } };
        }
        if (answer.kind === 'final')
            return { kind: 'done', value: { healthy: false, why: answer.why } };
        const said = answer.said;
        const changed = said !== last;
        if (changed)
            deps.log(`health: ${url} ${said} after ${since()} (${left()})`);
        last = said;
        return { kind: 'waiting', said: changed };
    }, {
        deadline: limits.deadline,
        schedule: {
            kind: 'backoff',
            firstMs: FIRST_DELAY_MS,
            factor: 2,
            mostMs: Math.max(FIRST_DELAY_MS, limits.intervalMs)
        },
        failureBudget: Infinity,
        lastLookAtDeadline: true,
        heartbeat: {
            everyMs: _poll_js__WEBPACK_IMPORTED_MODULE_3__/* .HEARTBEAT_MS */ .m,
            line: () => `health: still waiting after ${since()} (${left()}) for ${url} to answer ${wanted}; it last ${last}`
        }
    }, deps);
    if (polled.kind === 'done')
        return polled.value;
    if (polled.kind === 'cancelled')
        return { healthy: false, why: `the step was cancelled while checking ${url}: it last ${last}` };
    return {
        healthy: false,
        why: `the health check of ${url} did not pass within wait_timeout: it last ${last}`
    };
}
/** One check of a URL: healthy (an accepted status), what it answered instead, or why no check can pass. */
async function probeOnce(url, health, deps) {
    try {
        const status = await deps.probe(url);
        return isAccepted(status, health.accepted)
            ? { kind: 'healthy', status }
            : { kind: 'not_yet', said: `answered HTTP ${status}` };
    }
    catch (error) {
        const message = deps.describeError(error);
        return deps.isFinal(error)
            ? { kind: 'final', why: `the health check of ${url} cannot be made: ${message}` }
            : { kind: 'not_yet', said: noAnswer(message) };
    }
}
/**
 * A failed request as the health check says it: "gave no answer: getaddrinfo ENOTFOUND ...", from the
 * client's "GET /health got no answer: ..." (which names the path the line names already).
 */
function noAnswer(message) {
    const rest = /^\S+ \S+ got no answer(.*)$/s.exec(message)?.[1];
    return rest === undefined ? `failed: ${message}` : `gave no answer${rest}`;
}
/** [[200, 299], [401, 401]] as "200-299, 401". */
function describeRanges(ranges) {
    return ranges.map(([low, high]) => (low === high ? `${low}` : `${low}-${high}`)).join(', ');
}


/***/ }),

/***/ 5547:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   JA: () => (/* binding */ standing),
/* harmony export */   Jr: () => (/* binding */ skipDetail),
/* harmony export */   Ms: () => (/* binding */ startWatch),
/* harmony export */   Q5: () => (/* binding */ stopWatching),
/* harmony export */   Xr: () => (/* binding */ seeNodes),
/* harmony export */   qB: () => (/* binding */ progress),
/* harmony export */   v5: () => (/* binding */ seePollFailure),
/* harmony export */   x1: () => (/* binding */ readsAt),
/* harmony export */   zv: () => (/* binding */ seePoll)
/* harmony export */ });
/* unused harmony exports labelOf, MOST_ROUNDS_WITHOUT_DETAIL */
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9817);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2589);
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5786);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6417);
/* harmony import */ var _criteria_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6477);





function startWatch(id) {
    return {
        id,
        verdict: 'waiting',
        snapshot: undefined,
        data: undefined,
        raw: undefined,
        timeline: [],
        message: undefined,
        elapsedMs: 0,
        failedPolls: 0,
        nodes: 'unread',
        roundsWithoutDetail: 0,
        moved: false,
        doubted: undefined,
        said: { urls: false, nodes: undefined, nodesUnreadable: false, notYet: false }
    };
}
const safe = (text) => (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(text, 120);
const after = (atMs) => `after ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(atMs)}`;
/** 'task 7 "svc"': the task and its name as its last detail said. */
function labelOf(watch) {
    const name = watch.snapshot?.name;
    return `task ${watch.id}${name === undefined ? '' : ` ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(name, 60))}`}`;
}
function settled(watch, verdict, atMs, message) {
    return { ...watch, verdict, elapsedMs: atMs, message };
}
/** A look at the task, at `atMs` since the step started: what changed, and whether its wait is over. */
function seePoll(watch, poll, atMs, rules) {
    if (poll.kind === 'gone')
        return seeGone({ ...watch, failedPolls: 0 }, atMs, rules.criteria);
    const snapshot = rules.snapshotOf(poll.data);
    const previous = watch.snapshot?.status;
    const status = snapshot.status ?? '(no status)';
    const changed = watch.timeline.length === 0 || status !== previous;
    // A job's pods said whenever they change, the status standing.
    const pods = snapshot.pods !== undefined && snapshot.pods !== watch.snapshot?.pods ? snapshot.pods : undefined;
    let next = {
        ...watch,
        snapshot,
        data: poll.data,
        raw: poll.raw,
        failedPolls: 0,
        roundsWithoutDetail: 0,
        timeline: changed ? [...watch.timeline, { atMs, status }] : watch.timeline,
        // A doubt stands for the status it was about, read again next: any other status clears it.
        doubted: changed ? undefined : watch.doubted,
        moved: watch.moved || (snapshot.status !== undefined && !rules.criteria.leaving.includes(snapshot.status))
    };
    const label = labelOf(next);
    const said = `${label}: ${previous === undefined || !changed ? safe(status) : `${safe(previous)} -> ${safe(status)}`}`;
    const lines = changed || pods !== undefined
        ? [
            `${said}${pods === undefined ? '' : ` (${pods})`} ${after(atMs)} (${standing(snapshot, atMs, rules.timeoutMs)})`
        ]
        : [];
    const unknown = snapshot.status !== undefined &&
        (0,_criteria_js__WEBPACK_IMPORTED_MODULE_2__/* .isUnknownStatus */ .pl)(snapshot.status, rules.criteria) &&
        !rules.unknownSaid.has(snapshot.status)
        ? snapshot.status
        : undefined;
    if (unknown !== undefined)
        lines.push(unknownLine(unknown, rules.criteria));
    const nodes = nodeProgress(next, status, atMs, rules.criteria);
    next = nodes.watch;
    lines.push(...nodes.lines);
    const judged = judgement(next, status, atMs, rules.criteria);
    return {
        watch: judged.watch,
        lines: [...lines, ...judged.lines],
        ...(unknown === undefined ? {} : { unknown })
    };
}
function seeGone(watch, atMs, criteria) {
    const stopped = criteria.gone === 'success';
    const next = settled(watch, stopped ? 'reached' : 'failed', atMs, stopped ? undefined : 'no longer exists');
    return {
        watch: { ...next, timeline: [...watch.timeline, { atMs, status: 'gone' }] },
        lines: [`task ${watch.id} no longer exists ${after(atMs)}${stopped ? ', so it is stopped' : ''}`]
    };
}
function unknownLine(status, criteria) {
    return `status ${JSON.stringify(safe(status))} is neither a success (${criteria.success.join(', ')}) nor a failure (${criteria.failure.join(', ') || 'none'}) status: still waiting`;
}
/** Each change of the running nodes, while the status is a success: progress, said and kept in the timeline. */
function nodeProgress(watch, status, atMs, criteria) {
    const nodes = watch.snapshot?.nodes;
    if (!criteria.requireAllNodes || nodes === undefined || !criteria.success.includes(status))
        return { watch, lines: [] };
    const count = `${nodes.running}/${nodes.total}`;
    if (count === watch.said.nodes || (watch.said.nodes === undefined && nodes.running >= nodes.total))
        return { watch, lines: [] };
    return {
        watch: {
            ...watch,
            said: { ...watch.said, nodes: count },
            timeline: [...watch.timeline, { atMs, status: `${status}, ${count} nodes running` }]
        },
        lines: [`${labelOf(watch)}: ${count} nodes running ${after(atMs)}`]
    };
}
/** Whether the status settles the task: its target reached, or a failure; or what it still waits for. */
function judgement(watch, status, atMs, criteria) {
    const snapshot = watch.snapshot;
    if (snapshot === undefined)
        return { watch, lines: [] };
    const label = labelOf(watch);
    if (!watch.moved) {
        // Still as the request found it: the platform has not shown the change yet, which is no verdict.
        if (watch.said.notYet || snapshot.status === undefined)
            return { watch, lines: [] };
        return {
            watch: { ...watch, said: { ...watch.said, notYet: true } },
            lines: [
                `${label}: still ${safe(status)} ${after(atMs)}, as before the request: waiting for the change to show`
            ]
        };
    }
    const verdict = (0,_criteria_js__WEBPACK_IMPORTED_MODULE_2__/* .judge */ .S4)(snapshot, criteria);
    if (verdict === 'reached' && snapshot.doubt !== undefined && watch.doubted !== status) {
        // One answer whose counts contradict it is no verdict: the next look must say it again.
        return {
            watch: { ...watch, doubted: status },
            lines: [`${label}: ${safe(snapshot.doubt)} ${after(atMs)}: reading it again before believing it`]
        };
    }
    if (verdict === 'reached') {
        const urls = snapshot.urls.filter((url) => url !== null);
        const shown = urls.length > 0 ? `: ${urls.map(safe).join(', ')}` : '';
        return {
            watch: settled(watch, 'reached', atMs, undefined),
            lines: [`${label} is ${criteria.target} ${after(atMs)}${shown}`]
        };
    }
    if (verdict === 'failed') {
        // Stopped by someone (the console, another run) before it reached the target: said as such.
        const stopped = criteria.stopped.includes(status);
        const message = stopped
            ? `was stopped (its status is ${safe(status)}) before it ${criteria.target}`
            : `ended in ${safe(status)}`;
        return {
            watch: settled(watch, 'failed', atMs, message),
            lines: [`${label} ${message} ${after(atMs)}${stopped ? ': not waiting any longer' : ''}`]
        };
    }
    const missing = snapshot.urls.filter((url) => !(0,_criteria_js__WEBPACK_IMPORTED_MODULE_2__/* .isPublishable */ .oB)(url)).length;
    if (!criteria.success.includes(status) || !criteria.requireUrls || missing === 0 || watch.said.urls)
        return { watch, lines: [] };
    // Set, but not a URL the step could publish: no URL, as far as ready goes.
    const unusable = snapshot.urls.filter((url) => url !== null && !(0,_criteria_js__WEBPACK_IMPORTED_MODULE_2__/* .isPublishable */ .oB)(url)).length;
    const why = unusable === 0 ? '' : ` (${unusable} set, but not an absolute http(s) URL)`;
    return {
        watch: { ...watch, said: { ...watch.said, urls: true } },
        lines: [`${label}: ${safe(status)}, waiting for ${missing} of ${snapshot.urls.length} service URLs${why}`]
    };
}
/** A poll that failed: the wait goes on while its failures may pass, within the budget of failures in a row. */
function seePollFailure(watch, failure, atMs, rules) {
    const failedPolls = watch.failedPolls + 1;
    const counted = { ...watch, failedPolls };
    const { why } = failure;
    if (failure.pastDeadline) {
        // The next check could only come after the deadline: the wait is over, timed out, now.
        return {
            watch: stopWatching(counted, 'timed_out', atMs, why),
            lines: [`task ${watch.id}: ${why}; the wait ends here, timed out`]
        };
    }
    if (!failure.transient) {
        return {
            watch: settled(counted, 'error', atMs, `its detail failed: ${why}`),
            lines: [`task ${watch.id}: detail failed: ${why}`]
        };
    }
    if (failedPolls >= rules.errorBudget) {
        return {
            watch: settled(counted, 'error', atMs, `${failedPolls} polls in a row failed, the last: ${why}`),
            lines: [`task ${watch.id}: ${failedPolls} polls in a row failed; giving up on it: ${why}`]
        };
    }
    return {
        watch: counted,
        lines: [`task ${watch.id}: poll failed (${failedPolls} of ${rules.errorBudget} allowed in a row): ${why}`]
    };
}
/** What the task's nodes said: one that will not come up ends its wait; one unreadable is said once. */
function seeNodes(watch, nodes, atMs) {
    if ('unreadable' in nodes) {
        const unreadable = { ...watch, nodes: 'unreadable' };
        if (watch.said.nodesUnreadable)
            return { watch: unreadable, lines: [] };
        return {
            watch: { ...unreadable, said: { ...watch.said, nodesUnreadable: true } },
            lines: [`task ${watch.id}: could not read its nodes (${nodes.unreadable}); its status decides alone`]
        };
    }
    const seen = { ...watch, nodes: nodes.heldBack ? 'held_back' : 'not_held_back' };
    if (nodes.failure === undefined || watch.verdict !== 'waiting')
        return { watch: seen, lines: [] };
    return {
        watch: settled(seen, 'failed', atMs, nodes.failure),
        lines: [`${labelOf(watch)} ${nodes.failure} ${after(atMs)}: not waiting any longer`]
    };
}
/** Rounds in a row a wait may read no detail while every node is held back (see readsAt). */
const MOST_ROUNDS_WITHOUT_DETAIL = 3;
/**
 * What a round of a wait until ready reads of a task: the node list on every round (every second while
 * it cannot be read), so that a crash or a failed node is seen within one interval of showing; the detail
 * on the first round and on every round while not every node is held back (so that ready, or an end, is
 * seen within one interval too), and on every fourth round while every node is (pulling its image,
 * starting, crash-looping: the detail could not say ready, and a node that fails or ends shows in the node
 * list first), unless the node list of the round shows otherwise. Six rounds a minute at the default 10 s
 * are then seven and a half requests while the nodes are held back. A wait for another target reads the
 * detail alone, every round.
 */
function readsAt(watch, round, withNodes) {
    if (!withNodes)
        return { first: 'detail', nodes: false };
    if (watch.nodes === 'held_back' && watch.roundsWithoutDetail < MOST_ROUNDS_WITHOUT_DETAIL)
        return { first: 'nodes' };
    return { first: 'detail', nodes: watch.nodes !== 'unreadable' || round % 2 === 0 };
}
/** A round that read the task's nodes and left its detail for a later one: counted, for readsAt. */
function skipDetail(watch) {
    return { ...watch, roundsWithoutDetail: watch.roundsWithoutDetail + 1 };
}
/** Ends a task's wait, cancelled or timed out, with its last status, and why when there is more to say. */
function stopWatching(watch, verdict, atMs, why) {
    const what = verdict === 'cancelled' ? 'cancelled' : 'timed out';
    const last = watch.snapshot?.status;
    const never = last !== undefined && !watch.moved ? `, as before the request: the status never changed` : '';
    return settled(watch, verdict, atMs, `${what} ${after(atMs)}, last status ${last === undefined ? 'unknown' : safe(last)}${never}${why === undefined ? '' : `: ${why}`}`);
}
/**
 * How long and how much, for a line of progress: "14m57s left, cost so far 0.02 yuan": the time left at
 * `at` before `deadline` (on one clock: the step's, or the time since it started), and the cost from the
 * detail already read (billed plus not billed yet, to the fen).
 */
function standing(snapshot, at, deadline) {
    const left = (0,_poll_js__WEBPACK_IMPORTED_MODULE_3__/* .timeLeft */ .f$)(deadline, at);
    const cost = costOf(snapshot);
    return cost === undefined ? left : `${left}, cost so far ${(0,_platform_money_js__WEBPACK_IMPORTED_MODULE_4__/* .readableYuan */ .o$)(cost) ?? `${cost} yuan`}`;
}
const costOf = (snapshot) => snapshot === undefined ? undefined : (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_4__/* .spentYuan */ .SZ)(snapshot.billingValue, snapshot.forecastValue);
/**
 * The heartbeat's view of the tasks waited for: "1229831 Pending, cost so far 0.02 yuan; 1229832 Running
 * (1 running, 0 succeeded, 0 failed)" for a few; counts by status and the cost of them all for many.
 */
function progress(waiting, withNodes) {
    const statusOf = (w) => {
        const nodes = withNodes ? w.snapshot?.nodes : undefined;
        const count = nodes === undefined || nodes.running >= nodes.total
            ? ''
            : ` (${nodes.running}/${nodes.total} nodes running)`;
        const pods = w.snapshot?.pods === undefined ? '' : ` (${w.snapshot.pods})`;
        return `${safe(w.snapshot?.status ?? 'unknown')}${count}${pods}`;
    };
    const costs = waiting.flatMap((w) => costOf(w.snapshot) ?? []);
    if (waiting.length <= 5)
        return waiting
            .map((w) => {
            const cost = costOf(w.snapshot);
            return `${w.id} ${statusOf(w)}${cost === undefined ? '' : `, cost so far ${(0,_platform_money_js__WEBPACK_IMPORTED_MODULE_4__/* .readableYuan */ .o$)(cost) ?? cost}`}`;
        })
            .join('; ');
    const counts = new Map();
    for (const watch of waiting) {
        const nodes = withNodes ? watch.snapshot?.nodes : undefined;
        const key = `${safe(watch.snapshot?.status ?? 'unknown')}${nodes === undefined || nodes.running >= nodes.total ? '' : ' (not every node running)'}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    const total = costs.length === 0 ? undefined : sumYuan(costs);
    return `${waiting.length} tasks (${[...counts].map(([status, n]) => `${n} ${status}`).join(', ')})${total === undefined ? '' : `, cost so far ${total}`}`;
}
/** Yuan figures summed, to the fen. */
function sumYuan(yuan) {
    const total = (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_4__/* .sumPoints */ .RN)(yuan);
    return total === undefined ? undefined : (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_4__/* .readableYuan */ .o$)(total);
}


/***/ }),

/***/ 965:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ad: () => (/* binding */ nodePending),
/* harmony export */   Mz: () => (/* binding */ containersOf),
/* harmony export */   f2: () => (/* binding */ nodeEnded),
/* harmony export */   gF: () => (/* binding */ fieldText),
/* harmony export */   me: () => (/* binding */ nodeFailed),
/* harmony export */   oL: () => (/* binding */ nodeRunning),
/* harmony export */   wN: () => (/* binding */ restartsOf)
/* harmony export */ });
/* unused harmony export nodeStatusOf */
/* harmony import */ var lossless_json__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3201);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2212);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(9817);



/**
 * What the platform's node list says of a node (suanli-deployment/api/node-list.md: point_id, name,
 * status, region, resource, containers, describe_dto), as task-data.ts is for tasks: its status words,
 * its containers and their restarts, read from the fields alone. A node (a job's pod) is Pending while it
 * is scheduled, pulls its image and starts; Running; and once it no longer runs Succeeded, Failed or End
 * (the list may show it so for a while).
 */
/** The statuses of a node that no longer runs: its containers exited (Succeeded, Failed) or it was removed. */
const ENDED_NODE_STATUSES = ['Succeeded', 'Failed', 'End'];
/** A node's status word, as short safe text; undefined when it has none. */
function nodeStatusOf(node) {
    return fieldText(node.status);
}
/** Whether the node is scheduled, pulling its image or starting: not running yet. */
const nodePending = (node) => nodeStatusOf(node) === 'Pending';
/** Whether the node's status says it runs (its containers may still be held back: see heldBackReason). */
const nodeRunning = (node) => nodeStatusOf(node) === 'Running';
/** Whether the node failed: its containers exited with an error (a job's pod), or it will not run. */
const nodeFailed = (node) => nodeStatusOf(node) === 'Failed';
/**
 * Whether the node no longer runs: Succeeded, Failed or End. Every reading of a node's end is this one:
 * its log has no more lines to come, and it is no live node of a task's.
 */
const nodeEnded = (node) => ENDED_NODE_STATUSES.includes(nodeStatusOf(node) ?? '');
/** A node's containers (those that are objects), none when it lists none. */
function containersOf(node) {
    return (Array.isArray(node.containers) ? node.containers : []).filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u);
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
    return raw === undefined || raw.trim() === '' ? undefined : (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__/* .sanitize */ .aj)(raw, 80);
}


/***/ })

};
