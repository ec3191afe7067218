export const id = 52;
export const ids = [52,720];
export const modules = {

/***/ 6008:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ce: () => (/* binding */ openBook),
/* harmony export */   G3: () => (/* binding */ SpendBook),
/* harmony export */   Zw: () => (/* binding */ spendNow),
/* harmony export */   qe: () => (/* binding */ seeing)
/* harmony export */ });
/* unused harmony export figuresIn */
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2212);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8998);
/* harmony import */ var _wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4001);
/* harmony import */ var _preview_spend_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3605);




/**
 * What a preview step knows of what its preview's tasks have cost, so that no figure it learned is lost
 * (the platform may delete a task as soon as it has ended, and with it the only place its cost was said):
 * what GitHub keeps (as read when the step began, and as the step kept since), and for each task the most
 * the step saw it cost anywhere: GitHub's records, a detail, a search's row, when the step began, while it
 * waited, after a stop (see seeing).
 */
class SpendBook {
    #known = new Map();
    #places = new Map();
    #kept = new Map();
    /** Where a task runs (its GPU and region), as the last answer that said it did; undefined when none did. */
    placeOf(id) {
        return this.#places.get(id);
    }
    /** Where tasks run (task id, place), as an answer said. */
    placed(places) {
        for (const [id, place] of places)
            this.#places.set(id, place);
    }
    /** Each task's most the step saw it cost, in points. */
    known() {
        return this.#known;
    }
    /** What GitHub keeps of each task, as far as the step knows. */
    kept() {
        return this.#kept;
    }
    /** Figures (task id, points) the step saw: each task keeps the most. */
    see(figures) {
        for (const [id, points] of figures)
            this.#known.set(id, (0,_preview_spend_js__WEBPACK_IMPORTED_MODULE_0__/* .theMore */ .t6)(points, this.#known.get(id)));
    }
    /** GitHub keeps `spent` (as read, or as the step kept it): seen too. */
    keptNow(spent) {
        const kept = new Map(this.#kept);
        for (const [id, points] of spent)
            kept.set(id, (0,_preview_spend_js__WEBPACK_IMPORTED_MODULE_0__/* .theMore */ .t6)(points, kept.get(id)));
        this.#kept = kept;
        this.see(spent);
    }
}
/**
 * What the preview `name` of pull request `number` has spent now (see readSpend), counting every figure
 * the book saw, and seen by it in turn. `also`: the tasks the step knows of.
 */
async function spendNow(preview, book, ctx, also = []) {
    const { name, number, host } = preview;
    const spend = await (0,_preview_spend_js__WEBPACK_IMPORTED_MODULE_0__/* .readSpend */ .rS)(name, book.known(), ctx, { also, openedAt: () => host.openedAt(number) });
    book.see(spend.tasks.map((task) => [task.id, task.points]));
    return spend;
}
/** A book begun with what GitHub keeps of the preview `name` (a PullRequestsRefusal when GitHub refuses). */
async function openBook(host, name) {
    const book = new SpendBook();
    book.keptNow(await host.spentKept(name));
    return book;
}
/**
 * The context, its every answer that says what a task of the preview `name` cost (a detail, a search's
 * rows, whoever asked: the wait, a stop, the replace) seen by `book` as it comes.
 */
function seeing(ctx, name, book) {
    return {
        ...ctx,
        send: async (call, limits) => {
            const answer = await ctx.send(call, limits);
            book.see(figuresIn(answer.result.data, name));
            book.placed(placesIn(answer.result.data, name));
            return answer;
        }
    };
}
/** The tasks named `name` an answer's data says something of: a detail, or a list's rows, with their ids. */
function rowsOf(data, name) {
    const rows = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data) && Array.isArray(data.results) ? data.results : [data];
    return rows.flatMap((row) => {
        if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(row) || row.task_name !== name)
            return [];
        const id = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .taskIdOf */ .G6)(row);
        return id === undefined ? [] : [[id, row]];
    });
}
/** The costs an answer's data says of tasks named `name`: a detail's, or a list's rows'. */
function figuresIn(data, name) {
    return rowsOf(data, name).flatMap(([id, row]) => {
        const points = (0,_wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_3__/* .costPoints */ .HU)([(0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .snapshotOf */ .eY)(row, ['status'])]);
        return points === undefined ? [] : [[id, points]];
    });
}
/** Where an answer's data says tasks named `name` run (a detail's resources). */
function placesIn(data, name) {
    return rowsOf(data, name).flatMap(([id, row]) => {
        const place = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .placeOf */ .$t)(row);
        return place === undefined ? [] : [[id, place]];
    });
}


/***/ }),

/***/ 9902:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lb: () => (/* binding */ commentIf),
/* harmony export */   So: () => (/* binding */ keepSpend),
/* harmony export */   oz: () => (/* binding */ recording)
/* harmony export */ });
/* harmony import */ var _pull_requests_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4486);
/* harmony import */ var _preview_spend_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3605);


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
        if (!(error instanceof _pull_requests_js__WEBPACK_IMPORTED_MODULE_0__/* .PullRequestsRefusal */ .IF))
            throw error;
        ctx.log(`${ctx.settings.operation}: ${error.message}`);
        return error.message;
    }
}
/** Writes the comment when the comment input asks for one. */
async function commentIf(host, ctx, shown) {
    if (!ctx.settings.previews.comment)
        return;
    await host.comment(shown);
    ctx.log(`preview: the comment on pull request #${shown.number} says ${shown.state}`);
}
/**
 * Keeps on GitHub what the preview's tasks have cost, when GitHub does not keep it all already: the
 * figures outlive the tasks (the platform may delete ended ones) and the runner. The book knows it kept.
 */
async function keepSpend(host, pull, spend, book) {
    const worth = (0,_preview_spend_js__WEBPACK_IMPORTED_MODULE_1__/* .worthKeeping */ .c2)(spend, book.kept());
    if (worth === undefined)
        return;
    await host.keepSpent(pull.number, pull.name, worth);
    book.keptNow(worth);
}


