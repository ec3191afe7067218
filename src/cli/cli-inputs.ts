import { InputError } from '../basics/input-error.js';
import { REQUEST_CONTENT_INPUTS } from '../action/runtime.js';
import { FILE_INPUTS, INPUT_NAMES, SECRET_INPUTS, variableOf, type InputName } from '../deploy/door.js';
import type { CliIo } from './cli-io.js';

/** The largest key or secret file read (a private key is a few KiB). */
const MAX_SECRET_FILE = 64 * 1024;

/**
 * Each input: its flag, else ELASTIC_DEPLOY_<NAME>, else (a key or a secret: FILE_INPUTS) the file
 * ELASTIC_DEPLOY_<NAME>_FILE names. Every secret is masked before anything is logged.
 */
export function resolveInputs(
  flags: Partial<Record<string, string>>,
  io: CliIo,
  mask: (secret: string) => void
): Record<string, string> {
  const inputs: Record<string, string> = {};
  for (const name of INPUT_NAMES) {
    const variable = variableOf(name);
    const file = FILE_INPUTS.includes(name) ? io.env(`${variable}_FILE`) : undefined;
    // An empty variable is an unset one (CI systems set variables they have no value for to '').
    const fromEnv = io.env(variable) || undefined;
    const value = flags[name] ?? fromEnv ?? (file ? secretFile(variable, file, io) : undefined);
    if (value === undefined) continue;
    if (SECRET_INPUTS.includes(name)) mask(value);
    inputs[name] = value;
  }
  return inputs;
}

function secretFile(variable: string, path: string, io: CliIo): string {
  try {
    return io.readFile(path, MAX_SECRET_FILE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const why =
      code === 'EFBIG'
        ? 'a file over 64 KiB, too big for a secret: check the path'
        : code === 'ENOTREG'
          ? 'no regular file: set it to the file that holds the secret'
          : `${JSON.stringify(path)}, which cannot be read (${code}): set it to a readable file`;
    throw new InputError(`${variable}_FILE names ${why}`);
  }
}

/** The inputs a later cleanup needs: no secret (read again from the environment), no body, no query. */
export function forCleanup(inputs: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(inputs).filter(
      ([name]) => !SECRET_INPUTS.includes(name as InputName) && !REQUEST_CONTENT_INPUTS.has(name)
    )
  );
}
