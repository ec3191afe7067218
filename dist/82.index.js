export const id = 82;
export const ids = [82];
export const modules = {

/***/ 1082:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   nodeIo: () => (/* binding */ nodeIo),
/* harmony export */   writeWhole: () => (/* binding */ writeWhole)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var _signals_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(5210);
/* harmony import */ var _deploy_engine_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8690);



/** The CLI's process: its arguments, environment, stdout and stderr, files and signals. */
function nodeIo(argv) {
    return {
        argv,
        env: (name) => process.env[name],
        stdout: (text) => {
            process.stdout.write(text);
        },
        stderr: (text) => {
            process.stderr.write(text);
        },
        readFile: (path) => (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readFileSync)(path, 'utf8'),
        writeFile: writeWhole,
        onSignal: _signals_js__WEBPACK_IMPORTED_MODULE_1__/* .onStopSignals */ .D,
        isTerminal: process.stderr.isTTY,
        version: _deploy_engine_js__WEBPACK_IMPORTED_MODULE_2__/* .VERSION */ .x
    };
}
/**
 * Writes the file whole or not at all, readable by its owner only: a temporary file beside it, renamed
 * over it. A state file cut short by a kill mid-write would leave a later cleanup unable to read what to
 * stop; a rename leaves the old state or the new one.
 */
function writeWhole(path, text) {
    const temporary = `${path}.${process.pid}.tmp`;
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(temporary, text, { mode: 0o600 });
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.renameSync)(temporary, path);
    }
    catch (error) {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmSync)(temporary, { force: true });
        throw error;
    }
}


/***/ })

};
