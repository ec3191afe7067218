export const id = 296;
export const ids = [296];
export const modules = {

/***/ 5296:
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
// EXTERNAL MODULE: ./platform/operations.ts
var operations = __webpack_require__(7258);
// EXTERNAL MODULE: ./protocol/json.ts
var json = __webpack_require__(6539);
// EXTERNAL MODULE: ./deploy/diagnostics.ts
var diagnostics = __webpack_require__(7766);
// EXTERNAL MODULE: ./deploy/health.ts
var health = __webpack_require__(9502);
// EXTERNAL MODULE: ./deploy/nodes.ts
var deploy_nodes = __webpack_require__(6715);
// EXTERNAL MODULE: ./deploy/result.ts + 1 modules
var deploy_result = __webpack_require__(8848);
// EXTERNAL MODULE: ./deploy/task-state.ts
var task_state = __webpack_require__(9645);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/throttle.ts
var throttle = __webpack_require__(768);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./platform/task-data.ts
var task_data = __webpack_require__(8998);
// EXTERNAL MODULE: ./deploy/task-status.ts
var task_status = __webpack_require__(5460);
;// CONCATENATED MODULE: ./deploy/watch.ts




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
        (0,task_status/* isUnknownStatus */.pl)(snapshot.status, rules.criteria) &&
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
    const verdict = (0,task_status/* judge */.S4)(snapshot, criteria);
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
    const missing = snapshot.urls.filter((url) => !(0,task_status/* isPublishable */.oB)(url)).length;
    if (!criteria.success.includes(status) || !criteria.requireUrls || missing === 0 || watch.said.urls)
        return { watch, lines: [] };
    // Set, but not a URL the step could publish: no URL, as far as ready goes.
    const unusable = snapshot.urls.filter((url) => url !== null && !(0,task_status/* isPublishable */.oB)(url)).length;
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

;// CONCATENATED MODULE: ./deploy/wait.ts




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

;// CONCATENATED MODULE: ./deploy/waiting.ts










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
        const { result, raw } = await ctx.send((0,operations/* detailCall */.cV)(ctx.settings, taskId));
        return { kind: 'task', data: result.data, raw };
    }
    catch (error) {
        if (!(0,failures/* isRefusal */.vu)(error))
            throw error;
        const state = await (0,task_state/* readTaskState */.Lf)(taskId, ctx, { name, detailRefused: true });
        if (state.kind === 'absent')
            return { kind: 'gone', message: `${(0,failures/* describeError */.Uc)(error)}; ${(0,task_state/* describeState */.Jw)(state)}` };
        if (state.kind === 'status')
            return { kind: 'task', data: state.data, raw: (0,json/* toCompactJson */.ZJ)(state.data) };
        throw new UnreadTaskError(`${(0,failures/* describeError */.Uc)(error)}; ${(0,task_state/* describeState */.Jw)(state)}`);
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
    const nodes = await (0,diagnostics/* readNodeList */.XV)(taskId, ctx);
    const problem = (0,deploy_nodes/* failingNode */.dP)({ results: nodes }, ctx.settings.wait.maxRestarts);
    return problem === undefined
        ? undefined
        : `has a node that will not come up: ${(0,deploy_nodes/* describeNodeProblem */.BD)(problem)}`;
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
        const problem = task.urls.length === 0
            ? `has no service URL to check ${path} at`
            : await (0,health/* checkHealth */.Ns)(task.urls, { ...settings.health, path }, { deadline: ctx.deadline, intervalMs: settings.wait.intervalMs, startedAt: ctx.startedAt }, (0,health/* healthDeps */.$$)(ctx));
        if (problem === undefined)
            return { ...task, healthy: true };
        const message = task.urls.length === 0 ? problem : `is not healthy: ${problem}`;
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
        return { ...task, diagnostics: await (0,diagnostics/* diagnose */.h4)(task.id, task.data, ctx) };
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
