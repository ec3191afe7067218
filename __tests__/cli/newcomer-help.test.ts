// What a newcomer meets in the CLI's help and inputs (issue 63, points 3, 4 and 7): help that fits a
// screen, no flag in it that the CLI refuses, and every key and secret from a variable or a file.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCliArgs, flagOf } from '../../src/cli/cli-args.js';
import { cliHelp, operationHelp, SCREEN_LINES } from '../../src/cli/cli-help.js';
import { resolveInputs } from '../../src/cli/cli-inputs.js';
import type { CliIo } from '../../src/cli/cli-io.js';
import { FILE_INPUTS, SECRET_INPUTS } from '../../src/deploy/engine/inputs/index.js';
import { OPERATION_NAMES, operationNamed } from '../../src/deploy/door.js';
import { readRegularFile } from '../../src/host/private-file.js';

const lines = (text: string): number => text.replace(/\n$/, '').split('\n').length;
const PEM =
  '-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAu1SU1L7VLPHCozMxH2Mo\n-----END PUBLIC KEY-----\n';

describe('the help fits a screen (issue 63, point 7)', () => {
  it.each(OPERATION_NAMES.map((operation) => [operation]))(
    '%s: what it needs, its most used flags, its examples, and where the rest is',
    (operation) => {
      const help = operationHelp(operation, '0.2.0');
      expect({ operation, fits: lines(help) <= SCREEN_LINES }).toEqual({ operation, fits: true });
      expect(help).toContain(`\n  elastic-deploy ${flagOf(operation)} --help all\n`);
      expect(help).toContain(`blob/v0.2.0/docs/reference.md#${operation}`);
      expect(help).toContain('\nExamples:\n  ');
      for (const name of operationNamed(operation).needs.filter((n) => !SECRET_INPUTS.includes(n as never)))
        expect(help).toContain(`\n  --${flagOf(name)}`);
      const flags = help.match(/^ {2}--[a-z0-9-]+/gm) ?? [];
      expect(flags.length).toBeGreaterThanOrEqual(
        Math.min(5, new Set([...operationNamed(operation).needs, ...operationNamed(operation).inputs]).size)
      );
      expect(flags.length).toBeLessThanOrEqual(10);
    }
  );

  it('gives two examples of every operation a command line runs (the previews follow pull requests)', () => {
    for (const operation of OPERATION_NAMES.filter(
      (name) => name !== 'preview' && name !== 'preview_sweep'
    )) {
      const commands = operationNamed(operation).examples.filter((line) => !line.startsWith('#'));
      expect({ operation, two: commands.length >= 2 }).toEqual({ operation, two: true });
    }
  });

  it('keeps every flag one flag away: --help all', () => {
    const brief = operationHelp('create', '0.2.0');
    const all = operationHelp('create', '0.2.0', true);
    expect(lines(all)).toBeGreaterThan(SCREEN_LINES);
    for (const flag of ['--juicefs-mounts', '--capacity-timeout', '--files-dir', '--summary-file'])
      expect([flag, brief.includes(`  ${flag}`), all.includes(`  ${flag}`)]).toEqual([flag, false, true]);
    expect(parseCliArgs(['create', '--help', 'all'])).toEqual({
      kind: 'help',
      operation: 'create',
      all: true
    });
    expect(parseCliArgs(['create', '--help=all'])).toEqual({ kind: 'help', operation: 'create', all: true });
    expect(parseCliArgs(['create', '--help'])).toEqual({ kind: 'help', operation: 'create', all: false });
    expect(parseCliArgs(['help', 'create', 'all'])).toEqual({ kind: 'help', operation: 'create', all: true });
    expect(parseCliArgs(['--help', 'all'])).toEqual({ kind: 'help', all: true });
    expect(parseCliArgs(['--help'])).toEqual({ kind: 'help', all: false });
  });

  it('main --help fits a screen, lists every operation and every exit code, 5 too; --help all says the rest', () => {
    const help = cliHelp('0.2.0');
    expect(lines(help)).toBeLessThanOrEqual(SCREEN_LINES);
    for (const operation of OPERATION_NAMES)
      expect(help).toMatch(new RegExp(`^  ${flagOf(operation)} +\\S`, 'm'));
    for (const help of [cliHelp('0.2.0'), cliHelp('0.2.0', true)]) {
      expect(help.replace(/\n/g, ' ')).toMatch(
        /Exit codes: 0 success; 1 failed; 2 bad input .*; 3 a wait timed out; 4 a cleanup failed .*; 5 --max-cost reached .*; 130 interrupted/
      );
    }
    expect(help).toContain('elastic-deploy --help all');
    expect(cliHelp('0.2.0', true)).toContain('--files-dir D');
    expect(help).not.toContain('--files-dir D');
  });
});

