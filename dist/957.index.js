export const id = 957;
export const ids = [957,720,920];
export const modules = {

/***/ 1957:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   previewSweepFlow: () => (/* binding */ previewSweepFlow)
/* harmony export */ });
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(2589);
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5786);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9644);
/* harmony import */ var _cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7326);
/* harmony import */ var _pull_requests_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4486);
/* harmony import */ var _preview_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(5920);
/* harmony import */ var _toolkit_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(8682);








/**
 * What a cancelled close run, or a forgotten pull request, left running: the previews of task_name
 * (task_name-pr-<number>) are found by name, GitHub asked each one's pull request's state, and those
 * whose pull request is closed or merged, that were not deployed for preview_ttl, or whose previews
 * together reached max_cost, are stopped until their state shows it, their deployments marked inactive.
 * A preview whose pull request this repository does not have is left (another repository's, of the same
 * task_name), and said. The summary says what was stopped, why, and what it cost.
 */
const previewSweepFlow = {
    plan: (settings) => {
        const { taskName } = settings;
        if (taskName === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d("task_name is empty, but preview_sweep needs it: set it to the previews' task_name, such as web (it sweeps web-pr-<number>)");
        if (settings.previews.githubToken === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d("github_token is empty, but preview_sweep asks GitHub each pull request's state: leave github_token at its default (the workflow's token) and grant permissions deployments: write and pull-requests: read");
        const plan = {
            operation: settings.operation,
            calls: [(0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .searchByNameCall */ .Vl)(settings, `${taskName}-pr-`, 1)],
            wait: undefined
        };
        return {
            plan,
            cleanup: _cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_CLEANUP */ .jR,
            capsCost: true,
            run: (ctx) => sweepPreviews(plan, { taskName, ctx }, false),
            dryRun: (ctx) => sweepPreviews(plan, { taskName, ctx }, true)
        };
    }
};
async function sweepPreviews(plan, { taskName, ctx }, dryRun) {
    const { host } = await (0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.pullRequestsOf)(ctx, false);
    const live = await (0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.livePreviews)(taskName, ctx);
    // Every name found is task_name-pr-<number>: the search kept no other.
    const prefix = `${taskName}-pr-`.length;
    const numbers = [...new Set(live.map((task) => Number(task.name.slice(prefix))))].sort((a, b) => a - b);
    ctx.log(`preview_sweep: ${live.length} preview task(s) of ${JSON.stringify(taskName)} run, for ${numbers.length} pull request(s)${dryRun ? '; dry run: none is stopped' : ''}`);
    const tasks = [];
    const costs = [];
    const failure = await (0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.recording)(ctx, async () => {
        for (const number of numbers) {
            const swept = await sweepOne((0,_pull_requests_js__WEBPACK_IMPORTED_MODULE_4__/* .previewName */ .gz)(taskName, number), { number, host, live, dryRun }, ctx);
            tasks.push(...swept.tasks);
            if (swept.cost !== undefined)
                costs.push(swept.cost);
        }
    });
    return (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, {
        tasks,
        preview: {
            number: undefined,
            taskName,
            totalPoints: costs.length === 0 ? undefined : (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_6__/* .sumPoints */ .RN)(costs),
            ...(failure === undefined ? {} : { failure: `${failure}; what it stopped before is stopped` })
        }
    });
}
/** One pull request's previews: kept, or stopped (and its deployments marked inactive) with why. */
async function sweepOne(name, how, ctx) {
    const { number } = how;
    const why = await whyStop({ name, number }, how.host, ctx);
    if (why === undefined)
        return { tasks: [], cost: undefined };
    const stopped = await (0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.stopPreview)(name, ctx, how.dryRun);
    const cost = how.dryRun
        ? (0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.costOf)(how.live.filter((task) => task.name === name))
        : await (0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.previewsCost)(name, ctx);
    if (!how.dryRun) {
        const retired = await how.host.retire(number);
        ctx.log(`preview_sweep: ${name} (${why}): stopped; ${retired.length} deployment(s) marked inactive; its previews cost ${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.yuanText)(cost)} in all`);
    }
    return {
        tasks: stopped.map((task) => ({ ...task, message: task.verdict === 'error' ? task.message : why })),
        cost
    };
}
/** Why a pull request's previews are stopped, or undefined when they are kept (said in the log). */
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
    const deployed = age === undefined ? 'no deployment recorded' : `last deployed ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_7__/* .formatDuration */ .a3)(age)} ago`;
    if (age !== undefined && age > ctx.settings.previews.ttlMs)
        return `pull request #${number} was ${deployed}, more than preview_ttl`;
    const { maxCost } = ctx.settings;
    if (maxCost !== undefined) {
        const spent = await (0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.previewsCost)(name, ctx);
        if ((0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.reachesCap)(spent, maxCost))
            return `the previews of pull request #${number} have cost ${(0,_preview_js__WEBPACK_IMPORTED_MODULE_3__.yuanText)(spent)}, reaching max_cost ${maxCost} yuan`;
    }
    ctx.log(`preview_sweep: ${name} is kept: pull request #${number} is open, ${deployed}`);
    return undefined;
}


/***/ }),

