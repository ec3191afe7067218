import { InputError, quote } from '../../basics/input-error.js';
import { MIN_PATTERN_LITERALS, namePattern } from '../../basics/name-pattern.js';
import { searchByNameCall } from '../../platform/operations/calls.js';
import type { Plan } from '../../platform/operations/operation-table.js';
import type { DeployContext } from '../engine/context.js';
import { cleanupOf, stepResult } from '../engine/flows/toolkit.js';
import type { Flow } from '../engine/flows/flow.js';
import { stopMatches } from '../engine/flows/stop-matches.js';

/**
 * Stops every task whose name matches task_name (a pattern) and that still bills (Running, Pending or
 * Paused), but for the ids in task_id: the search is followed across its pages, each stop is sent until
 * the task's state shows it ended, as a cleanup's is, and the search is sent again until a fresh one finds
 * no task of the pattern left live. Each task matched has a result: done when stopped (or already ended),
 * error when it could not be stopped. A dry run lists each one as it is, and stops none.
 */
export const sweepFlow: Flow = {
  plan: (settings) => {
    const given = settings.taskName;
    if (given === undefined)
      throw new InputError(
        'task_name is empty, but sweep needs it: set task_name to a name pattern, such as pr-42-*'
      );
    const pattern = namePattern(given);
    if (pattern === undefined) {
      throw new InputError(
        `task_name ${quote(given)} is too broad a pattern for sweep: write at least ${MIN_PATTERN_LITERALS} characters besides *, such as pr-42-*`
      );
    }
    const plan: Plan = {
      operation: settings.operation,
      calls: [searchByNameCall(settings, pattern.literal, 1)],
      wait: undefined
    };
    const sweep = (ctx: DeployContext, dryRun: boolean) =>
      stopMatches(
        { pattern: given, literal: pattern.literal, matches: pattern.matches, keep: settings.taskIds },
        ctx,
        dryRun
      );
    return {
      plan,
      cleanup: cleanupOf(settings),
      run: async (ctx) => stepResult(plan, ctx, { tasks: await sweep(ctx, false) }),
      dryRun: async (ctx) => stepResult(plan, ctx, { tasks: await sweep(ctx, true) })
    };
  }
};
