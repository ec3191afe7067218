// Issue 64, point 1: one syntax for every copy of data and results: an object prefix, a workspace path
// or a volume's path on either side, and a clear refusal of whatever the input cannot copy.
import { InputError } from '../../../../src/basics/input-error.js';
import { parseCopies } from '../../../../src/deploy/engine/inputs/parsers.js';

const refusal = (input: 'data' | 'results', value: string): string => {
  try {
    parseCopies(input, value, input === 'data' ? 'in' : 'out');
  } catch (error) {
    expect(error).toBeInstanceOf(InputError);
    const message = (error as Error).message;
    expect(message).not.toMatch(/\n/);
    return message;
  }
  throw new Error(`${input} ${JSON.stringify(value)} was not refused`);
};

describe('the copies of data and results', () => {
  it('reads data from an object prefix or the workspace into a volume, one copy a line', () => {
    expect(
      parseCopies(
        'data',
        'v3/ -> work:/data\n  ./dataset/ -> 1234:/in  \n\n. -> work:/all\n./model.bin -> w:/m',
        'in'
      )
    ).toEqual([
      { from: { kind: 'objects', prefix: 'v3/' }, to: { kind: 'nas', volume: 'work', path: '/data' } },
      {
        from: { kind: 'workspace', path: './dataset/' },
        to: { kind: 'nas', volume: '1234', path: '/in' }
      },
      { from: { kind: 'workspace', path: '.' }, to: { kind: 'nas', volume: 'work', path: '/all' } },
      { from: { kind: 'workspace', path: './model.bin' }, to: { kind: 'nas', volume: 'w', path: '/m' } }
    ]);
  });

  it('reads results out of a volume to an object prefix or the workspace', () => {
    expect(parseCopies('results', 'work:/out -> results/eval/\nwork:/ -> ./results/', 'out')).toEqual([
      {
        from: { kind: 'nas', volume: 'work', path: '/out' },
        to: { kind: 'objects', prefix: 'results/eval/' }
      },
      { from: { kind: 'nas', volume: 'work', path: '/' }, to: { kind: 'workspace', path: './results/' } }
    ]);
  });

  it('keeps an object prefix as before: the whole bucket when empty, a volume path with a colon in it', () => {
    expect(parseCopies('data', '-> work:/data', 'in')).toEqual([
      { from: { kind: 'objects', prefix: '' }, to: { kind: 'nas', volume: 'work', path: '/data' } }
    ]);
    expect(parseCopies('data', 'a/b:/c -> work:/x:y', 'in')).toEqual([
      { from: { kind: 'objects', prefix: 'a/b:/c' }, to: { kind: 'nas', volume: 'work', path: '/x:y' } }
    ]);
  });

  it.each([
    [
      'data',
      'v3/ => a:/x',
      'data has "v3/ => a:/x", which is no copy: write one a line as prefix/ -> volume:/path or ./dir/ -> volume:/path'
    ],
    ['data', 'a -> b -> c:/x', /^data has "a -> b -> c:\/x", which is no copy: /],
    [
      'results',
      'a:/x',
      'results has "a:/x", which is no copy: write one a line as volume:/path -> prefix/ or volume:/path -> ./dir/'
    ],
    [
      'data',
      'work:/a -> work:/b',
      'data has "work:/a -> work:/b", which copies from a volume to a volume, but data copies into a volume, from an object prefix or the workspace: write prefix/ -> volume:/path or ./dir/ -> volume:/path'
    ],
    [
      'data',
      './a/ -> out/',
      /which copies from the workspace to an object prefix, but data copies into a volume/
    ],
    [
      'data',
      'v3/ -> ./a/',
      /which copies from an object prefix to the workspace, but data copies into a volume/
    ],
    [
      'results',
      './a/ -> work:/x',
      'results has "./a/ -> work:/x", which copies from the workspace to a volume, but results copy out of a volume, to an object prefix or the workspace: write volume:/path -> prefix/ or volume:/path -> ./dir/'
    ],
    [
      'results',
      'work:/a -> other:/b',
      /which copies from a volume to a volume, but results copy out of a volume/
    ],
    ['results', 'v3/ -> ./a/', /which copies from an object prefix to the workspace, but results copy out/]
  ] as const)('refuses a pair the input cannot copy: %s %j', (input, value, message) => {
    const text = refusal(input, value);
    expect(text).toEqual(typeof message === 'string' ? message : expect.stringMatching(message));
  });

  it.each([
    [
      'data',
      './a/../../etc -> w:/x',
      'has .. in a workspace path: write a path inside the workspace, such as ./dataset/, without ..'
    ],
    ['data', './.. -> w:/x', 'has .. in a workspace path'],
    ['data', '.\\..\\x -> w:/x', 'has .. in a workspace path'],
    ['results', 'w:/x -> ./out/..', 'has .. in a workspace path'],
    [
      'data',
      './a -> w:/x/../../y',
      "has .. in a volume path: write the path from the volume's root, without .."
    ],
    ['results', 'w:/.. -> ./out/', 'has .. in a volume path'],
    [
      'data',
      '/etc/ -> w:/x',
      'names "/etc/", a path outside the workspace: write a path from the workspace that starts with ./'
    ],
    ['results', 'w:/x -> /tmp/out/', 'names "/tmp/out/", a path outside the workspace'],
    ['data', '../up -> w:/x', 'names "../up", a path outside the workspace'],
    ['data', '.. -> w:/x', 'names "..", a path outside the workspace'],
    ['results', 'w:/x -> ~/out', 'names "~/out", a path outside the workspace'],
    ['data', '\\\\server\\share -> w:/x', 'a path outside the workspace'],
    ['data', './a\u0000b -> w:/x', 'has a space or a control character in a path'],
    ['data', './a b -> w:/x', 'has a space or a control character in a path']
  ] as const)('refuses a path that leaves the workspace or the volume: %s %j', (input, value, part) => {
    const text = refusal(input, value);
    expect(text).toContain(part);
    expect(text.startsWith(`${input} has `)).toBe(true);
  });
});
