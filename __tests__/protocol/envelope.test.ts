import { ApiError, readEnvelope, type HttpAnswer } from '../../src/protocol/envelope.js';

const answer = (body: string, status = 200, headers: HttpAnswer['headers'] = {}): HttpAnswer => ({
  status,
  headers,
  body
});

function apiError(a: HttpAnswer): ApiError {
  try {
    readEnvelope(a);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('readEnvelope accepted the answer');
}

describe('readEnvelope', () => {
  it.each([
    ['code as the string "0000" and msg', '{"code":"0000","msg":"ok","data":{"a":1}}', 'ok'],
    ['code as the number 0', '{"code":0,"msg":"ok","data":{"a":1}}', 'ok'],
    ['message instead of msg (the live platform)', '{"code":"0000","message":"done","data":{"a":1}}', 'done']
  ])('accepts %s', (_what, body, msg) => {
    // The envelope is kept as it came (its code a number where it was), for the response file.
    expect(readEnvelope(answer(body))).toEqual({
      code: '0000',
      msg,
      data: { a: 1 },
      envelope: JSON.parse(body) as unknown
    });
  });

  it('keeps integers beyond 2^53 exact in data', () => {
    const { data } = readEnvelope(answer('{"code":"0000","msg":"","data":{"task_id":9007199254740993}}'));
    expect(String((data as { task_id: unknown }).task_id)).toBe('9007199254740993');
  });

  it('answers null data when there is none', () => {
    expect(readEnvelope(answer('{"code":"0000","msg":"ok"}')).data).toBeNull();
  });

  it('refuses a non-0000 code with the HTTP status, code, description and request id', () => {
    const error = apiError(
      answer('{"code":"C002","msg":"signature error: bad","data":null}', 200, { 'x-request-id': 'req-7' })
    );
    expect(error).toMatchObject({
      httpStatus: 200,
      code: 'C002',
      description: 'signature error: bad',
      requestId: 'req-7'
    });
    expect(error.message).toBe('HTTP 200, code C002: signature error: bad (request id req-7)');
  });

  it('refuses code "0000" with an HTTP status other than 200', () => {
    expect(apiError(answer('{"code":"0000","msg":"ok","data":null}', 503)).message).toBe(
      'HTTP 503, code 0000: ok'
    );
  });

  it('refuses codes that only look like success', () => {
    expect(apiError(answer('{"code":"0","msg":"","data":null}')).message).toBe(
      'HTTP 200, code 0: (no description)'
    );
    expect(apiError(answer('{"code":1,"message":"x","data":null}')).code).toBe('1');
  });

  it('gives the status and a short sanitised excerpt of an HTML error page', () => {
    const page =
      '<html><head><title>502 Bad Gateway</title><style>x{}</style></head><body>\n::error::pwned\n<h1>502 Bad Gateway</h1></body></html>';
    const error = apiError(answer(page, 502, { 'content-type': 'text/html; charset=utf-8' }));
    expect(error.message).toBe(
      'HTTP 502 with a non-JSON answer (text/html): "502 Bad Gateway ::error::pwned 502 Bad Gateway"'
    );
    expect(error.message).not.toMatch(/\n/);
  });

  it('cuts a long non-JSON answer and says when there was nothing', () => {
    expect(apiError(answer('x'.repeat(1000), 500)).message).toMatch(
      /^HTTP 500 with a non-JSON answer \(no content type\): "x{199}…"$/
    );
    expect(apiError(answer('', 504)).message).toBe('HTTP 504 with a non-JSON answer (no content type)');
    expect(apiError(answer('{"code":"0000","msg":', 200)).message).toMatch(/non-JSON answer/);
    expect(apiError(answer('[1,2]', 200)).message).toMatch(/non-JSON answer/);
  });

  it('refuses an answer nested thousands of levels deep with a clear error, not a RangeError', () => {
    const deep = `{"code":"0000","msg":"ok","data":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}`;
    const error = apiError(answer(deep, 200, { 'x-request-id': 'r1' }));
    expect(error).toMatchObject({ httpStatus: 200, code: undefined, body: 'too_deep' });
    expect(error.message).toBe('HTTP 200 with JSON nested deeper than 256 levels (request id r1)');
  });

  it('flattens server text onto one line so it cannot start a workflow command', () => {
    const error = apiError(
      answer(JSON.stringify({ code: 'C999', msg: 'oops\n::add-mask::x\r\n::error::y', data: null }))
    );
    expect(error.message).toBe('HTTP 200, code C999: oops ::add-mask::x ::error::y');
  });
});
