export const id = 197;
export const ids = [197];
export const modules = {

/***/ 6656:
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

/***/ 9538:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   $$: () => (/* binding */ healthDeps),
/* harmony export */   Ns: () => (/* binding */ checkHealth)
/* harmony export */ });
/* unused harmony exports healthUrl, isAccepted */
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2589);
/* harmony import */ var _platform_client_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5619);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3035);
/* harmony import */ var _poll_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6656);




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

/***/ 9477:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  qB: () => (/* binding */ progress),
  x1: () => (/* binding */ readsAt),
  Xr: () => (/* binding */ seeNodes),
  zv: () => (/* binding */ seePoll),
  v5: () => (/* binding */ seePollFailure),
  Jr: () => (/* binding */ skipDetail),
  JA: () => (/* binding */ standing),
  Ms: () => (/* binding */ startWatch),
  Q5: () => (/* binding */ stopWatching)
});

// UNUSED EXPORTS: MOST_ROUNDS_WITHOUT_DETAIL, labelOf

// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/money.ts
var money = __webpack_require__(5786);
// EXTERNAL MODULE: ./deploy/engine/poll.ts
var poll = __webpack_require__(6656);
// EXTERNAL MODULE: ./deploy/engine/wait/criteria.ts
var wait_criteria = __webpack_require__(6166);
// EXTERNAL MODULE: ./platform/task-data.ts
var task_data = __webpack_require__(8998);
;// CONCATENATED MODULE: ./deploy/engine/wait/samples.ts


/** Samples a task keeps at the most: past it, every second one that changes nothing but the cost goes. */
const MOST_SAMPLES = 400;
/** What a detail read shows of the task beside its status, at `atMs`. */
function sampleOf(snapshot, data, atMs) {
    const { billingValue, forecastValue, pods } = snapshot;
    const given = [billingValue, forecastValue].filter((value) => value !== undefined);
    const points = given.length === 0 ? undefined : (0,money/* sumPoints */.RN)(given);
    return {
        atMs,
        ...(points === undefined ? {} : { points }),
        ...(pods === undefined ? {} : { pods }),
        ...((0,task_data/* isQueued */.MX)(data) ? { queued: true } : {})
    };
}
/** Whether two samples show the same pods and queue (the cost aside). */
const sameState = (a, b) => a !== undefined && a.pods === b.pods && a.queued === b.queued;
/**
 * The samples with a new one added, when it shows anything new (a sample like the last is left out); at
 * most `most`: past it, every second sample that changed only the cost is let go (the first and the last
 * kept), so that a long wait keeps the shape of its cost and every change of its pods and queue (all
 * but every second one, should they change at every read past twice the bound).
 */
function addSample(samples, sample, most = MOST_SAMPLES) {
    const last = samples.at(-1);
    if (last !== undefined && last.points === sample.points && sameState(last, sample))
        return samples;
    const next = [...samples, sample];
    if (next.length <= most)
        return next;
    const thinned = next.filter((kept, i) => i === 0 || i === next.length - 1 || i % 2 === 0 || !sameState(next[i - 1], kept));
    // A task whose pods change at every read: every second sample goes all the same, the bound held.
    return thinned.length <= 2 * most
        ? thinned
        : thinned.filter((_, i) => i === 0 || i === thinned.length - 1 || i % 2 === 0);
}

;// CONCATENATED MODULE: ./deploy/engine/wait/task-watch.ts






function startWatch(id) {
    return {
        id,
        verdict: 'waiting',
        snapshot: undefined,
        data: undefined,
        raw: undefined,
        timeline: [],
        samples: [],
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
const safe = (text) => (0,safe_text/* sanitize */.aj)(text, 120);
const after = (atMs) => `after ${(0,units/* formatDuration */.a3)(atMs)}`;
/** 'task 7 "svc"': the task and its name as its last detail said. */
function labelOf(watch) {
    const name = watch.snapshot?.name;
    return `task ${watch.id}${name === undefined ? '' : ` ${JSON.stringify((0,safe_text/* sanitize */.aj)(name, 60))}`}`;
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
        samples: addSample(watch.samples, sampleOf(snapshot, poll.data, atMs)),
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
    const verdict = (0,wait_criteria/* judge */.S4)(snapshot, criteria);
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
 * detail alone, every round. Under max_cost (`costWatched`), the detail is read every round: the cost it
 * says is what the cap is held to, within one interval.
 */
function readsAt(watch, round, withNodes, costWatched = false) {
    if (!withNodes)
        return { first: 'detail', nodes: false };
    if (!costWatched && watch.nodes === 'held_back' && watch.roundsWithoutDetail < MOST_ROUNDS_WITHOUT_DETAIL)
        return { first: 'nodes' };
    return { first: 'detail', nodes: watch.nodes !== 'unreadable' || round % 2 === 0 };
}
/** A round that read the task's nodes and left its detail for a later one: counted, for readsAt. */
function skipDetail(watch) {
    return { ...watch, roundsWithoutDetail: watch.roundsWithoutDetail + 1 };
}
/**
 * Ends a task's wait, cancelled, timed out or at max_cost (capped), with its last status, and why when
 * there is more to say.
 */
function stopWatching(watch, verdict, atMs, why) {
    const what = { cancelled: 'cancelled', timed_out: 'timed out', capped: 'stopped at max_cost' }[verdict];
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
    const left = (0,poll/* timeLeft */.f$)(deadline, at);
    const cost = costOf(snapshot);
    return cost === undefined ? left : `${left}, cost so far ${(0,money/* readableYuan */.o$)(cost) ?? `${cost} yuan`}`;
}
const costOf = (snapshot) => snapshot === undefined ? undefined : (0,money/* spentYuan */.SZ)(snapshot.billingValue, snapshot.forecastValue);
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
            return `${w.id} ${statusOf(w)}${cost === undefined ? '' : `, cost so far ${(0,money/* readableYuan */.o$)(cost) ?? cost}`}`;
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
    const total = (0,money/* sumPoints */.RN)(yuan);
    return total === undefined ? undefined : (0,money/* readableYuan */.o$)(total);
}


/***/ })

};
