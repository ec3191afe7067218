import fc from 'fast-check';
import { isSafeNumber, LosslessNumber, parse, stringify } from 'lossless-json';
import {
  exactInteger,
  isSafeNumberText,
  JsonDepthError,
  MAX_JSON_DEPTH,
  parseJson,
  parseWrittenJson,
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

  // What parseJson gave before JSON.parse read the text in which no number can lose a digit.
  const losslessOnly = (text: string): unknown =>
    parse(text, null, {
      parseNumber: (digits) => (isSafeNumber(digits) ? Number(digits) : new LosslessNumber(digits)),
      onDuplicateKey: ({ newValue }) => newValue
    });

  // toCompactJson writes a value with no exact number through JSON.stringify, many times faster.
  it('writes any value as lossless-json does, whichever writer writes it', () => {
    const exact = fc.oneof(
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }),
      fc.bigInt({ min: 10n ** 16n, max: 10n ** 20n }).map((n) => new LosslessNumber(String(n)))
    );
    const value = fc.letrec((tie) => ({
      leaf: fc.oneof(fc.jsonValue(), fc.string({ unit: 'grapheme' }), exact, fc.constant(undefined)),
      node: fc.oneof(
        { depthSize: 'small' },
        tie('leaf'),
        fc.array(tie('node')),
        fc.dictionary(fc.string(), tie('node'))
      )
    })).node;
    fc.assert(
      fc.property(value, (v) => {
        expect(toCompactJson(v === undefined ? null : v)).toBe(stringify(v === undefined ? null : v));
      }),
      { numRuns: 500 }
    );
  });

  it('reads any text as lossless-json does, whichever parser reads it', () => {
    const number = fc.oneof(
      fc.stringMatching(/^-?(0|[1-9]\d{0,24})(\.\d{1,24})?([eE][+-]?\d{1,3})?$/),
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
      fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n))
    );
    // Strings with what looks like numbers in them: image tags, versions, long ids.
    const text = fc.stringMatching(/^[a-z0-9.:eE+-]{0,24}$/).map((t) => JSON.stringify(t));
    const item = fc.oneof(
      number,
      text,
      fc.jsonValue().map((v) => JSON.stringify(v))
    );
    const document = fc.oneof(
      fc.array(item).map((items) => `[${items.join(',')}]`),
      fc
        .array(fc.tuple(fc.constantFrom('a', 'b', 'task_id'), item))
        .map((pairs) => `{${pairs.map(([k, v]) => `"${k}": ${v}`).join(', ')}}`)
    );
    fc.assert(
      fc.property(document, (json) => {
        expect(parseJson(json)).toEqual(losslessOnly(json));
      }),
      { numRuns: 500 }
    );
  });

  it('keeps numbers exact next to strings that look like numbers', () => {
    const json =
      '{"service_image":"nginx:1.25.3","id":"12345678901234567890","price":1.25,"task_id":9007199254740993}';
    const value = parseJson(json) as Record<string, unknown>;
    expect(value.service_image).toBe('nginx:1.25.3');
    expect(value.price).toBe(1.25);
    expect(value.task_id).toEqual(exactInteger('9007199254740993'));
    expect(parseJson('{"service_image":"vllm:v0.6.3","points":2,"ratio":0.5}')).toEqual({
      service_image: 'vllm:v0.6.3',
      points: 2,
      ratio: 0.5
    });
  });

  it('takes the last value of a key given twice in an answer, on either path; refuses it in what a user wrote', () => {
    expect(parseJson('{"a":1,"a":2}')).toEqual({ a: 2 });
    expect(parseJson('{"a":1,"a":9007199254740993}')).toEqual({ a: exactInteger('9007199254740993') });
    expect(() => parseWrittenJson('{"a":1,"a":2}')).toThrow(SyntaxError);
    expect(parseWrittenJson('{"a":{"b":[1.5,9007199254740993]}}')).toEqual({
      a: { b: [1.5, exactInteger('9007199254740993')] }
    });
    expect(() => parseWrittenJson('['.repeat(MAX_JSON_DEPTH + 1))).toThrow(JsonDepthError);
  });

  it('reads answers of several MiB in one piece: a number of 8 million digits, a string of 8 million', () => {
    const digits = '7'.repeat(8_000_000);
    expect(parseJson(`[${digits}]`)).toEqual([exactInteger(digits)]);
    expect(parseJson(`{"s":"${'a'.repeat(8_000_000)}","n":1.5}`)).toEqual({
      s: 'a'.repeat(8_000_000),
      n: 1.5
    });
    expect(parseJson(`{"s":"${'1.'.repeat(4_000_000)}","n":1}`)).toEqual({ s: '1.'.repeat(4_000_000), n: 1 });
  });

  // Seen twice in the suite on a busy machine: a RangeError (Maximum call stack size exceeded) from a
  // regular expression run over the 8-million-digit number (lossless-json's isInteger, through
  // isSafeNumber), whose backtracking V8 bounds. The reader scans such text itself: over the answer, only
  // the search for a number's hint, which stops at the first; over a number, only lossless-json's check of
  // the LosslessNumber it makes.
  it('runs no regular expression of its own over a number of millions of digits', () => {
    const { exec } = Object.getOwnPropertyDescriptors(RegExp.prototype);
    const execOf = exec.value as (this: RegExp, text: string) => RegExpExecArray | null;
    const over: string[] = [];
    RegExp.prototype.exec = function (this: RegExp, text: string) {
      if (text.length >= 1_000_000) over.push(this.source);
      return execOf.call(this, text);
    };
    try {
      parseJson(`[${'7'.repeat(2_000_000)}]`);
      parseJson(`{"n":1.${'5'.repeat(2_000_000)}}`);
    } finally {
      RegExp.prototype.exec = execOf;
    }
    const hint = String.raw`\d[.eE]|\d{16}`;
    const losslessNumber = String.raw`^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$`;
    expect(over).toEqual([hint, losslessNumber, hint, losslessNumber]);
  });

  it('says a number is safe exactly when lossless-json does, without its expressions on a long one', () => {
    const numbers = fc.oneof(
      fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(String),
      fc
        .tuple(fc.integer({ min: -99999, max: 99999 }), fc.stringMatching(/^\d{1,25}$/))
        .map(([i, f]) => `${i}.${f}`),
      fc
        .tuple(fc.stringMatching(/^-?[1-9]\d{0,20}(\.\d{1,20})?$/), fc.integer({ min: -400, max: 400 }))
        .map(([m, e]) => `${m}e${e}`),
      fc.constantFrom('9007199254740991', '9007199254740992', '-9007199254740991', '0', '-0', '1.0', '0.1')
    );
    fc.assert(
      fc.property(numbers, (text) => isSafeNumberText(text) === isSafeNumber(text)),
      { numRuns: 3000 }
    );
    expect(isSafeNumberText(`1.${'0'.repeat(100)}`)).toBe(true);
    expect(isSafeNumberText(`0.${'3'.repeat(100)}`)).toBe(false);
  });
});
