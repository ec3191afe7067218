export const id = 688;
export const ids = [688,997];
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

/***/ 7688:
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
// EXTERNAL MODULE: ./deploy/engine/context.ts
var context = __webpack_require__(3742);
// EXTERNAL MODULE: ./deploy/engine/wait/diagnose.ts
var diagnose = __webpack_require__(2631);
// EXTERNAL MODULE: ./deploy/engine/tasks/read-task.ts
var read_task = __webpack_require__(8242);
// EXTERNAL MODULE: ./deploy/engine/wait/check-health.ts
var check_health = __webpack_require__(9538);
// EXTERNAL MODULE: ./deploy/engine/tasks/failing-nodes.ts
var failing_nodes = __webpack_require__(1792);
// EXTERNAL MODULE: ./deploy/engine/wait/task-result.ts
var task_result = __webpack_require__(5834);
// EXTERNAL MODULE: ./deploy/engine/tasks/read-task-state.ts
var read_task_state = __webpack_require__(1054);
// EXTERNAL MODULE: ./deploy/engine/tasks/clean-up-task.ts
var clean_up_task = __webpack_require__(7378);
;// CONCATENATED MODULE: ./deploy/engine/wait/stop-at-cap.ts






/**
 * Each task whose wait ended at max_cost (capped), and each task the cap counted beside them (see
 * SpendingCap.alongside), stopped until its state shows it bills no more, within cleanup_timeout, whatever
 * cleanup says: the cap is the user's word on money, all at once (up to concurrency), so that a stop that
 * does not take holds back no other. One that cannot be stopped now is put on the ledger
 * for the post step to stop, and its message says so. Then each is read once more: what they cost when
 * the stop took is compared with the cap, and a cap passed (a read held back, a stop that took a while) is
 * said, in the log and in their messages, which the summary shows.
 */
async function stopCapped(tasks, cap, ctx) {
    const capped = tasks.filter((task) => task.verdict === 'capped');
    if (capped.length === 0)
        return { tasks: [...tasks], alongside: [] };
    const stopCtx = (0,context/* contextFor */.BT)(ctx, ctx.settings.cleanupTimeoutMs);
    const alongside = (cap?.alongside() ?? []).map((t) => (0,task_result/* taskResult */.h)(t.id, { verdict: 'capped', name: t.snapshot?.name, status: t.snapshot?.status }));
    // All at once: a stop that does not take holds back no other.
    const all = [...capped, ...alongside];
    const messages = await (0,concurrency/* mapLimit */.s)(all, ctx.settings.concurrency, (task) => stopOne(task, stopCtx, ctx));
    const stopped = new Map(all.map((task, i) => [task.id, messages[i] ?? '']));
    const passed = cap?.passed(await readAfter([...stopped.keys()], stopCtx));
    if (passed !== undefined)
        ctx.log(`cost: by the time the stop took, ${passed}`);
    const said = (task) => {
        const message = stopped.get(task.id);
        if (message === undefined)
            return task;
        return { ...task, message: passed === undefined ? message : `${message}; by the stop, ${passed}` };
    };
    return { tasks: tasks.map(said), alongside: alongside.map(said) };
}
/** Stops one task at the cap: its message, said so; on the ledger when it cannot be stopped now. */
async function stopOne(task, stopCtx, ctx) {
    const cap = `max_cost ${ctx.settings.maxCost ?? '?'} yuan`;
    const outcome = await (0,clean_up_task.cleanUpTask)(task.id, 'stop', stopCtx, task.name);
    const waited = task.message ?? `stopped at ${cap}`;
    if (outcome.kind === 'failed') {
        ctx.cleanup.add('created', [task.id]);
        ctx.cleanup.update({ action: 'stop' });
        ctx.log(`task ${task.id} could not be stopped at ${cap} now (${outcome.why}): the post step stops it`);
        return `${waited}; it could not be stopped yet: ${outcome.why}`;
    }
    ctx.cleanup.settle('created', task.id);
    const how = outcome.kind === 'done' ? 'stopped' : `ended (${outcome.state})`;
    ctx.log(`task ${task.id} ${how} at ${cap}`);
    return `${waited}; ${how}`;
}
/** Each task's detail read once more, where it can be (a task the platform deleted keeps its last). */
async function readAfter(ids, ctx) {
    const after = new Map();
    const kind = (0,calls/* taskKindOf */.j2)(ctx.settings);
    for (const id of ids) {
        try {
            const { data } = await (0,read_task/* readDetail */.on)(id, ctx);
            after.set(id, kind.snapshotOf(data, ctx.settings.wait.statusField));
        }
        catch {
            // Unread: what the cap saw last stands for it.
        }
    }
    return after;
}

