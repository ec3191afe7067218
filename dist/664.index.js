export const id = 664;
export const ids = [664];
export const modules = {

/***/ 5664:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   nodeIo: () => (/* binding */ nodeIo),
/* harmony export */   writeWhole: () => (/* binding */ writeWhole)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _action_private_file_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(6267);
/* harmony import */ var _action_signals_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5210);
/* harmony import */ var _deploy_engine_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8690);







/** The CLI's process: its arguments, environment, stdout and stderr, files and signals. */
function nodeIo(argv) {
    // A run whose parent is gone may find its output closed: a write there must not end it mid-cleanup.
    for (const stream of [process.stdout, process.stderr])
        stream.on('error', ignoreBrokenPipe);
    return {
        argv,
        env: (name) => process.env[name],
        stdout: (text) => {
            process.stdout.write(text);
        },
        stderr: (text) => {
            process.stderr.write(text);
        },
        readFile: (path, maxBytes) => (0,_action_private_file_js__WEBPACK_IMPORTED_MODULE_4__/* .readRegularFile */ .XF)(path, maxBytes),
        writeFile: writeWhole,
        onSignal: (listener) => {
            const stopSignals = (0,_action_signals_js__WEBPACK_IMPORTED_MODULE_5__/* .onStopSignals */ .D)(listener);
            const stopWatching = (0,_action_signals_js__WEBPACK_IMPORTED_MODULE_5__/* .onParentGone */ .l)(listener);
            return () => {
                stopSignals();
                stopWatching();
            };
        },
        isTerminal: process.stderr.isTTY,
        version: _deploy_engine_js__WEBPACK_IMPORTED_MODULE_6__/* .VERSION */ .x,
        ensureDir: (path) => {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.mkdirSync)(path, { recursive: true });
        },
        makeRunDir: () => {
            const path = (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.mkdtempSync)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)((0,node_os__WEBPACK_IMPORTED_MODULE_2__.tmpdir)(), 'elastic-deploy-run-'));
            return {
                path,
                remove: () => {
                    (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(path, { recursive: true, force: true });
                }
            };
        }
    };
}
/**
 * Writes the file whole or not at all, readable by its owner only: a temporary file beside it, renamed
 * over it. A state file cut short by a kill mid-write would leave a later cleanup unable to read what to
 * stop; a rename leaves the old state or the new one. The temporary file has a name no one can guess and
 * is created exclusively, never through a link (see createPrivateFile): a file or link planted beside
 * the state file cannot redirect the write.
 */
function writeWhole(path, text) {
    const temporary = `${path}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(8).toString('hex')}.tmp`;
    try {
        (0,_action_private_file_js__WEBPACK_IMPORTED_MODULE_4__/* .createPrivateFile */ .aP)(temporary, text);
    }
    catch (error) {
        // A name taken already is someone else's file: never removed. One this call made is.
        if (error.code !== 'EEXIST')
            (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(temporary, { force: true });
        throw error;
    }
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.renameSync)(temporary, path);
    }
    catch (error) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(temporary, { force: true });
        throw error;
    }
}
function ignoreBrokenPipe(error) {
    if (error.code !== 'EPIPE')
        throw error;
}


/***/ })

};
