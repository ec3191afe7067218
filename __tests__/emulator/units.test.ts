import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { isStandardBase64 } from '../../emulator/base64.js';
import { stripPkcs1Type2 } from '../../emulator/body-decryption.js';
import { parseConfig, parseFaultRule } from '../../emulator/config.js';
import { FaultRules, TokenBucket } from '../../emulator/faults.js';
import { exactNumber, parseJson, toJson } from '../../emulator/json.js';

describe('stripPkcs1Type2', () => {
  const em = (...parts: number[][]): Buffer => Buffer.from(parts.flat());
  const padding = Array.from({ length: 8 }, () => 0xab);

  it.each([
    ['a well-formed block', em([0, 2], padding, [0], [1, 2, 3]), [1, 2, 3]],
    ['an empty message', em([0, 2], padding, [0]), []],
    ['a longer padding string', em([0, 2], padding, padding, [0], [9]), [9]]
  ])('strips %s', (_what, block, message) => {
    expect([...(stripPkcs1Type2(block) ?? [])]).toEqual(message);
  });

  it.each([
    ['a first byte other than 0', em([1, 2], padding, [0], [1])],
    ['block type 1 (a signature)', em([0, 1], padding, [0], [1])],
    ['fewer than 8 padding bytes', em([0, 2], padding.slice(1), [0], [1])],
    ['no separator', em([0, 2], padding, [1, 2, 3])],
    ['too short a block', em([0, 2, 1, 0])]
  ])('refuses %s', (_what, block) => {
    expect(stripPkcs1Type2(block)).toBeUndefined();
  });
});

describe('TokenBucket', () => {
  it('allows a burst, then one request per 1/rate seconds, saying how long to wait', () => {
    const bucket = new TokenBucket({ ratePerSecond: 4, burst: 2 });
    expect([bucket.take(0), bucket.take(0)]).toEqual([{ allowed: true }, { allowed: true }]);
    expect(bucket.take(0)).toEqual({ allowed: false, waitMs: 250 });
    expect(bucket.take(100)).toEqual({ allowed: false, waitMs: 150 });
    expect(bucket.take(250)).toEqual({ allowed: true });
    expect(bucket.take(10_000)).toEqual({ allowed: true });
    expect(bucket.take(10_000)).toEqual({ allowed: true });
    expect(bucket.take(10_000).allowed).toBe(false);
  });

  it('refuses a limit that could never admit a request', () => {
    expect(() => new TokenBucket({ ratePerSecond: 0, burst: 1 })).toThrow(/rate > 0/);
    expect(() => new TokenBucket({ ratePerSecond: 1, burst: 0 })).toThrow(/burst >= 1/);
  });
});

describe('FaultRules', () => {
  it('applies the first matching rule as many times as asked', () => {
    const rules = new FaultRules();
    rules.add({ path: '/a', times: 2, answer: { kind: 'reset' } });
    rules.add({ method: 'GET', answer: { kind: 'malformed_json' } });
    expect(rules.take('POST', '/b')).toBeUndefined();
    expect(rules.take('POST', '/a')?.answer).toEqual({ kind: 'reset' });
    expect(rules.take('GET', '/a')?.answer).toEqual({ kind: 'reset' });
    expect(rules.take('GET', '/a')?.answer).toEqual({ kind: 'malformed_json' });
    expect(rules.take('GET', '/a')).toBeUndefined();
    expect(() => {
      rules.add({ times: 0 });
    }).toThrow(/at least one request/);
  });
});

describe('isStandardBase64', () => {
  it('accepts Base64 of every padding, and bodies of several MiB (a regex overflowed the stack at 5 MiB)', () => {
    expect(['', 'YQ==', 'YWI=', 'YWJj', '+/+/'].map(isStandardBase64)).toEqual([
      true,
      true,
      true,
      true,
      true
    ]);
    expect(isStandardBase64(Buffer.alloc(6 * 1024 * 1024, 7).toString('base64'))).toBe(true);
  });

  it.each(['YQ', 'YQ=', 'Y===', 'YW=j', 'YW j', 'YWJj\n', '-_-_', 'YQ==YQ=='])('refuses %j', (text) => {
    expect(isStandardBase64(text)).toBe(false);
  });
});

