import { InputError } from '../../basics/input-error.js';
import { describeError } from '../../platform/failures.js';
import type { Call } from '../../platform/operations/operation-table.js';
import type { DeployContext } from '../engine/context.js';
import { retried } from '../engine/retries.js';
import type { DeploySettings } from '../engine/settings.js';

/**
 * A change to a running task waits until it serves (to roll it back, or to say it did not): wait: false
 * is refused before anything is sent.
 */
export function checkWaits(settings: Pick<DeploySettings, 'operation' | 'wait'>, why: string): void {
  if (settings.wait.mode === 'false')
    throw new InputError(`wait is false, but ${settings.operation} waits until ${why}: remove wait`);
}

/** How a change's request went: accepted, or not (the error). Neither says whether the change took. */
export type ChangeSent = { kind: 'accepted' } | { kind: 'not_accepted'; error: Error };

/**
 * Sends a call that changes a task (each is harmless to repeat), retried while a failure may pass.
 * Whether it took effect is then for the task's state to say, never the answer.
 */
export async function sendChange(call: Call, label: string, ctx: DeployContext): Promise<ChangeSent> {
  try {
    await retried(label, ctx.retries, () => ctx.send(call));
    return { kind: 'accepted' };
  } catch (error) {
    ctx.log(`${label}: ${describeError(error)}`);
    return { kind: 'not_accepted', error: error instanceof Error ? error : new Error(String(error)) };
  }
}
