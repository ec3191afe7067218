export const id = 174;
export const ids = [174];
export const modules = {

/***/ 174:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  jobFlow: () => (/* binding */ jobFlow)
});

// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/operations/plan-calls.ts
var plan_calls = __webpack_require__(6218);
// EXTERNAL MODULE: ./deploy/context.ts
var context = __webpack_require__(2037);
// EXTERNAL MODULE: ./deploy/step-defaults.ts
var step_defaults = __webpack_require__(6433);
// EXTERNAL MODULE: ./deploy/flows/toolkit.ts + 1 modules
var toolkit = __webpack_require__(8682);
// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./deploy/storage/run-transfer.ts
var run_transfer = __webpack_require__(481);
;// CONCATENATED MODULE: ./deploy/storage/copy-data.ts




/**
 * What data and results need, checked before anything is sent: the object storage the s3_* inputs name,
 * with its keys, and a key that can encrypt (the transfer's create is encrypted, as the reference requires).
 */
function checkCopies(settings) {
    const { data, results, transfer } = settings.storage;
    if (data.length === 0 && results.length === 0)
        return;
    const input = data.length > 0 ? 'data' : 'results';
    const missing = [
        ['s3_supplier', transfer.supplier],
        ['s3_endpoint', transfer.endpoint],
        ['s3_bucket', transfer.bucket],
        ['s3_access_key', transfer.accessKey],
        ['s3_secret_key', transfer.secretKey]
    ].find(([, value]) => value === undefined);
    if (missing !== undefined)
        throw new input_error/* InputError */.d(`${missing[0]} is empty, but ${input} copies through the object storage it names: set s3_supplier, s3_endpoint, s3_bucket, s3_access_key and s3_secret_key`);
    (0,calls/* transferCreateCall */.AS)(settings, {
        storage_id: 0,
        name: '',
        direction: 1,
        s3_supplier: '',
        s3_endpoint: '',
        s3_access_key: '',
        s3_secret_key: '',
        s3_bucket: '',
        s3_prefix: '',
        nas_path: '/',
        overwrite_policy: 3,
        ignore_patterns: []
    });
}
/**
 * Copies each of `copies`, one after the other, to its end (see runTransfer): a job's data into its
 * volumes (`s3-to-volume`) before the job is made, or its results back (`volume-to-s3`) after it ended.
 * The first that does not complete ends the copies, with why.
 */
async function copyData(copies, direction, ctx) {
    const what = direction === 's3-to-volume' ? 'data' : 'results';
    const done = [];
    for (const [index, copy] of copies.entries()) {
        const volume = await (0,run_transfer/* transferVolume */.Oi)(copy.volume, ctx);
        ctx.log(`${what}: copying ${direction === 's3-to-volume' ? `${(0,safe_text/* sanitize */.aj)(copy.prefix, 200)} into volume ${volume.id}:${(0,safe_text/* sanitize */.aj)(copy.path, 200)}` : `volume ${volume.id}:${(0,safe_text/* sanitize */.aj)(copy.path, 200)} to ${(0,safe_text/* sanitize */.aj)(copy.prefix, 200)}`}`);
        const settings = {
            ...ctx.settings.storage.transfer,
            direction,
            prefix: copy.prefix,
            volumePath: copy.path
        };
        const name = `ed-${(0,safe_text/* sanitize */.aj)(ctx.settings.taskName ?? volume.name, 40)}-${what}${index}-${ctx.runtime.now().toString(36)}`;
        const report = await (0,run_transfer/* runTransfer */.vv)(volume, (0,run_transfer/* transferBody */.cQ)(settings, volume, name), ctx);
        ctx.log(`${what}: ${(0,run_transfer/* completedLine */.uk)(report, settings.overwrite)}`);
        done.push(report);
    }
    return done;
}

// EXTERNAL MODULE: ./deploy/calls/make-calls.ts
var make_calls = __webpack_require__(8372);
// EXTERNAL MODULE: ./deploy/flows/wait.ts
var wait = __webpack_require__(9615);
;// CONCATENATED MODULE: ./deploy/flows/job.ts









/**
 * A GPU batch job (operation: job), from its create to its end, as one story: the job is created once, on
 * Spot or on demand as chosen once, waited for until it ends with its log followed, stopped if its wait
 * ended before it did, and reported. Its kind (platform/task-kinds.ts) says how it is read, stopped and
 * searched; this file says what happens, in order.
 */
