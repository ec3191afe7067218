import { isLosslessNumber } from 'lossless-json';
import { isRecord } from '../basics/records.js';
import type { Call } from '../platform/operations.js';
import type { Answer, Send } from '../platform/session.js';
import { toCompactJson } from '../protocol/json.js';

/** Pages a list is followed across at the most: a bound, should pages keep coming. */
export const MAX_PAGES = 500;

/**
 * The pages ended before the list did: `count` said more items than the pages held, or, without a count,
 * full pages kept coming until MAX_PAGES.
 */
export class IncompleteListError extends Error {
  constructor(what: string, seen: number, count: number | undefined, why: string) {
    super(
      count === undefined
        ? `${what}: the platform's pages held ${seen} items and were still full (${why}), so the list may be incomplete`
        : `${what}: the platform's answer counts ${count} items, but its pages held ${seen} (${why}), so the list is incomplete`
    );
    this.name = 'IncompleteListError';
  }
}

/** A whole list: every item of every page, and the count the platform gave. */
export interface WholeList {
  results: unknown[];
  count: number | undefined;
  /** The first page's answer, for what a caller reports of the call. */
  first: Answer;
}

/**
 * Reads a paged list (`{count, results}`) to its end. No largest page size is published and a platform
 * may answer fewer items than asked, so a short page proves nothing while `count` says more remain: the
 * pages are followed until `count` items have been seen. Without a count, an empty or short page ends
 * the list. A page that adds no item not seen before ends it too (a platform that repeats its last page
 * must not loop); if `count` says more remain then, the list is incomplete and that is an error, since a
 * hidden task can be left billing. So is a list still going after MAX_PAGES pages, count or none.
 */
export async function readAllPages(
  what: string,
  pageCall: (page: number) => Call,
  send: Send,
  key: (item: unknown) => string = toCompactJson
): Promise<WholeList> {
  const results: unknown[] = [];
  const seen = new Set<string>();
  let count: number | undefined;
  let call = pageCall(1);
  const first = await send(call);
  for (let page = 1, answer = first; ;) {
    const data = answer.result.data;
    const items: unknown[] = isRecord(data) && Array.isArray(data.results) ? data.results : [];
    count = countOf(data) ?? count;
    const fresh = items.filter((item) => !seen.has(key(item)));
    for (const item of fresh) seen.add(key(item));
    results.push(...fresh);
    const asked = Number(call.query.find(([name]) => name === 'page_size')?.[1] ?? items.length);
    const complete =
      count === undefined ? items.length < asked || fresh.length === 0 : results.length >= count;
    if (complete) return { results, count, first };
    // Without a count, a page adding nothing was complete above: this one was full, or more remain.
    if (page >= MAX_PAGES || fresh.length === 0) {
      const why = fresh.length === 0 ? `page ${page} added nothing` : `${MAX_PAGES} pages read`;
      throw new IncompleteListError(what, results.length, count, why);
    }
    page += 1;
    call = pageCall(page);
    answer = await send(call);
  }
}

function countOf(data: unknown): number | undefined {
  if (!isRecord(data)) return undefined;
  const value = isLosslessNumber(data.count) ? Number(data.count.toString()) : data.count;
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : undefined;
}