/***/ }),

/***/ 3605:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HE: () => (/* binding */ withSpend),
/* harmony export */   S0: () => (/* binding */ reachesCap),
/* harmony export */   c2: () => (/* binding */ worthKeeping),
/* harmony export */   ho: () => (/* binding */ costOf),
/* harmony export */   rS: () => (/* binding */ readSpend),
/* harmony export */   t6: () => (/* binding */ theMore)
/* harmony export */ });
/* harmony import */ var _basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8214);
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5786);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3035);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7187);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9644);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2116);
/* harmony import */ var _tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5207);
/* harmony import */ var _tasks_read_task_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(4273);
/* harmony import */ var _wait_billed_since_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(4659);
/* harmony import */ var _wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4001);










/**
 * Reads what the preview `name`'s tasks have spent: the platform's figures, with what is `known` of each
 * task already (GitHub's records, and what the step saw), the billing records where neither tells.
 */
async function readSpend(name, known, ctx, reads = {}) {
    const found = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .s)('preview: reading what its previews cost', ctx.retries, () => (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_1__/* .searchTasks */ .d)(name, (found) => found === name, ctx, 'every'));
    const listed = new Set(found.map((task) => task.id));
    const unlisted = [...new Set(reads.also ?? [])].filter((id) => !listed.has(id));
    const read = [
        ...(await (0,_basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__/* .mapLimit */ .s)(found, ctx.settings.concurrency, (task) => detailOf(task, ctx))),
        ...(await (0,_basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__/* .mapLimit */ .s)(unlisted, ctx.settings.concurrency, (id) => unlistedOf(id, name, ctx)))
    ];
    const kind = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .taskKindOf */ .j2)(ctx.settings);
    const asKnown = (id) => ({
        id,
        name,
        status: (0,_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_4__/* .stoppedStatus */ .Yf)(kind),
        billingValue: undefined,
        forecastValue: undefined,
        points: known.get(id) ?? '0',
        from: 'kept'
    });
    const said = [];
    const untold = [];
    for (const task of read) {
        if (!('unreadable' in task) && saysCost(task))
            said.push({ ...task, points: theMore(costOf([task]), known.get(task.id)) });
        // A task the platform no longer shows, known already: deleted once it ended (its cost is final).
        else if ('unreadable' in task && known.has(task.id))
            said.push(asKnown(task.id));
        else
            untold.push(task);
    }
    const billed = await fromBills(untold, { name, known, ctx, openedAt: reads.openedAt });
    const seen = new Set(read.map((task) => task.id));
    // A task known and no longer listed (no detail asked for it): deleted once it ended.
    const gone = [...known.keys()].filter((id) => !seen.has(id)).map(asKnown);
    const tasks = [...said, ...billed.tasks, ...gone];
    return {
        tasks,
        total: (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_5__/* .sumPoints */ .RN)(tasks.map((task) => task.points)) ?? '0',
        // An unknown status bills until shown otherwise.
        billing: tasks.filter((task) => !kind.billsNoMore(task.status ?? '', undefined)).map((task) => task.id),
        unread: billed.unread
    };
}
/** Whether a detail or a search row says what its task cost (billing_value or forecast_value). */
const saysCost = (task) => task.billingValue !== undefined || task.forecastValue !== undefined;
/**
 * The tasks neither a detail nor a search row nor anything known tells the cost of, read from the
 * platform's billing records since the pull request was opened, each on its own (said); those the records
 * cannot tell either are unread (said too).
 */
