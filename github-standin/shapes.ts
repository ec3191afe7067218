// GitHub's REST answers, as its published OpenAPI description (@octokit/openapi) writes them: every field
// it requires, typed as it types them, with GitHub's URL forms. The stand-in's store keeps the facts; these
// functions dress them as GitHub does.

/** Where the stand-in answers: its API base (https://127.0.0.1:port) and its web base. */
export interface Bases {
  readonly api: string;
  readonly web: string;
}

export interface Account {
  readonly login: string;
  readonly id: number;
  readonly type: 'User' | 'Bot' | 'Organization';
}

export const TIME = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const nodeId = (kind: string, id: number): string => Buffer.from(`${kind}:${id}`).toString('base64');

/** A simple-user. */
export function user(bases: Bases, account: Account): Record<string, unknown> {
  const url = `${bases.api}/users/${account.login}`;
  return {
    login: account.login,
    id: account.id,
    node_id: nodeId('User', account.id),
    avatar_url: `https://avatars.githubusercontent.com/u/${account.id}?v=4`,
    gravatar_id: '',
    url,
    html_url: `${bases.web}/${account.login}`,
    followers_url: `${url}/followers`,
    following_url: `${url}/following{/other_user}`,
    gists_url: `${url}/gists{/gist_id}`,
    starred_url: `${url}/starred{/owner}{/repo}`,
    subscriptions_url: `${url}/subscriptions`,
    organizations_url: `${url}/orgs`,
    repos_url: `${url}/repos`,
    events_url: `${url}/events{/privacy}`,
    received_events_url: `${url}/received_events`,
    type: account.type,
    user_view_type: 'public',
    site_admin: false
  };
}

/** A repository, as a pull request's head and base carry it. */
export function repository(
  bases: Bases,
  repo: { id: number; owner: Account; name: string; createdAt: number }
): Record<string, unknown> {
  const full = `${repo.owner.login}/${repo.name}`;
  const url = `${bases.api}/repos/${full}`;
  const templated = (path: string, suffix = ''): string => `${url}/${path}${suffix}`;
  const created = TIME(repo.createdAt);
  return {
    id: repo.id,
    node_id: nodeId('Repository', repo.id),
    name: repo.name,
    full_name: full,
    owner: user(bases, repo.owner),
    private: false,
    html_url: `${bases.web}/${full}`,
    description: null,
    fork: false,
    url,
    archive_url: templated('{archive_format}', '{/ref}'),
    assignees_url: templated('assignees', '{/user}'),
    blobs_url: templated('git/blobs', '{/sha}'),
    branches_url: templated('branches', '{/branch}'),
    collaborators_url: templated('collaborators', '{/collaborator}'),
    comments_url: templated('comments', '{/number}'),
    commits_url: templated('commits', '{/sha}'),
    compare_url: templated('compare/{base}...{head}'),
    contents_url: templated('contents/{+path}'),
    contributors_url: templated('contributors'),
    deployments_url: templated('deployments'),
    downloads_url: templated('downloads'),
    events_url: templated('events'),
    forks_url: templated('forks'),
    git_commits_url: templated('git/commits', '{/sha}'),
    git_refs_url: templated('git/refs', '{/sha}'),
    git_tags_url: templated('git/tags', '{/sha}'),
    git_url: `git://${new URL(bases.web).host}/${full}.git`,
    issue_comment_url: templated('issues/comments', '{/number}'),
    issue_events_url: templated('issues/events', '{/number}'),
    issues_url: templated('issues', '{/number}'),
    keys_url: templated('keys', '{/key_id}'),
    labels_url: templated('labels', '{/name}'),
    languages_url: templated('languages'),
    merges_url: templated('merges'),
    milestones_url: templated('milestones', '{/number}'),
    notifications_url: templated('notifications{?since,all,participating}'),
    pulls_url: templated('pulls', '{/number}'),
    releases_url: templated('releases', '{/id}'),
    ssh_url: `git@${new URL(bases.web).host}:${full}.git`,
    stargazers_url: templated('stargazers'),
    statuses_url: templated('statuses/{sha}'),
    subscribers_url: templated('subscribers'),
    subscription_url: templated('subscription'),
    tags_url: templated('tags'),
    teams_url: templated('teams'),
    trees_url: templated('git/trees', '{/sha}'),
    clone_url: `${bases.web}/${full}.git`,
    mirror_url: null,
    hooks_url: templated('hooks'),
    svn_url: `${bases.web}/${full}`,
    homepage: null,
    language: 'TypeScript',
    forks_count: 0,
    forks: 0,
    stargazers_count: 0,
    watchers_count: 0,
    watchers: 0,
    size: 1024,
    default_branch: 'main',
    open_issues_count: 1,
    open_issues: 1,
    has_issues: true,
    has_projects: true,
    has_wiki: false,
    has_pages: false,
    has_downloads: true,
    archived: false,
    disabled: false,
    license: null,
    pushed_at: created,
    created_at: created,
    updated_at: created
  };
}

