export const id = 860;
export const ids = [860,359];
export const modules = {

/***/ 2763:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   ProxyAgent: () => (/* binding */ ProxyAgent),
/* harmony export */   fetch: () => (/* binding */ fetch)
/* harmony export */ });
// What dist/ has in place of undici: src/tsconfig.json maps the name here, for ncc alone
// (tests and type checks see the real package).
//
// @actions/http-client imports undici for one thing: HttpClient.getAgentDispatcher() makes an undici
// ProxyAgent, a dispatcher for fetch(). The action's own requests never use one: they go through
// node:https with the agent of HttpClient.getAgent(), which reaches a proxy through tunnel. Bundled, undici
// would be 0.9 MB of dist/ (it was of a 1.5 MB dist/index.js once, and compiling it cost every step about
// 30 ms), and a proxied step would compile it.
//
// @actions/github (the preview steps' GitHub client) makes such a dispatcher when it is loaded, on a runner
// behind a proxy, for a fetch() of undici's the action replaces with its own (src/github/fetch.ts, over the
// same node:https client). So a ProxyAgent here can be made, and refuses to carry a request; undici's
// fetch refuses too. __tests__/bundle.test.ts checks that all of this still holds whenever the
// dependencies change.
const LEFT_OUT = "undici is left out of this action's bundle (see bundle/undici.ts)";
class ProxyAgent {
    /** Never used: a request through it says why it cannot be sent. */
    dispatch() {
        throw new Error(`${LEFT_OUT}: HttpClient.getAgentDispatcher() is not available`);
    }
}
/** undici's fetch, which nothing in the bundle calls: GitHub's client is given the action's own. */
function fetch() {
    return Promise.reject(new Error(`${LEFT_OUT}: its fetch() is not available; pass request.fetch`));
}


/***/ }),

/***/ 2821:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   IF: () => (/* binding */ PullRequestsRefusal),
/* harmony export */   KL: () => (/* binding */ previewNumber),
/* harmony export */   gz: () => (/* binding */ previewName)
/* harmony export */ });
/**
 * What the pull requests' host refused or could not do (GitHub's answer, and the permission to grant, in
 * its message): a preview step fails saying so, and never as an unexpected error.
 */
class PullRequestsRefusal extends Error {
}
/** The task name of a pull request's preview: the task_name given, and the number (web-pr-42). */
function previewName(taskName, number) {
    return `${taskName}-pr-${number}`;
}
/** The pull request a preview's task name is of (web-pr-42: 42), or undefined when it is none of task_name's. */
function previewNumber(taskName, name) {
    const prefix = `${taskName}-pr-`;
    if (!name.startsWith(prefix))
        return undefined;
    const digits = name.slice(prefix.length);
    return /^[1-9]\d{0,9}$/.test(digits) ? Number(digits) : undefined;
}


/***/ }),

/***/ 2144:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  dZ: () => (/* binding */ describeGitHubError),
  $M: () => (/* binding */ permissionSets),
  z0: () => (/* binding */ stepGitHubClient)
});

// UNUSED EXPORTS: githubClient, permissionsNeeded

// EXTERNAL MODULE: ../node_modules/@actions/github/lib/github.js + 24 modules
var github = __webpack_require__(7892);
// EXTERNAL MODULE: ../node_modules/@octokit/plugin-retry/dist-bundle/index.js + 1 modules
var dist_bundle = __webpack_require__(6652);
// EXTERNAL MODULE: ../node_modules/@octokit/plugin-throttling/dist-bundle/index.js
var plugin_throttling_dist_bundle = __webpack_require__(398);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./platform/client.ts + 2 modules
var client = __webpack_require__(5619);
;// CONCATENATED MODULE: ./github/fetch.ts
/**
 * fetch() for GitHub's client, over the action's one HTTPS client (node:https, the runner's proxy through
 * @actions/http-client's agent, NODE_EXTRA_CA_CERTS, request_timeout, max_response_size, the job's
 * cancellation): the action's bundle leaves out undici, whose fetch @actions/github would use.
 */
function fetchOver(client) {
    return async (input, init = {}) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        const { pathname, search } = new URL(url);
        const body = init.body;
        if (body !== undefined && body !== null && typeof body !== 'string')
            throw new TypeError('GitHub requests carry JSON text: no other body is sent');
        const answer = await client.exchange({
            method: (init.method ?? 'GET').toUpperCase(),
            url,
            target: `${pathname}${search}`,
            headers: Object.fromEntries(new Headers(init.headers).entries()),
            body: body ?? ''
        });
        const headers = new Headers();
        for (const [name, value] of Object.entries(answer.headers))
            for (const one of value === undefined ? [] : [value].flat())
                headers.append(name, one);
        const empty = answer.status === 204 || answer.status === 205 || answer.status === 304;
        const response = new Response(empty ? null : answer.body, { status: answer.status, headers });
        // A Response made here has no URL of its own: GitHub's client names it in its errors.
        Object.defineProperty(response, 'url', { value: url });
        return response;
    };
}

;// CONCATENATED MODULE: ./github/client.ts