async function fromBills(untold, read) {
    const { ctx } = read;
    if (untold.length === 0)
        return { tasks: [], unread: [] };
    const ids = untold.map((task) => task.id).join(', ');
    const [one] = untold;
    const why = one !== undefined && untold.length === 1
        ? `what task ${ids} has cost is read from the platform's billing records (booked every 5 minutes, so they lag the use by up to that): ${whyUntold(one)}`
        : `what tasks ${ids} have cost is read from the platform's billing records (booked every 5 minutes, so they lag the use by up to that): ${untold.map((task) => `task ${task.id}: ${whyUntold(task)}`).join('; ')}`;
    ctx.log(`${ctx.settings.operation}: ${why}`);
    const since = await windowOf(read.openedAt);
    const outcomes = await (0,_basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__/* .mapLimit */ .s)(untold, ctx.settings.concurrency, (task) => billedTask(task, since, read));
    return {
        tasks: outcomes.flatMap((told) => ('points' in told ? [told] : [])),
        unread: outcomes.flatMap((told) => ('points' in told ? [] : [told]))
    };
}
/** Why a task's cost is not told by what was read of it. */
function whyUntold(task) {
    if ('unreadable' in task)
        return `its detail could not be read (${task.unreadable}), and no record keeps what it cost`;
    return task.from === 'search'
        ? 'its detail could not be read, and its search row says no cost'
        : 'its detail says neither billing_value nor forecast_value';
}
/** When the billing records of a pull request's previews begin: when it was opened, or why not known. */
async function windowOf(openedAt) {
    try {
        return (await openedAt?.()) ?? { why: 'when the pull request was opened is not known' };
    }
    catch (error) {
        return { why: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .describeError */ .Uc)(error) };
    }
}
/** One task's cost from the billing records since `since`, or why it cannot be told (said). */
async function billedTask(task, since, { name, known, ctx }) {
    const unreadable = 'unreadable' in task;
    try {
        if (typeof since !== 'number')
            throw new Error(since.why);
        // Every record since the pull request was opened: no preview task of it is older.
        const billed = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .s)(`the billing records of task ${task.id}`, ctx.retries, () => (0,_wait_billed_since_js__WEBPACK_IMPORTED_MODULE_7__/* .billedSince */ .p)([task.id], ctx, since));
        // One no detail answers for and no search lists has ended (deleted once it ended, or ended in Other).
        const row = unreadable
            ? {
                name,
                status: (0,_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_4__/* .stoppedStatus */ .Yf)((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .taskKindOf */ .j2)(ctx.settings)),
                billingValue: undefined,
                forecastValue: undefined
            }
            : task;
        const points = theMore(billed, known.get(task.id));
        return { ...row, id: task.id, points, from: 'billing' };
    }
    catch (error) {
        const first = unreadable ? `its detail could not be read (${task.unreadable})` : whyUntold(task);
        const why = `${first}, and the billing records could not be read (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .describeError */ .Uc)(error)})`;
        ctx.log(`${ctx.settings.operation}: what task ${task.id} has cost cannot be read: ${why}`);
        return { id: task.id, why };
    }
}
/** A task found by the search, with its money and status as its detail says them (else as the row did). */
async function detailOf(task, ctx) {
    try {
        const { snapshot } = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_8__/* .readDetail */ .on)(task.id, ctx);
        return {
            ...task,
            status: snapshot.status ?? task.status,
            billingValue: snapshot.billingValue,
            forecastValue: snapshot.forecastValue,
            from: 'detail'
        };
    }
    catch (error) {
        ctx.log(`${ctx.settings.operation}: could not read the detail of task ${task.id} (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .describeError */ .Uc)(error)}): ${saysCost(task) ? 'its cost is what the task search says' : 'its search row says no cost either'}`);
        return { ...task, from: 'search' };
    }
}
/** A task the search did not list, read by its detail; why not, when it cannot be read. */
async function unlistedOf(id, name, ctx) {
    try {
        const { snapshot } = await (0,_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_8__/* .readDetail */ .on)(id, ctx);
        const { status, billingValue, forecastValue } = snapshot;
        return { id, name, status, billingValue, forecastValue, from: 'detail' };
    }
    catch (error) {
        return { id, unreadable: (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_6__/* .describeError */ .Uc)(error) };
    }
}
/** What the tasks found have cost, billed and not billed yet, in points. */
function costOf(tasks) {
    return (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_5__/* .sumPoints */ .RN)(tasks.flatMap((t) => [t.billingValue ?? '0', t.forecastValue ?? '0'])) ?? '0';
}
/** The more of two costs in points (a task's cost only grows); `kept` absent, the first. */
function theMore(now, kept) {
    return kept !== undefined && ((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_5__/* .compareDecimals */ .YL)(kept, now) ?? -1) > 0 ? kept : now;
}
/** Each task's cost, to keep on GitHub; undefined when GitHub keeps every one of them already. */
function worthKeeping(spend, kept) {
    const spent = new Map(spend.tasks.map((task) => [task.id, task.points]));
    const news = [...spent].some(([id, points]) => ((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_5__/* .compareDecimals */ .YL)(points, kept.get(id) ?? '-1') ?? 1) > 0);
    return news ? spent : undefined;
}
/** The tasks' results with their money as the spend read it from their details (a search's rows may lack it). */
function withSpend(tasks, spend) {
    return tasks.map((task) => {
        const read = spend.tasks.find((t) => t.id === task.id && t.from !== 'kept');
        return read === undefined
            ? task
            : { ...task, billingValue: read.billingValue, forecastValue: read.forecastValue };
    });
}
/** Whether what previews cost (points) reaches max_cost (yuan). */
function reachesCap(spent, maxCost) {
    return ((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_5__/* .compareDecimals */ .YL)(spent, (0,_wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_9__/* .pointsOf */ .XE)(maxCost)) ?? -1) >= 0;
}


/***/ }),

/***/ 2247:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gp: () => (/* binding */ livePreviews),
/* harmony export */   Xo: () => (/* binding */ stopPreview),
/* harmony export */   Y$: () => (/* binding */ everyTaskOf)
/* harmony export */ });
/* harmony import */ var _pull_requests_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(4486);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(2116);
/* harmony import */ var _tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5207);
/* harmony import */ var _sweep_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(9639);




/**
 * Stops every live task of a preview's name until its state shows it ended, searching again until none is
 * left (see stopMatches); a dry run says what it would stop.
 */
function stopPreview(name, ctx, dryRun) {
    return (0,_sweep_js__WEBPACK_IMPORTED_MODULE_0__.stopMatches)({ pattern: name, literal: name, matches: (found) => found === name, keep: [] }, ctx, dryRun);
}
/** The live previews of task_name (task_name-pr-<number>), across every page of the task search. */
function livePreviews(taskName, ctx) {
    return (0,_retries_js__WEBPACK_IMPORTED_MODULE_1__/* .retried */ .s)(`${ctx.settings.operation}: looking for the previews running`, ctx.retries, () => (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_2__/* .searchTasks */ .d)(`${taskName}-pr-`, (found) => (0,_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .previewNumber */ .KL)(taskName, found) !== undefined, ctx));
}
/** Every task of a preview's name, whatever its status (as long as the platform lists it). */
function everyTaskOf(name, ctx) {
    return (0,_retries_js__WEBPACK_IMPORTED_MODULE_1__/* .retried */ .s)(`${ctx.settings.operation}: reading the tasks of ${name}`, ctx.retries, () => (0,_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_2__/* .searchTasks */ .d)(name, (found) => found === name, ctx, 'every'));
}


/***/ }),

/***/ 1052:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  capBesides: () => (/* binding */ capBesides),
  lastPushShown: () => (/* binding */ lastPushShown),
  previewFlow: () => (/* binding */ previewFlow),
  pullRequestsOf: () => (/* binding */ pullRequestsOf)
});

// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./platform/money.ts
var money = __webpack_require__(5786);
// EXTERNAL MODULE: ./deploy/pull-requests.ts
var pull_requests = __webpack_require__(4486);
// EXTERNAL MODULE: ./deploy/calls/step-result.ts
var step_result = __webpack_require__(8060);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./deploy/flows/preview-tasks.ts
var preview_tasks = __webpack_require__(2247);
;// CONCATENATED MODULE: ./deploy/flows/max-previews.ts


