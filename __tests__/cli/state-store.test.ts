import { NO_CLEANUP } from '../../src/deploy/door.js';
import { saveCleanup } from '../../src/action/saved-cleanup.js';
import type { CliIo } from '../../src/cli/cli-io.js';
import { INPUTS_KEY, StateStore, stateHost, stillToClean } from '../../src/cli/state-store.js';

/** A file system of one path: what reading it gives (a text, or an error with its code), what was written. */
function oneFile(content: string | { code?: string }): CliIo & { written: string[] } {
  const written: string[] = [];
  return {
    argv: [],
    env: () => undefined,
    stdout: () => undefined,
    stderr: () => undefined,
    readFile: () => {
      if (typeof content === 'string') return content;
      throw Object.assign(new Error('cannot read'), content);
    },
    writeFile: (_path, text) => {
      written.push(text);
    },
    onSignal: () => () => undefined,
    isTerminal: false,
    version: '0.0.0',
    written
  };
}

/** A state file's text as a run writes it, with `created` the tasks it left. */
function stateFile(created: readonly string[]): string {
  const io = oneFile('');
  const store = new StateStore(io, 'state.json');
  store.set({ [INPUTS_KEY]: '{"operation":"create"}' });
  saveCleanup(stateHost(store), { ...NO_CLEANUP, action: 'stop', created });
  return io.written.at(-1) ?? '';
}

describe('a state file read for a cleanup', () => {
  it.each([
    [{ code: 'ENOENT' }, 'which does not exist'],
    [{ code: 'ENOTREG' }, 'which is no regular file'],
    [{ code: 'EFBIG' }, 'which is larger than a state file'],
    [{ code: 'EACCES' }, 'which cannot be read (EACCES)'],
    [{}, 'which cannot be read (error)']
  ])('says why it cannot be read: %j', (error, why) => {
    expect(() => {
      new StateStore(oneFile(error), 'state.json').load();
    }).toThrow(
      `--state-file names "state.json", ${why}: give the file the run wrote with --state-file (nothing was stopped)`
    );
  });

  it.each([
    ['{', 'it is no JSON'],
    ['[1]', 'it is no JSON object'],
    ['{"version": "1"}', "it names no run's inputs, as a state file does"]
  ])('refuses %s, which is no state file, naming why', (text, why) => {
    expect(() => {
      new StateStore(oneFile(text), 'state.json').load();
    }).toThrow(`which holds no state of elastic-deploy (${why})`);
  });

  it('takes the text values of a state file, and keeps a copy in memory only', () => {
    const io = oneFile(stateFile(['101']));
    const store = new StateStore(io, 'state.json');
    store.load();
    expect(store.get(INPUTS_KEY)).toBe('{"operation":"create"}');
    const copy = store.inMemory();
    copy.set({ extra: 'x' });
    expect([copy.get('extra'), store.get('extra'), io.written]).toEqual(['x', '', []]);
  });
});

describe('stillToClean, before a new run writes its state', () => {
  it.each([
    [{ code: 'ENOENT' }, { free: true }],
    [
      { code: 'ENOTREG' },
      { free: false, why: 'which is no regular file (a directory or a device): name a file' }
    ],
    [{ code: 'EFBIG' }, { free: false, why: 'which is larger than a state file: name another file' }],
    [{ code: 'EACCES' }, { free: false, why: 'which cannot be read (EACCES): name a file that can be' }],
    [{}, { free: false, why: 'which cannot be read (error): name a file that can be' }]
  ])('a path that cannot be read (%j) is free only when there is nothing', (error, use) => {
    expect(stillToClean('state.json', oneFile(error))).toEqual(use);
  });

  it('takes an empty file, and a state file that leaves nothing, as free', () => {
    expect(stillToClean('state.json', oneFile(' \n'))).toEqual({ free: true });
    expect(stillToClean('state.json', oneFile(stateFile([])))).toEqual({ free: true });
  });

  it('never writes over what is no state file', () => {
    expect(stillToClean('package.json', oneFile('{"name": "app"}'))).toEqual({
      free: false,
      why: "which is no state file of elastic-deploy (it names no run's inputs, as a state file does), and a run would write over it: name another file"
    });
  });

  it('keeps a state file that names what an earlier run left, and says how to clean it up', () => {
    const use = stillToClean('state.json', oneFile(stateFile(['101'])));
    expect(use.free).toBe(false);
    expect(use.free ? '' : use.why).toMatch(
      /^which still names what an earlier run left: .*101.*run elastic-deploy cleanup --state-file state\.json first, or name another file$/
    );
  });
});