/** GitHub's client for a step: over a client of its own with the step's limits, bounded by its deadline. */
function stepGitHubClient(connection) {
    return githubClient({
        token: connection.token,
        apiUrl: connection.apiUrl ?? 'https://api.github.com',
        userAgent: connection.userAgent,
        http: new client/* ApiClient */.OW({ userAgent: connection.userAgent, ...connection.requests }),
        deadline: connection.deadline,
        now: Date.now,
        log: connection.log
    });
}
/** Times a request that met a rate limit is asked again, at the most. */
const MOST_LIMIT_RETRIES = 3;
function githubClient(connection) {
    const onLimit = (which) => (retryAfter, options, _octokit, retryCount) => {
        const waitMs = retryAfter * 1000;
        const within = connection.now() + waitMs <= connection.deadline;
        const again = retryCount < MOST_LIMIT_RETRIES && within;
        connection.log(`github: ${options.method} ${(0,safe_text/* sanitize */.aj)(options.url, 200)} met GitHub's ${which} rate limit: ${again ? `asking again in ${retryAfter}s` : within ? `asked ${retryCount + 1} times, giving up` : `its wait of ${retryAfter}s would pass the step's deadline, giving up`}`);
        return again;
    };
    return (0,github/* getOctokit */.Q)(connection.token, {
        baseUrl: connection.apiUrl.replace(/\/+$/, ''),
        userAgent: connection.userAgent,
        throttle: { onRateLimit: onLimit('primary'), onSecondaryRateLimit: onLimit('secondary') },
        retry: { retries: 2 },
        // Every request through the action's own client (the defaults' fetch is undici's, left out of dist/).
        request: { fetch: fetchOver(connection.http) }
    }, dist_bundle/* retry */.L, plugin_throttling_dist_bundle/* throttling */.A);
}
/** What a request GitHub refused says, for a line: its status, message and the permission it needed. */
function describeGitHubError(error) {
    if (typeof error !== 'object' || error === null)
        return String(error);
    const failure = error;
    const needed = permissionsNeeded(failure.response?.headers?.['x-accepted-github-permissions'] ?? '');
    const status = failure.status === undefined ? '' : `HTTP ${failure.status}: `;
    const message = (0,safe_text/* sanitize */.aj)(failure.message ?? 'failed', 300);
    const [grant, ...others] = needed;
    if (failure.status === 403 && grant !== undefined) {
        const or = others.length === 0 ? '' : ` (or ${others.join(', or ')})`;
        return `${status}${message}: the token lacks ${grant}${or}; grant it in the workflow's permissions (permissions: ${grant})`;
    }
    return `${status}${message}`;
}
/** The permissions the action's docs grant: of GitHub's alternatives, the one a 403 asks for first. */
const GRANTED = ['pull-requests', 'deployments'];
/**
 * GitHub's x-accepted-github-permissions (`issues=write; pull_requests=write`: sets that would each do,
 * split by semicolons, a set's permissions by commas, in the API's names) as a workflow's permissions:
 * block writes each set (`pull-requests: write`), the set the docs grant first.
 */
function permissionsNeeded(header) {
    const sets = permissionSets(header).map((set) => set.map(({ name, level }) => ({ name: name.replace(/_/g, '-'), level })));
    const granted = (set) => set.some((p) => GRANTED.includes(p.name));
    return [...sets.filter(granted), ...sets.filter((set) => !granted(set))].map((set) => set.map((p) => `${p.name}: ${p.level}`).join(', '));
}
/**
 * GitHub's x-accepted-github-permissions read: sets that would each do (split by semicolons), each set's
 * permissions (split by commas) in the API's names, `administration=write` as {administration, write}.
 */
function permissionSets(header) {
    return header
        .split(';')
        .map((set) => set
        .split(',')
        .map((permission) => /^\s*([a-z_]+)\s*=\s*([a-z]+)\s*$/.exec(permission))
        .filter((found) => found !== null)
        .map(([, name = '', level = '']) => ({ name, level })))
        .filter((set) => set.length > 0);
}


/***/ }),

/***/ 5877:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  openRunnerHost: () => (/* binding */ openRunnerHost),
  runnerRunOf: () => (/* binding */ runnerRunOf)
});

// EXTERNAL MODULE: ./basics/records.ts
var records = __webpack_require__(2212);
// EXTERNAL MODULE: ./github/client.ts + 1 modules
var client = __webpack_require__(2144);
// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
;// CONCATENATED MODULE: ./github/runner-refusals.ts


/** The scope as a line names it: `acme/app`, or `organization acme`. */
function scopeText(scope) {
    return 'org' in scope ? `organization ${scope.org}` : `${scope.repo.owner}/${scope.repo.repo}`;
}
/**
 * The permission a scope's runner endpoints need, in GitHub's own names (a GitHub App's, which a
 * fine-grained token's settings show as "Administration" and "Self-hosted runners").
 */
function runnerPermission(scope) {
    return 'org' in scope ? 'organization_self_hosted_runners' : 'administration';
}
/**
 * What a request GitHub refused with 403 lacked, in one line: the permission (GitHub's
 * x-accepted-github-permissions when its answer names it, else the scope's own at `level`) and the
 * token kinds that may carry it; GITHUB_TOKEN never does, whatever a workflow's permissions: grant.
 */
function runnerPermissionLine(doing, scope, refusal, level) {
    const [named, ...others] = acceptedPermissions(refusal.acceptedHeader ?? '');
    const permission = named ?? `${runnerPermission(scope)}: ${level}`;
    const or = others.length === 0 ? '' : ` (or ${others.join(', or ')})`;
    return (`GitHub refused to ${doing} for ${scopeText(scope)} (HTTP 403: ${(0,safe_text/* sanitize */.aj)(refusal.message, 200)}): ` +
        `the token lacks ${permission}${or}, which GITHUB_TOKEN cannot carry; give the step a fine-grained ` +
        `personal access token or a GitHub App's token with ${permission} on ${scopeText(scope)}`);
}
/**
 * GitHub's x-accepted-github-permissions (`administration=write`; sets that would each do split by
 * semicolons, a set's permissions by commas) as `administration: write`, in GitHub's names: a runner's
 * permissions are a token's or an App's, never a workflow's permissions: block, whose spelling differs.
 */
function acceptedPermissions(header) {
    return (0,client/* permissionSets */.$M)(header).map((set) => set.map(({ name, level }) => `${name}: ${level}`).join(', '));
}
/** A runner's name taken in its scope (GitHub's 409), in one line: the runner that has it, and what to do. */
function nameTakenLine(name, scope, takenBy) {
    const holder = takenBy === undefined
        ? ''
        : ` (runner ${takenBy.id}, ${(0,safe_text/* sanitize */.aj)(takenBy.status, 20)}, ${takenBy.busy ? 'running a job' : 'idle'})`;
    return (`GitHub refused to register runner ${JSON.stringify((0,safe_text/* sanitize */.aj)(name, 100))}: ${scopeText(scope)} ` +
        `already has a runner of that name${holder}; remove that runner (the repository's or organization's ` +
        `Settings, Actions, Runners) or register this one under another name`);
}

