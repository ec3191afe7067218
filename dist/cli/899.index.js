export const id = 899;
export const ids = [899];
export const modules = {

/***/ 3280:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  sweepFlow: () => (/* binding */ sweepFlow)
});

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

// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./deploy/engine/flows/toolkit.ts + 1 modules
var toolkit = __webpack_require__(445);
// EXTERNAL MODULE: ./deploy/engine/flows/stop-matches.ts
var stop_matches = __webpack_require__(1995);
;// CONCATENATED MODULE: ./deploy/deployments/sweep.ts





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
        const sweep = (ctx, dryRun) => (0,stop_matches/* stopMatches */.e)({ pattern: given, literal: pattern.literal, matches: pattern.matches, keep: settings.taskIds }, ctx, dryRun);
        return {
            plan,
            cleanup: (0,toolkit/* cleanupOf */.Au)(settings),
            run: async (ctx) => (0,toolkit/* stepResult */.GR)(plan, ctx, { tasks: await sweep(ctx, false) }),
            dryRun: async (ctx) => (0,toolkit/* stepResult */.GR)(plan, ctx, { tasks: await sweep(ctx, true) })
        };
    }
};


/***/ })

};