/**
 * max_previews, before anything is made: the previews of task_name that run for other pull requests, when
 * there are that many already and this pull request has none running (its own new push replaces its own).
 */
async function beyondMaxPreviews(preview, ctx) {
    const live = await (0,preview_tasks/* livePreviews */.Gp)(preview.given, ctx);
    const names = [...new Set(live.map((task) => task.name))].sort();
    const most = ctx.settings.previews.maxPreviews;
    if (names.includes(preview.name) || names.length < most)
        return undefined;
    const running = names.map((name) => JSON.stringify(name)).join(', ');
    return {
        why: `max_previews is ${most}, and ${names.length} preview(s) of ${JSON.stringify(preview.given)} run (${running}): no preview is made for pull request #${preview.number}; close one of those pull requests, or raise max_previews`,
        shown: {
            state: 'refused',
            note: `No preview: max_previews (${most}) previews run already: ${names.join(', ')}.`
        },
        stopped: []
    };
}
/**
 * max_previews, once the preview a run added is up (its pull request had none running): runs started
 * together (Dependabot opens pull requests by the batch) each found fewer than max_previews running before
 * the create, and each made one. So each looks again: another preview that runs counts ahead of this one
 * when its oldest task (stopped ones too, as far as the platform lists them) is older than the task this
 * run made; with max_previews of them ahead, this run's is the newest over the limit, and it is stopped
 * (until its state shows it). Of two runs the later-made one always counts the earlier, so that no more
 * than max_previews are left. A search that fails leaves the limit unproven: the preview is stopped then too.
 */
async function overMaxPreviews(preview, createdId, ctx) {
    const most = ctx.settings.previews.maxPreviews;
    let ahead;
    try {
        ahead = await previewsAhead(preview, BigInt(createdId), ctx);
    }
    catch (error) {
        return undo(preview, `max_previews is ${most}, and the previews of ${JSON.stringify(preview.given)} that run could not be read again once this one was made (${(0,failures/* describeError */.Uc)(error)}): it is stopped, as the limit cannot be shown to hold; push again to retry`, ctx);
    }
    if (ahead.length < most)
        return undefined;
    const running = ahead.map((name) => JSON.stringify(name)).join(', ');
    return undo(preview, `max_previews is ${most}, and ${ahead.length} preview(s) of ${JSON.stringify(preview.given)} made before this one run (${running}): another run made them at the same time, so the preview of pull request #${preview.number} is stopped; close one of those pull requests, or raise max_previews`, ctx, ahead);
}
/** The other previews that run and count ahead of the task `created` (see overMaxPreviews), sorted. */
async function previewsAhead(preview, created, ctx) {
    const live = await (0,preview_tasks/* livePreviews */.Gp)(preview.given, ctx);
    const others = [...new Set(live.map((task) => task.name))].filter((name) => name !== preview.name).sort();
    if (others.length < ctx.settings.previews.maxPreviews)
        return [];
    const ahead = [];
    for (const name of others) {
        const oldest = (await (0,preview_tasks/* everyTaskOf */.Y$)(name, ctx))
            .map((task) => BigInt(task.id))
            .reduce((least, id) => (least === undefined || id < least ? id : least), undefined);
        if (oldest !== undefined && oldest < created)
            ahead.push(name);
    }
    return ahead;
}
/** This run's preview stopped, over max_previews: why, and what the comment shows. */
async function undo(preview, why, ctx, ahead = []) {
    ctx.log(`preview: ${why}`);
    const stopped = await (0,preview_tasks/* stopPreview */.Xo)(preview.name, ctx, false);
    const most = ctx.settings.previews.maxPreviews;
    return {
        why,
        shown: {
            state: 'refused',
            status: 'stopped',
            note: ahead.length === 0
                ? `No preview: max_previews (${most}) could not be checked once it was made.`
                : `No preview: max_previews (${most}) previews run already: ${ahead.join(', ')}.`
        },
        stopped: stopped.map((task) => task.verdict === 'error' ? task : { ...task, message: 'stopped: max_previews' })
    };
}

// EXTERNAL MODULE: ./deploy/flows/preview-recording.ts
var preview_recording = __webpack_require__(9902);
// EXTERNAL MODULE: ./deploy/flows/preview-book.ts
var preview_book = __webpack_require__(6008);
// EXTERNAL MODULE: ./deploy/flows/preview-spend.ts
var preview_spend = __webpack_require__(3605);
// EXTERNAL MODULE: ./deploy/flows/replace.ts
var flows_replace = __webpack_require__(720);
// EXTERNAL MODULE: ./deploy/flows/toolkit.ts + 1 modules
var toolkit = __webpack_require__(8682);
;// CONCATENATED MODULE: ./deploy/flows/preview.ts












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
            throw new input_error/* InputError */.d("task_name is empty, but preview needs it: set task_name to the service's name, such as web (a pull request's preview is named web-pr-42)");
        if (settings.previews.githubToken === undefined)
            throw new input_error/* InputError */.d("github_token is empty, but preview records the pull request's deployments: leave github_token at its default (the workflow's token) and grant permissions deployments: write and pull-requests: write");
        // The replace of a push, planned now with the name's form, so that every input is checked before anything is sent.
        const given = settings.taskName;
        const replace = flows_replace.replaceFlow.plan({ ...settings, taskName: (0,pull_requests/* previewName */.gz)(given, 1) });
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
        throw new input_error/* InputError */.d(`${ctx.settings.operation} runs in the GitHub action, on a workflow's pull_request events (docs/previews.md): on GitLab, a review app uses replace and cleanup (docs/cli.md)`);
    const host = await open();
    if (needsEvent && host.event === undefined)
        throw new input_error/* InputError */.d(`${ctx.settings.operation} follows a pull request: run it on pull_request events (on: pull_request: types: [opened, synchronize, reopened, closed])`);
    return { host, event: host.event };
}
/**
 * The preview of the event's pull request, up or down. What GitHub refuses before anything is made (a
 * token that cannot write deployments) fails the step, naming the permission.
 */