;// CONCATENATED MODULE: ./github/runners.ts




const NAME = /^[A-Za-z0-9_.-]+$/;
/**
 * Registers a just-in-time runner (generate-jitconfig) and gives its configuration, passed to `mask`
 * before anything else is done with it. The request is not asked again on a server error (it may have
 * registered the runner, whose name a second one would find taken): the caller cleans up by name.
 */
async function registerRunner(octokit, request, mask) {
    const body = checkedRequest(request);
    const doing = `register runner ${JSON.stringify(request.name)}`;
    let data;
    try {
        const options = { ...body, request: { retries: 0 } };
        data = ('org' in request.scope
            ? await octokit.rest.actions.generateRunnerJitconfigForOrg({ org: request.scope.org, ...options })
            : await octokit.rest.actions.generateRunnerJitconfigForRepo({ ...request.scope.repo, ...options })).data;
    }
    catch (error) {
        if (statusOf(error) !== 409)
            throw refused(doing, request.scope, error, 'write');
        throw new Error(nameTakenLine(request.name, request.scope, await takenBy(octokit, request)), {
            cause: error
        });
    }
    const config = data.encoded_jit_config;
    if (typeof config === 'string' && config !== '')
        mask([config]);
    const id = data.runner?.id;
    if (typeof id !== 'number' || typeof config !== 'string' || config === '')
        throw new Error(`GitHub's answer to ${doing} for ${scopeText(request.scope)} held no ${typeof id === 'number' ? `configuration for runner ${id}` : 'runner id'}; remove the runner of that name if GitHub lists it`);
    const name = typeof data.runner?.name === 'string' ? data.runner.name : request.name;
    return { runnerId: id, name, labels: body.labels, encodedJitConfig: config };
}
/** The request's body, or an error naming what GitHub would refuse and why, before anything is sent. */
function checkedRequest(request) {
    checkScope(request.scope);
    const { name, labels, runnerGroupId = 1, workFolder = '_work' } = request;
    // eslint-disable-next-line no-control-regex
    if (name.trim() === '' || name.length > 255 || /[\u0000-\u001f\u007f]/.test(name))
        throw new input_error/* InputError */.d(`runner name ${(0,input_error/* quote */.h)(name)} is not one GitHub takes: give 1 to 255 characters, no control characters`);
    if (labels.length < 1 || labels.length > 100 || labels.some((label) => label.trim() === ''))
        throw new input_error/* InputError */.d(`runner labels ${(0,input_error/* quote */.h)(labels.join(','))} are not what GitHub takes: give 1 to 100 labels, none empty`);
    if (!Number.isSafeInteger(runnerGroupId) || runnerGroupId < 1)
        throw new input_error/* InputError */.d(`runner group ${runnerGroupId} is not a runner group's id: give a positive integer`);
    if (workFolder.trim() === '')
        throw new input_error/* InputError */.d(`runner work folder ${(0,input_error/* quote */.h)(workFolder)} is empty: give a folder, or leave it out`);
    return { name, labels: [...labels], runner_group_id: runnerGroupId, work_folder: workFolder };
}
function checkScope(scope) {
    const names = 'org' in scope ? [scope.org] : [scope.repo.owner, scope.repo.repo];
    const bad = names.find((name) => !NAME.test(name));
    if (bad !== undefined)
        throw new input_error/* InputError */.d(`runner scope ${(0,input_error/* quote */.h)(bad)} is not a GitHub ${'org' in scope ? 'organization' : 'owner or repository'} name: give letters, digits, "-", "_" or "."`);
}
/** The runner a name is taken by, as GitHub lists it; undefined when it cannot be read. */
async function takenBy(octokit, request) {
    try {
        const [holder] = await listRunners(octokit, request.scope, { name: request.name });
        return holder;
    }
    catch {
        return undefined;
    }
}
/** The scope's runners, every page, those of `name` and those with `label` (as runs-on: case aside). */
async function listRunners(octokit, scope, filter = {}) {
    checkScope(scope);
    const byName = filter.name === undefined ? {} : { name: filter.name };
    let raw;
    try {
        raw =
            'org' in scope
                ? await octokit.paginate(octokit.rest.actions.listSelfHostedRunnersForOrg, {
                    org: scope.org,
                    per_page: 100,
                    ...byName
                })
                : await octokit.paginate(octokit.rest.actions.listSelfHostedRunnersForRepo, {
                    ...scope.repo,
                    per_page: 100,
                    ...byName
                });
    }
    catch (error) {
        throw refused('list its runners', scope, error, 'read');
    }
    const label = filter.label?.toLowerCase();
    return raw
        .map(listed)
        .filter((runner) => filter.name === undefined || runner.name === filter.name)
        .filter((runner) => label === undefined || runner.labels.some((l) => l.toLowerCase() === label));
}
/** A runner of the scope as GitHub lists it; undefined when GitHub knows no runner of that id there. */
async function runnerOf(octokit, scope, id) {
    checkScope(scope);
    try {
        const answer = 'org' in scope
            ? await octokit.rest.actions.getSelfHostedRunnerForOrg({ org: scope.org, runner_id: id })
            : await octokit.rest.actions.getSelfHostedRunnerForRepo({ ...scope.repo, runner_id: id });
        return listed(answer.data);
    }
    catch (error) {
        if (statusOf(error) === 404)
            return undefined;
        throw refused(`read runner ${id}`, scope, error, 'read');
    }
}
/**
 * Removes a runner, and says what GitHub lists after: what is decided is read from the runner's state,
 * never from the answer's code (GitHub refuses the removal of a runner running a job; an ephemeral one may
 * have left by itself meanwhile). A refused removal whose runner is idle by the read is asked once more.
 */
