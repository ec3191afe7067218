// The lines a runner's refusals make (issue 62, point 6): a 403 names the permission missing, in GitHub's
// own names, and the token kinds that carry it (GITHUB_TOKEN never does); a name taken names the runner
// that has it and what to do. Pure: no request is made.
import {
  acceptedPermissions,
  nameTakenLine,
  runnerPermission,
  runnerPermissionLine,
  scopeText
} from '../../src/github/runner-refusals.js';

const repo = { repo: { owner: 'acme', repo: 'app' } };
const org = { org: 'acme' };

describe("a runner's refusals", () => {
  it('names the scope and its permission', () => {
    expect([scopeText(repo), scopeText(org)]).toEqual(['acme/app', 'organization acme']);
    expect([runnerPermission(repo), runnerPermission(org)]).toEqual([
      'administration',
      'organization_self_hosted_runners'
    ]);
  });

  it.each([
    ['administration=write', ['administration: write']],
    ['organization_self_hosted_runners=write', ['organization_self_hosted_runners: write']],
    [
      'administration=read; organization_self_hosted_runners=read',
      ['administration: read', 'organization_self_hosted_runners: read']
    ],
    ['contents=read,metadata=read', ['contents: read, metadata: read']],
    ['', []],
    ['not a permission', []]
  ])('reads x-accepted-github-permissions %j in GitHub’s own names', (header, expected) => {
    expect(acceptedPermissions(header)).toEqual(expected);
  });

  it('names the permission a 403 lacked, from the header or else the scope’s, and the tokens that carry it, in one line', () => {
    const message = 'Resource not accessible by integration - https://docs.github.com/rest';
    const fromHeader = runnerPermissionLine(
      'register runner "gpu-1"',
      org,
      { message, acceptedHeader: 'organization_self_hosted_runners=write' },
      'write'
    );
    expect(fromHeader).toBe(
      'GitHub refused to register runner "gpu-1" for organization acme (HTTP 403: Resource not accessible by integration - https://docs.github.com/rest): ' +
        "the token lacks organization_self_hosted_runners: write, which GITHUB_TOKEN cannot carry; give the step a fine-grained personal access token or a GitHub App's token with organization_self_hosted_runners: write on organization acme"
    );
    const fromScope = runnerPermissionLine(
      'list its runners',
      repo,
      { message, acceptedHeader: undefined },
      'read'
    );
    expect(fromScope).toContain('the token lacks administration: read, which GITHUB_TOKEN cannot carry');
    const either = runnerPermissionLine(
      'read runner 5',
      repo,
      { message, acceptedHeader: 'administration=read; administration=write' },
      'read'
    );
    expect(either).toContain('the token lacks administration: read (or administration: write), which');
    for (const line of [fromHeader, fromScope, either]) expect(line).not.toMatch(/\n/);
  });

  it('never prints what the server says raw: a line break or a workflow command in its message is flattened', () => {
    const line = runnerPermissionLine(
      'list its runners',
      repo,
      { message: 'denied\n::set-output name=x::y', acceptedHeader: undefined },
      'read'
    );
    expect(line).not.toMatch(/\n/);
    expect(line).toContain('(HTTP 403: denied ::set-output name=x::y)');
  });

  it('names the runner a taken name belongs to, and what to do', () => {
    expect(nameTakenLine('gpu-7-1-1', repo, { id: 1000004, status: 'offline', busy: false })).toBe(
      'GitHub refused to register runner "gpu-7-1-1": acme/app already has a runner of that name (runner 1000004, offline, idle); ' +
        "remove that runner (the repository's or organization's Settings, Actions, Runners) or register this one under another name"
    );
    expect(nameTakenLine('gpu', org, { id: 3, status: 'online', busy: true })).toContain(
      'organization acme already has a runner of that name (runner 3, online, running a job);'
    );
    expect(nameTakenLine('gpu', org, undefined)).toContain('already has a runner of that name; remove');
  });
});
