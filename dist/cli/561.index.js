export const id = 561;
export const ids = [561];
export const modules = {

/***/ 7548:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ storageStep)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(629);
/* harmony import */ var _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(6289);
/* harmony import */ var _engine_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7289);
/* harmony import */ var _engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(445);




/**
 * The step of a storage flow (volumes, transfers): its work, whose outcome is one call's (its answer the
 * data output); a failure the step's failure, said in one line; an input error thrown, as at planning.
 * What it leaves for the post step, its work records on the ledger as it goes.
 */
function storageStep(settings, work) {
    const plan = { operation: settings.operation, calls: [], wait: undefined };
    return {
        plan,
        cleanup: _engine_cleanup_state_js__WEBPACK_IMPORTED_MODULE_0__/* .NO_CLEANUP */ .jR,
        run: async (ctx) => {
            try {
                const done = await work.run(ctx);
                const outcome = (0,_engine_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .callOutcome */ .$K)(done.call, {
                    ...(done.answer === undefined ? {} : { result: done.answer.result, raw: done.answer.raw })
                });
                return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_2__/* .stepResult */ .GR)(plan, ctx, {
                    ...(done.did === undefined ? {} : { parts: [done.did] }),
                    calls: [outcome]
                });
            }
            catch (error) {
                if (error instanceof _basics_input_error_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .d)
                    throw error;
                const failed = error instanceof Error ? error : new Error(String(error));
                return (0,_engine_flows_toolkit_js__WEBPACK_IMPORTED_MODULE_2__/* .stepResult */ .GR)(plan, ctx, { calls: [(0,_engine_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .callOutcome */ .$K)(work.failedCall(ctx), { error: failed })] });
            }
        },
        dryRun: work.dryRun
    };
}


/***/ }),

/***/ 9561:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   transferDetailFlow: () => (/* binding */ transferDetailFlow),
/* harmony export */   transferFlow: () => (/* binding */ transferFlow),
/* harmony export */   transferListFlow: () => (/* binding */ transferListFlow),
/* harmony export */   transferStopFlow: () => (/* binding */ transferStopFlow)
/* harmony export */ });
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(629);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_12__ = __webpack_require__(3035);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__ = __webpack_require__(9817);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__ = __webpack_require__(9644);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_8__ = __webpack_require__(7187);
/* harmony import */ var _platform_transfer_data_js__WEBPACK_IMPORTED_MODULE_10__ = __webpack_require__(8100);
/* harmony import */ var _engine_retries_js__WEBPACK_IMPORTED_MODULE_7__ = __webpack_require__(8079);
/* harmony import */ var _engine_storage_read_volumes_js__WEBPACK_IMPORTED_MODULE_5__ = __webpack_require__(7393);
/* harmony import */ var _engine_storage_run_transfer_js__WEBPACK_IMPORTED_MODULE_2__ = __webpack_require__(6772);
/* harmony import */ var _engine_storage_check_copies_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(9645);
/* harmony import */ var _engine_storage_stop_transfer_js__WEBPACK_IMPORTED_MODULE_11__ = __webpack_require__(8819);
/* harmony import */ var _engine_storage_transfer_lines_js__WEBPACK_IMPORTED_MODULE_9__ = __webpack_require__(4738);
/* harmony import */ var _storage_step_js__WEBPACK_IMPORTED_MODULE_13__ = __webpack_require__(7548);
/* harmony import */ var _engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_4__ = __webpack_require__(5939);














/**
 * operation transfer: copies between object storage and a volume, to the end (see runTransfer): the
 * connection checked first, progress at each poll, a failed transfer retried, one left under way
 * stopped. Every input is checked before anything is sent, the encryption the create needs too.
 */
