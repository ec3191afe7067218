/**
 * Sleeps that end early, rejecting, when the step is cancelled. One listener on the signal wakes every
 * sleeper: a bulk step sleeps in many places at once, and a listener per sleep would pass Node's limit
 * of 10 per signal and print MaxListenersExceededWarning.
 */
export function cancellableSleep(cancel: AbortSignal): (ms: number) => Promise<void> {
  const sleepers = new Set<() => void>();
  cancel.addEventListener(
    'abort',
    () => {
      for (const wake of sleepers) wake();
    },
    { once: true }
  );
  return (ms) =>
    new Promise<void>((resolve, reject) => {
      if (cancel.aborted) {
        reject(new Error('the step was cancelled'));
        return;
      }
      const wake = (): void => {
        clearTimeout(timer);
        sleepers.delete(wake);
        reject(new Error('the step was cancelled'));
      };
      const timer = setTimeout(() => {
        sleepers.delete(wake);
        resolve();
      }, ms);
      sleepers.add(wake);
    });
}
