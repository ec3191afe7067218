export const id = 836;
export const ids = [836];
export const modules = {

/***/ 9941:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* binding */ servicesDiffer),
/* harmony export */   IC: () => (/* binding */ imagesOf),
/* harmony export */   QV: () => (/* binding */ configurationOf),
/* harmony export */   VU: () => (/* binding */ diffConfigurations),
/* harmony export */   YF: () => (/* binding */ applyChanges),
/* harmony export */   aL: () => (/* binding */ redactConfiguration),
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
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`body services names ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .h)((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .a)(name, 60))}, but the task has no such service: use one of ${names.map((n) => (0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .h)((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .a)(n, 60))).join(', ')}`);
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
/** The configuration with every secret-looking field and every env redacted: safe to write or print. */
function redactConfiguration(configuration) {
    return redact(configuration, false);
}
function redact(value, secret) {
    if (secret && value !== null)
        return _secret_fields_js__WEBPACK_IMPORTED_MODULE_5__/* .REDACTED */ .XF;
    if (Array.isArray(value))
        return value.map((item) => redact(item, false));
    if (isObject(value))
        return Object.fromEntries(Object.entries(value).map(([name, item]) => [name, redact(item, hidden(name))]));
    return value;
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
    const show = (value) => value === undefined ? '(none)' : secret ? _secret_fields_js__WEBPACK_IMPORTED_MODULE_5__/* .REDACTED */ .XF : (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .a)((0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_4__/* .toCompactJson */ .ZJ)(redact(value, false)), 200);
    return [{ path: here, before: show(before), after: show(after) }];
}
/** Services compared by name: a field of one, or a service added or taken away. */
function diffServices(before, after) {
    const named = (list) => new Map(list.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u).map((s) => [String(s.service_name), s]));
    const [old, now] = [named(before), named(after)];
    const names = [...new Set([...old.keys(), ...now.keys()])];
    return names.flatMap((name) => diffValues(old.get(name), now.get(name), [`services[${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .a)(name, 60)}]`], false));
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


/***/ }),

/***/ 4273:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ld: () => (/* binding */ holdsConfiguration),
/* harmony export */   Tx: () => (/* binding */ runningOf),
/* harmony export */   XV: () => (/* binding */ readNodeList),
/* harmony export */   gv: () => (/* binding */ readTask),
/* harmony export */   on: () => (/* binding */ readDetail),
/* harmony export */   qk: () => (/* binding */ pointOf),
/* harmony export */   tc: () => (/* binding */ pointIds)
/* harmony export */ });
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8998);
/* harmony import */ var _configuration_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9941);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2116);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2212);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(6539);
/* harmony import */ var _failing_nodes_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(7659);
/* harmony import */ var _read_all_pages_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7660);