async function removeRunner(octokit, scope, id) {
    checkScope(scope);
    for (let asked = 1;; asked++) {
        const refusal = await askRemoval(octokit, scope, id);
        const runner = await runnerOf(octokit, scope, id);
        if (runner === undefined)
            return { outcome: refusal === undefined ? 'removed' : 'gone' };
        if (runner.busy)
            return { outcome: 'busy', runner, refusal };
        if (refusal === undefined || asked === 2)
            return { outcome: 'kept', runner, refusal };
    }
}
/** Asks GitHub to remove the runner: undefined when it took the request, else what it answered. */
async function askRemoval(octokit, scope, id) {
    try {
        if ('org' in scope)
            await octokit.rest.actions.deleteSelfHostedRunnerFromOrg({ org: scope.org, runner_id: id });
        else
            await octokit.rest.actions.deleteSelfHostedRunnerFromRepo({ ...scope.repo, runner_id: id });
        return undefined;
    }
    catch (error) {
        if (lacksPermission(error))
            throw refused(`remove runner ${id}`, scope, error, 'write');
        return (0,client/* describeGitHubError */.dZ)(error);
    }
}
/** The one line of a request GitHub refused: a 403 names the permission and the tokens that carry it. */
function refused(doing, scope, error, level) {
    if (lacksPermission(error)) {
        const failure = error;
        const acceptedHeader = failure.response?.headers?.['x-accepted-github-permissions'];
        return new Error(runnerPermissionLine(doing, scope, { message: failure.message ?? 'Forbidden', acceptedHeader }, level), { cause: error });
    }
    return new Error(`GitHub could not ${doing} for ${scopeText(scope)}: ${(0,client/* describeGitHubError */.dZ)(error)}`, {
        cause: error
    });
}
const statusOf = (error) => typeof error === 'object' && error !== null ? error.status : undefined;
/**
 * A 403 for want of a permission, not a rate limit's (GitHub answers those 403 too, with retry-after or
 * no requests left, the throttling plugin having given up on them by the step's deadline).
 */
function lacksPermission(error) {
    if (statusOf(error) !== 403)
        return false;
    const { message = '', response } = error;
    const headers = response?.headers ?? {};
    return (headers['x-accepted-github-permissions'] !== undefined ||
        !(headers['retry-after'] !== undefined ||
            headers['x-ratelimit-remaining'] === '0' ||
            /rate limit/i.test(message)));
}
function listed(raw) {
    return {
        id: raw.id,
        name: raw.name,
        status: (0,safe_text/* sanitize */.aj)(raw.status, 40),
        online: raw.status === 'online',
        busy: raw.busy,
        labels: raw.labels.map((label) => label.name)
    };
}

// EXTERNAL MODULE: ./github/workflow-run.ts + 6 modules
var workflow_run = __webpack_require__(9721);
;// CONCATENATED MODULE: ./github/runner-host.ts





/**
 * The workflow run a runner step is in, from the runner's variables: the repository, the run's id and
 * attempt, its page, the event, and whether the event's pull request comes from a fork. A pull request
 * event whose payload cannot be read, or whose head repository is gone, reads as a fork's: it is refused
 * unless allowed.
 */
function runnerRunOf(env) {
    const repository = env('GITHUB_REPOSITORY') ?? '';
    const digits = (name) => {
        const value = env(name) ?? '';
        return /^\d+$/.test(value) ? value : undefined;
    };
    const eventName = env('GITHUB_EVENT_NAME') ?? '';
    const id = digits('GITHUB_RUN_ID');
    const attempt = digits('GITHUB_RUN_ATTEMPT');
    const server = (env('GITHUB_SERVER_URL') ?? 'https://github.com').replace(/\/+$/, '');
    const url = id !== undefined && /^[\w.-]+\/[\w.-]+$/.test(repository) && /^https?:\/\/[^\s/]+$/.test(server)
        ? `${server}/${repository}/actions/runs/${id}`
        : undefined;
    return { repository, id, attempt, url, eventName, fromFork: fromFork(eventName, env, repository) };
}
function fromFork(eventName, env, repository) {
    if (eventName !== 'pull_request' && eventName !== 'pull_request_target')
        return false;
    const payload = (0,workflow_run.readEventPayload)(env('GITHUB_EVENT_PATH'));
    const pull = (0,records/* isRecord */.u)(payload) && (0,records/* isRecord */.u)(payload.pull_request) ? payload.pull_request : undefined;
    const head = (0,records/* isRecord */.u)(pull?.head) ? pull.head : {};
    const repo = (0,records/* isRecord */.u)(head.repo) ? head.repo : {};
    return repo.full_name !== repository;
}
/** GitHub's self-hosted runners for a runner step, through GitHub's own client. */
function openRunnerHost(run, scopeName, connection) {
    const [owner = '', repo = ''] = run.repository.split('/');
    const scope = scopeName === 'org' ? { org: owner } : { repo: { owner, repo } };
    const octokit = (0,client/* stepGitHubClient */.z0)(connection);
    return {
        run,
        scopeText: scopeText(scope),
        register: async (name, labels) => registerRunner(octokit, { scope, name, labels }, connection.mask),
        list: async (label) => listRunners(octokit, scope, { label }),
        listAll: async () => listRunners(octokit, scope),
        remove: async (id) => {
            const removal = await removeRunner(octokit, scope, id);
            return removal.outcome === 'busy' || removal.outcome === 'kept'
                ? { outcome: removal.outcome, refusal: removal.refusal }
                : { outcome: removal.outcome };
        },
        runState: async (runId) => {
            const state = await (0,workflow_run.workflowRunOf)(octokit, { owner, repo }, Number(runId));
            return state === undefined
                ? undefined
                : { status: state.status, conclusion: state.conclusion, completed: state.completed };
        }
    };
}


/***/ }),

/***/ 9721:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  openPullRequests: () => (/* binding */ openPullRequests),
  readEventPayload: () => (/* binding */ readEventPayload),
  workflowRun: () => (/* binding */ workflowRun),
  workflowRunOf: () => (/* binding */ workflowRunOf)
});

// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./github/client.ts + 1 modules
var client = __webpack_require__(2144);
// EXTERNAL MODULE: ./deploy/engine/pull-requests.ts
var pull_requests = __webpack_require__(2821);
// EXTERNAL MODULE: ./basics/records.ts
var basics_records = __webpack_require__(2212);
// EXTERNAL MODULE: ./platform/money.ts
var money = __webpack_require__(5786);
// EXTERNAL MODULE: ./basics/markdown-text.ts
var markdown_text = __webpack_require__(5621);
// EXTERNAL MODULE: ./basics/mermaid.ts
var mermaid = __webpack_require__(9073);
;// CONCATENATED MODULE: ./github/preview-cost-chart.ts



