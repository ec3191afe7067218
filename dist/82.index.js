export const id = 82;
export const ids = [82];
export const modules = {

/***/ 1082:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   nodeIo: () => (/* binding */ nodeIo)
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
        writeFile: (path, text) => {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeFileSync)(path, text, { mode: 0o600 });
        },
        onSignal: _signals_js__WEBPACK_IMPORTED_MODULE_1__/* .onStopSignals */ .D,
        isTerminal: process.stderr.isTTY,
        version: _deploy_engine_js__WEBPACK_IMPORTED_MODULE_2__/* .VERSION */ .x
    };
}


/***/ })

};