/** Reads a task's detail, retried while a failure may pass. */
async function readDetail(taskId, ctx) {
    const { result, raw } = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .sT)(`detail of task ${taskId}`, ctx.retries, () => ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .detailCall */ .cV)(ctx.settings, taskId)));
    return { data: result.data, raw, snapshot: (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .snapshotOf */ .eY)(result.data, ctx.settings.wait.statusField) };
}
/** Reads a task's detail and its node list, each retried while a failure may pass. */
async function readTask(taskId, ctx) {
    const detail = await readDetail(taskId, ctx);
    const nodes = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .sT)(`nodes of task ${taskId}`, ctx.retries, () => readNodeList(taskId, ctx));
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
    const { results } = await (0,_read_all_pages_js__WEBPACK_IMPORTED_MODULE_4__/* .readAllPages */ .s$)(`the node list of task ${taskId}`, (page) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .nodesCall */ .ap)(ctx.settings, taskId, page), ctx.send, (node) => ((0,_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(node) ? ((0,_failing_nodes_js__WEBPACK_IMPORTED_MODULE_6__/* .fieldText */ .gF)(node.point_id) ?? (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_7__/* .toCompactJson */ .ZJ)(node)) : (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_7__/* .toCompactJson */ .ZJ)(node)));
    return results.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u);
}
/** A node's point_id, as text ('' when it has none). */
function pointOf(node) {
    return (0,_failing_nodes_js__WEBPACK_IMPORTED_MODULE_6__/* .fieldText */ .gF)(node.point_id) ?? '';
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
async function checkOne(url, health, limits, deps) {
    let delay = FIRST_DELAY_MS;
    let last = '';
    for (;;) {
        let said;
        try {
            const status = await deps.probe(url);
            if (isAccepted(status, health.accepted)) {
                deps.log(`health: ${url} answered HTTP ${status} after ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(deps.now() - limits.startedAt)}: healthy`);
                return { healthy: true };
            }
            said = `HTTP ${status}`;
        }
        catch (error) {
            said = deps.describeError(error);
            if (deps.isFinal(error))
                return { healthy: false, why: `the health check of ${url} cannot be made: ${said}` };
        }
        if (said !== last)
            deps.log(`health: ${url} answered ${said} after ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_2__/* .formatDuration */ .a3)(deps.now() - limits.startedAt)}`);
        last = said;
        const left = limits.deadline - deps.now();
        if (left <= 0)
            return {
                healthy: false,
                why: `the health check of ${url} did not pass within wait_timeout: its last answer was ${said}`
            };
        await deps.sleep(Math.min(delay, left));
        delay = Math.min(delay * 2, Math.max(FIRST_DELAY_MS, limits.intervalMs));
    }
}


/***/ }),

