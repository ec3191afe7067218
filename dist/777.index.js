export const id = 777;
export const ids = [777];
export const modules = {

/***/ 3355:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   f: () => (/* binding */ inCliWords)
/* harmony export */ });
/* harmony import */ var _deploy_door_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(4448);
/* harmony import */ var _deploy_door_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(7591);

/** An input as the CLI takes it: its flag, or for a secret its variable. */
const asCli = (name) => _deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .SECRET_INPUTS */ .pH.includes(name) ? (0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .variableOf */ .Qn)(name) : `--${(0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .flagOf */ .iP)(name)}`;
/** A workflow's secret (`${{ secrets.DEPLOY_API_TOKEN }}`), which the CLI takes from its CI system's secrets. */
const WORKFLOW_SECRET = /\$\{\{ secrets\.\w+ \}\}/g;
/** The secret inputs: never a flag, the variable the CLI reads them from. */
const SECRET_NAMES = new RegExp(`(?<![\\w-])(${_deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .SECRET_INPUTS */ .pH.filter((name) => name.includes('_')).join('|')})\\b`, 'g');
/** Inputs whose name is a word of its own (body, points, gpu): named as flags only where a message names an input. */
const WORDS = _deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT_NAMES */ .Qh.filter((name) => !name.includes('_') && _deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT_BY_NAME */ .pc.get(name)?.positional !== true);
/** Inputs whose name has an underscore (task_id, api_profile): an input wherever it stands as a word. */
const COMPOUNDS = _deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT_NAMES */ .Qh.filter((name) => name.includes('_') && !_deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .SECRET_INPUTS */ .pH.includes(name));
/** `set api_profile: live`, `such as gpu: '4090'`: an input with a value, as a workflow's `with:` gives it. */
const EXAMPLE = new RegExp(`\\b(set |such as |with )(${_deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .INPUT_NAMES */ .Qh.join('|')}): '?([^'\\s,)]+)'?`, 'g');
const COMPOUND = new RegExp(`(?<![\\w-])(${COMPOUNDS.join('|')})\\b`, 'g');
const WORD = new RegExp(`(^|\\bset |\\bcheck |\\band |\\bor |, )(${WORDS.join('|')})\\b(?!-)`, 'g');
/**
 * What is not prose in a message, where no word names an input: text in double quotes (a value, or the
 * server's text, quoted), a URL, a path or a query (a word holding a slash, or `?name=`/`&name=`), and
 * the server's own description after its code (`code C101: ...`, to the request id or the end).
 */
const NOT_PROSE = new RegExp([
    '"(?:[^"\\\\]|\\\\.)*"',
    '[^\\s"\'`(]*(?:\\/|[?&][\\w.-]+=)[^\\s"\'`]*',
    '(?<=\\bcode [\\w.-]{1,40}: )(?:(?! \\(request id|; request id)[^)])+'
].join('|'), 'g');
/** Stands for a span that is not prose while the prose is rewritten: no space, no word character. */
const HOLE = /\uE000(\d+)\uE000/g;
/**
 * A message of the engine (written for the action's inputs) in the command line's words: an input
 * `name: value` as `--name value`, an input as its flag (`task_id` as `--task-id`; a one-word input
 * where the message names it: at its start, or after "set", "check", "and", "or"), a secret input as the variable
 * the CLI reads it from (ELASTIC_DEPLOY_TOKEN: never a flag), and a workflow's secret as the CI system's.
 * Only prose is rewritten: a URL, a path, a query and quoted or server text stay as they are (see NOT_PROSE).
 */
function inCliWords(message) {
    const held = [];
    const prose = message.replace(NOT_PROSE, (span) => `\uE000${held.push(span) - 1}\uE000`);
    return prose
        .replace(WORKFLOW_SECRET, "one from the CI system's secret store")
        .replace(SECRET_NAMES, (_all, name) => (0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .variableOf */ .Qn)(name))
        .replace(EXAMPLE, (_all, before, name, value) => `${before}--${(0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .flagOf */ .iP)(name)} ${value}`)
        .replace(COMPOUND, (_all, name) => `--${(0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .flagOf */ .iP)(name)}`)
        .replace(WORD, (_all, before, name) => `${before}${asCli(name)}`)
        .replace(HOLE, (_all, index) => held[Number(index)] ?? '');
}


/***/ }),

/***/ 4323:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   AN: () => (/* binding */ DOTENV_PREFIX),
/* harmony export */   I5: () => (/* binding */ DOTENV_ORDER),
/* harmony export */   ff: () => (/* binding */ dotenvReport),
/* harmony export */   yw: () => (/* binding */ DOTENV_MAX_VARIABLES)
/* harmony export */ });
/* unused harmony export DOTENV_MAX_BYTES */
/* harmony import */ var _deploy_door_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1983);
/* harmony import */ var _json_outputs_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(3508);


/**
 * The dotenv report's names: ELASTIC_DEPLOY_OUTPUT_<OUTPUT>. GitLab hands a dotenv report's variables
 * to every job of later stages, and elastic-deploy reads its inputs from ELASTIC_DEPLOY_<INPUT>: with
 * that prefix, the task_id and gpu outputs would become a later job's inputs (its create refused, with a
 * task_id nobody gave it; its sweep keeping a task).
 */
const DOTENV_PREFIX = 'ELASTIC_DEPLOY_OUTPUT_';
/** The largest dotenv report GitLab takes, on every plan (its `dotenv_size` limit): 5 KiB. */
const DOTENV_MAX_BYTES = 5120;
/** The most variables a dotenv report may hold: GitLab refuses more than 20 on older plans and fresh installs. */
const DOTENV_MAX_VARIABLES = 20;
/**
 * The outputs a dotenv report holds by default, the most useful to a later stage first (their
 * declarations' dotenvRank): which task, how it stands, where it serves, what it cost; then a job's
 * verdict, the wait's, the lists, and the rest. `data`, the platform's whole answer, is never one: often
 * over the limit by itself, it carries the task's configuration (--output json --with-data prints it).
 */
const DOTENV_ORDER = _deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .DOTENV_ORDER */ .I5;
/**
 * The outputs as dotenv lines (`ELASTIC_DEPLOY_OUTPUT_TASK_ID=1229831`) for a GitLab dotenv report, as
 * every GitLab takes one: only the outputs that have a value (not empty, nor an empty list), in the order of `names` (DOTENV_ORDER
 * unless --dotenv-outputs names them), at most DOTENV_MAX_VARIABLES, the whole within 5 KiB. Left out,
 * with a warning: a value that spans lines, which a line cannot hold; a value that would pass 5 KiB (the
 * next ones may fit); and, in one line, the outputs --dotenv-outputs named past the twentieth. By default
 * the least useful past the twentieth (for a job, code and msg: its verdict is the exit code) are left out
 * without a word: a warning on every run that nobody can act on is noise.
 */
function dotenvReport(outputs, warn, named) {
    const names = named ?? DOTENV_ORDER;
    const lines = [];
    const over = [];
    let bytes = 0;
    for (const name of names) {
        const value = outputs.get(name) ?? '';
        // An empty list or object says nothing, as an empty value does (REPLACED_TASK_IDS=[] would be a line).
        if (!(0,_json_outputs_js__WEBPACK_IMPORTED_MODULE_1__/* .hasValue */ .a4)(value))
            continue;
        if (/[\r\n]/.test(value)) {
            warn(`output ${name} spans lines, which a dotenv line cannot hold: left out`);
            continue;
        }
        const line = `${DOTENV_PREFIX}${name.toUpperCase()}=${value}\n`;
        const size = Buffer.byteLength(line);
        if (bytes + size > DOTENV_MAX_BYTES) {
            warn(`output ${name} (${size} bytes) left out: GitLab refuses a dotenv report over 5 KiB; --output json holds it`);
            continue;
        }
        if (lines.length === DOTENV_MAX_VARIABLES) {
            over.push(name);
            continue;
        }
        lines.push(line);
        bytes += size;
    }
    if (over.length > 0 && named !== undefined)
        warn(`outputs ${over.join(', ')} left out: GitLab takes at most ${DOTENV_MAX_VARIABLES} variables in a dotenv report; name those you need with --dotenv-outputs`);
    return lines.join('');
}


