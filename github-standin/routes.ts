// The GitHub REST endpoints a preview uses, as GitHub answers them: pull requests (one, and the list),
// deployments and their statuses, and an issue's comments. Each accepts what GitHub accepts and refuses
// what it refuses (a deployment GitHub would auto-merge or hold to status checks, a status state it does
// not know, a comment without a body).
import {
  deployment,
  deploymentStatus,
  issueComment,
  pullRequest,
  type Bases,
  type StatusFacts
} from './shapes.js';
import { BOT, type GitHubStore, type Permission } from './store.js';

/** A request, as a route sees it: its path's parameters, its query, its JSON body. */
export interface RouteRequest {
  readonly params: Readonly<Record<string, string>>;
  readonly query: URLSearchParams;
  readonly body: Record<string, unknown>;
}

/**
 * An answer: a status and a JSON body (none: 204), or a list to page through (items, the server pages
 * them), sent as an array or, `key` given, as `{total_count, [key]: items}` (GitHub's runner list).
 */
export type RouteAnswer =
  | { readonly status: number; readonly body: unknown }
  | { readonly status: 200; readonly page: readonly unknown[]; readonly key?: string };

export interface Route {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path, as the OpenAPI description writes it: /repos/{owner}/{repo}/deployments. */
  readonly path: string;
  /** The permissions a write needs, any one of them (GitHub's alternatives); reads need none. */
  readonly needs?: readonly Permission[];
  /** `read`: a read that needs one of `needs` too (the runner endpoints); `write` unless given. */
  readonly level?: 'read' | 'write';
  readonly handle: (request: RouteRequest, store: GitHubStore, bases: Bases) => RouteAnswer;
}

/** GitHub's refusal of a request whose body it cannot take. */
export const unprocessable = (message: string): RouteAnswer => ({
  status: 422,
  body: { message, documentation_url: 'https://docs.github.com/rest', status: '422' }
});
export const notFound = (): RouteAnswer => ({
  status: 404,
  body: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' }
});

const STATES: readonly StatusFacts['state'][] = [
  'error',
  'failure',
  'inactive',
  'pending',
  'success',
  'queued',
  'in_progress'
];

const text = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const integer = (value: string | undefined): number =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : NaN;

