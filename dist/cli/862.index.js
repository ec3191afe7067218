export const id = 862;
export const ids = [862];
export const modules = {

/***/ 6862:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   nodeReadsFlow: () => (/* binding */ nodeReadsFlow)
/* harmony export */ });
/* harmony import */ var _basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5833);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6218);
/* harmony import */ var _wait_diagnose_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9828);
/* harmony import */ var _tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9695);
/* harmony import */ var _toolkit_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8682);





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
                cleanup: (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .cleanupOf */ .Au)(settings),
                run: async (ctx) => {
                    const calls = await (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .startCalls */ .eS)(plan, ctx);
                    const tasks = await (0,_basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__/* .mapLimit */ .s)((0,_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .tasksOf */ .a4)(calls, ctx, (0,_tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_3__/* .urlPublisher */ .Cv)(ctx)), ctx.settings.concurrency, async (task) => task.verdict === 'done'
                        ? { ...task, diagnostics: await (0,_wait_diagnose_js__WEBPACK_IMPORTED_MODULE_4__/* .diagnose */ .h)(task.id, task.data, ctx, scope) }
                        : task);
                    return (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .stepResult */ .GR)(plan, ctx, { calls, tasks, nodeReads: read });
                },
                dryRun: (ctx) => (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .printDryRun */ .AG)(plan, ctx)
            };
        }
    };
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
