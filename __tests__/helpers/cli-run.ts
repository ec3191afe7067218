// The command-line tool run in this process on a test io, against an emulator over real HTTPS (the
// client trusts its CA through NODE_EXTRA_CA_CERTS, set by npm test): for the tests outside cli/ that
// run a command or two (cli/helpers.ts is the bench of the CLI's own tests).
import type { Emulator } from '../../emulator/index.js';
import { nodeIo, type CliIo } from '../../src/cli/cli-io.js';
import { runCli } from '../../src/cli/run-cli.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The environment of a run with the emulator's token-mode key, on the platform's documented forms. */
export function tokenEnvironment(emulator: Emulator): Record<string, string> {
  return {
    ELASTIC_DEPLOY_BASE_URL: emulator.base_url,
    ELASTIC_DEPLOY_TOKEN: emulator.token_mode.token,
    ELASTIC_DEPLOY_API_PROFILE: 'live'
  };
}

/** The environment of a run with the emulator's RSA-mode key, its key files by path. */
export function rsaEnvironment(emulator: Emulator): Record<string, string> {
  return {
    ELASTIC_DEPLOY_BASE_URL: emulator.base_url,
    ELASTIC_DEPLOY_TOKEN: emulator.rsa.token,
    ELASTIC_DEPLOY_PRIVATE_KEY_FILE: emulator.rsa.private_key_file,
    ELASTIC_DEPLOY_PLATFORM_PUBLIC_KEY_FILE: emulator.rsa.platform_public_key_file
  };
}

/**
 * Runs the tool with `argv` and `environment` (its whole environment) on the real file system, no
 * terminal and no signal; `io` replaces what a test needs otherwise (stdoutIsTerminal, writeFile, ...).
 */
export async function runCliIn(
  argv: string[],
  environment: Record<string, string>,
  io: Partial<Omit<CliIo, 'argv' | 'env' | 'stdout' | 'stderr'>> = {}
): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const real = nodeIo([]);
  const code = await runCli({
    argv,
    env: (name) => environment[name],
    stdout: (text) => out.push(text),
    stderr: (text) => err.push(text),
    readFile: real.readFile,
    writeFile: real.writeFile,
    onSignal: () => () => undefined,
    isTerminal: false,
    stdoutIsTerminal: false,
    version: '0.1.0',
    ...(real.makeRunDir === undefined ? {} : { makeRunDir: real.makeRunDir }),
    ...(real.ensureDir === undefined ? {} : { ensureDir: real.ensureDir }),
    ...(real.lock === undefined ? {} : { lock: real.lock }),
    ...io
  });
  return { code, stdout: out.join(''), stderr: err.join('') };
}
