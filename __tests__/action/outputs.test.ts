import { failureOf } from '../helpers/verdict.js';
import fc from 'fast-check';
import { describeDryRun } from '../../src/deploy/engine/dry-run.js';
import { planCalls } from '../../src/platform/operations/plan-calls.js';
import type { Call } from '../../src/platform/operations/operation-table.js';
import { ApiError } from '../../src/protocol/envelope.js';
import { buildRequest } from '../../src/protocol/request.js';
import { parseJson } from '../../src/protocol/json.js';
import { costLines, outputsOf, responseFileText, verdictOf } from '../../src/action/outputs.js';
import type { Bill } from '../../src/platform/billing-data.js';
import type { Settings } from '../../src/deploy/settings.js';
import { callOutcome, type CallOutcome } from '../../src/deploy/engine/calls/make-calls.js';
import { taskResult, type TaskResult } from '../../src/deploy/engine/wait/task-result.js';
import type { StepResult } from '../../src/deploy/engine/calls/step-result.js';
import { taskIdOf } from '../../src/platform/task-data.js';
import { escape, fenced, renderSummary } from '../../src/action/summary.js';
import { criteriaFor } from '../../src/deploy/engine/wait/criteria.js';
import { taskKindOf } from '../../src/platform/operations/calls.js';
import { RSA_CREDENTIALS, testSettings } from '../helpers/settings.js';
import { refusal } from '../helpers/refusal.js';
import { exampleData } from '../helpers/reference.js';
import { offersOf } from '../../src/platform/resource-data.js';

const BIG = '9007199254740993';

/** The request a call makes, signed with the fixture key at a fixed time. */
const requestOf = (call: Call) =>
  buildRequest({
    ...call,
    baseUrl: 'https://openapi.example',
    credentials: RSA_CREDENTIALS,
    now: 1_763_715_600_000
  });

const apiError = (message: string, code: string, description: string): ApiError =>
  refusal(code, description, message);

function stepOf(
  settings: Partial<Settings>,
  calls: (Partial<CallOutcome> & { raw?: string })[],
  tasks: Partial<TaskResult>[],
  extra: Partial<StepResult> = {}
): StepResult {
  const plan = planCalls(testSettings(settings));
  return {
    bills: [],
    offers: [],
    nodeReads: undefined,
    operation: plan.operation,
    calls: plan.calls.map((call, i) => {
      const given = calls[i] ?? {};
      const made =
        call.traits.answers === 'new_task' && given.error === undefined
          ? taskIdOf(given.result?.data)
          : undefined;
      return callOutcome(call, { taskId: call.taskId ?? made, ...given });
    }),
    tasks: tasks.map((t) => taskResult(t.id ?? '', t)),
    criteria:
      plan.wait === undefined
        ? undefined
        : criteriaFor(plan.wait, testSettings().wait, taskKindOf({ operation: plan.operation })),
    timedOut: false,
    elapsedMs: 0,
    replaced: [],
    ...extra
  };
}

const ok = (data: string) => ({
  result: { code: '0000', msg: 'success', data: parseJson(data) },
  raw: `{"code":"0000","msg":"success","data":${data}}`
});

