export const id = 542;
export const ids = [542];
export const modules = {

/***/ 9161:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cliHelp: () => (/* binding */ cliHelp),
  operationHelp: () => (/* binding */ operationHelp)
});

// UNUSED EXPORTS: SCREEN_LINES, describedInput

// EXTERNAL MODULE: ./deploy/operations.ts + 10 modules
var deploy_operations = __webpack_require__(3977);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./deploy/engine/inputs/operation-inputs.ts
var operation_inputs = __webpack_require__(5026);
// EXTERNAL MODULE: ./deploy/engine/inputs/index.ts + 12 modules
var inputs = __webpack_require__(4448);
;// CONCATENATED MODULE: ./deploy/engine/inputs/meanings.ts
// What an input means for one operation, read from its description in action.yml. A description is
// written for every operation at once: a head that holds for all, then parts that begin with the
// operations they are for, `create` and `replace`: ... or `job` with `job_type: spot`: ... (a part goes on
// until the next one). For one operation, its words are the head and the parts that name it.
/** A part's opening: the operations it is for (each in backticks), a condition, and a colon. */
const OPENING = /`[a-z_]+`(?:(?:, | and | or )`[a-z_]+`)*(?: with (?:`[^`]+`|[^:.`]+))?: /g;
/** The head of a description (for every operation) and its parts (each for the operations it names). */
function partsOf(description, operations) {
    const text = description.replace(/\s+/g, ' ').trim();
    const openings = [...text.matchAll(OPENING)].filter((found) => {
        const before = text.slice(0, found.index);
        const names = [...found[0].replace(/ with .*$/, '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? '');
        // An opening starts the description or a sentence, and names operations only (`none`, `stop` or
        // `pause`: are values).
        return (before === '' || /[.;] $/.test(before)) && names.every((name) => operations.includes(name));
    });
    const head = text.slice(0, openings[0]?.index ?? text.length).trim();
    const parts = openings.map((found, i) => {
        const next = openings[i + 1]?.index ?? text.length;
        const opening = found[0];
        const condition = / with (.+): $/.exec(opening)?.[1];
        return {
            operations: [...opening.replace(/ with .*$/, '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? ''),
            condition,
            text: text.slice(found.index + opening.length, next).trim()
        };
    });
    return { head, parts };
}
/**
 * What the input means for `operation`: the head and the parts for it, each part's first letter raised
 * (a part opens a sentence); the whole description when nothing is said for it alone.
 */
function meaningFor(description, operation, operations) {
    const { head, parts } = partsOf(description, operations);
    const own = parts
        .filter((part) => part.operations.includes(operation))
        .map((part) => part.condition === undefined ? capital(part.text) : `With ${part.condition}: ${part.text}`);
    const said = [head, ...own].filter((text) => text !== '').join(' ');
    return said === '' ? description.replace(/\s+/g, ' ').trim() : said;
}
const capital = (text) => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;

// EXTERNAL MODULE: ./deploy/engine/inputs/input.ts
var input = __webpack_require__(7591);
// EXTERNAL MODULE: ./cli/cli-words.ts
var cli_words = __webpack_require__(3355);
// EXTERNAL MODULE: ./cli/dotenv.ts
var dotenv = __webpack_require__(4323);
;// CONCATENATED MODULE: ./cli/cli-help.ts




/** Where the docs are, for a version: the repository's, at its tag (the package ships none). */
const docs = (version, page) => `https://github.com/elastic-deploy-action/elastic-deploy-action/blob/v${version}/docs/${page}`;
const WIDTH = 100;
/** The widest a default help may be, in lines: it fits a terminal's screen (issue 63, point 7). */
const SCREEN_LINES = 60;
/**
 * `elastic-deploy --help`: the operations a line each, how inputs and secrets are given, the exit codes,
 * and where the rest is. With `all`, the rest too: the outputs and the cleanup.
 */
function cliHelp(version, all = false) {
    const widest = Math.max(...deploy_operations/* OPERATION_NAMES */.d0.map((name) => name.length)) + 2;
    const operations = deploy_operations/* OPERATION_NAMES */.d0.map((name) => `  ${(0,input/* flagOf */.iP)(name).padEnd(widest)}${(0,deploy_operations/* operationNamed */.ji)(name).summary}`);
    return [
        `elastic-deploy ${version}: create, inspect, change and stop GPU tasks and jobs from any CI system.`,
        '',
        'Usage:',
        '  elastic-deploy <operation> [--input value]... [--output table|json|dotenv] [--state-file F]',
        '  elastic-deploy <operation> --help    what it needs, its most used flags, two examples',
        '  elastic-deploy cleanup --state-file F',
        '',
        'Operations:',
        ...operations,
        `  ${'cleanup'.padEnd(widest)}stop what a run with --state-file F left (a GitLab after_script, a Jenkins post)`,
        '',
        `Each input is a flag (--task-name web) or a variable (${input/* ENV_PREFIX */.N8}TASK_NAME=web). Secrets and keys`,
        `come from ${input/* ENV_PREFIX */.N8}<NAME>, or a file that ${input/* ENV_PREFIX */.N8}<NAME>_FILE names; a secret is never a flag.`,
        ...(all ? ['', ...secretLines(), '', ...OUTPUT_LINES] : []),
        '',
        'Exit codes: 0 success; 1 failed; 2 bad input (nothing was sent); 3 a wait timed out; 4 a cleanup',
        'failed (a task may be left running; outranks 1, 3 and 130); 5 --max-cost reached (what the run',
        'waited on was stopped at the cap); 130 interrupted.',
        '',
        ...(all ? [] : ['More: elastic-deploy --help all (the outputs, the cleanup, every secret variable).']),
        `Docs: ${docs(version, 'cli.md')}`,
        ''
    ].join('\n');
}
/** What `elastic-deploy --help all` says besides: the outputs, the files, the cleanup. */
const OUTPUT_LINES = [
    ...wrap([
        'Logs go to stderr as plain text; the outputs that have a value to stdout: a table when stdout is a',
        'terminal (--output table), else a JSON object (--output json: numbers, booleans, lists and objects as',
        "themselves; data, the platform's whole answer, with --with-data), or with --output dotenv as",
        `${dotenv/* DOTENV_PREFIX */.AN}<OUTPUT>=value lines (a GitLab dotenv report: at most 20 outputs that have a value,`,
        `the most useful first, or those --dotenv-outputs task_id,url,... names). A listing (${calls/* LISTING_OPERATIONS */.ez.map(input/* flagOf */.iP).join(', ')})`,
        'prints its rows: as the table, and as rows in the JSON; count says how many. Times are ISO 8601 in',
        "UTC (2026-01-02T03:04:05Z). The run's files (the response, the diagnostics, a job's log) go to a",
        'directory of its own, removed at exit, or are kept in --files-dir D, under stable names.'
    ].join(' '), 103),
    '',
    'Cleanup: with --cleanup stop (or pause), what the run created is stopped when it fails or is',
    'interrupted (SIGINT, SIGTERM), and left running when it succeeds. With --state-file F, a later',
    '`elastic-deploy cleanup --state-file F` stops it. An update or a scale up that fails or is',
    'interrupted is rolled back, or set back if a new node fails, whatever --cleanup says.'
];
/**
 * `elastic-deploy <operation> --help`: what it does, two examples, what it needs and its most used flags,
 * each in brief, how its secrets are given, and where the rest is: a screen (SCREEN_LINES). With `all`
 * (`--help all`): each flag it needs, the others it takes and those of every operation, each with its
 * description, default and variable (as action.yml gives them), and the command line's own flags.
 */
function operationHelp(operation, version, all = false) {
    if (operation === 'cleanup')
        return [
            'elastic-deploy cleanup: stop what a run with --state-file F left: its tasks (with --cleanup stop or',
            'pause), and an update or a scale up to finish. It reads the run inputs from the file; secrets from',
            'the environment, as the run did.',
            '',
            'Usage: elastic-deploy cleanup --state-file F [--debug]',
            '',
            `Docs: ${docs(version, 'cli.md')}`,
            ''
        ].join('\n');
    const { summary, needs, inputs, examples } = (0,deploy_operations/* operationNamed */.ji)(operation);
    const usage = needs
        .filter((name) => !isSecret(name))
        .map((name) => `--${(0,input/* flagOf */.iP)(name)} ${name.toUpperCase()}`)
        .join(' ');
    const head = [
        `elastic-deploy ${(0,input/* flagOf */.iP)(operation)}: ${summary}.`,
        '',
        'Examples:',
        ...examples.map((example) => `  ${example}`),
        '',
        `Usage: elastic-deploy ${(0,input/* flagOf */.iP)(operation)}${usage === '' ? '' : ` ${usage}`} [--input value]...`,
        ''
    ];
    if (!all)
        return [...head, ...briefHelp(operation, version)].join('\n');
    const common = operation_inputs/* COMMON_INPUTS */.s7.filter((name) => !isPositional(name) && !isSecret(name));
    return [
        ...head,
        ...section('Needs', needs, operation),
        ...section('Takes too', inputs, operation),
        'Every operation takes too (the first sentence; the docs say the rest):',
        ...common.flatMap((name) => briefLines(name, operation)),
        '',
        "The command line's own flags:",
        ...OWN_FLAG_LINES,
        '',
        'Secrets and keys come from the environment or a file (a secret never from a flag):',
        ...secretLines(operation),
        '',
        `Docs: ${docs(version, 'reference.md')}#${operation}`,
        ''
    ].join('\n');
}
/**
 * The inputs most often given, first to last (their declarations' helpRank): an operation's brief help
 * shows those it needs, then the first of these it takes, ten in all at most.
 */
const MOST_USED = inputs/* INPUTS */.mc.flatMap((declared) => 'helpRank' in declared ? [declared] : [])
    .sort((a, b) => a.helpRank - b.helpRank)
    .map((declared) => declared.name);
/** The most flags a brief help shows, and the fewest (where the operation takes that many). */
const BRIEF_MOST = 10;
const BRIEF_LEAST = 5;
/** The screen of an operation's help below its usage: its needs and most used flags, its secrets, the rest. */
function briefHelp(operation, version) {
    const { needs, inputs } = (0,deploy_operations/* operationNamed */.ji)(operation);
    // Of the inputs of every operation, those among the most used (dry_run) may be shown too.
    const takes = new Set([...needs, ...inputs, ...operation_inputs/* COMMON_INPUTS */.s7.filter((name) => MOST_USED.includes(name))]);
    const flags = needs.filter((name) => !isSecret(name));
    const add = (name) => {
        if (!isPositional(name) && !isSecret(name) && !flags.includes(name))
            flags.push(name);
    };
    // Its own inputs first (those no operation of another capability takes: runner's runners), then the rest.
    const own = ownInputs(operation);
    for (const name of [...MOST_USED.filter((n) => own.has(n)), ...MOST_USED])
        if (flags.length < BRIEF_MOST && takes.has(name))
            add(name);
    // Five at least: the operation's other inputs, then those of every operation, in their order.
    for (const name of [...inputs, ...operation_inputs/* COMMON_INPUTS */.s7])
        if (flags.length < BRIEF_LEAST)
            add(name);
    const rest = [...takes, ...operation_inputs/* COMMON_INPUTS */.s7].filter((name) => !isPositional(name) && !isSecret(name) && !flags.includes(name));
    return [
        needs.length === 0 ? 'Its most used flags:' : 'What it needs, then its most used flags:',
        ...flags.flatMap((name) => briefLines(name, operation, 2)),
        '',
        'Secrets and keys come from the environment or a file (a secret never from a flag):',
        ...secretLines(operation),
        '',
        `The rest (${new Set(rest).size} more flags, the outputs, the command line's own flags):`,
        `  elastic-deploy ${(0,input/* flagOf */.iP)(operation)} --help all`,
        `  ${docs(version, 'reference.md')}#${operation}`,
        ''
    ];
}
/**
 * The inputs an operation takes that only operations sharing a capability with it take (runner's
 * runners and runner_timeout, which no deploy or job takes): what its brief help shows first.
 */
function ownInputs(operation) {
    const { inputs, capabilities = [] } = (0,deploy_operations/* operationNamed */.ji)(operation);
    const others = deploy_operations/* OPERATION_NAMES */.d0.map(deploy_operations/* operationNamed */.ji).filter((other) => !(other.capabilities ?? []).some((c) => capabilities.includes(c)));
    return new Set(capabilities.length === 0 ? [] : inputs.filter((name) => !others.some((o) => o.inputs.includes(name))));
}
/** The flags of the command line itself, beside the inputs, as each operation's help lists them. */
const OWN_FLAG_LINES = [
    '  --output table|json|dotenv       the outputs on stdout: a table at a terminal, JSON in a pipe, or a',
    '                                   GitLab dotenv report; a listing prints its rows',
    "  --with-data                      the JSON holds data, the platform's whole answer",
    '  --dotenv-outputs a,b,...         the outputs a dotenv report holds, in order (at most 20)',
    "  --files-dir D                    keep the run's files (response, diagnostics, a job's log) in D",
    '  --state-file F                   keep what to clean up in F, for `elastic-deploy cleanup --state-file F`',
    '  --summary-file F                 write the job summary (markdown) to F',
    '  --debug                          log each request and answer (secrets masked)'
];
function section(title, names, operation) {
    if (names.length === 0)
        return [];
    return [`${title}:`, ...names.flatMap((name) => flagLines(name, operation)), ''];
}
/**
 * A flag: its name and variable, then what it means for this operation wrapped, and its default. A
 * secret is no flag: its variable, and the variable that names a file holding it.
 */
function flagLines(name, operation) {
    const variable = (0,input/* variableOf */.Qn)(name);
    const head = isSecret(name)
        ? `${`  ${variable}`.padEnd(34)} or ${variable}_FILE (a secret: never a flag)`
        : `${`  --${(0,input/* flagOf */.iP)(name)}`.padEnd(34)} ${variable}${inputs/* FILE_INPUTS */.zN.includes(name) ? `, or ${variable}_FILE` : ''}`;
    return [
        head,
        ...wrap(meaningOf(name, operation), WIDTH - 6).map((line) => `      ${line}`),
        ...defaultLine(name, operation)
    ];
}
/**
 * A flag in brief: its name, default, and the first sentence of what it means, in `most` lines at most
 * (cut short with "...": the rest is in --help all).
 */
function briefLines(name, operation, most = Infinity) {
    const meaning = meaningOf(name, operation);
    const first = /^.*?[.!?](?= [A-Z`]|$)/.exec(meaning)?.[0] ?? meaning;
    const fallback = defaultLine(name, operation)[0]?.trim();
    const lines = wrap(first, WIDTH - 6);
    const shown = lines.length > most ? [...lines.slice(0, most - 1), `${lines[most - 1] ?? ''} ...`] : lines;
    return [
        `  --${(0,input/* flagOf */.iP)(name)}${fallback === undefined ? '' : ` (${fallback})`}`,
        ...shown.map((line) => `      ${line}`)
    ];
}
/** Whether an input is the command line's first word (the operation), no flag. */
const isPositional = (name) => inputs/* INPUT_BY_NAME */.pc.get(name)?.positional === true;
/** Whether an input is a secret, which the command line takes from the environment or a file only. */
const isSecret = (name) => inputs/* SECRET_INPUTS */.pH.includes(name);
/**
 * What an input means for an operation (the parts of its description for it: see deploy/engine/inputs/
 * meanings.ts), else its whole description; where the command line reads it otherwise than the action,
 * what it means here. In a terminal's words: code marks off, an input named as its flag, a secret as its
 * variable.
 */
function meaningOf(name, operation) {
    const declared = inputs/* INPUT_BY_NAME */.pc.get(name);
    if (declared === undefined)
        return '';
    return plain(declared.cliDescription ?? meaningFor(declared.description, operation, deploy_operations/* OPERATION_NAMES */.d0));
}
/** An input's whole description, as the CLI's help words it (see plain). */
const describedInput = (name) => plain(INPUT_BY_NAME.get(name)?.description ?? '');
/** Text as a terminal shows it: on one line, code marks off, the inputs named as flags, a secret as its variable. */
function plain(text) {
    return text
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/`([^`]+)`/g, (_all, code) => !inputs/* INPUT_BY_NAME */.pc.has(code) || isPositional(code)
        ? code
        : // A secret is never a flag of the CLI: its variable.
            isSecret(code)
                ? (0,input/* variableOf */.Qn)(code)
                : `--${(0,input/* flagOf */.iP)(code)}`);
}
/** "default: 15m": the operation's own default where it has one, else the declared one; none when empty. */
function defaultLine(name, operation) {
    const declared = inputs/* INPUT_BY_NAME */.pc.get(name);
    const own = declared?.defaultFor?.((0,deploy_operations/* operationNamed */.ji)(operation));
    const given = own === undefined ? declared?.default : (0,cli_words/* inCliWords */.f)(own);
    return given === undefined || given === '' ? [] : [`      default: ${given}`];
}
/**
 * How each secret and key is given (a key may be a flag too: the platform's public key): every one (the
 * tool's help), or those an operation takes (the API's, which every operation takes, and its own, such
 * as a transfer's storage keys).
 */
function secretLines(operation) {
    const own = operation === undefined
        ? undefined
        : new Set([...operation_inputs/* COMMON_INPUTS */.s7, ...(0,deploy_operations/* operationNamed */.ji)(operation).needs, ...(0,deploy_operations/* operationNamed */.ji)(operation).inputs]);
    return inputs/* FILE_INPUTS */.zN.filter((name) => own === undefined || own.has(name)).map((name) => `  ${(0,input/* variableOf */.Qn)(name)}, or ${(0,input/* variableOf */.Qn)(name)}_FILE (a file holding it)${isSecret(name) ? '' : `, or --${(0,input/* flagOf */.iP)(name)}`}`);
}
function wrap(text, width) {
    const lines = [];
    let line = '';
    for (const word of text.split(/\s+/).filter((w) => w !== '')) {
        if (line !== '' && line.length + 1 + word.length > width) {
            lines.push(line);
            line = word;
        }
        else
            line = line === '' ? word : `${line} ${word}`;
    }
    if (line !== '')
        lines.push(line);
    return lines;
}


/***/ })

};
