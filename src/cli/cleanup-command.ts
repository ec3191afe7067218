// elastic-deploy cleanup --state-file F: the post step, with the inputs the run saved.
import { flagOf, type CliCommand } from './cli-args.js';
import { cliHost } from './cli-host.js';
import { resolveInputs } from './cli-inputs.js';
import type { CliIo } from './cli-io.js';
import { cliLog, type CliLog } from './cli-log.js';
import { EXIT } from './exit-codes.js';
import { INPUTS_KEY, markCleaned, StateStore } from './state-store.js';
import { postStep, shieldCleanup } from './command-support.js';

/** `elastic-deploy cleanup --state-file F`: the post step, with the inputs the run saved and the secrets from the environment. */
export async function cleanupCommand(
  command: Extract<CliCommand, { kind: 'cleanup' }>,
  io: CliIo
): Promise<number> {
  const log = cliLog(io, command.debug);
  let inputs: Record<string, string>;
  const state = new StateStore(io, command.stateFile);
  try {
    state.load();
    const saved = JSON.parse(state.get(INPUTS_KEY) || '{}') as Record<string, string>;
    inputs = resolveInputs(withFlags(saved, command.flags, log), io, log.mask);
  } catch (error) {
    log.write(`error: ${error instanceof Error ? error.message : String(error)}`);
    return EXIT.input;
  }
  const post = cliHost({ inputs, io, log, state, outputs: new Map(), appendSummary: undefined });
  const unshield = shieldCleanup(io, log, command.stateFile, () => true);
  try {
    await postStep(post.host);
  } finally {
    unshield();
  }
  if (post.exitCode() === EXIT.ok) markCleaned(state);
  return post.exitCode();
}

/**
 * The inputs a cleanup runs with: those the state file saved, and the flags given beside them that it
 * does not name. A flag that names another value than the file is said and set aside: the tasks to
 * clean up are where, and as, the run that made them said.
 */
function withFlags(
  saved: Record<string, string>,
  flags: Partial<Record<string, string>>,
  log: CliLog
): Record<string, string> {
  const inputs: Record<string, string> = { ...saved };
  for (const [name, value] of Object.entries(flags)) {
    if (value === undefined) continue;
    const kept = saved[name];
    if (kept === undefined) inputs[name] = value;
    else if (kept !== value)
      log.write(
        `warning: --${flagOf(name)} ${JSON.stringify(value)} is not what the state file saved (${JSON.stringify(kept)}): cleanup uses the state file's`
      );
  }
  return inputs;
}