/***/ 9828:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   h: () => (/* binding */ diagnose)
/* harmony export */ });
/* unused harmony export DIAGNOSTICS */
/* harmony import */ var _basics_concurrency_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5833);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2212);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9817);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9644);
/* harmony import */ var _tasks_read_task_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4273);
/* harmony import */ var _tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7659);







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
    const stuck = nodes.filter((node) => (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(node.status) !== 'Running' || (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .failingNode */ .dP)({ results: [node] }, 1) !== undefined);
    const chosen = scope.nodes === 'all' ? nodes : stuck;
    const shown = await (0,_basics_concurrency_js__WEBPACK_IMPORTED_MODULE_3__/* .mapLimit */ .s)(chosen.slice(0, scope.maxNodes), settings.concurrency, (node) => nodeDiagnostics(taskId, node, serviceNames(taskData), ctx, scope));
    return {
        taskId,
        nodes: shown,
        moreNodes: Math.max(0, chosen.length - scope.maxNodes),
        notRunningNodes: stuck.length,
        runningNodes: nodes.length - stuck.length,
        unread: []
    };
}
async function nodeDiagnostics(taskId, node, services, ctx, scope) {
    const pointId = (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(node.point_id) ?? 'unknown';
    const unread = [];
    const problem = (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .failingNode */ .dP)({ results: [node] }, 1);
    let events = [];
    if (scope.events) {
        try {
            const { result } = await ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__/* .nodeEventsCall */ .eW)(ctx.settings, pointId));
            const list = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(result.data) && Array.isArray(result.data.events) ? result.data.events : [];
            events = list
                .filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)
                .slice(-MAX_EVENTS)
                .map((event) => ({
                time: (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(event.event_time) ?? '',
                type: (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(event.type) ?? '',
                reason: (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(event.reason) ?? '',
                message: (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .a)(typeof event.message === 'string' ? event.message : '', MAX_LINE),
                service: (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(event.service) ?? ''
            }));
        }
        catch (error) {
            unread.push(`events: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .Uc)(error)}`);
        }
    }
    const logs = [];
    if (scope.logs && ctx.settings.wait.logLines > 0) {
        for (const [serviceId, service] of containerServices(node, services)) {
            try {
                const { result } = await ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__/* .nodeLogCall */ .fJ)(ctx.settings, taskId, pointId, serviceId));
                const raw = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(result.data) && typeof result.data.logs === 'string' ? result.data.logs : '';
                logs.push({ service, ...(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .lastLines */ .w)(raw, ctx.settings.wait.logLines, MAX_LINE) });
            }
            catch (error) {
                unread.push(`the log of ${service}: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .Uc)(error)}`);
            }
        }
    }
    return {
        pointId,
        status: (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(node.status) ?? 'unknown',
        problem: problem === undefined ? undefined : (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .describeNodeProblem */ .BD)(problem),
        events,
        logs,
        unread
    };
}
/** service_id -> service_name, from the task detail's services[]. */
function serviceNames(taskData) {
    const services = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u)(taskData) && Array.isArray(taskData.services) ? taskData.services : [];
    return new Map(services.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_5__/* .isRecord */ .u).flatMap((s) => {
        const id = (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(s.service_id);
        return id === undefined ? [] : [[id, (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(s.service_name) ?? id]];
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
    const ids = containers.map((c) => (0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(c.service_id) ?? byName.get((0,_tasks_failing_nodes_js__WEBPACK_IMPORTED_MODULE_2__/* .fieldText */ .gF)(c.service_name) ?? ''));
    if (ids.length === 0 || ids.some((id) => id === undefined))
        return new Map(services);
    return new Map(ids.map((id) => [id, services.get(id) ?? id]));
}


/***/ }),

/***/ 6836:
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
// EXTERNAL MODULE: ./deploy/result.ts + 1 modules
var deploy_result = __webpack_require__(8848);
// EXTERNAL MODULE: ./deploy/tasks/read-task-state.ts
var read_task_state = __webpack_require__(4633);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/throttle.ts
var throttle = __webpack_require__(768);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./platform/task-data.ts
var task_data = __webpack_require__(8998);
// EXTERNAL MODULE: ./deploy/wait/criteria.ts
var wait_criteria = __webpack_require__(6477);
;// CONCATENATED MODULE: ./deploy/wait/task-watch.ts




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
        unchanged: 0,
        moved: false,
        said: { urls: false, nodes: undefined, nodesUnreadable: false, notYet: false }
    };
}
const safe = (text) => (0,safe_text/* sanitize */.a)(text, 120);
const after = (atMs) => `after ${(0,units/* formatDuration */.a3)(atMs)}`;
/** 'task 7 "svc"': the task and its name as its last detail said. */
function labelOf(watch) {
    const name = watch.snapshot?.name;
    return `task ${watch.id}${name === undefined ? '' : ` ${JSON.stringify((0,safe_text/* sanitize */.a)(name, 60))}`}`;
}
function settled(watch, verdict, atMs, message) {
    return { ...watch, verdict, elapsedMs: atMs, message };
}
/** A look at the task, at `atMs` since the step started: what changed, and whether its wait is over. */
function seePoll(watch, poll, atMs, rules) {
    if (poll.kind === 'gone')
        return seeGone({ ...watch, failedPolls: 0 }, atMs, rules.criteria);
    const snapshot = (0,task_data/* snapshotOf */.eY)(poll.data, rules.statusField);
    const previous = watch.snapshot?.status;
    const status = snapshot.status ?? '(no status)';
    const changed = watch.timeline.length === 0 || status !== previous;
    let next = {
        ...watch,
        snapshot,
        data: poll.data,
        raw: poll.raw,
        failedPolls: 0,
        unchanged: changed ? 0 : watch.unchanged + 1,
        timeline: changed ? [...watch.timeline, { atMs, status }] : watch.timeline,
        moved: watch.moved || (snapshot.status !== undefined && !rules.criteria.leaving.includes(snapshot.status))
    };
    const label = labelOf(next);
    const lines = changed
        ? [
            `${label}: ${previous === undefined ? safe(status) : `${safe(previous)} -> ${safe(status)}`} ${after(atMs)}`
        ]
        : [];
    const unknown = snapshot.status !== undefined &&
        (0,wait_criteria/* isUnknownStatus */.pl)(snapshot.status, rules.criteria) &&
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
        checkNodes: judged.watch.verdict === 'waiting' && next.unchanged % 2 === 1,
        ...(unknown === undefined ? {} : { unknown })
    };
}
function seeGone(watch, atMs, criteria) {
    const stopped = criteria.gone === 'success';
    const next = settled(watch, stopped ? 'reached' : 'failed', atMs, stopped ? undefined : 'no longer exists');
    return {
        watch: { ...next, timeline: [...watch.timeline, { atMs, status: 'gone' }] },
        lines: [`task ${watch.id} no longer exists ${after(atMs)}${stopped ? ', so it is stopped' : ''}`],
        checkNodes: false
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
    const verdict = (0,wait_criteria/* judge */.S4)(snapshot, criteria);
    if (verdict === 'reached') {
        const urls = snapshot.urls.filter((url) => url !== null);
        const shown = urls.length > 0 ? `: ${urls.map(safe).join(', ')}` : '';
        return {
            watch: settled(watch, 'reached', atMs, undefined),
            lines: [`${label} is ${criteria.target} ${after(atMs)}${shown}`]
        };
    }
    if (verdict === 'failed') {
        return {
            watch: settled(watch, 'failed', atMs, `ended in ${safe(status)}`),
            lines: [`${label} ended in ${safe(status)} ${after(atMs)}`]
        };
    }
    const missing = snapshot.urls.filter((url) => !(0,wait_criteria/* isPublishable */.oB)(url)).length;
    if (!criteria.success.includes(status) || !criteria.requireUrls || missing === 0 || watch.said.urls)
        return { watch, lines: [] };
    // Set, but not a URL the step could publish: no URL, as far as ready goes.
    const unusable = snapshot.urls.filter((url) => url !== null && !(0,wait_criteria/* isPublishable */.oB)(url)).length;
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
            lines: [`task ${watch.id}: ${why}; the wait ends here, timed out`],
            checkNodes: false
        };
    }
    if (!failure.transient) {
        return {
            watch: settled(counted, 'error', atMs, `its detail failed: ${why}`),
            lines: [`task ${watch.id}: detail failed: ${why}`],
            checkNodes: false
        };
    }
    if (failedPolls >= rules.errorBudget) {
        return {
            watch: settled(counted, 'error', atMs, `${failedPolls} polls in a row failed, the last: ${why}`),
            lines: [`task ${watch.id}: ${failedPolls} polls in a row failed; giving up on it: ${why}`],
            checkNodes: false
        };
    }
    return {
        watch: counted,
        lines: [
            `task ${watch.id}: poll failed (${failedPolls} of ${rules.errorBudget} allowed in a row): ${why}`
        ],
        checkNodes: false
    };
}
/** What the task's nodes said: one that will not come up ends its wait; one unreadable is said once. */
function seeNodes(watch, nodes, atMs) {
    if ('unreadable' in nodes) {
        if (watch.said.nodesUnreadable)
            return { watch, lines: [], checkNodes: false };
        return {
            watch: { ...watch, said: { ...watch.said, nodesUnreadable: true } },
            lines: [`task ${watch.id}: could not read its nodes (${nodes.unreadable}); its status decides alone`],
            checkNodes: false
        };
    }
    if (nodes.failure === undefined || watch.verdict !== 'waiting')
        return { watch, lines: [], checkNodes: false };
    return {
        watch: settled(watch, 'failed', atMs, nodes.failure),
        lines: [`${labelOf(watch)} ${nodes.failure} ${after(atMs)}: not waiting any longer`],
        checkNodes: false
    };
}
/** Ends a task's wait, cancelled or timed out, with its last status, and why when there is more to say. */
function stopWatching(watch, verdict, atMs, why) {
    const what = verdict === 'cancelled' ? 'cancelled' : 'timed out';
    const last = watch.snapshot?.status;
    const never = last !== undefined && !watch.moved ? `, as before the request: the status never changed` : '';
    return settled(watch, verdict, atMs, `${what} ${after(atMs)}, last status ${last === undefined ? 'unknown' : safe(last)}${never}${why === undefined ? '' : `: ${why}`}`);
}
/** "1229831 Pending, 1229832 Running" for a few tasks; counts by status for many: the heartbeat. */
function progress(waiting, withNodes) {
    const statusOf = (w) => {
        const nodes = withNodes ? w.snapshot?.nodes : undefined;
        const count = nodes === undefined || nodes.running >= nodes.total
            ? ''
            : ` (${nodes.running}/${nodes.total} nodes running)`;
        return `${safe(w.snapshot?.status ?? 'unknown')}${count}`;
    };
    if (waiting.length <= 5)
        return waiting.map((w) => `${w.id} ${statusOf(w)}`).join(', ');
    const counts = new Map();
    for (const watch of waiting)
        counts.set(statusOf(watch), (counts.get(statusOf(watch)) ?? 0) + 1);
    return `${waiting.length} tasks (${[...counts].map(([status, n]) => `${n} ${status}`).join(', ')})`;
}

