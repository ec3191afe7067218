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
