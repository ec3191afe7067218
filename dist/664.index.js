export const id = 664;
export const ids = [664];
export const modules = {

/***/ 5664:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   nodeIo: () => (/* binding */ nodeIo)
/* harmony export */ });
/* unused harmony export writeWhole */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__webpack_require__.n(node_os__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_3___default = /*#__PURE__*/__webpack_require__.n(node_path__WEBPACK_IMPORTED_MODULE_3__);
/* harmony import */ var _host_private_file_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(4463);
/* harmony import */ var _action_signals_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(5210);
/* harmony import */ var _deploy_door_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(8690);
/* harmony import */ var _state_lock_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(9158);








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
        readFile: (path, maxBytes) => (0,_host_private_file_js__WEBPACK_IMPORTED_MODULE_4__/* .readRegularFile */ .XF)(path, maxBytes),
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
        stdoutIsTerminal: process.stdout.isTTY,
        version: _deploy_door_js__WEBPACK_IMPORTED_MODULE_6__/* .VERSION */ .x,
        ensureDir: (path) => {
            (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.mkdirSync)(path, { recursive: true });
            // A directory that exists may still refuse a file (permissions, a read-only mount): found now, before
            // anything is sent, not once the run has billed.
            (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmdirSync)((0,node_fs__WEBPACK_IMPORTED_MODULE_1__.mkdtempSync)((0,node_path__WEBPACK_IMPORTED_MODULE_3__.join)(path, '.elastic-deploy-probe-')));
        },
        lock: _state_lock_js__WEBPACK_IMPORTED_MODULE_7__/* .lockStateFile */ .F,
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
        (0,_host_private_file_js__WEBPACK_IMPORTED_MODULE_4__/* .createPrivateFile */ .aP)(temporary, text);
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


/***/ }),

/***/ 9158:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   F: () => (/* binding */ lockStateFile),
/* harmony export */   j: () => (/* binding */ StateFileBusy)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__webpack_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__webpack_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _host_private_file_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(4463);



/** Another run holds the state file: its lock names the process, which still runs. */
class StateFileBusy extends Error {
    lock;
    pid;
    constructor(lock, pid) {
        super(`it is in use by another run${pid === undefined ? '' : ` (process ${pid})`}, which holds ${lock}`);
        this.lock = lock;
        this.pid = pid;
        this.name = 'StateFileBusy';
    }
}
/**
 * Takes a state file for this process alone, for a whole run or cleanup: a lock file beside it (`F.lock`),
 * made whole at once with this process's id (written to a file of its own, then linked to the lock's
 * name: the link fails when a lock exists). A lock whose process no longer runs (killed) is set aside
 * (renamed, which only one of two runs finding it can do) and taken. Answers the function that releases
 * the lock; throws StateFileBusy when a running process holds it, or an error with a `code` when the lock
 * cannot be made.
 */
function lockStateFile(path, pid = process.pid) {
    const lock = `${path}.lock`;
    const mine = `${lock}.${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(8).toString('hex')}`;
    (0,_host_private_file_js__WEBPACK_IMPORTED_MODULE_2__/* .createPrivateFile */ .aP)(mine, `${pid}\n`);
    try {
        for (let attempt = 0; attempt < 3; attempt++) {
            try {
                (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.linkSync)(mine, lock);
                return () => {
                    if (holderOf(lock) === pid)
                        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(lock, { force: true });
                };
            }
            catch (error) {
                if (error.code !== 'EEXIST')
                    throw error;
            }
            const holder = holderOf(lock);
            if (holder === undefined || isRunning(holder))
                throw new StateFileBusy(lock, holder);
            setAside(lock, holder);
        }
        throw new StateFileBusy(lock, holderOf(lock));
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(mine, { force: true });
    }
}
/** The most a lock file holds: a process id and a line end. */
const LOCK_BYTES = 64;
/**
 * The process a lock names; undefined when it cannot be read, is larger than a lock is, or is no regular
 * file (then it is taken as held).
 */
function holderOf(lock) {
    try {
        const pid = Number((0,_host_private_file_js__WEBPACK_IMPORTED_MODULE_2__/* .readPrivateFile */ .q1)(lock, LOCK_BYTES).trim());
        return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
    }
    catch {
        return undefined;
    }
}
/** Whether a process runs: signal 0 checks without sending (EPERM: it runs, as another user). */
function isRunning(pid) {
    try {
        process.kill(pid, 0);
        return true;
    }
    catch (error) {
        return error.code === 'EPERM';
    }
}
/**
 * Moves the stale lock of `stale` out of the way, atomically: of two runs that found it, one moves it.
 * Should the lock have been taken by a live run between the look and the move, it is put back.
 */
function setAside(lock, stale) {
    const aside = `${lock}.stale-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomBytes)(4).toString('hex')}`;
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.renameSync)(lock, aside);
    }
    catch (error) {
        if (error.code !== 'ENOENT')
            throw error;
        return;
    }
    try {
        if (holderOf(aside) !== stale)
            (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.linkSync)(aside, lock);
    }
    catch (error) {
        if (error.code !== 'EEXIST')
            throw error;
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_1__.rmSync)(aside, { force: true });
    }
}


/***/ })

};
