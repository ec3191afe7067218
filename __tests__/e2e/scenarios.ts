// End-to-end scenarios: dist/index.js run as the runner runs it (main, then post with the saved state)
// against an emulator in this process. Each test file runs them under one Node version; each group of
// them is a module of scenarios/, and what they share is scenarios/harness.ts.
import { format } from 'node:util';
import type { EmulatorOptions } from '../../emulator/index.js';
import type { NodeRuntime } from '../../scripts/action-runner.js';
import { tallyScenario, tallySelf } from '../helpers/profile-tally.js';
import {
  DEFAULT_EMULATOR,
  openScenario,
  SCENARIO_TIMEOUT_MS,
  SMOKE,
  type Scenario,
  type ScenarioApi
} from './scenarios/harness.js';
import { basicScenarios } from './scenarios/basics.js';
import { faultScenarios } from './scenarios/faults.js';
import { tokenModeScenarios } from './scenarios/token-mode.js';
import { cleanupScenarios } from './scenarios/cleanup.js';
import { replaceScenarios } from './scenarios/replace.js';
import { changeScenarios } from './scenarios/change.js';
import { outcomeScenarios } from './scenarios/outcomes.js';
import { jobScenarios } from './scenarios/jobs.js';
import { safeTextScenarios } from './scenarios/safe-text.js';
import { boundedReadScenarios } from './scenarios/bounded-reads.js';
import { previewScenarios } from './scenarios/previews.js';
import { dataScenarios } from './scenarios/data.js';
import { runnerScenarios } from './scenarios/runners.js';
import { workspaceScenarios } from './scenarios/workspace.js';

/**
 * Defines the scenarios for one Node version: every one (`all`), or the smoke set. Each scenario has an
 * emulator of its own, so they run concurrently, in any order.
 */
export function defineScenarios(runtime: NodeRuntime, which: 'all' | 'smoke'): void {
  const defined = new Set<string>();
  const chosen = (name: string): boolean => {
    defined.add(name);
    return which === 'all' || SMOKE.has(name);
  };
  if (which === 'smoke') {
    it('finds every smoke scenario by its name', () => {
      expect([...SMOKE].filter((name) => !defined.has(name))).toEqual([]);
    });
  }
  const withScenario =
    (name: string, options: EmulatorOptions, body: (s: Scenario) => Promise<void>) =>
    async (): Promise<void> => {
      const s = await openScenario(runtime, options);
      // Concurrent scenarios share no hooks: each says itself which forms it ran.
      tallySelf(s.emulator);
      try {
        await body(s);
      } catch (error) {
        // What the steps printed goes with the failure: a scenario that fails once on a busy machine is
        // then read, not guessed at.
        if (error instanceof Error) error.message += `\n\n${s.printed()}`;
        throw error;
      } finally {
        if (s.emulator.requests.length > 0) tallyScenario(name, [s.emulator.profile]);
        await s.close();
      }
    };
  // Jest runs the concurrent tests of one describe block together, and the blocks one after another: a
  // group names its scenarios instead, so that every scenario of the file runs in one concurrent batch.
  let prefix = '';
  const group = (name: string, define: () => void): void => {
    prefix = `${name} › `;
    define();
    prefix = '';
  };
  const scenario = (
    name: string,
    body: (s: Scenario) => Promise<void>,
    options: EmulatorOptions = DEFAULT_EMULATOR,
    timeoutMs = SCENARIO_TIMEOUT_MS
  ): void => {
    const title = `${prefix}${name}`;
    if (chosen(name)) it.concurrent(title, withScenario(title, options, body), timeoutMs);
  };
  scenario.each =
    <const T extends readonly unknown[]>(table: readonly T[]) =>
    (name: string, body: (s: Scenario, ...row: [...T]) => Promise<void>): void => {
      table.forEach((row) => {
        // As Jest's each: the placeholders take the row's first values, and the rest stay out of the title.
        const placeholders = name.match(/%[sdifjo]/g)?.length ?? 0;
        const title = format(name, ...row.slice(0, placeholders));
        scenario(title, (s) => body(s, ...([...row] as [...T])));
      });
    };
  const api: ScenarioApi = { scenario, group, runtime };
  basicScenarios(api);
  faultScenarios(api);
  tokenModeScenarios(api);
  cleanupScenarios(api);
  replaceScenarios(api);
  changeScenarios(api);
  outcomeScenarios(api);
  jobScenarios(api);
  safeTextScenarios(api);
  boundedReadScenarios(api);
  previewScenarios(api);
  dataScenarios(api);
  runnerScenarios(api);
  workspaceScenarios(api);
}
