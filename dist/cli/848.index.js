export const id = 848;
export const ids = [848];
export const modules = {

/***/ 1848:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   jobFlow: () => (/* binding */ jobFlow)
/* harmony export */ });
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(2589);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(9644);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6218);
/* harmony import */ var _engine_context_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(3742);
/* harmony import */ var _engine_step_defaults_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8074);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(445);
/* harmony import */ var _engine_storage_check_copies_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9645);
/* harmony import */ var _engine_flows_copying_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3044);
/* harmony import */ var _engine_flows_wait_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(3186);









/**
 * A GPU batch job (operation: job), from its create to its end, as one story: the job is created once, on
 * Spot or on demand as chosen once, waited for until it ends with its log followed, stopped if its wait
 * ended before it did, and reported. Its kind (platform/task-kinds.ts) says how it is read, stopped and
 * searched; this file says what happens, in order.
 */
const jobFlow = {
    plan: (settings) => {
        const plan = (0,_platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .planCalls */ .j)(settings);
        (0,_engine_storage_check_copies_js__WEBPACK_IMPORTED_MODULE_1__/* .checkCopies */ .aV)(settings);
        return {
            plan,
            cleanup: (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_2__/* .cleanupOf */ .Au)(settings),
            run: (ctx) => runJob(plan, ctx),
            dryRun: (ctx) => dryRunJob(plan, ctx)
        };
    }
};
async function runJob(plan, stepCtx) {
    // 1. A wait_timeout shorter than the job's own timeout_sec would end the wait before the job: said.
    warnOfShortWait(stepCtx);
    // 2. Its data, copied into its volumes first (data): no GPU bills while it copies. One that does not
    //    copy fails the step, and no job is made.
    const copiedIn = await (0,_engine_flows_copying_js__WEBPACK_IMPORTED_MODULE_3__/* .timedCopying */ .ZH)(plan, stepCtx, 'in');
    if (copiedIn.failed !== undefined)
        return (0,_engine_flows_copying_js__WEBPACK_IMPORTED_MODULE_3__/* .withCopies */ .ED)(copiedIn.failed, copiedIn.copies);
    // 3. The create, sent exactly once (create-once.ts), where gpu places it: Spot unless job_type says
    //    on_demand, with its expected run (estimated_exec_sec) in job_support.
    let ctx = stepCtx;
    let calls = await (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_2__/* .startCalls */ .eS)(plan, ctx);
    // 4. Spot or on demand, chosen once (spot_fallback): a Spot job still Queued past queue_timeout, or
    //    whose create was refused and made none, is stopped until it bills no more, then the job is created
    //    on demand. From here on, the job is the one that runs; its wait is the rest of wait_timeout.
    let queue;
    if (ctx.settings.spotFallback !== undefined)
        ({ calls, ctx, queue } = await (await Promise.all(/* import() */[__webpack_require__.e(832), __webpack_require__.e(327), __webpack_require__.e(529), __webpack_require__.e(374)]).then(__webpack_require__.bind(__webpack_require__, 2374))).spotOrOnDemand(calls, ctx));
    // 5. The wait until the job ends (Complete passes; Failed, or a stop from elsewhere, fails), its pods'
    //    log followed as it runs and a failure explained by its failed pods (wait/wait-until.ts).
    const waited = await (0,_engine_flows_wait_js__WEBPACK_IMPORTED_MODULE_4__/* .waitForCalls */ .m4)(plan, calls, ctx);
    // 6. A job that may still run (its wait timed out, was cancelled, or could not read it, or it failed
    //    with pods that may still bill: held Manual) is stopped now, not at its end, when cleanup says stop
    //    (a job's default): it would bill with nobody to read it. A job whose run ended but whose pods are
    //    still billed (billing_points) is stopped whatever cleanup says: nothing of its run is left to lose.
    await stopUnfinishedJobs(waited.waited.tasks, ctx);
    // 7. A create sent again whose first attempt landed late made a twin: stopped, the job kept.
    await (0,_engine_flows_wait_js__WEBPACK_IMPORTED_MODULE_4__/* .settleTwins */ .h)(calls, waited.waited.tasks, ctx);
    // 8. The result: the job's status, pods, duration and mode, its log file, its cost; then its results,
    //    copied back whatever its end (a failed job's outputs and logs are what explain it), with a
    //    wait_timeout of their own.
    const waitedFor = (0,_engine_flows_wait_js__WEBPACK_IMPORTED_MODULE_4__/* .waitedResult */ .Oe)(plan, ctx, calls, waited);
    const result = (0,_engine_flows_copying_js__WEBPACK_IMPORTED_MODULE_3__/* .withCopies */ .ED)(queue === undefined ? waitedFor : { ...waitedFor, queue }, copiedIn.copies);
    const outCtx = (0,_engine_context_js__WEBPACK_IMPORTED_MODULE_5__/* .contextFor */ .BT)(ctx, ctx.settings.wait.timeoutMs);
    const copiedOut = await (0,_engine_flows_copying_js__WEBPACK_IMPORTED_MODULE_3__/* .timedCopying */ .ZH)(plan, outCtx, 'out', stepCtx);
    const failedOut = copiedOut.failed;
    return (0,_engine_flows_copying_js__WEBPACK_IMPORTED_MODULE_3__/* .withCopies */ .ED)(failedOut === undefined ? result : { ...result, calls: [...result.calls, ...failedOut.calls] }, copiedOut.copies);
}
/** What the job step would do: where it would run, in which mode, and how long it would wait. */
function dryRunJob(plan, ctx) {
    const fallback = ctx.settings.spotFallback;
    if (fallback !== undefined)
        ctx.log(`dry run: the job would run as Spot; still Queued after ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_6__/* .formatDuration */ .a3)(fallback.queueTimeoutMs)} (queue_timeout), or its create refused, the step would stop it and create the job on demand (spot_fallback)`);
    warnOfShortWait(ctx);
    (0,_engine_flows_copying_js__WEBPACK_IMPORTED_MODULE_3__/* .sayCopies */ .$n)(ctx);
    return (0,_engine_flows_wait_js__WEBPACK_IMPORTED_MODULE_4__/* .dryRunWait */ .G3)(plan, ctx);
}
/** Warns when wait_timeout ends the wait before the job could end (see shortWaitWarning). */
function warnOfShortWait(ctx) {
    const warning = (0,_engine_step_defaults_js__WEBPACK_IMPORTED_MODULE_7__/* .shortWaitWarning */ .iQ)(ctx.settings);
    if (warning !== undefined)
        ctx.runtime.warn(warning);
}
/** What the job's last detail says of its run. */
const runOf = (task, ctx) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_8__/* .taskKindOf */ .j2)(ctx.settings).runOf?.(task.data);
/**
 * A job whose wait saw it end, its run (Complete or Failed, no pod active) or by a stop of someone else's,
 * whose pods are still billed (billing_points): it bills on (see JobFacts.ended), and nothing of its run
 * is left to lose.
 */