;// CONCATENATED MODULE: ./deploy/wait/wait-for-tasks.ts




const HEARTBEAT_MS = 60_000;
/**
 * Polls every task until it is settled (ready or failed by the criteria), or the deadline passes: the
 * loop that owns time (sleeping, the deadline, cancellation, the heartbeat), around the pure watch of
 * watch.ts, which decides from each look what changed and whether a task's wait is over. The first
 * check comes right away; then one round of polls per interval, and a line at least once a minute while
 * nothing changes.
 */
async function waitForTasks(ids, options, deps) {
    const watches = new Map(ids.map((id) => [id, startWatch(id)]));
    const deadline = options.startedAt + options.timeoutMs;
    const unknownSaid = new Set();
    const beat = { last: deps.now() };
    const elapsed = () => deps.now() - options.startedAt;
    const record = (seen) => {
        if (seen.unknown !== undefined)
            unknownSaid.add(seen.unknown);
        for (const line of seen.lines)
            deps.log(line);
        if (seen.lines.length > 0)
            beat.last = deps.now();
        watches.set(seen.watch.id, seen.watch);
        return seen.watch;
    };
    const rules = { ...options, unknownSaid };
    for (let round = 0;; round++) {
        const pending = [...watches.values()].filter((w) => w.verdict === 'waiting');
        await (0,concurrency/* mapLimit */.s)(pending, options.concurrency, (watch) => lookOnce(watch, round === 0 ? options.initial?.get(watch.id) : undefined, {
            deps,
            rules,
            elapsed,
            record
        }));
        const waiting = [...watches.values()].filter((w) => w.verdict === 'waiting');
        if (waiting.length > 0)
            deps.progress?.(`waiting ${(0,units/* formatDuration */.a3)(elapsed())}: ${progress(waiting, options.criteria.requireAllNodes)}`);
        const end = (verdict) => {
            for (const watch of waiting)
                watches.set(watch.id, stopWatching(watch, verdict, elapsed()));
            return result(watches);
        };
        if (waiting.length === 0)
            return result(watches);
        if (deps.cancelled())
            return end('cancelled');
        if (deps.now() >= deadline)
            return end('timed_out');
        const rested = await rest(Math.min(options.intervalMs, deadline - deps.now()), {
            deps,
            beat,
            elapsed,
            waiting,
            options
        });
        if (!rested)
            return end('cancelled');
    }
}
/** One look at a task (its poll, or the answer in hand), and a read of its nodes when the watch asks. */
async function lookOnce(watch, known, loop) {
    const { deps, rules, elapsed, record } = loop;
    let seen;
    try {
        seen = seePoll(watch, known ?? (await deps.poll(watch.id)), elapsed(), rules);
    }
    catch (error) {
        const failure = {
            why: deps.describeError(error),
            transient: deps.isTransient(error),
            pastDeadline: error instanceof throttle/* PastDeadlineError */.z
        };
        record(seePollFailure(watch, failure, elapsed(), rules));
        return;
    }
    const now = record(seen);
    if (!seen.checkNodes || deps.checkNodes === undefined)
        return;
    try {
        record(seeNodes(now, { failure: await deps.checkNodes(watch.id) }, elapsed()));
    }
    catch (error) {
        record(seeNodes(now, { unreadable: deps.describeError(error) }, elapsed()));
    }
}
/**
 * Sleeps `ms`, in slices that end when a heartbeat line is due, so a long interval still logs each minute;
 * false when the step was cancelled during the sleep.
 */