// EXTERNAL MODULE: ./deploy/engine/wait/billed-since.ts
var billed_since = __webpack_require__(9512);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/throttle.ts
var throttle = __webpack_require__(768);
// EXTERNAL MODULE: ./deploy/engine/poll.ts
var poll = __webpack_require__(6656);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./platform/money.ts
var money = __webpack_require__(5786);
// EXTERNAL MODULE: ./deploy/engine/wait/spending-cap.ts
var spending_cap = __webpack_require__(2550);
;// CONCATENATED MODULE: ./deploy/engine/wait/cap-guard.ts




/**
 * max_cost over a wait: after each round, what the tasks it counts cost together (those waited on, and
 * `alongside`, read here, plus `spentBefore`) against the cap (see seeCost), its lines logged; the moment
 * the next reads are needed by (see capAtMs); and once reached, what was spent ("0.49 yuan of max_cost
 * 0.50 yuan"). A read held back past that moment reaches the cap (see heldBack). A detail that says no
 * cost is said at once, and the cap held to the billing records; when they cannot be read either, the cap
 * is reached: a cap that cannot be read fails closed, never silent.
 */
class CapGuard {
    cap;
    timing;
    deps;
    #watch;
    /** Each task's cost when first read, for tasks the step did not make: what the step spends starts there. */
    #baselines = new Map();
    #alongside = new Map();
    #billsSaid = false;
    /** The billing records' first figure, for tasks that were there before (first_read): the step's starts there. */
    #billsBaseline;
    /**
     * The reading the step began with, not taken yet (`made`): what it makes cost nothing then, beside what
     * was spent before and what the tasks beside cost at their first read; the first reading gives a rate.
     */
    #seedPending;
    /** The tasks waited on, as the last round saw them. */
    #waited = [];
    constructor(cap, timing, deps) {
        this.cap = cap;
        this.timing = timing;
        this.deps = deps;
        for (const id of cap.alongside ?? [])
            this.#alongside.set(id, undefined);
        this.#seedPending = cap.from === 'made';
        this.#watch = (0,spending_cap/* startCap */.LJ)(cap.maxCost);
    }
    /**
     * The latest moment (local time) a read of this round may be answered by: when the cost, at the rate
     * seen, reaches the cap; while no rate is known, one poll interval from now (a read held back longer
     * could let the cost pass the cap unseen, at a rate nobody knows: it is not waited out either).
     */
    notAfter() {
        const at = (0,spending_cap/* capAtMs */.gM)(this.#watch);
        return at === undefined ? this.deps.now() + this.timing.intervalMs : this.timing.startedAt + at;
    }
    /**
     * Reads the tasks that bill beside those waited on, by notAfter; says whether each was read, or why one
     * was held back.
     */
    async readAlongside() {
        const notAfter = this.notAfter();
        let complete = true;
        let held;
        for (const id of this.#alongside.keys()) {
            try {
                const poll = await this.deps.poll(id, notAfter);
                // A task gone (the platform deleted it once it ended) keeps what it was last seen to cost.
                if (poll.kind === 'task')
                    this.#alongside.set(id, this.deps.snapshotOf(poll.data));
            }
            catch (error) {
                complete = false;
                if (error instanceof throttle/* HeldBackError */.Hx)
                    held ??= error.why;
            }
        }
        return { complete, heldBack: held };
    }
    /**
     * After a round: the cap reached, and why, as the stopped tasks' message says it ("0.49 yuan of
     * max_cost 0.50 yuan spent while it waited"); or undefined.
     */
    async reached(round, alongside) {
        this.#waited = round.waited;
        const atMs = this.deps.now() - this.timing.startedAt;
        const ahead = { endMs: this.timing.timeoutMs, nextInMs: this.timing.intervalMs };
        if (round.heldBack !== undefined)
            return this.#said((0,spending_cap/* heldBack */.Zg)(this.#watch, round.heldBack, atMs), ': the platform held back the next read past the cap');
        const reading = await this.#reading(round, alongside);
        if (typeof reading === 'object') {
            this.deps.log(reading.unreadable);
            return `its cost could not be read (its detail says none, and the billing records could not be read), so max_cost ${this.cap.maxCost} yuan could not be held`;
        }
        return this.#said((0,spending_cap/* seeCost */.lU)(this.#watch, reading, atMs, ahead), '');
    }
    /** The lines of a look logged; when it reached the cap, what was spent, and `more`. */
    #said(seen, more) {
        this.#watch = seen.watch;
        for (const line of seen.lines)
            this.deps.log(line);
        for (const line of seen.warnings)
            this.deps.warn(line);
        if (!seen.reached)
            return undefined;
        const spent = (0,spending_cap/* besideCap */.f1)(this.#watch);
        return `${spent === undefined ? 'nothing read yet' : `${spent} spent while it waited`}${more}`;
    }
    /** "0.42 yuan of max_cost 5 yuan", for a line of progress; undefined before any reading. */
    spent() {
        return (0,spending_cap/* besideCap */.f1)(this.#watch);
    }
    /** The tasks beside those waited on, as last read: those the cap stops with them. */
    alongside() {
        return [...this.#alongside].map(([id, snapshot]) => ({ id, snapshot }));
    }
    /**
     * What the counted tasks cost as the cap counts them, from their details read after the stop (by id; a
     * task not read again keeps its last): said when it passed the cap.
     */
    passed(after) {
        const all = [...this.#waited, ...this.alongside()].map((t) => after.get(t.id) ?? t.snapshot);
        const total = this.#total(all);
        return total === undefined ? undefined : (0,spending_cap/* pastCap */.J5)(this.#watch, total);
    }
    /**
     * The cost this round read, in points; undefined when a task it counts was not read (the last reading
     * then stands, projected), unless what was read already reaches the cap. A detail, of a task waited on or
     * of one beside them, that says no cost sends the cap to the billing records.
     */
    async #reading(round, alongside) {
        const waited = round.waited;
        const beside = this.alongside();
        const noCost = (t) => t.snapshot !== undefined && !(0,spending_cap/* saysCost */.Uz)(t.snapshot);
        const costless = [...waited.filter((t) => round.read.has(t.id) && noCost(t)), ...beside.filter(noCost)];
        if (costless.length > 0) {
            // Those that say their cost by their details; the others by the billing records.
            const billed = await this.#fromBills(costless, beside.some(noCost));
            if (typeof billed === 'object')
                return billed;
            const said = [...waited, ...beside].filter((t) => !costless.includes(t)).map((t) => t.snapshot);
            return (0,money/* sumPoints */.RN)([this.#total(said) ?? this.cap.spentBefore ?? '0', billed]);
        }
        if (this.cap.from === 'first_read')
            for (const t of waited) {
                const cost = t.snapshot === undefined ? undefined : (0,spending_cap/* costPoints */.HU)([t.snapshot]);
                if (cost !== undefined && !this.#baselines.has(t.id))
                    this.#baselines.set(t.id, cost);
            }
        const total = this.#total([...waited.map((t) => t.snapshot), ...beside.map((t) => t.snapshot)]);
        const complete = alongside.complete && waited.every((t) => !t.waiting || round.read.has(t.id));
        if (total !== undefined && complete)
            this.#seed(beside);
        if (total === undefined || complete)
            return total;
        return ((0,money/* compareDecimals */.YL)(total, this.#watch.capPoints) ?? -1) >= 0 ? total : undefined;
    }
    /**
     * The reading the step began with (`made`), taken before its first: what was spent before and what the
     * tasks beside cost at their first read, the step's own tasks nothing; the first reading then gives a
     * rate (the tasks beside counted as if they had not grown since the step began: a rate a little low, which
     * the next reading sets right).
     */
    #seed(beside) {
        if (!this.#seedPending)
            return;
        this.#seedPending = false;
        const points = (0,money/* sumPoints */.RN)([this.cap.spentBefore ?? '0', (0,spending_cap/* costPoints */.HU)(beside.map((t) => t.snapshot)) ?? '0']);
        if (points !== undefined && this.#watch.last === undefined)
            this.#watch = { ...this.#watch, last: { atMs: 0, points } };
    }
    /** The tasks' cost beyond their baselines, plus what was spent before; undefined when none says one. */
    #total(snapshots) {
        const since = (0,spending_cap/* costSince */.iD)(snapshots, [...this.#baselines.values()]);
        if (since === undefined)
            return undefined;
        return this.cap.spentBefore === undefined ? since : (0,money/* sumPoints */.RN)([since, this.cap.spentBefore]);
    }
    /**
     * What the tasks whose detail says no cost have cost, from the billing records: said once; a cap that
     * cannot be read that way either is reached (its line says why). The records are read from when the step
     * began, or, when a task beside those waited on says no cost (its whole cost counts), from
     * BESIDE_RECORDS_MS before; for tasks that were there before (first_read) the first figure is the
     * baseline. They lag the use by up to a booking period (5 minutes).
     */
    async #fromBills(costless, besideCostless) {
        const cap = `max_cost ${this.cap.maxCost} yuan`;
        if (!this.#billsSaid) {
            this.#billsSaid = true;
            this.deps.log(`cost: the detail of task ${costless.map((t) => t.id).join(', ')} says neither billing_value nor forecast_value: ${cap} is held to the platform's billing records from now on (booked every 5 minutes, so they lag the use by up to that)`);
        }
        const ids = costless.map((t) => t.id);
        const fromMs = this.timing.startedAt - (besideCostless ? BESIDE_RECORDS_MS : 0);
        try {
            if (this.deps.billed === undefined)
                throw new Error('no billing records are read here');
            const billed = await this.deps.billed(ids, this.notAfter(), fromMs);
            if (this.cap.from === 'first_read')
                this.#billsBaseline ??= billed;
            return (0,money/* sumPoints */.RN)([billed, negated(this.#billsBaseline ?? '0')]) ?? billed;
        }
        catch (error) {
            const why = (0,safe_text/* sanitize */.aj)(error instanceof Error ? error.message : String(error), 300);
            return {
                unreadable: `cost: the billing records could not be read either (${why}): ${cap} cannot be held, so the step stops what it waits on`
            };
        }
    }
}
/** How far back the billing records are read for a task beside those waited on (its whole cost counts). */
const BESIDE_RECORDS_MS = 30 * 86_400_000;
const negated = (points) => (points.startsWith('-') ? points.slice(1) : `-${points}`);

// EXTERNAL MODULE: ./deploy/engine/wait/task-watch.ts + 1 modules
var task_watch = __webpack_require__(9477);
;// CONCATENATED MODULE: ./deploy/engine/wait/wait-for-tasks.ts






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
    const cap = options.cap === undefined ? undefined : capGuardOf(options.cap, options, deps);
    const shown = () => shownOf(waiting(), options, cap);
    const left = () => (0,poll/* timeLeft */.f$)(options.startedAt + options.timeoutMs, deps.now());
    const loop = { deps, rules, elapsed, record, cap, round: newRound(undefined) };
    const end = await (0,poll/* pollUntil */.g3)(async (round) => {
        said.any = false;
        loop.round = newRound(cap?.notAfter());
        await (0,concurrency/* mapLimit */.s)(waiting(), options.concurrency, (watch) => lookOnce(watch, round, round === 0 ? options.initial?.get(watch.id) : undefined, loop));
        const alongside = await cap?.readAlongside();
        if (waiting().length === 0)
            return { kind: 'done', value: undefined };
        if (cap !== undefined && (await capped(cap, watches, loop, alongside)))
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
    return { ...result(watches), ...(cap === undefined ? {} : { cap }) };
}
/**
 * Whether a round reached max_cost (see CapGuard.reached), from what it read of the tasks and those beside:
 * then every task still waited on ends its wait, capped, saying why.
 */
async function capped(cap, watches, loop, alongside) {
    const all = [...watches.values()];
    const waited = all.map((w) => ({ id: w.id, snapshot: w.snapshot, waiting: w.verdict === 'waiting' }));
    const { read, heldBack } = loop.round;
    const why = await cap.reached({ waited, read, heldBack: heldBack ?? alongside?.heldBack }, alongside ?? { complete: true });
    if (why === undefined)
        return false;
    for (const watch of all.filter((w) => w.verdict === 'waiting'))
        watches.set(watch.id, (0,task_watch/* stopWatching */.Q5)(watch, 'capped', loop.elapsed(), why));
    return true;
}
/** The tasks still waited on, as a line of progress says them, and the cost beside the cap. */
function shownOf(waiting, options, cap) {
    const spent = cap?.spent();
    return `${(0,task_watch/* progress */.qB)(waiting, options.criteria.requireAllNodes)}${spent === undefined ? '' : `; ${spent}`}`;
}
/** The guard of max_cost over a wait (see CapGuard), reading through the wait's own deps. */
function capGuardOf(cap, options, deps) {
    return new CapGuard(cap, options, {
        poll: deps.poll,
        snapshotOf: options.snapshotOf,
        log: deps.log,
        warn: deps.warn,
        now: deps.now,
        ...(deps.billed === undefined ? {} : { billed: deps.billed })
    });
}
const newRound = (notAfter) => ({
    notAfter,
    read: new Set(),
    heldBack: undefined
});
/**
 * One round's look at a task, as readsAt says: its detail (or the answer in hand) and its nodes; or its
 * nodes and, unless every node is still held back, its detail, whose verdict comes first (a task whose node
 * failed has often ended in Other too, and its status says so). A node that failed after the detail was
 * read has the detail read again, for the same reason: the status the step reports is the one the task
 * had when the step gave up on it.
 */
async function lookOnce(watch, round, known, loop) {
    const reads = (0,task_watch/* readsAt */.x1)(watch, round, loop.deps.checkNodes !== undefined, loop.cap !== undefined);
    if (reads.first === 'nodes') {
        const report = await readNodes(watch, loop);
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
    if (read.verdict !== 'waiting' || !reads.nodes)
        return;
    const report = await readNodes(read, loop);
    const again = 'unreadable' in report || report.failure === undefined ? read : await readDetail(read, undefined, loop);
    if (again.verdict === 'waiting')
        loop.record((0,task_watch/* seeNodes */.Xr)(again, report, loop.elapsed()));
}
/** The task's detail (or the answer in hand), seen by the watch; a failed read counts as the watch says. */
async function readDetail(watch, known, loop) {
    const { deps, rules, elapsed, record, round } = loop;
    try {
        const poll = known ?? (await deps.poll(watch.id, round.notAfter));
        const atMs = elapsed();
        round.read.add(watch.id);
        if (poll.kind === 'task' && deps.follow !== undefined)
            await deps.follow(watch.id, poll.data, round.notAfter);
        return record((0,task_watch/* seePoll */.zv)(watch, poll, atMs, rules));
    }
    catch (error) {
        if (error instanceof throttle/* HeldBackError */.Hx)
            round.heldBack ??= error.why;
        // A read held back past the cap's moment is the cap's to act on (see CapGuard), not the task's verdict.
        const failure = {
            why: deps.describeError(error),
            transient: error instanceof throttle/* HeldBackError */.Hx || deps.isTransient(error),
            pastDeadline: error instanceof throttle/* PastDeadlineError */.zJ
        };
        return record((0,task_watch/* seePollFailure */.v5)(watch, failure, elapsed(), rules));
    }
}
/** What the task's nodes say, or that they could not be read. */
async function readNodes(watch, { deps, round }) {
    if (deps.checkNodes === undefined)
        return { unreadable: 'no node list' };
    try {
        return await deps.checkNodes(watch.id, round.notAfter);
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
        samples: w.samples,
        message: w.message,
        elapsedMs: w.elapsedMs
    }));
    return { tasks, timedOut: tasks.some((t) => t.verdict === 'timed_out') };
}

;// CONCATENATED MODULE: ./deploy/engine/wait/wait-until.ts














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
    const kind = (0,calls/* taskKindOf */.j2)(settings);
    // The log of a job waited on to its end, read on as it runs (see followJobLogs).
    const logs = kind.followsLog && criteria.target === 'finished'
        ? (await __webpack_require__.e(/* import() */ 73).then(__webpack_require__.bind(__webpack_require__, 2073))).followJobLogs(ctx)
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
        initial: firstChecks(waiting, how.readAlready),
        ...(how.cap === undefined ? {} : { cap: how.cap })
    }, { ...waitDeps(criteria, names, ctx), ...(logs === undefined ? {} : { follow: logs.follow }) });
    const byId = new Map(waited.tasks.map((w) => [w.id, w]));
    const settled = tasks.map((task) => {
        const result = byId.get(task.id);
        return result === undefined ? task : (0,task_result/* taskAfterWait */.N)(task, result, how.publish);
    });
    const capped = await stopCapped(settled, waited.cap, ctx);
    const checked = await withHealth(capped.tasks, criteria, ctx);
    const logFile = logs?.file();
    return {
        tasks: await withDiagnostics(checked, criteria, ctx, logs),
        timedOut: waited.timedOut,
        ...(logFile === undefined ? {} : { logFile }),
        ...(capped.alongside.length === 0 ? {} : { alongsideStopped: capped.alongside })
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
        poll: (taskId, notAfter) => pollTask(taskId, names.get(taskId), (0,context/* readsBy */.Hi)(ctx, notAfter)),
        now: runtime.now,
        sleep: runtime.sleep,
        log: ctx.log,
        warn: runtime.warn,
        isTransient: (error) => error instanceof UnreadTaskError || (0,failures/* transientReason */.bR)(error) !== undefined,
        describeError: failures/* describeError */.Uc,
        cancelled: runtime.cancelled,
        ...(runtime.progress === undefined ? {} : { progress: runtime.progress }),
        billed: (taskIds, notAfter, fromMs) => (0,billed_since/* billedSince */.p)(taskIds, (0,context/* readsBy */.Hi)(ctx, notAfter), fromMs),
        ...(criteria.target === 'ready'
            ? { checkNodes: (taskId, notAfter) => readNodesOf(taskId, (0,context/* readsBy */.Hi)(ctx, notAfter)) }
            : {})
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
        const fromMs = runtime.now() - ctx.startedAt;
        const health = task.urls.length === 0
            ? { healthy: false, why: `has no service URL to check ${path} at` }
            : await (0,check_health/* checkHealth */.Ns)(task.urls, { ...settings.health, path }, { deadline: ctx.deadline, intervalMs: settings.wait.intervalMs, startedAt: ctx.startedAt }, (0,check_health/* healthDeps */.$$)(ctx));
        const healthCheck = { fromMs, toMs: runtime.now() - ctx.startedAt };
        if (health.healthy)
            return { ...task, healthy: true, healthCheck };
        const message = task.urls.length === 0 ? health.why : `is not healthy: ${health.why}`;
        ctx.log(`task ${task.id} ${message}`);
        return { ...task, healthy: false, verdict: 'failed', message, elapsedMs: healthCheck.toMs, healthCheck };
    });
}
/** Each task whose wait until ready failed or timed out, with what its nodes say about it. */
async function withDiagnostics(tasks, criteria, ctx, logs) {
    const failed = (task) => task.verdict === 'failed' || task.verdict === 'timed_out';
    // A wait until ready, or until a job's end: what a stop or a pause leaves needs no explaining.
    const explained = criteria.target === 'ready' || criteria.target === 'finished';
    if (!explained || ctx.runtime.cancelled() || !tasks.some(failed))
        return tasks;
    const kind = (0,calls/* taskKindOf */.j2)(ctx.settings);
    const scope = { ...diagnose/* DIAGNOSTICS */.Z7, nodes: kind.diagnosedNodes };
    return (0,concurrency/* mapLimit */.s)(tasks, ctx.settings.concurrency, async (task) => {
        if (!failed(task))
            return task;
        const why = kind.failureReason(task.data);
        if (why !== undefined)
            ctx.log(`task ${task.id}: ${why}`);
        ctx.log(`task ${task.id}: reading its nodes, their events and logs, to show why`);
        // What the step read of its pods' logs while it ran, where they cannot be read now.
        const diagnostics = (0,diagnose/* withFollowedLogs */.sO)(await (0,diagnose/* diagnose */.h4)(task.id, task.data, ctx, scope), logs?.tails(task.id) ?? [], {
            most: ctx.settings.wait.logLines,
            maxNodes: scope.maxNodes
        });
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
