// Issue 61, point 3: an operation is declared once, in the module of its capability (src/deploy/<capability>/
// operations.ts, gathered by src/deploy/operations.ts), and everything that lists operations reads the declarations. This test holds it:
// (1) every operation has one declaration; (2) no other module of src/ holds a record keyed by operations,
// or a list or a Set of them: an object, array or call whose own keys or string literals are five
// operation names or more, or a Set made of a list that holds any, is one (but the exact exceptions below, each with its
// reason); (3) no message lists operations by hand: a string that names three operations or more in a row
// ("create, replace, job") is one.
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { OPERATION_NAMES, OPERATIONS } from '../../src/deploy/operations.js';
import { OPERATION_NAMES as PLATFORM_NAMES } from '../../src/platform/platform-settings.js';
import { sourceFiles } from '../helpers/source-files.js';

const SRC = fileURLToPath(new URL('../../src/', import.meta.url));
/** The declarations' modules: each capability folder's operations.ts, and the gathering point that lists them. */
const isDeclarations = (file: string): boolean =>
  file === 'deploy/operations.ts' || /^deploy\/(?!engine\/)[a-z]+\/operations\.ts$/.test(file);

/**
 * The modules that may write operation names as a list, and why. The list is exact: a new file fails, and
 * so does one that no longer holds a list (it may only shrink).
 */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  // The platform's part of each declaration (endpoint, live form, task ids, fields, traits), found by name.
  'platform/operations/operation-table.ts': 'the platform rows',
  // Each kind names the operations that read, stop, pause, search and sweep it (its row).
  // The names the platform's settings are typed by; the test below holds them equal to the declarations'.
  'platform/platform-settings.ts': "the platform's names",
  'platform/task-kinds.ts': 'the kinds'
};

/** Each module's code without its comments, by its path under src/. */
const codes = new Map(
  sourceFiles(SRC).map((file) => [
    relative(SRC, file),
    readFileSync(file, 'utf8')
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
  ])
);
const NAME = `(?:${OPERATION_NAMES.join('|')})`;
/**
 * How many operation names one group writes (as its own keys or string literals) makes it a list of
 * operations: fewer are fields of another sense (a diagnosis's nodes, events and logs; the settings'
 * preheat, volume and transfer).
 */
const LEAST_LISTED = 5;

/**
 * The groups of a module's code, each as what it holds directly (a group inside it left out): the text
 * within each pair of braces, brackets or parentheses.
 */
function groupsOf(code: string): string[] {
  const stack: string[] = [''];
  const groups: string[] = [];
  const append = (text: string): void => {
    stack.push(`${stack.pop() ?? ''}${text}`);
  };
  for (const char of code) {
    if ('{[('.includes(char)) stack.push(char);
    else if ('}])'.includes(char) && stack.length > 1) {
      groups.push(stack.pop() ?? '');
      append('0');
    } else append(char);
  }
  return groups;
}

/** The operation names a group writes as keys or string literals. */
function namesIn(group: string): Set<string> {
  return new Set([
    ...[...group.matchAll(new RegExp(`(?:^|[{,\\s])(${NAME})\\??:`, 'g'))].map((m) => m[1] ?? ''),
    ...[...group.matchAll(new RegExp(`'(${NAME})'`, 'g'))].map((m) => m[1] ?? '')
  ]);
}

describe('the operations', () => {
  it("are each declared once, in their capability's operations.ts", () => {
    expect(new Set(OPERATION_NAMES).size).toBe(OPERATIONS.length);
    const declaring = (name: string): string[] =>
      [...codes]
        .filter(([file, code]) => isDeclarations(file) && code.includes(`name: '${name}'`))
        .map(([file]) => file);
    for (const name of OPERATION_NAMES) expect({ name, in: declaring(name).length }).toEqual({ name, in: 1 });
    // The platform's settings are typed by its own list until the platform takes its rows from them.
    expect([...OPERATION_NAMES]).toEqual([...PLATFORM_NAMES]);
  });

  it('are listed, keyed or gathered in a Set nowhere but in their declarations', () => {
    const listing = [...codes]
      .filter(([file]) => !isDeclarations(file))
      .filter(
        ([, code]) =>
          groupsOf(code).some((group) => namesIn(group).size >= LEAST_LISTED) ||
          [...code.matchAll(/new Set(?:<[^>]*>)?\(\[[^\]]*\]/g)].some((m) => namesIn(m[0]).size > 0)
      )
      .map(([file]) => file)
      .sort();
    expect(listing).toEqual(Object.keys(EXCEPTIONS).sort());
  });

  it('are listed in no message by hand: a message that lists them reads the declarations', () => {
    const listed = [...codes]
      .filter(([file]) => !isDeclarations(file))
      .flatMap(([file, code]) =>
        [...code.matchAll(new RegExp(`\\b${NAME}(?:(?:, | or | and )${NAME}\\b){2,}`, 'g'))].map(
          (m) => `${file}: ${m[0]}`
        )
      );
    expect(listed).toEqual([]);
  });
});
