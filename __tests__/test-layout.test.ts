// The tests' folders mirror src/ (issue 61, point 8): a test stands beside the unit tests of the code it
// exercises, in the folder of that code, whatever its kind (`<subject>.integration.test.ts`,
// `<subject>.hostile.test.ts`); and no test file grows past 1,000 lines.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sourceFiles } from './helpers/source-files.js';

const TESTS = fileURLToPath(new URL('./', import.meta.url));
const SRC = fileURLToPath(new URL('../src/', import.meta.url));
/**
 * The folders that test no folder of src/: the bundle end to end (e2e/), the emulator/ and
 * github-standin/ folders, the emulator and the action held to the platform's reference (contract/), and
 * what tests share.
 */
const NOT_OF_SRC = ['contract', 'e2e', 'emulator', 'fixtures', 'github-standin', 'helpers'];
const MOST_LINES = 1000;

/** Every folder below `dir` (relative to it), Jest's snapshot folders aside. */
function foldersBelow(dir: string, from = dir): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && entry.name !== '__snapshots__')
    .flatMap((entry) => [
      relative(from, join(dir, entry.name)),
      ...foldersBelow(join(dir, entry.name), from)
    ]);
}

describe("the tests' layout", () => {
  it('has a folder of src/ at the path of every test folder, but for those that test no folder of src/', () => {
    const folders = foldersBelow(TESTS).filter((folder) => !NOT_OF_SRC.includes(folder.split('/')[0] ?? ''));
    expect(folders).toContain('deploy/storage');
    expect(
      folders.filter(
        (folder) => !(existsSync(join(SRC, folder)) && statSync(join(SRC, folder)).isDirectory())
      )
    ).toEqual([]);
  });

  it('keeps every test file and helper under 1,000 lines', () => {
    const long = sourceFiles(TESTS)
      .map((file) => [relative(TESTS, file), readFileSync(file, 'utf8').split('\n').length] as const)
      .filter(([, lines]) => lines > MOST_LINES);
    expect(long).toEqual([]);
  });
});