const jobFlow = {
    plan: (settings) => {
        const plan = (0,plan_calls/* planCalls */.j)(settings);
        checkCopies(settings);
        return {
            plan,
            copiesData: true,
            cleanup: (0,toolkit/* cleanupOf */.Au)(settings),
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
    const copiedIn = await copying(plan, stepCtx, 'in');
    if (copiedIn !== undefined)
        return copiedIn;
    // 3. The create, sent exactly once (create-once.ts), where gpu places it: Spot unless job_type says
    //    on_demand, with its expected run (estimated_exec_sec) in job_support.
    let ctx = stepCtx;
    let calls = await (0,toolkit/* startCalls */.eS)(plan, ctx);
    // 4. Spot or on demand, chosen once (spot_fallback): a Spot job still Queued past queue_timeout, or
    //    whose create was refused and made none, is stopped until it bills no more, then the job is created
    //    on demand. From here on, the job is the one that runs; its wait is the rest of wait_timeout.
    if (ctx.settings.spotFallback !== undefined)
        ({ calls, ctx } = await (await Promise.all(/* import() */[__webpack_require__.e(284), __webpack_require__.e(485), __webpack_require__.e(133)]).then(__webpack_require__.bind(__webpack_require__, 2133))).spotOrOnDemand(calls, ctx));
    // 5. The wait until the job ends (Complete passes; Failed, or a stop from elsewhere, fails), its pods'
    //    log followed as it runs and a failure explained by its failed pods (wait/wait-until.ts).
    const waited = await (0,wait/* waitForCalls */.m4)(plan, calls, ctx);
    // 6. A job that may still run (its wait timed out, was cancelled, or could not read it) is stopped now,
    //    not at its end, when cleanup says stop (a job's default): it would bill with nobody to read it.
    if (ctx.settings.cleanup === 'stop')
        await stopUnfinishedJobs(waited.waited.tasks, ctx);
    // 7. A create sent again whose first attempt landed late made a twin: stopped, the job kept.
    await (0,wait/* settleTwins */.h)(calls, waited.waited.tasks, ctx);
    // 8. The result: the job's status, pods, duration and mode, its log file, its cost; then its results,
    //    copied back whatever its end (a failed job's outputs and logs are what explain it), with a
    //    wait_timeout of their own.
    const result = (0,wait/* waitedResult */.Oe)(plan, ctx, calls, waited);
    const copiedOut = await copying(plan, (0,context/* contextFor */.B)(ctx, ctx.settings.wait.timeoutMs), 'out');
    return copiedOut === undefined ? result : { ...result, calls: [...result.calls, ...copiedOut.calls] };
}
/**
 * Copies the job's data in (before it is made) or its results out (after it ended), when the inputs name
 * any: undefined when all copied, else a result whose one call says why they did not. Not when the step
 * is cancelled: the post step stops a transfer under way.
 */
async function copying(plan, ctx, way) {
    const copies = way === 'in' ? ctx.settings.storage.data : ctx.settings.storage.results;
    if (copies.length === 0)
        return undefined;
    if (ctx.runtime.cancelled()) {
        ctx.log(`${way === 'in' ? 'data' : 'results'}: not copied: the step was cancelled`);
        return undefined;
    }
    try {
        await copyData(copies, way === 'in' ? 's3-to-volume' : 'volume-to-s3', ctx);
        return undefined;
    }
    catch (error) {
        if (error instanceof input_error/* InputError */.d)
            throw error;
        const why = error instanceof Error ? error.message : String(error);
        const failed = new Error(way === 'in'
            ? `the data was not copied in, so no job was made: ${why}`
            : `the results were not copied back: ${why}`);
        const [create] = plan.calls;
        if (create === undefined)
            throw failed;
        return (0,toolkit/* stepResult */.GR)(plan, ctx, {
            calls: [{ ...(0,make_calls/* callOutcome */.$K)(create, { error: failed }), taskId: undefined }]
        });
    }
}
/** What the job step would do: where it would run, in which mode, and how long it would wait. */
function dryRunJob(plan, ctx) {
    const fallback = ctx.settings.spotFallback;
    if (fallback !== undefined)
        ctx.log(`dry run: the job would run as Spot; still Queued after ${(0,units/* formatDuration */.a3)(fallback.queueTimeoutMs)} (queue_timeout), or its create refused, the step would stop it and create the job on demand (spot_fallback)`);
    warnOfShortWait(ctx);
    return (0,wait/* dryRunWait */.G3)(plan, ctx);
}
/** Warns when wait_timeout ends the wait before the job could end (see shortWaitWarning). */
function warnOfShortWait(ctx) {
    const warning = (0,step_defaults/* shortWaitWarning */.iQ)(ctx.settings);
    if (warning !== undefined)
        ctx.runtime.warn(warning);
}
/** How long a cancelled step goes on stopping a job it made (the runner kills it soon after). */
const CANCELLED_STOP_MS = 5_000;
/**
 * Stops each job whose wait did not see it end, until its detail shows it bills no more (Paused or End, or
 * its run ended: see cleanUpTask), and takes it off the ledger once stopped: the post step then has
 * nothing left to do with it. A job that ended (Complete, Failed, or stopped by someone) needs no stop.
 * The stop has a deadline of its own, past the wait's: cleanup_timeout, or, once the step is cancelled, a
 * few seconds on a runtime the cancellation does not stop (its requests would be aborted), after which
 * the post step takes over.
 */
async function stopUnfinishedJobs(tasks, ctx) {
    const unfinished = tasks.filter((task) => ['timed_out', 'cancelled', 'error'].includes(task.verdict));
    if (unfinished.length === 0)
        return;
    const { cleanupTimeoutMs } = ctx.settings;
    // Once cancelled, the stop has a few seconds in all, its requests in flight included.
    const withinMs = Math.min(cleanupTimeoutMs, CANCELLED_STOP_MS);
    const runtime = ctx.runtime.cancelled() ? ctx.runtime.uncancelled(withinMs) : undefined;
    const stopCtx = runtime === undefined
        ? (0,context/* contextFor */.B)(ctx, cleanupTimeoutMs)
        : (0,context/* deployContext */.H)(ctx.settings, runtime, { budgetMs: withinMs, cleanup: ctx.cleanup });
    try {
        const { cleanUpTask } = await __webpack_require__.e(/* import() */ 138).then(__webpack_require__.bind(__webpack_require__, 9138));
        for (const task of unfinished) {
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