async function runPreview(given, ctx, dryRun) {
    let done;
    const failure = await (0,preview_recording/* recording */.oz)(ctx, async () => {
        done = await upOrDown(given, ctx, dryRun);
    });
    return (done ??
        (0,toolkit/* stepResult */.GR)(NO_PLAN(ctx), ctx, {
            parts: [(0,step_result/* reportEntry */.jr)('preview', { number: undefined, taskName: given, totalPoints: undefined, failure })]
        }));
}
async function upOrDown(given, ctx, dryRun) {
    const { host, event } = await pullRequestsOf(ctx, true);
    const pull = event;
    const name = (0,pull_requests/* previewName */.gz)(given, pull.number);
    ctx.log(`preview: pull request #${pull.number} was ${pull.merged ? 'merged' : (SAID[pull.said] ?? pull.said)}: ${pull.action === 'up' ? `bringing up ${JSON.stringify(name)} at ${pull.headSha.slice(0, 7)}` : `stopping ${JSON.stringify(name)}`}`);
    return pull.action === 'down'
        ? takeDown({ given, host, pull, name }, ctx, dryRun)
        : bringUp({ given, host, pull, name }, ctx, dryRun);
}
/** The event's words as a line says them. */
const SAID = { synchronize: 'pushed to' };
/**
 * Closed: every live task of the preview's name stopped until its state shows it ended (the search is
 * sent again until none is left), then the environment's deployments marked inactive, and the cost said.
 */
async function takeDown(preview, outer, dryRun) {
    const { host, pull, name } = preview;
    // Every figure the close sees is kept in the book, those the stop reads included: the platform may
    // delete a task as soon as it has ended.
    const book = new preview_book/* SpendBook */.G3();
    const ctx = (0,preview_book/* seeing */.qe)(outer, name, book);
    const stopped = await (0,preview_tasks/* stopPreview */.Xo)(name, ctx, dryRun);
    if (dryRun) {
        ctx.log(`dry run: the deployments of pull request #${pull.number} would be marked inactive`);
        return (0,toolkit/* stepResult */.GR)(NO_PLAN(ctx), ctx, { tasks: stopped });
    }
    const failed = stopped.filter((task) => task.verdict === 'error');
    const stoppedIds = stopped.map((task) => task.id);
    let spend;
    // What it cost kept first, the comment next, the deployments marked inactive last: a deployment left
    // live says that the close's records are unfinished, and preview_sweep finishes them.
    const failure = await (0,preview_recording/* recording */.oz)(ctx, async () => {
        book.keptNow(await host.spentKept(name));
        spend = await (0,preview_book/* spendNow */.Zw)(previewOf(preview), book, ctx, stoppedIds);
        await (0,preview_recording/* keepSpend */.So)(host, { number: pull.number, name }, spend, book);
        await (0,preview_recording/* commentIf */.Lb)(host, ctx, {
            ...view(preview),
            ...lastPushShown(spend, book),
            state: failed.length === 0 ? 'stopped' : 'failed',
            status: failed.length === 0 ? 'stopped' : 'could not be stopped',
            totalCost: (0,money/* readablePoints */.aR)(spend.total),
            note: failed.length === 0
                ? `The pull request was ${pull.merged ? 'merged' : 'closed'}: its preview is stopped.`
                : `Task ${failed.map((t) => t.id).join(', ')} could not be stopped: preview_sweep tries again.`
        });
        const retired = await host.retire(pull.number);
        ctx.log(`preview: ${retired.length} deployment(s) of pull request #${pull.number} marked inactive; its previews cost ${(0,money/* readablePoints */.aR)(spend.total)} in all`);
    });
    // GitHub refused what it keeps: what the step saw and the platform still shows is all there is to say.
    spend ??= await (0,preview_book/* spendNow */.Zw)(previewOf(preview), book, ctx, stoppedIds);
    return (0,toolkit/* stepResult */.GR)(NO_PLAN(ctx), ctx, {
        tasks: (0,preview_spend/* withSpend */.HE)(stopped, spend),
        parts: [
            (0,step_result/* reportEntry */.jr)('preview', {
                number: pull.number,
                taskName: name,
                totalPoints: spend.total,
                ...(failure === undefined ? {} : { failure })
            })
        ]
    });
}
/** The newest of the preview's tasks (the largest id: the platform numbers its tasks in order). */
function newestOf(spend) {
    return spend.tasks.reduce((newest, task) => (newest === undefined || BigInt(task.id) > BigInt(newest.id) ? task : newest), undefined);
}
/**
 * The last push's preview once the previews are stopped (a close, the sweep): the newest task of the
 * name, what it cost (read with the total) and where it ran, as the step's answers said.
 */
function lastPushShown(spend, book) {
    const last = newestOf(spend);
    if (last === undefined)
        return { gpu: undefined, region: undefined, pushCost: undefined };
    return { ...placeShown(book.placeOf(last.id)), pushCost: (0,money/* readablePoints */.aR)(last.points) };
}
/** What this push's task (`id`) has cost, as the same read of the preview's tasks as the total says it. */
function pushCostOf(spend, id) {
    const task = spend.tasks.find((t) => t.id === id);
    return task === undefined ? undefined : (0,money/* readablePoints */.aR)(task.points);
}
/** The GPU and region a comment shows, as a line may print them. */
function placeShown(place) {
    const shown = (text) => (text === undefined ? undefined : (0,safe_text/* sanitize */.aj)(text, 60));
    return { gpu: shown(place?.gpu), region: shown(place?.region) };
}
/**
 * Where a push's preview runs: the resource the step chose by gpu, else (the body names a mark) where the
 * task's detail says it runs.
 */