/** Values the line has at the most, and rows of the table beside it. */
const MOST_POINTS = 30;
const MOST_ROWS = 6;
/**
 * What the previews of a pull request have cost over time, for its comment (issue 63, point 9): a line of
 * the total each record kept (one a push and a close at least), from the first record to the last, each
 * moment at the last record made by then; beside it, a table of the last records in plain text for hosts
 * that do not render Mermaid. Nothing from fewer than two records made at different moments.
 */
function previewCostChart(history) {
    const records = history.filter((point) => (0,money/* yuanOf */.xU)(point.points) !== undefined);
    const [first, last] = [records[0], records.at(-1)];
    if (first === undefined || last === undefined || last.atMs <= first.atMs)
        return [];
    const count = Math.min(MOST_POINTS, records.length);
    const values = Array.from({ length: count }, (_, i) => {
        const at = first.atMs + ((last.atMs - first.atMs) * i) / (count - 1);
        const kept = records.filter((point) => point.atMs <= at).at(-1) ?? first;
        return Number((0,money/* yuanOf */.xU)(kept.points) ?? '0');
    });
    const when = (atMs) => `${new Date(atMs).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
    return [
        '<details><summary>What the previews of this pull request have cost over time</summary>',
        ...(0,mermaid/* mermaidBlock */.tW)((0,mermaid/* lineDiagram */.Ix)({
            title: 'All previews of this pull request, as each record kept it (yuan)',
            xTitle: 'hours since the first record',
            xFrom: 0,
            xTo: (last.atMs - first.atMs) / 3_600_000,
            yTitle: 'yuan',
            values
        })),
        '| Recorded | All previews |',
        '|---|---|',
        ...records
            .slice(-MOST_ROWS)
            .map((point) => `| ${when(point.atMs)} | ${(0,markdown_text/* escape */.i)((0,money/* readableYuan */.o$)((0,money/* yuanOf */.xU)(point.points) ?? '0') ?? '?')} |`),
        '',
        '</details>'
    ];
}

;// CONCATENATED MODULE: ./github/preview-comment.ts


/** The hidden marker of a preview's comment: an HTML comment, unseen, naming the task_name. */
function commentMarker(taskName) {
    return `<!-- elastic-deploy preview: ${taskName.replace(/--+/g, '-').replace(/[^A-Za-z0-9._-]/g, '_')} -->`;
}
/** Whether a comment's body is the preview's (its first line is the marker). */
function isPreviewComment(body, taskName) {
    return body?.split('\n', 1)[0] === commentMarker(taskName);
}
/** The states in which a preview runs, or is about to. */
const UP = new Set(['running', 'failed']);
const HEADINGS = {
    refused: 'not made',
    running: 'running',
    failed: 'failed',
    stopped: 'stopped: the pull request is closed',
    capped: 'stopped at max_cost'
};
/**
 * The comment's Markdown: the marker, a heading, a table, what the previews cost over time (from
 * `history`, GitHub's records of it, when it has two at least), and a line that says when it was written.
 */
function renderPreviewComment(view, runUrl, history = []) {
    const link = (url, text) => url === undefined ? (0,markdown_text/* escape */.i)(text) : `<a href="${(0,markdown_text/* attribute */.l)(url)}">${(0,markdown_text/* escape */.i)(text)}</a>`;
    const chart = previewCostChart(history);
    const where = [view.gpu, view.region].filter((part) => part !== undefined).join(' in ');
    const rows = [
        ['URL', view.url === undefined ? (UP.has(view.state) ? 'none yet' : 'none') : link(view.url, view.url)],
        ['GPU', where === '' ? 'unknown' : (0,markdown_text/* escape */.i)(where)],
        ['Status', (0,markdown_text/* escape */.i)(view.status ?? 'unknown')],
        [
            view.sha === undefined ? 'The last push' : `This push (${(0,markdown_text/* escape */.i)(view.sha.slice(0, 7))})`,
            (0,markdown_text/* escape */.i)(view.pushCost ?? 'unknown')
        ],
        ['All previews of this pull request', (0,markdown_text/* escape */.i)(view.totalCost ?? 'unknown')]
    ];
    return [
        commentMarker(view.taskName),
        `### Preview of ${(0,markdown_text/* escape */.i)(view.taskName)}: ${HEADINGS[view.state]}`,
        '',
        '| | |',
        '|---|---|',
        ...rows.map(([name, value]) => `| ${name} | ${value} |`),
        ...(view.note === undefined ? [] : ['', `> ${(0,markdown_text/* escape */.i)(view.note)}`]),
        ...(chart.length === 0 ? [] : ['', ...chart]),
        '',
        `<sub>Kept current by ${link(runUrl, 'the workflow run')}; stopped when the pull request closes.</sub>`
    ].join('\n');
}

;// CONCATENATED MODULE: ./github/records.ts

/**
 * Records a deployment of `ref` (the pull request's head commit) to `environment`: transient and not
 * production (a preview's environment ends with its pull request), not merged into (auto_merge false) and
 * held to no status check (required_contexts empty: the preview is what checks the change). Its id.
 */
async function recordDeployment(octokit, repo, deployment) {
    const made = await octokit.rest.repos.createDeployment({
        ...repo,
        ref: deployment.ref,
        ...(deployment.task === undefined ? {} : { task: deployment.task }),
        environment: deployment.environment,
        description: deployment.description.slice(0, 140),
        payload: deployment.payload,
        auto_merge: false,
        required_contexts: [],
        transient_environment: true,
        production_environment: false
    });
    // 201 carries the deployment; 202 (a merge in progress) never comes with auto_merge false.
    if (!('id' in made.data))
        throw new Error(`GitHub made no deployment: ${made.data.message ?? 'no id in its answer'}`);
    return made.data.id;
}
/**
 * Sets a deployment's status: its URL (environment_url) and the run (log_url) where known. auto_inactive
 * is false: the step marks the earlier deployments inactive itself (see retireEarlier), as GitHub does
 * not for a transient environment.
 */
