export const id = 83;
export const ids = [83];
export const modules = {

/***/ 5083:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   scaleFlow: () => (/* binding */ scaleFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(629);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(9817);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6218);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9644);
/* harmony import */ var _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6289);
/* harmony import */ var _engine_context_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(3742);
/* harmony import */ var _engine_dry_run_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(60);
/* harmony import */ var _engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5939);
/* harmony import */ var _engine_change_await_serving_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(2729);
/* harmony import */ var _engine_cleanup_finish_scale_back_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(3150);
/* harmony import */ var _task_after_change_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9420);
/* harmony import */ var _send_change_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1360);
/* harmony import */ var _engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8242);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(445);














/**
 * A scale: change_points to `points`, then a wait until the task runs exactly that many nodes
 * (runing_points, and the node list: after a scale down, until the extra nodes are gone), failing fast
 * when a new node crash-loops. A scale up whose new nodes fail is set back to the node count it had, so
 * that no failing node is left billing.
 */
const scaleFlow = {
    plan: (settings) => {
        (0,_send_change_js__WEBPACK_IMPORTED_MODULE_0__/* .checkWaits */ .n)(settings, 'the nodes run (change_points alone does not wait)');
        const plan = (0,_platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .planCalls */ .j)(settings);
        const [call] = plan.calls;
        if (call?.taskId === undefined)
            throw new Error('scale plans one change_points call');
        const scaled = { plan, call, taskId: call.taskId, points: settings.points ?? 1 };
        return {
            plan,
            cleanup: _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_CLEANUP */ .jR,
            run: (ctx) => runScale(scaled, ctx),
            dryRun: async (ctx) => {
                const look = await (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_3__/* .readTask */ .gv)(scaled.taskId, ctx);
                (0,_engine_dry_run_js__WEBPACK_IMPORTED_MODULE_4__/* .printRequests */ .s)(plan, ctx);
                ctx.log(`dry run: task ${scaled.taskId} has ${look.snapshot.nodes?.total ?? 'an unknown number of'} nodes (${(0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_3__/* .runningOf */ .Tx)(look.snapshot) ?? 'unknown'} running); scale would set ${scaled.points} and wait until they run; only reads were sent`);
                return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, {
                    tasks: [(0,_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__/* .taskAfterRead */ .Q)(scaled.taskId, look)],
                    parts: [
                        (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .reportEntry */ .jr)('change', (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .changeReport */ .XS)({ changed: look.snapshot.nodes?.total !== scaled.points }))
                    ]
                });
            }
        };
    }
};
async function runScale(scale, ctx) {
    const { plan, call, taskId, points } = scale;
    const look = await (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_3__/* .readTask */ .gv)(taskId, ctx);
    const before = (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_3__/* .runningOf */ .Tx)(look.snapshot);
    const total = look.snapshot.nodes?.total;
    const counts = { pointsBefore: before };
    if (!(0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_8__/* .taskKindOf */ .j2)(ctx.settings).statuses.running.includes(look.snapshot.status ?? ''))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_9__/* .InputError */ .d(`task ${taskId} is ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_10__/* .sanitize */ .aj)(look.snapshot.status ?? 'in no known status', 20)}, but scale waits until its nodes run: recover it first, or send change_points alone`);
    if (total === points && before === points) {
        ctx.log(`scale: task ${taskId} runs ${points} nodes already; nothing was sent`);
        const task = (0,_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__/* .taskAfterRead */ .Q)(taskId, look);
        return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, {
            tasks: [task],
            parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .reportEntry */ .jr)('change', (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .changeReport */ .XS)({ ...counts, pointsAfter: before }))]
        });
    }
    ctx.log(`scale: task ${taskId} from ${total ?? 'unknown'} nodes (${before ?? 'unknown'} running) to ${points}`);
    const nodesBefore = (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_3__/* .pointIds */ .tc)(look.nodes);
    // Until its new nodes run, a scale up is the post step's to set back if one fails (a cancelled job).
    const growing = total !== undefined && points > total;
    if (growing)
        ctx.cleanup.set('scaleBack', { taskId, points: total, target: points, before: [...nodesBefore] });
    await (0,_send_change_js__WEBPACK_IMPORTED_MODULE_0__/* .sendChange */ .X)(call, `scale: change_points of task ${taskId}`, ctx);
    const outcome = await (0,_engine_change_await_serving_js__WEBPACK_IMPORTED_MODULE_11__/* .awaitServing */ .n)(taskId, { points, before: nodesBefore }, ctx, {
        deadline: ctx.deadline,
        label: 'scale'
    });
    const ending = { startedAt: ctx.startedAt, now: ctx.runtime.now() };
    const change = (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .changeReport */ .XS)({ changed: true, ...counts, pointsAfter: (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_3__/* .runningOf */ .Tx)(outcome.snapshot) });
    // Only a scale up whose new nodes fail is set back: those nodes would bill without serving.
    if (!growing || outcome.kind === 'serving' || outcome.kind === 'timed_out') {
        ctx.cleanup.clear('scaleBack');
        const task = (0,_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__/* .taskAfterServing */ .y)(taskId, outcome, ending);
        return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, {
            tasks: [task],
            parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .reportEntry */ .jr)('change', change)],
            timedOut: outcome.kind === 'timed_out'
        });
    }
    const didNot = `did not scale to ${points} nodes (it ${outcome.why ?? outcome.kind})`;
    if (outcome.kind === 'cancelled' || ctx.runtime.cancelled()) {
        const message = `${didNot}; the post step waits for its new nodes, and sets the count back to ${total} if one fails`;
        const task = (0,_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__/* .taskAfterServing */ .y)(taskId, { ...outcome, kind: 'cancelled' }, { ...ending, message });
        return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, { tasks: [task], parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .reportEntry */ .jr)('change', change)] });
    }
    const setBack = await setCountBack(taskId, total, ctx);
    const task = (0,_task_after_change_js__WEBPACK_IMPORTED_MODULE_6__/* .taskAfterServing */ .y)(taskId, outcome, { ...ending, message: `${didNot}; ${setBack.said}` });
    return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, {
        tasks: [task],
        parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_7__/* .reportEntry */ .jr)('change', { ...change, rolledBack: setBack.done })]
    });
}
/**
 * A scale up whose new nodes fail: the count it had is set again until the task's detail shows it (within
 * cleanup_timeout), and said. One the detail does not show by then is left to the post step, which tries
 * again.
 */
