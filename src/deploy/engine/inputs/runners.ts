import {
  parseBoolean,
  parseChoice,
  parseDuration,
  parseIntegerInRange,
  parseRunnerLabels
} from './parsers.js';
import { input } from './input.js';

const MINUTE = 60_000;

/** Where a runner registers: the repository's runners, or its organization's. */
export const RUNNER_SCOPES = ['repo', 'org'] as const;

/**
 * GitHub's limit on a self-hosted runner's job (5 days): a runner that lives longer can run nothing more,
 * and the platform's job limit is not published.
 */
export const MOST_RUNNER_TIMEOUT_MS = 5 * 24 * 60 * MINUTE;

/** A GPU runner for a workflow's job (runner, runner_stop, runner_sweep). */
export const RUNNER_INPUTS = [
  input({
    name: 'runner_scope',
    type: 'choice',
    default: 'repo',
    helpRank: 40,
    parse: (value, name) => parseChoice(name, value, RUNNER_SCOPES),
    description:
      "`runner`, `runner_stop`, `runner_sweep`: where the runner registers: `repo`, the repository's runners (`github_token` needs `administration: write` on it), or `org`, the organization that owns the repository (`organization_self_hosted_runners: write`; the repository must be allowed the Default runner group)."
  }),
  input({
    name: 'runner_labels',
    type: 'list',
    helpRank: 41,
    parse: (value, name) => parseRunnerLabels(name, value),
    description:
      '`runner`: labels the runner has beside its own (separated by commas: `gpu, a100`; at most 10). Its own label, unique to the workflow run and attempt, is `runner_label`; `runs_on` names it.'
  }),
  input({
    name: 'runners',
    type: 'number',
    default: '1',
    helpRank: 42,
    parse: (value, name) => parseIntegerInRange(name, value, 1, 20),
    description:
      '`runner`: how many runners to start (1 to 20), one platform job and one just-in-time configuration each, for a matrix of that many jobs: each runner takes one job. They share `runner_label`.'
  }),
  input({
    name: 'runner_timeout',
    type: 'duration',
    default: '1h',
    helpRank: 43,
    parse: (value, name) => parseDuration(name, value, { minMs: 5 * MINUTE, maxMs: MOST_RUNNER_TIMEOUT_MS }),
    description:
      "`runner`: the most a runner's platform job runs (its `job_support.timeout_sec`; 5m to 5d, GitHub's limit for a self-hosted runner's job): the platform ends a runner that never got a job, or whose job hangs, then. A runner that took its job exits when the job ends, and its platform job with it."
  }),
  input({
    name: 'allow_untrusted',
    type: 'bool',
    default: 'false',
    parse: (value, name) => parseBoolean(name, value, false),
    description:
      "`runner`: `true` starts runners on `pull_request` events from forks and on `pull_request_target`, which are refused otherwise: a self-hosted runner runs the pull request's code, with whatever the runner's machine can reach (docs/security.md)."
  })
] as const;
