import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { VERSION } from '../src/version.js';
import { OPERATIONS } from '../src/settings.js';
import { ROOT } from '../scripts/action-runner.js';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const action = parse(read('action.yml')) as {
  inputs: Record<string, { description: string }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string; post: string; 'post-if': string };
};
const readme = read('README.md');
/** The text of one "## " section of the README. */
const section = (title: string): string =>
  readme.split(/^## /m).find((part) => part.startsWith(`${title}\n`)) ?? '';

describe('the repository', () => {
  it('runs the action on node24 from the bundled dist/index.js', () => {
    expect(action.runs).toMatchObject({ using: 'node24', main: 'dist/index.js' });
  });

  it.each(Object.keys(action.inputs))('documents the input %s in the README', (name) => {
    expect(section('Inputs')).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
  });

  it.each(Object.keys(action.outputs))('documents the output %s in the README', (name) => {
    expect(section('Outputs')).toMatch(new RegExp(`^\\| \`${name}\` +\\|`, 'm'));
  });

  it.each(OPERATIONS)('shows an example workflow for the operation %s', (operation) => {
    expect(readme).toMatch(new RegExp(`^\\s+operation: ${operation}$`, 'm'));
  });

  it('shows the two commands on a fresh clone: the demo and the tests', () => {
    expect(section('Try it, test it')).toMatch(/npm ci\nnpm run demo .*\nnpm test /);
  });

  it('runs the post step from the same bundle, always', () => {
    expect(action.runs).toMatchObject({ post: 'dist/index.js', 'post-if': 'always()' });
  });

  it('names the version it sends in the User-Agent as package.json does', () => {
    expect(VERSION).toBe((JSON.parse(read('package.json')) as { version: string }).version);
  });
});
