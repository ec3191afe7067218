export const id = 175;
export const ids = [175];
export const modules = {

/***/ 5175:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   previewSweepFlow: () => (/* binding */ previewSweepFlow)
/* harmony export */ });
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(2589);
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5786);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6289);
/* harmony import */ var _engine_pull_requests_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(2821);
/* harmony import */ var _engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5939);
/* harmony import */ var _preview_book_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(4814);
/* harmony import */ var _preview_spend_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(999);
/* harmony import */ var _preview_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9154);
/* harmony import */ var _preview_recording_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(5128);
/* harmony import */ var _preview_tasks_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7781);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(445);













/**
 * What a cancelled close run, or a forgotten pull request, left running: the previews of task_name
 * (task_name-pr-<number>) are found by name, GitHub asked each one's pull request's state, and those
 * whose pull request is closed or merged, that were not deployed for preview_ttl, or whose previews
 * together reached max_cost, are stopped until their state shows it, what they cost kept, their comment
 * (if any) said so, their deployments marked inactive. A preview whose pull request this repository does
 * not have is left (another repository's, of the same task_name), and said. Then the records a close run
 * left unfinished (GitHub failing it) are finished: a pull request closed within preview_ttl, none of
 * whose preview runs, whose newest deployment still says it serves. What GitHub refuses for one pull
 * request is said, and the sweep goes on with the others; it fails at the end, naming those it could not
 * sweep. The summary says what was stopped, why, and what it cost.
 */
