import { TransportError } from '../../src/platform/client.js';
import {
  isRefusal,
  neverSent,
  rateLimitedOrNeverSent,
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
    // Regression (issue 48): a create answered 429 was taken as certainly not applied, and it landed.
    [api(429, 'C010'), 'HTTP 429', false],
    [api(500, 'C999'), 'HTTP 500', false],
    [api(502, undefined), 'HTTP 502', false],
    [api(503, undefined), 'HTTP 503', false],
    [api(504, undefined), 'HTTP 504', false],
    [api(200, undefined), 'an answer that is not JSON', false]
  ])('retries %#: %s, never sent (so not applied for sure): %s', (error, reason, notSent) => {
    expect(transientReason(error)).toBe(reason);
    expect(neverSent(error)).toBe(notSent);
    expect(rateLimitedOrNeverSent(error)).toBe(notSent || reason === 'HTTP 429');
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

  // Regression: C002 was read as a signature refusal and C007 as a missing task, the emulator using the
  // same mapping, so each confirmed the other. A refusal is a refusal, whatever its code or wording.
  it.each([
    ['C002', 'signature error: timestamp expired'],
    ['C007', 'task 5 does not exist'],
    ['C004', 'API Key不存在'],
    ['C008', 'the task is assigned to another node'],
    ['Z001', 'timestamp must be a string']
  ])('takes every code alike: %s (%s) is a refusal, neither retried nor read for a meaning', (code, said) => {
    expect([isRefusal(api(200, code, said)), transientReason(api(200, code, said))]).toEqual([
      true,
      undefined
    ]);
  });
});