export interface PullFacts {
  readonly number: number;
  readonly id: number;
  readonly title: string;
  readonly state: 'open' | 'closed';
  readonly merged: boolean;
  readonly author: Account;
  readonly head: { ref: string; sha: string; repo: Parameters<typeof repository>[1] };
  readonly base: { ref: string; sha: string; repo: Parameters<typeof repository>[1] };
  readonly createdAt: number;
  readonly updatedAt: number;
  readonly closedAt: number | undefined;
}

/** A pull request (pulls/{pull_number}), or, `simple`, as the pull list writes each one. */
export function pullRequest(bases: Bases, pull: PullFacts, simple = false): Record<string, unknown> {
  const full = `${pull.base.repo.owner.login}/${pull.base.repo.name}`;
  const url = `${bases.api}/repos/${full}/pulls/${pull.number}`;
  const html = `${bases.web}/${full}/pull/${pull.number}`;
  const issue = `${bases.api}/repos/${full}/issues/${pull.number}`;
  const side = (s: PullFacts['head']): Record<string, unknown> => ({
    label: `${s.repo.owner.login}:${s.ref}`,
    ref: s.ref,
    sha: s.sha,
    user: user(bases, s.repo.owner),
    repo: repository(bases, s.repo)
  });
  const link = (href: string): { href: string } => ({ href });
  const common = {
    url,
    id: pull.id,
    node_id: nodeId('PullRequest', pull.id),
    html_url: html,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    issue_url: issue,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${bases.api}/repos/${full}/pulls/comments{/number}`,
    comments_url: `${issue}/comments`,
    statuses_url: `${bases.api}/repos/${full}/statuses/${pull.head.sha}`,
    number: pull.number,
    state: pull.state,
    locked: false,
    title: pull.title,
    user: user(bases, pull.author),
    body: null,
    labels: [],
    milestone: null,
    active_lock_reason: null,
    created_at: TIME(pull.createdAt),
    updated_at: TIME(pull.updatedAt),
    closed_at: pull.closedAt === undefined ? null : TIME(pull.closedAt),
    merged_at: pull.merged && pull.closedAt !== undefined ? TIME(pull.closedAt) : null,
    merge_commit_sha: pull.merged ? pull.head.sha : null,
    assignee: null,
    assignees: [],
    requested_reviewers: [],
    requested_teams: [],
    head: side(pull.head),
    base: side(pull.base),
    _links: {
      self: link(url),
      html: link(html),
      issue: link(issue),
      comments: link(`${issue}/comments`),
      review_comments: link(`${url}/comments`),
      review_comment: link(`${bases.api}/repos/${full}/pulls/comments{/number}`),
      commits: link(`${url}/commits`),
      statuses: link(`${bases.api}/repos/${full}/statuses/${pull.head.sha}`)
    },
    author_association: 'CONTRIBUTOR',
    auto_merge: null,
    draft: false
  };
  if (simple) return common;
  return {
    ...common,
    merged: pull.merged,
    mergeable: pull.state === 'open' ? true : null,
    rebaseable: pull.state === 'open' ? true : null,
    mergeable_state: pull.state === 'open' ? 'clean' : 'unknown',
    merged_by: pull.merged ? user(bases, pull.base.repo.owner) : null,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 1,
    additions: 10,
    deletions: 2,
    changed_files: 1
  };
}

export interface DeploymentFacts {
  readonly id: number;
  readonly repo: string;
  readonly sha: string;
  readonly ref: string;
  readonly task: string;
  readonly payload: Record<string, unknown> | string;
  readonly environment: string;
  readonly description: string | null;
  readonly creator: Account;
  readonly transient: boolean;
  readonly production: boolean;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export function deployment(bases: Bases, d: DeploymentFacts): Record<string, unknown> {
  const url = `${bases.api}/repos/${d.repo}/deployments/${d.id}`;
  return {
    url,
    id: d.id,
    node_id: nodeId('Deployment', d.id),
    sha: d.sha,
    ref: d.ref,
    task: d.task,
    payload: d.payload,
    original_environment: d.environment,
    environment: d.environment,
    description: d.description,
    creator: user(bases, d.creator),
    created_at: TIME(d.createdAt),
    updated_at: TIME(d.updatedAt),
    statuses_url: `${url}/statuses`,
    repository_url: `${bases.api}/repos/${d.repo}`,
    transient_environment: d.transient,
    production_environment: d.production,
    performed_via_github_app: null
  };
}

export interface StatusFacts {
  readonly id: number;
  readonly deployment: DeploymentFacts;
  readonly state: 'error' | 'failure' | 'inactive' | 'pending' | 'success' | 'queued' | 'in_progress';
  readonly description: string;
  readonly environmentUrl: string;
  readonly logUrl: string;
  readonly creator: Account;
  readonly createdAt: number;
}

export function deploymentStatus(bases: Bases, s: StatusFacts): Record<string, unknown> {
  const deploymentUrl = `${bases.api}/repos/${s.deployment.repo}/deployments/${s.deployment.id}`;
  return {
    url: `${deploymentUrl}/statuses/${s.id}`,
    id: s.id,
    node_id: nodeId('DeploymentStatus', s.id),
    state: s.state,
    creator: user(bases, s.creator),
    description: s.description,
    environment: s.deployment.environment,
    target_url: s.logUrl,
    created_at: TIME(s.createdAt),
    updated_at: TIME(s.createdAt),
    deployment_url: deploymentUrl,
    repository_url: `${bases.api}/repos/${s.deployment.repo}`,
    environment_url: s.environmentUrl,
    log_url: s.logUrl,
    performed_via_github_app: null
  };
}

export interface CommentFacts {
  readonly id: number;
  readonly repo: string;
  readonly issue: number;
  readonly body: string;
  readonly author: Account;
  readonly createdAt: number;
  readonly updatedAt: number;
}

export function issueComment(bases: Bases, c: CommentFacts): Record<string, unknown> {
  return {
    id: c.id,
    node_id: nodeId('IssueComment', c.id),
    url: `${bases.api}/repos/${c.repo}/issues/comments/${c.id}`,
    html_url: `${bases.web}/${c.repo}/pull/${c.issue}#issuecomment-${c.id}`,
    body: c.body,
    user: user(bases, c.author),
    created_at: TIME(c.createdAt),
    updated_at: TIME(c.updatedAt),
    issue_url: `${bases.api}/repos/${c.repo}/issues/${c.issue}`,
    author_association: c.author.type === 'Bot' ? 'NONE' : 'OWNER',
    performed_via_github_app: null,
    reactions: {
      url: `${bases.api}/repos/${c.repo}/issues/comments/${c.id}/reactions`,
      total_count: 0,
      '+1': 0,
      '-1': 0,
      laugh: 0,
      confused: 0,
      heart: 0,
      hooray: 0,
      eyes: 0,
      rocket: 0
    }
  };
}
