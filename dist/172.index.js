export const id = 172;
export const ids = [172];
export const modules = {

/***/ 8172:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cliHelp: () => (/* binding */ cliHelp),
  operationHelp: () => (/* binding */ operationHelp)
});

// UNUSED EXPORTS: SCREEN_LINES, describedInput

// EXTERNAL MODULE: ./platform/platform-settings.ts
var platform_settings = __webpack_require__(9837);
;// CONCATENATED MODULE: ./deploy/inputs/operation-inputs.ts
// Which inputs and outputs each operation has, beside those of every operation: what docs/reference.md
// lists (npm run docs) and the CLI's help shows. A test holds every input and output of action.yml in
// them, under every operation that reads or writes it. Each list is typed by the declarations' names
// (inputs/index.ts, outputs/outputs.ts): a name no input or output has fails the type check.
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
    'volume_price'
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
/** The data input, and what its copies go through (the object storage, how they copy). */
const DATA_IN = [
    'data',
    's3_supplier',
    's3_endpoint',
    's3_bucket',
    's3_access_key',
    's3_secret_key',
    'overwrite_policy',
    'ignore_patterns',
    'transfer_retries'
];
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
const only = (needs, all) => all.filter((name) => !needs.includes(name));
/** Each operation's own inputs and outputs, beside the common ones (docs/reference.md, the CLI's help). */
const OPERATION_INPUTS = {
    create: {
        summary: 'create a task from body (on the GPU gpu names), and wait until it is ready',
        needs: ['task_name', 'body'],
        inputs: only(['task_name', 'body'], CREATE),
        outputs: PLACED
    },
    replace: {
        summary: 'create a task, and once it is ready stop the tasks of the same name that ran before',
        needs: ['task_name', 'body'],
        inputs: only(['task_name', 'body'], CREATE),
        outputs: [...PLACED, 'replaced_task_ids']
    },
    detail: {
        summary: "read tasks' detail, and wait until ready with wait: true",
        needs: ['task_id'],
        inputs: WAIT,
        outputs: []
    },
    search_tasks: {
        summary: 'search the tasks, by status',
        needs: [],
        inputs: ['task_status', 'query'],
        outputs: []
    },
    search_resources: {
        summary: 'search the resources (regions, devices, stock, prices)',
        needs: [],
        inputs: ['query'],
        outputs: []
    },
    stop: {
        summary: 'stop tasks, and wait until their detail says End',
        needs: ['task_id'],
        inputs: STOP_WAIT,
        outputs: []
    },
    pause: {
        summary: 'pause tasks, and wait until they are Paused',
        needs: ['task_id'],
        inputs: STOP_WAIT,
        outputs: []
    },
    recover: {
        summary: 'recover paused tasks, and wait until they are ready',
        needs: ['task_id'],
        inputs: WAIT,
        outputs: []
    },
    change_points: {
        summary: "set a task's node count (without waiting: see scale)",
        needs: ['task_id', 'points'],
        inputs: [],
        outputs: []
    },
    nodes: { summary: "list a task's nodes", needs: ['task_id'], inputs: ['query'], outputs: [] },
    logs: {
        summary: "print each node's service logs (up to 10 nodes of each task)",
        needs: ['task_id'],
        inputs: ['log_lines'],
        outputs: []
    },
    events: {
        summary: "print each node's events (up to 10 nodes of each task)",
        needs: ['task_id'],
        inputs: [],
        outputs: []
    },
    billing: {
        summary: 'read the bill by time, of some tasks or all',
        needs: [],
        inputs: ['task_id', ...BILLING],
        outputs: []
    },
    task_billing: { summary: 'read the bill by task', needs: [], inputs: BILLING, outputs: [] },
    storage_check: {
        summary: "check a storage's credentials (S3), from body",
        needs: ['body'],
        inputs: ['body_file'],
        outputs: []
    },
    sweep: {
        summary: 'stop every task whose name matches task_name, but the ids in task_id',
        needs: ['task_name'],
        inputs: ['task_id', 'cleanup_timeout'],
        outputs: []
    },
    preview: {
        summary: "bring a pull request's preview up as replace does, or stop it on close (GitHub action)",
        needs: ['task_name', 'body'],
        inputs: [...only(['task_name', 'body', ...DATA_IN], CREATE), ...PREVIEW],
        outputs: [...PLACED, 'replaced_task_ids', 'total_cost']
    },
    preview_sweep: {
        summary: 'stop the previews whose pull request closed, left idle, or past max_cost (GitHub action)',
        needs: ['task_name'],
        inputs: ['github_token', 'preview_ttl', 'max_cost', 'cleanup_timeout'],
        outputs: ['total_cost']
    },
    preheat: {
        summary: 'warm the images of body where gpu would place a task',
        needs: ['task_name', 'gpu', 'body'],
        inputs: only(['task_name', 'gpu', 'body'], ['task_name', ...CAPACITY, 'body', 'body_file']),
        outputs: PLACED
    },
    update: {
        summary: "change a running task's configuration from body; roll it back if it does not serve",
        needs: ['task_id', 'body'],
        inputs: [
            'task_name',
            'body_file',
            'volumes',
            'juicefs_mounts',
            ...CHANGE_WAIT,
            'health_path',
            'health_status'
        ],
        outputs: ['changed', 'rolled_back', 'restore_file']
    },
    scale: {
        summary: 'set points, and wait until that many nodes run; set back if a new node fails',
        needs: ['task_id', 'points'],
        inputs: CHANGE_WAIT,
        outputs: ['changed', 'rolled_back', 'points_before', 'points_after']
    },
    replace_node: {
        summary: 'delete the node point_id names, and wait for its replacement',
        needs: ['task_id', 'point_id'],
        inputs: ['delete_last_node', ...CHANGE_WAIT],
        outputs: ['changed', 'points_before', 'points_after']
    },
    job: {
        summary: 'run a GPU batch job from body to its end, its log streamed; fail when it fails',
        needs: ['task_name', 'body'],
        inputs: [
            'points',
            'job_type',
            'estimated_exec_sec',
            'spot_fallback',
            'queue_timeout',
            ...CAPACITY,
            'body_file',
            'volumes',
            'juicefs_mounts',
            ...DATA_IN,
            'results',
            ...JOB_WAIT,
            'cleanup',
            'cleanup_timeout'
        ],
        outputs: [...PLACED, ...JOB_OUTPUTS, 'log_file']
    },
    job_detail: {
        summary: "read GPU batch jobs' detail, and wait until they end with wait: true",
        needs: ['task_id'],
        inputs: JOB_WAIT,
        outputs: [...JOB_OUTPUTS, 'log_file']
    },
    job_search: {
        summary: 'search the GPU batch jobs, by status and name',
        needs: [],
        inputs: ['task_status', 'task_name', 'query'],
        outputs: []
    },
    job_stop: {
        summary: 'stop GPU batch jobs, and wait until they have ended',
        needs: ['task_id'],
        inputs: STOP_WAIT,
        outputs: []
    },
    job_group_search: {
        summary: "list a job queue's task groups (queue_id in query)",
        needs: ['query'],
        inputs: [],
        outputs: []
    },
    job_group_detail: {
        summary: "read a job queue's task group (group_id in query)",
        needs: ['query'],
        inputs: [],
        outputs: []
    },
    request: {
        summary: 'send any request of the API, signed',
        needs: ['method', 'path'],
        inputs: ['encrypt', 'body', 'body_file', 'query'],
        outputs: []
    },
    volume: {
        summary: 'make sure a cluster storage volume of that name exists, of size GiB at least: create or grow it, and wait until Active',
        needs: ['volume'],
        inputs: ['size', 'region', 'volume_cleanup', 'wait_timeout', 'poll_interval'],
        outputs: VOLUME_OUTPUTS
    },
    volume_list: {
        summary: 'list the cluster storage volumes, and what they cost per 10 minutes',
        needs: [],
        inputs: ['region'],
        outputs: []
    },
    volume_delete: {
        summary: 'delete a cluster storage volume, named again in confirm; wait until it is gone',
        needs: ['volume', 'confirm'],
        inputs: ['force', 'cleanup_timeout'],
        outputs: VOLUME_OUTPUTS
    },
    transfer: {
        summary: 'copy between object storage and a volume, checked first, to its end; retry it when it fails',
        needs: [
            'volume',
            'direction',
            's3_supplier',
            's3_endpoint',
            's3_bucket',
            's3_access_key',
            's3_secret_key'
        ],
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
        outputs: TRANSFER_OUTPUTS
    },
    transfer_detail: {
        summary: "read a transfer's detail and progress",
        needs: ['transfer_id'],
        inputs: [],
        outputs: ['transfer_id', 'files', 'bytes']
    },
    transfer_list: {
        summary: 'list the transfers (of a volume), each with its progress',
        needs: [],
        inputs: ['volume'],
        outputs: []
    },
    transfer_stop: {
        summary: 'stop a transfer, and wait until it copies no more',
        needs: ['transfer_id'],
        inputs: ['cleanup_timeout'],
        outputs: ['transfer_id', 'files', 'bytes']
    }
};

