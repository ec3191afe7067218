import { isRecord } from '../../../basics/records.js';
import { describeError } from '../../../platform/failures.js';
import { searchByNameCall } from '../../../platform/operations/calls.js';
import { snapshotOf, taskIdOf } from '../../../platform/task-data.js';
import { toCompactJson } from '../../../protocol/json.js';
import { pollUntil, type Round } from '../poll.js';
import { askUntilKnown } from '../ask-again.js';
import { retried } from '../retries.js';
import type { DeployContext } from '../context.js';
import { readAllPages } from './read-all-pages.js';

/** What finding tasks by name takes of the deploy context. */
export type LookupContext = Pick<DeployContext, 'send' | 'settings' | 'retries'>;

/** A task a search found: its id, name, status and money as the search answered them. */
export interface FoundTask {
  id: string;
  name: string;
  status: string | undefined;
  billingValue: string | undefined;
  forecastValue: string | undefined;
}

/**
 * The tasks the search for `searchValue` finds whose name `matches`, among those that still bill (or,
 * `every`, whatever their status: what a name's tasks have cost), across
 * every page of the search (see readAllPages: a list whose pages end before its count is an error, never a
 * shorter list).
 */
export async function searchTasks(
  searchValue: string,
  matches: (name: string) => boolean,
  ctx: Pick<DeployContext, 'send' | 'settings'>,
  which: 'active' | 'every' = 'active'
): Promise<FoundTask[]> {
  const { results } = await readAllPages(
    `the task search for ${JSON.stringify(searchValue)}`,
    (page) => searchByNameCall(ctx.settings, searchValue, page, which),
    ctx.send,
    (task) => taskIdOf(task) ?? toCompactJson(task)
  );
  return results.flatMap((task) => {
    const id = taskIdOf(task);
    const name = isRecord(task) ? task.task_name : undefined;
    if (id === undefined || typeof name !== 'string' || !matches(name)) return [];
    const { status, billingValue, forecastValue } = snapshotOf(task, ['status']);
    return [{ id, name, status, billingValue, forecastValue }];
  });
}

/** The ids of the tasks named exactly `name` that still bill (the search matches parts of names). */
export async function findTasks(
  name: string,
  ctx: Pick<DeployContext, 'send' | 'settings'>
): Promise<string[]> {
  return (await searchTasks(name, (found) => found === name, ctx)).map((task) => task.id);
}

/** findTasks, retried on what may pass (network errors, 429, 5xx); `label` names it in the log. */
export function searchByName(label: string, name: string, ctx: LookupContext): Promise<string[]> {
  return retried(label, ctx.retries, () => findTasks(name, ctx));
}

/** How often to look for a task while waiting for it to appear: every 5 s, and at least four times. */
const searchEveryMs = (windowMs: number): number => Math.min(5000, Math.max(250, windowMs / 4));

/**
 * Searches until tasks of the name that are not among `existing` show up (newest first), or `until`
 * passes: `none` when a search sent after `until` found none, `cut` when the context's deadline came
 * first, `unknown` when the last search failed (what it would have found is not known). A search that
 * would settle it and fails is sent again after a backoff, as a refused stop is, while the deadline
 * allows; `label` names it in the log.
 */
export async function awaitNewTasks(
  name: string,
  existing: ReadonlySet<string>,
  until: number,
  ctx: LookupContext & Pick<DeployContext, 'stopRetries' | 'log'>,
  label: string
): Promise<{ kind: 'found'; ids: string[] } | { kind: 'none' | 'cut' } | { kind: 'unknown'; why: string }> {
  const { now } = ctx.retries.deps;
  let lastSentAt = now();
  const search = async (): Promise<Round<string[]>> => {
    lastSentAt = now();
    try {
      const fresh = (await findTasks(name, ctx)).filter((id) => !existing.has(id));
      if (fresh.length === 0) return { kind: 'waiting' };
      return { kind: 'done', value: fresh.sort((a, b) => (BigInt(a) < BigInt(b) ? 1 : -1)) };
    } catch (error) {
      return { kind: 'unread', why: describeError(error) };
    }
  };
  const polled = await pollUntil(
    search,
    {
      deadline: Math.min(until, ctx.retries.policy.deadline),
      schedule: { kind: 'fixed_rate', intervalMs: searchEveryMs(until - now()) },
      failureBudget: Infinity,
      lastLookAtDeadline: true
    },
    { ...ctx.retries.deps, log: ctx.log }
  );
  if (polled.kind === 'done') return { kind: 'found', ids: polled.value };
  const failed = polled.kind === 'unread' ? polled.why : polled.unread;
  if (failed === undefined) return { kind: lastSentAt >= until ? 'none' : 'cut' };
  // The last search failed: what it would have found is not known, so it is asked again, with a backoff.
  const known = await askUntilKnown<string[] | undefined>(
    async () => {
      const round = await search();
      if (round.kind === 'unread') return { known: false, why: round.why };
      return { known: true, value: round.kind === 'done' ? round.value : undefined };
    },
    failed,
    ctx,
    (why, delay) => `${label}: the task search failed (${why}): searching again in ${delay}`
  );
  if (!known.known) return { kind: 'unknown', why: known.why };
  if (known.value !== undefined) return { kind: 'found', ids: known.value };
  return { kind: lastSentAt >= until ? 'none' : 'cut' };
}