async function setCountBack(taskId, total, ctx) {
    const budget = (0,_engine_context_js__WEBPACK_IMPORTED_MODULE_12__/* .contextFor */ .BT)(ctx, ctx.settings.cleanupTimeoutMs);
    const setBack = await (0,_engine_cleanup_finish_scale_back_js__WEBPACK_IMPORTED_MODULE_13__/* .setPointsBack */ .l)(taskId, total, budget, 'scale');
    if (setBack.kind === 'failed')
        return {
            done: false,
            said: `could not set it back to ${total} nodes (${setBack.why}): set its points by hand (the post step tries again)`
        };
    ctx.cleanup.clear('scaleBack');
    return { done: true, said: `set back to ${total} nodes, so that the failing ones stop billing` };
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

/***/ 3150:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ finishScaleBack),
/* harmony export */   l: () => (/* binding */ setPointsBack)
/* harmony export */ });
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9644);
/* harmony import */ var _change_await_serving_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(2729);
/* harmony import */ var _tasks_read_task_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8242);
/* harmony import */ var _ask_again_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(2317);





/**
 * Finishes a scale up the main step left (the job was cancelled before its new nodes ran, or the step
 * could not set it back): waits, within the context's deadline (cleanup_timeout), until the new nodes run
 * or one fails, and sets a failing one's task back to the count it had, so that no failing node is left
 * billing. Decided from the task's detail and node list: a scale that had not taken (the count is still
 * the old one) leaves nothing to do, and new nodes that run are kept.
 */
async function finishScaleBack(scale, ctx) {
    const { taskId, points, target } = scale;
    const report = (said, problem) => ({
        taskId,
        points,
        said,
        problem
    });
    ctx.log(`cleanup: the scale of task ${taskId} to ${target} nodes did not complete; waiting until its new nodes run, to set it back to ${points} if one fails`);
    try {
        const { snapshot } = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_0__/* .readDetail */ .on)(taskId, ctx);
        if (snapshot.nodes?.total === points)
            return report(`cleanup: task ${taskId} is set to ${points} nodes, as before the scale: nothing to set back`);
    }
    catch (error) {
        return report(undefined, `it could not be read (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_1__/* .describeError */ .Uc)(error)})`);
    }
    const outcome = await (0,_change_await_serving_js__WEBPACK_IMPORTED_MODULE_2__/* .awaitServing */ .n)(taskId, { points: target, before: new Set(scale.before) }, ctx, {
        deadline: ctx.deadline,
        label: 'cleanup',
        health: false
    });
    if (outcome.kind === 'serving')
        return report(`cleanup: task ${taskId} runs its ${target} nodes: the scale up completed, and keeps them`);
    const why = outcome.why ?? outcome.kind;
    if (outcome.kind !== 'failed')
        return report(undefined, `its new nodes had neither run nor failed when cleanup_timeout ran out (it ${why})`);
    const setBack = await setPointsBack(taskId, points, ctx);
    return setBack.kind === 'shown'
        ? report(`cleanup: set task ${taskId} back to ${points} nodes (it ${why}), so that the failing ones stop billing`)
        : report(undefined, `it ${why}, and it could not be set back to ${points} nodes (${setBack.why})`);
}
/**
 * Sets the task back to `points` until its detail shows it (see sendUntilShown): a count at `points` is
 * set back, whoever set it, and an accepted request is not until the detail says so.
 */
async function setPointsBack(taskId, points, ctx, label = 'cleanup') {
    const shows = async () => {
        const total = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_0__/* .readDetail */ .on)(taskId, ctx).then(({ snapshot }) => snapshot.nodes?.total, () => undefined);
        return total === points
            ? { shown: true, state: `set to ${points} nodes` }
            : { shown: false, state: `it is set to ${total ?? 'an unknown number of'} nodes` };
    };
    const call = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .changePointsCall */ .UK)(ctx.settings, taskId, points);
    return (0,_ask_again_js__WEBPACK_IMPORTED_MODULE_4__/* .sendUntilShown */ .ep)(call, `${label}: setting task ${taskId} back to ${points} nodes`, shows, ctx);
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