describe('emulator config (--config, --fault)', () => {
  // Every behaviour a config may set, the first fault's times as written ('always') or as read (Infinity).
  const everyBehaviour = (times: string | number) => ({
    faults: [
      { path: '/api/deployment/task/stop', times, answer: { kind: 'status', status: 503 } },
      { method: 'POST', apply: true, answer: { kind: 'envelope', code: '0000', data: {} } },
      { delayMs: 5000 },
      { answer: { kind: 'large', bytes: 1e8 } },
      { answer: { kind: 'deep', depth: 3000 } },
      { answer: { kind: 'status', status: 429, retryAfter: { seconds: 60, as: 'http-date' } } }
    ],
    rateLimit: { ratePerSecond: 20, burst: 5 },
    storageVerdict: { pass: false, message: 'bucket not found' },
    text: { msg: '::error::x' },
    serviceUrl: 'javascript:alert({port})',
    envelope: { messageField: 'message' },
    endedTasksGone: true,
    readyAfterSeconds: 2,
    nodeLagSeconds: 30,
    failingCreates: [2],
    pricePerPointHour: 3,
    crashLoops: [
      { pattern: '-crash$', reason: 'ImagePullBackOff', exitCode: 0, nodeStatus: 'Failed', log: 'x' }
    ]
  });

  it('reads every behaviour, with "always" for a rule that never runs out', () => {
    expect(parseConfig(everyBehaviour('always'))).toEqual(everyBehaviour(Infinity));
  });

  it.each([
    [{ fault: [] }, /config has unknown field fault: use faults, /],
    [{ faults: {} }, /config\.faults must be an array/],
    [
      { faults: [{ answer: { kind: 'teapot' } }] },
      /config\.faults\[0\]\.answer\.kind must be one of status, /
    ],
    [{ faults: [{ times: -1 }] }, /config\.faults\[0\]\.times must be a number/],
    [{ storageVerdict: { pass: 'no', message: '' } }, /storageVerdict\.pass must be true or false/],
    [{ faults: [{ answer: { kind: 'reset', status: 1 } }] }, /answer has unknown field status/],
    [{ crashLoops: [{ pattern: '(' }] }, /config\.crashLoops\[0\]\.pattern is not a regular expression/],
    [
      { crashLoops: [{ pattern: 'x', nodeStatus: 'Pending' }] },
      /crashLoops\[0\]\.nodeStatus must be one of Running, Failed/
    ]
  ])('refuses %j, naming the field', (config, message) => {
    expect(() => parseConfig(config)).toThrow(message);
  });

  it('reads one fault rule as --fault gives it', () => {
    expect(parseFaultRule({ path: '/x', answer: { kind: 'reset' } }, '--fault #1')).toEqual({
      path: '/x',
      answer: { kind: 'reset' }
    });
    expect(() => parseFaultRule([], '--fault #2')).toThrow('--fault #2 must be a JSON object');
    expect(parseFaultRule({ path: '/x', skip: 1, times: 'always' })).toEqual({
      path: '/x',
      skip: 1,
      times: Infinity
    });
  });

  it('reads the bad images of a config as a pattern, and refuses one that is not', () => {
    expect(parseConfig({ badImages: ':bad$' })).toEqual({ badImages: ':bad$' });
    expect(() => parseConfig({ badImages: '(' })).toThrow('config.badImages is not a regular expression');
  });
});

describe('emulator JSON', () => {
  it('keeps integers beyond 2^53 exact both ways', () => {
    const parsed = parseJson('{"task_id":9007199254740993,"points":2,"price":1.5}');
    expect(parsed).toEqual({ task_id: 9007199254740993n, points: 2, price: 1.5 });
    expect(toJson(parsed)).toBe('{"task_id":9007199254740993,"points":2,"price":1.5}');
    expect(exactNumber('9007199254740991')).toBe(9007199254740991);
  });
});

describe('the emulator is independent of the action', () => {
  it('imports nothing from src/', () => {
    const dir = fileURLToPath(new URL('../../emulator/', import.meta.url));
    const imports = readdirSync(dir)
      .filter((name) => name.endsWith('.ts'))
      .flatMap((name) =>
        [...readFileSync(`${dir}${name}`, 'utf8').matchAll(/from '([^']+)'/g)].map((m) => `${name}: ${m[1]}`)
      );
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter((line) => /src\//.test(line))).toEqual([]);
  });
});