describe('outputsOf', () => {
  it('gives a create that waited the final detail, its status and URLs, keeping big ids exact', () => {
    const detail = `{"task_id":${BIG},"status":"Running"}`;
    const step = stepOf(
      { operation: 'create', taskName: 'svc', points: 1 },
      [ok(`{"task_id":${BIG}}`)],
      [
        {
          id: BIG,
          verdict: 'reached',
          status: 'Running',
          name: 'svc',
          urls: ['https://a', 'https://b'],
          data: parseJson(detail),
          raw: detail,
          elapsedMs: 41_600
        }
      ],
      { elapsedMs: 41_600 }
    );
    expect(outputsOf(step)).toEqual({
      code: '0000',
      msg: 'success',
      data: detail,
      task_id: BIG,
      task_ids: `["${BIG}"]`,
      status: 'Running',
      statuses: `{"${BIG}":"Running"}`,
      url: 'https://a',
      urls: '["https://a","https://b"]',
      elapsed_seconds: '42',
      timed_out: 'false',
      total_cost: '',
      capped: 'false',
      healthy: '',
      count: '1',
      replaced_task_ids: '[]',
      cost: '',
      billing_value: '',
      region: '',
      region_name: '',
      gpu: '',
      price: '',
      changed: '',
      rolled_back: '',
      runner_label: '',
      runner_names: '',
      runs_on: '',
      skipped_files: '',
      points_before: '',
      points_after: '',
      // A deployment's step has no job.
      job_status: '',
      succeeded_pods: '',
      failed_pods: '',
      duration: '',
      job_type: '',
      log_file: '',
      storage_id: '',
      storage_class: '',
      total_size: '',
      used_size: '',
      volume_price: '',
      transfer_id: '',
      files: '',
      bytes: '',
      rate: ''
    });
    expect(responseFileText(step)).toBe(detail);
  });

  it("redacts every environment value and secret field of the platform's answer in data and the response file, numbers exact", () => {
    const detail = `{"task_id":${BIG},"status":"Running","services":[{"service_name":"web","env":"HF_TOKEN=hf_abc\\nMODE=fast","repository_account":{"repository_username":"bot","repository_password":"pw-1"}}],"job":{"env":[{"name":"API_KEY","value":"k-2"}]}}`;
    const step = stepOf(
      { operation: 'detail', taskIds: [BIG] },
      [ok(detail)],
      [{ id: BIG, verdict: 'done', data: parseJson(detail), raw: detail }]
    );
    const redacted = `{"task_id":${BIG},"status":"Running","services":[{"service_name":"web","env":"<redacted>","repository_account":{"repository_username":"<redacted>","repository_password":"<redacted>"}}],"job":{"env":[{"name":"API_KEY","value":"<redacted>"}]}}`;
    expect(outputsOf(step).data).toBe(redacted);
    expect(responseFileText(step)).toBe(redacted);
    for (const secret of ['hf_abc', 'pw-1', 'k-2', 'bot'])
      expect(`${outputsOf(step).data}${responseFileText(step)}`).not.toContain(secret);
  });

  it('keeps an answer with nothing to redact as it came, and redacts one whose only secret is a camel-case key', () => {
    const plain = `{"task_id":${BIG},"status":"Running","services":[{"env":null,"repository_username":null}]}`;
    const camel = `{"task_id":1,"storage":{"ossAk":"AKID-1","bucket":"b"}}`;
    const stepFor = (detail: string) =>
      stepOf(
        { operation: 'detail', taskIds: ['1'] },
        [ok(detail)],
        [{ id: '1', verdict: 'done', data: parseJson(detail), raw: detail }]
      );
    expect(responseFileText(stepFor(plain))).toBe(plain);
    expect(responseFileText(stepFor(camel))).toBe(
      '{"task_id":1,"storage":{"ossAk":"<redacted>","bucket":"b"}}'
    );
  });

  it('gives several tasks as arrays and objects, with a mixed status and the first API error', () => {
    const refused = apiError('HTTP 200, code C007: task 2 does not exist', 'C007', 'task 2 does not exist');
    const step = stepOf(
      { operation: 'detail', taskIds: ['1', '2', '3'] },
      [ok('{"status":"Running"}'), { error: refused }, ok('{"status":"Paused"}')],
      [
        { id: '1', status: 'Running', data: { status: 'Running' }, raw: '{"a":1}' },
        { id: '2', verdict: 'error', message: refused.message },
        { id: '3', status: 'Paused', data: { status: 'Paused' }, raw: '{"a":3}' }
      ]
    );
    const outputs = outputsOf(step);
    expect(outputs).toMatchObject({
      code: 'C007',
      msg: 'task 2 does not exist',
      data: '[{"status":"Running"},null,{"status":"Paused"}]',
      task_id: '1',
      task_ids: '["1","2","3"]',
      status: 'mixed',
      statuses: '{"1":"Running","2":null,"3":"Paused"}'
    });
    expect(responseFileText(step)).toBe('[{"a":1},null,{"a":3}]');
    expect(failureOf(step)).toBe(
      'detail: 1 of 3 tasks failed: 2 (HTTP 200, code C007: task 2 does not exist)'
    );
  });

  // Regression: the summary's Cost and the billing_value output were raw points (or 0 while unbilled).
  // Regression (issue 49): the log said "cost so far 0.000000 yuan (billed 0.000000 + not billed yet
  // 0.000000)", which reads as broken: people are shown the fen, the cost output keeps the exact figure.
  it("gives cost in yuan, billed plus not billed yet, exact; billing_value stays the platform's points", () => {
    const one = stepOf(
      { operation: 'detail', taskIds: ['7'] },
      [ok('{}')],
      [{ id: '7', status: 'Running', billingValue: '0', forecastValue: '1650' }]
    );
    expect(outputsOf(one)).toMatchObject({ cost: '0.001650', billing_value: '0' });
    expect(costLines(one)).toEqual(['task 7: cost so far less than 0.01 yuan (not billed yet)']);
    const several = stepOf(
      { operation: 'detail', taskIds: ['7', '8', '9'] },
      [ok('{}'), ok('{}'), ok('{}')],
      [
        { id: '7', billingValue: '6710400', forecastValue: '550' },
        { id: '8' },
        { id: '9', billingValue: '90071992547409930' }
      ]
    );
    // One type, a number, whatever the count (issue 63, point 8): each task's cost the exact decimal text.
    expect(outputsOf(several).cost).toBe('{"7":6.710950,"8":null,"9":90071992547.409930}');
    expect(costLines(several)).toEqual([
      'task 7: cost so far 6.71 yuan (6.71 yuan billed, the rest not billed yet)',
      'task 9: cost so far 90071992547.41 yuan (all billed)'
    ]);
    expect(outputsOf(several).billing_value).toBe('[6710400,null,90071992547409930]');
  });

  it('gives the cost of billing records in yuan: the total by time, or per task', () => {
    const bill = (fields: Partial<Bill>): Bill => ({
      taskId: undefined,
      taskName: undefined,
      taskType: undefined,
      start: undefined,
      end: undefined,
      billed: '0',
      discount: '0',
      ...fields
    });
    const byTime = stepOf({ operation: 'billing' }, [ok('{}')], [], {
      bills: [bill({ billed: '1980000', discount: '20000' }), bill({ billed: '550' })]
    });
    expect(outputsOf(byTime).cost).toBe('1.980550');
    expect(costLines(byTime)).toEqual([
      '2 billing records: total billed 1.98 yuan (billing_coin; the cost output has the exact figure), discount deducted 0.02 yuan (discount_coin)'
    ]);
    const byTask = stepOf({ operation: 'task_billing' }, [ok('{}')], [], {
      bills: [bill({ taskId: '7', billed: '1980000' }), bill({ taskId: '8', billed: '5' })]
    });
    expect(outputsOf(byTask).cost).toBe('{"7":1.980000,"8":0.000005}');
  });

  it('gives an operation without tasks its data and empty task outputs', () => {
    const step = stepOf({ operation: 'search_tasks' }, [ok('{"count":0,"results":[]}')], []);
    expect(outputsOf(step)).toMatchObject({
      data: '{"count":0,"results":[]}',
      task_id: '',
      task_ids: '[]',
      status: '',
      statuses: '{}',
      url: '',
      urls: '[]'
    });
    expect(failureOf(step)).toBeUndefined();
  });
});

