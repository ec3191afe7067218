/**
 * Resolves once `done()` holds, checking every few milliseconds, and rejects after `withinMs`: a wait for
 * an event another process (or the server) makes, never a fixed sleep.
 */
export async function until(
  done: () => boolean | Promise<boolean>,
  withinMs = 10_000,
  what = 'the condition'
): Promise<void> {
  const end = Date.now() + withinMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`${what} did not hold within ${withinMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
