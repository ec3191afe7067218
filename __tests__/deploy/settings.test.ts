import { fixtureKey } from '../helpers/fixtures.js';
import { InputError } from '../../src/basics/input-error.js';
import { mayCleanUp, readSettings } from '../../src/deploy/settings.js';
import { SETTINGS_TIME } from '../helpers/settings.js';

const PEM = fixtureKey('client-private-pkcs8.pem');
const TOKEN = '3f0c9a52-7d41-4e8b-9a0e-2b6f1c7d8e90-20261121090000';

function settingsFrom(inputs: Record<string, string>) {
  const masked: string[] = [];
  const read = () =>
    readSettings(
      (name) => inputs[name] ?? '',
      (secrets) => masked.push(...secrets),
      () => undefined,
      undefined,
      () => SETTINGS_TIME
    );
  return { read, masked };
}

function inputError(inputs: Record<string, string>): string {
  const { read } = settingsFrom({ token: TOKEN, operation: 'detail', ...inputs });
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    return (error as Error).message;
  }
  throw new Error('the inputs were accepted');
}

describe('readSettings', () => {
  // Regression (issue 49, point 6): every job example of the reference has points in its body.
  it('gives an empty input what a body or query copied from the reference sets for it, checked as the input', () => {
    const body = 'task_name: train\npoints: 4\njob_support: {timeout_sec: 600}\nservices: []';
    const job = settingsFrom({ token: TOKEN, operation: 'job', body }).read();
    expect(job).toMatchObject({ taskName: 'train', points: 4 });
    const search = settingsFrom({
      token: TOKEN,
      operation: 'job_search',
      query: '{search_value: train, status: "Running,End"}'
    }).read();
    expect(search).toMatchObject({ taskName: 'train', taskStatuses: ['Running', 'End'] });
    const inputWins = settingsFrom({ token: TOKEN, operation: 'job', task_name: 'mine', points: '2', body });
    expect(inputWins.read()).toMatchObject({ taskName: 'mine', points: 2 });
    expect(inputError({ operation: 'job', task_name: 'j', body: 'points: 0' })).toMatch(/^points "0"/);
  });

  it('reads a token-mode detail with the defaults', () => {
    const { read } = settingsFrom({ operation: 'detail', token: TOKEN, task_id: '9007199254740993' });
    expect(read()).toEqual({
      operation: 'detail',
      baseUrl: 'https://openapi.suanli.cn',
      apiVersion: '1.0.0',
      apiProfile: 'live',
      apiProfileReason: "the platform's documented forms; api_profile: spec sends the interface spec's",
      taskStatuses: ['Running', 'Pending', 'Paused'],
      credentials: { mode: 'token', token: TOKEN },
      endpoints: {},
      taskName: undefined,
      points: undefined,
      taskIds: ['9007199254740993'],
      body: {},
      query: [],
      method: undefined,
      path: undefined,
      encrypt: false,
      billingWindow: { range: 'day', startTime: '2026-11-17T09:00:00Z', endTime: '2026-11-24T09:00:00Z' },
      jobType: 'spot',
      estimatedExecSec: undefined,
      wait: {
        mode: 'auto',
        timeoutMs: 900_000,
        timeoutWhy: 'the default wait_timeout',
        intervalMs: 10_000,
        statusField: ['status'],
        successStatuses: undefined,
        failureStatuses: undefined,
        waitForUrls: true,
        pollErrorBudget: 5,
        maxRestarts: 3,
        logLines: 50
      },
      health: { path: undefined, accepted: [[200, 299]] },
      capacity: undefined,
      preheat: { mode: 'none', timeoutMs: 1_800_000 },
      nodeChoice: { pointId: undefined, deleteLastNode: false },
      spotFallback: undefined,
      storage: {
        volume: undefined,
        sizeBytes: undefined,
        region: undefined,
        volumeCleanup: 'keep',
        confirm: undefined,
        force: false,
        transfer: {
          id: undefined,
          direction: undefined,
          supplier: undefined,
          endpoint: undefined,
          bucket: undefined,
          prefix: '',
          accessKey: undefined,
          secretKey: undefined,
          volumePath: '/',
          overwrite: 'hash',
          ignorePatterns: [],
          retries: 2
        },
        mounts: [],
        data: [],
        results: [],
        copies: [],
        workspace: '.'
      },
      previews: { githubToken: undefined, comment: false, maxPreviews: 5, ttlMs: 3 * 86_400_000 },
      selfHosted: { scope: 'repo', labels: [], count: 1, timeoutMs: 3_600_000, allowUntrusted: false },
      requestTimeoutMs: 30_000,
      maxResponseBytes: 16 * 1024 * 1024,
      maxRetries: 5,
      concurrency: 4,
      summary: true,
      cleanup: 'none',
      cleanupTimeoutMs: 120_000,
      dryRun: false
    });
  });

  it.each([
    [{}, { range: 'day', startTime: '2026-11-17T09:00:00Z', endTime: '2026-11-24T09:00:00Z' }],
    [
      { billing_range: 'hour', billing_start: '1d6h', billing_end: '2026-01-02T00:00:00+08:00' },
      { range: 'hour', startTime: '2025-12-31T10:00:00Z', endTime: '2026-01-02T00:00:00+08:00' }
    ],
    [
      { billing_start: '2026-11-01T00:00:00Z', billing_end: 'now' },
      { range: 'day', startTime: '2026-11-01T00:00:00Z', endTime: '2026-11-24T09:00:00Z' }
    ]
  ])('reads the billing window %j', (inputs, billing) => {
    expect(settingsFrom({ operation: 'billing', token: TOKEN, ...inputs }).read().billingWindow).toEqual(
      billing
    );
  });

  it.each([
    [
      { billing_range: 'year' },
      'billing_range "year" is not one of hour, day, week, month: set billing_range to one of them'
    ],
    [
      { billing_start: 'last week' },
      'billing_start "last week" is neither a span nor a time: write a span before billing_end such as 7d or 12h, or an RFC 3339 time such as 2026-01-01T00:00:00+08:00'
    ],
    [
      { billing_end: '2026-13-01' },
      'billing_end "2026-13-01" is not an RFC 3339 time: write it like 2026-01-01T00:00:00+08:00'
    ],
    [
      { billing_start: '2026-12-01T00:00:00Z' },
      'billing_start "2026-12-01T00:00:00Z" is not before billing_end: set an earlier time'
    ],
    [{ billing_start: '0d' }, 'billing_start "0d" is no time at all: write a span such as 7d'],
    [
      { billing_start: '740000d' },
      'billing_start "740000d" reaches back before the year 1: write a shorter span'
    ]
  ])('refuses the billing window %j in one line', (inputs, message) => {
    expect(inputError({ operation: 'billing', ...inputs })).toBe(message);
  });

  it('reads several task ids, waiting settings and endpoint overrides', () => {
    const { read } = settingsFrom({
      operation: 'stop',
      token: TOKEN,
      task_id: '1229831, 1229832\n9007199254740993,\n7',
      wait: 'true',
      wait_timeout: '1h30m',
      poll_interval: '2s',
      status_field: 'task.status',
      success_statuses: 'End, Deleted',
      failure_statuses: 'Other',
      wait_for_urls: 'false',
      concurrency: '8',
      cleanup: 'stop',
      summary: 'false',
      dry_run: 'true',
      endpoints:
        'detail: {method: get}\ncreate: {path: /api/task/deployment/create, version: 2.0.0, encrypt: true}'
    });
    const settings = read();
    expect(settings.taskIds).toEqual(['1229831', '1229832', '9007199254740993', '7']);
    expect(settings.wait).toEqual({
      mode: 'true',
      timeoutMs: 5_400_000,
      intervalMs: 2000,
      statusField: ['task', 'status'],
      successStatuses: ['End', 'Deleted'],
      failureStatuses: ['Other'],
      waitForUrls: false,
      pollErrorBudget: 5,
      maxRestarts: 3,
      logLines: 50
    });
    expect(settings).toMatchObject({ concurrency: 8, cleanup: 'stop', summary: false, dryRun: true });
    expect(settings.endpoints).toEqual({
      detail: { method: 'GET' },
      create: { path: '/api/task/deployment/create', version: '2.0.0', encrypt: true }
    });
  });

  // Regression (issue 48): a job step left to its defaults kept billing after its wait (cleanup none),
  // and its wait (15m) was shorter than the job (timeout_sec 3000).
  it("takes a job's defaults from the job: cleanup stop, and a wait as long as its timeout_sec and its start", () => {
    const job = (inputs: Record<string, string> = {}) =>
      settingsFrom({
        operation: 'job',
        token: TOKEN,
        task_name: 'gpu-tests',
        body: JSON.stringify({ job_support: { timeout_sec: 3000 } }),
        ...inputs
      }).read();
    expect(job()).toMatchObject({
      cleanup: 'stop',
      wait: {
        timeoutMs: (3000 + 15 * 60) * 1000,
        timeoutWhy: "the job's timeout_sec of 50m0s + 15m0s to start"
      }
    });
    expect(job({ spot_fallback: 'true', queue_timeout: '20m' }).wait).toMatchObject({
      timeoutMs: (3000 + 15 * 60 + 20 * 60) * 1000,
      timeoutWhy: "the job's timeout_sec of 50m0s + 15m0s to start + queue_timeout of 20m0s (spot_fallback)"
    });
    // Never past the longest wait; and what is set is taken as set, with no reason given.
    expect(job({ body: JSON.stringify({ job_support: { timeout_sec: 86_400 } }) }).wait).toMatchObject({
      timeoutMs: 6 * 3_600_000,
      timeoutWhy: "the job's timeout_sec of 24h0m0s + 15m0s to start, at most 6h0m0s"
    });
    const set = job({ cleanup: 'none', wait_timeout: '10m' });
    expect([set.cleanup, set.wait.timeoutMs, set.wait.timeoutWhy]).toEqual(['none', 600_000, undefined]);
    // Every other operation: cleanup none, and 15 minutes, a job's detail too (it makes no job).
    for (const operation of ['create', 'detail', 'job_detail', 'stop'])
      expect(settingsFrom({ operation, token: TOKEN, task_id: '7' }).read()).toMatchObject({
        cleanup: 'none',
        wait: { timeoutMs: 900_000 }
      });
  });

  it('reads body fields from body_file too, for bodies too big for an input', () => {
    const files: Record<string, string> = {
      'big.json': '{"blob": "xyz", "secret_key": "wJalrXUtnFEMI", "task_id": 9007199254740993}',
      'clash.yml': 'bucket: a'
    };
    const masked: string[] = [];
    const read = (inputs: Record<string, string>) =>
      readSettings(
        (name) => ({ operation: 'storage_check', token: TOKEN, ...inputs })[name] ?? '',
        (s) => masked.push(...s),
        () => undefined,
        (path) => {
          const text = files[path];
          if (text === undefined) throw Object.assign(new Error('missing'), { code: 'ENOENT' });
          return text;
        }
      );
    const settings = read({ body_file: 'big.json', body: 'bucket: b' });
    expect(Object.keys(settings.body)).toEqual(['blob', 'secret_key', 'task_id', 'bucket']);
    expect(String(settings.body.task_id)).toBe('9007199254740993');
    expect(masked).toContain('wJalrXUtnFEMI');
    expect(() => read({ body_file: 'clash.yml', body: 'bucket: b' })).toThrow(
      'body and body_file both set bucket: set it in one of them'
    );
    expect(() => read({ body_file: 'nope.yml' })).toThrow(
      'body_file "nope.yml" cannot be read (ENOENT): set it to a YAML or JSON file in the workspace'
    );
    expect(() => read({ body_file: 'clash.yml', query: '{"page": 9007199254740993}' }).query).not.toThrow();
  });

  it('falls back to the DEPLOY_API_* variables for empty connection inputs', () => {
    const env: Record<string, string> = {
      DEPLOY_API_BASE_URL: 'https://gw.example',
      DEPLOY_API_TOKEN: TOKEN,
      DEPLOY_API_PRIVATE_KEY: fixtureKey('client-private-pkcs8-encrypted.pem'),
      DEPLOY_API_PRIVATE_KEY_PASSPHRASE: 'correct-horse-battery',
      DEPLOY_API_PLATFORM_PUBLIC_KEY: fixtureKey('platform-public.b64')
    };
    const masked: string[] = [];
    const settings = readSettings(
      (name) => ({ operation: 'detail', task_id: '1' })[name] ?? '',
      (s) => masked.push(...s),
      (name) => env[name]
    );
    expect(settings.baseUrl).toBe('https://gw.example');
    expect(settings.credentials).toMatchObject({
      mode: 'rsa',
      token: TOKEN,
      platformPublicKey: expect.anything()
    });
    expect(masked).toEqual(expect.arrayContaining([TOKEN, 'correct-horse-battery']));
    const inputWins = readSettings(
      (name) => ({ operation: 'detail', task_id: '1', token: 'from-input' })[name] ?? '',
      () => undefined,
      (name) => env[name]
    );
    expect(inputWins.credentials.token).toBe('from-input');
  });

  it('reads an RSA-mode create with a YAML body, keeping big integers exact', () => {
    const { read } = settingsFrom({
      operation: 'create',
      token: TOKEN,
      private_key: PEM,
      platform_public_key: fixtureKey('platform-public.pem'),
      base_url: 'https://127.0.0.1:8443/',
      task_name: 'svc',
      points: '2',
      body: 'services:\n  - service_name: web\n    remote_ports: [{service_port: 80}]\nbig: 9007199254740993\n'
    });
    const settings = read();
    expect(settings.credentials.mode).toBe('rsa');
    expect(settings.baseUrl).toBe('https://127.0.0.1:8443');
    expect(settings.points).toBe(2);
    expect(settings.body).toEqual({
      services: [{ service_name: 'web', remote_ports: [{ service_port: 80n }] }],
      big: 9007199254740993n
    });
  });

  it('reads query maps in order, lists joined by commas', () => {
    const { read } = settingsFrom({
      operation: 'search_tasks',
      token: TOKEN,
      query: '{"status": ["Running", "Pending"], "page": 1, "search_value": "测试 svc"}'
    });
    expect(read().query).toEqual([
      ['status', 'Running,Pending'],
      ['page', '1'],
      ['search_value', '测试 svc']
    ]);
  });

  it('masks the token, the passphrase, every form of the key and credential fields before anything can fail', () => {
    const { read, masked } = settingsFrom({
      operation: 'storage_check',
      token: TOKEN,
      private_key: fixtureKey('client-private-pkcs8-encrypted.pem'),
      private_key_passphrase: 'correct-horse-battery',
      platform_public_key: fixtureKey('platform-public.pem'),
      body: 'storage_name: s\naccess_key: AKIDEXAMPLE\nsecret_key: wJalrXUtnFEMI\nnested: {registry_password: hunter22}\ndir: d',
      query: 'api_token: qwerty123'
    });
    read();
    for (const secret of [
      TOKEN,
      'correct-horse-battery',
      'AKIDEXAMPLE',
      'wJalrXUtnFEMI',
      'hunter22',
      'qwerty123'
    ])
      expect(masked).toContain(secret);
    for (const line of fixtureKey('client-private-pkcs8-encrypted.pem').trim().split('\n'))
      expect(masked).toContain(line);
    expect(masked).not.toContain('s');
    expect(new Set(masked).size).toBe(masked.length);

    const failing = settingsFrom({
      operation: 'nope',
      token: TOKEN,
      private_key: PEM,
      s3_access_key: 'AKIDTRANSFER01',
      s3_secret_key: 'transfer-secret-01'
    });
    expect(failing.read).toThrow(/operation "nope" is not one of/);
    expect(failing.masked).toContain(TOKEN);
    expect(failing.masked).toContain(PEM.split('\n')[1]);
    // A transfer's storage keys, masked before anything can fail too.
    expect(failing.masked).toEqual(expect.arrayContaining(['AKIDTRANSFER01', 'transfer-secret-01']));
  });

  it.each([
    [
      { operation: 'deploy' },
      'operation "deploy" is not one of create, replace, update, scale, replace_node, sweep, preview, preview_sweep, preheat, detail, nodes, logs, events, stop, pause, recover, change_points, search_tasks, job, job_detail, job_search, job_stop, job_group_search, job_group_detail, runner, runner_stop, runner_sweep, volume, volume_list, volume_options, volume_delete, transfer, transfer_detail, transfer_list, transfer_stop, copy, storage_check, search_resources, billing, task_billing, request: set operation to one of them'
    ],
    [
      { token: '' },
      'token is empty: set token to the API token, for example ${{ secrets.DEPLOY_API_TOKEN }} (or the DEPLOY_API_TOKEN variable)'
    ],
    [
      { base_url: 'http://openapi.suanli.cn' },
      'base_url "http://openapi.suanli.cn" is not https://: the API is served over HTTPS only, so use https://openapi.suanli.cn'
    ],
    [
      { base_url: 'https://gw.example/api' },
      'base_url "https://gw.example/api" has more than scheme, host and port: set base_url to https://gw.example'
    ],
    [
      { base_url: 'openapi.suanli.cn' },
      'base_url "openapi.suanli.cn" is not a URL: set base_url to the API address, such as https://openapi.suanli.cn'
    ],
    [
      { task_id: '12a' },
      'task_id "12a" is not an integer: set task_id to the numeric id of a task, such as 1229831'
    ],
    [
      { task_id: '-5' },
      'task_id "-5" is not an integer: set task_id to the numeric id of a task, such as 1229831'
    ],
    [
      { points: '0' },
      'points "0" is not a positive whole number: set points to the number of nodes, such as 1'
    ],
    [
      { points: '1.5' },
      'points "1.5" is not a positive whole number: set points to the number of nodes, such as 1'
    ],
    [{ body: '- a\n- b' }, 'body is not a mapping: write fields as "key: value" lines or a JSON object'],
    // A key given twice, most likely a mistake, is refused by the JSON reader and by YAML alike.
    [
      { body: '{"task_name": "a", "task_name": "b"}' },
      /^body is not valid YAML or JSON at line \d+, column \d+ \(DUPLICATE_KEY\): write a mapping/
    ],
    [
      { body: 'secret_key: "abc\nbucket: [' },
      /^body is not valid YAML or JSON at line \d+, column \d+ \([A-Z_]+\): write a mapping/
    ],
    [
      { query: 'filter: {status: Running}' },
      'query.filter is not a scalar or a list of scalars: query parameters are plain values'
    ],
    [{ method: 'put' }, 'method "PUT" is not one of GET, POST: set method to one of them'],
    [{ path: 'api/x' }, /^path "api\/x" is not a plain absolute path/],
    [
      { path: '/api/x?a=1' },
      /^path "\/api\/x\?a=1" is not a plain absolute path: .*put parameters in query$/
    ],
    [{ path: '/api/../x' }, /^path "\/api\/\.\.\/x" is not a plain absolute path/],
    [{ encrypt: 'yes' }, 'encrypt "yes" is not a boolean: set encrypt to true or false'],
    [
      { private_key_format: 'pem' },
      'private_key_format "pem" is not one of auto, pkcs8_pem, pkcs1_pem, pkcs8_base64: set private_key_format to one of them'
    ],
    [{ task_id: '1, 1' }, 'task_id lists 1 twice: list each task once'],
    [
      { task_id: '1,229,832' },
      'task_id "1,229,832" has commas without a space, which reads as one number with thousands separators, not a list: an id is digits only; write one id per line, or separate ids with a comma and a space ("1229831, 1229832"), or give a list ([1229831, 1229832])'
    ],
    [
      { task_id: '1229831 1229832' },
      'task_id "1229831 1229832" separates ids with spaces alone: write one id per line, or separate ids with a comma and a space ("1229831, 1229832"), or give a list ([1229831, 1229832])'
    ],
    [{ task_id: '1229831;1229832' }, /^task_id "1229831;1229832" is not an integer/],
    [{ task_id: '1_229_832' }, /^task_id "1_229_832" is not an integer/],
    [{ task_id: '[1229831, 0]' }, /^task_id lists "0", which is not a task id/],
    [{ task_id: '[1229831, 1.5]' }, /^task_id lists "1.5", which is not a task id/],
    [{ task_id: '[1229831, [2]]' }, /^task_id lists a nested list, which is not a task id/],
    [{ task_id: '- {id: 2}' }, /^task_id lists a mapping, which is not a task id/],
    [{ task_id: '[1229831' }, /^task_id is not a valid YAML or JSON list/],
    [{ wait: 'yes' }, 'wait "yes" is not one of auto, true, false: set wait to one of them'],
    [{ wait_timeout: '90' }, 'wait_timeout "90" has no unit: write 90s or 90m'],
    [{ wait_timeout: 'soon' }, 'wait_timeout "soon" is not a duration: write it like 90s, 15m or 1h30m'],
    [{ wait_timeout: '7h' }, 'wait_timeout "7h" is out of range: set it between 1s and 6h0m0s'],
    [{ poll_interval: '0s' }, 'poll_interval "0s" is out of range: set it between 1s and 1h0m0s'],
    [{ status_field: 'task..status' }, /^status_field "task\.\.status" is not a dot path/],
    [{ success_statuses: 'Running;rm' }, /^success_statuses lists "Running;rm", which is not a status name/],
    [
      { concurrency: '0' },
      'concurrency "0" is not a whole number from 1 to 32: set concurrency within that range'
    ],
    [
      { max_response_size: '16' },
      'max_response_size "16" is not a size: write it like 512KiB, 16MiB or 1GiB'
    ],
    [
      { max_response_size: '16MB' },
      'max_response_size "16MB" is not a size: write it like 512KiB, 16MiB or 1GiB'
    ],
    [
      { max_response_size: '1GiB' },
      'max_response_size "1GiB" is out of range: set it between 64 KiB and 256 MiB'
    ],
    [
      { max_response_size: '32KiB' },
      'max_response_size "32KiB" is out of range: set it between 64 KiB and 256 MiB'
    ],
    [
      { api_profile: 'prod' },
      'api_profile "prod" is not one of live, spec, auto: set api_profile to one of them'
    ],
    [
      { task_status: 'Running,Other' },
      'task_status lists "Other": list statuses separated by commas from Running, Pending, Paused, End'
    ],
    [{ cleanup: 'delete' }, 'cleanup "delete" is not one of none, stop, pause: set cleanup to one of them'],
    [{ dry_run: 'maybe' }, 'dry_run "maybe" is not a boolean: set dry_run to true or false'],
    [{ endpoints: 'deploy: {method: GET}' }, /^endpoints\.deploy names no operation: use create, detail/],
    [{ endpoints: 'detail: GET' }, /^endpoints\.detail is not a mapping/],
    [
      { endpoints: 'detail: {verb: GET}' },
      'endpoints.detail.verb is not an endpoint setting: use method, path, version or encrypt'
    ],
    [
      { endpoints: 'detail: {method: PUT}' },
      'endpoints.detail.method "PUT" is not one of GET, POST: set endpoints.detail.method to one of them'
    ],
    [
      { endpoints: 'detail: {path: api/x}' },
      /^endpoints\.detail\.path "api\/x" is not a plain absolute path/
    ],
    [
      { endpoints: 'detail: {method: GET, encrypt: true}' },
      'endpoints.detail sets encrypt with method GET: an encrypted body needs method POST'
    ],
    [
      { api_version: '1 .0' },
      'api_version "1 .0" is not an interface version: set it to the endpoint\'s version, such as 1.0.0'
    ],
    [
      { platform_public_key: fixtureKey('platform-public.pem') },
      /^platform_public_key is set but private_key is not/
    ],
    [
      { private_key: fixtureKey('client-private-pkcs8-encrypted.pem') },
      'the private key is encrypted: set private_key_passphrase'
    ],
    [
      { private_key: fixtureKey('client-private-pkcs8-encrypted.pem'), private_key_passphrase: 'wrong' },
      'private_key could not be decrypted with private_key_passphrase: check the passphrase'
    ],
    [
      { private_key: PEM, private_key_format: 'pkcs1_pem' },
      'private_key_format is pkcs1_pem, but private_key holds a PKCS#8 PEM key: set private_key_format to pkcs8_pem or auto'
    ],
    [{ private_key: 'PuTTY-User-Key-File-3: ssh-rsa' }, /^private_key is a PuTTY key: export it/],
    [{ max_restarts: '-1' }, /^max_restarts "-1" .*0.*1000/],
    [{ health_path: 'health' }, /^health_path "health" is not a URL path: write it like \/health/],
    [{ health_path: '/a b' }, /^health_path "\/a b" is not a URL path/],
    [{ health_status: '200-299,2xx' }, /^health_status "200-299,2xx" is not a list of HTTP statuses/],
    [{ health_status: '300-200' }, /^health_status "300-200" is not a list of HTTP statuses/],
    [
      { private_key: PEM, platform_public_key: PEM },
      /^platform_public_key holds a private key: set it to the platform public key/
    ],
    [
      { volume: 'x'.repeat(33) },
      `volume "${'x'.repeat(33)}" is longer than the 32 characters a volume's name may have: set volume to the volume's name or its storage_id`
    ],
    [
      { size: '0' },
      'size "0" is not a size in GiB from 1 to 1048576: write a whole number of GiB, such as 100'
    ],
    [
      { size: '10TiB' },
      'size "10TiB" is not a size in GiB from 1 to 1048576: write a whole number of GiB, such as 100'
    ],
    [
      { volume_cleanup: 'drop' },
      'volume_cleanup "drop" is not one of keep, delete: set volume_cleanup to one of them'
    ],
    [
      { storage_class: 'nfs standard' },
      `storage_class "nfs standard" is not a storage class: set it to a class's id, such as nfs-standard, or its name as the platform shows it, such as 标准型 (volume_list shows each volume's class)`
    ],
    [{ storage_class: 'x'.repeat(65) }, /^storage_class "x+\.\.\." is not a storage class: set it/],
    [
      { transfer_id: '0' },
      `transfer_id "0" is not a transfer's id: set it to the digits transfer_list or a transfer step's transfer_id output gives`
    ],
    [
      { direction: 'up' },
      'direction "up" is not one of s3-to-volume, volume-to-s3: set direction to one of them'
    ],
    [
      { volume_path: '/a/../b' },
      'volume_path "/a/../b" is not an absolute path in the volume: write it like /datasets/imagenet, without ..'
    ],
    [
      { overwrite_policy: 'always' },
      'overwrite_policy "always" is not one of hash, skip, overwrite: set overwrite_policy to one of them'
    ],
    [
      { ignore_patterns: '.tmp, a b' },
      'ignore_patterns lists "a b", which is no file name ending: list endings like .tmp, .log, separated by commas'
    ],
    [{ transfer_retries: '11' }, /^transfer_retries "11" /],
    [{ max_previews: '0' }, /^max_previews "0" /],
    [{ preview_ttl: '30m' }, 'preview_ttl "30m" is out of range: set it between 1h0m0s and 2160h0m0s'],
    [{ preview_ttl: '2w' }, /^preview_ttl "2w" is not a duration/],
    [
      { volumes: 'a:b:c:/x' },
      'volumes has "a:b:c:/x", which is no mount: write one a line as volume:/path/in/container, or service:volume:/path to mount it in one service'
    ],
    [{ volumes: 'a:/x/../y' }, /^volumes has "a:\/x\/\.\.\/y", which is no mount/],
    [
      { data: 'v3/ => a:/x' },
      'data has "v3/ => a:/x", which is no copy: write one a line as prefix/ -> volume:/path or ./dir/ -> volume:/path'
    ],
    [
      { results: 'v3/ -> a:/x' },
      'results has "v3/ -> a:/x", which copies from an object prefix to a volume, but results copy out of a volume, to an object prefix or the workspace: write volume:/path -> prefix/ or volume:/path -> ./dir/'
    ],
    [
      { operation: 'copy', copies: 'a:/x -> b:/y' },
      'copies has "a:/x -> b:/y", which copies from a volume to a volume, but each copy goes into a volume or out of one, from or to the workspace or an object prefix: write ./dir/ -> volume:/path or volume:/path -> ./dir/ (or an object prefix, prefix/, in place of ./dir/)'
    ],
    [
      { operation: 'copy', copies: './a/ -> b:/x/../y' },
      /^copies has "\.\/a\/ -> b:\/x\/\.\.\/y", which has \.\. in a volume path/
    ]
  ])('refuses %j in one line naming the input and the fix', (inputs, message) => {
    const text = inputError(inputs);
    expect(text).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
    expect(text).not.toMatch(/\n/);
  });

  // Issue 61, point 7: storage_class, by a class's id or its name as the platform shows it.
  it.each([
    ['its id', 'nfs-standard'],
    ['its name', '标准型']
  ])('reads storage_class by %s', (_how, storageClass) => {
    const { read } = settingsFrom({
      token: TOKEN,
      operation: 'volume',
      volume: 'v',
      storage_class: storageClass
    });
    expect(read().storage.storageClass).toBe(storageClass);
    const { read: none } = settingsFrom({ token: TOKEN, operation: 'volume', volume: 'v' });
    expect(none().storage.storageClass).toBeUndefined();
  });

  it.each([
    ['one id', '1229831', ['1229831']],
    [
      'one per line, blank lines and spaces around them ignored',
      '\n 1229831 \n\n1229832\n',
      ['1229831', '1229832']
    ],
    ['a comma and a space on one line', '1229831, 1229832,  3', ['1229831', '1229832', '3']],
    ['a comma at the end of each line', '1229831,\n1229832,', ['1229831', '1229832']],
    ['a JSON list', '[1229831,1229832]', ['1229831', '1229832']],
    ['a YAML flow list of strings', '["1229831", 9007199254740993]', ['1229831', '9007199254740993']],
    ['a YAML block list', '- 1229831\n- 1229832\n', ['1229831', '1229832']]
  ])('reads task_id as %s', (_how, taskId, ids) => {
    expect(settingsFrom({ token: TOKEN, operation: 'stop', task_id: taskId }).read().taskIds).toEqual(ids);
  });

  // Regression: auto took the spec's forms for every host but the two production ones, so a token-mode key
  // against a gateway (or the emulator) was refused until api_profile: live was added.
  it.each([
    ['https://openapi.suanli.cn', '', 'live', /^the platform's documented forms/],
    ['https://gateway.example', '', 'live', /^the platform's documented forms/],
    ['https://127.0.0.1:8443', 'auto', 'live', /^auto means live: the platform's documented forms/],
    ['https://gateway.example', 'live', 'live', /^the platform's documented forms/],
    ['https://openapi.suanli.cn', 'spec', 'spec', /^the interface spec's forms, as api_profile asks$/]
  ])('resolves api_profile for %s, %j: %s, whatever the host', (baseUrl, choice, profile, reason) => {
    const settings = settingsFrom({
      token: TOKEN,
      operation: 'detail',
      base_url: baseUrl,
      api_profile: choice
    }).read();
    expect(settings.apiProfile).toBe(profile);
    expect(settings.apiProfileReason).toMatch(reason);
  });

  it('never echoes a malformed body, which may hold credentials', () => {
    expect(inputError({ body: 'secret_key: "wJalrXUtnFEMI\n' })).not.toContain('wJalr');
  });

  it('reads the health check: a path, and statuses and ranges of them', () => {
    const health = settingsFrom({
      operation: 'create',
      token: TOKEN,
      health_path: '/v1/models?ready=1',
      health_status: '200-299, 401,418'
    }).read().health;
    expect(health).toEqual({
      path: '/v1/models?ready=1',
      accepted: [
        [200, 299],
        [401, 401],
        [418, 418]
      ]
    });
  });

  it('reads the resource a new task asks for by GPU model, with its defaults', () => {
    const { read } = settingsFrom({ token: TOKEN, operation: 'create', task_name: 'x', gpu: ' H20 ' });
    expect(read().capacity).toEqual({
      gpu: 'H20',
      gpuCount: 1,
      deviceType: 'GpuDevice',
      regions: [],
      maxPrice: undefined,
      timeoutMs: 0
    });
  });

  it.each([
    ['one per line', 'hebeif-1\n广东-T1\n', ['hebeif-1', '广东-T1']],
    ['separated by commas', 'hebeif-1, 广东-T1', ['hebeif-1', '广东-T1']],
    ['as a YAML list', '["hebeif-1", \'广东-T1\']', ['hebeif-1', '广东-T1']],
    ['as YAML lines', '- hebeif-1\n- 广东-T1', ['hebeif-1', '广东-T1']]
  ])('reads regions %s', (_how, regions, expected) => {
    const { read } = settingsFrom({ token: TOKEN, operation: 'create', gpu: '4090', regions });
    expect(read().capacity?.regions).toEqual(expected);
  });

  it('reads gpu_count, device_type, max_price and capacity_timeout', () => {
    const { read } = settingsFrom({
      token: TOKEN,
      operation: 'create',
      gpu: 'CPU 16C',
      gpu_count: '8',
      device_type: 'CpuDevice',
      max_price: '1.98',
      capacity_timeout: '10m'
    });
    expect(read().capacity).toMatchObject({
      gpuCount: 8,
      deviceType: 'CpuDevice',
      maxPrice: '1.98',
      timeoutMs: 600_000
    });
  });

  it.each([
    [
      { regions: 'hebeif-1' },
      'regions is set, but gpu is empty: set gpu to the GPU model, such as 4090, or remove regions'
    ],
    [
      { max_price: '2' },
      'max_price is set, but gpu is empty: set gpu to the GPU model, such as 4090, or remove max_price'
    ],
    [
      { gpu: '4090', max_price: '2 yuan' },
      'max_price "2 yuan" is not a plain number: write it like 2 or 1.98, without a unit'
    ],
    [{ gpu: '4090', gpu_count: '0' }, /^gpu_count "0" /],
    [{ gpu: '4090', device_type: 'TPU' }, /^device_type "TPU" /],
    [{ gpu: '4090', capacity_timeout: '7h' }, /^capacity_timeout "7h" is out of range/]
  ])('refuses the capacity inputs %j', (inputs, message) => {
    const error = inputError({ operation: 'create', ...inputs });
    if (typeof message === 'string') expect(error).toBe(message);
    else expect(error).toMatch(message);
  });
});

describe('mayCleanUp', () => {
  const may = (inputs: Record<string, string>): boolean => mayCleanUp((name) => inputs[name] ?? '');

  it('says which steps may leave something to clean up: what they make, change, copy or start', () => {
    expect(may({ operation: 'create' })).toBe(false);
    expect(may({ operation: 'create', cleanup: 'stop' })).toBe(true);
    expect(may({ operation: 'job' })).toBe(true);
    expect(may({ operation: 'update' })).toBe(true);
    expect(may({ operation: 'volume' })).toBe(false);
    expect(may({ operation: 'volume', volume_cleanup: 'delete' })).toBe(true);
    expect(may({ operation: 'transfer' })).toBe(true);
    // A create's data is copied by transfers, which a stopped step leaves for its cleanup to stop.
    expect(may({ operation: 'create', data: 'v3/ -> work:/data' })).toBe(true);
    // A copy opens SFTP sessions (and transfers, for a prefix), destroyed (stopped) if the step is stopped.
    expect(may({ operation: 'copy', copies: './ds/ -> work:/data' })).toBe(true);
    expect(() => may({ operation: 'deploy' })).toThrow(InputError);
  });
});
