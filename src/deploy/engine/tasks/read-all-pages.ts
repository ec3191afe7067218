import { isLosslessNumber } from 'lossless-json';
import { isRecord } from '../../../basics/records.js';
import type { Call } from '../../../platform/operations/operation-table.js';
import type { Answer, Send } from '../../../platform/session.js';
import { toCompactJson } from '../../../protocol/json.js';

/** Pages a list is followed across at the most: a bound, should pages keep coming. */
export const MAX_PAGES = 500;

/**
 * The pages ended before the list did: `count` said more items than the pages held, or, without a count,
 * full pages kept coming until MAX_PAGES; or the list kept changing while it was read (`seen` undefined).
 */
export class IncompleteListError extends Error {
  constructor(what: string, seen: number | undefined, count: number | undefined, why: string) {
    super(
      seen === undefined
        ? `${what}: ${why}, so no whole list could be read`
        : count === undefined
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

/** Reads of a list begun again, at the most, when its count changes while its pages are read. */
export const MAX_REREADS = 3;

/**
 * Reads a paged list (`{count, results}`) to its end. No largest page size is published and a platform
 * may answer fewer items than asked, so a short page proves nothing while `count` says more remain: the
 * pages are followed until `count` items have been seen. Without a count, an empty or short page ends
 * the list. A page that adds no item not seen before ends it too (a platform that repeats its last page
 * must not loop); if `count` says more remain then, the list is incomplete and that is an error, since a
 * hidden task can be left billing. So is a list still going after MAX_PAGES pages, count or none.
 *
 * Pages are read by offset, so a list that changes while it is read (another run stops a task on an
 * earlier page) shifts items past the reader: when a page's count differs from the first page's, or a
 * page adds nothing while the count says more remain, the read begins again, up to MAX_REREADS times; a
 * list that never reads whole is an error. A count that
 * stays the same can still hide a change (one task gone, another come): callers that must find every
 * task search again until a fresh search finds nothing left to do.
 */
export async function readAllPages(
  what: string,
  pageCall: (page: number) => Call,
  send: Send,
  key: (item: unknown) => string = toCompactJson
): Promise<WholeList> {
  for (let read = 0; ; read++) {
    const list = await readOnce(what, pageCall, send, key);
    if (!(list instanceof IncompleteListError)) return list;
    if (read >= MAX_REREADS) throw list;
  }
}

async function readOnce(
  what: string,
  pageCall: (page: number) => Call,
  send: Send,
  key: (item: unknown) => string
): Promise<WholeList | IncompleteListError> {
  const results: unknown[] = [];
  const seen = new Set<string>();
  let count: number | undefined;
  let call = pageCall(1);
  const first = await send(call);
  for (let page = 1, answer = first; ;) {
    const data = answer.result.data;
    const items: unknown[] = isRecord(data) && Array.isArray(data.results) ? data.results : [];
    const counted = countOf(data);
    if (page > 1 && counted !== undefined && count !== undefined && counted !== count)
      return new IncompleteListError(what, undefined, undefined, 'its count changed while it was read');
    count = counted ?? count;
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
      const incomplete = new IncompleteListError(what, results.length, count, why);
      // Items shifted past by a change while the pages were read: read again.
      if (fresh.length === 0) return incomplete;
      throw incomplete;
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
