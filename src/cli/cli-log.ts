import { masker } from '../action/masker.js';
import type { CliIo } from './cli-io.js';

/** The CLI's log: plain lines on stderr, every secret replaced by ***, debug lines only when asked. */
export interface CliLog {
  write: (line: string) => void;
  /** Absent without --debug. */
  debug?: (line: string) => void;
  mask: (secret: string) => void;
}

export function cliLog(io: CliIo, debug: boolean): CliLog {
  const { add, redact } = masker();
  const write = (line: string): void => {
    io.stderr(`${redact(line)}\n`);
  };
  return {
    write,
    ...(debug
      ? {
          debug: (line: string) => {
            write(`debug: ${line}`);
          }
        }
      : {}),
    // The step's one masker: a multi-line secret (a PEM key) is masked line by line too, as a runner does.
    mask: (secret) => {
      add([secret]);
    }
  };
}
