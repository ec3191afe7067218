// A call's answer texts are made once, as it comes (resultTexts): they must be what the outputs made of
// the answer at the end before (answerTexts: its data redacted, its body redacted on its own).
import fc from 'fast-check';
import { answerTexts, resultTexts } from '../../../src/deploy/engine/answer-texts.js';
import { readEnvelope } from '../../../src/protocol/envelope.js';

const answer = (body: string) => readEnvelope({ status: 200, headers: {}, body });

describe('the texts of an answer', () => {
  it('are those of its data and its body, each redacted, whichever way they are made', () => {
    const leaf = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 12 }),
      fc.integer(),
      fc.constant(null),
      fc.constant('北京酒仙桥'),
      fc
        .bigInt({ min: 10n ** 17n, max: 10n ** 19n })
        .map(String)
        .map((digits) => ({ digits }))
    );
    const key = fc.constantFrom('task_id', 'env', 'token', 'name', 'value', 'region_name', 'sk', 'mark');
    const tree = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        leaf,
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(key, tie('node'), { maxKeys: 5 })
      )
    })).node;
    // Written as the platform would: a bigint as its digits, unquoted.
    const json = (value: unknown): string =>
      JSON.stringify(value, (_k, v: unknown) =>
        typeof v === 'object' && v !== null && 'digits' in v ? `@@${String(v.digits)}@@` : v
      ).replace(/"@@(\d+)@@"/g, '$1');
    const envelope = fc
      .tuple(tree, fc.constantFrom('message', 'msg'), fc.boolean())
      .map(
        ([data, field, extra]) =>
          `{"code":"0000","${field}":"success","data":${json(data)}${extra ? ',"request_id":"r-1"' : ''}}`
      );
    fc.assert(
      fc.property(envelope, (raw) => {
        const result = answer(raw);
        expect(resultTexts(result, raw)).toEqual(answerTexts(result.data, raw));
      }),
      { numRuns: 400 }
    );
  });

  it("redacts a service's environment and a secret field in both texts, and keeps an answer without one as it came", () => {
    const raw =
      '{"code":"0000","message":"success","data":{"task_id":12345678901234567890,"services":[{"env":"A=1","token":"t-123456"}]}}';
    expect(resultTexts(answer(raw), raw)).toEqual({
      data: '{"task_id":12345678901234567890,"services":[{"env":"<redacted>","token":"<redacted>"}]}',
      response:
        '{"code":"0000","message":"success","data":{"task_id":12345678901234567890,"services":[{"env":"<redacted>","token":"<redacted>"}]}}'
    });
    const plain = '{"code":"0000", "message":"success", "data":{"status":"Running"}}';
    expect(resultTexts(answer(plain), plain)).toEqual({ data: '{"status":"Running"}', response: plain });
  });

  it('says null for a call that got no answer', () => {
    expect(resultTexts(undefined, undefined)).toEqual({ data: 'null', response: 'null' });
  });
});
