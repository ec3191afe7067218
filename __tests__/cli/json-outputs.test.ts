// The CLI's JSON: each output as what it is, so that a script reads `.succeeded_pods > 0` and
// `.task_ids[0]` without fromjson.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import {
  BOOLEAN_OUTPUTS,
  FILE_OUTPUTS,
  JSON_OUTPUTS,
  NUMBER_OUTPUTS,
  typedOutputs,
  typedRows
} from '../../src/cli/json-outputs.js';
import { toIndentedJson } from '../../src/protocol/json.js';

/** The outputs that are text: every other output is a number, a boolean, JSON or a file's path. */
const TEXT_OUTPUTS = [
  'code',
  'msg',
  'task_id',
  'status',
  'url',
  'region',
  'region_name',
  'gpu',
  'job_status',
  'job_type',
  'storage_id',
  'storage_class',
  'transfer_id',
  'runner_label'
];

describe('typedOutputs', () => {
  it('knows what each output of action.yml is', () => {
    const action = parse(readFileSync('action.yml', 'utf8')) as { outputs: Record<string, unknown> };
    const known = [...NUMBER_OUTPUTS, ...BOOLEAN_OUTPUTS, ...JSON_OUTPUTS, ...FILE_OUTPUTS, ...TEXT_OUTPUTS];
    expect(Object.keys(action.outputs).sort()).toEqual(known.sort());
  });

  // Regression (issue 49, point 5): the JSON held every output, a dozen of them empty for most operations.
  it('prints numbers, booleans, lists and objects as themselves, ids as text, and leaves out the empty ones', () => {
    const outputs = new Map([
      ['task_id', '9007199254740993'],
      ['task_ids', '["9007199254740993"]'],
      ['statuses', '{"9007199254740993":"Running"}'],
      ['cost', '0.002088'],
      ['billing_value', '9007199254740993'],
      ['succeeded_pods', '2'],
      ['duration', ''],
      ['timed_out', 'false'],
      ['healthy', ''],
      ['changed', 'true'],
      ['urls', '[]'],
      ['status', 'Running'],
      ['code', '0000']
    ]);
    const typed = typedOutputs(outputs, { withData: false, files: true });
    expect(toIndentedJson(typed)).toBe(
      [
        '{',
        '  "task_id": "9007199254740993",',
        '  "task_ids": [',
        '    "9007199254740993"',
        '  ],',
        '  "statuses": {',
        '    "9007199254740993": "Running"',
        '  },',
        '  "cost": 0.002088,',
        '  "billing_value": 9007199254740993,',
        '  "succeeded_pods": 2,',
        '  "timed_out": false,',
        '  "changed": true,',
        '  "status": "Running",',
        '  "code": "0000"',
        '}'
      ].join('\n')
    );
  });

  // Regression (issue 63, point 8): the cost of several tasks (an object) and their billing_value (a list)
  // were printed as strings of JSON, where one task's is a number.
  it("prints several tasks' cost and billing_value as an object and a list of numbers, exact", () => {
    const outputs = new Map([
      ['cost', '{"7":6.710950,"8":null,"9":90071992547.409930123}'],
      ['billing_value', '[6710400,null,90071992547409930]'],
      ['total_cost', '0.010470']
    ]);
    expect(toIndentedJson(typedOutputs(outputs, { withData: false, files: true }))).toBe(
      [
        '{',
        '  "cost": {',
        '    "7": 6.71095,',
        '    "8": null,',
        '    "9": 90071992547.409930123',
        '  },',
        '  "billing_value": [',
        '    6710400,',
        '    null,',
        '    90071992547409930',
        '  ],',
        '  "total_cost": 0.01047',
        '}'
      ].join('\n')
    );
  });

  // Regression (issue 63, point 8): a listing's JSON held its money as strings ("cost": "0.001650").
  it("gives a listing's money columns as numbers, exact, and null where a row has none", () => {
    const list = {
      columns: ['task_id', 'cost'],
      money: ['cost'],
      rows: [
        { task_id: '7', cost: '0.001650' },
        { task_id: '8', cost: '' },
        { task_id: '9', cost: '90071992547.409930123' }
      ]
    };
    expect(toIndentedJson(typedRows(list))).toBe(
      [
        '[',
        '  {',
        '    "task_id": "7",',
        '    "cost": 0.00165',
        '  },',
        '  {',
        '    "task_id": "8",',
        '    "cost": null',
        '  },',
        '  {',
        '    "task_id": "9",',
        '    "cost": 90071992547.409930123',
        '  }',
        ']'
      ].join('\n')
    );
  });

  it('leaves data out unless asked for, and the paths of files that are not kept', () => {
    const outputs = new Map([
      ['data', '{"task_id":1,"services":[]}'],
      ['response_file', '/tmp/x/response.json'],
      ['task_id', '1']
    ]);
    expect(typedOutputs(outputs, { withData: false, files: false })).toEqual({ task_id: '1' });
    expect(typedOutputs(outputs, { withData: true, files: true })).toEqual({
      data: { task_id: 1, services: [] },
      response_file: '/tmp/x/response.json',
      task_id: '1'
    });
  });
});
