export const id = 458;
export const ids = [458,569];
export const modules = {

/***/ 9458:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  EXIT: () => (/* binding */ EXIT),
  runCli: () => (/* binding */ runCli)
});

// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
// EXTERNAL MODULE: ./action/defaults.ts
var defaults = __webpack_require__(9413);
;// CONCATENATED MODULE: ./action/input-names.ts
/** Every input of action.yml, in its order: the CLI's flags and environment variables (a test holds both the same). */
const INPUT_NAMES = [
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
    'error_codes',
    'task_name',
    'points',
    'gpu',
    'gpu_count',
    'device_type',
    'regions',
    'max_price',
    'capacity_timeout',
    'preheat',
    'preheat_timeout',
    'task_id',
    'point_id',
    'delete_last_node',
    'task_status',
    'body',
    'body_file',
    'query',
    'method',
    'path',
    'encrypt',
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
    'request_timeout',
    'max_response_size',
    'max_retries',
    'concurrency',
    'summary',
    'cleanup',
    'cleanup_timeout',
    'billing_range',
    'billing_start',
    'billing_end',
    'dry_run'
];
/** Inputs that hold a secret: the CLI takes them from the environment or a file, never from a flag. */
const SECRET_INPUTS = ['token', 'private_key', 'private_key_passphrase'];

;// CONCATENATED MODULE: ./action/cli-args.ts



/** The prefix of the environment variables the CLI reads its inputs from: ELASTIC_DEPLOY_TASK_NAME. */
const ENV_PREFIX = 'ELASTIC_DEPLOY_';
/** Flags of the CLI itself, beside the inputs. */
const OWN_FLAGS = ['output', 'state-file', 'summary-file', 'debug', 'help', 'version'];
/**
 * Reads the command line: `elastic-deploy <operation> [--input value]...`, `elastic-deploy cleanup
 * --state-file F`, `--help`, `--version`. Each input is a flag with dashes for underscores
 * (`--task-name`, or `--task-name=x`); a boolean input may stand alone (`--dry-run`). Secrets are refused
 * as flags: a command line shows in process lists and shell history. Anything wrong is an InputError
 * naming the flag and the fix.
 */
