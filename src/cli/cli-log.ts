import type { CliIo } from './cli-io.js';

/** The CLI's log: plain lines on stderr, every secret replaced by ***, debug lines only when asked. */
export interface CliLog {
  write: (line: string) => void;
  /** Absent without --debug. */
  debug?: (line: string) => void;
  mask: (secret: string) => void;
}

export function cliLog(io: CliIo, debug: boolean): CliLog {
  const secrets = new Set<string>();
  // Longest first (a secret may hold a shorter one), sorted when one is added, not at every line.
  let longestFirst: string[] = [];
  const hide = (line: string): string =>
    longestFirst.reduce(
      (text, secret) => (text.includes(secret) ? text.replaceAll(secret, '***') : text),
      line
    );
  const write = (line: string): void => {
    io.stderr(`${hide(line)}\n`);
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
    mask: (secret) => {
      // A multi-line secret (a PEM key) is masked line by line too, as a runner does.
      for (const part of [secret, ...secret.split(/\r?\n/)].map((p) => p.trim()))
        if (part.length >= 4) secrets.add(part);
      longestFirst = [...secrets].sort((a, b) => b.length - a.length);
    }
  };
}
