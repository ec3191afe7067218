// The end-to-end harness's check that no request's stamp (timestamp and signature) repeats: strict for one
// run; for runs in flight together (separate processes with one token), the very same call may repeat.
import { expectRunInvariants } from './scenarios/harness.js';
import type { RecordedRequest } from '../../emulator/index.js';
import type { StepRun } from '../../scripts/action-runner.js';

const RUN: StepRun = {
  exitCode: 0,
  stdout: '',
  stderr: '',
  outputs: {},
  state: {},
  summary: '',
  responseFile: undefined,
  diagnosticsFile: undefined,
  files: {},
  wallMs: 0
};

const request = (id: number, timestamp: string, body = ''): RecordedRequest => ({
  id,
  receivedAt: 0,
  method: 'POST',
  target: '/api/deployment/task/search',
  path: '/api/deployment/task/search',
  headers: { timestamp, sign_str: `signature-of-${timestamp}-${body}` },
  body,
  applied: true
});

const check = (requests: RecordedRequest[], together?: number): void => {
  expectRunInvariants(RUN, requests, [], () => false, together);
};

describe('the stamp invariant of the end-to-end runs', () => {
  it('refuses a stamp sent twice by one run', () => {
    expect(() => {
      check([request(1, '1700000000000'), request(2, '1700000000000')]);
    }).toThrow();
  });

  it('lets two runs in flight send the very same call in the same millisecond, once each', () => {
    expect(() => {
      check([request(1, '1700000000000'), request(2, '1700000000000')], 2);
    }).not.toThrow();
    expect(() => {
      check([request(1, '1700000000000'), request(2, '1700000000000'), request(3, '1700000000000')], 2);
    }).toThrow();
  });

  it('refuses one stamp on two different calls, whatever runs together', () => {
    const other = { ...request(2, '1700000000000'), target: '/api/task/deployment/detail?task_id=1' };
    expect(() => {
      check([request(1, '1700000000000'), other], 2);
    }).toThrow();
  });
});
