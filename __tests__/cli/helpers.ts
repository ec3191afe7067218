// The command-line tool run in this process, on a test io, against an emulator of each test's own over
// real HTTPS (the client trusts its CA through NODE_EXTRA_CA_CERTS, set by npm test): what the CLI's test
// files register in their `describe` block.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Emulator } from '../../emulator/index.js';
import { nodeIo, type CliIo } from '../../src/cli/cli-io.js';
import { runCli } from '../../src/cli/run-cli.js';
import { readRegularFile } from '../../src/host/private-file.js';
import { startStrictEmulator } from '../helpers/platform-client.js';

export { SERVICE } from '../helpers/cli-args.js';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

export interface CliBench {
  /** The running test's emulator (strict, its tasks ready at once). */
  readonly emulator: Emulator;
  /** A directory of the describe block's own, for the files its tests write. */
  readonly dir: string;
  /** The temporary directories the runs made for their files. */
  readonly runDirs: string[];
  /** Where the next runs make their own directory, when not the system's temporary directory. */
  runDirParent: string | undefined;
  /** Runs the CLI with the emulator's token-mode key in the environment (and `env`). */
  readonly cli: (
    argv: string[],
    env?: Record<string, string>,
    signalAfter?: { test: (text: string) => boolean },
    isTerminal?: boolean,
    stdoutIsTerminal?: boolean
  ) => Promise<Run>;
}

/** The bench of a describe block: an emulator of each test's own (no other test's request counted). */
export function useCliBench(dirPrefix: string): CliBench {
  let emulator: Emulator | undefined;
  let dir: string | undefined;
  const real = nodeIo([]);
  const bench: CliBench = {
    get emulator(): Emulator {
      if (emulator === undefined) throw new Error('the emulator starts before each test');
      return emulator;
    },
    get dir(): string {
      if (dir === undefined) throw new Error('the directory is made before the tests');
      return dir;
    },
    runDirs: [],
    runDirParent: undefined,
    cli: (argv, env = {}, signalAfter, isTerminal = false, stdoutIsTerminal = false) =>
      runTestCli(bench, real, { argv, env, signalAfter, isTerminal, stdoutIsTerminal })
  };
  beforeEach(async () => {
    emulator = await startStrictEmulator();
  });
  afterEach(() => bench.emulator.stop());
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), dirPrefix));
  });
  afterAll(() => {
    rmSync(bench.dir, { recursive: true, force: true });
  });
  return bench;
}

interface CliRun {
  argv: string[];
  env: Record<string, string>;
  signalAfter: { test: (text: string) => boolean } | undefined;
  isTerminal: boolean;
  stdoutIsTerminal: boolean;
}

async function runTestCli(bench: CliBench, real: CliIo, run: CliRun): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const listeners = new Set<(signal: string) => void>();
  const environment: Record<string, string> = {
    ELASTIC_DEPLOY_BASE_URL: bench.emulator.base_url,
    ELASTIC_DEPLOY_TOKEN: bench.emulator.token_mode.token,
    // A token-mode key, on the platform's documented forms, as in production.
    ELASTIC_DEPLOY_API_PROFILE: 'live',
    ...run.env
  };
  const io: CliIo = {
    argv: run.argv,
    env: (name) => environment[name],
    stdout: (text) => out.push(text),
    stderr: (text) => {
      err.push(text);
      if (run.signalAfter?.test(text) === true) for (const listener of listeners) listener('SIGTERM');
    },
    readFile: (path, maxBytes) => readRegularFile(path, maxBytes),
    writeFile: (path, text) => {
      writeFileSync(path, text);
    },
    onSignal: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    isTerminal: run.isTerminal,
    stdoutIsTerminal: run.stdoutIsTerminal,
    version: '0.1.0',
    // The run's files as the real tool keeps them: a directory of its own, removed at exit.
    makeRunDir: () => {
      // As the real tool makes it in a temporary directory that takes no files.
      if (bench.runDirParent !== undefined) mkdtempSync(join(bench.runDirParent, 'elastic-deploy-run-'));
      const made = real.makeRunDir?.();
      if (made === undefined) throw new Error('nodeIo makes run directories');
      bench.runDirs.push(made.path);
      return made;
    },
    ...(real.ensureDir === undefined ? {} : { ensureDir: real.ensureDir }),
    ...(real.lock === undefined ? {} : { lock: real.lock })
  };
  const code = await runCli(io);
  return { code, stdout: out.join(''), stderr: err.join('') };
}
