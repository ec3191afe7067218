import { compareDecimals, readablePoints, sumPoints } from '../platform/money.js';
import { isRecord } from '../basics/records.js';
import type { Octokit } from './client.js';
import { recordDeployment, setDeploymentStatus, type Repo } from './records.js';

/**
 * What a pull request's previews have cost, kept on GitHub so that it outlives their tasks (the platform
 * may delete a task once it has ended) and the runner: each record a deployment of its own environment,
 * made inactive at once (it serves nothing, and the previews' own environments show their deployments
 * alone), whose payload maps each task of the preview to what it had cost when recorded, in points. A
 * task's cost only grows, so what is kept of it is the most any record says; records never conflict.
 */
export const SPEND_ENVIRONMENT = 'preview-spend';

/** GitHub's task of a record of the preview `name` (web-pr-42): the deployments' list filters by it. */
export const spendTask = (name: string): string => `preview-spend:${name}`;

const POINTS = /^\d{1,20}(?:\.\d{1,12})?$/;

/** What every record of the preview `name` keeps: each task's most recorded cost, in points. */
export async function readKeptSpend(
  octokit: Octokit,
  repo: Repo,
  name: string
): Promise<Map<string, string>> {
  const kept = new Map<string, string>();
  for (const record of await spendRecords(octokit, repo, name)) keepMost(kept, record.spent);
  return kept;
}

/**
 * What the previews of `name` had cost in all at each of its records, oldest first (ms since the epoch,
 * points): each task at the most any record up to then said. The preview comment draws it over time.
 */
export async function readSpendHistory(
  octokit: Octokit,
  repo: Repo,
  name: string
): Promise<{ atMs: number; points: string }[]> {
  const records = (await spendRecords(octokit, repo, name))
    .filter((record) => Number.isFinite(record.atMs))
    .sort((a, b) => a.atMs - b.atMs);
  const kept = new Map<string, string>();
  return records.map((record) => {
    keepMost(kept, record.spent);
    return { atMs: record.atMs, points: sumPoints([...kept.values()]) ?? '0' };
  });
}

/** Each task's figure kept at the most of what `kept` and `spent` say. */
function keepMost(kept: Map<string, string>, spent: readonly [string, string][]): void {
  for (const [id, points] of spent) {
    const before = kept.get(id);
    if (before === undefined || (compareDecimals(points, before) ?? 0) > 0) kept.set(id, points);
  }
}

/** The records of the preview `name`: when each was made, and what it says each task had cost. */
async function spendRecords(
  octokit: Octokit,
  repo: Repo,
  name: string
): Promise<{ atMs: number; spent: [string, string][] }[]> {
  const records = await octokit.paginate(octokit.rest.repos.listDeployments, {
    ...repo,
    environment: SPEND_ENVIRONMENT,
    task: spendTask(name),
    per_page: 100
  });
  return records.map((record) => {
    const payload: unknown = record.payload;
    // A payload another hand wrote is read for what it holds of this shape only.
    const spent = isRecord(payload) && isRecord(payload.spent) ? payload.spent : {};
    return {
      atMs: Date.parse(record.created_at),
      spent: Object.entries(spent).flatMap(([id, points]): [string, string][] =>
        /^\d{1,20}$/.test(id) && typeof points === 'string' && POINTS.test(points) ? [[id, points]] : []
      )
    };
  });
}

/**
 * Keeps what each task of pull request `number`'s preview `name` has cost: a deployment of the record's
 * environment at `ref` (the pull request's base branch: no commit of the pull request shows it), then
 * marked inactive.
 */
export async function keepSpend(
  octokit: Octokit,
  repo: Repo,
  record: { number: number; name: string; ref: string; spent: ReadonlyMap<string, string> }
): Promise<void> {
  const spent = Object.fromEntries(record.spent);
  const total = readablePoints(sumPoints(Object.values(spent)) ?? '0');
  const id = await recordDeployment(octokit, repo, {
    ref: record.ref,
    environment: SPEND_ENVIRONMENT,
    task: spendTask(record.name),
    description: `What the previews of pull request #${record.number} have cost: ${total} (a record; nothing is deployed)`,
    payload: { task_name: record.name, pull_request: record.number, spent }
  });
  await setDeploymentStatus(octokit, repo, id, {
    state: 'inactive',
    description: 'a record of what the previews cost'
  });
}
