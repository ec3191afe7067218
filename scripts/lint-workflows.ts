// npm run lint:workflows: actionlint on every workflow, and this repository's own rules for them:
// top-level permissions, and third-party actions pinned by full commit SHA with the version in a comment.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createLinter } from 'actionlint';
import { parse } from 'yaml';
import { ROOT } from './action-runner.js';

export interface Problem {
  file: string;
  line: number;
  message: string;
}

const PINNED = /^\s*-?\s*uses:\s*([^\s@#]+)@([0-9a-f]{40})\s+#\s*v\d+(\.\d+)*\s*$/;

/** The repository's own rules for a workflow file's text. */
export function policyProblems(file: string, text: string): Problem[] {
  const problems: Problem[] = [];
  const workflow = parse(text) as { permissions?: unknown } | null;
  if (workflow?.permissions === undefined) {
    problems.push({
      file,
      line: 1,
      message: 'no top-level permissions: declare them (read-only unless a job needs more)'
    });
  }
  problems.push(...runExpressionProblems(file, text));
  text.split('\n').forEach((line, index) => {
    const uses = /^\s*-?\s*uses:\s*(\S+)/.exec(line)?.[1];
    if (uses === undefined || uses.startsWith('./') || uses.startsWith('docker://')) return;
    if (!PINNED.test(line)) {
      problems.push({
        file,
        line: index + 1,
        message: `${uses} is not pinned by full commit SHA with its version in a comment`
      });
    }
  });
  return problems;
}

/**
 * `${{ }}` inside a `run:` script: the runner pastes the value into the script before the shell reads
 * it, so an output or input holding `"; rm -rf ~` or `$(...)` runs as code. Values reach scripts through
 * `env:` and are used as "$NAME". `firstLine` numbers lines of a YAML block taken from a larger file.
 */
export function runExpressionProblems(file: string, text: string, firstLine = 1): Problem[] {
  const problems: Problem[] = [];
  const lines = text.split('\n');
  lines.forEach((line, index) => {
    const run = /^(\s*)(-\s+)?run:\s*(.*)$/.exec(line);
    if (run === null) return;
    const indent = (run[1] ?? '').length + (run[2] ?? '').length;
    const script = [run[3] ?? ''];
    for (const next of lines.slice(index + 1)) {
      if (next.trim() !== '' && next.search(/\S/) <= indent) break;
      script.push(next);
    }
    if (script.join('\n').includes('${{')) {
      problems.push({
        file,
        line: firstLine + index,
        message: 'a run: script holds ${{ }}: pass the value through env: and use "$NAME" in the script'
      });
    }
  });
  return problems;
}

export async function lintWorkflows(root = ROOT): Promise<Problem[]> {
  const lint = await createLinter();
  const dir = join(root, '.github/workflows');
  const problems: Problem[] = [];
  for (const name of readdirSync(dir).filter((f) => /\.ya?ml$/.test(f))) {
    const file = `.github/workflows/${name}`;
    const text = readFileSync(join(dir, name), 'utf8');
    for (const result of lint(text, file)) {
      problems.push({ file, line: result.line, message: `${result.message} [${result.kind}]` });
    }
    problems.push(...policyProblems(file, text));
  }
  return problems;
}

if (process.argv[1]?.endsWith('lint-workflows.ts') === true) {
  const problems = await lintWorkflows();
  for (const p of problems) console.error(`${p.file}:${p.line}: ${p.message}`);
  console.log(problems.length === 0 ? 'workflows: no problems' : `workflows: ${problems.length} problem(s)`);
  process.exitCode = problems.length === 0 ? 0 : 1;
}