/***/ }),

/***/ 3508:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Gt: () => (/* binding */ typedRows),
/* harmony export */   a4: () => (/* binding */ hasValue),
/* harmony export */   bA: () => (/* binding */ typedOutputs),
/* harmony export */   iJ: () => (/* binding */ FILE_OUTPUTS)
/* harmony export */ });
/* unused harmony exports NUMBER_OUTPUTS, BOOLEAN_OUTPUTS, JSON_OUTPUTS */
/* harmony import */ var _deploy_door_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(1983);
/* harmony import */ var _deploy_door_js__WEBPACK_IMPORTED_MODULE_1__ = __webpack_require__(6539);

/** Outputs that are numbers: printed as JSON numbers, exact (null when empty). Their declarations say. */
const NUMBER_OUTPUTS = (0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .outputsOfType */ .wp)('number');
/** Outputs that are true or false (null when empty: not known, or not asked). */
const BOOLEAN_OUTPUTS = (0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .outputsOfType */ .wp)('bool');
/** Outputs that hold a list or an object as JSON text: printed as the list or object. */
const JSON_OUTPUTS = (0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .outputsOfType */ .wp)('json');
/**
 * The outputs as the CLI's JSON prints them: those that have a value, each by its name, as what it is (a
 * number, a boolean, a list or an object; every other output, and task ids, as text). `data` (the
 * platform's whole answer, its environment values redacted) only when asked for (--with-data); the
 * outputs that name files only when the files are kept (see keptFiles).
 */
function typedOutputs(outputs, options) {
    const typed = {};
    for (const [name, text] of outputs) {
        if (!hasValue(text))
            continue;
        if (name === 'data' && !options.withData)
            continue;
        if (FILE_OUTPUTS.has(name) && !options.files)
            continue;
        typed[name] = typeOf(name, text);
    }
    return typed;
}
/** Whether an output says something: not empty, nor an empty list or object (no task ids, no URLs). */
function hasValue(text) {
    return text !== '' && text !== '[]' && text !== '{}';
}
/** Outputs that name a file the run wrote. */
const FILE_OUTPUTS = (0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_0__/* .outputsOfType */ .wp)('file');
function typeOf(name, text) {
    // Several tasks' cost (an object of task id to cost) or billing_value (a list): their numbers, exact.
    if (NUMBER_OUTPUTS.has(name) && /^[[{]/.test(text))
        return jsonOf(text);
    if (NUMBER_OUTPUTS.has(name))
        return text === '' ? null : ((0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .exactNumberOf */ .Gu)(text) ?? text);
    if (BOOLEAN_OUTPUTS.has(name))
        return text === 'true' ? true : text === 'false' ? false : null;
    if (JSON_OUTPUTS.has(name))
        return text === '' ? null : jsonOf(text);
    return text;
}
/** JSON text as what it holds, its numbers exact; the text itself when it is no JSON. */
function jsonOf(text) {
    try {
        return (0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .parseJson */ .qF)(text);
    }
    catch {
        return text;
    }
}
/**
 * A listing's rows as the CLI's JSON holds them: each cell as text, but money (the list's money columns:
 * yuan), a number, exact, as the cost output is (null where a row has none).
 */
function typedRows(list) {
    return list.rows.map((row) => Object.fromEntries(Object.entries(row).map(([column, text]) => list.money.includes(column)
        ? [column, text === '' ? null : ((0,_deploy_door_js__WEBPACK_IMPORTED_MODULE_1__/* .exactNumberOf */ .Gu)(text) ?? text)]
        : [column, text])));
}


/***/ }),

/***/ 3777:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  runCli: () => (/* binding */ runCli)
});

// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
// EXTERNAL MODULE: external "node:util"
var external_node_util_ = __webpack_require__(7975);
;// CONCATENATED MODULE: ./basics/nearest.ts
/**
 * The word of `known` nearest to `word` by edit distance (insertions, deletions, substitutions, and two
 * letters swapped), if it is near enough to be what was meant: at most a third of its length away, at
 * least one edit allowed. Undefined when none is.
 */
function nearest(word, known) {
    const most = Math.max(1, Math.floor(word.length / 3));
    let best;
    for (const candidate of known) {
        const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
        if (distance <= most && (best === undefined || distance < best.distance))
            best = { word: candidate, distance };
    }
    return best?.word;
}
/** The optimal string alignment distance: Levenshtein's, with a swap of two neighbours as one edit. */
function editDistance(a, b) {
    const rows = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
    const at = (i, j) => rows[i]?.[j] ?? 0;
    for (let i = 1; i <= a.length; i++) {
        for (let j = 1; j <= b.length; j++) {
            const cost = a[i - 1] === b[j - 1] ? 0 : 1;
            let d = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
            if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
                d = Math.min(d, at(i - 2, j - 2) + 1);
            const row = rows[i];
            if (row !== undefined)
                row[j] = d;
        }
    }
    return at(a.length, b.length);
}

// EXTERNAL MODULE: ./cli/dotenv.ts
var dotenv = __webpack_require__(4323);
// EXTERNAL MODULE: ./deploy/operations.ts + 10 modules
var operations = __webpack_require__(3977);
// EXTERNAL MODULE: ./deploy/engine/inputs/input.ts
var inputs_input = __webpack_require__(7591);
// EXTERNAL MODULE: ./deploy/engine/inputs/index.ts + 12 modules
var engine_inputs = __webpack_require__(4448);
;// CONCATENATED MODULE: ./cli/cli-args.ts





/** The formats --output takes. */
const OUTPUT_FORMATS = ['table', 'json', 'dotenv'];
// An input's flag (task_name as --task-name) and variable (ELASTIC_DEPLOY_TASK_NAME) are its declaration's.

/** A flag (or operation) as the action names it: task-name as task_name. */
const underscored = (flag) => flag.replaceAll('-', '_');
/** Flags of the CLI itself, beside the inputs. */
const OWN_FLAGS = [
    'output',
    'state-file',
    'summary-file',
    'files-dir',
    'with-data',
    'dotenv-outputs',
    'debug',
    'help',
    'version'
];
/**
 * Reads the command line: `elastic-deploy <operation> [--input value]...`, `elastic-deploy cleanup
 * --state-file F`, `--help` (alone, or after an operation: its own help), `--version`. The operation may
 * be written with dashes for underscores (`search-tasks`), and each input is a flag so written
 * (`--task-name`, or `--task-name=x`); a boolean input, `--wait` and `--debug` may stand alone. Node's
 * own parser (util.parseArgs) reads the flags. Secrets are refused as flags: a command line shows in
 * process lists and shell history. Anything wrong is an InputError naming the flag and the fix, with the
 * nearest operation or flag when one is near.
 */
