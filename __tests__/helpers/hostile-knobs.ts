// Test knobs for the hostile scenarios (the `*.hostile.test.ts` files): act on the emulator's state as a request
// arrives, before it is judged, per request (the emulator's own controls are global).
import type { Emulator } from '../../emulator/index.js';

type Recorded = Emulator['requests'][number];

/**
 * Calls `act` with each request to `path` as it arrives, before the emulator looks at it (its rate limit,
 * its fault rules, its judgement): the emulator records each request first, and this wraps that record's
 * push. Fault rules injected for the same path apply as usual.
 */
export function asEachArrives(emulator: Emulator, path: string, act: (request: Recorded) => void): void {
  const requests = emulator.requests as Recorded[];
  const push = requests.push.bind(requests);
  requests.push = (...items: Recorded[]): number => {
    for (const item of items) if (item.path === path) act(item);
    return push(...items);
  };
}

/** The task a request names: its query's task_id, or its (decrypted) body's. */
export function taskIdOf(request: Recorded): string | undefined {
  const query = /[?&]task_id=(\d+)/.exec(request.target);
  if (query !== null) return query[1];
  for (const text of [request.plaintext, request.body]) {
    if (text === undefined || text === '') continue;
    try {
      const body = JSON.parse(text) as { task_id?: unknown };
      if (typeof body.task_id === 'string' || typeof body.task_id === 'number') return String(body.task_id);
    } catch {
      // not JSON
    }
  }
  return undefined;
}