function parseCliArgs(argv) {
    const [first, ...rest] = argv;
    if (first === undefined)
        return { kind: 'usage' };
    if (first === '--help' || first === '-h' || first === 'help')
        return { kind: 'help' };
    if (first === '--version')
        return { kind: 'version' };
    if (first.startsWith('-'))
        throw new input_error/* InputError */.d(`${first} comes before the operation: write elastic-deploy <operation> ${first} ...`);
    const given = readFlags(rest);
    const own = (name) => given.get(name);
    const debug = given.has('debug') && own('debug') !== 'false';
    if (first === 'cleanup') {
        const stateFile = own('state-file');
        if (stateFile === undefined)
            throw new input_error/* InputError */.d('cleanup needs --state-file: the file the run that created the tasks wrote');
        const extra = [...given.keys()].filter((name) => name !== 'state-file' && name !== 'debug');
        if (extra.length > 0)
            throw new input_error/* InputError */.d(`--${extra[0] ?? ''} is not taken by cleanup: it reads everything but the secrets from --state-file`);
        return { kind: 'cleanup', stateFile, debug };
    }
    const output = own('output') ?? 'json';
    if (output !== 'json' && output !== 'dotenv')
        throw new input_error/* InputError */.d(`--output ${JSON.stringify(output)} is neither json nor dotenv: set --output json or dotenv`);
    const flags = { operation: first };
    for (const [name, value] of given) {
        if (OWN_FLAGS.includes(name))
            continue;
        flags[inputOf(name)] = value;
    }
    return {
        kind: 'run',
        flags,
        output,
        stateFile: own('state-file'),
        summaryFile: own('summary-file'),
        debug
    };
}
/** The flags as name -> value; a flag of a boolean input (or --debug) alone means true. */
function readFlags(args) {
    const flags = new Map();
    for (let i = 0; i < args.length; i++) {
        const arg = args[i] ?? '';
        if (!arg.startsWith('--') || arg === '--')
            throw new input_error/* InputError */.d(`${JSON.stringify(arg)} is no flag: write each input as --name value`);
        const equals = arg.indexOf('=');
        const name = arg.slice(2, equals < 0 ? undefined : equals);
        if (flags.has(name))
            throw new input_error/* InputError */.d(`--${name} is given twice: give it once`);
        if (equals >= 0) {
            flags.set(name, arg.slice(equals + 1));
            continue;
        }
        const next = args[i + 1];
        if (next === undefined || next.startsWith('--')) {
            if (!standsAlone(name))
                throw new input_error/* InputError */.d(`--${name} needs a value: write --${name} <value>`);
            flags.set(name, 'true');
            continue;
        }
        flags.set(name, next);
        i += 1;
    }
    return flags;
}
/** Boolean inputs, and --debug, may be given without a value. */
function standsAlone(flag) {
    if (flag === 'debug')
        return true;
    const name = flag.replaceAll('-', '_');
    const fallback = defaults/* INPUT_DEFAULTS */.W[name];
    return fallback === 'true' || fallback === 'false';
}
/** The input a flag names, refusing secrets and flags that name no input. */
function inputOf(flag) {
    const name = flag.replaceAll('-', '_');
    const input = INPUT_NAMES.find((known) => known === name);
    if (input === undefined)
        throw new input_error/* InputError */.d(`--${flag} is no input of elastic-deploy: see elastic-deploy --help for the inputs`);
    if (input === 'operation')
        throw new input_error/* InputError */.d('--operation is given as the first word: elastic-deploy <operation>');
    if (SECRET_INPUTS.includes(input)) {
        const variable = `${ENV_PREFIX}${input.toUpperCase()}`;
        throw new input_error/* InputError */.d(`--${flag} would show a secret in process lists and shell history: set ${variable}, or ${variable}_FILE to a file that holds it`);
    }
    return input;
}

;// CONCATENATED MODULE: ./action/cli-help.ts


/** `elastic-deploy --help`: the commands, every input as a flag, the secrets' variables, the exit codes. */
function cliHelp() {
    const flags = INPUT_NAMES.filter((name) => name !== 'operation' && !SECRET_INPUTS.includes(name)).map((name) => `  --${name.replaceAll('_', '-')}`);
    const secrets = SECRET_INPUTS.map((name) => `  ${ENV_PREFIX}${name.toUpperCase()}, or ${ENV_PREFIX}${name.toUpperCase()}_FILE (a file holding it)`);
    return [
        'elastic-deploy: create, inspect, change and stop elastic deployment tasks from any CI system.',
        '',
        'Usage:',
        '  elastic-deploy <operation> [--input value]... [--output json|dotenv] [--state-file F] [--summary-file F] [--debug]',
        '  elastic-deploy cleanup --state-file F',
        '',
        "The operations and inputs are the GitHub Action's (see docs/inputs.md); each input is a flag with",
        `dashes (--task-name web), or the variable ${ENV_PREFIX}<INPUT> (${ENV_PREFIX}TASK_NAME=web). Inputs:`,
        ...flags,
        '',
        'Secrets come from the environment or a file, never from a flag:',
        ...secrets,
        '',
        'Logs go to stderr as plain text; the outputs to stdout, as a JSON object, or with --output dotenv as',
        `${ENV_PREFIX}<OUTPUT>=value lines (a GitLab dotenv report).`,
        '',
        'Cleanup: with --cleanup stop (or pause), what the run created is stopped when it fails or is',
        'interrupted (SIGINT, SIGTERM), and left running when it succeeds. With --state-file F, a later',
        '`elastic-deploy cleanup --state-file F` stops it (a GitLab after_script, a Jenkins post { always }).',
        '',
        'Exit codes: 0 success; 1 failed; 2 bad input (nothing was sent); 3 a wait timed out;',
        '4 a cleanup failed (a task may be left running); 130 interrupted.',
        ''
    ].join('\n');
}

