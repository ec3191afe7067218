import { parseBoolean, parseChoice, parseDuration } from './parsers.js';
import { input } from './input.js';
import { CLEANUP_CHOICES } from '../cleanup-state.js';

/** What the step leaves behind: its summary, its cleanup, and whether it sends anything at all. */
export const STEP_INPUTS = [
  input({
    name: 'summary',
    type: 'bool',
    default: 'true',
    parse: (value, name) => parseBoolean(name, value, true),
    description:
      'Write a job summary: a table per task, where the time and the money went (Mermaid diagrams, with tables beside them), and the status timeline.'
  }),
  input({
    name: 'cleanup',
    type: 'choice',
    defaultFor: (operation) => operation.cleanupByDefault ?? 'none',
    helpRank: 24,
    parse: (value, name) => parseChoice(name, value, CLEANUP_CHOICES),
    description:
      '`none`, `stop` or `pause`: a post step stops or pauses every task this step created, whatever happened to the job, including a task a create made while the job was being cancelled (found by its name). The platform pauses `Running` tasks only: a task still `Pending` is paused once it runs, within `cleanup_timeout`. Empty: `none` (a deploy step makes a service for later steps), except for `job`, whose default is `stop`: a job is only worth its verdict, so one whose wait ended before it did (timed out, cancelled) is stopped in the step itself, at once; `none` leaves it running on purpose. A job cannot be paused.'
  }),
  input({
    name: 'cleanup_timeout',
    type: 'duration',
    default: '2m',
    parse: (value, name) => parseDuration(name, value, { minMs: 5000, maxMs: 30 * 60_000 }),
    description:
      "How long the post step keeps trying to stop or pause a task (retrying network errors, 429 and 5xx as Retry-After asks, whatever `max_retries` says), looking for a task a create may still make, and finishing an update's rollback or a cancelled scale up (waiting for its new nodes, to set the count back if one fails), before it gives up, fails, and says what to do by hand (5s to 30m)."
  }),
  input({
    name: 'dry_run',
    type: 'bool',
    default: 'false',
    helpRank: 39,
    parse: (value, name) => parseBoolean(name, value, false),
    description:
      'Validate the inputs, build, encrypt and sign the request, print it, and send nothing. The token and signature are never printed, nor the value of any body field or query parameter whose name holds `"key"`, `"secret"`, `"token"`, `"password"`, `"passwd"`, `"auth"`, `"credential"` or `"signature"`, or is the word `"sk"` or `"ak"` (case-insensitive): those read `<redacted>`. A `sweep` in a dry run reads the task search and lists the tasks it would stop, and changes nothing.'
  })
] as const;
