/**
 * Calls `listener` when the process is asked to stop (SIGINT, then SIGTERM, as a cancelled job or a
 * pipeline's timeout sends them); the returned function stops listening.
 */
export function onStopSignals(listener: (signal: string) => void): () => void {
  process.on('SIGINT', listener);
  process.on('SIGTERM', listener);
  return () => {
    process.off('SIGINT', listener);
    process.off('SIGTERM', listener);
  };
}

/** How often a CLI run checks that the process that started it is still there. */
const PARENT_CHECK_MS = 500;

/**
 * Calls `listener` once, with "the loss of its parent process", when the process that started this one ends first (its
 * parent id changes: the process was handed to another). A run started through npx or `npm exec` is not
 * told of a SIGTERM sent to npm, which ends without passing it on: losing its parent is how such a run
 * learns that it was cancelled. The check keeps no process alive; the returned function stops it.
 */
export function onParentGone(
  listener: (signal: string) => void,
  parent = (): number => process.ppid
): () => void {
  const first = parent();
  const timer = setInterval(() => {
    if (parent() === first) return;
    clearInterval(timer);
    listener('the loss of its parent process');
  }, PARENT_CHECK_MS);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
