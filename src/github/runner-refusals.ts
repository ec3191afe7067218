import { sanitize } from '../basics/safe-text.js';
import type { Repo } from './records.js';
import { permissionSets } from './client.js';

/**
 * Where a self-hosted runner is registered: a repository's runners, or an organization's (GitHub keeps the
 * two apart: a name may be taken in both, and one's runner is unknown to the other).
 */
export type RunnerScope = { readonly repo: Repo } | { readonly org: string };

/** The scope as a line names it: `acme/app`, or `organization acme`. */
export function scopeText(scope: RunnerScope): string {
  return 'org' in scope ? `organization ${scope.org}` : `${scope.repo.owner}/${scope.repo.repo}`;
}

/**
 * The permission a scope's runner endpoints need, in GitHub's own names (a GitHub App's, which a
 * fine-grained token's settings show as "Administration" and "Self-hosted runners").
 */
export function runnerPermission(scope: RunnerScope): string {
  return 'org' in scope ? 'organization_self_hosted_runners' : 'administration';
}

/**
 * What a request GitHub refused with 403 lacked, in one line: the permission (GitHub's
 * x-accepted-github-permissions when its answer names it, else the scope's own at `level`) and the
 * token kinds that may carry it; GITHUB_TOKEN never does, whatever a workflow's permissions: grant.
 */
export function runnerPermissionLine(
  doing: string,
  scope: RunnerScope,
  refusal: { message: string; acceptedHeader: string | undefined },
  level: 'read' | 'write'
): string {
  const [named, ...others] = acceptedPermissions(refusal.acceptedHeader ?? '');
  const permission = named ?? `${runnerPermission(scope)}: ${level}`;
  const or = others.length === 0 ? '' : ` (or ${others.join(', or ')})`;
  return (
    `GitHub refused to ${doing} for ${scopeText(scope)} (HTTP 403: ${sanitize(refusal.message, 200)}): ` +
    `the token lacks ${permission}${or}, which GITHUB_TOKEN cannot carry; give the step a fine-grained ` +
    `personal access token or a GitHub App's token with ${permission} on ${scopeText(scope)}`
  );
}

/**
 * GitHub's x-accepted-github-permissions (`administration=write`; sets that would each do split by
 * semicolons, a set's permissions by commas) as `administration: write`, in GitHub's names: a runner's
 * permissions are a token's or an App's, never a workflow's permissions: block, whose spelling differs.
 */
export function acceptedPermissions(header: string): string[] {
  return permissionSets(header).map((set) => set.map(({ name, level }) => `${name}: ${level}`).join(', '));
}

/** What GitHub lists under a name that generate-jitconfig found taken, when it lists one. */
export interface TakenBy {
  readonly id: number;
  readonly status: string;
  readonly busy: boolean;
}

/** A runner's name taken in its scope (GitHub's 409), in one line: the runner that has it, and what to do. */
export function nameTakenLine(name: string, scope: RunnerScope, takenBy: TakenBy | undefined): string {
  const holder =
    takenBy === undefined
      ? ''
      : ` (runner ${takenBy.id}, ${sanitize(takenBy.status, 20)}, ${takenBy.busy ? 'running a job' : 'idle'})`;
  return (
    `GitHub refused to register runner ${JSON.stringify(sanitize(name, 100))}: ${scopeText(scope)} ` +
    `already has a runner of that name${holder}; remove that runner (the repository's or organization's ` +
    `Settings, Actions, Runners) or register this one under another name`
  );
}