/***/ 5920:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   commentIf: () => (/* binding */ commentIf),
/* harmony export */   costOf: () => (/* binding */ costOf),
/* harmony export */   livePreviews: () => (/* binding */ livePreviews),
/* harmony export */   previewFlow: () => (/* binding */ previewFlow),
/* harmony export */   previewsCost: () => (/* binding */ previewsCost),
/* harmony export */   pullRequestsOf: () => (/* binding */ pullRequestsOf),
/* harmony export */   reachesCap: () => (/* binding */ reachesCap),
/* harmony export */   recording: () => (/* binding */ recording),
/* harmony export */   remainingCap: () => (/* binding */ remainingCap),
/* harmony export */   stopPreview: () => (/* binding */ stopPreview),
/* harmony export */   yuanText: () => (/* binding */ yuanText)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(5786);
/* harmony import */ var _pull_requests_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4486);
/* harmony import */ var _calls_step_result_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(8060);
/* harmony import */ var _tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5207);
/* harmony import */ var _wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(4001);
/* harmony import */ var _replace_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(720);
/* harmony import */ var _sweep_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9639);
/* harmony import */ var _toolkit_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(8682);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2116);










/**
 * A preview of a pull request, on its workflow's pull_request events. Opened, pushed to or reopened: the
 * pull request's service is brought up as a replace does, under task_name-pr-<number> (the earlier push's
 * keeps serving until the new one is ready), recorded as a GitHub deployment of the environment
 * pr-<number> (in progress, then success with the service's URL, or failure), the earlier deployments
 * marked inactive. Closed: every task of the name is stopped until its state shows it, the deployments
 * marked inactive, and what the previews cost said. max_previews caps the previews of task_name at once;
 * max_cost caps all of the pull request's previews together. With comment, one comment on the pull
 * request says it all, updated in place.
 */
