import {
  exactInteger,
  JsonDepthError,
  MAX_JSON_DEPTH,
  parseJson,
  toCompactJson
} from '../../src/protocol/json.js';

describe('JSON without precision loss', () => {
  it('keeps integers beyond 2^53 and long decimals exact both ways', () => {
    const text = '{"task_id":9007199254740993,"price":0.10000000000000000001,"points":2,"ok":true,"n":null}';
    expect(toCompactJson(parseJson(text))).toBe(text);
  });

  it('writes compact JSON with raw UTF-8, never \\u escapes', () => {
    expect(
      toCompactJson({
        task_name: '部署-测试 ✓ 🚀',
        list: [1, { a: 'b' }],
        id: exactInteger('9007199254740993')
      })
    ).toBe('{"task_name":"部署-测试 ✓ 🚀","list":[1,{"a":"b"}],"id":9007199254740993}');
    expect(toCompactJson({ big: 12345678901234567890n })).toBe('{"big":12345678901234567890}');
  });

  it('reads safe numbers as plain numbers', () => {
    expect(parseJson('{"a":1,"b":1.5}')).toEqual({ a: 1, b: 1.5 });
  });

  it('refuses JSON nested deeper than its limit, which would overflow the stack (3,000 levels did)', () => {
    const nested = (depth: number): string => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    expect(toCompactJson(parseJson(nested(MAX_JSON_DEPTH)))).toBe(nested(MAX_JSON_DEPTH));
    for (const depth of [MAX_JSON_DEPTH + 1, 3000, 100_000]) {
      expect(() => parseJson(nested(depth))).toThrow(JsonDepthError);
      expect(() => parseJson('['.repeat(depth))).toThrow(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
    }
  });

  it('counts only brackets outside strings, escaped quotes included', () => {
    const inner = `${'[{'.repeat(1000)}\\"${'{'.repeat(1000)}`;
    expect(parseJson(JSON.stringify({ s: inner, t: [[1]] }))).toEqual({ s: inner, t: [[1]] });
  });
});