async function setDeploymentStatus(octokit, repo, id, status) {
    await octokit.rest.repos.createDeploymentStatus({
        ...repo,
        deployment_id: id,
        state: status.state,
        description: status.description.slice(0, 140),
        auto_inactive: false,
        ...(status.environmentUrl === undefined ? {} : { environment_url: status.environmentUrl }),
        ...(status.logUrl === undefined ? {} : { log_url: status.logUrl })
    });
}
/**
 * Marks inactive every deployment of `environment` but `keep` whose latest status is not inactive
 * already: the environment shows one live deployment, and none once the pull request closed. The ids
 * marked.
 */
async function retireEarlier(octokit, repo, environment, keep) {
    const deployments = await octokit.paginate(octokit.rest.repos.listDeployments, {
        ...repo,
        environment,
        per_page: 100
    });
    const retired = [];
    for (const deployment of deployments.filter((d) => d.id !== keep)) {
        const [latest] = (await octokit.rest.repos.listDeploymentStatuses({ ...repo, deployment_id: deployment.id, per_page: 1 })).data;
        if (latest?.state === 'inactive')
            continue;
        await setDeploymentStatus(octokit, repo, deployment.id, {
            state: 'inactive',
            description: 'superseded or closed'
        });
        retired.push(deployment.id);
    }
    return retired;
}
/**
 * The preview's one comment on pull request `number`, written: the one whose marker names `taskName`
 * updated in place, or a new one when there is none (but `existing`: none). Its id, if one was written.
 */
async function upsertComment(octokit, repo, target, existing) {
    const comments = await octokit.paginate(octokit.rest.issues.listComments, {
        ...repo,
        issue_number: target.number,
        per_page: 100
    });
    const ours = comments.find((c) => isPreviewComment(c.body, target.taskName));
    if (ours !== undefined) {
        await octokit.rest.issues.updateComment({ ...repo, comment_id: ours.id, body: target.body });
        return ours.id;
    }
    // A repair updates what a run wrote, and writes nothing where the run wrote nothing.
    if (existing !== undefined)
        return undefined;
    const made = await octokit.rest.issues.createComment({
        ...repo,
        issue_number: target.number,
        body: target.body
    });
    return made.data.id;
}

;// CONCATENATED MODULE: ./github/kept-spend.ts



/**
 * What a pull request's previews have cost, kept on GitHub so that it outlives their tasks (the platform
 * may delete a task once it has ended) and the runner: each record a deployment of its own environment,
 * made inactive at once (it serves nothing, and the previews' own environments show their deployments
 * alone), whose payload maps each task of the preview to what it had cost when recorded, in points. A
 * task's cost only grows, so what is kept of it is the most any record says; records never conflict.
 */
const SPEND_ENVIRONMENT = 'preview-spend';
/** GitHub's task of a record of the preview `name` (web-pr-42): the deployments' list filters by it. */
const spendTask = (name) => `preview-spend:${name}`;
const POINTS = /^\d{1,20}(?:\.\d{1,12})?$/;
/** What every record of the preview `name` keeps: each task's most recorded cost, in points. */
async function readKeptSpend(octokit, repo, name) {
    const kept = new Map();
    for (const record of await spendRecords(octokit, repo, name))
        keepMost(kept, record.spent);
    return kept;
}
/**
 * What the previews of `name` had cost in all at each of its records, oldest first (ms since the epoch,
 * points): each task at the most any record up to then said. The preview comment draws it over time.
 */
async function readSpendHistory(octokit, repo, name) {
    const records = (await spendRecords(octokit, repo, name))
        .filter((record) => Number.isFinite(record.atMs))
        .sort((a, b) => a.atMs - b.atMs);
    const kept = new Map();
    return records.map((record) => {
        keepMost(kept, record.spent);
        return { atMs: record.atMs, points: (0,money/* sumPoints */.RN)([...kept.values()]) ?? '0' };
    });
}
/** Each task's figure kept at the most of what `kept` and `spent` say. */
function keepMost(kept, spent) {
    for (const [id, points] of spent) {
        const before = kept.get(id);
        if (before === undefined || ((0,money/* compareDecimals */.YL)(points, before) ?? 0) > 0)
            kept.set(id, points);
    }
}
/** The records of the preview `name`: when each was made, and what it says each task had cost. */
async function spendRecords(octokit, repo, name) {
    const records = await octokit.paginate(octokit.rest.repos.listDeployments, {
        ...repo,
        environment: SPEND_ENVIRONMENT,
        task: spendTask(name),
        per_page: 100
    });
    return records.map((record) => {
        const payload = record.payload;
        // A payload another hand wrote is read for what it holds of this shape only.
        const spent = (0,basics_records/* isRecord */.u)(payload) && (0,basics_records/* isRecord */.u)(payload.spent) ? payload.spent : {};
        return {
            atMs: Date.parse(record.created_at),
            spent: Object.entries(spent).flatMap(([id, points]) => /^\d{1,20}$/.test(id) && typeof points === 'string' && POINTS.test(points) ? [[id, points]] : [])
        };
    });
}
/**
 * Keeps what each task of pull request `number`'s preview `name` has cost: a deployment of the record's
 * environment at `ref` (the pull request's base branch: no commit of the pull request shows it), then
 * marked inactive.
 */
async function keepSpend(octokit, repo, record) {
    const spent = Object.fromEntries(record.spent);
    const total = (0,money/* readablePoints */.aR)((0,money/* sumPoints */.RN)(Object.values(spent)) ?? '0');
    const id = await recordDeployment(octokit, repo, {
        ref: record.ref,
        environment: SPEND_ENVIRONMENT,
        task: spendTask(record.name),
        description: `What the previews of pull request #${record.number} have cost: ${total} (a record; nothing is deployed)`,
        payload: { task_name: record.name, pull_request: record.number, spent }
    });
    await setDeploymentStatus(octokit, repo, id, {
        state: 'inactive',
        description: 'a record of what the previews cost'
    });
}