describe('failureOf', () => {
  const create = { operation: 'create', taskName: 'svc', points: 1 } as const;
  it.each([
    [
      { verdict: 'failed', message: 'ended in Other', elapsedMs: 20_000 },
      'create: task 7 (svc) ended in Other after 20s'
    ],
    [
      { verdict: 'timed_out', message: 'timed out after 15m0s, last status Pending' },
      'create: task 7 (svc) timed out after 15m0s, last status Pending'
    ],
    [
      { verdict: 'error', message: '5 polls in a row failed, the last: HTTP 503' },
      'create: task 7 (svc): 5 polls in a row failed, the last: HTTP 503'
    ],
    [{ verdict: 'reached' }, undefined]
  ] as const)('names the task, the status and the time: %j', (task, message) => {
    expect(failureOf(stepOf(create, [ok('{"task_id":7}')], [{ id: '7', name: 'svc', ...task }]))).toBe(
      message
    );
  });

  it('is the shorthand of the typed verdict, which says passed rather than nothing', () => {
    const passed = stepOf(create, [ok('{"task_id":7}')], [{ id: '7', name: 'svc', verdict: 'reached' }]);
    expect(verdictOf(passed)).toEqual({ passed: true });
    const failed = stepOf(
      create,
      [ok('{"task_id":7}')],
      [{ id: '7', name: 'svc', verdict: 'failed', message: 'ended in Other', elapsedMs: 0 }]
    );
    expect(verdictOf(failed)).toEqual({ passed: false, why: 'create: task 7 (svc) ended in Other after 0s' });
  });

  it('names a failed call that concerns no particular task', () => {
    const error = apiError('HTTP 200, code C002: signature error', 'C002', 'signature error');
    expect(failureOf(stepOf(create, [{ error }], []))).toBe(
      'create failed: HTTP 200, code C002: signature error'
    );
  });

  it('lists at most five failed tasks', () => {
    const ids = ['1', '2', '3', '4', '5', '6', '7'];
    const step = stepOf(
      { operation: 'stop', taskIds: ids },
      ids.map(() => ok('null')),
      ids.map((id) => ({ id, verdict: 'timed_out' as const, message: 'timed out' }))
    );
    expect(failureOf(step)).toBe(
      'stop: 7 of 7 tasks failed: 1 (timed out); 2 (timed out); 3 (timed out); 4 (timed out); 5 (timed out), and 2 more'
    );
  });
});