function endedBilling(task, ctx) {
    const run = runOf(task, ctx);
    return ((task.verdict === 'reached' || task.verdict === 'failed') &&
        run !== undefined &&
        (run.stopped || (run.runEnded && (run.running ?? 0) === 0)) &&
        (run.billing ?? 0) > 0);
}
/** How long a cancelled step goes on stopping a job it made (the runner kills it soon after). */
const CANCELLED_STOP_MS = 5_000;
/**
 * Stops each job whose wait did not see it end, or that failed while it may still bill (held Manual, or
 * Failed with a pod still active), until its detail shows it bills no more (Paused or End, or its run
 * ended: see cleanUpTask), and takes it off the ledger once stopped: the post step then has nothing left
 * to do with it. A job that ended (Complete, Failed, or stopped by someone) needs no stop.
 * The stop has a deadline of its own, past the wait's: cleanup_timeout, or, once the step is cancelled, a
 * few seconds on a runtime the cancellation does not stop (its requests would be aborted), after which
 * the post step takes over.
 */
async function stopUnfinishedJobs(tasks, ctx) {
    const kind = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_8__/* .taskKindOf */ .j2)(ctx.settings);
    const cut = ctx.settings.cleanup === 'stop';
    const billedOn = tasks.filter((task) => endedBilling(task, ctx));
    const unfinished = tasks.filter((task) => billedOn.includes(task) ||
        (cut &&
            (['timed_out', 'cancelled', 'error'].includes(task.verdict) ||
                (task.verdict === 'failed' && !kind.billsNoMore(task.status ?? '', task.data)))));
    if (unfinished.length === 0)
        return;
    for (const task of billedOn) {
        const run = runOf(task, ctx);
        const how = run?.stopped === true ? 'it was stopped' : 'its run ended';
        ctx.log(`job ${task.id}: ${how} (${task.status ?? '?'}), but ${run?.billing ?? '?'} of its pods are still billed (billing_points): stopping it`);
    }
    const { cleanupTimeoutMs } = ctx.settings;
    // Once cancelled, the stop has a few seconds in all, its requests in flight included.
    const withinMs = Math.min(cleanupTimeoutMs, CANCELLED_STOP_MS);
    const runtime = ctx.runtime.cancelled() ? ctx.runtime.uncancelled(withinMs) : undefined;
    const stopCtx = runtime === undefined
        ? (0,_engine_context_js__WEBPACK_IMPORTED_MODULE_5__/* .contextFor */ .BT)(ctx, cleanupTimeoutMs)
        : (0,_engine_context_js__WEBPACK_IMPORTED_MODULE_5__/* .deployContext */ .H3)(ctx.settings, runtime, { budgetMs: withinMs, cleanup: ctx.cleanup });
    try {
        const { cleanUpTask } = await __webpack_require__.e(/* import() */ 997).then(__webpack_require__.bind(__webpack_require__, 7378));
        for (const task of unfinished) {
            if (!billedOn.includes(task))
                ctx.log(`job ${task.id} may still run: stopping it now`);
            const outcome = await cleanUpTask(task.id, 'stop', stopCtx, task.name);
            if (outcome.kind === 'failed') {
                ctx.log(`job ${task.id} could not be stopped now (${outcome.why}): the post step tries again`);
                continue;
            }
            ctx.log(`job ${task.id} ${outcome.kind === 'done' ? 'stopped' : `had ended (${outcome.state})`}`);
            ctx.cleanup.settle('created', task.id);
        }
    }
    finally {
        runtime?.dispose();
    }
}


/***/ })

};
