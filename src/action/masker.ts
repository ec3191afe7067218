import { escape } from '../basics/markdown-text.js';
import type { StepHost } from './host.js';

/** Replaces each secret the step masked, wherever a text holds it. */
export type Redact = (text: string) => string;

/** Secrets shorter than this are not replaced: masking "true" or "1" would hide those words everywhere. */
const SHORTEST = 4;

/**
 * The one masker of a step, and of the CLI's log: the secrets it is told of (the token, every form and
 * line of the key, the passphrase, the body's credential values: what the log masks), and each line of
 * one that spans lines, as a runner masks them, replaced by *** in a text, the longest first. It holds
 * the secrets it is told of later too.
 */
export function masker(secrets: readonly string[] = []): {
  add: (more: readonly string[]) => void;
  redact: Redact;
} {
  const known = new Set<string>();
  let longestFirst: string[] = [];
  const add = (more: readonly string[]): void => {
    for (const secret of more)
      for (const part of [secret, ...secret.split(/\r?\n/).map((line) => line.trim())])
        if (part.length >= SHORTEST) {
          known.add(part);
          // As the summary writes server text (abc&#46;def): a page renders it, and the CLI's summary file
          // reads it back to plain text, after this masker.
          known.add(escape(part));
        }
    longestFirst = [...known].sort((a, b) => b.length - a.length);
  };
  add(secrets);
  return {
    add,
    redact: (text) =>
      longestFirst.reduce((out, secret) => (out.includes(secret) ? out.split(secret).join('***') : out), text)
  };
}

/** A masker that knows `secrets` only: for a text to print once. */
export function redactor(secrets: readonly string[]): Redact {
  return masker(secrets).redact;
}

/**
 * The host a step runs on, with every secret it masks also replaced in what it writes besides the log:
 * its outputs and its job summary. The files a step writes go through the same masker (`redact`): the
 * response file, the diagnostics, a restore file, a job's log. The log itself is the host's to mask (the
 * runner's ::add-mask::, the CLI's own masking).
 */
export function maskingHost(given: StepHost): { host: StepHost; redact: Redact } {
  const { add, redact } = masker();
  const host: StepHost = {
    ...given,
    setSecrets: (secrets) => {
      add(secrets);
      given.setSecrets(secrets);
    },
    setOutputs: (outputs, files) => {
      given.setOutputs(
        Object.fromEntries(Object.entries(outputs).map(([name, value]) => [name, redact(value)])),
        files
      );
    },
    ...(given.appendSummary === undefined
      ? {}
      : { appendSummary: (markdown: string) => given.appendSummary?.(redact(markdown)) })
  };
  return { host, redact };
}