// EXTERNAL MODULE: ./action/main-step.ts + 3 modules
var main_step = __webpack_require__(3191);
// EXTERNAL MODULE: ./action/post-step.ts + 1 modules
var post_step = __webpack_require__(569);
;// CONCATENATED MODULE: ./action/cli.ts






/** The exit codes, as the README documents them. */
const EXIT = {
    ok: 0,
    failed: 1,
    input: 2,
    timedOut: 3,
    cleanup: 4,
    interrupted: 130
};
const EXIT_OF = {
    input: EXIT.input,
    timed_out: EXIT.timedOut,
    failed: EXIT.failed,
    cleanup: EXIT.cleanup
};
/** Where a run's state file keeps the inputs it ran with (secrets never), for a later cleanup. */
const INPUTS_KEY = 'cli_inputs';
/** The largest secret file read (a private key is a few KiB). */
const MAX_SECRET_FILE = 64 * 1024;
/**
 * The command-line tool: the action's main step with the command line's inputs, logging plain text to
 * stderr (never a workflow command), its outputs to stdout as JSON or dotenv lines. With --cleanup stop
 * (or pause), what it created is cleaned up as the post step would when the run fails or is interrupted;
 * with --state-file, `elastic-deploy cleanup --state-file F` does it later. Answers the exit code.
 */
async function runCli(io) {
    let command;
    try {
        command = parseCliArgs(io.argv);
    }
    catch (error) {
        if (!(error instanceof input_error/* InputError */.d))
            throw error;
        io.stderr(`error: ${error.message}\n`);
        return EXIT.input;
    }
    switch (command.kind) {
        case 'help':
            io.stdout(cliHelp());
            return EXIT.ok;
        case 'usage':
            io.stderr(`error: no operation given\n\n${cliHelp()}`);
            return EXIT.input;
        case 'version':
            io.stdout(`${io.version}\n`);
            return EXIT.ok;
        case 'cleanup':
            return cleanUp(command, io);
        case 'run':
            return run(command, io);
    }
}
async function run(command, io) {
    const log = cliLog(io, command.debug);
    let inputs;
    try {
        inputs = resolveInputs(command.flags, io, log.mask);
    }
    catch (error) {
        if (!(error instanceof input_error/* InputError */.d))
            throw error;
        log.write(`error: ${error.message}`);
        return EXIT.input;
    }
    const state = new StateStore(io, command.stateFile);
    state.set(INPUTS_KEY, JSON.stringify(withoutSecrets(inputs)));
    const outputs = new Map();
    const main = cliHost({ inputs, io, log, state, outputs, summaryFile: command.summaryFile });
    await (0,main_step/* runMain */.VN)(main.host);
    let code = main.exitCode();
    const wantsCleanup = (inputs.cleanup ?? 'none') !== 'none';
    if (wantsCleanup && (code !== EXIT.ok || main.interrupted())) {
        log.write(`cleanup: the run ${main.interrupted() ? 'was interrupted' : 'failed'}; cleaning up what it created`);
        const post = cliHost({ inputs, io, log, state, outputs: new Map(), summaryFile: command.summaryFile });
        await (0,post_step.runPost)(post.host);
        if (post.exitCode() !== EXIT.ok && code === EXIT.ok)
            code = post.exitCode();
    }
    io.stdout(formatOutputs(outputs, command.output, log));
    return main.interrupted() ? EXIT.interrupted : code;
}
/** `elastic-deploy cleanup --state-file F`: the post step, with the inputs the run saved and the secrets from the environment. */
async function cleanUp(command, io) {
    const log = cliLog(io, command.debug);
    let inputs;
    const state = new StateStore(io, command.stateFile);
    try {
        state.load();
        const saved = JSON.parse(state.get(INPUTS_KEY) || '{}');
        inputs = resolveInputs(saved, io, log.mask);
    }
    catch (error) {
        log.write(`error: ${error instanceof Error ? error.message : String(error)}`);
        return EXIT.input;
    }
    const post = cliHost({ inputs, io, log, state, outputs: new Map(), summaryFile: undefined });
    await (0,post_step.runPost)(post.host);
    return post.exitCode();
}
/**
 * Each input: its flag, else ELASTIC_DEPLOY_<NAME>, else (a secret) the file ELASTIC_DEPLOY_<NAME>_FILE
 * names. Every secret is masked before anything is logged.
 */