const previewFlow = {
    plan: (settings) => {
        if (settings.taskName === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d("task_name is empty, but preview needs it: set task_name to the service's name, such as web (a pull request's preview is named web-pr-42)");
        if (settings.previews.githubToken === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d("github_token is empty, but preview records the pull request's deployments: leave github_token at its default (the workflow's token) and grant permissions deployments: write and pull-requests: write");
        // The replace of a push, planned now with the name's form, so that every input is checked before anything is sent.
        const given = settings.taskName;
        const replace = _replace_js__WEBPACK_IMPORTED_MODULE_1__.replaceFlow.plan({ ...settings, taskName: (0,_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .previewName */ .gz)(given, 1) });
        return {
            plan: replace.plan,
            cleanup: replace.cleanup,
            run: (ctx) => runPreview(given, ctx, false),
            dryRun: (ctx) => runPreview(given, ctx, true)
        };
    }
};
/** The pull requests' host, and the event's pull request: refused when the host has none. */
async function pullRequestsOf(ctx, needsEvent) {
    const open = ctx.runtime.pullRequests;
    if (open === undefined)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${ctx.settings.operation} runs in the GitHub action, on a workflow's pull_request events (docs/previews.md): on GitLab, a review app uses replace and cleanup (docs/cli.md)`);
    const host = await open();
    if (needsEvent && host.event === undefined)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${ctx.settings.operation} follows a pull request: run it on pull_request events (on: pull_request: types: [opened, synchronize, reopened, closed])`);
    return { host, event: host.event };
}
/**
 * The preview of the event's pull request, up or down. What GitHub refuses before anything is made (a
 * token that cannot write deployments) fails the step, naming the permission.
 */
async function runPreview(given, ctx, dryRun) {
    let done;
    const failure = await recording(ctx, async () => {
        done = await upOrDown(given, ctx, dryRun);
    });
    return (done ??
        (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_3__/* .stepResult */ .GR)(NO_PLAN(ctx), ctx, {
            preview: { number: undefined, taskName: given, totalPoints: undefined, failure }
        }));
}
async function upOrDown(given, ctx, dryRun) {
    const { host, event } = await pullRequestsOf(ctx, true);
    const pull = event;
    const name = (0,_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .previewName */ .gz)(given, pull.number);
    ctx.log(`preview: pull request #${pull.number} was ${pull.merged ? 'merged' : (SAID[pull.said] ?? pull.said)}: ${pull.action === 'up' ? `bringing up ${JSON.stringify(name)} at ${pull.headSha.slice(0, 7)}` : `stopping ${JSON.stringify(name)}`}`);
    return pull.action === 'down'
        ? takeDown({ given, host, pull, name }, ctx, dryRun)
        : bringUp({ given, host, pull, name }, ctx, dryRun);
}
/** The event's words as a line says them. */
const SAID = { synchronize: 'pushed to' };
/**
 * Stops every live task of a preview's name until its state shows it ended, searching again until none is
 * left (see stopMatches); a dry run says what it would stop.
 */
function stopPreview(name, ctx, dryRun) {
    return (0,_sweep_js__WEBPACK_IMPORTED_MODULE_4__.stopMatches)({ pattern: name, literal: name, matches: (found) => found === name, keep: [] }, ctx, dryRun);
}
/** The live previews of task_name (task_name-pr-<number>), across every page of the task search. */
function livePreviews(taskName, ctx) {
    return (0,_retries_js__WEBPACK_IMPORTED_MODULE_5__/* .retried */ .s)(`${ctx.settings.operation}: looking for the previews running`, ctx.retries, () => (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_6__/* .searchTasks */ .d)(`${taskName}-pr-`, (found) => (0,_pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .previewNumber */ .KL)(taskName, found) !== undefined, ctx));
}
/** What the tasks found have cost, billed and not billed yet, in points. */
function costOf(tasks) {
    return (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_7__/* .sumPoints */ .RN)(tasks.flatMap((t) => [t.billingValue ?? '0', t.forecastValue ?? '0'])) ?? '0';
}
/** Every task of the preview's name, whatever its status: what the pull request's previews cost. */
function previewsCost(name, ctx) {
    return (0,_retries_js__WEBPACK_IMPORTED_MODULE_5__/* .retried */ .s)('preview: reading what its previews cost', ctx.retries, () => (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_6__/* .searchTasks */ .d)(name, (found) => found === name, ctx, 'every')).then(costOf);
}
/** Points as readable yuan (0.42 yuan; 0.000832 yuan below a fen). */
function yuanText(points) {
    const yuan = (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_7__/* .yuanOf */ .xU)(points) ?? '0';
    const readable = (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_7__/* .readableYuan */ .o$)(yuan) ?? `${points} points`;
    // Below a fen, the exact sum: a cap of a few fen is compared with it.
    return readable.startsWith('less than') ? `${yuan.replace(/0+$/, '')} yuan` : readable;
}
/**
 * Closed: every live task of the preview's name stopped until its state shows it ended (the search is
 * sent again until none is left), then the environment's deployments marked inactive, and the cost said.
 */
async function takeDown(preview, ctx, dryRun) {
    const { host, pull, name } = preview;
    const stopped = await stopPreview(name, ctx, dryRun);
    const result = (fields) => (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_3__/* .stepResult */ .GR)(NO_PLAN(ctx), ctx, {
        tasks: stopped,
        ...fields
    });
    if (dryRun) {
        ctx.log(`dry run: the deployments of pull request #${pull.number} would be marked inactive`);
        return result({});
    }
    const total = await previewsCost(name, ctx);
    const failed = stopped.filter((task) => task.verdict === 'error');
    const failure = await recording(ctx, async () => {
        const retired = await host.retire(pull.number);
        ctx.log(`preview: ${retired.length} deployment(s) of pull request #${pull.number} marked inactive; its previews cost ${yuanText(total)} in all`);
        await commentIf(host, ctx, {
            ...view(preview),
            state: failed.length === 0 ? 'stopped' : 'failed',
            status: failed.length === 0 ? 'stopped' : 'could not be stopped',
            totalCost: yuanText(total),
            note: failed.length === 0
                ? `The pull request was ${pull.merged ? 'merged' : 'closed'}: its preview is stopped.`
                : `Task ${failed.map((t) => t.id).join(', ')} could not be stopped: preview_sweep tries again.`
        });
    });
    return result({
        preview: {
            number: pull.number,
            taskName: name,
            totalPoints: total,
            ...(failure === undefined ? {} : { failure })
        }
    });
}
/**
 * Records on GitHub once the platform's part is done: a refusal is said, and fails the step, but leaves
 * what was done on the platform as it is (a stop made, a preview up). Its message, or undefined.
 */
async function recording(ctx, records) {
    try {
        await records();
        return undefined;
    }
    catch (error) {
        if (!(error instanceof _pull_requests_js__WEBPACK_IMPORTED_MODULE_2__/* .PullRequestsRefusal */ .IF))
            throw error;
        ctx.log(`${ctx.settings.operation}: ${error.message}`);
        return error.message;
    }
}
/** The comment's view of a preview before anything is known of it. */
function view(preview) {
    return {
        taskName: preview.given,
        number: preview.pull.number,
        state: 'running',
        url: undefined,
        gpu: undefined,
        region: undefined,
        status: undefined,
        sha: preview.pull.headSha,
        pushCost: undefined,
        totalCost: undefined,
        note: undefined
    };
}
/** Writes the comment when the comment input asks for one. */
async function commentIf(host, ctx, shown) {
    if (!ctx.settings.previews.comment)
        return;
    await host.comment(shown);
    ctx.log(`preview: the comment on pull request #${shown.number} says ${shown.state}`);
}
/**
 * Opened, pushed to, reopened: refused beyond max_previews or at max_cost; else a deployment in progress,
 * the replace under the preview's name (its wait held to what max_cost leaves), and the deployment's end.
 */
async function bringUp(preview, ctx, dryRun) {
    const { name, pull } = preview;
    const spent = ctx.settings.maxCost === undefined ? undefined : await previewsCost(name, ctx);
    const refusal = (await beyondMaxPreviews(preview, ctx)) ?? (await atCap(preview, spent, ctx, dryRun));
    if (refusal !== undefined) {
        ctx.log(`preview: ${refusal.why}`);
        // A preview the cap stopped is one the environment no longer serves: its deployments are marked so.
        if (!dryRun)
            await recordRefusal(preview, refusal, ctx);
        return (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_3__/* .stepResult */ .GR)(NO_PLAN(ctx), ctx, {
            tasks: refusal.stopped,
            preview: { number: pull.number, taskName: name, totalPoints: spent, failure: refusal.why }
        });
    }
    const settings = {
        ...ctx.settings,
        taskName: name,
        maxCost: remainingCap(ctx.settings.maxCost, spent)
    };
    const planned = _replace_js__WEBPACK_IMPORTED_MODULE_1__.replaceFlow.plan(settings);
    const inner = { ...ctx, settings };
    if (dryRun) {
        await planned.dryRun(inner);
        ctx.log(`dry run: a deployment of pull request #${pull.number} would be recorded`);
        return (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_3__/* .stepResult */ .GR)(NO_PLAN(ctx), ctx, {});
    }
    // Nothing is made without its record: a token that cannot write deployments fails the step here.
    const deployment = await preview.host.deploying(pull.number, pull.headSha, name);
    ctx.log(`preview: deployment ${deployment} of pull request #${pull.number} is in progress`);
    const step = await planned.run(inner);
    return finishUp(preview, { step, deployment }, ctx);
}
/** The comment of a refused preview, and the deployments of one the cap stopped marked inactive. */
async function recordRefusal(preview, refusal, ctx) {
    if (refusal.stopped.length > 0)
        await preview.host.retire(preview.pull.number);
    await commentIf(preview.host, ctx, { ...view(preview), ...refusal.shown });
}
const NO_PLAN = (ctx) => ({ operation: ctx.settings.operation, calls: [], wait: undefined });
/**
 * max_previews: the previews of task_name that run for other pull requests, when there are that many
 * already and this pull request has none running (its own new push replaces its own).
 */
async function beyondMaxPreviews(preview, ctx) {
    const taskName = preview.given;
    const live = await livePreviews(taskName, ctx);
    const names = [...new Set(live.map((task) => task.name))].sort();
    const most = ctx.settings.previews.maxPreviews;
    if (names.includes(preview.name) || names.length < most)
        return undefined;
    const running = names.map((name) => JSON.stringify(name)).join(', ');
    return {
        why: `max_previews is ${most}, and ${names.length} preview(s) of ${JSON.stringify(taskName)} run (${running}): no preview is made for pull request #${preview.pull.number}; close one of those pull requests, or raise max_previews`,
        shown: {
            state: 'refused',
            note: `No preview: max_previews (${most}) previews run already: ${names.join(', ')}.`
        },
        stopped: []
    };
}
/**
 * max_cost over all of the pull request's previews: at it (or past it), no new one is made, and the one
 * running is stopped (until its state shows it), as a cap reached stops what it caps.
 */
async function atCap(preview, spent, ctx, dryRun) {
    const { maxCost } = ctx.settings;
    if (maxCost === undefined || spent === undefined)
        return undefined;
    if (!reachesCap(spent, maxCost))
        return undefined;
    const { name } = preview;
    const stopped = await stopPreview(name, ctx, dryRun);
    const why = `the previews of pull request #${preview.pull.number} have cost ${yuanText(spent)}, which reaches max_cost ${maxCost} yuan: no new preview is made${stopped.length === 0 ? '' : `, and the one running is stopped`}`;
    return {
        why,
        shown: {
            state: 'capped',
            status: 'stopped',
            totalCost: yuanText(spent),
            note: `Stopped at max_cost (${maxCost} yuan).`
        },
        stopped: stopped.map((task) => task.verdict === 'error' ? task : { ...task, verdict: 'capped', message: 'stopped at max_cost' })
    };
}
/** Whether what previews cost (points) reaches max_cost (yuan). */
function reachesCap(spent, maxCost) {
    return ((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_7__/* .compareDecimals */ .YL)(spent, (0,_wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_8__/* .pointsOf */ .XE)(maxCost)) ?? -1) >= 0;
}
/** What max_cost leaves for this push's preview, in yuan: the cap less what the earlier ones cost. */
function remainingCap(maxCost, spent) {
    if (maxCost === undefined || spent === undefined)
        return maxCost;
    const left = (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_7__/* .sumPoints */ .RN)([(0,_wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_8__/* .pointsOf */ .XE)(maxCost), `-${spent}`]) ?? (0,_wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_8__/* .pointsOf */ .XE)(maxCost);
    return (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_7__/* .yuanOf */ .xU)(left);
}
/**
 * The deployment's end, once the replace is over: success with the service's URL (and the earlier
 * deployments of the environment marked inactive), or failure; the cost said, and the comment written.
 * A record GitHub refuses fails the step, saying so; the preview itself is left as the replace left it.
 */
async function finishUp(preview, done, ctx) {
    const { host, pull, name } = preview;
    const { step, deployment } = done;
    const [created] = step.tasks;
    const ready = created?.verdict === 'reached';
    const url = created?.urls.find((u) => /^https?:\/\//.test(u));
    const total = await previewsCost(name, ctx);
    const failure = await recording(ctx, async () => {
        await host.deployed(deployment, {
            state: ready ? 'success' : 'failure',
            description: ready ? `${name} is ready` : `${name}: ${created?.message ?? 'not ready'}`,
            ...(ready && url !== undefined ? { url } : {})
        });
        const retired = ready ? await host.retire(pull.number, deployment) : [];
        ctx.log(`preview: deployment ${deployment} ${ready ? `is live${url === undefined ? '' : ` at ${url}`}; ${retired.length} earlier one(s) marked inactive` : 'failed'}; the previews of pull request #${pull.number} have cost ${yuanText(total)} in all`);
        const offer = (0,_calls_step_result_js__WEBPACK_IMPORTED_MODULE_9__/* .placementOf */ .xc)(step)?.chosen?.offer;
        await commentIf(host, ctx, {
            ...view(preview),
            state: ready ? 'running' : created?.verdict === 'capped' ? 'capped' : 'failed',
            url,
            gpu: offer?.gpuName,
            region: offer?.regionName ?? offer?.region,
            status: created?.status,
            pushCost: created === undefined ? undefined : yuanText(costOf([{ ...created, name }])),
            totalCost: yuanText(total),
            note: ready ? undefined : created?.message
        });
    });
    return {
        ...step,
        preview: {
            number: pull.number,
            taskName: name,
            totalPoints: total,
            deployment,
            ...(failure === undefined ? {} : { failure: `${failure}; the preview is left as the step made it` })
        }
    };
}


/***/ }),

/***/ 720:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   finishReplace: () => (/* binding */ finishReplace),
/* harmony export */   replaceFlow: () => (/* binding */ replaceFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6218);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9644);
/* harmony import */ var _tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(9138);
/* harmony import */ var _cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(7326);
/* harmony import */ var _dry_run_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(599);
/* harmony import */ var _tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(5207);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(3035);
/* harmony import */ var _wait_task_result_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(5363);
/* harmony import */ var _wait_criteria_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(6477);
/* harmony import */ var _tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9695);
/* harmony import */ var _wait_wait_until_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(2619);
/* harmony import */ var _toolkit_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8682);
/* harmony import */ var _wait_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9615);
/* harmony import */ var _create_create_task_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(8237);















