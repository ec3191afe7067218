import { parseBoolean, parseDuration, parseGitHubToken, parseIntegerInRange } from './parsers.js';
import { input } from './input.js';

const HOUR = 3_600_000;

/** A pull request's previews: the GitHub token, the comment, how many, how long idle. */
export const PREVIEW_INPUTS = [
  input({
    name: 'github_token',
    type: 'secret',
    default: '${{ github.token }}',
    secret: true,
    parse: parseGitHubToken,
    description:
      "`preview` and `preview_sweep`: the token GitHub's records are written with (deployments, their statuses, the comment) and pull requests read; the workflow's own by default. Grant it `deployments: write` and `pull-requests: write` in the workflow's `permissions`. `runner`, `runner_stop`, `runner_sweep`: a token that registers and removes self-hosted runners, which the workflow's own never can: a fine-grained token or a GitHub App's with `administration: write` on the repository (`organization_self_hosted_runners: write` with `runner_scope: org`), passed from a secret, and `actions: read` for `runner_sweep`."
  }),
  input({
    name: 'comment',
    type: 'bool',
    default: 'false',
    helpRank: 34,
    parse: (value, name) => parseBoolean(name, value, false),
    description:
      "`preview`: `true` keeps one comment on the pull request (found again by a hidden marker, updated in place on each push and on close) with the URL, the GPU and region, the status, and what this push's and all of the pull request's previews have cost. `false`: the deployment's status alone carries the URL."
  }),
  input({
    name: 'max_previews',
    type: 'number',
    default: '5',
    helpRank: 35,
    parse: (value, name) => parseIntegerInRange(name, value, 1, 100),
    description:
      "`preview`: the most previews of `task_name` that run at once, for different pull requests (1 to 100). A new one beyond it is not made, and the step fails naming those that run; a pull request's next push replaces its own preview whatever the count."
  }),
  input({
    name: 'preview_ttl',
    type: 'duration',
    default: '3d',
    helpRank: 36,
    parse: (value, name) => parseDuration(name, value, { minMs: HOUR, maxMs: 90 * 24 * HOUR }),
    description:
      "`preview_sweep`: a preview whose pull request has not been deployed for this long (its newest deployment's age: `36h`, `3d`; an hour to 90 days) is stopped, even if the pull request is open. The next push brings it back."
  })
] as const;