function resolveInputs(flags, io, mask) {
    const inputs = {};
    for (const name of INPUT_NAMES) {
        const variable = `${ENV_PREFIX}${name.toUpperCase()}`;
        const file = SECRET_INPUTS.includes(name) ? io.env(`${variable}_FILE`) : undefined;
        // An empty variable is an unset one (CI systems set variables they have no value for to '').
        const fromEnv = io.env(variable) || undefined;
        const value = flags[name] ?? fromEnv ?? (file ? secretFile(variable, file, io) : undefined);
        if (value === undefined)
            continue;
        if (SECRET_INPUTS.includes(name))
            mask(value);
        inputs[name] = value;
    }
    return inputs;
}
function secretFile(variable, path, io) {
    let text;
    try {
        text = io.readFile(path);
    }
    catch (error) {
        throw new input_error/* InputError */.d(`${variable}_FILE names ${JSON.stringify(path)}, which cannot be read (${error.code ?? 'error'}): set it to a readable file`);
    }
    if (text.length > MAX_SECRET_FILE)
        throw new input_error/* InputError */.d(`${variable}_FILE names a file over 64 KiB, too big for a secret: check the path`);
    return text;
}
function withoutSecrets(inputs) {
    return Object.fromEntries(Object.entries(inputs).filter(([name]) => !SECRET_INPUTS.includes(name)));
}
function cliLog(io, debug) {
    const secrets = new Set();
    const hide = (line) => [...secrets]
        .sort((a, b) => b.length - a.length)
        .reduce((text, secret) => text.replaceAll(secret, '***'), line);
    const write = (line) => {
        io.stderr(`${hide(line)}\n`);
    };
    return {
        write,
        debug: (line) => {
            if (debug)
                write(`debug: ${line}`);
        },
        mask: (secret) => {
            // A multi-line secret (a PEM key) is masked line by line too, as a runner does.
            for (const part of [secret, ...secret.split(/\r?\n/)].map((p) => p.trim()))
                if (part.length >= 4)
                    secrets.add(part);
        }
    };
}
/** The saved state, in memory, and in the state file when one is named (written at every change). */
class StateStore {
    io;
    file;
    #values = new Map();
    constructor(io, file) {
        this.io = io;
        this.file = file;
    }
    load() {
        if (this.file === undefined)
            return;
        const saved = JSON.parse(this.io.readFile(this.file));
        for (const [name, value] of Object.entries(saved))
            if (typeof value === 'string')
                this.#values.set(name, value);
    }
    get(name) {
        return this.#values.get(name) ?? '';
    }
    set(name, value) {
        this.#values.set(name, value);
        if (this.file !== undefined)
            this.io.writeFile(this.file, `${JSON.stringify(Object.fromEntries(this.#values), null, 2)}\n`);
    }
}
/** The host the engine runs on from the command line, and how its run ended. */
function cliHost(how) {
    const { inputs, io, log, state, outputs, summaryFile } = how;
    let reason;
    let interrupted = false;
    let summary = '';
    const host = {
        input: (name) => inputs[name] ?? '',
        env: io.env,
        state: (name) => state.get(name),
        saveState: (name, value) => {
            state.set(name, value);
        },
        setOutputs: (values) => {
            for (const [name, value] of Object.entries(values))
                outputs.set(name, value);
        },
        setSecret: log.mask,
        info: log.write,
        warning: (line) => {
            log.write(`warning: ${line}`);
        },
        error: (line, title) => {
            log.write(`error: ${title}: ${line}`);
        },
        debug: log.debug,
        ...(io.isTerminal ? { progress: log.write } : {}),
        startGroup: log.write,
        endGroup: () => undefined,
        setFailed: (message, why = 'failed') => {
            reason ??= why;
            log.write(`error: ${message}`);
        },
        // Without --summary-file, no summary is rendered.
        ...(summaryFile === undefined
            ? {}
            : {
                appendSummary: (markdown) => {
                    summary += markdown;
                    io.writeFile(summaryFile, summary);
                }
            }),
        onCancel: (listener) => io.onSignal((signal) => {
            interrupted = true;
            listener(signal);
        })
    };
    return {
        host,
        exitCode: () => (reason === undefined ? EXIT.ok : EXIT_OF[reason]),
        interrupted: () => interrupted
    };
}
/** The outputs as a JSON object, or as dotenv lines (ELASTIC_DEPLOY_TASK_ID=...) for GitLab's dotenv reports. */
function formatOutputs(outputs, format, log) {
    if (format === 'json')
        return `${JSON.stringify(Object.fromEntries(outputs), null, 2)}\n`;
    const lines = [...outputs].flatMap(([name, value]) => {
        if (/[\r\n]/.test(value)) {
            log.write(`warning: output ${name} spans lines, which a dotenv line cannot hold: left out`);
            return [];
        }
        return [`${ENV_PREFIX}${name.toUpperCase()}=${value}`];
    });
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
}


