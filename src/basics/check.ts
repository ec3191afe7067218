/** What a check of a value found: nothing wrong, or what is, in words. Never `undefined` for "fine". */
export type Check = { readonly ok: true } | { readonly ok: false; readonly problem: string };

/** A check that found nothing wrong. */
export const PASSED: Check = { ok: true };

/** A check that found `problem`. */
export function failedCheck(problem: string): Check {
  return { ok: false, problem };
}

/** The first of `checks` (made in turn, each only if the ones before passed) that failed; else PASSED. */
export function firstFailed(...checks: (() => Check)[]): Check {
  for (const check of checks) {
    const found = check();
    if (!found.ok) return found;
  }
  return PASSED;
}