/**
 * A create whose task, once ready (and healthy, when checked), takes the place of the tasks of its name
 * that ran before: they are stopped then, and waited for until they have ended. A new task that does not
 * become ready is stopped and the old ones keep serving. Until the new task is ready, the post step stops
 * it whatever cleanup says.
 */
const replaceFlow = {
    plan: (settings) => {
        if (settings.wait.mode === 'false') {
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('wait is false, but replace stops the old tasks only once the new one is ready, which it must wait for: remove wait');
        }
        const plan = (0,_platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .planCalls */ .j)(settings);
        return {
            plan,
            cleanup: { ..._cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_CLEANUP */ .jR, action: 'stop' },
            run: async (ctx) => {
                const step = await (0,_wait_js__WEBPACK_IMPORTED_MODULE_3__/* .callAndWait */ .fi)(plan, ctx);
                const [created] = step.tasks;
                const finished = await finishReplace(created, step.calls[0]?.existingIds ?? [], ctx);
                const tasks = finished.created === undefined ? step.tasks : [finished.created, ...step.tasks.slice(1)];
                return { ...step, tasks, replaced: finished.replaced, elapsedMs: ctx.runtime.now() - ctx.startedAt };
            },
            dryRun: (ctx) => dryRunReplace(plan, ctx)
        };
    }
};
/**
 * The end of a replace, once the new task's wait is over. Ready, the new task takes the place of the old
 * generation: each old task is stopped until its state shows it ended, and the name is searched again
 * until a fresh search finds no older live task. Not ready (failed, timed out, cancelled), the new task is
 * stopped, whatever cleanup says, and the old tasks are left serving: the replace is rolled back.
 */