/***/ }),

/***/ 569:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runPost: () => (/* binding */ runPost)
});

// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./deploy/context.ts + 1 modules
var context = __webpack_require__(8703);
// EXTERNAL MODULE: ./deploy/cleanup.ts
var cleanup = __webpack_require__(8786);
// EXTERNAL MODULE: ./deploy/cleanup-state.ts
var cleanup_state = __webpack_require__(7326);
// EXTERNAL MODULE: ./platform/operations.ts
var operations = __webpack_require__(7258);
// EXTERNAL MODULE: ./protocol/json.ts
var json = __webpack_require__(6539);
;// CONCATENATED MODULE: ./deploy/manual-stop.ts


/**
 * How to stop a task by hand when the post step could not: a workflow step with this action, and a
 * shell command that signs the request as the spec demands (for an endpoint that takes a plain body).
 * Secrets appear only as the names of variables and files the user fills in.
 */
function manualStop(settings, taskId, action) {
    const call = (0,operations/* cleanupCall */.PG)(settings, taskId, 'stop');
    const step = actionStep(settings, action, ['    operation: stop', `    task_id: ${taskId}`]);
    const { endpoint } = call;
    if (endpoint.encrypt || endpoint.method !== 'POST')
        return { step, shell: undefined };
    const body = (0,json/* toCompactJson */.ZJ)(call.body ?? {});
    const url = `${settings.baseUrl}${endpoint.path}`;
    const headers = `-H "token: $DEPLOY_API_TOKEN" -H 'version: ${endpoint.version}' -H "timestamp: $ts" -H 'Content-Type: application/json'`;
    const shell = settings.credentials.mode === 'rsa'
        ? [
            `body='${body}'; ts=$(date +%s%3N)`,
            `sig=$(printf '%s\\n%s\\n%s\\n%s\\n%s' '${endpoint.path}' '${endpoint.version}' "$ts" "$DEPLOY_API_TOKEN" "$body" | openssl dgst -sha256 -sign private.pem | base64 -w0)`,
            `curl -sS -X POST '${url}' ${headers} -H "sign_str: $sig" --data-binary "$body"`
        ].join('\n')
        : [
            `body='${body}'; ts=$(date +%s%3N)`,
            `curl -sS -X POST '${url}' ${headers} --data-binary "$body"`
        ].join('\n');
    return { step, shell };
}
/**
 * How to stop by hand a task a create may have made without the step learning its id: a workflow step
 * that sweeps the exact name (a name without `*` matches itself only), keeping the tasks in `keep`.
 */
