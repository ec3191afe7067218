// The self-hosted runner endpoints, for the repository and for its organization, as GitHub answers them:
// a just-in-time configuration (generate-jitconfig: 201 with the runner and its encoded configuration,
// 409 when the scope has a runner of that name, 422 for a body GitHub cannot take), the list (paged,
// `{total_count, runners}`, `name` filtering), one runner (404 when unknown), its removal (204; 422 while
// it runs a job); and the workflow run (status, conclusion). Each needs `administration` (a repository's)
// or `organization_self_hosted_runners` (an organization's), which GITHUB_TOKEN never carries.
import type { RunnerScope } from './runners.js';
import { notFound, unprocessable, type Route, type RouteAnswer } from './routes.js';
import type { Bases } from './shapes.js';
import type { GitHubStore, Permission } from './store.js';
import { workflowRun } from './workflow-runs.js';

const DOCS = 'https://docs.github.com/rest/actions/self-hosted-runners';
const integer = (value: string | undefined): number =>
  value !== undefined && /^\d+$/.test(value) ? Number(value) : NaN;

/** What generate-jitconfig takes, or GitHub's refusal of a body it cannot take. */
function jitRequest(
  body: Record<string, unknown>
): { name: string; groupId: number; labels: string[]; workFolder: string } | RouteAnswer {
  const missing = ['name', 'runner_group_id', 'labels'].filter((field) => body[field] === undefined);
  if (missing.length > 0)
    return unprocessable(`Invalid request.\n\n"${missing.join('", "')}" wasn't supplied.`);
  const { name, runner_group_id: groupId, labels, work_folder: workFolder = '_work' } = body;
  if (typeof name !== 'string' || name === '')
    return unprocessable(
      `Invalid request.\n\nFor 'properties/name', ${JSON.stringify(name)} is not a string.`
    );
  if (typeof groupId !== 'number' || !Number.isInteger(groupId))
    return unprocessable(
      `Invalid request.\n\nFor 'properties/runner_group_id', ${JSON.stringify(groupId)} is not an integer.`
    );
  if (!Array.isArray(labels) || labels.some((l) => typeof l !== 'string'))
    return unprocessable(
      `Invalid request.\n\nFor 'properties/labels', ${JSON.stringify(labels)} is not an array of strings.`
    );
  if (labels.length < 1 || labels.length > 100)
    return unprocessable(
      `Invalid request.\n\nFor 'properties/labels', ${JSON.stringify(labels)} has ${labels.length < 1 ? 'fewer' : 'more'} items than ${labels.length < 1 ? 1 : 100}.`
    );
  if (typeof workFolder !== 'string')
    return unprocessable(
      `Invalid request.\n\nFor 'properties/work_folder', ${JSON.stringify(workFolder)} is not a string.`
    );
  return { name, groupId, labels: labels as string[], workFolder };
}

function runnerRoutes(base: string, scope: RunnerScope, permission: Permission): Route[] {
  const needs = [permission];
  return [
    {
      method: 'POST',
      path: `${base}/actions/runners/generate-jitconfig`,
      needs,
      handle: ({ body }, store, bases) => {
        const request = jitRequest(body);
        if ('status' in request) return request;
        const made = store.runners.register(scope, request, serverUrl(store, bases, scope));
        if (made === undefined)
          return {
            status: 409,
            body: {
              message: `Already exists - A runner with the name ${request.name} already exists.`,
              documentation_url: DOCS,
              status: '409'
            }
          };
        return {
          status: 201,
          body: { runner: store.runners.answer(made.runner), encoded_jit_config: made.config }
        };
      }
    },
    {
      method: 'GET',
      path: `${base}/actions/runners`,
      needs,
      level: 'read',
      handle: ({ query }, store) => ({
        status: 200,
        key: 'runners',
        page: store.runners.list(scope, query.get('name') ?? undefined).map((r) => store.runners.answer(r))
      })
    },
    {
      method: 'GET',
      path: `${base}/actions/runners/{runner_id}`,
      needs,
      level: 'read',
      handle: ({ params }, store) => {
        const runner = store.runners.get(scope, integer(params.runner_id));
        return runner === undefined ? notFound() : { status: 200, body: store.runners.answer(runner) };
      }
    },
    {
      method: 'DELETE',
      path: `${base}/actions/runners/{runner_id}`,
      needs,
      handle: ({ params }, store) => {
        const runner = store.runners.get(scope, integer(params.runner_id));
        if (runner === undefined) return notFound();
        if (runner.busy) return unprocessable(`Bad request - Runner "${runner.name}" is still running a job`);
        store.runners.remove(runner);
        return { status: 204, body: undefined };
      }
    }
  ];
}

/** The URL a runner's configuration names as its server (the organization's or the repository's). */
function serverUrl(store: GitHubStore, bases: Bases, scope: RunnerScope): string {
  return scope === 'org' ? `${bases.web}/${store.repo.owner.login}` : `${bases.web}/${store.fullName}`;
}

export const RUNNER_ROUTES: readonly Route[] = [
  ...runnerRoutes('/repos/{owner}/{repo}', 'repo', 'administration'),
  ...runnerRoutes('/orgs/{org}', 'org', 'organization_self_hosted_runners'),
  {
    method: 'GET',
    path: '/repos/{owner}/{repo}/actions/runs/{run_id}',
    handle: ({ params }, store, bases) => {
      const run = store.runs.get(integer(params.run_id));
      return run === undefined ? notFound() : { status: 200, body: workflowRun(bases, store.repo, run) };
    }
  }
];
