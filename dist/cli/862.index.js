export const id = 862;
export const ids = [862];
export const modules = {

/***/ 6862:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   nodeReadsFlow: () => (/* binding */ nodeReadsFlow)
/* harmony export */ });
/* harmony import */ var _basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(5833);
/* harmony import */ var _platform_operations_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7258);
/* harmony import */ var _diagnostics_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(7766);
/* harmony import */ var _urls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(1190);
/* harmony import */ var _call_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(1030);





/** Nodes the logs and events operations read of each task, at the most. */
const NODES_READ = 10;
/** Each task's detail, then the service logs or the events of each of its nodes (up to 10). */
function nodeReadsFlow(read) {
    const scope = {
        nodes: 'all',
        maxNodes: NODES_READ,
        events: read === 'events',
        logs: read === 'logs'
    };
    return {
        plan: (settings) => {
            const plan = (0,_platform_operations_js__WEBPACK_IMPORTED_MODULE_0__/* .planCalls */ .jU)(settings);
            return {
                plan,
                cleanup: (0,_call_js__WEBPACK_IMPORTED_MODULE_1__/* .cleanupOf */ .Au)(settings),
                run: async (ctx) => {
                    const calls = await (0,_call_js__WEBPACK_IMPORTED_MODULE_1__/* .startCalls */ .eS)(plan, ctx);
                    const tasks = await (0,_basics_concurrency_js__WEBPACK_IMPORTED_MODULE_2__/* .mapLimit */ .s)((0,_call_js__WEBPACK_IMPORTED_MODULE_1__/* .tasksOf */ .a4)(calls, ctx, (0,_urls_js__WEBPACK_IMPORTED_MODULE_3__/* .urlPublisher */ .Cv)(ctx)), ctx.settings.concurrency, async (task) => task.verdict === 'done'
                        ? { ...task, diagnostics: await (0,_diagnostics_js__WEBPACK_IMPORTED_MODULE_4__/* .diagnose */ .h4)(task.id, task.data, ctx, scope) }
                        : task);
                    return (0,_call_js__WEBPACK_IMPORTED_MODULE_1__/* .stepResult */ .GR)(plan, ctx, { calls, tasks, nodeReads: read });
                },
                dryRun: (ctx) => (0,_call_js__WEBPACK_IMPORTED_MODULE_1__/* .printDryRun */ .AG)(plan, ctx)
            };
        }
    };
}


/***/ })

};
