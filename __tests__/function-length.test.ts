// No function in src/ over 60 lines (90 for a flow, a story told step by step): every
// function, method and arrow function, from its first line to its last (tests, the emulator and scripts
// aside). A long function is where bugs hide.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { sourceFiles } from './helpers/source-files.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
const MOST_LINES = 60;
/**
 * A flow may be a longer story, told top to bottom with a comment per step (the job's: create, Spot or on
 * demand, wait, stop what is unfinished, result), as CONTRIBUTING says: a module of the engine's flows
 * (deploy/engine/flows/), or a module of a capability folder of deploy/ that makes a flow (types one a Flow).
 */
const MOST_FLOW_LINES = 90;
const ENGINE_FLOWS = join(SRC, 'deploy/engine/flows/');
const CAPABILITIES = ['deployments', 'jobs', 'previews', 'storage', 'preheat', 'requests'].map((c) =>
  join(SRC, 'deploy', c, '/')
);
const isFlow = (file: string): boolean =>
  file.startsWith(ENGINE_FLOWS) ||
  (CAPABILITIES.some((folder) => file.startsWith(folder)) && /\bFlow\b/.test(readFileSync(file, 'utf8')));

/** Every function-like node with a body in the file: its first line, and how many lines it spans. */
function functionsOf(file: string): { line: number; lines: number }[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const found: { line: number; lines: number }[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body !== undefined) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const last = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      found.push({ line: first + 1, lines: last - first + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the functions of src/', () => {
  it(`are ${MOST_LINES} lines long at the most`, () => {
    const long = sourceFiles(SRC).flatMap((file) =>
      functionsOf(file)
        .filter((f) => f.lines > (isFlow(file) ? MOST_FLOW_LINES : MOST_LINES))
        .map((f) => `${relative(SRC, file)}:${f.line} is ${f.lines} lines long`)
    );
    expect(long).toEqual([]);
  });

  it('are all counted: declarations, arrow functions and callbacks (those of this very file)', () => {
    // sources, functionsOf, visit, and the arrow functions of the tests and their callbacks.
    expect(functionsOf(fileURLToPath(import.meta.url)).length).toBeGreaterThanOrEqual(10);
  });
});