function parseCliArgs(argv) {
    const [first, ...rest] = argv;
    if (first === undefined)
        return { kind: 'usage' };
    if (first === '--help' || first === '-h' || first === 'help' || first === '--help=all') {
        const [about, more] = rest;
        const all = first === '--help=all' || about === 'all' || more === 'all';
        return about === undefined || about === 'all'
            ? { kind: 'help', all }
            : { kind: 'help', operation: operationOf(about), all };
    }
    if (first === '--version')
        return { kind: 'version' };
    if (first.startsWith('-'))
        throw new input_error/* InputError */.d(`${first} comes before the operation: write elastic-deploy <operation> ${first} ...`);
    const operation = operationOf(first);
    const help = rest.findIndex((arg) => arg === '--help' || arg === '-h' || arg === '--help=all');
    if (help >= 0)
        return { kind: 'help', operation, all: rest[help] === '--help=all' || rest[help + 1] === 'all' };
    if (rest.includes('--version'))
        return { kind: 'version' };
    const given = readFlags(rest);
    const own = (name) => given.get(name);
    const debug = given.has('debug') && own('debug') !== 'false';
    const flags = {};
    for (const [name, value] of given)
        if (!OWN_FLAGS.includes(name))
            flags[inputOf(name)] = value;
    if (operation === 'cleanup') {
        const stateFile = own('state-file');
        if (stateFile === undefined)
            throw new input_error/* InputError */.d('cleanup needs --state-file: the file the run that created the tasks wrote');
        return { kind: 'cleanup', stateFile, debug, flags };
    }
    const output = own('output');
    if (output !== undefined && !OUTPUT_FORMATS.includes(output))
        throw new input_error/* InputError */.d(`--output ${JSON.stringify(output)} is none of table, json and dotenv: set --output table, json or dotenv`);
    return {
        kind: 'run',
        // The operation as the action names it; with dashes, as the flags are written, it is the same one.
        flags: { ...flags, operation },
        output: output,
        stateFile: own('state-file'),
        summaryFile: own('summary-file'),
        debug,
        withData: given.has('with-data') && own('with-data') !== 'false',
        filesDir: own('files-dir'),
        dotenvOutputs: dotenvOutputsOf(own('dotenv-outputs'))
    };
}
/** --dotenv-outputs: outputs by name, separated by commas, at most DOTENV_MAX_VARIABLES. */
function dotenvOutputsOf(text) {
    if (text === undefined)
        return undefined;
    const names = text
        .split(',')
        .map((name) => underscored(name.trim()))
        .filter((name) => name !== '');
    for (const name of names) {
        if (dotenv/* DOTENV_ORDER */.I5.includes(name))
            continue;
        const near = nearest(name, dotenv/* DOTENV_ORDER */.I5);
        throw new input_error/* InputError */.d(`--dotenv-outputs names ${JSON.stringify(name)}, which is no output a dotenv report holds${near === undefined ? '' : `; did you mean ${near}?`} (data never is: use --output json --with-data)`);
    }
    if (names.length === 0 || names.length > dotenv/* DOTENV_MAX_VARIABLES */.yw)
        throw new input_error/* InputError */.d(`--dotenv-outputs names ${names.length} outputs: name 1 to ${dotenv/* DOTENV_MAX_VARIABLES */.yw}, separated by commas (task_id,status,url)`);
    return names;
}
/** The operation a word names (dashes for underscores), or cleanup; else an error with the nearest. */
function operationOf(word) {
    const name = underscored(word);
    if (name === 'cleanup')
        return 'cleanup';
    const operation = operations/* OPERATION_NAMES */.d0.find((known) => known === name);
    if (operation !== undefined)
        return operation;
    const near = nearest(name, [...operations/* OPERATION_NAMES */.d0, 'cleanup']);
    throw new input_error/* InputError */.d(`${JSON.stringify(word)} is no operation of elastic-deploy${near === undefined ? '' : `; did you mean ${(0,inputs_input/* flagOf */.iP)(near)}?`} (elastic-deploy --help lists them)`);
}
/** Every flag the command line may hold: the inputs (secrets too, to refuse them by name) and the CLI's own. */
const KNOWN_FLAGS = [...engine_inputs/* INPUT_NAMES */.Qh.map(inputs_input/* flagOf */.iP), ...OWN_FLAGS];
/** A PEM key's text: a flag's value, though it starts with dashes (`--platform-public-key "$(cat key.pem)"`). */
const PEM = '-----BEGIN';
/**
 * The flags as name -> value, read by util.parseArgs; a flag that may stand alone (see standsAlone) and
 * has no value after it means true; a value that is a PEM key is the flag's value, not a flag.
 */
function readFlags(given) {
    const args = given.flatMap((arg, i) => {
        const before = given[i - 1];
        if (arg.startsWith(PEM) && before !== undefined && isBareFlag(before))
            return [];
        const next = given[i + 1];
        return isBareFlag(arg) && next?.startsWith(PEM) === true ? [`${arg}=${next}`] : [arg];
    });
    const withValues = args.flatMap((arg, i) => {
        const next = args[i + 1];
        const alone = next === undefined || next.startsWith('--');
        return arg.startsWith('--') && !arg.includes('=') && alone && standsAlone(arg.slice(2))
            ? [`${arg}=true`]
            : [arg];
    });
    let parsed;
    try {
        parsed = (0,external_node_util_.parseArgs)({
            args: withValues,
            options: Object.fromEntries(KNOWN_FLAGS.map((flag) => [flag, { type: 'string' }])),
            strict: true,
            allowPositionals: false,
            tokens: true
        });
    }
    catch (error) {
        throw new input_error/* InputError */.d(whyNot(error, args));
    }
    const flags = new Map();
    for (const token of parsed.tokens ?? []) {
        if (token.kind !== 'option')
            continue;
        if (flags.has(token.name))
            throw new input_error/* InputError */.d(`--${token.name} is given twice: give it once`);
        flags.set(token.name, token.value ?? '');
    }
    return flags;
}
/** `--name`, with no `=value`: its value, if any, is the next word. */
const isBareFlag = (arg) => arg.startsWith('--') && !arg.includes('=');
/** What util.parseArgs refused, in the CLI's words: the flag, and the fix. */
function whyNot(error, args) {
    const code = error.code;
    const message = error instanceof Error ? error.message : String(error);
    const flag = /'(-{1,2}[^' ]+)/.exec(message)?.[1] ?? '';
    if (code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
        const name = flag.replace(/^-+/, '').split('=')[0] ?? '';
        const near = nearest(name, KNOWN_FLAGS);
        // A secret (--TOKEN, --privat-key) is told where secrets go, never offered as a flag.
        const secret = engine_inputs/* SECRET_INPUTS */.pH.find((input) => (0,inputs_input/* flagOf */.iP)(input) === near);
        if (secret !== undefined) {
            const variable = (0,inputs_input/* variableOf */.Qn)(secret);
            return `--${name} is no flag of elastic-deploy, and the secret ${secret} never is one (a flag shows in process lists and shell history): set ${variable}, or ${variable}_FILE to a file that holds it`;
        }
        return `--${name} is no flag of elastic-deploy${near === undefined ? '' : `; did you mean --${near}?`} (elastic-deploy <operation> --help lists an operation's flags)`;
    }
    if (code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE') {
        const name = flag.replace(/^-+/, '');
        return `--${name} needs a value: write --${name} <value>${/ambiguous/.test(message) ? `, or --${name}=<value> for a value that begins with a dash` : ''}`;
    }
    if (code === 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL') {
        const word = args.find((arg) => !arg.startsWith('--') && message.includes(`'${arg}'`)) ?? '';
        return `${JSON.stringify(word)} is no flag: write each input as --name value`;
    }
    return message;
}
/**
 * Boolean inputs, those declared to stand alone (--wait: auto, true or false), --debug and --with-data
 * may be given without a value: true.
 */
function standsAlone(flag) {
    if (flag === 'debug' || flag === 'with-data')
        return true;
    const declared = engine_inputs/* INPUT_BY_NAME */.pc.get(underscored(flag));
    return declared !== undefined && (declared.type === 'bool' || declared.standsAlone === true);
}
/** The input a flag names, refusing secrets and flags that name no input. */
function inputOf(flag) {
    const name = underscored(flag);
    const input = engine_inputs/* INPUT_NAMES */.Qh.find((known) => known === name);
    if (input === undefined)
        throw new input_error/* InputError */.d(`--${flag} is no input of elastic-deploy: see elastic-deploy --help for the inputs`);
    if (engine_inputs/* INPUT_BY_NAME */.pc.get(input)?.positional === true)
        throw new input_error/* InputError */.d('--operation is given as the first word: elastic-deploy <operation>');
    if (engine_inputs/* SECRET_INPUTS */.pH.includes(input)) {
        const variable = (0,inputs_input/* variableOf */.Qn)(input);
        throw new input_error/* InputError */.d(`--${flag} would show a secret in process lists and shell history: set ${variable}, or ${variable}_FILE to a file that holds it`);
    }
    return input;
}

// EXTERNAL MODULE: ./action/masker.ts
var masker = __webpack_require__(180);
;// CONCATENATED MODULE: ./cli/cli-log.ts

