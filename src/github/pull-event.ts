import { isRecord } from '../basics/records.js';
import type { PullRequestEvent } from '../deploy/door.js';

/**
 * The pull request a preview step runs for, as the workflow's event says it (GITHUB_EVENT_NAME, and the
 * payload at GITHUB_EVENT_PATH): what happened to it, its number, the commit it is at, and whether it
 * comes from a fork (its head is another repository than GITHUB_REPOSITORY).
 */
export interface PullEvent extends PullRequestEvent {
  readonly headRef: string;
  /** The branch the pull request would merge into (main), empty when the payload does not say. */
  readonly baseRef: string;
  readonly fromFork: boolean;
  /** pull_request_target runs in the base repository, with its secrets and a token that can write. */
  readonly onTarget: boolean;
}

/** Why an event has no pull request to preview: `misuse` when the workflow runs on another event. */
export interface NoPull {
  readonly none: string;
  readonly misuse: boolean;
}

/** The actions of a pull_request event a preview answers; others (labeled, edited...) need nothing. */
const UP = new Set(['opened', 'synchronize', 'reopened']);

/**
 * The pull request of a pull_request (or pull_request_target) event; a line saying why there is none
 * (another event, an action a preview has nothing to do for, a payload without the pull request).
 */
export function pullEventOf(eventName: string, payload: unknown, repository: string): PullEvent | NoPull {
  if (eventName !== 'pull_request' && eventName !== 'pull_request_target')
    return {
      none: `the workflow runs on ${JSON.stringify(eventName.slice(0, 40))}, not on pull_request: a preview follows a pull request's events (on: pull_request: types: [opened, synchronize, reopened, closed])`,
      misuse: true
    };
  const event = isRecord(payload) ? payload : {};
  const pull = isRecord(event.pull_request) ? event.pull_request : undefined;
  const head = isRecord(pull?.head) ? pull.head : {};
  const base = isRecord(pull?.base) ? pull.base : {};
  const headRepo = isRecord(head.repo) ? head.repo : {};
  const action = typeof event.action === 'string' ? event.action : '';
  const number =
    typeof pull?.number === 'number' ? pull.number : typeof event.number === 'number' ? event.number : NaN;
  if (pull === undefined || !Number.isSafeInteger(number) || typeof head.sha !== 'string')
    return { none: `the ${eventName} event's payload holds no pull request`, misuse: true };
  if (!UP.has(action) && action !== 'closed')
    return {
      none: `the pull request was ${action.slice(0, 40) || 'changed'}: a preview has nothing to do for that`,
      misuse: false
    };
  return {
    action: action === 'closed' ? 'down' : 'up',
    said: action,
    number,
    headSha: head.sha,
    headRef: typeof head.ref === 'string' ? head.ref : '',
    baseRef: typeof base.ref === 'string' ? base.ref : '',
    // A head repository that is gone (a deleted fork) reads as a fork: it is not this repository.
    fromFork: headRepo.full_name !== repository,
    onTarget: eventName === 'pull_request_target',
    merged: pull.merged === true
  };
}

/** The GitHub environment of a pull request's preview. */
export function previewEnvironment(number: number): string {
  return `pr-${number}`;
}