const previewSweepFlow = {
    plan: (settings) => {
        const { taskName } = settings;
        if (taskName === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d("task_name is empty, but preview_sweep needs it: set it to the previews' task_name, such as web (it sweeps web-pr-<number>)");
        if (settings.previews.githubToken === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d("github_token is empty, but preview_sweep asks GitHub each pull request's state: leave github_token at its default (the workflow's token) and grant permissions deployments: write and pull-requests: write (the comment a close left is brought up to date)");
        const plan = {
            operation: settings.operation,
            calls: [(0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .searchByNameCall */ .Vl)(settings, `${taskName}-pr-`, 1)],
            wait: undefined
        };
        return {
            plan,
            cleanup: _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_CLEANUP */ .jR,
            run: (ctx) => sweepPreviews(plan, { taskName, ctx }, false),
            dryRun: (ctx) => sweepPreviews(plan, { taskName, ctx }, true)
        };
    }
};
async function sweepPreviews(plan, { taskName, ctx }, dryRun) {
    const { host } = await (0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.pullRequestsOf)(ctx, false);
    const live = await (0,_preview_tasks_js__WEBPACK_IMPORTED_MODULE_4__/* .livePreviews */ .Gp)(taskName, ctx);
    // Every name found is task_name-pr-<number>: the search kept no other.
    const prefix = `${taskName}-pr-`.length;
    const numbers = [...new Set(live.map((task) => Number(task.name.slice(prefix))))].sort((a, b) => a - b);
    ctx.log(`preview_sweep: ${live.length} preview task(s) of ${JSON.stringify(taskName)} run, for ${numbers.length} pull request(s)${dryRun ? '; dry run: none is stopped' : ''}`);
    const sweep = { tasks: [], costs: [], unswept: [] };
    for (const number of numbers)
        await sweepOne({ taskName, number, host, live, dryRun }, sweep, ctx);
    await finishRecords({ taskName, host, live: new Set(numbers), dryRun }, sweep, ctx);
    const failure = sweep.unswept.length === 0
        ? undefined
        : `could not sweep ${sweep.unswept.join('; ')}: left as they were, the others swept; the next sweep tries again`;
    return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, {
        tasks: sweep.tasks,
        parts: [
            (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__/* .reportEntry */ .jr)('preview', {
                number: undefined,
                taskName,
                totalPoints: sweep.costs.length === 0 ? undefined : (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_7__/* .sumPoints */ .RN)(sweep.costs),
                ...(failure === undefined ? {} : { failure })
            })
        ]
    });
}
/**
 * One pull request's previews: kept, or stopped with why, what they cost kept on GitHub, the comment
 * said so (where there is one) and the deployments marked inactive last. What GitHub refuses is said;
 * the stop is not undone by it.
 */
async function sweepOne(one, sweep, outer) {
    const { number, host, dryRun } = one;
    const name = (0,_engine_pull_requests_js__WEBPACK_IMPORTED_MODULE_8__/* .previewName */ .gz)(one.taskName, number);
    const verdict = {};
    const unread = await (0,_preview_recording_js__WEBPACK_IMPORTED_MODULE_9__/* .recording */ .oz)(outer, async () => {
        verdict.why = await whyStop({ name, number }, host, outer);
    });
    const { why } = verdict;
    const left = unread ?? (typeof why === 'object' ? why.unswept : undefined);
    if (left !== undefined) {
        sweep.unswept.push(`#${number} (${left})`);
        return;
    }
    if (typeof why !== 'string')
        return;
    const reason = why;
    // Every figure the stop reads is kept in the book: the platform may delete a task once it has ended.
    const book = new _preview_book_js__WEBPACK_IMPORTED_MODULE_10__/* .SpendBook */ .G3();
    const ctx = (0,_preview_book_js__WEBPACK_IMPORTED_MODULE_10__/* .seeing */ .qe)(outer, name, book);
    const stopped = await (0,_preview_tasks_js__WEBPACK_IMPORTED_MODULE_4__/* .stopPreview */ .Xo)(name, ctx, dryRun);
    const stoppedIds = stopped.map((task) => task.id);
    const said = (tasks) => tasks.map((task) => ({ ...task, message: task.verdict === 'error' ? task.message : reason }));
    if (dryRun) {
        sweep.tasks.push(...said(stopped));
        sweep.costs.push((0,_preview_spend_js__WEBPACK_IMPORTED_MODULE_11__/* .costOf */ .ho)(one.live.filter((task) => task.name === name)));
        return;
    }
    let spend;
    const failed = await (0,_preview_recording_js__WEBPACK_IMPORTED_MODULE_9__/* .recording */ .oz)(ctx, async () => {
        book.keptNow(await host.spentKept(name));
        spend = await (0,_preview_book_js__WEBPACK_IMPORTED_MODULE_10__/* .spendNow */ .Zw)({ name, number, host }, book, ctx, stoppedIds);
        const retired = await stoppedRecords({ number, name, given: one.taskName, why: reason, spend, book }, host);
        ctx.log(`preview_sweep: ${name} (${reason}): stopped; ${retired} deployment(s) marked inactive; its previews cost ${(0,_platform_money_js__WEBPACK_IMPORTED_MODULE_7__/* .readablePoints */ .aR)(spend.total)} in all`);
    });
    if (failed !== undefined)
        sweep.unswept.push(`#${number} (stopped, but ${failed})`);
    spend ??= await (0,_preview_book_js__WEBPACK_IMPORTED_MODULE_10__/* .spendNow */ .Zw)({ name, number, host }, book, ctx, stoppedIds);
    sweep.tasks.push(...said((0,_preview_spend_js__WEBPACK_IMPORTED_MODULE_11__/* .withSpend */ .HE)(stopped, spend)));
    sweep.costs.push(spend.total);
}
/**
 * The records of a pull request whose previews are stopped: what they cost kept, the comment (only one
 * a run wrote: never a new one) said so, the deployments marked inactive last. How many were marked.
 */
async function stoppedRecords(stopped, host) {
    const { number, name, spend } = stopped;
    await (0,_preview_recording_js__WEBPACK_IMPORTED_MODULE_9__/* .keepSpend */ .So)(host, { number, name }, spend, stopped.book);
    await host.comment(stoppedView(stopped.given, number, stopped.why, spend, stopped.book), 'existing');
    return (await host.retire(number)).length;
}
/** The comment of a preview the sweep stopped, or whose close it finished. */
function stoppedView(given, number, why, spend, book) {
    return {
        taskName: given,
        number,
        state: 'stopped',
        url: undefined,
        ...(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.lastPushShown)(spend, book),
        status: 'stopped',
        sha: undefined,
        totalCost: (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_7__/* .readablePoints */ .aR)(spend.total),
        note: `Stopped by preview_sweep: ${why}.`
    };
}
/**
 * The records a close run left unfinished (GitHub failed it after the stop): of the pull requests closed
 * within preview_ttl whose preview runs no more, those whose newest deployment still says it serves get
 * the close's records (see stoppedRecords). A dry run says which it would finish.
 */
async function finishRecords(run, sweep, ctx) {
    const { host, taskName, dryRun } = run;
    let closed = [];
    const unread = await (0,_preview_recording_js__WEBPACK_IMPORTED_MODULE_9__/* .recording */ .oz)(ctx, async () => {
        closed = await host.closedSince(ctx.runtime.now() - ctx.settings.previews.ttlMs);
    });
    if (unread !== undefined)
        sweep.unswept.push(`the pull requests closed lately (${unread})`);
    for (const number of closed.filter((n) => !run.live.has(n)).sort((a, b) => a - b)) {
        const name = (0,_engine_pull_requests_js__WEBPACK_IMPORTED_MODULE_8__/* .previewName */ .gz)(taskName, number);
        const failed = await (0,_preview_recording_js__WEBPACK_IMPORTED_MODULE_9__/* .recording */ .oz)(ctx, async () => {
            const state = await host.lastDeploymentState(number, name);
            if (state === undefined || state === 'inactive')
                return;
            const why = `pull request #${number} is closed, and its deployment still said ${state}`;
            if (dryRun) {
                ctx.log(`preview_sweep: ${name}: ${why}: dry run: its records would be finished`);
                return;
            }
            const book = await (0,_preview_book_js__WEBPACK_IMPORTED_MODULE_10__/* .openBook */ .Ce)(host, name);
            const spend = await (0,_preview_book_js__WEBPACK_IMPORTED_MODULE_10__/* .spendNow */ .Zw)({ name, number, host }, book, ctx);
            const retired = await stoppedRecords({ number, name, given: taskName, why, spend, book }, host);
            ctx.log(`preview_sweep: ${name}: ${why} (a close run's records were left unfinished): ${retired} deployment(s) marked inactive, the comment (if any) says stopped`);
        });
        if (failed !== undefined)
            sweep.unswept.push(`#${number} (${failed})`);
    }
}
/** Why a pull request's previews are stopped, or kept, or left unswept (see Verdict). */
async function whyStop({ name, number }, host, ctx) {
    const state = await host.state(number);
    if (state === 'closed' || state === 'merged')
        return `pull request #${number} is ${state}`;
    if (state === 'missing') {
        ctx.log(`preview_sweep: ${name} is left: this repository has no pull request #${number} (it may be another repository's preview of the same task_name)`);
        return undefined;
    }
    const last = await host.lastDeployedAt(number);
    // A preview no deployment records (made by hand, or before the action recorded one) has no age to read.
    const age = last === undefined ? undefined : ctx.runtime.now() - last;
    const deployed = age === undefined ? 'no deployment recorded' : `last deployed ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_12__/* .formatDuration */ .a3)(age)} ago`;
    if (age !== undefined && age > ctx.settings.previews.ttlMs)
        return `pull request #${number} was ${deployed}, more than preview_ttl`;
    const { maxCost } = ctx.settings;
    if (maxCost !== undefined) {
        const spend = await (0,_preview_book_js__WEBPACK_IMPORTED_MODULE_10__/* .spendNow */ .Zw)({ name, number, host }, await (0,_preview_book_js__WEBPACK_IMPORTED_MODULE_10__/* .openBook */ .Ce)(host, name), ctx);
        const spent = spend.total;
        if ((0,_preview_spend_js__WEBPACK_IMPORTED_MODULE_11__/* .reachesCap */ .S0)(spent, maxCost))
            return `the previews of pull request #${number} have cost ${(0,_platform_money_js__WEBPACK_IMPORTED_MODULE_7__/* .readablePoints */ .aR)(spent)}, reaching max_cost ${maxCost} yuan`;
        if (spend.unread.length > 0)
            return {
                unswept: `what its previews have cost cannot be read (${spend.unread.map((task) => `task ${task.id}: ${task.why}`).join('; ')}), so max_cost ${maxCost} yuan cannot be held: left running`
            };
    }
    ctx.log(`preview_sweep: ${name} is kept: pull request #${number} is open, ${deployed}`);
    return undefined;
}


/***/ })

};