;// CONCATENATED MODULE: ./github/pull-event.ts

/** The actions of a pull_request event a preview answers; others (labeled, edited...) need nothing. */
const pull_event_UP = new Set(['opened', 'synchronize', 'reopened']);
/**
 * The pull request of a pull_request (or pull_request_target) event; a line saying why there is none
 * (another event, an action a preview has nothing to do for, a payload without the pull request).
 */
function pullEventOf(eventName, payload, repository) {
    if (eventName !== 'pull_request' && eventName !== 'pull_request_target')
        return {
            none: `the workflow runs on ${JSON.stringify(eventName.slice(0, 40))}, not on pull_request: a preview follows a pull request's events (on: pull_request: types: [opened, synchronize, reopened, closed])`,
            misuse: true
        };
    const event = (0,basics_records/* isRecord */.u)(payload) ? payload : {};
    const pull = (0,basics_records/* isRecord */.u)(event.pull_request) ? event.pull_request : undefined;
    const head = (0,basics_records/* isRecord */.u)(pull?.head) ? pull.head : {};
    const base = (0,basics_records/* isRecord */.u)(pull?.base) ? pull.base : {};
    const headRepo = (0,basics_records/* isRecord */.u)(head.repo) ? head.repo : {};
    const action = typeof event.action === 'string' ? event.action : '';
    const number = typeof pull?.number === 'number' ? pull.number : typeof event.number === 'number' ? event.number : NaN;
    if (pull === undefined || !Number.isSafeInteger(number) || typeof head.sha !== 'string')
        return { none: `the ${eventName} event's payload holds no pull request`, misuse: true };
    if (!pull_event_UP.has(action) && action !== 'closed')
        return {
            none: `the pull request was ${action.slice(0, 40) || 'changed'}: a preview has nothing to do for that`,
            misuse: false
        };
    return {
        action: action === 'closed' ? 'down' : 'up',
        said: action,
        number,
        headSha: head.sha,
        headRef: typeof head.ref === 'string' ? head.ref : '',
        baseRef: typeof base.ref === 'string' ? base.ref : '',
        // A head repository that is gone (a deleted fork) reads as a fork: it is not this repository.
        fromFork: headRepo.full_name !== repository,
        onTarget: eventName === 'pull_request_target',
        merged: pull.merged === true
    };
}
/** The GitHub environment of a pull request's preview. */
function previewEnvironment(number) {
    return `pr-${number}`;
}

;// CONCATENATED MODULE: ./github/preview-records.ts







/**
 * The pull requests' host a preview step asks (see PullRequests), on GitHub: each record through the
 * toolkit's client, each refusal a PullRequestsRefusal that says what GitHub refused and, for a 403, the
 * permission to grant.
 */
function previewRecords(octokit, run) {
    return {
        event: run.event,
        runUrl: run.runUrl,
        ...deploymentRecords(octokit, run),
        comment: (view, existing) => asked(`the comment on pull request #${view.number}`, async () => {
            // What the previews cost over time, as GitHub's records keep it: the comment goes without it if unread.
            const history = await readSpendHistory(octokit, run.repo, (0,pull_requests/* previewName */.gz)(view.taskName, view.number)).catch(() => []);
            const body = renderPreviewComment(view, run.runUrl, history);
            const id = await upsertComment(octokit, run.repo, { number: view.number, taskName: view.taskName, body }, existing);
            return id !== undefined;
        }),
        ...pullRequestReads(octokit, run.repo),
        spentKept: (name) => asked(`the records of what ${name} has cost`, () => readKeptSpend(octokit, run.repo, name)),
        keepSpent: (number, name, spent) => asked(`the record of what the previews of pull request #${number} have cost`, async () => {
            const ref = run.event?.number === number && run.baseRef !== undefined && run.baseRef !== ''
                ? run.baseRef
                : (await octokit.rest.pulls.get({ ...run.repo, pull_number: number })).data.base.ref;
            await keepSpend(octokit, run.repo, { number, name, ref, spent });
        }),
        openedAt: (number) => asked(`pull request #${number}`, async () => {
            const { data } = await octokit.rest.pulls.get({ ...run.repo, pull_number: number });
            const at = Date.parse(data.created_at);
            return Number.isFinite(at) ? at : undefined;
        })
    };
}
/** A pull request's deployments: one per push, its statuses, the earlier ones marked inactive. */
function deploymentRecords(octokit, { repo, runUrl }) {
    const logUrl = runUrl === undefined ? {} : { logUrl: runUrl };
    return {
        deploying: (number, ref, taskName) => asked(`the deployment of pull request #${number}`, async () => {
            const id = await recordDeployment(octokit, repo, {
                ref,
                environment: previewEnvironment(number),
                description: `preview ${taskName}`,
                payload: { task_name: taskName }
            });
            await setDeploymentStatus(octokit, repo, id, {
                state: 'in_progress',
                description: 'deploying',
                ...logUrl
            });
            return id;
        }),
        deployed: (id, outcome) => asked(`the status of deployment ${id}`, () => setDeploymentStatus(octokit, repo, id, {
            state: outcome.state,
            description: outcome.description,
            ...(outcome.url === undefined ? {} : { environmentUrl: outcome.url }),
            ...logUrl
        })),
        retire: (number, keep) => asked(`marking the deployments of pull request #${number} inactive`, () => retireEarlier(octokit, repo, previewEnvironment(number), keep)),
        lastDeploymentState: (number, name) => asked(`the deployments of pull request #${number}`, async () => {
            const deployments = (await octokit.rest.repos.listDeployments({
                ...repo,
                environment: previewEnvironment(number),
                per_page: 100
            })).data;
            // Newest first: the newest of this preview's (two task_names share a pull request's environment).
            const newest = deployments.find((d) => (0,basics_records/* isRecord */.u)(d.payload) && d.payload.task_name === name);
            if (newest === undefined)
                return undefined;
            const [latest] = (await octokit.rest.repos.listDeploymentStatuses({ ...repo, deployment_id: newest.id, per_page: 1 })).data;
            // A deployment without a status is pending, as GitHub shows it.
            return latest?.state ?? 'pending';
        })
    };
}
/** What the sweep reads of the pull requests: each one's state and age, and the ones closed lately. */
function pullRequestReads(octokit, repo) {
    return {
        state: (number) => asked(`the state of pull request #${number}`, () => pullState(octokit, repo, number)),
        lastDeployedAt: (number) => asked(`the deployments of pull request #${number}`, async () => {
            const [newest] = (await octokit.rest.repos.listDeployments({
                ...repo,
                environment: previewEnvironment(number),
                per_page: 1
            })).data;
            const at = newest === undefined ? NaN : Date.parse(newest.created_at);
            return Number.isFinite(at) ? at : undefined;
        }),
        closedSince: (since) => asked('the pull requests closed lately', async () => {
            const updated = (pull) => Date.parse(pull.updated_at);
            // Newest first: the pages are read until one reaches back past `since`.
            const pulls = await octokit.paginate(octokit.rest.pulls.list, { ...repo, state: 'closed', sort: 'updated', direction: 'desc', per_page: 100 }, (response, done) => {
                if (response.data.some((pull) => updated(pull) < since))
                    done();
                return response.data;
            });
            return pulls.filter((pull) => updated(pull) >= since).map((pull) => pull.number);
        })
    };
}
/** A pull request's state; missing when the repository has no pull request of that number. */
async function pullState(octokit, repo, number) {
    try {
        const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: number });
        return data.merged ? 'merged' : data.state === 'closed' ? 'closed' : 'open';
    }
    catch (error) {
        if (error.status === 404)
            return 'missing';
        throw error;
    }
}
/** What GitHub answers, or a PullRequestsRefusal saying what it refused. */
async function asked(what, ask) {
    try {
        return await ask();
    }
    catch (error) {
        throw new pull_requests/* PullRequestsRefusal */.IF(`GitHub refused ${what}: ${(0,client/* describeGitHubError */.dZ)(error)}`);
    }
}

