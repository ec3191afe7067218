export const id = 154;
export const ids = [154];
export const modules = {

/***/ 2821:
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

/***/ 4814:
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
/* harmony import */ var _engine_wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2550);
/* harmony import */ var _preview_spend_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(999);




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
        const points = (0,_engine_wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_3__/* .costPoints */ .HU)([(0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .snapshotOf */ .eY)(row, ['status'])]);
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

/***/ 5128:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Lb: () => (/* binding */ commentIf),
/* harmony export */   So: () => (/* binding */ keepSpend),
/* harmony export */   oz: () => (/* binding */ recording)
/* harmony export */ });
/* harmony import */ var _engine_pull_requests_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(2821);
/* harmony import */ var _preview_spend_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(999);


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
        if (!(error instanceof _engine_pull_requests_js__WEBPACK_IMPORTED_MODULE_0__/* .PullRequestsRefusal */ .IF))
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

/***/ 999:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   HE: () => (/* binding */ withSpend),
/* harmony export */   S0: () => (/* binding */ reachesCap),
/* harmony export */   c2: () => (/* binding */ worthKeeping),
/* harmony export */   ho: () => (/* binding */ costOf),
/* harmony export */   rS: () => (/* binding */ readSpend),
/* harmony export */   t6: () => (/* binding */ theMore)
/* harmony export */ });
/* harmony import */ var _basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5833);
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5786);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(3035);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7187);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9644);
/* harmony import */ var _engine_retries_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(8079);
/* harmony import */ var _engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(518);
/* harmony import */ var _engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(8242);
/* harmony import */ var _engine_wait_billed_since_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9512);
/* harmony import */ var _engine_wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(2550);










/**
 * Reads what the preview `name`'s tasks have spent: the platform's figures, with what is `known` of each
 * task already (GitHub's records, and what the step saw), the billing records where neither tells.
 */
async function readSpend(name, known, ctx, reads = {}) {
    const found = await (0,_engine_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .s)('preview: reading what its previews cost', ctx.retries, () => (0,_engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_1__/* .searchTasks */ .d)(name, (found) => found === name, ctx, 'every'));
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
        const billed = await (0,_engine_retries_js__WEBPACK_IMPORTED_MODULE_0__/* .retried */ .s)(`the billing records of task ${task.id}`, ctx.retries, () => (0,_engine_wait_billed_since_js__WEBPACK_IMPORTED_MODULE_7__/* .billedSince */ .p)([task.id], ctx, since));
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
        const { snapshot } = await (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_8__/* .readDetail */ .on)(task.id, ctx);
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
        const { snapshot } = await (0,_engine_tasks_read_task_js__WEBPACK_IMPORTED_MODULE_8__/* .readDetail */ .on)(id, ctx);
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
    return ((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_5__/* .compareDecimals */ .YL)(spent, (0,_engine_wait_spending_cap_js__WEBPACK_IMPORTED_MODULE_9__/* .pointsOf */ .XE)(maxCost)) ?? -1) >= 0;
}


/***/ }),

/***/ 7781:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gp: () => (/* binding */ livePreviews),
/* harmony export */   Xo: () => (/* binding */ stopPreview),
/* harmony export */   Y$: () => (/* binding */ everyTaskOf)
/* harmony export */ });
/* harmony import */ var _engine_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(2821);
/* harmony import */ var _engine_retries_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(8079);
/* harmony import */ var _engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(518);
/* harmony import */ var _engine_flows_stop_matches_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1995);




/**
 * Stops every live task of a preview's name until its state shows it ended, searching again until none is
 * left (see stopMatches); a dry run says what it would stop.
 */
function stopPreview(name, ctx, dryRun) {
    return (0,_engine_flows_stop_matches_js__WEBPACK_IMPORTED_MODULE_0__/* .stopMatches */ .e)({ pattern: name, literal: name, matches: (found) => found === name, keep: [] }, ctx, dryRun);
}
/** The live previews of task_name (task_name-pr-<number>), across every page of the task search. */
function livePreviews(taskName, ctx) {
    return (0,_engine_retries_js__WEBPACK_IMPORTED_MODULE_1__/* .retried */ .s)(`${ctx.settings.operation}: looking for the previews running`, ctx.retries, () => (0,_engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_2__/* .searchTasks */ .d)(`${taskName}-pr-`, (found) => (0,_engine_pull_requests_js__WEBPACK_IMPORTED_MODULE_3__/* .previewNumber */ .KL)(taskName, found) !== undefined, ctx));
}
/** Every task of a preview's name, whatever its status (as long as the platform lists it). */
function everyTaskOf(name, ctx) {
    return (0,_engine_retries_js__WEBPACK_IMPORTED_MODULE_1__/* .retried */ .s)(`${ctx.settings.operation}: reading the tasks of ${name}`, ctx.retries, () => (0,_engine_tasks_find_tasks_js__WEBPACK_IMPORTED_MODULE_2__/* .searchTasks */ .d)(name, (found) => found === name, ctx, 'every'));
}


/***/ }),

/***/ 9154:
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
// EXTERNAL MODULE: ./deploy/engine/pull-requests.ts
var pull_requests = __webpack_require__(2821);
// EXTERNAL MODULE: ./deploy/engine/calls/step-result.ts
var step_result = __webpack_require__(5939);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./deploy/previews/preview-tasks.ts
var preview_tasks = __webpack_require__(7781);
;// CONCATENATED MODULE: ./deploy/previews/max-previews.ts


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

// EXTERNAL MODULE: ./deploy/previews/preview-recording.ts
var preview_recording = __webpack_require__(5128);
// EXTERNAL MODULE: ./deploy/previews/preview-book.ts
var preview_book = __webpack_require__(4814);
// EXTERNAL MODULE: ./deploy/previews/preview-spend.ts
var preview_spend = __webpack_require__(999);
// EXTERNAL MODULE: ./deploy/engine/flows/toolkit.ts + 1 modules
var toolkit = __webpack_require__(445);
// EXTERNAL MODULE: ./deploy/engine/flows/lent-replace.ts
var lent_replace = __webpack_require__(5063);
;// CONCATENATED MODULE: ./deploy/previews/preview.ts












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
        const replace = (0,lent_replace/* lentReplace */.ec)().flow.plan({ ...settings, taskName: (0,pull_requests/* previewName */.gz)(given, 1) });
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
    const planned = (0,lent_replace/* lentReplace */.ec)().flow.plan(settings);
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
    const step = await (0,lent_replace/* lentReplace */.ec)().run(planned.plan, inner, capBesides(spend));
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


/***/ })

};