async function finishReplace(created, oldIds, ctx) {
    if (created === undefined)
        return { created, replaced: [] };
    if (created.verdict !== 'reached')
        return { created: await rollBack(created, oldIds, ctx), replaced: [] };
    // One saved change: from here the old generation is the post step's to retire, and the new task is left
    // as cleanup says. At no instant is neither saved.
    ctx.cleanup.update({ action: (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_4__/* .cleanupOf */ .Au)(ctx.settings).action, retire: [...oldIds] });
    const stopped = new Map();
    for (let older = await olderGeneration(created, oldIds, ctx); older.length > 0;) {
        ctx.log(stopped.size === 0
            ? `replace: task ${created.id} is ready; stopping task ${older.join(', ')}, which it replaces`
            : `replace: a fresh search finds task ${older.join(', ')} of the old generation still live; stopping it too`);
        const retired = await retire(older, created.id, ctx);
        for (const task of retired)
            stopped.set(task.id, task);
        // One that could not be stopped is the post step's now; searching again would find it again.
        if (retired.some((task) => task.verdict === 'error'))
            break;
        older = (await olderGeneration(created, [], ctx, 'again')).filter((id) => !stopped.has(id));
    }
    if (stopped.size === 0) {
        ctx.log(`replace: task ${created.id} is ready, and no task of its name ran before: nothing to stop`);
        return { created, replaced: [] };
    }
    const done = [...stopped.values()].filter((task) => task.verdict === 'done');
    // Each has ended (its state showed it): its detail, read once more, says what it cost.
    const ended = (await (0,_wait_wait_until_js__WEBPACK_IMPORTED_MODULE_5__.waitUntil)(done, (0,_wait_criteria_js__WEBPACK_IMPORTED_MODULE_6__/* .criteriaFor */ .X8)('ended', ctx.settings.wait, (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_7__/* .kindOf */ .I)(ctx.settings)), ctx, {
        readAlready: new Set(),
        publish: (0,_tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_8__/* .urlPublisher */ .Cv)(ctx)
    })).tasks;
    return {
        created,
        replaced: [...stopped.values()].map((task) => ended.find((e) => e.id === task.id) ?? task)
    };
}
/**
 * The tasks the new one replaces: those of its name that ran before the step, and, read again now that
 * it is ready, every other live task of the name older than it (another run's replace that overlapped
 * this one): the newest ready generation wins. Newer ones are left to the runs that made them, which stop
 * this one once theirs is ready. Searched `again` after a round of stops, only what is still live counts.
 */