export const ROUTES: readonly Route[] = [
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls/{pull_number}',
    handle: ({ params }, store, bases) => {
      const pull = store.pulls.get(integer(params.pull_number));
      return pull === undefined ? notFound() : { status: 200, body: pullRequest(bases, pull) };
    }
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/pulls',
    handle: ({ query }, store, bases) => {
      const state = query.get('state') ?? 'open';
      if (!['open', 'closed', 'all'].includes(state))
        return unprocessable(`state ${state} is not one of open, closed, all`);
      // GitHub's order: by created (the default) or updated, descending unless asked otherwise for a
      // sort given (its documented default: desc for created or none, asc for the others).
      const sort = query.get('sort') ?? 'created';
      if (!['created', 'updated'].includes(sort))
        return unprocessable(`sort ${sort} is not one the stand-in serves (created, updated)`);
      const direction = query.get('direction') ?? (sort === 'created' ? 'desc' : 'asc');
      const key = (p: { number: number; updatedAt: number }): number =>
        sort === 'updated' ? p.updatedAt : p.number;
      const pulls = [...store.pulls.values()]
        .filter((p) => state === 'all' || p.state === state)
        .sort((a, b) => (direction === 'asc' ? 1 : -1) * (key(a) - key(b) || a.number - b.number));
      return { status: 200, page: pulls.map((p) => pullRequest(bases, p, true)) };
    }
  },
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/deployments',
    needs: ['deployments'],
    handle: ({ body }, store, bases) => {
      const ref = text(body.ref);
      if (ref === undefined || ref === '')
        return unprocessable('Invalid request.\n\n"ref" wasn\'t supplied.');
      // GitHub merges the default branch into ref first when ref is behind it, unless auto_merge is false
      // (a conflict, here: a pull request's branch has diverged); and holds the deployment to every status
      // check of the commit unless required_contexts is given (empty: none), refusing while one is not a
      // success (here: the checks of a pull request's head still run, as they do at its push).
      const pull = [...store.pulls.values()].find((p) => p.head.sha === ref || p.head.ref === ref);
      if (body.auto_merge !== false && pull !== undefined)
        return {
          status: 409,
          body: {
            message: `Conflict merging main into ${ref}.`,
            documentation_url: 'https://docs.github.com/rest/deployments/deployments#create-a-deployment',
            status: '409'
          }
        };
      if (
        !Array.isArray(body.required_contexts) &&
        pull !== undefined &&
        store.checksRunning.has(pull.head.sha)
      )
        return {
          status: 409,
          body: {
            message: 'Conflict: Commit status checks failed for ' + ref + '.',
            documentation_url: 'https://docs.github.com/rest/deployments/deployments#create-a-deployment',
            status: '409'
          }
        };
      const environment = text(body.environment) ?? 'production';
      const now = store.now();
      const made = {
        id: store.nextId(),
        repo: store.fullName,
        sha: pull?.head.sha ?? (/^[0-9a-f]{40}$/.test(ref) ? ref : '0'.repeat(40)),
        ref,
        task: text(body.task) ?? 'deploy',
        payload:
          typeof body.payload === 'object' && body.payload !== null
            ? (body.payload as Record<string, unknown>)
            : (text(body.payload) ?? {}),
        environment,
        description: text(body.description) ?? null,
        creator: BOT,
        transient: body.transient_environment === true,
        production:
          typeof body.production_environment === 'boolean'
            ? body.production_environment
            : environment === 'production',
        createdAt: now,
        updatedAt: now
      };
      store.deployments.push(made);
      return { status: 201, body: deployment(bases, made) };
    }
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/deployments',
    handle: ({ query }, store, bases) => {
      const matches = (value: string, name: string): boolean =>
        query.get(name) === null || query.get(name) === value;
      const found = store.deployments
        .filter(
          (d) =>
            matches(d.environment, 'environment') &&
            matches(d.ref, 'ref') &&
            matches(d.sha, 'sha') &&
            matches(d.task, 'task')
        )
        .reverse();
      return { status: 200, page: found.map((d) => deployment(bases, d)) };
    }
  },
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
    needs: ['deployments'],
    handle: ({ params, body }, store, bases) => {
      const target = store.deployments.find((d) => d.id === integer(params.deployment_id));
      if (target === undefined) return notFound();
      const state = text(body.state) as StatusFacts['state'] | undefined;
      if (state === undefined || !STATES.includes(state))
        return unprocessable(
          `Invalid request.\n\nstate ${JSON.stringify(body.state)} is not a member of ${STATES.join(', ')}.`
        );
      const status: StatusFacts = {
        id: store.nextId(),
        deployment: target,
        state,
        description: (text(body.description) ?? '').slice(0, 140),
        environmentUrl: text(body.environment_url) ?? '',
        logUrl: text(body.log_url) ?? text(body.target_url) ?? '',
        creator: BOT,
        createdAt: store.now()
      };
      store.statuses.push(status);
      // auto_inactive (true unless false): a success marks the environment's earlier deployments inactive,
      // but never those of a transient or production environment (GitHub's documented exception).
      if (state === 'success' && body.auto_inactive !== false && !target.transient && !target.production)
        for (const other of store.deployments.filter(
          (d) => d.environment === target.environment && d.id !== target.id
        ))
          store.statuses.push({
            ...status,
            id: store.nextId(),
            deployment: other,
            state: 'inactive',
            description: ''
          });
      return { status: 201, body: deploymentStatus(bases, status) };
    }
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/deployments/{deployment_id}/statuses',
    handle: ({ params }, store, bases) => {
      const id = integer(params.deployment_id);
      if (!store.deployments.some((d) => d.id === id)) return notFound();
      return { status: 200, page: store.statusesOf(id).map((s) => deploymentStatus(bases, s)) };
    }
  },
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
    handle: ({ params }, store, bases) => {
      const issue = integer(params.issue_number);
      if (!store.pulls.has(issue)) return notFound();
      return {
        status: 200,
        page: store.comments.filter((c) => c.issue === issue).map((c) => issueComment(bases, c))
      };
    }
  },
  {
    method: 'POST',
    path: '/repos/{owner}/{repo}/issues/{issue_number}/comments',
    needs: ['issues', 'pull-requests'],
    handle: ({ params, body }, store, bases) => {
      const issue = integer(params.issue_number);
      if (!store.pulls.has(issue)) return notFound();
      const said = text(body.body);
      if (said === undefined) return unprocessable('Invalid request.\n\n"body" wasn\'t supplied.');
      const now = store.now();
      const comment = {
        id: store.nextId(),
        repo: store.fullName,
        issue,
        body: said,
        author: BOT,
        createdAt: now,
        updatedAt: now
      };
      store.comments.push(comment);
      return { status: 201, body: issueComment(bases, comment) };
    }
  },
  {
    method: 'PATCH',
    path: '/repos/{owner}/{repo}/issues/comments/{comment_id}',
    needs: ['issues', 'pull-requests'],
    handle: ({ params, body }, store, bases) => {
      const index = store.comments.findIndex((c) => c.id === integer(params.comment_id));
      const found = store.comments[index];
      if (found === undefined) return notFound();
      const said = text(body.body);
      if (said === undefined) return unprocessable('Invalid request.\n\n"body" wasn\'t supplied.');
      const changed = { ...found, body: said, updatedAt: store.now() };
      store.comments[index] = changed;
      return { status: 200, body: issueComment(bases, changed) };
    }
  }
];
