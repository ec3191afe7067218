/**
 * Resolves once `done()` holds, checking every few milliseconds: a wait for an event another process (or
 * the server) makes, never a fixed sleep. It sets no deadline of its own, which would be an assertion on
 * wall time that a busy machine fails: a wait that never ends is the test's timeout (jest.config.js). So
 * that such a timeout says what it was waiting for, `what` is said once the wait has gone on for 10 s.
 */
export async function until(done: () => boolean | Promise<boolean>, what = 'the condition'): Promise<void> {
  const saidAt = Date.now() + 10_000;
  let said = false;
  while (!(await done())) {
    if (!said && Date.now() > saidAt) {
      said = true;
      console.warn(`still waiting for ${what}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