function placeOfPush(step, book, id) {
    const offer = (0,step_result/* placementOf */.xc)(step)?.chosen?.offer;
    if (offer !== undefined)
        return { gpu: offer.gpuName ?? offer.device, region: offer.regionName ?? offer.region };
    return id === undefined ? undefined : book.placeOf(id);
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
/**
 * Opened, pushed to, reopened: refused beyond max_previews, at max_cost, or when what the previews spent
 * cannot be read or kept while max_cost is set; else a deployment in progress, the replace under the
 * preview's name (its wait held to max_cost with all of the pull request's previews counted), and the
 * deployment's end. Every figure the step sees of the preview's tasks is in its book (see SpendBook), and
 * kept on GitHub as soon as it is learnt: before anything is made or stopped, and once the step is over.
 */
async function bringUp(preview, outer, dryRun) {
    const { name, pull, host } = preview;
    // What the pull request's previews have spent, GitHub's records beside the platform's details, read
    // before anything is made: GitHub refusing them makes nothing.
    const book = await (0,preview_book/* openBook */.Ce)(host, name);
    const ctx = (0,preview_book/* seeing */.qe)(outer, name, book);
    const spend = await (0,preview_book/* spendNow */.Zw)(previewOf(preview), book, ctx);
    // Kept before anything is made or stopped: a task the platform deletes once it ends takes its cost along.
    const unkept = dryRun
        ? undefined
        : await (0,preview_recording/* recording */.oz)(ctx, () => (0,preview_recording/* keepSpend */.So)(host, { number: pull.number, name }, spend, book));
    const refusal = (await beyondMaxPreviews(previewOf(preview), ctx)) ??
        (await atCap(preview, spend, ctx, dryRun)) ??
        unheld(preview, spend, ctx, unkept);
    if (refusal !== undefined)
        return refused(preview, { refusal, spend, book }, ctx, dryRun);
    const settings = { ...ctx.settings, taskName: name };
    const planned = flows_replace.replaceFlow.plan(settings);
    const inner = { ...ctx, settings };
    if (dryRun) {
        await planned.dryRun(inner);
        ctx.log(`dry run: a deployment of pull request #${pull.number} would be recorded`);
        return (0,toolkit/* stepResult */.GR)(NO_PLAN(ctx), ctx, {});
    }
    // Nothing is made without its record: a token that cannot write deployments fails the step here.
    const deployment = await preview.host.deploying(pull.number, pull.headSha, name);
    ctx.log(`preview: deployment ${deployment} of pull request #${pull.number} is in progress`);
    // max_cost holds all of the pull request's previews at every poll of the wait: what the ended ones
    // spent, and the older ones that bill on while the new one comes up (stopped with it at the cap).
    const step = await (0,flows_replace.runReplace)(planned.plan, inner, capBesides(spend));
    // A preview this run added (none ran before) is held to max_previews again, now that it was made.
    const [created] = step.tasks;
    const added = spend.billing.length === 0 && created?.verdict === 'reached';
    const over = added ? await overMaxPreviews(previewOf(preview), created.id, ctx) : undefined;
    const done = { step, deployment, book, also: [...stepTaskIds(step), ...ctx.cleanup.state().created] };
    if (over !== undefined)
        return undone(preview, { ...done, over }, ctx);
    return finishUp(preview, done, ctx);
}
const previewOf = ({ given, name, pull, host }) => ({ given, name, number: pull.number, host });
/** The tasks a push's step made or stopped: counted whatever the task search lists. */
const stepTaskIds = (step) => [...step.tasks, ...step.replaced].map((task) => task.id);
/**
 * A preview this run made and then stopped, over max_previews (see overMaxPreviews): its deployment a
 * failure that says why, what it cost kept, and the comment.
 */
async function undone(preview, done, ctx) {
    const { host, pull, name } = preview;
    const { step, deployment, book, over } = done;
    const spend = await (0,preview_book/* spendNow */.Zw)(previewOf(preview), book, ctx, done.also);
    const failure = await (0,preview_recording/* recording */.oz)(ctx, async () => {
        await (0,preview_recording/* keepSpend */.So)(host, { number: pull.number, name }, spend, book);
        await host.deployed(deployment, { state: 'failure', description: `${name}: stopped, over max_previews` });
        await (0,preview_recording/* commentIf */.Lb)(host, ctx, { ...view(preview), ...over.shown, totalCost: (0,money/* readablePoints */.aR)(spend.total) });
    });
    return (0,step_result/* withReport */.BN)({ ...step, tasks: (0,preview_spend/* withSpend */.HE)(over.stopped, spend) }, 'preview', {
        number: pull.number,
        taskName: name,
        totalPoints: spend.total,
        deployment,
        failure: failure === undefined ? over.why : `${over.why}; ${failure}`
    });
}
/**
 * What max_cost counts besides a push's new preview: the ended tasks' cost, and the tasks that bill, which
 * the wait reads itself, their whole cost counted (from their details, or, where those say no cost, from
 * the billing records: see CapGuard).
 */
function capBesides(spend) {
    const billing = new Set(spend.billing);
    const before = spend.tasks.filter((task) => !billing.has(task.id)).map((task) => task.points);
    return { spentBefore: (0,money/* sumPoints */.RN)(before) ?? '0', alongside: [...spend.billing] };
}
/**
 * A preview refused: said, and, but in a dry run, recorded: what the cap stopped kept on GitHub with what
 * it cost, the comment, and the deployments of a preview the cap stopped marked inactive (the environment
 * serves it no more).
 */
async function refused(preview, { refusal, spend, book }, ctx, dryRun) {
    const { host, pull, name } = preview;
    ctx.log(`preview: ${refusal.why}`);
    // Once stopped, the tasks' details say what they cost in the end (or, deleted at once, the book does).
    const stoppedIds = refusal.stopped.map((task) => task.id);
    const after = refusal.stopped.length === 0 || dryRun
        ? spend
        : await (0,preview_book/* spendNow */.Zw)(previewOf(preview), book, ctx, stoppedIds);
    const failure = dryRun
        ? undefined
        : await (0,preview_recording/* recording */.oz)(ctx, async () => {
            await (0,preview_recording/* keepSpend */.So)(host, { number: pull.number, name }, after, book);
            await (0,preview_recording/* commentIf */.Lb)(host, ctx, { ...view(preview), ...refusal.shown });
            // The deployments say it serves no more once all of it is stopped.
            const serves = refusal.stopped.some((task) => task.verdict === 'error');
            if (refusal.stopped.length > 0 && !serves)
                await host.retire(pull.number);
        });
    return (0,toolkit/* stepResult */.GR)(NO_PLAN(ctx), ctx, {
        tasks: (0,preview_spend/* withSpend */.HE)(refusal.stopped, after),
        parts: [
            (0,step_result/* reportEntry */.jr)('preview', {
                number: pull.number,
                taskName: name,
                totalPoints: after.total,
                failure: failure === undefined ? refusal.why : `${refusal.why}; ${failure}`
            })
        ]
    });
}
const NO_PLAN = (ctx) => ({ operation: ctx.settings.operation, calls: [], wait: undefined });
/**
 * max_cost over all of the pull request's previews: at it (or past it), no new one is made, and the one
 * running is stopped (until its state shows it), as a cap reached stops what it caps.
 */
async function atCap(preview, spend, ctx, dryRun) {
    const { maxCost } = ctx.settings;
    const spent = spend.total;
    if (maxCost === undefined || !(0,preview_spend/* reachesCap */.S0)(spent, maxCost))
        return undefined;
    const { name } = preview;
    const stopped = await (0,preview_tasks/* stopPreview */.Xo)(name, ctx, dryRun);
    // What could not be stopped still serves and bills: said so, never "stopped".
    const left = stopped.filter((task) => task.verdict === 'error').map((task) => task.id);
    const why = `the previews of pull request #${preview.pull.number} have cost ${(0,money/* readablePoints */.aR)(spent)}, which reaches max_cost ${maxCost} yuan: no new preview is made${stopped.length === 0 ? '' : left.length === 0 ? ', and the one running is stopped' : `, but task ${left.join(', ')} could not be stopped: preview_sweep tries again`}`;
    return {
        why,
        shown: left.length === 0
            ? {
                state: 'capped',
                status: 'stopped',
                totalCost: (0,money/* readablePoints */.aR)(spent),
                note: `Stopped at max_cost (${maxCost} yuan).`
            }
            : {
                state: 'failed',
                status: 'could not be stopped',
                totalCost: (0,money/* readablePoints */.aR)(spent),
                note: `max_cost (${maxCost} yuan) is reached, but task ${left.join(', ')} could not be stopped: preview_sweep tries again.`
            },
        stopped: stopped.map((task) => task.verdict === 'error' ? task : { ...task, verdict: 'capped', message: 'stopped at max_cost' })
    };
}
/**
 * With max_cost set, what the previews have spent must be known and kept before a new preview bills: a
 * task whose cost nothing could read (see PreviewSpend.unread), or a record GitHub refused (`unkept`),
 * refuses a new preview, saying why (the one running is left: it is not known to have reached the cap).
 * Without max_cost the step goes on, the line said.
 */
function unheld(preview, spend, ctx, unkept) {
    const { maxCost } = ctx.settings;
    const unread = spend.unread.map((task) => `task ${task.id}: ${task.why}`).join('; ');
    const why = spend.unread.length > 0
        ? `what the previews of pull request #${preview.pull.number} have cost cannot be read (${unread})`
        : unkept === undefined
            ? undefined
            : `what the previews of pull request #${preview.pull.number} have cost could not be kept (${unkept})`;
    if (why === undefined)
        return undefined;
    if (maxCost === undefined) {
        ctx.log(`preview: ${why}; no max_cost is set, so the step goes on`);
        return undefined;
    }
    const note = `max_cost (${maxCost} yuan) cannot be held, so no new preview is made: ${why}.`;
    return {
        why: `${why}: max_cost ${maxCost} yuan cannot be held, so no new preview is made`,
        shown: { state: 'failed', status: undefined, totalCost: `at least ${(0,money/* readablePoints */.aR)(spend.total)}`, note },
        stopped: []
    };
}
/**
 * The deployment's end, once the replace is over: success with the service's URL (and the earlier
 * deployments of the environment marked inactive), or failure; the cost said, and the comment written.
 * A record GitHub refuses fails the step, saying so; the preview itself is left as the replace left it.
 */
async function finishUp(preview, done, ctx) {
    const { host, pull, name } = preview;
    const { step, deployment, book } = done;
    const [created] = step.tasks;
    const ready = created?.verdict === 'reached';
    const url = created?.urls.find((u) => /^https?:\/\//.test(u));
    const spend = await (0,preview_book/* spendNow */.Zw)(previewOf(preview), book, ctx, done.also);
    const total = spend.total;
    const failure = await (0,preview_recording/* recording */.oz)(ctx, async () => {
        await (0,preview_recording/* keepSpend */.So)(host, { number: pull.number, name }, spend, book);
        await host.deployed(deployment, {
            state: ready ? 'success' : 'failure',
            description: ready ? `${name} is ready` : `${name}: ${created?.message ?? 'not ready'}`,
            ...(ready && url !== undefined ? { url } : {})
        });
        // Ready, the earlier deployments are superseded; stopped at max_cost with the old preview, nothing serves.
        const nothingServes = !ready && step.replaced.some((task) => task.verdict === 'capped');
        const retired = ready || nothingServes ? await host.retire(pull.number, deployment) : [];
        ctx.log(`preview: deployment ${deployment} ${ready ? `is live${url === undefined ? '' : ` at ${url}`}; ${retired.length} earlier one(s) marked inactive` : 'failed'}; the previews of pull request #${pull.number} have cost ${(0,money/* readablePoints */.aR)(total)} in all`);
        await (0,preview_recording/* commentIf */.Lb)(host, ctx, {
            ...view(preview),
            ...placeShown(placeOfPush(step, book, created?.id)),
            state: ready ? 'running' : created?.verdict === 'capped' ? 'capped' : 'failed',
            url,
            status: created?.status,
            // Read with the total, at once: the two agree (one preview: the same figure).
            pushCost: created === undefined ? undefined : pushCostOf(spend, created.id),
            totalCost: (0,money/* readablePoints */.aR)(total),
            note: ready ? undefined : created?.message
        });
    });
    return (0,step_result/* withReport */.BN)(step, 'preview', {
        number: pull.number,
        taskName: name,
        totalPoints: total,
        deployment,
        ...(failure === undefined ? {} : { failure: `${failure}; the preview is left as the step made it` })
    });
}


/***/ }),

