import { describeError } from '../../../platform/failures.js';
import { askUntilKnown, type Known, type Persisted } from '../ask-again.js';
import type { DeployContext } from '../context.js';

/**
 * What the post step finds of a thing the step made by name only (its create's answer never came): read
 * with `read` (a list by name), asked again after a backoff while it cannot be read, within the stop
 * retries' deadline. Answers its id, none when no such thing is listed (the create did not land), or the
 * failed outcome to report when it could never be read. `what` names the list (`volumes`, `transfers`).
 */
export async function findLeftByName(
  name: string,
  what: string,
  read: () => Promise<{ id: string } | undefined>,
  ctx: DeployContext
): Promise<{ id: string | undefined } | { failed: Persisted }> {
  const started = ctx.runtime.now();
  const lookup = async (): Promise<Known<{ id: string } | undefined>> => {
    try {
      return { known: true, value: await read() };
    } catch (error) {
      return { known: false, why: describeError(error) };
    }
  };
  const first = await lookup();
  const looked = first.known
    ? first
    : await askUntilKnown(
        lookup,
        first.why,
        ctx,
        (why, delay) =>
          `${JSON.stringify(name)}: the ${what} could not be read (${why}); reading again in ${delay}`
      );
  if (!looked.known)
    return {
      failed: {
        kind: 'failed',
        why: `the ${what} could not be read (${looked.why})`,
        triedMs: ctx.runtime.now() - started
      }
    };
  return { id: looked.value?.id };
}