const transferFlow = {
    plan: (settings) => {
        const name = needed(settings, 'volume', settings.storage.volume, "the volume's name (or storage_id), such as datasets");
        const t = settings.storage.transfer;
        needed(settings, 'direction', t.direction, 's3-to-volume or volume-to-s3');
        needed(settings, 's3_supplier', t.supplier, 'the object storage vendor, such as tencent, aws, aliyun or minio');
        needed(settings, 's3_endpoint', t.endpoint, "the object storage's endpoint, such as cos.ap-guangzhou.myqcloud.com");
        needed(settings, 's3_bucket', t.bucket, 'the bucket');
        needed(settings, 's3_access_key', t.accessKey, 'the access key, from a secret (or DEPLOY_S3_ACCESS_KEY)');
        needed(settings, 's3_secret_key', t.secretKey, 'the secret key, from a secret (or DEPLOY_S3_SECRET_KEY)');
        if (settings.wait.mode === 'false')
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('wait is false, but transfer follows the copy to its end (and stops it if the step ends first): remove wait');
        // The create is encrypted, as the reference requires: a key that cannot encrypt is refused here.
        (0,_engine_storage_check_copies_js__WEBPACK_IMPORTED_MODULE_1__/* .checkEncryption */ .Wn)(settings);
        return transferStep(settings, {
            run: async (ctx) => {
                const volume = await (0,_engine_storage_run_transfer_js__WEBPACK_IMPORTED_MODULE_2__/* .transferVolume */ .Oi)(name, ctx);
                const runName = (0,_engine_storage_run_transfer_js__WEBPACK_IMPORTED_MODULE_2__/* .runTransferName */ .kU)(settings.taskName ?? volume.name, ctx);
                const report = await (0,_engine_storage_run_transfer_js__WEBPACK_IMPORTED_MODULE_2__/* .runTransfer */ .vv)(volume, (0,_engine_storage_run_transfer_js__WEBPACK_IMPORTED_MODULE_2__/* .transferBody */ .cQ)(t, volume, runName), ctx);
                ctx.log((0,_engine_storage_run_transfer_js__WEBPACK_IMPORTED_MODULE_2__/* .completedLine */ .uk)(report, t.overwrite));
                return {
                    call: (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .transferDetailCall */ .ro)(ctx.settings, report.transfer.id),
                    answer: report.answer,
                    did: (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_4__/* .reportEntry */ .jr)('transfer', {
                        one: { transfer: report.transfer, elapsedMs: report.elapsedMs, retries: report.retries }
                    })
                };
            },
            dryRun: async (ctx) => {
                const volume = (0,_engine_storage_read_volumes_js__WEBPACK_IMPORTED_MODULE_5__/* .volumeNamed */ .Ck)((await (0,_engine_storage_read_volumes_js__WEBPACK_IMPORTED_MODULE_5__/* .readVolumes */ .mq)(ctx)).volumes, name);
                ctx.log(volume === undefined
                    ? `dry run: no volume is named ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(name, 40))}, so transfer would fail; only reads were sent`
                    : `dry run: transfer would check the connection to bucket ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(t.bucket ?? '', 100)}, then copy ${t.direction === 's3-to-volume' ? `its prefix ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(t.prefix, 200))} to volume ${volume.id}:${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(t.volumePath, 200)}` : `volume ${volume.id}:${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(t.volumePath, 200)} to its prefix ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(t.prefix, 200))}`} (overwrite_policy ${t.overwrite}); only reads were sent`);
                return undefined;
            }
        });
    }
};
/** operation transfer_detail: a transfer's detail, by transfer_id, with a line of its progress. */
const transferDetailFlow = {
    plan: (settings) => {
        const id = transferId(settings);
        return transferStep(settings, {
            run: async (ctx) => {
                const answer = await (0,_engine_retries_js__WEBPACK_IMPORTED_MODULE_7__/* .retried */ .s)(`transfer ${id}`, ctx.retries, () => ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .transferDetailCall */ .ro)(ctx.settings, id)));
                const transfer = _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_8__/* .TRANSFER_KIND */ .bl.transferOf(answer.result.data);
                if (transfer === undefined)
                    throw new Error(`the detail of transfer ${id} carries no transfer`);
                ctx.log((0,_engine_storage_transfer_lines_js__WEBPACK_IMPORTED_MODULE_9__/* .progressLine */ .oz)(transfer, 0).replace(/, 0s elapsed$/, ''));
                return {
                    call: (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .transferDetailCall */ .ro)(ctx.settings, id),
                    answer,
                    did: (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_4__/* .reportEntry */ .jr)('transfer', { one: { transfer, elapsedMs: undefined, retries: 0 } })
                };
            },
            dryRun: readsOnly
        });
    }
};
/** operation transfer_list: the transfers (of the volume `volume` names, when given), each with its progress. */
const transferListFlow = {
    plan: (settings) => transferStep(settings, {
        run: async (ctx) => {
            const name = ctx.settings.storage.volume;
            const volume = name === undefined ? undefined : (0,_engine_storage_read_volumes_js__WEBPACK_IMPORTED_MODULE_5__/* .volumeNamed */ .Ck)((await (0,_engine_storage_read_volumes_js__WEBPACK_IMPORTED_MODULE_5__/* .readVolumes */ .mq)(ctx)).volumes, name);
            if (name !== undefined && volume === undefined)
                throw new Error(`no volume is named ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(name, 40))} (nor has that storage_id)`);
            const call = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .transferListCall */ .ef)(ctx.settings, volume === undefined ? {} : { storageId: volume.id });
            const answer = await (0,_engine_retries_js__WEBPACK_IMPORTED_MODULE_7__/* .retried */ .s)('transfer: list', ctx.retries, () => ctx.send(call));
            const transfers = (0,_platform_transfer_data_js__WEBPACK_IMPORTED_MODULE_10__/* .transfersOf */ .G5)(answer.result.data);
            for (const transfer of transfers)
                ctx.log((0,_engine_storage_transfer_lines_js__WEBPACK_IMPORTED_MODULE_9__/* .progressLine */ .oz)(transfer, 0).replace(/, 0s elapsed$/, ''));
            return { call, answer, did: (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_4__/* .reportEntry */ .jr)('transfer', { listed: transfers }) };
        },
        dryRun: readsOnly
    })
};
/** operation transfer_stop: stops a transfer, and waits until its detail says it copies no more. */
const transferStopFlow = {
    plan: (settings) => {
        const id = transferId(settings);
        return transferStep(settings, {
            run: async (ctx) => {
                const outcome = await (0,_engine_storage_stop_transfer_js__WEBPACK_IMPORTED_MODULE_11__/* .stopTransfer */ .at)(id, ctx);
                if (outcome.kind === 'failed')
                    throw new Error(`transfer ${id} was not stopped: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(outcome.why, 300)}`);
                const transfer = await (0,_engine_storage_stop_transfer_js__WEBPACK_IMPORTED_MODULE_11__/* .readTransfer */ .i3)(id, ctx);
                ctx.log(`transfer ${id}: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(outcome.state, 20)}: it copies no more`);
                return {
                    call: (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .transferDetailCall */ .ro)(ctx.settings, id),
                    ...(transfer === undefined
                        ? {}
                        : { did: (0,_engine_calls_step_result_js__WEBPACK_IMPORTED_MODULE_4__/* .reportEntry */ .jr)('transfer', { one: { transfer, elapsedMs: undefined, retries: 0 } }) })
                };
            },
            dryRun: async (ctx) => {
                const transfer = await (0,_engine_storage_stop_transfer_js__WEBPACK_IMPORTED_MODULE_11__/* .readTransfer */ .i3)(id, ctx).catch((error) => {
                    ctx.log(`dry run: transfer_stop would fail: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_12__/* .describeError */ .Uc)(error)}`);
                    return null;
                });
                if (transfer === null)
                    return undefined;
                ctx.log(`dry run: transfer_stop would stop transfer ${id}${transfer === undefined ? '' : `, now ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_6__/* .sanitize */ .aj)(transfer.status ?? '?', 20)}`}; only reads were sent`);
                return undefined;
            }
        });
    }
};
/** transfer_id, which transfer_detail and transfer_stop need. */
function transferId(settings) {
    return needed(settings, 'transfer_id', settings.storage.transfer.id, 'the id a transfer step or transfer_list gives');
}
/** An input the operation needs, or an error that names it and the fix. */
function needed(settings, input, value, what) {
    if (value === undefined)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${input} is empty, but ${settings.operation} needs it: set ${input} to ${what}`);
    return value;
}
const readsOnly = (ctx) => {
    ctx.log(`dry run: ${ctx.settings.operation} only reads; nothing was sent`);
    return Promise.resolve(undefined);
};
/** A transfer flow's step: a failure is said against the transfer list. */
function transferStep(settings, work) {
    return (0,_storage_step_js__WEBPACK_IMPORTED_MODULE_13__/* .storageStep */ .i)(settings, { ...work, failedCall: (ctx) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .transferListCall */ .ef)(ctx.settings) });
}


/***/ })

};
