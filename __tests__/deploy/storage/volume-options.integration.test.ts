// Issue 61, point 7 (issue 64, point 5): the operation volume_options, added by the "new operation"
// recipe, against the strict emulator over real HTTPS: its one call as the reference documents it (a
// signed GET with no body and no parameters), its rows and its data output in the action, and its table
// and JSON rows at the command line.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EXIT } from '../../../src/cli/exit-codes.js';
import { listRowsOf } from '../../../src/platform/operations/calls.js';
import { startEmulator, type Emulator } from '../../../emulator/index.js';
import { runCliIn, tokenEnvironment } from '../../helpers/cli-run.js';
import { useStepBench } from '../../helpers/emulator-step.js';
import { fixtureEmulatorKeys } from '../../helpers/fixtures.js';
import { SHUFFLED_CODES } from '../../helpers/platform-client.js';

const DICTIONARIES = '/api/storage/nas/v1/dictionaries';

/** The regions and classes of the emulator's volume configurations, each once, as its answer lists them. */
const OPTIONS = [
  { option: 'region', value: 'bj-001', name: '北京一区' },
  { option: 'region', value: 'gd-001', name: '广东-T1' },
  { option: 'region', value: 'hb-001', name: '河北一区' },
  { option: 'storage_class', value: 'nfs-standard', name: '标准型' },
  { option: 'storage_class', value: 'cpfs-performance', name: '性能型' }
];

describe('operation volume_options', () => {
  const bench = useStepBench({ strict: true }, { operation: 'volume_options' });

  it('lists the regions and storage classes a volume can be made in, before any volume exists', async () => {
    const { result, outputs, failure } = await bench.step();
    expect(failure).toBeUndefined();
    // One signed GET, no body, no query: verified and answered by the strict emulator.
    const sent = bench.sent(DICTIONARIES);
    expect(sent.map((r) => [r.method, r.target, r.body, r.verdict?.reason])).toEqual([
      ['GET', DICTIONARIES, '', 'ok']
    ]);
    expect(bench.emulator.requests.map((r) => r.path)).toEqual([DICTIONARIES]);
    // The data output is the platform's answer; count, the rows read from it.
    expect(JSON.parse(outputs.data)).toEqual({
      regions: [
        { tag: 'bj-001', name: '北京一区' },
        { tag: 'gd-001', name: '广东-T1' },
        { tag: 'hb-001', name: '河北一区' }
      ],
      storage_classes: [
        { storage_class: 'nfs-standard', storage_class_name: '标准型' },
        { storage_class: 'cpfs-performance', storage_class_name: '性能型' }
      ]
    });
    expect(outputs.count).toBe(String(OPTIONS.length));
    expect(listRowsOf('volume_options', result.calls[0]?.result?.data)?.rows).toEqual(OPTIONS);
  });

  it('sends nothing in a dry run, and says what it would send', async () => {
    // A dry run prints and reports no result.
    await expect(bench.step({ dry_run: 'true' }, { dryRun: true })).rejects.toThrow('reported nothing');
    expect(bench.emulator.requests).toEqual([]);
    const said = bench.log.join('\n');
    expect(said).toContain(`GET ${bench.emulator.base_url}${DICTIONARIES}\n`);
    expect(said).toContain('body: no body');
  });
});

describe('elastic-deploy volume-options', () => {
  // The command line runs on the real clock: an emulator on it, as the CLI's own tests have.
  let emulator: Emulator;
  let dir: string;
  beforeEach(async () => {
    emulator = await startEmulator({ ...SHUFFLED_CODES, keys: fixtureEmulatorKeys(), strict: true });
  });
  afterEach(() => emulator.stop());
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'volume-options-'));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** Runs the command line in this process with the emulator's token-mode key, stdout a terminal or not. */
  const cli = (argv: string[], stdoutIsTerminal: boolean) =>
    runCliIn(argv, tokenEnvironment(emulator), {
      stdoutIsTerminal,
      makeRunDir: () => {
        const path = mkdtempSync(join(dir, 'run-'));
        return {
          path,
          remove: () => {
            rmSync(path, { recursive: true, force: true });
          }
        };
      }
    });

  it('prints the options as a table at a terminal, and as JSON rows in a pipe', async () => {
    const table = await cli(['volume-options'], true);
    expect(table.code).toBe(EXIT.ok);
    const lines = table.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^OPTION +VALUE +NAME$/);
    expect(lines.slice(1).map((line) => line.split(/ +/))).toEqual(
      OPTIONS.map((row) => [row.option, row.value, row.name])
    );
    expect(table.stderr).toContain("a region by the storage's tag");
    const json = await cli(['volume-options', '--output', 'json'], false);
    expect(json.code).toBe(EXIT.ok);
    expect(JSON.parse(json.stdout)).toMatchObject({ count: OPTIONS.length, rows: OPTIONS });
    const sent = emulator.requests.filter((r) => r.path === DICTIONARIES);
    expect(sent.map((r) => [r.method, r.body, r.verdict?.reason])).toEqual([
      ['GET', '', 'ok'],
      ['GET', '', 'ok']
    ]);
  });
});