function manualSweep(settings, taskName, keep, action) {
    return actionStep(settings, action, [
        '    operation: sweep',
        `    task_name: ${JSON.stringify(taskName)}`,
        ...(keep.length > 0 ? [`    task_id: ${JSON.stringify(keep.join(', '))}`] : [])
    ]);
}
/** A workflow step that runs this action with `inputs`, its credentials read from the repository's secrets. */
function actionStep(settings, action, inputs) {
    return [
        `- uses: ${action}`,
        '  with:',
        ...inputs,
        `    base_url: ${settings.baseUrl}`,
        '    token: ${{ secrets.DEPLOY_API_TOKEN }}',
        ...(settings.credentials.mode === 'rsa' ? ['    private_key: ${{ secrets.DEPLOY_API_PRIVATE_KEY }}'] : [])
    ].join('\n');
}

// EXTERNAL MODULE: ./action/main-step.ts + 3 modules
var main_step = __webpack_require__(3191);
// EXTERNAL MODULE: ./action/runtime.ts + 5 modules
var action_runtime = __webpack_require__(2127);
// EXTERNAL MODULE: ./action/saved-cleanup.ts
var saved_cleanup = __webpack_require__(2457);
// EXTERNAL MODULE: ./action/summary.ts
var action_summary = __webpack_require__(8871);
;// CONCATENATED MODULE: ./action/post-step.ts








/**
 * The post step: finishes what the main step left (see CleanupState), whatever happened to the job:
 * stops or pauses every task it created, finds by name a task a create may have made without the step
 * learning its id, stops any second task a re-sent create left, and the tasks a replace was retiring.
 * Stop and pause are retried until cleanup_timeout; a task that cannot be cleaned up fails the step with
 * an error annotation and a job summary saying how to stop it by hand.
 */
