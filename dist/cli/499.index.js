export const id = 499;
export const ids = [499];
export const modules = {

/***/ 5499:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   copyData: () => (/* binding */ copyData)
/* harmony export */ });
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9817);
/* harmony import */ var _run_transfer_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6772);


/**
 * Copies each of `copies`, one after the other, to its end (see runTransfer): a job's data into its
 * volumes (`s3-to-volume`) before the job is made, or its results back (`volume-to-s3`) after it ended.
 * The first that does not complete ends the copies, with why.
 */
async function copyData(copies, direction, ctx) {
    const what = direction === 's3-to-volume' ? 'data' : 'results';
    const done = [];
    for (const [index, copy] of copies.entries()) {
        const volume = await (0,_run_transfer_js__WEBPACK_IMPORTED_MODULE_0__/* .transferVolume */ .Oi)(copy.volume, ctx);
        ctx.log(`${what}: copying ${direction === 's3-to-volume' ? `${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(copy.prefix, 200)} into volume ${volume.id}:${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(copy.path, 200)}` : `volume ${volume.id}:${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(copy.path, 200)} to ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(copy.prefix, 200)}`}`);
        const settings = {
            ...ctx.settings.storage.transfer,
            direction,
            prefix: copy.prefix,
            volumePath: copy.path
        };
        const name = (0,_run_transfer_js__WEBPACK_IMPORTED_MODULE_0__/* .runTransferName */ .kU)(ctx.settings.taskName ?? volume.name, ctx, `${what}${index}-`);
        const report = await (0,_run_transfer_js__WEBPACK_IMPORTED_MODULE_0__/* .runTransfer */ .vv)(volume, (0,_run_transfer_js__WEBPACK_IMPORTED_MODULE_0__/* .transferBody */ .cQ)(settings, volume, name), ctx);
        ctx.log(`${what}: ${(0,_run_transfer_js__WEBPACK_IMPORTED_MODULE_0__/* .completedLine */ .uk)(report, settings.overwrite)}`);
        done.push(report);
    }
    return done;
}


/***/ })

};