function cliLog(io, debug) {
    const { add, redact } = (0,masker/* masker */.KB)();
    const write = (line) => {
        io.stderr(`${redact(line)}\n`);
    };
    return {
        write,
        ...(debug
            ? {
                debug: (line) => {
                    write(`debug: ${line}`);
                }
            }
            : {}),
        // The step's one masker: a multi-line secret (a PEM key) is masked line by line too, as a runner does.
        mask: (secret) => {
            add([secret]);
        }
    };
}

;// CONCATENATED MODULE: ./cli/exit-codes.ts
/** The exit codes, as the README documents them. */
const EXIT = {
    ok: 0,
    failed: 1,
    input: 2,
    timedOut: 3,
    cleanup: 4,
    capped: 5,
    interrupted: 130
};
const EXIT_OF = {
    input: EXIT.input,
    timed_out: EXIT.timedOut,
    failed: EXIT.failed,
    capped: EXIT.capped,
    cleanup: EXIT.cleanup
};

// EXTERNAL MODULE: ./cli/state-lock.ts
var state_lock = __webpack_require__(9158);
// EXTERNAL MODULE: ./deploy/settings.ts + 2 modules
var settings = __webpack_require__(1860);
// EXTERNAL MODULE: ./deploy/engine/cleanup-state.ts
var cleanup_state = __webpack_require__(6289);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./platform/task-kinds.ts
var task_kinds = __webpack_require__(7187);
;// CONCATENATED MODULE: ./action/by-hand.ts

/**
 * The elastic-deploy commands that stop a task, or sweep a name, by hand, against this run's platform
 * (to be run with this run's ELASTIC_DEPLOY_* variables, which hold its credentials).
 */
