import { createRequire as __WEBPACK_EXTERNAL_createRequire } from "module";
/******/ var __webpack_modules__ = ({

/***/ 4483:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  S: () => (/* binding */ githubHost)
});

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __nccwpck_require__(8161);
// EXTERNAL MODULE: ./host/private-file.ts
var private_file = __nccwpck_require__(4463);
// EXTERNAL MODULE: ./action/signals.ts
var signals = __nccwpck_require__(5210);
;// CONCATENATED MODULE: ./action/workflow-command.ts

/**
 * One line of the runner's workflow commands, `::name key=value,key=value::message`, escaped as the runner
 * reads it back: the message's `%`, CR and LF; a property's `:` and `,` too. Properties without a value are
 * left out. This is the form @actions/core writes (its command.js); a test holds the two equal.
 *
 * Written here rather than taken from @actions/core: importing core brings its OIDC client, and with it
 * @actions/http-client, tunnel, @actions/exec and @actions/io, into the first file of every step, some
 * 100 KiB that V8 compiles before the first request and no step runs.
 */
function workflowCommand(name, message, properties = {}) {
    const pairs = Object.entries(properties)
        .filter((pair) => pair[1] !== undefined && pair[1] !== '')
        .map(([key, value]) => `${key}=${escapeProperty(value)}`);
    const head = pairs.length === 0 ? name : `${name} ${pairs.join(',')}`;
    return `::${head}::${escapeData(message)}${external_node_os_.EOL}`;
}
function escapeData(text) {
    return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escapeProperty(text) {
    return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

;// CONCATENATED MODULE: ./action/github-host.ts






/** The runner, as its workflow commands and environment show it (the forms @actions/core reads and writes). */
function githubHost() {
    return {
        input: (name) => (process.env[`INPUT_${name.replace(/ /g, '_').toUpperCase()}`] ?? '').trim(),
        env: (name) => process.env[name],
        state: (name) => process.env[`STATE_${name}`] ?? '',
        saveState: (values) => {
            writeFileCommand('GITHUB_STATE', 'save-state', values);
            // Kept in this process too, where the runner would hand it to the post step: a host that runs the
            // main and post steps in one process (@github/local-action) finds it there.
            for (const [name, value] of Object.entries(values))
                process.env[`STATE_${name}`] = value;
        },
        // RUNNER_TEMP: the job's own, which the post step shares and the runner empties when the job ends.
        stash: (0,private_file/* privateFiles */.vs)(() => process.env.RUNNER_TEMP || (0,external_node_os_.tmpdir)()),
        setOutputs,
        // One write of stdout for them all: a private key is masked whole and line by line, some thirty lines.
        setSecrets: (secrets) => {
            if (secrets.length > 0)
                write(secrets.map((secret) => workflowCommand('add-mask', secret)).join(''));
        },
        info: (line) => {
            write(line + external_node_os_.EOL);
        },
        warning: (line) => {
            write(workflowCommand('warning', line));
        },
        error: (line, title) => {
            write(workflowCommand('error', line, { title }));
        },
        // The runner keeps ::debug:: lines only when debug logging is on (RUNNER_DEBUG=1), and drops them
        // otherwise: a 200-task detail would write 400 lines for nothing.
        ...(process.env.RUNNER_DEBUG === '1'
            ? {
                debug: (line) => {
                    write(workflowCommand('debug', line));
                }
            }
            : {}),
        startGroup: (title) => {
            write(workflowCommand('group', title));
        },
        endGroup: () => {
            write(workflowCommand('endgroup', ''));
        },
        setFailed: (message) => {
            process.exitCode = 1;
            write(workflowCommand('error', message));
        },
        appendSummary,
        onCancel: signals/* onStopSignals */.D
    };
}
function write(text) {
    process.stdout.write(text);
}
/**
 * Values in one write of the runner's file for them (GITHUB_OUTPUT, GITHUB_STATE), in the form @actions/core
 * writes one at a time (`name<<delimiter`, the value, the delimiter: GitHub's form for values of many
 * lines), where a step writing thirty outputs would open and append to the file thirty times. A runner
 * without the file gets them as the `command` lines (::set-output::, ::save-state::) older runners read.
 */
function writeFileCommand(variable, command, values) {
    const file = process.env[variable];
    if (file === undefined || file === '') {
        const lines = Object.entries(values).map(([name, value]) => workflowCommand(command, value, { name }));
        write(lines.join(''));
        return;
    }
    const delimiter = `ghadelimiter_${(0,external_node_crypto_.randomUUID)()}`;
    const entries = Object.entries(values).map(([name, value]) => {
        if (name.includes(delimiter) || value.includes(delimiter))
            throw new Error(`the value of ${name} holds its own delimiter`);
        return `${name}<<${delimiter}${external_node_os_.EOL}${value}${external_node_os_.EOL}${delimiter}${external_node_os_.EOL}`;
    });
    (0,external_node_fs_.appendFileSync)(file, entries.join(''), { encoding: 'utf8' });
}
/**
 * The outputs in one write of GITHUB_OUTPUT, then those in files (`files`, a bulk step's data) copied in.
 * A runner without the file takes outputs as commands: a value from a file is read whole then.
 */
function setOutputs(outputs, files = {}) {
    const file = process.env.GITHUB_OUTPUT;
    if (file === undefined || file === '') {
        const read = {};
        for (const [name, path] of Object.entries(files))
            read[name] = (0,private_file/* readPrivateFile */.q1)(path, MOST_OUTPUT_FILE_BYTES);
        writeFileCommand('GITHUB_OUTPUT', 'set-output', { ...outputs, ...read });
        return;
    }
    writeFileCommand('GITHUB_OUTPUT', 'set-output', outputs);
    for (const [name, path] of Object.entries(files))
        copyOutputFile(file, name, path);
}
/** The largest output a step reads from its own file whole (a runner without GITHUB_OUTPUT). */
const MOST_OUTPUT_FILE_BYTES = 256 * 1024 * 1024;
/**
 * Appends an output whose value is in a file to GITHUB_OUTPUT, in the form writeFileCommand writes,
 * copying the file a chunk at a time: a bulk step's data output is never held whole. The delimiter is
 * looked for across chunk ends too.
 */
function copyOutputFile(output, name, path) {
    const delimiter = `ghadelimiter_${(0,external_node_crypto_.randomUUID)()}`;
    const marker = Buffer.from(delimiter);
    const from = (0,external_node_fs_.openSync)(path, external_node_fs_.constants.O_RDONLY | external_node_fs_.constants.O_NOFOLLOW);
    const to = (0,external_node_fs_.openSync)(output, 'a');
    try {
        (0,external_node_fs_.writeSync)(to, `${name}<<${delimiter}${external_node_os_.EOL}`);
        const chunk = Buffer.alloc(64 * 1024);
        let tail = Buffer.alloc(0);
        for (let read = (0,external_node_fs_.readSync)(from, chunk); read > 0; read = (0,external_node_fs_.readSync)(from, chunk)) {
            const part = chunk.subarray(0, read);
            if (Buffer.concat([tail, part]).includes(marker))
                throw new Error(`the value of ${name} holds its own delimiter`);
            (0,external_node_fs_.writeSync)(to, part);
            tail = Buffer.from(part.subarray(Math.max(0, read - marker.length + 1)));
        }
        (0,external_node_fs_.writeSync)(to, `${external_node_os_.EOL}${delimiter}${external_node_os_.EOL}`);
    }
    finally {
        (0,external_node_fs_.closeSync)(from);
        (0,external_node_fs_.closeSync)(to);
    }
}
/**
 * Appends to the job summary file with one synchronous write: core.summary.write() checks and appends
 * through fs.promises, which starts libuv's thread pool for it (about 1 ms of a step).
 */
function appendSummary(markdown) {
    const file = process.env.GITHUB_STEP_SUMMARY;
    if (file === undefined || file === '')
        throw new Error('GITHUB_STEP_SUMMARY is not set: this runner has no job summary');
    (0,external_node_fs_.appendFileSync)(file, markdown, { encoding: 'utf8' });
}


/***/ }),

/***/ 8215:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  V: () => (/* binding */ runMain)
});

// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __nccwpck_require__(629);
// EXTERNAL MODULE: ./deploy/settings.ts + 2 modules
var deploy_settings = __nccwpck_require__(1860);
// EXTERNAL MODULE: ./deploy/operations.ts + 10 modules
var operations = __nccwpck_require__(3977);
;// CONCATENATED MODULE: ./deploy/step.ts


/**
 * Plans a step by its operation's flow (its declaration's): every input it needs is checked here, and an
 * InputError thrown, before anything is sent.
 */
async function planStep(settings) {
    const declared = (0,operations/* operationNamed */.ji)(settings.operation);
    const planned = (await declared.flow()).plan(settings);
    await checkCapacity(planned, declared, settings);
    checkCap(planned, declared, settings);
    return planned;
}
/** Names as a sentence lists them: a, b or c. */
const either = (names) => names.length < 2 ? names.join('') : `${names.slice(0, -1).join(', ')} or ${names.at(-1) ?? ''}`;
/**
 * max_cost is watched while a step waits on what bills: a task until it is ready, a job until it ends. A
 * step that does not wait so is refused, saying where the cap works.
 */
function checkCap(planned, declared, settings) {
    const target = planned.plan.wait;
    if (settings.maxCost === undefined || target === 'ready' || target === 'finished')
        return;
    if (declared.maxCost === 'itself')
        return;
    const where = (maxCost) => (0,operations/* operationsWhere */.Kv)((operation) => operation.maxCost === maxCost);
    throw new input_error/* InputError */.d(`max_cost is set, but ${settings.operation} ${target === undefined ? 'does not wait' : `waits until ${target}, on nothing that bills on`}: the cap is watched while a step waits on a task until ready or a job until its end (${where('while waiting').join(', ')}; ${either(where('with wait: true').sort())} with wait: true), and ${where('itself').join(' and ')} hold what they make or stop to it themselves; remove max_cost`);
}
/**
 * gpu picks the resource of a new task: a step that creates none (nor preheats), or whose body names a
 * resource, is refused; so is a preheat without gpu, and one without the services whose images it warms.
 */
async function checkCapacity(planned, { uses = {} }, settings) {
    const create = planned.plan.calls.find((call) => call.traits.resend === 'create_once');
    const { data, results } = settings.storage;
    // What each input that asks for a use is refused for names the operations declared to have it.
    const having = (use) => (0,operations/* operationsWhere */.Kv)((operation) => operation.uses?.[use] === true);
    if (data.length > 0 && uses.dataIn !== true)
        throw new input_error/* InputError */.d(`data is set, but ${settings.operation} creates no task or job: data is copied in before one is made (${having('dataIn').join(', ')}); remove data`);
    if (results.length > 0 && uses.resultsOut !== true)
        throw new input_error/* InputError */.d(uses.dataIn === true
            ? `results is set, but ${settings.operation} makes a service, which runs until it is stopped: results are copied out after a job ends (operation ${either(having('resultsOut'))}); copy a service's with operation transfer (direction volume-to-s3) once it is stopped, and remove results`
            : `results is set, but ${settings.operation} runs no job: results are copied out after a job ends (operation ${either(having('resultsOut'))}); remove results`);
    if (settings.storage.copies.length > 0 && uses.copies !== true)
        throw new input_error/* InputError */.d(`copies is set, but ${settings.operation} does not copy them: copies are the lines operation ${either((0,operations/* operationsWhere */.Kv)((operation) => operation.uses?.copies === true))} copies; use it, or remove copies (a job's copies go in data and results)`);
    const [mount] = settings.storage.mounts;
    if (mount !== undefined && create === undefined && uses.mounts !== true) {
        const input = mount.kind === 'nas' ? 'volumes' : 'juicefs_mounts';
        throw new input_error/* InputError */.d(`${input} is set, but ${settings.operation} creates no task or job: storages are mounted into a new one (${having('dataIn').join(', ')}), or a running one (${either(having('mounts'))}); remove ${input}`);
    }
    const picks = uses.capacity === true || create !== undefined;
    if (settings.capacity === undefined) {
        if (settings.preheat.mode !== 'none' && create !== undefined)
            throw new input_error/* InputError */.d(`preheat is ${settings.preheat.mode}, but gpu is empty: the preheat warms where gpu picks to create; set gpu, or remove preheat`);
        // The platform's documented create requires resources (the spec's names none): gpu picks them, or the body names them.
        if (settings.apiProfile === 'live' && create?.body !== undefined && !('resources' in create.body))
            throw new input_error/* InputError */.d(`body has no resources, but ${settings.operation} needs them (the platform refuses a create without): set gpu to the GPU model, such as gpu: '4090', to have the step pick the resource, or add resources: [{mark: ...}] to body with a regions[].mark.mark from search_resources`);
        return;
    }
    if (!picks) {
        throw new input_error/* InputError */.d(`gpu is set, but ${settings.operation} creates no task: gpu picks the resource of a new task; remove gpu`);
    }
    if (create?.body !== undefined && 'resources' in create.body) {
        throw new input_error/* InputError */.d('gpu is set, and the body names resources too: remove resources from the body to have the step pick the resource by gpu, or remove gpu to use the resources given');
    }
    if (create !== undefined && settings.preheat.mode !== 'none')
        (await Promise.all(/* import() */[__nccwpck_require__.e(832), __nccwpck_require__.e(0)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1153))).checkPreheatServices(settings);
}
/** Runs a planned step with its one deploy context, or its dry run: the one place a step is dispatched. */
function runStep(planned, ctx, options = {}) {
    return options.dryRun === true ? planned.dryRun(ctx) : planned.run(ctx);
}

// EXTERNAL MODULE: ./deploy/engine/cleanup-state.ts
var cleanup_state = __nccwpck_require__(6289);
// EXTERNAL MODULE: ./deploy/engine/step-runtime.ts + 2 modules
var step_runtime = __nccwpck_require__(8500);
// EXTERNAL MODULE: ./deploy/engine/context.ts
var context = __nccwpck_require__(3742);
// EXTERNAL MODULE: ./deploy/engine/calls/step-result.ts
var step_result = __nccwpck_require__(5939);
// EXTERNAL MODULE: ./basics/markdown-text.ts
var markdown_text = __nccwpck_require__(5621);
;// CONCATENATED MODULE: ./action/diagnostics-report.ts

/**
 * Every line of server text is printed after this prefix, so that none can begin with `::` and run as a
 * workflow command, whatever the platform or the application logged.
 */
const PREFIX = '\u2502 ';
/** A title and the lines of a log group for one task's diagnostics (or its nodes, for logs and events). */
function diagnosticsLog(d, redact, what = 'diagnostics') {
    return {
        title: `${what} of task ${d.taskId}: ${describeCounts(d)}`,
        lines: bodyLines(d).map((line) => `${PREFIX}${redact(line)}`)
    };
}
/**
 * The job summary's part: a collapsible section per node, as the log's group has them. A failed job's
 * says why it failed and shows its first failed pod open (exit code, reason, events, last log lines).
 */
function diagnosticsSummary(all, redact) {
    const parts = all.flatMap((d) => [
        ...titleLines(d, redact),
        ...d.nodes.flatMap((node, i) => [
            `<details${d.failedNodes !== undefined && i === 0 ? ' open' : ''}><summary>${(0,markdown_text/* escape */.i)(heading(node))}</summary>`,
            '',
            '<pre>',
            ...nodeLines(node).map((line) => (0,markdown_text/* escape */.i)(redact(line))),
            '</pre>',
            '',
            '</details>',
            ''
        ]),
        ...[...d.unread, ...(d.moreNodes > 0 ? [`${d.moreNodes} more nodes, not shown`] : [])].map((line) => `${(0,markdown_text/* escape */.i)(redact(line))}\n`)
    ]);
    return parts.length === 0 ? '' : `\n${parts.join('\n')}\n`;
}
/** "Why task 7 is not ready: 2 nodes not running, 1 running"; for a job, why it failed and its pods. */
function titleLines(d, redact) {
    if (d.failedNodes === undefined)
        return [`#### Why task ${d.taskId} is not ready: ${(0,markdown_text/* escape */.i)(describeCounts(d))}`, ''];
    return [
        `#### Why job ${d.taskId} ${d.reason === undefined ? 'did not finish' : 'failed'}: ${(0,markdown_text/* escape */.i)(describeCounts(d))}`,
        '',
        ...(d.reason === undefined ? [] : [`${(0,markdown_text/* escape */.i)(redact(capitalized(d.reason)))}.`, ''])
    ];
}
const capitalized = (text) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;
/** The diagnostics file: JSON, secrets replaced. */
function diagnosticsJson(all, redact) {
    return `${redact(JSON.stringify({ tasks: all }, null, 2))}\n`;
}
function describeCounts(d) {
    const stuck = d.notRunningNodes;
    if (d.unread.length > 0 && stuck === 0)
        return 'its nodes could not be read';
    const pods = d.notRunningNodes + d.runningNodes;
    if (d.failedNodes !== undefined)
        return `${d.failedNodes} of its ${pods} pod${pods === 1 ? '' : 's'} failed or restarted`;
    return `${stuck} node${stuck === 1 ? '' : 's'} not running, ${d.runningNodes} running`;
}
function bodyLines(d) {
    return [
        ...d.nodes.flatMap((node) => [heading(node), ...nodeLines(node).map((line) => `  ${line}`)]),
        ...d.unread.map((why) => `could not read ${why}`),
        ...(d.moreNodes > 0 ? [`${d.moreNodes} more nodes, not shown`] : [])
    ];
}
/** "node 7001 (Running): container web CrashLoopBackOff, ...", or "node 7001 (Pending)". */
function heading(node) {
    return node.problem ?? `node ${node.pointId} (${node.status})`;
}
function nodeLines(node) {
    const lines = [`events (the last ${node.events.length}):`];
    for (const e of node.events) {
        lines.push(`  ${[e.time, e.type, e.reason, e.service === '' ? '' : `(${e.service})`].filter((p) => p !== '').join(' ')}: ${e.message}`);
    }
    for (const log of node.logs) {
        const before = log.omitted > 0 ? `, ${log.omitted} before them not shown` : '';
        const when = log.whileRunning === true ? ', as the step read them while the job ran' : '';
        lines.push(`log of ${log.service} (the last ${log.lines.length} lines${before}${when}):`);
        lines.push(...log.lines.map((line) => `  ${line}`));
    }
    lines.push(...node.unread.map((why) => `could not read ${why}`));
    return lines;
}

// EXTERNAL MODULE: ./action/masker.ts
var masker = __nccwpck_require__(180);
;// CONCATENATED MODULE: ./action/compiler-tiers.ts
/** Requests in one step from which its hot paths are left to V8's baseline tiers (see forManyRequests). */
const MANY_REQUESTS = 50;
/**
 * Leaves a step of `requests` requests (at least MANY_REQUESTS, such as the detail of many tasks) to V8's
 * interpreter and baseline compiler. Its hot paths would otherwise wake V8's optimizing compilers (Maglev,
 * TurboFan), whose work on background threads raised the peak memory of a 1000-task detail from about 77
 * to 97 MiB and saved no time, the step waiting on the network (bench/RESULTS.md, bench/NOTES.md). Set
 * once the step is planned, not at start-up: a flag changed at run time makes Node compile the built-in
 * modules it loads afterwards without their code cache, which a one-request step would pay for.
 */
function forManyRequests(requests) {
    if (requests < MANY_REQUESTS)
        return false;
    try {
        // node:v8 is loaded here, by the few steps that use it: imported, it and the modules it loads cost
        // every step's start.
        const { setFlagsFromString } = process.getBuiltinModule('node:v8');
        setFlagsFromString('--no-maglev');
        setFlagsFromString('--no-turbofan');
        return true;
    }
    catch {
        // A runtime that refuses flags at run time keeps its defaults: only memory is at stake.
        return false;
    }
}

// EXTERNAL MODULE: ./basics/units.ts
var units = __nccwpck_require__(2589);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __nccwpck_require__(9817);
// EXTERNAL MODULE: ./deploy/engine/outputs/outputs.ts + 1 modules
var outputs = __nccwpck_require__(1983);
// EXTERNAL MODULE: ./deploy/report-parts.ts + 11 modules
var report_parts = __nccwpck_require__(5165);
// EXTERNAL MODULE: ./protocol/envelope.ts
var envelope = __nccwpck_require__(3421);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __nccwpck_require__(9644);
// EXTERNAL MODULE: ./deploy/engine/report/report-text.ts
var report_text = __nccwpck_require__(566);
// EXTERNAL MODULE: ./platform/money.ts
var money = __nccwpck_require__(5786);
// EXTERNAL MODULE: ./deploy/engine/answer-texts.ts
var answer_texts = __nccwpck_require__(5962);
;// CONCATENATED MODULE: ./action/outputs.ts



const FILE_OUTPUTS = new Set([
    'response_file',
    'restore_file',
    'diagnostics_file'
]);
/**
 * Every other output of the step, in action.yml's order (the declarations' order: deploy/engine/outputs/), as the
 * text written to GITHUB_OUTPUT and shown by the CLI, each empty where nothing says it.
 */
const WRITTEN = outputs/* OUTPUT_NAMES */.P0.filter((name) => !FILE_OUTPUTS.has(name));
/**
 * The outputs of a step; written whatever the outcome, so later steps can act on task_id. What a part
 * says of an output (a volume's status, a list's count) stands over what the step's tasks say.
 */
function outputsOf(step) {
    const values = { ...stepOutputs(step), ...(0,report_parts/* partOutputs */.OZ)(step) };
    return Object.fromEntries(WRITTEN.map((name) => [name, values[name] ?? '']));
}
/** The outputs every step writes, as its calls and tasks say them. */
function stepOutputs(step) {
    const failedCall = step.calls.find((c) => c.error instanceof envelope/* ApiError */.h);
    const apiError = failedCall?.error instanceof envelope/* ApiError */.h ? failedCall.error : undefined;
    const firstResult = step.calls.find((c) => c.result !== undefined)?.result;
    const statuses = Object.fromEntries(step.tasks.map((t) => [t.id, t.status ?? null]));
    const known = [...new Set(step.tasks.map((t) => t.status))];
    const urls = step.tasks.flatMap((t) => t.urls);
    return {
        code: apiError?.code ?? firstResult?.code ?? '',
        msg: apiError?.description ?? firstResult?.msg ?? '',
        // The platform's answer echoes each service's environment: its values redacted, as every secret field's.
        // A bulk step's is in its file (step.answers), which the host copies.
        data: step.answers === undefined ? oneOrList(finalAnswers(step).map((answer) => answer.data)) : '',
        task_id: step.tasks[0]?.id ?? '',
        task_ids: JSON.stringify(step.tasks.map((t) => t.id)),
        status: known.length === 1 ? (known[0] ?? '') : known.length > 1 ? 'mixed' : '',
        statuses: JSON.stringify(statuses),
        url: urls[0] ?? '',
        urls: JSON.stringify(urls),
        elapsed_seconds: String(Math.round(step.elapsedMs / 1000)),
        timed_out: String(step.timedOut),
        capped: String([...step.tasks, ...step.replaced].some((task) => task.verdict === 'capped')),
        healthy: healthOf(step.tasks),
        count: String(listedCount(step) ??
            step.tasks.filter((task) => task.verdict === 'done' || task.verdict === 'reached').length),
        cost: costOf(step),
        billing_value: billingOf(step.tasks),
        replaced_task_ids: JSON.stringify(step.replaced
            .filter((task) => task.verdict === 'reached' || task.verdict === 'done')
            .map((task) => task.id))
    };
}
/**
 * How many rows a listing read (an operation of LISTING_OPERATIONS): the rows its table shows and its JSON
 * holds (see listRowsOf), over every answer it read. Undefined for an operation that lists nothing.
 * (volume_list's and transfer_list's are their parts'.)
 */
function listedCount(step) {
    if ((0,calls/* listRowsOf */.tc)(step.operation, undefined) === undefined)
        return undefined;
    return step.calls.reduce((sum, call) => sum + ((0,calls/* listRowsOf */.tc)(step.operation, call.result?.data)?.rows.length ?? 0), 0);
}
/**
 * The cost in yuan: of one task, the decimal; of several, a JSON object of task id to cost, a number
 * (null where a task's detail was not read); of billing records, their total, or per task when they are by
 * task; empty when nothing said. Every figure the exact decimal text.
 */
function costOf(step) {
    if (step.tasks.some((task) => (0,report_text/* taskCost */.LL)(task) !== undefined)) {
        if (step.tasks.length === 1)
            return (0,report_text/* taskCost */.LL)(step.tasks[0]) ?? '';
        return costsJson(step.tasks.map((task) => [task.id, (0,report_text/* taskCost */.LL)(task)]));
    }
    if (step.bills.length === 0)
        return '';
    const byTask = step.bills.every((bill) => bill.taskId !== undefined);
    if (!byTask)
        return (0,money/* yuanOf */.xU)((0,money/* sumPoints */.RN)(step.bills.map((bill) => bill.billed)) ?? '') ?? '';
    const ids = [...new Set(step.bills.map((bill) => bill.taskId))];
    const billed = (id) => (0,money/* yuanOf */.xU)((0,money/* sumPoints */.RN)(step.bills.filter((bill) => bill.taskId === id).map((bill) => bill.billed)) ?? '') ?? '';
    return costsJson(ids.map((id) => [id, billed(id)]));
}
/**
 * Task id to cost in yuan as a JSON object whose values are numbers, each the exact decimal text (no
 * double between: "6.710950" is written as it is), null where a task's cost is not known.
 */
function costsJson(costs) {
    const entries = costs.map(([id, yuan]) => `${JSON.stringify(id)}:${yuan === undefined || yuan === '' ? 'null' : yuan}`);
    return `{${entries.join(',')}}`;
}
/**
 * What the log says of money, to the fen (the cost output keeps the exact figure): each task's cost so
 * far and how much of it is billed, or the billing records' totals.
 */
function costLines(step) {
    const tasks = [...step.tasks, ...step.replaced].flatMap((task) => {
        const cost = (0,report_text/* taskCost */.LL)(task);
        return cost === undefined ? [] : [`task ${task.id}: cost so far ${readable(cost)}${billedPart(task)}`];
    });
    if (step.bills.length === 0)
        return tasks;
    const sum = (amounts) => readable((0,money/* yuanOf */.xU)((0,money/* sumPoints */.RN)(amounts) ?? '') ?? '');
    return [
        ...tasks,
        `${step.bills.length} billing records: total billed ${sum(step.bills.map((b) => b.billed))} (billing_coin; the cost output has the exact figure), discount deducted ${sum(step.bills.map((b) => b.discount))} (discount_coin)`
    ];
}
const readable = (yuan) => (0,money/* readableYuan */.o$)(yuan) ?? '? yuan';
/** " (all billed)", " (not billed yet)" or " (0.30 yuan billed, the rest not billed yet)". */
function billedPart(task) {
    const used = (points) => points !== undefined && ((0,money/* sumPoints */.RN)([points]) ?? '0').replace(/[-0.]/g, '') !== '';
    const billed = used(task.billingValue);
    const unbilled = used(task.forecastValue);
    if (!billed && !unbilled)
        return '';
    if (!unbilled)
        return ' (all billed)';
    if (!billed)
        return ' (not billed yet)';
    return ` (${readable((0,money/* yuanOf */.xU)(task.billingValue ?? '0') ?? '')} billed, the rest not billed yet)`;
}
/**
 * The platform's billing_value of each task as its details said, in points: the number for one task, a
 * JSON array for several (null where a task's was not read), empty when no detail was read.
 */
function billingOf(tasks) {
    if (!tasks.some((task) => task.billingValue !== undefined))
        return '';
    if (tasks.length === 1)
        return tasks[0]?.billingValue ?? '';
    return `[${tasks.map((task) => task.billingValue ?? 'null').join(',')}]`;
}
/** true when every task checked is healthy, false when one is not, empty when no check was made. */
function healthOf(tasks) {
    const checked = tasks.filter((task) => task.healthy !== undefined);
    return checked.length === 0 ? '' : String(checked.every((task) => task.healthy === true));
}
/** The full last answer(s), for response_file: one answer as received, or a JSON array of them. */
function responseFileText(step) {
    return oneOrList(finalAnswers(step).map((answer) => answer.response));
}
/** One JSON text as it is, or several as a JSON array of them; null for none. */
function oneOrList(texts) {
    return texts.length === 1 ? (texts[0] ?? 'null') : `[${texts.join(',')}]`;
}
/**
 * The last answer for each call, as the outputs keep it: its task's last data (the last detail when the
 * step waited for it), else the call's own answer, whose texts were made as it came; null data for a call
 * that failed.
 */
function finalAnswers(step) {
    const tasks = new Map();
    for (const task of step.tasks)
        if (!tasks.has(task.id))
            tasks.set(task.id, task);
    return step.calls.map((c) => {
        const task = c.taskId === undefined ? undefined : tasks.get(c.taskId);
        const data = task?.data ?? c.result?.data;
        const raw = task?.raw ?? c.raw;
        const { texts } = c;
        return texts !== undefined && data === c.result?.data && raw === c.raw ? texts : (0,answer_texts/* answerTexts */.l)(data, raw);
    });
}
/** Whether the step passed; when it failed, why, in one line. */
function verdictOf(step) {
    const failedWith = (why) => ({ passed: false, why });
    const operation = step.operation;
    const failedCalls = step.calls.filter((c) => c.error !== undefined && c.taskId === undefined);
    if (failedCalls.length > 0)
        return failedWith(`${operation} failed: ${failedCalls[0]?.error?.message ?? ''}`);
    const besides = (0,report_parts/* partFailure */.gg)(step);
    if (besides !== undefined)
        return failedWith(`${operation}: ${besides}`);
    const failed = [...step.tasks, ...step.replaced].filter((t) => t.verdict !== 'done' && t.verdict !== 'reached');
    if (failed.length === 0)
        return { passed: true };
    if (step.tasks.length === 1 && failed[0] !== undefined)
        return failedWith(`${operation}: ${describeFailure(failed[0])}`);
    const listed = failed.slice(0, 5).map((t) => `${t.id} (${t.message ?? t.verdict})`);
    const more = failed.length > 5 ? `, and ${failed.length - 5} more` : '';
    return failedWith(`${operation}: ${failed.length} of ${step.tasks.length} tasks failed: ${listed.join('; ')}${more}`);
}
function describeFailure(task) {
    const name = task.name === undefined ? '' : ` (${(0,safe_text/* sanitize */.aj)(task.name, 60)})`;
    switch (task.verdict) {
        case 'failed':
            return `task ${task.id}${name} ${task.message ?? 'failed'} after ${(0,units/* formatDuration */.a3)(task.elapsedMs)}`;
        case 'not_found':
            return task.message ?? `task ${task.id} not found`;
        case 'timed_out':
        case 'cancelled':
            return `task ${task.id}${name} ${task.message ?? task.verdict}`;
        default:
            return `task ${task.id}${name}: ${task.message ?? 'failed'}`;
    }
}

// EXTERNAL MODULE: ./action/runtime.ts + 1 modules
var action_runtime = __nccwpck_require__(7614);
// EXTERNAL MODULE: ./action/saved-cleanup.ts
var saved_cleanup = __nccwpck_require__(2457);
// EXTERNAL MODULE: ./action/summary.ts + 1 modules
var summary = __nccwpck_require__(481);
// EXTERNAL MODULE: ./action/step-files.ts
var step_files = __nccwpck_require__(3991);
// EXTERNAL MODULE: ./platform/version.ts
var version = __nccwpck_require__(8690);
;// CONCATENATED MODULE: ./action/pull-request-step.ts


/**
 * Whether a step that follows a pull request's event has anything to do, read before any input: a pull
 * request from a fork makes no preview (on pull_request its run has a read-only token and no secrets; on
 * pull_request_target it has both, which a fork's code must not get), so the step says why in one line
 * and succeeds, doing nothing; an action it has nothing to do for (labeled, edited) likewise. A
 * workflow on another event is refused. Every other step goes on.
 */
async function goesOn(host) {
    const operation = host.input('operation').trim();
    if (!operations/* ON_PULL_REQUEST_EVENT */.N3.has(operation))
        return true;
    const { workflowRun } = await Promise.all(/* import() */[__nccwpck_require__.e(280), __nccwpck_require__.e(359)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9721));
    const { event } = workflowRun(host.env);
    if ('none' in event) {
        if (event.misuse)
            throw new input_error/* InputError */.d(`operation ${operation}: ${event.none}`);
        host.info(`${operation}: ${event.none}: nothing to do`);
        return false;
    }
    if (event.fromFork) {
        // What is true of the run depends on the event: pull_request_target runs with the base repository's secrets.
        host.info(event.onTarget
            ? `${operation}: pull request #${event.number} comes from a fork: on pull_request_target the run has the repository's secrets and a token that can write, and a preview would run the fork's code with them, so none is made (nothing to do)`
            : `${operation}: pull request #${event.number} comes from a fork: its workflow gets a read-only token and no secrets, so no preview is made (nothing to do)`);
        return false;
    }
    return true;
}
/**
 * GitHub for the step's flows, opened (and its client loaded) only when a flow first asks: a step that
 * never does never compiles it. The token is github_token; GITHUB_API_URL is GitHub Enterprise Server's.
 */
function pullRequestsOpener(host, settings, cancel) {
    const token = settings.previews.githubToken;
    if (token === undefined)
        return undefined;
    const deadline = Date.now() + settings.wait.timeoutMs;
    let opened;
    return () => {
        opened ??= Promise.all(/* import() */[__nccwpck_require__.e(280), __nccwpck_require__.e(359)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9721)).then(({ openPullRequests, workflowRun }) => openPullRequests(workflowRun(host.env), {
            token,
            apiUrl: host.env('GITHUB_API_URL'),
            userAgent: `elastic-deploy-action/${version/* VERSION */.x}`,
            deadline,
            log: host.info,
            requests: {
                timeoutMs: settings.requestTimeoutMs,
                maxResponseBytes: settings.maxResponseBytes,
                cancel
            }
        }));
        return opened;
    };
}

// EXTERNAL MODULE: ./action/runner-step.ts
var runner_step = __nccwpck_require__(6024);
;// CONCATENATED MODULE: ./action/main-step.ts












/** The main step: make the calls, wait where asked, write outputs and summary, fail when it failed. */
async function runMain(given) {
    // The secrets masked are replaced in whatever is written besides the log: outputs, summary, files.
    const { host, redact } = (0,masker/* maskingHost */.nH)(given);
    // A cancelled job gets SIGINT, then SIGTERM: stop waiting, and still write what is known.
    const cancel = new AbortController();
    const stopListening = host.onCancel((signal) => {
        if (!cancel.signal.aborted)
            host.info(`received ${signal}: stopping, and writing the outputs known so far`);
        cancel.abort();
    });
    let operation = 'the action';
    try {
        // A capability's action (job/, data/...) runs its own operations only: refused before any other input is read.
        try {
            (0,deploy_settings/* checkActionCapability */.Rl)(host.input);
        }
        catch (error) {
            // Nothing was started: the post step, seeing the main step ran, finds nothing to finish.
            host.saveState({ isPost: 'true' });
            throw error;
        }
        if (!(await goesOn(host)))
            return;
        host.saveState({ isPost: 'true' });
        const settings = await (0,action_runtime/* settingsFrom */.ms)(host);
        operation = settings.operation;
        await runPlanned(host, settings, { cancel: cancel.signal, redact });
    }
    catch (error) {
        if (error instanceof input_error/* InputError */.d)
            host.setFailed(error.message, 'input');
        else
            host.setFailed(`${operation} failed unexpectedly: ${String(error)}`, 'failed');
    }
    finally {
        stopListening();
    }
}
/**
 * Plans the step (every input checked before anything is sent), leaves its cleanup for the post step,
 * runs it (or its dry run) with one deploy context, and reports it.
 */
async function runPlanned(host, settings, how) {
    const planned = await planStep(settings);
    // Where the step's files go must take them: found now, not once the task was made and waited on.
    (0,step_files/* checkFilesDirectory */.pW)(host);
    forManyRequests(planned.plan.calls.length);
    const cleanup = (0,cleanup_state/* cleanupRecorder */.bT)(planned.cleanup, (state) => {
        (0,saved_cleanup/* saveCleanup */.M)(host, state);
    });
    host.info(`api profile: ${settings.apiProfile} (${settings.apiProfileReason})`);
    const pullRequests = pullRequestsOpener(host, settings, how.cancel);
    const runnerHost = (0,runner_step/* runnersOpener */.l)(host, settings, how.cancel);
    const runtime = (0,step_runtime/* stepRuntime */.r)(settings, {
        ...(0,action_runtime/* hostHooks */.b7)(host, how.cancel, how.redact),
        ...(pullRequests === undefined ? {} : { pullRequests }),
        ...(runnerHost === undefined ? {} : { runnerHost })
    });
    try {
        const ctx = (0,context/* deployContext */.H3)(settings, runtime, { budgetMs: settings.wait.timeoutMs, cleanup });
        const step = await runStep(planned, ctx, { dryRun: settings.dryRun });
        if (step !== undefined)
            report(host, step, { settings, redact: how.redact });
    }
    finally {
        runtime.dispose();
    }
}
/**
 * What the workflow sees of a step: outputs, the response file, the nodes' diagnostics (or, for the logs
 * and events operations, the nodes they read: printed, and the response file), the job summary, and the
 * failure.
 */
function report(host, step, how) {
    const { settings, redact } = how;
    const follow = step.nodeReads;
    costLines(step).forEach(host.info);
    const nodes = step.tasks.flatMap((task) => (task.diagnostics === undefined ? [] : [task.diagnostics]));
    for (const read of nodes) {
        const { title, lines } = diagnosticsLog(read, redact, follow);
        if (follow === undefined)
            host.startGroup(title);
        else
            host.info(title);
        lines.forEach(host.info);
        if (follow === undefined)
            host.endGroup();
    }
    const { restore } = (0,step_result/* reportOf */.EI)(step, 'change') ?? {};
    const diagnosed = follow === undefined ? nodes : [];
    // A bulk step wrote its answers as they came: its data output and response file are those files.
    const { answers } = step;
    const { data, ...outputs } = outputsOf(step);
    host.setOutputs({
        ...outputs,
        ...(answers === undefined ? { data } : {}),
        response_file: answers?.response ??
            (0,step_files/* writeTempFile */.c7)(host, settings.operation, follow === undefined ? responseFileText(step) : diagnosticsJson(nodes, redact), redact),
        restore_file: restore === undefined
            ? ''
            : (0,step_files/* notRolledBack */.vG)(host, restore, 'the rollback did not complete; its file is the restore_file output', redact),
        diagnostics_file: diagnosed.length === 0
            ? ''
            : (0,step_files/* writeTempFile */.c7)(host, 'diagnostics', diagnosticsJson(diagnosed, redact), redact)
    }, answers === undefined ? undefined : { data: answers.data });
    const verdict = verdictOf(step);
    if (settings.summary)
        (0,step_files/* writeSummary */.Sy)(host, () => `${(0,summary/* renderSummary */.Br)(step, verdict)}${diagnosticsSummary(diagnosed, redact)}`);
    const capped = [...step.tasks, ...step.replaced].some((task) => task.verdict === 'capped');
    if (!verdict.passed)
        host.setFailed(verdict.why, capped ? 'capped' : step.timedOut ? 'timed_out' : 'failed');
}


/***/ }),

/***/ 180:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   KB: () => (/* binding */ masker),
/* harmony export */   nH: () => (/* binding */ maskingHost)
/* harmony export */ });
/* unused harmony export redactor */
/* harmony import */ var _basics_markdown_text_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5621);

/** Secrets shorter than this are not replaced: masking "true" or "1" would hide those words everywhere. */
const SHORTEST = 4;
/**
 * The one masker of a step, and of the CLI's log: the secrets it is told of (the token, every form and
 * line of the key, the passphrase, the body's credential values: what the log masks), and each line of
 * one that spans lines, as a runner masks them, replaced by *** in a text, the longest first. It holds
 * the secrets it is told of later too.
 */
function masker(secrets = []) {
    const known = new Set();
    let longestFirst = [];
    const add = (more) => {
        for (const secret of more)
            for (const part of [secret, ...secret.split(/\r?\n/).map((line) => line.trim())])
                if (part.length >= SHORTEST) {
                    known.add(part);
                    // As the summary writes server text (abc&#46;def): a page renders it, and the CLI's summary file
                    // reads it back to plain text, after this masker.
                    known.add((0,_basics_markdown_text_js__WEBPACK_IMPORTED_MODULE_0__/* .escape */ .i)(part));
                }
        longestFirst = [...known].sort((a, b) => b.length - a.length);
    };
    add(secrets);
    return {
        add,
        redact: (text) => longestFirst.reduce((out, secret) => (out.includes(secret) ? out.split(secret).join('***') : out), text)
    };
}
/** A masker that knows `secrets` only: for a text to print once. */
function redactor(secrets) {
    return masker(secrets).redact;
}
/**
 * The host a step runs on, with every secret it masks also replaced in what it writes besides the log:
 * its outputs and its job summary. The files a step writes go through the same masker (`redact`): the
 * response file, the diagnostics, a restore file, a job's log. The log itself is the host's to mask (the
 * runner's ::add-mask::, the CLI's own masking).
 */
function maskingHost(given) {
    const { add, redact } = masker();
    const host = {
        ...given,
        setSecrets: (secrets) => {
            add(secrets);
            given.setSecrets(secrets);
        },
        setOutputs: (outputs, files) => {
            given.setOutputs(Object.fromEntries(Object.entries(outputs).map(([name, value]) => [name, redact(value)])), files);
        },
        ...(given.appendSummary === undefined
            ? {}
            : { appendSummary: (markdown) => given.appendSummary?.(redact(markdown)) })
    };
    return { host, redact };
}


/***/ }),

/***/ 6024:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   l: () => (/* binding */ runnersOpener)
/* harmony export */ });
/* harmony import */ var _deploy_door_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8690);

/**
 * GitHub's self-hosted runners for a runner step, opened (and GitHub's client loaded) only when the step
 * first asks: the token is github_token, GITHUB_API_URL GitHub Enterprise Server's; the workflow run and
 * its event come from the runner's variables (the CLI's: the environment it is given). Each runner's
 * configuration is masked before anything else is done with it.
 */
function runnersOpener(host, settings, cancel) {
    const token = settings.previews.githubToken;
    if (token === undefined)
        return undefined;
    const deadline = Date.now() + settings.wait.timeoutMs;
    return async (scope) => {
        const { openRunnerHost, runnerRunOf } = await Promise.all(/* import() */[__nccwpck_require__.e(280), __nccwpck_require__.e(860)]).then(__nccwpck_require__.bind(__nccwpck_require__, 5877));
        return openRunnerHost(runnerRunOf(host.env), scope, {
            token,
            apiUrl: host.env('GITHUB_API_URL'),
            userAgent: `elastic-deploy-action/${_deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .VERSION */ .x}`,
            deadline,
            log: host.info,
            mask: (secrets) => {
                host.setSecrets(secrets);
            },
            requests: {
                timeoutMs: settings.requestTimeoutMs,
                maxResponseBytes: settings.maxResponseBytes,
                cancel
            }
        });
    };
}


/***/ }),

/***/ 7614:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  Ks: () => (/* binding */ REQUEST_CONTENT_INPUTS),
  b7: () => (/* binding */ hostHooks),
  Zq: () => (/* binding */ settingsForCleanup),
  ms: () => (/* binding */ settingsFrom)
});

// EXTERNAL MODULE: ./deploy/yaml.ts
var yaml = __nccwpck_require__(5535);
// EXTERNAL MODULE: ./deploy/settings.ts + 2 modules
var settings = __nccwpck_require__(1860);
// EXTERNAL MODULE: ./deploy/engine/inputs/index.ts + 12 modules
var inputs = __nccwpck_require__(4448);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __nccwpck_require__(3024);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __nccwpck_require__(6760);
// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __nccwpck_require__(629);
// EXTERNAL MODULE: ./basics/units.ts
var units = __nccwpck_require__(2589);
// EXTERNAL MODULE: ./host/private-file.ts
var private_file = __nccwpck_require__(4463);
;// CONCATENATED MODULE: ./action/workspace-file.ts





/**
 * Reads a file an input names (body_file), only where a workflow's own files are: a regular file inside
 * one of `roots` (the workspace, the runner's temp folder), symbolic links resolved first, at most
 * `maxBytes`. Anything else is refused, naming the input: a runner's ~/.docker/config.json must never
 * end up in a request or a dry run, and /dev/zero or a named pipe would hang the step. With
 * `roots.anywhere` (the command line, whose user names their own files), a regular file anywhere, its
 * path from the workspace (the working directory).
 */
function readWorkspaceFile(input, path, roots, maxBytes) {
    const fix = roots.anywhere === true
        ? `name a regular file (a path from ${roots.workspace}, or an absolute one)`
        : `put the file in the workspace (${roots.workspace}) and give its path from there`;
    let real;
    try {
        real = (0,external_node_fs_.realpathSync)((0,external_node_path_.resolve)(roots.workspace, path));
    }
    catch (error) {
        throw new input_error/* InputError */.d(`${input} ${(0,input_error/* quote */.h)(path)} cannot be read (${errorCode(error)}): ${fix}`);
    }
    const inside = roots.anywhere === true || [roots.workspace, ...roots.others].some((root) => isWithin(real, root));
    if (!inside)
        throw new input_error/* InputError */.d(`${input} ${(0,input_error/* quote */.h)(path)} is outside the workspace: ${fix}`);
    if (!(0,external_node_fs_.statSync)(real).isFile())
        throw new input_error/* InputError */.d(`${input} ${(0,input_error/* quote */.h)(path)} is not a regular file: ${fix}`);
    // Read as every bounded read is: without blocking (should the path have become a pipe since the check),
    // a regular file, its size checked before a byte is read.
    try {
        return (0,private_file/* readRegularFile */.XF)(real, maxBytes);
    }
    catch (error) {
        if (!(error instanceof private_file/* FileReadError */.tJ))
            throw error;
        throw new input_error/* InputError */.d(error.code === 'EFBIG'
            ? `${input} ${(0,input_error/* quote */.h)(path)} is ${(0,units/* formatSize */.Xq)(error.size ?? 0)}, over the ${(0,units/* formatSize */.Xq)(maxBytes)} a body file may hold: send less`
            : `${input} ${(0,input_error/* quote */.h)(path)} is not a regular file: ${fix}`);
    }
}
function isWithin(path, root) {
    let realRoot;
    try {
        realRoot = (0,external_node_fs_.realpathSync)(root);
    }
    catch {
        return false;
    }
    const rel = (0,external_node_path_.relative)(realRoot, path);
    return rel !== '' && !rel.startsWith(`..${external_node_path_.sep}`) && rel !== '..' && !(0,external_node_path_.isAbsolute)(rel);
}
function errorCode(error) {
    return error.code ?? String(error);
}

// EXTERNAL MODULE: external "node:os"
var external_node_os_ = __nccwpck_require__(8161);
;// CONCATENATED MODULE: ./action/runtime.ts




/** A body file larger than this is refused (the largest body the platform is known to take is a few MiB, encrypted). */
const MAX_BODY_FILE_BYTES = 1024 * 1024;
/**
 * The inputs as the host gives them, with the DEPLOY_API_* variables as fallbacks. The YAML parser is
 * loaded first when an input may hold YAML.
 */
async function settingsFrom(host) {
    if ((0,yaml/* yamlNeeded */.ZN)(host.input))
        await (0,yaml/* loadYaml */.yv)();
    const runnerTemp = host.env('RUNNER_TEMP');
    return (0,settings/* readSettings */.sb)(host.input, host.setSecrets, host.env, (path) => readWorkspaceFile('body_file', path, {
        workspace: host.env('GITHUB_WORKSPACE') ?? process.cwd(),
        others: runnerTemp === undefined ? [] : [runnerTemp],
        anywhere: host.readsAnyFile === true
    }, MAX_BODY_FILE_BYTES));
}
/**
 * The inputs that make the body and the query of the operation's own request, which no cleanup sends.
 * They may hold credentials (a registry's password, a storage key), so the CLI's state file keeps none.
 */
const REQUEST_CONTENT_INPUTS = new Set(inputs/* INPUTS */.mc.filter((declared) => 'requestContent' in declared).map((declared) => declared.name));
/**
 * The inputs as a cleanup reads them: the step's, without the body and the query. Stopping or pausing a
 * task sends neither, and a body_file the job has deleted or rewritten since the main step must not keep
 * a task that step created running (the post step would fail reading it, and stop nothing).
 */
function settingsForCleanup(host) {
    return settingsFrom({
        ...host,
        input: (name) => (REQUEST_CONTENT_INPUTS.has(name) ? '' : host.input(name))
    });
}
/**
 * What a step's runtime takes of the host: its log, the job's cancellation, where its own files go (a
 * job's log), every line masked as the log is (`redact`), and where the secrets it learns from the
 * platform's answers go (masked from then on, in the log and through `redact`).
 */
function hostHooks(host, cancel, redact) {
    const files = (0,private_file/* appendFiles */.Yl)(() => host.env('RUNNER_TEMP') ?? (0,external_node_os_.tmpdir)(), host.ownFilesDir);
    const masked = new Set();
    return {
        // Each secret once: the runner writes an ::add-mask:: line for each, and a wait reads one detail often.
        mask: (secrets) => {
            const fresh = [...new Set(secrets)].filter((secret) => !masked.has(secret));
            fresh.forEach((secret) => masked.add(secret));
            if (fresh.length > 0)
                host.setSecrets(fresh);
        },
        log: host.info,
        warn: host.warning,
        ...(host.debug === undefined ? {} : { debug: host.debug }),
        cancel,
        ...(host.progress === undefined ? {} : { progress: host.progress }),
        // RUNNER_TEMP: the job's own (the CLI's: its run directory), as the response file.
        openFile: (name) => {
            const file = files(name);
            return {
                path: file.path,
                append: (text) => {
                    file.append(redact(text));
                },
                close: file.close
            };
        }
    };
}


/***/ }),

/***/ 2457:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   M: () => (/* binding */ saveCleanup),
/* harmony export */   W: () => (/* binding */ savedCleanup)
/* harmony export */ });
/* harmony import */ var _deploy_door_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(6289);
/* harmony import */ var _host_private_file_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(4463);


/** The saved state's key of the cleanup action; each kind of leftover has its own (see LEFTOVER_KINDS). */
const ACTION_KEY = 'cleanup';
/** The largest configuration file the post step reads back: a create's body is 1 MiB at most. */
const MAX_CONFIGURATION_BYTES = 8 * 1024 * 1024;
/** Where a host's large leftovers go: its stash (private files), read back whole up to a bound. */
function stashOf(host) {
    return {
        ...(host.stash === undefined ? {} : { put: host.stash }),
        read: (file) => (0,_host_private_file_js__WEBPACK_IMPORTED_MODULE_0__/* .readPrivateFile */ .q1)(file, MAX_CONFIGURATION_BYTES)
    };
}
/**
 * What the main step leaves for the post step (see CleanupState), in the runner's saved state: one value
 * per kind of leftover, each saved again whenever the step changes it, so a job cancelled at any moment
 * leaves the latest.
 */
function saveCleanup(host, state) {
    const stash = stashOf(host);
    const values = { [ACTION_KEY]: state.action ?? 'none' };
    for (const kind of _deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .LEFTOVER_ORDER */ .P$)
        values[_deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .LEFTOVER_KINDS */ .aj[kind].key] = encode(kind, state, stash);
    host.saveState(values);
}
/** What the main step left, as saved; what was never saved reads as nothing to do. */
function savedCleanup(host) {
    const stash = stashOf({});
    const state = { action: (0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .cleanupActionOf */ .S4)(host.state(ACTION_KEY)) };
    for (const kind of _deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .LEFTOVER_ORDER */ .P$)
        state[kind] = _deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .LEFTOVER_KINDS */ .aj[kind].decode(host.state(_deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .LEFTOVER_KINDS */ .aj[kind].key), stash);
    return state;
}
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- K ties the kind's spec to its value (a correlated union)
function encode(kind, state, stash) {
    return _deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .LEFTOVER_KINDS */ .aj[kind].encode(state[kind], stash);
}


/***/ }),

/***/ 5210:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   D: () => (/* binding */ onStopSignals),
/* harmony export */   l: () => (/* binding */ onParentGone)
/* harmony export */ });
/**
 * Calls `listener` when the process is asked to stop (SIGINT, then SIGTERM, as a cancelled job or a
 * pipeline's timeout sends them); the returned function stops listening.
 */
function onStopSignals(listener) {
    process.on('SIGINT', listener);
    process.on('SIGTERM', listener);
    return () => {
        process.off('SIGINT', listener);
        process.off('SIGTERM', listener);
    };
}
/** How often a CLI run checks that the process that started it is still there. */
const PARENT_CHECK_MS = 500;
/**
 * Calls `listener` once, with "the loss of its parent process", when the process that started this one ends first (its
 * parent id changes: the process was handed to another). A run started through npx or `npm exec` is not
 * told of a SIGTERM sent to npm, which ends without passing it on: losing its parent is how such a run
 * learns that it was cancelled. The check keeps no process alive; the returned function stops it.
 */
function onParentGone(listener, parent = () => process.ppid) {
    const first = parent();
    const timer = setInterval(() => {
        if (parent() === first)
            return;
        clearInterval(timer);
        listener('the loss of its parent process');
    }, PARENT_CHECK_MS);
    timer.unref();
    return () => {
        clearInterval(timer);
    };
}


/***/ }),

/***/ 3991:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Sy: () => (/* binding */ writeSummary),
/* harmony export */   c7: () => (/* binding */ writeTempFile),
/* harmony export */   pW: () => (/* binding */ checkFilesDirectory),
/* harmony export */   vG: () => (/* binding */ notRolledBack)
/* harmony export */ });
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(8161);
/* harmony import */ var node_os__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_os__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_2___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_2__);
/* harmony import */ var _deploy_door_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(6539);
/* harmony import */ var _host_private_file_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(4463);
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(629);






// What a step writes besides its outputs and log, the main step's and the post step's alike: its files
// under RUNNER_TEMP (each readable by the job's user alone, every secret masked), the restore file of an
// update that could not be rolled back, and the job summary.
/**
 * An update that could not be rolled back: its configuration before the update (redacted) written to a
 * file, and an error annotation naming the task, why, and the file; answers the file's path.
 */
function notRolledBack(host, restore, why, redact) {
    const file = writeTempFile(host, `restore-${restore.taskId}`, (0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_3__/* .toCompactJson */ .ZJ)(restore.configuration), redact);
    host.error(`task ${restore.taskId} may still be on the configuration that failed: ${why}. Restore it by hand: its configuration before the update (secrets redacted) is in ${file}`, 'Update not rolled back');
    return file;
}
/**
 * Refuses, before anything is sent, a RUNNER_TEMP (the CLI's files directory) in which the step cannot make
 * its files: it writes them (the response_file, a job's log, the diagnostics) once the task was made and
 * waited on, too late to find out then.
 */
function checkFilesDirectory(host) {
    const dir = host.env('RUNNER_TEMP') ?? (0,node_os__WEBPACK_IMPORTED_MODULE_1__.tmpdir)();
    try {
        (0,_host_private_file_js__WEBPACK_IMPORTED_MODULE_4__/* .probeDirectory */ .w9)(dir);
    }
    catch (error) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_5__/* .InputError */ .d(`RUNNER_TEMP is ${JSON.stringify(dir)}, which cannot be written (${error.code ?? 'error'}), but the step writes its files there once the task is made (the response_file, a job's log, the diagnostics): nothing was sent; give the job a RUNNER_TEMP it can write (with elastic-deploy, --files-dir)`);
    }
}
/** A file of the step's own under RUNNER_TEMP, readable by the job's user alone, every secret masked. */
function writeTempFile(host, what, text, redact) {
    const dir = host.env('RUNNER_TEMP') ?? (0,node_os__WEBPACK_IMPORTED_MODULE_1__.tmpdir)();
    // The run's own directory (the command line's) takes a stable name; the runner's, shared, a unique one.
    if (host.ownFilesDir !== undefined)
        return (0,_host_private_file_js__WEBPACK_IMPORTED_MODULE_4__/* .privateFiles */ .vs)(() => dir, host.ownFilesDir)(`${what}.json`, redact(text));
    const path = (0,node_path__WEBPACK_IMPORTED_MODULE_2__.join)(dir, `elastic-deploy-${what}-${(0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.randomUUID)()}.json`);
    (0,_host_private_file_js__WEBPACK_IMPORTED_MODULE_4__/* .createPrivateFile */ .aP)(path, redact(text));
    return path;
}
/**
 * Renders the summary and appends it, where the host shows one. A summary that cannot be written is worth a
 * warning, never a failed step.
 */
function writeSummary(host, render) {
    if (host.appendSummary === undefined)
        return;
    try {
        host.appendSummary(render());
    }
    catch (error) {
        host.warning(`could not write the job summary: ${error instanceof Error ? error.message : String(error)}`);
    }
}


/***/ }),

/***/ 481:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  OF: () => (/* binding */ fenced),
  Br: () => (/* binding */ renderSummary)
});

// UNUSED EXPORTS: escape

// EXTERNAL MODULE: ./basics/markdown-text.ts
var markdown_text = __nccwpck_require__(5621);
// EXTERNAL MODULE: ./basics/units.ts
var units = __nccwpck_require__(2589);
// EXTERNAL MODULE: ./deploy/report-parts.ts + 11 modules
var report_parts = __nccwpck_require__(5165);
// EXTERNAL MODULE: ./deploy/engine/report/report-text.ts
var report_text = __nccwpck_require__(566);
// EXTERNAL MODULE: ./platform/money.ts
var platform_money = __nccwpck_require__(5786);
// EXTERNAL MODULE: ./basics/mermaid.ts
var mermaid = __nccwpck_require__(9073);
;// CONCATENATED MODULE: ./action/summary-timeline.ts




/** Phases drawn at the most (and rows of the table beside them). */
const MOST_PHASES = 120;
/** Values the cost line has at the most: the reads are resampled onto a grid this fine. */
const MOST_POINTS = 30;
/** "task 7 web": a task as the diagrams name it (made diagram text by the builder). */
const sectionOf = (task) => `task ${task.id}${task.name === undefined ? '' : ` ${task.name}`}`;
/** When the step last knew of the task: its wait's end, its last status, its last read. */
function endOf(task) {
    return Math.max(task.elapsedMs, task.timeline.at(-1)?.atMs ?? 0, task.samples.at(-1)?.atMs ?? 0);
}
/** The spans of a list of moments: each from its moment to the next one's, the last to `end`. */
function spans(marks, end) {
    return marks.map((mark, i) => ({ ...mark, toMs: Math.max(mark.atMs, marks[i + 1]?.atMs ?? end) }));
}
/** Each phase the step saw a task go through: its statuses, a Spot job's queue, a job's pods, its health check. */
function taskPhases(task) {
    const section = sectionOf(task);
    const end = endOf(task);
    const phase = (what, fromMs, toMs) => ({ section, what, fromMs, toMs });
    const statuses = spans(task.timeline, end).map((s) => phase(s.status, s.atMs, s.toMs));
    // A run of reads that said Queued, to the first that did not.
    const queueMarks = task.samples.filter((s, i) => (s.queued ?? false) !== (task.samples[i - 1]?.queued ?? false));
    const queued = spans(queueMarks, end)
        .filter((s) => s.queued === true)
        .map((s) => phase('queued (Spot)', s.atMs, s.toMs));
    const podMarks = task.samples.filter((s, i) => s.pods !== undefined && s.pods !== task.samples[i - 1]?.pods);
    const pods = spans(podMarks, end).map((s) => phase(`pods ${s.pods ?? ''}`, s.atMs, s.toMs));
    const health = task.healthCheck === undefined
        ? []
        : [
            phase(`health check${task.healthy === false ? ' (failed)' : ''}`, task.healthCheck.fromMs, task.healthCheck.toMs)
        ];
    return [...queued, ...statuses, ...pods, ...health];
}
/** The step's phases: its copies, a Spot job's queue, then each task's (those it waited on, then those it replaced). */
function stepPhases(step) {
    const { queue } = step;
    const queued = queue === undefined
        ? []
        : [
            {
                section: sectionOf({
                    id: queue.taskId,
                    name: step.tasks.find((task) => task.id === queue.taskId)?.name
                }),
                what: queue.fellBack ? 'queued (Spot), then stopped for on demand' : 'queued (Spot)',
                fromMs: queue.fromMs,
                toMs: queue.toMs
            }
        ];
    const copies = (step.copies ?? []).map((copy) => ({
        section: 'copies',
        what: `${copy.way === 'in' ? 'data copied in' : 'results copied back'}${copy.copied ? '' : ' (failed)'}`,
        fromMs: copy.fromMs,
        toMs: copy.toMs
    }));
    return [...copies, ...queued, ...[...step.tasks, ...step.replaced].flatMap(taskPhases)];
}
/**
 * "Where the time went": a gantt of the step's phases on the clock of the step's start, and the same as a
 * table (each phase's start and end counted from the step's start, and how long it took).
 */
function timelineSection(step) {
    const all = stepPhases(step);
    if (all.length === 0)
        return [];
    // A bounded summary: a wait of many tasks, or of a job whose pods moved often, draws its first phases.
    const phases = all.slice(0, MOST_PHASES);
    const left = all.length - phases.length;
    const start = step.startedAt ?? 0;
    const bars = phases.map((p) => ({
        section: p.section,
        text: p.what,
        fromMs: start + p.fromMs,
        toMs: start + p.toMs
    }));
    return [
        '',
        '#### Where the time went',
        ...(0,mermaid/* mermaidBlock */.tW)((0,mermaid/* ganttDiagram */.Kd)('Phases of the step, as it saw them', bars)),
        '| Task | Phase | From | To | Took |',
        '|---|---|---|---|---|',
        ...phases.map((p) => `| ${(0,markdown_text/* escape */.i)(p.section)} | ${(0,markdown_text/* escape */.i)(p.what)} | ${(0,units/* formatDuration */.a3)(p.fromMs)} | ${(0,units/* formatDuration */.a3)(p.toMs)} | ${(0,units/* formatDuration */.a3)(p.toMs - p.fromMs)} |`),
        ...(left === 0
            ? []
            : ['', `${left} more phases, not drawn: the status timeline above lists every status.`]),
        '',
        "<sub>From and To count from the step's start; a task's phase begins when a read of it first showed it (the wait reads every poll_interval).</sub>"
    ];
}
/** A task's reads of its cost, in yuan, each at its moment (ms since the step started). */
function costReads(task) {
    return task.samples.flatMap((s) => {
        const yuan = s.points === undefined ? undefined : (0,platform_money/* yuanOf */.xU)(s.points);
        return yuan === undefined ? [] : [{ atMs: s.atMs, yuan: Number(yuan) }];
    });
}
/**
 * What the tasks had cost together at each of `count` moments evenly from `from` to `to`: each task at its
 * last read at or before the moment (nothing before its first read).
 */
function costGrid(reads, from, to, count) {
    return Array.from({ length: count }, (_, i) => {
        const atMs = count === 1 ? to : from + ((to - from) * i) / (count - 1);
        const yuan = reads.reduce((sum, task) => sum + (task.filter((r) => r.atMs <= atMs).at(-1)?.yuan ?? 0), 0);
        return { atMs, yuan };
    });
}
/**
 * "What it cost over time": a line of what the tasks the step waited on had cost together, read at each
 * poll, from the first read to the last (when the step read it at two moments at least), and a short table
 * of the same. For a preview, its title says it is this push's preview, as the step watched it.
 */
function costSection(step) {
    const read = step.tasks.filter((task) => costReads(task).length > 0);
    const reads = read.map(costReads);
    const moments = [...new Set(reads.flat().map((r) => r.atMs))].sort((a, b) => a - b);
    // A read like the one before is not kept: the cost stood until the step last knew of the task.
    const [from, to] = [moments[0], Math.max(...moments, ...read.map(endOf))];
    if (from === undefined || to <= from)
        return [];
    const grid = costGrid(reads, from, to, Math.min(MOST_POINTS, Math.max(2, moments.length)));
    const what = (0,report_parts/* partCostTitle */.fV)(step) ??
        `What the ${reads.length === 1 ? 'task' : `${reads.length} tasks`} cost while the step waited`;
    const minutes = (ms) => ms / 60_000;
    const shown = grid.filter((_, i) => i % Math.ceil(grid.length / 6) === 0 || i === grid.length - 1);
    return [
        '',
        '#### What it cost over time',
        ...(0,mermaid/* mermaidBlock */.tW)((0,mermaid/* lineDiagram */.Ix)({
            title: `${what} (yuan)`,
            xTitle: 'minutes since the step started',
            xFrom: minutes(from),
            xTo: minutes(to),
            yTitle: 'yuan',
            values: grid.map((g) => g.yuan)
        })),
        '| After | Cost |',
        '|---|---|',
        ...shown.map((g) => `| ${(0,units/* formatDuration */.a3)(g.atMs)} | ${(0,markdown_text/* escape */.i)((0,platform_money/* readableYuan */.o$)(g.yuan.toFixed(6)) ?? '?')} |`),
        '',
        `<sub>${(0,markdown_text/* escape */.i)(what)}: billing_value plus forecast_value, as each read of the detail said (a task counts from its first read).</sub>`
    ];
}

;// CONCATENATED MODULE: ./action/summary.ts




/** The wait reached its target: said as the target, so a stop's summary never reads "ready". */
const REACHED = {
    ready: '\u2705 ready',
    paused: '\u2705 paused',
    ended: '\u2705 stopped',
    finished: '\u2705 complete'
};
const OUTCOME = {
    done: 'done',
    failed: '\u274c failed',
    timed_out: '\u23f1\ufe0f timed out',
    cancelled: '\u23f9\ufe0f cancelled',
    error: '\u274c error',
    not_found: '\u274c not found'
};
/**
 * The job summary: a table per task (id, name, status, URL, elapsed, cost), the replaced tasks, the
 * status timeline, and the billing records or resource offers a step read; what each report part adds
 * (the report parts, gathered in deploy/report-parts.ts: a placement, a change, a job, a preview above the tasks, the cap under them, a volume or
 * a transfer in their place) where the part puts it, in the parts' order. Every value from the server is
 * escaped as text, so a task name or message cannot add a link, an image, emphasis or HTML to the
 * summary; the one link, a task's URL, is a validated http(s) URL. Money is shown in yuan.
 */
function renderSummary(step, verdict) {
    const lines = [`### Elastic deploy: ${step.operation} ${verdict.passed ? 'succeeded' : 'failed'}`, ''];
    if (!verdict.passed)
        lines.push(`> ${(0,markdown_text/* escape */.i)(verdict.why)}`, '');
    lines.push(...report_parts/* REPORT_PARTS */.IS.flatMap((part) => part.lead(step)));
    if (step.tasks.length > 0) {
        lines.push(...taskTable(step), ...replacedTable(step));
        lines.push(...report_parts/* REPORT_PARTS */.IS.flatMap((part) => part.withTasks(step)));
        lines.push(...costNote([...step.tasks, ...step.replaced]));
        lines.push(...timeline(step), ...timelineSection(step), ...costSection(step));
    }
    else {
        lines.push(...withoutTasks(step));
    }
    return `${lines.join('\n')}\n`;
}
/**
 * What a step with no tasks shows: the billing records or the resource offers it read, else what a part
 * shows in place of the tasks (the first that shows anything), else its answer's code.
 */
function withoutTasks(step) {
    if (step.bills.length > 0)
        return billsTable(step.bills);
    if (step.offers.length > 0)
        return offersTable(step.offers);
    for (const part of report_parts/* REPORT_PARTS */.IS) {
        const lines = part.alone(step);
        if (lines.length > 0)
            return lines;
    }
    const [call] = step.calls;
    // A failed call is quoted above; a success envelope whose data says it failed is not a success.
    if (call?.result === undefined || call.error !== undefined)
        return [];
    return [`code ${(0,markdown_text/* escape */.i)(call.result.code)}${call.result.msg === '' ? '' : `: ${(0,markdown_text/* escape */.i)(call.result.msg)}`}`];
}
function taskTable(step) {
    const target = step.criteria === undefined ? '' : ` (waited to be ${step.criteria.target})`;
    const lines = [
        `| Task | Name | Status | Outcome${target} | URL | Elapsed | Cost |`,
        '|---|---|---|---|---|---|---|'
    ];
    for (const task of step.tasks) {
        const url = task.urls[0] === undefined ? '' : `<a href="${(0,markdown_text/* attribute */.l)(task.urls[0])}">${(0,markdown_text/* escape */.i)(task.urls[0])}</a>`;
        const outcome = task.verdict === 'reached' ? REACHED[step.criteria?.target ?? 'ready'] : (OUTCOME[task.verdict] ?? '');
        const cells = [
            task.id,
            (0,markdown_text/* escape */.i)(task.name ?? ''),
            (0,markdown_text/* escape */.i)(`${task.status ?? ''}${step.criteria?.requireAllNodes === true ? nodesText(task.nodes) : ''}`),
            outcome,
            url,
            (0,units/* formatDuration */.a3)(task.elapsedMs),
            (0,report_text/* yuanText */.HI)((0,report_text/* taskCost */.LL)(task))
        ];
        lines.push(`| ${cells.join(' | ')} |`);
    }
    return [...lines, ...total(`these ${step.tasks.length} tasks`, step.tasks)];
}
function replacedTable(step) {
    if (step.replaced.length === 0)
        return [];
    const lines = ['', '#### Replaced', '', '| Task | Status | Outcome | Cost |', '|---|---|---|---|'];
    for (const task of step.replaced) {
        const outcome = task.verdict === 'reached' ? REACHED.ended : (OUTCOME[task.verdict] ?? '');
        lines.push(`| ${task.id} | ${(0,markdown_text/* escape */.i)(task.status ?? '')} | ${outcome} | ${(0,report_text/* yuanText */.HI)((0,report_text/* taskCost */.LL)(task))} |`);
    }
    return [...lines, ...total('the tasks replaced', step.replaced, 1)];
}
/** "Total cost of \u2026: 0.003300 yuan", when at least `least` of the tasks said their cost. */
function total(what, tasks, least = 2) {
    const costs = tasks.flatMap((task) => {
        const { billingValue, forecastValue } = task;
        return billingValue === undefined && forecastValue === undefined
            ? []
            : [billingValue ?? '0', forecastValue ?? '0'];
    });
    if (costs.length / 2 < least)
        return [];
    return ['', `Total cost of ${what}: ${(0,report_text/* yuanText */.HI)((0,platform_money/* yuanOf */.xU)((0,platform_money/* sumPoints */.RN)(costs) ?? ''))}`];
}
/** What the cost figures are, under a table that shows some. */
function costNote(tasks) {
    if (!tasks.some((task) => (0,report_text/* taskCost */.LL)(task) !== undefined))
        return [];
    return [
        '',
        '<sub>Cost: what the platform has billed (billing_value) plus what the task has used since and not been billed yet (forecast_value); the platform bills every 5 minutes and counts in points, 1 yuan = 1,000,000 points.</sub>'
    ];
}
function timeline(step) {
    const entries = step.tasks.flatMap((task) => task.timeline.map((entry) => ({ ...entry, id: task.id })));
    if (entries.length === 0)
        return [];
    entries.sort((a, b) => a.atMs - b.atMs);
    return [
        '',
        '<details><summary>Status timeline</summary>',
        '',
        ...entries.map((entry) => `- ${(0,units/* formatDuration */.a3)(entry.atMs)}: task ${entry.id} ${(0,markdown_text/* escape */.i)(entry.status)}`),
        '',
        '</details>'
    ];
}
/** Billing records: by time, or by task; the total and the discount in yuan, and their sums. */
function billsTable(bills) {
    const byTask = bills.every((bill) => bill.taskId !== undefined);
    const lines = byTask
        ? [
            '| Task | Name | Type | Total (billing_coin) | Discount deducted (discount_coin) |',
            '|---|---|---|---|---|'
        ]
        : ['| From | To | Total (billing_coin) | Discount deducted (discount_coin) |', '|---|---|---|---|'];
    for (const bill of bills) {
        const money = [(0,report_text/* yuanText */.HI)((0,platform_money/* yuanOf */.xU)(bill.billed)), (0,report_text/* yuanText */.HI)((0,platform_money/* yuanOf */.xU)(bill.discount))];
        const first = byTask
            ? [bill.taskId ?? '', (0,markdown_text/* escape */.i)(bill.taskName ?? ''), (0,markdown_text/* escape */.i)(bill.taskType ?? '')]
            : [(0,markdown_text/* escape */.i)(bill.start ?? ''), (0,markdown_text/* escape */.i)(bill.end ?? '')];
        lines.push(`| ${[...first, ...money].join(' | ')} |`);
    }
    const sum = (amounts) => (0,report_text/* yuanText */.HI)((0,platform_money/* yuanOf */.xU)((0,platform_money/* sumPoints */.RN)(amounts) ?? ''));
    return [
        ...lines,
        '',
        `Total billed: ${sum(bills.map((b) => b.billed))}; discount deducted: ${sum(bills.map((b) => b.discount))}. The output cost is the total billed.`,
        '',
        "<sub>As the platform's reference has them: billing_coin is the total, discount_coin the discount deducted; both in points, 1 yuan = 1,000,000 points.</sub>"
    ];
}
/** What a resource search found: each device's regions, their price as the platform gives it, and stock. */
function offersTable(offers) {
    const lines = [
        '| Device | GPU | Count | Region | Price | Discount price | Stock |',
        '|---|---|---|---|---|---|---|'
    ];
    for (const offer of offers) {
        const cells = [
            offer.device,
            offer.gpuName,
            offer.gpuCount,
            offer.regionName ?? offer.region,
            offer.price,
            offer.discountPrice,
            offer.inventory
        ];
        lines.push(`| ${cells.map((cell) => (0,markdown_text/* escape */.i)(cell ?? '')).join(' | ')} |`);
    }
    const marks = offers.filter((offer) => offer.mark !== undefined);
    return [
        ...lines,
        '',
        '<sub>Price and discount price as the platform gives them, for one node of the device (no unit is published; the platform bills by the discount price). max_price is compared with the discount price, else the price.</sub>',
        ...(marks.length === 0
            ? []
            : [
                '',
                '<details><summary>Marks: the resources[].mark a create takes (regions[].mark.mark)</summary>',
                '',
                ...marks.map((offer) => `- ${(0,markdown_text/* escape */.i)(`${offer.device ?? ''} in ${offer.regionName ?? offer.region ?? ''}`)}: <code>${(0,markdown_text/* escape */.i)(offer.mark ?? '')}</code>`),
                '',
                '</details>'
            ])
    ];
}

/** ", 2/3 nodes running" while some nodes do not run yet, for a wait until ready; nothing once all do. */
function nodesText(nodes) {
    return nodes === undefined || nodes.running >= nodes.total
        ? ''
        : `, ${nodes.running}/${nodes.total} nodes running`;
}
/**
 * A fenced code block of the summary, and the blank line after it. Its fence is longer than any run of
 * backquotes in the code (a task name may hold some), which could otherwise close it early.
 */
function fenced(language, code) {
    const longest = Math.max(0, ...(code.match(/`+/g) ?? []).map((run) => run.length));
    const fence = '`'.repeat(Math.max(3, longest + 1));
    return ['', fence + language, code, fence, ''];
}


/***/ }),

/***/ 4942:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   WU: () => (/* binding */ failedCheck),
/* harmony export */   f5: () => (/* binding */ PASSED),
/* harmony export */   gV: () => (/* binding */ firstFailed)
/* harmony export */ });
/** A check that found nothing wrong. */
const PASSED = { ok: true };
/** A check that found `problem`. */
function failedCheck(problem) {
    return { ok: false, problem };
}
/** The first of `checks` (made in turn, each only if the ones before passed) that failed; else PASSED. */
function firstFailed(...checks) {
    for (const check of checks) {
        const found = check();
        if (!found.ok)
            return found;
    }
    return PASSED;
}


/***/ }),

/***/ 5833:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ mapLimit)
/* harmony export */ });
/** Maps items through an async function, at most `limit` at a time, keeping the input order. */
async function mapLimit(items, limit, fn) {
    const results = new Array(items.length);
    let next = 0;
    const worker = async () => {
        while (next < items.length) {
            const index = next++;
            results[index] = await fn(items[index], index);
        }
    };
    await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
    return results;
}


/***/ }),

/***/ 629:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ InputError),
/* harmony export */   h: () => (/* binding */ quote)
/* harmony export */ });
/** A bad input: the message names the input, the value (never a secret) and the fix. */
class InputError extends Error {
    constructor(message) {
        super(message);
        this.name = 'InputError';
    }
}
/** A value quoted for an error message, cut short so a pasted blob cannot flood the log. */
function quote(value) {
    const shown = value.length > 60 ? `${value.slice(0, 57)}...` : value;
    return JSON.stringify(shown);
}


/***/ }),

/***/ 5621:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   i: () => (/* binding */ escape),
/* harmony export */   l: () => (/* binding */ attribute)
/* harmony export */ });
// Text for Markdown that GitHub renders (the job summary, a pull request's comment): server text shown as
// text, never as syntax, and URLs put inside HTML attributes safely.
/**
 * Text as the summary shows it: on one line, and every character but letters, digits, spaces and
 * "-,/" written as a numeric character reference. Markdown and HTML see no syntax at all in it (no
 * brackets, "!", "*", "_", backticks, "<", "|", nor the ":" "." "@" of an autolink), and it reads the same.
 */
function escape(text) {
    // Only characters beyond ASCII are looked up in Unicode's tables: an ASCII character outside
    // "A-Za-z0-9 ,/-" is never a letter, digit or mark.
    return text
        .replace(/[\r\n]+/g, ' ')
        .replace(/[^A-Za-z0-9 ,/-]/g, (char) => (char.charCodeAt(0) < 0x80 ? `&#${char.charCodeAt(0)};` : char))
        .replace(/[^\0-\x7f]+/g, (run) => run.replace(notLetterDigitOrMark(), (char) => `&#${char.codePointAt(0) ?? 0};`));
}
let notLetterDigitOrMarkPattern;
/**
 * A character that is no letter, digit or mark, made the first time text beyond ASCII is escaped. Not a
 * literal: V8 checks every regular expression literal of the bundle as it compiles it, and reading
 * Unicode's tables for these three classes cost every step about 3 ms (valgrind, bench/NOTES.md),
 * though most summaries have no character beyond ASCII.
 */
function notLetterDigitOrMark() {
    return (notLetterDigitOrMarkPattern ??= new RegExp('[^\\p{L}\\p{N}\\p{M}]', 'gu'));
}
/** A validated URL inside an HTML attribute. */
function attribute(url) {
    return url
        .replace(/&/g, '&amp;')
        .replace(/</g, '&lt;')
        .replace(/>/g, '&gt;')
        .replace(/"/g, '&quot;')
        .replace(/'/g, '&#39;');
}


/***/ }),

/***/ 9073:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ix: () => (/* binding */ lineDiagram),
/* harmony export */   Kd: () => (/* binding */ ganttDiagram),
/* harmony export */   tW: () => (/* binding */ mermaidBlock)
/* harmony export */ });
/* unused harmony exports diagramText, decimal */
// Mermaid diagrams as text (issue 63, point 9): a gantt of where the time went, an xychart line of what
// it cost. GitHub renders a ```mermaid block in a job summary and a comment; other hosts show the text,
// so every diagram is written beside plain text that says the same. The diagram is text: no dependency.
/** Gantt keywords a bar's text must not begin with: Mermaid would read the line as the keyword's. */
const KEYWORDS = /^(?:title|section|dateformat|axisformat|tickinterval|includes|excludes|todaymarker|weekday|weekend|inclusiveenddates|topaxis|acctitle|accdescr|click|call|href|displaymode)\b/i;
/**
 * Text a diagram may hold whatever it was (a task's name, a status from the server): letters, digits,
 * spaces and `. _ - + / ( ) ,` kept, every other character (a colon, a semicolon, a hash, a quote, a
 * percent sign, a backquote, a line break, a control or format character) a space; runs of spaces one;
 * at most `most` characters; `?` when nothing is left. Nothing in it can end a label, start a comment or
 * an entity, or close the fence of its block.
 */
function diagramText(text, most = 40) {
    const plain = text
        .replace(new RegExp('[^\\p{L}\\p{N} ._\\-+/(),]', 'gu'), ' ')
        .replace(/ {2,}/g, ' ')
        .trim();
    const chars = Array.from(plain);
    const cut = chars.length > most
        ? `${chars
            .slice(0, most - 3)
            .join('')
            .trimEnd()}...`
        : plain;
    return cut === '' ? '?' : cut;
}
/**
 * A gantt, its bars under their sections (in the order the sections first appear), on a time axis of the
 * moments given (dateFormat x: ms since the epoch), shown as hours, minutes and seconds. Every text is
 * made diagram text (see diagramText), and a bar's text never begins with a keyword of the gantt.
 */
function ganttDiagram(title, bars) {
    const sections = [...new Set(bars.map((bar) => diagramText(bar.section, 60)))];
    const lines = ['gantt', `  title ${diagramText(title, 80)}`, '  dateFormat x', '  axisFormat %H:%M:%S'];
    for (const section of sections) {
        lines.push(`  section ${section}`);
        for (const bar of bars.filter((b) => diagramText(b.section, 60) === section)) {
            const text = diagramText(bar.text);
            const from = Math.round(bar.fromMs);
            lines.push(`  ${KEYWORDS.test(text) ? `- ${text}` : text} :${from}, ${Math.max(from, Math.round(bar.toMs))}`);
        }
    }
    return lines.join('\n');
}
/**
 * An xychart of one line, its values spread evenly from xFrom to xTo, on a y axis from 0 to a little above
 * the most (or 0.01, when every value is 0). Numbers are written as decimals (never 1e-7), titles as diagram
 * text in quotes.
 */
function lineDiagram(chart) {
    const top = Math.max(0, ...chart.values);
    const yTo = top === 0 ? 0.01 : top * 1.1;
    return [
        'xychart-beta',
        `  title "${diagramText(chart.title, 80)}"`,
        `  x-axis "${diagramText(chart.xTitle, 60)}" ${decimal(chart.xFrom)} --> ${decimal(Math.max(chart.xTo, chart.xFrom))}`,
        `  y-axis "${diagramText(chart.yTitle, 60)}" 0 --> ${decimal(yTo)}`,
        `  line [${chart.values.map(decimal).join(', ')}]`
    ].join('\n');
}
/** A number as a plain decimal, to the millionth (1e-7 is 0), without trailing zeros. */
function decimal(value) {
    const fixed = (Number.isFinite(value) ? value : 0).toFixed(6);
    const plain = fixed.includes('.') ? fixed.replace(/0+$/, '').replace(/\.$/, '') : fixed;
    return plain === '-0' ? '0' : plain;
}
/**
 * A diagram as a Markdown block GitHub renders (```mermaid), with a blank line before and after. Diagram
 * text holds no backquote (see diagramText), so the fence cannot be closed early.
 */
function mermaidBlock(diagram) {
    return ['', '```mermaid', diagram, '```', ''];
}


/***/ }),

/***/ 2212:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   u: () => (/* binding */ isRecord)
/* harmony export */ });
/** A JSON object (not an array, not null). */
function isRecord(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}


/***/ }),

/***/ 9817:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   aj: () => (/* binding */ sanitize),
/* harmony export */   bQ: () => (/* binding */ lineLabel),
/* harmony export */   om: () => (/* binding */ safeLine),
/* harmony export */   w$: () => (/* binding */ lastLines)
/* harmony export */ });
/**
 * Server text made safe for a log line: control characters and line breaks become spaces (so nothing
 * from the server can start a line with "::" and run as a workflow command), "##[" is broken up (the
 * runner's older command syntax), runs of spaces shrink, and long text is cut.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g;
function sanitize(text, max) {
    const flat = text.replace(CONTROL, ' ').replace(/\s+/g, ' ').replace(/##\[/g, '## [').trim();
    return flat.length > max ? `${flat.slice(0, max - 1)}\u2026` : flat;
}
/**
 * The last `count` lines of a text from the server (a log), each made safe to print on a line of its
 * own: control characters removed, `##[` broken up, cut at `maxLength` characters. `omitted` counts the
 * lines left out before them. A line may still begin with `::`: whoever prints it puts a prefix first.
 */
function lastLines(text, count, maxLength) {
    const all = text.replace(/\r\n?/g, '\n').replace(/\n$/, '').split('\n');
    const kept = count <= 0 ? [] : all.slice(-count);
    return {
        lines: kept.map((line) => safeLine(line, maxLength)),
        omitted: text === '' ? 0 : all.length - kept.length
    };
}
/**
 * One line of a log from the server, safe to print after a prefix: control characters removed, `##[`
 * broken up, cut at `maxLength` characters. It may still begin with `::`: whoever prints it puts a prefix
 * first.
 */
function safeLine(line, maxLength) {
    const clean = line.replace(CONTROL, ' ').replace(/##\[/g, '## [').trimEnd();
    return clean.length > maxLength ? `${clean.slice(0, maxLength - 1)}\u2026` : clean;
}
/**
 * A name from the server (a pod's) made safe to begin a log line with, as a prefix of lines: sanitized,
 * and quoted when it could begin a workflow command (`::`, after any leading spaces the runner skips), so
 * that what follows it never runs as one.
 */
function lineLabel(text, max) {
    const clean = sanitize(text, max);
    return clean.startsWith(':') ? JSON.stringify(clean) : clean;
}


/***/ }),

/***/ 2589:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   QP: () => (/* binding */ SIZE_UNITS),
/* harmony export */   SK: () => (/* binding */ utcTime),
/* harmony export */   Xq: () => (/* binding */ formatSize),
/* harmony export */   a3: () => (/* binding */ formatDuration),
/* harmony export */   ag: () => (/* binding */ rfc3339)
/* harmony export */ });
/** The binary size units sizes are written in. */
const SIZE_UNITS = { KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };
/** 90000 -> "1m30s"; the form durations are written in. */
function formatDuration(ms) {
    const total = Math.round(ms / 1000);
    const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
    if (h > 0)
        return `${h}h${m}m${s}s`;
    return m > 0 ? `${m}m${s}s` : `${s}s`;
}
/** 16777216 -> "16 MiB"; whole units where the size has them. */
function formatSize(bytes) {
    for (const unit of ['GiB', 'MiB', 'KiB']) {
        const size = SIZE_UNITS[unit] ?? 1;
        if (bytes >= size && bytes % size === 0)
            return `${bytes / size} ${unit}`;
    }
    return `${bytes} bytes`;
}
/**
 * A moment as RFC 3339 in UTC, to the second. Composed from the UTC fields: Date's toISOString loads
 * the time zone data (0.8 MiB of the step's memory) that no step needs.
 */
function rfc3339(ms) {
    const date = new Date(ms);
    const two = (n) => String(n).padStart(2, '0');
    const day = `${String(date.getUTCFullYear()).padStart(4, '0')}-${two(date.getUTCMonth() + 1)}-${two(date.getUTCDate())}`;
    return `${day}T${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}Z`;
}
/** The platform's zone, where a time it writes names none (the storage API's `yyyy-MM-dd HH:mm:ss`). */
const PLATFORM_OFFSET = '+08:00';
/** A time as the platform writes it: RFC 3339, or with a space for the T, microseconds, an offset or none. */
const TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(\.\d+)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;
/**
 * A time from the platform in the one form every output of the tool gives times in: RFC 3339 in UTC, to
 * the second (2026-01-02T03:04:05Z), whichever of its forms the platform wrote it in
 * (`2026-01-02T11:04:05.000000+08:00`, `2026-01-02 11:04:05.000000 +08:00`, `2026-01-02 11:04:05`, which
 * is in the platform's zone, +08:00). Text that is no such time is given back as it is.
 */
function utcTime(text) {
    const match = TIME.exec(text.trim());
    if (match === null)
        return text;
    const [, day = '', clock = '', fraction = '', zone = PLATFORM_OFFSET] = match;
    const offset = zone.toUpperCase() === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
    const ms = Date.parse(`${day}T${clock}${fraction.slice(0, 4)}${offset}`);
    return Number.isNaN(ms) ? text : rfc3339(ms);
}


/***/ }),

/***/ 5962:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ resultTexts),
/* harmony export */   l: () => (/* binding */ answerTexts)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(2212);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(6539);
/* harmony import */ var _secret_fields_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3439);



/** The texts of an answer: `data` (null for a call that failed), and the body received (`raw`). */
function answerTexts(data, raw) {
    return {
        data: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_0__/* .toCompactJson */ .ZJ)((0,_secret_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .redactFields */ .$F)(data ?? null)),
        response: raw === undefined ? 'null' : (0,_secret_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .redactedAnswer */ .tf)(raw)
    };
}
/**
 * The texts of a call's answer, whose result was read from `raw` itself: the same texts as answerTexts,
 * made with less work. An answer with nothing to redact (see mayHoldSecret) is kept as it came, its data
 * written as it is; one that may hold something is redacted once, for both texts, from the envelope the
 * client read (its body is not read again).
 */
function resultTexts(result, raw) {
    if (raw === undefined || result === undefined)
        return answerTexts(result?.data, raw);
    const write = (value) => (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_0__/* .compactJsonOfRead */ .bt)(value, raw);
    if (!(0,_secret_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .mayHoldSecret */ .dV)(raw))
        return { data: write(result.data ?? null), response: raw };
    // The envelope the client read from `raw`, where it kept it; read again otherwise.
    let redacted;
    try {
        redacted = (0,_secret_fields_js__WEBPACK_IMPORTED_MODULE_1__/* .redactFields */ .$F)(result.envelope ?? (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_0__/* .parseJson */ .qF)(raw));
    }
    catch {
        return answerTexts(result.data, raw);
    }
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(redacted) || !('data' in redacted))
        return answerTexts(result.data, raw);
    const data = write(redacted.data ?? null);
    const fields = Object.entries(redacted).map(([name, value]) => `${JSON.stringify(name)}:${name === 'data' ? data : write(value)}`);
    return { data, response: `{${fields.join(',')}}` };
}


/***/ }),

/***/ 7289:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $K: () => (/* binding */ callOutcome),
/* harmony export */   Ih: () => (/* binding */ makeCalls),
/* harmony export */   XU: () => (/* binding */ readAlready)
/* harmony export */ });
/* harmony import */ var _basics_concurrency_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5833);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(9817);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_7__ = __nccwpck_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(9644);
/* harmony import */ var _platform_operations_operation_table_js__WEBPACK_IMPORTED_MODULE_9__ = __nccwpck_require__(7059);
/* harmony import */ var _platform_retry_js__WEBPACK_IMPORTED_MODULE_6__ = __nccwpck_require__(1460);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(8998);
/* harmony import */ var _protocol_envelope_js__WEBPACK_IMPORTED_MODULE_8__ = __nccwpck_require__(3421);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_11__ = __nccwpck_require__(6539);
/* harmony import */ var _tasks_read_all_pages_js__WEBPACK_IMPORTED_MODULE_10__ = __nccwpck_require__(6961);
/* harmony import */ var _tasks_read_task_state_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(1054);
/* harmony import */ var _answer_texts_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(5962);












/** The outcome of a call: the fields given, the rest empty (the call's own task, nothing received). */
function callOutcome(call, fields) {
    return {
        call,
        taskId: call.taskId,
        result: undefined,
        raw: undefined,
        error: undefined,
        twinLookup: undefined,
        existingIds: [],
        placement: undefined,
        texts: undefined,
        ...fields
    };
}
/** The tasks whose call answered with their detail (a read of one): a wait's first check of each. */
function readAlready(calls) {
    return new Set(calls.flatMap((c) => (c.call.traits.answers === 'task' && c.taskId !== undefined ? [c.taskId] : [])));
}
/**
 * Every call of the plan, `concurrency` at a time, each sent again as its kind allows (see Resend). With
 * a sink, each answer is written to it as it comes (see AnswerSink), and its outcome keeps of it only what
 * the step's outputs read (see lean).
 */
function makeCalls(plan, ctx, sink) {
    const bulk = plan.calls.length > 1;
    return (0,_basics_concurrency_js__WEBPACK_IMPORTED_MODULE_0__/* .mapLimit */ .s)(plan.calls, ctx.settings.concurrency, async (call, index) => {
        const outcome = await makeCall(call, { who: bulk ? `task ${call.taskId ?? ''}` : call.operation, waits: plan.wait !== undefined }, ctx);
        if (sink === undefined)
            return outcome;
        sink.put(index, outcome.texts ?? (0,_answer_texts_js__WEBPACK_IMPORTED_MODULE_1__/* .resultTexts */ .C)(outcome.result, outcome.raw));
        return lean(outcome, ctx);
    });
}
/**
 * A call's outcome once its answer was written: without its texts and the body received, and without the
 * data of a task's detail (its snapshot kept instead), unless the task's kind reads its run from it later
 * (a job's). The lists a call answers (bills, resources) and a create's answer are kept: they are small,
 * and the outputs read them.
 */
function lean(outcome, ctx) {
    const { result, call } = outcome;
    const dropsData = result !== undefined && call.traits.answers === 'task' && (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_2__/* .taskKindOf */ .j2)(ctx.settings).runOf === undefined;
    return {
        ...outcome,
        raw: undefined,
        texts: undefined,
        ...(dropsData
            ? {
                result: { code: result.code, msg: result.msg, data: null },
                snapshot: (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_3__/* .snapshotOf */ .eY)(result.data, ctx.settings.wait.statusField)
            }
            : {})
    };
}
/** One call: sent (again where its kind allows), its answer checked, its failure explained. */
async function makeCall(call, how, ctx) {
    const { who } = how;
    const outcome = (fields) => callOutcome(call, { placement: report.placement, ...fields });
    // Whether a failed attempt of a call that changes state may still have taken effect.
    const state = { mayHaveApplied: false };
    const report = {};
    try {
        const unneeded = await notNeeded(call, ctx);
        if (unneeded !== undefined) {
            ctx.log(`${who}: not sent: ${unneeded}`);
            return outcome({});
        }
        // A create goes through its placement and exactly-once path, a module a step without one never loads.
        const created = call.traits.resend === 'create_once'
            ? await (await Promise.all(/* import() */[__nccwpck_require__.e(832), __nccwpck_require__.e(327), __nccwpck_require__.e(529), __nccwpck_require__.e(126)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7529))).createTask(call, ctx, report)
            : undefined;
        const { result, raw } = created ?? (await sendCall(call, who, state, ctx));
        ctx.log(`${who}: code ${result.code}${result.msg === '' ? '' : `, ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(result.msg, 200)}`}`);
        const checked = call.traits.check(result.data, call);
        if (!checked.ok)
            ctx.log(`${who}: ${checked.problem}`);
        const made = call.traits.answers === 'new_task' && checked.ok;
        return outcome({
            taskId: made ? (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_3__/* .taskIdOf */ .G6)(result.data) : call.taskId,
            result,
            raw,
            error: checked.ok ? undefined : new Error(checked.problem),
            twinLookup: created?.mayHaveTwin === true ? created.lookup : undefined,
            existingIds: created?.lookup.existingIds ?? [],
            texts: (0,_answer_texts_js__WEBPACK_IMPORTED_MODULE_1__/* .resultTexts */ .C)(result, raw)
        });
    }
    catch (error) {
        return outcome(await failedCall(call, error, { ...how, mayHaveApplied: state.mayHaveApplied }, ctx));
    }
}
/**
 * Why a call read first (see OperationTraits.readFirst) is not sent: its task has nothing left for it to
 * do, as its state shows. Undefined: send it (a task whose state cannot be read is sent it too).
 */
async function notNeeded(call, ctx) {
    if (call.traits.readFirst !== true || call.taskId === undefined)
        return undefined;
    const state = await (0,_tasks_read_task_state_js__WEBPACK_IMPORTED_MODULE_5__/* .readTaskState */ .Lf)(call.taskId, ctx);
    const kind = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_2__/* .taskKindOf */ .j2)(ctx.settings).name;
    return nothingLeft(call, state, kind)
        ? `task ${call.taskId} has nothing left to do (${(0,_tasks_read_task_state_js__WEBPACK_IMPORTED_MODULE_5__/* .endedAs */ .BN)(state, kind)})`
        : undefined;
}
/**
 * Whether a call has nothing left to do on a task in this state: a status it is done in (a stop of a task
 * already End), or, for a call read first, a task that bills no more (a job whose run ended).
 */
function nothingLeft(call, state, kind) {
    if (call.traits.readFirst === true && (0,_tasks_read_task_state_js__WEBPACK_IMPORTED_MODULE_5__/* .billsNoMore */ .Tw)(state, kind))
        return true;
    return state.kind === 'status' && call.traits.alreadyDone.includes(state.status);
}
/**
 * Sends a call that is no create, retrying what may pass: a read always; a change harmless to repeat
 * too; a change of unknown effect (until_sent) only while no attempt can have taken effect.
 */
function sendCall(call, who, state, ctx) {
    return (0,_platform_retry_js__WEBPACK_IMPORTED_MODULE_6__/* .withRetries */ .LH)(who, () => (readsEveryPage(call) ? sendEveryPage(call, ctx.send) : ctx.send(call)), (error) => {
        const verdict = (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_7__/* .retryIfTransient */ .or)(error, ctx.runtime.clock.now());
        state.mayHaveApplied ||= verdict.retry && call.traits.resend !== 'read' && !(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_7__/* .neverSent */ .vQ)(error);
        return state.mayHaveApplied && call.traits.resend === 'until_sent' ? { retry: false } : verdict;
    }, ctx.retries.policy, ctx.retries.deps);
}
/** What a call that failed leaves: nothing (its task's status decides), or its error, explained. */
async function failedCall(call, error, how, ctx) {
    const { who } = how;
    if (how.mayHaveApplied && error instanceof _protocol_envelope_js__WEBPACK_IMPORTED_MODULE_8__/* .ApiError */ .h && how.waits) {
        ctx.log(`${who}: the platform refused the retry (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_4__/* .sanitize */ .aj)(error.description ?? '', 200)}); an earlier attempt may have taken effect, so the task's status decides`);
        return {};
    }
    // A refusal (an envelope with a code other than 0000): the task's state settles it.
    if (call.taskId !== undefined && (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_7__/* .isRefusal */ .vu)(error))
        return settleByState(call, call.taskId, error, ctx, who);
    const note = how.mayHaveApplied ? ' (the request may have taken effect: check before repeating it)' : '';
    ctx.log(`${who}: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_7__/* .describeError */ .Uc)(error)}${note}`);
    return { error: note === '' ? error : new Error(`${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_7__/* .describeError */ .Uc)(error)}${note}`) };
}
/**
 * A refused call on a task, settled by the task's state, never by the refusal's code. For an operation
 * with nothing left to do in some statuses (a stop of a task already End, a pause of one already Paused),
 * the refusal is no failure; a task no search of any status lists is not found; otherwise the
 * call fails with the refusal, saying the status (and, where the platform applies the operation to some
 * statuses only, which).
 */
async function settleByState(call, taskId, refusal, ctx, who) {
    const { appliesTo } = call.traits;
    const state = await (0,_tasks_read_task_state_js__WEBPACK_IMPORTED_MODULE_5__/* .readTaskState */ .Lf)(taskId, ctx, { detailRefused: call.traits.answers === 'task' });
    const status = state.kind === 'status' ? state.status : undefined;
    // Asked for by id, a task no search lists is not found: only the post step's cleanup takes it as gone.
    if (state.kind === 'status' && nothingLeft(call, state, (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_2__/* .taskKindOf */ .j2)(ctx.settings).name)) {
        ctx.log(`${who}: the platform refused (${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_7__/* .describeError */ .Uc)(refusal)}), and ${(0,_tasks_read_task_state_js__WEBPACK_IMPORTED_MODULE_5__/* .describeState */ .Jw)(state)}: nothing left to do`);
        return {};
    }
    if (state.kind === 'absent') {
        const notFound = new _platform_failures_js__WEBPACK_IMPORTED_MODULE_7__/* .TaskNotFoundError */ .Zt(taskId, refusal);
        ctx.log(`${who}: ${notFound.message}`);
        return { error: notFound };
    }
    const applies = status !== undefined && appliesTo.length > 0 && !appliesTo.includes(status)
        ? `, and the platform applies ${call.operation} to ${appliesTo.join(', ')} tasks only`
        : '';
    const why = `${refusal.message}; ${(0,_tasks_read_task_state_js__WEBPACK_IMPORTED_MODULE_5__/* .describeState */ .Jw)(state)}${applies}`;
    ctx.log(`${who}: ${why}`);
    return { error: new _protocol_envelope_js__WEBPACK_IMPORTED_MODULE_8__/* .ApiError */ .h(why, refusal) };
}
/** A list read whole: its operation pages (billing records), and the query asks for no page of its own. */
function readsEveryPage(call) {
    return call.traits.pages === true && !call.query.some(([name]) => name === 'page');
}
/** Every page of the call's list, as one answer whose data holds the platform's count and every item. */
async function sendEveryPage(call, send) {
    const size = call.query.find(([name]) => name === 'page_size')?.[1] ?? String(_platform_operations_operation_table_js__WEBPACK_IMPORTED_MODULE_9__/* .PAGE_SIZE */ .md);
    const rest = call.query.filter(([name]) => name !== 'page_size');
    const list = await (0,_tasks_read_all_pages_js__WEBPACK_IMPORTED_MODULE_10__/* .readAllPages */ .s$)(`the ${call.operation} records`, (page) => ({ ...call, query: [...rest, ['page', String(page)], ['page_size', size]] }), send);
    const data = { count: list.count ?? list.results.length, results: list.results };
    const result = { ...list.first.result, data };
    return { result, raw: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_11__/* .toCompactJson */ .ZJ)({ code: result.code, message: result.msg, data }) };
}


/***/ }),

/***/ 5939:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   BN: () => (/* binding */ withReport),
/* harmony export */   EI: () => (/* binding */ reportOf),
/* harmony export */   XS: () => (/* binding */ changeReport),
/* harmony export */   _x: () => (/* binding */ taskAfterCall),
/* harmony export */   fO: () => (/* binding */ listsOf),
/* harmony export */   jr: () => (/* binding */ reportEntry),
/* harmony export */   wT: () => (/* binding */ jobRunOf),
/* harmony export */   xc: () => (/* binding */ placementOf)
/* harmony export */ });
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(3035);
/* harmony import */ var _platform_billing_data_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9126);
/* harmony import */ var _platform_resource_data_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(7581);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_6__ = __nccwpck_require__(2212);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(9644);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(7187);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(8998);







/** A part's entry, for a step's result. */
function reportEntry(part, data) {
    return { part, data };
}
/** What the step holds for a part, or undefined when it holds nothing of it. */
function reportOf(step, part) {
    return step.parts?.find((entry) => entry.part === part)?.data;
}
/** The result with the part's entry set (in place of one it held). */
function withReport(step, part, data) {
    return {
        ...step,
        parts: [...(step.parts ?? []).filter((entry) => entry.part !== part), reportEntry(part, data)]
    };
}
/** A change report: what `fields` say, over nothing changed. */
function changeReport(fields) {
    return {
        changed: false,
        rolledBack: false,
        fields: [],
        pointsBefore: undefined,
        pointsAfter: undefined,
        nodes: [],
        restore: undefined,
        ...fields
    };
}
/** What the calls' answers list, by what each answers: billing records, and resource search offers. */
function listsOf(calls) {
    const answered = (kind) => calls.flatMap((c) => (c.call.traits.answers === kind && c.result !== undefined ? [c.result.data] : []));
    return { bills: answered('bills').flatMap(_platform_billing_data_js__WEBPACK_IMPORTED_MODULE_0__/* .billsOf */ .K), offers: answered('resources').flatMap(_platform_resource_data_js__WEBPACK_IMPORTED_MODULE_1__/* .offersOf */ .f) };
}
/** How the step chose its new task's resource, when it picked one by GPU model (gpu). */
function placementOf(step) {
    return step.calls.find((call) => call.placement !== undefined)?.placement;
}
/** A task's result as its call left it. */
function taskAfterCall(outcome, statusField, publish) {
    const snapshot = outcome.snapshot ??
        (outcome.result === undefined ? undefined : (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .snapshotOf */ .eY)(outcome.result.data, statusField));
    const { error, call } = outcome;
    const givenName = typeof call.body?.task_name === 'string' ? call.body.task_name : undefined;
    return {
        id: outcome.taskId,
        verdict: error === undefined ? 'done' : error instanceof _platform_failures_js__WEBPACK_IMPORTED_MODULE_3__/* .TaskNotFoundError */ .Zt ? 'not_found' : 'error',
        status: call.traits.answers === 'task' ? snapshot?.status : undefined,
        nodes: call.traits.answers === 'task' ? snapshot?.nodes : undefined,
        billingValue: call.traits.answers === 'task' ? snapshot?.billingValue : undefined,
        forecastValue: call.traits.answers === 'task' ? snapshot?.forecastValue : undefined,
        name: snapshot?.name ?? givenName,
        urls: publish(outcome.taskId, snapshot?.urls ?? []),
        data: outcome.result?.data,
        raw: outcome.raw,
        timeline: [],
        samples: [],
        elapsedMs: 0,
        message: error === undefined ? undefined : (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_3__/* .describeError */ .Uc)(error),
        diagnostics: undefined,
        healthy: undefined
    };
}
/** What the job of a step that concerns jobs said of its run (its first task's last data). */
function jobRunOf(step) {
    const [task] = step.tasks;
    const kind = (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__/* .kindOf */ .I)(step);
    const runOf = (0,_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_5__/* .isTaskKind */ .Ay)(kind) ? kind.runOf : undefined;
    return runOf !== undefined && task !== undefined && (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_6__/* .isRecord */ .u)(task.data) ? runOf(task.data) : undefined;
}


/***/ }),

/***/ 6289:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   P$: () => (/* binding */ LEFTOVER_ORDER),
/* harmony export */   S4: () => (/* binding */ cleanupActionOf),
/* harmony export */   To: () => (/* binding */ leftovers),
/* harmony export */   aj: () => (/* binding */ LEFTOVER_KINDS),
/* harmony export */   bT: () => (/* binding */ cleanupRecorder),
/* harmony export */   io: () => (/* binding */ CLEANUP_DONE),
/* harmony export */   jR: () => (/* binding */ NO_CLEANUP),
/* harmony export */   uu: () => (/* binding */ CLEANUP_CHOICES)
/* harmony export */ });
/** The cleanup a step may ask for: nothing, or one of the actions. */
const CLEANUP_CHOICES = ['none', 'stop', 'pause'];
/** What a cleanup did to a task, in a word: stopped or paused. */
const CLEANUP_DONE = { stop: 'stopped', pause: 'paused' };
/** The cleanup action a text names, or undefined for none (or anything else). */
function cleanupActionOf(text) {
    return text in CLEANUP_DONE ? text : undefined;
}
const NO_CLEANUP = {
    action: undefined,
    created: [],
    lookup: undefined,
    retire: [],
    preheats: [],
    rollback: undefined,
    scaleBack: undefined,
    transfers: [],
    sftpSessions: [],
    volumes: [],
    registrations: []
};
const ids = (text) => JSON.parse(text || '[]');
const taskList = (list, what) => list.length === 0 ? [] : [`task ${list.join(', ')} ${what}`];
const optional = (encode) => (value) => value === undefined ? '' : encode(value);
/** The file each rollback's configuration was stashed in: written once, however often the state is saved. */
const stashed = new WeakMap();
/**
 * The ledger's kinds of leftover, in the order the post step finishes them (see finishCleanup): an
 * update to roll back, a scale up to finish, the tasks created, the old generation to retire, the image
 * preheats, the transfers still under way, the volumes' SFTP sessions, the volumes made for the run (once the tasks that may mount
 * them are stopped, and the transfers into them), and last a
 * create that may still land (searched for by name, the post step's last request).
 */
const LEFTOVER_KINDS = {
    rollback: {
        key: 'rollback',
        phrases: (rollback) => rollback === undefined ? [] : [`an update of task ${rollback.taskId} to roll back`],
        encode: (rollback, stash) => {
            if (rollback === undefined)
                return '';
            if (stash.put === undefined)
                return JSON.stringify(rollback);
            let file = stashed.get(rollback);
            if (file === undefined) {
                file = stash.put(`rollback-${rollback.taskId}.json`, rollback.configuration);
                stashed.set(rollback, file);
            }
            return JSON.stringify({ taskId: rollback.taskId, configurationFile: file });
        },
        decode: (text, stash) => {
            if (text === '')
                return undefined;
            const saved = JSON.parse(text);
            const { taskId, configurationFile } = saved;
            // An older version saved the configuration itself.
            if (configurationFile === undefined)
                return { taskId, configuration: saved.configuration ?? '' };
            try {
                return { taskId, configuration: stash.read(configurationFile) };
            }
            catch (error) {
                const why = error.code ?? (error instanceof Error ? error.message : String(error));
                return { taskId, configuration: '', lost: `${configurationFile}: ${why}` };
            }
        }
    },
    scaleBack: {
        key: 'scale_back',
        phrases: (scale) => (scale === undefined ? [] : [`a scale up of task ${scale.taskId} to finish`]),
        encode: optional((scale) => JSON.stringify(scale)),
        decode: (text) => (text === '' ? undefined : JSON.parse(text))
    },
    created: {
        key: 'created_task_ids',
        phrases: (created, state) => (state.action === undefined ? [] : taskList(created, `to ${state.action}`)),
        encode: (created) => JSON.stringify(created),
        decode: ids
    },
    retire: {
        key: 'retire_task_ids',
        phrases: (retire) => taskList(retire, 'to stop (the old generation of a replace)'),
        encode: (retire) => JSON.stringify(retire),
        decode: ids
    },
    preheats: {
        key: 'preheat_task_ids',
        phrases: (preheats) => taskList(preheats, 'to stop (image preheats)'),
        encode: (preheats) => JSON.stringify(preheats),
        decode: ids
    },
    transfers: {
        key: 'transfers',
        phrases: (transfers) => transfers.map((t) => t.id === undefined
            ? `the transfer named ${JSON.stringify(t.name)} to stop, if its create landed`
            : `transfer ${t.id} to stop`),
        encode: (transfers) => JSON.stringify(transfers),
        decode: (text) => JSON.parse(text || '[]')
    },
    sftpSessions: {
        key: 'sftp_sessions',
        phrases: (sessions) => sessions.map((s) => `the SFTP session of volume ${s.storageId} to destroy`),
        encode: (sessions) => JSON.stringify(sessions),
        decode: (text) => JSON.parse(text || '[]').map((s) => ({
            storageId: String(s.storageId),
            expiresAt: typeof s.expiresAt === 'number' ? s.expiresAt : undefined
        }))
    },
    volumes: {
        key: 'volumes',
        phrases: (volumes) => volumes.map((v) => v.id === undefined
            ? `the volume named ${JSON.stringify(v.name)} to look for, whose create never answered (kept if listed: a name is no proof of who made it)`
            : `volume ${v.id} (${v.name}) to delete`),
        encode: (volumes) => JSON.stringify(volumes),
        decode: (text) => JSON.parse(text || '[]')
    },
    registrations: {
        key: 'runner_registrations',
        phrases: (registered) => registered.map((r) => `runner ${r.name} to remove from GitHub`),
        encode: (registered) => JSON.stringify(registered),
        decode: (text) => JSON.parse(text || '[]')
    },
    lookup: {
        key: 'create_lookup',
        phrases: (lookup) => lookup === undefined
            ? []
            : [`a task named ${JSON.stringify(lookup.taskName)} that a create may have made`],
        encode: optional((lookup) => JSON.stringify(lookup)),
        decode: (text) => {
            if (text === '')
                return undefined;
            // One saved by an older version, without landsBy and attempts, reads as one attempt that can no
            // longer land (the post step searches once).
            const saved = JSON.parse(text);
            return {
                taskName: saved.taskName ?? '',
                existingIds: saved.existingIds ?? [],
                landsBy: typeof saved.landsBy === 'number' ? saved.landsBy : 0,
                attempts: typeof saved.attempts === 'number' ? saved.attempts : 1
            };
        }
    }
};
/** Each kind of leftover, in the order the post step finishes them. */
const LEFTOVER_ORDER = Object.keys(LEFTOVER_KINDS);
/**
 * What the state leaves to clean up, a phrase each (`task 7 to stop`, `an update of task 7 to roll back`),
 * none when a cleanup would have nothing to do.
 */
function leftovers(state) {
    return LEFTOVER_ORDER.flatMap((kind) => phrasesOf(kind, state));
}
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- K ties the kind's spec to its value (a correlated union)
function phrasesOf(kind, state) {
    return LEFTOVER_KINDS[kind].phrases(state[kind], state);
}
/** A recorder that keeps the state and hands every new one to `save` (the host's saved state). */
function cleanupRecorder(initial, save = () => undefined) {
    let state = initial;
    save(state);
    const update = (change) => {
        state = { ...state, ...change };
        save(state);
    };
    return {
        state: () => state,
        add: (kind, taskIds) => {
            update({ [kind]: [...new Set([...state[kind], ...taskIds])] });
        },
        settle: (kind, taskId) => {
            update({ [kind]: state[kind].filter((id) => id !== taskId) });
        },
        set: (kind, value) => {
            update({ [kind]: value });
        },
        clear: (kind) => {
            update({ [kind]: undefined });
        },
        update
    };
}


/***/ }),

/***/ 3742:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   BT: () => (/* binding */ contextFor),
/* harmony export */   H3: () => (/* binding */ deployContext),
/* harmony export */   Hi: () => (/* binding */ readsBy)
/* harmony export */ });
/* harmony import */ var _platform_retry_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(1460);
/* harmony import */ var _platform_session_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(386);
/* harmony import */ var _secret_fields_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(3439);
/* harmony import */ var _cleanup_state_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(6289);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(8079);





/**
 * The one deploy context of a step, whose work must end within `budgetMs` from now (wait_timeout for a
 * step, cleanup_timeout for the post step): the session and every retry share that one deadline.
 */
function deployContext(settings, runtime, options) {
    const startedAt = runtime.now();
    const deadline = startedAt + options.budgetMs;
    const deps = {
        now: runtime.now,
        sleep: runtime.sleep,
        random: runtime.random,
        log: runtime.log,
        cancelled: runtime.cancelled
    };
    const policy = { maxRetries: settings.maxRetries, ..._platform_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .DEFAULT_BACKOFF */ .VU, deadline };
    return {
        settings,
        send: maskingSecrets((0,_platform_session_js__WEBPACK_IMPORTED_MODULE_1__/* .openSession */ .fA)(settings, runtime, deadline), runtime.mask),
        retries: { policy, deps },
        stopRetries: { policy: { ...policy, maxRetries: _retries_js__WEBPACK_IMPORTED_MODULE_2__/* .CLEANUP_RETRIES */ .C }, deps },
        startedAt,
        deadline,
        runtime,
        log: runtime.log,
        cleanup: options.cleanup ?? (0,_cleanup_state_js__WEBPACK_IMPORTED_MODULE_3__/* .cleanupRecorder */ .bT)(_cleanup_state_js__WEBPACK_IMPORTED_MODULE_3__/* .NO_CLEANUP */ .jR)
    };
}
/**
 * A context for work that must go on past the step's deadline (a rollback after the wait ran out): the
 * same settings, runtime and cleanup record, a new session and retries bounded by `budgetMs` from now.
 */
function contextFor(ctx, budgetMs) {
    return deployContext(ctx.settings, ctx.runtime, { budgetMs, cleanup: ctx.cleanup });
}
/**
 * The context's reads bounded by `notAfter` (local time; undefined: no bound): each request fails with a
 * HeldBackError rather than be held past it (a platform's pause, no answer), and no retry or wait goes on
 * past it. A wait held to max_cost reads so: no read may come later than the cost reaching the cap.
 */
function readsBy(ctx, notAfter) {
    if (notAfter === undefined)
        return ctx;
    const deadline = Math.min(ctx.deadline, notAfter);
    const bounded = (retries) => ({ ...retries, policy: { ...retries.policy, deadline } });
    return {
        ...ctx,
        send: (call, limits) => ctx.send(call, { notAfter: Math.min(notAfter, limits?.notAfter ?? Infinity) }),
        retries: bounded(ctx.retries),
        stopRetries: bounded(ctx.stopRetries),
        deadline
    };
}
/**
 * A session whose answers' secrets (the environment values of the tasks they describe, in either form the
 * reference gives them) are masked as each answer comes, before anything read from it is shown: a later
 * step that reads a task and its nodes' logs was given no body to learn them from.
 */
function maskingSecrets(send, mask) {
    if (mask === undefined)
        return send;
    return async (call, limits) => {
        const answer = await send(call, limits);
        const secrets = (0,_secret_fields_js__WEBPACK_IMPORTED_MODULE_4__/* .answerSecrets */ .iY)(answer.raw);
        if (secrets.length > 0)
            mask(secrets);
        return answer;
    };
}


/***/ }),

/***/ 60:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ printRequests)
/* harmony export */ });
/* unused harmony export describeDryRun */
/* harmony import */ var _platform_session_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(386);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(6539);
/* harmony import */ var _protocol_request_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(1615);
/* harmony import */ var _secret_fields_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(3439);




/** How much of a body is shown: readable JSON at length, ciphertext only as a glimpse. */
const SHOWN_PLAINTEXT = 1000;
const SHOWN_CIPHERTEXT = 160;
/** Prints every request of the plan as it would be sent, and sends nothing. */
function printRequests(plan, ctx) {
    for (const call of plan.calls) {
        const which = call.taskId === undefined ? '' : ` of task ${call.taskId}`;
        ctx.log(`dry run: ${call.operation}${which} would send this, and sends nothing:`);
        describeDryRun((0,_platform_session_js__WEBPACK_IMPORTED_MODULE_0__/* .prepareRequest */ .nd)(ctx.settings, call, ctx.runtime.clock.stamp()), call).forEach(ctx.log);
    }
}
/**
 * What a dry run prints for a request: method, URL, header names, body size and the string to sign.
 * The token and sign_str never appear, and neither does the value of any query parameter or body field
 * whose name looks like a credential's (see secret-fields.ts): those read <redacted>, so the URL, the
 * body and the string to sign are shown as sent but for them.
 */
function describeDryRun(request, call) {
    const query = (0,_protocol_request_js__WEBPACK_IMPORTED_MODULE_1__/* .encodeQuery */ .XX)(call.query.map(([name, value]) => [name, (0,_secret_fields_js__WEBPACK_IMPORTED_MODULE_2__/* .isSecretName */ .eh)(name) ? _secret_fields_js__WEBPACK_IMPORTED_MODULE_2__/* .REDACTED */ .XF : value]));
    const target = query === '' ? call.endpoint.path : `${call.endpoint.path}?${query}`;
    const plaintext = call.body === undefined ? '' : (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_3__/* .toCompactJson */ .ZJ)((0,_secret_fields_js__WEBPACK_IMPORTED_MODULE_2__/* .redactFields */ .$F)(call.body));
    const size = request.body === ''
        ? 'no body'
        : `${Buffer.byteLength(request.body)} bytes${request.encrypted ? ', encrypted' : ''}`;
    return [
        `${request.method} ${new URL(request.url).origin}${target}`,
        `  headers: ${Object.keys(request.headers).join(', ')}`,
        `  body: ${size}`,
        ...(request.encrypted
            ? [`  body before encryption (secret values redacted): ${excerpt(plaintext, SHOWN_PLAINTEXT)}`]
            : []),
        ...(request.headers.sign_str === undefined
            ? unsigned(request, plaintext)
            : stringToSign(request, target, plaintext))
    ];
}
/** A token-mode request is not signed: its body, as sent but for the secrets. */
function unsigned(request, plaintext) {
    return request.body === ''
        ? []
        : [`  body sent (secret values redacted): ${excerpt(plaintext, SHOWN_PLAINTEXT)}`];
}
/** What an RSA-mode request signs, line by line, the token and secret values redacted. */
function stringToSign(request, target, plaintext) {
    return [
        '  string to sign (token and secret values redacted):',
        ...[
            target,
            request.headers.version ?? '',
            request.headers.timestamp ?? '',
            '<token>',
            request.encrypted ? excerpt(request.body, SHOWN_CIPHERTEXT) : excerpt(plaintext, SHOWN_PLAINTEXT)
        ].map((line) => `    ${line}`)
    ];
}
function excerpt(text, shown) {
    return text.length > shown ? `${text.slice(0, shown)}\u2026 (${text.length} characters in all)` : text;
}


/***/ }),

/***/ 3044:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $n: () => (/* binding */ sayCopies),
/* harmony export */   Dk: () => (/* binding */ copyText),
/* harmony export */   ED: () => (/* binding */ withCopies),
/* harmony export */   ZH: () => (/* binding */ timedCopying),
/* harmony export */   kU: () => (/* binding */ withDataIn)
/* harmony export */ });
/* unused harmony export copying */
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(629);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(9817);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(9644);
/* harmony import */ var _settings_js__WEBPACK_IMPORTED_MODULE_6__ = __nccwpck_require__(2464);
/* harmony import */ var _calls_make_calls_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(7289);
/* harmony import */ var _storage_check_copies_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9645);
/* harmony import */ var _toolkit_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(445);







/**
 * A flow whose step copies the data input into its volumes before anything else (a create, a replace):
 * no GPU bills while it copies, and a copy that does not complete makes no task. Unchanged without data.
 */
function withDataIn(flow) {
    return {
        plan: (settings) => {
            const planned = flow.plan(settings);
            if (settings.storage.data.length === 0)
                return planned;
            (0,_storage_check_copies_js__WEBPACK_IMPORTED_MODULE_0__/* .checkCopies */ .aV)(settings);
            return {
                ...planned,
                run: async (ctx) => {
                    const copied = await timedCopying(planned.plan, ctx, 'in');
                    return withCopies(copied.failed ?? (await planned.run(ctx)), copied.copies);
                },
                dryRun: (ctx) => {
                    sayCopies(ctx);
                    return planned.dryRun(ctx);
                }
            };
        }
    };
}
/**
 * Copies the data in (before the task or job is made) or the results out (after a job ended), when the
 * inputs name any: undefined when all copied, else a result whose one call says why they did not. A step
 * cancelled before copies none (the post step stops a transfer under way): nothing is made without its
 * data, and a job's results are left. The copies' code is loaded only by a step that copies.
 */
async function copying(plan, ctx, way) {
    const copies = way === 'in' ? ctx.settings.storage.data : ctx.settings.storage.results;
    if (copies.length === 0)
        return undefined;
    const failed = (why) => {
        const error = new Error(way === 'in'
            ? `the data was not copied in, so no ${(0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_1__/* .kindOf */ .I)(ctx.settings).noun} was made: ${why}`
            : `the results were not copied back: ${why}`);
        const [create] = plan.calls;
        if (create === undefined)
            throw error;
        return (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_2__/* .stepResult */ .GR)(plan, ctx, { calls: [{ ...(0,_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .callOutcome */ .$K)(create, { error }), taskId: undefined }] });
    };
    if (ctx.runtime.cancelled()) {
        ctx.log(`${way === 'in' ? 'data' : 'results'}: not copied: the step was cancelled`);
        // Nothing is made without its data; a job's results are left, as its run ended anyway.
        return way === 'in' ? failed('the step was cancelled') : undefined;
    }
    try {
        const { copyData } = await Promise.all(/* import() */[__nccwpck_require__.e(772), __nccwpck_require__.e(161)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1161));
        await copyData(copies, way, ctx);
        // Cancelled as the last file landed: the copy completed, but nothing is made once the step is cancelled.
        if (way === 'in' && ctx.runtime.cancelled()) {
            ctx.log('data: copied, but the step was cancelled: nothing is made');
            return failed('the step was cancelled once the data was copied');
        }
        return undefined;
    }
    catch (error) {
        if (error instanceof _basics_input_error_js__WEBPACK_IMPORTED_MODULE_4__/* .InputError */ .d)
            throw error;
        return failed(error instanceof Error ? error.message : String(error));
    }
}
/**
 * copying, and when it ran (ms since `step` started: the step's own context, where `ctx` is one of its
 * own for the copies), for the summary's timeline; no phase when there was nothing to copy.
 */
async function timedCopying(plan, ctx, way, step = ctx) {
    const fromMs = ctx.runtime.now() - step.startedAt;
    const failed = await copying(plan, ctx, way);
    const copies = way === 'in' ? ctx.settings.storage.data : ctx.settings.storage.results;
    if (copies.length === 0)
        return { failed, copies: [] };
    return {
        failed,
        copies: [{ way, fromMs, toMs: ctx.runtime.now() - step.startedAt, copied: failed === undefined }]
    };
}
/** A step's result with the copies it made (see timedCopying), after any it has. */
function withCopies(result, copies) {
    return copies.length === 0 ? result : { ...result, copies: [...(result.copies ?? []), ...copies] };
}
/**
 * What a dry run would copy, from where to where, and when: the data before anything is made, the results
 * after the job; a workspace copy over the volume's SFTP session (no session is asked for in a dry run).
 */
function sayCopies(ctx) {
    const { data, results } = ctx.settings.storage;
    for (const copy of data)
        ctx.log(`dry run: data: ${copyText(copy, 'into')} first, before anything is made`);
    for (const copy of results)
        ctx.log(`dry run: results: ${copyText(copy, 'to')} once the job ended`);
}
/**
 * `v3/ would be copied into volume work:/data`, or a workspace copy's words, for a dry run's line (the copy
 * operation's too).
 */
function copyText(copy, word) {
    const text = (place) => place.kind === 'nas'
        ? `volume ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__/* .sanitize */ .aj)(place.volume, 40)}:${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__/* .sanitize */ .aj)(place.path, 200)}`
        : place.kind === 'objects'
            ? (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__/* .sanitize */ .aj)(place.prefix, 200)
            : `the workspace's ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__/* .sanitize */ .aj)(place.path, 200)}`;
    const { volume, other } = (0,_settings_js__WEBPACK_IMPORTED_MODULE_6__/* .copySides */ ._)(copy);
    const sftp = other.kind === 'workspace'
        ? ` over volume ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_5__/* .sanitize */ .aj)(volume.volume, 40)}'s SFTP session (opened for the copy, ended after it)`
        : '';
    return `${text(copy.from)} would be copied ${word} ${text(copy.to)}${sftp}`;
}


/***/ }),

/***/ 5063:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ou: () => (/* binding */ lendReplace),
/* harmony export */   ec: () => (/* binding */ lentReplace),
/* harmony export */   y: () => (/* binding */ borrowReplace)
/* harmony export */ });
let lender;
let lent;
/** Where the replace is loaded from: said once, by the gathering point. */
function lendReplace(load) {
    lender = load;
}
/** Loads the lent replace: a capability's flow loader awaits it before its flow plans with lentReplace. */
async function borrowReplace() {
    if (lent === undefined) {
        if (lender === undefined)
            throw new Error('no replace is lent: deploy/operations.ts lends it');
        lent = await lender();
    }
    return lent;
}
/** The replace borrowReplace loaded. */
function lentReplace() {
    if (lent === undefined)
        throw new Error('the replace is not loaded: await borrowReplace() first');
    return lent;
}


/***/ }),

/***/ 445:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  Ty: () => (/* binding */ answerSinkFor),
  Au: () => (/* binding */ cleanupOf),
  AG: () => (/* binding */ printDryRun),
  eS: () => (/* binding */ startCalls),
  GR: () => (/* binding */ stepResult),
  a4: () => (/* binding */ tasksOf)
});

// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __nccwpck_require__(629);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __nccwpck_require__(9644);
;// CONCATENATED MODULE: ./deploy/engine/calls/answer-sink.ts
/** How much text the sink holds before it appends it to its files (characters of both). */
const FLUSH_AT = 32 * 1024;
/**
 * The answers of a bulk read (several reads, no wait after them), written as they come: each call's data (the data output's
 * part) and its answer as the response file keeps it, in the order of the calls, each file a JSON array.
 * Calls answer in any order, `concurrency` at a time: an answer that comes before an earlier call's waits
 * here until that one is written. A bulk step so holds the texts of a few answers at a time, never of all.
 */
class AnswerSink {
    #data;
    #response;
    #waiting = new Map();
    #next = 0;
    /** Text written but not yet appended: appended a few dozen KiB at a time, not an append per answer. */
    #pending = { data: [], response: [], length: 0 };
    constructor(openFile) {
        this.#data = openFile('data.json');
        this.#response = openFile('response.json');
    }
    /** The texts of the answer to call `index` (from 0), once it came. */
    put(index, texts) {
        this.#waiting.set(index, texts);
        for (let ready = this.#waiting.get(this.#next); ready !== undefined; ready = this.#waiting.get(this.#next)) {
            this.#waiting.delete(this.#next);
            const separator = this.#next === 0 ? '[' : ',';
            this.#pending.data.push(separator, ready.data);
            this.#pending.response.push(separator, ready.response);
            this.#pending.length += ready.data.length + ready.response.length;
            this.#next += 1;
        }
        if (this.#pending.length >= FLUSH_AT)
            this.#flush();
    }
    #flush() {
        this.#data.append(this.#pending.data.join(''));
        this.#response.append(this.#pending.response.join(''));
        this.#pending = { data: [], response: [], length: 0 };
    }
    /** Ends both arrays, once every call answered (or failed: its texts say null); answers their paths. */
    close() {
        const end = this.#next === 0 ? '[]' : ']';
        this.#pending.data.push(end);
        this.#pending.response.push(end);
        this.#flush();
        this.#data.close?.();
        this.#response.close?.();
        return { data: this.#data.path, response: this.#response.path };
    }
}

// EXTERNAL MODULE: ./deploy/engine/calls/make-calls.ts
var make_calls = __nccwpck_require__(7289);
// EXTERNAL MODULE: ./deploy/engine/cleanup-state.ts
var cleanup_state = __nccwpck_require__(6289);
// EXTERNAL MODULE: ./deploy/engine/dry-run.ts
var dry_run = __nccwpck_require__(60);
// EXTERNAL MODULE: ./deploy/engine/calls/step-result.ts
var step_result = __nccwpck_require__(5939);
;// CONCATENATED MODULE: ./deploy/engine/flows/toolkit.ts







// The parts the flows are made of: what a step leaves for the post step, its calls started and their
// tasks recorded, its result, its dry run.
/** What the post step does with what this step creates, as the cleanup input says. */
function cleanupOf(settings) {
    const kind = (0,calls/* kindOf */.I)(settings);
    if (settings.cleanup === 'pause' && kind.pause === undefined)
        throw new input_error/* InputError */.d(`cleanup is pause, but ${settings.operation} concerns a ${kind.name}, which cannot be paused: set cleanup to stop (or none, to leave it running)`);
    return { ...cleanup_state/* NO_CLEANUP */.jR, action: settings.cleanup === 'none' ? undefined : settings.cleanup };
}
/** Says what the step sends, then sends every call of the plan, its answers to `sink` when given. */
function startCalls(plan, ctx, sink) {
    ctx.log(describePlan(plan, ctx.settings));
    return (0,make_calls/* makeCalls */.Ih)(plan, ctx, sink);
}
/**
 * Where a bulk read (several calls, each a read, and no wait after them) writes its answers as they come,
 * so that it keeps none whole (see AnswerSink): files of the step's own, where its host gives it some. A
 * step that changes tasks (a stop of many) keeps its answers: a file that cannot be written must never
 * cut short the calls that stop what bills.
 */
function answerSinkFor(plan, ctx) {
    const { openFile } = ctx.runtime;
    const bulkRead = plan.calls.length > 1 && plan.wait === undefined && plan.calls.every((c) => c.traits.resend === 'read');
    return bulkRead && openFile !== undefined ? new AnswerSink(openFile) : undefined;
}
/**
 * The tasks the step concerns, as their calls left them: the ids given, or the one a create made, which
 * is recorded for the post step at once, whatever happens next.
 */
function tasksOf(calls, ctx, publish) {
    return calls.flatMap((outcome) => {
        const { taskId } = outcome;
        if (taskId === undefined)
            return [];
        if (outcome.call.traits.answers === 'new_task') {
            ctx.cleanup.add('created', [taskId]);
            ctx.log(`task_id: ${taskId}`);
        }
        return [(0,step_result/* taskAfterCall */._x)({ ...outcome, taskId }, ctx.settings.wait.statusField, publish)];
    });
}
/** A step's result: what the flow says, over nothing done. */
function stepResult(plan, ctx, fields) {
    return {
        operation: plan.operation,
        calls: [],
        tasks: [],
        criteria: undefined,
        timedOut: false,
        elapsedMs: ctx.runtime.now() - ctx.startedAt,
        startedAt: ctx.startedAt,
        replaced: [],
        bills: [],
        offers: [],
        nodeReads: undefined,
        ...fields,
        ...partsWithCap(fields.parts, ctx.settings.maxCost)
    };
}
/** The parts a flow gives, and the cap's when max_cost is set: none when there are none. */
function partsWithCap(parts, maxCost) {
    const all = [...(maxCost === undefined ? [] : [(0,step_result/* reportEntry */.jr)('cap', { maxCost })]), ...(parts ?? [])];
    return all.length === 0 ? {} : { parts: all };
}
/** Prints every request of the plan, and sends none. */
function printDryRun(plan, ctx) {
    (0,dry_run/* printRequests */.s)(plan, ctx);
    // With gpu, the resource search (a read) said where the create would go.
    ctx.log(`dry run: ${ctx.settings.capacity === undefined ? 'nothing was sent' : 'only the resource search was sent'}`);
    return Promise.resolve(undefined);
}
function describePlan(plan, settings) {
    const [first] = plan.calls;
    if (first === undefined)
        return `${plan.operation}: nothing to send`;
    const names = first.query.map(([name]) => name);
    const query = names.length === 0 ? '' : ` with query ${names.join(', ')}`;
    const tasks = plan.calls.length > 1
        ? ` for ${plan.calls.length} tasks`
        : first.taskId === undefined
            ? ''
            : ` for task ${first.taskId}`;
    const mode = settings.credentials.mode === 'rsa' ? 'RSA mode' : 'token mode';
    const body = first.body === undefined ? 'no body' : first.endpoint.encrypt ? 'encrypted body' : 'JSON body';
    return `${plan.operation}: ${first.endpoint.method} ${first.endpoint.path}${query}${tasks} (${mode}, version ${first.endpoint.version}, ${body})`;
}


/***/ }),

/***/ 3186:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   G3: () => (/* binding */ dryRunWait),
/* harmony export */   Oe: () => (/* binding */ waitedResult),
/* harmony export */   Yb: () => (/* binding */ waitFlow),
/* harmony export */   fi: () => (/* binding */ callAndWait),
/* harmony export */   h: () => (/* binding */ settleTwins),
/* harmony export */   m4: () => (/* binding */ waitForCalls)
/* harmony export */ });
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_7__ = __nccwpck_require__(2589);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(9644);
/* harmony import */ var _platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(6218);
/* harmony import */ var _calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__ = __nccwpck_require__(5939);
/* harmony import */ var _wait_criteria_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(6166);
/* harmony import */ var _tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(8258);
/* harmony import */ var _toolkit_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(445);
/* harmony import */ var _calls_make_calls_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(7289);








/**
 * Calls that act on tasks, then the wait for them, as the plan says: a create until ready, a stop until
 * ended, a pause until paused, a recover until ready, a detail when asked. A create whose first attempt
 * may still land is looked for again once the wait is over, and its twin stopped. The wait, the placement
 * and the twin's stop are loaded when a step comes to them: a step that does not wait (a detail, a stop
 * with wait: false) never compiles them. A job's run is flows/job.ts.
 */
const waitFlow = {
    plan: (settings) => {
        const plan = (0,_platform_operations_plan_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .planCalls */ .j)(settings);
        return {
            plan,
            cleanup: (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .cleanupOf */ .Au)(settings),
            run: (ctx) => callAndWait(plan, ctx),
            dryRun: (ctx) => dryRunWait(plan, ctx)
        };
    }
};
/**
 * The statuses the calls that changed a task took it out of: those the platform applies the operation to
 * (a recover, Paused). Seen still, the change has not shown yet.
 */
function leaving(calls) {
    const changes = calls.filter((c) => c.call.traits.resend === 'repeatable' && c.error === undefined);
    return [...new Set(changes.flatMap((c) => c.call.traits.appliesTo))];
}
/** Waits for the tasks the calls acted on, as the plan says, by the criteria of their kind. */
async function waitForCalls(plan, calls, ctx, besides) {
    const publish = (0,_tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_2__/* .urlPublisher */ .Cv)(ctx);
    const called = (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .tasksOf */ .a4)(calls, ctx, publish);
    const criteria = plan.wait === undefined
        ? undefined
        : (0,_wait_criteria_js__WEBPACK_IMPORTED_MODULE_3__/* .criteriaFor */ .X8)(plan.wait, ctx.settings.wait, (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_4__/* .taskKindOf */ .j2)(ctx.settings), leaving(calls));
    const waited = criteria === undefined
        ? { tasks: called, timedOut: false }
        : await (await Promise.all(/* import() */[__nccwpck_require__.e(197), __nccwpck_require__.e(688)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7688))).waitUntil(called, criteria, ctx, {
            readAlready: (0,_calls_make_calls_js__WEBPACK_IMPORTED_MODULE_5__/* .readAlready */ .XU)(calls),
            publish,
            ...capOf(plan, ctx, besides)
        });
    return { criteria, waited };
}
/**
 * max_cost over the step's wait, when set: counted from nothing for what the step's create made, from the
 * first read for tasks that were there before the step (a detail, a recover); `besides`, what else counts.
 */
function capOf(plan, ctx, besides = {}) {
    const { maxCost } = ctx.settings;
    if (maxCost === undefined)
        return {};
    const made = plan.calls.some((call) => call.traits.resend === 'create_once');
    return { cap: { maxCost, from: made ? 'made' : 'first_read', ...besides } };
}
/** The first attempt of a re-sent create may land late: by now it has had the wait to show up. */
async function settleTwins(calls, tasks, ctx) {
    const twinLookup = calls[0]?.twinLookup;
    const kept = tasks[0]?.id;
    if (twinLookup !== undefined && kept !== undefined && !ctx.runtime.cancelled())
        await (await __nccwpck_require__.e(/* import() */ 384).then(__nccwpck_require__.bind(__nccwpck_require__, 4384))).stopTwins(twinLookup, kept, ctx);
}
/** Makes every call of the plan, then waits for its tasks when the plan says so (max_cost counting `besides` too). */
async function callAndWait(plan, ctx, besides) {
    // A bulk read (no wait follows): its answers go to files as they come.
    const sink = (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .answerSinkFor */ .Ty)(plan, ctx);
    const calls = await (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .startCalls */ .eS)(plan, ctx, sink);
    const answers = sink?.close();
    const waited = await waitForCalls(plan, calls, ctx, besides);
    await settleTwins(calls, waited.waited.tasks, ctx);
    const result = waitedResult(plan, ctx, calls, waited);
    return answers === undefined ? result : { ...result, answers };
}
/** A step's result once its calls were made and their tasks waited for. */
function waitedResult(plan, ctx, calls, { criteria, waited }) {
    return (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .stepResult */ .GR)(plan, ctx, {
        calls,
        tasks: waited.tasks,
        criteria,
        timedOut: waited.timedOut,
        // What max_cost stopped beside the tasks waited on (a preview's older task) is a task the step stopped.
        replaced: waited.alongsideStopped ?? [],
        ...(waited.logFile === undefined ? {} : { parts: [(0,_calls_step_result_js__WEBPACK_IMPORTED_MODULE_6__/* .reportEntry */ .jr)('job', { logFile: waited.logFile })] })
    });
}
/** What a step that waits would do: where a create would go, and how long the step would wait. */
async function dryRunWait(plan, ctx) {
    const { placeForDryRun } = await Promise.all(/* import() */[__nccwpck_require__.e(832), __nccwpck_require__.e(327), __nccwpck_require__.e(529), __nccwpck_require__.e(126)]).then(__nccwpck_require__.bind(__nccwpck_require__, 7529));
    const { timeoutMs, timeoutWhy } = ctx.settings.wait;
    if (plan.wait !== undefined)
        ctx.log(`dry run: the step would wait up to ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_7__/* .formatDuration */ .a3)(timeoutMs)} (${timeoutWhy ?? 'wait_timeout'})`);
    return (0,_toolkit_js__WEBPACK_IMPORTED_MODULE_1__/* .printDryRun */ .AG)(await placeForDryRun(plan, ctx), ctx);
}


/***/ }),

/***/ 9415:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ DEFAULT_BASE_URL),
/* harmony export */   v: () => (/* binding */ CONNECTION_INPUTS)
/* harmony export */ });
/* harmony import */ var _parsers_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(7027);
/* harmony import */ var _input_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7591);
/* harmony import */ var _platform_platform_settings_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(9837);
/* harmony import */ var _protocol_keys_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(4997);




/**
 * The API origin when neither base_url nor DEPLOY_API_BASE_URL is set. It is not a default in
 * action.yml: a default there would fill base_url and hide the environment variable.
 */
const DEFAULT_BASE_URL = 'https://openapi.suanli.cn';
/** What to do, and where and how the step talks to the API: the address, the key, the forms. */
const CONNECTION_INPUTS = [
    (0,_input_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)({
        name: 'operation',
        type: 'choice',
        required: true,
        positional: true,
        parse: (value, name) => (0,_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .parseChoice */ .HU)(name, value, _platform_platform_settings_js__WEBPACK_IMPORTED_MODULE_2__/* .OPERATION_NAMES */ .d),
        // The operations follow, each with its summary, written from their declarations (npm run docs).
        description: 'What to do, one of the operations'
    }),
    (0,_input_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)({
        name: 'base_url',
        type: 'text',
        env: 'DEPLOY_API_BASE_URL',
        parse: (value, name) => (0,_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .parseBaseUrl */ .Q2)(name, value),
        description: 'API address, `https://` only: scheme, host and port. Falls back to `DEPLOY_API_BASE_URL`, then `https://openapi.suanli.cn`.'
    }),
    (0,_input_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)({
        name: 'token',
        type: 'secret',
        secret: true,
        env: 'DEPLOY_API_TOKEN',
        untrimmed: true,
        parse: _input_js__WEBPACK_IMPORTED_MODULE_0__/* .asText */ .e1,
        description: 'The API token of a key made in the console, from a secret. Falls back to `DEPLOY_API_TOKEN`.'
    }),
    (0,_input_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)({
        name: 'private_key',
        type: 'secret',
        secret: true,
        env: 'DEPLOY_API_PRIVATE_KEY',
        untrimmed: true,
        parse: _input_js__WEBPACK_IMPORTED_MODULE_0__/* .asText */ .e1,
        description: 'RSA mode only: the client private key (PKCS#8 PEM, PKCS#1 PEM or bare Base64 PKCS#8, encrypted or not), from a secret. Falls back to `DEPLOY_API_PRIVATE_KEY`. Leave both empty for a token-mode key.'
    }),
    (0,_input_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)({
        name: 'private_key_format',
        type: 'choice',
        default: 'auto',
        parse: (value, name) => (0,_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .parseChoice */ .HU)(name, value, _protocol_keys_js__WEBPACK_IMPORTED_MODULE_3__/* .PRIVATE_KEY_FORMATS */ .p7),
        description: '`auto` (detect), `pkcs8_pem`, `pkcs1_pem` or `pkcs8_base64`.'
    }),
    (0,_input_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)({
        name: 'private_key_passphrase',
        type: 'secret',
        secret: true,
        env: 'DEPLOY_API_PRIVATE_KEY_PASSPHRASE',
        untrimmed: true,
        parse: _input_js__WEBPACK_IMPORTED_MODULE_0__/* .asText */ .e1,
        description: 'The passphrase of an encrypted private key, from a secret. Falls back to `DEPLOY_API_PRIVATE_KEY_PASSPHRASE`.'
    }),
    (0,_input_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)({
        name: 'platform_public_key',
        type: 'key',
        file: true,
        env: 'DEPLOY_API_PLATFORM_PUBLIC_KEY',
        untrimmed: true,
        parse: _input_js__WEBPACK_IMPORTED_MODULE_0__/* .asText */ .e1,
        description: 'RSA mode only: the platform public key shown when the key was made (PEM, or bare Base64 DER), for the requests sent encrypted: `storage_check`, `transfer` and the copies of `data` and `results` (and `create` with `api_profile: spec`). Falls back to `DEPLOY_API_PLATFORM_PUBLIC_KEY`.'
    }),
    (0,_input_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)({
        name: 'api_profile',
        type: 'choice',
        default: 'live',
        parse: (value, name) => (0,_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .parseChoice */ .HU)(name, value, ['live', 'spec', 'auto']),
        description: "Whose request forms to follow where the interface spec and the platform's own reference differ: `live` (the default) or `spec`. `live` follows the platform's documented forms, for every `base_url`: create is a plain signed POST on `/api/task/deployment/create` with `task_type: Deployment` and needs `resources` and `services`, which token-mode keys can send; detail is `GET ?task_id=`; the storage check is the reference's S3 check. `spec` follows the interface spec: an encrypted create on `/api/deployment/task/create`, detail as a POST, the spec's storage check. `auto`, the former default, means `live`. The log says which is in use; `endpoints` still applies on top."
    }),
    (0,_input_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)({
        name: 'api_version',
        type: 'text',
        default: '1.0.0',
        parse: (value, name) => (0,_parsers_js__WEBPACK_IMPORTED_MODULE_1__/* .parseVersion */ .ot)(name, value),
        description: 'The interface version sent in the `version` header and signed.'
    }),
    (0,_input_js__WEBPACK_IMPORTED_MODULE_0__/* .input */ .hF)({
        name: 'endpoints',
        yaml: 'text',
        type: 'yaml',
        untrimmed: true,
        parse: _input_js__WEBPACK_IMPORTED_MODULE_0__/* .asText */ .e1,
        description: "YAML or JSON overrides per operation of its endpoint's `method:`, `path:`, `version:` and `encrypt:`, to follow platform variants, such as `detail: {method: GET}` (then the task id goes into the query)."
    })
];


/***/ }),

/***/ 4448:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  zN: () => (/* binding */ FILE_INPUTS),
  mc: () => (/* binding */ INPUTS),
  pc: () => (/* binding */ INPUT_BY_NAME),
  Qh: () => (/* binding */ INPUT_NAMES),
  pH: () => (/* binding */ SECRET_INPUTS)
});

// UNUSED EXPORTS: DEFAULT_BASE_URL, ENV_PREFIX, INPUT_DEFAULTS, flagOf, variableOf

// EXTERNAL MODULE: ./deploy/engine/inputs/parsers.ts
var parsers = __nccwpck_require__(7027);
// EXTERNAL MODULE: ./deploy/engine/inputs/input.ts
var input = __nccwpck_require__(7591);
;// CONCATENATED MODULE: ./deploy/engine/inputs/billing.ts


/** The billing window. */
const BILLING_INPUTS = [
    (0,input/* input */.hF)({
        name: 'billing_range',
        type: 'choice',
        default: 'day',
        helpRank: 18,
        parse: (value, name) => (0,parsers/* parseChoice */.HU)(name, value, ['hour', 'day', 'week', 'month']),
        description: '`billing` and `task_billing`: the period each record covers, `hour`, `day`, `week` or `month` (the platform requires one).'
    }),
    (0,input/* input */.hF)({
        name: 'billing_start',
        type: 'time',
        default: '7d',
        helpRank: 17,
        parse: input/* asText */.e1,
        description: '`billing` and `task_billing`: where the window starts, a span before `billing_end` in days, hours and minutes (`7d`, `12h`, `1d6h`) or an RFC 3339 time (`2026-01-01T00:00:00+08:00`).'
    }),
    (0,input/* input */.hF)({
        name: 'billing_end',
        type: 'time',
        default: 'now',
        helpRank: 19,
        parse: input/* asText */.e1,
        description: '`billing` and `task_billing`: where the window ends, `now` (when the step starts) or an RFC 3339 time.'
    })
];

;// CONCATENATED MODULE: ./deploy/engine/inputs/capacity.ts


const HOUR = 3_600_000;
/** Where a new task runs: the GPU it asks for, where, at what price, how long it waits for one; the images warmed first. */
const CAPACITY_INPUTS = [
    (0,input/* input */.hF)({
        name: 'gpu',
        type: 'text',
        helpRank: 3,
        parse: input/* asText */.e1,
        description: 'The GPU model as the platform names it (`gpu_name`, such as `4090` or `H20`; matched case-insensitively; for a `CpuDevice`, its `device_name`). `create`, `replace` and `job`: pick the resource instead of pasting a mark: the step searches the resources, keeps the regions of that model with `gpu_count` GPUs per node and `points` nodes in stock, and creates on the cheapest (`discount_price`, else `price`), `regions` breaking ties; refused with a `resources` field in the body. `preheat`: the GPU whose cheapest region with stock, found as a create finds it, is preheated.'
    }),
    (0,input/* input */.hF)({
        name: 'gpu_count',
        type: 'number',
        default: '1',
        parse: (value, name) => (0,parsers/* parsePositiveInteger */.zE)(name, value, 'the GPUs per node, such as 1'),
        description: 'With `gpu`: GPUs per node, as the resource search gives them for a node (a whole number of 1 or more).'
    }),
    (0,input/* input */.hF)({
        name: 'device_type',
        type: 'choice',
        default: 'GpuDevice',
        parse: (value, name) => (0,parsers/* parseChoice */.HU)(name, value, ['GpuDevice', 'CpuDevice']),
        description: 'With `gpu`: `GpuDevice` or `CpuDevice`, the kind of device searched for.'
    }),
    (0,input/* input */.hF)({
        name: 'regions',
        type: 'list',
        helpRank: 33,
        parse: parsers/* parseList */.E1,
        description: "With `gpu`: regions in order of preference, by the resource search's region tag or `region_name`, one per line or separated by commas. Price ranks first; the order breaks ties; other regions still qualify."
    }),
    (0,input/* input */.hF)({
        name: 'max_price',
        type: 'number',
        parse: (value, name) => (0,parsers/* parsePrice */.z7)(name, value),
        description: "With `gpu`: the highest price to create on, a plain number compared as the platform gives it with the resource search's `discount_price` (else `price`) of each region: the platform's number for one node of the device (an `H20 x 8` entry is one 8-card node; the platform publishes no unit). The log, a dry run and `search_resources` show each region's number. With nothing that cheap, the step fails before creating, naming the cheapest."
    }),
    (0,input/* input */.hF)({
        name: 'capacity_timeout',
        type: 'duration',
        default: '0s',
        parse: (value, name) => (value === '0' ? 0 : (0,parsers/* parseDuration */.E9)(name, value, { minMs: 0, maxMs: 6 * HOUR })),
        description: 'With `gpu`: how long to search again while no region has the stock (`0s`: fail at once; up to 6h). Searches are at least 10 s apart, as the platform asks.'
    }),
    (0,input/* input */.hF)({
        name: 'preheat',
        type: 'choice',
        default: 'none',
        parse: (value, name) => (0,parsers/* parseChoice */.HU)(name, value, ['none', 'region', 'node']),
        description: "With `gpu`: `none`, region or `node`. Before the create, region caches the services' images in the chosen region's cluster (an image preheat of that region) and `node` prepares `points` nodes of the chosen device there; the step waits until it completes (`preheat_timeout`), and a preheat that fails or times out is stopped and fails the step before anything bills. A preheat is not a reservation. `preheat`: region or `node`, the preheat to make; `none` means region."
    }),
    (0,input/* input */.hF)({
        name: 'preheat_timeout',
        type: 'duration',
        default: '30m',
        parse: (value, name) => (0,parsers/* parseDuration */.E9)(name, value, { minMs: 10_000, maxMs: 6 * HOUR }),
        description: 'How long a preheat may take before the step stops it and fails (10s to 6h), within `wait_timeout`.'
    })
];

// EXTERNAL MODULE: ./deploy/engine/inputs/connection.ts
var connection = __nccwpck_require__(9415);
;// CONCATENATED MODULE: ./deploy/engine/inputs/cost.ts


/** The spending cap. */
const COST_INPUTS = [
    (0,input/* input */.hF)({
        name: 'max_cost',
        type: 'number',
        helpRank: 25,
        parse: (value, name) => (0,parsers/* parseMaxCost */.fs)(name, value),
        description: "`create`, `replace`, `job`, and `detail`, `job_detail` or `recover` that wait: the most, in yuan (`5`, `12.50`), that what the step waits on may cost together while it waits, billed plus not billed yet (the detail's `billing_value` and `forecast_value`, 1,000,000 points a yuan), read at each poll with no request of its own. A warning, once, when the rate it is billed at (seen between two polls) would pass the cap before the wait ends; before it passes the cap (at the cap, or when at that rate the next poll would be past it), what it waits on is stopped (until its state shows it bills no more, whatever `cleanup` says) and the step fails, with the `capped` output `true` (exit code 5 for the CLI). Empty: no cap. `preview`: all of the pull request's previews together (at the cap, no new one is made and the one running is stopped); `preview_sweep`: stops the previews of a pull request whose cost together reached it."
    })
];

;// CONCATENATED MODULE: ./deploy/engine/inputs/jobs.ts


const jobs_HOUR = 3_600_000;
/** A GPU batch job's own: its mode, its time, its fallback to on demand. */
const JOB_INPUTS = [
    (0,input/* input */.hF)({
        name: 'job_type',
        type: 'choice',
        helpRank: 20,
        parse: (value, name) => (0,parsers/* parseChoice */.HU)(name, value, ['spot', 'on_demand']),
        description: "`job` and `runner`: `spot` (the platform's default and its cheaper mode: the job may wait `Queued` for stock, and is sent with its expected run, `estimated_exec_sec`) or `on_demand`. Empty: as the body's `sub_type` says, as the reference writes it (`Spot`, or null for on demand), else `spot`."
    }),
    (0,input/* input */.hF)({
        name: 'estimated_exec_sec',
        type: 'number',
        parse: (value, name) => (0,parsers/* parseIntegerInRange */.ci)(name, value, 1, 86_400),
        description: '`job` with `job_type: spot`: how long the job is expected to run, in seconds (1 to 86400), a bit longer than its real run and a bit shorter than `job_support.timeout_sec` (the platform looks for the stablest resource window by it). Empty: nine tenths of `timeout_sec`.'
    }),
    (0,input/* input */.hF)({
        name: 'spot_fallback',
        type: 'bool',
        default: 'false',
        parse: (value, name) => (0,parsers/* parseBoolean */.yG)(name, value, false),
        description: '`job` with `job_type: spot`: `true` runs the job on demand when Spot cannot run it: when the Spot job stays `Queued` (its `schedule_status`) past `queue_timeout`, it is stopped first, until its detail says `End` (never two jobs at once); when its create is refused and made no job, the job is created on demand at once. The log says which mode ran and why; `job_type` outputs it. `runner` with `job_type: spot`: the same for each runner, with its configuration (its runner never started); once one runs on demand, the runners after it are made on demand.'
    }),
    (0,input/* input */.hF)({
        name: 'queue_timeout',
        type: 'duration',
        default: '10m',
        parse: (value, name) => (0,parsers/* parseDuration */.E9)(name, value, { minMs: 10_000, maxMs: 6 * jobs_HOUR }),
        description: '`job` and `runner` with `spot_fallback: true`: how long a Spot job may stay `Queued` before it is stopped and the job run on demand, such as `10m` (10 s to 6 h).'
    })
];

;// CONCATENATED MODULE: ./deploy/engine/inputs/limits.ts


/** How long, how large, how many: the bounds of each request and of the step's concurrency. */
const LIMIT_INPUTS = [
    (0,input/* input */.hF)({
        name: 'request_timeout',
        type: 'duration',
        default: '30s',
        parse: (value, name) => (0,parsers/* parseDuration */.E9)(name, value, { minMs: 1000, maxMs: 5 * 60_000 }),
        description: 'How long one request may take; the step never runs past `wait_timeout` by more than this.'
    }),
    (0,input/* input */.hF)({
        name: 'max_response_size',
        type: 'size',
        default: '16MiB',
        parse: (value, name) => (0,parsers/* parseSize */.DB)(name, value, { min: 64 * 1024, max: 256 * 1024 * 1024 }),
        description: 'The largest answer read, such as `512KiB` or `16MiB` (64 KiB to 256 MiB); a larger answer fails the request, naming this limit, and the outputs are still written.'
    }),
    (0,input/* input */.hF)({
        name: 'max_retries',
        type: 'number',
        default: '5',
        parse: (value, name) => (0,parsers/* parseIntegerInRange */.ci)(name, value, 0, 10),
        description: 'Retries of a request that failed in a way that may pass (network errors, 429, 5xx, an answer that is not JSON), with exponential backoff; a create is only sent again when it certainly made no task (0 to 10).'
    }),
    (0,input/* input */.hF)({
        name: 'concurrency',
        type: 'number',
        default: '4',
        parse: (value, name) => (0,parsers/* parseIntegerInRange */.ci)(name, value, 1, 32),
        description: 'Requests in flight at once when `task_id` lists several tasks (1 to 32).'
    })
];

;// CONCATENATED MODULE: ./deploy/engine/inputs/previews.ts


const previews_HOUR = 3_600_000;
/** A pull request's previews: the GitHub token, the comment, how many, how long idle. */
const PREVIEW_INPUTS = [
    (0,input/* input */.hF)({
        name: 'github_token',
        type: 'secret',
        default: '${{ github.token }}',
        secret: true,
        parse: parsers/* parseGitHubToken */.YD,
        description: "`preview` and `preview_sweep`: the token GitHub's records are written with (deployments, their statuses, the comment) and pull requests read; the workflow's own by default. Grant it `deployments: write` and `pull-requests: write` in the workflow's `permissions`. `runner`, `runner_stop`, `runner_sweep`: a token that registers and removes self-hosted runners, which the workflow's own never can: a fine-grained token or a GitHub App's with `administration: write` on the repository (`organization_self_hosted_runners: write` with `runner_scope: org`), passed from a secret, and `actions: read` for `runner_sweep`."
    }),
    (0,input/* input */.hF)({
        name: 'comment',
        type: 'bool',
        default: 'false',
        helpRank: 34,
        parse: (value, name) => (0,parsers/* parseBoolean */.yG)(name, value, false),
        description: "`preview`: `true` keeps one comment on the pull request (found again by a hidden marker, updated in place on each push and on close) with the URL, the GPU and region, the status, and what this push's and all of the pull request's previews have cost. `false`: the deployment's status alone carries the URL."
    }),
    (0,input/* input */.hF)({
        name: 'max_previews',
        type: 'number',
        default: '5',
        helpRank: 35,
        parse: (value, name) => (0,parsers/* parseIntegerInRange */.ci)(name, value, 1, 100),
        description: "`preview`: the most previews of `task_name` that run at once, for different pull requests (1 to 100). A new one beyond it is not made, and the step fails naming those that run; a pull request's next push replaces its own preview whatever the count."
    }),
    (0,input/* input */.hF)({
        name: 'preview_ttl',
        type: 'duration',
        default: '3d',
        helpRank: 36,
        parse: (value, name) => (0,parsers/* parseDuration */.E9)(name, value, { minMs: previews_HOUR, maxMs: 90 * 24 * previews_HOUR }),
        description: "`preview_sweep`: a preview whose pull request has not been deployed for this long (its newest deployment's age: `36h`, `3d`; an hour to 90 days) is stopped, even if the pull request is open. The next push brings it back."
    })
];

;// CONCATENATED MODULE: ./deploy/engine/inputs/request.ts


/** What the calls carry: the body, the query, and a request of any endpoint. */
const REQUEST_INPUTS = [
    (0,input/* input */.hF)({
        name: 'body',
        yaml: 'text',
        requestContent: true,
        type: 'yaml',
        untrimmed: true,
        helpRank: 5,
        parse: input/* asText */.e1,
        description: "A YAML or JSON mapping of body fields, sent after the operation's own fields; the whole body for `storage_check` and `request`. A field the operation sets from an input (`task_name`, `points`; in `query`, `status` and `job_search`'s `search_value`), as a body copied from the platform's reference has it, fills that input when it is empty, and is refused only when both say different values. `create` and `replace`: `services` (each with `service_name`, `service_image` and `remote_ports`), and `resources` unless `gpu` picks them. `job`: `job_support` (`timeout_sec`, `parallelism`, `mod_param`) and `services` (each with `service_name`, `service_image`, `resource_weight` and its `start_script`). `preheat`: a create's body: the images of its `services` are preheated. `update`: the changes, as a part of the task's configuration (`services` matched by `service_name`, such as `{services: [{service_name: web, service_image: \"app:2\"}]}`); the registry credentials cannot be changed after creation and are refused."
    }),
    (0,input/* input */.hF)({
        name: 'body_file',
        yaml: 'text',
        requestContent: true,
        type: 'text',
        helpRank: 4,
        parse: input/* asText */.e1,
        description: 'A YAML or JSON file with more body fields, for bodies too big for an input (the runner passes inputs as environment variables, at most 128 KiB each): a regular file of at most 1 MiB inside the workspace (path from there) or `RUNNER_TEMP`; any other path is refused.',
        cliDescription: "A YAML or JSON file with more body fields, for bodies too big for a flag: a regular file of at most 1 MiB, its path from the working directory (any directory: the workspace rule is the action's)."
    }),
    (0,input/* input */.hF)({
        name: 'query',
        yaml: 'text',
        requestContent: true,
        type: 'yaml',
        untrimmed: true,
        helpRank: 15,
        parse: input/* asText */.e1,
        description: 'A YAML or JSON mapping of query parameters; a list becomes a comma-separated value. `job_group_search` needs `queue_id`, `job_group_detail` needs `group_id`.'
    }),
    (0,input/* input */.hF)({
        name: 'method',
        type: 'choice',
        helpRank: 13,
        parse: (value, name) => (0,parsers/* parseChoice */.HU)(name, value.toUpperCase(), ['GET', 'POST']),
        description: '`request`: `GET` or `POST`.'
    }),
    (0,input/* input */.hF)({
        name: 'path',
        type: 'text',
        helpRank: 14,
        parse: (value, name) => (0,parsers/* parsePath */.Rr)(name, value),
        description: '`request`: the endpoint path, such as `/api/deployment/task/search`.'
    }),
    (0,input/* input */.hF)({
        name: 'encrypt',
        type: 'bool',
        default: 'false',
        helpRank: 37,
        parse: (value, name) => (0,parsers/* parseBoolean */.yG)(name, value, false),
        description: '`request`: `true` to send the body encrypted with the platform public key.'
    })
];

;// CONCATENATED MODULE: ./deploy/engine/inputs/runners.ts


const MINUTE = 60_000;
/** Where a runner registers: the repository's runners, or its organization's. */
const RUNNER_SCOPES = ['repo', 'org'];
/**
 * GitHub's limit on a self-hosted runner's job (5 days): a runner that lives longer can run nothing more,
 * and the platform's job limit is not published.
 */
const MOST_RUNNER_TIMEOUT_MS = 5 * 24 * 60 * MINUTE;
/** A GPU runner for a workflow's job (runner, runner_stop, runner_sweep). */
const RUNNER_INPUTS = [
    (0,input/* input */.hF)({
        name: 'runner_scope',
        type: 'choice',
        default: 'repo',
        helpRank: 40,
        parse: (value, name) => (0,parsers/* parseChoice */.HU)(name, value, RUNNER_SCOPES),
        description: "`runner`, `runner_stop`, `runner_sweep`: where the runner registers: `repo`, the repository's runners (`github_token` needs `administration: write` on it), or `org`, the organization that owns the repository (`organization_self_hosted_runners: write`; the repository must be allowed the Default runner group)."
    }),
    (0,input/* input */.hF)({
        name: 'runner_labels',
        type: 'list',
        helpRank: 41,
        parse: (value, name) => (0,parsers/* parseRunnerLabels */.nV)(name, value),
        description: '`runner`: labels the runner has beside its own (separated by commas: `gpu, a100`; at most 10). Its own label, unique to the workflow run and attempt, is `runner_label`; `runs_on` names it.'
    }),
    (0,input/* input */.hF)({
        name: 'runners',
        type: 'number',
        default: '1',
        helpRank: 42,
        parse: (value, name) => (0,parsers/* parseIntegerInRange */.ci)(name, value, 1, 20),
        description: '`runner`: how many runners to start (1 to 20), one platform job and one just-in-time configuration each, for a matrix of that many jobs: each runner takes one job. They share `runner_label`.'
    }),
    (0,input/* input */.hF)({
        name: 'runner_timeout',
        type: 'duration',
        default: '1h',
        helpRank: 43,
        parse: (value, name) => (0,parsers/* parseDuration */.E9)(name, value, { minMs: 5 * MINUTE, maxMs: MOST_RUNNER_TIMEOUT_MS }),
        description: "`runner`: the most a runner's platform job runs (its `job_support.timeout_sec`; 5m to 5d, GitHub's limit for a self-hosted runner's job): the platform ends a runner that never got a job, or whose job hangs, then. A runner that took its job exits when the job ends, and its platform job with it."
    }),
    (0,input/* input */.hF)({
        name: 'allow_untrusted',
        type: 'bool',
        default: 'false',
        parse: (value, name) => (0,parsers/* parseBoolean */.yG)(name, value, false),
        description: "`runner`: `true` starts runners on `pull_request` events from forks and on `pull_request_target`, which are refused otherwise: a self-hosted runner runs the pull request's code, with whatever the runner's machine can reach (docs/security.md)."
    })
];

// EXTERNAL MODULE: ./deploy/engine/cleanup-state.ts
var cleanup_state = __nccwpck_require__(6289);
;// CONCATENATED MODULE: ./deploy/engine/inputs/step.ts



/** What the step leaves behind: its summary, its cleanup, and whether it sends anything at all. */
const STEP_INPUTS = [
    (0,input/* input */.hF)({
        name: 'summary',
        type: 'bool',
        default: 'true',
        parse: (value, name) => (0,parsers/* parseBoolean */.yG)(name, value, true),
        description: 'Write a job summary: a table per task, where the time and the money went (Mermaid diagrams, with tables beside them), and the status timeline.'
    }),
    (0,input/* input */.hF)({
        name: 'cleanup',
        type: 'choice',
        defaultFor: (operation) => operation.cleanupByDefault ?? 'none',
        helpRank: 24,
        parse: (value, name) => (0,parsers/* parseChoice */.HU)(name, value, cleanup_state/* CLEANUP_CHOICES */.uu),
        description: '`none`, `stop` or `pause`: a post step stops or pauses every task this step created, whatever happened to the job, including a task a create made while the job was being cancelled (found by its name). The platform pauses `Running` tasks only: a task still `Pending` is paused once it runs, within `cleanup_timeout`. Empty: `none` (a deploy step makes a service for later steps), except for `job`, whose default is `stop`: a job is only worth its verdict, so one whose wait ended before it did (timed out, cancelled) is stopped in the step itself, at once; `none` leaves it running on purpose. A job cannot be paused.'
    }),
    (0,input/* input */.hF)({
        name: 'cleanup_timeout',
        type: 'duration',
        default: '2m',
        parse: (value, name) => (0,parsers/* parseDuration */.E9)(name, value, { minMs: 5000, maxMs: 30 * 60_000 }),
        description: "How long the post step keeps trying to stop or pause a task (retrying network errors, 429 and 5xx as Retry-After asks, whatever `max_retries` says), looking for a task a create may still make, and finishing an update's rollback or a cancelled scale up (waiting for its new nodes, to set the count back if one fails), before it gives up, fails, and says what to do by hand (5s to 30m)."
    }),
    (0,input/* input */.hF)({
        name: 'dry_run',
        type: 'bool',
        default: 'false',
        helpRank: 39,
        parse: (value, name) => (0,parsers/* parseBoolean */.yG)(name, value, false),
        description: 'Validate the inputs, build, encrypt and sign the request, print it, and send nothing. The token and signature are never printed, nor the value of any body field or query parameter whose name holds `"key"`, `"secret"`, `"token"`, `"password"`, `"passwd"`, `"auth"`, `"credential"` or `"signature"`, or is the word `"sk"` or `"ak"` (case-insensitive): those read `<redacted>`. A `sweep` in a dry run reads the task search and lists the tasks it would stop, and changes nothing.'
    })
];

;// CONCATENATED MODULE: ./deploy/engine/inputs/storage.ts


/** The cluster storage: volumes, transfers and the object storage they copy from, mounts, and the copies of data and results. */
const STORAGE_INPUTS = [
    (0,input/* input */.hF)({
        name: 'volume',
        type: 'text',
        parse: (value, name) => (0,parsers/* parseVolumeName */.$l)(name, value),
        description: "`volume` and `volume_delete`: the cluster storage volume, by its name (1 to 32 characters), or by its `storage_id`. `volume` looks for it by name across the list's pages and creates it when none has the name; two volumes of the name are refused (set the `storage_id`). `transfer`: the volume to copy to or from, which must be `Active`. `transfer_list`: the transfers of that volume only."
    }),
    (0,input/* input */.hF)({
        name: 'size',
        type: 'size',
        helpRank: 7,
        parse: (value, name) => (0,parsers/* parseGiB */.gg)(name, value),
        description: '`volume`: the least size of the volume, in whole GiB (`100`, or `100GiB`; sent in bytes, GiB x 1,073,741,824). A volume that holds less is grown, never shrunk; needed to create one.'
    }),
    (0,input/* input */.hF)({
        name: 'region',
        type: 'text',
        helpRank: 8,
        parse: input/* asText */.e1,
        description: "`volume`: the region the volume must be in, by the storage's tag (such as `bj-001`, as `volume_options` lists them, before any volume exists, and `volume_list` shows them; the storage's tags are not the GPU regions') or by the region's name (such as `\u5317\u4eac\u4e00\u533a`, which the GPU regions share): a new one is made there, and one found elsewhere fails the step (a volume cannot move). Empty: the cheapest configuration with room, by its displayed price. `volume_list`: the volumes of that region only."
    }),
    (0,input/* input */.hF)({
        name: 'storage_class',
        type: 'text',
        parse: (value, name) => (0,parsers/* parseStorageClass */.Ti)(name, value),
        description: '`volume`: the storage class the volume must be of, by its id (such as `nfs-standard`, as `volume_list` shows it) or by its name as the platform shows it (such as `\u6807\u51c6\u578b`): a new one is made from a configuration of that class (the cheapest with room, in `region` when one is set; none of that class there fails the step before anything is made, naming the classes there are), and one found of another class fails the step. Empty: any class. `volume_list`: the volumes of that class only.'
    }),
    (0,input/* input */.hF)({
        name: 'volume_cleanup',
        type: 'choice',
        default: 'keep',
        helpRank: 38,
        parse: (value, name) => (0,parsers/* parseChoice */.HU)(name, value, ['keep', 'delete']),
        description: "`volume`: what becomes of a volume the step creates once the job ends: `keep` (the default: it is the data's home for the next runs, which find it by name) or `delete` (the post step deletes it, and asks again until no list shows it). A volume the step did not create is never deleted."
    }),
    (0,input/* input */.hF)({
        name: 'confirm',
        type: 'text',
        helpRank: 12,
        parse: input/* asText */.e1,
        description: "`volume_delete`: the volume's name or `storage_id`, typed again. A deletion cannot be undone; a `confirm` that names neither is refused, and nothing is deleted."
    }),
    (0,input/* input */.hF)({
        name: 'force',
        type: 'bool',
        default: 'false',
        parse: (value, name) => (0,parsers/* parseBoolean */.yG)(name, value, false),
        description: "`volume_delete`: delete a volume even though it is mounted in a task or a transfer is under way (sent as the platform's `force`, which skips its checks). Otherwise that is refused."
    }),
    (0,input/* input */.hF)({
        name: 'transfer_id',
        type: 'text',
        helpRank: 9,
        parse: (value, name) => (0,parsers/* parseTransferId */.A6)(name, value),
        description: "`transfer_detail` and `transfer_stop`: the transfer, as digits (a `transfer` step's `transfer_id` output, or as `transfer_list` shows it)."
    }),
    (0,input/* input */.hF)({
        name: 'direction',
        type: 'choice',
        helpRank: 10,
        parse: (value, name) => (0,parsers/* parseChoice */.HU)(name, value, ['s3-to-volume', 'volume-to-s3']),
        description: "`transfer`: `s3-to-volume` (copy the bucket's prefix into the volume's path) or `volume-to-s3` (the volume's path into the bucket's prefix)."
    }),
    (0,input/* input */.hF)({
        name: 's3_supplier',
        type: 'text',
        parse: input/* asText */.e1,
        description: "`transfer`, `job`, `runner`, `create`, `replace` and `copy`: the object storage's vendor, as the platform names it (`tencent`, `aws`, `aliyun`, `minio`...)."
    }),
    (0,input/* input */.hF)({
        name: 's3_endpoint',
        type: 'text',
        parse: input/* asText */.e1,
        description: "`transfer`, `job`, `runner`, `create`, `replace` and `copy`: the object storage's endpoint, such as `cos.ap-guangzhou.myqcloud.com`."
    }),
    (0,input/* input */.hF)({
        name: 's3_bucket',
        type: 'text',
        helpRank: 28,
        parse: input/* asText */.e1,
        description: '`transfer`, `job`, `runner`, `create`, `replace` and `copy`: the bucket.'
    }),
    (0,input/* input */.hF)({
        name: 's3_prefix',
        type: 'text',
        helpRank: 26,
        parse: input/* asText */.e1,
        description: "`transfer`: the object prefix in the bucket (`datasets/v3/`); empty for the bucket's root."
    }),
    (0,input/* input */.hF)({
        name: 's3_access_key',
        type: 'secret',
        secret: true,
        env: 'DEPLOY_S3_ACCESS_KEY',
        parse: input/* asText */.e1,
        description: "`transfer`, `job`, `runner`, `create`, `replace` and `copy`: the object storage's access key, from a secret. Falls back to `DEPLOY_S3_ACCESS_KEY`. Masked before the first log line; sent only in the encrypted check and create, which the platform uses for that request and does not keep."
    }),
    (0,input/* input */.hF)({
        name: 's3_secret_key',
        type: 'secret',
        secret: true,
        env: 'DEPLOY_S3_SECRET_KEY',
        parse: input/* asText */.e1,
        description: "`transfer`, `job`, `runner`, `create`, `replace` and `copy`: the object storage's secret key, from a secret. Falls back to `DEPLOY_S3_SECRET_KEY`. Masked and sent as `s3_access_key` is."
    }),
    (0,input/* input */.hF)({
        name: 'volume_path',
        type: 'text',
        default: '/',
        helpRank: 27,
        parse: (value, name) => (0,parsers/* parseVolumePath */.JY)(name, value),
        description: '`transfer`: the path in the volume, absolute (`/datasets/imagenet`); `/` for its root.'
    }),
    (0,input/* input */.hF)({
        name: 'overwrite_policy',
        type: 'choice',
        default: 'hash',
        parse: (value, name) => (0,parsers/* parseChoice */.HU)(name, value, ['hash', 'skip', 'overwrite']),
        description: '`transfer`, `job`, `runner`, `create`, `replace` and `copy`: what is copied again when it is at the destination already. `hash` (the default) compares contents, so a changed file is copied and an unchanged one is not; `skip` never copies a file whose name is there (faster, but a file changed under the same name stays stale); `overwrite` copies everything again.'
    }),
    (0,input/* input */.hF)({
        name: 'ignore_patterns',
        type: 'list',
        untrimmed: true,
        parse: (value, name) => (0,parsers/* parseSuffixes */.rl)(name, value),
        description: '`transfer`, `job`, `runner`, `create`, `replace` and `copy`: file name endings never copied (`.tmp`, `.log`), separated by commas or one per line.'
    }),
    (0,input/* input */.hF)({
        name: 'transfer_retries',
        type: 'number',
        default: '2',
        parse: (value, name) => (0,parsers/* parseIntegerInRange */.ci)(name, value, 0, 10),
        description: '`transfer`, `job`, `runner`, `create`, `replace` and `copy`: how often a transfer that fails (`Error`, `Exception`) is submitted again, each time as a new transfer (0 to 10).'
    }),
    (0,input/* input */.hF)({
        name: 'volumes',
        type: 'lines',
        untrimmed: true,
        helpRank: 29,
        parse: (value, name) => (0,parsers/* parseMounts */.qV)(name, value, 'nas'),
        description: "`create`, `replace`, `preview`, `job`, `runner` and `update`: cluster storage volumes to mount, one a line, as `volume:/path/in/container` (in every service) or `service:volume:/path` (in that one), the volume by its name or `storage_id`. Each must be `Active` (checked before anything is sent), and all in one region: the platform mounts a volume only in a task of its region, so `gpu` searches only there (and fails naming the regions that have the stock when it has none). Sent as each service's `nas_storage_config`."
    }),
    (0,input/* input */.hF)({
        name: 'juicefs_mounts',
        type: 'lines',
        untrimmed: true,
        parse: (value, name) => (0,parsers/* parseMounts */.qV)(name, value, 'juicefs'),
        description: "`create`, `replace`, `preview`, `job`, `runner` and `update`: object storages accelerated for mounts (JuiceFS, set up in the platform's console) to mount, one a line, as `storage:/path/in/container` (in every service) or `service:storage:/path` (in that one), the storage by its name or `storage_id` as the platform's `get_storage` lists it. Each must be accelerated (`Activate`), and the task runs only where all the storages it mounts can be (an object storage's accelerated regions, a volume's own): `gpu` searches only there. Sent as each service's `storage_config`."
    }),
    (0,input/* input */.hF)({
        name: 'data',
        type: 'lines',
        untrimmed: true,
        helpRank: 30,
        parse: (value, name) => (0,parsers/* parseCopies */.vR)(name, value, 'in'),
        description: "`job`, `runner`, `create` and `replace`: the data, copied into volumes before the job or task is made (no GPU bills while it copies), one copy a line: `prefix/ -> volume:/path` copies the prefix of the bucket the `s3_*` inputs name into the volume's path, as `transfer` copies (checked first, followed, retried; what is there already is not copied again, as `overwrite_policy` says); `./dir/ -> volume:/path` copies a file or directory of the workspace (`.` or a path that starts with `./`, from `GITHUB_WORKSPACE`, or the working directory; nothing outside it, no link out of it) over the volume's SFTP session, 4 files at once, skipping a file of the same size and content already there (no `s3_*` input needed). The volume by its name or `storage_id`. A copy that does not complete fails the step, and nothing is made. Mount the volume with `volumes`."
    }),
    (0,input/* input */.hF)({
        name: 'results',
        type: 'lines',
        untrimmed: true,
        helpRank: 31,
        parse: (value, name) => (0,parsers/* parseCopies */.vR)(name, value, 'out'),
        description: "`job`: its results, copied back after the job ended, also when it failed, so that its outputs and logs survive, one copy a line: `volume:/path -> prefix/` into the bucket the `s3_*` inputs name, or `volume:/path -> ./dir/` into the workspace over the volume's SFTP session (the directory made if missing; nothing written outside it whatever names the volume holds, links on the volume skipped). The copies have a `wait_timeout` of their own; one that does not complete fails the step. (A service runs until it is stopped: copy its results with `transfer` once it is.)"
    }),
    (0,input/* input */.hF)({
        name: 'copies',
        type: 'lines',
        untrimmed: true,
        helpRank: 32,
        parse: (value, name) => (0,parsers/* parseCopies */.vR)(name, value, 'any'),
        description: "`copy`: what it copies, one copy a line, one after the other, as `data` and `results` write them, either way: `./dir/ -> volume:/path` uploads a file or directory of the workspace (`.` or a path that starts with `./`, from `GITHUB_WORKSPACE`, or the working directory; nothing outside it, no link out of it) into the volume, `volume:/path -> ./dir/` downloads into the workspace (the directory made if missing; nothing written outside it whatever names the volume holds), each over the volume's SFTP session (opened for the copy, destroyed after it), 4 files at once, skipping a file of the same size and content already there; `prefix/ -> volume:/path` and `volume:/path -> prefix/` copy through the bucket the `s3_*` inputs name, as `transfer` does. The volume by its name or `storage_id`; it must exist. The first copy that does not complete fails the step, and the copies after it are not made."
    })
];

// EXTERNAL MODULE: ./platform/task-data.ts
var task_data = __nccwpck_require__(8998);
;// CONCATENATED MODULE: ./deploy/engine/inputs/tasks.ts



/** Which tasks: the name of a new one, its nodes, the ids of those it concerns, the statuses a search asks for. */
const TASK_INPUTS = [
    (0,input/* input */.hF)({
        name: 'task_name',
        type: 'text',
        helpRank: 2,
        parse: input/* asText */.e1,
        description: "`create` and `replace`: the name of the new task. `preview` and `preview_sweep`: the name the previews are named after (`web` makes `web-pr-42` for pull request 42). `job`: the name of the new job. `preheat`: the name of the preheat task. `sweep`: a name pattern, where `*` matches any run of characters and nothing else is special (`pr-42-*`); it needs at least 3 characters besides `*`. `update`: instead of `task_id`, the exact name of the one live task to change. `job_search`: the jobs whose name holds it. `transfer` and `copy`: the start of the transfer's name (the volume's name when empty), to which the step adds what makes it unique to the run (`copy`: of a copy through object storage). `runner`: the word the runners are named after, letters, digits, `.`, `_` and `-` (`gpu` makes the label `gpu-<run id>-<attempt>` and the runners, each its platform job, `gpu-<run id>-<attempt>-1`...). `runner_stop`: the runner step's, whose runners of this run it stops. `runner_sweep`: the runner steps', whose runners of every run it sweeps."
    }),
    (0,input/* input */.hF)({
        name: 'points',
        type: 'number',
        helpRank: 6,
        parse: (value, name) => (0,parsers/* parsePositiveInteger */.zE)(name, value, 'the number of nodes, such as 1'),
        description: "`create`, `replace` and `preview`: the number of nodes, a whole number of 1 or more; the platform makes 1 node when it is not set. `change_points` and `scale`: the new number of nodes, a whole number of 1 or more. `job`: the job's completions, how many times it must succeed (each run is a pod; `job_support.parallelism` of them at once), a whole number of 1 or more; 1 when not set."
    }),
    (0,input/* input */.hF)({
        name: 'task_id',
        yaml: 'list',
        type: 'list',
        untrimmed: true,
        helpRank: 1,
        parse: input/* asText */.e1,
        description: 'The task, as digits (ids beyond 2^53 stay exact). `detail`, `stop`, `pause`, `recover`, `nodes`, `job_detail`, `job_stop`, `runner_stop` and `billing` (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (`1229831, 1229832`), or as a YAML or JSON list (`[1229831, 1229832]`). Anything else is refused before sending: `1,229,832` reads as one number with thousands separators, and ids separated by spaces alone could be one number. `sweep`: the tasks to keep, whatever their name.'
    }),
    (0,input/* input */.hF)({
        name: 'point_id',
        type: 'text',
        helpRank: 11,
        parse: (value, name) => (0,parsers/* parsePointId */.$0)(name, value),
        description: '`replace_node`: the node to delete (its point id, as the `nodes` operation lists it), or `failed` for every node of the task that is `Failed` or crash-looping (see `max_restarts`).'
    }),
    (0,input/* input */.hF)({
        name: 'delete_last_node',
        type: 'bool',
        default: 'false',
        parse: (value, name) => (0,parsers/* parseBoolean */.yG)(name, value, false),
        description: "`replace_node`: delete the node even when it is the task's last running one (the service stops until its replacement comes up). Otherwise that is refused before sending."
    }),
    (0,input/* input */.hF)({
        name: 'task_status',
        type: 'list',
        default: task_data/* ACTIVE_STATUSES */.az.join(','),
        helpRank: 16,
        parse: (value, name) => (0,parsers/* parseStatuses */.O7)(name, value),
        description: '`search_tasks` and `job_search`: the statuses to list, separated by commas, from `Running`, `Pending`, `Paused` and `End` (the task search requires a status; its `type` is always `Deployment`).'
    })
];

// EXTERNAL MODULE: ./deploy/engine/step-defaults.ts
var step_defaults = __nccwpck_require__(8074);
;// CONCATENATED MODULE: ./deploy/engine/inputs/wait.ts



const wait_HOUR = 3_600_000;
/** The wait: until when, how often, what ends it, and the health check of the service URLs. */
const WAIT_INPUTS = [
    (0,input/* input */.hF)({
        name: 'wait',
        type: 'choice',
        default: 'auto',
        standsAlone: true,
        helpRank: 21,
        parse: (value, name) => (0,parsers/* parseChoice */.HU)(name, value, ['auto', 'true', 'false']),
        description: '`auto` (`create`, `stop`, `pause`, `recover`, `job` and `job_stop` wait; the others do not), `true` (`detail` then waits until ready, `job_detail` until the job ends: `Complete`, else the step fails), or `false`.'
    }),
    (0,input/* input */.hF)({
        name: 'wait_timeout',
        type: 'duration',
        defaultFor: (operation) => (0,step_defaults/* describeDefaultWait */.a4)(operation.name),
        helpRank: 22,
        parse: (value, name) => (0,parsers/* parseDuration */.E9)(name, value, { minMs: 1000, maxMs: step_defaults/* MOST_WAIT_MS */.Vt }),
        description: "How long to wait at most, such as `90s`, `15m` or `1h30m` (at most `6h`). Empty: `15m`; for `job`, the job's `job_support.timeout_sec`, plus `15m` for it to start, plus `queue_timeout` with `spot_fallback` (at most `6h`), so that the wait never ends before the job could. A `wait_timeout` shorter than a job's `timeout_sec` is warned of."
    }),
    (0,input/* input */.hF)({
        name: 'poll_interval',
        type: 'duration',
        default: '10s',
        parse: (value, name) => (0,parsers/* parseDuration */.E9)(name, value, { minMs: 1000, maxMs: wait_HOUR }),
        description: 'Time between status checks while waiting (at least `1s`; the platform asks for no more than one check every 10 seconds).'
    }),
    (0,input/* input */.hF)({
        name: 'status_field',
        type: 'text',
        default: 'status',
        parse: (value, name) => (0,parsers/* parseFieldPath */.Zl)(name, value),
        description: "Dot path to the status in the task detail's data."
    }),
    (0,input/* input */.hF)({
        name: 'success_statuses',
        type: 'list',
        untrimmed: true,
        parse: (value, name) => (0,parsers/* parseWords */.nl)(name, value),
        description: "Statuses that end a wait well, separated by commas. `create`, `replace`, `detail` and `recover`: by default `Running` (until ready). `job` and `job_detail`: by default `Complete` (the job's `job_status`)."
    }),
    (0,input/* input */.hF)({
        name: 'failure_statuses',
        type: 'list',
        untrimmed: true,
        parse: (value, name) => (0,parsers/* parseWords */.nl)(name, value),
        description: 'Statuses that fail a wait, separated by commas. `create`, `replace`, `detail` and `recover`: by default `Other, End, Paused` (until ready). `job` and `job_detail`: by default `Failed`, and `Paused` or `End` (a job stopped before it ended).'
    }),
    (0,input/* input */.hF)({
        name: 'wait_for_urls',
        type: 'bool',
        default: 'true',
        parse: (value, name) => (0,parsers/* parseBoolean */.yG)(name, value, true),
        description: 'When waiting until ready, also wait until every service port has its URL, and an absolute http(s) one: a task whose URL is anything else is not ready.'
    }),
    (0,input/* input */.hF)({
        name: 'max_restarts',
        type: 'number',
        default: '3',
        parse: (value, name) => (0,parsers/* parseIntegerInRange */.ci)(name, value, 0, 1000),
        description: "While waiting until ready, fail at once when a container of the task has restarted this many times (a crash loop), naming the node, the container's reason and exit code; a node whose status is Failed fails the wait too. 0 disables the restart rule."
    }),
    (0,input/* input */.hF)({
        name: 'log_lines',
        type: 'number',
        default: '50',
        helpRank: 32,
        parse: (value, name) => (0,parsers/* parseIntegerInRange */.ci)(name, value, 0, 1000),
        description: "`create`, `replace`, `preview`, `detail` and `recover`: when a wait until ready fails or times out, the last lines of each service's log shown for each node that does not run (at most 3 nodes), with the node's last events; 0 shows the events alone. `job` and `job_detail`: when the job fails or its wait times out, the last lines of the log of each pod that failed (at most 3), with its events. `logs`: the last lines of each service's log shown for each node."
    }),
    (0,input/* input */.hF)({
        name: 'health_path',
        type: 'text',
        helpRank: 23,
        parse: (value, name) => (0,parsers/* parseHealthPath */.fj)(name, value),
        description: 'A path, such as `/health`, checked at each service URL once the task is ready: the step sends `GET <url><health_path>` (no API credentials; the same TLS and proxy rules as the API) until each URL answers a status of `health_status`, within `wait_timeout`, and fails naming the URL and its last answer if one does not. Empty: no check.'
    }),
    (0,input/* input */.hF)({
        name: 'health_status',
        type: 'list',
        default: '200-299',
        parse: (value, name) => (0,parsers/* parseStatusRanges */.C2)(name, value),
        description: 'The HTTP statuses a health check accepts: codes or ranges, separated by commas, such as `200-299,401`.'
    }),
    (0,input/* input */.hF)({
        name: 'poll_error_budget',
        type: 'number',
        default: '5',
        parse: (value, name) => (0,parsers/* parseIntegerInRange */.ci)(name, value, 1, 100),
        description: 'Failed status checks in a row (network errors, 5xx) that end the wait for a task.'
    })
];

;// CONCATENATED MODULE: ./deploy/engine/inputs/index.ts













/** Every input, declared once, group by group: action.yml lists them in this order. */
const INPUTS = [
    ...connection/* CONNECTION_INPUTS */.v,
    ...TASK_INPUTS,
    ...CAPACITY_INPUTS,
    ...JOB_INPUTS,
    ...STORAGE_INPUTS,
    ...REQUEST_INPUTS,
    ...WAIT_INPUTS,
    ...LIMIT_INPUTS,
    ...STEP_INPUTS,
    ...COST_INPUTS,
    ...PREVIEW_INPUTS,
    ...RUNNER_INPUTS,
    ...BILLING_INPUTS
];
/** Every input's name, in action.yml's order. */
const INPUT_NAMES = INPUTS.map((declared) => declared.name);
/** Each input's declaration, by its name. */
const INPUT_BY_NAME = new Map(INPUTS.map((declared) => [declared.name, declared]));
/** Inputs that hold a secret: the CLI takes them from the environment or a file, never from a flag. */
const SECRET_INPUTS = INPUTS.filter((d) => 'secret' in d).map((d) => d.name);
/**
 * Inputs that hold a key or a secret: the CLI reads each from ELASTIC_DEPLOY_<NAME>_FILE too (a file that
 * holds it), as well as from its variable. The platform's public key is no secret (a flag may give it).
 */
const FILE_INPUTS = [
    ...SECRET_INPUTS,
    ...INPUTS.filter((d) => 'file' in d).map((d) => d.name)
];
/**
 * The default of every input that has one, as text. An input whose default depends on the operation
 * (cleanup, wait_timeout) declares none, since the runner would pass it as if the user had set it: its
 * default is the deploy layer's (step-defaults.ts), and its description says it.
 */
const INPUT_DEFAULTS = Object.fromEntries(INPUTS.flatMap((d) => ('default' in d ? [[d.name, d.default]] : [])));




/***/ }),

/***/ 7591:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   N8: () => (/* binding */ ENV_PREFIX),
/* harmony export */   Qn: () => (/* binding */ variableOf),
/* harmony export */   e1: () => (/* binding */ asText),
/* harmony export */   hF: () => (/* binding */ input),
/* harmony export */   iP: () => (/* binding */ flagOf)
/* harmony export */ });
/** The declaration as written: its types kept as they are (its name a literal, its parser's value). */
const input = (declaration) => declaration;
/** An input as the command line writes it: task_name as task-name. */
const flagOf = (name) => name.replaceAll('_', '-');
/** The prefix of the environment variables the CLI reads its inputs from: ELASTIC_DEPLOY_TASK_NAME. */
const ENV_PREFIX = 'ELASTIC_DEPLOY_';
/** The variable the CLI reads an input from: ELASTIC_DEPLOY_TASK_NAME (and ..._FILE for a key or secret). */
const variableOf = (name) => `${ENV_PREFIX}${name.toUpperCase()}`;
/** Text as given: the parser of an input read whole by its step (an id, a name, a key). */
const asText = (value) => value;


/***/ }),

/***/ 5026:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $5: () => (/* binding */ CAPACITY),
/* harmony export */   $y: () => (/* binding */ PREVIEW),
/* harmony export */   Be: () => (/* binding */ DATA_IN),
/* harmony export */   CS: () => (/* binding */ BILLING),
/* harmony export */   C_: () => (/* binding */ WAIT),
/* harmony export */   F$: () => (/* binding */ STOP_WAIT),
/* harmony export */   LA: () => (/* binding */ CHANGE_WAIT),
/* harmony export */   YA: () => (/* binding */ VOLUME_OUTPUTS),
/* harmony export */   gj: () => (/* binding */ JOB_WAIT),
/* harmony export */   iF: () => (/* binding */ OBJECT_COPIES),
/* harmony export */   j2: () => (/* binding */ TRANSFER_OUTPUTS),
/* harmony export */   j6: () => (/* binding */ only),
/* harmony export */   lY: () => (/* binding */ CREATE),
/* harmony export */   s7: () => (/* binding */ COMMON_INPUTS),
/* harmony export */   sX: () => (/* binding */ PLACED),
/* harmony export */   xU: () => (/* binding */ JOB_OUTPUTS)
/* harmony export */ });
/* unused harmony export COMMON_OUTPUTS */
// The inputs and outputs of every operation, and the groups of them that operations share: each
// operation's declaration (deploy/<capability>/operations.ts) lists its own from these. A test holds every input and
// output of action.yml in them, under every operation that reads or writes it. Each list is typed by the
// declarations' names (inputs/index.ts, outputs/outputs.ts): a name no input or output has fails the type
// check.
/** Inputs every operation takes: where and how it talks to the API, and how the step reports. */
const COMMON_INPUTS = [
    'operation',
    'base_url',
    'token',
    'private_key',
    'private_key_format',
    'private_key_passphrase',
    'platform_public_key',
    'api_profile',
    'api_version',
    'endpoints',
    'request_timeout',
    'max_response_size',
    'max_retries',
    'concurrency',
    'summary',
    'dry_run'
];
/** Outputs every operation writes (empty where it has nothing to say). */
const COMMON_OUTPUTS = (/* unused pure expression or super */ null && ([
    'code',
    'msg',
    'data',
    'task_id',
    'task_ids',
    'status',
    'statuses',
    'url',
    'urls',
    'elapsed_seconds',
    'timed_out',
    'capped',
    'healthy',
    'count',
    'cost',
    'billing_value',
    'diagnostics_file',
    'response_file'
]));
/** What a wait for a job takes: its end is its job_status, so no URL, node or health rule applies. */
const JOB_WAIT = [
    'wait',
    'wait_timeout',
    'poll_interval',
    'success_statuses',
    'failure_statuses',
    'log_lines',
    'poll_error_budget',
    'max_cost'
];
const WAIT = [
    'wait',
    'wait_timeout',
    'poll_interval',
    'status_field',
    'success_statuses',
    'failure_statuses',
    'wait_for_urls',
    'max_restarts',
    'log_lines',
    'health_path',
    'health_status',
    'poll_error_budget',
    'max_cost'
];
const CAPACITY = [
    'gpu',
    'gpu_count',
    'device_type',
    'regions',
    'max_price',
    'capacity_timeout',
    'preheat',
    'preheat_timeout'
];
const VOLUME_OUTPUTS = [
    'storage_id',
    'region',
    'total_size',
    'used_size',
    'volume_price',
    'storage_class'
];
const TRANSFER_OUTPUTS = ['transfer_id', 'files', 'bytes', 'duration', 'rate'];
const CHANGE_WAIT = [
    'wait_timeout',
    'poll_interval',
    'wait_for_urls',
    'max_restarts',
    'poll_error_budget',
    'cleanup_timeout'
];
/** What copies through object storage go through: the bucket the s3_* inputs name, and how they copy. */
const OBJECT_COPIES = [
    's3_supplier',
    's3_endpoint',
    's3_bucket',
    's3_access_key',
    's3_secret_key',
    'overwrite_policy',
    'ignore_patterns',
    'transfer_retries'
];
/** The data input, and what its copies go through (the object storage, how they copy). */
const DATA_IN = ['data', ...OBJECT_COPIES];
const CREATE = [
    'task_name',
    'points',
    ...CAPACITY,
    'body',
    'body_file',
    'volumes',
    'juicefs_mounts',
    ...DATA_IN,
    ...WAIT,
    'cleanup',
    'cleanup_timeout'
];
const PLACED = ['region', 'region_name', 'gpu', 'price'];
const PREVIEW = ['github_token', 'comment', 'max_previews'];
const BILLING = ['billing_range', 'billing_start', 'billing_end'];
const STOP_WAIT = ['wait', 'wait_timeout', 'poll_interval', 'poll_error_budget'];
const JOB_OUTPUTS = [
    'job_status',
    'succeeded_pods',
    'failed_pods',
    'duration',
    'job_type'
];
/** An operation's inputs beside `needs`: `all` without them. */
const only = (needs, all) => all.filter((name) => !needs.includes(name));


/***/ }),

/***/ 7027:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $0: () => (/* binding */ parsePointId),
/* harmony export */   $l: () => (/* binding */ parseVolumeName),
/* harmony export */   A6: () => (/* binding */ parseTransferId),
/* harmony export */   C2: () => (/* binding */ parseStatusRanges),
/* harmony export */   DB: () => (/* binding */ parseSize),
/* harmony export */   E1: () => (/* binding */ parseList),
/* harmony export */   E9: () => (/* binding */ parseDuration),
/* harmony export */   HU: () => (/* binding */ parseChoice),
/* harmony export */   JY: () => (/* binding */ parseVolumePath),
/* harmony export */   Lj: () => (/* binding */ parseStartTime),
/* harmony export */   O7: () => (/* binding */ parseStatuses),
/* harmony export */   Q2: () => (/* binding */ parseBaseUrl),
/* harmony export */   Rr: () => (/* binding */ parsePath),
/* harmony export */   Ti: () => (/* binding */ parseStorageClass),
/* harmony export */   YD: () => (/* binding */ parseGitHubToken),
/* harmony export */   Zl: () => (/* binding */ parseFieldPath),
/* harmony export */   _M: () => (/* binding */ parseEndTime),
/* harmony export */   ci: () => (/* binding */ parseIntegerInRange),
/* harmony export */   fj: () => (/* binding */ parseHealthPath),
/* harmony export */   fs: () => (/* binding */ parseMaxCost),
/* harmony export */   gg: () => (/* binding */ parseGiB),
/* harmony export */   ik: () => (/* binding */ parseTaskId),
/* harmony export */   nV: () => (/* binding */ parseRunnerLabels),
/* harmony export */   nl: () => (/* binding */ parseWords),
/* harmony export */   ot: () => (/* binding */ parseVersion),
/* harmony export */   qV: () => (/* binding */ parseMounts),
/* harmony export */   rl: () => (/* binding */ parseSuffixes),
/* harmony export */   vR: () => (/* binding */ parseCopies),
/* harmony export */   w9: () => (/* binding */ TASK_ID),
/* harmony export */   yG: () => (/* binding */ parseBoolean),
/* harmony export */   z7: () => (/* binding */ parsePrice),
/* harmony export */   zE: () => (/* binding */ parsePositiveInteger)
/* harmony export */ });
/* unused harmony export parseRfc3339 */
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2589);
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(629);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(8998);



// The parsers of the inputs' declarations: pure functions of the text given (and the input's name, for
// the error), each throwing an InputError that names the input, the value and the fix.
function parseChoice(name, value, choices) {
    if (choices.includes(value))
        return value;
    throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not one of ${choices.join(', ')}: set ${name} to one of them`);
}
/** YAML 1.2 booleans, as actions/toolkit's getBooleanInput reads them; anything else is refused. */
function parseBoolean(name, value, fallback) {
    if (value === '')
        return fallback;
    if (['true', 'True', 'TRUE'].includes(value))
        return true;
    if (['false', 'False', 'FALSE'].includes(value))
        return false;
    throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a boolean: set ${name} to true or false`);
}
/** A task id as its decimal digits, of any size (ids beyond 2^53 must not be rounded). */
function parseTaskId(name, value) {
    if (!TASK_ID.test(value)) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not an integer: set ${name} to the numeric id of a task, such as 1229831`);
    }
    return value;
}
function parsePositiveInteger(name, value, what) {
    const n = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a positive whole number: set ${name} to ${what}`);
    }
    return n;
}
/** The origin of an https:// base URL: the spec's paths are relative to it and signed from their "/". */
function parseBaseUrl(name, value) {
    let url;
    try {
        url = new URL(value);
    }
    catch {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a URL: set ${name} to the API address, such as https://openapi.suanli.cn`);
    }
    if (url.protocol !== 'https:') {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not https://: the API is served over HTTPS only, so use https://${url.host}`);
    }
    if (url.username !== '' ||
        url.password !== '' ||
        url.search !== '' ||
        url.hash !== '' ||
        url.pathname !== '/') {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(url.origin + url.pathname)} has more than scheme, host and port: set ${name} to ${url.origin}`);
    }
    return url.origin;
}
/** A path for the request operation: absolute, in unreserved characters, without a query. */
function parsePath(name, value) {
    if (!/^\/[A-Za-z0-9\-._~/]*$/.test(value) || /\/\.{1,2}(\/|$)/.test(value)) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a plain absolute path: start it with "/", use letters, digits and - . _ ~ only, and put parameters in query`);
    }
    return value;
}
const DURATION = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/;
/** A duration such as 90s, 15m, 1h30m or 2d, in milliseconds, within [min, max]. */
function parseDuration(name, value, limits) {
    const match = DURATION.exec(value);
    if (value === '' || match === null) {
        const hint = /^\d+$/.test(value)
            ? ` has no unit: write ${value}s or ${value}m`
            : ' is not a duration: write it like 90s, 15m or 1h30m';
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)}${hint}`);
    }
    const [, d = '0', h = '0', m = '0', s = '0'] = match;
    const ms = (((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60 + Number(s)) * 1000;
    if (ms < limits.minMs || ms > limits.maxMs) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is out of range: set it between ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(limits.minMs)} and ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatDuration */ .a3)(limits.maxMs)}`);
    }
    return ms;
}
const SIZE = /^(\d+)(KiB|MiB|GiB)$/;
/** A size such as 512KiB or 16MiB, in bytes, within [min, max]. */
function parseSize(name, value, limits) {
    const match = SIZE.exec(value);
    if (match === null) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a size: write it like 512KiB, 16MiB or 1GiB`);
    }
    const bytes = Number(match[1]) * (_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .SIZE_UNITS */ .QP[match[2] ?? ''] ?? 0);
    if (bytes < limits.min || bytes > limits.max) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is out of range: set it between ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatSize */ .Xq)(limits.min)} and ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .formatSize */ .Xq)(limits.max)}`);
    }
    return bytes;
}
/** A comma- or whitespace-separated list of words (statuses); undefined when empty. */
function parseWords(name, value) {
    const words = value.split(/[\s,]+/).filter((word) => word !== '');
    for (const word of words) {
        if (!/^[A-Za-z0-9_-]+$/.test(word))
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} lists ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(word)}, which is not a status name: list names like Running, Pending`);
    }
    return words.length === 0 ? undefined : words;
}
const TASK_ID = /^[1-9]\d*$/;
function parseIntegerInRange(name, value, min, max) {
    const n = Number(value);
    if (!/^\d+$/.test(value) || n < min || n > max) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a whole number from ${min} to ${max}: set ${name} within that range`);
    }
    return n;
}
/** A dot path into data, such as status or task.status or services.0.status. */
function parseFieldPath(name, value) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\.([A-Za-z_][A-Za-z0-9_]*|\d+))*$/.test(value)) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a dot path: write field names joined by dots, such as status or task.status`);
    }
    return value.split('.');
}
/** A path to append to each service URL for the health check: it begins with "/", no spaces or control characters. */
function parseHealthPath(name, value) {
    // \0-\x1f and \x7f-\x9f: the control characters, Unicode's Cc written out (V8 builds a \p{...} class
    // from Unicode's tables whenever it compiles the file, run or not); \s: spaces; # would end the path.
    // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
    if (!/^\/[^\s\0-\x1f\x7f-\x9f#]*$/.test(value) || value.length > 1000) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a URL path: write it like /health or /v1/models (it is appended to each service URL)`);
    }
    return value;
}
/** HTTP statuses and ranges of them, such as "200-299, 401": each from 100 to 599. */
function parseStatusRanges(name, value) {
    return value.split(',').map((part) => {
        const match = /^\s*(\d{3})(?:\s*-\s*(\d{3}))?\s*$/.exec(part);
        const low = Number(match?.[1]);
        const high = Number(match?.[2] ?? match?.[1]);
        if (match === null || low < 100 || high > 599 || low > high) {
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a list of HTTP statuses: write codes or ranges from 100 to 599, such as 200-299,401`);
        }
        return [low, high];
    });
}
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/i;
const SPAN = /^(?:(\d+)d)?(?:(\d+)h)?(?:(\d+)m)?$/;
/** An RFC 3339 time, kept as written (its offset too), with the moment it names. */
function parseRfc3339(name, value) {
    const ms = Date.parse(value);
    if (!RFC3339.test(value) || Number.isNaN(ms)) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not an RFC 3339 time: write it like 2026-01-01T00:00:00+08:00`);
    }
    return { text: value, ms };
}
/** `now` (the moment the step starts) or an RFC 3339 time. */
function parseEndTime(name, value, now) {
    return value === 'now' ? { text: (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .rfc3339 */ .ag)(now), ms: now } : parseRfc3339(name, value);
}
/** An RFC 3339 time, or a span before `end` written in days, hours and minutes, such as 7d or 12h. */
function parseStartTime(name, value, end) {
    const span = value === '' ? null : SPAN.exec(value);
    if (span === null && !RFC3339.test(value)) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is neither a span nor a time: write a span before billing_end such as 7d or 12h, or an RFC 3339 time such as 2026-01-01T00:00:00+08:00`);
    }
    if (span === null) {
        const time = parseRfc3339(name, value);
        if (time.ms >= end)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not before billing_end: set an earlier time`);
        return time;
    }
    const [, d = '0', h = '0', m = '0'] = span;
    const ms = end - ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60_000;
    if (ms >= end)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is no time at all: write a span such as 7d`);
    if (ms < YEAR_ONE) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} reaches back before the year 1: write a shorter span`);
    }
    return { text: (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_1__/* .rfc3339 */ .ag)(ms), ms };
}
/** 0001-01-01T00:00:00Z: RFC 3339 writes years in four digits. */
const YEAR_ONE = -62_135_596_800_000;
/** The most a volume can be asked to hold, in GiB (1 PiB): far beyond any configuration, within exact numbers. */
const MOST_GIB = 1024 * 1024;
/**
 * data (one copy a line, into a volume before the job: `prefix/ -> volume:/path` from the bucket s3_bucket
 * names, `./dir/ -> volume:/path` from the workspace) or results (out of one after it: `volume:/path ->
 * prefix/` or `volume:/path -> ./dir/`); copies (`any`): either way, each line into or out of a volume.
 * A workspace path is `.` or starts with `./`; a volume path is `NAME:/path`, the volume by its name or
 * storage_id; anything else is an object prefix (`.\\dir` is a workspace path too, as a Windows runner
 * writes it). No `..` in a workspace or volume path; nothing that reads as a path outside the workspace
 * (`/x`, `../x`, `~/x`).
 */
function parseCopies(name, value, way) {
    const forms = {
        in: 'prefix/ -> volume:/path or ./dir/ -> volume:/path',
        out: 'volume:/path -> prefix/ or volume:/path -> ./dir/',
        any: './dir/ -> volume:/path or volume:/path -> ./dir/ (or an object prefix, prefix/, in place of ./dir/)'
    }[way];
    return value
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '')
        .map((line) => {
        const refuse = (why, fix = `write one a line as ${forms}`) => {
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} has ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(line.slice(0, 120))}, which ${why}: ${fix}`);
        };
        const sides = line.split('->').map((side) => side.trim());
        if (sides.length !== 2)
            refuse('is no copy');
        const [from, to] = sides.map((side) => copyPlace(side, refuse));
        const lineWay = way !== 'any' ? way : to.kind === 'nas' && from.kind !== 'nas' ? 'in' : 'out';
        const volume = lineWay === 'in' ? to : from;
        const other = lineWay === 'in' ? from : to;
        if (volume.kind !== 'nas' || other.kind === 'nas')
            refuse(pairRefusal(way, from, to), `write ${forms}`);
        return (lineWay === 'in' ? { from: other, to: volume } : { from: volume, to: other });
    });
}
/** Why a pair of places is no copy the input makes (data: into a volume; results: out of one; copies: either). */
function pairRefusal(way, from, to) {
    const name = { objects: 'an object prefix', workspace: 'the workspace', nas: 'a volume' };
    const pair = `copies from ${name[from.kind]} to ${name[to.kind]}`;
    return {
        in: `${pair}, but data copies into a volume, from an object prefix or the workspace`,
        out: `${pair}, but results copy out of a volume, to an object prefix or the workspace`,
        any: `${pair}, but each copy goes into a volume or out of one, from or to the workspace or an object prefix`
    }[way];
}
/** One side of a copy: a workspace path, a volume's path, or an object prefix (see parseCopies). */
function copyPlace(side, refuse) {
    // eslint-disable-next-line no-control-regex -- white space and the control characters are what it refuses
    if (/[\s\u0000-\u001f\u007f]/.test(side))
        refuse('has a space or a control character in a path');
    const volume = /^([^\s:/]{1,64}):(\/.*)$/.exec(side);
    if (volume !== null) {
        const [, storage = '', path = ''] = volume;
        if (path.split('/').includes('..'))
            refuse('has .. in a volume path', "write the path from the volume's root, without ..");
        return { kind: 'nas', volume: storage, path };
    }
    if (side === '.' || /^\.[/\\]/.test(side)) {
        if (side.split(/[/\\]/).includes('..'))
            refuse('has .. in a workspace path', 'write a path inside the workspace, such as ./dataset/, without ..');
        return { kind: 'workspace', path: side };
    }
    if (/^(\/|\\|~|\.\.(\/|\\|$))/.test(side))
        refuse(`names ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(side.slice(0, 60))}, a path outside the workspace`, 'write a path from the workspace that starts with ./, such as ./dataset/ (nothing outside it is copied)');
    return { kind: 'objects', prefix: side };
}
/**
 * The volumes (or juicefs_mounts) input: one mount a line, `storage:/path/in/container`, or
 * `service:storage:/path` for one service; the volume (or object storage) by its name or storage_id; the
 * path absolute, without `..`.
 */
function parseMounts(name, value, kind) {
    const lines = value
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line !== '');
    return lines.map((line) => {
        const at = line.indexOf(':/');
        const head = at === -1 ? [] : line.slice(0, at).split(':');
        const path = at === -1 ? '' : line.slice(at + 1);
        const [first, second] = head;
        const ok = (head.length === 1 || head.length === 2) &&
            head.every((part) => /^[^\s:]{1,64}$/.test(part)) &&
            !path.split('/').includes('..') &&
            // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
            !/[\s\u0000-\u001f\u007f]/.test(path);
        if (!ok || first === undefined)
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} has ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(line.slice(0, 120))}, which is no mount: write one a line as ${kind === 'nas' ? 'volume:/path/in/container, or service:volume:/path' : 'storage:/path/in/container, or service:storage:/path'} to mount it in one service`);
        return second === undefined
            ? { kind, service: undefined, storage: first, path }
            : { kind, service: first, storage: second, path };
    });
}
/** File name endings (.tmp, .log), separated by commas or lines: each one word, 100 characters at most. */
function parseSuffixes(name, value) {
    const suffixes = value
        .split(/[,\n]/)
        .map((suffix) => suffix.trim())
        .filter((suffix) => suffix !== '');
    for (const suffix of suffixes)
        // eslint-disable-next-line no-control-regex -- white space and the control characters are what it refuses
        if (suffix.length > 100 || /[\s\u0000-\u001f\u007f-\u009f]/.test(suffix))
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} lists ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(suffix.slice(0, 100))}, which is no file name ending: list endings like .tmp, .log, separated by commas`);
    return suffixes;
}
/** A size in whole GiB (100, or 100GiB), as bytes: GiB \u00d7 1,073,741,824. */
function parseGiB(name, value) {
    const match = /^(\d+)\s*(?:GiB)?$/i.exec(value);
    const gib = match === null ? NaN : Number(match[1]);
    if (!Number.isSafeInteger(gib) || gib < 1 || gib > MOST_GIB)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a size in GiB from 1 to ${MOST_GIB}: write a whole number of GiB, such as 100`);
    return gib * 1024 ** 3;
}
/**
 * Items one per line or separated by commas, or a YAML list (`[a, b]`, or lines starting with `- `),
 * each trimmed and unquoted.
 */
const parseList = (value) => value
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(/[\n,]/)
    .map((item) => item
    .trim()
    .replace(/^- /, '')
    .replace(/^(['"])(.*)\1$/, '$2')
    .trim())
    .filter((item) => item !== '');
/** A price as a plain decimal number, such as 2 or 1.98. */
function parsePrice(name, value) {
    if (!/^\d+(\.\d+)?$/.test(value))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a plain number: write it like 2 or 1.98, without a unit`);
    return value;
}
/** A cap in yuan, more than 0, to the point (six decimals at most: a point is 0.000001 yuan). */
function parseMaxCost(name, value) {
    if (!/^\d{1,9}(\.\d{1,6})?$/.test(value) || !/[1-9]/.test(value))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value.slice(0, 40))} is no sum of yuan: write it like 5 or 12.50 (more than 0, at most six decimals)`);
    return value;
}
/** A comma list of task statuses, each one task search takes. */
function parseStatuses(name, value) {
    const statuses = value.split(',').map((status) => status.trim());
    for (const status of statuses) {
        if (!_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .SEARCHABLE_STATUSES */ .e_.includes(status)) {
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} lists ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(status)}: list statuses separated by commas from ${_platform_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .SEARCHABLE_STATUSES */ .e_.join(', ')}`);
        }
    }
    return statuses;
}
function parseVersion(name, value) {
    if (!/^[0-9A-Za-z][0-9A-Za-z.+-]*$/.test(value)) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not an interface version: set it to the endpoint's version, such as 1.0.0`);
    }
    return value;
}
/** github_token, trimmed; undefined when empty, or an expression no runner filled in. */
function parseGitHubToken(value) {
    const token = value.trim();
    return token === '' || token.startsWith('${{') ? undefined : token;
}
/** A volume's name or storage_id: 32 characters at most, as the platform names them. */
function parseVolumeName(name, value) {
    if (value.length > 32)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is longer than the 32 characters a volume's name may have: set ${name} to the volume's name or its storage_id`);
    return value;
}
/**
 * A storage class, by its id as pre-create and the list give it (nfs-standard) or by its name as the
 * platform shows it (\u6807\u51c6\u578b): letters of any script, digits, `.`, `_` and `-`, 64 at the most.
 */
function parseStorageClass(name, value) {
    // Built from a string when it runs: V8 checks a literal's property classes as it compiles the bundle.
    if (!new RegExp('^[\\p{L}\\p{N}._-]{1,64}$', 'u').test(value))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a storage class: set it to a class's id, such as nfs-standard, or its name as the platform shows it, such as \u6807\u51c6\u578b (volume_list shows each volume's class)`);
    return value;
}
/** A transfer's id: digits, as transfer_list or a transfer step's output gives it. */
function parseTransferId(name, value) {
    if (!/^[1-9]\d{0,18}$/.test(value))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not a transfer's id: set it to the digits transfer_list or a transfer step's transfer_id output gives`);
    return value;
}
/** A path in a volume: absolute, without `..` or control characters. */
function parseVolumePath(name, value) {
    // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
    if (!value.startsWith('/') || value.includes('..') || /[\u0000-\u001f\u007f]/.test(value))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is not an absolute path in the volume: write it like /datasets/imagenet, without ..`);
    return value;
}
/** A node's id (digits), or failed (the node that failed). */
function parsePointId(name, value) {
    if (value !== 'failed' && !/^\d+$/.test(value))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(value)} is neither a node's id nor failed: set ${name} to a point_id the nodes operation lists, or to failed`);
    return value;
}
/**
 * The labels a runner is registered with beside its own (comma- or line-separated): each as GitHub takes
 * one (letters, digits, `.`, `_`, `-`, 1 to 100 characters), at most 10, none of GitHub's own words.
 */
function parseRunnerLabels(name, value) {
    const labels = [...new Set(value.split(/[\s,]+/).filter((label) => label !== ''))];
    for (const label of labels) {
        if (!/^[A-Za-z0-9._-]{1,100}$/.test(label))
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} lists ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(label.slice(0, 100))}, which is not a runner label: list labels of letters, digits, ".", "_" and "-", such as gpu, a100`);
        if (GITHUB_RUNNER_LABELS.has(label.toLowerCase()))
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} lists ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(label)}, a label GitHub gives every runner of its kind itself: leave it out (runs_on names it)`);
    }
    if (labels.length > 10)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`${name} lists ${labels.length} labels: list 10 at most`);
    return labels;
}
/** The labels GitHub gives self-hosted runners itself (by its system and architecture). */
const GITHUB_RUNNER_LABELS = new Set(['self-hosted', 'linux', 'windows', 'macos', 'x64', 'arm', 'arm64']);


/***/ }),

/***/ 1983:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  I5: () => (/* binding */ DOTENV_ORDER),
  P0: () => (/* binding */ OUTPUT_NAMES),
  wp: () => (/* binding */ outputsOfType)
});

// UNUSED EXPORTS: OUTPUTS

;// CONCATENATED MODULE: ./deploy/engine/outputs/output.ts
/** The declaration as written: its name kept a literal. */
const output = (declaration) => declaration;

;// CONCATENATED MODULE: ./deploy/engine/outputs/outputs.ts

/** Every output of the step, declared once, in action.yml's order (each operation's: operation-inputs.ts). */
const OUTPUTS = [
    output({
        name: 'code',
        type: 'text',
        dotenvRank: 38,
        description: "The envelope's code: `0000` on success (also when the platform writes it as the number 0), the platform's code on an API error."
    }),
    output({
        name: 'msg',
        type: 'text',
        dotenvRank: 39,
        description: "The envelope's description (`msg`, or `message` on the live platform)."
    }),
    output({
        name: 'data',
        type: 'json',
        description: 'The final data as compact JSON: for a create that waited, the final task detail; an array for several tasks. Integers beyond 2^53 keep every digit.'
    }),
    output({
        name: 'task_id',
        type: 'text',
        dotenvRank: 1,
        description: 'The task the step made or concerned (the first, for several), as digits.'
    }),
    output({
        name: 'task_ids',
        type: 'json',
        dotenvRank: 9,
        description: "JSON array of the tasks' ids, as strings, so that no JSON reader rounds them. For `sweep`, the tasks it stopped (with any it could not, when the step fails; in a dry run, those it would stop). `runner`: the runners' platform jobs; `runner_stop` and `runner_sweep`: those it stopped."
    }),
    output({
        name: 'status',
        type: 'text',
        dotenvRank: 2,
        description: "The task's last status; for several tasks their common status, or `mixed`. `volume` and `volume_delete`: the volume's (`Active`, or `Deleted` once no list shows it). `transfer`, `transfer_detail`, `transfer_stop`: the transfer's."
    }),
    output({
        name: 'statuses',
        type: 'json',
        dotenvRank: 11,
        description: 'JSON object of task id to last status.'
    }),
    output({
        name: 'url',
        type: 'text',
        dotenvRank: 3,
        description: 'The first service URL of the task: an absolute `http(s)` URL as a URL parser writes it (others are not published). Pass it to scripts through `env:`, never `${{ }}` inside `run:`.'
    }),
    output({
        name: 'urls',
        type: 'json',
        dotenvRank: 10,
        description: 'JSON array of every service URL, `http(s)` only, as for `url`.'
    }),
    output({
        name: 'elapsed_seconds',
        type: 'number',
        dotenvRank: 36,
        description: 'Seconds from the first request to the end of the wait.'
    }),
    output({
        name: 'timed_out',
        type: 'bool',
        dotenvRank: 7,
        description: '`true` when the wait ran out of time.'
    }),
    output({
        name: 'capped',
        type: 'bool',
        dotenvRank: 8,
        description: '`true` when `max_cost` stopped what the step waited on: its cost reached the cap, and it was stopped.'
    }),
    output({
        name: 'healthy',
        type: 'bool',
        dotenvRank: 17,
        description: '`true` when every service URL passed the health check of `health_path`, `false` when one did not, empty when none was made.'
    }),
    output({
        name: 'total_cost',
        type: 'number',
        dotenvRank: 5,
        description: "`preview`: what all of the pull request's previews have cost so far, in yuan, exact, as a decimal number (every task of its name, stopped ones too, billed plus not billed yet: the figure the comment and the log show to the fen); `preview_sweep`: what the previews it stopped cost."
    }),
    output({
        name: 'cost',
        type: 'number',
        dotenvRank: 4,
        description: "What the task has cost so far, in yuan, as a decimal number such as `0.001650` (exact, to the millionth of a yuan, the platform's point; the log, the summary and the tables show it to the fen): what it has been billed (`billing_value`) plus what it has used since and not been billed yet (`forecast_value`; the platform bills every 5 minutes). For several tasks a JSON object of task id to cost, each a number (null where a task's detail was not read); for `billing` the window's total billed (the records' `billing_coin`, the platform's total; the discount deducted, `discount_coin`, is shown beside it in the log and the summary), for `task_billing` a JSON object of task id to its total billed, each a number; empty when nothing was read."
    }),
    output({
        name: 'region',
        type: 'text',
        dotenvRank: 31,
        description: "With `gpu`: the region chosen (the resource search's region tag): where the task was created, or for `preheat`, the region the preheat ran in. `volume` and `volume_delete`: the volume's region. Empty otherwise."
    }),
    output({
        name: 'region_name',
        type: 'text',
        dotenvRank: 32,
        description: "With `gpu`: that region's `region_name`, as the platform writes it."
    }),
    output({
        name: 'gpu',
        type: 'text',
        dotenvRank: 33,
        description: "With `gpu`: the GPU model of the chosen resource (`gpu_name`; a CPU device's `device_name`)."
    }),
    output({
        name: 'price',
        type: 'number',
        dotenvRank: 34,
        description: "With `gpu`: the chosen resource's number that `max_price` is compared with (`discount_price`, else `price`), for one node, as the resource search gives it."
    }),
    output({
        name: 'billing_value',
        type: 'number',
        dotenvRank: 35,
        description: "The platform's own `billing_value` of the task: what it has been billed so far, in the platform's points (1 yuan = 1,000,000 points), exact as written; without what it used in the last minutes (see `cost`). For several tasks a JSON array (null where a task's detail was not read); empty when no detail was read."
    }),
    output({
        name: 'changed',
        type: 'bool',
        dotenvRank: 18,
        description: '`update`, `scale` and `replace_node`: `true` when there was something to change and it was sent, `false` when the task was as asked already (nothing was sent).'
    }),
    output({
        name: 'rolled_back',
        type: 'bool',
        dotenvRank: 19,
        description: '`update`: `true` when the new configuration did not serve and the task was set back to the one it had; `scale`: `true` when new nodes failed and the node count was set back. Else `false`.'
    }),
    output({
        name: 'points_before',
        type: 'number',
        dotenvRank: 20,
        description: '`scale` and `replace_node`: the nodes running before (`runing_points`).'
    }),
    output({
        name: 'points_after',
        type: 'number',
        dotenvRank: 21,
        description: '`scale` and `replace_node`: the nodes running at the end.'
    }),
    output({
        name: 'job_status',
        type: 'text',
        dotenvRank: 6,
        description: "`job`, `job_detail`, `job_stop`: the job's own status (`job_status.status`): `Pending`, `Running`, `Complete` or `Failed` (`Manual` as the platform writes it)."
    }),
    output({
        name: 'succeeded_pods',
        type: 'number',
        dotenvRank: 13,
        description: "`job`, `job_detail`, `job_stop`: the job's pods that succeeded."
    }),
    output({
        name: 'failed_pods',
        type: 'number',
        dotenvRank: 14,
        description: "`job`, `job_detail`, `job_stop`: the job's pods that failed."
    }),
    output({
        name: 'duration',
        type: 'number',
        dotenvRank: 15,
        description: "`job`, `job_detail`, `job_stop`: seconds from the start of the job's run on the platform (`job_status.create_time`) to its end (`completion_time`, else its last update), once it ended (empty before). `transfer`: seconds from the connection check to the transfer's end. `copy`: seconds its copies took, in all."
    }),
    output({
        name: 'job_type',
        type: 'text',
        dotenvRank: 16,
        description: '`job`, `job_detail`, `job_stop`: the mode the job ran in, `spot` or `on_demand`.'
    }),
    output({
        name: 'log_file',
        type: 'file',
        dotenvRank: 12,
        description: "`job`, and `job_detail` with `wait: true`: the file that holds every line of the job's log the step read (each line after its pod's name when the job runs several), for `actions/upload-artifact`; empty when no line was read."
    }),
    output({
        name: 'replaced_task_ids',
        type: 'json',
        dotenvRank: 22,
        description: '`replace`: JSON array of the tasks of the same name that it stopped once the new task was ready.'
    }),
    output({
        name: 'count',
        type: 'number',
        dotenvRank: 37,
        description: 'How many tasks the step acted on with success: for `sweep`, the tasks it stopped (in a dry run, those it would stop). A listing (`search_tasks`, `job_search`, `job_group_search`, `nodes`, `search_resources`, `billing`, `task_billing`, `volume_list`, `transfer_list`): how many rows it listed.'
    }),
    output({
        name: 'storage_id',
        type: 'text',
        dotenvRank: 23,
        description: "`volume` and `volume_delete`: the volume's id, as digits."
    }),
    output({
        name: 'total_size',
        type: 'number',
        dotenvRank: 24,
        description: '`volume` and `volume_delete`: what the volume holds, in GiB (to the thousandth).'
    }),
    output({
        name: 'used_size',
        type: 'number',
        dotenvRank: 25,
        description: "`volume` and `volume_delete`: how much of it is used, in GiB; empty where the storage cannot say (the platform's -1), never 0 for unknown."
    }),
    output({
        name: 'volume_price',
        type: 'number',
        dotenvRank: 26,
        description: "`volume` and `volume_delete`: the volume's displayed price, in yuan per GB a month, as the platform shows it (`display_unit_price`)."
    }),
    output({
        name: 'storage_class',
        type: 'text',
        dotenvRank: 43,
        description: "`volume` and `volume_delete`: the volume's storage class, by its id (`storage_class`, such as `nfs-standard`)."
    }),
    output({
        name: 'transfer_id',
        type: 'text',
        dotenvRank: 27,
        description: '`transfer`, `transfer_detail` and `transfer_stop`: the transfer, as digits (after retries, the last one made).'
    }),
    output({
        name: 'files',
        type: 'number',
        dotenvRank: 28,
        description: '`transfer`, `transfer_detail` and `transfer_stop`: the files it copied (`ready_files`). `copy`: the files its copies copied, in all (a file already there is counted in `skipped_files`).'
    }),
    output({
        name: 'bytes',
        type: 'number',
        dotenvRank: 29,
        description: '`transfer`, `transfer_detail` and `transfer_stop`: the bytes it copied (`transferred_bytes`). `copy`: the bytes its copies copied, in all.'
    }),
    output({
        name: 'skipped_files',
        type: 'number',
        dotenvRank: 47,
        description: '`copy`: the files its copies from or to the workspace did not copy because they were there already (the same size and time, or the same size and SHA-256); a copy through object storage skips as `overwrite_policy` says, and does not count them.'
    }),
    output({
        name: 'rate',
        type: 'number',
        dotenvRank: 30,
        description: '`transfer` and `copy`: the bytes it copied a second, on average over `duration`.'
    }),
    output({
        name: 'diagnostics_file',
        type: 'file',
        dotenvRank: 41,
        description: "A JSON file under `RUNNER_TEMP` with what a failed or timed-out wait until ready found about the task's nodes: their status, events and the last `log_lines` lines of each service's log; empty when there was nothing to diagnose."
    }),
    output({
        name: 'restore_file',
        type: 'file',
        dotenvRank: 42,
        description: '`update`: when its rollback did not complete, a JSON file under `RUNNER_TEMP` with the configuration the task had before the update (secrets and every `env` redacted), to restore it by hand; else empty.'
    }),
    output({
        name: 'runner_label',
        type: 'text',
        dotenvRank: 44,
        description: "`runner`: the label unique to this workflow run and attempt that the runners it started have (`<task_name>-<run id>-<attempt>`): a later job's `runs-on` names it, and `runner_stop` finds them by it."
    }),
    output({
        name: 'runner_names',
        type: 'json',
        dotenvRank: 45,
        description: "`runner`: JSON array of the runners' names as GitHub lists them (each its platform job's `task_name`: `<runner_label>-<n>`)."
    }),
    output({
        name: 'runs_on',
        type: 'json',
        dotenvRank: 46,
        description: '`runner`: JSON array of the labels a job runs on the runners by, `["self-hosted","<runner_label>"]`: `runs-on: ${{ fromJSON(needs.<job>.outputs.runs_on) }}`.'
    }),
    output({
        name: 'response_file',
        type: 'file',
        dotenvRank: 40,
        description: 'A file under `RUNNER_TEMP` holding the full last answer (a JSON array of them for several tasks), for payloads too big for an output. A `RUNNER_TEMP` in which no file can be made fails the step before anything is sent.'
    })
];
/** Every output's name, in action.yml's order. */
const OUTPUT_NAMES = OUTPUTS.map((declared) => declared.name);
/** The names of the outputs of a type. */
const outputsOfType = (type) => new Set(OUTPUTS.filter((declared) => declared.type === type).map((declared) => declared.name));
/** The outputs a dotenv report holds by default, by their rank: the most useful to a later stage first. */
const DOTENV_ORDER = OUTPUTS.flatMap((declared) => 'dotenvRank' in declared ? [declared] : [])
    .sort((a, b) => a.dotenvRank - b.dotenvRank)
    .map((declared) => declared.name);


/***/ }),

/***/ 566:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   HI: () => (/* binding */ yuanText),
/* harmony export */   LL: () => (/* binding */ taskCost),
/* harmony export */   ip: () => (/* binding */ gibText),
/* harmony export */   lT: () => (/* binding */ countText),
/* harmony export */   uL: () => (/* binding */ orUnknown)
/* harmony export */ });
/* harmony import */ var _basics_markdown_text_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5621);
/* harmony import */ var _platform_money_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(5786);


// The texts the report parts and the summary share: money to the fen, sizes in GiB, the platform's text.
/** Yuan to the fen ("less than 0.01 yuan" below one); the exact figure is the cost output's. */
function yuanText(yuan) {
    return yuan === undefined ? '' : (0,_basics_markdown_text_js__WEBPACK_IMPORTED_MODULE_0__/* .escape */ .i)((0,_platform_money_js__WEBPACK_IMPORTED_MODULE_1__/* .readableYuan */ .o$)(yuan) ?? `${yuan} yuan`);
}
/** What a task has cost so far in yuan (billed plus not billed yet), when its detail said. */
function taskCost(task) {
    return (0,_platform_money_js__WEBPACK_IMPORTED_MODULE_1__/* .spentYuan */ .SZ)(task.billingValue, task.forecastValue);
}
/** Bytes as GiB, to the thousandth: "100", "1.5"; empty when unknown. */
function gibText(bytes) {
    return bytes === undefined ? '' : String(Number((bytes / 1024 ** 3).toFixed(3)));
}
/** Text the platform gave, escaped; `?` where it gave none. */
function orUnknown(value) {
    return value === undefined ? '?' : (0,_basics_markdown_text_js__WEBPACK_IMPORTED_MODULE_0__/* .escape */ .i)(value);
}
/** A count as text; empty when unknown. */
function countText(n) {
    return n === undefined ? '' : String(n);
}


/***/ }),

/***/ 8079:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   C: () => (/* binding */ CLEANUP_RETRIES),
/* harmony export */   s: () => (/* binding */ retried)
/* harmony export */ });
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3035);
/* harmony import */ var _platform_retry_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(1460);


/**
 * Runs `attempt`, again as `retries` allow while its failure may pass (network errors, 429 and 5xx, as
 * Retry-After asks); `label` names it in the log.
 */
function retried(label, retries, attempt) {
    const { policy, deps } = retries;
    return (0,_platform_retry_js__WEBPACK_IMPORTED_MODULE_0__/* .withRetries */ .LH)(label, attempt, (error) => (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_1__/* .retryIfTransient */ .or)(error, deps.now()), policy, deps);
}
/**
 * Retries of one stop or pause (of a cleanup, a sweep, a replace): the deadline bounds them first, whatever
 * max_retries says, since a task left running costs money.
 */
const CLEANUP_RETRIES = 20;


/***/ }),

/***/ 3439:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $F: () => (/* binding */ redactFields),
/* harmony export */   VX: () => (/* binding */ secretValues),
/* harmony export */   XF: () => (/* binding */ REDACTED),
/* harmony export */   dV: () => (/* binding */ mayHoldSecret),
/* harmony export */   eh: () => (/* binding */ isSecretName),
/* harmony export */   iY: () => (/* binding */ answerSecrets),
/* harmony export */   tf: () => (/* binding */ redactedAnswer)
/* harmony export */ });
/* unused harmony export envTextSecrets */
/* harmony import */ var lossless_json__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3201);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(6539);


/** Words that make a field name a credential's, anywhere in the name: AccessKeyId, api_key, repository_password. */
const SECRET_WORD = /key|secret|token|passw(or)?d|auth|credential|signature/i;
/** Short names that are credentials only as a whole word of the name: sk, oss_ak, secretSk. */
const SECRET_SEGMENT = /^(sk|ak)$/i;
/** Names that hold a credential although no word above says so: the private registry's user (write-only on the platform). */
const SECRET_NAMES = new Set(['repository_username']);
/** Names already judged (a bulk step reads the same few dozen names in a thousand answers). */
const judged = new Map();
const MOST_JUDGED = 4096;
/** Whether a body or query field of this name holds a credential, by its name alone (case-insensitive). */
function isSecretName(name) {
    const known = judged.get(name);
    if (known !== undefined)
        return known;
    const secret = SECRET_WORD.test(name) ||
        SECRET_NAMES.has(name.toLowerCase()) ||
        name.split(/[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])/).some((segment) => SECRET_SEGMENT.test(segment));
    if (judged.size < MOST_JUDGED)
        judged.set(name, secret);
    return secret;
}
const REDACTED = '<redacted>';
/**
 * A body with the value of every secret-named field (at any depth) replaced by <redacted>, and every value
 * of an `env` (a service's environment: the string of a deployment, a job's list of {name, value}) too,
 * its names kept: an environment often carries credentials under names no rule can know. What holds
 * something to redact is copied; what holds nothing is the body's own (never changed here).
 */
function redactFields(value, secret = false) {
    if (secret && value !== null && typeof value !== 'object')
        return REDACTED;
    if (secret && (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value))
        return REDACTED;
    if (Array.isArray(value)) {
        // A part with nothing to redact is kept, not copied: a bulk step redacts a thousand answers.
        const items = value.map((item) => redactFields(item, secret));
        return items.some((item, i) => item !== value[i]) ? items : value;
    }
    if (isPlainObject(value)) {
        let copy;
        for (const [name, item] of Object.entries(value)) {
            const redacted = name === 'env' ? redactEnvironment(item) : redactFields(item, secret || isSecretName(name));
            if (redacted !== item)
                copy ??= { ...value };
            if (copy !== undefined)
                copy[name] = redacted;
        }
        return copy ?? value;
    }
    return value;
}
/**
 * Whether an answer's text may hold a value redactFields would redact: a key that is an environment or
 * names a credential (isSecretName, the rule redactFields follows), with a value other than null; or an
 * escape in the text, which could spell such a key. Errs on the side of redacting.
 */
function mayHoldSecret(raw) {
    if (raw.includes('\\u'))
        return true;
    for (const match of raw.matchAll(/"([^"\\]*)"\s*:\s*(?!null\s*[,}])/g)) {
        const key = match[1] ?? '';
        if (key === 'env' || isSecretName(key))
            return true;
    }
    return false;
}
/**
 * An answer as the response file keeps it: every environment value and secret field redacted (see
 * redactFields), every number exact; an answer that is no JSON, as it came (it holds no field). Most
 * answers hold no value to redact: kept as they came, without parsing them again.
 */
function redactedAnswer(raw) {
    if (!mayHoldSecret(raw))
        return raw;
    let parsed;
    try {
        parsed = (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_1__/* .parseJson */ .qF)(raw);
    }
    catch {
        return raw;
    }
    return (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_1__/* .toCompactJson */ .ZJ)(redactFields(parsed));
}
/** An environment with every value redacted: a list keeps each entry's name. */
function redactEnvironment(env) {
    if (!Array.isArray(env))
        return redactFields(env, true);
    return env.map((entry) => isPlainObject(entry)
        ? Object.fromEntries(Object.entries(entry).map(([name, item]) => [
            name,
            name === 'name' ? item : redactFields(item, true)
        ]))
        : redactFields(entry, true));
}
/**
 * The values of secret-named fields, at any depth, as text to mask in logs, and the value of each
 * environment variable whose name is a credential's, in both forms the reference gives a service's env: a
 * job's list of {name, value} ({name: HF_TOKEN, value: ...}) and a deployment's string of NAME=value lines
 * (see envTextSecrets). Booleans and values under 4 characters are left out: masking "true" or "1" would
 * hide those words in every log line, and reveal nothing worth a mask.
 */
function secretValues(value, secret = false) {
    if (Array.isArray(value))
        return value.flatMap((item) => secretValues(item, secret));
    if (isPlainObject(value)) {
        const named = typeof value.name === 'string' && isSecretName(value.name);
        return Object.entries(value).flatMap(([name, item]) => name === 'env' && typeof item === 'string' && !secret
            ? envTextSecrets(item)
            : secretValues(item, secret || isSecretName(name) || (named && name === 'value')));
    }
    const text = typeof value === 'string' ||
        typeof value === 'number' ||
        typeof value === 'bigint' ||
        (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value)
        ? String(value)
        : undefined;
    return secret && text !== undefined && text.length >= 4 ? [text] : [];
}
/**
 * The values of a deployment's env text (the reference types it a string: NAME=value, a variable a line,
 * as a shell or a .env file writes it) whose NAME is a credential's: `export ` before a name and quotes
 * around a value are a shell's, not the value's. Values under 4 characters are left out, as secretValues
 * leaves them.
 */
function envTextSecrets(text) {
    return text.split(/\r?\n|\r/).flatMap((line) => {
        const match = /^\s*(?:export\s+)?([^=\s]+)\s*=(.*)$/.exec(line);
        if (match === null || !isSecretName(match[1] ?? ''))
            return [];
        const value = (match[2] ?? '').trim();
        const unquoted = /^(["'])(.*)\1$/.exec(value)?.[2] ?? value;
        return unquoted.length >= 4 ? [unquoted] : [];
    });
}
/**
 * The secret values an answer of the platform names (see secretValues: the environment values of its
 * tasks' services, in either form, and its secret-named fields), for a step to mask before it shows anything
 * read from that answer (a node's log that prints its environment). Most answers name none: they are not
 * parsed (see mayHoldSecret), nor is one that is no JSON.
 */
function answerSecrets(raw) {
    if (!mayHoldSecret(raw))
        return [];
    try {
        return secretValues((0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_1__/* .parseJson */ .qF)(raw));
    }
    catch {
        return [];
    }
}
function isPlainObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value) && !(0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value);
}


/***/ }),

/***/ 2464:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ copySides)
/* harmony export */ });
/** The volume a copy reads or writes, and its other side. */
function copySides(copy) {
    return copy.to.kind === 'nas'
        ? { volume: copy.to, other: copy.from }
        : { volume: copy.from, other: copy.to };
}


/***/ }),

/***/ 8074:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Vt: () => (/* binding */ MOST_WAIT_MS),
/* harmony export */   a4: () => (/* binding */ describeDefaultWait),
/* harmony export */   dX: () => (/* binding */ defaultWait),
/* harmony export */   iQ: () => (/* binding */ shortWaitWarning)
/* harmony export */ });
/* unused harmony exports WAIT_TIMEOUT_MS, JOB_START_MS */
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2589);
/* harmony import */ var _platform_operations_operation_table_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(7059);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(9644);



// The defaults that depend on the operation (action.yml declares none for these inputs: the runner would
// pass a declared default as if the user had set it).
/** How long a step waits when wait_timeout is empty and the operation sets no wait of its own. */
const WAIT_TIMEOUT_MS = 15 * 60_000;
/** The longest wait_timeout takes, and the longest a default wait may be. */
const MOST_WAIT_MS = 6 * 3_600_000;
/**
 * The time a job gets to start before its timeout_sec counts (the platform counts it from the job's run):
 * scheduling, and pulling its image. A Spot job without spot_fallback may wait Queued for longer.
 */
const JOB_START_MS = 15 * 60_000;
/**
 * The wait when wait_timeout is empty: for a job made by the step, its own timeout_sec (the platform stops
 * it then), plus the time to start (JOB_START_MS) and, with spot_fallback, queue_timeout, so that the wait
 * never ends before the job could; at most MOST_WAIT_MS. Any other step waits WAIT_TIMEOUT_MS.
 */
function defaultWait(settings) {
    const timeoutSec = jobTimeoutSec(settings);
    if (timeoutSec === undefined)
        return { ms: WAIT_TIMEOUT_MS, why: 'the default wait_timeout' };
    const queue = settings.spotFallback?.queueTimeoutMs ?? 0;
    const whole = timeoutSec * 1000 + JOB_START_MS + queue;
    const parts = [
        `the job's timeout_sec of ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(timeoutSec * 1000)}`,
        `${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(JOB_START_MS)} to start`,
        ...(queue > 0 ? [`queue_timeout of ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(queue)} (spot_fallback)`] : [])
    ];
    const why = `${parts.join(' + ')}${whole > MOST_WAIT_MS ? `, at most ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(MOST_WAIT_MS)}` : ''}`;
    return { ms: Math.min(whole, MOST_WAIT_MS), why };
}
/** The wait an operation's step takes when wait_timeout is empty, in words (for its help). */
function describeDefaultWait(operation) {
    const job = defaultWait({ operation, body: { job_support: { timeout_sec: 1 } }, spotFallback: undefined });
    const minutes = (ms) => `${ms / 60_000}m`;
    return job.ms === WAIT_TIMEOUT_MS
        ? minutes(WAIT_TIMEOUT_MS)
        : `the job's timeout_sec + ${minutes(JOB_START_MS)} to start (+ queue_timeout with spot_fallback), at most ${MOST_WAIT_MS / 3_600_000}h`;
}
/**
 * A warning when wait_timeout, as set, is shorter than the job's own timeout_sec: the step stops waiting
 * (and, with cleanup stop, stops the job) before the job would end by itself. Undefined otherwise.
 */
function shortWaitWarning(settings) {
    const timeoutSec = jobTimeoutSec(settings);
    const { timeoutMs, timeoutWhy } = settings.wait;
    if (timeoutSec === undefined || timeoutWhy !== undefined || timeoutMs >= timeoutSec * 1000)
        return undefined;
    return `wait_timeout (${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(timeoutMs)}) is shorter than the job's timeout_sec (${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(timeoutSec * 1000)}): the step stops waiting before the job would end${settings.cleanup === 'stop' ? ' (and stops the job then, with cleanup: stop)' : ''}; leave wait_timeout empty to wait for its timeout_sec and its start`;
}
/** The timeout_sec of the job a step makes (its body's job_support), when the operation makes one. */
function jobTimeoutSec(settings) {
    if (settings.operation === 'request')
        return undefined;
    const spec = _platform_operations_operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL[settings.operation];
    // A step whose wait ends before its job does (a runner's: once its runner is online) waits its own time.
    if (spec.answers !== 'new_task' || spec.wait?.target !== 'finished')
        return undefined;
    return (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_2__/* .taskKindOf */ .j2)(settings).runTimeoutSec(settings.body);
}


/***/ }),

/***/ 8500:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  r: () => (/* binding */ stepRuntime)
});

// UNUSED EXPORTS: realTimer

// EXTERNAL MODULE: ./platform/client.ts + 2 modules
var platform_client = __nccwpck_require__(5619);
;// CONCATENATED MODULE: ./platform/platform-clock.ts
/** The skew beyond which a refused timestamp is corrected (the platform's window, spec 8). */
const CORRECTABLE_SKEW_MS = 5 * 60_000;
/**
 * The time requests are stamped with. It learns the platform's clock from the Date header of each
 * answer; once a request has been refused for its timestamp while the skew is beyond the platform's
 * window, it stamps requests on the platform's time instead of the local one.
 */
class PlatformClock {
    local;
    #offsetMs;
    #correctionMs = 0;
    #lastStamp = 0;
    constructor(local) {
        this.local = local;
    }
    now() {
        return this.local() + this.#correctionMs;
    }
    /**
     * The timestamp for the next request: the current time, but always later than the last one, so no
     * two requests (a quick retry, concurrent calls) share a timestamp and, with it, a signature. A
     * correction starts the sequence again on the platform's time, backwards too (a runner clock ahead of
     * the platform): stamps stay strictly increasing from there on.
     */
    stamp() {
        this.#lastStamp = Math.max(this.now(), this.#lastStamp + 1);
        return this.#lastStamp;
    }
    /** The platform's clock minus the local one, as last measured; undefined before any Date header. */
    get offsetMs() {
        return this.#offsetMs;
    }
    get corrected() {
        return this.#correctionMs !== 0;
    }
    /**
     * Learns the offset from an answer's Date header, received at local time `at`. The header counts
     * whole seconds, so it is read as the middle of its second.
     */
    observe(dateHeader, at) {
        const serverTime = typeof dateHeader === 'string' ? Date.parse(dateHeader) : Number.NaN;
        if (!Number.isNaN(serverTime))
            this.#offsetMs = serverTime + 500 - at;
    }
    /** Starts stamping on the platform's time when the skew is beyond its window; true if it did. */
    correct() {
        if (this.corrected || this.#offsetMs === undefined || Math.abs(this.#offsetMs) <= CORRECTABLE_SKEW_MS)
            return false;
        this.#correctionMs = this.#offsetMs;
        // The stamps so far were on the refused clock: keeping them as a floor would undo a correction back.
        this.#lastStamp = 0;
        return true;
    }
}

// EXTERNAL MODULE: ./platform/version.ts
var version = __nccwpck_require__(8690);
;// CONCATENATED MODULE: ./deploy/engine/cancellable-sleep.ts
/**
 * Sleeps that end early, rejecting, when the step is cancelled. One listener on the signal wakes every
 * sleeper: a bulk step sleeps in many places at once, and a listener per sleep would pass Node's limit
 * of 10 per signal and print MaxListenersExceededWarning.
 */
function cancellableSleep(cancel) {
    const sleepers = new Set();
    cancel.addEventListener('abort', () => {
        for (const wake of sleepers)
            wake();
    }, { once: true });
    return (ms) => new Promise((resolve, reject) => {
        if (cancel.aborted) {
            reject(new Error('the step was cancelled'));
            return;
        }
        const wake = () => {
            clearTimeout(timer);
            sleepers.delete(wake);
            reject(new Error('the step was cancelled'));
        };
        const timer = setTimeout(() => {
            sleepers.delete(wake);
            resolve();
        }, ms);
        sleepers.add(wake);
    });
}

;// CONCATENATED MODULE: ./deploy/engine/step-runtime.ts




/**
 * The runtime of a step on a real machine: the one HTTPS client (the runner's proxy and CAs, bounded by
 * request_timeout and max_response_size, aborted when the job is cancelled), the local and platform
 * clocks, sleeps that end when the job is cancelled, and the host's log.
 */
function stepRuntime(settings, host) {
    const client = new platform_client/* ApiClient */.OW({
        userAgent: version/* USER_AGENT */._,
        timeoutMs: settings.requestTimeoutMs,
        maxResponseBytes: settings.maxResponseBytes,
        cancel: host.cancel
    });
    return {
        transport: client,
        now: Date.now,
        clock: new PlatformClock(Date.now),
        sleep: cancellableSleep(host.cancel),
        random: Math.random,
        log: host.log,
        warn: host.warn,
        ...(host.debug === undefined ? {} : { debug: host.debug }),
        cancelled: () => host.cancel.aborted,
        every: realTimer,
        probe: (url) => client.probe(url),
        ...(host.progress === undefined ? {} : { progress: host.progress }),
        ...(host.openFile === undefined ? {} : { openFile: host.openFile }),
        ...(host.pullRequests === undefined ? {} : { pullRequests: host.pullRequests }),
        ...(host.runnerHost === undefined ? {} : { runnerHost: host.runnerHost }),
        ...(host.mask === undefined ? {} : { mask: host.mask }),
        uncancelled: (withinMs) => stepRuntime(settings, { ...host, cancel: AbortSignal.timeout(withinMs) }),
        dispose: () => {
            client.dispose();
        }
    };
}
/** A real timer that keeps no process alive (see StepRuntime.every): the runner's. */
function realTimer(everyMs, tick) {
    const timer = setInterval(tick, everyMs);
    timer.unref();
    return () => {
        clearInterval(timer);
    };
}


/***/ }),

/***/ 9645:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Wn: () => (/* binding */ checkEncryption),
/* harmony export */   aV: () => (/* binding */ checkCopies)
/* harmony export */ });
/* unused harmony export checkWorkspacePaths */
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(629);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(9644);
/* harmony import */ var _settings_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2464);
/* harmony import */ var _sftp_workspace_path_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(4294);




/**
 * What data and results need, checked before anything is sent: for a copy through object storage, the
 * one the s3_* inputs name, with its keys, and a key that can encrypt (the transfer's create is
 * encrypted, as the reference requires); for a copy from or to the workspace, a path inside it (see
 * checkWorkspacePaths). A workspace copy needs no s3_* input.
 */
function checkCopies(settings) {
    const { data, results, copies, transfer } = settings.storage;
    checkWorkspacePaths(settings);
    const viaObjects = (list) => list.some((copy) => (0,_settings_js__WEBPACK_IMPORTED_MODULE_0__/* .copySides */ ._)(copy).other.kind === 'objects');
    const input = [
        ['data', data],
        ['results', results],
        ['copies', copies]
    ].find(([, list]) => viaObjects(list))?.[0];
    if (input === undefined)
        return;
    const missing = [
        ['s3_supplier', transfer.supplier],
        ['s3_endpoint', transfer.endpoint],
        ['s3_bucket', transfer.bucket],
        ['s3_access_key', transfer.accessKey],
        ['s3_secret_key', transfer.secretKey]
    ].find(([, value]) => value === undefined);
    if (missing !== undefined)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .d(`${missing[0]} is empty, but ${input} ${input === 'copies' ? 'has a copy' : 'copies'} through the object storage it names: set s3_supplier, s3_endpoint, s3_bucket, s3_access_key and s3_secret_key`);
    checkEncryption(settings);
}
/**
 * Refuses, before anything is sent, a workspace path that leaves the workspace through a link (`..` and
 * absolute paths the parser refused already), and an upload's source that is not there: what data (or a
 * copy into a volume) uploads must exist before anything is made. A download's target may be missing (it
 * is made, inside the workspace).
 */
function checkWorkspacePaths(settings) {
    const { data, results, copies, workspace } = settings.storage;
    for (const [input, list] of [
        ['data', data],
        ['results', results],
        ['copies', copies]
    ]) {
        for (const copy of list) {
            const { other } = (0,_settings_js__WEBPACK_IMPORTED_MODULE_0__/* .copySides */ ._)(copy);
            if (other.kind !== 'workspace')
                continue;
            const upload = copy.to.kind === 'nas';
            const checked = upload
                ? (0,_sftp_workspace_path_js__WEBPACK_IMPORTED_MODULE_2__/* .workspaceSource */ .$Q)(workspace, other.path)
                : (0,_sftp_workspace_path_js__WEBPACK_IMPORTED_MODULE_2__/* .workspaceTarget */ .HU)(workspace, other.path);
            if (!checked.ok)
                throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_1__/* .InputError */ .d(`${input} ${input === 'copies' ? 'has a copy' : 'copies'} ${upload ? 'from' : 'to'} ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_1__/* .quote */ .h)(other.path)}, but ${checked.why}: name a path inside the workspace (${workspace}), such as ./dataset/`);
        }
    }
}
/**
 * Refuses, before anything is sent, a key that cannot send the transfer's encrypted create (a token-mode
 * key, or no platform_public_key), by building the create's call for a body of the right shape.
 */
function checkEncryption(settings) {
    (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_3__/* .transferCreateCall */ .AS)(settings, {
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


/***/ }),

/***/ 4294:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $Q: () => (/* binding */ workspaceSource),
/* harmony export */   FK: () => (/* binding */ isInside),
/* harmony export */   HU: () => (/* binding */ workspaceTarget)
/* harmony export */ });
/* unused harmony export lexicalPath */
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);


/** `path` is `root` or below it (both absolute and resolved). */
function isInside(root, path) {
    const rel = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)(root, path);
    return rel === '' || (rel !== '..' && !rel.startsWith(`..${node_path__WEBPACK_IMPORTED_MODULE_1__.sep}`) && !(0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(rel));
}
/** The path a workspace path names, lexically: undefined when it leaves the workspace (`..`, absolute). */
function lexicalPath(workspace, path) {
    if ((0,node_path__WEBPACK_IMPORTED_MODULE_1__.isAbsolute)(path) || path.split(/[/\\]/).includes('..'))
        return undefined;
    const root = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace);
    const joined = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(root, path);
    return isInside(root, joined) ? joined : undefined;
}
/** An upload's source: it must exist, and be inside the workspace once every link on it is resolved. */
function workspaceSource(workspace, path) {
    const root = realRoot(workspace);
    if (!root.ok)
        return root;
    const lexical = lexicalPath(workspace, path);
    if (lexical === undefined)
        return { ok: false, why: 'it leaves the workspace' };
    let real;
    try {
        real = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(lexical);
    }
    catch (error) {
        return { ok: false, why: `it cannot be read in the workspace (${codeOf(error)})` };
    }
    if (!isInside(root.real, real))
        return { ok: false, why: 'a link on it points outside the workspace' };
    return { ok: true, root: root.real, real, exists: true };
}
/**
 * A download's target: inside the workspace once every link on the part of it that exists is resolved;
 * the rest is made as directories (never through a link: the copy checks each as it makes it).
 */
function workspaceTarget(workspace, path) {
    const root = realRoot(workspace);
    if (!root.ok)
        return root;
    const lexical = lexicalPath(workspace, path);
    if (lexical === undefined)
        return { ok: false, why: 'it leaves the workspace' };
    let existing = lexical;
    const rest = [];
    while (!exists(existing)) {
        rest.unshift((0,node_path__WEBPACK_IMPORTED_MODULE_1__.relative)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(existing), existing));
        existing = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.dirname)(existing);
    }
    let real;
    try {
        real = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)(existing);
    }
    catch (error) {
        return { ok: false, why: `it cannot be read in the workspace (${codeOf(error)})` };
    }
    if (!isInside(root.real, real))
        return { ok: false, why: 'a link on it points outside the workspace' };
    return { ok: true, root: root.real, real: (0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(real, ...rest), exists: rest.length === 0 };
}
function realRoot(workspace) {
    try {
        return { ok: true, real: (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.realpathSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace)) };
    }
    catch (error) {
        return { ok: false, why: `the workspace ${(0,node_path__WEBPACK_IMPORTED_MODULE_1__.resolve)(workspace)} cannot be read (${codeOf(error)})` };
    }
}
/** Whether anything is at `path`, a dangling link too (lstat, not stat). */
function exists(path) {
    try {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.lstatSync)(path);
        return true;
    }
    catch {
        return false;
    }
}
function codeOf(error) {
    return error.code ?? String(error);
}


/***/ }),

/***/ 6426:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   FK: () => (/* binding */ servicesDiffer),
/* harmony export */   IC: () => (/* binding */ imagesOf),
/* harmony export */   QV: () => (/* binding */ configurationOf),
/* harmony export */   VU: () => (/* binding */ diffConfigurations),
/* harmony export */   YF: () => (/* binding */ applyChanges),
/* harmony export */   ek: () => (/* binding */ checkChanges)
/* harmony export */ });
/* harmony import */ var lossless_json__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3201);
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(629);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2212);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(9817);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(6539);
/* harmony import */ var _secret_fields_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(3439);






/** Detail fields the platform fills itself (statuses and counters): posted back as given, never changed. */
const FILLED_BY_PLATFORM = ['status', 'runing_points', 'billing_points', 'billing_value', 'forecast_value'];
/**
 * Write-only fields: taken by a create, never answered by a query, and (the reference says) not to be
 * updated after creation.
 */
const WRITE_ONLY = ['repository_username', 'repository_password'];
/** Fields an update body may not set: the task's identity, and what the platform fills or never updates. */
const NOT_CHANGEABLE = ['task_id', 'task_type', ...FILLED_BY_PLATFORM];
/**
 * The configuration in a task's detail, structure unchanged: every field it gives, the platform's own
 * (statuses, counters, the service URLs) included, but the write-only ones (null in a detail; posting
 * null back could clear them).
 */
function configurationOf(detail) {
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(detail) || !Array.isArray(detail.services))
        throw new Error('the task detail carries no services list, so its configuration cannot be read');
    return Object.fromEntries(Object.entries(detail).filter(([name]) => !WRITE_ONLY.includes(name)));
}
/**
 * Checks an update's body (a partial configuration) before anything is sent: not empty, no write-only
 * field, nothing the platform fills, and services as a list of objects each naming its service_name.
 */
function checkChanges(changes) {
    if (Object.keys(changes).length === 0) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d('body is empty, but update needs the changes: set body to the fields to change, such as {services: [{service_name: web, service_image: "app:2"}]}');
    }
    const writeOnly = writeOnlyPaths(changes);
    if (writeOnly.length > 0) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`body sets ${writeOnly.join(', ')}, which the platform takes only when a task is created (write-only) and cannot change after: remove it, and create a new task (replace) to change the registry credentials`);
    }
    for (const name of Object.keys(changes).filter((n) => NOT_CHANGEABLE.includes(n)))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`body sets ${name}, which an update cannot change: remove it (the task is chosen by task_id or task_name)`);
    const { services } = changes;
    if (services === undefined)
        return;
    if (!Array.isArray(services))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d('body services is not a list: write it as a list of {service_name: ..., <changes>}');
    services.forEach((service, index) => {
        if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) || typeof service.service_name !== 'string' || service.service_name === '')
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`body services[${index}] names no service_name: each changed service is matched by its service_name`);
    });
}
/**
 * The configuration with the changes applied: each top-level field given replaces the task's; each
 * service given is matched by service_name and the fields it gives replace that service's.
 */
function applyChanges(configuration, changes) {
    const { services: changedServices, ...fields } = changes;
    const services = Array.isArray(configuration.services) ? configuration.services : [];
    const names = services.map((s) => ((0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(s) ? String(s.service_name) : ''));
    const byName = new Map();
    for (const change of Array.isArray(changedServices) ? changedServices.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u) : []) {
        const name = String(change.service_name);
        if (!names.includes(name)) {
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`body services names ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .h)((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(name, 60))}, but the task has no such service: use one of ${names.map((n) => (0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .quote */ .h)((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(n, 60))).join(', ')}`);
        }
        byName.set(name, { ...byName.get(name), ...change });
    }
    return {
        ...configuration,
        ...fields,
        services: services.map((service) => {
            const change = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) ? byName.get(String(service.service_name)) : undefined;
            return change === undefined || !(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) ? service : { ...service, ...change };
        })
    };
}
/**
 * Every field that differs between two configurations, by path (services by name:
 * `services[web].service_image`); a field under a secret-looking name, and every env, is shown redacted.
 */
function diffConfigurations(before, after) {
    return diffValues(settable(before), settable(after), [], false);
}
/**
 * What of a configuration a task is set to: all but what the platform fills itself (statuses, counters,
 * the service URLs), which an update posts back as given and never changes.
 */
function settable(configuration) {
    const services = Array.isArray(configuration.services) ? configuration.services : [];
    return {
        ...Object.fromEntries(Object.entries(configuration).filter(([name]) => !FILLED_BY_PLATFORM.includes(name))),
        services: services.map((service) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) && Array.isArray(service.remote_ports)
            ? {
                ...service,
                remote_ports: service.remote_ports.map((port) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(port) ? withoutField(port, 'url') : port)
            }
            : service)
    };
}
/** The images of each service, by service name, as a configuration sets them. */
function imagesOf(configuration) {
    const services = Array.isArray(configuration.services) ? configuration.services.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u) : [];
    return new Map(services.map((s) => [String(s.service_name), String(s.service_image)]));
}
/** Whether the configurations' services differ (the nodes must then be replaced to serve the new one). */
function servicesDiffer(before, after) {
    return !same(settable(before).services, settable(after).services);
}
/** Whether two JSON values (or absent ones) are the same, numbers compared as written. */
function same(a, b) {
    return a === undefined || b === undefined ? a === b : (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_4__/* .toCompactJson */ .ZJ)(a) === (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_4__/* .toCompactJson */ .ZJ)(b);
}
/** Fields whose values are never shown: credentials by name, and env (it holds an app's secrets). */
function hidden(name) {
    return name === 'env' || (0,_secret_fields_js__WEBPACK_IMPORTED_MODULE_5__/* .isSecretName */ .eh)(name);
}
function diffValues(before, after, path, secret) {
    if (same(before, after))
        return [];
    const here = path.join('.');
    if (!secret && isObject(before) && isObject(after)) {
        const names = [...new Set([...Object.keys(before), ...Object.keys(after)])];
        return names.flatMap((name) => diffValues(before[name], after[name], [...path, name], hidden(name)));
    }
    if (!secret && here === 'services' && Array.isArray(before) && Array.isArray(after))
        return diffServices(before, after);
    const show = (value) => value === undefined ? '(none)' : secret ? _secret_fields_js__WEBPACK_IMPORTED_MODULE_5__/* .REDACTED */ .XF : (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)((0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_4__/* .toCompactJson */ .ZJ)((0,_secret_fields_js__WEBPACK_IMPORTED_MODULE_5__/* .redactFields */ .$F)(value)), 200);
    return [{ path: here, before: show(before), after: show(after) }];
}
/** Services compared by name: a field of one, or a service added or taken away. */
function diffServices(before, after) {
    const named = (list) => new Map(list.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u).map((s) => [String(s.service_name), s]));
    const [old, now] = [named(before), named(after)];
    const names = [...new Set([...old.keys(), ...now.keys()])];
    return names.flatMap((name) => diffValues(old.get(name), now.get(name), [`services[${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(name, 60)}]`], false));
}
/** A JSON object, not a number kept exact (lossless-json's numbers are objects too). */
function isObject(value) {
    return (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(value) && !(0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value);
}
function writeOnlyPaths(changes) {
    return WRITE_ONLY.filter((name) => name in changes);
}
function withoutField(record, field) {
    return Object.fromEntries(Object.entries(record).filter(([name]) => name !== field));
}


/***/ }),

/***/ 8258:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Cv: () => (/* binding */ urlPublisher),
/* harmony export */   ON: () => (/* binding */ publishableUrls),
/* harmony export */   rt: () => (/* binding */ publishableUrl)
/* harmony export */ });
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9817);

/**
 * Service URLs as the action publishes them (`url`, `urls`, the job summary): absolute http(s) URLs
 * only, in the form a real URL parser gives them. The server chooses these strings; a later step may
 * pass them to a shell or a browser, so `javascript:` and other schemes are never published, and
 * characters such as spaces, quotes and backticks come out percent-encoded.
 */
function publishableUrl(text) {
    let url;
    try {
        url = new URL(text);
    }
    catch {
        return undefined;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:')
        return undefined;
    // The parser gives a bare origin a "/" path; left as the server wrote it, "$URL/health" stays one slash.
    const bare = url.pathname === '/' && url.search === '' && url.hash === '' && !/\/\s*$/.test(text);
    return bare ? url.href.slice(0, -1) : url.href;
}
/** The publishable URLs among `urls`, in order; each one dropped is handed to `dropped`. */
function publishableUrls(urls, dropped) {
    return urls.flatMap((text) => {
        if (text === null)
            return [];
        const url = publishableUrl(text);
        if (url === undefined)
            dropped(text);
        return url === undefined ? [] : [url];
    });
}
/** The service URLs a task result publishes; each URL dropped is warned about once. */
function urlPublisher(ctx) {
    const warned = new Set();
    return (taskId, urls) => publishableUrls(urls, (url) => {
        if (warned.has(url))
            return;
        warned.add(url);
        ctx.runtime.warn(`task ${taskId}: the service URL ${JSON.stringify((0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_0__/* .sanitize */ .aj)(url, 120))} is not an absolute http(s) URL, so it is not published in url, urls or the summary`);
    });
}


/***/ }),

/***/ 6961:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   s$: () => (/* binding */ readAllPages)
/* harmony export */ });
/* unused harmony exports MAX_PAGES, IncompleteListError, MAX_REREADS */
/* harmony import */ var lossless_json__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3201);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(2212);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(6539);



/** Pages a list is followed across at the most: a bound, should pages keep coming. */
const MAX_PAGES = 500;
/**
 * The pages ended before the list did: `count` said more items than the pages held, or, without a count,
 * full pages kept coming until MAX_PAGES; or the list kept changing while it was read (`seen` undefined).
 */
class IncompleteListError extends Error {
    constructor(what, seen, count, why) {
        super(seen === undefined
            ? `${what}: ${why}, so no whole list could be read`
            : count === undefined
                ? `${what}: the platform's pages held ${seen} items and were still full (${why}), so the list may be incomplete`
                : `${what}: the platform's answer counts ${count} items, but its pages held ${seen} (${why}), so the list is incomplete`);
        this.name = 'IncompleteListError';
    }
}
/** Reads of a list begun again, at the most, when its count changes while its pages are read. */
const MAX_REREADS = 3;
/**
 * Reads a paged list (`{count, results}`) to its end. No largest page size is published and a platform
 * may answer fewer items than asked, so a short page proves nothing while `count` says more remain: the
 * pages are followed until `count` items have been seen. Without a count, an empty or short page ends
 * the list. A page that adds no item not seen before ends it too (a platform that repeats its last page
 * must not loop); if `count` says more remain then, the list is incomplete and that is an error, since a
 * hidden task can be left billing. So is a list still going after MAX_PAGES pages, count or none.
 *
 * Pages are read by offset, so a list that changes while it is read (another run stops a task on an
 * earlier page) shifts items past the reader: when a page's count differs from the first page's, or a
 * page adds nothing while the count says more remain, the read begins again, up to MAX_REREADS times; a
 * list that never reads whole is an error. A count that
 * stays the same can still hide a change (one task gone, another come): callers that must find every
 * task search again until a fresh search finds nothing left to do.
 */
async function readAllPages(what, pageCall, send, key = _protocol_json_js__WEBPACK_IMPORTED_MODULE_1__/* .toCompactJson */ .ZJ) {
    for (let read = 0;; read++) {
        const list = await readOnce(what, pageCall, send, key);
        if (!(list instanceof IncompleteListError))
            return list;
        if (read >= MAX_REREADS)
            throw list;
    }
}
async function readOnce(what, pageCall, send, key) {
    const results = [];
    const seen = new Set();
    let count;
    let call = pageCall(1);
    const first = await send(call);
    for (let page = 1, answer = first;;) {
        const data = answer.result.data;
        const items = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(data) && Array.isArray(data.results) ? data.results : [];
        const counted = countOf(data);
        if (page > 1 && counted !== undefined && count !== undefined && counted !== count)
            return new IncompleteListError(what, undefined, undefined, 'its count changed while it was read');
        count = counted ?? count;
        const fresh = items.filter((item) => !seen.has(key(item)));
        for (const item of fresh)
            seen.add(key(item));
        results.push(...fresh);
        const asked = Number(call.query.find(([name]) => name === 'page_size')?.[1] ?? items.length);
        const complete = count === undefined ? items.length < asked || fresh.length === 0 : results.length >= count;
        if (complete)
            return { results, count, first };
        // Without a count, a page adding nothing was complete above: this one was full, or more remain.
        if (page >= MAX_PAGES || fresh.length === 0) {
            const why = fresh.length === 0 ? `page ${page} added nothing` : `${MAX_PAGES} pages read`;
            const incomplete = new IncompleteListError(what, results.length, count, why);
            // Items shifted past by a change while the pages were read: read again.
            if (fresh.length === 0)
                return incomplete;
            throw incomplete;
        }
        page += 1;
        call = pageCall(page);
        answer = await send(call);
    }
}
function countOf(data) {
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_2__/* .isRecord */ .u)(data))
        return undefined;
    const value = (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(data.count) ? Number(data.count.toString()) : data.count;
    return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}


/***/ }),

/***/ 1054:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   BN: () => (/* binding */ endedAs),
/* harmony export */   Jw: () => (/* binding */ describeState),
/* harmony export */   Lf: () => (/* binding */ readTaskState),
/* harmony export */   Tw: () => (/* binding */ billsNoMore)
/* harmony export */ });
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(9817);
/* harmony import */ var _platform_failures_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(3035);
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_7__ = __nccwpck_require__(9644);
/* harmony import */ var _platform_task_data_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(8998);
/* harmony import */ var _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7187);
/* harmony import */ var _read_all_pages_js__WEBPACK_IMPORTED_MODULE_6__ = __nccwpck_require__(6961);
/* harmony import */ var _read_task_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(8242);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(8079);








/**
 * A task that bills no more: no search of every status lists it, or it reads End; a job also once it reads
 * Paused (stopped: the Job API has no pause), or its run ended with no pod active (see JobFacts.ended).
 */
function billsNoMore(state, kind) {
    if (state.kind === 'absent')
        return true;
    if (state.kind !== 'status')
        return false;
    return _platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TASK_KINDS */ .Eb[kind].billsNoMore(state.status, state.data);
}
/** How a task that bills no more ended, in a word: gone, its status, or a job's run's end (Complete). */
function endedAs(state, kind) {
    if (state.kind !== 'status')
        return 'gone';
    return (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(_platform_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TASK_KINDS */ .Eb[kind].endedAs(state.status, state.data), 40);
}
/** "its status is Running", "no task search of any status lists it", "it could not be read (\u2026)". */
function describeState(state) {
    switch (state.kind) {
        case 'status':
            return `its status is ${state.status}`;
        case 'absent':
            return 'no task search of any status lists it';
        case 'unread':
            return `its status could not be read (${state.why})`;
    }
}
/**
 * Reads a task's state, as the platform shows it, never from an error code: the platform publishes no
 * code's meaning. First its detail (retried while a failure may pass); when the detail is refused (or
 * `detailRefused` says it just was), the task search of every status, End included, by `name` when known
 * (else every task): the task's status there, or its absence from every page.
 */
async function readTaskState(taskId, ctx, options = {}) {
    const again = (label, attempt) => (0,_retries_js__WEBPACK_IMPORTED_MODULE_2__/* .retried */ .s)(label, ctx.retries, attempt);
    let refusal = '';
    if (options.detailRefused !== true) {
        try {
            // The task's own status (where a stop or a search reads it), whatever its kind reads of its run.
            const { data } = await again(`status of task ${taskId}`, () => (0,_read_task_js__WEBPACK_IMPORTED_MODULE_3__/* .readDetailOnce */ .fJ)(taskId, ctx));
            const status = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_4__/* .snapshotOf */ .eY)(data, ctx.settings.wait.statusField).status;
            if (status !== undefined)
                return { kind: 'status', status, data };
        }
        catch (error) {
            refusal = (0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_5__/* .describeError */ .Uc)(error);
        }
    }
    const name = options.name ?? '';
    try {
        const { results } = await again(`task search for task ${taskId}`, () => (0,_read_all_pages_js__WEBPACK_IMPORTED_MODULE_6__/* .readAllPages */ .s$)(`the task search of every status${name === '' ? '' : ` for ${JSON.stringify(name)}`}`, (page) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_7__/* .searchByNameCall */ .Vl)(ctx.settings, name, page, 'every'), ctx.send, (task) => (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_4__/* .taskIdOf */ .G6)(task) ?? ''));
        const found = results.find((task) => (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_4__/* .taskIdOf */ .G6)(task) === taskId);
        if (found === undefined)
            return { kind: 'absent' };
        const status = (0,_platform_task_data_js__WEBPACK_IMPORTED_MODULE_4__/* .snapshotOf */ .eY)(found, ['status']).status;
        return status === undefined
            ? { kind: 'unread', why: 'the task search lists it without a status' }
            : { kind: 'status', status, data: found };
    }
    catch (error) {
        const detail = refusal === '' ? '' : `its detail: ${refusal}; `;
        return { kind: 'unread', why: `${detail}the task search: ${(0,_platform_failures_js__WEBPACK_IMPORTED_MODULE_5__/* .describeError */ .Uc)(error)}` };
    }
}


/***/ }),

/***/ 8242:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ld: () => (/* binding */ holdsConfiguration),
/* harmony export */   Tx: () => (/* binding */ runningOf),
/* harmony export */   XV: () => (/* binding */ readNodeList),
/* harmony export */   fJ: () => (/* binding */ readDetailOnce),
/* harmony export */   gv: () => (/* binding */ readTask),
/* harmony export */   on: () => (/* binding */ readDetail),
/* harmony export */   pc: () => (/* binding */ readNodeLog),
/* harmony export */   qk: () => (/* binding */ pointOf),
/* harmony export */   tc: () => (/* binding */ pointIds)
/* harmony export */ });
/* harmony import */ var _platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9644);
/* harmony import */ var _configuration_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(6426);
/* harmony import */ var _retries_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(8079);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(2212);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_6__ = __nccwpck_require__(6539);
/* harmony import */ var _platform_node_data_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(965);
/* harmony import */ var _read_all_pages_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(6961);








/**
 * The one way the step reads a task's state: its kind's detail (a deployment's detail, a job's
 * job_detail), sent once, its snapshot read by the kind's reader (see TaskKindDescriptor.snapshotOf).
 * A poll's round reads it so (its poll counts what it could not read); readDetail sends it again while
 * a failure may pass.
 */
async function readDetailOnce(taskId, ctx) {
    const { result, raw } = await ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .detailCall */ .cV)(ctx.settings, taskId));
    // Read when asked for, once: a wait's poll reads the data, and its watcher the snapshot, its own way.
    let snapshot;
    return {
        data: result.data,
        raw,
        get snapshot() {
            snapshot ??= (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .taskKindOf */ .j2)(ctx.settings).snapshotOf(result.data, ctx.settings.wait.statusField);
            return snapshot;
        }
    };
}
/** Reads a task's detail (see readDetailOnce), retried while a failure may pass. */
function readDetail(taskId, ctx) {
    return (0,_retries_js__WEBPACK_IMPORTED_MODULE_1__/* .retried */ .s)(`detail of task ${taskId}`, ctx.retries, () => readDetailOnce(taskId, ctx));
}
/** Reads a task's detail and its node list, each retried while a failure may pass. */
async function readTask(taskId, ctx) {
    const detail = await readDetail(taskId, ctx);
    const nodes = await (0,_retries_js__WEBPACK_IMPORTED_MODULE_1__/* .retried */ .s)(`nodes of task ${taskId}`, ctx.retries, () => readNodeList(taskId, ctx));
    return { ...detail, nodes };
}
/**
 * Whether the task's configuration is `configuration`, as its detail says now (what a change whose
 * answer was a refusal left); an unreadable detail is not known to hold it.
 */
async function holdsConfiguration(taskId, configuration, ctx) {
    try {
        const now = (0,_configuration_js__WEBPACK_IMPORTED_MODULE_2__/* .configurationOf */ .QV)((await readDetail(taskId, ctx)).data);
        return (0,_configuration_js__WEBPACK_IMPORTED_MODULE_2__/* .diffConfigurations */ .VU)(configuration, now).length === 0;
    }
    catch {
        return false;
    }
}
/** The point ids of the nodes. */
function pointIds(nodes) {
    return new Set(nodes.map(pointOf).filter((id) => id !== ''));
}
/** How many nodes run, as the task's detail says (runing_points), when it says. */
function runningOf(snapshot) {
    return snapshot?.nodes?.running;
}
/** Every node of a task, across the pages of its node list. */
async function readNodeList(taskId, ctx) {
    const { results } = await (0,_read_all_pages_js__WEBPACK_IMPORTED_MODULE_3__/* .readAllPages */ .s$)(`the node list of task ${taskId}`, (page) => (0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .nodesCall */ .ap)(ctx.settings, taskId, page), ctx.send, (node) => ((0,_basics_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u)(node) ? ((0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_5__/* .fieldText */ .gF)(node.point_id) ?? (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_6__/* .toCompactJson */ .ZJ)(node)) : (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_6__/* .toCompactJson */ .ZJ)(node)));
    return results.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u);
}
/** A service's log on a node: the whole text so far (point_log answers all of it), '' when it says none. */
async function readNodeLog(taskId, pointId, serviceId, ctx) {
    const { result } = await ctx.send((0,_platform_operations_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .nodeLogCall */ .fJ)(ctx.settings, taskId, pointId, serviceId));
    return (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_4__/* .isRecord */ .u)(result.data) && typeof result.data.logs === 'string' ? result.data.logs : '';
}
/** A node's point_id, as text ('' when it has none). */
function pointOf(node) {
    return (0,_platform_node_data_js__WEBPACK_IMPORTED_MODULE_5__/* .fieldText */ .gF)(node.point_id) ?? '';
}


/***/ }),

/***/ 6166:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   S4: () => (/* binding */ judge),
/* harmony export */   X8: () => (/* binding */ criteriaFor),
/* harmony export */   oB: () => (/* binding */ isPublishable),
/* harmony export */   pl: () => (/* binding */ isUnknownStatus)
/* harmony export */ });
/* harmony import */ var _tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8258);

/** The criteria of a wait for `target`, of a task of `kind`: its defaults, unless the inputs name statuses. */
function criteriaFor(target, wait, kind, leaving = []) {
    const { waitDefaults, statuses } = kind;
    const defaults = waitDefaults[target];
    return {
        target,
        success: wait.successStatuses ?? defaults.success,
        failure: wait.failureStatuses ?? defaults.failure,
        requireUrls: target === 'ready' && wait.waitForUrls,
        requireAllNodes: target === 'ready',
        gone: defaults.gone,
        leaving,
        stopped: defaults.stopped ?? [],
        known: statuses.known
    };
}
/**
 * Whether a look settles the wait: reached, failed, or still waiting. A wait until a job is ended is
 * decided by whether it bills no more (its run ended or it was stopped, no pod active or billed), whatever
 * its status word: a stopped job whose pods are still billed is not ended yet.
 */
function judge(snapshot, criteria) {
    if (criteria.target === 'ended' && snapshot.billsNoMore !== undefined)
        return snapshot.billsNoMore ? 'reached' : 'waiting';
    if (snapshot.status === undefined)
        return 'waiting';
    if (criteria.failure.includes(snapshot.status))
        return 'failed';
    if (!criteria.success.includes(snapshot.status))
        return 'waiting';
    if (criteria.requireUrls && snapshot.urls.some((url) => !isPublishable(url)))
        return 'waiting';
    if (criteria.requireAllNodes &&
        snapshot.nodes !== undefined &&
        snapshot.nodes.running < snapshot.nodes.total)
        return 'waiting';
    return 'reached';
}
/** A URL set, and one the action can publish (an absolute http(s) URL): anything else is no URL yet. */
function isPublishable(url) {
    return url !== null && (0,_tasks_publishable_urls_js__WEBPACK_IMPORTED_MODULE_0__/* .publishableUrl */ .rt)(url) !== undefined;
}
/** A status the wait does not know what to make of: neither known to the platform nor configured. */
function isUnknownStatus(status, criteria) {
    return (!criteria.known.includes(status) &&
        !criteria.success.includes(status) &&
        !criteria.failure.includes(status));
}


/***/ }),

/***/ 3977:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  N3: () => (/* binding */ ON_PULL_REQUEST_EVENT),
  d0: () => (/* binding */ OPERATION_NAMES),
  oQ: () => (/* binding */ defaultCleanup),
  fH: () => (/* binding */ leavesChange),
  Tq: () => (/* binding */ makesVolumes),
  ji: () => (/* binding */ operationNamed),
  Kv: () => (/* binding */ operationsWhere),
  eO: () => (/* binding */ startsTransfers)
});

// UNUSED EXPORTS: OPERATIONS, declarationOf

;// CONCATENATED MODULE: ./deploy/engine/operations/operation.ts
/** The declaration as written: its name kept a literal. */
const operation = (declaration) => declaration;
/** A flow of the bundle's first file. */
const ready = (flow) => () => Promise.resolve(flow);
/** A web service's body, as the platform's reference requires a create's: services with their ports. */
const WEB = `'{services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]}'`;

// EXTERNAL MODULE: ./deploy/engine/inputs/operation-inputs.ts
var operation_inputs = __nccwpck_require__(5026);
// EXTERNAL MODULE: ./deploy/engine/flows/copying.ts
var copying = __nccwpck_require__(3044);
// EXTERNAL MODULE: ./deploy/engine/flows/wait.ts
var wait = __nccwpck_require__(3186);
;// CONCATENATED MODULE: ./deploy/deployments/operations.ts




// Deployments: a service made, replaced, changed in place, scaled, swept, a node replaced, and what its nodes say.
const create = operation({
    name: 'create',
    capabilities: ['deploy'],
    summary: 'create a task from body (on the GPU gpu names), and wait until it is ready',
    needs: ['task_name', 'body'],
    inputs: (0,operation_inputs/* only */.j6)(['task_name', 'body'], operation_inputs/* CREATE */.lY),
    outputs: operation_inputs/* PLACED */.sX,
    examples: [
        `elastic-deploy create --task-name web-1 --gpu 4090 --body ${WEB} --cleanup stop`,
        `elastic-deploy create --task-name web-1 --gpu 4090 --body ${WEB} --health-path /health --wait-timeout 20m`
    ],
    flow: ready((0,copying/* withDataIn */.kU)(wait/* waitFlow */.Yb)),
    bills: true,
    maxCost: 'while waiting',
    uses: { dataIn: true }
});
const replace = operation({
    name: 'replace',
    capabilities: ['deploy'],
    summary: 'create a task, and once it is ready stop the tasks of the same name that ran before',
    needs: ['task_name', 'body'],
    inputs: (0,operation_inputs/* only */.j6)(['task_name', 'body'], operation_inputs/* CREATE */.lY),
    outputs: [...operation_inputs/* PLACED */.sX, 'replaced_task_ids'],
    examples: [
        `elastic-deploy replace --task-name web --gpu 4090 --body ${WEB} --health-path /health`,
        `elastic-deploy replace --task-name web --gpu 4090 --body ${WEB} --max-cost 20 --cleanup stop`
    ],
    flow: async () => (0,copying/* withDataIn */.kU)((await Promise.all(/* import() */[__nccwpck_require__.e(197), __nccwpck_require__.e(832), __nccwpck_require__.e(327), __nccwpck_require__.e(529), __nccwpck_require__.e(688), __nccwpck_require__.e(633)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2633))).replaceFlow),
    bills: true,
    maxCost: 'while waiting',
    uses: { dataIn: true }
});
const update = operation({
    name: 'update',
    capabilities: ['deploy'],
    summary: "change a running task's configuration from body; roll it back if it does not serve",
    needs: ['task_id', 'body'],
    inputs: [
        'task_name',
        'body_file',
        'volumes',
        'juicefs_mounts',
        ...operation_inputs/* CHANGE_WAIT */.LA,
        'health_path',
        'health_status'
    ],
    outputs: ['changed', 'rolled_back', 'restore_file'],
    examples: [
        `elastic-deploy update --task-id 1229831 --body '{services: [{service_name: web, service_image: "nginx:1.28"}]}' --health-path /health`,
        `elastic-deploy update --task-name web --body '{services: [{service_name: web, service_image: "nginx:1.28"}]}'`
    ],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(197), __nccwpck_require__.e(327), __nccwpck_require__.e(352)]).then(__nccwpck_require__.bind(__nccwpck_require__, 3352))).updateFlow,
    postFinishes: 'changes',
    uses: { mounts: true }
});
const scale = operation({
    name: 'scale',
    capabilities: ['deploy'],
    summary: 'set points, and wait until that many nodes run; set back if a new node fails',
    needs: ['task_id', 'points'],
    inputs: operation_inputs/* CHANGE_WAIT */.LA,
    outputs: ['changed', 'rolled_back', 'points_before', 'points_after'],
    examples: [
        'elastic-deploy scale --task-id 1229831 --points 3',
        'elastic-deploy scale --task-id 1229831 --points 1 --wait-timeout 20m'
    ],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(197), __nccwpck_require__.e(83)]).then(__nccwpck_require__.bind(__nccwpck_require__, 5083))).scaleFlow,
    postFinishes: 'changes'
});
const sweep = operation({
    name: 'sweep',
    capabilities: ['deploy'],
    summary: 'stop every task whose name matches task_name, but the ids in task_id',
    needs: ['task_name'],
    inputs: ['task_id', 'cleanup_timeout'],
    outputs: [],
    examples: [
        "elastic-deploy sweep --task-name 'pr-42-*'",
        "elastic-deploy sweep --task-name 'nightly-*' --task-id 1229831 --dry-run"
    ],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(995), __nccwpck_require__.e(899)]).then(__nccwpck_require__.bind(__nccwpck_require__, 3280))).sweepFlow
});
const replaceNode = operation({
    name: 'replace_node',
    capabilities: ['deploy'],
    summary: 'delete the node point_id names, and wait for its replacement',
    needs: ['task_id', 'point_id'],
    inputs: ['delete_last_node', ...operation_inputs/* CHANGE_WAIT */.LA],
    outputs: ['changed', 'points_before', 'points_after'],
    examples: [
        'elastic-deploy replace-node --task-id 1229831 --point-id failed',
        'elastic-deploy replace-node --task-id 1229831 --point-id 1229831002'
    ],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(197), __nccwpck_require__.e(854)]).then(__nccwpck_require__.bind(__nccwpck_require__, 4854))).replaceNodeFlow
});
const logs = operation({
    name: 'logs',
    capabilities: ['deploy'],
    summary: "print each node's service logs (up to 10 nodes of each task)",
    needs: ['task_id'],
    inputs: ['log_lines'],
    outputs: [],
    examples: [
        'elastic-deploy logs --task-id 1229831 --log-lines 100',
        'elastic-deploy logs --task-id 1229831 --output json'
    ],
    flow: async () => (await __nccwpck_require__.e(/* import() */ 77).then(__nccwpck_require__.bind(__nccwpck_require__, 2077))).nodeReadsFlow('logs')
});
const events = operation({
    name: 'events',
    capabilities: ['deploy'],
    summary: "print each node's events (up to 10 nodes of each task)",
    needs: ['task_id'],
    inputs: [],
    outputs: [],
    examples: [
        'elastic-deploy events --task-id 1229831',
        'elastic-deploy events --task-id 1229831 --output json'
    ],
    flow: async () => (await __nccwpck_require__.e(/* import() */ 77).then(__nccwpck_require__.bind(__nccwpck_require__, 2077))).nodeReadsFlow('events')
});

// EXTERNAL MODULE: ./platform/operations/plan-calls.ts
var plan_calls = __nccwpck_require__(6218);
// EXTERNAL MODULE: ./deploy/engine/calls/step-result.ts
var step_result = __nccwpck_require__(5939);
// EXTERNAL MODULE: ./deploy/engine/tasks/publishable-urls.ts
var publishable_urls = __nccwpck_require__(8258);
// EXTERNAL MODULE: ./deploy/engine/flows/toolkit.ts + 1 modules
var toolkit = __nccwpck_require__(445);
;// CONCATENATED MODULE: ./deploy/engine/flows/call.ts




/**
 * Calls that need nothing after them: searches, the node list, bills, a change of the node count, a
 * storage check, any request. Their answers are the step's result.
 */
const callFlow = {
    plan: (settings) => {
        const plan = (0,plan_calls/* planCalls */.j)(settings);
        return {
            plan,
            cleanup: (0,toolkit/* cleanupOf */.Au)(settings),
            run: async (ctx) => {
                const sink = (0,toolkit/* answerSinkFor */.Ty)(plan, ctx);
                const calls = await (0,toolkit/* startCalls */.eS)(plan, ctx, sink);
                const answers = sink?.close();
                return (0,toolkit/* stepResult */.GR)(plan, ctx, {
                    calls,
                    tasks: (0,toolkit/* tasksOf */.a4)(calls, ctx, (0,publishable_urls/* urlPublisher */.Cv)(ctx)),
                    ...(0,step_result/* listsOf */.fO)(calls),
                    ...(answers === undefined ? {} : { answers })
                });
            },
            dryRun: (ctx) => (0,toolkit/* printDryRun */.AG)(plan, ctx)
        };
    }
};

;// CONCATENATED MODULE: ./deploy/jobs/operations.ts




// Jobs (suanli-job/): a GPU batch job run to its end, and its reads and stop.
const job = operation({
    name: 'job',
    capabilities: ['job'],
    summary: 'run a GPU batch job from body to its end, its log streamed; fail when it fails',
    needs: ['task_name', 'body'],
    inputs: [
        'points',
        'job_type',
        'estimated_exec_sec',
        'spot_fallback',
        'queue_timeout',
        ...operation_inputs/* CAPACITY */.$5,
        'body_file',
        'volumes',
        'juicefs_mounts',
        ...operation_inputs/* DATA_IN */.Be,
        'results',
        ...operation_inputs/* JOB_WAIT */.gj,
        'cleanup',
        'cleanup_timeout'
    ],
    outputs: [...operation_inputs/* PLACED */.sX, ...operation_inputs/* JOB_OUTPUTS */.xU, 'log_file'],
    examples: [
        'elastic-deploy job --task-name gpu-tests --gpu 4090 --body-file job.yaml',
        'elastic-deploy job --task-name gpu-tests --gpu 4090 --job-type on_demand --body-file job.yaml --files-dir job-files',
        '# job.yaml: job_support (timeout_sec, parallelism, mod_param) and services (docs/jobs.md shows one)'
    ],
    flow: async () => (await __nccwpck_require__.e(/* import() */ 848).then(__nccwpck_require__.bind(__nccwpck_require__, 1848))).jobFlow,
    bills: true,
    maxCost: 'while waiting',
    uses: { dataIn: true, resultsOut: true },
    // A job is only worth its verdict: one left running after its wait bills with nobody to read it.
    cleanupByDefault: 'stop'
});
const jobDetail = operation({
    name: 'job_detail',
    capabilities: ['job'],
    summary: "read GPU batch jobs' detail, and wait until they end with wait: true",
    needs: ['task_id'],
    inputs: operation_inputs/* JOB_WAIT */.gj,
    outputs: [...operation_inputs/* JOB_OUTPUTS */.xU, 'log_file'],
    examples: [
        'elastic-deploy job-detail --task-id 1962285',
        'elastic-deploy job-detail --task-id 1962285 --wait true'
    ],
    flow: ready(wait/* waitFlow */.Yb),
    maxCost: 'with wait: true'
});
const jobSearch = operation({
    name: 'job_search',
    capabilities: ['job'],
    summary: 'search the GPU batch jobs, by status and name',
    needs: [],
    inputs: ['task_status', 'task_name', 'query'],
    outputs: [],
    examples: [
        'elastic-deploy job-search --task-name gpu-tests --task-status Running,Pending,End',
        'elastic-deploy job-search --task-status End --output json'
    ],
    flow: ready(callFlow)
});
const jobStop = operation({
    name: 'job_stop',
    capabilities: ['job'],
    summary: 'stop GPU batch jobs, and wait until they have ended',
    needs: ['task_id'],
    inputs: operation_inputs/* STOP_WAIT */.F$,
    outputs: [],
    examples: [
        'elastic-deploy job-stop --task-id 1962285',
        'elastic-deploy job-stop --task-id 1962285 --wait-timeout 5m'
    ],
    flow: ready(wait/* waitFlow */.Yb)
});
const jobGroupSearch = operation({
    name: 'job_group_search',
    capabilities: ['job'],
    summary: "list a job queue's task groups (queue_id in query)",
    needs: ['query'],
    inputs: [],
    outputs: [],
    examples: [
        "elastic-deploy job-group-search --query '{queue_id: 7}'",
        "elastic-deploy job-group-search --query '{queue_id: 7}' --output json"
    ],
    flow: ready(callFlow)
});
const jobGroupDetail = operation({
    name: 'job_group_detail',
    capabilities: ['job'],
    summary: "read a job queue's task group (group_id in query)",
    needs: ['query'],
    inputs: [],
    outputs: [],
    examples: [
        "elastic-deploy job-group-detail --query '{group_id: 5001}'",
        "elastic-deploy job-group-detail --query '{group_id: 5001}' --output json"
    ],
    flow: ready(callFlow)
});

// EXTERNAL MODULE: ./deploy/engine/flows/lent-replace.ts
var lent_replace = __nccwpck_require__(5063);
;// CONCATENATED MODULE: ./deploy/previews/operations.ts



// Previews: a pull request's preview brought up or stopped, and the previews swept.
const preview = operation({
    name: 'preview',
    capabilities: ['preview'],
    summary: "bring a pull request's preview up as replace does, or stop it on close (GitHub action)",
    needs: ['task_name', 'body'],
    inputs: [...(0,operation_inputs/* only */.j6)(['task_name', 'body', ...operation_inputs/* DATA_IN */.Be], operation_inputs/* CREATE */.lY), ...operation_inputs/* PREVIEW */.$y],
    outputs: [...operation_inputs/* PLACED */.sX, 'replaced_task_ids', 'total_cost'],
    examples: [
        '# the GitHub action runs previews on pull_request events (docs/previews.md); a GitLab review app is replace and cleanup (docs/cli.md)'
    ],
    // A preview is a replace under the preview's name: the replace is the deployments', lent through the engine.
    flow: async () => {
        await (0,lent_replace/* borrowReplace */.y)();
        return (await Promise.all(/* import() */[__nccwpck_require__.e(995), __nccwpck_require__.e(154)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9154))).previewFlow;
    },
    bills: true,
    maxCost: 'while waiting',
    event: 'pull_request'
});
const previewSweep = operation({
    name: 'preview_sweep',
    capabilities: ['preview'],
    summary: 'stop the previews whose pull request closed, left idle, or past max_cost (GitHub action)',
    needs: ['task_name'],
    inputs: ['github_token', 'preview_ttl', 'max_cost', 'cleanup_timeout'],
    outputs: ['total_cost'],
    examples: ['# the GitHub action runs the preview sweep on a schedule (docs/previews.md)'],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(995), __nccwpck_require__.e(154), __nccwpck_require__.e(175)]).then(__nccwpck_require__.bind(__nccwpck_require__, 5175))).previewSweepFlow,
    maxCost: 'itself'
});

;// CONCATENATED MODULE: ./deploy/runners/operations.ts


// GPU runners (issue 62): a self-hosted runner for one workflow job, started as a platform job from the
// user's runner image with a just-in-time configuration; stopped, and swept.
const runner = operation({
    name: 'runner',
    capabilities: ['runner'],
    summary: "start GPU runners for a workflow's job (GitHub action): platform jobs running GitHub's runner, each taking one job",
    needs: ['task_name', 'body', 'github_token'],
    inputs: [
        'runner_scope',
        'runner_labels',
        'runners',
        'runner_timeout',
        'allow_untrusted',
        'job_type',
        'spot_fallback',
        'queue_timeout',
        ...operation_inputs/* CAPACITY */.$5,
        'body_file',
        'volumes',
        'juicefs_mounts',
        ...operation_inputs/* DATA_IN */.Be,
        'wait_timeout',
        'poll_interval',
        'poll_error_budget',
        'max_cost',
        'cleanup_timeout'
    ],
    outputs: [...operation_inputs/* PLACED */.sX, 'runner_label', 'runner_names', 'runs_on'],
    examples: [
        'elastic-deploy runner --task-name gpu --gpu 4090 --body-file runner.yaml',
        'elastic-deploy runner --task-name gpu --gpu 4090 --runners 2 --runner-labels a100 --body-file runner.yaml',
        '# runner.yaml: job_support and services with the runner image (docs/runners.md shows one); with ELASTIC_DEPLOY_GITHUB_TOKEN, GITHUB_REPOSITORY and GITHUB_RUN_ID set'
    ],
    flow: async () => (await __nccwpck_require__.e(/* import() */ 732).then(__nccwpck_require__.bind(__nccwpck_require__, 6732))).runnerFlow,
    bills: true,
    // Its own wait, until the runners are online, holds the runner jobs to max_cost.
    maxCost: 'itself',
    uses: { capacity: true, dataIn: true },
    // A runner handed over runs on for its job; one the step made and did not hand over (it failed, it was
    // cancelled) is stopped by the post step.
    cleanupByDefault: 'stop'
});
const runnerStop = operation({
    name: 'runner_stop',
    capabilities: ['runner'],
    summary: "stop a workflow run's GPU runners by their label or task_id, and remove them from GitHub",
    needs: ['github_token'],
    inputs: ['runner_scope', 'task_name', 'task_id', 'wait_timeout'],
    outputs: ['total_cost'],
    examples: [
        'elastic-deploy runner-stop --task-name gpu',
        "elastic-deploy runner-stop --task-id '1962285, 1962286'"
    ],
    flow: async () => (await __nccwpck_require__.e(/* import() */ 307).then(__nccwpck_require__.bind(__nccwpck_require__, 3307))).runnerStopFlow
});
const runnerSweep = operation({
    name: 'runner_sweep',
    capabilities: ['runner'],
    summary: 'stop the GPU runners whose workflow run is over or whose runner is gone, and remove them (a schedule)',
    needs: ['task_name', 'github_token'],
    inputs: ['runner_scope', 'wait_timeout'],
    outputs: ['total_cost'],
    examples: [
        'elastic-deploy runner-sweep --task-name gpu',
        'elastic-deploy runner-sweep --task-name gpu --dry-run'
    ],
    flow: async () => (await __nccwpck_require__.e(/* import() */ 799).then(__nccwpck_require__.bind(__nccwpck_require__, 799))).runnerSweepFlow
});

;// CONCATENATED MODULE: ./deploy/storage/operations.ts



// Cluster storage (suanli-nas-storage/): volumes, and transfers between object storage and a volume.
const volume = operation({
    name: 'volume',
    capabilities: ['data'],
    summary: 'make sure a cluster storage volume of that name exists, of size GiB at least: create or grow it, and wait until Active',
    needs: ['volume'],
    inputs: ['size', 'region', 'storage_class', 'volume_cleanup', 'wait_timeout', 'poll_interval'],
    outputs: operation_inputs/* VOLUME_OUTPUTS */.YA,
    examples: [
        'elastic-deploy volume --volume datasets --size 100 --region bj-001',
        'elastic-deploy volume --volume scratch --size 20 --volume-cleanup delete',
        'elastic-deploy volume --volume checkpoints --size 50 --storage-class cpfs-performance'
    ],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(774), __nccwpck_require__.e(218)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2218))).volumeFlow,
    bills: true,
    postFinishes: 'made volumes'
});
const volumeList = operation({
    name: 'volume_list',
    capabilities: ['data'],
    summary: 'list the cluster storage volumes, and what they cost per 10 minutes',
    needs: [],
    inputs: ['region', 'storage_class'],
    outputs: [],
    examples: ['elastic-deploy volume-list', 'elastic-deploy volume-list --region bj-001'],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(774), __nccwpck_require__.e(218)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2218))).volumeListFlow
});
const volumeOptions = operation({
    name: 'volume_options',
    capabilities: ['data'],
    summary: 'list the regions and storage classes a cluster storage volume can be made in (before the first volume exists)',
    needs: [],
    inputs: [],
    outputs: [],
    examples: ['elastic-deploy volume-options', 'elastic-deploy volume-options --output json'],
    flow: ready(callFlow)
});
const volumeDelete = operation({
    name: 'volume_delete',
    capabilities: ['data'],
    summary: 'delete a cluster storage volume, named again in confirm; wait until it is gone',
    needs: ['volume', 'confirm'],
    inputs: ['force', 'cleanup_timeout'],
    outputs: operation_inputs/* VOLUME_OUTPUTS */.YA,
    examples: [
        'elastic-deploy volume-delete --volume scratch --confirm scratch',
        'elastic-deploy volume-delete --volume scratch --confirm scratch --wait-timeout 10m'
    ],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(774), __nccwpck_require__.e(218)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2218))).volumeDeleteFlow
});
const transfer = operation({
    name: 'transfer',
    capabilities: ['data'],
    summary: 'copy between object storage and a volume, checked first, to its end; retry it when it fails',
    needs: ['volume', 'direction', 's3_supplier', 's3_endpoint', 's3_bucket', 's3_access_key', 's3_secret_key'],
    inputs: [
        's3_prefix',
        'volume_path',
        'overwrite_policy',
        'ignore_patterns',
        'transfer_retries',
        'task_name',
        'wait_timeout',
        'poll_interval',
        'poll_error_budget',
        'cleanup_timeout'
    ],
    outputs: operation_inputs/* TRANSFER_OUTPUTS */.j2,
    examples: [
        'elastic-deploy transfer --volume datasets --direction s3-to-volume --s3-supplier tencent --s3-endpoint cos.ap-guangzhou.myqcloud.com --s3-bucket corpus --s3-prefix v3/ --volume-path /corpus',
        'elastic-deploy transfer --volume datasets --direction volume-to-s3 --s3-supplier tencent --s3-endpoint cos.ap-guangzhou.myqcloud.com --s3-bucket corpus --s3-prefix results/ --volume-path /out',
        '# ELASTIC_DEPLOY_S3_ACCESS_KEY and ELASTIC_DEPLOY_S3_SECRET_KEY (or their _FILE) from secrets'
    ],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(772), __nccwpck_require__.e(561)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9561))).transferFlow,
    postFinishes: 'running transfers'
});
const transferDetail = operation({
    name: 'transfer_detail',
    capabilities: ['data'],
    summary: "read a transfer's detail and progress",
    needs: ['transfer_id'],
    inputs: [],
    outputs: ['transfer_id', 'files', 'bytes'],
    examples: [
        'elastic-deploy transfer-detail --transfer-id 501',
        'elastic-deploy transfer-detail --transfer-id 501 --output json'
    ],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(772), __nccwpck_require__.e(561)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9561))).transferDetailFlow
});
const transferList = operation({
    name: 'transfer_list',
    capabilities: ['data'],
    summary: 'list the transfers (of a volume), each with its progress',
    needs: [],
    inputs: ['volume'],
    outputs: [],
    examples: ['elastic-deploy transfer-list', 'elastic-deploy transfer-list --volume datasets'],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(772), __nccwpck_require__.e(561)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9561))).transferListFlow
});
const transferStop = operation({
    name: 'transfer_stop',
    capabilities: ['data'],
    summary: 'stop a transfer, and wait until it copies no more',
    needs: ['transfer_id'],
    inputs: ['cleanup_timeout'],
    outputs: ['transfer_id', 'files', 'bytes'],
    examples: [
        'elastic-deploy transfer-stop --transfer-id 501',
        'elastic-deploy transfer-stop --transfer-id 501 --wait-timeout 5m'
    ],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(772), __nccwpck_require__.e(561)]).then(__nccwpck_require__.bind(__nccwpck_require__, 9561))).transferStopFlow
});

;// CONCATENATED MODULE: ./deploy/copies/operations.ts


// Copies between the workspace (or object storage) and cluster storage volumes, in either direction, over
// each volume's SFTP session (suanli-nas-storage/api/sftp-obtain.md, sftp-destroy.md).
const copy = operation({
    name: 'copy',
    capabilities: ['data'],
    summary: "copy files between the workspace and volumes, either way, over each volume's SFTP session (no GPU, no task); a copy through object storage as a transfer",
    needs: ['copies'],
    inputs: [
        ...operation_inputs/* OBJECT_COPIES */.iF,
        'task_name',
        'wait_timeout',
        'poll_interval',
        'poll_error_budget',
        'cleanup_timeout'
    ],
    outputs: ['files', 'bytes', 'skipped_files', 'duration', 'rate'],
    examples: [
        "elastic-deploy copy --copies './dataset/ -> datasets:/data'",
        "elastic-deploy copy --copies 'checkpoints:/out -> ./results/'",
        '# ./dataset/ is a directory of the workspace (GITHUB_WORKSPACE, else the working directory)'
    ],
    flow: async () => (await __nccwpck_require__.e(/* import() */ 245).then(__nccwpck_require__.bind(__nccwpck_require__, 8245))).copyFlow,
    postFinishes: 'running transfers',
    uses: { copies: true }
});

;// CONCATENATED MODULE: ./deploy/preheat/operations.ts


// Image preheat (suanli-image-preheat/): the images warmed where a task would be placed.
const preheat = operation({
    name: 'preheat',
    capabilities: ['deploy'],
    summary: 'warm the images of body where gpu would place a task',
    needs: ['task_name', 'gpu', 'body'],
    inputs: (0,operation_inputs/* only */.j6)(['task_name', 'gpu', 'body'], ['task_name', ...operation_inputs/* CAPACITY */.$5, 'body', 'body_file']),
    outputs: operation_inputs/* PLACED */.sX,
    examples: [
        `elastic-deploy preheat --task-name warm-web --gpu 4090 --body ${WEB}`,
        `elastic-deploy preheat --task-name warm-web --gpu 4090 --body ${WEB} --preheat-timeout 30m`
    ],
    flow: async () => (await Promise.all(/* import() */[__nccwpck_require__.e(832), __nccwpck_require__.e(0)]).then(__nccwpck_require__.bind(__nccwpck_require__, 1153))).preheatFlow,
    uses: { capacity: true }
});

;// CONCATENATED MODULE: ./deploy/requests/operations.ts




// The plain calls: reads, searches, stops and changes of tasks, the bills, the storage check, any endpoint.
const detail = operation({
    name: 'detail',
    capabilities: ['deploy'],
    summary: "read tasks' detail, and wait until ready with wait: true",
    needs: ['task_id'],
    inputs: operation_inputs/* WAIT */.C_,
    outputs: [],
    examples: [
        'elastic-deploy detail --task-id 1229831',
        'elastic-deploy detail --task-id 1229831 --wait true'
    ],
    flow: ready(wait/* waitFlow */.Yb),
    maxCost: 'with wait: true'
});
const searchTasks = operation({
    name: 'search_tasks',
    capabilities: ['deploy'],
    summary: 'search the tasks, by status',
    needs: [],
    inputs: ['task_status', 'query'],
    outputs: [],
    examples: [
        'elastic-deploy search-tasks --task-status Running,Pending',
        'elastic-deploy search-tasks --task-status Running --output json'
    ],
    flow: ready(callFlow)
});
const searchResources = operation({
    name: 'search_resources',
    capabilities: ['deploy', 'job'],
    summary: 'search the resources (regions, devices, stock, prices)',
    needs: [],
    inputs: ['query'],
    outputs: [],
    examples: [
        "elastic-deploy search-resources --query '{device_type: GpuDevice}'",
        'elastic-deploy search-resources --output table'
    ],
    flow: ready(callFlow)
});
const stop = operation({
    name: 'stop',
    capabilities: ['deploy'],
    summary: 'stop tasks, and wait until their detail says End',
    needs: ['task_id'],
    inputs: operation_inputs/* STOP_WAIT */.F$,
    outputs: [],
    examples: ['elastic-deploy stop --task-id 1229831', 'elastic-deploy stop --task-id "1229831, 1229832"'],
    flow: ready(wait/* waitFlow */.Yb)
});
const pause = operation({
    name: 'pause',
    capabilities: ['deploy'],
    summary: 'pause tasks, and wait until they are Paused',
    needs: ['task_id'],
    inputs: operation_inputs/* STOP_WAIT */.F$,
    outputs: [],
    examples: [
        'elastic-deploy pause --task-id 1229831',
        'elastic-deploy pause --task-id 1229831 --wait-timeout 5m'
    ],
    flow: ready(wait/* waitFlow */.Yb)
});
const recover = operation({
    name: 'recover',
    capabilities: ['deploy'],
    summary: 'recover paused tasks, and wait until they are ready',
    needs: ['task_id'],
    inputs: operation_inputs/* WAIT */.C_,
    outputs: [],
    examples: [
        'elastic-deploy recover --task-id 1229831 --wait-timeout 20m',
        'elastic-deploy recover --task-id 1229831 --health-path /health'
    ],
    flow: ready(wait/* waitFlow */.Yb),
    maxCost: 'with wait: true'
});
const changePoints = operation({
    name: 'change_points',
    capabilities: ['deploy'],
    summary: "set a task's node count (without waiting: see scale)",
    needs: ['task_id', 'points'],
    inputs: [],
    outputs: [],
    examples: [
        'elastic-deploy change-points --task-id 1229831 --points 3',
        'elastic-deploy change-points --task-id 1229831 --points 1'
    ],
    flow: ready(callFlow)
});
const nodes = operation({
    name: 'nodes',
    capabilities: ['deploy'],
    summary: "list a task's nodes",
    needs: ['task_id'],
    inputs: ['query'],
    outputs: [],
    examples: [
        'elastic-deploy nodes --task-id 1229831',
        'elastic-deploy nodes --task-id 1229831 --output json'
    ],
    flow: ready(callFlow)
});
const billing = operation({
    name: 'billing',
    capabilities: ['deploy', 'job'],
    summary: 'read the bill by time, of some tasks or all',
    needs: [],
    inputs: ['task_id', ...operation_inputs/* BILLING */.CS],
    outputs: [],
    examples: [
        'elastic-deploy billing --billing-start 7d --billing-range day',
        'elastic-deploy billing --task-id 1229831 --billing-start 1d --billing-range hour'
    ],
    flow: ready(callFlow)
});
const taskBilling = operation({
    name: 'task_billing',
    capabilities: ['deploy', 'job'],
    summary: 'read the bill by task',
    needs: [],
    inputs: operation_inputs/* BILLING */.CS,
    outputs: [],
    examples: [
        'elastic-deploy task-billing --billing-start 30d --billing-range month',
        'elastic-deploy task-billing --billing-start 7d --billing-range day --output json'
    ],
    flow: ready(callFlow)
});
const storageCheck = operation({
    name: 'storage_check',
    capabilities: ['data'],
    summary: "check a storage's credentials (S3), from body",
    needs: ['body'],
    inputs: ['body_file'],
    outputs: [],
    examples: [
        'elastic-deploy storage-check --body-file storage.yaml',
        'elastic-deploy storage-check --body-file storage.yaml --output json',
        '# storage.yaml: supplier (such as tencent), endpoint, ak, sk, bucket and prefix; ak and sk from secrets'
    ],
    flow: ready(callFlow)
});
const request = operation({
    name: 'request',
    summary: 'send any request of the API, signed',
    needs: ['method', 'path'],
    inputs: ['encrypt', 'body', 'body_file', 'query'],
    outputs: [],
    examples: [
        "elastic-deploy request --method GET --path /api/deployment/task/search --query '{type: Deployment, status: Running}'",
        "elastic-deploy request --method GET --path /api/task/deployment/detail --query '{task_id: 1229831}'"
    ],
    flow: ready(callFlow)
});

;// CONCATENATED MODULE: ./deploy/operations.ts









// The replace a preview runs is the deployments': lent through the engine, so no capability imports another.
(0,lent_replace/* lendReplace */.Ou)(async () => {
    const { replaceFlow, runReplace } = await Promise.all(/* import() */[__nccwpck_require__.e(197), __nccwpck_require__.e(832), __nccwpck_require__.e(327), __nccwpck_require__.e(529), __nccwpck_require__.e(688), __nccwpck_require__.e(633)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2633));
    return { flow: replaceFlow, run: runReplace };
});
/**
 * Every operation, declared once in the module of its capability: the CLI, the reference and each
 * capability's action list them in this order (what a service needs first, then the jobs, the storage,
 * the reads every GPU user needs, and the request that sends anything). OperationName and every list or
 * set of operations below are made from it.
 */
const OPERATIONS = [
    create,
    replace,
    update,
    scale,
    replaceNode,
    sweep,
    preview,
    previewSweep,
    preheat,
    detail,
    nodes,
    logs,
    events,
    stop,
    pause,
    recover,
    changePoints,
    searchTasks,
    job,
    jobDetail,
    jobSearch,
    jobStop,
    jobGroupSearch,
    jobGroupDetail,
    runner,
    runnerStop,
    runnerSweep,
    volume,
    volumeList,
    volumeOptions,
    volumeDelete,
    transfer,
    transferDetail,
    transferList,
    transferStop,
    copy,
    storageCheck,
    searchResources,
    billing,
    taskBilling,
    request
];
/** Every operation's name, in the order of OPERATIONS. */
const OPERATION_NAMES = OPERATIONS.map((declared) => declared.name);
const BY_NAME = new Map(OPERATIONS.map((declared) => [declared.name, declared]));
/** The declaration of an operation. */
function operationNamed(name) {
    const declared = BY_NAME.get(name);
    if (declared === undefined)
        throw new Error(`no operation is declared as ${name}`);
    return declared;
}
/** The declaration of the operation a text names (a state file's, a by-hand command's), if any. */
const declarationOf = (name) => BY_NAME.get(name);
/** The names of the operations whose declaration holds `holds`, in the order of OPERATIONS. */
function operationsWhere(holds) {
    return OPERATIONS.filter((declared) => holds(declared)).map((declared) => declared.name);
}
/**
 * What the post step does with what the step creates when cleanup is empty: the operation's own default
 * (a job's: stop), else none (a deploy step makes a service for later steps), and for any text that names
 * no operation.
 */
const defaultCleanup = (operation) => declarationOf(operation)?.cleanupByDefault ?? 'none';
/** The operations that follow a pull request's event: the host reads the event before anything else. */
const ON_PULL_REQUEST_EVENT = new Set(operationsWhere((declared) => declared.event === 'pull_request'));
/**
 * Whether a step of this operation may leave a change for the post step to finish, whatever `cleanup`
 * says: an update to roll back (`rollback`), a scale up to set back if a new node fails (`scaleBack`).
 */
const leavesChange = (operation) => declarationOf(operation)?.postFinishes === 'changes';
/** Whether a step of this operation may make a volume for the post step to delete (volume_cleanup: delete). */
const makesVolumes = (operation) => declarationOf(operation)?.postFinishes === 'made volumes';
/** Whether a step of this operation may leave a transfer running, for the post step to stop. */
const startsTransfers = (operation) => declarationOf(operation)?.postFinishes === 'running transfers';


/***/ }),

/***/ 5165:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  IS: () => (/* binding */ REPORT_PARTS),
  fV: () => (/* binding */ partCostTitle),
  gg: () => (/* binding */ partFailure),
  EJ: () => (/* binding */ partMoney),
  OZ: () => (/* binding */ partOutputs)
});

// EXTERNAL MODULE: ./basics/markdown-text.ts
var markdown_text = __nccwpck_require__(5621);
// EXTERNAL MODULE: ./platform/money.ts
var money = __nccwpck_require__(5786);
// EXTERNAL MODULE: ./deploy/engine/calls/step-result.ts
var step_result = __nccwpck_require__(5939);
// EXTERNAL MODULE: ./deploy/engine/report/report-text.ts
var report_text = __nccwpck_require__(566);
;// CONCATENATED MODULE: ./deploy/engine/report/report-part.ts
/** A part, for the registry: its questions asked of a step. */
function reportPart(part) {
    const ask = (answer, none) => (step) => {
        const data = part.of(step);
        return data === undefined || answer === undefined ? none : answer(data, step);
    };
    const { failure } = part;
    const costTitle = part.summary?.costTitle;
    return {
        name: part.name,
        kind: part.kind,
        outputs: part.outputs ?? [],
        money: part.money ?? {},
        lead: ask(part.summary?.lead, []),
        withTasks: ask(part.summary?.withTasks, []),
        alone: ask(part.summary?.alone, []),
        costTitle: ask(costTitle === undefined ? undefined : (data) => costTitle(data), undefined),
        values: ask(part.values, {}),
        failure: ask(failure === undefined ? undefined : (data) => failure(data), undefined)
    };
}

;// CONCATENATED MODULE: ./deploy/engine/report/cap-report.ts





// The cap's part (a capability of the engine's wait, not a kind's: max_cost holds every kind that bills):
// what max_cost held the step to.
const CAP_PART = reportPart({
    name: 'cap',
    of: (step) => (0,step_result/* reportOf */.EI)(step, 'cap'),
    summary: { withTasks: capLine }
});
/**
 * What max_cost held the step to: the cap, what the tasks waited on cost in all, and which ones the cap
 * stopped (their lines say what they cost while the step waited, which is what the cap counts).
 */
function capLine({ maxCost }, step) {
    const costs = step.tasks.flatMap((task) => task.billingValue === undefined && task.forecastValue === undefined
        ? []
        : [task.billingValue ?? '0', task.forecastValue ?? '0']);
    const spent = costs.length === 0 ? 'unknown' : (0,report_text/* yuanText */.HI)((0,money/* yuanOf */.xU)((0,money/* sumPoints */.RN)(costs) ?? ''));
    const capped = step.tasks.filter((task) => task.verdict === 'capped');
    const stopped = capped.length === 0
        ? ''
        : ` The cap stopped ${capped.map((task) => `${task.id} (${(0,markdown_text/* escape */.i)(task.message ?? '')})`).join(', ')}.`;
    return [
        '',
        `max_cost ${(0,markdown_text/* escape */.i)(maxCost)} yuan, held to what the tasks cost while the step waited; they have cost ${spent} in all.${stopped}`
    ];
}

// EXTERNAL MODULE: ./platform/task-kinds.ts
var task_kinds = __nccwpck_require__(7187);
;// CONCATENATED MODULE: ./deploy/deployments/change-report.ts





// The deployment's part: what a change to a running deployment did (update, scale, replace_node).
const CHANGE_PART = reportPart({
    name: 'change',
    kind: task_kinds/* TASK_KINDS */.Eb.deployment.name,
    of: (step) => (0,step_result/* reportOf */.EI)(step, 'change'),
    summary: { lead: changeTable },
    outputs: ['changed', 'rolled_back', 'points_before', 'points_after'],
    values: (change) => ({
        changed: String(change.changed),
        rolled_back: String(change.rolledBack),
        points_before: (0,report_text/* countText */.lT)(change.pointsBefore),
        points_after: (0,report_text/* countText */.lT)(change.pointsAfter)
    })
});
/** What a change to a running task did: each field before and after, the nodes, the rollback. */
function changeTable(change) {
    const lines = ['#### Change', ''];
    if (!change.changed)
        lines.push('Nothing to change: nothing was sent.', '');
    if (change.fields.length > 0) {
        lines.push('| Field | Before | After |', '|---|---|---|');
        for (const field of change.fields)
            lines.push(`| ${(0,markdown_text/* escape */.i)(field.path)} | ${(0,markdown_text/* escape */.i)(field.before)} | ${(0,markdown_text/* escape */.i)(field.after)} |`);
        lines.push('');
    }
    if (change.nodes.length > 0)
        lines.push(`Nodes replaced: ${change.nodes.map(markdown_text/* escape */.i).join(', ')}`, '');
    if (change.pointsBefore !== undefined || change.pointsAfter !== undefined)
        lines.push(`Nodes running: ${change.pointsBefore ?? '?'} before, ${change.pointsAfter ?? '?'} after`, '');
    if (change.rolledBack)
        lines.push('**Rolled back**: the task was set back as it was.', '');
    if (change.restore !== undefined)
        lines.push(`**Not rolled back**: task ${(0,markdown_text/* escape */.i)(change.restore.taskId)} may still be on the failed configuration. The configuration to restore (secrets redacted) is in the file the \`restore_file\` output names.`, '');
    return lines;
}

// EXTERNAL MODULE: ./basics/units.ts
var units = __nccwpck_require__(2589);
;// CONCATENATED MODULE: ./deploy/copies/copy-report.ts




// The copies' part: what a copy step copied, copy by copy (files, GiB, skipped, how it went), and why it
// failed; its outputs count them all.
const COPIED_PART = reportPart({
    name: 'copied',
    of: (step) => (0,step_result/* reportOf */.EI)(step, 'copied'),
    summary: { alone: copiesTable },
    outputs: ['files', 'bytes', 'skipped_files', 'duration', 'rate'],
    values: copiedOutputs,
    failure: (report) => report.failure
});
/** The totals of the copies that completed: files and bytes copied, files skipped, seconds, bytes a second. */
function copiedOutputs({ copies }) {
    const sum = (of) => copies.reduce((all, line) => all + (of(line) ?? 0), 0);
    const bytes = sum((line) => line.bytes);
    const elapsedMs = sum((line) => line.elapsedMs);
    return {
        files: String(sum((line) => line.files)),
        bytes: String(bytes),
        skipped_files: String(sum((line) => line.skipped)),
        duration: String(Math.round(elapsedMs / 1000)),
        rate: elapsedMs > 0 ? String(Math.round((bytes * 1000) / elapsedMs)) : ''
    };
}
const OUTCOMES = {
    copied: 'copied',
    failed: 'failed',
    left: 'not tried (an earlier copy failed)'
};
/**
 * A table of the copies: each one's two sides (as written, escaped), how it went, over what, the files and
 * GiB it copied, the files it skipped as already there (a transfer does not count them), how long it took;
 * then why the copies stopped, when one failed.
 */
function copiesTable({ copies, failure }) {
    const lines = [
        '#### Copies',
        '',
        '| From | To | Via | Result | Files | Copied | Skipped | Took |',
        '|---|---|---|---|---|---|---|---|',
        ...copies.map(copyRow),
        ''
    ];
    return failure === undefined ? lines : [...lines, `Failed: ${(0,markdown_text/* escape */.i)(failure)}`, ''];
}
function copyRow(line) {
    const via = line.via === 'sftp' ? 'SFTP session' : 'transfer';
    const gib = line.bytes === undefined ? '' : `${(line.bytes / 1024 ** 3).toFixed(2)} GiB`;
    const skipped = line.outcome !== 'copied' ? '' : line.skipped === undefined ? '\u2013' : String(line.skipped);
    const took = line.elapsedMs === undefined ? '' : (0,markdown_text/* escape */.i)((0,units/* formatDuration */.a3)(line.elapsedMs));
    return `| ${(0,markdown_text/* escape */.i)(line.from)} | ${(0,markdown_text/* escape */.i)(line.to)} | ${via} | ${OUTCOMES[line.outcome]} | ${line.files ?? ''} | ${gib} | ${skipped} | ${took} |`;
}

;// CONCATENATED MODULE: ./deploy/jobs/job-report.ts






const JOB_PART = reportPart({
    name: 'job',
    kind: task_kinds/* TASK_KINDS */.Eb.job.name,
    of: jobShown,
    summary: { lead: jobTable },
    outputs: ['job_status', 'succeeded_pods', 'failed_pods', 'duration', 'job_type', 'log_file'],
    values: ({ run, logFile }) => ({
        ...(run === undefined
            ? {}
            : {
                job_status: run.status ?? '',
                succeeded_pods: (0,report_text/* countText */.lT)(run.succeeded),
                failed_pods: (0,report_text/* countText */.lT)(run.failed),
                ...(run.seconds === undefined ? {} : { duration: String(run.seconds) }),
                job_type: run.mode
            }),
        ...(logFile === undefined ? {} : { log_file: logFile })
    })
});
function jobShown(step) {
    const run = (0,step_result/* jobRunOf */.wT)(step);
    const logFile = (0,step_result/* reportOf */.EI)(step, 'job')?.logFile;
    return run === undefined && logFile === undefined ? undefined : { run, logFile };
}
/** What a job step read of its job: its own status, its pods, how long its run took, its mode. */
function jobTable({ run: job, logFile }) {
    if (job === undefined)
        return [];
    const count = (n) => (n === undefined ? '?' : String(n));
    return [
        '#### Job',
        '',
        '| Job status | Pods succeeded | Pods failed | Duration | Mode |',
        '|---|---|---|---|---|',
        `| ${(0,markdown_text/* escape */.i)(job.status ?? '?')} | ${count(job.succeeded)} | ${count(job.failed)} | ${job.seconds === undefined ? '\u2013' : (0,units/* formatDuration */.a3)(job.seconds * 1000)} | ${job.mode === 'spot' ? 'Spot' : 'on demand'} |`,
        '',
        ...(logFile === undefined
            ? []
            : [
                "<sub>The job's log: in the step's log as it ran, and every line in the file of the `log_file` output, which `actions/upload-artifact` keeps.</sub>",
                ''
            ])
    ];
}

// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __nccwpck_require__(9817);
;// CONCATENATED MODULE: ./deploy/engine/report/placement-report.ts





// The placement's part (a capability of the engine's create, not a kind's: a deployment's create and a
// job's alike pick their resource by gpu): where a create that picked its resource by gpu made its task.
const PLACEMENT_PART = reportPart({
    name: 'placement',
    of: step_result/* placementOf */.xc,
    summary: { lead: placementTable },
    outputs: ['region', 'region_name', 'gpu', 'price'],
    values: placementOutputs
});
/** Where a create that picked its resource by gpu made its task: region, its name, the GPU model, the price. */
function placementOutputs(placement) {
    const { chosen } = placement;
    const offer = chosen?.offer;
    return {
        ...(offer?.region === undefined ? {} : { region: (0,safe_text/* sanitize */.aj)(offer.region, 100) }),
        ...(offer?.regionName === undefined ? {} : { region_name: (0,safe_text/* sanitize */.aj)(offer.regionName, 100) }),
        gpu: (0,safe_text/* sanitize */.aj)(offer?.gpuName ?? offer?.device ?? '', 100),
        price: chosen?.price ?? ''
    };
}
/**
 * How a create that picked its resource by gpu chose it: the regions of the device it considered, best
 * first, each with its price, stock and what became of it (created on, refused, left out and why).
 */
function placementTable(placement) {
    const { chosen, refused, considered } = placement;
    const outcome = (candidate) => {
        if (candidate === chosen)
            return 'chosen';
        const refusal = refused.find((r) => r.candidate === candidate);
        if (refusal !== undefined)
            return `refused: ${refusal.why}`;
        return candidate.excluded ?? 'not needed';
    };
    const lines = [
        `#### Resource: ${placement.points} node(s) of ${(0,markdown_text/* escape */.i)(placement.wish.gpu)}`,
        '',
        '| Region | Device | GPUs | Price | Stock | Outcome |',
        '|---|---|---|---|---|---|'
    ];
    for (const candidate of considered) {
        const { offer } = candidate;
        const region = offer.regionName === undefined ? offer.region : `${offer.region ?? ''} (${offer.regionName})`;
        const cells = [
            region,
            offer.device,
            offer.gpuCount,
            candidate.price,
            offer.inventory,
            outcome(candidate)
        ];
        lines.push(`| ${cells.map((cell) => (0,markdown_text/* escape */.i)(cell ?? '')).join(' | ')} |`);
    }
    const warmed = placement.preheated;
    return [
        ...lines,
        ...(warmed === undefined
            ? []
            : [
                '',
                `Preheated: ${warmed.mode === 'region' ? 'the images cached in' : 'nodes prepared in'} ${(0,markdown_text/* escape */.i)(warmed.region)} in ${(0,markdown_text/* escape */.i)((0,units/* formatDuration */.a3)(warmed.elapsedMs))} (preheat task ${(0,markdown_text/* escape */.i)(warmed.taskId)}); a preheat is not a reservation.`
            ]),
        '',
        `<sub>Price: the resource search's discount_price, else its price: the platform's number for one node of the device, shown and compared as given (no unit is published)${placement.wish.maxPrice === undefined ? '' : `; max_price ${(0,markdown_text/* escape */.i)(placement.wish.maxPrice)}`}. ${placement.searches} resource search(es).</sub>`,
        ''
    ];
}

;// CONCATENATED MODULE: ./deploy/preheat/preheat-report.ts


// The preheat's part: a preheat step's task is shown in the tasks' table as every task is, and it writes
// no output of its own, so the part adds nothing (a create's preheat is the placement's line). Kept so
// that every kind has its part, where what a preheat adds will go.
const PREHEAT_PART = reportPart({
    name: 'preheat',
    kind: task_kinds/* PREHEAT_KIND */.z0.name,
    of: () => undefined
});

;// CONCATENATED MODULE: ./deploy/previews/preview-report.ts





// The previews' part (a capability over deployments, not a kind: a preview's tasks are deployments): a
// preview's pull request and what its previews cost, a sweep's table, and why either failed beside its tasks.
const PREVIEW_PART = reportPart({
    name: 'preview',
    of: (step) => (0,step_result/* reportOf */.EI)(step, 'preview'),
    summary: {
        lead: previewLines,
        costTitle: (preview) => preview.number === undefined ? undefined : "What this push's preview cost while the step waited"
    },
    outputs: ['total_cost'],
    values: (preview) => ({
        total_cost: preview.totalPoints === undefined ? '' : ((0,money/* yuanOf */.xU)(preview.totalPoints) ?? '')
    }),
    failure: (preview) => preview.failure,
    money: { total_cost: money/* readableYuan */.o$ }
});
/**
 * A preview's pull request and what its previews cost in all; a preview sweep's table of what it stopped,
 * why, and what each cost.
 */
function previewLines(preview, step) {
    const total = preview.totalPoints === undefined ? 'unknown' : (0,report_text/* yuanText */.HI)((0,money/* yuanOf */.xU)(preview.totalPoints) ?? '');
    if (preview.number !== undefined)
        return [
            `Preview ${(0,markdown_text/* escape */.i)(preview.taskName)} of pull request #${preview.number}: its previews have cost ${total} in all.`,
            ''
        ];
    if (step.tasks.length === 0)
        return [`No preview of ${(0,markdown_text/* escape */.i)(preview.taskName)} was stopped.`, ''];
    return [
        `#### Previews of ${(0,markdown_text/* escape */.i)(preview.taskName)} stopped`,
        '',
        '| Task | Name | Why | Cost |',
        '|---|---|---|---|',
        ...step.tasks.map((task) => `| ${task.id} | ${(0,markdown_text/* escape */.i)(task.name ?? '')} | ${(0,markdown_text/* escape */.i)(task.message ?? '')} | ${(0,report_text/* yuanText */.HI)((0,report_text/* taskCost */.LL)(task))} |`),
        '',
        `They have cost ${total} in all.`,
        ''
    ];
}

// EXTERNAL MODULE: ./deploy/runners/runner-names.ts
var runner_names = __nccwpck_require__(1967);
;// CONCATENATED MODULE: ./deploy/runners/runner-report.ts






// The runners' part (the runner kind's): the runners a step started, stopped or swept, each with its
// platform job and its runner as GitHub lists it; the outputs a workflow's later jobs run on.
const RUNNER_PART = reportPart({
    name: 'selfHosted',
    kind: 'runner',
    of: (step) => (0,step_result/* reportOf */.EI)(step, 'selfHosted'),
    summary: { lead: runnerLines },
    outputs: ['runner_label', 'runner_names', 'runs_on', 'total_cost'],
    values: (report) => ({
        runner_label: report.action === 'started' ? (report.label ?? '') : '',
        runner_names: report.action === 'started' ? JSON.stringify(report.states.map((r) => r.name)) : '',
        runs_on: report.action === 'started' && report.label !== undefined && report.failure === undefined
            ? JSON.stringify((0,runner_names/* runsOn */.k8)(report.label))
            : '',
        total_cost: report.totalPoints === undefined ? '' : ((0,money/* yuanOf */.xU)(report.totalPoints) ?? '')
    }),
    failure: (report) => report.failure,
    money: { total_cost: money/* readableYuan */.o$ }
});
const TITLES = {
    started: 'Runners started',
    stopped: 'Runners stopped',
    swept: 'Runners swept'
};
/** A table of the runners: each one's name, platform job, its status, GitHub's word for it, its cost. */
function runnerLines(report, step) {
    const costs = new Map(step.tasks.map((task) => [task.id, (0,report_text/* taskCost */.LL)(task)]));
    const heading = `#### ${TITLES[report.action]}${report.label === undefined ? '' : ` (label ${(0,markdown_text/* escape */.i)(report.label)})`}`;
    if (report.states.length === 0)
        return [heading, '', 'None.', ''];
    return [
        heading,
        '',
        `| Runner | Job | Job status | On GitHub | Cost |${report.action === 'swept' ? ' Why |' : ''}`,
        `|---|---|---|---|---|${report.action === 'swept' ? '---|' : ''}`,
        ...report.states.map((r) => `| ${(0,markdown_text/* escape */.i)(r.name)} | ${r.taskId ?? ''} | ${(0,markdown_text/* escape */.i)(r.job)} | ${(0,markdown_text/* escape */.i)(r.github)} | ${(0,report_text/* yuanText */.HI)(r.taskId === undefined ? undefined : costs.get(r.taskId))} |${report.action === 'swept' ? ` ${(0,markdown_text/* escape */.i)(r.why ?? '')} |` : ''}`),
        '',
        ...(report.totalPoints === undefined
            ? []
            : [`They have cost ${(0,report_text/* yuanText */.HI)((0,money/* yuanOf */.xU)(report.totalPoints) ?? '')} in all.`, ''])
    ];
}

;// CONCATENATED MODULE: ./deploy/storage/transfer-report.ts







// The transfer's part: the transfer a transfer step followed (or read, or stopped), or the transfers a
// transfer_list read.
const TRANSFER_PART = reportPart({
    name: 'transfer',
    kind: task_kinds/* TRANSFER_KIND */.bl.name,
    of: (step) => (0,step_result/* reportOf */.EI)(step, 'transfer'),
    summary: { alone: transfersTable },
    outputs: ['status', 'count', 'transfer_id', 'files', 'bytes', 'rate', 'duration'],
    values: ({ one, listed }) => (one === undefined ? { count: String(listed.length) } : transferOutputs(one))
});
/**
 * What a transfer step copied: its status, its id (the last, after retries), the files and bytes it
 * copied, and, for one the step followed, how long it took (duration, seconds) and its rate (bytes a
 * second, on average).
 */
function transferOutputs({ transfer, elapsedMs }) {
    const seconds = elapsedMs === undefined ? undefined : Math.round(elapsedMs / 1000);
    return {
        status: (0,safe_text/* sanitize */.aj)(transfer.status ?? '', 40),
        transfer_id: transfer.id,
        files: (0,report_text/* countText */.lT)(transfer.filesDone),
        bytes: (0,report_text/* countText */.lT)(transfer.bytesDone),
        rate: elapsedMs === undefined || elapsedMs <= 0
            ? ''
            : String(Math.round(((transfer.bytesDone ?? 0) * 1000) / elapsedMs)),
        ...(seconds === undefined ? {} : { duration: String(seconds) })
    };
}
/**
 * The transfer a transfer step followed (or read, or stopped), or the transfers a transfer_list read: each
 * one's status, files and GiB copied of all (totals of 0 are still being counted), and for a step that
 * followed one, how long it took and its rate.
 */
function transfersTable({ one, listed }) {
    const transfers = one === undefined ? listed : [one.transfer];
    const lines = ['| Transfer | Direction | Status | Files | Copied | Error |', '|---|---|---|---|---|---|'];
    lines.push(...transfers.map(transferRow), '');
    if (one?.elapsedMs === undefined)
        return lines;
    const seconds = one.elapsedMs / 1000;
    const rate = seconds > 0 ? `${((one.transfer.bytesDone ?? 0) / seconds / 1024 ** 2).toFixed(1)} MiB/s` : '\u2013';
    return [
        ...lines,
        `Copied in ${(0,markdown_text/* escape */.i)((0,units/* formatDuration */.a3)(one.elapsedMs))} (${rate} on average)${one.retries > 0 ? `, after ${one.retries} retries` : ''}; files already at the destination are not copied again, as \`overwrite_policy\` says.`
    ];
}
/** A transfer's row: its direction, status, files and GiB copied of all, and its error. */
function transferRow(t) {
    const gib = (bytes) => `${bytes === undefined ? '0' : (bytes / 1024 ** 3).toFixed(2)} GiB`;
    const files = t.filesTotal === undefined ? `${t.filesDone ?? 0} (counting)` : `${t.filesDone ?? 0} of ${t.filesTotal}`;
    const bytes = t.bytesTotal === undefined ? gib(t.bytesDone) : `${gib(t.bytesDone)} of ${gib(t.bytesTotal)}`;
    const direction = t.direction === 'to_volume'
        ? 'to the volume'
        : t.direction === 'to_object_storage'
            ? 'to object storage'
            : '?';
    const error = t.errorCode === undefined && t.errorMessage === undefined
        ? ''
        : `${t.errorCode ?? ''} ${t.errorMessage ?? ''}`.trim();
    return `| ${(0,markdown_text/* escape */.i)(t.id)} | ${direction} | ${(0,report_text/* orUnknown */.uL)(t.status)} | ${files} | ${bytes} | ${(0,markdown_text/* escape */.i)(error)} |`;
}

// EXTERNAL MODULE: ./platform/volume-data.ts
var volume_data = __nccwpck_require__(5547);
;// CONCATENATED MODULE: ./deploy/storage/volume-report.ts







// The volume's part: the volume a volume step found, made, grew or deleted, or the volumes a volume_list read.
const VOLUME_PART = reportPart({
    name: 'volume',
    kind: task_kinds/* VOLUME_KIND */.OT.name,
    of: (step) => (0,step_result/* reportOf */.EI)(step, 'volume'),
    summary: { alone: volumesTable },
    outputs: [
        'status',
        'count',
        'region',
        'region_name',
        'storage_id',
        'total_size',
        'used_size',
        'volume_price',
        'storage_class'
    ],
    values: ({ one, listed }) => one === undefined ? { count: String(listed.volumes.length) } : volumeOutputs(one),
    money: { volume_price: (price) => `${price} yuan per GB a month` }
});
/**
 * What a volume step found, made, grew or deleted: its status (Deleted once no list shows it), its
 * storage_id and region, its sizes in GiB (used_size empty where the storage cannot say: never 0), its
 * displayed price (yuan per GB a month, as the platform shows it; decimal text only), and its storage
 * class (its id).
 */
function volumeOutputs(outcome) {
    const { volume } = outcome;
    const price = volume.displayUnitPrice ?? '';
    return {
        status: outcome.deleted ? volume_data/* VOLUME_DELETED */.lc : (0,safe_text/* sanitize */.aj)(volume.status ?? '', 40),
        ...(volume.region === undefined ? {} : { region: (0,safe_text/* sanitize */.aj)(volume.region, 100) }),
        ...(volume.regionName === undefined ? {} : { region_name: (0,safe_text/* sanitize */.aj)(volume.regionName, 100) }),
        storage_id: volume.id,
        total_size: (0,report_text/* gibText */.ip)(volume.totalBytes),
        used_size: (0,report_text/* gibText */.ip)(volume.usedBytes),
        volume_price: /^\d{1,12}(\.\d{1,12})?$/.test(price) ? price : '',
        ...(volume.storageClass === undefined ? {} : { storage_class: (0,safe_text/* sanitize */.aj)(volume.storageClass, 60) })
    };
}
/**
 * The volume a volume step left (found, made, grown, deleted), or the volumes a volume_list read with what
 * they come to: sizes in GiB (a used size the storage cannot say is unknown, never 0), prices in the
 * platform's own units, never through the tasks' points-to-yuan rule.
 */
function volumesTable({ one, listed }) {
    const volumes = one === undefined ? listed.volumes : [one.volume];
    const size = (bytes) => bytes === undefined ? 'unknown' : `${(0,report_text/* gibText */.ip)(bytes)} GiB`;
    const lines = [
        '| Volume | Name | Region | Class | Status | Size | Used | Price (yuan per GB a month) | Mounted in |',
        '|---|---|---|---|---|---|---|---|---|',
        ...volumes.map((v) => `| ${(0,markdown_text/* escape */.i)(v.id)} | ${(0,markdown_text/* escape */.i)(v.name)} | ${(0,report_text/* orUnknown */.uL)(v.region)} | ${(0,report_text/* orUnknown */.uL)(v.storageClass)} | ${(0,report_text/* orUnknown */.uL)(one?.deleted === true ? volume_data/* VOLUME_DELETED */.lc : v.status)} | ${size(v.totalBytes)} | ${size(v.usedBytes)} | ${decimalText(v.displayUnitPrice)} | ${v.mounts} task(s) |`),
        ''
    ];
    if (one !== undefined) {
        const did = one.deleted
            ? 'Deleted: no list shows it.'
            : one.created
                ? 'Made by this step.'
                : one.adopted
                    ? "Found by name after this step's create went unanswered: nothing proves this step made it, so no cleanup deletes it."
                    : one.grownFrom === undefined
                        ? 'Found as it was.'
                        : `Grown from ${size(one.grownFrom)}.`;
        return [...lines, did];
    }
    const { summary } = listed;
    if (summary === undefined)
        return lines;
    return [
        ...lines,
        `${summary.count ?? '?'} volume(s) counted (Creating, Active, Expanding), ${size(summary.totalBytes)} in all, ${size(summary.usedBytes)} used; estimated cost ${summary.perTenMinutes ?? '?'} points per 10 minutes (coin_sum_slice, in the points of unit_price, as the reference's own example counts them: 3 GiB at 120 is 360; the storage's points, never turned into yuan by the tasks' rule).`
    ];
}
/** A decimal the platform gave (a price), as it is when it is one; anything else escaped. */
function decimalText(value) {
    if (value === undefined)
        return '?';
    return /^\d{1,12}(\.\d{1,12})?$/.test(value) ? value : (0,markdown_text/* escape */.i)(value);
}

;// CONCATENATED MODULE: ./deploy/report-parts.ts










// Every report part, in one place: the summary, the outputs and the CLI ask each of them, in this order,
// what the step holds of it. A new kind or capability registers its part here.
/**
 * The parts, in the order their lines come in the summary (each in its place: above the tasks, under
 * them, or in place of them); an output two parts write is the first's that says it.
 */
const REPORT_PARTS = [
    PLACEMENT_PART,
    CHANGE_PART,
    JOB_PART,
    PREVIEW_PART,
    RUNNER_PART,
    CAP_PART,
    VOLUME_PART,
    TRANSFER_PART,
    COPIED_PART,
    PREHEAT_PART
];
/** What the parts say of their outputs, each output the first part's that says it. */
function partOutputs(step) {
    const values = {};
    for (const part of REPORT_PARTS)
        for (const [name, value] of Object.entries(part.values(step)))
            values[name] ??= value;
    return values;
}
/** Why the step fails beside its tasks, as the first part that says so says it. */
function partFailure(step) {
    for (const part of REPORT_PARTS) {
        const failure = part.failure(step);
        if (failure !== undefined)
            return failure;
    }
    return undefined;
}
/** What the cost-over-time diagram calls what the step's tasks cost, as the first part that names it says. */
function partCostTitle(step) {
    for (const part of REPORT_PARTS) {
        const title = part.costTitle(step);
        if (title !== undefined)
            return title;
    }
    return undefined;
}
/** How the CLI's table shows each part's money outputs to a person. */
function partMoney() {
    return Object.assign({}, ...REPORT_PARTS.map((part) => part.money));
}


/***/ }),

/***/ 1967:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   E4: () => (/* binding */ checkTrusted),
/* harmony export */   FS: () => (/* binding */ checkRunnerBody),
/* harmony export */   Fx: () => (/* binding */ runnerLabel),
/* harmony export */   Hh: () => (/* binding */ runnerNames),
/* harmony export */   Tk: () => (/* binding */ runnerBody),
/* harmony export */   k8: () => (/* binding */ runsOn)
/* harmony export */ });
/* unused harmony export JITCONFIG_ENV */
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2212);
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(629);


// What a runner step makes of its inputs and its workflow run, pure: the label unique to the run and
// attempt, the runners' names, the body of each runner's platform job, and whether the event may start
// a self-hosted runner at all.
/**
 * The container env the runner reads its just-in-time configuration from: GitHub's runner takes each of
 * its command-line settings from ACTIONS_RUNNER_INPUT_<NAME>, so `run.sh` needs no argument, and the
 * configuration is never on a command line.
 */
const JITCONFIG_ENV = 'ACTIONS_RUNNER_INPUT_JITCONFIG';
/** GitHub's longest runner name; a runner's platform job has the same name. */
const MOST_NAME_LENGTH = 64;
/**
 * The label unique to the workflow run and its attempt: `<task_name>-<run id>-<attempt>`. A re-run's
 * attempt has runners of its own, so one of the first attempt left behind takes none of its jobs.
 */
function runnerLabel(taskName, run) {
    if (run.id === undefined)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d('runner starts runners for a workflow run, but GITHUB_RUN_ID is not set: run it in a GitHub Actions workflow (the CLI: set GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT of the run whose jobs the runners take)');
    const label = `${taskName}-${run.id}-${run.attempt ?? '1'}`;
    if (!/^[A-Za-z0-9._-]+$/.test(taskName))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`task_name ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(taskName)} cannot name a runner: use letters, digits, ".", "_" and "-", such as gpu`);
    return label;
}
/** The runners' names: the label and each one's number, `<label>-1` to `<label>-<count>`. */
function runnerNames(label, count) {
    const names = Array.from({ length: count }, (_, i) => `${label}-${i + 1}`);
    const longest = names[names.length - 1] ?? label;
    if (longest.length > MOST_NAME_LENGTH)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`task_name makes runner names of ${longest.length} characters (${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(longest)}), and GitHub takes ${MOST_NAME_LENGTH} at most: shorten task_name, such as gpu`);
    return names;
}
/** What a job's runs-on names the runners by: GitHub's own label of every self-hosted runner, and theirs. */
function runsOn(label) {
    return ['self-hosted', label];
}
/**
 * Whether the event may start a self-hosted runner: a pull request from a fork (pull_request) and
 * pull_request_target run code the repository's owners have not reviewed on it, with whatever the
 * runner's machine reaches; refused unless allow_untrusted says so (docs/security.md).
 */
function checkTrusted(run, allowUntrusted) {
    if (allowUntrusted)
        return;
    if (run.eventName === 'pull_request_target')
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d("runner is refused on pull_request_target: its jobs have the repository's secrets and a token that can write, and a self-hosted runner would run the pull request's code with them. Start runners on pull_request from branches of the repository, or set allow_untrusted to true if you review every pull request first (docs/security.md)");
    if (run.fromFork)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d("runner is refused on a pull request from a fork: a self-hosted runner would run the fork's code on a machine your account pays for, with what it can reach. Set allow_untrusted to true only if you review every such pull request first (docs/security.md)");
}
/**
 * The body of one runner's platform job: the user's (the runner image and its resources), its first
 * service's env given the runner's configuration, and job_support set for one runner: its timeout from
 * runner_timeout, one pod at a time, none restarted (a runner that exited has taken its one job). A body
 * that sets the configuration's env itself, or another timeout_sec, is refused before anything is sent.
 */
function runnerBody(body, encodedJitConfig, support) {
    const services = checkedServices(body);
    const [first, ...rest] = services;
    const env = Array.isArray(first?.env) ? first.env : [];
    const given = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(body.job_support) ? body.job_support : {};
    return {
        ...body,
        job_support: {
            mod_param: { default: { backoff_limit: 0, restart_policy: 'Never' } },
            ...given,
            timeout_sec: support.timeoutSec,
            parallelism: 1
        },
        services: [{ ...first, env: [...env, { name: JITCONFIG_ENV, value: encodedJitConfig }] }, ...rest]
    };
}
/** Checks the body's runner parts, as runnerBody will set them, before anything is sent. */
function checkRunnerBody(body, support) {
    checkedServices(body);
    const given = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(body.job_support) ? body.job_support.timeout_sec : undefined;
    if (given !== undefined && Number(given) !== support.timeoutSec)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`body sets job_support.timeout_sec to ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(JSON.stringify(given))}, but runner_timeout sets a runner's: remove it from body, and set runner_timeout instead (such as 2h)`);
    if (body.points !== undefined && Number(body.points) !== 1)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`body sets points to ${(0,_basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .quote */ .h)(JSON.stringify(body.points))}, but each runner is one platform job of one pod: remove points, and set runners to the number of runners`);
}
function checkedServices(body) {
    const services = Array.isArray(body.services) ? body.services : [];
    const first = services[0];
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(first))
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d("body has no services, but a runner's platform job runs GitHub's runner in its first service: set services to [{service_name: runner, service_image: <your runner image>, resource_weight: ..., start_script: ...}] (docs/runners.md shows one)");
    for (const service of services) {
        const env = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) ? service.env : undefined;
        if (Array.isArray(env) && env.some((entry) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(entry) && entry.name === JITCONFIG_ENV))
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_0__/* .InputError */ .d(`body sets ${JITCONFIG_ENV} in a service's env, but the step sets it, to each runner's own configuration: remove it from body`);
    }
    return services;
}


/***/ }),

/***/ 1860:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  Rl: () => (/* binding */ checkActionCapability),
  _D: () => (/* binding */ mayCleanUp),
  sb: () => (/* binding */ readSettings)
});

// UNUSED EXPORTS: readCleanup

// EXTERNAL MODULE: ../node_modules/lossless-json/lib/esm/index.js + 6 modules
var esm = __nccwpck_require__(3201);
// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __nccwpck_require__(629);
// EXTERNAL MODULE: ./protocol/json.ts
var json = __nccwpck_require__(6539);
// EXTERNAL MODULE: ./deploy/engine/inputs/parsers.ts
var parsers = __nccwpck_require__(7027);
// EXTERNAL MODULE: ./deploy/yaml.ts
var yaml = __nccwpck_require__(5535);
;// CONCATENATED MODULE: ./deploy/mappings.ts






// The parsers of the inputs that hold YAML (body, query, endpoints, task_id as a list): the YAML parser
// is the action's, loaded on demand. Every other input's parser is its declaration's (deploy/engine/inputs/).
/**
 * A YAML or JSON mapping (JSON is YAML). Integers are read exactly, as bigints. Parse errors give the
 * position only, never the text around it, which may hold credentials.
 */
function parseMapping(name, value) {
    if (value.trim() === '')
        return {};
    let parsed;
    try {
        parsed = parseJsonFirst(value);
    }
    catch (error) {
        if (!(0,yaml/* yamlLoaded */.tF)())
            throw error;
        const place = (0,yaml/* yamlErrorPlace */.z0)(error);
        const where = place === undefined ? '' : ` at line ${place.line}, column ${place.col}`;
        const code = place === undefined ? '' : ` (${place.code})`;
        throw new input_error/* InputError */.d(`${name} is not valid YAML or JSON${where}${code}: write a mapping such as "key: value" or {"key": "value"}`);
    }
    if (parsed === null || parsed === undefined)
        return {};
    if (typeof parsed !== 'object' || Array.isArray(parsed) || parsed instanceof Map) {
        throw new input_error/* InputError */.d(`${name} is not a mapping: write fields as "key: value" lines or a JSON object`);
    }
    return parsed;
}
/** JSON objects take the fast, exact JSON parser; anything else (or JSON it refuses) is read as YAML. */
function parseJsonFirst(value) {
    if (value.trimStart().startsWith('{')) {
        try {
            return (0,json/* parseWrittenJson */.b3)(value);
        }
        catch {
            // Not strict JSON (a YAML flow mapping such as {a: 1}): YAML reads it, or says where it fails.
        }
    }
    return (0,yaml/* parseYaml */.hN)(value);
}
/** Query parameters from a YAML or JSON mapping of scalars; a list becomes a comma-separated value. */
function parseQuery(name, value) {
    const scalar = (key, item) => {
        if (typeof item === 'string' ||
            typeof item === 'number' ||
            typeof item === 'bigint' ||
            typeof item === 'boolean') {
            return String(item);
        }
        if ((0,esm/* isLosslessNumber */.s_)(item))
            return item.toString();
        throw new input_error/* InputError */.d(`${name}.${key} is not a scalar or a list of scalars: query parameters are plain values`);
    };
    return Object.entries(parseMapping(name, value))
        .filter(([, item]) => item !== null && item !== undefined)
        .map(([key, item]) => [key, Array.isArray(item) ? item.map((i) => scalar(key, i)).join(',') : scalar(key, item)]);
}
const MAX_TASK_IDS = 1000;
const SEVERAL_IDS = 'write one id per line, or separate ids with a comma and a space ("1229831, 1229832"), or give a list ([1229831, 1229832])';
/**
 * One or more task ids, kept as digits. An id is digits only. Several are written one per line, on one
 * line separated by a comma and a space, or as a YAML/JSON list (flow "[a, b]" or block "- a" lines).
 * Nothing else is guessed at: "1,229,832" reads as one number with thousands separators, and ids
 * separated by spaces alone could be one number grouped by spaces, so both are refused.
 */
function parseTaskIds(name, value) {
    const text = value.trim();
    if (text === '')
        return [];
    const ids = /^(\[|-\s)/.test(text) ? idsOfList(name, text) : idsOfLines(name, text);
    const seen = new Set();
    for (const id of ids) {
        if (seen.has(id))
            throw new input_error/* InputError */.d(`${name} lists ${id} twice: list each task once`);
        seen.add(id);
    }
    if (ids.length > MAX_TASK_IDS)
        throw new input_error/* InputError */.d(`${name} lists ${ids.length} ids: list at most ${MAX_TASK_IDS} per step`);
    return ids;
}
function idsOfLines(name, text) {
    return text
        .split(/\r?\n/)
        .flatMap((line) => line.trim().replace(/,$/, '').split(/,\s+/))
        .filter((item) => item !== '')
        .map((item) => {
        if (parsers/* TASK_ID */.w9.test(item))
            return item;
        if (/^\d+(,\d+)+$/.test(item)) {
            throw new input_error/* InputError */.d(`${name} ${(0,input_error/* quote */.h)(item)} has commas without a space, which reads as one number with thousands separators, not a list: an id is digits only; ${SEVERAL_IDS}`);
        }
        if (/^\d+(\s+\d+)+$/.test(item)) {
            throw new input_error/* InputError */.d(`${name} ${(0,input_error/* quote */.h)(item)} separates ids with spaces alone: ${SEVERAL_IDS}`);
        }
        return (0,parsers/* parseTaskId */.ik)(name, item);
    });
}
function idsOfList(name, text) {
    let list;
    try {
        list = (0,yaml/* parseYaml */.hN)(text);
    }
    catch (error) {
        if (!(0,yaml/* yamlLoaded */.tF)())
            throw error;
        throw new input_error/* InputError */.d(`${name} is not a valid YAML or JSON list: ${SEVERAL_IDS}`);
    }
    if (!Array.isArray(list))
        throw new input_error/* InputError */.d(`${name} is not a list of ids: ${SEVERAL_IDS}`);
    return list.map((item) => {
        const digits = typeof item === 'bigint' || typeof item === 'string' ? String(item) : undefined;
        if (digits === undefined || !parsers/* TASK_ID */.w9.test(digits)) {
            const shown = typeof item === 'object' && item !== null
                ? Array.isArray(item)
                    ? 'a nested list'
                    : 'a mapping'
                : (0,input_error/* quote */.h)(digits ?? String(item));
            throw new input_error/* InputError */.d(`${name} lists ${shown}, which is not a task id: list ids as digits, such as [1229831, 1229832]`);
        }
        return digits;
    });
}

// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __nccwpck_require__(9644);
// EXTERNAL MODULE: ./platform/operations/operation-table.ts + 1 modules
var operation_table = __nccwpck_require__(7059);
// EXTERNAL MODULE: ./protocol/keys.ts
var keys = __nccwpck_require__(4997);
// EXTERNAL MODULE: ./deploy/operations.ts + 10 modules
var operations = __nccwpck_require__(3977);
;// CONCATENATED MODULE: ./deploy/capabilities.ts


/**
 * The hidden input by which a capability's action tells the bundle which it is: declared in its
 * action.yml with the capability as its default (a JavaScript action has no environment of its own), and
 * in no other; the root action, which runs every operation, leaves it empty.
 */
const CAPABILITY_INPUT = 'capability';
/**
 * Each capability's action: its name, line, default and icon. Which operations it runs, each operation's
 * declaration says: the reads that serve more than one (the resources and their prices, the bills) are in
 * each that pays for GPUs; `request`, which sends anything, is the root action's alone.
 */
const ROWS = [
    {
        name: 'deploy',
        description: 'Start, change, inspect and stop elastic deployment tasks on a GPU compute platform, and gate deploys on their status.',
        defaultOperation: 'create',
        icon: 'upload-cloud'
    },
    {
        name: 'job',
        description: 'Run a GPU batch job on a GPU compute platform to its end, its log streamed; read, search and stop jobs.',
        defaultOperation: 'job',
        icon: 'play'
    },
    {
        name: 'preview',
        description: "Bring each pull request's preview up on a GPU compute platform, recorded as a GitHub deployment, and stop it on close.",
        defaultOperation: 'preview',
        icon: 'eye'
    },
    {
        name: 'data',
        description: "Make sure of a GPU compute platform's cluster storage volumes, and copy data between them and the workspace or object storage.",
        defaultOperation: 'volume',
        icon: 'database'
    },
    {
        name: 'runner',
        description: 'Start a self-hosted GitHub runner on a GPU compute platform for one workflow job, billed only while it runs; stop and sweep them.',
        defaultOperation: 'runner',
        icon: 'cpu'
    }
];
/** The capabilities, each with the operations whose declarations name it. */
const CAPABILITIES = ROWS.map((row) => ({
    ...row,
    operations: operations/* OPERATION_NAMES */.d0.filter((name) => (0,operations/* operationNamed */.ji)(name).capabilities?.includes(row.name) === true)
}));
/**
 * Refuses, before anything is read or sent, an operation that the capability the step runs as (the
 * hidden input's value) does not run; a capability no action declares, too. An empty capability (the
 * root action) runs every operation.
 */
function checkCapability(capability, operation) {
    const name = capability.trim();
    if (name === '')
        return;
    const own = CAPABILITIES.find((one) => one.name === name);
    if (own === undefined)
        throw new input_error/* InputError */.d(`${CAPABILITY_INPUT} ${(0,input_error/* quote */.h)(name)} is not one of ${CAPABILITIES.map((one) => one.name).join(', ')}: it is set by the capability actions, leave it unset`);
    const given = operation.trim();
    if (own.operations.includes(given))
        return;
    throw new input_error/* InputError */.d(`operation ${(0,input_error/* quote */.h)(given)} is not one of the ${own.name} action's operations (${own.operations.join(', ')}): set operation to one of them${elsewhere(given)}`);
}
/** Where else an operation runs, as a fix says it: the capability actions that run it, and the root action. */
function elsewhere(operation) {
    if (!operations/* OPERATION_NAMES */.d0.includes(operation))
        return '';
    const actions = CAPABILITIES.filter((one) => one.operations.includes(operation)).map((one) => `the ${one.name} action (this repository's ${one.name}/)`);
    return `, or use ${[...actions, 'the root action, which runs every operation'].join(' or ')}`;
}

// EXTERNAL MODULE: ./deploy/engine/inputs/index.ts + 12 modules
var inputs = __nccwpck_require__(4448);
// EXTERNAL MODULE: ./deploy/engine/inputs/connection.ts
var connection = __nccwpck_require__(9415);
// EXTERNAL MODULE: ./deploy/engine/secret-fields.ts
var secret_fields = __nccwpck_require__(3439);
// EXTERNAL MODULE: ./deploy/engine/step-defaults.ts
var step_defaults = __nccwpck_require__(8074);
;// CONCATENATED MODULE: ./deploy/settings.ts














/**
 * Reads the inputs into Settings, group by group. Secrets are handed to `maskSecrets` before anything else
 * happens, so no later log line or error can show them.
 */
function readSettings(rawInput, maskSecrets, env = () => undefined, readFile = () => {
    throw new Error('no files here');
}, 
/** The moment the step starts: where a billing window that ends `now` ends. */
now = Date.now) {
    let inputs = inputsOf(rawInput, maskSecrets, env);
    inputs.mask([
        inputs.raw('token').trim(),
        inputs.raw('private_key_passphrase'),
        inputs.raw('s3_access_key').trim(),
        inputs.raw('s3_secret_key').trim(),
        inputs.given('github_token') ?? '',
        ...(0,keys/* keyTextForms */.g2)(inputs.raw('private_key'))
    ]);
    const operation = present(inputs.get('operation'));
    const request = readRequestInputs(inputs, readFile);
    inputs = withFieldsOfRequest(inputs, (0,calls/* inputsFromFields */.RU)(operation, request.body, request.query));
    const spotFallback = readSpotFallback(inputs);
    return {
        operation,
        ...readConnection(inputs),
        ...request,
        ...readCallInputs(inputs, now()),
        wait: readWait(inputs, { operation, body: request.body, spotFallback }),
        health: readHealth(inputs),
        capacity: readCapacity(inputs),
        preheat: { mode: inputs.given('preheat'), timeoutMs: inputs.given('preheat_timeout') },
        nodeChoice: { pointId: inputs.get('point_id'), deleteLastNode: inputs.given('delete_last_node') },
        spotFallback,
        storage: readStorage(inputs, env('GITHUB_WORKSPACE')),
        previews: readPreviews(inputs),
        selfHosted: readRunners(inputs),
        ...readLimits(inputs),
        ...readStep(inputs, operation)
    };
}
/**
 * Refuses, before any other input is read, an operation outside the capability the action runs as: the
 * hidden input a capability's action.yml (job/, data/...) defaults; the root action's is empty.
 */
function checkActionCapability(rawInput) {
    checkCapability(rawInput(CAPABILITY_INPUT), rawInput('operation'));
}
/** The value of an input that has one: a required input (its parser refuses an empty one), or one given. */
function present(value) {
    if (value === undefined)
        throw new Error('an input with a value was read as not set');
    return value;
}
/**
 * What the post step does with what a step of `operation` creates: the cleanup input (parsed; undefined
 * when empty), or the operation's default (a job's is stop).
 */
function readCleanup(operation, cleanup) {
    return cleanup ?? (0,operations/* defaultCleanup */.oQ)(operation);
}
/**
 * Whether a step of these inputs may leave something to clean up when it fails or is interrupted, read by
 * the parsers its settings are: the tasks it creates (with cleanup stop or pause, given or the operation's
 * default), or an update or a scale up to finish, whatever cleanup says, or a volume it makes for the run
 * (volume_cleanup: delete), or a transfer it starts (stopped if still under way; data copies by them too),
 * or an SFTP session a copy opens (destroyed).
 * Throws the InputError its settings would.
 */
function mayCleanUp(rawInput) {
    const { get, given, text } = readersOf(rawInput, () => undefined);
    const operation = present(get('operation'));
    const cleanup = readCleanup(operation, get('cleanup'));
    return (cleanup !== 'none' ||
        (0,operations/* leavesChange */.fH)(operation) ||
        (given('volume_cleanup') === 'delete' && (0,operations/* makesVolumes */.Tq)(operation)) ||
        (0,operations/* startsTransfers */.eO)(operation) ||
        // A create's data is copied in by transfers, stopped if the step is stopped while they run; data and
        // copies from the workspace open SFTP sessions, destroyed if the step is stopped while they are open.
        text('data') !== undefined ||
        text('copies') !== undefined);
}
/** A job's mode when neither job_type nor the body's sub_type says it: Spot, the platform's default. */
const DEFAULT_JOB_TYPE = 'spot';
/** spot_fallback and queue_timeout: a Spot job's fallback to on demand; refused for an on-demand job. */
function readSpotFallback({ text, given }) {
    if (!given('spot_fallback'))
        return undefined;
    if (text('job_type') === 'on_demand')
        throw new input_error/* InputError */.d('spot_fallback is true, but job_type is on_demand: a job that runs on demand has nothing to fall back from; set spot_fallback to false, or job_type to spot');
    return { queueTimeoutMs: given('queue_timeout') };
}
/**
 * volume, size (a whole number of GiB, as 100 or 100GiB; bytes on the wire), region, storage_class,
 * volume_cleanup, confirm and force; the transfer's inputs, the mounts, the copies of data and results,
 * and the workspace their workspace paths are relative to (GITHUB_WORKSPACE, else the working directory).
 */
function readStorage({ get, given }, workspace) {
    return {
        volume: get('volume'),
        sizeBytes: get('size'),
        region: get('region'),
        storageClass: get('storage_class'),
        volumeCleanup: given('volume_cleanup'),
        confirm: get('confirm'),
        force: given('force'),
        transfer: readTransfer({ get, given }),
        mounts: [...(get('volumes') ?? []), ...(get('juicefs_mounts') ?? [])],
        data: get('data') ?? [],
        results: get('results') ?? [],
        copies: get('copies') ?? [],
        workspace: workspace === undefined || workspace === '' ? '.' : workspace
    };
}
/**
 * The transfer inputs: which transfer (transfer_id), its direction, the object storage (s3_*: the keys
 * masked already), the volume's path, what is copied again (overwrite_policy), what never is
 * (ignore_patterns, file name suffixes) and how often a failed one is retried (transfer_retries).
 */
function readTransfer({ get, given }) {
    const id = get('transfer_id');
    const volumePath = given('volume_path');
    const direction = get('direction');
    return {
        id,
        direction,
        supplier: get('s3_supplier'),
        endpoint: get('s3_endpoint'),
        bucket: get('s3_bucket'),
        prefix: get('s3_prefix') ?? '',
        accessKey: get('s3_access_key'),
        secretKey: get('s3_secret_key'),
        volumePath,
        overwrite: given('overwrite_policy'),
        ignorePatterns: get('ignore_patterns') ?? [],
        retries: given('transfer_retries')
    };
}
function inputsOf(rawInput, maskSecrets, env) {
    const masked = new Set();
    const raw = (name) => {
        const value = rawInput(name);
        const fallback = inputs/* INPUT_BY_NAME */.pc.get(name)?.env;
        return value.trim() === '' && fallback !== undefined ? (env(fallback) ?? '') : value;
    };
    return readersOf(raw, (secrets) => {
        const fresh = [];
        for (const secret of secrets) {
            if (secret === '' || masked.has(secret))
                continue;
            masked.add(secret);
            fresh.push(secret);
        }
        if (fresh.length > 0)
            maskSecrets(fresh);
    });
}
/** The readers of the inputs, over how each is read as given. */
function readersOf(raw, mask) {
    const text = (name) => {
        const value = raw(name).trim();
        return value === '' ? undefined : value;
    };
    const get = (name) => {
        const declared = inputs/* INPUT_BY_NAME */.pc.get(name);
        if (declared === undefined)
            throw new Error(`no input is declared as ${name}`);
        const value = raw(name);
        const given = value.trim() === ''
            ? (declared.default ?? (declared.required === true ? '' : undefined))
            : declared.untrimmed === true
                ? value
                : value.trim();
        return given === undefined ? undefined : declared.parse(given, name);
    };
    return { raw, text, get, given: (name) => get(name), mask };
}
/**
 * The inputs, each left empty taking what the body or the query sets for it (a body copied from the
 * platform's reference carries points and task_name): read as if given, so checked as the input is.
 */
function withFieldsOfRequest(inputs, fields) {
    if (fields.size === 0)
        return inputs;
    return readersOf((name) => {
        const value = inputs.raw(name);
        return value.trim() === '' ? (fields.get(name) ?? value) : value;
    }, inputs.mask);
}
/** The body and the query, their secret-looking values masked as soon as they are read. */
function readRequestInputs(inputs, readFile) {
    const body = readBody(inputs.raw('body'), inputs.raw('body_file').trim(), readFile);
    inputs.mask((0,secret_fields/* secretValues */.VX)(body));
    const query = parseQuery('query', inputs.raw('query'));
    inputs.mask(query.flatMap(([name, value]) => (0,secret_fields/* secretValues */.VX)({ [name]: value })));
    return { body, query };
}
/** Where and how the step talks to the API: the address, the key, the forms, the codes. */
function readConnection(inputs) {
    const { raw, get, given } = inputs;
    const apiVersion = given('api_version');
    const baseUrl = get('base_url') ?? connection/* DEFAULT_BASE_URL */.Q;
    const profile = resolveProfile(given('api_profile'));
    return {
        baseUrl,
        apiVersion,
        apiProfile: profile.profile,
        apiProfileReason: profile.reason,
        credentials: readCredentials({
            token: raw('token').trim(),
            privateKeyText: raw('private_key'),
            passphrase: raw('private_key_passphrase'),
            format: given('private_key_format'),
            platformKeyText: raw('platform_public_key'),
            mask: inputs.mask
        }),
        endpoints: parseEndpoints(raw('endpoints'))
    };
}
/** What the operation's calls are made of, besides the body and query. */
function readCallInputs({ raw, get, given }, now) {
    return {
        taskStatuses: given('task_status'),
        taskName: get('task_name'),
        points: get('points'),
        taskIds: parseTaskIds('task_id', raw('task_id')),
        method: get('method'),
        path: get('path'),
        encrypt: given('encrypt'),
        billingWindow: readBillingWindow(given, now),
        // No default the runner would fill in: empty, the body's sub_type says it (see inputsFromFields).
        jobType: get('job_type') ?? DEFAULT_JOB_TYPE,
        estimatedExecSec: get('estimated_exec_sec')
    };
}
/**
 * The wait inputs. An empty wait_timeout takes the operation's default (a job's: its timeout_sec and the
 * time to start; see defaultWait), and says why.
 */
function readWait({ text, get, given }, step) {
    const byDefault = text('wait_timeout') === undefined ? (0,step_defaults/* defaultWait */.dX)(step) : undefined;
    return {
        mode: given('wait'),
        timeoutMs: byDefault?.ms ?? present(get('wait_timeout')),
        ...(byDefault === undefined ? {} : { timeoutWhy: byDefault.why }),
        intervalMs: given('poll_interval'),
        statusField: given('status_field'),
        successStatuses: get('success_statuses'),
        failureStatuses: get('failure_statuses'),
        waitForUrls: given('wait_for_urls'),
        pollErrorBudget: given('poll_error_budget'),
        maxRestarts: given('max_restarts'),
        logLines: given('log_lines')
    };
}
function readHealth({ get, given }) {
    return { path: get('health_path'), accepted: given('health_status') };
}
/** The resource a new task asks for by GPU model (undefined when gpu is empty). */
function readCapacity({ text, get, given }) {
    const gpu = get('gpu');
    if (gpu === undefined) {
        if (text('regions') !== undefined)
            throw new input_error/* InputError */.d('regions is set, but gpu is empty: set gpu to the GPU model, such as 4090, or remove regions');
        if (text('max_price') !== undefined)
            throw new input_error/* InputError */.d('max_price is set, but gpu is empty: set gpu to the GPU model, such as 4090, or remove max_price');
        return undefined;
    }
    return {
        gpu,
        gpuCount: given('gpu_count'),
        deviceType: given('device_type'),
        regions: get('regions') ?? [],
        maxPrice: get('max_price'),
        timeoutMs: given('capacity_timeout')
    };
}
/** How long, how large, how many: the bounds of each request and of the step's concurrency. */
function readLimits({ given }) {
    return {
        requestTimeoutMs: given('request_timeout'),
        maxResponseBytes: given('max_response_size'),
        maxRetries: given('max_retries'),
        concurrency: given('concurrency')
    };
}
/**
 * What the step leaves behind: the summary, the cleanup (an empty one is the operation's default: a job's
 * is stop), and whether it sends at all.
 */
function readStep({ get, given }, operation) {
    return {
        summary: given('summary'),
        cleanup: readCleanup(operation, get('cleanup')),
        cleanupTimeoutMs: given('cleanup_timeout'),
        maxCost: get('max_cost'),
        dryRun: given('dry_run')
    };
}
/**
 * The preview inputs. github_token defaults to the workflow's token (`${{ github.token }}`): where no
 * runner expands that (the CLI, a local run), it is no token. max_previews: 1 to 100; preview_ttl: an
 * hour to 90 days.
 */
function readPreviews({ given }) {
    return {
        githubToken: given('github_token'),
        comment: given('comment'),
        maxPreviews: given('max_previews'),
        ttlMs: given('preview_ttl')
    };
}
/** The runner inputs: runner_scope, runner_labels, runners, runner_timeout, allow_untrusted. */
function readRunners({ given, get }) {
    return {
        scope: given('runner_scope'),
        labels: get('runner_labels') ?? [],
        count: given('runners'),
        timeoutMs: given('runner_timeout'),
        allowUntrusted: given('allow_untrusted')
    };
}
/**
 * The body fields: the body input and, for payloads too big for an input (the runner passes inputs as
 * environment variables, 128 KiB at most each), the mapping in body_file. A field set in both is refused.
 */
function readBody(bodyText, bodyFile, readFile) {
    const body = parseMapping('body', bodyText);
    if (bodyFile === '')
        return body;
    let text;
    try {
        text = readFile(bodyFile);
    }
    catch (error) {
        if (error instanceof input_error/* InputError */.d)
            throw error;
        const code = error.code ?? error.message;
        throw new input_error/* InputError */.d(`body_file ${(0,input_error/* quote */.h)(bodyFile)} cannot be read (${code}): set it to a YAML or JSON file in the workspace`);
    }
    const fromFile = parseMapping('body_file', text);
    for (const name of Object.keys(body)) {
        if (name in fromFile)
            throw new input_error/* InputError */.d(`body and body_file both set ${name}: set it in one of them`);
    }
    return { ...fromFile, ...body };
}
/** The billing window: billing_end (now, or a time), and billing_start (a span before it, or a time). */
function readBillingWindow(given, now) {
    const end = (0,parsers/* parseEndTime */._M)('billing_end', given('billing_end'), now);
    const start = (0,parsers/* parseStartTime */.Lj)('billing_start', given('billing_start'), end.ms);
    return {
        range: given('billing_range'),
        startTime: start.text,
        endTime: end.text
    };
}
/**
 * The platform's documented forms unless the interface spec's are asked for: whatever the host, the forms
 * production takes are the default. `auto`, the old default, means the same.
 */
function resolveProfile(choice) {
    if (choice === 'spec')
        return { profile: 'spec', reason: "the interface spec's forms, as api_profile asks" };
    return {
        profile: 'live',
        reason: `${choice === 'auto' ? 'auto means live: ' : ''}the platform's documented forms; api_profile: spec sends the interface spec's`
    };
}
/**
 * Per-operation endpoint overrides, such as `detail: {method: GET}` (the live platform's form) or
 * `create: {path: /api/task/deployment/create}` (newer paths).
 */
function parseEndpoints(value) {
    const overrides = {};
    // A replace sends a create, a sweep searches: their calls follow the override of the one they send as.
    const allowed = operation_table/* OVERRIDABLE_OPERATIONS */.tm;
    for (const [operation, raw] of Object.entries(parseMapping('endpoints', value))) {
        const name = `endpoints.${operation}`;
        if (!allowed.includes(operation)) {
            throw new input_error/* InputError */.d(`${name} names no operation: use ${allowed.join(', ')}`);
        }
        if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
            throw new input_error/* InputError */.d(`${name} is not a mapping: write it like {method: GET, path: /api/..., version: 1.0.0, encrypt: false}`);
        }
        const override = {};
        for (const [key, item] of Object.entries(raw)) {
            const field = `${name}.${key}`;
            const itemText = typeof item === 'boolean' || typeof item === 'bigint' || typeof item === 'number'
                ? String(item)
                : item;
            if (typeof itemText !== 'string')
                throw new input_error/* InputError */.d(`${field} is not a plain value: write a string`);
            if (key === 'method')
                override.method = (0,parsers/* parseChoice */.HU)(field, itemText.toUpperCase(), ['GET', 'POST']);
            else if (key === 'path')
                override.path = (0,parsers/* parsePath */.Rr)(field, itemText);
            else if (key === 'version')
                override.version = (0,parsers/* parseVersion */.ot)(field, itemText);
            else if (key === 'encrypt')
                override.encrypt = (0,parsers/* parseBoolean */.yG)(field, itemText, false);
            else
                throw new input_error/* InputError */.d(`${field} is not an endpoint setting: use method, path, version or encrypt`);
        }
        if (override.method === 'GET' && override.encrypt === true) {
            throw new input_error/* InputError */.d(`${name} sets encrypt with method GET: an encrypted body needs method POST`);
        }
        overrides[operation] = override;
    }
    return overrides;
}
function readCredentials(args) {
    if (args.token === '') {
        throw new input_error/* InputError */.d('token is empty: set token to the API token, for example ${{ secrets.DEPLOY_API_TOKEN }} (or the DEPLOY_API_TOKEN variable)');
    }
    const hasPlatformKey = args.platformKeyText.trim() !== '';
    if (args.privateKeyText.trim() === '') {
        if (hasPlatformKey) {
            throw new input_error/* InputError */.d('platform_public_key is set but private_key is not: an RSA-mode key needs private_key too; a token-mode key needs neither');
        }
        return { mode: 'token', token: args.token };
    }
    try {
        const loaded = (0,keys/* loadPrivateKey */.PM)(args.privateKeyText, { format: args.format, passphrase: args.passphrase });
        args.mask(loaded.secretForms);
        return {
            mode: 'rsa',
            token: args.token,
            privateKey: loaded.key,
            platformPublicKey: hasPlatformKey ? (0,keys/* loadPlatformPublicKey */.id)(args.platformKeyText) : undefined
        };
    }
    catch (error) {
        if (error instanceof keys/* KeyError */.eN)
            throw keyInputError(error);
        throw error;
    }
}
/** A key error worded with the inputs: which one holds the key, and which one fixes it. */
function keyInputError(error) {
    const input = error.role === 'private' ? 'private_key' : 'platform_public_key';
    switch (error.problem) {
        case 'format_mismatch': {
            const { declared = 'auto', found = 'auto', foundText = 'another format' } = error.formats ?? {};
            return new input_error/* InputError */.d(`private_key_format is ${declared}, but private_key holds ${foundText}: set private_key_format to ${found} or auto`);
        }
        case 'passphrase_missing':
            return new input_error/* InputError */.d('the private key is encrypted: set private_key_passphrase');
        case 'passphrase_wrong':
            return new input_error/* InputError */.d('private_key could not be decrypted with private_key_passphrase: check the passphrase');
        case 'unusable':
            return new input_error/* InputError */.d(`${input} ${error.says}`);
    }
}


/***/ }),

/***/ 5535:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   ZN: () => (/* binding */ yamlNeeded),
/* harmony export */   hN: () => (/* binding */ parseYaml),
/* harmony export */   tF: () => (/* binding */ yamlLoaded),
/* harmony export */   yv: () => (/* binding */ loadYaml),
/* harmony export */   z0: () => (/* binding */ yamlErrorPlace)
/* harmony export */ });
/* harmony import */ var _engine_inputs_index_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(4448);

/**
 * The YAML parser, loaded on demand. It is half of what dist/index.js would hold, so the bundle keeps it
 * in a chunk of its own that a step loads only when an input holds YAML (see yamlNeeded): a detail, stop
 * or create without a body never pays for it.
 */
let yaml;
async function loadYaml() {
    yaml ??= await __nccwpck_require__.e(/* import() */ 637).then(__nccwpck_require__.t.bind(__nccwpck_require__, 6637, 19));
}
function yamlLoaded() {
    return yaml !== undefined;
}
/** Parses YAML (JSON is YAML), integers as bigints; loadYaml() must have run. */
function parseYaml(text) {
    if (yaml === undefined)
        throw new Error('the YAML parser is not loaded: await loadYaml() first');
    return yaml.parse(text, { intAsBigInt: true });
}
/** Where a YAML parse error is, and its code: never the text around it, which may hold credentials. */
function yamlErrorPlace(error) {
    if (yaml === undefined || !(error instanceof yaml.YAMLParseError))
        return undefined;
    const [start] = error.linePos ?? [];
    return start === undefined ? undefined : { line: start.line, col: start.col, code: error.code };
}
/** The inputs that may hold YAML: mappings, and task_id when it is more than digits, commas and spaces. */
function yamlNeeded(input) {
    return _engine_inputs_index_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUTS */ .mc.some((declared) => !('yaml' in declared)
        ? false
        : declared.yaml === 'text'
            ? input(declared.name).trim() !== ''
            : !/^[\d,\s]*$/.test(input(declared.name)));
}


/***/ }),

/***/ 4463:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   XF: () => (/* binding */ readRegularFile),
/* harmony export */   Yl: () => (/* binding */ appendFiles),
/* harmony export */   aP: () => (/* binding */ createPrivateFile),
/* harmony export */   q1: () => (/* binding */ readPrivateFile),
/* harmony export */   tJ: () => (/* binding */ FileReadError),
/* harmony export */   vs: () => (/* binding */ privateFiles),
/* harmony export */   w9: () => (/* binding */ probeDirectory)
/* harmony export */ });
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3024);
/* harmony import */ var node_fs__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_fs__WEBPACK_IMPORTED_MODULE_0__);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(6760);
/* harmony import */ var node_path__WEBPACK_IMPORTED_MODULE_1___default = /*#__PURE__*/__nccwpck_require__.n(node_path__WEBPACK_IMPORTED_MODULE_1__);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(2589);



/**
 * Creates `path` and writes `content` to it: created here and now (O_EXCL: a file or a link planted there
 * beforehand makes it fail, never redirects it), never through a symbolic link (O_NOFOLLOW), readable and
 * writable by this user alone (0600).
 */
function createPrivateFile(path, content) {
    const flags = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_CREAT | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_EXCL | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW;
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(path, flags, 0o600);
    try {
        writeAll(fd, Buffer.from(content, 'utf8'));
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
    }
}
function writeAll(fd, bytes) {
    for (let written = 0; written < bytes.length;)
        written += (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.writeSync)(fd, bytes, written, bytes.length - written);
}
/**
 * Checks that the files of a run can be made under `parent` now: a directory made there and removed at
 * once, as privateFiles makes its own. Throws the error that stops it (ENOENT, EACCES, EROFS...).
 */
function probeDirectory(parent) {
    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.rmdirSync)((0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdtempSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(parent, '.elastic-deploy-probe-')));
}
/**
 * A place for the files of one run: a new directory under `parent` that only this user can enter (0700),
 * made on first use, in which each file is made anew (see createPrivateFile). With `flat`, the names
 * the run took so far (`parent` is the run's own directory: the command line's), each file goes straight
 * in `parent` under its own name (job-1962287.log), which an artifact glob can collect; a name the run
 * took already (its cleanup writes beside it) gets -2, -3... before its extension, and a file of that
 * name an earlier run left there is replaced.
 */
function privateFiles(parent, flat) {
    let dir;
    let made = 0;
    return (name, content) => {
        if (flat !== undefined) {
            const times = (flat.get(name) ?? 0) + 1;
            flat.set(name, times);
            const extension = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.extname)(name);
            const stable = times === 1 ? name : `${name.slice(0, name.length - extension.length)}-${times}${extension}`;
            const path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(parent(), stable);
            // Unlinked, never followed: a link planted under that name goes, and the new file is made anew.
            try {
                (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.unlinkSync)(path);
            }
            catch (error) {
                if (error.code !== 'ENOENT')
                    throw error;
            }
            createPrivateFile(path, content);
            return path;
        }
        dir ??= (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.mkdtempSync)((0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(parent(), 'elastic-deploy-'));
        const path = (0,node_path__WEBPACK_IMPORTED_MODULE_1__.join)(dir, `${++made}-${name}`);
        createPrivateFile(path, content);
        return path;
    };
}
/**
 * A place for the files a step appends to as it goes (a job's log, a bulk step's answers): a new directory
 * under `parent` (or `parent` itself, `flat`), as privateFiles makes, and in it a new file per call (see createPrivateFile), each write
 * appended. The file is opened at its first write (never through a link) and kept open until it is
 * closed: a bulk step appends to its files hundreds of times.
 */
function appendFiles(parent, flat) {
    const files = privateFiles(parent, flat);
    return (name) => {
        const path = files(name, '');
        let fd;
        return {
            path,
            append: (text) => {
                fd ??= (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(path, node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_WRONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_APPEND | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW);
                writeAll(fd, Buffer.from(text, 'utf8'));
            },
            close: () => {
                if (fd !== undefined)
                    (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
                fd = undefined;
            }
        };
    };
}
/** A file that was not read: not a regular file (`ENOTREG`), or larger than allowed (`EFBIG`). */
class FileReadError extends Error {
    code;
    size;
    constructor(message, code, 
    /** The file's size, for EFBIG. */
    size) {
        super(message);
        this.code = code;
        this.size = size;
        this.name = 'FileReadError';
    }
}
/**
 * Reads a regular file, at most `maxBytes`: opened without blocking (a named pipe must not hang the
 * process), checked to be a regular file (not /dev/zero) and its size checked before a byte is read.
 * `followLinks: false` refuses a symbolic link (ELOOP), for a file this tool wrote itself.
 */
function readRegularFile(path, maxBytes, followLinks = true) {
    const flags = node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_RDONLY | node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NONBLOCK | (followLinks ? 0 : node_fs__WEBPACK_IMPORTED_MODULE_0__.constants.O_NOFOLLOW);
    const fd = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.openSync)(path, flags);
    try {
        const stat = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.fstatSync)(fd);
        if (!stat.isFile())
            throw new FileReadError(`${path} is not a regular file`, 'ENOTREG');
        if (stat.size > maxBytes)
            throw new FileReadError(`${path} is ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_2__/* .formatSize */ .Xq)(stat.size)}, over the ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_2__/* .formatSize */ .Xq)(maxBytes)} it may hold`, 'EFBIG', stat.size);
        const buffer = Buffer.alloc(stat.size);
        let read = 0;
        while (read < stat.size) {
            const n = (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.readSync)(fd, buffer, read, stat.size - read, read);
            if (n === 0)
                break;
            read += n;
        }
        return buffer.subarray(0, read).toString('utf8');
    }
    finally {
        (0,node_fs__WEBPACK_IMPORTED_MODULE_0__.closeSync)(fd);
    }
}
/** Reads a file this tool wrote (a saved configuration): see readRegularFile, never through a link. */
function readPrivateFile(path, maxBytes) {
    return readRegularFile(path, maxBytes, false);
}


/***/ }),

/***/ 4328:
/***/ ((module, __unused_webpack___webpack_exports__, __nccwpck_require__) => {

__nccwpck_require__.a(module, async (__webpack_handle_async_dependencies__, __webpack_async_result__) => { try {
/* harmony import */ var _action_github_host_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(4483);
/* harmony import */ var _action_main_step_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(8215);


/**
 * On GitHub's runner; or started as the runner starts it, with INPUT_* variables and no argument (a bundle
 * run by hand with `node --env-file=.env dist/index.js`, as CONTRIBUTING.md shows): the action's steps.
 */
const onRunner = process.env.GITHUB_ACTIONS === 'true' ||
    (process.argv.length <= 2 && Object.keys(process.env).some((name) => name.startsWith('INPUT_')));
if (onRunner) {
    // One bundle for both steps: main saves isPost, so the runner hands it back to the post step as state.
    const host = (0,_action_github_host_js__WEBPACK_IMPORTED_MODULE_0__/* .githubHost */ .S)();
    // The post step is a chunk of its own, which the main step never compiles.
    if (host.state('isPost') === 'true')
        await (await Promise.all(/* import() */[__nccwpck_require__.e(197), __nccwpck_require__.e(774), __nccwpck_require__.e(291)]).then(__nccwpck_require__.bind(__nccwpck_require__, 2291))).runPostOnRunner(host);
    else
        await (0,_action_main_step_js__WEBPACK_IMPORTED_MODULE_1__/* .runMain */ .V)(host);
}
else {
    // Outside GitHub Actions no workflow command may be written (::add-mask:: would print the secret it
    // masks): the same engine runs as the command-line tool, elastic-deploy, a chunk the action never loads.
    // One after the other: two imports linked at once that share a module not yet loaded (node:crypto)
    // trip Jest's module linker ("not in cache"); one after the other costs no time worth saving.
    const { runCli } = await __nccwpck_require__.e(/* import() */ 777).then(__nccwpck_require__.bind(__nccwpck_require__, 3777));
    const { nodeIo } = await __nccwpck_require__.e(/* import() */ 664).then(__nccwpck_require__.bind(__nccwpck_require__, 5664));
    process.exitCode = await runCli(nodeIo(process.argv.slice(2)));
}

__webpack_async_result__();
} catch(e) { __webpack_async_result__(e); } }, 1);

/***/ }),

/***/ 9126:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   K: () => (/* binding */ billsOf)
/* harmony export */ });
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2589);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2212);
/* harmony import */ var _task_data_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(8998);



const time = (text) => text === undefined ? undefined : (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .utcTime */ .SK)(text);
/** The records of a billing answer (`{count, results}`); a record without billing_coin is left out. */
function billsOf(data) {
    const records = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data) && Array.isArray(data.results) ? data.results : [];
    return records.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u).flatMap((record) => {
        const billed = (0,_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .numberText */ .$4)(record, 'billing_coin');
        if (billed === undefined)
            return [];
        const text = (field) => typeof record[field] === 'string' ? record[field] : undefined;
        return [
            {
                taskId: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .taskIdOf */ .G6)(record),
                taskName: text('task_name'),
                taskType: text('task_type'),
                // One form for every time the tool prints: RFC 3339 in UTC (the platform writes +08:00).
                start: time(text('start_time')),
                end: time(text('end_time')),
                billed,
                discount: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_2__/* .numberText */ .$4)(record, 'discount_coin') ?? '0'
            }
        ];
    });
}


/***/ }),

/***/ 5619:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  OW: () => (/* binding */ ApiClient),
  wX: () => (/* binding */ TransportError)
});

// UNUSED EXPORTS: ResponseTooLargeError

;// CONCATENATED MODULE: external "node:http"
const external_node_http_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:http");
;// CONCATENATED MODULE: external "node:https"
const external_node_https_namespaceObject = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:https");
// EXTERNAL MODULE: ../node_modules/@actions/http-client/lib/proxy.js
var proxy = __nccwpck_require__(3689);
// EXTERNAL MODULE: ./basics/units.ts
var units = __nccwpck_require__(2589);
;// CONCATENATED MODULE: ./platform/client.ts




/** The request got no HTTP answer: refused, reset, timed out, cancelled, or a TLS failure. */
class TransportError extends Error {
    errorCode;
    sent;
    reason;
    constructor(message, errorCode, 
    /** The whole request reached the socket: the server may have acted on it. */
    sent, 
    /** `late`: no answer by the moment the caller needed it (see SendLimits), before request_timeout. */
    reason) {
        super(message);
        this.errorCode = errorCode;
        this.sent = sent;
        this.reason = reason;
        this.name = 'TransportError';
    }
}
/** The answer was larger than the action reads (max_response_size); the request may have had its effect. */
class ResponseTooLargeError extends Error {
    constructor(message) {
        super(message);
        this.name = 'ResponseTooLargeError';
    }
}
const TLS_CODES = new Set([
    'SELF_SIGNED_CERT_IN_CHAIN',
    'DEPTH_ZERO_SELF_SIGNED_CERT',
    'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
    'CERT_HAS_EXPIRED',
    'CERT_NOT_YET_VALID',
    'ERR_TLS_CERT_ALTNAME_INVALID'
]);
class ApiClient {
    /** The agent of requests that no proxy setting names, made on the first. */
    #direct;
    /** The same for http:// URLs (a health check of a service served over plain HTTP), made on the first. */
    #directHttp;
    /** The HttpClient whose agents reach the proxy, made on the first request that goes through one. */
    #proxied;
    #userAgent;
    #timeoutMs;
    #maxResponseBytes;
    #cancel;
    /** The requests in flight, aborted together when the step is cancelled (one listener, not one each). */
    #inFlight = new Set();
    #abortAll = () => {
        for (const request of this.#inFlight)
            request.abort();
    };
    constructor(options) {
        this.#userAgent = options.userAgent;
        this.#timeoutMs = options.timeoutMs;
        this.#maxResponseBytes = options.maxResponseBytes;
        this.#cancel = options.cancel;
        this.#cancel?.addEventListener('abort', this.#abortAll, { once: true });
    }
    async send(request, limits = {}) {
        return this.#sendWith(request, await this.#agentFor(request.url), limits.timeoutMs);
    }
    /**
     * Any request of another API (GitHub's, for the preview steps), under the same rules: proxy, CAs,
     * timeout, cancellation, size bound, no redirect followed.
     */
    async exchange(request) {
        return this.#sendWith(request, await this.#agentFor(request.url));
    }
    /** The agent for a URL: HttpClient's, through the proxy, where the proxy settings say so. */
    async #agentFor(url) {
        const parsed = new URL(url);
        if ((0,proxy/* getProxyUrl */.s)(parsed) === undefined) {
            if (parsed.protocol === 'http:')
                return (this.#directHttp ??= new external_node_http_namespaceObject.Agent({ keepAlive: true }));
            return (this.#direct ??= new external_node_https_namespaceObject.Agent({ keepAlive: true }));
        }
        const { HttpClient } = await __nccwpck_require__.e(/* import() */ 889).then(__nccwpck_require__.bind(__nccwpck_require__, 5889));
        this.#proxied ??= new HttpClient(this.#userAgent, [], { keepAlive: true });
        return this.#proxied.getAgent(url);
    }
    #sendWith(request, agent, neededInMs = Infinity) {
        // The client's user agent, unless the request names its own (GitHub's client adds its own parts).
        const headers = { 'user-agent': this.#userAgent, ...request.headers };
        if (request.method !== 'GET')
            headers['content-length'] = String(Buffer.byteLength(request.body));
        // One controller per request, its timer cleared and its place in #inFlight freed as soon as it settles.
        const abort = new AbortController();
        // The caller's limit, when it comes first, makes a request with no answer by then a late one.
        const late = neededInMs < this.#timeoutMs;
        let timedOut = false;
        const timer = setTimeout(() => {
            timedOut = true;
            abort.abort();
        }, Math.max(0, Math.min(neededInMs, this.#timeoutMs)));
        this.#inFlight.add(abort);
        if (this.#cancel?.aborted === true)
            abort.abort();
        const settle = () => {
            clearTimeout(timer);
            this.#inFlight.delete(abort);
        };
        return new Promise((resolve, reject) => {
            let sent = false;
            const fail = (error) => {
                settle();
                reject(this.#transportError(request, error, sent, timedOut ? (late ? 'late' : 'timeout') : undefined));
            };
            // The API is https:// only (base_url is checked); a health check may be http://.
            const send = request.url.startsWith('http:') ? external_node_http_namespaceObject.request : external_node_https_namespaceObject.request;
            const outgoing = send(request.url, { method: request.method, headers, agent, signal: abort.signal }, (response) => {
                this.#read(request, response, {
                    settle,
                    resolve,
                    fail,
                    tooLarge: (error) => {
                        settle();
                        outgoing.destroy();
                        reject(error);
                    }
                });
            });
            outgoing.on('finish', () => {
                sent = true;
            });
            outgoing.on('error', fail);
            outgoing.end(request.body === '' ? undefined : request.body);
        });
    }
    /** Reads an answer up to max_response_size: a larger one is not read, and fails the request. */
    #read(request, response, done) {
        const chunks = [];
        let size = 0;
        const tooLarge = () => {
            done.tooLarge(new ResponseTooLargeError(`${request.method} ${request.target} answered more than ${(0,units/* formatSize */.Xq)(this.#maxResponseBytes)} (max_response_size): the answer was not read; raise max_response_size if an answer that large is expected`));
        };
        if (Number(response.headers['content-length'] ?? 0) > this.#maxResponseBytes) {
            tooLarge();
            return;
        }
        response.on('data', (chunk) => {
            size += chunk.length;
            if (size > this.#maxResponseBytes)
                tooLarge();
            else
                chunks.push(chunk);
        });
        response.on('error', done.fail);
        response.on('end', () => {
            done.settle();
            done.resolve({
                status: response.statusCode ?? 0,
                headers: response.headers,
                body: Buffer.concat(chunks).toString('utf8')
            });
        });
    }
    /**
     * GETs a URL that is not the API (a health check): http:// or https://, no API headers, the same proxy,
     * CA and TLS rules, timeout and size bound. Answers the HTTP status.
     */
    async probe(url) {
        const { pathname, search } = new URL(url);
        const target = `${pathname}${search}`;
        const answer = await this.send({ method: 'GET', url, target, headers: {}, body: '', encrypted: false });
        return answer.status;
    }
    dispose() {
        this.#cancel?.removeEventListener('abort', this.#abortAll);
        this.#direct?.destroy();
        this.#directHttp?.destroy();
        this.#proxied?.dispose();
    }
    #transportError(request, error, sent, timedOut) {
        const code = error.code;
        const what = `${request.method} ${request.target} got no answer`;
        if (timedOut === 'late')
            return new TransportError(`${what} by the moment it was needed`, 'ETIMEDOUT', sent, 'late');
        if (timedOut === 'timeout') {
            return new TransportError(`${what} within ${(0,units/* formatDuration */.a3)(this.#timeoutMs)} (request_timeout)`, 'ETIMEDOUT', sent, 'timeout');
        }
        if (this.#cancel?.aborted === true)
            return new TransportError(`${what}: the step was cancelled`, code, sent, 'cancelled');
        if (code !== undefined && TLS_CODES.has(code)) {
            return new TransportError(`${what}: ${error.message}: the server certificate is not trusted; for a private CA, set NODE_EXTRA_CA_CERTS to its PEM file`, code, sent, 'tls');
        }
        return new TransportError(`${what}: ${error.message}`, code, sent, 'network');
    }
}


/***/ }),

/***/ 3035:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Hs: () => (/* binding */ serverRetryDelay),
/* harmony export */   Uc: () => (/* binding */ describeError),
/* harmony export */   Zt: () => (/* binding */ TaskNotFoundError),
/* harmony export */   bR: () => (/* binding */ transientReason),
/* harmony export */   or: () => (/* binding */ retryIfTransient),
/* harmony export */   ux: () => (/* binding */ rateLimitedOrNeverSent),
/* harmony export */   vQ: () => (/* binding */ neverSent),
/* harmony export */   vu: () => (/* binding */ isRefusal)
/* harmony export */ });
/* harmony import */ var _client_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(5619);
/* harmony import */ var _protocol_envelope_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(3421);
/* harmony import */ var _retry_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(1460);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(9817);




const RETRIED_STATUSES = new Set([429, 500, 502, 503, 504]);
/** Why a failed request may succeed if sent again, or undefined when it would fail the same way. */
function transientReason(error) {
    if (error instanceof _client_js__WEBPACK_IMPORTED_MODULE_0__/* .TransportError */ .wX) {
        if (error.reason === 'tls' || error.reason === 'cancelled')
            return undefined;
        if (error.reason === 'late')
            return 'no answer by the moment it was needed';
        return error.reason === 'timeout'
            ? 'no answer within request_timeout'
            : (error.errorCode ?? 'a network error');
    }
    if (error instanceof _protocol_envelope_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .h) {
        if (RETRIED_STATUSES.has(error.httpStatus))
            return `HTTP ${error.httpStatus}`;
        if (error.httpStatus === 200 && error.body === 'not_envelope')
            return 'an answer that is not JSON';
    }
    return undefined;
}
/**
 * Whether the platform refused the request: an envelope with a code other than 0000, and nothing that may
 * pass if sent again. What the refusal did (or did not do) is for the task's state to say, never its code.
 */
function isRefusal(error) {
    return error instanceof _protocol_envelope_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .h && error.body === 'envelope' && transientReason(error) === undefined;
}
/**
 * Whether a failed request certainly had no effect: it was never fully sent. An answer, a 429 included,
 * proves nothing of what the platform did (a create answered 429 was seen to land seconds later).
 */
function neverSent(error) {
    return error instanceof _client_js__WEBPACK_IMPORTED_MODULE_0__/* .TransportError */ .wX && !error.sent;
}
/** Rate limited (HTTP 429), or never fully sent: what a request that makes nothing billing may be sent again after. */
function rateLimitedOrNeverSent(error) {
    return (error instanceof _protocol_envelope_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .h && error.httpStatus === 429) || neverSent(error);
}
/** The delay the server asked for with Retry-After, if it did. */
function serverRetryDelay(error, localNow) {
    return error instanceof _protocol_envelope_js__WEBPACK_IMPORTED_MODULE_1__/* .ApiError */ .h ? (0,_retry_js__WEBPACK_IMPORTED_MODULE_2__/* .retryAfterMs */ .Vs)(error.retryAfter, error.serverDate, localNow) : undefined;
}
/** Retry a failure that may pass, after the delay the server asked for if it did. */
function retryIfTransient(error, localNow) {
    const reason = transientReason(error);
    return reason === undefined
        ? { retry: false }
        : { retry: true, reason, serverDelayMs: serverRetryDelay(error, localNow) };
}
/** An explicit operation on a task that the platform refused, and that no task search of any status lists. */
class TaskNotFoundError extends Error {
    taskId;
    constructor(taskId, cause) {
        const said = (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(cause.description ?? '', 200);
        const id = cause.requestId === undefined ? '' : `; request id ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(cause.requestId, 80)}`;
        super(`task ${taskId} not found: the platform refused (code ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_3__/* .sanitize */ .aj)(cause.code ?? '', 40)}${said === '' ? '' : `: ${said}`}${id}), and no task search of any status lists it`);
        this.taskId = taskId;
        this.name = 'TaskNotFoundError';
    }
}
function describeError(error) {
    return error instanceof Error ? error.message : String(error);
}


/***/ }),

/***/ 5786:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   RN: () => (/* binding */ sumPoints),
/* harmony export */   SZ: () => (/* binding */ spentYuan),
/* harmony export */   YL: () => (/* binding */ compareDecimals),
/* harmony export */   aR: () => (/* binding */ readablePoints),
/* harmony export */   o$: () => (/* binding */ readableYuan),
/* harmony export */   xU: () => (/* binding */ yuanOf)
/* harmony export */ });
/**
 * The platform counts money in points: 1 yuan = 1,000,000 points (its reference, suanli-deployment
 * SKILL.md). Amounts are kept as the decimal text the platform wrote and added exactly, so a yuan figure
 * never drifts by a float's rounding.
 */
const YUAN_DIGITS = 6;
const DECIMAL = /^-?\d+(?:\.\d+)?$/;
function decimal(text) {
    if (!DECIMAL.test(text))
        return undefined;
    const [whole, fraction = ''] = text.split('.');
    return { units: BigInt(`${whole}${fraction}`), scale: fraction.length };
}
function rescale(value, scale) {
    return value.units * 10n ** BigInt(scale - value.scale);
}
/** Points as written by the platform ("6710400", "12.5"), summed exactly; undefined for anything else. */
function sumPoints(amounts) {
    const values = amounts.map(decimal);
    if (values.some((value) => value === undefined))
        return undefined;
    const parsed = values;
    const scale = Math.max(0, ...parsed.map((value) => value.scale));
    const total = parsed.reduce((sum, value) => sum + rescale(value, scale), 0n);
    return format({ units: total, scale });
}
/**
 * How two decimal numbers compare, exactly: negative when `a` is less, 0 when equal, positive when more.
 * Undefined when either is not decimal text.
 */
function compareDecimals(a, b) {
    const [x, y] = [decimal(a), decimal(b)];
    if (x === undefined || y === undefined)
        return undefined;
    const scale = Math.max(x.scale, y.scale);
    const difference = rescale(x, scale) - rescale(y, scale);
    return difference < 0n ? -1 : difference > 0n ? 1 : 0;
}
/**
 * Points as yuan, exact, with at least six decimals (one point is 0.000001 yuan): "6710400" gives
 * "6.710400", "550" gives "0.000550". Undefined when the text is not a decimal number.
 */
function yuanOf(points) {
    const value = decimal(points);
    if (value === undefined)
        return undefined;
    const scale = value.scale + YUAN_DIGITS;
    return format({ units: value.units, scale: Math.max(scale, YUAN_DIGITS) });
}
/** What a task has cost so far, in yuan: billed (billing_value) plus used and not billed yet (forecast_value). */
function spentYuan(billed, unbilled) {
    if (billed === undefined && unbilled === undefined)
        return undefined;
    const points = sumPoints([billed ?? '0', unbilled ?? '0']);
    return points === undefined ? undefined : yuanOf(points);
}
/** A fen, the smallest sum a person is shown: 0.01 yuan. */
const FEN_DIGITS = 2;
/**
 * Yuan as a person reads it, everywhere a person reads money (the log, progress lines, the job summary,
 * tables, the preview comment): to the fen, rounded half away from zero ("6.710400" gives "6.71 yuan"),
 * and any sum above nothing but under a fen "less than 0.01 yuan" (never rounded up to a fen, nor a bare
 * "0.00"). The exact figure stays in the outputs and the JSON. Undefined when the text is not a decimal
 * number.
 */
function readableYuan(yuan) {
    const value = decimal(yuan);
    if (value === undefined)
        return undefined;
    if (value.units !== 0n && underAFen(value))
        return value.units < 0n ? 'more than -0.01 yuan' : 'less than 0.01 yuan';
    const scaled = value.scale <= FEN_DIGITS ? rescale(value, FEN_DIGITS) : roundAway(value, FEN_DIGITS);
    return `${format({ units: scaled, scale: FEN_DIGITS })} yuan`;
}
/** Points (1,000,000 a yuan) as a person reads them (see readableYuan); text that is no number, as points. */
function readablePoints(points) {
    const yuan = yuanOf(points);
    return (yuan === undefined ? undefined : readableYuan(yuan)) ?? `${points} points`;
}
/** Whether the decimal, whatever its sign, is less than a fen. */
function underAFen(value) {
    const scale = Math.max(value.scale, FEN_DIGITS);
    const magnitude = value.units < 0n ? -value.units : value.units;
    return (rescale({ units: magnitude, scale: value.scale }, scale) <
        rescale({ units: 1n, scale: FEN_DIGITS }, scale));
}
/** The decimal at `scale` digits (fewer than its own), rounded half away from zero. */
function roundAway(value, scale) {
    const divisor = 10n ** BigInt(value.scale - scale);
    const magnitude = value.units < 0n ? -value.units : value.units;
    const rounded = (magnitude + divisor / 2n) / divisor;
    return value.units < 0n ? -rounded : rounded;
}
function format(value) {
    const negative = value.units < 0n;
    const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
    const whole = digits.slice(0, digits.length - value.scale);
    const fraction = digits.slice(digits.length - value.scale);
    return `${negative ? '-' : ''}${whole}${fraction === '' ? '' : `.${fraction}`}`;
}


/***/ }),

/***/ 965:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ad: () => (/* binding */ nodePending),
/* harmony export */   Mz: () => (/* binding */ containersOf),
/* harmony export */   f2: () => (/* binding */ nodeEnded),
/* harmony export */   gF: () => (/* binding */ fieldText),
/* harmony export */   me: () => (/* binding */ nodeFailed),
/* harmony export */   oL: () => (/* binding */ nodeRunning),
/* harmony export */   wN: () => (/* binding */ restartsOf)
/* harmony export */ });
/* unused harmony export nodeStatusOf */
/* harmony import */ var lossless_json__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3201);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2212);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(9817);



/**
 * What the platform's node list says of a node (suanli-deployment/api/node-list.md: point_id, name,
 * status, region, resource, containers, describe_dto), as task-data.ts is for tasks: its status words,
 * its containers and their restarts, read from the fields alone. A node (a job's pod) is Pending while it
 * is scheduled, pulls its image and starts; Running; and once it no longer runs Succeeded, Failed or End
 * (the list may show it so for a while).
 */
/** The statuses of a node that no longer runs: its containers exited (Succeeded, Failed) or it was removed. */
const ENDED_NODE_STATUSES = ['Succeeded', 'Failed', 'End'];
/** A node's status word, as short safe text; undefined when it has none. */
function nodeStatusOf(node) {
    return fieldText(node.status);
}
/** Whether the node is scheduled, pulling its image or starting: not running yet. */
const nodePending = (node) => nodeStatusOf(node) === 'Pending';
/** Whether the node's status says it runs (its containers may still be held back: see heldBackReason). */
const nodeRunning = (node) => nodeStatusOf(node) === 'Running';
/** Whether the node failed: its containers exited with an error (a job's pod), or it will not run. */
const nodeFailed = (node) => nodeStatusOf(node) === 'Failed';
/**
 * Whether the node no longer runs: Succeeded, Failed or End. Every reading of a node's end is this one:
 * its log has no more lines to come, and it is no live node of a task's.
 */
const nodeEnded = (node) => ENDED_NODE_STATUSES.includes(nodeStatusOf(node) ?? '');
/** A node's containers (those that are objects), none when it lists none. */
function containersOf(node) {
    return (Array.isArray(node.containers) ? node.containers : []).filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u);
}
/** The restart count of a node (describe_dto.restart_count) or of a container that carries one. */
function restartsOf(item) {
    const dto = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(item.describe_dto) ? item.describe_dto : {};
    const value = dto.restart_count ?? item.restart_count;
    const n = (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value) ? Number(value.toString()) : value;
    return typeof n === 'number' && Number.isFinite(n) ? n : undefined;
}
/** A field as short, safe text: a string, or a number as written; undefined when absent or empty. */
function fieldText(value) {
    const raw = typeof value === 'string'
        ? value
        : typeof value === 'number' || typeof value === 'bigint' || (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value)
            ? String(value)
            : undefined;
    return raw === undefined || raw.trim() === '' ? undefined : (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_2__/* .sanitize */ .aj)(raw, 80);
}


/***/ }),

/***/ 564:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ objectStoragesOf),
/* harmony export */   o: () => (/* binding */ OBJECT_STORAGE)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2212);
/* harmony import */ var _task_data_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(8998);


/** Where the list is, which type it lists, and the statuses it asks for. */
const OBJECT_STORAGE = {
    path: '/api/storage/get_storage',
    type: 'Juicefs',
    /** Accelerated: the storages a task can mount. */
    mountable: 'Activate',
    /** Set up, not accelerated: asked for only to say why one cannot be mounted. */
    dormant: 'Unactivated'
};
/** The object storages of a list's answer (`results`). */
function objectStoragesOf(data) {
    const results = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) && Array.isArray(data.results) ? data.results : [];
    return results.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u).flatMap((entry) => {
        const id = (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(entry.storage_id);
        if (id === undefined)
            return [];
        const regions = Array.isArray(entry.activate_regions) ? entry.activate_regions.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u) : [];
        return [
            {
                id: String(id),
                name: text(entry.storage_name) ?? '',
                status: text(entry.status),
                active: entry.status === OBJECT_STORAGE.mountable,
                activeRegions: regions.flatMap((r) => typeof r.tag === 'string' ? [{ tag: r.tag, name: text(r.name) }] : []),
                bucket: text(entry.bucket),
                dir: text(entry.dir)
            }
        ];
    });
}
const text = (value) => (typeof value === 'string' ? value : undefined);


/***/ }),

/***/ 9644:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   AS: () => (/* binding */ transferCreateCall),
/* harmony export */   AW: () => (/* binding */ volumeConfigsCall),
/* harmony export */   B: () => (/* binding */ credentialsProbeCall),
/* harmony export */   I: () => (/* binding */ kindOf),
/* harmony export */   I4: () => (/* binding */ sftpDestroyCall),
/* harmony export */   IY: () => (/* binding */ transferCheckCall),
/* harmony export */   Il: () => (/* binding */ transferRetryCall),
/* harmony export */   JE: () => (/* binding */ resourceSearchCall),
/* harmony export */   L$: () => (/* binding */ transferDeleteCall),
/* harmony export */   Mi: () => (/* binding */ billingRecordsCall),
/* harmony export */   PG: () => (/* binding */ cleanupCall),
/* harmony export */   QJ: () => (/* binding */ updateCall),
/* harmony export */   Qf: () => (/* binding */ preheatStopCall),
/* harmony export */   RU: () => (/* binding */ inputsFromFields),
/* harmony export */   T0: () => (/* binding */ objectStorageListCall),
/* harmony export */   UK: () => (/* binding */ changePointsCall),
/* harmony export */   Vl: () => (/* binding */ searchByNameCall),
/* harmony export */   Xc: () => (/* binding */ volumeExpandCall),
/* harmony export */   Xx: () => (/* binding */ preheatRegionsCall),
/* harmony export */   Zd: () => (/* binding */ volumeCreateCall),
/* harmony export */   ap: () => (/* binding */ nodesCall),
/* harmony export */   bU: () => (/* binding */ volumeListCall),
/* harmony export */   cV: () => (/* binding */ detailCall),
/* harmony export */   eW: () => (/* binding */ nodeEventsCall),
/* harmony export */   ef: () => (/* binding */ transferListCall),
/* harmony export */   ez: () => (/* binding */ LISTING_OPERATIONS),
/* harmony export */   fJ: () => (/* binding */ nodeLogCall),
/* harmony export */   gL: () => (/* binding */ callFor),
/* harmony export */   j2: () => (/* binding */ taskKindOf),
/* harmony export */   jj: () => (/* binding */ preheatDetailCall),
/* harmony export */   l6: () => (/* binding */ volumeSummaryCall),
/* harmony export */   ro: () => (/* binding */ transferDetailCall),
/* harmony export */   tU: () => (/* binding */ sftpObtainCall),
/* harmony export */   tc: () => (/* binding */ listRowsOf),
/* harmony export */   uC: () => (/* binding */ preheatCreateCall),
/* harmony export */   vb: () => (/* binding */ deletePodCall),
/* harmony export */   wD: () => (/* binding */ volumeDeleteCall),
/* harmony export */   wO: () => (/* binding */ transferStopCall)
/* harmony export */ });
/* unused harmony exports volumeRenameCall, endpointFor */
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__ = __nccwpck_require__(629);
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(2589);
/* harmony import */ var _protocol_json_js__WEBPACK_IMPORTED_MODULE_5__ = __nccwpck_require__(6539);
/* harmony import */ var _object_storage_data_js__WEBPACK_IMPORTED_MODULE_6__ = __nccwpck_require__(564);
/* harmony import */ var _platform_settings_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(9837);
/* harmony import */ var _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7187);
/* harmony import */ var _input_checks_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(8015);
/* harmony import */ var _operation_table_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(7059);








/**
 * The kind an operation concerns, whichever it is (its row's; a request's is a deployment's, whose detail
 * its wait reads). Any text names an operation here (a state file's, a by-hand command's): another is a
 * deployment's.
 */
function kindOf(settings) {
    return _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .KINDS */ .GW[rowOf(settings.operation)?.kind ?? _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TASK_KINDS */ .Eb.deployment.name];
}
/** The platform's part of an operation's declaration: its row, if it has one (a request has none). */
function rowOf(operation) {
    return Object.hasOwn(_operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL, operation)
        ? _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL[operation]
        : undefined;
}
/** The operations whose answer is a list read as rows (a table, and rows in the JSON), in their order. */
const LISTING_OPERATIONS = _platform_settings_js__WEBPACK_IMPORTED_MODULE_2__/* .OPERATION_NAMES */ .d.filter((operation) => rowOf(operation)?.listRows !== undefined);
/** The rows of a listing operation's answer (its data: the pages read, as one); undefined for any other. */
function listRowsOf(operation, data) {
    return rowOf(operation)?.listRows?.(data);
}
/**
 * The inputs a body or query gives, for an operation: each field its row sets from an input
 * (`fromInputs`) that the body (or the query) carries, as the input's text (see inputsOfFields).
 */
function inputsFromFields(operation, body, query) {
    return (0,_input_checks_js__WEBPACK_IMPORTED_MODULE_3__/* .inputsOfFields */ .C2)(rowOf(operation)?.fromInputs ?? [], body, query);
}
/**
 * The kind of task whose reads, waits, searches and stops a step's operation makes (see
 * TaskKindDescriptor), in the main step and the post step alike: a job's for the Job API's operations, a
 * deployment's for the others. An operation of a kind that is not a task's (a preheat, a volume, a
 * transfer) that asks reads as a deployment's, the task APIs' own default: a preheat's capacity search
 * looks for a deployment's nodes, and a volume step's summary finds no job's run.
 */
function taskKindOf(settings) {
    const kind = kindOf(settings);
    return (0,_task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .isTaskKind */ .Ay)(kind) ? kind : _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TASK_KINDS */ .Eb.deployment;
}
/**
 * The detail call that polls a task while waiting (following any endpoints override of the kind's detail:
 * detail, or job_detail for a job).
 */
function detailCall(settings, taskId) {
    const { detail } = taskKindOf(settings);
    return callFor(settings, detail, _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL[detail], taskId, false);
}
/** One page of a task's node list, which a wait reads to see nodes that fail. */
function nodesCall(settings, taskId, page = 1) {
    const call = callFor(settings, 'nodes', _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL.nodes, taskId, false);
    return { ...call, query: [...call.query, ['page', String(page)], ['page_size', String(_operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .PAGE_SIZE */ .md)]] };
}
/**
 * One page of the billing records of tasks (get_billing_record?task_ids), by the hour from `fromMs` to
 * `toMs`: what max_cost is held to when a task's detail says no cost.
 */
function billingRecordsCall(settings, taskIds, window, page = 1) {
    const billingWindow = {
        range: window.range,
        startTime: (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_4__/* .rfc3339 */ .ag)(window.fromMs),
        endTime: (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_4__/* .rfc3339 */ .ag)(window.toMs)
    };
    const call = callFor({ ...settings, taskIds: [...taskIds], billingWindow }, 'billing', _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL.billing, undefined, false);
    return { ...call, query: [...call.query, ['page', String(page)], ['page_size', String(_operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .PAGE_SIZE */ .md)]] };
}
/** A node's events (GET pod_event?point_id), which a failed wait shows. */
function nodeEventsCall(settings, pointId) {
    return nodeReadCall(settings, '/api/deployment/task/pod_event', [['point_id', pointId]]);
}
/** A service's log on a node (GET point_log?task_id&point_id&service_id), which a failed wait shows. */
function nodeLogCall(settings, taskId, pointId, serviceId) {
    return nodeReadCall(settings, '/api/deployment/task/point_log', [
        ['task_id', taskId],
        ['point_id', pointId],
        ['service_id', serviceId]
    ]);
}
/** A read of the platform's node endpoints, which are no operation of their own: GET, signed, version as set. */
function nodeReadCall(settings, path, query) {
    return {
        operation: 'nodes',
        taskId: undefined,
        endpoint: { method: 'GET', path, encrypt: false, version: settings.apiVersion },
        query,
        body: undefined,
        traits: _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT
    };
}
/**
 * One page of the task search that finds tasks by name (around a create, and in the post step), with
 * the parameters the platform requires in every profile: the statuses that still bill (a job's: Running
 * and Pending; a stopped job reads Paused), unless `statuses` says which (every status, End too, to learn
 * whether a task is gone). An empty name searches every task. A job is searched in the job search.
 */
function searchByNameCall(settings, taskName, page = 1, which = 'active') {
    const kind = taskKindOf(settings);
    const statuses = which === 'active' ? kind.activeStatuses : kind.searchableStatuses;
    const call = callFor(settings, kind.search, _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL[kind.search], undefined, false);
    return {
        ...call,
        query: [
            ...(kind.searchType === undefined ? [] : [['type', kind.searchType]]),
            ['status', statuses.join(',')],
            ...(taskName === '' ? [] : [['search_value', taskName]]),
            ['page', String(page)],
            ['page_size', String(_operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .PAGE_SIZE */ .md)]
        ]
    };
}
/**
 * The resource search a create that picks its resource sends (GET resource/search, both required
 * parameters): the entries of one device type for one task type (Deployment, or Job for a job step, or
 * ImagePreHeat for the nodes of a preheat).
 */
function resourceSearchCall(settings, deviceType, taskType = taskKindOf(settings).taskType) {
    const call = callFor(settings, 'search_resources', _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL.search_resources, undefined, false);
    return {
        ...call,
        query: [
            ['task_type', taskType],
            ['device_type', deviceType]
        ]
    };
}
/**
 * A read every key may send, whatever the task: the resource search of deployment GPUs (as the
 * search_resources operation and its endpoints override send it). Its acceptance proves the key, the
 * clock and the signature; the session sends it once when a request is refused before any was accepted.
 */
function credentialsProbeCall(connection) {
    const spec = _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL.search_resources;
    return {
        operation: 'search_resources',
        taskId: undefined,
        endpoint: endpointFor(connection, 'search_resources', spec),
        query: spec.defaults ?? [],
        body: undefined,
        traits: _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT
    };
}
/** The regions whose clusters an image preheat can warm (GET get_regions). */
function preheatRegionsCall(settings) {
    return preheatCall(settings, 'GET', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .PREHEAT_KIND */ .z0.paths.regions, [], undefined, _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT);
}
/**
 * The create of an image preheat, with the body the flow made (task_name, task_type, services, and
 * regions or resources and points); the endpoint as the preheat operation's row and overrides say.
 */
function preheatCreateCall(settings, body) {
    const call = callFor(settings, 'preheat', _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL.preheat, undefined, false);
    return { ...call, body: { ...call.body, ...body } };
}
/** A preheat's progress (GET detail?task_id). */
function preheatDetailCall(settings, taskId) {
    return preheatCall(settings, 'GET', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .PREHEAT_KIND */ .z0.paths.detail, [['task_id', taskId]], undefined, _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT, taskId);
}
/** The stop of a preheat (POST stop {task_id}): harmless to repeat. */
function preheatStopCall(settings, taskId) {
    return preheatCall(settings, 'POST', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .PREHEAT_KIND */ .z0.paths.stop, [], { task_id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(taskId) }, { ..._operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT, resend: 'repeatable' }, taskId);
}
/** The configurations a volume can be made from (GET pre-create). */
function volumeConfigsCall(settings) {
    return storageCall(settings, 'GET', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .VOLUME_KIND */ .OT.paths.configs, [], undefined, _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT);
}
/** What the tenant's volumes come to (GET summary): their count, sizes, and cost per 10 minutes. */
function volumeSummaryCall(settings) {
    return storageCall(settings, 'GET', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .VOLUME_KIND */ .OT.paths.summary, [], undefined, _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT);
}
/** One page of the tenant's volumes (GET list), of the ids and the statuses given when given. */
function volumeListCall(settings, which = {}) {
    const query = [
        ...(which.ids === undefined ? [] : [['storage_ids', which.ids.join(',')]]),
        ...(which.statuses === undefined ? [] : [['statuses', which.statuses.join(',')]]),
        ['page', String(which.page ?? 1)],
        // The most a page of the list holds (the reference: 100).
        ['page_size', '100']
    ];
    return storageCall(settings, 'GET', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .VOLUME_KIND */ .OT.paths.list, query, undefined, _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT);
}
/**
 * One page of the object storages accelerated for mounts (GET get_storage): of type Juicefs, the only
 * one the reference lists, in the status asked (both parameters required).
 */
function objectStorageListCall(settings, which) {
    const query = [
        ['storage_type', _object_storage_data_js__WEBPACK_IMPORTED_MODULE_6__/* .OBJECT_STORAGE */ .o.type],
        ['status', which.status],
        ['page', String(which.page)],
        ['page_size', String(_operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .PAGE_SIZE */ .md)]
    ];
    return storageCall(settings, 'GET', _object_storage_data_js__WEBPACK_IMPORTED_MODULE_6__/* .OBJECT_STORAGE */ .o.path, query, undefined, _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT);
}
/**
 * The create of a volume of `totalBytes` from a configuration (POST create). Not sent again after an
 * attempt that may have landed: a volume of the name is looked for instead.
 */
function volumeCreateCall(settings, volume) {
    const body = {
        name: volume.name,
        nas_config_id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(volume.configId),
        total_size: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(String(volume.totalBytes))
    };
    return storageCall(settings, 'POST', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .VOLUME_KIND */ .OT.paths.create, [], body, {
        ..._operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT,
        resend: 'until_sent'
    });
}
/** A volume grown to `totalBytes` (POST expand): harmless to repeat, its list shows it. */
function volumeExpandCall(settings, id, totalBytes) {
    const body = { id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(id), total_size: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(String(totalBytes)) };
    return storageCall(settings, 'POST', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .VOLUME_KIND */ .OT.paths.expand, [], body, {
        ..._operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT,
        resend: 'repeatable'
    });
}
/** A volume deleted (POST delete), `force` only as the user set it: harmless to repeat. */
function volumeDeleteCall(settings, id, force = false) {
    const body = { id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(id), force };
    return storageCall(settings, 'POST', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .VOLUME_KIND */ .OT.paths.delete, [], body, {
        ..._operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT,
        resend: 'repeatable'
    });
}
/**
 * A volume given a new name (POST rename {id, name}): harmless to repeat, its list shows the name. The
 * platform takes 1 to 32 characters once trimmed; the name is sent as given (the platform trims it).
 */
function volumeRenameCall(settings, id, name) {
    return storageCall(settings, 'POST', VOLUME_KIND.paths.rename, [], { id: exactInteger(id), name }, { ...READS, resend: 'repeatable' });
}
/**
 * The volume's SFTP session (POST sftp/obtain {storage_id}): the one session of the volume, opened if
 * none is; called again and again while it is Pending. Not a read: it opens a session where none is, so
 * it is sent again only as a change harmless to repeat is (the same session comes back).
 */
function sftpObtainCall(settings, storageId) {
    return storageCall(settings, 'POST', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .VOLUME_KIND */ .OT.paths.sftpObtain, [], { storage_id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(storageId) }, { ..._operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT, resend: 'repeatable' });
}
/** The volume's SFTP session ended, its credentials cleared (POST sftp/destroy {storage_id}): harmless to repeat. */
function sftpDestroyCall(settings, storageId) {
    return storageCall(settings, 'POST', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .VOLUME_KIND */ .OT.paths.sftpDestroy, [], { storage_id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(storageId) }, { ..._operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT, resend: 'repeatable' });
}
/**
 * The connection check of a transfer's object storage (the reference's s3 check, encrypted as the create,
 * its body the bucket and keys the transfer uses): its data.pass decides.
 */
function transferCheckCall(settings, body) {
    const create = transferCreateCall(settings, body);
    return {
        ...create,
        endpoint: { ...create.endpoint, path: _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl.paths.check },
        body: {
            supplier: body.s3_supplier,
            endpoint: body.s3_endpoint,
            ak: body.s3_access_key,
            sk: body.s3_secret_key,
            bucket: body.s3_bucket,
            prefix: body.s3_prefix
        },
        // It changes nothing: sent again whenever a failure may pass.
        traits: _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT
    };
}
/**
 * A transfer's create (POST encrypt/s3/create, encrypted, text/plain), the endpoint as the transfer
 * operation's row and overrides say. Not sent again once it may have been applied.
 */
function transferCreateCall(settings, body) {
    const call = callFor(settings, 'transfer', _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL.transfer, undefined, false);
    return { ...call, operation: settings.operation, body: { ...body } };
}
/** A failed transfer submitted again (POST encrypt/s3/retry, encrypted as the create): a new one is made. */
function transferRetryCall(settings, id, body) {
    const create = transferCreateCall(settings, body);
    return {
        ...create,
        endpoint: { ...create.endpoint, path: _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl.paths.retry },
        body: { id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(id), ...body }
    };
}
/** A transfer's detail (GET s3/detail?id=). */
function transferDetailCall(settings, id) {
    return storageCall(settings, 'GET', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl.paths.detail, [['id', id]], undefined, _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT);
}
/** One page of the transfers (GET s3/list), of a volume and of statuses when given. */
function transferListCall(settings, which = {}) {
    const query = [
        ...(which.storageId === undefined ? [] : [['storage_id', which.storageId]]),
        ...(which.statuses === undefined ? [] : [['statuses', which.statuses.join(',')]]),
        ['page', String(which.page ?? 1)],
        ['page_size', '100']
    ];
    return storageCall(settings, 'GET', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl.paths.list, query, undefined, _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT);
}
/** A transfer stopped (POST s3/stop {id}): harmless to repeat; only a Running one can be. */
function transferStopCall(settings, id) {
    return storageCall(settings, 'POST', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl.paths.stop, [], { id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(id) }, {
        ..._operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT,
        resend: 'repeatable'
    });
}
/** A transfer deleted (POST s3/delete {id}): any status, again and again; how a queued one is ended. */
function transferDeleteCall(settings, id) {
    return storageCall(settings, 'POST', _task_kinds_js__WEBPACK_IMPORTED_MODULE_0__/* .TRANSFER_KIND */ .bl.paths.delete, [], { id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(id) }, {
        ..._operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT,
        resend: 'repeatable'
    });
}
/** A call of the cluster storage endpoints, for the step's operation: signed, version as set, never encrypted. */
function storageCall(settings, method, path, query, body, traits) {
    return {
        operation: settings.operation,
        taskId: undefined,
        endpoint: { method, path, encrypt: false, version: settings.apiVersion },
        query,
        body,
        traits
    };
}
/** A call of the preheat endpoints besides the create: signed, version as set, never encrypted. */
function preheatCall(settings, method, path, query, body, traits, taskId) {
    return {
        operation: 'preheat',
        taskId,
        endpoint: { method, path, encrypt: false, version: settings.apiVersion },
        query,
        body,
        traits
    };
}
/** An update of a task: the whole configuration, as its detail gave it and changed (POST update). */
function updateCall(settings, taskId, configuration) {
    const call = callFor(settings, 'update', _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL.update, taskId, false);
    return { ...call, body: configuration };
}
/** The deletion of one node of a task (POST delete_pod {point_id}): the platform schedules another. */
function deletePodCall(settings, taskId, pointId) {
    const call = callFor(settings, 'replace_node', _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL.replace_node, taskId, false);
    return { ...call, body: { point_id: (0,_protocol_json_js__WEBPACK_IMPORTED_MODULE_5__/* .exactInteger */ .i7)(pointId) } };
}
/** A change_points {task_id, points} alone: how a scale up whose new nodes fail is set back. */
function changePointsCall(settings, taskId, points) {
    return callFor({ ...settings, points }, 'change_points', _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL.change_points, taskId, false);
}
/** The call the post step makes to stop or pause a task this step created. */
function cleanupCall(settings, taskId, action) {
    const kind = taskKindOf(settings);
    const operation = action === 'stop' ? kind.stop : kind.pause;
    // The Job API has a stop and no pause.
    if (operation === undefined)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__/* .InputError */ .d(`task ${taskId} is a ${kind.name}, which cannot be paused: stop it instead`);
    return callFor(settings, operation, _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL[operation], taskId, false);
}
function callFor(settings, operation, spec, taskId, withInputs = true) {
    const endpoint = endpointFor(settings, operation, spec);
    const traits = {
        resend: spec.resend ?? _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT.resend,
        answers: spec.answers ?? _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT.answers,
        alreadyDone: spec.alreadyDone ?? _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT.alreadyDone,
        appliesTo: spec.appliesTo ?? _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT.appliesTo,
        check: spec.check ?? _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .READS */ .yT.check,
        ...(spec.pages === true ? { pages: true } : {}),
        ...(spec.readFirst === true ? { readFirst: true } : {})
    };
    const fields = spec.fields(settings, taskId);
    const given = { body: withInputs ? settings.body : {}, query: withInputs ? settings.query : [] };
    checkInputs(operation, spec, settings, { fields, ...given, withInputs });
    // What the body or query says again of the operation's own fields goes once, as the field says it.
    const body = Object.fromEntries(Object.entries(given.body).filter(([name]) => !(name in fields)));
    const query = given.query.filter(([name]) => !(name in fields));
    if (endpoint.method === 'GET') {
        if (Object.keys(body).length > 0) {
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__/* .InputError */ .d(`body is set, but ${operation} is a GET and sends no body: put parameters in query instead`);
        }
        const fieldQuery = Object.entries(fields).map(([name, value]) => [name, String(value)]);
        const defaults = (spec.defaults ?? []).filter(([name]) => !query.some(([key]) => key === name));
        return {
            operation,
            taskId,
            endpoint,
            query: [...fieldQuery, ...defaults, ...query],
            body: undefined,
            traits
        };
    }
    const sent = { ...fields, ...body };
    return {
        operation,
        taskId,
        endpoint,
        query,
        body: withInputs && spec.completeBody !== undefined ? spec.completeBody(sent, settings) : sent,
        traits
    };
}
/** Where the operation sends: its endpoint in the profile, with any endpoints override, checked as a whole. */
function endpointFor(settings, operation, spec) {
    const override = operation === 'request' ? {} : (settings.endpoints[operation] ?? {});
    const { version = settings.apiVersion, ...where } = override;
    const live = settings.apiProfile === 'live';
    const profiled = live ? { ...spec.endpoint, ...spec.live } : spec.endpoint;
    const endpoint = { ...profiled, ...where, version };
    // The platform's reference takes every encrypted body as text/plain (its S3 check, a transfer's create
    // and retry), as its scripts send one; the interface spec keeps application/json (5.4).
    if (live && endpoint.encrypt)
        endpoint.contentType ??= 'text/plain';
    checkEndpoint(operation, endpoint, spec, where);
    const { credentials } = settings;
    if (endpoint.encrypt && (credentials.mode !== 'rsa' || credentials.platformPublicKey === undefined)) {
        // A plain form of the same operation exists in the live profile: that is the fix for a token-mode key.
        const plainInLive = spec.live?.encrypt === false && settings.apiProfile !== 'live';
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__/* .InputError */ .d(plainInLive
            ? `${operation} sends an encrypted body in api_profile ${settings.apiProfile}, which needs an RSA-mode key and platform_public_key: set api_profile: live, where ${operation} sends a plain signed body that token-mode keys can send, or set private_key and platform_public_key`
            : `${operation} needs an RSA-mode key and platform_public_key: it sends an encrypted body, so set private_key and platform_public_key (token-mode keys cannot encrypt)`);
    }
    return endpoint;
}
/** A value an error names: a short JSON form. */
function describeValue(value) {
    const text = typeof value === 'string'
        ? JSON.stringify(value)
        : JSON.stringify(value, (_, v) => (typeof v === 'bigint' ? String(v) : v));
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
/** The body and query inputs against the operation's own fields: nothing said twice differently, nothing missing. */
function checkInputs(operation, spec, settings, given) {
    const { fields, body, query } = given;
    if (spec.bodyRequired === true && Object.keys(body).length === 0) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__/* .InputError */ .d(`body is empty, but ${operation} needs the storage fields: set body to ${_input_checks_js__WEBPACK_IMPORTED_MODULE_3__/* .STORAGE_FIELDS */ ._t[settings.apiProfile].join(', ')}`);
    }
    // The same value in both is no conflict (a body copied from the reference); a different one is.
    for (const [name, own] of Object.entries(fields)) {
        if (name in body && !(0,_input_checks_js__WEBPACK_IMPORTED_MODULE_3__/* .sameFieldValue */ .E4)(own, body[name]))
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__/* .InputError */ .d(`body sets ${name} ${describeValue(body[name])}, ${(0,_input_checks_js__WEBPACK_IMPORTED_MODULE_3__/* .ownedBy */ .LW)(name, own)}`);
        const inQuery = query.find(([key]) => key === name);
        if (inQuery !== undefined && !(0,_input_checks_js__WEBPACK_IMPORTED_MODULE_3__/* .sameFieldValue */ .E4)(own, inQuery[1]))
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__/* .InputError */ .d(`query sets ${name} ${describeValue(inQuery[1])}, ${(0,_input_checks_js__WEBPACK_IMPORTED_MODULE_3__/* .ownedBy */ .LW)(name, own)}`);
    }
    for (const name of (0,_input_checks_js__WEBPACK_IMPORTED_MODULE_3__/* .fieldsLeftOut */ .HE)(rowOf(operation)?.fromInputs ?? [], fields, given)) {
        const where = name in body ? 'body' : 'query';
        const value = name in body ? body[name] : query.find(([key]) => key === name)?.[1];
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__/* .InputError */ .d(`${where} sets ${name} ${describeValue(value)}, ${(0,_input_checks_js__WEBPACK_IMPORTED_MODULE_3__/* .ownedBy */ .LW)(name, undefined)}`);
    }
    const checked = given.withInputs ? spec.checkBody?.(body, settings) : undefined;
    if (checked?.ok === false)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__/* .InputError */ .d(checked.problem);
}
/**
 * The endpoint an override leaves, checked as a whole: a GET carries no body, so it can neither be
 * encrypted nor carry the body an operation needs.
 */
function checkEndpoint(operation, endpoint, spec, override) {
    if (endpoint.method !== 'GET' || (!endpoint.encrypt && spec.bodyRequired !== true))
        return;
    const what = endpoint.encrypt ? 'an encrypted body' : 'its body';
    const fix = override.encrypt === undefined && endpoint.encrypt
        ? `remove method, or set encrypt: false as well if the endpoint takes ${operation} unencrypted`
        : 'remove method';
    throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_7__/* .InputError */ .d(`endpoints.${operation} sets method GET, but ${operation} sends ${what}, which only a POST carries: ${fix}`);
}


/***/ }),

/***/ 8015:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $D: () => (/* binding */ serviceFields),
/* harmony export */   Bq: () => (/* binding */ jobFields),
/* harmony export */   C2: () => (/* binding */ inputsOfFields),
/* harmony export */   E4: () => (/* binding */ sameFieldValue),
/* harmony export */   FF: () => (/* binding */ storageFields),
/* harmony export */   HE: () => (/* binding */ fieldsLeftOut),
/* harmony export */   LW: () => (/* binding */ ownedBy),
/* harmony export */   Pj: () => (/* binding */ estimatedExecSec),
/* harmony export */   _t: () => (/* binding */ STORAGE_FIELDS),
/* harmony export */   mw: () => (/* binding */ required),
/* harmony export */   tu: () => (/* binding */ resourceMarks)
/* harmony export */ });
/* harmony import */ var _basics_check_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(4942);
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(629);
/* harmony import */ var lossless_json__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3201);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2212);
/* harmony import */ var _task_data_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(8998);





/** The input an operation's own field comes from, for an error that says where to set it. */
const FIELD_INPUTS = {
    task_id: 'task_id',
    task_name: 'task_name',
    points: 'points',
    status: 'task_status',
    range: 'billing_range',
    start_time: 'billing_start',
    end_time: 'billing_end',
    task_ids: 'task_id',
    sub_type: 'job_type',
    search_value: 'task_name'
};
/**
 * Fields whose value is not the input's text, and the input's value each stands for: a job's sub_type is
 * Spot for job_type spot, and null (the reference: "null or absent is an on-demand job") for on_demand.
 * A value that stands for none is not taken (the checks refuse it).
 */
const AS_INPUT = {
    sub_type: (value) => (value === 'Spot' ? 'spot' : value === null ? 'on_demand' : undefined)
};
/**
 * The fields an operation sets from an input that a body or query carries while the operation, as its
 * inputs say, leaves them out (a job's sub_type "Spot", with job_type on_demand): each one a conflict. A
 * field the body sets to null says what leaving it out says (the reference's job example: sub_type null).
 */
function fieldsLeftOut(fromInputs, fields, given) {
    return fromInputs.filter((field) => !(field in fields) &&
        ((field in given.body && given.body[field] !== null) || given.query.some(([name]) => name === field)));
}
/** A field's value as an input's text: a scalar as written, a list comma-separated; undefined for a mapping. */
function asInputText(value) {
    if (Array.isArray(value))
        return value.every((item) => !(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(item) && !Array.isArray(item)) ? value.join(',') : undefined;
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint')
        return String(value);
    // A number read exactly (a LosslessNumber) writes itself as its digits.
    return (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value) ? value.toString() : undefined;
}
/**
 * The inputs a body or query gives, for an operation: each field it sets from an input (FIELD_INPUTS)
 * that the body (or the query) carries, as the input's text. The caller takes one only where the input
 * itself is empty; both set must agree (see sameFieldValue).
 */
function inputsOfFields(fromInputs, body, query) {
    const found = new Map();
    for (const field of fromInputs) {
        const input = FIELD_INPUTS[field];
        if (input === undefined)
            continue;
        const asInput = AS_INPUT[field] ?? asInputText;
        const value = query.find(([name]) => name === field)?.[1] ?? (field in body ? asInput(body[field]) : undefined);
        if (value !== undefined && value.trim() !== '')
            found.set(input, value.trim());
    }
    return found;
}
/** Whether a field the body or query sets says what the operation's own field says (spaces after commas aside). */
function sameFieldValue(own, given) {
    const text = (value) => asInputText(value)
        ?.replace(/\s*,\s*/g, ',')
        .trim();
    const mine = text(own);
    return mine !== undefined && mine === text(given);
}
/** Why a field the body or query sets differently is refused, and the fix. */
function ownedBy(field, own) {
    const input = FIELD_INPUTS[field];
    const says = (AS_INPUT[field] ?? asInputText)(own) ?? '';
    if (input === undefined)
        return `but the operation sets ${field} itself${says === '' ? '' : ` to ${says}`}: remove it from there`;
    if (own === undefined)
        return `but the ${input} input leaves it out: set it with ${input} alone`;
    return `but the ${input} input says ${says}: set it in one place, or the same value in both`;
}
function required(value, name, operation, what) {
    if (value === undefined)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_2__/* .InputError */ .d(`${name} is empty, but ${operation} needs it: set ${name} to ${what}`);
    return value;
}
/**
 * The services the platform's reference requires of a create (suanli-deployment/): a list, each entry
 * with service_name, service_image and a remote_ports list. Without them the platform refuses the create
 * in every region a step would try.
 */
function serviceFields(body) {
    const example = 'services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]';
    if (!Array.isArray(body.services))
        return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)(`body has ${body.services === undefined ? 'no services' : 'services that are not a list'}, but a create needs them: add them to body, such as ${example}`);
    for (const [index, service] of body.services.entries()) {
        const entry = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) ? service : {};
        const missing = ['service_name', 'service_image'].filter((name) => typeof entry[name] !== 'string' || entry[name] === '');
        if (!Array.isArray(entry.remote_ports))
            missing.push('remote_ports');
        if (missing.length > 0)
            return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)(`body services[${index}] has no ${missing.join(', ')}, but a create needs each service to have service_name, service_image and a remote_ports list: set them, as in ${example}`);
    }
    return _basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .PASSED */ .f5;
}
/**
 * A create's resources[].mark must be the string a resource search gives in regions[].mark.mark: the
 * search answers mark as an object, and pasting the object whole is the mistake this catches.
 */
function resourceMarks(body) {
    const resources = body.resources;
    if (resources === undefined)
        return _basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .PASSED */ .f5;
    if (!Array.isArray(resources))
        return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)('body resources is not a list: write it as a list of {mark: ...}');
    for (const [index, entry] of resources.entries()) {
        const mark = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(entry) ? entry.mark : undefined;
        if (typeof mark === 'string' && mark !== '')
            continue;
        const what = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(mark)
            ? 'an object (the whole regions[].mark of the resource search)'
            : mark === undefined
                ? 'missing'
                : `a ${Array.isArray(mark) ? 'list' : typeof mark}`;
        return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)(`body resources[${index}].mark is ${what}, but a create needs the string inside it: set resources[${index}].mark to regions[].mark.mark of the resource search (search_resources shows it in the job summary)`);
    }
    return _basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .PASSED */ .f5;
}
const JOB_EXAMPLE = 'job_support: {timeout_sec: 3600, parallelism: 1, mod_param: {default: {backoff_limit: 0, restart_policy: Never}}}';
/**
 * A job's body, as the reference requires it: job_support with timeout_sec, parallelism and mod_param,
 * and services each with service_name, service_image and resource_weight (whole numbers), and a
 * start_script with both command and args where one is given. Its expected run (estimated_exec_sec) is an
 * input: a Spot job's alone (null in the body, as the reference's own example has it, says none).
 */
function jobFields(body, settings) {
    return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .firstFailed */ .gV)(() => jobSupport(body.job_support, settings), () => jobServices(Array.isArray(body.services) ? body.services : []));
}
function jobSupport(support, settings) {
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(support))
        return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)(`body has no job_support, but a job needs it: add ${JOB_EXAMPLE}`);
    // Numbers as the body was read: exact (a LosslessNumber) or not.
    const missing = ['timeout_sec', 'parallelism'].filter((name) => ((0,_task_data_js__WEBPACK_IMPORTED_MODULE_4__/* .countOf */ .pq)(support[name]) ?? 0) < 1);
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(support.mod_param))
        missing.push('mod_param');
    if (missing.length > 0)
        return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)(`body job_support has no ${missing.join(', ')}, but a job needs them: set them, as in ${JOB_EXAMPLE}`);
    if (support.estimated_exec_sec !== undefined && support.estimated_exec_sec !== null)
        return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)('body job_support sets estimated_exec_sec, which the estimated_exec_sec input sets: move it there');
    if (settings.jobType === 'on_demand' && settings.estimatedExecSec !== undefined)
        return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)('estimated_exec_sec is set, but it is for a Spot job, and job_type is on_demand: remove it');
    return _basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .PASSED */ .f5;
}
const JOB_SERVICE_EXAMPLE = 'services: [{service_name: tests, service_image: "pytorch/pytorch:2.5.1", resource_weight: {cpu_weight: 1, mem_weight: 1, gpu_weight: 1}, start_script: {command: [pytest], args: [-q]}}]';
function jobServices(services) {
    if (services.length === 0)
        return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)(`body has no services, but a job needs them: add ${JOB_SERVICE_EXAMPLE}`);
    for (const [index, service] of services.entries()) {
        const entry = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) ? service : {};
        const absent = ['service_name', 'service_image'].filter((name) => typeof entry[name] !== 'string' || entry[name] === '');
        if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(entry.resource_weight))
            absent.push('resource_weight');
        if (absent.length > 0)
            return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)(`body services[${index}] has no ${absent.join(', ')}, but a job needs each service to have service_name, service_image and resource_weight {cpu_weight, mem_weight, gpu_weight}`);
        const checked = (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .firstFailed */ .gV)(() => resourceWeight(entry.resource_weight, `body services[${index}].resource_weight`), () => startScript(entry.start_script, `body services[${index}].start_script`));
        if (!checked.ok)
            return checked;
    }
    // GPUs are given whole: the reference refuses services whose GPU weights sum to 0.
    const weights = services.map((service) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) && (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service.resource_weight) ? (0,_task_data_js__WEBPACK_IMPORTED_MODULE_4__/* .countOf */ .pq)(service.resource_weight.gpu_weight) : 0);
    if (weights.every((weight) => weight === 0))
        return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)("body services' resource_weight.gpu_weight sum to 0, but the platform gives a job's GPUs whole, to services whose gpu_weight sum to more than 0: set gpu_weight: 1 on the service that uses the GPU");
    return _basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .PASSED */ .f5;
}
/**
 * The reference's resource_weight: cpu_weight, mem_weight and gpu_weight, each a whole number; the CPU's
 * and the memory's more than 0 (millicores and MiB are its smallest shares), the GPU's 0 or more.
 */
function resourceWeight(weight, where) {
    const given = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(weight) ? weight : {};
    for (const [name, least] of [
        ['cpu_weight', 1],
        ['mem_weight', 1],
        ['gpu_weight', 0]
    ]) {
        const value = given[name];
        const count = (0,_task_data_js__WEBPACK_IMPORTED_MODULE_4__/* .countOf */ .pq)(value);
        if (count !== undefined && count >= least)
            continue;
        const said = value === undefined ? 'missing' : describe(value);
        return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)(`${where}.${name} is ${said}, but the platform takes a whole number ${least === 1 ? 'above 0' : 'of 0 or more'}: set it to an integer, such as ${least === 1 ? 1 : 0}`);
    }
    return _basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .PASSED */ .f5;
}
/** The reference's start_script: null, or {command, args}, both required, each a list of strings. */
function startScript(script, where) {
    if (script === undefined || script === null)
        return _basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .PASSED */ .f5;
    const example = '{command: [python], args: [train.py]}';
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(script))
        return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)(`${where} is ${describe(script)}, but it must be ${example} (or null)`);
    for (const name of ['command', 'args']) {
        const list = script[name];
        if (!Array.isArray(list) || !list.every((item) => typeof item === 'string'))
            return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)(`${where}.${name} is ${list === undefined ? 'missing' : describe(list)}, but the platform needs both command and args as lists of strings (args: [] when there are none): set it, as in ${example}`);
    }
    return _basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .PASSED */ .f5;
}
/** A value an error names (never undefined): a short JSON form of it, a number as written. */
function describe(value) {
    const text = JSON.stringify(value, (_, v) => typeof v === 'bigint' || (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(v) ? Number(String(v)) : v);
    return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}
/**
 * A Spot job's expected run: the input, else a little under timeout_sec (the reference: a bit longer than
 * the real run, a bit shorter than the timeout), within the reference's 1 to 86400 seconds.
 */
function estimatedExecSec(settings, timeoutSec) {
    return settings.estimatedExecSec ?? Math.min(86_400, Math.max(1, Math.floor(timeoutSec * 0.9)));
}
/** The fields of a storage check in each profile: the reference's S3 check, or the spec's (section 4.3). */
const STORAGE_FIELDS = {
    live: ['supplier', 'endpoint', 'ak', 'sk', 'bucket', 'prefix'],
    spec: ['storage_name', 'bucket', 'dir', 'endpoint', 'access_key', 'secret_key', '<engine>_region_id']
};
/**
 * The reference's S3 check requires each of its fields, as text (prefix may be empty): a body with the
 * spec's fields, or one missing a credential, is refused before it is sent.
 */
function storageFields(body, profile) {
    if (profile !== 'live')
        return _basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .PASSED */ .f5;
    const missing = STORAGE_FIELDS.live.filter((name) => typeof body[name] !== 'string' || (name !== 'prefix' && body[name] === ''));
    if (missing.length === 0)
        return _basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .PASSED */ .f5;
    const spec = 'access_key' in body || 'storage_name' in body
        ? " (access_key, secret_key and the like are the interface spec's fields: set api_profile: spec to send them)"
        : '';
    return (0,_basics_check_js__WEBPACK_IMPORTED_MODULE_3__/* .failedCheck */ .WU)(`body has no ${missing.join(', ')} as text, but storage_check needs them: set body to supplier (such as tencent), endpoint, ak, sk, bucket and prefix${spec}`);
}


/***/ }),

/***/ 7059:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  jL: () => (/* binding */ OPERATION_TABLE),
  tm: () => (/* binding */ OVERRIDABLE_OPERATIONS),
  md: () => (/* binding */ PAGE_SIZE),
  yT: () => (/* binding */ READS),
  XY: () => (/* binding */ WAITING_OPERATIONS)
});

// EXTERNAL MODULE: ./basics/check.ts
var check = __nccwpck_require__(4942);
// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __nccwpck_require__(629);
// EXTERNAL MODULE: ./protocol/json.ts
var json = __nccwpck_require__(6539);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __nccwpck_require__(9817);
// EXTERNAL MODULE: ./basics/records.ts
var records = __nccwpck_require__(2212);
// EXTERNAL MODULE: ./platform/task-data.ts
var task_data = __nccwpck_require__(8998);
// EXTERNAL MODULE: ./basics/units.ts
var units = __nccwpck_require__(2589);
// EXTERNAL MODULE: ./platform/billing-data.ts
var billing_data = __nccwpck_require__(9126);
// EXTERNAL MODULE: ./platform/money.ts
var money = __nccwpck_require__(5786);
// EXTERNAL MODULE: ./platform/resource-data.ts
var resource_data = __nccwpck_require__(7581);
// EXTERNAL MODULE: ./platform/transfer-data.ts
var transfer_data = __nccwpck_require__(8100);
// EXTERNAL MODULE: ./platform/volume-data.ts
var volume_data = __nccwpck_require__(5547);
;// CONCATENATED MODULE: ./platform/list-rows.ts








const resultsOf = (data) => (0,records/* isRecord */.u)(data) && Array.isArray(data.results) ? data.results.filter(records/* isRecord */.u) : [];
const textOf = (value) => typeof value === 'string' ? value : ((0,task_data/* numberText */.$4)({ value }, 'value') ?? '');
function taskRows(data) {
    const rows = resultsOf(data).map((task) => {
        const snapshot = (0,task_data/* snapshotOf */.eY)(task, ['status']);
        const url = snapshot.urls.find((u) => u !== null) ?? '';
        return {
            task_id: (0,task_data/* taskIdOf */.G6)(task) ?? '',
            task_name: snapshot.name ?? '',
            status: snapshot.status ?? '',
            nodes: snapshot.nodes === undefined ? '' : `${snapshot.nodes.running}/${snapshot.nodes.total}`,
            cost: (0,money/* spentYuan */.SZ)(snapshot.billingValue, snapshot.forecastValue) ?? '',
            url
        };
    });
    return { columns: ['task_id', 'task_name', 'status', 'nodes', 'cost', 'url'], money: ['cost'], rows };
}
function jobRows(data) {
    const rows = resultsOf(data).map((job) => {
        const run = (0,records/* isRecord */.u)(job.job_status) ? job.job_status : {};
        const snapshot = (0,task_data/* jobSnapshotOf */.FQ)(job);
        return {
            task_id: (0,task_data/* taskIdOf */.G6)(job) ?? '',
            task_name: snapshot.name ?? '',
            status: textOf(job.status),
            job_status: textOf(run.status),
            succeeded_pods: textOf(run.succeeded_pods),
            failed_pods: textOf(run.failed_pods),
            cost: (0,money/* spentYuan */.SZ)(snapshot.billingValue, snapshot.forecastValue) ?? '',
            create_time: (0,units/* utcTime */.SK)(textOf(job.create_time))
        };
    });
    return {
        columns: [
            'task_id',
            'task_name',
            'status',
            'job_status',
            'succeeded_pods',
            'failed_pods',
            'cost',
            'create_time'
        ],
        money: ['cost'],
        rows
    };
}
function nodeRows(data) {
    const rows = resultsOf(data).map((node) => {
        const resource = (0,records/* isRecord */.u)(node.resource) ? node.resource : {};
        const gpu = textOf(resource.gpu_name);
        const count = textOf(resource.gpu_count);
        const restarts = (0,records/* isRecord */.u)(node.describe_dto) ? textOf(node.describe_dto.restart_count) : '';
        return {
            point_id: textOf(node.point_id),
            name: textOf(node.name),
            status: textOf(node.status),
            region: textOf(node.region),
            gpu: gpu === '' ? '' : `${gpu}${count === '' ? '' : ` x ${count}`}`,
            restarts,
            cost: (0,money/* yuanOf */.xU)(textOf(node.billing_value)) ?? ''
        };
    });
    return {
        columns: ['point_id', 'name', 'status', 'region', 'gpu', 'restarts', 'cost'],
        money: ['cost'],
        rows,
        note: "cost: the node's billing_value, what it has been billed"
    };
}
function resourceRows(data) {
    const rows = (0,resource_data/* offersOf */.f)(data).map((offer) => ({
        device: offer.device ?? '',
        gpu_count: offer.gpuCount ?? '',
        region: offer.region ?? '',
        region_name: offer.regionName ?? '',
        price: offer.price ?? '',
        discount_price: offer.discountPrice ?? '',
        stock: offer.inventory ?? '',
        mark: offer.mark ?? ''
    }));
    return {
        columns: ['device', 'gpu_count', 'region', 'region_name', 'price', 'discount_price', 'stock', 'mark'],
        money: [],
        rows,
        note: "price and discount_price: the platform's number for one node of the device, with no published unit (shown as given)"
    };
}
function billRows(data, byTask) {
    const rows = (0,billing_data/* billsOf */.K)(data).map((bill) => ({
        ...(byTask
            ? { task_id: bill.taskId ?? '', task_name: bill.taskName ?? '', task_type: bill.taskType ?? '' }
            : { start: bill.start ?? '', end: bill.end ?? '' }),
        billed: (0,money/* yuanOf */.xU)(bill.billed) ?? '',
        discount: (0,money/* yuanOf */.xU)(bill.discount) ?? ''
    }));
    const columns = byTask ? ['task_id', 'task_name', 'task_type'] : ['start', 'end'];
    return {
        columns: [...columns, 'billed', 'discount'],
        money: ['billed', 'discount'],
        rows,
        note: 'billed: billing_coin, the total billed; discount: discount_coin, the discount deducted from it'
    };
}
/** A job queue's task groups (job_group_search): each group, its status, its tasks by status, when made. */
function groupRows(data) {
    const rows = resultsOf(data).map((group) => {
        const tasks = (0,records/* isRecord */.u)(group.task_status_capacity) ? group.task_status_capacity : {};
        return {
            group_id: textOf(group.group_id),
            group_name: textOf(group.group_name),
            queue_name: textOf(group.queue_name),
            status: textOf(group.status),
            tasks: textOf(group.group_count),
            running: textOf(tasks.Running),
            pending: textOf(tasks.Pending),
            create_time: (0,units/* utcTime */.SK)(textOf(group.create_time))
        };
    });
    return {
        columns: ['group_id', 'group_name', 'queue_name', 'status', 'tasks', 'running', 'pending', 'create_time'],
        money: [],
        rows
    };
}
/** Bytes as GiB, to the thousandth ("100", "1.5"); empty when unknown. */
const gib = (bytes) => bytes === undefined ? '' : String(Number((bytes / 1024 ** 3).toFixed(3)));
/** The cluster storage volumes (volume_list): each volume, where, how it stands, its sizes, its mounts. */
function volumeRows(data) {
    const rows = (0,volume_data/* volumesOf */.v3)(data).map((volume) => ({
        storage_id: volume.id,
        name: volume.name,
        region: volume.region ?? '',
        status: volume.status ?? '',
        total_gib: gib(volume.totalBytes),
        used_gib: gib(volume.usedBytes),
        mounts: String(volume.mounts),
        price: volume.displayUnitPrice ?? ''
    }));
    return {
        columns: ['storage_id', 'name', 'region', 'status', 'total_gib', 'used_gib', 'mounts', 'price'],
        money: [],
        rows,
        note: "price: the volume's display_unit_price, yuan per GB a month as the platform shows it"
    };
}
/**
 * Where a volume can be made (volume_options): a row per region, then one per storage class, each with
 * its value (a region's tag, a class's identifier) and the name the platform gives it.
 */
function volumeOptionRows(data) {
    const { regions, storageClasses } = (0,volume_data/* volumeOptionsOf */.gw)(data);
    const rows = [
        ...regions.map((region) => ({ option: 'region', value: region.tag, name: region.name ?? '' })),
        ...storageClasses.map((one) => ({
            option: 'storage_class',
            value: one.storageClass,
            name: one.name ?? ''
        }))
    ];
    return {
        columns: ['option', 'value', 'name'],
        money: [],
        rows,
        note: "value: a region by the storage's tag (what the region input takes for a volume: not a GPU region's), a storage class by its identifier"
    };
}
/** The transfers (transfer_list): each transfer, its volume, how it stands, what it copied. */
function transferRows(data) {
    const count = (done, total) => done === undefined ? '' : total === undefined ? String(done) : `${done}/${total}`;
    const rows = (0,transfer_data/* transfersOf */.G5)(data).map((transfer) => ({
        transfer_id: transfer.id,
        name: transfer.name ?? '',
        storage_id: transfer.storageId ?? '',
        direction: transfer.direction === 'to_volume'
            ? 's3-to-volume'
            : transfer.direction === 'to_object_storage'
                ? 'volume-to-s3'
                : '',
        status: transfer.status ?? '',
        files: count(transfer.filesDone, transfer.filesTotal),
        bytes: count(transfer.bytesDone, transfer.bytesTotal)
    }));
    return {
        columns: ['transfer_id', 'name', 'storage_id', 'direction', 'status', 'files', 'bytes'],
        money: [],
        rows
    };
}

// EXTERNAL MODULE: ./platform/operations/input-checks.ts
var input_checks = __nccwpck_require__(8015);
// EXTERNAL MODULE: ./platform/task-kinds.ts
var task_kinds = __nccwpck_require__(7187);
;// CONCATENATED MODULE: ./platform/operations/operation-table.ts









const task = (_s, taskId) => ({
    task_id: (0,json/* exactInteger */.i7)(taskId ?? '')
});
const none = () => ({});
const post = (path, encrypt = false) => ({
    method: 'POST',
    path,
    encrypt
});
const get = (path) => ({ method: 'GET', path, encrypt: false });
/** A POST {task_id} per task that changes its state (harmless to repeat), waiting as `wait` says. */
const onTasks = (kind, path, wait, statuses) => ({
    kind,
    endpoint: post(path),
    taskIds: 'each',
    fields: task,
    wait,
    resend: 'repeatable',
    alreadyDone: statuses?.doneIn ?? [],
    appliesTo: statuses?.appliesTo ?? []
});
const DEPLOYMENT = { ...task_kinds/* TASK_KINDS */.Eb.deployment, paths: task_kinds/* DEPLOYMENT_PATHS */.Z6, specPaths: task_kinds/* DEPLOYMENT_SPEC_PATHS */.nE };
const JOB = { ...task_kinds/* TASK_KINDS */.Eb.job, paths: task_kinds/* JOB_PATHS */.nA };
/**
 * A job's create (suanli-job/): created once, as a task is, then waited for until it ends. Spot (the
 * platform's default) needs its expected run, which the step puts in job_support; points are its
 * completions (1 unless set).
 */
const JOB_CREATE_CALL = {
    endpoint: post(JOB.paths.create),
    kind: 'job',
    taskIds: 'none',
    resend: 'create_once',
    answers: 'new_task',
    fromInputs: ['task_name', 'points', 'sub_type'],
    fields: (s) => ({
        task_name: (0,input_checks/* required */.mw)(s.taskName, 'task_name', 'job', 'the name of the job'),
        ...(s.jobType === 'spot' ? { sub_type: 'Spot' } : {}),
        points: s.points ?? 1
    }),
    checkBody: (body, s) => (0,check/* firstFailed */.gV)(() => (0,input_checks/* resourceMarks */.tu)(body), () => (0,input_checks/* jobFields */.Bq)(body, s)),
    completeBody: (body, s) => {
        if (s.jobType !== 'spot' || !(0,records/* isRecord */.u)(body.job_support))
            return body;
        const support = body.job_support;
        const timeout = (0,task_data/* countOf */.pq)(support.timeout_sec) ?? 0;
        return { ...body, job_support: { ...support, estimated_exec_sec: (0,input_checks/* estimatedExecSec */.Pj)(s, timeout) } };
    },
    check: newTaskCheck
};
const JOB_CREATE = { ...JOB_CREATE_CALL, wait: { target: 'finished', byDefault: true } };
/** A runner's create: a job's, whose step waits until its runner is online (its own wait), not its end. */
const RUNNER_CREATE = JOB_CREATE_CALL;
/**
 * A task's detail per task id, in the form each profile gives: the spec's POST {task_id}, or the
 * reference's documented GET /api/task/deployment/detail?task_id= (the older GET on the spec's path stays
 * reachable through endpoints). The detail, wait, logs and events operations all read it.
 */
const taskDetail = () => ({
    kind: DEPLOYMENT.name,
    endpoint: post(DEPLOYMENT.specPaths.detail),
    live: { method: 'GET', path: DEPLOYMENT.paths.detail },
    taskIds: 'each',
    fields: task,
    answers: 'task'
});
/**
 * A create's answer must carry the new task's id (else a task may exist that the step cannot follow).
 */
function newTaskCheck(data, call) {
    if ((0,task_data/* taskIdOf */.G6)(data) !== undefined)
        return check/* PASSED */.f5;
    const name = typeof call.body?.task_name === 'string' ? (0,safe_text/* sanitize */.aj)(call.body.task_name, 100) : '';
    return (0,check/* failedCheck */.WU)(`the platform accepted the create (code 0000) but its answer carries no task_id, so the task cannot be followed: a task named ${JSON.stringify(name)} may exist; look for it before running the job again`);
}
/** A create, as the create and replace operations send it (the name is the operation's, for errors). */
const creating = (operation) => ({
    kind: DEPLOYMENT.name,
    endpoint: post(DEPLOYMENT.specPaths.create, true),
    live: { path: DEPLOYMENT.paths.create, encrypt: false },
    taskIds: 'none',
    resend: 'create_once',
    answers: 'new_task',
    // points is optional: the platform makes 1 node when it is left out.
    fields: (s) => ({
        ...(s.apiProfile === 'live' && !('task_type' in s.body) ? { task_type: 'Deployment' } : {}),
        task_name: (0,input_checks/* required */.mw)(s.taskName, 'task_name', operation, 'the name of the new task'),
        ...(s.points === undefined ? {} : { points: s.points })
    }),
    checkBody: (body, s) => (0,check/* firstFailed */.gV)(() => (0,input_checks/* resourceMarks */.tu)(body), () => (s.apiProfile === 'live' ? (0,input_checks/* serviceFields */.$D)(body) : check/* PASSED */.f5)),
    wait: { target: 'ready', byDefault: true },
    check: newTaskCheck
});
/** A change_points {task_id, points}, as change_points and scale send it: harmless to repeat. */
function changingPoints() {
    return {
        kind: DEPLOYMENT.name,
        endpoint: post(DEPLOYMENT.paths.changePoints),
        taskIds: 'one',
        resend: 'repeatable',
        fromInputs: ['points'],
        fields: (s, taskId) => ({
            ...task(s, taskId),
            points: (0,input_checks/* required */.mw)(s.points, 'points', s.operation, 'the new number of nodes, such as 2')
        })
    };
}
/** The time window both billing records require, as the billing_* inputs set it. */
function billingWindow(settings) {
    const { range, startTime, endTime } = settings.billingWindow;
    return { range, start_time: startTime, end_time: endTime };
}
/** A query parameter the operation requires, which only the query input can give: refused before sending. */
function queryParameter(settings, name, operation, what) {
    if (!settings.query.some(([key, value]) => key === name && value !== ''))
        throw new input_error/* InputError */.d(`query has no ${name}, but ${operation} needs it: add ${what}`);
}
/** Unless the table says otherwise, an operation only reads. */
const READS = {
    resend: 'read',
    answers: 'other',
    alreadyDone: [],
    appliesTo: [],
    check: () => check/* PASSED */.f5
};
/**
 * Items asked for per page where the step reads a whole list. The platform publishes no largest page
 * size and may answer fewer: the step follows `count` across the pages whatever size they come in.
 */
const PAGE_SIZE = 100;
/**
 * A cluster storage operation (suanli-nas-storage/): its flow builds its calls from its kind's paths
 * (calls.ts; a volume's or a transfer's), reading first; signed, never encrypted, the same in both
 * profiles.
 */
const volumeOperation = (kind, method, path, resend) => ({
    kind,
    endpoint: method === 'GET' ? get(path) : post(path),
    taskIds: 'none',
    fields: none,
    resend,
    flowCalls: true,
    kindPaths: true
});
/**
 * The operations, each in two profiles. `spec` follows the interface spec: detail is a POST with a
 * JSON body; create and storage check are encrypted. `live` follows the platform's own reference where
 * it differs: detail is a GET with task_id in the query, and create is the newer plain (signed, not
 * encrypted) POST on /api/task/deployment/create with task_type, which token-mode keys can send too.
 */
const OPERATION_TABLE = {
    create: { ...creating('create'), fromInputs: ['task_name', 'points'] },
    // A replace sends a create: with the create's endpoint and its overrides.
    replace: { ...creating('replace'), sendsAs: 'create', fromInputs: ['task_name', 'points'] },
    detail: { ...taskDetail(), wait: { target: 'ready', byDefault: false } },
    // The sweep flow follows the task search's pages itself, task_id being the ids it keeps.
    sweep: {
        kind: DEPLOYMENT.name,
        endpoint: get(DEPLOYMENT.paths.search),
        taskIds: 'keep',
        fields: none,
        sendsAs: 'search_tasks'
    },
    // A preview sends a replace's create under the pull request's name; its flow builds the name and the calls.
    preview: { ...creating('preview'), sendsAs: 'create' },
    // The preview sweep searches the previews' names, as a sweep does, and asks GitHub about each.
    preview_sweep: {
        kind: DEPLOYMENT.name,
        endpoint: get(DEPLOYMENT.paths.search),
        taskIds: 'none',
        fields: none,
        sendsAs: 'search_tasks'
    },
    logs: taskDetail(),
    events: taskDetail(),
    search_tasks: {
        kind: DEPLOYMENT.name,
        endpoint: get(DEPLOYMENT.paths.search),
        taskIds: 'none',
        fromInputs: ['status'],
        listRows: taskRows,
        // The platform requires type (Deployment is the only one) and a comma list of statuses; the page is
        // its default unless the query asks for another.
        fields: (s) => ({
            type: 'Deployment',
            status: s.taskStatuses.join(','),
            ...(s.query.some(([name]) => name === 'page') ? {} : { page: '1' }),
            ...(s.query.some(([name]) => name === 'page_size') ? {} : { page_size: '10' })
        })
    },
    // The reference requires both parameters; these are its deployment GPUs unless the query says otherwise.
    search_resources: {
        kind: DEPLOYMENT.name,
        endpoint: get('/api/deployment/resource/search'),
        taskIds: 'none',
        fields: none,
        defaults: [
            ['task_type', 'Deployment'],
            ['device_type', 'GpuDevice']
        ],
        answers: 'resources',
        listRows: resourceRows
    },
    // What each applies to is the deployment kind's (task-kinds.ts), as the reference says.
    stop: onTasks(DEPLOYMENT.name, DEPLOYMENT.paths.stop, { target: 'ended', byDefault: true }, DEPLOYMENT.changes.stop),
    pause: onTasks(DEPLOYMENT.name, DEPLOYMENT.paths.pause, { target: 'paused', byDefault: true }, DEPLOYMENT.changes.pause),
    recover: onTasks(DEPLOYMENT.name, DEPLOYMENT.paths.recover, { target: 'ready', byDefault: true }, DEPLOYMENT.changes.recover),
    change_points: changingPoints(),
    // A scale sends a change_points, then waits until the task runs that many nodes.
    scale: { ...changingPoints(), sendsAs: 'change_points', wait: { target: 'ready', byDefault: true } },
    // An update overwrites the whole configuration: the flow reads the detail, changes it and posts it
    // all back (see updateCall); task_id or task_name says which task. Posting it again is harmless.
    update: {
        kind: DEPLOYMENT.name,
        endpoint: post(DEPLOYMENT.paths.update),
        taskIds: 'keep',
        fields: none,
        resend: 'repeatable',
        flowCalls: true,
        wait: { target: 'ready', byDefault: true }
    },
    // A delete_pod {point_id} per node the flow chooses (see deletePodCall): the platform schedules a new
    // node in its place. Sent again, it can only name the same node.
    replace_node: {
        kind: DEPLOYMENT.name,
        endpoint: post(DEPLOYMENT.paths.deleteNode),
        taskIds: 'one',
        fields: none,
        resend: 'repeatable',
        flowCalls: true,
        wait: { target: 'ready', byDefault: true }
    },
    nodes: {
        kind: DEPLOYMENT.name,
        endpoint: get(DEPLOYMENT.paths.nodes),
        taskIds: 'each',
        fields: task,
        listRows: nodeRows
    },
    // Both billing records require range, start_time and end_time (from the billing_* inputs).
    billing: {
        kind: DEPLOYMENT.name,
        endpoint: get('/api/billing/get_billing_record'),
        taskIds: 'filter',
        fields: (s) => ({
            ...billingWindow(s),
            ...(s.taskIds.length === 0 ? {} : { task_ids: s.taskIds.join(',') })
        }),
        answers: 'bills',
        pages: true,
        listRows: (data) => billRows(data, false)
    },
    task_billing: {
        kind: DEPLOYMENT.name,
        endpoint: get('/api/billing/get_task_billing_record'),
        taskIds: 'none',
        fields: billingWindow,
        answers: 'bills',
        pages: true,
        listRows: (data) => billRows(data, true)
    },
    // The platform's check is the reference's S3 check (suanli-nas-storage/): {supplier, endpoint, ak, sk,
    // bucket, prefix}, encrypted and sent as text/plain; the spec's has other fields on another path.
    storage_check: {
        kind: 'transfer',
        endpoint: post(task_kinds/* TRANSFER_KIND */.bl.specPaths.check, true),
        live: { path: task_kinds/* TRANSFER_KIND */.bl.paths.check, contentType: 'text/plain' },
        taskIds: 'none',
        fields: none,
        bodyRequired: true,
        checkBody: (body, s) => (0,input_checks/* storageFields */.FF)(body, s.apiProfile),
        check: (data) => {
            const verdict = (0,records/* isRecord */.u)(data) ? data : {};
            if (verdict.pass === true)
                return check/* PASSED */.f5;
            const said = typeof verdict.message === 'string' ? (0,safe_text/* sanitize */.aj)(verdict.message, 300) : '';
            return (0,check/* failedCheck */.WU)(verdict.pass === false
                ? `the storage did not pass the platform's check${said === '' ? '' : `: ${said}`}`
                : 'the answer carries no pass field, so the check cannot be taken as passed');
        }
    },
    // A GPU batch job (JOB_CREATE).
    job: JOB_CREATE,
    // Jobs (suanli-job/): a job's detail per task id; the job search by status and name, every page read
    // unless the query asks for one; the task groups of a job queue, and one group (the queue_id and
    // group_id the reference requires come in the query).
    job_detail: {
        endpoint: get(JOB.paths.detail),
        kind: 'job',
        taskIds: 'each',
        fields: task,
        answers: 'task',
        wait: { target: 'finished', byDefault: false }
    },
    job_search: {
        endpoint: get(JOB.paths.search),
        kind: 'job',
        taskIds: 'none',
        fromInputs: ['status', 'search_value'],
        fields: (s) => ({
            status: s.taskStatuses.join(','),
            ...(s.taskName === undefined ? {} : { search_value: s.taskName })
        }),
        pages: true,
        listRows: jobRows
    },
    // What stop applies to is the job kind's (task-kinds.ts); a job whose run ended needs no stop, and is
    // read first.
    job_stop: {
        ...onTasks('job', JOB.paths.stop, { target: 'ended', byDefault: true }, JOB.changes.stop),
        readFirst: true
    },
    // Its pages hold 50 groups at most (the reference: page_size 1 to 50).
    job_group_search: {
        kind: 'job',
        endpoint: get(JOB.paths.groupSearch),
        taskIds: 'none',
        defaults: [['page_size', '50']],
        fields: (s) => {
            queryParameter(s, 'queue_id', 'job_group_search', 'the id of the job queue, such as queue_id=7');
            return {};
        },
        pages: true,
        listRows: groupRows
    },
    job_group_detail: {
        kind: 'job',
        endpoint: get(JOB.paths.groupDetail),
        taskIds: 'none',
        fields: (s) => {
            queryParameter(s, 'group_id', 'job_group_detail', 'the id of the task group, such as group_id=5001');
            return {};
        }
    },
    // A GPU runner for a workflow's job (issue 62): a job's create per runner, its runner's configuration in
    // its container's env; the flow names each and builds its body. Its stop is a job's, on the runners'
    // jobs the flow finds; its sweep reads the job search.
    runner: { ...RUNNER_CREATE, kind: 'runner', sendsAs: 'job', flowCalls: true },
    runner_stop: {
        ...onTasks('runner', JOB.paths.stop, { target: 'ended', byDefault: true }, JOB.changes.stop),
        sendsAs: 'job_stop',
        taskIds: 'keep',
        readFirst: true
    },
    runner_sweep: {
        kind: 'runner',
        endpoint: get(JOB.paths.search),
        taskIds: 'none',
        fields: none,
        sendsAs: 'job_search'
    },
    // An image preheat (suanli-image-preheat/): the create a preheat flow sends, its regions or resources
    // and services filled in by the flow. Not idempotent: never sent again once it may have been applied.
    preheat: {
        kind: 'preheat',
        endpoint: post(task_kinds/* PREHEAT_KIND */.z0.paths.create),
        taskIds: 'none',
        resend: 'until_sent',
        fromInputs: ['task_name'],
        fields: (s) => ({
            task_name: (0,input_checks/* required */.mw)(s.taskName, 'task_name', 'preheat', 'the name of the preheat task'),
            task_type: 'ImagePreHeat'
        })
    },
    // Cluster storage (suanli-nas-storage/): a volume made sure of by name (found, else created; grown,
    // never shrunk; waited on until Active); the volumes and what they cost; where one can be made; a
    // volume deleted.
    volume: volumeOperation('volume', 'POST', task_kinds/* VOLUME_KIND */.OT.paths.create, 'until_sent'),
    volume_list: { ...volumeOperation('volume', 'GET', task_kinds/* VOLUME_KIND */.OT.paths.list, 'read'), listRows: volumeRows },
    // The regions and storage classes a volume can be made in (nas-dictionaries.md): a plain signed GET
    // with no parameters, sent as the other plain calls are (so the endpoints input may move it).
    volume_options: {
        kind: 'volume',
        endpoint: get(task_kinds/* VOLUME_KIND */.OT.paths.options),
        taskIds: 'none',
        fields: none,
        listRows: volumeOptionRows
    },
    volume_delete: volumeOperation('volume', 'POST', task_kinds/* VOLUME_KIND */.OT.paths.delete, 'repeatable'),
    // A transfer between object storage and a volume (suanli-nas-storage/api/s3-*.md): its create is
    // encrypted and sent as text/plain, as the reference requires (so an RSA-mode key and the platform's
    // public key are checked before anything is sent); its flow checks the connection first, then follows
    // it, retries it and stops it. Never sent again once it may have been applied.
    transfer: {
        kind: 'transfer',
        endpoint: { ...post(task_kinds/* TRANSFER_KIND */.bl.paths.create, true), contentType: 'text/plain' },
        taskIds: 'none',
        fields: none,
        resend: 'until_sent',
        flowCalls: true
    },
    transfer_detail: volumeOperation('transfer', 'GET', task_kinds/* TRANSFER_KIND */.bl.paths.detail, 'read'),
    transfer_list: {
        ...volumeOperation('transfer', 'GET', task_kinds/* TRANSFER_KIND */.bl.paths.list, 'read'),
        listRows: transferRows
    },
    transfer_stop: volumeOperation('transfer', 'POST', task_kinds/* TRANSFER_KIND */.bl.paths.stop, 'repeatable'),
    // Copies between the workspace and volumes: each volume's SFTP session obtained (asked again while
    // Pending, the same session back) and destroyed by the flow; a copy through object storage a transfer.
    copy: volumeOperation('volume', 'POST', task_kinds/* VOLUME_KIND */.OT.paths.sftpObtain, 'repeatable')
};
/** The operations that can wait, for an error that lists them. */
const WAITING_OPERATIONS = Object.entries(OPERATION_TABLE)
    .filter(([, spec]) => spec.wait !== undefined)
    .map(([name]) => name)
    .join(', ');
/**
 * The operations whose endpoint the endpoints input may override: every one with an endpoint of its own
 * (a replace follows create's, a sweep search_tasks'), but those whose calls go to their kind's paths.
 */
const OVERRIDABLE_OPERATIONS = Object.entries(OPERATION_TABLE)
    .filter(([, spec]) => spec.sendsAs === undefined && spec.kindPaths !== true)
    .map(([name]) => name);


/***/ }),

/***/ 6218:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   j: () => (/* binding */ planCalls)
/* harmony export */ });
/* harmony import */ var _task_kinds_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(7187);
/* harmony import */ var _basics_input_error_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(629);
/* harmony import */ var _calls_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(9644);
/* harmony import */ var _input_checks_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(8015);
/* harmony import */ var _operation_table_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(7059);





/** Plans every call of the step, checking every input it needs before anything is sent. */
function planCalls(settings) {
    const spec = specOf(settings);
    const ids = taskIdsFor(settings, spec);
    const operation = spec.sendsAs ?? settings.operation;
    const calls = spec.taskIds === 'keep' || spec.flowCalls === true
        ? []
        : spec.taskIds === 'none' || spec.taskIds === 'filter'
            ? [(0,_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .callFor */ .gL)(settings, operation, spec, undefined)]
            : ids.map((id) => (0,_calls_js__WEBPACK_IMPORTED_MODULE_0__/* .callFor */ .gL)(settings, operation, spec, id));
    return { operation: settings.operation, calls, wait: waitTarget(settings, spec) };
}
function specOf(settings) {
    if (settings.operation !== 'request')
        return _operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .OPERATION_TABLE */ .jL[settings.operation];
    const endpoint = {
        method: (0,_input_checks_js__WEBPACK_IMPORTED_MODULE_2__/* .required */ .mw)(settings.method, 'method', 'request', 'GET or POST'),
        path: (0,_input_checks_js__WEBPACK_IMPORTED_MODULE_2__/* .required */ .mw)(settings.path, 'path', 'request', 'the endpoint path, such as /api/deployment/task/search'),
        encrypt: settings.encrypt
    };
    if (endpoint.method === 'GET' && endpoint.encrypt) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .d('encrypt is true, but a GET request has no body to encrypt: use method POST');
    }
    // A POST to an endpoint the action does not know may change anything: never repeated once it may have.
    // Its wait, if any, reads a deployment's detail.
    return {
        kind: _task_kinds_js__WEBPACK_IMPORTED_MODULE_4__/* .TASK_KINDS */ .Eb.deployment.name,
        endpoint,
        taskIds: 'none',
        fields: () => ({}),
        resend: endpoint.method === 'POST' ? 'until_sent' : 'read'
    };
}
function taskIdsFor(settings, spec) {
    const ids = settings.taskIds;
    const operation = settings.operation;
    if (spec.taskIds === 'keep' || spec.taskIds === 'filter')
        return ids;
    if (spec.taskIds === 'none') {
        if (ids.length > 0) {
            const why = spec.answers === 'new_task' ? 'makes a new task' : 'concerns no particular task';
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .d(`task_id is set, but ${operation} ${why}: remove task_id`);
        }
        return [];
    }
    if (ids.length === 0)
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .d(`task_id is empty, but ${operation} needs it: set task_id to the id of the task`);
    if (spec.taskIds === 'one' && ids.length > 1) {
        throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .d(`task_id lists ${ids.length} tasks, but ${operation} takes one: set task_id to a single id`);
    }
    return ids;
}
function waitTarget(settings, spec) {
    if (settings.wait.mode === 'false')
        return undefined;
    if (spec.wait === undefined) {
        if (settings.wait.mode === 'true') {
            throw new _basics_input_error_js__WEBPACK_IMPORTED_MODULE_3__/* .InputError */ .d(`wait is true, but ${settings.operation} has nothing to wait for: waiting works with ${_operation_table_js__WEBPACK_IMPORTED_MODULE_1__/* .WAITING_OPERATIONS */ .XY}`);
        }
        return undefined;
    }
    return settings.wait.mode === 'true' || spec.wait.byDefault ? spec.wait.target : undefined;
}


/***/ }),

/***/ 9837:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   d: () => (/* binding */ OPERATION_NAMES)
/* harmony export */ });
const OPERATION_NAMES = [
    'create',
    'replace',
    'update',
    'scale',
    'replace_node',
    'sweep',
    'preview',
    'preview_sweep',
    'preheat',
    'detail',
    'nodes',
    'logs',
    'events',
    'stop',
    'pause',
    'recover',
    'change_points',
    'search_tasks',
    'job',
    'job_detail',
    'job_search',
    'job_stop',
    'job_group_search',
    'job_group_detail',
    'runner',
    'runner_stop',
    'runner_sweep',
    'volume',
    'volume_list',
    'volume_options',
    'volume_delete',
    'transfer',
    'transfer_detail',
    'transfer_list',
    'transfer_stop',
    'copy',
    'storage_check',
    'search_resources',
    'billing',
    'task_billing',
    'request'
];


/***/ }),

/***/ 6322:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   IA: () => (/* binding */ PREHEAT_COMPLETED),
/* harmony export */   Sb: () => (/* binding */ preheatProgressOf),
/* harmony export */   UF: () => (/* binding */ preheatRegionsOf)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2212);
/* harmony import */ var _task_data_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(8998);


/** The word a preheat that completed is shown with (its regions' cache status, once all are done). */
const PREHEAT_COMPLETED = 'Completed';
function preheatProgressOf(data) {
    const record = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) ? data : {};
    const cache = Array.isArray(record.region_cache_info) ? record.region_cache_info : [];
    const status = typeof record.status === 'string' ? record.status : undefined;
    return {
        status,
        ended: status === 'End',
        regions: cache
            .filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)
            .flatMap((entry) => typeof entry.region === 'string' && typeof entry.status === 'string'
            ? [{ region: entry.region, status: entry.status, completed: entry.status === PREHEAT_COMPLETED }]
            : []),
        points: count(record, 'points'),
        availablePoints: count(record, 'available_points')
    };
}
const count = (record, field) => {
    const text = (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .numberText */ .$4)(record, field);
    return text === undefined ? undefined : Number(text);
};
/** The regions get_regions lists: where a cluster preheat can warm images. */
function preheatRegionsOf(data) {
    const regions = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) && Array.isArray(data.regions) ? data.regions : [];
    return regions.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u).flatMap((entry) => typeof entry.region === 'string'
        ? [
            {
                region: entry.region,
                regionName: typeof entry.region_name === 'string' ? entry.region_name : undefined
            }
        ]
        : []);
}


/***/ }),

/***/ 7581:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ offersOf)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2212);
/* harmony import */ var _task_data_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(8998);


/** Every region of every device in a resource search's answer. */
function offersOf(data) {
    const devices = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) && Array.isArray(data.results) ? data.results : [];
    return devices.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u).flatMap((device) => {
        const regions = Array.isArray(device.regions) ? device.regions.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u) : [];
        return regions.map((region) => {
            const mark = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(region.mark) ? region.mark : undefined;
            const resource = mark !== undefined && (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(mark.resource) ? mark.resource : undefined;
            return {
                device: text(device.device_name),
                gpuName: text(device.gpu_name) ?? text(resource?.gpu_name),
                gpuCount: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .numberText */ .$4)(device, 'gpu_count') ?? (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .numberText */ .$4)(resource, 'gpu_count'),
                region: text(region.region),
                regionName: text(region.region_name),
                price: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .numberText */ .$4)(region, 'price'),
                discountPrice: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .numberText */ .$4)(region, 'discount_price'),
                inventory: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .numberText */ .$4)(region, 'inventory'),
                mark: text(mark?.mark) ?? text(region.mark),
                resource
            };
        });
    });
}
function text(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}


/***/ }),

/***/ 1460:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   LH: () => (/* binding */ withRetries),
/* harmony export */   VU: () => (/* binding */ DEFAULT_BACKOFF),
/* harmony export */   Vs: () => (/* binding */ retryAfterMs),
/* harmony export */   jo: () => (/* binding */ backoffMs)
/* harmony export */ });
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2589);

const DEFAULT_BACKOFF = { baseMs: 1000, capMs: 30_000 };
/** Exponential backoff with full jitter: a random delay up to base * 2^(retry-1), capped. */
function backoffMs(retry, random, policy) {
    return Math.round(random() * Math.min(policy.capMs, policy.baseMs * 2 ** (retry - 1)));
}
/**
 * Retry-After as a delay in ms: delta seconds, or an HTTP date read against the server's own Date
 * header when it sent one (so a skewed local clock does not distort it); undefined when absent or bad.
 */
function retryAfterMs(value, serverDate, localNow) {
    if (value === undefined || value.trim() === '')
        return undefined;
    if (/^\d+$/.test(value.trim()))
        return Number(value.trim()) * 1000;
    const at = Date.parse(value);
    if (Number.isNaN(at))
        return undefined;
    const now = serverDate === undefined || Number.isNaN(Date.parse(serverDate)) ? localNow : Date.parse(serverDate);
    return Math.max(0, at - now);
}
/**
 * The retry, one of the three owners of time (with asking again, deploy/engine/ask-again.ts, and the poll,
 * deploy/engine/poll.ts): runs one request's `attempt` until it succeeds, `judge` says a failure is final, the
 * retries are spent, the step is cancelled, or the next attempt would start past the deadline. Every retry
 * is logged with its reason, number and delay.
 */
async function withRetries(label, attempt, judge, policy, deps) {
    for (let retry = 0;; retry++) {
        try {
            return await attempt(retry);
        }
        catch (error) {
            const verdict = await judge(error);
            if ('result' in verdict)
                return verdict.result;
            if (!verdict.retry || retry >= policy.maxRetries || deps.cancelled())
                throw error;
            const delay = verdict.now === true ? 0 : (verdict.serverDelayMs ?? backoffMs(retry + 1, deps.random, policy));
            const when = delay === 0 ? 'now' : `in ${formatDelay(delay)}`;
            const source = verdict.serverDelayMs === undefined ? '' : ' (as the server asked)';
            if (deps.now() + delay >= policy.deadline) {
                deps.log(`${label}: ${verdict.reason}; not retrying, as the next attempt would start after the step's deadline`);
                throw error;
            }
            deps.log(`${label}: ${verdict.reason}; retry ${retry + 1} of ${policy.maxRetries} ${when}${source}`);
            await deps.sleep(delay);
        }
    }
}
function formatDelay(ms) {
    return ms < 10_000 ? `${(ms / 1000).toFixed(1)}s` : (0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(ms);
}


/***/ }),

/***/ 386:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  EU: () => (/* binding */ StaleClockError),
  fA: () => (/* binding */ openSession),
  nd: () => (/* binding */ prepareRequest)
});

// EXTERNAL MODULE: ./basics/units.ts
var units = __nccwpck_require__(2589);
// EXTERNAL MODULE: ./protocol/envelope.ts
var envelope = __nccwpck_require__(3421);
// EXTERNAL MODULE: ./protocol/request.ts + 2 modules
var protocol_request = __nccwpck_require__(1615);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __nccwpck_require__(9817);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __nccwpck_require__(3035);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __nccwpck_require__(9644);
// EXTERNAL MODULE: ./platform/retry.ts
var retry = __nccwpck_require__(1460);
// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(7598);
;// CONCATENATED MODULE: ./platform/signature-diagnosis.ts



/**
 * The SHA-256 fingerprint of the public half of the client key, as
 * `openssl pkey -pubin -in public.pem -outform DER | openssl dgst -sha256 -binary | base64` prints it
 * for the public key uploaded in the console.
 */
function publicKeyFingerprint(privateKey) {
    const der = (0,external_node_crypto_.createPublicKey)(privateKey).export({ type: 'spki', format: 'der' });
    return `SHA256:${(0,external_node_crypto_.createHash)('sha256').update(der).digest('base64')}`;
}
/**
 * What a refusal of the key, the timestamp or the signature may come from (spec section 7), with what this
 * request actually sent for each, so the one that differs from the platform's expectation stands out. It
 * is shown for a refusal before the platform accepted any request of the step, once the session's one read
 * every key may send was refused too: the platform publishes no code's meaning, so the refusal is not read
 * as one of these, only the causes the client can check listed.
 */
function signatureDiagnosis(request, credentials, clockOffsetMs) {
    const causes = [];
    if (credentials.mode === 'rsa') {
        causes.push('RSA mode, so every request is signed (the key must have been made in RSA mode)');
    }
    else {
        causes.push('token mode, so no sign_str is sent (the key must have been made in token mode)');
    }
    const timestamp = request.headers.timestamp ?? '';
    const offset = clockOffsetMs === undefined
        ? 'not measured'
        : `${clockOffsetMs >= 0 ? '+' : '-'}${(0,units/* formatDuration */.a3)(Math.abs(clockOffsetMs))}`;
    causes.push(`timestamp ${timestamp} (${timestamp.length} digits, milliseconds; the platform's clock differs from this runner's by ${offset}, and must differ by under 5 minutes)`);
    causes.push(`version header "${request.headers.version ?? ''}" (it must be this endpoint's interface version, as set by api_version or endpoints)`);
    if (credentials.mode === 'rsa') {
        causes.push(`signed path "${request.target}" (from its leading "/", with the query exactly as sent)`);
        const bytes = Buffer.byteLength(request.body);
        causes.push(request.body === ''
            ? 'no body, signed as the empty string'
            : request.encrypted
                ? `an encrypted body of ${bytes} bytes, signed as the Base64 ciphertext sent, after encrypting`
                : `a JSON body of ${bytes} bytes, signed exactly as sent`);
        causes.push(`private key ${publicKeyFingerprint(credentials.privateKey)} (it must match the public key uploaded for this token; that key's fingerprint is printed by: openssl pkey -pubin -in public.pem -outform DER | openssl dgst -sha256 -binary | base64)`);
    }
    const which = `${request.method} ${(0,protocol_request/* withoutQuery */.j$)(request.target)}`;
    return `The platform refused ${which} before it had accepted any request of this step; should it have refused the key, the timestamp or the signature, this is what was sent for each cause: ${causes.join('; ')}`;
}

// EXTERNAL MODULE: ./platform/throttle.ts
var platform_throttle = __nccwpck_require__(768);
// EXTERNAL MODULE: ./platform/client.ts + 2 modules
var client = __nccwpck_require__(5619);
;// CONCATENATED MODULE: ./platform/session.ts










/**
 * The request a call makes at `now`: signed, and encrypted where its endpoint says; a GET with no
 * Content-Type in the platform's documented forms (the live profile: its reference lists the header for
 * POST, and its scripts send none on a GET), with one in the interface spec's (5.1: every request).
 */
function prepareRequest(connection, call, now) {
    return (0,protocol_request/* buildRequest */.mK)({
        ...call,
        baseUrl: connection.baseUrl,
        credentials: connection.credentials,
        now,
        contentTypeOnGet: connection.apiProfile !== 'live'
    });
}
/**
 * A session with the API: it sends a call as the spec demands, a fresh timestamp and signature each time,
 * and reads the envelope. At most `concurrency` requests are in flight, and a 429 slows every request down
 * until `deadline`. It learns the platform's clock from each answer's Date header. When the platform
 * refuses a call while the clocks are more than its window apart, the clock is corrected whatever the
 * refusal's code (the platform publishes no code's meaning): a read, or a call harmless to repeat, is sent
 * once more; any other fails with a StaleClockError, for the caller to decide (a create goes through its
 * exactly-once path). A read refused once the key is proven is sent once more with a new timestamp:
 * another run with the token may have sent the same call, so the same timestamp and signature, in the same
 * millisecond. A refusal that comes before the platform has accepted any request of the session, when one
 * read every key may send (the resource search) is refused too, or once the clock was corrected, is
 * explained (once a session) by what this request sent for each cause a key, timestamp or signature can be
 * refused for: what the client can check itself, never a reading of the code.
 */
function openSession(connection, runtime, deadline) {
    const warnOfSkew = skewWarning(runtime);
    const proof = new KeyProof();
    const throttle = new platform_throttle/* Throttle */.X5(connection.concurrency, runtime.now, runtime.sleep, deadline);
    const send = async (call, probe = false, notAfter = Infinity) => {
        // Sent once more after a clock correction (`resent`), and once after a refusal of a read once the key
        // is proven (`triedAgain`): each its own once.
        let triedAgain = false;
        for (let resent = false;; resent = true) {
            const { request, answer, onPlatformTime } = await throttle.run(() => stampAndSend(connection, call, runtime, notAfter), notAfter);
            runtime.clock.observe(answer.headers.date, runtime.now());
            // Any answer but a 429 got past the platform's rate limit, a refusal of the call included.
            if (answer.status !== 429)
                throttle.passed();
            const offset = runtime.clock.offsetMs;
            warnOfSkew(offset);
            runtime.debug?.(`answer: HTTP ${answer.status}, ${Buffer.byteLength(answer.body)} bytes`);
            try {
                const result = (0,envelope/* readEnvelope */.H)(answer);
                proof.accepted();
                return { result, raw: answer.body };
            }
            catch (error) {
                if (!(error instanceof envelope/* ApiError */.h))
                    throw error;
                // A 429 slows every request of the step down, for as long as the server asked.
                if (error.httpStatus === 429) {
                    throttle.rateLimited((0,failures/* serverRetryDelay */.Hs)(error, runtime.clock.now()) ?? retry/* DEFAULT_BACKOFF */.VU.baseMs);
                }
                if (!resent && !onPlatformTime && correctedFor(call, request, error, runtime))
                    continue;
                // A refusal says nothing of its cause (no code has a published meaning). Once the key is proven,
                // it is not the key's, the clock's or the signature's; until then the causes are listed.
                const proven = () => proof.proven(() => send((0,calls/* credentialsProbeCall */.B)(connection), true));
                if (!(0,failures/* isRefusal */.vu)(error) || probe)
                    throw error;
                if ((!resent || triedAgain) && (await proven())) {
                    // The key is good, so the refusal may be of this very timestamp and signature: another run with
                    // the token sent the same call in the same millisecond. A read is sent once more, with a new
                    // stamp, whatever the refusal said (no code has a published meaning). A change of state is not:
                    // its caller reads the state and decides, as for any refusal.
                    if (triedAgain || call.traits.resend !== 'read')
                        throw error;
                    triedAgain = true;
                    runtime.debug?.(`the platform refused ${refused(request, error)}: sending it once more with a new timestamp`);
                    continue;
                }
                if (!proof.explainOnce())
                    throw error;
                throw new envelope/* ApiError */.h(`${error.message}. ${signatureDiagnosis(request, connection.credentials, offset)}`, error);
            }
        }
    };
    return (call, limits) => send(call, false, limits?.notAfter ?? Infinity);
}
/**
 * Stamps, signs and sends a call, inside the throttle so a wait there cannot age the timestamp; says
 * whether it was stamped on the corrected clock (a refusal of one stamped before may be the skew's).
 */
async function stampAndSend(connection, call, runtime, notAfter) {
    const onPlatformTime = runtime.clock.corrected;
    const request = prepareRequest(connection, call, runtime.clock.stamp());
    runtime.debug?.(describeForDebug(request));
    const answer = await sendBy(request, runtime, notAfter);
    return { request, answer: withoutSignature(answer, request.headers.sign_str), onPlatformTime };
}
/** Sends a request whose answer is needed by `notAfter`: none by then is a HeldBackError. */
async function sendBy(request, runtime, notAfter) {
    if (notAfter === Infinity)
        return runtime.transport.send(request);
    const neededInMs = notAfter - runtime.now();
    if (neededInMs <= 0)
        throw new platform_throttle/* HeldBackError */.Hx('the read could not be sent before it was needed', neededInMs);
    try {
        return await runtime.transport.send(request, { timeoutMs: neededInMs });
    }
    catch (error) {
        if (error instanceof client/* TransportError */.wX && error.reason === 'late')
            throw new platform_throttle/* HeldBackError */.Hx(`${request.method} ${(0,protocol_request/* withoutQuery */.j$)(request.target)} got no answer`, neededInMs);
        throw error;
    }
}
/**
 * The answer with the request's own signature replaced, should the server echo it (in a refusal's
 * message, say): a signature is used once and never masked (a mask per request would flood the log with
 * ::add-mask:: lines), so it is kept out of everything read from an answer instead. The debug line of a
 * request shows no signature either.
 */
function withoutSignature(answer, signature) {
    if (signature === undefined || signature === '' || !answer.body.includes(signature))
        return answer;
    return { ...answer, body: answer.body.replaceAll(signature, '<redacted>') };
}
/**
 * Whether the platform takes this session's key, clock and signatures: proven by any request it accepted;
 * before any, by one read every key may send (the resource search), sent once, when a request is refused.
 */
class KeyProof {
    #accepted = false;
    #explained = false;
    #probe;
    /** True the first time only: the causes are listed once a session, not under every refusal. */
    explainOnce() {
        const first = !this.#explained;
        this.#explained = true;
        return first;
    }
    accepted() {
        this.#accepted = true;
    }
    proven(probe) {
        if (this.#accepted)
            return Promise.resolve(true);
        this.#probe ??= probe().then(() => true, () => false);
        return this.#probe;
    }
}
/**
 * Whether a refused call is sent once more on a clock corrected now, or by a concurrent call whose refusal
 * came first: a read, or a call harmless to repeat. Any other fails with a StaleClockError; a refusal while
 * the clock needs no correction goes on (false).
 */
function correctedFor(call, request, error, runtime) {
    if (!runtime.clock.correct() && !runtime.clock.corrected)
        return false;
    const offset = runtime.clock.offsetMs ?? 0;
    const again = (0,failures/* transientReason */.bR)(error) === undefined && SENT_AGAIN.has(call.traits.resend);
    runtime.log(`the platform refused ${refused(request, error)} while this runner's clock is ${skewText(offset)} it: stamping requests on the platform's time from now on${again ? ', and sending it once more' : ''}`);
    if (again)
        return true;
    throw new StaleClockError(error, offset);
}
/** Warns once a session that the runner's clock is more than a minute off the platform's. */
function skewWarning(runtime) {
    let warned = false;
    return (offsetMs) => {
        if (warned || offsetMs === undefined || Math.abs(offsetMs) <= 60_000)
            return;
        warned = true;
        runtime.warn(`this runner's clock is ${skewText(offsetMs)} the platform's (by its Date header): keep it in sync with NTP`);
    };
}
/** A refused request as the log names it: its method, path and the refusal's code. */
function refused(request, error) {
    return `${request.method} ${(0,protocol_request/* withoutQuery */.j$)(request.target)} (${(0,safe_text/* sanitize */.aj)(error.code ?? `HTTP ${error.httpStatus}`, 40)})`;
}
/** Calls a session sends once more after correcting its clock: reads, and state changes harmless to repeat. */
const SENT_AGAIN = new Set(['read', 'repeatable']);
/**
 * A refusal that came while the runner's clock was beyond the platform's window, of a call the session
 * does not send again by itself (it may change state). The clock is corrected by now: the caller may send
 * it again where that is safe (a create, once no task of its name has appeared).
 */
class StaleClockError extends envelope/* ApiError */.h {
    constructor(refusal, offsetMs) {
        super(`${refusal.message}; this runner's clock was ${skewText(offsetMs)} the platform's, and is corrected now`, refusal);
        this.name = 'StaleClockError';
    }
}
function skewText(offsetMs) {
    return `${(0,units/* formatDuration */.a3)(Math.abs(offsetMs))} ${offsetMs > 0 ? 'behind' : 'ahead of'}`;
}
/** The request for debug logs: header names, never their secret values, and no body text. */
function describeForDebug(request) {
    const shown = new Set(['version', 'timestamp', 'content-type']);
    const headers = Object.entries(request.headers).map(([name, value]) => `${name}=${shown.has(name) ? value : '<redacted>'}`);
    const body = request.body === ''
        ? 'no body'
        : `body of ${Buffer.byteLength(request.body)} bytes${request.encrypted ? ', encrypted' : ''}`;
    return `request: ${request.method} ${(0,protocol_request/* withoutQuery */.j$)(request.url)} (${headers.join(', ')}; ${body})`;
}


/***/ }),

/***/ 8998:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $4: () => (/* binding */ numberText),
/* harmony export */   $t: () => (/* binding */ placeOf),
/* harmony export */   FQ: () => (/* binding */ jobSnapshotOf),
/* harmony export */   G6: () => (/* binding */ taskIdOf),
/* harmony export */   HN: () => (/* binding */ JOB_HELD_STATUS),
/* harmony export */   Ig: () => (/* binding */ jobFailureReason),
/* harmony export */   MX: () => (/* binding */ isQueued),
/* harmony export */   Vi: () => (/* binding */ JOB_STOPPED_STATUSES),
/* harmony export */   ah: () => (/* binding */ jobFactsOf),
/* harmony export */   az: () => (/* binding */ ACTIVE_STATUSES),
/* harmony export */   eY: () => (/* binding */ snapshotOf),
/* harmony export */   e_: () => (/* binding */ SEARCHABLE_STATUSES),
/* harmony export */   pq: () => (/* binding */ countOf),
/* harmony export */   sS: () => (/* binding */ JOB_ACTIVE_STATUSES)
/* harmony export */ });
/* harmony import */ var lossless_json__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3201);
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2212);


/** The statuses a deployment's task search takes (Other is never searched for). */
const SEARCHABLE_STATUSES = ['Running', 'Pending', 'Paused', 'End'];
/** A deployment's statuses while it still bills: what lookups by name ask for, and task_status by default. */
const ACTIVE_STATUSES = ['Running', 'Pending', 'Paused'];
/**
 * A job's task statuses once it was stopped, by the step, the console or another run: the reference's job
 * list names `Paused` \u5df2\u505c\u6b62 (stopped) and `End` \u5df2\u5220\u9664 (deleted) (suanli-job/api/job-tasks.md). The Job API
 * has no pause: a job in either bills no more.
 */
const JOB_STOPPED_STATUSES = ['Paused', 'End'];
/** A job's task statuses while it may bill: what a search for the jobs of a name asks for. */
const JOB_ACTIVE_STATUSES = ['Running', 'Pending'];
/**
 * job_status.status Manual: the reference lists it among a job's run statuses and says nothing of it. A run
 * held so (by hand, it seems) is read as no success and no end: the wait ends failed, and the job is
 * stopped, since its pods may still run and bill.
 */
const JOB_HELD_STATUS = 'Manual';
/** job_status.status once a job's run has ended: its verdict. */
const RUN_ENDED = ['Complete', 'Failed'];
/**
 * What a job's detail says, for a wait until it ends: its status is its job_status.status (Pending,
 * Running, Complete, Failed; Manual), except that a job stopped before its run ended reads as its task
 * does (Paused or End). The task's status alone is no verdict: a job runs as long as its job_status says.
 * `billsNoMore` and `doubt` are those of jobFactsOf.
 */
function jobSnapshotOf(data) {
    const task = snapshotOf(data, ['status']);
    const { status, running, succeeded, failed, stopped, ended, doubt } = jobFactsOf(data);
    const runEnded = status !== undefined && RUN_ENDED.includes(status);
    return {
        ...task,
        status: stopped && !runEnded ? task.status : status,
        urls: [],
        nodes: undefined,
        billsNoMore: ended,
        ...(doubt === undefined ? {} : { doubt }),
        ...(succeeded === undefined || failed === undefined
            ? {}
            : { pods: `${running ?? 0} running, ${succeeded} succeeded, ${failed} failed` })
    };
}
/** The status at statusField (a dot path), the name and the service URLs of task data. */
function snapshotOf(data, statusField) {
    const status = statusField.reduce((value, key) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(value) || Array.isArray(value) ? value[key] : undefined, data);
    const name = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data) && typeof data.task_name === 'string' ? data.task_name : undefined;
    return {
        status: typeof status === 'string' ? status : typeof status === 'number' ? String(status) : undefined,
        name,
        urls: serviceUrls(data),
        nodes: nodesOf(data),
        billingValue: numberText(data, 'billing_value'),
        forecastValue: numberText(data, 'forecast_value')
    };
}
function jobFactsOf(data) {
    const detail = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data) ? data : {};
    const job = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(detail.job_status) ? detail.job_status : {};
    const status = typeof job.status === 'string' ? job.status : undefined;
    const time = (value) => {
        const ms = typeof value === 'string' ? Date.parse(value) : Number.NaN;
        return Number.isNaN(ms) ? undefined : ms;
    };
    const running = countOf(job.active_pods);
    const succeeded = countOf(job.succeeded_pods);
    const stopped = typeof detail.status === 'string' && JOB_STOPPED_STATUSES.includes(detail.status);
    const runEnded = status !== undefined && RUN_ENDED.includes(status);
    const completions = countOf(detail.points);
    const doubt = status === 'Complete' && succeeded !== undefined && completions !== undefined && succeeded < completions
        ? `its job_status says Complete, but ${succeeded} of its ${completions} completion(s) succeeded`
        : undefined;
    // A run's end that its own counts contradict is no reason to leave a job unstopped; nor is one whose pods
    // are still billed, whatever active_pods says.
    const billing = countOf(detail.billing_points);
    const ended = (billing ?? 0) === 0 && (stopped || (runEnded && (running ?? 0) === 0 && doubt === undefined));
    const start = time(job.create_time);
    const end = time(job.completion_time) ?? (ended ? time(detail.last_update_time) : undefined);
    return {
        status,
        running,
        succeeded,
        failed: countOf(job.failed_pods),
        mode: detail.sub_type === 'Spot' ? 'spot' : 'on_demand',
        stopped,
        runEnded,
        billing,
        ended,
        doubt,
        seconds: start === undefined || end === undefined || end < start ? undefined : Math.round((end - start) / 1000)
    };
}
/**
 * Why a Failed job failed, as its limits say, in one line: its pods that failed past backoff_limit (a new
 * pod per failure with restart_policy Never; restarts in place with OnFailure), or its indexes that
 * failed (index mode). Undefined for a job that did not fail so.
 */
function jobFailureReason(data) {
    const job = jobFactsOf(data);
    if (job.status === JOB_HELD_STATUS)
        return `the platform holds the job ${JOB_HELD_STATUS} (job_status ${JOB_HELD_STATUS}, which its reference lists without saying what it means): not a success; its pods may still run, and bill, until it is stopped`;
    if (job.status !== 'Failed')
        return undefined;
    const support = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data) && (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data.job_support) ? data.job_support : {};
    const mode = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(support.mod_param) ? support.mod_param : {};
    const failed = job.failed ?? 0;
    if ((0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(mode.default)) {
        const limit = countOf(mode.default.backoff_limit);
        const policy = mode.default.restart_policy;
        if (limit === undefined)
            return undefined;
        if (policy === 'OnFailure')
            return `the job failed: its containers failed and restarted in their pods (restart_policy OnFailure) more times than its backoff_limit of ${limit} allows`;
        // Its pods' counts may not say why (0 failed with a backoff_limit of 0): never a reason they contradict.
        if (failed <= limit)
            return endedOtherwise(failed, limit, countOf(support.timeout_sec));
        return `the job failed: ${failed} pod(s) failed, more than its backoff_limit of ${limit} allows (restart_policy Never: each failure runs a new pod)`;
    }
    if ((0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(mode.index)) {
        const retries = countOf(mode.index.index_backoff_limit);
        const most = countOf(mode.index.max_failed_index);
        return `the job failed: its indexes failed after ${retries ?? '?'} retries each (index_backoff_limit)${most === undefined ? '' : `, and ${most} failed index(es) end the job (max_failed_index)`}`;
    }
    return undefined;
}
/** A Failed job whose failed pods are within its backoff_limit: the platform ended it for another reason. */
function endedOtherwise(failed, limit, timeoutSec) {
    const timeout = timeoutSec === undefined ? '' : ` (such as its timeout_sec of ${timeoutSec} s)`;
    return `the job failed with ${failed} pod(s) failed, within its backoff_limit of ${limit}: the platform ended it for another reason${timeout}`;
}
/** Whether a Spot job waits in the queue for stock: its schedule_status is Queued. */
function isQueued(data) {
    return (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data) && data.schedule_status === 'Queued';
}
/** A number field as its text (exact, as written), when it is a number. */
function numberText(data, field) {
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data))
        return undefined;
    const value = data[field];
    const text = (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value)
        ? value.toString()
        : typeof value === 'number'
            ? String(value)
            : undefined;
    return text !== undefined && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(text) ? text : undefined;
}
/** A count of JSON (a number, kept exact or not): a safe whole number of 0 or more, else undefined. */
function countOf(value) {
    const n = (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value)
        ? Number(value.toString())
        : typeof value === 'bigint'
            ? Number(value)
            : value;
    return typeof n === 'number' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}
/** runing_points (the platform's spelling; running_points taken too) and points, both counts. */
function nodesOf(data) {
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data))
        return undefined;
    const running = countOf(data.runing_points ?? data.running_points);
    const total = countOf(data.points);
    return running === undefined || total === undefined ? undefined : { running, total };
}
/** The task_id field of task data, as digits. */
function taskIdOf(data) {
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data))
        return undefined;
    const id = data.task_id;
    const text = typeof id === 'number' || typeof id === 'string' || typeof id === 'bigint'
        ? String(id)
        : (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(id)
            ? id.toString()
            : '';
    return /^\d+$/.test(text) ? text : undefined;
}
function serviceUrls(data) {
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data) || !Array.isArray(data.services))
        return [];
    return data.services.flatMap((service) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(service) && Array.isArray(service.remote_ports)
        ? service.remote_ports.map((port) => (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(port) && typeof port.url === 'string' && port.url !== '' ? port.url : null)
        : []);
}
/**
 * Where a task runs as its data says (a detail's resources[]: each entry's resource.gpu_name and
 * resource.region, and region_name beside it), from its first entry that says either; undefined when
 * none does (a search's row, a mark the platform no longer resolves).
 */
function placeOf(data) {
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(data) || !Array.isArray(data.resources))
        return undefined;
    for (const entry of data.resources) {
        if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(entry))
            continue;
        const resource = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(entry.resource) ? entry.resource : {};
        const text = (value) => typeof value === 'string' && value !== '' ? value : undefined;
        const gpu = text(resource.gpu_name) ?? text(resource.device_name);
        const region = text(entry.region_name) ?? text(resource.region);
        if (gpu !== undefined || region !== undefined)
            return { gpu, region };
    }
    return undefined;
}


/***/ }),

/***/ 7187:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Ay: () => (/* binding */ isTaskKind),
/* harmony export */   Eb: () => (/* binding */ TASK_KINDS),
/* harmony export */   GW: () => (/* binding */ KINDS),
/* harmony export */   Ki: () => (/* binding */ underWay),
/* harmony export */   OT: () => (/* binding */ VOLUME_KIND),
/* harmony export */   Yf: () => (/* binding */ stoppedStatus),
/* harmony export */   Z6: () => (/* binding */ DEPLOYMENT_PATHS),
/* harmony export */   bl: () => (/* binding */ TRANSFER_KIND),
/* harmony export */   dv: () => (/* binding */ leaving),
/* harmony export */   nA: () => (/* binding */ JOB_PATHS),
/* harmony export */   nE: () => (/* binding */ DEPLOYMENT_SPEC_PATHS),
/* harmony export */   z0: () => (/* binding */ PREHEAT_KIND)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(2212);
/* harmony import */ var _transfer_data_js__WEBPACK_IMPORTED_MODULE_4__ = __nccwpck_require__(8100);
/* harmony import */ var _preheat_data_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(6322);
/* harmony import */ var _volume_data_js__WEBPACK_IMPORTED_MODULE_3__ = __nccwpck_require__(5547);
/* harmony import */ var _task_data_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(8998);





/** The statuses of one still under way: on its way, or at work (a transfer queued, preparing or copying). */
function underWay(kind) {
    return [...kind.statuses.settling, ...kind.statuses.running];
}
/** The statuses of one on its way out, or out (a volume Deleting or Deleted). */
function leaving(kind) {
    return [...kind.statuses.ending, ...kind.statuses.ended];
}
/** The status a stop leaves one in (a deployment End, a job Paused): the first of its ended ones. */
function stoppedStatus(kind) {
    return kind.statuses.ended[0] ?? 'End';
}
/** How a deployment's waits end: ready is Running; a pause, Paused; a stop, End (or gone). */
const DEPLOYMENT_WAITS = {
    ready: { success: ['Running'], failure: ['Other', 'End', 'Paused'], gone: 'failure' },
    paused: { success: ['Paused'], failure: ['Other', 'End'], gone: 'failure' },
    ended: { success: ['End'], failure: [], gone: 'success' },
    // Manual: the reference lists it among a job's run statuses without saying what it is; a run held so is
    // no success, and not left to bill while the wait runs out (see jobFailureReason).
    finished: {
        success: ['Complete'],
        failure: ['Failed', _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_HELD_STATUS */ .HN, ..._task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_STOPPED_STATUSES */ .Vi],
        gone: 'failure',
        stopped: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_STOPPED_STATUSES */ .Vi
    }
};
/**
 * A deployment's calls: the reference's paths, and the interface spec's where it names others (its create
 * encrypted, its detail a POST). A deployment's own changes (pause, recover, change_points, update,
 * delete_pod) and its node list are the same in both.
 */
const DEPLOYMENT_PATHS = {
    create: '/api/task/deployment/create',
    detail: '/api/task/deployment/detail',
    search: '/api/deployment/task/search',
    stop: '/api/deployment/task/stop',
    pause: '/api/deployment/task/pause',
    recover: '/api/deployment/task/recover',
    changePoints: '/api/deployment/task/change_points',
    update: '/api/deployment/task/update',
    deleteNode: '/api/deployment/task/delete_pod',
    nodes: '/api/deployment/task/points'
};
/** The interface spec's paths of a deployment, where they are not the reference's. */
const DEPLOYMENT_SPEC_PATHS = {
    create: '/api/deployment/task/create',
    detail: '/api/deployment/task/detail'
};
/** A job's calls (suanli-job/), and those of a job queue's task groups. */
const JOB_PATHS = {
    create: '/api/task/job/create',
    detail: '/api/task/job/detail',
    search: '/api/task/job/search',
    stop: '/api/task/job/stop',
    groupSearch: '/api/job/queue/group/search',
    groupDetail: '/api/job/queue/group/detail'
};
const DEPLOYMENT = {
    name: 'deployment',
    noun: 'task',
    statuses: {
        settling: ['Pending'],
        running: ['Running'],
        success: DEPLOYMENT_WAITS.ready.success,
        failure: ['Other'],
        ending: [],
        ended: ['End'],
        known: ['Pending', 'Running', 'Paused', 'End', 'Other']
    },
    paths: DEPLOYMENT_PATHS,
    specPaths: DEPLOYMENT_SPEC_PATHS,
    leastPollMs: 0,
    bills: true,
    taskType: 'Deployment',
    detail: 'detail',
    stop: 'stop',
    pause: 'pause',
    search: 'search_tasks',
    sweep: 'sweep',
    searchType: 'Deployment',
    activeStatuses: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .ACTIVE_STATUSES */ .az,
    searchableStatuses: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .SEARCHABLE_STATUSES */ .e_,
    // As the reference says: stop, a Running, Pending or Paused task (for good); pause, a Running one;
    // recover, a Paused one.
    changes: {
        stop: { appliesTo: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .ACTIVE_STATUSES */ .az, doneIn: ['End'] },
        pause: { appliesTo: ['Running'], doneIn: ['Paused', 'End'] },
        recover: { appliesTo: ['Paused'], doneIn: [] }
    },
    waitDefaults: DEPLOYMENT_WAITS,
    snapshotOf: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .snapshotOf */ .eY,
    billsNoMore: (status) => status === 'End',
    endedAs: (status) => status,
    runOf: undefined,
    followsLog: false,
    diagnosedNodes: 'stuck',
    failureReason: () => undefined,
    runTimeoutSec: () => undefined,
    nodesAtOnce: (points) => points
};
/**
 * A GPU batch job (suanli-job/): read, stopped and searched in the Job API; it has no pause. Its status
 * is its job_status.status (Pending, Manual, Running, Complete, Failed), or its task's Paused or End once
 * stopped; it bills no more once stopped, or once its run ended with no pod active (see JobFacts.ended).
 */
const JOB = {
    name: 'job',
    noun: 'job',
    // The reference's job list names a stopped job Paused (\u5df2\u505c\u6b62); Manual is a run held (see JOB_HELD_STATUS).
    statuses: {
        settling: ['Pending'],
        running: ['Running'],
        success: ['Complete'],
        failure: ['Failed', _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_HELD_STATUS */ .HN],
        ending: [],
        ended: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_STOPPED_STATUSES */ .Vi,
        known: ['Pending', _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_HELD_STATUS */ .HN, 'Running', 'Complete', 'Failed', ..._task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_STOPPED_STATUSES */ .Vi]
    },
    paths: JOB_PATHS,
    specPaths: {},
    leastPollMs: 0,
    bills: true,
    taskType: 'Job',
    detail: 'job_detail',
    stop: 'job_stop',
    pause: undefined,
    search: 'job_search',
    sweep: undefined,
    searchType: undefined,
    activeStatuses: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_ACTIVE_STATUSES */ .sS,
    searchableStatuses: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .SEARCHABLE_STATUSES */ .e_,
    // As the reference says, stop applies to a Running or Pending job. A stopped job may read Paused (the job
    // list's \u5df2\u505c\u6b62) or End.
    changes: { stop: { appliesTo: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_ACTIVE_STATUSES */ .sS, doneIn: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_STOPPED_STATUSES */ .Vi } },
    // A job is stopped once it reads Paused or End: a wait for its stop ends there.
    waitDefaults: {
        ...DEPLOYMENT_WAITS,
        ended: { success: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .JOB_STOPPED_STATUSES */ .Vi, failure: [], gone: 'success' }
    },
    snapshotOf: (data) => (0,_task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .jobSnapshotOf */ .FQ)(data),
    billsNoMore: (_status, data) => (0,_task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .jobFactsOf */ .ah)(data).ended,
    endedAs: (status, data) => (0,_task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .jobSnapshotOf */ .FQ)(data).status ?? status,
    runOf: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .jobFactsOf */ .ah,
    followsLog: true,
    diagnosedNodes: 'failed',
    failureReason: _task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .jobFailureReason */ .Ig,
    runTimeoutSec: (body) => {
        const seconds = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(body.job_support) ? (0,_task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .countOf */ .pq)(body.job_support.timeout_sec) : undefined;
        return seconds === 0 ? undefined : seconds;
    },
    // Its pods run `parallelism` at a time, however many completions (points) it has.
    nodesAtOnce: (points, body) => {
        const support = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_1__/* .isRecord */ .u)(body.job_support) ? body.job_support : {};
        return Math.min(points, (0,_task_data_js__WEBPACK_IMPORTED_MODULE_0__/* .countOf */ .pq)(support.parallelism) ?? 1);
    }
};
/**
 * A GPU runner for a workflow's job (issue 62): a platform job whose container is GitHub's runner, started
 * with a just-in-time configuration. On the platform it is a job in every way (made, read, searched and
 * stopped by the Job API, billed until it ends); what a runner adds (its registration, its state as GitHub
 * lists it) is the runner capability's, on GitHub's side. Its runner takes one workflow job and exits, so
 * its job completes by itself; its timeout_sec ends one that never got a job.
 */
const RUNNER = { ...JOB, name: 'runner', noun: 'runner' };
const TASK_KINDS = {
    deployment: DEPLOYMENT,
    job: JOB,
    runner: RUNNER
};
const PREHEAT_KIND = {
    name: 'preheat',
    noun: 'preheat',
    taskType: 'ImagePreHeat',
    // Its task's statuses (image-preheat-detail.md); it did its work once every region's cache reads
    // Completed, and ran out once its task reads End.
    statuses: {
        settling: ['Pending'],
        running: ['Running'],
        success: [_preheat_data_js__WEBPACK_IMPORTED_MODULE_2__/* .PREHEAT_COMPLETED */ .IA],
        failure: [],
        ending: [],
        ended: ['End'],
        known: ['Pending', 'Running', 'Paused', 'End']
    },
    paths: {
        create: '/api/task/image_preheat/create',
        regions: '/api/task/image_preheat/get_regions',
        detail: '/api/task/image_preheat/detail',
        stop: '/api/task/image_preheat/stop'
    },
    specPaths: {},
    pause: undefined,
    followsLog: false,
    leastPollMs: 10_000,
    bills: false,
    changes: {},
    progressOf: _preheat_data_js__WEBPACK_IMPORTED_MODULE_2__/* .preheatProgressOf */ .Sb
};
const VOLUME_KIND = {
    name: 'volume',
    noun: 'volume',
    // A volume is at work, and bills, from Active until it is gone.
    statuses: {
        settling: _volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_SETTLING */ .uw,
        running: [_volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_ACTIVE */ .K3],
        success: [_volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_ACTIVE */ .K3],
        failure: [_volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_FAILED */ .$N],
        ending: _volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_LEAVING */ .ae.filter((status) => status !== _volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_DELETED */ .lc),
        ended: [_volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_DELETED */ .lc],
        known: [..._volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_SETTLING */ .uw, _volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_ACTIVE */ .K3, _volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_FAILED */ .$N, ..._volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .VOLUME_LEAVING */ .ae]
    },
    paths: {
        configs: '/api/storage/nas/v1/pre-create',
        options: '/api/storage/nas/v1/dictionaries',
        summary: '/api/storage/nas/v1/summary',
        list: '/api/storage/nas/v1/list',
        create: '/api/storage/nas/v1/create',
        expand: '/api/storage/nas/v1/expand',
        delete: '/api/storage/nas/v1/delete',
        rename: '/api/storage/nas/v1/rename',
        sftpObtain: '/api/storage/nas/v1/sftp/obtain',
        sftpDestroy: '/api/storage/nas/v1/sftp/destroy'
    },
    specPaths: {},
    pause: undefined,
    followsLog: false,
    leastPollMs: 10_000,
    bills: true,
    changes: {},
    volumesOf: _volume_data_js__WEBPACK_IMPORTED_MODULE_3__/* .volumesOf */ .v3
};
const TRANSFER_KIND = {
    name: 'transfer',
    noun: 'transfer',
    // known: every status the list's statuses filter takes, Deleted too (a lost create is looked for in them
    // all). A stop applies to a Running one only.
    statuses: {
        settling: _transfer_data_js__WEBPACK_IMPORTED_MODULE_4__/* .TRANSFER_UNDER_WAY */ .VT.filter((status) => status !== _transfer_data_js__WEBPACK_IMPORTED_MODULE_4__/* .TRANSFER_RUNNING */ ._F),
        running: [_transfer_data_js__WEBPACK_IMPORTED_MODULE_4__/* .TRANSFER_RUNNING */ ._F],
        success: [_transfer_data_js__WEBPACK_IMPORTED_MODULE_4__/* .TRANSFER_COMPLETED */ .c3],
        failure: _transfer_data_js__WEBPACK_IMPORTED_MODULE_4__/* .TRANSFER_FAILED */ .O$,
        ending: [],
        ended: _transfer_data_js__WEBPACK_IMPORTED_MODULE_4__/* .TRANSFER_STOPPED */ .mU,
        known: _transfer_data_js__WEBPACK_IMPORTED_MODULE_4__/* .TRANSFER_STATUSES */ .hY
    },
    changes: { stop: { appliesTo: [_transfer_data_js__WEBPACK_IMPORTED_MODULE_4__/* .TRANSFER_RUNNING */ ._F], doneIn: _transfer_data_js__WEBPACK_IMPORTED_MODULE_4__/* .TRANSFER_STOPPED */ .mU } },
    paths: {
        check: '/api/storage/nas/v1/encrypt/s3/check',
        create: '/api/storage/nas/v1/encrypt/s3/create',
        retry: '/api/storage/nas/v1/encrypt/s3/retry',
        detail: '/api/storage/nas/v1/s3/detail',
        list: '/api/storage/nas/v1/s3/list',
        stop: '/api/storage/nas/v1/s3/stop',
        delete: '/api/storage/nas/v1/s3/delete'
    },
    // The interface spec's storage check: other fields, on another path, encrypted as the reference's is.
    specPaths: { check: '/api/storage/encrypt/check' },
    pause: undefined,
    followsLog: false,
    leastPollMs: 10_000,
    bills: false,
    transferOf: _transfer_data_js__WEBPACK_IMPORTED_MODULE_4__/* .transferOf */ .ND,
    transferNamed: _transfer_data_js__WEBPACK_IMPORTED_MODULE_4__/* .transferNamed */ .$M
};
const KINDS = {
    ...TASK_KINDS,
    preheat: PREHEAT_KIND,
    volume: VOLUME_KIND,
    transfer: TRANSFER_KIND
};
/** Whether a kind is one of tasks (a deployment's or a job's): read, waited for, stopped by task id. */
function isTaskKind(kind) {
    return kind.name === 'deployment' || kind.name === 'job' || kind.name === 'runner';
}


/***/ }),

/***/ 768:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Hx: () => (/* binding */ HeldBackError),
/* harmony export */   X5: () => (/* binding */ Throttle),
/* harmony export */   zJ: () => (/* binding */ PastDeadlineError)
/* harmony export */ });
/* harmony import */ var _basics_units_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2589);

/** The platform asked for a pause that would end at or after the deadline: waiting for it is pointless. */
class PastDeadlineError extends Error {
    pauseMs;
    leftMs;
    constructor(pauseMs, leftMs) {
        super(`the platform asked for a pause of ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(pauseMs)} before the next request (429 with Retry-After), longer than the ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(leftMs)} left before the deadline`);
        this.pauseMs = pauseMs;
        this.leftMs = leftMs;
        this.name = 'PastDeadlineError';
    }
}
/**
 * A read asked to be answered by a moment (a wait held to max_cost: the moment the cost reaches the cap)
 * would be held back past it: by the platform's pause after a 429 (its Retry-After), or by no answer in
 * time. Waiting for it would let the cost pass the cap unseen: the caller acts first (stops what bills),
 * and reads after.
 */
class HeldBackError extends Error {
    why;
    neededInMs;
    constructor(
    /** Why the read would come late, as a line says it. */
    why, 
    /** How long before it the read was needed by, from when it was held back. */
    neededInMs) {
        super(`${why}, past the moment it was needed by (in ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(Math.max(0, neededInMs))})`);
        this.why = why;
        this.neededInMs = neededInMs;
        this.name = 'HeldBackError';
    }
}
/**
 * Paces one step's requests to the platform. At most `concurrency` are in flight. When the platform
 * answers 429, every request waits out its Retry-After, and the throttle learns how many requests a
 * cycle between two such answers carries; in later cycles it sends the last few of them one at a time,
 * so that a single request, not every request in flight, meets the exhausted limit. Bulk steps under a
 * rate limit so run at the platform's rate with about one 429 per cycle.
 */
class Throttle {
    concurrency;
    now;
    sleep;
    deadline;
    #inFlight = 0;
    #pausedUntil = 0;
    #cycleSuccesses = 0;
    /** Requests that went through in the last cycle that ended in a 429. */
    #capacity;
    #waiting = [];
    constructor(concurrency, now, sleep, 
    /** No pause is slept through past this time: the request fails with PastDeadlineError instead. */
    deadline = Infinity) {
        this.concurrency = concurrency;
        this.now = now;
        this.sleep = sleep;
        this.deadline = deadline;
    }
    /** How many requests may be in flight now. */
    get limit() {
        const nearTheEnd = this.#capacity !== undefined && this.#cycleSuccesses + this.concurrency >= this.#capacity;
        return nearTheEnd ? 1 : this.concurrency;
    }
    /**
     * Runs `request` when the pace allows. `notAfter`: the request is needed by then; a pause that would
     * hold it past that fails it with a HeldBackError instead of being slept through.
     */
    async run(request, notAfter = Infinity) {
        await this.#acquire(notAfter);
        try {
            return await request();
        }
        finally {
            this.#inFlight -= 1;
            // Every waiter looks again: the limit may have risen as well as a place freed.
            for (const wake of this.#waiting.splice(0))
                wake();
        }
    }
    /** The platform asked to slow down: everyone waits `pauseMs`, and a new cycle begins. */
    rateLimited(pauseMs) {
        if (this.#cycleSuccesses > 0)
            this.#capacity = this.#cycleSuccesses;
        this.#cycleSuccesses = 0;
        this.#pausedUntil = Math.max(this.#pausedUntil, this.now() + pauseMs);
    }
    /** A request got past the platform's rate limit. */
    passed() {
        this.#cycleSuccesses += 1;
    }
    async #acquire(notAfter) {
        for (;;) {
            const now = this.now();
            const pause = this.#pausedUntil - now;
            if (pause > 0) {
                if (this.#pausedUntil >= this.deadline)
                    throw new PastDeadlineError(pause, this.deadline - now);
                if (this.#pausedUntil > notAfter)
                    throw new HeldBackError(`the platform asked for a pause of ${(0,_basics_units_js__WEBPACK_IMPORTED_MODULE_0__/* .formatDuration */ .a3)(pause)} before the next request (429 with Retry-After)`, notAfter - now);
                await this.sleep(pause);
            }
            else if (this.#inFlight < this.limit) {
                this.#inFlight += 1;
                return;
            }
            else {
                await new Promise((resolve) => this.#waiting.push(resolve));
            }
        }
    }
}


/***/ }),

/***/ 8100:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $M: () => (/* binding */ transferNamed),
/* harmony export */   G5: () => (/* binding */ transfersOf),
/* harmony export */   ND: () => (/* binding */ transferOf),
/* harmony export */   O$: () => (/* binding */ TRANSFER_FAILED),
/* harmony export */   VT: () => (/* binding */ TRANSFER_UNDER_WAY),
/* harmony export */   _F: () => (/* binding */ TRANSFER_RUNNING),
/* harmony export */   c3: () => (/* binding */ TRANSFER_COMPLETED),
/* harmony export */   hY: () => (/* binding */ TRANSFER_STATUSES),
/* harmony export */   mU: () => (/* binding */ TRANSFER_STOPPED),
/* harmony export */   xz: () => (/* binding */ transferPercent)
/* harmony export */ });
/* unused harmony export TRANSFER_DELETED */
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2212);
/* harmony import */ var _task_data_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(8998);


/** A transfer on its way: queued, being prepared, or copying. */
const TRANSFER_UNDER_WAY = ['Queuing', 'Pending', 'Running'];
/** The one status a transfer can be stopped in. */
const TRANSFER_RUNNING = 'Running';
/** A transfer that copied everything. */
const TRANSFER_COMPLETED = 'Completed';
/** A transfer that failed: retried (s3/retry) as the user allows, its error_code and error_message said. */
const TRANSFER_FAILED = ['Error', 'Exception'];
/** A transfer someone deleted (a retry deletes the one it submits again, and makes a new one of its name). */
const TRANSFER_DELETED = 'Deleted';
/** A transfer someone stopped, or deleted. */
const TRANSFER_STOPPED = ['Stopped', TRANSFER_DELETED];
/** Every status the reference lists (s3-list.md: what its statuses filter takes). */
const TRANSFER_STATUSES = [
    ...TRANSFER_UNDER_WAY,
    TRANSFER_COMPLETED,
    ...TRANSFER_FAILED,
    ...TRANSFER_STOPPED
];
/**
 * The transfer of that name to follow among `transfers` (a list of every status): a retry makes a new
 * transfer of the same name and deletes the one it submits again, so the newest (the greatest id) that is
 * not Deleted; else, when all of the name are Deleted, the newest of them; undefined when none has it.
 */
function transferNamed(transfers, name) {
    const newestFirst = transfers
        .filter((t) => t.name === name)
        .sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : BigInt(b.id) < BigInt(a.id) ? -1 : 0));
    return newestFirst.find((t) => t.status !== TRANSFER_DELETED) ?? newestFirst[0];
}
/** A transfer's detail (or an item of the list). Undefined for an answer without an id. */
function transferOf(data) {
    if (!(0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data))
        return undefined;
    const id = (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(data.id);
    if (id === undefined)
        return undefined;
    const positive = (value) => {
        const n = (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(value);
        return n === undefined || n === 0 ? undefined : n;
    };
    return {
        id: String(id),
        name: text(data.name),
        status: text(data.status),
        direction: data.direction === 1 ? 'to_volume' : data.direction === 2 ? 'to_object_storage' : undefined,
        filesDone: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(data.ready_files),
        filesTotal: positive(data.total_files),
        bytesDone: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(data.transferred_bytes),
        bytesTotal: positive(data.total_bytes),
        bytesPerSecond: positive(data.bps),
        secondsLeft: positive(data.remaining_seconds),
        storageId: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(data.storage_id) === undefined ? undefined : String((0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(data.storage_id)),
        errorCode: text(data.error_code),
        errorMessage: text(data.error_message)
    };
}
/** The transfers of a list's answer (`results`). */
function transfersOf(data) {
    const results = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) && Array.isArray(data.results) ? data.results : [];
    return results.flatMap((entry) => {
        const transfer = transferOf(entry);
        return transfer === undefined ? [] : [transfer];
    });
}
/** How far a transfer is, in percent of its bytes (else of its files); undefined while its totals are counted. */
function transferPercent(transfer) {
    const share = (done, total) => done === undefined || total === undefined ? undefined : Math.min(100, (done / total) * 100);
    return share(transfer.bytesDone, transfer.bytesTotal) ?? share(transfer.filesDone, transfer.filesTotal);
}
const text = (value) => (typeof value === 'string' ? value : undefined);


/***/ }),

/***/ 8690:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   _: () => (/* binding */ USER_AGENT),
/* harmony export */   x: () => (/* binding */ VERSION)
/* harmony export */ });
/** The action's version (kept equal to package.json's by a test), for the User-Agent header. */
const VERSION = '0.2.0';
const USER_AGENT = `elastic-deploy-action/${VERSION}`;


/***/ }),

/***/ 5547:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   $N: () => (/* binding */ VOLUME_FAILED),
/* harmony export */   K3: () => (/* binding */ VOLUME_ACTIVE),
/* harmony export */   Ub: () => (/* binding */ volumeSummaryOf),
/* harmony export */   ae: () => (/* binding */ VOLUME_LEAVING),
/* harmony export */   gw: () => (/* binding */ volumeOptionsOf),
/* harmony export */   hp: () => (/* binding */ volumeConfigsOf),
/* harmony export */   jy: () => (/* binding */ volumeWriteOf),
/* harmony export */   lc: () => (/* binding */ VOLUME_DELETED),
/* harmony export */   uw: () => (/* binding */ VOLUME_SETTLING),
/* harmony export */   v3: () => (/* binding */ volumesOf)
/* harmony export */ });
/* harmony import */ var _basics_records_js__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(2212);
/* harmony import */ var _task_data_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(8998);


/** A volume that can be mounted and copied to. */
const VOLUME_ACTIVE = 'Active';
/** A volume on its way to Active: made or grown, not ready yet. */
const VOLUME_SETTLING = ['Creating', 'Expanding'];
/** A volume that failed: its error_code and error_message say why. */
const VOLUME_FAILED = 'Exception';
/** A volume that is gone (no list shows it, but an answer may say it). */
const VOLUME_DELETED = 'Deleted';
/** A volume on its way out, or out: no list shows a Deleted one. */
const VOLUME_LEAVING = ['Deleting', 'Deleted'];
/** The volumes of a list's answer (`results`). */
function volumesOf(data) {
    const results = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) && Array.isArray(data.results) ? data.results : [];
    return results.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u).flatMap((entry) => {
        const id = idText(entry.storage_id);
        if (id === undefined)
            return [];
        const region = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(entry.region) ? entry.region : {};
        const used = entry.used_size;
        return [
            {
                id,
                name: text(entry.name) ?? '',
                region: text(region.tag),
                regionName: text(region.name),
                storageClass: text(entry.storage_class),
                storageClassName: text(entry.storage_class_name),
                status: text(entry.status),
                totalBytes: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(entry.total_size),
                usedBytes: used === -1 ? undefined : (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(used),
                displayUnitPrice: text(entry.display_unit_price),
                mounts: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(entry.instance_count) ?? 0,
                instances: instancesOf(entry.instances),
                errorCode: text(entry.error_code),
                errorMessage: text(entry.error_message)
            }
        ];
    });
}
/** The tasks and jobs of a list entry's `instances`. */
function instancesOf(value) {
    return (Array.isArray(value) ? value : []).filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u).map((entry) => ({
        id: idText(entry.instance_id),
        name: text(entry.instance_name),
        type: text(entry.instance_type),
        path: text(entry.mount_path)
    }));
}
/** The configurations of a pre-create answer (`configs`). */
function volumeConfigsOf(data) {
    const configs = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) && Array.isArray(data.configs) ? data.configs : [];
    return configs.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u).flatMap((entry) => {
        const id = idText(entry.id);
        if (id === undefined)
            return [];
        const region = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(entry.region) ? entry.region : {};
        const total = (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(entry.total_capacity);
        const allocated = (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(entry.allocated_capacity);
        return [
            {
                id,
                name: text(entry.name),
                region: text(region.tag),
                regionName: text(region.name),
                storageClass: text(entry.storage_class),
                storageClassName: text(entry.storage_class_name),
                available: entry.status === 'Available',
                freeBytes: total === undefined || allocated === undefined ? undefined : Math.max(0, total - allocated),
                displayUnitPrice: text(entry.display_unit_price)
            }
        ];
    });
}
/** The regions and storage classes of a dictionaries answer (`regions`, `storage_classes`). */
function volumeOptionsOf(data) {
    const record = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) ? data : {};
    const entries = (value) => Array.isArray(value) ? value.filter(_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u) : [];
    return {
        regions: entries(record.regions).flatMap((entry) => {
            const tag = text(entry.tag);
            return tag === undefined ? [] : [{ tag, name: text(entry.name) }];
        }),
        storageClasses: entries(record.storage_classes).flatMap((entry) => {
            const storageClass = text(entry.storage_class);
            return storageClass === undefined ? [] : [{ storageClass, name: text(entry.storage_class_name) }];
        })
    };
}
/** The id a create, an expand or a delete answered about (`storage_id`), and the status it gave. */
function volumeWriteOf(data) {
    const record = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) ? data : {};
    return { id: idText(record.storage_id), status: text(record.status) };
}
const text = (value) => (typeof value === 'string' ? value : undefined);
const idText = (value) => {
    const id = (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(value);
    return id === undefined
        ? typeof value === 'string' && /^\d+$/.test(value)
            ? value
            : undefined
        : String(id);
};
/** The summary of a summary answer. */
function volumeSummaryOf(data) {
    const record = (0,_basics_records_js__WEBPACK_IMPORTED_MODULE_0__/* .isRecord */ .u)(data) ? data : {};
    return {
        count: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(record.volume_count),
        totalBytes: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(record.total_size),
        usedBytes: record.used_size === -1 ? undefined : (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(record.used_size),
        meanUnitPrice: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(record.estimated_price),
        perTenMinutes: (0,_task_data_js__WEBPACK_IMPORTED_MODULE_1__/* .countOf */ .pq)(record.coin_sum_slice)
    };
}


/***/ }),

/***/ 3421:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   H: () => (/* binding */ readEnvelope),
/* harmony export */   h: () => (/* binding */ ApiError)
/* harmony export */ });
/* harmony import */ var lossless_json__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3201);
/* harmony import */ var _basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__ = __nccwpck_require__(9817);
/* harmony import */ var _json_js__WEBPACK_IMPORTED_MODULE_2__ = __nccwpck_require__(6539);



/** The platform refused the call, or answered something that is not a success envelope. */
class ApiError extends Error {
    httpStatus;
    /** The envelope's code; undefined when the answer was not an envelope. */
    code;
    /** What the body was: an envelope, something else (a page, JSON cut short), or JSON nested too deep. */
    body;
    /** The envelope's description, or an excerpt of a non-JSON answer. */
    description;
    requestId;
    /** The Retry-After and Date headers, to time a retry. */
    retryAfter;
    serverDate;
    constructor(message, details) {
        super(message);
        this.name = 'ApiError';
        this.httpStatus = details.httpStatus;
        this.code = details.code;
        this.body = details.body;
        this.description = details.description;
        this.requestId = details.requestId;
        this.retryAfter = details.retryAfter;
        this.serverDate = details.serverDate;
    }
}
const REQUEST_ID_HEADERS = ['x-request-id', 'x-trace-id', 'request-id', 'x-amzn-requestid'];
/**
 * Reads the envelope {code, msg, data}. Success is HTTP 200 with code "0000" (or the number 0, as older
 * descriptions write it); the description is `msg` (spec) or `message` (the live platform). Anything
 * else is an ApiError carrying the HTTP status, the code and description, or an excerpt of a non-JSON
 * answer.
 */
function readEnvelope(answer) {
    const requestId = REQUEST_ID_HEADERS.map((name) => headerText(answer.headers[name])).find((v) => v !== undefined);
    const timing = {
        retryAfter: headerText(answer.headers['retry-after']),
        serverDate: headerText(answer.headers.date)
    };
    const idNote = requestId === undefined ? '' : ` (request id ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(requestId, 80)})`;
    const read = envelopeOf(answer.body);
    if (read === 'too_deep') {
        throw new ApiError(`HTTP ${answer.status} with JSON nested deeper than ${_json_js__WEBPACK_IMPORTED_MODULE_2__/* .MAX_JSON_DEPTH */ .KX} levels${idNote}`, {
            ...timing,
            httpStatus: answer.status,
            code: undefined,
            body: 'too_deep',
            description: undefined,
            requestId
        });
    }
    if (read === undefined) {
        const type = headerText(answer.headers['content-type'])?.split(';')[0] ?? 'no content type';
        const excerpt = (0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(stripHtml(answer.body), 200);
        throw new ApiError(`HTTP ${answer.status} with a non-JSON answer (${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(type, 60)})${excerpt === '' ? '' : `: "${excerpt}"`}${idNote}`, {
            ...timing,
            httpStatus: answer.status,
            code: undefined,
            body: 'not_envelope',
            description: excerpt,
            requestId
        });
    }
    const envelope = codeAsText(read);
    const success = envelope.code === '0000' || envelope.code === 0;
    const code = success ? '0000' : codeText(envelope.code);
    const msg = typeof envelope.msg === 'string'
        ? envelope.msg
        : typeof envelope.message === 'string'
            ? envelope.message
            : '';
    if (answer.status === 200 && success)
        return { code, msg, data: envelope.data ?? null, envelope: read };
    throw new ApiError(`HTTP ${answer.status}, code ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(code, 40)}: ${(0,_basics_safe_text_js__WEBPACK_IMPORTED_MODULE_1__/* .sanitize */ .aj)(msg, 500) || '(no description)'}${idNote}`, {
        ...timing,
        httpStatus: answer.status,
        code,
        body: 'envelope',
        description: msg,
        requestId
    });
}
function envelopeOf(body) {
    let parsed;
    try {
        parsed = (0,_json_js__WEBPACK_IMPORTED_MODULE_2__/* .parseJson */ .qF)(body);
    }
    catch (error) {
        return error instanceof _json_js__WEBPACK_IMPORTED_MODULE_2__/* .JsonDepthError */ .Q_ ? 'too_deep' : undefined;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !('code' in parsed))
        return undefined;
    return parsed;
}
/** The envelope with its code as text where it came as an exact number. */
function codeAsText(envelope) {
    return (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(envelope.code) ? { ...envelope, code: envelope.code.toString() } : envelope;
}
function codeText(code) {
    if (typeof code === 'string')
        return code;
    if (typeof code === 'number')
        return String(code);
    return JSON.stringify(code);
}
function headerText(value) {
    return Array.isArray(value) ? value.join(', ') : value;
}
function stripHtml(text) {
    return /<[a-z!/][^>]*>/i.test(text)
        ? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ')
        : text;
}


/***/ }),

/***/ 6539:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   Gu: () => (/* binding */ exactNumberOf),
/* harmony export */   Jq: () => (/* binding */ toIndentedJson),
/* harmony export */   KX: () => (/* binding */ MAX_JSON_DEPTH),
/* harmony export */   LT: () => (/* binding */ parseJsonAsWritten),
/* harmony export */   Q_: () => (/* binding */ JsonDepthError),
/* harmony export */   ZJ: () => (/* binding */ toCompactJson),
/* harmony export */   b3: () => (/* binding */ parseWrittenJson),
/* harmony export */   bt: () => (/* binding */ compactJsonOfRead),
/* harmony export */   i7: () => (/* binding */ exactInteger),
/* harmony export */   qF: () => (/* binding */ parseJson)
/* harmony export */ });
/* unused harmony export isSafeNumberText */
/* harmony import */ var lossless_json__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(3201);

/**
 * The deepest nesting of arrays and objects read. API answers nest a few levels; the JSON reader and
 * writer recurse once per level, so an answer thousands of levels deep would overflow the stack.
 */
const MAX_JSON_DEPTH = 256;
/** JSON nested deeper than MAX_JSON_DEPTH: refused before parsing. */
class JsonDepthError extends Error {
    constructor() {
        super(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
        this.name = 'JsonDepthError';
    }
}
/**
 * JSON without precision loss. Numbers that a double holds exactly become numbers; any other number
 * (a task id beyond 2^53, a long decimal) stays a LosslessNumber that prints back as the same digits.
 *
 * Text in which no number can lose a digit is read by JSON.parse, which then gives the same value, in
 * V8's native parser. lossless-json's parser is JavaScript: reading the answers of a bulk detail, V8
 * compiles it again for speed, and its optimizing compiler alone took 5 MiB of that step's 72 MiB peak.
 * A key given twice counts once, with its last value, on both paths (lossless-json would refuse it):
 * the answer is the platform's to give. What a user writes is read by parseWrittenJson.
 */
function parseJson(text) {
    refuseTooDeep(text);
    if (!holdsUnsafeNumber(text))
        return JSON.parse(text);
    return (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .qg)(text, null, { parseNumber: exactNumber, onDuplicateKey: ({ newValue }) => newValue });
}
/**
 * JSON a user wrote (an input's body or query), read as parseJson reads it, except that a key given
 * twice is refused (a SyntaxError): in a body, it is most likely a mistake that one value would hide.
 */
function parseWrittenJson(text) {
    refuseTooDeep(text);
    return (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .qg)(text, null, exactNumber);
}
function exactNumber(digits) {
    return isSafeNumberText(digits) ? Number(digits) : new lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .LosslessNumber */ ._J(digits);
}
function refuseTooDeep(text) {
    if (bracketsMoreThan(text, MAX_JSON_DEPTH) && nestsDeeperThan(text, MAX_JSON_DEPTH))
        throw new JsonDepthError();
}
/**
 * Compact JSON as the spec wants it signed and encrypted: no spaces, non-ASCII characters as raw
 * UTF-8 (never \u escapes), bigints and LosslessNumbers as their exact digits.
 */
function toCompactJson(value) {
    // A value with no exact number in it prints the same through V8's native writer, many times faster: a
    // bulk step writes a thousand answers. lossless-json's writer follows JSON.stringify in all else.
    const text = holdsExactNumber(value, 0) ? (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .stringify */ .As)(value) : JSON.stringify(value);
    if (text === undefined)
        throw new TypeError('the value has no JSON form');
    return text;
}
/**
 * The compact JSON of a value parseJson read from `text` (the whole of it or a part, redacted or not):
 * as toCompactJson writes it, without looking through the value for exact numbers when the text holds
 * none, as parseJson found.
 */
function compactJsonOfRead(value, text) {
    if (holdsUnsafeNumber(text))
        return toCompactJson(value);
    const written = JSON.stringify(value);
    if (written === undefined)
        throw new TypeError('the value has no JSON form');
    return written;
}
/**
 * Whether a value holds a bigint or a LosslessNumber, which only lossless-json writes as their digits
 * (or is nested deeper than MAX_JSON_DEPTH, which it refuses as JSON.stringify would not: the slow path).
 */
function holdsExactNumber(value, depth) {
    if (typeof value === 'bigint')
        return true;
    if (typeof value !== 'object' || value === null)
        return false;
    if ((0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isLosslessNumber */ .s_)(value) || depth > MAX_JSON_DEPTH)
        return true;
    if (Array.isArray(value))
        return value.some((item) => holdsExactNumber(item, depth + 1));
    for (const key in value) {
        if (holdsExactNumber(value[key], depth + 1))
            return true;
    }
    return false;
}
/**
 * JSON with every number kept as the text it was written in (a LosslessNumber, whose toString gives its
 * digits back): for a figure shown as written, never through a double ("0.0000001", not "1e-7").
 */
function parseJsonAsWritten(text) {
    refuseTooDeep(text);
    return (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .parse */ .qg)(text, null, (digits) => new lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .LosslessNumber */ ._J(digits));
}
/** An exact JSON integer from its decimal digits. */
function exactInteger(digits) {
    return new lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .LosslessNumber */ ._J(digits);
}
/**
 * More than `max` opening brackets in all, strings included: only such text can nest deeper, and only
 * then is it scanned. Counted by indexOf, not by a regular expression, which on an answer of millions of
 * characters can fill V8's bounded backtracking stack.
 */
function bracketsMoreThan(text, max) {
    let count = 0;
    for (const bracket of ['[', '{'])
        for (let at = text.indexOf(bracket); at >= 0; at = text.indexOf(bracket, at + 1))
            if (++count > max)
                return true;
    return false;
}
/** A digit before a point or an exponent, or 16 digits in a row (every integer of 15 is exact). */
const NUMBER_HINT = /\d[.eE]|\d{16}/g;
/**
 * Whether a token is one whole JSON number, as RFC 8259 writes it (-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?).
 * A scan, not a regular expression: a number of millions of digits would fill the expression's
 * backtracking stack, which V8 bounds (a RangeError, seen in the suite on a busy machine).
 */
function isJsonNumber(token) {
    let at = token.startsWith('-') ? 1 : 0;
    const digitsFrom = (from) => {
        let end = from;
        while (end < token.length && isDigit(token.charCodeAt(end)))
            end++;
        return end;
    };
    const integerEnd = digitsFrom(at);
    if (integerEnd === at || (token.charCodeAt(at) === 0x30 && integerEnd > at + 1))
        return false;
    at = integerEnd;
    if (token.charCodeAt(at) === 0x2e) {
        const fractionEnd = digitsFrom(at + 1);
        if (fractionEnd === at + 1)
            return false;
        at = fractionEnd;
    }
    if (token.charCodeAt(at) === 0x65 || token.charCodeAt(at) === 0x45) {
        const sign = token.charCodeAt(at + 1) === 0x2b || token.charCodeAt(at + 1) === 0x2d ? 1 : 0;
        const exponentEnd = digitsFrom(at + 1 + sign);
        if (exponentEnd === at + 1 + sign)
            return false;
        at = exponentEnd;
    }
    return at === token.length;
}
function isDigit(c) {
    return c >= 0x30 && c <= 0x39;
}
/** The most significant digits a double can need to be written back exactly. */
const DOUBLE_DIGITS = 17;
/**
 * Whether a JSON number reads as a double without losing a digit, as lossless-json's isSafeNumber says,
 * without its regular expressions on a long token: an integer by its digits (Number.MAX_SAFE_INTEGER has
 * 16), a long decimal by its significant digits (more than a double holds: unsafe).
 */
function isSafeNumberText(token) {
    const digits = token.startsWith('-') ? token.slice(1) : token;
    if (isDigits(digits))
        return digits.length < 16 || (digits.length === 16 && digits <= String(Number.MAX_SAFE_INTEGER));
    if (token.length > 64 && significantDigits(token) > DOUBLE_DIGITS)
        return false;
    return (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isSafeNumber */ .Lz)(token);
}
function isDigits(text) {
    if (text === '')
        return false;
    for (let at = 0; at < text.length; at++)
        if (!isDigit(text.charCodeAt(at)))
            return false;
    return true;
}
/** How many significant digits a JSON number's mantissa has (its leading and trailing zeros left out). */
function significantDigits(token) {
    let first = -1;
    let last = -1;
    let count = 0;
    for (let at = 0; at < token.length; at++) {
        const c = token.charCodeAt(at);
        if (c === 0x65 || c === 0x45)
            break;
        if (!isDigit(c))
            continue;
        if (c !== 0x30) {
            if (first < 0)
                first = count;
            last = count;
        }
        count++;
    }
    return first < 0 ? 0 : last - first + 1;
}
/**
 * Whether a number in the text may lose a digit as a double: false only when none can. Each hint is
 * widened to the characters a number is made of around it; a real number, outside strings, is then
 * exactly its token. What is no JSON number is inside a string ("nginx:1.25.3") and does not count.
 */
/** The last text looked through (an answer is read, then written in parts: it is looked through once). */
let lastLook;
/** mayHoldUnsafeNumber, remembered for the last text asked about. */
function holdsUnsafeNumber(text) {
    if (lastLook?.text !== text)
        lastLook = { text, unsafe: mayHoldUnsafeNumber(text) };
    return lastLook.unsafe;
}
function mayHoldUnsafeNumber(text) {
    const hints = new RegExp(NUMBER_HINT);
    for (let hint = hints.exec(text); hint !== null; hint = hints.exec(text)) {
        let start = hint.index;
        while (start > 0 && isNumberCharacter(text.charCodeAt(start - 1)))
            start--;
        let end = hint.index;
        while (end < text.length && isNumberCharacter(text.charCodeAt(end)))
            end++;
        const token = text.slice(start, end);
        if (isJsonNumber(token) && !isSafeNumberText(token))
            return true;
        hints.lastIndex = end;
    }
    return false;
}
/** 0-9 . e E + - */
function isNumberCharacter(c) {
    return isDigit(c) || c === 0x2e || c === 0x65 || c === 0x45 || c === 0x2b || c === 0x2d;
}
/** Whether brackets outside strings open more than `max` levels at once (one linear scan). */
function nestsDeeperThan(text, max) {
    let depth = 0;
    let inString = false;
    for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (inString) {
            if (c === 0x5c)
                i++; // a backslash escapes the next character
            else if (c === 0x22)
                inString = false;
        }
        else if (c === 0x22) {
            inString = true;
        }
        else if (c === 0x7b || c === 0x5b) {
            if (++depth > max)
                return true;
        }
        else if (c === 0x7d || c === 0x5d) {
            depth--;
        }
    }
    return false;
}
/** JSON for a person or a script to read: indented two spaces, bigints and LosslessNumbers exact. */
function toIndentedJson(value) {
    const text = (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .stringify */ .As)(value, undefined, 2);
    if (text === undefined)
        throw new TypeError('the value has no JSON form');
    return text;
}
/** A number's exact text as a JSON number (digits beyond 2^53 kept); undefined when it is no number. */
function exactNumberOf(text) {
    return (0,lossless_json__WEBPACK_IMPORTED_MODULE_0__/* .isNumber */ .Et)(text) ? exactNumber(text) : undefined;
}


/***/ }),

/***/ 4997:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   PM: () => (/* binding */ loadPrivateKey),
/* harmony export */   eN: () => (/* binding */ KeyError),
/* harmony export */   g2: () => (/* binding */ keyTextForms),
/* harmony export */   id: () => (/* binding */ loadPlatformPublicKey),
/* harmony export */   p7: () => (/* binding */ PRIVATE_KEY_FORMATS)
/* harmony export */ });
/* unused harmony exports normalizeKeyText, parsePem, formatPem */
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0__ = __nccwpck_require__(7598);
/* harmony import */ var node_crypto__WEBPACK_IMPORTED_MODULE_0___default = /*#__PURE__*/__nccwpck_require__.n(node_crypto__WEBPACK_IMPORTED_MODULE_0__);

const PRIVATE_KEY_FORMATS = ['auto', 'pkcs8_pem', 'pkcs1_pem', 'pkcs8_base64'];
const SUBJECT = { private: 'the private key', platform: 'the platform public key' };
/**
 * A key that cannot be used. It carries facts, never key material: which key, the problem, and `says`,
 * what is wrong and the fix as a predicate ("is a PuTTY key: export it ..."), so that a caller can put
 * its own name for the key in front. The message puts a plain one there.
 */
class KeyError extends Error {
    role;
    says;
    problem;
    formats;
    constructor(role, says, problem = 'unusable', 
    /** For format_mismatch: the format declared, and the one the text holds. */
    formats) {
        super(`${SUBJECT[role]} ${says}`);
        this.role = role;
        this.says = says;
        this.problem = problem;
        this.formats = formats;
        this.name = 'KeyError';
    }
}
const KEY_TYPE_NAMES = {
    ec: 'an EC key',
    ed25519: 'an Ed25519 key',
    ed448: 'an Ed448 key',
    dsa: 'a DSA key',
    x25519: 'an X25519 key',
    x448: 'an X448 key',
    dh: 'a Diffie-Hellman key'
};
const MIN_CLIENT_KEY_BITS = 2048;
const MIN_PLATFORM_KEY_BITS = 1024;
const BASE64_BODY = /^[A-Za-z0-9+/]+={0,2}$/;
/**
 * Undoes what pasting a key into a secret does to it: CRLF line ends, indentation, blank lines around
 * it, and a PEM flattened onto one line with literal "\n" sequences.
 */
function normalizeKeyText(text) {
    let normalized = text.replace(/\r\n?/g, '\n').trim();
    if (!normalized.includes('\n') && normalized.includes('\\n')) {
        normalized = normalized.replace(/\\r\\n|\\n/g, '\n');
    }
    return normalized
        .split('\n')
        .map((line) => line.trim())
        .join('\n')
        .trim();
}
/** Parses a PEM block leniently (lines may be re-wrapped or joined by spaces); undefined if not PEM. */
function parsePem(text, role) {
    const match = /^-----BEGIN ([A-Z0-9 ]+)-----([\s\S]*?)-----END ([A-Z0-9 ]+)-----$/.exec(text);
    if (match === null) {
        if (text.startsWith('-----BEGIN '))
            throw new KeyError(role, `is a PEM block without its END line: paste the whole key`);
        return undefined;
    }
    const [, label = '', inner = '', endLabel] = match;
    if (label !== endLabel)
        throw new KeyError(role, `has BEGIN ${label} but END ${endLabel}: paste one whole key`);
    const headers = new Map();
    const body = inner
        .replace(/([A-Za-z][A-Za-z-]*):\s*(\S+)/g, (_all, name, value) => {
        headers.set(name, value);
        return '';
    })
        .replace(/\s+/g, '');
    if (!BASE64_BODY.test(body))
        throw new KeyError(role, `is a PEM block whose body is not Base64: paste the key unchanged`);
    return { label, headers, body };
}
/** The canonical PEM text of a parsed block: headers, a blank line, Base64 in 64-character lines. */
function formatPem(pem) {
    const headers = [...pem.headers].map(([name, value]) => `${name}: ${value}`);
    const lines = pem.body.match(/.{1,64}/g) ?? [];
    return [
        `-----BEGIN ${pem.label}-----`,
        ...headers,
        ...(headers.length > 0 ? [''] : []),
        ...lines,
        `-----END ${pem.label}-----`,
        ''
    ].join('\n');
}
/**
 * Loads the client's RSA private key from any accepted format: PKCS#8 PEM, PKCS#1 PEM (both possibly
 * encrypted, with the passphrase) or PKCS#8 bare Base64 DER, detected or as `format` says.
 */
function loadPrivateKey(text, options) {
    const normalized = normalizeKeyText(text);
    if (normalized === '')
        throw new KeyError('private', 'is empty: set it to the client private key (a PEM block)');
    const detected = detectPrivateKey(normalized);
    if (options.format !== 'auto' && options.format !== detected.format) {
        const foundText = describeFormat(detected.format);
        throw new KeyError('private', `holds ${foundText}, not the format declared (${options.format})`, 'format_mismatch', { declared: options.format, found: detected.format, foundText });
    }
    const canonical = detected.format === 'pkcs8_base64' ? detected.der.toString('base64') : formatPem(detected.pem);
    const key = createKey(detected, canonical, options.passphrase);
    checkRsa(key, 'private', MIN_CLIENT_KEY_BITS);
    return {
        key,
        secretForms: secretForms([
            text,
            normalized,
            canonical,
            detected.format === 'pkcs8_base64' ? '' : detected.pem.body
        ])
    };
}
function detectPrivateKey(text) {
    if (text.startsWith('-----BEGIN OPENSSH PRIVATE KEY-----')) {
        throw new KeyError('private', 'is in OpenSSH format, which the platform cannot use: convert it with `ssh-keygen -p -m PKCS8 -f <file>` or make a new key with `openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048`');
    }
    if (/^(ssh-(rsa|dss|ed25519)|ecdsa-sha2-)\S* /.test(text)) {
        throw new KeyError('private', 'holds an SSH public key: set it to the client private key (a PEM block)');
    }
    if (text.startsWith('PuTTY-User-Key-File')) {
        throw new KeyError('private', 'is a PuTTY key: export it from PuTTYgen as an OpenSSL (PEM) key');
    }
    const pem = parsePem(text, 'private');
    if (pem === undefined) {
        const compact = text.replace(/\s+/g, '');
        if (!BASE64_BODY.test(compact)) {
            throw new KeyError('private', 'is neither a PEM block nor Base64: set it to the client private key');
        }
        return { format: 'pkcs8_base64', der: Buffer.from(compact, 'base64') };
    }
    switch (pem.label) {
        case 'PRIVATE KEY':
            return { format: 'pkcs8_pem', pem, encrypted: false };
        case 'ENCRYPTED PRIVATE KEY':
            return { format: 'pkcs8_pem', pem, encrypted: true };
        case 'RSA PRIVATE KEY':
            return {
                format: 'pkcs1_pem',
                pem,
                encrypted: pem.headers.get('Proc-Type')?.includes('ENCRYPTED') ?? false
            };
        case 'EC PRIVATE KEY':
            throw new KeyError('private', unsupportedType('an EC key'));
        case 'DSA PRIVATE KEY':
            throw new KeyError('private', unsupportedType('a DSA key'));
        case 'PUBLIC KEY':
        case 'RSA PUBLIC KEY':
            throw new KeyError('private', 'holds a public key: set it to the client private key, and upload the public key in the console');
        case 'CERTIFICATE':
            throw new KeyError('private', 'holds a certificate: set it to the client private key');
        default:
            throw new KeyError('private', `is a PEM block of type "${pem.label}", not a private key: set it to the client private key`);
    }
}
function createKey(detected, canonical, passphrase) {
    if (detected.format !== 'pkcs8_base64' && detected.encrypted && passphrase === '') {
        throw new KeyError('private', 'is encrypted, and no passphrase was given', 'passphrase_missing');
    }
    try {
        return detected.format === 'pkcs8_base64'
            ? (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createPrivateKey)({ key: detected.der, format: 'der', type: 'pkcs8' })
            : (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createPrivateKey)({ key: canonical, format: 'pem', passphrase });
    }
    catch {
        if (detected.format !== 'pkcs8_base64' && detected.encrypted) {
            throw new KeyError('private', 'could not be decrypted with the passphrase given: check the passphrase', 'passphrase_wrong');
        }
        throw new KeyError('private', `could not be read as ${describeFormat(detected.format)}: paste the key unchanged (it may be truncated or damaged)`);
    }
}
/**
 * Loads the platform public key handed out with an RSA-mode key: PEM (PUBLIC KEY or RSA PUBLIC KEY) or
 * bare Base64 of SubjectPublicKeyInfo or PKCS#1 DER.
 */
function loadPlatformPublicKey(text) {
    const normalized = normalizeKeyText(text);
    if (normalized === '')
        throw new KeyError('platform', 'is empty: set it to the platform public key shown at key creation');
    const pem = parsePem(normalized, 'platform');
    let key;
    if (pem === undefined) {
        const compact = normalized.replace(/\s+/g, '');
        if (!BASE64_BODY.test(compact)) {
            throw new KeyError('platform', 'is neither a PEM block nor Base64: set it to the platform public key shown at key creation');
        }
        const der = Buffer.from(compact, 'base64');
        key = tryPublicKey(() => (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createPublicKey)({ key: der, format: 'der', type: 'spki' }));
        key ??= tryPublicKey(() => (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createPublicKey)({ key: der, format: 'der', type: 'pkcs1' }));
    }
    else if (pem.label === 'PUBLIC KEY' || pem.label === 'RSA PUBLIC KEY') {
        key = tryPublicKey(() => (0,node_crypto__WEBPACK_IMPORTED_MODULE_0__.createPublicKey)(formatPem(pem)));
    }
    else if (pem.label.includes('PRIVATE KEY')) {
        throw new KeyError('platform', 'holds a private key: set it to the platform public key shown at key creation (and keep the private key secret)');
    }
    else {
        throw new KeyError('platform', `is a PEM block of type "${pem.label}": set it to the platform public key`);
    }
    if (key === undefined) {
        throw new KeyError('platform', 'could not be read as an RSA public key: paste it unchanged');
    }
    checkRsa(key, 'platform', MIN_PLATFORM_KEY_BITS);
    return key;
}
function tryPublicKey(create) {
    try {
        return create();
    }
    catch {
        return undefined;
    }
}
function checkRsa(key, role, minBits) {
    const type = key.asymmetricKeyType;
    if (type === 'rsa-pss') {
        throw new KeyError(role, `is an RSA-PSS key, but the platform uses RSA with PKCS#1 v1.5: make a plain RSA key (openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048)`);
    }
    if (type !== 'rsa')
        throw new KeyError(role, unsupportedType(KEY_TYPE_NAMES[type ?? ''] ?? `a ${type ?? 'non-RSA'} key`));
    const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
    if (bits < minBits) {
        throw new KeyError(role, `is a ${bits}-bit RSA key, shorter than the ${minBits} bits required: make a 2048-bit key`);
    }
}
function unsupportedType(what) {
    return `is ${what}, but the platform only accepts RSA: make an RSA key (openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048)`;
}
function describeFormat(format) {
    return {
        pkcs8_pem: 'a PKCS#8 PEM key',
        pkcs1_pem: 'a PKCS#1 PEM key',
        pkcs8_base64: 'a bare Base64 PKCS#8 key'
    }[format];
}
/** What to mask of key text as given, before it is even parsed: the whole and each line. */
function keyTextForms(text) {
    return secretForms([text, normalizeKeyText(text)]);
}
/** The texts to mask: each form whole, and each of its lines long enough to be worth masking. */
function secretForms(forms) {
    const all = new Set();
    for (const form of forms) {
        if (form.trim() === '')
            continue;
        all.add(form);
        all.add(form.trim());
        for (const line of form.split(/\r?\n|\\n/)) {
            if (line.trim().length >= 4)
                all.add(line.trim());
        }
    }
    return [...all];
}


/***/ }),

/***/ 1615:
/***/ ((__unused_webpack_module, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  mK: () => (/* binding */ buildRequest),
  XX: () => (/* binding */ encodeQuery),
  j$: () => (/* binding */ withoutQuery)
});

// UNUSED EXPORTS: RequestError

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __nccwpck_require__(7598);
;// CONCATENATED MODULE: ./protocol/encryption.ts

/**
 * The largest plaintext chunk per RSA block: key bytes minus 12, which is the spec's 244 bytes for a
 * 2048-bit platform key (PKCS#1 v1.5 would allow 11 bytes less than the key; the spec keeps one spare).
 */
function chunkBytes(publicKey) {
    const bits = publicKey.asymmetricKeyDetails?.modulusLength;
    if (bits === undefined)
        throw new TypeError('the platform public key is not an RSA key');
    return Math.ceil(bits / 8) - 12;
}
/**
 * Encrypts a request body per spec 5.4: the UTF-8 bytes of the compact JSON are cut into chunks
 * (a multi-byte character may straddle two), each chunk is encrypted with RSA PKCS#1 v1.5 padding set
 * explicitly (Node's default is OAEP), and the blocks are joined and Base64-encoded.
 */
function encryptBody(plaintext, publicKey) {
    const bytes = Buffer.from(plaintext, 'utf8');
    const size = chunkBytes(publicKey);
    const blocks = [];
    for (let offset = 0; offset < bytes.length; offset += size) {
        blocks.push((0,external_node_crypto_.publicEncrypt)({ key: publicKey, padding: external_node_crypto_.constants.RSA_PKCS1_PADDING }, bytes.subarray(offset, offset + size)));
    }
    return Buffer.concat(blocks).toString('base64');
}

// EXTERNAL MODULE: ./protocol/json.ts
var json = __nccwpck_require__(6539);
;// CONCATENATED MODULE: ./protocol/signing.ts

/** path LF version LF timestamp LF token LF body, with no trailing LF. */
function stringToSign(fields) {
    return [fields.target, fields.version, fields.timestamp, fields.token, fields.body].join('\n');
}
/** sign_str: RSA-SHA256 with PKCS#1 v1.5 padding over the UTF-8 string to sign, standard Base64. */
function signRequest(privateKey, fields) {
    const signature = (0,external_node_crypto_.sign)('sha256', Buffer.from(stringToSign(fields), 'utf8'), {
        key: privateKey,
        padding: external_node_crypto_.constants.RSA_PKCS1_PADDING
    });
    return signature.toString('base64');
}
/** A 13-digit millisecond Unix timestamp, as the timestamp header wants it. */
function timestampHeader(nowMs) {
    const text = String(Math.trunc(nowMs));
    if (!/^\d{13}$/.test(text))
        throw new RangeError(`the clock gives ${text}, not a 13-digit millisecond time`);
    return text;
}

;// CONCATENATED MODULE: ./protocol/request.ts



/** A request that cannot be built as the spec demands; nothing was sent. */
/** A request target or URL without its query: how logs and diagnoses name the endpoint. */
const withoutQuery = (target) => target.replace(/\?.*$/s, '');
class RequestError extends Error {
    constructor(message) {
        super(message);
        this.name = 'RequestError';
    }
}
/**
 * Percent-encodes a query once, as the platform's own examples send it: RFC 3986 unreserved characters,
 * and the `,` `:` `/` a query may hold as they are (`status=Running,Pending`,
 * `start_time=2026-11-24T09:00:00%2B08:00`); everything else, `+` `&` `=` `#` `%`, spaces and non-ASCII
 * included, percent-encoded. URL parsers leave such text as it is, so the text is the same in the URL as
 * sent and in the signature.
 */
function encodeQuery(params) {
    const encode = (text) => encodeURIComponent(text)
        .replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
        .replace(/%2C|%3A|%2F/g, (c) => decodeURIComponent(c));
    return params.map(([name, value]) => `${encode(name)}=${encode(value)}`).join('&');
}
/**
 * Builds exactly the request the spec demands (5.3): body as compact JSON, encrypted where the endpoint
 * requires it, then the string to sign over the body as sent, and the headers. The spec gives every
 * request a Content-Type (5.1); `contentTypeOnGet: false` leaves it off a GET, which carries no body, as
 * the platform's reference lists it ("for POST") and its own scripts send a GET.
 */
function buildRequest(args) {
    const { endpoint, credentials } = args;
    if (endpoint.method === 'GET' && args.body !== undefined) {
        throw new RequestError(`${endpoint.path} is a GET endpoint and takes no body: send parameters in the query`);
    }
    const query = encodeQuery(args.query);
    const target = query === '' ? endpoint.path : `${endpoint.path}?${query}`;
    const plaintext = args.body === undefined ? '' : (0,json/* toCompactJson */.ZJ)(args.body);
    let body = plaintext;
    if (endpoint.encrypt) {
        if (credentials.mode !== 'rsa' || credentials.platformPublicKey === undefined)
            throw new RequestError('an encrypted body needs an RSA-mode key and the platform public key');
        body = encryptBody(plaintext, credentials.platformPublicKey);
    }
    const timestamp = timestampHeader(args.now);
    const headers = {
        token: credentials.token,
        version: endpoint.version,
        timestamp
    };
    if (endpoint.method !== 'GET' || args.contentTypeOnGet !== false)
        headers['content-type'] = endpoint.contentType ?? 'application/json';
    if (credentials.mode === 'rsa') {
        headers.sign_str = signRequest(credentials.privateKey, {
            target,
            version: endpoint.version,
            timestamp,
            token: credentials.token,
            body
        });
    }
    const url = `${args.baseUrl}${target}`;
    const parsed = new URL(url);
    if (parsed.pathname + parsed.search !== target) {
        throw new RequestError(`the path ${endpoint.path} would not be sent as signed: use only unreserved characters in paths`);
    }
    return { method: endpoint.method, url, target, headers, body, encrypted: endpoint.encrypt };
}


/***/ }),

/***/ 406:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("./crypto/build/Release/sshcrypto.node");

/***/ }),

/***/ 2613:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("assert");

/***/ }),

/***/ 181:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("buffer");

/***/ }),

/***/ 5317:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("child_process");

/***/ }),

/***/ 6982:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("crypto");

/***/ }),

/***/ 2250:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("dns");

/***/ }),

/***/ 4434:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("events");

/***/ }),

/***/ 9896:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("fs");

/***/ }),

/***/ 8611:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("http");

/***/ }),

/***/ 5692:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("https");

/***/ }),

/***/ 9278:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("net");

/***/ }),

/***/ 7598:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:crypto");

/***/ }),

/***/ 3024:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs");

/***/ }),

/***/ 1455:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:fs/promises");

/***/ }),

/***/ 7030:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:net");

/***/ }),

/***/ 8161:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:os");

/***/ }),

/***/ 6760:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:path");

/***/ }),

/***/ 3136:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:url");

/***/ }),

/***/ 7975:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:util");

/***/ }),

/***/ 8877:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:v8");

/***/ }),

/***/ 714:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("node:vm");

/***/ }),

/***/ 857:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("os");

/***/ }),

/***/ 6928:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("path");

/***/ }),

/***/ 932:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("process");

/***/ }),

/***/ 2203:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("stream");

/***/ }),

/***/ 4756:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("tls");

/***/ }),

/***/ 9023:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("util");

/***/ }),

/***/ 3106:
/***/ ((module) => {

module.exports = __WEBPACK_EXTERNAL_createRequire(import.meta.url)("zlib");

/***/ }),

/***/ 3689:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {

/* harmony export */ __nccwpck_require__.d(__webpack_exports__, {
/* harmony export */   s: () => (/* binding */ getProxyUrl)
/* harmony export */ });
/* unused harmony export checkBypass */
function getProxyUrl(reqUrl) {
    const usingSsl = reqUrl.protocol === 'https:';
    if (checkBypass(reqUrl)) {
        return undefined;
    }
    const proxyVar = (() => {
        if (usingSsl) {
            return process.env['https_proxy'] || process.env['HTTPS_PROXY'];
        }
        else {
            return process.env['http_proxy'] || process.env['HTTP_PROXY'];
        }
    })();
    if (proxyVar) {
        try {
            return new DecodedURL(proxyVar);
        }
        catch (_a) {
            if (!proxyVar.startsWith('http://') && !proxyVar.startsWith('https://'))
                return new DecodedURL(`http://${proxyVar}`);
        }
    }
    else {
        return undefined;
    }
}
function checkBypass(reqUrl) {
    if (!reqUrl.hostname) {
        return false;
    }
    const reqHost = reqUrl.hostname;
    if (isLoopbackAddress(reqHost)) {
        return true;
    }
    const noProxy = process.env['no_proxy'] || process.env['NO_PROXY'] || '';
    if (!noProxy) {
        return false;
    }
    // Determine the request port
    let reqPort;
    if (reqUrl.port) {
        reqPort = Number(reqUrl.port);
    }
    else if (reqUrl.protocol === 'http:') {
        reqPort = 80;
    }
    else if (reqUrl.protocol === 'https:') {
        reqPort = 443;
    }
    // Format the request hostname and hostname with port
    const upperReqHosts = [reqUrl.hostname.toUpperCase()];
    if (typeof reqPort === 'number') {
        upperReqHosts.push(`${upperReqHosts[0]}:${reqPort}`);
    }
    // Compare request host against noproxy
    for (const upperNoProxyItem of noProxy
        .split(',')
        .map(x => x.trim().toUpperCase())
        .filter(x => x)) {
        if (upperNoProxyItem === '*' ||
            upperReqHosts.some(x => x === upperNoProxyItem ||
                x.endsWith(`.${upperNoProxyItem}`) ||
                (upperNoProxyItem.startsWith('.') &&
                    x.endsWith(`${upperNoProxyItem}`)))) {
            return true;
        }
    }
    return false;
}
function isLoopbackAddress(host) {
    const hostLower = host.toLowerCase();
    return (hostLower === 'localhost' ||
        hostLower.startsWith('127.') ||
        hostLower.startsWith('[::1]') ||
        hostLower.startsWith('[0:0:0:0:0:0:0:1]'));
}
class DecodedURL extends URL {
    constructor(url, base) {
        super(url, base);
        this._decodedUsername = decodeURIComponent(super.username);
        this._decodedPassword = decodeURIComponent(super.password);
    }
    get username() {
        return this._decodedUsername;
    }
    get password() {
        return this._decodedPassword;
    }
}
//# sourceMappingURL=proxy.js.map

/***/ }),

/***/ 3201:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __nccwpck_require__) => {


// EXPORTS
__nccwpck_require__.d(__webpack_exports__, {
  _J: () => (/* reexport */ LosslessNumber),
  s_: () => (/* reexport */ isLosslessNumber),
  Et: () => (/* reexport */ isNumber),
  Lz: () => (/* reexport */ isSafeNumber),
  qg: () => (/* reexport */ parse),
  As: () => (/* reexport */ stringify)
});

// UNUSED EXPORTS: UnsafeNumberReason, compareLosslessNumber, compareNumber, config, getUnsafeNumberReason, isInteger, parseLosslessNumber, parseNumberAndBigInt, reviveDate, splitNumber, toLosslessNumber, toSafeNumberOrThrow

;// CONCATENATED MODULE: ../node_modules/lossless-json/lib/esm/utils.js
/**
 * Test whether a string contains an integer number
 */
function utils_isInteger(value) {
  return INTEGER_REGEX.test(value);
}
const INTEGER_REGEX = /^-?[0-9]+$/;

/**
 * Test whether a string contains a number
 * http://stackoverflow.com/questions/13340717/json-numbers-regular-expression
 */
function isNumber(value) {
  return NUMBER_REGEX.test(value);
}
const NUMBER_REGEX = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/**
 * Test whether a string can be safely represented with a number
 * without information loss.
 *
 * When approx is true, floating point numbers that lose a few digits but
 * are still approximately equal in value are considered safe too.
 * Integer numbers must still be exactly equal.
 */
function isSafeNumber(value, config) {
  if (utils_isInteger(value)) {
    return Number.isSafeInteger(Number.parseInt(value, 10));
  }
  const num = Number.parseFloat(value);
  // Reject unsafe integers written as floats, like '9007199254740992.0', which isInteger(value) misses.
  if (Number.isInteger(num) && !Number.isSafeInteger(num)) {
    return false;
  }
  const parsed = String(num);
  if (value === parsed) {
    return true;
  }
  const valueDigits = extractSignificantDigits(value);
  const parsedDigits = extractSignificantDigits(parsed);
  if (valueDigits === parsedDigits) {
    return true;
  }
  if (config?.approx === true) {
    // A floating point value is approximately equal when:
    // 1. it has at least 14 digits
    // 2. the first 14 digits are equal
    const requiredDigits = 14;
    if (parsedDigits.length >= requiredDigits && valueDigits.startsWith(parsedDigits.substring(0, requiredDigits))) {
      return true;
    }
  }
  return false;
}
let UnsafeNumberReason = /*#__PURE__*/function (UnsafeNumberReason) {
  UnsafeNumberReason["underflow"] = "underflow";
  UnsafeNumberReason["overflow"] = "overflow";
  UnsafeNumberReason["truncate_integer"] = "truncate_integer";
  UnsafeNumberReason["truncate_float"] = "truncate_float";
  return UnsafeNumberReason;
}({});

/**
 * When the provided value is an unsafe number, describe what the reason is:
 * overflow, underflow, truncate_integer, or truncate_float.
 * Returns undefined when the value is safe.
 */
function getUnsafeNumberReason(value) {
  if (isSafeNumber(value, {
    approx: false
  })) {
    return undefined;
  }
  if (utils_isInteger(value)) {
    return UnsafeNumberReason.truncate_integer;
  }
  const num = Number.parseFloat(value);
  if (!Number.isFinite(num)) {
    return UnsafeNumberReason.overflow;
  }
  if (num === 0) {
    return UnsafeNumberReason.underflow;
  }
  return UnsafeNumberReason.truncate_float;
}

/**
 * Convert a string into a number when it is safe to do so.
 * Throws an error otherwise, explaining the reason.
 */
function toSafeNumberOrThrow(value, config) {
  const number = Number.parseFloat(value);
  const unsafeReason = getUnsafeNumberReason(value);
  if (config?.approx === true ? unsafeReason && unsafeReason !== UnsafeNumberReason.truncate_float : unsafeReason) {
    const unsafeReasonText = unsafeReason?.replace(/_\w+$/, '');
    throw new Error(`Cannot safely convert to number: the value '${value}' would ${unsafeReasonText} and become ${number}`);
  }
  return number;
}

/**
 * Split a number into sign, digits, and exponent.
 * Leading zeros and non-canonical zeros are normalized.
 *
 * The value can be constructed again from a split number by inserting a dot
 * at the second character of the digits if there is more than one digit,
 * prepending it with the sign, and appending an "e" and the exponent as follows:
 *
 *     const reconstructed = `${sign}${digits[0]}.${digits.slice(1)}e${exponent}`
 *
 */
function splitNumber(value) {
  const match = value.match(/^(-?)(\d+(?:\.\d*)?)([eE]([+-]?\d+))?$/);
  if (!match) {
    throw new SyntaxError(`Invalid number: ${value}`);
  }
  const sign = match[1];
  const digitsStr = match[2];
  let exponent = match[4] !== undefined ? Number.parseInt(match[4], 10) : 0;
  const dot = digitsStr.indexOf('.');
  exponent += dot !== -1 ? dot - 1 : digitsStr.length - 1;
  const coefficient = digitsStr.replace('.', '');
  const {
    start,
    end
  } = getSignificantDigitRange(coefficient);
  exponent -= start;
  const digits = coefficient.slice(start, end);

  // normalize zero, for example normalizes 0e5 or -0 into 0
  return digits.length > 0 ? {
    sign,
    digits,
    exponent
  } : {
    sign: '',
    digits: '0',
    exponent: 0
  };
}

/**
 * Compare two strings containing a numeric value
 * Returns 1 when a is larger than b, 0 when they are equal,
 * and -1 when a is smaller than b.
 */
function utils_compareNumber(a, b) {
  if (a === b) {
    return 0;
  }
  const aa = splitNumber(a);
  const bb = splitNumber(b);
  const sign = aa.sign === '-' ? -1 : 1;
  if (aa.sign !== bb.sign) {
    return sign;
  }
  if (aa.digits === '0') {
    return bb.digits === '0' ? 0 : -1;
  }
  if (bb.digits === '0') {
    return 1;
  }
  if (aa.exponent !== bb.exponent) {
    return aa.exponent > bb.exponent ? sign : aa.exponent < bb.exponent ? -sign : 0;
  }
  return aa.digits > bb.digits ? sign : aa.digits < bb.digits ? -sign : 0;
}

/**
 * Count the significant digits of a number.
 *
 * For example:
 *   '2.34' returns 3
 *   '-77' returns 2
 *   '0.003400' returns 2
 *   '120.5e+30' returns 4
 **/
function utils_countSignificantDigits(value) {
  const {
    start,
    end
  } = getSignificantDigitRange(value);
  const dot = value.indexOf('.');
  if (dot === -1 || dot < start || dot > end) {
    return end - start;
  }
  return end - start - 1;
}

/**
 * Get the significant digits of a number.
 *
 * For example:
 *   '2.34' returns '234'
 *   '-77' returns '77'
 *   '0.003400' returns '34'
 *   '120.5e+30' returns '1205'
 **/
function extractSignificantDigits(value) {
  const {
    start,
    end
  } = getSignificantDigitRange(value);
  const digits = value.substring(start, end);
  const dot = digits.indexOf('.');
  if (dot === -1) {
    return digits;
  }
  return digits.substring(0, dot) + digits.substring(dot + 1);
}

/**
 * Returns the range (start to end) of the significant digits of a value.
 * Note that this range _may_ contain the decimal dot.
 *
 * For example:
 *
 *     getSignificantDigitRange('0.0325900') // { start: 3, end: 7 }
 *     getSignificantDigitRange('2.0300')    // { start: 0, end: 3 }
 *     getSignificantDigitRange('0.0')       // { start: 3, end: 3 }
 *
 */
function getSignificantDigitRange(value) {
  let start = 0;
  if (value[0] === '-') {
    start++;
  }
  while (value[start] === '0' || value[start] === '.') {
    start++;
  }
  let end = value.lastIndexOf('e');
  if (end === -1) {
    end = value.lastIndexOf('E');
  }
  if (end === -1) {
    end = value.length;
  }
  while ((value[end - 1] === '0' || value[end - 1] === '.') && end > start) {
    end--;
  }
  return {
    start,
    end
  };
}
//# sourceMappingURL=utils.js.map
;// CONCATENATED MODULE: ../node_modules/lossless-json/lib/esm/LosslessNumber.js


// A shared symbol recognizes numbers from separate library copies where instanceof fails.
const losslessNumberMarker = Symbol.for('lossless-json.LosslessNumber');

/**
 * A lossless number. Stores its numeric value as string
 */
class LosslessNumber {
  // numeric value as string
  value;

  /**
   * @deprecated Use the isLosslessNumber(value) function instead.
   *
   * Ordinary objects may also have an isLosslessNumber property, so this
   * field cannot reliably identify lossless numbers.
   */
  isLosslessNumber = true;
  get [losslessNumberMarker]() {
    return true;
  }
  constructor(value) {
    if (!isNumber(value)) {
      throw new Error(`Invalid number (value: "${value}")`);
    }
    this.value = value;
  }

  /**
   * Get the value of the LosslessNumber as number or bigint.
   *
   * - a number is returned for safe numbers and decimal values that only lose some insignificant digits
   * - a bigint is returned for big integer numbers
   * - an Error is thrown for values that will overflow or underflow
   *
   * Note that you can implement your own strategy for conversion by just getting the value as string
   * via .toString(), and using util functions like isInteger, isSafeNumber, getUnsafeNumberReason,
   * and toSafeNumberOrThrow to convert it to a numeric value.
   */
  valueOf() {
    const unsafeReason = getUnsafeNumberReason(this.value);

    // safe or truncate_float
    if (unsafeReason === undefined || unsafeReason === UnsafeNumberReason.truncate_float) {
      return Number.parseFloat(this.value);
    }

    // truncate_integer
    if (utils_isInteger(this.value)) {
      return BigInt(this.value);
    }

    // overflow or underflow
    throw new Error(`Cannot safely convert to number: the value '${this.value}' would ${unsafeReason} and become ${Number.parseFloat(this.value)}`);
  }

  /**
   * Get the value of the LosslessNumber as string.
   */
  toString() {
    return this.value;
  }

  // Note: we do NOT implement a .toJSON() method, and you should not implement
  // or use that, it cannot safely turn the numeric value in the string into
  // stringified JSON since it has to be parsed into a number first.
}

/**
 * Test whether a value is a LosslessNumber
 */
function isLosslessNumber(value) {
  return value !== null && typeof value === 'object' && value[losslessNumberMarker] === true;
}

/**
 * Convert a number into a LosslessNumber if this is possible in a safe way
 * If the value has too many digits, or is NaN or Infinity, an error will be thrown
 */
function toLosslessNumber(value) {
  const maxDigits = 15;
  if (countSignificantDigits(String(value)) > maxDigits) {
    throw new Error(`Invalid number: contains more than 15 digits and is most likely truncated and unsafe by itself (value: ${value})`);
  }
  if (Number.isNaN(value)) {
    throw new Error('Invalid number: NaN');
  }
  if (!Number.isFinite(value)) {
    throw new Error(`Invalid number: ${value}`);
  }
  return new LosslessNumber(String(value));
}

/**
 * Compare two lossless numbers.
 * Returns 1 when a is larger than b, 0 when they are equal,
 * and -1 when a is smaller than b.
 */
function compareLosslessNumber(a, b) {
  return compareNumber(a.value, b.value);
}
//# sourceMappingURL=LosslessNumber.js.map
;// CONCATENATED MODULE: ../node_modules/lossless-json/lib/esm/numberParsers.js


function parseLosslessNumber(value) {
  return new LosslessNumber(value);
}
function parseNumberAndBigInt(value) {
  return isInteger(value) ? BigInt(value) : Number.parseFloat(value);
}
//# sourceMappingURL=numberParsers.js.map
;// CONCATENATED MODULE: ../node_modules/lossless-json/lib/esm/revive.js

/**
 * Revive a json object.
 * Applies the reviver function recursively on all values in the JSON object.
 * @param json   A JSON Object, Array, or value
 * @param reviver
 *              A reviver function invoked with arguments `key` and `value`,
 *              which must return a replacement value. The function context
 *              (`this`) is the Object or Array that contains the currently
 *              handled value.
 */
function revive(json, reviver) {
  return reviveValue({
    '': json
  }, '', json, reviver);
}

/**
 * Revive a value
 */
function reviveValue(context, key, value, reviver) {
  if (Array.isArray(value)) {
    return reviver.call(context, key, reviveArray(value, reviver));
  }
  if (value && typeof value === 'object' && !isLosslessNumber(value)) {
    // note the special case for LosslessNumber,
    // we don't want to iterate over the internals of a LosslessNumber
    return reviver.call(context, key, reviveObject(value, reviver));
  }
  return reviver.call(context, key, value);
}

/**
 * Revive the properties of an object
 */
function reviveObject(object, reviver) {
  for (const key of Object.keys(object)) {
    const value = reviveValue(object, key, object[key], reviver);
    if (value !== undefined) {
      object[key] = value;
    } else {
      delete object[key];
    }
  }
  return object;
}

/**
 * Revive the properties of an Array
 */
function reviveArray(array, reviver) {
  for (let i = 0; i < array.length; i++) {
    const value = reviveValue(array, String(i), array[i], reviver);
    if (value === undefined) {
      // Remove the own property entirely, like native JSON.parse does: the
      // position becomes a genuine hole (no own key, and `Object.keys` omits
      // it) while the length stays unchanged. Assigning `array[i] = undefined`
      // would leave an own property holding `undefined` instead.
      delete array[i];
    } else {
      // Assign right away rather than after the loop: the reviver observes the
      // holder through `this`, so later items must see the already revived
      // values (e.g. a preceding `null` replacement).
      array[i] = value;
    }
  }
  return array;
}
//# sourceMappingURL=revive.js.map
;// CONCATENATED MODULE: ../node_modules/lossless-json/lib/esm/parse.js


/**
 * The LosslessJSON.parse() method parses a string as JSON, optionally transforming
 * the value produced by parsing.
 *
 * The parser is based on the parser of Tan Li Hou shared in
 * https://lihautan.com/json-parser-with-javascript/
 *
 * @param text
 * The string to parse as JSON. See the JSON object for a description of JSON syntax.
 *
 * @param [reviver]
 * If a function, prescribes how the value originally produced by parsing is
 * transformed, before being returned.
 *
 * @param [options=ParseOptions | NumberParserArgument]
 * Pass a custom number parser. Input is a string, and the output can be unknown
 * numeric value: number, bigint, LosslessNumber, or a custom BigNumber library.
 *
 * @returns Returns the Object corresponding to the given JSON text.
 *
 * @throws Throws a SyntaxError exception if the string to parse is not valid JSON.
 */
function parse(text, reviver, options) {
  const optionsObj = typeof options === 'function' ? {
    parseNumber: options
  } : options;
  const parseNumber = optionsObj?.parseNumber ?? parseLosslessNumber;
  const onDuplicateKey = optionsObj?.onDuplicateKey ?? throwDuplicateKey;
  let i = 0;
  const value = parseValue();
  expectValue(value);
  expectEndOfInput();
  return reviver ? revive(value, reviver) : value;
  function parseObject() {
    if (text.charCodeAt(i) === codeOpeningBrace) {
      i++;
      skipWhitespace();
      const object = {};
      let initial = true;
      while (i < text.length && text.charCodeAt(i) !== codeClosingBrace) {
        if (!initial) {
          eatComma();
          skipWhitespace();
        } else {
          initial = false;
        }
        const start = i;
        const key = parseString();
        if (key === undefined) {
          throwObjectKeyExpected();
          return; // To make TS happy
        }
        skipWhitespace();
        eatColon();
        const value = parseValue();
        if (value === undefined) {
          throwObjectValueExpected();
          return; // To make TS happy
        }

        // handle duplicate keys
        // TODO: replace with hasOwn one day, when browser support is high enough
        if (Object.prototype.hasOwnProperty.call(object, key) && !isDeepEqual(value, object[key])) {
          // Note that we could also test `if(key in object) {...}`
          // or `if (object[key] !== 'undefined') {...}`, but that is slower.
          const returnedValue = onDuplicateKey({
            key,
            position: start + 1,
            oldValue: object[key],
            newValue: value
          });
          if (returnedValue !== undefined) {
            setObjectKey(object, key, returnedValue);
          }
        } else {
          setObjectKey(object, key, value);
        }
      }
      if (text.charCodeAt(i) !== codeClosingBrace) {
        throwObjectKeyOrEndExpected();
      }
      i++;
      return object;
    }
  }
  function parseArray() {
    if (text.charCodeAt(i) === codeOpeningBracket) {
      i++;
      skipWhitespace();
      const array = [];
      let initial = true;
      while (i < text.length && text.charCodeAt(i) !== codeClosingBracket) {
        if (!initial) {
          eatComma();
        } else {
          initial = false;
        }
        const value = parseValue();
        expectArrayItem(value);
        array.push(value);
      }
      if (text.charCodeAt(i) !== codeClosingBracket) {
        throwArrayItemOrEndExpected();
      }
      i++;
      return array;
    }
  }
  function parseValue() {
    skipWhitespace();
    const value = parseString() ?? parseNumeric() ?? parseObject() ?? parseArray() ?? parseKeyword('true', true) ?? parseKeyword('false', false) ?? parseKeyword('null', null);
    skipWhitespace();
    return value;
  }
  function parseKeyword(name, value) {
    if (text.slice(i, i + name.length) === name) {
      i += name.length;
      return value;
    }
  }
  function skipWhitespace() {
    while (isWhitespace(text.charCodeAt(i))) {
      i++;
    }
  }
  function parseString() {
    if (text.charCodeAt(i) === codeDoubleQuote) {
      i++;
      let result = '';
      while (i < text.length && text.charCodeAt(i) !== codeDoubleQuote) {
        if (text.charCodeAt(i) === codeBackslash) {
          const char = text[i + 1];
          const escapeChar = escapeCharacters[char];
          if (escapeChar !== undefined) {
            result += escapeChar;
            i++;
          } else if (char === 'u') {
            if (isHex(text.charCodeAt(i + 2)) && isHex(text.charCodeAt(i + 3)) && isHex(text.charCodeAt(i + 4)) && isHex(text.charCodeAt(i + 5))) {
              result += String.fromCharCode(Number.parseInt(text.slice(i + 2, i + 6), 16));
              i += 5;
            } else {
              throwInvalidUnicodeCharacter(i);
            }
          } else {
            throwInvalidEscapeCharacter(i);
          }
        } else {
          if (isValidStringCharacter(text.charCodeAt(i))) {
            result += text[i];
          } else {
            throwInvalidCharacter(text[i]);
          }
        }
        i++;
      }
      expectEndOfString();
      i++;
      return result;
    }
  }
  function parseNumeric() {
    const start = i;
    if (text.charCodeAt(i) === codeMinus) {
      i++;
      expectDigit(start);
    }
    if (text.charCodeAt(i) === codeZero) {
      i++;
    } else if (isNonZeroDigit(text.charCodeAt(i))) {
      i++;
      while (isDigit(text.charCodeAt(i))) {
        i++;
      }
    } else {
      // A JSON number must have an integer part, so a leading dot like '.5'
      // is not a number at all.
      return undefined;
    }
    if (text.charCodeAt(i) === codeDot) {
      i++;
      expectDigit(start);
      while (isDigit(text.charCodeAt(i))) {
        i++;
      }
    }
    if (text.charCodeAt(i) === codeLowercaseE || text.charCodeAt(i) === codeUppercaseE) {
      i++;
      if (text.charCodeAt(i) === codeMinus || text.charCodeAt(i) === codePlus) {
        i++;
      }
      expectDigit(start);
      while (isDigit(text.charCodeAt(i))) {
        i++;
      }
    }
    if (i > start) {
      return parseNumber(text.slice(start, i));
    }
  }
  function eatComma() {
    if (text.charCodeAt(i) !== codeComma) {
      throw new SyntaxError(`Comma ',' expected after value ${gotAt()}`);
    }
    i++;
  }
  function eatColon() {
    if (text.charCodeAt(i) !== codeColon) {
      throw new SyntaxError(`Colon ':' expected after property name ${gotAt()}`);
    }
    i++;
  }
  function expectValue(value) {
    if (value === undefined) {
      throw new SyntaxError(`JSON value expected ${gotAt()}`);
    }
  }
  function expectArrayItem(value) {
    if (value === undefined) {
      throw new SyntaxError(`Array item expected ${gotAt()}`);
    }
  }
  function expectEndOfInput() {
    if (i < text.length) {
      throw new SyntaxError(`Expected end of input ${gotAt()}`);
    }
  }
  function expectDigit(start) {
    if (!isDigit(text.charCodeAt(i))) {
      const numSoFar = text.slice(start, i);
      throw new SyntaxError(`Invalid number '${numSoFar}', expecting a digit ${gotAt()}`);
    }
  }
  function expectEndOfString() {
    if (text.charCodeAt(i) !== codeDoubleQuote) {
      throw new SyntaxError(`End of string '"' expected ${gotAt()}`);
    }
  }
  function throwObjectKeyExpected() {
    throw new SyntaxError(`Quoted object key expected ${gotAt()}`);
  }
  function throwDuplicateKey({
    key,
    position
  }) {
    throw new SyntaxError(`Duplicate key '${key}' encountered at position ${position}`);
  }
  function throwObjectKeyOrEndExpected() {
    throw new SyntaxError(`Quoted object key or end of object '}' expected ${gotAt()}`);
  }
  function throwArrayItemOrEndExpected() {
    throw new SyntaxError(`Array item or end of array ']' expected ${gotAt()}`);
  }
  function throwInvalidCharacter(char) {
    throw new SyntaxError(`Invalid character '${char}' ${pos()}`);
  }
  function throwInvalidEscapeCharacter(start) {
    const chars = text.slice(start, start + 2);
    throw new SyntaxError(`Invalid escape character '${chars}' ${pos()}`);
  }
  function throwObjectValueExpected() {
    throw new SyntaxError(`Object value expected after ':' ${pos()}`);
  }
  function throwInvalidUnicodeCharacter(start) {
    const chars = text.slice(start, start + 6);
    throw new SyntaxError(`Invalid unicode character '${chars}' ${pos()}`);
  }

  // zero based character position
  function pos() {
    return `at position ${i}`;
  }
  function got() {
    return i < text.length ? `but got '${text[i]}'` : 'but reached end of input';
  }
  function gotAt() {
    return `${got()} ${pos()}`;
  }
}
function setObjectKey(object, key, value) {
  if (key === '__proto__') {
    // Plain assignment would trigger the `__proto__` setter inherited from
    // Object.prototype, changing the object's prototype instead of storing the
    // key. Define an ordinary own property, like JSON.parse does.
    Object.defineProperty(object, key, {
      value,
      writable: true,
      enumerable: true,
      configurable: true
    });
  } else {
    object[key] = value;
  }
}
function isWhitespace(code) {
  return code === codeSpace || code === codeNewline || code === codeTab || code === codeReturn;
}
function isHex(code) {
  return code >= codeZero && code <= codeNine || code >= codeUppercaseA && code <= codeUppercaseF || code >= codeLowercaseA && code <= codeLowercaseF;
}
function isDigit(code) {
  return code >= codeZero && code <= codeNine;
}
function isNonZeroDigit(code) {
  return code >= codeOne && code <= codeNine;
}
function isValidStringCharacter(code) {
  return code >= 0x20 && code <= 0x10ffff;
}
function isDeepEqual(a, b) {
  if (a === b) {
    return true;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => isDeepEqual(item, b[index]));
  }
  if (isObject(a) && isObject(b)) {
    const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
    return keys.every(key => isDeepEqual(a[key], b[key]));
  }
  return false;
}
function isObject(value) {
  return typeof value === 'object' && value !== null;
}

// map with all escape characters
const escapeCharacters = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t'
  // note that \u is handled separately in parseString()
};
const codeBackslash = 0x5c; // "\"
const codeOpeningBrace = 0x7b; // "{"
const codeClosingBrace = 0x7d; // "}"
const codeOpeningBracket = 0x5b; // "["
const codeClosingBracket = 0x5d; // "]"
const codeSpace = 0x20; // " "
const codeNewline = 0xa; // "\n"
const codeTab = 0x9; // "\t"
const codeReturn = 0xd; // "\r"
const codeDoubleQuote = 0x0022; // "
const codePlus = 0x2b; // "+"
const codeMinus = 0x2d; // "-"
const codeZero = 0x30;
const codeOne = 0x31;
const codeNine = 0x39;
const codeComma = 0x2c; // ","
const codeDot = 0x2e; // "." (dot, period)
const codeColon = 0x3a; // ":"
const codeUppercaseA = 0x41; // "A"
const codeLowercaseA = 0x61; // "a"
const codeUppercaseE = 0x45; // "E"
const codeLowercaseE = 0x65; // "e"
const codeUppercaseF = 0x46; // "F"
const codeLowercaseF = 0x66; // "f"
//# sourceMappingURL=parse.js.map
;// CONCATENATED MODULE: ../node_modules/lossless-json/lib/esm/stringify.js



/**
 * The LosslessJSON.stringify() method converts a JavaScript value to a JSON string,
 * optionally replacing values if a replacer function is specified, or
 * optionally including only the specified properties if a replacer array is specified.
 *
 * @param value
 * The value to convert to a JSON string.
 *
 * @param [replacer]
 * A function that alters the behavior of the stringification process,
 * or an array of String and Number objects that serve as a whitelist for
 * selecting the properties of the value object to be included in the JSON string.
 * If this value is null or not provided, all properties of the object are
 * included in the resulting JSON string.
 *
 * @param [space]
 * A String or Number object that's used to insert white space into the output
 * JSON string for readability purposes. If this is a Number, it indicates the
 * number of space characters to use as white space; this number is capped at 10
 * if it's larger than that. Values less than 1 indicate that no space should be
 * used. If this is a String, the string (or the first 10 characters of the string,
 * if it's longer than that) is used as white space. If this parameter is not
 * provided (or is null), no white space is used.
 *
 * @param [numberStringifiers]
 * An optional list with additional number stringifiers, for example to serialize
 * a BigNumber. The output of the function must be valid stringified JSON.
 * When `undefined` is returned, the property will be deleted from the object.
 * The difference with using a `replacer` is that the output of a `replacer`
 * must be JSON and will be stringified afterwards, whereas the output of the
 * `numberStringifiers` is already stringified JSON.
 *
 * @returns Returns the string representation of the JSON object.
 */
function stringify(value, replacer, space, numberStringifiers) {
  const resolvedSpace = resolveSpace(space);
  const replacedValue = typeof replacer === 'function' ? replacer.call({
    '': value
  }, '', value) : value;
  return stringifyValue(replacedValue, '');

  /**
   * Stringify a value
   */
  function stringifyValue(value, indent) {
    if (Array.isArray(numberStringifiers)) {
      const stringifier = numberStringifiers.find(item => item.test(value));
      if (stringifier) {
        const str = stringifier.stringify(value);
        if (typeof str !== 'string' || !isNumber(str)) {
          throw new Error(`Invalid JSON number: output of a number stringifier must be a string containing a JSON number (output: ${str})`);
        }
        return str;
      }
    }

    // boolean, null, number, string, or date
    if (typeof value === 'boolean' || typeof value === 'number' || typeof value === 'string' || value === null || value instanceof Date || value instanceof Boolean || value instanceof Number || value instanceof String) {
      return JSON.stringify(value);
    }

    // lossless number, the secret ingredient :)
    if (isLosslessNumber(value)) {
      return value.toString();
    }

    // BigInt
    if (typeof value === 'bigint') {
      return value.toString();
    }

    // Array
    if (Array.isArray(value)) {
      return stringifyArray(value, indent);
    }

    // Object (test lastly!)
    if (value && typeof value === 'object') {
      return stringifyObject(value, indent);
    }
    return undefined;
  }

  /**
   * Stringify an array
   */
  function stringifyArray(array, indent) {
    if (array.length === 0) {
      return '[]';
    }
    const childIndent = resolvedSpace ? indent + resolvedSpace : undefined;
    let str = resolvedSpace ? '[\n' : '[';
    for (let i = 0; i < array.length; i++) {
      const item = typeof replacer === 'function' ? replacer.call(array, String(i), array[i]) : array[i];
      if (resolvedSpace) {
        str += childIndent;
      }
      if (typeof item !== 'undefined' && typeof item !== 'function') {
        const serialized = stringifyValue(item, childIndent);
        // Values without a JSON representation (a symbol, or an object whose
        // toJSON() returns undefined) become null inside an array.
        str += serialized === undefined ? 'null' : serialized;
      } else {
        str += 'null';
      }
      if (i < array.length - 1) {
        str += resolvedSpace ? ',\n' : ',';
      }
    }
    str += resolvedSpace ? `\n${indent}]` : ']';
    return str;
  }

  /**
   * Stringify an object
   */
  function stringifyObject(object, indent) {
    if (typeof object.toJSON === 'function') {
      return stringifyValue(object.toJSON(), indent);
    }

    // A replacer array is a property whitelist: duplicates must not produce
    // duplicate keys in the output.
    const keys = Array.isArray(replacer) ? [...new Set(replacer.map(String))] : Object.keys(object);
    if (keys.length === 0) {
      return '{}';
    }
    const childIndent = resolvedSpace ? indent + resolvedSpace : undefined;
    let first = true;
    let str = resolvedSpace ? '{\n' : '{';
    for (const key of keys) {
      const value = typeof replacer === 'function' ? replacer.call(object, key, object[key]) : object[key];
      if (includeProperty(key, value)) {
        const serialized = stringifyValue(value, childIndent);
        // Like JSON.stringify, omit properties that have no JSON
        // representation (e.g. an object whose toJSON() returns undefined).
        if (serialized === undefined) {
          continue;
        }
        if (first) {
          first = false;
        } else {
          str += resolvedSpace ? ',\n' : ',';
        }
        const keyStr = JSON.stringify(key);
        str += resolvedSpace ? `${childIndent + keyStr}: ` : `${keyStr}:`;
        str += serialized;
      }
    }
    str += resolvedSpace ? `\n${indent}}` : '}';
    return str;
  }

  /**
   * Test whether to include a property in a stringified object or not.
   */
  function includeProperty(_key, value) {
    return typeof value !== 'undefined' && typeof value !== 'function' && typeof value !== 'symbol';
  }
}

/**
 * The number of spaces or characters a space is capped to, like JSON.stringify does
 */
const MAX_SPACE_LENGTH = 10;

/**
 * Resolve a JSON stringify space:
 * replace a number with a string containing that number of spaces
 */
function resolveSpace(space) {
  if (typeof space === 'number') {
    // same rules as JSON.stringify: truncate towards zero, cap at 10,
    // and treat anything below 1 (including NaN and negatives) as no indent
    const count = Math.min(Math.trunc(space), MAX_SPACE_LENGTH);
    return count >= 1 ? ' '.repeat(count) : undefined;
  }
  if (typeof space === 'string' && space !== '') {
    return space.slice(0, MAX_SPACE_LENGTH);
  }
  return undefined;
}
//# sourceMappingURL=stringify.js.map
;// CONCATENATED MODULE: ../node_modules/lossless-json/lib/esm/index.js








//# sourceMappingURL=index.js.map

/***/ })

/******/ });
/************************************************************************/
/******/ // The module cache
/******/ var __webpack_module_cache__ = {};
/******/ 
/******/ // The require function
/******/ function __nccwpck_require__(moduleId) {
/******/ 	// Check if module is in cache
/******/ 	var cachedModule = __webpack_module_cache__[moduleId];
/******/ 	if (cachedModule !== undefined) {
/******/ 		return cachedModule.exports;
/******/ 	}
/******/ 	// Create a new module (and put it into the cache)
/******/ 	var module = __webpack_module_cache__[moduleId] = {
/******/ 		// no module.id needed
/******/ 		// no module.loaded needed
/******/ 		exports: {}
/******/ 	};
/******/ 
/******/ 	// Execute the module function
/******/ 	var threw = true;
/******/ 	try {
/******/ 		__webpack_modules__[moduleId].call(module.exports, module, module.exports, __nccwpck_require__);
/******/ 		threw = false;
/******/ 	} finally {
/******/ 		if(threw) delete __webpack_module_cache__[moduleId];
/******/ 	}
/******/ 
/******/ 	// Return the exports of the module
/******/ 	return module.exports;
/******/ }
/******/ 
/******/ // expose the modules object (__webpack_modules__)
/******/ __nccwpck_require__.m = __webpack_modules__;
/******/ 
/************************************************************************/
/******/ /* webpack/runtime/asset-relocator-loader */
/******/ if (typeof __nccwpck_require__ !== 'undefined') __nccwpck_require__.ab = decodeURIComponent(new URL('.', import.meta.url).pathname).slice(import.meta.url.match(/^file:\/\/\/\w:/) ? 1 : 0, -1) + "/";
/******/ 
/******/ /* webpack/runtime/async module */
/******/ (() => {
/******/ 	var webpackQueues = typeof Symbol === "function" ? Symbol("webpack queues") : "__webpack_queues__";
/******/ 	var webpackExports = typeof Symbol === "function" ? Symbol("webpack exports") : "__webpack_exports__";
/******/ 	var webpackError = typeof Symbol === "function" ? Symbol("webpack error") : "__webpack_error__";
/******/ 	var resolveQueue = (queue) => {
/******/ 		if(queue && queue.d < 1) {
/******/ 			queue.d = 1;
/******/ 			queue.forEach((fn) => (fn.r--));
/******/ 			queue.forEach((fn) => (fn.r-- ? fn.r++ : fn()));
/******/ 		}
/******/ 	}
/******/ 	var wrapDeps = (deps) => (deps.map((dep) => {
/******/ 		if(dep !== null && typeof dep === "object") {
/******/ 			if(dep[webpackQueues]) return dep;
/******/ 			if(dep.then) {
/******/ 				var queue = [];
/******/ 				queue.d = 0;
/******/ 				dep.then((r) => {
/******/ 					obj[webpackExports] = r;
/******/ 					resolveQueue(queue);
/******/ 				}, (e) => {
/******/ 					obj[webpackError] = e;
/******/ 					resolveQueue(queue);
/******/ 				});
/******/ 				var obj = {};
/******/ 				obj[webpackQueues] = (fn) => (fn(queue));
/******/ 				return obj;
/******/ 			}
/******/ 		}
/******/ 		var ret = {};
/******/ 		ret[webpackQueues] = x => {};
/******/ 		ret[webpackExports] = dep;
/******/ 		return ret;
/******/ 	}));
/******/ 	__nccwpck_require__.a = (module, body, hasAwait) => {
/******/ 		var queue;
/******/ 		hasAwait && ((queue = []).d = -1);
/******/ 		var depQueues = new Set();
/******/ 		var exports = module.exports;
/******/ 		var currentDeps;
/******/ 		var outerResolve;
/******/ 		var reject;
/******/ 		var promise = new Promise((resolve, rej) => {
/******/ 			reject = rej;
/******/ 			outerResolve = resolve;
/******/ 		});
/******/ 		promise[webpackExports] = exports;
/******/ 		promise[webpackQueues] = (fn) => (queue && fn(queue), depQueues.forEach(fn), promise["catch"](x => {}));
/******/ 		module.exports = promise;
/******/ 		body((deps) => {
/******/ 			currentDeps = wrapDeps(deps);
/******/ 			var fn;
/******/ 			var getResult = () => (currentDeps.map((d) => {
/******/ 				if(d[webpackError]) throw d[webpackError];
/******/ 				return d[webpackExports];
/******/ 			}))
/******/ 			var promise = new Promise((resolve) => {
/******/ 				fn = () => (resolve(getResult));
/******/ 				fn.r = 0;
/******/ 				var fnQueue = (q) => (q !== queue && !depQueues.has(q) && (depQueues.add(q), q && !q.d && (fn.r++, q.push(fn))));
/******/ 				currentDeps.map((dep) => (dep[webpackQueues](fnQueue)));
/******/ 			});
/******/ 			return fn.r ? promise : getResult();
/******/ 		}, (err) => ((err ? reject(promise[webpackError] = err) : outerResolve(exports)), resolveQueue(queue)));
/******/ 		queue && queue.d < 0 && (queue.d = 0);
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/compat get default export */
/******/ (() => {
/******/ 	// getDefaultExport function for compatibility with non-harmony modules
/******/ 	__nccwpck_require__.n = (module) => {
/******/ 		var getter = module && module.__esModule ?
/******/ 			() => (module['default']) :
/******/ 			() => (module);
/******/ 		__nccwpck_require__.d(getter, { a: getter });
/******/ 		return getter;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/create fake namespace object */
/******/ (() => {
/******/ 	var getProto = Object.getPrototypeOf ? (obj) => (Object.getPrototypeOf(obj)) : (obj) => (obj.__proto__);
/******/ 	var leafPrototypes;
/******/ 	// create a fake namespace object
/******/ 	// mode & 1: value is a module id, require it
/******/ 	// mode & 2: merge all properties of value into the ns
/******/ 	// mode & 4: return value when already ns object
/******/ 	// mode & 16: return value when it's Promise-like
/******/ 	// mode & 8|1: behave like require
/******/ 	__nccwpck_require__.t = function(value, mode) {
/******/ 		if(mode & 1) value = this(value);
/******/ 		if(mode & 8) return value;
/******/ 		if(typeof value === 'object' && value) {
/******/ 			if((mode & 4) && value.__esModule) return value;
/******/ 			if((mode & 16) && typeof value.then === 'function') return value;
/******/ 		}
/******/ 		var ns = Object.create(null);
/******/ 		__nccwpck_require__.r(ns);
/******/ 		var def = {};
/******/ 		leafPrototypes = leafPrototypes || [null, getProto({}), getProto([]), getProto(getProto)];
/******/ 		for(var current = mode & 2 && value; typeof current == 'object' && !~leafPrototypes.indexOf(current); current = getProto(current)) {
/******/ 			Object.getOwnPropertyNames(current).forEach((key) => (def[key] = () => (value[key])));
/******/ 		}
/******/ 		def['default'] = () => (value);
/******/ 		__nccwpck_require__.d(ns, def);
/******/ 		return ns;
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/define property getters */
/******/ (() => {
/******/ 	// define getter functions for harmony exports
/******/ 	__nccwpck_require__.d = (exports, definition) => {
/******/ 		for(var key in definition) {
/******/ 			if(__nccwpck_require__.o(definition, key) && !__nccwpck_require__.o(exports, key)) {
/******/ 				Object.defineProperty(exports, key, { enumerable: true, get: definition[key] });
/******/ 			}
/******/ 		}
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/ensure chunk */
/******/ (() => {
/******/ 	__nccwpck_require__.f = {};
/******/ 	// This file contains only the entry chunk.
/******/ 	// The chunk loading function for additional chunks
/******/ 	__nccwpck_require__.e = (chunkId) => {
/******/ 		return Promise.all(Object.keys(__nccwpck_require__.f).reduce((promises, key) => {
/******/ 			__nccwpck_require__.f[key](chunkId, promises);
/******/ 			return promises;
/******/ 		}, []));
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/get javascript chunk filename */
/******/ (() => {
/******/ 	// This function allow to reference async chunks
/******/ 	__nccwpck_require__.u = (chunkId) => {
/******/ 		// return url for filenames based on template
/******/ 		return "" + chunkId + ".index.js";
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/hasOwnProperty shorthand */
/******/ (() => {
/******/ 	__nccwpck_require__.o = (obj, prop) => (Object.prototype.hasOwnProperty.call(obj, prop))
/******/ })();
/******/ 
/******/ /* webpack/runtime/make namespace object */
/******/ (() => {
/******/ 	// define __esModule on exports
/******/ 	__nccwpck_require__.r = (exports) => {
/******/ 		if(typeof Symbol !== 'undefined' && Symbol.toStringTag) {
/******/ 			Object.defineProperty(exports, Symbol.toStringTag, { value: 'Module' });
/******/ 		}
/******/ 		Object.defineProperty(exports, '__esModule', { value: true });
/******/ 	};
/******/ })();
/******/ 
/******/ /* webpack/runtime/import chunk loading */
/******/ (() => {
/******/ 	// no baseURI
/******/ 	
/******/ 	// object to store loaded and loading chunks
/******/ 	// undefined = chunk not loaded, null = chunk preloaded/prefetched
/******/ 	// [resolve, Promise] = chunk loading, 0 = chunk loaded
/******/ 	var installedChunks = {
/******/ 		792: 0
/******/ 	};
/******/ 	
/******/ 	var installChunk = (data) => {
/******/ 		var {ids, modules, runtime} = data;
/******/ 		// add "modules" to the modules object,
/******/ 		// then flag all "ids" as loaded and fire callback
/******/ 		var moduleId, chunkId, i = 0;
/******/ 		for(moduleId in modules) {
/******/ 			if(__nccwpck_require__.o(modules, moduleId)) {
/******/ 				__nccwpck_require__.m[moduleId] = modules[moduleId];
/******/ 			}
/******/ 		}
/******/ 		if(runtime) runtime(__nccwpck_require__);
/******/ 		for(;i < ids.length; i++) {
/******/ 			chunkId = ids[i];
/******/ 			if(__nccwpck_require__.o(installedChunks, chunkId) && installedChunks[chunkId]) {
/******/ 				installedChunks[chunkId][0]();
/******/ 			}
/******/ 			installedChunks[ids[i]] = 0;
/******/ 		}
/******/ 	
/******/ 	}
/******/ 	
/******/ 	__nccwpck_require__.f.j = (chunkId, promises) => {
/******/ 			// import() chunk loading for javascript
/******/ 			var installedChunkData = __nccwpck_require__.o(installedChunks, chunkId) ? installedChunks[chunkId] : undefined;
/******/ 			if(installedChunkData !== 0) { // 0 means "already installed".
/******/ 	
/******/ 				// a Promise means "currently loading".
/******/ 				if(installedChunkData) {
/******/ 					promises.push(installedChunkData[1]);
/******/ 				} else {
/******/ 					if(true) { // all chunks have JS
/******/ 						// setup Promise in chunk cache
/******/ 						var promise = import("./" + __nccwpck_require__.u(chunkId)).then(installChunk, (e) => {
/******/ 							if(installedChunks[chunkId] !== 0) installedChunks[chunkId] = undefined;
/******/ 							throw e;
/******/ 						});
/******/ 						var promise = Promise.race([promise, new Promise((resolve) => (installedChunkData = installedChunks[chunkId] = [resolve]))])
/******/ 						promises.push(installedChunkData[1] = promise);
/******/ 					}
/******/ 				}
/******/ 			}
/******/ 	};
/******/ 	
/******/ 	// no prefetching
/******/ 	
/******/ 	// no preloaded
/******/ 	
/******/ 	// no external install chunk
/******/ 	
/******/ 	// no on chunks loaded
/******/ })();
/******/ 
/************************************************************************/
/******/ 
/******/ // startup
/******/ // Load entry module and return exports
/******/ // This entry module used 'module' so it can't be inlined
/******/ var __webpack_exports__ = __nccwpck_require__(4328);
/******/ __webpack_exports__ = await __webpack_exports__;
/******/ 
