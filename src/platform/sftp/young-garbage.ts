// The young garbage of a large copy, collected as it moves. ssh2 without its native addon (the bundle
// leaves it out) makes three buffers of each 32 KiB packet it sends or receives: the request, the packet,
// its encryption. V8 collects such buffers only when it would collect anyway, or when 64 MiB of them have
// built up: a 1 GiB upload then peaked at 135 to 175 MiB. A minor collection (of the young generation
// only, where those buffers die) every 4 MiB moved keeps the peak near 110 MiB, for no time that could be
// measured (bench/NOTES.md; the step's peak in bench/RESULTS.md, section 7).
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** Bytes moved between two collections. */
export const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;

type Collect = (options: { type: 'minor' }) => void;

/**
 * V8's collector, reached as `gc` in a new context once exposed (as jest's leak detector reaches it), or
 * undefined when this runtime does not give it: then nothing is collected by hand.
 */
export function minorCollection(): (() => void) | undefined {
  try {
    setFlagsFromString('--expose-gc');
    const gc: unknown = runInNewContext('gc');
    if (typeof gc !== 'function') return undefined;
    return () => {
      (gc as Collect)({ type: 'minor' });
    };
  } catch {
    return undefined;
  }
}

/**
 * Counts bytes moved, by every copy of the process together, and runs `collect` each time `everyBytes`
 * more have moved.
 */
export function youngCollector(
  everyBytes: number,
  collect: (() => void) | undefined
): (bytes: number) => void {
  let moved = 0;
  return (bytes) => {
    if (collect === undefined) return;
    moved += bytes;
    if (moved < everyBytes) return;
    moved %= everyBytes;
    collect();
  };
}