/***/ 720:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   finishReplace: () => (/* binding */ finishReplace),
/* harmony export */   replaceFlow: () => (/* binding */ replaceFlow),
/* harmony export */   runReplace: () => (/* binding */ runReplace)
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
/* harmony import */ var _wait_wait_until_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(1360);
/* harmony import */ var _toolkit_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(8682);
/* harmony import */ var _wait_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9615);
/* harmony import */ var _create_create_task_js__WEBPACK_IMPORTED_MODULE_14__ = __webpack_require__(3077);















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
            run: (ctx) => runReplace(plan, ctx),
            dryRun: (ctx) => dryRunReplace(plan, ctx)
        };
    }
};
/**
 * A replace's run: the create and its wait (max_cost counting `besides` too: a preview's older tasks
 * bill while it waits, and the cap stops them with it), then the old generation stopped, or the new task
 * rolled back.
 */
async function runReplace(plan, ctx, besides) {
    const step = await (0,_wait_js__WEBPACK_IMPORTED_MODULE_3__/* .callAndWait */ .fi)(plan, ctx, besides);
    const [created] = step.tasks;
    // What the cap stopped beside the new task (besides.alongside) serves no more.
    const capped = step.replaced.map((task) => task.id);
    const finished = await finishReplace(created, step.calls[0]?.existingIds ?? [], ctx, capped);
    const tasks = finished.created === undefined ? step.tasks : [finished.created, ...step.tasks.slice(1)];
    return {
        ...step,
        tasks,
        replaced: [...step.replaced, ...finished.replaced],
        elapsedMs: ctx.runtime.now() - ctx.startedAt
    };
}
/**
 * The end of a replace, once the new task's wait is over. Ready, the new task takes the place of the old
 * generation: each old task is stopped until its state shows it ended, and the name is searched again
 * until a fresh search finds no older live task. Not ready (failed, timed out, cancelled), the new task is
 * stopped, whatever cleanup says, and the old tasks are left serving: the replace is rolled back.
 */