async function olderGeneration(created, oldIds, ctx, again) {
    const name = ctx.settings.taskName ?? '';
    let live;
    try {
        live = await (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_9__/* .searchByName */ .lP)('replace: looking again for the tasks of its name', name, ctx);
    }
    catch (error) {
        ctx.log(`replace: could not look again for tasks named ${JSON.stringify(name)} (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_10__/* .describeError */ .Uc)(error)}); ${again === undefined ? 'stopping those known before' : 'those it knew of have ended'}`);
        return [...oldIds];
    }
    const isOlder = (id) => id !== created.id && BigInt(id) < BigInt(created.id);
    const overlapping = live.filter((id) => isOlder(id) && !oldIds.includes(id));
    if (again !== undefined)
        return overlapping;
    for (const id of overlapping)
        ctx.log(`replace: task ${id} named ${JSON.stringify(name)} was made after this step began (another run's), and is older than task ${created.id}: it is stopped too, so that the newest ready generation serves`);
    for (const id of live.filter((id) => id !== created.id && !isOlder(id)))
        ctx.log(`replace: task ${id} named ${JSON.stringify(name)} is newer than task ${created.id}: it is left to the run that made it, which stops this one once it is ready`);
    return [...oldIds, ...overlapping];
}
/**
 * Stops the old generation. The ids still to stop are added to what the post step retires before the
 * first stop, and each one whose state shows it ended is taken off: whatever happens meanwhile (a 503 near
 * the deadline, the job cancelled), the post step stops the rest under cleanup_timeout, and no two
 * generations are left billing.
 */