describe('no help shows a flag the CLI refuses (issue 63, point 3)', () => {
  const refused = SECRET_INPUTS.map((name) => `--${flagOf(name)}`);

  it.each(OPERATION_NAMES.map((operation) => [operation]))('%s, brief and whole', (operation) => {
    for (const help of [operationHelp(operation, '0.2.0'), operationHelp(operation, '0.2.0', true)])
      for (const flag of refused)
        expect({ operation, flag, shown: new RegExp(`${flag}\\b(?!-)`).test(help) }).toEqual({
          operation,
          flag,
          shown: false
        });
  });

  it("names a secret's variable and its _FILE form where a flag would be", () => {
    const transfer = operationHelp('transfer', '0.2.0', true);
    expect(transfer).toMatch(
      /^Usage: elastic-deploy transfer --volume VOLUME .*--s3-bucket S3_BUCKET \[--input value\]\.\.\.$/m
    );
    expect(transfer).toMatch(
      /^ {2}ELASTIC_DEPLOY_S3_ACCESS_KEY +or ELASTIC_DEPLOY_S3_ACCESS_KEY_FILE \(a secret: never a flag\)$/m
    );
    expect(transfer.replace(/\s+/g, ' ')).toContain('Masked and sent as ELASTIC_DEPLOY_S3_ACCESS_KEY is.');
    expect(operationHelp('transfer', '0.2.0')).toContain(
      '  ELASTIC_DEPLOY_S3_SECRET_KEY, or ELASTIC_DEPLOY_S3_SECRET_KEY_FILE (a file holding it)'
    );
    for (const help of [cliHelp('0.2.0'), cliHelp('0.2.0', true)])
      for (const flag of refused) expect(help).not.toMatch(new RegExp(`${flag}\\b(?!-)`));
  });
});

describe('every key and secret from a variable or a file (issue 63, point 4)', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'file-inputs-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  const io = (env: Record<string, string>): CliIo => ({
    argv: [],
    env: (name) => env[name],
    stdout: () => undefined,
    stderr: () => undefined,
    readFile: (path, maxBytes) => readRegularFile(path, maxBytes),
    writeFile: () => undefined,
    onSignal: () => () => undefined,
    isTerminal: false,
    version: '0.2.0'
  });

  it('is every secret and the platform public key', () => {
    expect([...FILE_INPUTS].sort()).toEqual([...SECRET_INPUTS, 'platform_public_key'].sort());
  });

  it.each(FILE_INPUTS.map((name) => [name]))('%s is read from ELASTIC_DEPLOY_<NAME>_FILE', (name) => {
    const file = join(dir, `${name}.txt`);
    writeFileSync(file, name === 'platform_public_key' ? PEM : `value-of-${name}`);
    const masked: string[] = [];
    const inputs = resolveInputs({}, io({ [`ELASTIC_DEPLOY_${name.toUpperCase()}_FILE`]: file }), (s) =>
      masked.push(s)
    );
    expect(inputs[name]).toBe(name === 'platform_public_key' ? PEM : `value-of-${name}`);
    expect(masked.includes(inputs[name] ?? '')).toBe(SECRET_INPUTS.includes(name));
  });

  it('takes a flag value that starts with -----BEGIN as the value, not as a missing one', () => {
    for (const argv of [
      ['create', '--platform-public-key', PEM, '--task-name', 'x'],
      ['create', '--task-name', 'x', '--platform-public-key', PEM],
      ['create', `--platform-public-key=${PEM}`, '--task-name', 'x']
    ])
      expect(parseCliArgs(argv)).toMatchObject({
        kind: 'run',
        flags: { platform_public_key: PEM, task_name: 'x' }
      });
    // A value that only starts with a dash is still a flag that is missing its value.
    expect(() => parseCliArgs(['create', '--task-name', '-x'])).toThrow('--task-name needs a value');
  });
});