describe('renderSummary', () => {
  it('shows a table per task and the status timeline, escaping server text', () => {
    const step = stepOf(
      { operation: 'create', taskName: 'x', points: 1 },
      [ok('{"task_id":7}')],
      [
        {
          id: '7',
          name: '<img src=x onerror=alert(1)> | pipe',
          status: 'Running',
          verdict: 'reached',
          urls: ['https://t7-80.example/?a=1&b="2"'],
          elapsedMs: 35_000,
          timeline: [
            { atMs: 0, status: 'Pending' },
            { atMs: 35_000, status: 'Running' }
          ]
        }
      ]
    );
    expect(renderSummary(step, { passed: true })).toBe(
      [
        '### Elastic deploy: create succeeded',
        '',
        '| Task | Name | Status | Outcome (waited to be ready) | URL | Elapsed | Cost |',
        '|---|---|---|---|---|---|---|',
        '| 7 | &#60;img src&#61;x onerror&#61;alert&#40;1&#41;&#62; &#124; pipe | Running | ✅ ready | <a href="https://t7-80.example/?a=1&amp;b=&quot;2&quot;">https&#58;//t7-80&#46;example/&#63;a&#61;1&#38;b&#61;&#34;2&#34;</a> | 35s |  |',
        '',
        '<details><summary>Status timeline</summary>',
        '',
        '- 0s: task 7 Pending',
        '- 35s: task 7 Running',
        '',
        '</details>',
        '',
        // Where the time went (issue 63, point 9): the name made plain words in the diagram, escaped beside it.
        '#### Where the time went',
        '',
        '```mermaid',
        'gantt',
        '  title Phases of the step, as it saw them',
        '  dateFormat x',
        '  axisFormat %H:%M:%S',
        '  section task 7 img src x onerror alert(1) pipe',
        '  Pending :0, 35000',
        '  Running :35000, 35000',
        '```',
        '',
        '| Task | Phase | From | To | Took |',
        '|---|---|---|---|---|',
        '| task 7 &#60;img src&#61;x onerror&#61;alert&#40;1&#41;&#62; &#124; pipe | Pending | 0s | 35s | 35s |',
        '| task 7 &#60;img src&#61;x onerror&#61;alert&#40;1&#41;&#62; &#124; pipe | Running | 35s | 35s | 0s |',
        '',
        "<sub>From and To count from the step's start; a task's phase begins when a read of it first showed it (the wait reads every poll_interval).</sub>",
        ''
      ].join('\n')
    );
  });

  it('shows cost in yuan with its unit, what it counts, and the totals of several and of replaced tasks', () => {
    const step = stepOf(
      { operation: 'detail', taskIds: ['7', '8'] },
      [ok('{}'), ok('{}')],
      [
        { id: '7', status: 'Running', billingValue: '1980000', forecastValue: '550' },
        { id: '8', status: 'Running', billingValue: '0', forecastValue: '0' }
      ],
      { replaced: [taskResult('5', { status: 'End', billingValue: '3000000', forecastValue: '1' })] }
    );
    const summary = renderSummary(step, { passed: true });
    expect(summary).toContain('| 7 |  | Running | done |  | 0s | 1&#46;98 yuan |');
    expect(summary).toContain('| 8 |  | Running | done |  | 0s | 0&#46;00 yuan |');
    expect(summary).toContain('Total cost of these 2 tasks: 1&#46;98 yuan');
    expect(summary).toContain('| 5 | End | done | 3&#46;00 yuan |');
    expect(summary).toContain('Total cost of the tasks replaced: 3&#46;00 yuan');
    expect(summary).toContain('1 yuan = 1,000,000 points');
  });

  it('shows billing records in yuan, and what a resource search found with its marks', () => {
    const bills = stepOf({ operation: 'task_billing' }, [ok('{}')], [], {
      bills: [
        {
          taskId: '7',
          taskName: 'web',
          taskType: 'Deployment',
          start: undefined,
          end: undefined,
          billed: '1980000',
          discount: '0'
        }
      ]
    });
    expect(renderSummary(bills, { passed: true })).toContain(
      '| 7 | web | Deployment | 1&#46;98 yuan | 0&#46;00 yuan |'
    );
    // The reference's example offer (H20 x 8 in 河北一区), its mark cut short.
    const [h20] = offersOf(exampleData('resource-search'));
    const offers = stepOf({ operation: 'search_resources' }, [ok('{}')], [], {
      offers: h20 === undefined ? [] : [{ ...h20, mark: 'ha8G+W4V=' }]
    });
    const summary = renderSummary(offers, { passed: true });
    expect(summary).toContain('| H20 x 8 | H20 | 8 | 河北一区 | 16416 | 16416 | 0 |');
    expect(summary).toContain('<code>ha8G&#43;W4V&#61;</code>');
  });

  it('says why a step failed, and the code of an operation without tasks', () => {
    const step = stepOf({ operation: 'search_tasks' }, [ok('{"count":0}')], []);
    expect(renderSummary(step, { passed: false, why: 'search_tasks failed: <b>' })).toBe(
      '### Elastic deploy: search_tasks failed\n\n> search&#95;tasks failed&#58; &#60;b&#62;\n\ncode 0000: success\n'
    );
  });
});

