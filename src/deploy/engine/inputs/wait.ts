import {
  parseBoolean,
  parseChoice,
  parseDuration,
  parseFieldPath,
  parseHealthPath,
  parseIntegerInRange,
  parseStatusRanges,
  parseWords
} from './parsers.js';
import { input } from './input.js';
import { describeDefaultWait, MOST_WAIT_MS } from '../step-defaults.js';

const HOUR = 3_600_000;

/** The wait: until when, how often, what ends it, and the health check of the service URLs. */
export const WAIT_INPUTS = [
  input({
    name: 'wait',
    type: 'choice',
    default: 'auto',
    standsAlone: true,
    helpRank: 21,
    parse: (value, name) => parseChoice(name, value, ['auto', 'true', 'false'] as const),
    description:
      '`auto` (`create`, `stop`, `pause`, `recover`, `job` and `job_stop` wait; the others do not), `true` (`detail` then waits until ready, `job_detail` until the job ends: `Complete`, else the step fails), or `false`.'
  }),
  input({
    name: 'wait_timeout',
    type: 'duration',
    defaultFor: (operation) => describeDefaultWait(operation.name),
    helpRank: 22,
    parse: (value, name) => parseDuration(name, value, { minMs: 1000, maxMs: MOST_WAIT_MS }),
    description:
      "How long to wait at most, such as `90s`, `15m` or `1h30m` (at most `6h`). Empty: `15m`; for `job`, the job's `job_support.timeout_sec`, plus `15m` for it to start, plus `queue_timeout` with `spot_fallback` (at most `6h`), so that the wait never ends before the job could. A `wait_timeout` shorter than a job's `timeout_sec` is warned of."
  }),
  input({
    name: 'poll_interval',
    type: 'duration',
    default: '10s',
    parse: (value, name) => parseDuration(name, value, { minMs: 1000, maxMs: HOUR }),
    description:
      'Time between status checks while waiting (at least `1s`; the platform asks for no more than one check every 10 seconds).'
  }),
  input({
    name: 'status_field',
    type: 'text',
    default: 'status',
    parse: (value, name) => parseFieldPath(name, value),
    description: "Dot path to the status in the task detail's data."
  }),
  input({
    name: 'success_statuses',
    type: 'list',
    untrimmed: true,
    parse: (value, name) => parseWords(name, value),
    description:
      "Statuses that end a wait well, separated by commas. `create`, `replace`, `detail` and `recover`: by default `Running` (until ready). `job` and `job_detail`: by default `Complete` (the job's `job_status`)."
  }),
  input({
    name: 'failure_statuses',
    type: 'list',
    untrimmed: true,
    parse: (value, name) => parseWords(name, value),
    description:
      'Statuses that fail a wait, separated by commas. `create`, `replace`, `detail` and `recover`: by default `Other, End, Paused` (until ready). `job` and `job_detail`: by default `Failed`, and `Paused` or `End` (a job stopped before it ended).'
  }),
  input({
    name: 'wait_for_urls',
    type: 'bool',
    default: 'true',
    parse: (value, name) => parseBoolean(name, value, true),
    description:
      'When waiting until ready, also wait until every service port has its URL, and an absolute http(s) one: a task whose URL is anything else is not ready.'
  }),
  input({
    name: 'max_restarts',
    type: 'number',
    default: '3',
    parse: (value, name) => parseIntegerInRange(name, value, 0, 1000),
    description:
      "While waiting until ready, fail at once when a container of the task has restarted this many times (a crash loop), naming the node, the container's reason and exit code; a node whose status is Failed fails the wait too. 0 disables the restart rule."
  }),
  input({
    name: 'log_lines',
    type: 'number',
    default: '50',
    helpRank: 32,
    parse: (value, name) => parseIntegerInRange(name, value, 0, 1000),
    description:
      "`create`, `replace`, `preview`, `detail` and `recover`: when a wait until ready fails or times out, the last lines of each service's log shown for each node that does not run (at most 3 nodes), with the node's last events; 0 shows the events alone. `job` and `job_detail`: when the job fails or its wait times out, the last lines of the log of each pod that failed (at most 3), with its events. `logs`: the last lines of each service's log shown for each node."
  }),
  input({
    name: 'health_path',
    type: 'text',
    helpRank: 23,
    parse: (value, name) => parseHealthPath(name, value),
    description:
      'A path, such as `/health`, checked at each service URL once the task is ready: the step sends `GET <url><health_path>` (no API credentials; the same TLS and proxy rules as the API) until each URL answers a status of `health_status`, within `wait_timeout`, and fails naming the URL and its last answer if one does not. Empty: no check.'
  }),
  input({
    name: 'health_status',
    type: 'list',
    default: '200-299',
    parse: (value, name) => parseStatusRanges(name, value),
    description:
      'The HTTP statuses a health check accepts: codes or ranges, separated by commas, such as `200-299,401`.'
  }),
  input({
    name: 'poll_error_budget',
    type: 'number',
    default: '5',
    parse: (value, name) => parseIntegerInRange(name, value, 1, 100),
    description: 'Failed status checks in a row (network errors, 5xx) that end the wait for a task.'
  })
] as const;
