// The CLI's JSON: each output as what it is, so that a script reads `.succeeded_pods > 0` and
// `.task_ids[0]` without fromjson.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import {
  BOOLEAN_OUTPUTS,
  FILE_OUTPUTS,
  JSON_OUTPUTS,
  NUMBER_OUTPUTS,
  typedOutputs
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
  'transfer_id'
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