describe('renderSummary against hostile server text', () => {
  const HOSTILE = [
    '[click](https://evil.example/x)',
    '![pixel](https://evil.example/p.png)',
    '<img src=x onerror=alert(1)>',
    '<a href="https://evil.example">x</a>',
    '**bold** _it_ `code` ~~gone~~',
    'https://evil.example www.evil.example user@evil.example',
    '# heading\n> quote\n| a | b |',
    '&lt;script&gt; &#60;',
    '部署 ✓ 🚀'
  ];

  it.each(HOSTILE)('shows %j as text: no link, image, emphasis, HTML or autolink can form', (text) => {
    const step = stepOf(
      { operation: 'detail', taskIds: ['7'] },
      [ok('{"task_id":7}')],
      [{ id: '7', name: text, status: text, timeline: [{ atMs: 0, status: text }] }]
    );
    const summary = renderSummary(step, { passed: false, why: `detail: ${text}` });
    const served = summary
      .split('\n')
      .slice(2)
      .join('\n')
      .replace(/<\/?details>|<summary>Status timeline<\/summary>/g, '');
    // Outside the table's own pipes and the list dashes, no markdown or HTML syntax character is left raw.
    const cells = served
      .split('\n')
      .filter((line) => line.startsWith('| 7 |') || line.startsWith('- 0s') || line.startsWith('> '));
    for (const line of cells) {
      const body = line.replace(/^(\| 7 \||- 0s: task 7|>)/, '').replace(/ \|( |$)/g, ' ');
      expect(body.replace(/&#\d+;/g, '')).not.toMatch(/[[\]()<>!*_`~#|@:.&]/);
    }
    const decoded = (encoded: string): string =>
      encoded.replace(/&#(\d+);/g, (_m, code: string) => String.fromCodePoint(Number(code)));
    expect(summary).toContain(`| 7 | ${escapedOnce(text)} |`);
    expect(decoded(escapedOnce(text))).toBe(text.replace(/[\r\n]+/g, ' '));
  });

  it('says what a stop or pause reached, never "ready"', () => {
    const stop = stepOf(
      { operation: 'stop', taskIds: ['7'] },
      [ok('null')],
      [{ id: '7', status: 'End', verdict: 'reached' }]
    );
    const pause = stepOf(
      { operation: 'pause', taskIds: ['7'] },
      [ok('null')],
      [{ id: '7', status: 'Paused', verdict: 'reached' }]
    );
    expect(renderSummary(stop, { passed: true })).toContain('| 7 |  | End | ✅ stopped |');
    expect(renderSummary(pause, { passed: true })).toContain('| 7 |  | Paused | ✅ paused |');
    expect(renderSummary(stop, { passed: true }) + renderSummary(pause, { passed: true })).not.toContain(
      'ready |'
    );
  });
});

describe('escape', () => {
  it('writes every string as the character-by-character definition does, ASCII fast path or not', () => {
    const text = fc.string({
      unit: fc.oneof(
        fc.constantFrom('\n', '\r', ' ', ',', '/', '-', '|', '&'),
        fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })
      )
    });
    fc.assert(
      fc.property(text, (t) => {
        expect(escape(t)).toBe(escapedOnce(t));
      }),
      { numRuns: 2000 }
    );
    expect(escape('Running, 2/3 nodes-ok')).toBe('Running, 2/3 nodes-ok');
    expect(escape('部署 é\u0301 🚀 <a>')).toBe('部署 é\u0301 &#128640; &#60;a&#62;');
    // A lone surrogate (which fast-check's code points never are) is written as its number too.
    expect(escape('a\ud800b:')).toBe('a&#55296;b&#58;');
    expect(escape('a\ud800b:')).toBe(escapedOnce('a\ud800b:'));
  });
});

/** The summary's escaping, written out independently: every character but letters, digits, marks, space and -,/ as &#N;. */
function escapedOnce(text: string): string {
  return Array.from(text.replace(/[\r\n]+/g, ' '))
    .map((c) => (/[\p{L}\p{N}\p{M} ,/-]/u.test(c) ? c : `&#${c.codePointAt(0) ?? 0};`))
    .join('');
}

describe('describeDryRun', () => {
  it('redacts every secret-looking body field and query value, at any depth, in the URL, body and string to sign', () => {
    const secrets = {
      AccessKeyId: 'AKIAEXAMPLE1',
      api_key: 'k-123456',
      sk: 'sk-abcdef',
      auth: 'Basic dXNlcg==',
      password: 'hunter22',
      repository_password: 'reg-pass-1',
      nested: [{ client_secret: 'cs-999999', ossAk: 'ak-12345' }]
    };
    const settings = testSettings({
      operation: 'request',
      method: 'POST',
      path: '/api/task/deployment/create',
      body: { task_name: 'svc', ...secrets },
      query: [
        ['page', '1'],
        ['signature', 'sig-777777'],
        ['X-Token', 'tok-888888']
      ]
    });
    const [call] = planCalls(settings).calls;
    if (call === undefined) throw new Error('no call');
    const request = requestOf(call);
    const text = describeDryRun(request, call).join('\n');
    for (const value of [
      'AKIAEXAMPLE1',
      'k-123456',
      'sk-abcdef',
      'dXNlcg',
      'hunter22',
      'reg-pass-1',
      'cs-999999',
      'ak-12345',
      'sig-777777',
      'tok-888888'
    ])
      expect(text).not.toContain(value);
    expect(text).toContain(
      'POST https://openapi.example/api/task/deployment/create?page=1&signature=%3Credacted%3E&X-Token=%3Credacted%3E'
    );
    expect(text).toContain('"task_name":"svc","AccessKeyId":"<redacted>"');
    expect(text).toContain('"nested":[{"client_secret":"<redacted>","ossAk":"<redacted>"}]');
  });

  it('prints no string to sign for a token-mode request, which is not signed: the body as sent', () => {
    const settings = testSettings({
      operation: 'create',
      taskName: 'svc',
      points: 1,
      body: { services: [] },
      apiProfile: 'live',
      credentials: { mode: 'token', token: 'tok-123456' }
    });
    const [call] = planCalls(settings).calls;
    if (call === undefined) throw new Error('no call');
    const request = buildRequest({
      ...call,
      baseUrl: 'https://openapi.example',
      credentials: settings.credentials,
      now: 1_763_715_600_000
    });
    const lines = describeDryRun(request, call);
    expect(lines.join('\n')).not.toContain('string to sign');
    expect(lines).toContain(
      '  body sent (secret values redacted): {"task_type":"Deployment","task_name":"svc","points":1,"services":[]}'
    );
    expect(lines.join('\n')).not.toContain('tok-123456');
  });

  it('shows method, URL, header names, body size and the string to sign, never the token or sign_str', () => {
    const [call] = planCalls(testSettings({ operation: 'create', taskName: 'svc', points: 1 })).calls;
    if (call === undefined) throw new Error('no call');
    const request = requestOf(call);
    const lines = describeDryRun(request, call);
    expect(lines.slice(0, 9)).toEqual([
      'POST https://openapi.example/api/deployment/task/create',
      '  headers: token, version, timestamp, content-type, sign_str',
      '  body: 344 bytes, encrypted',
      '  body before encryption (secret values redacted): {"task_name":"svc","points":1}',
      '  string to sign (token and secret values redacted):',
      '    /api/deployment/task/create',
      '    1.0.0',
      '    1763715600000',
      '    <token>'
    ]);
    expect(lines[9]).toMatch(/^ {4}[A-Za-z0-9+/]{160}… \(344 characters in all\)$/);
    expect(lines.join('\n')).not.toContain(request.headers.sign_str);
  });
});

describe('fenced', () => {
  it('keeps code whole in its block, a task name with backquotes included', () => {
    expect(fenced('sh', 'elastic-deploy stop --task-id 1')).toEqual([
      '',
      '```sh',
      'elastic-deploy stop --task-id 1',
      '```',
      ''
    ]);
    const code = "task_name: 'x\n```\n<img src=x>\n````'";
    const [, open, body, close] = fenced('yaml', code);
    expect([open, body, close]).toEqual(['`````yaml', code, '`````']);
  });
});
