export const id = 639;
export const ids = [639];
export const modules = {

/***/ 9639:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
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
// EXTERNAL MODULE: ./platform/operations.ts
var operations = __webpack_require__(7258);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./deploy/cleanup.ts
var cleanup = __webpack_require__(8786);
// EXTERNAL MODULE: ./deploy/context.ts + 1 modules
var context = __webpack_require__(8703);
// EXTERNAL MODULE: ./deploy/lookup.ts
var lookup = __webpack_require__(9674);
// EXTERNAL MODULE: ./deploy/result.ts + 1 modules
var deploy_result = __webpack_require__(8848);
// EXTERNAL MODULE: ./deploy/flows/call.ts
var call = __webpack_require__(1030);
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
            calls: [(0,operations/* searchByNameCall */.Vl)(settings, pattern.literal, 1)],
            wait: undefined
        };
        const sweep = (ctx, dryRun) => stopMatches({ pattern: given, literal: pattern.literal, matches: pattern.matches, keep: settings.taskIds }, ctx, dryRun);
        return {
            plan,
            cleanup: (0,call/* cleanupOf */.Au)(settings),
            run: async (ctx) => (0,call/* stepResult */.GR)(plan, ctx, { tasks: await sweep(ctx, false) }),
            dryRun: async (ctx) => (0,call/* stepResult */.GR)(plan, ctx, { tasks: await sweep(ctx, true) })
        };
    }
};
/**
 * Stops the tasks of the pattern, then searches again, and stops what the fresh search still finds, until
 * one finds no task of the pattern left live (but those kept, and those whose stop failed): pages read by
 * offset can skip a task while the list changes, and a task made meanwhile is the pattern's too.
 */
async function stopMatches(sweep, ctx, dryRun) {
    const search = () => (0,context/* retried */.sT)('sweep: task search', ctx.retries, () => (0,lookup/* searchTasks */.d)(sweep.literal, sweep.matches, ctx));
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
        const result = (0,deploy_result/* taskResult */.hK)(task.id, { status, billingValue, forecastValue, name });
        if (dryRun) {
            ctx.log(`sweep: would stop ${shown(task)}`);
            return result;
        }
        const outcome = await (0,cleanup/* cleanUpTask */.U)(task.id, 'stop', ctx, task.name);
        if (outcome.kind === 'failed') {
            ctx.log(`sweep: could not stop ${shown(task)}: ${outcome.why}`);
            return { ...result, verdict: 'error', message: `could not be stopped: ${outcome.why}` };
        }
        ctx.log(`sweep: stopped ${shown(task)}`);
        return { ...result, status: 'End' };
    });
}
const shown = (task) => `task ${task.id} ${JSON.stringify((0,safe_text/* sanitize */.a)(task.name, 100))} (${(0,safe_text/* sanitize */.a)(task.status ?? 'unknown', 20)})`;


/***/ })

};