// EXTERNAL MODULE: ./deploy/inputs/index.ts + 11 modules
var inputs = __webpack_require__(6230);
;// CONCATENATED MODULE: ./deploy/inputs/meanings.ts
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

// EXTERNAL MODULE: ./deploy/inputs/input.ts
var input = __webpack_require__(5834);
// EXTERNAL MODULE: ./cli/cli-words.ts
var cli_words = __webpack_require__(3355);
// EXTERNAL MODULE: ./cli/dotenv.ts
var dotenv = __webpack_require__(4323);
;// CONCATENATED MODULE: ./cli/cli-examples.ts
/** A web service's body, as the platform's reference requires a create's: services with their ports. */
const WEB = `'{services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]}'`;
/**
 * One or two command lines per operation, the first things its help shows, and a comment (#) where one
 * names a file: each runs as written (with ELASTIC_DEPLOY_TOKEN set, and the file it names in the
 * workspace); a test holds them to that, as dry runs against the emulator.
 */
const OPERATION_EXAMPLES = {
    create: [
        `elastic-deploy create --task-name web-1 --gpu 4090 --body ${WEB} --cleanup stop`,
        `elastic-deploy create --task-name web-1 --gpu 4090 --body ${WEB} --health-path /health --wait-timeout 20m`
    ],
    replace: [
        `elastic-deploy replace --task-name web --gpu 4090 --body ${WEB} --health-path /health`,
        `elastic-deploy replace --task-name web --gpu 4090 --body ${WEB} --max-cost 20 --cleanup stop`
    ],
    detail: ['elastic-deploy detail --task-id 1229831', 'elastic-deploy detail --task-id 1229831 --wait true'],
    search_tasks: [
        'elastic-deploy search-tasks --task-status Running,Pending',
        'elastic-deploy search-tasks --task-status Running --output json'
    ],
    search_resources: [
        "elastic-deploy search-resources --query '{device_type: GpuDevice}'",
        'elastic-deploy search-resources --output table'
    ],
    stop: ['elastic-deploy stop --task-id 1229831', 'elastic-deploy stop --task-id "1229831, 1229832"'],
    pause: [
        'elastic-deploy pause --task-id 1229831',
        'elastic-deploy pause --task-id 1229831 --wait-timeout 5m'
    ],
    recover: [
        'elastic-deploy recover --task-id 1229831 --wait-timeout 20m',
        'elastic-deploy recover --task-id 1229831 --health-path /health'
    ],
    change_points: [
        'elastic-deploy change-points --task-id 1229831 --points 3',
        'elastic-deploy change-points --task-id 1229831 --points 1'
    ],
    nodes: ['elastic-deploy nodes --task-id 1229831', 'elastic-deploy nodes --task-id 1229831 --output json'],
    logs: [
        'elastic-deploy logs --task-id 1229831 --log-lines 100',
        'elastic-deploy logs --task-id 1229831 --output json'
    ],
    events: [
        'elastic-deploy events --task-id 1229831',
        'elastic-deploy events --task-id 1229831 --output json'
    ],
    billing: [
        'elastic-deploy billing --billing-start 7d --billing-range day',
        'elastic-deploy billing --task-id 1229831 --billing-start 1d --billing-range hour'
    ],
    task_billing: [
        'elastic-deploy task-billing --billing-start 30d --billing-range month',
        'elastic-deploy task-billing --billing-start 7d --billing-range day --output json'
    ],
    storage_check: [
        'elastic-deploy storage-check --body-file storage.yaml',
        'elastic-deploy storage-check --body-file storage.yaml --output json',
        '# storage.yaml: supplier (such as tencent), endpoint, ak, sk, bucket and prefix; ak and sk from secrets'
    ],
    sweep: [
        "elastic-deploy sweep --task-name 'pr-42-*'",
        "elastic-deploy sweep --task-name 'nightly-*' --task-id 1229831 --dry-run"
    ],
    preview: [
        '# the GitHub action runs previews on pull_request events (docs/previews.md); a GitLab review app is replace and cleanup (docs/cli.md)'
    ],
    preview_sweep: ['# the GitHub action runs the preview sweep on a schedule (docs/previews.md)'],
    preheat: [
        `elastic-deploy preheat --task-name warm-web --gpu 4090 --body ${WEB}`,
        `elastic-deploy preheat --task-name warm-web --gpu 4090 --body ${WEB} --preheat-timeout 30m`
    ],
    update: [
        `elastic-deploy update --task-id 1229831 --body '{services: [{service_name: web, service_image: "nginx:1.28"}]}' --health-path /health`,
        `elastic-deploy update --task-name web --body '{services: [{service_name: web, service_image: "nginx:1.28"}]}'`
    ],
    scale: [
        'elastic-deploy scale --task-id 1229831 --points 3',
        'elastic-deploy scale --task-id 1229831 --points 1 --wait-timeout 20m'
    ],
    replace_node: [
        'elastic-deploy replace-node --task-id 1229831 --point-id failed',
        'elastic-deploy replace-node --task-id 1229831 --point-id 1229831002'
    ],
    job: [
        'elastic-deploy job --task-name gpu-tests --gpu 4090 --body-file job.yaml',
        'elastic-deploy job --task-name gpu-tests --gpu 4090 --job-type on_demand --body-file job.yaml --files-dir job-files',
        '# job.yaml: job_support (timeout_sec, parallelism, mod_param) and services (docs/jobs.md shows one)'
    ],
    job_detail: [
        'elastic-deploy job-detail --task-id 1962285',
        'elastic-deploy job-detail --task-id 1962285 --wait true'
    ],
    job_search: [
        'elastic-deploy job-search --task-name gpu-tests --task-status Running,Pending,End',
        'elastic-deploy job-search --task-status End --output json'
    ],
    job_stop: [
        'elastic-deploy job-stop --task-id 1962285',
        'elastic-deploy job-stop --task-id 1962285 --wait-timeout 5m'
    ],
    job_group_search: [
        "elastic-deploy job-group-search --query '{queue_id: 7}'",
        "elastic-deploy job-group-search --query '{queue_id: 7}' --output json"
    ],
    job_group_detail: [
        "elastic-deploy job-group-detail --query '{group_id: 5001}'",
        "elastic-deploy job-group-detail --query '{group_id: 5001}' --output json"
    ],
    volume: [
        'elastic-deploy volume --volume datasets --size 100 --region bj-001',
        'elastic-deploy volume --volume scratch --size 20 --volume-cleanup delete'
    ],
    volume_list: ['elastic-deploy volume-list', 'elastic-deploy volume-list --region bj-001'],
    volume_delete: [
        'elastic-deploy volume-delete --volume scratch --confirm scratch',
        'elastic-deploy volume-delete --volume scratch --confirm scratch --wait-timeout 10m'
    ],
    transfer: [
        'elastic-deploy transfer --volume datasets --direction s3-to-volume --s3-supplier tencent --s3-endpoint cos.ap-guangzhou.myqcloud.com --s3-bucket corpus --s3-prefix v3/ --volume-path /corpus',
        'elastic-deploy transfer --volume datasets --direction volume-to-s3 --s3-supplier tencent --s3-endpoint cos.ap-guangzhou.myqcloud.com --s3-bucket corpus --s3-prefix results/ --volume-path /out',
        '# ELASTIC_DEPLOY_S3_ACCESS_KEY and ELASTIC_DEPLOY_S3_SECRET_KEY (or their _FILE) from secrets'
    ],
    transfer_detail: [
        'elastic-deploy transfer-detail --transfer-id 501',
        'elastic-deploy transfer-detail --transfer-id 501 --output json'
    ],
    transfer_list: ['elastic-deploy transfer-list', 'elastic-deploy transfer-list --volume datasets'],
    transfer_stop: [
        'elastic-deploy transfer-stop --transfer-id 501',
        'elastic-deploy transfer-stop --transfer-id 501 --wait-timeout 5m'
    ],
    request: [
        "elastic-deploy request --method GET --path /api/deployment/task/search --query '{type: Deployment, status: Running}'",
        "elastic-deploy request --method GET --path /api/task/deployment/detail --query '{task_id: 1229831}'"
    ]
};

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
    const widest = Math.max(...platform_settings/* OPERATION_NAMES */.d.map((name) => name.length)) + 2;
    const operations = platform_settings/* OPERATION_NAMES */.d.map((name) => `  ${(0,input/* flagOf */.iP)(name).padEnd(widest)}${OPERATION_INPUTS[name].summary}`);
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
    'Logs go to stderr as plain text; the outputs that have a value to stdout: a table when stdout is a',
    'terminal (--output table), else a JSON object (--output json: numbers, booleans, lists and objects as',
    "themselves; data, the platform's whole answer, with --with-data), or with --output dotenv as",
    `${dotenv/* DOTENV_PREFIX */.AN}<OUTPUT>=value lines (a GitLab dotenv report: at most 20 outputs that have a value,`,
    'the most useful first, or those --dotenv-outputs task_id,url,... names). A listing (search-tasks,',
    'job-search, job-group-search, nodes, search-resources, billing, task-billing, volume-list,',
    'transfer-list) prints its rows: as the table, and as rows in the JSON; count says how many. Times',
    "are ISO 8601 in UTC (2026-01-02T03:04:05Z). The run's files (the response, the diagnostics, a job's",
    'log) go to a directory of its own, removed at exit, or are kept in --files-dir D, under stable names.',
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
    const { summary, needs, inputs } = OPERATION_INPUTS[operation];
    const usage = needs
        .filter((name) => !isSecret(name))
        .map((name) => `--${(0,input/* flagOf */.iP)(name)} ${name.toUpperCase()}`)
        .join(' ');
    const head = [
        `elastic-deploy ${(0,input/* flagOf */.iP)(operation)}: ${summary}.`,
        '',
        'Examples:',
        ...OPERATION_EXAMPLES[operation].map((example) => `  ${example}`),
        '',
        `Usage: elastic-deploy ${(0,input/* flagOf */.iP)(operation)}${usage === '' ? '' : ` ${usage}`} [--input value]...`,
        ''
    ];
    if (!all)
        return [...head, ...briefHelp(operation, version)].join('\n');
    const common = COMMON_INPUTS.filter((name) => !isPositional(name) && !isSecret(name));
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
    const { needs, inputs } = OPERATION_INPUTS[operation];
    // Of the inputs of every operation, those among the most used (dry_run) may be shown too.
    const takes = new Set([...needs, ...inputs, ...COMMON_INPUTS.filter((name) => MOST_USED.includes(name))]);
    const flags = needs.filter((name) => !isSecret(name));
    const add = (name) => {
        if (!isPositional(name) && !isSecret(name) && !flags.includes(name))
            flags.push(name);
    };
    for (const name of MOST_USED)
        if (flags.length < BRIEF_MOST && takes.has(name))
            add(name);
    // Five at least: the operation's other inputs, then those of every operation, in their order.
    for (const name of [...inputs, ...COMMON_INPUTS])
        if (flags.length < BRIEF_LEAST)
            add(name);
    const rest = [...takes, ...COMMON_INPUTS].filter((name) => !isPositional(name) && !isSecret(name) && !flags.includes(name));
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
 * What an input means for an operation (the parts of its description for it: see deploy/inputs/
 * meanings.ts), else its whole description; where the command line reads it otherwise than the action,
 * what it means here. In a terminal's words: code marks off, an input named as its flag, a secret as its
 * variable.
 */
function meaningOf(name, operation) {
    const declared = inputs/* INPUT_BY_NAME */.pc.get(name);
    if (declared === undefined)
        return '';
    return plain(declared.cliDescription ?? meaningFor(declared.description, operation, platform_settings/* OPERATION_NAMES */.d));
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
    const own = declared?.defaultFor?.(operation);
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
        : new Set([
            ...COMMON_INPUTS,
            ...OPERATION_INPUTS[operation].needs,
            ...OPERATION_INPUTS[operation].inputs
        ]);
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
