export const id = 5;
export const ids = [5];
export const modules = {

/***/ 3005:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  cliHelp: () => (/* binding */ cliHelp),
  operationHelp: () => (/* binding */ operationHelp)
});

// UNUSED EXPORTS: SCREEN_LINES

// EXTERNAL MODULE: ./action/input-names.ts
var input_names = __webpack_require__(5618);
// EXTERNAL MODULE: ./platform/platform-settings.ts
var platform_settings = __webpack_require__(9837);
;// CONCATENATED MODULE: ./platform/operations/operation-inputs.ts
// Which inputs and outputs each operation has, beside those of every operation: what docs/reference.md
// lists (npm run docs) and the CLI's help shows. A test holds every input and output of action.yml in
// them, under every operation that reads or writes it.
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
const VOLUME_OUTPUTS = ['storage_id', 'region', 'total_size', 'used_size', 'volume_price'];
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
const JOB_OUTPUTS = ['job_status', 'succeeded_pods', 'failed_pods', 'duration', 'job_type'];
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

// EXTERNAL MODULE: ./deploy/step-defaults.ts
var step_defaults = __webpack_require__(6433);
// EXTERNAL MODULE: ./cli/cli-args.ts + 2 modules
var cli_args = __webpack_require__(4463);
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

;// CONCATENATED MODULE: ./cli/input-docs.ts
// Written by npm run docs from action.yml: edit the descriptions there.
/**
 * Each input's description and default, as action.yml gives them, for the CLI's help; `byOperation`:
 * what it means for each operation that takes it, where that is less than the whole description (see
 * scripts/operation-meanings.ts).
 */