;// CONCATENATED MODULE: ./github/workflow-run.ts





/** The largest event payload read: a pull request's is tens of KiB. */
const MAX_EVENT_BYTES = 8 * 1024 * 1024;
/**
 * The run a step is in: GITHUB_REPOSITORY, the run's URL (GITHUB_SERVER_URL, GITHUB_RUN_ID and its
 * attempt), and the pull request of its event (GITHUB_EVENT_NAME, the payload at GITHUB_EVENT_PATH, read
 * up to 8 MiB).
 */
function workflowRun(env) {
    const repository = env('GITHUB_REPOSITORY') ?? '';
    const payload = readEventPayload(env('GITHUB_EVENT_PATH'));
    return {
        repository,
        runUrl: runUrlOf(env, repository),
        event: pullEventOf(env('GITHUB_EVENT_NAME') ?? '', payload, repository)
    };
}
function runUrlOf(env, repository) {
    const server = (env('GITHUB_SERVER_URL') ?? 'https://github.com').replace(/\/+$/, '');
    const id = env('GITHUB_RUN_ID') ?? '';
    const attempt = env('GITHUB_RUN_ATTEMPT') ?? '';
    if (!/^\d+$/.test(id) || !/^[\w.-]+\/[\w.-]+$/.test(repository) || !/^https?:\/\/[^\s/]+/.test(server))
        return undefined;
    return `${server}/${repository}/actions/runs/${id}${/^\d+$/.test(attempt) ? `/attempts/${attempt}` : ''}`;
}
/** The event's payload (GITHUB_EVENT_PATH) as JSON, or undefined when there is none or it cannot be read. */
function readEventPayload(path) {
    return path === undefined || path === '' ? undefined : readPayload(path);
}
/** The event's payload as JSON, or undefined when it cannot be read (then the event holds no pull request). */
function readPayload(path) {
    let fd;
    try {
        fd = (0,external_node_fs_.openSync)(path, 'r');
        const size = (0,external_node_fs_.fstatSync)(fd).size;
        if (size > MAX_EVENT_BYTES)
            return undefined;
        const buffer = Buffer.alloc(size);
        (0,external_node_fs_.readSync)(fd, buffer, 0, size, 0);
        return JSON.parse(buffer.toString('utf8'));
    }
    catch {
        return undefined;
    }
    finally {
        if (fd !== undefined)
            (0,external_node_fs_.closeSync)(fd);
    }
}
/**
 * GitHub, as a preview step asks it: the toolkit's client with GITHUB_API_URL (GitHub Enterprise
 * Server's /api/v3 too) and the token, bounded by the step's deadline, and the run's pull request.
 */
function openPullRequests(run, connection) {
    const [owner = '', repo = ''] = run.repository.split('/');
    const octokit = (0,client/* stepGitHubClient */.z0)(connection);
    const event = 'none' in run.event ? undefined : run.event;
    return previewRecords(octokit, {
        repo: { owner, repo },
        runUrl: run.runUrl,
        event,
        ...(event === undefined ? {} : { baseRef: event.baseRef })
    });
}
/**
 * A workflow run of the repository, read from GitHub (a sweep asks whether the run that started a
 * runner is over); undefined when GitHub knows no such run (deleted, or never of this repository).
 */
async function workflowRunOf(octokit, repo, runId) {
    try {
        const { data } = await octokit.rest.actions.getWorkflowRun({ ...repo, run_id: runId });
        const status = (0,safe_text/* sanitize */.aj)(data.status ?? 'unknown', 40);
        return {
            id: data.id,
            attempt: data.run_attempt,
            status,
            conclusion: data.conclusion === null ? null : (0,safe_text/* sanitize */.aj)(data.conclusion, 40),
            completed: data.status === 'completed'
        };
    }
    catch (error) {
        if (error.status === 404)
            return undefined;
        throw new Error(`GitHub could not read workflow run ${runId} of ${repo.owner}/${repo.repo}: ${(0,client/* describeGitHubError */.dZ)(error)}`, { cause: error });
    }
}


/***/ })

};
