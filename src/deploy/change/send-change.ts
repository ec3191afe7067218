import { InputError } from '../../basics/input-error.js';
import { describeError } from '../../platform/failures.js';
import type { Call } from '../../platform/operations/operation-table.js';
import type { DeployContext } from '../context.js';
import { retried } from '../retries.js';
import type { DeploySettings } from '../settings.js';

/**
 * A change to a running task waits until it serves (to roll it back, or to say it did not): wait: false
 * is refused before anything is sent.
 */
export function checkWaits(settings: Pick<DeploySettings, 'operation' | 'wait'>, why: string): void {
  if (settings.wait.mode === 'false')
    throw new InputError(`wait is false, but ${settings.operation} waits until ${why}: remove wait`);
}

/**
 * Sends a call that changes a task (each is harmless to repeat), retried while a failure may pass;
 * answers the error when it did not go through. Whether it took effect is then for the task's state to
 * say, never the error.
 */
export async function sendChange(call: Call, label: string, ctx: DeployContext): Promise<Error | undefined> {
  try {
    await retried(label, ctx.retries, () => ctx.send(call));
    return undefined;
  } catch (error) {
    ctx.log(`${label}: ${describeError(error)}`);
    return error instanceof Error ? error : new Error(String(error));
  }
}
