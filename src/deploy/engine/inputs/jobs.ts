import { parseBoolean, parseChoice, parseDuration, parseIntegerInRange } from './parsers.js';
import { input } from './input.js';

const HOUR = 3_600_000;

/** A GPU batch job's own: its mode, its time, its fallback to on demand. */
export const JOB_INPUTS = [
  input({
    name: 'job_type',
    type: 'choice',
    helpRank: 20,
    parse: (value, name) => parseChoice(name, value, ['spot', 'on_demand'] as const),
    description:
      "`job` and `runner`: `spot` (the platform's default and its cheaper mode: the job may wait `Queued` for stock, and is sent with its expected run, `estimated_exec_sec`) or `on_demand`. Empty: as the body's `sub_type` says, as the reference writes it (`Spot`, or null for on demand), else `spot`."
  }),
  input({
    name: 'estimated_exec_sec',
    type: 'number',
    parse: (value, name) => parseIntegerInRange(name, value, 1, 86_400),
    description:
      '`job` with `job_type: spot`: how long the job is expected to run, in seconds (1 to 86400), a bit longer than its real run and a bit shorter than `job_support.timeout_sec` (the platform looks for the stablest resource window by it). Empty: nine tenths of `timeout_sec`.'
  }),
  input({
    name: 'spot_fallback',
    type: 'bool',
    default: 'false',
    parse: (value, name) => parseBoolean(name, value, false),
    description:
      '`job` with `job_type: spot`: `true` runs the job on demand when Spot cannot run it: when the Spot job stays `Queued` (its `schedule_status`) past `queue_timeout`, it is stopped first, until its detail says `End` (never two jobs at once); when its create is refused and made no job, the job is created on demand at once. The log says which mode ran and why; `job_type` outputs it. `runner` with `job_type: spot`: the same for each runner, with its configuration (its runner never started); once one runs on demand, the runners after it are made on demand.'
  }),
  input({
    name: 'queue_timeout',
    type: 'duration',
    default: '10m',
    parse: (value, name) => parseDuration(name, value, { minMs: 10_000, maxMs: 6 * HOUR }),
    description:
      '`job` and `runner` with `spot_fallback: true`: how long a Spot job may stay `Queued` before it is stopped and the job run on demand, such as `10m` (10 s to 6 h).'
  })
] as const;