function byHand(inputs) {
    const where = ['base_url', 'api_profile']
        .filter((name) => (inputs[name] ?? '').trim() !== '')
        .map((name) => `--${name.replace('_', '-')} ${shellQuote(inputs[name] ?? '')}`);
    const run = (words) => [...words, ...where].join(' ');
    // The stop of the kind the run's operation concerns: a job's is job-stop, and a sweep finds no job: the
    // jobs of a name are listed (job-search), each to stop by hand. The steps of other kinds leave no task
    // of a kind of their own to stop by id: a deployment's commands, as ever.
    const concerned = (0,calls/* kindOf */.I)({ operation: inputs.operation?.trim() ?? '' });
    const kind = (0,task_kinds/* isTaskKind */.Ay)(concerned) ? concerned : task_kinds/* TASK_KINDS */.Eb.deployment;
    const command = (operation) => `elastic-deploy ${operation.replaceAll('_', '-')}`;
    return {
        stop: (taskId) => run([`${command(kind.stop)} --task-id`, taskId]),
        sweep: (taskName, keep) => kind.sweep === undefined
            ? run([`${command(kind.search)} --task-name`, shellQuote(taskName)])
            : run([
                `${command(kind.sweep)} --task-name`,
                shellQuote(taskName),
                ...(keep.length > 0 ? ['--task-id', shellQuote(keep.join(', '))] : [])
            ])
    };
}
/** A word a POSIX shell reads back as `text`: single-quoted, a quote inside written '\''. */
function shellQuote(text) {
    return /^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", "'\\''")}'`;
}

// EXTERNAL MODULE: ./action/main-step.ts + 5 modules
var main_step = __webpack_require__(8215);
// EXTERNAL MODULE: ./action/saved-cleanup.ts
var saved_cleanup = __webpack_require__(2457);
// EXTERNAL MODULE: ./cli/cli-words.ts
var cli_words = __webpack_require__(3355);
// EXTERNAL MODULE: ./host/private-file.ts
var private_file = __webpack_require__(4463);
;// CONCATENATED MODULE: ./cli/cli-host.ts




/** The largest output the command reads back from a file of its run (a bulk step's data). */
const MOST_OUTPUT_FILE_BYTES = 256 * 1024 * 1024;
/** The host the engine runs on from the command line, and how its run ended. */
function cliHost(how) {
    const { inputs, io, log, state, outputs, appendSummary } = how;
    let reason;
    let interrupted = false;
    const host = {
        input: (name) => inputs[name] ?? '',
        env: io.env,
        state: (name) => state.get(name),
        saveState: (values) => {
            state.set(values);
        },
        setOutputs: (values, files = {}) => {
            for (const [name, value] of Object.entries(values))
                outputs.set(name, value);
            // A bulk step's data, from the file it wrote as its answers came: the command prints it whole.
            for (const [name, path] of Object.entries(files))
                outputs.set(name, (0,private_file/* readPrivateFile */.q1)(path, MOST_OUTPUT_FILE_BYTES));
        },
        setSecrets: (secrets) => {
            secrets.forEach(log.mask);
        },
        info: log.write,
        warning: (line) => {
            log.write(`warning: ${(0,cli_words/* inCliWords */.f)(line)}`);
        },
        error: (line, title) => {
            log.write(`error: ${title}: ${(0,cli_words/* inCliWords */.f)(line)}`);
        },
        ...(log.debug === undefined ? {} : { debug: log.debug }),
        ...(io.isTerminal ? { progress: log.write } : {}),
        startGroup: log.write,
        endGroup: () => undefined,
        setFailed: (message, why = 'failed') => {
            reason ??= why;
            log.write(`error: ${(0,cli_words/* inCliWords */.f)(message)}`);
        },
        ...(appendSummary === undefined ? {} : { appendSummary }),
        // The workspace rule is the action's: a command line's user names their own files.
        readsAnyFile: true,
        // RUNNER_TEMP is the run's own directory (see runFiles): its files take stable names there.
        ...(how.ownDir === undefined ? {} : { ownFilesDir: how.ownDir }),
        byHand: byHand(inputs),
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

// EXTERNAL MODULE: ./action/runtime.ts + 1 modules
var runtime = __webpack_require__(7614);
;// CONCATENATED MODULE: ./cli/cli-inputs.ts



/** The largest key or secret file read (a private key is a few KiB). */
const MAX_SECRET_FILE = 64 * 1024;
/**
 * Each input: its flag, else ELASTIC_DEPLOY_<NAME>, else (a key or a secret: FILE_INPUTS) the file
 * ELASTIC_DEPLOY_<NAME>_FILE names. Every secret is masked before anything is logged.
 */
function resolveInputs(flags, io, mask) {
    const inputs = {};
    for (const name of engine_inputs/* INPUT_NAMES */.Qh) {
        const variable = (0,inputs_input/* variableOf */.Qn)(name);
        const file = engine_inputs/* FILE_INPUTS */.zN.includes(name) ? io.env(`${variable}_FILE`) : undefined;
        // An empty variable is an unset one (CI systems set variables they have no value for to '').
        const fromEnv = io.env(variable) || undefined;
        const value = flags[name] ?? fromEnv ?? (file ? secretFile(variable, file, io) : undefined);
        if (value === undefined)
            continue;
        if (engine_inputs/* SECRET_INPUTS */.pH.includes(name))
            mask(value);
        inputs[name] = value;
    }
    return inputs;
}
function secretFile(variable, path, io) {
    try {
        return io.readFile(path, MAX_SECRET_FILE);
    }
    catch (error) {
        const code = error.code ?? 'error';
        const why = code === 'EFBIG'
            ? 'a file over 64 KiB, too big for a secret: check the path'
            : code === 'ENOTREG'
                ? 'no regular file: set it to the file that holds the secret'
                : `${JSON.stringify(path)}, which cannot be read (${code}): set it to a readable file`;
        throw new input_error/* InputError */.d(`${variable}_FILE names ${why}`);
    }
}
/** The inputs a later cleanup needs: no secret (read again from the environment), no body, no query. */
function forCleanup(inputs) {
    return Object.fromEntries(Object.entries(inputs).filter(([name]) => !engine_inputs/* SECRET_INPUTS */.pH.includes(name) && !runtime/* REQUEST_CONTENT_INPUTS */.Ks.has(name)));
}

;// CONCATENATED MODULE: ./cli/state-store.ts


/** Where a run's state file keeps the inputs it ran with (secrets never), for a later cleanup. */
const INPUTS_KEY = 'cli_inputs';
/** The largest state file read: its ids, a lookup and the saved inputs, a configuration at the most. */
const MAX_STATE_FILE = 16 * 1024 * 1024;
/** The saved state, in memory, and in the state file when one is named (written at every change). */
class StateStore {
    io;
    file;
    #values = new Map();
    constructor(io, file) {
        this.io = io;
        this.file = file;
    }
    /** Reads the state file; throws an Error that says, in one line, why it cannot be read. */
    load() {
        if (this.file === undefined)
            return;
        let text;
        try {
            text = this.io.readFile(this.file, MAX_STATE_FILE);
        }
        catch (error) {
            const code = error.code;
            const why = code === 'ENOENT'
                ? 'which does not exist'
                : code === 'ENOTREG'
                    ? 'which is no regular file'
                    : code === 'EFBIG'
                        ? 'which is larger than a state file'
                        : `which cannot be read (${code ?? 'error'})`;
            throw new Error(`--state-file names ${JSON.stringify(this.file)}, ${why}: give the file the run wrote with --state-file (nothing was stopped)`, { cause: error });
        }
        try {
            this.loadText(text);
        }
        catch (error) {
            throw new Error(`--state-file names ${JSON.stringify(this.file)}, which holds no state of elastic-deploy (${error.message}): give the file the run wrote with --state-file (nothing was stopped)`, { cause: error });
        }
    }
    /**
     * Takes the values of a state file's text; throws when it is none: a state file is a JSON object that
     * names the inputs of the run that wrote it (any other JSON, a package.json or an outputs file, is not).
     */
    loadText(text) {
        let saved;
        try {
            saved = JSON.parse(text);
        }
        catch {
            throw new Error('it is no JSON');
        }
        if (typeof saved !== 'object' || saved === null || Array.isArray(saved))
            throw new Error('it is no JSON object');
        if (typeof saved[INPUTS_KEY] !== 'string')
            throw new Error("it names no run's inputs, as a state file does");
        for (const [name, value] of Object.entries(saved))
            if (typeof value === 'string')
                this.#values.set(name, value);
    }
    get(name) {
        return this.#values.get(name) ?? '';
    }
    /** A copy of the values, kept in memory only: changing it never touches the state file. */
    inMemory() {
        const copy = new StateStore(this.io, undefined);
        copy.set(Object.fromEntries(this.#values));
        return copy;
    }
    /** Sets the values, then writes the state file once. */
    set(values) {
        for (const [name, value] of Object.entries(values))
            this.#values.set(name, value);
        if (this.file !== undefined)
            this.io.writeFile(this.file, `${JSON.stringify(Object.fromEntries(this.#values), null, 2)}\n`);
    }
}
/**
 * Whether a new run may write its state to `path`: free when there is no such file, or it is a state file
 * an earlier run wrote that leaves nothing (a cleanup ran). A state file that still names what an earlier
 * run left is not free (its record would be lost), nor is anything that is not a state file (it is never
 * written over: a package.json, a directory, /dev/null).
 */
function stillToClean(path, io) {
    let text;
    try {
        text = io.readFile(path, MAX_STATE_FILE);
    }
    catch (error) {
        const code = error.code;
        if (code === 'ENOENT')
            return { free: true };
        return {
            free: false,
            why: code === 'ENOTREG'
                ? 'which is no regular file (a directory or a device): name a file'
                : code === 'EFBIG'
                    ? 'which is larger than a state file: name another file'
                    : `which cannot be read (${code ?? 'error'}): name a file that can be`
        };
    }
    if (text.trim() === '')
        return { free: true };
    const saved = new StateStore(io, undefined);
    try {
        saved.loadText(text);
    }
    catch (error) {
        return {
            free: false,
            why: `which is no state file of elastic-deploy (${error.message}), and a run would write over it: name another file`
        };
    }
    const left = (0,cleanup_state/* leftovers */.To)((0,saved_cleanup/* savedCleanup */.W)(stateHost(saved)));
    if (left.length === 0)
        return { free: true };
    return {
        free: false,
        why: `which still names what an earlier run left: ${left.join('; ')}. A new run would replace that record, and it would never be cleaned up: run elastic-deploy cleanup --state-file ${path} first, or name another file`
    };
}
/** Records in the state (and its file) that the create's late task was looked for: none is left to find. */
function forgetLookup(state) {
    const host = stateHost(state);
    (0,saved_cleanup/* saveCleanup */.M)(host, { ...(0,saved_cleanup/* savedCleanup */.W)(host), lookup: undefined });
}
/** The saved state's part of a host, over a state store. */
function stateHost(state) {
    return {
        state: (name) => state.get(name),
        saveState: (values) => {
            state.set(values);
        }
    };
}
/** Records in the state (and its file) that nothing is left to clean up: a later run may use the file. */
function markCleaned(state) {
    (0,saved_cleanup/* saveCleanup */.M)(stateHost(state), cleanup_state/* NO_CLEANUP */.jR);
}

;// CONCATENATED MODULE: ./cli/readable-markdown.ts
// The job summary as the CLI writes it to --summary-file: Markdown a person reads raw, as safe to render.
/** Characters that mean nothing to Markdown or HTML in running text: written as themselves. */
const PLAIN = new Set('.,:;()=+\'"?%@{}^/-'.split(''));
/** Characters HTML reads: their named references, which read better raw than numbers do. */
const NAMED = { '<': '&lt;', '>': '&gt;', '&': '&amp;' };
/** A numeric character reference, as the summary writes server text (see markdown-text.ts). */
const REFERENCE = /&#(\d{1,7});/g;
/** A fence that opens or closes a code block. */
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
/** What the runner's summary says of a job's log that a command line has otherwise (--files-dir). */
const RUNNER_ONLY = /, which `actions\/upload-artifact` keeps/g;
/**
 * The summary's Markdown, for a file a person reads as it is (`--summary-file`): the numeric character
 * references the runner's summary writes server text with (`web&#46;1`) become the characters where
 * they mean nothing to Markdown or HTML (`.`, `:`, `(`, letters beyond ASCII), a backslash escape where
 * they would (`\_`, `\*`, `\[`, `\|`), and `&lt;` `&gt;` `&amp;` for HTML's: rendered, it shows the same text
 * as before, and still no syntax of the server's. Code blocks are left as they are; what the runner alone
 * has (actions/upload-artifact) is said as the CLI has it.
 */
function readableMarkdown(markdown) {
    let fence;
    return markdown
        .split('\n')
        .map((line) => {
        const opens = FENCE.exec(line)?.[1];
        if (fence !== undefined) {
            if (opens !== undefined && opens[0] === fence[0] && opens.length >= fence.length)
                fence = undefined;
            return line;
        }
        if (opens !== undefined) {
            fence = opens;
            return line;
        }
        return line
            .replace(RUNNER_ONLY, ', which --files-dir keeps')
            .replace(REFERENCE, (_all, code) => {
            const char = String.fromCodePoint(Number(code));
            if (Number(code) >= 0x80)
                return char;
            if (PLAIN.has(char))
                return char;
            return NAMED[char] ?? (/[!-/:-@[-`{-~]/.test(char) ? `\\${char}` : `&#${code};`);
        });
    })
        .join('\n');
}

;// CONCATENATED MODULE: ./cli/command-support.ts


/**
 * Keeps SIGINT and SIGTERM from ending the process while `cleaning()` says a cleanup runs: a job that
 * is cancelled sends SIGINT, then SIGTERM (GitHub Actions, 7.5 s later), and with no listener the second
 * would kill the process mid-stop, leaving a task billing. The cleanup ends by itself within
 * cleanup_timeout; SIGKILL still ends it at once. Answers the function that stops listening.
 */
function shieldCleanup(io, log, stateFile, cleaning) {
    const then = stateFile === undefined ? '' : `; if it is killed, run elastic-deploy cleanup --state-file ${stateFile}`;
    return io.onSignal((signal) => {
        if (cleaning())
            log.write(`cleanup: received ${signal}; the cleanup goes on until it ends, within cleanup_timeout${then}`);
    });
}
/**
 * The summary file, written whole at every append: the run's summary, then its cleanup's (the steps that
 * stop a task by hand), as Markdown a person reads raw (see readableMarkdown). Created empty at once, so a
 * path that cannot be written is found before anything is sent.
 */
function summarySink(io, file) {
    if (file === undefined)
        return undefined;
    io.writeFile(file, '');
    let summary = '';
    return (markdown) => {
        summary += readableMarkdown(markdown);
        io.writeFile(file, summary);
    };
}
/** The post step: a chunk that a run which needs no cleanup never loads. */
async function postStep(host) {
    const { runPost } = await Promise.all(/* import() */[__webpack_require__.e(197), __webpack_require__.e(774), __webpack_require__.e(291)]).then(__webpack_require__.bind(__webpack_require__, 2291));
    await runPost(host);
}

// EXTERNAL MODULE: ./protocol/json.ts
var json = __webpack_require__(6539);
// EXTERNAL MODULE: ./cli/json-outputs.ts
var json_outputs = __webpack_require__(3508);
// EXTERNAL MODULE: ../node_modules/lossless-json/lib/esm/index.js + 6 modules
var esm = __webpack_require__(3201);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./platform/money.ts
var money = __webpack_require__(5786);
// EXTERNAL MODULE: ./deploy/report-parts.ts + 11 modules
var report_parts = __webpack_require__(5165);
;// CONCATENATED MODULE: ./cli/terminal-summary.ts
/**
 * The job summary as a terminal shows it: the markdown the summary file holds (escaped for GitHub,
 * every character that markdown or HTML could read as its own an entity) made plain text. Entities
 * become their characters again; a table's columns are aligned, its separator row a line; headings lose
 * their marks; `<sub>` notes and `<details>` blocks become plain lines; fenced code keeps its lines.
 * What comes from the server was made safe when the summary was rendered (no control character, no
 * line break in a cell), and stays so: only entities are undone.
 */
function terminalSummary(markdown) {
    const out = [];
    let table = [];
    let fence;
    const flush = () => {
        if (table.length > 0)
            out.push(...alignTable(table));
        table = [];
    };
    for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
        if (fence !== undefined) {
            if (line.startsWith(fence))
                fence = undefined;
            else
                out.push(`  ${line}`);
            continue;
        }
        const opening = /^(`{3,}|~{3,})/.exec(line)?.[1];
        if (opening !== undefined) {
            flush();
            fence = opening;
            continue;
        }
        if (/^\|.*\|\s*$/.test(line)) {
            if (/^\|(\s*:?-+:?\s*\|)+\s*$/.test(line))
                table.push([]);
            else
                table.push(cells(line));
            continue;
        }
        flush();
        out.push(plainLine(line));
    }
    flush();
    // No line may begin as a workflow command does, should the text reach a runner's log.
    return `${out
        .join('\n')
        .replace(/\n{3,}/g, '\n\n')
        .trim()
        .replace(/^::/gm, ' ::')}\n`;
}
/** A table row's cells, each unescaped; `\|` is a bar within a cell. */
function cells(line) {
    return line
        .trim()
        .replace(/^\||\|$/g, '')
        .split(/(?<!\\)\|/)
        .map((cell) => unescapeEntities(withoutTags(cell.trim().replace(/\\\|/g, '|'))));
}
/** The rows with their columns aligned; an empty row (the separator) as a line under the header. */
function alignTable(rows) {
    const widths = [];
    for (const row of rows)
        row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, width(cell))));
    return rows.map((row) => row.length === 0
        ? widths.map((w) => '\u2500'.repeat(w)).join('  ')
        : row
            .map((cell, i) => `${cell}${' '.repeat((widths[i] ?? 0) - width(cell))}`)
            .join('  ')
            .trimEnd());
}
/** Characters a terminal shows two columns wide: CJK, full-width forms, emoji (\u2705, \u274c). */
const WIDE = /[\u1100-\u115f\u2705\u274c\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|[\u{1f300}-\u{1faff}]/u;
/** Columns a cell takes on a terminal: wide characters take two. */
function width(text) {
    let columns = 0;
    for (const char of text)
        columns += WIDE.test(char) ? 2 : 1;
    return columns;
}
function plainLine(line) {
    return unescapeEntities(withoutTags(line.replace(/^#{1,6}\s+/, '')));
}
/** The summary's own HTML as text: a link as its text, a note or a fold as its lines. */
function withoutTags(text) {
    return text
        .replace(/<a href="[^"]*">(.*?)<\/a>/g, '$1')
        .replace(/<\/?(sub|sup|details)>/g, '')
        .replace(/<summary>(.*?)<\/summary>/g, '$1:')
        .replace(/<br\s*\/?>/g, ' ');
}
/** `&#46;`, `&#x2e;`, `&amp;`, `&lt;`, `&gt;`, `&quot;`: the characters again. */
function unescapeEntities(text) {
    const named = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
    return text.replace(/&(#\d+|#x[0-9a-f]+|[a-z]+);/gi, (all, code) => {
        if (code.startsWith('#x') || code.startsWith('#X'))
            return safeChar(parseInt(code.slice(2), 16), all);
        if (code.startsWith('#'))
            return safeChar(Number(code.slice(1)), all);
        return named[code.toLowerCase()] ?? all;
    });
}
/** A code point as its character, unless it is a control character (left as the entity). */
function safeChar(code, entity) {
    if (!Number.isInteger(code) || code < 0x20 || (code >= 0x7f && code < 0xa0) || code > 0x10ffff)
        return entity;
    return String.fromCodePoint(code);
}
/** An output's value for a person: cut to `max` characters, saying how long it was. */
function shortened(value, max = 120) {
    return value.length <= max ? value : `${value.slice(0, max - 1)}\u2026 (${value.length} characters)`;
}

;// CONCATENATED MODULE: ./cli/table.ts





/** The widest a cell is shown in a table (a mark, a URL); the JSON holds it whole. */
const MOST_CELL = 80;
/**
 * A table as a terminal shows it, as kubectl and gcloud do: a header of the column names in capitals, then
 * a line per row, the columns aligned with two spaces and no box drawing; every cell made safe to print
 * (server text is never raw) and cut at 80 characters; money to the fen. No rows: one line that says so.
 */
function formatTable(list) {
    if (list.rows.length === 0)
        return '(no rows)\n';
    const cell = (row, column) => {
        const value = row[column] ?? '';
        const shown = list.money.includes(column) && value !== '' ? ((0,money/* readableYuan */.o$)(value) ?? value) : value;
        return safeCell(shown);
    };
    return alignedLines([
        list.columns.map((column) => column.toUpperCase()),
        ...list.rows.map((row) => list.columns.map((column) => cell(row, column)))
    ]);
}
/**
 * The outputs that have a value (see hasValue), as a table of two columns: OUTPUT and VALUE; money as a
 * person reads it everywhere (see moneyShown), the JSON keeping the exact figure.
 */
function outputsTable(outputs) {
    const rows = [...outputs].filter(([, value]) => (0,json_outputs/* hasValue */.a4)(value));
    if (rows.length === 0)
        return '(no outputs)\n';
    return alignedLines([
        ['OUTPUT', 'VALUE'],
        ...rows.map(([name, value]) => [name, safeCell(moneyShown(name, value) ?? value)])
    ]);
}
/**
 * How each output that holds money reads: yuan, the platform's points, or a price in yuan as given (those
 * every step writes, then those of the report parts: a preview's total_cost, a volume's volume_price).
 */
const MONEY_OUTPUTS = {
    cost: money/* readableYuan */.o$,
    billing_value: money/* readablePoints */.aR,
    ...(0,report_parts/* partMoney */.EJ)()
};
/**
 * An output that holds money as a person reads it: yuan to the fen with its unit ("less than 0.01 yuan"
 * under a fen); of several tasks (a JSON object of task id to figure, or a list), each so ("7: 6.71 yuan,
 * 8: unknown"). Undefined for any other output, or a value that is no figure.
 */
function moneyShown(name, value) {
    const shown = MONEY_OUTPUTS[name];
    if (shown === undefined)
        return undefined;
    if (!/^[[{]/.test(value))
        return shown(value);
    let figures;
    try {
        figures = (0,json/* parseJsonAsWritten */.LT)(value);
    }
    catch {
        return undefined;
    }
    // Each figure as written (parseJsonAsWritten keeps a number's own text); anything else is no figure.
    const one = (figure) => {
        if (figure === null)
            return 'unknown';
        const text = (0,esm/* isLosslessNumber */.s_)(figure) ? figure.toString() : typeof figure === 'string' ? figure : '?';
        return shown(text) ?? (0,safe_text/* sanitize */.aj)(text, 40);
    };
    if (Array.isArray(figures))
        return figures.map(one).join(', ');
    if (typeof figures !== 'object' || figures === null)
        return undefined;
    return Object.entries(figures)
        .map(([id, figure]) => `${id}: ${one(figure)}`)
        .join(', ');
}
/**
 * A cell made safe to print: on one line, cut at 80 characters, and quoted when it begins with "::", so
 * that no line of the table (whose first cell may be the server's text) runs as a workflow command.
 */
function safeCell(text) {
    const flat = (0,safe_text/* sanitize */.aj)(text, MOST_CELL);
    return flat.startsWith('::') ? JSON.stringify(flat) : flat;
}
function alignedLines(lines) {
    const widths = (lines[0] ?? []).map((_, i) => Math.max(...lines.map((cells) => width(cells[i] ?? ''))));
    return lines
        .map((cells) => cells
        .map((text, i) => (i === cells.length - 1 ? text : text + ' '.repeat((widths[i] ?? 0) - width(text))))
        .join('  ')
        .trimEnd())
        .join('\n')
        .concat('\n');
}

;// CONCATENATED MODULE: ./cli/print-outputs.ts
// The outputs on stdout: a table at a terminal, JSON in a pipe, or a GitLab dotenv report.







/** Prints the run's outputs, and removes its files but a restore file (see formatOutputs). */
function printOutputs(run) {
    const { command, io, log, dir, outputs } = run;
    // A restore file is what a person needs to set a task back by hand: never removed.
    const restore = (outputs.get('restore_file') ?? '') !== '';
    if (dir.remove !== undefined && restore)
        log.write(`kept ${dir.path}: it holds the restore file`);
    const kept = dir.remove === undefined || restore;
    // A bad input ran nothing, and prints nothing, wherever it was found (the flags print nothing either).
    if (run.code !== EXIT.input || outputs.size > 0) {
        const how = {
            ...command,
            output: outputFormat(command.output, io),
            files: kept,
            operation: run.operation
        };
        io.stdout(formatOutputs(outputs, how, log));
    }
    if (!kept)
        dir.remove?.();
}
/**
 * The outputs that have a value, as a table (the default on a terminal), a JSON object (the default in a
 * pipe), or the lines of a GitLab dotenv report (see dotenv.ts). A listing operation (one whose platform
 * row reads its answer as rows: LISTING_OPERATIONS) shows its rows as the table, and its JSON holds them
 * as `rows` (as many as `count` says); what a column means is said once on stderr beside the table.
 */
function formatOutputs(outputs, how, log) {
    // The paths of files removed at exit name nothing: left out.
    const shown = new Map([...outputs].filter(([name]) => how.files || !json_outputs/* FILE_OUTPUTS */.iJ.has(name)));
    if (how.output === 'dotenv')
        return (0,dotenv/* dotenvReport */.ff)(shown, (line) => {
            log.write(`warning: ${line}`);
        }, how.dotenvOutputs);
    const list = rowsOf(how.operation, outputs.get('data') ?? '');
    if (how.output === 'json') {
        const typed = (0,json_outputs/* typedOutputs */.bA)(shown, { withData: how.withData, files: how.files });
        return `${(0,json/* toIndentedJson */.Jq)(list === undefined ? typed : { ...typed, rows: (0,json_outputs/* typedRows */.Gt)(list) })}\n`;
    }
    if (list === undefined)
        return outputsTable(shown);
    if (list.note !== undefined && list.rows.length > 0)
        log.write(`note: ${list.note}`);
    return formatTable(list);
}
/** --output, or its default: a table for a person at a terminal, JSON for a pipe or a file (as today). */
function outputFormat(given, io) {
    return given ?? (io.stdoutIsTerminal === true ? 'table' : 'json');
}
/** The rows of a listing operation's answer (the data output), or undefined. */
function rowsOf(operation, data) {
    if (data === '')
        return (0,calls/* listRowsOf */.tc)(operation, undefined);
    try {
        return (0,calls/* listRowsOf */.tc)(operation, (0,json/* parseJson */.qF)(data));
    }
    catch {
        return undefined;
    }
}

;// CONCATENATED MODULE: ./cli/run-command.ts
// elastic-deploy <operation>: the action's main step with the command line's inputs, its files, its
// cleanup when it fails or is interrupted, and its outputs printed.














async function runCommand(command, io) {
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
    let cleansUp;
    try {
        cleansUp = (0,settings/* mayCleanUp */._D)((name) => inputs[name] ?? '');
    }
    catch (error) {
        if (!(error instanceof input_error/* InputError */.d))
            throw error;
        log.write(`error: ${(0,cli_words/* inCliWords */.f)(error.message)}`);
        return EXIT.input;
    }
    const files = openFiles(command, { inputs, cleansUp }, io, log);
    if (files === undefined)
        return EXIT.input;
    const { state, appendSummary } = files;
    const dir = runFiles(command.filesDir, io, log);
    if (dir === undefined)
        return EXIT.input;
    const outputs = new Map();
    const hostWith = (kept) => cliHost({ inputs, io: dir.io, ownDir: dir.names, log, state, outputs: kept, appendSummary });
    const main = hostWith(outputs);
    let cleaning = false;
    // Listening from the start leaves no moment between the run and its cleanup when a signal would kill.
    const unshield = cleansUp ? shieldCleanup(io, log, command.stateFile, () => cleaning) : undefined;
    let code;
    try {
        await (0,main_step/* runMain */.V)(main.host);
        code = main.interrupted() ? EXIT.interrupted : main.exitCode();
        const left = (0,saved_cleanup/* savedCleanup */.W)(main.host);
        if (code !== EXIT.ok && (0,cleanup_state/* leftovers */.To)(left).length > 0) {
            cleaning = true;
            log.write(`cleanup: the run ${main.interrupted() ? 'was interrupted' : 'failed'}; cleaning up what it left`);
            const post = hostWith(new Map());
            await postStep(post.host);
            // A cleanup that failed may have left a task billing: that outranks how the run itself ended.
            if (post.exitCode() !== EXIT.ok)
                code = EXIT.cleanup;
            else
                markCleaned(state);
        }
        else if (code !== EXIT.ok && code !== EXIT.input) {
            sayStillRunning(left.created, byHand(inputs), log);
        }
        else if (code === EXIT.ok && left.lookup !== undefined) {
            cleaning = true;
            if (await settleLateCreate({ inputs, io: dir.io, log, state, appendSummary }))
                forgetLookup(state);
            else
                code = EXIT.cleanup;
        }
    }
    finally {
        unshield?.();
    }
    printOutputs({ command, io, log, dir, outputs, code, operation: inputs.operation ?? '' });
    return code;
}
/**
 * Where the run's files go (the response, the diagnostics, a restore file, a job's log): --files-dir D,
 * made if missing, where they stay; else a temporary directory of the run's own, removed at exit (`remove`),
 * so that no answer of the platform is left behind in a shared temporary directory. The host finds it as
 * the runner's RUNNER_TEMP; `names`, when the directory is the run's: the names its files took there
 * (stable ones, see StepHost.ownFilesDir). Undefined: D, or the run's own directory, cannot be made (said).
 */
function runFiles(filesDir, io, log) {
    if (filesDir !== undefined) {
        try {
            io.ensureDir?.(filesDir);
        }
        catch (error) {
            log.write(`error: --files-dir names ${JSON.stringify(filesDir)}, which cannot be made (${error.code ?? 'error'}): name a directory that can be written`);
            return undefined;
        }
        return { io: withRunnerTemp(io, filesDir), path: filesDir, remove: undefined, names: new Map() };
    }
    let made;
    try {
        made = io.makeRunDir?.();
    }
    catch (error) {
        // Found before anything is sent: the run's files are written once the task was made and waited on.
        log.write(`error: the run's own directory for its files cannot be made in the system's temporary directory (${error.code ?? 'error'}): set TMPDIR to a directory that can be written, or name one with --files-dir`);
        return undefined;
    }
    if (made === undefined)
        return { io, path: io.env('RUNNER_TEMP') ?? '', remove: undefined, names: undefined };
    return { io: withRunnerTemp(io, made.path), path: made.path, remove: made.remove, names: new Map() };
}
const withRunnerTemp = (io, dir) => ({
    ...io,
    env: (name) => (name === 'RUNNER_TEMP' ? dir : io.env(name))
});
/**
 * The state file and the summary file, each written before anything is sent. A path that cannot be
 * written, or a state file that a later cleanup would find nothing to do with, is a bad input: logged,
 * and answered as undefined.
 */
function openFiles(command, run, io, log) {
    const { inputs, cleansUp } = run;
    if (command.stateFile !== undefined && !cleansUp) {
        // A later `cleanup --state-file F` would stop nothing, and say nothing: the task would bill on.
        log.write('error: --state-file keeps what --cleanup is to stop later, but --cleanup is none: add --cleanup stop (or pause), or leave --state-file out');
        return undefined;
    }
    const unwritable = (flag, path, error) => {
        log.write(`error: ${flag} names ${JSON.stringify(path)}, which cannot be written (${error.code ?? 'error'}): name a file in a directory that exists and can be written`);
    };
    const state = new StateStore(io, command.stateFile);
    const use = command.stateFile === undefined ? { free: true } : stillToClean(command.stateFile, io);
    if (!use.free) {
        log.write(`error: --state-file names ${JSON.stringify(command.stateFile)}, ${use.why}`);
        return undefined;
    }
    try {
        state.set({ [INPUTS_KEY]: JSON.stringify(forCleanup(inputs)) });
    }
    catch (error) {
        unwritable('--state-file', command.stateFile, error);
        return undefined;
    }
    try {
        return { state, appendSummary: summarySink(io, command.summaryFile) };
    }
    catch (error) {
        unwritable('--summary-file', command.summaryFile, error);
        return undefined;
    }
}
/**
 * A run that failed, timed out or was interrupted with --cleanup none: the tasks it created are left as
 * they are, and may bill on. Says so, with the command that stops each.
 */
function sayStillRunning(created, commands, log) {
    for (const id of created)
        log.write(`warning: task ${id} may still be running, and billing: --cleanup is none, so this run leaves it as it is. Stop it with: ${commands.stop(id)}`);
}
/**
 * A run that succeeded while an earlier attempt of its create may still land (it was sent again): no post
 * step follows a command, so the run looks for that attempt's task itself, until it can no longer appear,
 * and stops it, leaving the task it reports running whatever --cleanup says. The post step does it on the
 * saved state with cleanup none, in memory: the state file keeps what a later cleanup is to stop. Answers
 * whether it was settled (a twin found is stopped, or none can land any more).
 */
async function settleLateCreate(run) {
    const { inputs, io, log, appendSummary } = run;
    log.write('cleanup: an earlier attempt of the create may still land; looking for its task until it can no longer appear, to stop it');
    const state = run.state.inMemory();
    state.set({ cleanup: 'none' });
    const post = cliHost({ inputs, io, log, state, outputs: new Map(), appendSummary });
    await postStep(post.host);
    return post.exitCode() === EXIT.ok;
}

;// CONCATENATED MODULE: ./cli/cleanup-command.ts
// elastic-deploy cleanup --state-file F: the post step, with the inputs the run saved.







/** `elastic-deploy cleanup --state-file F`: the post step, with the inputs the run saved and the secrets from the environment. */
async function cleanupCommand(command, io) {
    const log = cliLog(io, command.debug);
    let inputs;
    const state = new StateStore(io, command.stateFile);
    try {
        state.load();
        const saved = JSON.parse(state.get(INPUTS_KEY) || '{}');
        inputs = resolveInputs(withFlags(saved, command.flags, log), io, log.mask);
    }
    catch (error) {
        log.write(`error: ${error instanceof Error ? error.message : String(error)}`);
        return EXIT.input;
    }
    const post = cliHost({ inputs, io, log, state, outputs: new Map(), appendSummary: undefined });
    const unshield = shieldCleanup(io, log, command.stateFile, () => true);
    try {
        await postStep(post.host);
    }
    finally {
        unshield();
    }
    if (post.exitCode() === EXIT.ok)
        markCleaned(state);
    return post.exitCode();
}
/**
 * The inputs a cleanup runs with: those the state file saved, and the flags given beside them that it
 * does not name. A flag that names another value than the file is said and set aside: the tasks to
 * clean up are where, and as, the run that made them said.
 */
function withFlags(saved, flags, log) {
    const inputs = { ...saved };
    for (const [name, value] of Object.entries(flags)) {
        if (value === undefined)
            continue;
        const kept = saved[name];
        if (kept === undefined)
            inputs[name] = value;
        else if (kept !== value)
            log.write(`warning: --${(0,inputs_input/* flagOf */.iP)(name)} ${JSON.stringify(value)} is not what the state file saved (${JSON.stringify(kept)}): cleanup uses the state file's`);
    }
    return inputs;
}

;// CONCATENATED MODULE: ./cli/run-cli.ts







/**
 * The command-line tool: the action's main step with the command line's inputs, logging plain text to
 * stderr (never a workflow command), its outputs to stdout as JSON or dotenv lines. With --cleanup stop
 * (or pause), what it created is cleaned up as the post step would when the run fails or is interrupted,
 * and an update or a scale up it leaves is finished so whatever --cleanup says; with --state-file,
 * `elastic-deploy cleanup --state-file F` does it later. Answers the exit code.
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
        case 'help': {
            // The help and the inputs' descriptions are a chunk of their own: a run never loads them.
            const { cliHelp, operationHelp } = await __webpack_require__.e(/* import() */ 542).then(__webpack_require__.bind(__webpack_require__, 9161));
            io.stdout(command.operation === undefined
                ? cliHelp(io.version, command.all)
                : operationHelp(command.operation, io.version, command.all));
            return EXIT.ok;
        }
        case 'usage': {
            const { cliHelp } = await __webpack_require__.e(/* import() */ 542).then(__webpack_require__.bind(__webpack_require__, 9161));
            io.stderr(`error: no operation given\n\n${cliHelp(io.version)}`);
            return EXIT.input;
        }
        case 'version':
            io.stdout(`${io.version}\n`);
            return EXIT.ok;
        case 'cleanup':
            return holding(command, io, () => cleanupCommand(command, io));
        case 'run':
            return holding(command, io, () => runCommand(command, io));
    }
}
/**
 * Runs `work` holding the state file, when one is named, for this process alone (see lockStateFile): two
 * runs or cleanups with one state file at once would each write it, and it would name what one of them
 * left. One that another holds is a bad input: nothing is sent.
 */
async function holding(command, io, work) {
    const file = command.stateFile;
    if (file === undefined || io.lock === undefined)
        return work();
    let release;
    try {
        release = io.lock(file);
    }
    catch (error) {
        const why = error instanceof state_lock/* StateFileBusy */.j
            ? `${error.message}: wait for that run to end, or name another file`
            : `which cannot be written (${error.code ?? 'error'}, making its lock ${file}.lock): name a file in a directory that exists and can be written`;
        cliLog(io, command.debug).write(`error: --state-file names ${JSON.stringify(file)}, ${why}`);
        return EXIT.input;
    }
    try {
        return await work();
    }
    finally {
        release();
    }
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
