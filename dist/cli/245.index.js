export const id = 245;
export const ids = [245];
export const modules = {

/***/ 8245:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   copyFlow: () => (/* binding */ copyFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(9817);
/* harmony import */ var _engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(5939);
/* harmony import */ var _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6289);
/* harmony import */ var _engine_flows_copying_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(3044);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(445);
/* harmony import */ var _engine_storage_check_copies_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9645);







/**
 * operation copy: each line of copies, one after the other, into a volume or out of one: a workspace path
 * over the volume's SFTP session (opened for the copy, destroyed after it, whatever happens), an object
 * prefix as a platform transfer. Every line is checked before anything is sent (the syntax, the workspace
 * paths, the object storage's inputs when a line names a prefix); the first copy that does not complete
 * fails the step, and those after it are not tried. A dry run says what it would copy, and sends nothing.
 */
const copyFlow = {
    plan: (settings) => {
        if (settings.storage.copies.length === 0)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('copies is empty, but copy copies what it names: write one copy a line, such as ./dataset/ -> datasets:/data (an upload) or datasets:/out -> ./results/ (a download)');
        (0,_engine_storage_check_copies_js__WEBPACK_IMPORTED_MODULE_1__/* .checkCopies */ .aV)(settings);
        const plan = { operation: settings.operation, calls: [], wait: undefined };
        return {
            plan,
            cleanup: _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_2__/* .NO_CLEANUP */ .jR,
            run: (ctx) => runCopies(plan, ctx),
            dryRun: (ctx) => {
                for (const copy of ctx.settings.storage.copies)
                    ctx.log(`dry run: copies: ${(0,_engine_flows_copying_js__WEBPACK_IMPORTED_MODULE_3__/* .copyText */ .Dk)(copy, wayOf(copy) === 'in' ? 'into' : 'to')}`);
                ctx.log('dry run: nothing was sent');
                return Promise.resolve(undefined);
            }
        };
    }
};
/** Into a volume (an upload, or a transfer from object storage), or out of one. */
const wayOf = (copy) => (copy.to.kind === 'nas' ? 'in' : 'out');
/**
 * The copies, one after the other (copyData's, one line at a time, each its own way): what each did, for
 * the outputs and the summary, and why the step failed, at the first that did not complete.
 */
async function runCopies(plan, ctx) {
    const { copies } = ctx.settings.storage;
    const lines = copies.map((copy) => ({
        from: placeText(copy.from),
        to: placeText(copy.to),
        via: copy.from.kind === 'objects' || copy.to.kind === 'objects' ? 'transfer' : 'sftp',
        outcome: 'left'
    }));
    const { copyData } = await Promise.all(/* import() */[__webpack_require__.e(772), __webpack_require__.e(161)]).then(__webpack_require__.bind(__webpack_require__, 1161));
    let failure;
    for (const [index, copy] of copies.entries()) {
        const line = lines[index];
        if (line === undefined)
            break;
        const which = copies.length === 1 ? 'the copy' : `copy ${index + 1} of ${copies.length}`;
        if (ctx.runtime.cancelled()) {
            failure = `the step was cancelled before ${which}`;
            break;
        }
        try {
            await copyData([copy], wayOf(copy), ctx, undefined, {
                what: ctx.settings.operation,
                done: (done) => {
                    lines[index] = { ...line, outcome: 'copied', ...counts(done) };
                }
            });
        }
        catch (error) {
            if (error instanceof _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d)
                throw error;
            lines[index] = { ...line, outcome: 'failed' };
            failure = `${which} did not complete: ${error instanceof Error ? (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(error.message, 500) : 'failed'}`;
            break;
        }
    }
    return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_5__/* .stepResult */ .GR)(plan, ctx, { parts: [(0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__/* .reportEntry */ .jr)('copied', { copies: lines, failure })] });
}
/** A side of a copy as written: `./dataset/`, `datasets:/data`, `prefix/`. */
function placeText(place) {
    if (place.kind === 'nas')
        return `${place.volume}:${place.path}`;
    return place.kind === 'objects' ? place.prefix : place.path;
}
/** What a completed copy moved: a workspace copy counts the files it skipped; a transfer does not say. */
function counts(done) {
    if (done.via === 'sftp') {
        const { copied, bytes, skipped, elapsedMs } = done.report;
        return { files: copied, bytes, skipped, elapsedMs };
    }
    const { transfer, elapsedMs } = done.report;
    return { files: transfer.filesDone ?? 0, bytes: transfer.bytesDone ?? 0, elapsedMs };
}


/***/ })

};