async function retire(oldIds, newId, ctx) {
    ctx.cleanup.add('retire', oldIds);
    return Promise.all(oldIds.map(async (id) => {
        const outcome = await (0,_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_11__.cleanUpTask)(id, 'stop', ctx);
        if (outcome.kind === 'failed') {
            return (0,_wait_task_result_js__WEBPACK_IMPORTED_MODULE_12__/* .taskResult */ .h)(id, {
                verdict: 'error',
                message: `could not be stopped (${outcome.why}); it runs alongside task ${newId}, and the post step tries again`
            });
        }
        ctx.cleanup.settle('retire', id);
        return (0,_wait_task_result_js__WEBPACK_IMPORTED_MODULE_12__/* .taskResult */ .h)(id);
    }));
}
/** Stops a new task that did not become ready; the old ones keep serving. */
async function rollBack(created, oldIds, ctx) {
    const serving = oldIds.length === 0 ? 'no task of its name ran before' : `task ${oldIds.join(', ')} keeps serving`;
    const outcome = await (0,_tasks_clean_up_task_js__WEBPACK_IMPORTED_MODULE_11__.cleanUpTask)(created.id, 'stop', ctx);
    const rollback = outcome.kind === 'failed'
        ? `rolled back: task ${created.id} could not be stopped (${outcome.why}), the post step tries again; ${serving}`
        : `rolled back: task ${created.id} was stopped; ${serving}`;
    ctx.log(`replace: ${rollback}`);
    return { ...created, message: `${created.message ?? created.verdict}; ${rollback}` };
}
/** A replace in a dry run: the create it would send, and the tasks it would stop, read from the task search. */
async function dryRunReplace(plan, ctx) {
    (0,_dry_run_js__WEBPACK_IMPORTED_MODULE_13__/* .printRequests */ .s)(await (0,_create_create_task_js__WEBPACK_IMPORTED_MODULE_14__.placeForDryRun)(plan, ctx), ctx);
    const old = await (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_9__/* .searchByName */ .lP)('replace: looking for the tasks it replaces', ctx.settings.taskName ?? '', ctx);
    ctx.log(old.length === 0
        ? 'dry run: no task of that name runs, so replace would stop none'
        : `dry run: once the new task is ready, replace would stop task ${old.join(', ')}`);
    ctx.log(`dry run: only ${ctx.settings.capacity === undefined ? 'the task search was' : 'the resource search and the task search were'} sent`);
    return undefined;
}


/***/ }),

/***/ 9639:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  stopMatches: () => (/* binding */ stopMatches),
  sweepFlow: () => (/* binding */ sweepFlow)
});

// EXTERNAL MODULE: ./basics/concurrency.ts
var concurrency = __webpack_require__(5833);
// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
;// CONCATENATED MODULE: ./basics/name-pattern.ts
/** Characters besides `*` a sweep pattern needs at the least: a sweep of everything is one typo away. */
const MIN_PATTERN_LITERALS = 3;
/** The pattern, or undefined when it has fewer than MIN_PATTERN_LITERALS characters besides `*`. */
function namePattern(pattern) {
    const parts = pattern.split('*');
    if (parts.join('').length < MIN_PATTERN_LITERALS)
        return undefined;
    const source = parts.map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, '\\$&')).join('.*');
    const regex = new RegExp(`^${source}$`, 's');
    const literal = parts.reduce((longest, part) => (part.length > longest.length ? part : longest), '');
    return { matches: (name) => regex.test(name), literal };
}

// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./deploy/tasks/clean-up-task.ts
var clean_up_task = __webpack_require__(9138);
// EXTERNAL MODULE: ./deploy/retries.ts
var retries = __webpack_require__(2116);
// EXTERNAL MODULE: ./deploy/tasks/find-tasks.ts
var find_tasks = __webpack_require__(5207);
// EXTERNAL MODULE: ./deploy/wait/task-result.ts
var task_result = __webpack_require__(5363);
// EXTERNAL MODULE: ./deploy/flows/toolkit.ts + 1 modules
var toolkit = __webpack_require__(8682);
;// CONCATENATED MODULE: ./deploy/flows/sweep.ts











/**
 * Stops every task whose name matches task_name (a pattern) and that still bills (Running, Pending or
 * Paused), but for the ids in task_id: the search is followed across its pages, each stop is sent until
 * the task's state shows it ended, as a cleanup's is, and the search is sent again until a fresh one finds
 * no task of the pattern left live. Each task matched has a result: done when stopped (or already ended),
 * error when it could not be stopped. A dry run lists each one as it is, and stops none.
 */