const INPUT_DOCS = {
    operation: {
        description: "What to do: create, replace (create a task, and once it is ready stop the tasks of the same name that ran before; if it does not become ready, stop it and leave them serving), detail, search_tasks, search_resources, stop, pause, recover, change_points, nodes, billing (the bill by time), task_billing (the bill by task), storage_check, logs and events (each node's service logs or events, of up to 10 nodes of each task), sweep (stop every task whose name matches the pattern in --task-name, but for the ids in --task-id), preview (on a workflow's pull_request events: bring the pull request's preview up as replace does, named --task-name-pr-<number>, recorded as a GitHub deployment of the environment pr-<number>; on closed, stop it: see docs/previews.md), preview_sweep (stop the previews of --task-name whose pull request is closed or merged, not deployed for --preview-ttl, or past --max-cost), --preheat (warm the images where --gpu would place a task: see --preheat), update (change a running task's configuration in place from --body, wait until it serves, roll it back if it does not), scale (set --points and wait until that many nodes run), replace_node (delete the node --point-id names and wait for its replacement), job (create a GPU batch job from --body, on the GPU --gpu names, and wait until it ends: Complete passes, Failed fails the step), job_detail, job_search and job_stop (a GPU batch job's detail, the job search, and a stop that waits until the job has ended), job_group_search and job_group_detail (the task groups of a job queue, queue_id or group_id in --query), --volume (make sure a cluster storage volume named --volume exists with --size GiB at least: create or grow it, and wait until it is Active), volume_list (the volumes, and what they cost per 10 minutes), volume_delete (delete the volume --volume names, named again in --confirm, and wait until it is gone), transfer (copy between object storage and a volume, the connection checked first, to its end, retried when it fails), transfer_detail, transfer_list and transfer_stop (a transfer's detail, the transfers, and a stop that waits until it copies no more), or request (any endpoint, with --method, --path and --encrypt)."
    },
    base_url: {
        description: 'API address, https:// only: scheme, host and port. Falls back to DEPLOY_API_BASE_URL, then https://openapi.suanli.cn.'
    },
    token: {
        description: 'The API token of a key made in the console, from a secret. Falls back to DEPLOY_API_TOKEN.'
    },
    private_key: {
        description: 'RSA mode only: the client private key (PKCS#8 PEM, PKCS#1 PEM or bare Base64 PKCS#8, encrypted or not), from a secret. Falls back to DEPLOY_API_PRIVATE_KEY. Leave both empty for a token-mode key.'
    },
    private_key_format: {
        description: 'auto (detect), pkcs8_pem, pkcs1_pem or pkcs8_base64.',
        default: 'auto'
    },
    private_key_passphrase: {
        description: 'The passphrase of an encrypted private key, from a secret. Falls back to DEPLOY_API_PRIVATE_KEY_PASSPHRASE.'
    },
    platform_public_key: {
        description: 'RSA mode only: the platform public key shown when the key was made (PEM, or bare Base64 DER), for the requests sent encrypted: storage_check, transfer and the copies of --data and --results (and create with api_profile: spec). Falls back to DEPLOY_API_PLATFORM_PUBLIC_KEY.'
    },
    api_profile: {
        description: "Whose request forms to follow where the interface spec and the platform's own reference differ: live (the default) or spec. live follows the platform's documented forms, for every --base-url: create is a plain signed POST on /api/task/deployment/create with task_type: Deployment and needs resources and services, which token-mode keys can send; detail is GET ?task_id=; the storage check is the reference's S3 check. spec follows the interface spec: an encrypted create on /api/deployment/task/create, detail as a POST, the spec's storage check. auto, the former default, means live. The log says which is in use; --endpoints still applies on top.",
        default: 'live'
    },
    api_version: {
        description: 'The interface version sent in the version header and signed.',
        default: '1.0.0'
    },
    endpoints: {
        description: "YAML or JSON overrides per operation of its endpoint's method:, path:, version: and encrypt:, to follow platform variants, such as detail: {method: GET} (then the task id goes into the query)."
    },
    task_name: {
        description: "create and replace: the name of the new task. preview and preview_sweep: the name the previews are named after (web makes web-pr-42 for pull request 42). job: the name of the new job. --preheat: the name of the preheat task. sweep: a name pattern, where * matches any run of characters and nothing else is special (pr-42-*); it needs at least 3 characters besides *. update: instead of --task-id, the exact name of the one live task to change. job_search: the jobs whose name holds it. transfer: the start of the transfer's name (the volume's name when empty), to which the step adds what makes it unique to the run.",
        byOperation: {
            create: 'The name of the new task.',
            replace: 'The name of the new task.',
            sweep: 'A name pattern, where * matches any run of characters and nothing else is special (pr-42-*); it needs at least 3 characters besides *.',
            preview: 'The name the previews are named after (web makes web-pr-42 for pull request 42).',
            preview_sweep: 'The name the previews are named after (web makes web-pr-42 for pull request 42).',
            preheat: 'The name of the preheat task.',
            update: 'Instead of --task-id, the exact name of the one live task to change.',
            job: 'The name of the new job.',
            job_search: 'The jobs whose name holds it.',
            transfer: "The start of the transfer's name (the volume's name when empty), to which the step adds what makes it unique to the run."
        }
    },
    points: {
        description: "create, replace and preview: the number of nodes, a whole number of 1 or more; the platform makes 1 node when it is not set. change_points and scale: the new number of nodes, a whole number of 1 or more. job: the job's completions, how many times it must succeed (each run is a pod; job_support.parallelism of them at once), a whole number of 1 or more; 1 when not set.",
        byOperation: {
            create: 'The number of nodes, a whole number of 1 or more; the platform makes 1 node when it is not set.',
            replace: 'The number of nodes, a whole number of 1 or more; the platform makes 1 node when it is not set.',
            change_points: 'The new number of nodes, a whole number of 1 or more.',
            preview: 'The number of nodes, a whole number of 1 or more; the platform makes 1 node when it is not set.',
            scale: 'The new number of nodes, a whole number of 1 or more.',
            job: "The job's completions, how many times it must succeed (each run is a pod; job_support.parallelism of them at once), a whole number of 1 or more; 1 when not set."
        }
    },
    gpu: {
        description: 'The GPU model as the platform names it (gpu_name, such as 4090 or H20; matched case-insensitively; for a CpuDevice, its device_name). create, replace and job: pick the resource instead of pasting a mark: the step searches the resources, keeps the regions of that model with --gpu-count GPUs per node and --points nodes in stock, and creates on the cheapest (discount_price, else price), --regions breaking ties; refused with a resources field in the body. --preheat: the GPU whose cheapest region with stock, found as a create finds it, is preheated.',
        byOperation: {
            create: 'The GPU model as the platform names it (gpu_name, such as 4090 or H20; matched case-insensitively; for a CpuDevice, its device_name). Pick the resource instead of pasting a mark: the step searches the resources, keeps the regions of that model with --gpu-count GPUs per node and --points nodes in stock, and creates on the cheapest (discount_price, else price), --regions breaking ties; refused with a resources field in the body.',
            replace: 'The GPU model as the platform names it (gpu_name, such as 4090 or H20; matched case-insensitively; for a CpuDevice, its device_name). Pick the resource instead of pasting a mark: the step searches the resources, keeps the regions of that model with --gpu-count GPUs per node and --points nodes in stock, and creates on the cheapest (discount_price, else price), --regions breaking ties; refused with a resources field in the body.',
            preview: 'The GPU model as the platform names it (gpu_name, such as 4090 or H20; matched case-insensitively; for a CpuDevice, its device_name).',
            preheat: 'The GPU model as the platform names it (gpu_name, such as 4090 or H20; matched case-insensitively; for a CpuDevice, its device_name). The GPU whose cheapest region with stock, found as a create finds it, is preheated.',
            job: 'The GPU model as the platform names it (gpu_name, such as 4090 or H20; matched case-insensitively; for a CpuDevice, its device_name). Pick the resource instead of pasting a mark: the step searches the resources, keeps the regions of that model with --gpu-count GPUs per node and --points nodes in stock, and creates on the cheapest (discount_price, else price), --regions breaking ties; refused with a resources field in the body.'
        }
    },
    gpu_count: {
        description: 'With --gpu: GPUs per node, as the resource search gives them for a node (a whole number of 1 or more).',
        default: '1'
    },
    device_type: {
        description: 'With --gpu: GpuDevice or CpuDevice, the kind of device searched for.',
        default: 'GpuDevice'
    },
    regions: {
        description: "With --gpu: regions in order of preference, by the resource search's region tag or region_name, one per line or separated by commas. Price ranks first; the order breaks ties; other regions still qualify."
    },
    max_price: {
        description: "With --gpu: the highest price to create on, a plain number compared as the platform gives it with the resource search's discount_price (else price) of each region: the platform's number for one node of the device (an H20 x 8 entry is one 8-card node; the platform publishes no unit). The log, a dry run and search_resources show each region's number. With nothing that cheap, the step fails before creating, naming the cheapest."
    },
    capacity_timeout: {
        description: 'With --gpu: how long to search again while no region has the stock (0s: fail at once; up to 6h). Searches are at least 10 s apart, as the platform asks.',
        default: '0s'
    },
    preheat: {
        description: "With --gpu: none, region or node. Before the create, region caches the services' images in the chosen region's cluster (an image preheat of that region) and node prepares --points nodes of the chosen device there; the step waits until it completes (--preheat-timeout), and a preheat that fails or times out is stopped and fails the step before anything bills. A preheat is not a reservation. --preheat: region or node, the preheat to make; none means region.",
        byOperation: {
            create: "With --gpu: none, region or node. Before the create, region caches the services' images in the chosen region's cluster (an image preheat of that region) and node prepares --points nodes of the chosen device there; the step waits until it completes (--preheat-timeout), and a preheat that fails or times out is stopped and fails the step before anything bills. A preheat is not a reservation.",
            replace: "With --gpu: none, region or node. Before the create, region caches the services' images in the chosen region's cluster (an image preheat of that region) and node prepares --points nodes of the chosen device there; the step waits until it completes (--preheat-timeout), and a preheat that fails or times out is stopped and fails the step before anything bills. A preheat is not a reservation.",
            preview: "With --gpu: none, region or node. Before the create, region caches the services' images in the chosen region's cluster (an image preheat of that region) and node prepares --points nodes of the chosen device there; the step waits until it completes (--preheat-timeout), and a preheat that fails or times out is stopped and fails the step before anything bills. A preheat is not a reservation.",
            preheat: "With --gpu: none, region or node. Before the create, region caches the services' images in the chosen region's cluster (an image preheat of that region) and node prepares --points nodes of the chosen device there; the step waits until it completes (--preheat-timeout), and a preheat that fails or times out is stopped and fails the step before anything bills. A preheat is not a reservation. Region or node, the preheat to make; none means region.",
            job: "With --gpu: none, region or node. Before the create, region caches the services' images in the chosen region's cluster (an image preheat of that region) and node prepares --points nodes of the chosen device there; the step waits until it completes (--preheat-timeout), and a preheat that fails or times out is stopped and fails the step before anything bills. A preheat is not a reservation."
        },
        default: 'none'
    },
    preheat_timeout: {
        description: 'How long a preheat may take before the step stops it and fails (10s to 6h), within --wait-timeout.',
        default: '30m'
    },
    job_type: {
        description: "job: spot (the platform's default and its cheaper mode: the job may wait Queued for stock, and is sent with its expected run, --estimated-exec-sec) or on_demand. Empty: as the body's sub_type says, as the reference writes it (Spot, or null for on demand), else spot.",
        byOperation: {
            job: "spot (the platform's default and its cheaper mode: the job may wait Queued for stock, and is sent with its expected run, --estimated-exec-sec) or on_demand. Empty: as the body's sub_type says, as the reference writes it (Spot, or null for on demand), else spot."
        }
    },
    estimated_exec_sec: {
        description: 'job with job_type: spot: how long the job is expected to run, in seconds (1 to 86400), a bit longer than its real run and a bit shorter than job_support.timeout_sec (the platform looks for the stablest resource window by it). Empty: nine tenths of timeout_sec.',
        byOperation: {
            job: 'With job_type: spot: how long the job is expected to run, in seconds (1 to 86400), a bit longer than its real run and a bit shorter than job_support.timeout_sec (the platform looks for the stablest resource window by it). Empty: nine tenths of timeout_sec.'
        }
    },
    spot_fallback: {
        description: 'job with job_type: spot: true runs the job on demand when Spot cannot run it: when the Spot job stays Queued (its schedule_status) past --queue-timeout, it is stopped first, until its detail says End (never two jobs at once); when its create is refused and made no job, the job is created on demand at once. The log says which mode ran and why; --job-type outputs it.',
        byOperation: {
            job: 'With job_type: spot: true runs the job on demand when Spot cannot run it: when the Spot job stays Queued (its schedule_status) past --queue-timeout, it is stopped first, until its detail says End (never two jobs at once); when its create is refused and made no job, the job is created on demand at once. The log says which mode ran and why; --job-type outputs it.'
        },
        default: 'false'
    },
    queue_timeout: {
        description: 'job with spot_fallback: true: how long a Spot job may stay Queued before it is stopped and the job run on demand, such as 10m (10 s to 6 h).',
        byOperation: {
            job: 'With spot_fallback: true: how long a Spot job may stay Queued before it is stopped and the job run on demand, such as 10m (10 s to 6 h).'
        },
        default: '10m'
    },
    volume: {
        description: "--volume and volume_delete: the cluster storage volume, by its name (1 to 32 characters), or by its storage_id. --volume looks for it by name across the list's pages and creates it when none has the name; two volumes of the name are refused (set the storage_id). transfer: the volume to copy to or from, which must be Active. transfer_list: the transfers of that volume only.",
        byOperation: {
            volume: "The cluster storage volume, by its name (1 to 32 characters), or by its storage_id. --volume looks for it by name across the list's pages and creates it when none has the name; two volumes of the name are refused (set the storage_id).",
            volume_delete: "The cluster storage volume, by its name (1 to 32 characters), or by its storage_id. --volume looks for it by name across the list's pages and creates it when none has the name; two volumes of the name are refused (set the storage_id).",
            transfer: 'The volume to copy to or from, which must be Active.',
            transfer_list: 'The transfers of that volume only.'
        }
    },
    size: {
        description: '--volume: the least size of the volume, in whole GiB (100, or 100GiB; sent in bytes, GiB x 1,073,741,824). A volume that holds less is grown, never shrunk; needed to create one.',
        byOperation: {
            volume: 'The least size of the volume, in whole GiB (100, or 100GiB; sent in bytes, GiB x 1,073,741,824). A volume that holds less is grown, never shrunk; needed to create one.'
        }
    },
    region: {
        description: "--volume: the region the volume must be in, by the storage's tag (such as bj-001, as volume_list shows it; the storage's tags are not the GPU regions') or by the region's name (such as \u5317\u4eac\u4e00\u533a, which the GPU regions share): a new one is made there, and one found elsewhere fails the step (a volume cannot move). Empty: the cheapest configuration with room, by its displayed price. volume_list: the volumes of that region only.",
        byOperation: {
            volume: "The region the volume must be in, by the storage's tag (such as bj-001, as volume_list shows it; the storage's tags are not the GPU regions') or by the region's name (such as \u5317\u4eac\u4e00\u533a, which the GPU regions share): a new one is made there, and one found elsewhere fails the step (a volume cannot move). Empty: the cheapest configuration with room, by its displayed price.",
            volume_list: 'The volumes of that region only.'
        }
    },
    volume_cleanup: {
        description: "--volume: what becomes of a volume the step creates once the job ends: keep (the default: it is the data's home for the next runs, which find it by name) or delete (the post step deletes it, and asks again until no list shows it). A volume the step did not create is never deleted.",
        byOperation: {
            volume: "What becomes of a volume the step creates once the job ends: keep (the default: it is the data's home for the next runs, which find it by name) or delete (the post step deletes it, and asks again until no list shows it). A volume the step did not create is never deleted."
        },
        default: 'keep'
    },
    confirm: {
        description: "volume_delete: the volume's name or storage_id, typed again. A deletion cannot be undone; a --confirm that names neither is refused, and nothing is deleted.",
        byOperation: {
            volume_delete: "The volume's name or storage_id, typed again. A deletion cannot be undone; a --confirm that names neither is refused, and nothing is deleted."
        }
    },
    force: {
        description: "volume_delete: delete a volume even though it is mounted in a task or a transfer is under way (sent as the platform's --force, which skips its checks). Otherwise that is refused.",
        byOperation: {
            volume_delete: "Delete a volume even though it is mounted in a task or a transfer is under way (sent as the platform's --force, which skips its checks). Otherwise that is refused."
        },
        default: 'false'
    },
    transfer_id: {
        description: "transfer_detail and transfer_stop: the transfer, as digits (a transfer step's --transfer-id output, or as transfer_list shows it).",
        byOperation: {
            transfer_detail: "The transfer, as digits (a transfer step's --transfer-id output, or as transfer_list shows it).",
            transfer_stop: "The transfer, as digits (a transfer step's --transfer-id output, or as transfer_list shows it)."
        }
    },
    direction: {
        description: "transfer: s3-to-volume (copy the bucket's prefix into the volume's path) or volume-to-s3 (the volume's path into the bucket's prefix).",
        byOperation: {
            transfer: "s3-to-volume (copy the bucket's prefix into the volume's path) or volume-to-s3 (the volume's path into the bucket's prefix)."
        }
    },
    s3_supplier: {
        description: "transfer, job, create and replace: the object storage's vendor, as the platform names it (tencent, aws, aliyun, minio...).",
        byOperation: {
            create: "The object storage's vendor, as the platform names it (tencent, aws, aliyun, minio...).",
            replace: "The object storage's vendor, as the platform names it (tencent, aws, aliyun, minio...).",
            job: "The object storage's vendor, as the platform names it (tencent, aws, aliyun, minio...).",
            transfer: "The object storage's vendor, as the platform names it (tencent, aws, aliyun, minio...)."
        }
    },
    s3_endpoint: {
        description: "transfer, job, create and replace: the object storage's endpoint, such as cos.ap-guangzhou.myqcloud.com.",
        byOperation: {
            create: "The object storage's endpoint, such as cos.ap-guangzhou.myqcloud.com.",
            replace: "The object storage's endpoint, such as cos.ap-guangzhou.myqcloud.com.",
            job: "The object storage's endpoint, such as cos.ap-guangzhou.myqcloud.com.",
            transfer: "The object storage's endpoint, such as cos.ap-guangzhou.myqcloud.com."
        }
    },
    s3_bucket: {
        description: 'transfer, job, create and replace: the bucket.',
        byOperation: {
            create: 'The bucket.',
            replace: 'The bucket.',
            job: 'The bucket.',
            transfer: 'The bucket.'
        }
    },
    s3_prefix: {
        description: "transfer: the object prefix in the bucket (datasets/v3/); empty for the bucket's root.",
        byOperation: { transfer: "The object prefix in the bucket (datasets/v3/); empty for the bucket's root." }
    },
    s3_access_key: {
        description: "transfer, job, create and replace: the object storage's access key, from a secret. Falls back to DEPLOY_S3_ACCESS_KEY. Masked before the first log line; sent only in the encrypted check and create, which the platform uses for that request and does not keep.",
        byOperation: {
            create: "The object storage's access key, from a secret. Falls back to DEPLOY_S3_ACCESS_KEY. Masked before the first log line; sent only in the encrypted check and create, which the platform uses for that request and does not keep.",
            replace: "The object storage's access key, from a secret. Falls back to DEPLOY_S3_ACCESS_KEY. Masked before the first log line; sent only in the encrypted check and create, which the platform uses for that request and does not keep.",
            job: "The object storage's access key, from a secret. Falls back to DEPLOY_S3_ACCESS_KEY. Masked before the first log line; sent only in the encrypted check and create, which the platform uses for that request and does not keep.",
            transfer: "The object storage's access key, from a secret. Falls back to DEPLOY_S3_ACCESS_KEY. Masked before the first log line; sent only in the encrypted check and create, which the platform uses for that request and does not keep."
        }
    },
    s3_secret_key: {
        description: "transfer, job, create and replace: the object storage's secret key, from a secret. Falls back to DEPLOY_S3_SECRET_KEY. Masked and sent as ELASTIC_DEPLOY_S3_ACCESS_KEY is.",
        byOperation: {
            create: "The object storage's secret key, from a secret. Falls back to DEPLOY_S3_SECRET_KEY. Masked and sent as ELASTIC_DEPLOY_S3_ACCESS_KEY is.",
            replace: "The object storage's secret key, from a secret. Falls back to DEPLOY_S3_SECRET_KEY. Masked and sent as ELASTIC_DEPLOY_S3_ACCESS_KEY is.",
            job: "The object storage's secret key, from a secret. Falls back to DEPLOY_S3_SECRET_KEY. Masked and sent as ELASTIC_DEPLOY_S3_ACCESS_KEY is.",
            transfer: "The object storage's secret key, from a secret. Falls back to DEPLOY_S3_SECRET_KEY. Masked and sent as ELASTIC_DEPLOY_S3_ACCESS_KEY is."
        }
    },
    volume_path: {
        description: 'transfer: the path in the volume, absolute (/datasets/imagenet); / for its root.',
        byOperation: { transfer: 'The path in the volume, absolute (/datasets/imagenet); / for its root.' },
        default: '/'
    },
    overwrite_policy: {
        description: 'transfer, job, create and replace: what is copied again when it is at the destination already. hash (the default) compares contents, so a changed file is copied and an unchanged one is not; skip never copies a file whose name is there (faster, but a file changed under the same name stays stale); overwrite copies everything again.',
        byOperation: {
            create: 'What is copied again when it is at the destination already. hash (the default) compares contents, so a changed file is copied and an unchanged one is not; skip never copies a file whose name is there (faster, but a file changed under the same name stays stale); overwrite copies everything again.',
            replace: 'What is copied again when it is at the destination already. hash (the default) compares contents, so a changed file is copied and an unchanged one is not; skip never copies a file whose name is there (faster, but a file changed under the same name stays stale); overwrite copies everything again.',
            job: 'What is copied again when it is at the destination already. hash (the default) compares contents, so a changed file is copied and an unchanged one is not; skip never copies a file whose name is there (faster, but a file changed under the same name stays stale); overwrite copies everything again.',
            transfer: 'What is copied again when it is at the destination already. hash (the default) compares contents, so a changed file is copied and an unchanged one is not; skip never copies a file whose name is there (faster, but a file changed under the same name stays stale); overwrite copies everything again.'
        },
        default: 'hash'
    },
    ignore_patterns: {
        description: 'transfer, job, create and replace: file name endings never copied (.tmp, .log), separated by commas or one per line.',
        byOperation: {
            create: 'File name endings never copied (.tmp, .log), separated by commas or one per line.',
            replace: 'File name endings never copied (.tmp, .log), separated by commas or one per line.',
            job: 'File name endings never copied (.tmp, .log), separated by commas or one per line.',
            transfer: 'File name endings never copied (.tmp, .log), separated by commas or one per line.'
        }
    },
    transfer_retries: {
        description: 'transfer, job, create and replace: how often a transfer that fails (Error, Exception) is submitted again, each time as a new transfer (0 to 10).',
        byOperation: {
            create: 'How often a transfer that fails (Error, Exception) is submitted again, each time as a new transfer (0 to 10).',
            replace: 'How often a transfer that fails (Error, Exception) is submitted again, each time as a new transfer (0 to 10).',
            job: 'How often a transfer that fails (Error, Exception) is submitted again, each time as a new transfer (0 to 10).',
            transfer: 'How often a transfer that fails (Error, Exception) is submitted again, each time as a new transfer (0 to 10).'
        },
        default: '2'
    },
    volumes: {
        description: "create, replace, preview, job and update: cluster storage volumes to mount, one a line, as volume:/path/in/container (in every service) or service:volume:/path (in that one), the volume by its name or storage_id. Each must be Active (checked before anything is sent), and all in one region: the platform mounts a volume only in a task of its region, so --gpu searches only there (and fails naming the regions that have the stock when it has none). Sent as each service's nas_storage_config.",
        byOperation: {
            create: "Cluster storage volumes to mount, one a line, as volume:/path/in/container (in every service) or service:volume:/path (in that one), the volume by its name or storage_id. Each must be Active (checked before anything is sent), and all in one region: the platform mounts a volume only in a task of its region, so --gpu searches only there (and fails naming the regions that have the stock when it has none). Sent as each service's nas_storage_config.",
            replace: "Cluster storage volumes to mount, one a line, as volume:/path/in/container (in every service) or service:volume:/path (in that one), the volume by its name or storage_id. Each must be Active (checked before anything is sent), and all in one region: the platform mounts a volume only in a task of its region, so --gpu searches only there (and fails naming the regions that have the stock when it has none). Sent as each service's nas_storage_config.",
            preview: "Cluster storage volumes to mount, one a line, as volume:/path/in/container (in every service) or service:volume:/path (in that one), the volume by its name or storage_id. Each must be Active (checked before anything is sent), and all in one region: the platform mounts a volume only in a task of its region, so --gpu searches only there (and fails naming the regions that have the stock when it has none). Sent as each service's nas_storage_config.",
            update: "Cluster storage volumes to mount, one a line, as volume:/path/in/container (in every service) or service:volume:/path (in that one), the volume by its name or storage_id. Each must be Active (checked before anything is sent), and all in one region: the platform mounts a volume only in a task of its region, so --gpu searches only there (and fails naming the regions that have the stock when it has none). Sent as each service's nas_storage_config.",
            job: "Cluster storage volumes to mount, one a line, as volume:/path/in/container (in every service) or service:volume:/path (in that one), the volume by its name or storage_id. Each must be Active (checked before anything is sent), and all in one region: the platform mounts a volume only in a task of its region, so --gpu searches only there (and fails naming the regions that have the stock when it has none). Sent as each service's nas_storage_config."
        }
    },
    juicefs_mounts: {
        description: "create, replace, preview, job and update: object storages accelerated for mounts (JuiceFS, set up in the platform's console) to mount, one a line, as storage:/path/in/container (in every service) or service:storage:/path (in that one), the storage by its name or storage_id as the platform's get_storage lists it. Each must be accelerated (Activate), and the task runs only where all the storages it mounts can be (an object storage's accelerated regions, a volume's own): --gpu searches only there. Sent as each service's storage_config.",
        byOperation: {
            create: "Object storages accelerated for mounts (JuiceFS, set up in the platform's console) to mount, one a line, as storage:/path/in/container (in every service) or service:storage:/path (in that one), the storage by its name or storage_id as the platform's get_storage lists it. Each must be accelerated (Activate), and the task runs only where all the storages it mounts can be (an object storage's accelerated regions, a volume's own): --gpu searches only there. Sent as each service's storage_config.",
            replace: "Object storages accelerated for mounts (JuiceFS, set up in the platform's console) to mount, one a line, as storage:/path/in/container (in every service) or service:storage:/path (in that one), the storage by its name or storage_id as the platform's get_storage lists it. Each must be accelerated (Activate), and the task runs only where all the storages it mounts can be (an object storage's accelerated regions, a volume's own): --gpu searches only there. Sent as each service's storage_config.",
            preview: "Object storages accelerated for mounts (JuiceFS, set up in the platform's console) to mount, one a line, as storage:/path/in/container (in every service) or service:storage:/path (in that one), the storage by its name or storage_id as the platform's get_storage lists it. Each must be accelerated (Activate), and the task runs only where all the storages it mounts can be (an object storage's accelerated regions, a volume's own): --gpu searches only there. Sent as each service's storage_config.",
            update: "Object storages accelerated for mounts (JuiceFS, set up in the platform's console) to mount, one a line, as storage:/path/in/container (in every service) or service:storage:/path (in that one), the storage by its name or storage_id as the platform's get_storage lists it. Each must be accelerated (Activate), and the task runs only where all the storages it mounts can be (an object storage's accelerated regions, a volume's own): --gpu searches only there. Sent as each service's storage_config.",
            job: "Object storages accelerated for mounts (JuiceFS, set up in the platform's console) to mount, one a line, as storage:/path/in/container (in every service) or service:storage:/path (in that one), the storage by its name or storage_id as the platform's get_storage lists it. Each must be accelerated (Activate), and the task runs only where all the storages it mounts can be (an object storage's accelerated regions, a volume's own): --gpu searches only there. Sent as each service's storage_config."
        }
    },
    data: {
        description: "job, create and replace: the data, copied into volumes before the job or task is made (no GPU bills while it copies), one copy a line, as prefix/ -> volume:/path: the prefix of the bucket the s3_* inputs name, into the volume's path, as transfer copies (checked first, followed, retried; what is there already is not copied again, as --overwrite-policy says). A copy that does not complete fails the step, and nothing is made. Mount the volume with --volumes.",
        byOperation: {
            create: "The data, copied into volumes before the job or task is made (no GPU bills while it copies), one copy a line, as prefix/ -> volume:/path: the prefix of the bucket the s3_* inputs name, into the volume's path, as transfer copies (checked first, followed, retried; what is there already is not copied again, as --overwrite-policy says). A copy that does not complete fails the step, and nothing is made. Mount the volume with --volumes.",
            replace: "The data, copied into volumes before the job or task is made (no GPU bills while it copies), one copy a line, as prefix/ -> volume:/path: the prefix of the bucket the s3_* inputs name, into the volume's path, as transfer copies (checked first, followed, retried; what is there already is not copied again, as --overwrite-policy says). A copy that does not complete fails the step, and nothing is made. Mount the volume with --volumes.",
            job: "The data, copied into volumes before the job or task is made (no GPU bills while it copies), one copy a line, as prefix/ -> volume:/path: the prefix of the bucket the s3_* inputs name, into the volume's path, as transfer copies (checked first, followed, retried; what is there already is not copied again, as --overwrite-policy says). A copy that does not complete fails the step, and nothing is made. Mount the volume with --volumes."
        }
    },
    results: {
        description: 'job: its results, copied back after the job ended, also when it failed, so that its outputs and logs survive: one copy a line, as volume:/path -> prefix/, into the bucket the s3_* inputs name. The copies have a --wait-timeout of their own; one that does not complete fails the step. (A service runs until it is stopped: copy its results with transfer once it is.)',
        byOperation: {
            job: 'Its results, copied back after the job ended, also when it failed, so that its outputs and logs survive: one copy a line, as volume:/path -> prefix/, into the bucket the s3_* inputs name. The copies have a --wait-timeout of their own; one that does not complete fails the step. (A service runs until it is stopped: copy its results with transfer once it is.)'
        }
    },
    task_id: {
        description: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number. sweep: the tasks to keep, whatever their name.',
        byOperation: {
            detail: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            stop: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            pause: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            recover: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            change_points: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            nodes: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            logs: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            events: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            billing: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            sweep: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number. The tasks to keep, whatever their name.',
            update: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            scale: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            replace_node: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            job_detail: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.',
            job_stop: 'The task, as digits (ids beyond 2^53 stay exact). detail, stop, pause, recover, nodes, job_detail, job_stop and billing (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (1229831, 1229832), or as a YAML or JSON list ([1229831, 1229832]). Anything else is refused before sending: 1,229,832 reads as one number with thousands separators, and ids separated by spaces alone could be one number.'
        }
    },
    point_id: {
        description: 'replace_node: the node to delete (its point id, as the nodes operation lists it), or failed for every node of the task that is Failed or crash-looping (see --max-restarts).',
        byOperation: {
            replace_node: 'The node to delete (its point id, as the nodes operation lists it), or failed for every node of the task that is Failed or crash-looping (see --max-restarts).'
        }
    },
    delete_last_node: {
        description: "replace_node: delete the node even when it is the task's last running one (the service stops until its replacement comes up). Otherwise that is refused before sending.",
        byOperation: {
            replace_node: "Delete the node even when it is the task's last running one (the service stops until its replacement comes up). Otherwise that is refused before sending."
        },
        default: 'false'
    },
    task_status: {
        description: 'search_tasks and job_search: the statuses to list, separated by commas, from Running, Pending, Paused and End (the task search requires a status; its type is always Deployment).',
        byOperation: {
            search_tasks: 'The statuses to list, separated by commas, from Running, Pending, Paused and End (the task search requires a status; its type is always Deployment).',
            job_search: 'The statuses to list, separated by commas, from Running, Pending, Paused and End (the task search requires a status; its type is always Deployment).'
        },
        default: 'Running,Pending,Paused'
    },
    body: {
        description: "A YAML or JSON mapping of body fields, sent after the operation's own fields; the whole body for storage_check and request. A field the operation sets from an input (--task-name, --points; in --query, status and job_search's search_value), as a body copied from the platform's reference has it, fills that input when it is empty, and is refused only when both say different values. create and replace: services (each with service_name, service_image and remote_ports), and resources unless --gpu picks them. job: job_support (timeout_sec, parallelism, mod_param) and services (each with service_name, service_image, resource_weight and its start_script). --preheat: a create's body: the images of its services are preheated. update: the changes, as a part of the task's configuration (services matched by service_name, such as {services: [{service_name: web, service_image: \"app:2\"}]}); the registry credentials cannot be changed after creation and are refused.",
        byOperation: {
            create: "A YAML or JSON mapping of body fields, sent after the operation's own fields; the whole body for storage_check and request. A field the operation sets from an input (--task-name, --points; in --query, status and job_search's search_value), as a body copied from the platform's reference has it, fills that input when it is empty, and is refused only when both say different values. services (each with service_name, service_image and remote_ports), and resources unless --gpu picks them.",
            replace: "A YAML or JSON mapping of body fields, sent after the operation's own fields; the whole body for storage_check and request. A field the operation sets from an input (--task-name, --points; in --query, status and job_search's search_value), as a body copied from the platform's reference has it, fills that input when it is empty, and is refused only when both say different values. services (each with service_name, service_image and remote_ports), and resources unless --gpu picks them.",
            storage_check: "A YAML or JSON mapping of body fields, sent after the operation's own fields; the whole body for storage_check and request. A field the operation sets from an input (--task-name, --points; in --query, status and job_search's search_value), as a body copied from the platform's reference has it, fills that input when it is empty, and is refused only when both say different values.",
            preview: "A YAML or JSON mapping of body fields, sent after the operation's own fields; the whole body for storage_check and request. A field the operation sets from an input (--task-name, --points; in --query, status and job_search's search_value), as a body copied from the platform's reference has it, fills that input when it is empty, and is refused only when both say different values.",
            preheat: "A YAML or JSON mapping of body fields, sent after the operation's own fields; the whole body for storage_check and request. A field the operation sets from an input (--task-name, --points; in --query, status and job_search's search_value), as a body copied from the platform's reference has it, fills that input when it is empty, and is refused only when both say different values. A create's body: the images of its services are preheated.",
            update: "A YAML or JSON mapping of body fields, sent after the operation's own fields; the whole body for storage_check and request. A field the operation sets from an input (--task-name, --points; in --query, status and job_search's search_value), as a body copied from the platform's reference has it, fills that input when it is empty, and is refused only when both say different values. The changes, as a part of the task's configuration (services matched by service_name, such as {services: [{service_name: web, service_image: \"app:2\"}]}); the registry credentials cannot be changed after creation and are refused.",
            job: "A YAML or JSON mapping of body fields, sent after the operation's own fields; the whole body for storage_check and request. A field the operation sets from an input (--task-name, --points; in --query, status and job_search's search_value), as a body copied from the platform's reference has it, fills that input when it is empty, and is refused only when both say different values. job_support (timeout_sec, parallelism, mod_param) and services (each with service_name, service_image, resource_weight and its start_script).",
            request: "A YAML or JSON mapping of body fields, sent after the operation's own fields; the whole body for storage_check and request. A field the operation sets from an input (--task-name, --points; in --query, status and job_search's search_value), as a body copied from the platform's reference has it, fills that input when it is empty, and is refused only when both say different values."
        }
    },
    body_file: {
        description: 'A YAML or JSON file with more body fields, for bodies too big for an input (the runner passes inputs as environment variables, at most 128 KiB each): a regular file of at most 1 MiB inside the workspace (path from there) or RUNNER_TEMP; any other path is refused.'
    },
    query: {
        description: 'A YAML or JSON mapping of query parameters; a list becomes a comma-separated value. job_group_search needs queue_id, job_group_detail needs group_id.'
    },
    method: { description: 'request: GET or POST.', byOperation: { request: 'GET or POST.' } },
    path: {
        description: 'request: the endpoint path, such as /api/deployment/task/search.',
        byOperation: { request: 'The endpoint path, such as /api/deployment/task/search.' }
    },
    encrypt: {
        description: 'request: true to send the body encrypted with the platform public key.',
        byOperation: { request: 'true to send the body encrypted with the platform public key.' },
        default: 'false'
    },
    wait: {
        description: 'auto (create, stop, pause, recover, job and job_stop wait; the others do not), true (detail then waits until ready, job_detail until the job ends: Complete, else the step fails), or false.',
        default: 'auto'
    },
    wait_timeout: {
        description: "How long to wait at most, such as 90s, 15m or 1h30m (at most 6h). Empty: 15m; for job, the job's job_support.timeout_sec, plus 15m for it to start, plus --queue-timeout with --spot-fallback (at most 6h), so that the wait never ends before the job could. A --wait-timeout shorter than a job's timeout_sec is warned of."
    },
    poll_interval: {
        description: 'Time between status checks while waiting (at least 1s; the platform asks for no more than one check every 10 seconds).',
        default: '10s'
    },
    status_field: { description: "Dot path to the status in the task detail's data.", default: 'status' },
    success_statuses: {
        description: "Statuses that end a wait well, separated by commas. create, replace, detail and recover: by default Running (until ready). job and job_detail: by default Complete (the job's job_status).",
        byOperation: {
            create: 'Statuses that end a wait well, separated by commas. By default Running (until ready).',
            replace: 'Statuses that end a wait well, separated by commas. By default Running (until ready).',
            detail: 'Statuses that end a wait well, separated by commas. By default Running (until ready).',
            recover: 'Statuses that end a wait well, separated by commas. By default Running (until ready).',
            preview: 'Statuses that end a wait well, separated by commas.',
            job: "Statuses that end a wait well, separated by commas. By default Complete (the job's job_status).",
            job_detail: "Statuses that end a wait well, separated by commas. By default Complete (the job's job_status)."
        }
    },
    failure_statuses: {
        description: 'Statuses that fail a wait, separated by commas. create, replace, detail and recover: by default Other, End, Paused (until ready). job and job_detail: by default Failed, and Paused or End (a job stopped before it ended).',
        byOperation: {
            create: 'Statuses that fail a wait, separated by commas. By default Other, End, Paused (until ready).',
            replace: 'Statuses that fail a wait, separated by commas. By default Other, End, Paused (until ready).',
            detail: 'Statuses that fail a wait, separated by commas. By default Other, End, Paused (until ready).',
            recover: 'Statuses that fail a wait, separated by commas. By default Other, End, Paused (until ready).',
            preview: 'Statuses that fail a wait, separated by commas.',
            job: 'Statuses that fail a wait, separated by commas. By default Failed, and Paused or End (a job stopped before it ended).',
            job_detail: 'Statuses that fail a wait, separated by commas. By default Failed, and Paused or End (a job stopped before it ended).'
        }
    },
    wait_for_urls: {
        description: 'When waiting until ready, also wait until every service port has its URL, and an absolute http(s) one: a task whose URL is anything else is not ready.',
        default: 'true'
    },
    max_restarts: {
        description: "While waiting until ready, fail at once when a container of the task has restarted this many times (a crash loop), naming the node, the container's reason and exit code; a node whose status is Failed fails the wait too. 0 disables the restart rule.",
        default: '3'
    },
    log_lines: {
        description: "create, replace, preview, detail and recover: when a wait until ready fails or times out, the last lines of each service's log shown for each node that does not run (at most 3 nodes), with the node's last events; 0 shows the events alone. job and job_detail: when the job fails or its wait times out, the last lines of the log of each pod that failed (at most 3), with its events. logs: the last lines of each service's log shown for each node.",
        byOperation: {
            create: "When a wait until ready fails or times out, the last lines of each service's log shown for each node that does not run (at most 3 nodes), with the node's last events; 0 shows the events alone.",
            replace: "When a wait until ready fails or times out, the last lines of each service's log shown for each node that does not run (at most 3 nodes), with the node's last events; 0 shows the events alone.",
            detail: "When a wait until ready fails or times out, the last lines of each service's log shown for each node that does not run (at most 3 nodes), with the node's last events; 0 shows the events alone.",
            recover: "When a wait until ready fails or times out, the last lines of each service's log shown for each node that does not run (at most 3 nodes), with the node's last events; 0 shows the events alone.",
            logs: "The last lines of each service's log shown for each node.",
            preview: "When a wait until ready fails or times out, the last lines of each service's log shown for each node that does not run (at most 3 nodes), with the node's last events; 0 shows the events alone.",
            job: 'When the job fails or its wait times out, the last lines of the log of each pod that failed (at most 3), with its events.',
            job_detail: 'When the job fails or its wait times out, the last lines of the log of each pod that failed (at most 3), with its events.'
        },
        default: '50'
    },
    health_path: {
        description: 'A path, such as /health, checked at each service URL once the task is ready: the step sends GET <url><health_path> (no API credentials; the same TLS and proxy rules as the API) until each URL answers a status of --health-status, within --wait-timeout, and fails naming the URL and its last answer if one does not. Empty: no check.'
    },
    health_status: {
        description: 'The HTTP statuses a health check accepts: codes or ranges, separated by commas, such as 200-299,401.',
        default: '200-299'
    },
    poll_error_budget: {
        description: 'Failed status checks in a row (network errors, 5xx) that end the wait for a task.',
        default: '5'
    },
    request_timeout: {
        description: 'How long one request may take; the step never runs past --wait-timeout by more than this.',
        default: '30s'
    },
    max_response_size: {
        description: 'The largest answer read, such as 512KiB or 16MiB (64 KiB to 256 MiB); a larger answer fails the request, naming this limit, and the outputs are still written.',
        default: '16MiB'
    },
    max_retries: {
        description: 'Retries of a request that failed in a way that may pass (network errors, 429, 5xx, an answer that is not JSON), with exponential backoff; a create is only sent again when it certainly made no task (0 to 10).',
        default: '5'
    },
    concurrency: {
        description: 'Requests in flight at once when --task-id lists several tasks (1 to 32).',
        default: '4'
    },
    summary: {
        description: 'Write a job summary: a table per task, where the time and the money went (Mermaid diagrams, with tables beside them), and the status timeline.',
        default: 'true'
    },
    cleanup: {
        description: 'none, stop or pause: a post step stops or pauses every task this step created, whatever happened to the job, including a task a create made while the job was being cancelled (found by its name). The platform pauses Running tasks only: a task still Pending is paused once it runs, within --cleanup-timeout. Empty: none (a deploy step makes a service for later steps), except for job, whose default is stop: a job is only worth its verdict, so one whose wait ended before it did (timed out, cancelled) is stopped in the step itself, at once; none leaves it running on purpose. A job cannot be paused.'
    },
    cleanup_timeout: {
        description: "How long the post step keeps trying to stop or pause a task (retrying network errors, 429 and 5xx as Retry-After asks, whatever --max-retries says), looking for a task a create may still make, and finishing an update's rollback or a cancelled scale up (waiting for its new nodes, to set the count back if one fails), before it gives up, fails, and says what to do by hand (5s to 30m).",
        default: '2m'
    },
    max_cost: {
        description: "create, replace, job, and detail, job_detail or recover that wait: the most, in yuan (5, 12.50), that what the step waits on may cost together while it waits, billed plus not billed yet (the detail's billing_value and forecast_value, 1,000,000 points a yuan), read at each poll with no request of its own. A warning, once, when the rate it is billed at (seen between two polls) would pass the cap before the wait ends; before it passes the cap (at the cap, or when at that rate the next poll would be past it), what it waits on is stopped (until its state shows it bills no more, whatever --cleanup says) and the step fails, with the capped output true (exit code 5 for the CLI). Empty: no cap. preview: all of the pull request's previews together (at the cap, no new one is made and the one running is stopped); preview_sweep: stops the previews of a pull request whose cost together reached it.",
        byOperation: {
            create: "create, replace, job, and detail, job_detail or recover that wait: the most, in yuan (5, 12.50), that what the step waits on may cost together while it waits, billed plus not billed yet (the detail's billing_value and forecast_value, 1,000,000 points a yuan), read at each poll with no request of its own. A warning, once, when the rate it is billed at (seen between two polls) would pass the cap before the wait ends; before it passes the cap (at the cap, or when at that rate the next poll would be past it), what it waits on is stopped (until its state shows it bills no more, whatever --cleanup says) and the step fails, with the capped output true (exit code 5 for the CLI). Empty: no cap.",
            replace: "create, replace, job, and detail, job_detail or recover that wait: the most, in yuan (5, 12.50), that what the step waits on may cost together while it waits, billed plus not billed yet (the detail's billing_value and forecast_value, 1,000,000 points a yuan), read at each poll with no request of its own. A warning, once, when the rate it is billed at (seen between two polls) would pass the cap before the wait ends; before it passes the cap (at the cap, or when at that rate the next poll would be past it), what it waits on is stopped (until its state shows it bills no more, whatever --cleanup says) and the step fails, with the capped output true (exit code 5 for the CLI). Empty: no cap.",
            detail: "create, replace, job, and detail, job_detail or recover that wait: the most, in yuan (5, 12.50), that what the step waits on may cost together while it waits, billed plus not billed yet (the detail's billing_value and forecast_value, 1,000,000 points a yuan), read at each poll with no request of its own. A warning, once, when the rate it is billed at (seen between two polls) would pass the cap before the wait ends; before it passes the cap (at the cap, or when at that rate the next poll would be past it), what it waits on is stopped (until its state shows it bills no more, whatever --cleanup says) and the step fails, with the capped output true (exit code 5 for the CLI). Empty: no cap.",
            recover: "create, replace, job, and detail, job_detail or recover that wait: the most, in yuan (5, 12.50), that what the step waits on may cost together while it waits, billed plus not billed yet (the detail's billing_value and forecast_value, 1,000,000 points a yuan), read at each poll with no request of its own. A warning, once, when the rate it is billed at (seen between two polls) would pass the cap before the wait ends; before it passes the cap (at the cap, or when at that rate the next poll would be past it), what it waits on is stopped (until its state shows it bills no more, whatever --cleanup says) and the step fails, with the capped output true (exit code 5 for the CLI). Empty: no cap.",
            preview: "create, replace, job, and detail, job_detail or recover that wait: the most, in yuan (5, 12.50), that what the step waits on may cost together while it waits, billed plus not billed yet (the detail's billing_value and forecast_value, 1,000,000 points a yuan), read at each poll with no request of its own. A warning, once, when the rate it is billed at (seen between two polls) would pass the cap before the wait ends; before it passes the cap (at the cap, or when at that rate the next poll would be past it), what it waits on is stopped (until its state shows it bills no more, whatever --cleanup says) and the step fails, with the capped output true (exit code 5 for the CLI). Empty: no cap. All of the pull request's previews together (at the cap, no new one is made and the one running is stopped);",
            preview_sweep: "create, replace, job, and detail, job_detail or recover that wait: the most, in yuan (5, 12.50), that what the step waits on may cost together while it waits, billed plus not billed yet (the detail's billing_value and forecast_value, 1,000,000 points a yuan), read at each poll with no request of its own. A warning, once, when the rate it is billed at (seen between two polls) would pass the cap before the wait ends; before it passes the cap (at the cap, or when at that rate the next poll would be past it), what it waits on is stopped (until its state shows it bills no more, whatever --cleanup says) and the step fails, with the capped output true (exit code 5 for the CLI). Empty: no cap. Stops the previews of a pull request whose cost together reached it.",
            job: "create, replace, job, and detail, job_detail or recover that wait: the most, in yuan (5, 12.50), that what the step waits on may cost together while it waits, billed plus not billed yet (the detail's billing_value and forecast_value, 1,000,000 points a yuan), read at each poll with no request of its own. A warning, once, when the rate it is billed at (seen between two polls) would pass the cap before the wait ends; before it passes the cap (at the cap, or when at that rate the next poll would be past it), what it waits on is stopped (until its state shows it bills no more, whatever --cleanup says) and the step fails, with the capped output true (exit code 5 for the CLI). Empty: no cap.",
            job_detail: "create, replace, job, and detail, job_detail or recover that wait: the most, in yuan (5, 12.50), that what the step waits on may cost together while it waits, billed plus not billed yet (the detail's billing_value and forecast_value, 1,000,000 points a yuan), read at each poll with no request of its own. A warning, once, when the rate it is billed at (seen between two polls) would pass the cap before the wait ends; before it passes the cap (at the cap, or when at that rate the next poll would be past it), what it waits on is stopped (until its state shows it bills no more, whatever --cleanup says) and the step fails, with the capped output true (exit code 5 for the CLI). Empty: no cap."
        }
    },
    github_token: {
        description: "preview and preview_sweep: the token GitHub's records are written with (deployments, their statuses, the comment) and pull requests read; the workflow's own by default. Grant it deployments: write and pull-requests: write in the workflow's permissions.",
        byOperation: {
            preview: "The token GitHub's records are written with (deployments, their statuses, the comment) and pull requests read; the workflow's own by default. Grant it deployments: write and pull-requests: write in the workflow's permissions.",
            preview_sweep: "The token GitHub's records are written with (deployments, their statuses, the comment) and pull requests read; the workflow's own by default. Grant it deployments: write and pull-requests: write in the workflow's permissions."
        },
        default: '${{ github.token }}'
    },
    comment: {
        description: "preview: true keeps one comment on the pull request (found again by a hidden marker, updated in place on each push and on close) with the URL, the GPU and region, the status, and what this push's and all of the pull request's previews have cost. false: the deployment's status alone carries the URL.",
        byOperation: {
            preview: "true keeps one comment on the pull request (found again by a hidden marker, updated in place on each push and on close) with the URL, the GPU and region, the status, and what this push's and all of the pull request's previews have cost. false: the deployment's status alone carries the URL."
        },
        default: 'false'
    },
    max_previews: {
        description: "preview: the most previews of --task-name that run at once, for different pull requests (1 to 100). A new one beyond it is not made, and the step fails naming those that run; a pull request's next push replaces its own preview whatever the count.",
        byOperation: {
            preview: "The most previews of --task-name that run at once, for different pull requests (1 to 100). A new one beyond it is not made, and the step fails naming those that run; a pull request's next push replaces its own preview whatever the count."
        },
        default: '5'
    },
    preview_ttl: {
        description: "preview_sweep: a preview whose pull request has not been deployed for this long (its newest deployment's age: 36h, 3d; an hour to 90 days) is stopped, even if the pull request is open. The next push brings it back.",
        byOperation: {
            preview_sweep: "A preview whose pull request has not been deployed for this long (its newest deployment's age: 36h, 3d; an hour to 90 days) is stopped, even if the pull request is open. The next push brings it back."
        },
        default: '3d'
    },
    billing_range: {
        description: 'billing and task_billing: the period each record covers, hour, day, week or month (the platform requires one).',
        byOperation: {
            billing: 'The period each record covers, hour, day, week or month (the platform requires one).',
            task_billing: 'The period each record covers, hour, day, week or month (the platform requires one).'
        },
        default: 'day'
    },
    billing_start: {
        description: 'billing and task_billing: where the window starts, a span before --billing-end in days, hours and minutes (7d, 12h, 1d6h) or an RFC 3339 time (2026-01-01T00:00:00+08:00).',
        byOperation: {
            billing: 'Where the window starts, a span before --billing-end in days, hours and minutes (7d, 12h, 1d6h) or an RFC 3339 time (2026-01-01T00:00:00+08:00).',
            task_billing: 'Where the window starts, a span before --billing-end in days, hours and minutes (7d, 12h, 1d6h) or an RFC 3339 time (2026-01-01T00:00:00+08:00).'
        },
        default: '7d'
    },
    billing_end: {
        description: 'billing and task_billing: where the window ends, now (when the step starts) or an RFC 3339 time.',
        byOperation: {
            billing: 'Where the window ends, now (when the step starts) or an RFC 3339 time.',
            task_billing: 'Where the window ends, now (when the step starts) or an RFC 3339 time.'
        },
        default: 'now'
    },
    dry_run: {
        description: 'Validate the inputs, build, encrypt and sign the request, print it, and send nothing. The token and signature are never printed, nor the value of any body field or query parameter whose name holds "key", "secret", "token", "password", "passwd", "auth", "credential" or "signature", or is the word "sk" or "ak" (case-insensitive): those read <redacted>. A sweep in a dry run reads the task search and lists the tasks it would stop, and changes nothing.',
        default: 'false'
    }
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
    const operations = platform_settings/* OPERATION_NAMES */.d.map((name) => `  ${(0,cli_args/* flagOf */.iP)(name).padEnd(widest)}${OPERATION_INPUTS[name].summary}`);
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
        `Each input is a flag (--task-name web) or a variable (${cli_args/* ENV_PREFIX */.N8}TASK_NAME=web). Secrets and keys`,
        `come from ${cli_args/* ENV_PREFIX */.N8}<NAME>, or a file that ${cli_args/* ENV_PREFIX */.N8}<NAME>_FILE names; a secret is never a flag.`,
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
        .map((name) => `--${(0,cli_args/* flagOf */.iP)(name)} ${name.toUpperCase()}`)
        .join(' ');
    const head = [
        `elastic-deploy ${(0,cli_args/* flagOf */.iP)(operation)}: ${summary}.`,
        '',
        'Examples:',
        ...OPERATION_EXAMPLES[operation].map((example) => `  ${example}`),
        '',
        `Usage: elastic-deploy ${(0,cli_args/* flagOf */.iP)(operation)}${usage === '' ? '' : ` ${usage}`} [--input value]...`,
        ''
    ];
    if (!all)
        return [...head, ...briefHelp(operation, version)].join('\n');
    const common = COMMON_INPUTS.filter((name) => name !== 'operation' && !isSecret(name));
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
 * The inputs most often given, first to last: an operation's brief help shows those it needs, then the
 * first of these it takes, ten in all at most.
 */
const MOST_USED = [
    'task_id',
    'task_name',
    'gpu',
    'body_file',
    'body',
    'points',
    'size',
    'region',
    'transfer_id',
    'direction',
    'point_id',
    'confirm',
    'method',
    'path',
    'query',
    'task_status',
    'billing_start',
    'billing_range',
    'billing_end',
    'job_type',
    'wait',
    'wait_timeout',
    'health_path',
    'cleanup',
    'max_cost',
    's3_prefix',
    'volume_path',
    's3_bucket',
    'volumes',
    'data',
    'results',
    'log_lines',
    'regions',
    'comment',
    'max_previews',
    'preview_ttl',
    'encrypt',
    'volume_cleanup',
    'dry_run'
];
/** The most flags a brief help shows, and the fewest (where the operation takes that many). */
const BRIEF_MOST = 10;
const BRIEF_LEAST = 5;
/** The screen of an operation's help below its usage: its needs and most used flags, its secrets, the rest. */
function briefHelp(operation, version) {
    const { needs, inputs } = OPERATION_INPUTS[operation];
    const takes = new Set([...needs, ...inputs, 'dry_run']);
    const flags = needs.filter((name) => !isSecret(name));
    const add = (name) => {
        if (name !== 'operation' && !isSecret(name) && !flags.includes(name))
            flags.push(name);
    };
    for (const name of MOST_USED)
        if (flags.length < BRIEF_MOST && takes.has(name))
            add(name);
    // Five at least: the operation's other inputs, then those of every operation, in their order.
    for (const name of [...inputs, ...COMMON_INPUTS])
        if (flags.length < BRIEF_LEAST)
            add(name);
    const rest = [...takes, ...COMMON_INPUTS].filter((name) => name !== 'operation' && !isSecret(name) && !flags.includes(name));
    return [
        needs.length === 0 ? 'Its most used flags:' : 'What it needs, then its most used flags:',
        ...flags.flatMap((name) => briefLines(name, operation, 2)),
        '',
        'Secrets and keys come from the environment or a file (a secret never from a flag):',
        ...secretLines(operation),
        '',
        `The rest (${new Set(rest).size} more flags, the outputs, the command line's own flags):`,
        `  elastic-deploy ${(0,cli_args/* flagOf */.iP)(operation)} --help all`,
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
/** The defaults that depend on the operation, which action.yml cannot declare: the operation's own. */
const OPERATION_DEFAULTS = {
    cleanup: step_defaults/* defaultCleanup */.oQ,
    wait_timeout: step_defaults/* describeDefaultWait */.a4
};
/**
 * A flag: its name and variable, then what it means for this operation wrapped, and its default. A
 * secret is no flag: its variable, and the variable that names a file holding it.
 */
function flagLines(name, operation) {
    const doc = INPUT_DOCS[name];
    const variable = (0,cli_args/* variableOf */.Qn)(name);
    const head = isSecret(name)
        ? `${`  ${variable}`.padEnd(34)} or ${variable}_FILE (a secret: never a flag)`
        : `${`  --${(0,cli_args/* flagOf */.iP)(name)}`.padEnd(34)} ${variable}${input_names/* FILE_INPUTS */.zN.includes(name) ? `, or ${variable}_FILE` : ''}`;
    return [
        head,
        ...wrap(meaningOf(name, operation), WIDTH - 6).map((line) => `      ${line}`),
        ...defaultLine(name, operation, doc?.default)
    ];
}
/**
 * A flag in brief: its name, default, and the first sentence of what it means, in `most` lines at most
 * (cut short with "...": the rest is in --help all).
 */
function briefLines(name, operation, most = Infinity) {
    const meaning = meaningOf(name, operation);
    const first = /^.*?[.!?](?= [A-Z`]|$)/.exec(meaning)?.[0] ?? meaning;
    const fallback = defaultLine(name, operation, INPUT_DOCS[name]?.default)[0]?.trim();
    const lines = wrap(first, WIDTH - 6);
    const shown = lines.length > most ? [...lines.slice(0, most - 1), `${lines[most - 1] ?? ''} ...`] : lines;
    return [
        `  --${(0,cli_args/* flagOf */.iP)(name)}${fallback === undefined ? '' : ` (${fallback})`}`,
        ...shown.map((line) => `      ${line}`)
    ];
}
/** Whether an input is a secret, which the command line takes from the environment or a file only. */
const isSecret = (name) => input_names/* SECRET_INPUTS */.pH.includes(name);
/** Inputs the command line reads otherwise than the action: what they mean here. */
const CLI_MEANINGS = {
    body_file: "A YAML or JSON file with more body fields, for bodies too big for a flag: a regular file of at most 1 MiB, its path from the working directory (any directory: the workspace rule is the action's)."
};
/** What an input means for an operation (see scripts/operation-meanings.ts), else its whole description. */
function meaningOf(name, operation) {
    const doc = INPUT_DOCS[name];
    return CLI_MEANINGS[name] ?? doc?.byOperation?.[operation] ?? doc?.description ?? '';
}
/** "default: 15m": the operation's own default where it has one, else action.yml's; none when empty. */
function defaultLine(name, operation, declared) {
    const own = OPERATION_DEFAULTS[name]?.(operation);
    const given = own === undefined ? declared : (0,cli_words/* inCliWords */.f)(own);
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
    return input_names/* FILE_INPUTS */.zN.filter((name) => own === undefined || own.has(name)).map((name) => `  ${(0,cli_args/* variableOf */.Qn)(name)}, or ${(0,cli_args/* variableOf */.Qn)(name)}_FILE (a file holding it)${isSecret(name) ? '' : `, or --${(0,cli_args/* flagOf */.iP)(name)}`}`);
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