async function runPost(host) {
    const state = (0,saved_cleanup/* savedCleanup */.W)(host);
    const label = `cleanup (${host.state('cleanup') || 'none'})`;
    if (nothingToDo(state)) {
        if (state.action !== undefined)
            host.info(`${label}: this step created no task`);
        return;
    }
    let runtime;
    try {
        const settings = await (0,action_runtime/* settingsFrom */.m)(host);
        runtime = (0,context/* stepRuntime */.r7)(settings, (0,action_runtime/* hostHooks */.b)(host, new AbortController().signal));
        const ctx = (0,context/* deployContext */.H3)(settings, runtime, { budgetMs: settings.cleanupTimeoutMs });
        const { outcomes, unsettled, preheats = [], rollback } = await (0,cleanup/* finishCleanup */.Y)(state, ctx);
        if (rollback !== undefined)
            reportRollback(host, rollback);
        for (const { target, outcome } of outcomes)
            host.info(describeOutcome(target, outcome, state.lookup));
        for (const { taskId, problem } of preheats) {
            if (problem === undefined)
                host.info(`cleanup: stopped image preheat task ${taskId}, which had not completed`);
            else
                host.warning(`could not stop image preheat task ${taskId} (${(0,safe_text/* sanitize */.a)(problem, 300)}): the platform's reference says a preheat holds no compute, but stop it in the console's image preheat list`);
        }
        const failed = outcomes.filter((o) => o.outcome.kind === 'failed');
        if (rollback?.problem !== undefined)
            host.setFailed(`${label} failed: the update of task ${rollback.taskId} could not be rolled back`, 'cleanup');
        if (failed.length === 0 && unsettled === undefined)
            return;
        giveUp(host, settings, { failed, unsettled }, label);
    }
    catch (error) {
        host.setFailed(`${label} failed: ${error instanceof input_error/* InputError */.d ? error.message : String(error)}`, error instanceof input_error/* InputError */.d ? 'input' : 'cleanup');
    }
    finally {
        runtime?.dispose();
    }
}
/** Says how the rollback of an update ended; one that did not complete is an error, with the file to restore. */
function reportRollback(host, rollback) {
    if (rollback.problem === undefined) {
        host.info(`cleanup: rolled back the update of task ${rollback.taskId}: it serves the configuration it had`);
        return;
    }
    (0,main_step/* notRolledBack */.vG)(host, { taskId: rollback.taskId, configuration: rollback.restore }, `the post step could not roll its update back (${(0,safe_text/* sanitize */.a)(rollback.problem, 300)})`);
}
/** Nothing was created, nothing may have been, nothing is being retired, and nothing is to roll back. */
function nothingToDo(state) {
    return (state.rollback === undefined &&
        state.lookup === undefined &&
        state.retire.length === 0 &&
        state.preheats.length === 0 &&
        (state.action === undefined || state.created.length === 0));
}
function describeOutcome(target, outcome, lookup) {
    const verb = cleanup_state/* CLEANUP_DONE */.io[target.action];
    const name = JSON.stringify((0,safe_text/* sanitize */.a)(lookup?.taskName ?? '', 100));
    const what = {
        twin: `, a second task named ${name} made by an earlier attempt of the create`,
        found: `, named ${name}, made by the create whose answer this step never read`,
        retired: ', of the generation the replace was retiring',
        created: ''
    }[target.why];
    switch (outcome.kind) {
        case 'done':
            return `cleanup: ${verb} task ${target.id}${what}`;
        case 'already':
            return `cleanup: task ${target.id} is already ${outcome.state}${what}`;
        case 'failed':
            return `cleanup: could not ${target.action} task ${target.id}${what}: ${outcome.why}`;
    }
}
/** Says loudly which tasks may still be running, how to stop them by hand, and fails the step. */
function giveUp(host, settings, left, label) {
    const repository = host.env('GITHUB_ACTION_REPOSITORY');
    const ref = host.env('GITHUB_ACTION_REF');
    const uses = repository && ref ? `${repository}@${ref}` : 'elastic-deploy-action/elastic-deploy-action@v0';
    const within = (0,units/* formatDuration */.a3)(settings.cleanupTimeoutMs);
    const summary = [`### Elastic deploy: ${label} failed`, ''];
    for (const { target, outcome } of left.failed) {
        const why = outcome.kind === 'failed' ? outcome.why : '';
        host.error(`task ${target.id} may still be running, and billing: the post step could not ${target.action} it within ${within} (${why}). Stop it by hand now: the job summary shows a step and a command that do, or stop it in the platform's console`, 'Task left running');
        const { step, shell } = manualStop(settings, target.id, uses);
        summary.push(`**Task ${target.id} may still be running, and billing.** The post step could not ${target.action} it within ${within}. Stop it by hand now, with this step in any workflow:`, ...fenced('yaml', step));
        if (shell !== undefined) {
            summary.push('or from a shell, with `DEPLOY_API_TOKEN` set (and `private.pem` for an RSA-mode key):', ...fenced('sh', shell));
        }
    }
    const { unsettled } = left;
    if (unsettled !== undefined) {
        const name = JSON.stringify((0,safe_text/* sanitize */.a)(unsettled.taskName, 100));
        host.error(`a task named ${name} may be running, and billing: the create of this step may have made it without the step learning its id, and the post step could not look for it until it could no longer appear (${unsettled.why}). Look for it and stop it now: the job summary shows a step that does`, 'Task may be left running');
        summary.push(`**A task named ${(0,action_summary/* escape */.i)(name)} may be running, and billing.** The create of this step may have made it without the step learning its id, and the post step could not look for it until it could no longer appear (${(0,action_summary/* escape */.i)(unsettled.why)}). Look for it in the platform's console, or stop every task of that name but the ones that existed before the step with this step in any workflow:`, ...fenced('yaml', manualSweep(settings, unsettled.taskName, unsettled.keep, uses)));
    }
    (0,main_step/* writeSummary */.Sy)(host, () => `${summary.join('\n')}\n`);
    const ids = left.failed.map(({ target }) => `task ${target.id} may still be running`);
    const named = unsettled === undefined
        ? []
        : [`a task named ${JSON.stringify((0,safe_text/* sanitize */.a)(unsettled.taskName, 100))} may be running`];
    host.setFailed(`${label} failed: ${[...ids, ...named].join('; ')}`, 'cleanup');
}
/** A fenced code block of the summary, and the blank line after it. */
const fenced = (language, code) => ['', '```' + language, code, '```', ''];


/***/ })

};