async function finishReplace(created, oldIds, ctx, cappedIds = []) {
    if (created === undefined)
        return { created, replaced: [] };
    if (created.verdict !== 'reached')
        return { created: await rollBack(created, oldIds, ctx, cappedIds), replaced: [] };
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
    const ended = (await (0,_wait_wait_until_js__WEBPACK_IMPORTED_MODULE_5__.waitUntil)(done, (0,_wait_criteria_js__WEBPACK_IMPORTED_MODULE_6__/* .criteriaFor */ .X8)('ended', ctx.settings.wait, (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_7__/* .taskKindOf */ .j2)(ctx.settings)), ctx, {
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
/** Stops a new task that did not become ready; the old ones keep serving, but those max_cost stopped. */
async function rollBack(created, oldIds, ctx, cappedIds) {
    const left = oldIds.filter((id) => !cappedIds.includes(id));
    const capped = cappedIds.length === 0 ? '' : `; task ${cappedIds.join(', ')} was stopped at max_cost too`;
    const serving = (left.length > 0
        ? `task ${left.join(', ')} keeps serving`
        : oldIds.length === 0
            ? 'no task of its name ran before'
            : 'no task of its name serves') + capped;
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
var concurrency = __webpack_require__(8214);
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
// EXTERNAL MODULE: ./platform/task-kinds.ts
var task_kinds = __webpack_require__(7187);
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
        return { ...result, status: (0,task_kinds/* stoppedStatus */.Yf)((0,calls/* taskKindOf */.j2)(ctx.settings)) };
    });
}
const shown = (task) => `task ${task.id} ${JSON.stringify((0,safe_text/* sanitize */.aj)(task.name, 100))} (${(0,safe_text/* sanitize */.aj)(task.status ?? 'unknown', 20)})`;


/***/ }),

/***/ 4486:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IF: () => (/* binding */ PullRequestsRefusal),
/* harmony export */   KL: () => (/* binding */ previewNumber),
/* harmony export */   gz: () => (/* binding */ previewName)
/* harmony export */ });
/**
 * What the pull requests' host refused or could not do (GitHub's answer, and the permission to grant, in
 * its message): a preview step fails saying so, and never as an unexpected error.
 */
class PullRequestsRefusal extends Error {
}
/** The task name of a pull request's preview: the task_name given, and the number (web-pr-42). */
function previewName(taskName, number) {
    return `${taskName}-pr-${number}`;
}
/** The pull request a preview's task name is of (web-pr-42: 42), or undefined when it is none of task_name's. */
function previewNumber(taskName, name) {
    const prefix = `${taskName}-pr-`;
    if (!name.startsWith(prefix))
        return undefined;
    const digits = name.slice(prefix.length);
    return /^[1-9]\d{0,9}$/.test(digits) ? Number(digits) : undefined;
}


/***/ })

};
