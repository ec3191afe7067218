/** Requests in one step from which its hot paths are left to V8's baseline tiers (see forManyRequests). */
export const MANY_REQUESTS = 50;

/**
 * Leaves a step of `requests` requests (at least MANY_REQUESTS, such as the detail of many tasks) to V8's
 * interpreter and baseline compiler. Its hot paths would otherwise wake V8's optimizing compilers (Maglev,
 * TurboFan), whose work on background threads raised the peak memory of a 1000-task detail from about 77
 * to 97 MiB and saved no time, the step waiting on the network (bench/RESULTS.md, bench/NOTES.md). Set
 * once the step is planned, not at start-up: a flag changed at run time makes Node compile the built-in
 * modules it loads afterwards without their code cache, which a one-request step would pay for.
 */
export function forManyRequests(requests: number): boolean {
  if (requests < MANY_REQUESTS) return false;
  try {
    // node:v8 is loaded here, by the few steps that use it: imported, it and the modules it loads cost
    // every step's start.
    const { setFlagsFromString } = process.getBuiltinModule('node:v8');
    setFlagsFromString('--no-maglev');
    setFlagsFromString('--no-turbofan');
    return true;
  } catch {
    // A runtime that refuses flags at run time keeps its defaults: only memory is at stake.
    return false;
  }
}
