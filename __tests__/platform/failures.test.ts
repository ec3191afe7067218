import { TransportError } from '../../src/platform/client.js';
import {
  codeHint,
  DEFAULT_ERROR_CODES,
  isRefusal,
  isSignatureRefusal,
  notApplied,
  transientReason
} from '../../src/platform/failures.js';
import { ApiError } from '../../src/protocol/envelope.js';

const api = (httpStatus: number, code: string | undefined, description = '') =>
  new ApiError('x', {
    httpStatus,
    code,
    body: code === undefined ? 'not_envelope' : 'envelope',
    description,
    requestId: undefined,
    retryAfter: undefined,
    serverDate: undefined
  });
const transport = (reason: TransportError['reason'], sent: boolean, code?: string) =>
  new TransportError('x', code, sent, reason);

describe('failure classification', () => {
  it.each([
    [transport('network', false, 'ECONNREFUSED'), 'ECONNREFUSED', true],
    [transport('network', true, 'ECONNRESET'), 'ECONNRESET', false],
    [transport('network', true, 'EPIPE'), 'EPIPE', false],
    [transport('network', false, 'EAI_AGAIN'), 'EAI_AGAIN', true],
    [transport('timeout', true, 'ETIMEDOUT'), 'no answer within request_timeout', false],
    [api(429, 'C010'), 'HTTP 429', true],
    [api(500, 'C999'), 'HTTP 500', false],
    [api(502, undefined), 'HTTP 502', false],
    [api(503, undefined), 'HTTP 503', false],
    [api(504, undefined), 'HTTP 504', false],
    [api(200, undefined), 'an answer that is not JSON', false]
  ])('retries %#: %s, not applied for sure: %s', (error, reason, notSent) => {
    expect(transientReason(error)).toBe(reason);
    expect(notApplied(error)).toBe(notSent);
  });

  it.each([
    [transport('tls', false, 'SELF_SIGNED_CERT_IN_CHAIN')],
    [transport('cancelled', true)],
    [api(200, 'C002', 'signature error')],
    [api(404, undefined)],
    [api(401, 'C004')],
    [new Error('bug')]
  ])('does not retry %#', (error) => {
    expect(transientReason(error)).toBeUndefined();
  });

  it.each([
    [api(200, 'C008'), true],
    [api(401, 'C004'), true],
    [api(500, 'C999'), false],
    [api(429, 'C010'), false],
    [api(200, undefined), false],
    [transport('network', true, 'ECONNRESET'), false],
    [new Error('bug'), false]
  ])('takes %# as a refusal (an envelope, nothing to retry): %s', (error, refusal) => {
    expect(isRefusal(error)).toBe(refusal);
  });

  it('names a code error_codes lists as a hint, and recognises a refused signature or timestamp', () => {
    const codes = DEFAULT_ERROR_CODES;
    expect(codeHint(api(200, 'C007', 'task 5 does not exist'), codes)).toMatch(
      /C007 is named task_not_found/
    );
    expect(codeHint(api(200, 'C008', 'cannot stop task 5 while it is End'), codes)).toBe('');
    expect(isSignatureRefusal(api(200, 'C002', 'signature error: timestamp expired'), codes)).toBe(true);
    expect(isSignatureRefusal(api(200, 'C005', 'parameter error'), codes)).toBe(false);
    expect(isSignatureRefusal(api(502, undefined, 'sign of life'), codes)).toBe(false);
  });

  it('never decides from the wording: "不存在" of a key, "assigned", "timestamp" under other codes', () => {
    const codes = DEFAULT_ERROR_CODES;
    expect(codeHint(api(200, 'C004', 'API Key不存在'), codes)).toBe('');
    expect(codeHint(api(200, 'C001', '任务不存在: task does not exist'), codes)).toBe('');
    expect(isSignatureRefusal(api(200, 'C008', 'the task is assigned to another node'), codes)).toBe(false);
    expect(isSignatureRefusal(api(200, 'C005', 'timestamp must be a string'), codes)).toBe(false);
    expect(codeHint(api(200, 'E404', 'x'), { ...codes, taskNotFound: ['E404'] })).not.toBe('');
  });
});