async function rest(ms, loop) {
    const { deps, beat } = loop;
    for (let left = ms; left > 0;) {
        const slice = Math.min(left, Math.max(1, beat.last + HEARTBEAT_MS - deps.now()));
        try {
            await deps.sleep(slice);
        }
        catch (error) {
            if (deps.cancelled())
                return false;
            throw error;
        }
        left -= slice;
        if (deps.now() - beat.last >= HEARTBEAT_MS) {
            beat.last = deps.now();
            deps.log(`still waiting after ${(0,units/* formatDuration */.a3)(loop.elapsed())}: ${progress(loop.waiting, loop.options.criteria.requireAllNodes)}`);
        }
    }
    return true;
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
    const which = waiting.length === 1 ? `task ${waiting[0]?.id ?? ''}` : `${waiting.length} tasks`;
    ctx.log(`waiting for ${which} to be ${criteria.target} (${describeCriteria(criteria)})`);
    const names = new Map(waiting.map((t) => [t.id, t.name]));
    const waited = await waitForTasks(waiting.map((t) => t.id), {
        criteria,
        statusField: settings.wait.statusField,
        timeoutMs: ctx.deadline - ctx.startedAt,
        intervalMs: settings.wait.intervalMs,
        errorBudget: settings.wait.pollErrorBudget,
        concurrency: settings.concurrency,
        startedAt: ctx.startedAt,
        initial: firstChecks(waiting, how.calls)
    }, waitDeps(criteria, names, ctx));
    const byId = new Map(waited.tasks.map((w) => [w.id, w]));
    const settled = tasks.map((task) => {
        const result = byId.get(task.id);
        return result === undefined ? task : (0,deploy_result/* taskAfterWait */.Nh)(task, result, how.publish);
    });
    const checked = await withHealth(settled, criteria, ctx);
    return { tasks: await withDiagnostics(checked, criteria, ctx), timedOut: waited.timedOut };
}
/** A call whose answer is the task's detail gives the task's first check. */
function firstChecks(waiting, calls) {
    const answeredWithTask = new Set(calls.filter((c) => c.call.traits.answers === 'task').map((c) => c.taskId));
    return new Map(waiting
        .filter((t) => answeredWithTask.has(t.id))
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
        ...(criteria.target === 'ready' ? { checkNodes: (taskId) => nodeFailure(taskId, ctx) } : {})
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
        const { result, raw } = await ctx.send((0,calls/* detailCall */.cV)(ctx.settings, taskId));
        return { kind: 'task', data: result.data, raw };
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
/** Why one of the task's nodes will not come up, from its node list; or undefined. */
async function nodeFailure(taskId, ctx) {
    const nodes = await (0,read_task/* readNodeList */.XV)(taskId, ctx);
    const problem = (0,failing_nodes/* failingNode */.dP)({ results: nodes }, ctx.settings.wait.maxRestarts);
    return problem === undefined
        ? undefined
        : `has a node that will not come up: ${(0,failing_nodes/* describeNodeProblem */.BD)(problem)}`;
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
    if (criteria.target !== 'ready' || ctx.runtime.cancelled() || !tasks.some(failed))
        return tasks;
    return (0,concurrency/* mapLimit */.s)(tasks, ctx.settings.concurrency, async (task) => {
        if (!failed(task))
            return task;
        ctx.log(`task ${task.id}: reading its nodes, their events and logs, to show why`);
        return { ...task, diagnostics: await (0,diagnose/* diagnose */.h)(task.id, task.data, ctx) };
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
