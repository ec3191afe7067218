import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StepHost } from '../../src/action/host.js';

/** An action host in the test's hands: what the action wrote, and a way to cancel the job. */
export interface TestHost extends StepHost {
  inputs: Record<string, string>;
  vars: Record<string, string>;
  saved: Record<string, string>;
  outputs: Record<string, string>;
  /** Every log line, each kind marked as the runner would show it. */
  lines: string[];
  summary: string;
  failed: string | undefined;
  /** Makes appendSummary throw, as a summary file that cannot be written does. */
  summaryFails: boolean;
  /** Delivers a signal to the action, as the runner does when the job is cancelled. */
  cancel: (signal: string) => void;
  /** How many cancel listeners are still registered. */
  listeners: () => number;
  /** Resolves with the first log line matching `pattern`, logged already or later. */
  whenLogged: (pattern: RegExp) => Promise<string>;
  /** Removes RUNNER_TEMP. */
  dispose: () => void;
}

/** A host with the given inputs and state, RUNNER_TEMP in a fresh folder, and nothing else set. */
export function testHost(inputs: Record<string, string>, state: Record<string, string> = {}): TestHost {
  const temp = mkdtempSync(join(tmpdir(), 'host-'));
  const listeners = new Set<(signal: string) => void>();
  const waiters = new Set<{ pattern: RegExp; resolve: (line: string) => void }>();
  const log = (line: string): void => {
    host.lines.push(line);
    for (const waiter of waiters) {
      if (!waiter.pattern.test(line)) continue;
      waiters.delete(waiter);
      waiter.resolve(line);
    }
  };
  const host: TestHost = {
    inputs,
    vars: { RUNNER_TEMP: temp, GITHUB_WORKSPACE: temp },
    saved: { ...state },
    outputs: {},
    lines: [],
    summary: '',
    failed: undefined,
    summaryFails: false,
    input: (name) => host.inputs[name] ?? '',
    env: (name) => host.vars[name],
    state: (name) => host.saved[name] ?? '',
    saveState: (values) => {
      Object.assign(host.saved, values);
    },
    setOutputs: (outputs, files = {}) => {
      Object.assign(host.outputs, outputs);
      for (const [name, path] of Object.entries(files)) host.outputs[name] = readFileSync(path, 'utf8');
    },
    setSecrets: (secrets) => {
      for (const secret of secrets) log(`::add-mask::${secret}`);
    },
    info: log,
    warning: (line) => {
      log(`::warning::${line}`);
    },
    error: (line, title) => {
      log(`::error title=${title}::${line}`);
    },
    debug: (line) => {
      log(`::debug::${line}`);
    },
    startGroup: (title) => {
      log(`::group::${title}`);
    },
    endGroup: () => {
      log('::endgroup::');
    },
    setFailed: (message) => {
      host.failed = message;
      log(`::error::${message}`);
    },
    appendSummary: (markdown) => {
      if (host.summaryFails) throw new Error('EACCES: the summary file cannot be written');
      host.summary += markdown;
    },
    onCancel: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    cancel: (signal) => {
      for (const listener of listeners) listener(signal);
    },
    listeners: () => listeners.size,
    whenLogged: (pattern) => {
      const logged = host.lines.find((line) => pattern.test(line));
      return logged !== undefined
        ? Promise.resolve(logged)
        : new Promise((resolve) => waiters.add({ pattern, resolve }));
    },
    dispose: () => {
      rmSync(temp, { recursive: true, force: true });
    }
  };
  return host;
}