const sweepFlow = {
    plan: (settings) => {
        const given = settings.taskName;
        if (given === undefined)
            throw new input_error/* InputError */.d('task_name is empty, but sweep needs it: set task_name to a name pattern, such as pr-42-*');
        const pattern = namePattern(given);
        if (pattern === undefined) {
            throw new input_error/* InputError */.d(`task_name ${(0,input_error/* quote */.h)(given)} is too broad a pattern for sweep: write at least ${MIN_PATTERN_LITERALS} characters besides *, such as pr-42-*`);
        }
        const plan = {
            operation: settings.operation,
            calls: [(0,calls/* searchByNameCall */.Vl)(settings, pattern.literal, 1)],
            wait: undefined
        };
        const sweep = (ctx, dryRun) => stopMatches({ pattern: given, literal: pattern.literal, matches: pattern.matches, keep: settings.taskIds }, ctx, dryRun);
        return {
            plan,
            cleanup: (0,toolkit/* cleanupOf */.Au)(settings),
            run: async (ctx) => (0,toolkit/* stepResult */.GR)(plan, ctx, { tasks: await sweep(ctx, false) }),
            dryRun: async (ctx) => (0,toolkit/* stepResult */.GR)(plan, ctx, { tasks: await sweep(ctx, true) })
        };
    }
};
/**
 * Stops the tasks of the pattern, then searches again, and stops what the fresh search still finds, until
 * one finds no task of the pattern left live (but those kept, and those whose stop failed): pages read by
 * offset can skip a task while the list changes, and a task made meanwhile is the pattern's too.
 */
async function stopMatches(sweep, ctx, dryRun) {
    const search = () => (0,retries/* retried */.s)('sweep: task search', ctx.retries, () => (0,find_tasks/* searchTasks */.d)(sweep.literal, sweep.matches, ctx));
    const keep = new Set(sweep.keep);
    let found = await search();
    for (const task of found.filter((t) => keep.has(t.id)))
        ctx.log(`sweep: ${shown(task)} is kept (task_id)`);
    const done = new Map();
    for (let pass = 1;; pass++) {
        const targets = found.filter((task) => !keep.has(task.id) && !done.has(task.id));
        if (pass === 1)
            ctx.log(`sweep: ${targets.length} task(s) match ${JSON.stringify(sweep.pattern)}${dryRun ? '; dry run: none is stopped' : ''}`);
        else if (targets.length > 0)
            ctx.log(`sweep: a fresh search finds ${targets.length} more task(s) of the pattern still live`);
        else {
            const failed = [...done.values()].filter((result) => result.verdict === 'error').length;
            const besides = failed === 0 ? '' : ` besides the ${failed} it could not stop`;
            ctx.log(`sweep: a fresh search finds no other task of ${JSON.stringify(sweep.pattern)} live${besides}`);
            return [...done.values()];
        }
        for (const result of await stopAll(targets, ctx, dryRun))
            done.set(result.id, result);
        if (dryRun || targets.length === 0)
            return [...done.values()];
        found = await search().catch((error) => {
            throw new Error(`sweep: stopped ${done.size} task(s), but the fresh search that would show none of the pattern is left live failed (${(0,failures/* describeError */.Uc)(error)}): run the sweep again`);
        });
    }
}
/** Stops each task until its state shows it ended (see cleanUpTask); a dry run says it would. */
function stopAll(targets, ctx, dryRun) {
    return (0,concurrency/* mapLimit */.s)(targets, ctx.settings.concurrency, async (task) => {
        const { status, billingValue, forecastValue, name } = task;
        const result = (0,task_result/* taskResult */.h)(task.id, { status, billingValue, forecastValue, name });
        if (dryRun) {
            ctx.log(`sweep: would stop ${shown(task)}`);
            return result;
        }
        const outcome = await (0,clean_up_task.cleanUpTask)(task.id, 'stop', ctx, task.name);
        if (outcome.kind === 'failed') {
            ctx.log(`sweep: could not stop ${shown(task)}: ${outcome.why}`);
            return { ...result, verdict: 'error', message: `could not be stopped: ${outcome.why}` };
        }
        ctx.log(`sweep: stopped ${shown(task)}`);
        return { ...result, status: (0,calls/* kindOf */.I)(ctx.settings).stoppedStatus };
    });
}
const shown = (task) => `task ${task.id} ${JSON.stringify((0,safe_text/* sanitize */.aj)(task.name, 100))} (${(0,safe_text/* sanitize */.aj)(task.status ?? 'unknown', 20)})`;


/***/ })

};
