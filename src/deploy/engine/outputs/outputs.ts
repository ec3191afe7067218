import { output } from './output.js';
import type { OutputDeclaration } from './output.js';

/** Every output of the step, declared once, in action.yml's order (each operation's: operation-inputs.ts). */
export const OUTPUTS = [
  output({
    name: 'code',
    type: 'text',
    dotenvRank: 38,
    description:
      "The envelope's code: `0000` on success (also when the platform writes it as the number 0), the platform's code on an API error."
  }),
  output({
    name: 'msg',
    type: 'text',
    dotenvRank: 39,
    description: "The envelope's description (`msg`, or `message` on the live platform)."
  }),
  output({
    name: 'data',
    type: 'json',
    description:
      'The final data as compact JSON: for a create that waited, the final task detail; an array for several tasks. Integers beyond 2^53 keep every digit.'
  }),
  output({
    name: 'task_id',
    type: 'text',
    dotenvRank: 1,
    description: 'The task the step made or concerned (the first, for several), as digits.'
  }),
  output({
    name: 'task_ids',
    type: 'json',
    dotenvRank: 9,
    description:
      "JSON array of the tasks' ids, as strings, so that no JSON reader rounds them. For `sweep`, the tasks it stopped (with any it could not, when the step fails; in a dry run, those it would stop). `runner`: the runners' platform jobs; `runner_stop` and `runner_sweep`: those it stopped."
  }),
  output({
    name: 'status',
    type: 'text',
    dotenvRank: 2,
    description:
      "The task's last status; for several tasks their common status, or `mixed`. `volume` and `volume_delete`: the volume's (`Active`, or `Deleted` once no list shows it). `transfer`, `transfer_detail`, `transfer_stop`: the transfer's."
  }),
  output({
    name: 'statuses',
    type: 'json',
    dotenvRank: 11,
    description: 'JSON object of task id to last status.'
  }),
  output({
    name: 'url',
    type: 'text',
    dotenvRank: 3,
    description:
      'The first service URL of the task: an absolute `http(s)` URL as a URL parser writes it (others are not published). Pass it to scripts through `env:`, never `${{ }}` inside `run:`.'
  }),
  output({
    name: 'urls',
    type: 'json',
    dotenvRank: 10,
    description: 'JSON array of every service URL, `http(s)` only, as for `url`.'
  }),
  output({
    name: 'elapsed_seconds',
    type: 'number',
    dotenvRank: 36,
    description: 'Seconds from the first request to the end of the wait.'
  }),
  output({
    name: 'timed_out',
    type: 'bool',
    dotenvRank: 7,
    description: '`true` when the wait ran out of time.'
  }),
  output({
    name: 'capped',
    type: 'bool',
    dotenvRank: 8,
    description:
      '`true` when `max_cost` stopped what the step waited on: its cost reached the cap, and it was stopped.'
  }),
  output({
    name: 'healthy',
    type: 'bool',
    dotenvRank: 17,
    description:
      '`true` when every service URL passed the health check of `health_path`, `false` when one did not, empty when none was made.'
  }),
  output({
    name: 'total_cost',
    type: 'number',
    dotenvRank: 5,
    description:
      "`preview`: what all of the pull request's previews have cost so far, in yuan, exact, as a decimal number (every task of its name, stopped ones too, billed plus not billed yet: the figure the comment and the log show to the fen); `preview_sweep`: what the previews it stopped cost."
  }),
  output({
    name: 'cost',
    type: 'number',
    dotenvRank: 4,
    description:
      "What the task has cost so far, in yuan, as a decimal number such as `0.001650` (exact, to the millionth of a yuan, the platform's point; the log, the summary and the tables show it to the fen): what it has been billed (`billing_value`) plus what it has used since and not been billed yet (`forecast_value`; the platform bills every 5 minutes). For several tasks a JSON object of task id to cost, each a number (null where a task's detail was not read); for `billing` the window's total billed (the records' `billing_coin`, the platform's total; the discount deducted, `discount_coin`, is shown beside it in the log and the summary), for `task_billing` a JSON object of task id to its total billed, each a number; empty when nothing was read."
  }),
  output({
    name: 'region',
    type: 'text',
    dotenvRank: 31,
    description:
      "With `gpu`: the region chosen (the resource search's region tag): where the task was created, or for `preheat`, the region the preheat ran in. `volume` and `volume_delete`: the volume's region. Empty otherwise."
  }),
  output({
    name: 'region_name',
    type: 'text',
    dotenvRank: 32,
    description: "With `gpu`: that region's `region_name`, as the platform writes it."
  }),
  output({
    name: 'gpu',
    type: 'text',
    dotenvRank: 33,
    description:
      "With `gpu`: the GPU model of the chosen resource (`gpu_name`; a CPU device's `device_name`)."
  }),
  output({
    name: 'price',
    type: 'number',
    dotenvRank: 34,
    description:
      "With `gpu`: the chosen resource's number that `max_price` is compared with (`discount_price`, else `price`), for one node, as the resource search gives it."
  }),
  output({
    name: 'billing_value',
    type: 'number',
    dotenvRank: 35,
    description:
      "The platform's own `billing_value` of the task: what it has been billed so far, in the platform's points (1 yuan = 1,000,000 points), exact as written; without what it used in the last minutes (see `cost`). For several tasks a JSON array (null where a task's detail was not read); empty when no detail was read."
  }),
  output({
    name: 'changed',
    type: 'bool',
    dotenvRank: 18,
    description:
      '`update`, `scale` and `replace_node`: `true` when there was something to change and it was sent, `false` when the task was as asked already (nothing was sent).'
  }),
  output({
    name: 'rolled_back',
    type: 'bool',
    dotenvRank: 19,
    description:
      '`update`: `true` when the new configuration did not serve and the task was set back to the one it had; `scale`: `true` when new nodes failed and the node count was set back. Else `false`.'
  }),
  output({
    name: 'points_before',
    type: 'number',
    dotenvRank: 20,
    description: '`scale` and `replace_node`: the nodes running before (`runing_points`).'
  }),
  output({
    name: 'points_after',
    type: 'number',
    dotenvRank: 21,
    description: '`scale` and `replace_node`: the nodes running at the end.'
  }),
  output({
    name: 'job_status',
    type: 'text',
    dotenvRank: 6,
    description:
      "`job`, `job_detail`, `job_stop`: the job's own status (`job_status.status`): `Pending`, `Running`, `Complete` or `Failed` (`Manual` as the platform writes it)."
  }),
  output({
    name: 'succeeded_pods',
    type: 'number',
    dotenvRank: 13,
    description: "`job`, `job_detail`, `job_stop`: the job's pods that succeeded."
  }),
  output({
    name: 'failed_pods',
    type: 'number',
    dotenvRank: 14,
    description: "`job`, `job_detail`, `job_stop`: the job's pods that failed."
  }),
  output({
    name: 'duration',
    type: 'number',
    dotenvRank: 15,
    description:
      "`job`, `job_detail`, `job_stop`: seconds from the start of the job's run on the platform (`job_status.create_time`) to its end (`completion_time`, else its last update), once it ended (empty before). `transfer`: seconds from the connection check to the transfer's end. `copy`: seconds its copies took, in all."
  }),
  output({
    name: 'job_type',
    type: 'text',
    dotenvRank: 16,
    description: '`job`, `job_detail`, `job_stop`: the mode the job ran in, `spot` or `on_demand`.'
  }),
  output({
    name: 'log_file',
    type: 'file',
    dotenvRank: 12,
    description:
      "`job`, and `job_detail` with `wait: true`: the file that holds every line of the job's log the step read (each line after its pod's name when the job runs several), for `actions/upload-artifact`; empty when no line was read."
  }),
  output({
    name: 'replaced_task_ids',
    type: 'json',
    dotenvRank: 22,
    description:
      '`replace`: JSON array of the tasks of the same name that it stopped once the new task was ready.'
  }),
  output({
    name: 'count',
    type: 'number',
    dotenvRank: 37,
    description:
      'How many tasks the step acted on with success: for `sweep`, the tasks it stopped (in a dry run, those it would stop). A listing (`search_tasks`, `job_search`, `job_group_search`, `nodes`, `search_resources`, `billing`, `task_billing`, `volume_list`, `transfer_list`): how many rows it listed.'
  }),
  output({
    name: 'storage_id',
    type: 'text',
    dotenvRank: 23,
    description: "`volume` and `volume_delete`: the volume's id, as digits."
  }),
  output({
    name: 'total_size',
    type: 'number',
    dotenvRank: 24,
    description: '`volume` and `volume_delete`: what the volume holds, in GiB (to the thousandth).'
  }),
  output({
    name: 'used_size',
    type: 'number',
    dotenvRank: 25,
    description:
      "`volume` and `volume_delete`: how much of it is used, in GiB; empty where the storage cannot say (the platform's -1), never 0 for unknown."
  }),
  output({
    name: 'volume_price',
    type: 'number',
    dotenvRank: 26,
    description:
      "`volume` and `volume_delete`: the volume's displayed price, in yuan per GB a month, as the platform shows it (`display_unit_price`)."
  }),
  output({
    name: 'storage_class',
    type: 'text',
    dotenvRank: 43,
    description:
      "`volume` and `volume_delete`: the volume's storage class, by its id (`storage_class`, such as `nfs-standard`)."
  }),
  output({
    name: 'transfer_id',
    type: 'text',
    dotenvRank: 27,
    description:
      '`transfer`, `transfer_detail` and `transfer_stop`: the transfer, as digits (after retries, the last one made).'
  }),
  output({
    name: 'files',
    type: 'number',
    dotenvRank: 28,
    description:
      '`transfer`, `transfer_detail` and `transfer_stop`: the files it copied (`ready_files`). `copy`: the files its copies copied, in all (a file already there is counted in `skipped_files`).'
  }),
  output({
    name: 'bytes',
    type: 'number',
    dotenvRank: 29,
    description:
      '`transfer`, `transfer_detail` and `transfer_stop`: the bytes it copied (`transferred_bytes`). `copy`: the bytes its copies copied, in all.'
  }),
  output({
    name: 'skipped_files',
    type: 'number',
    dotenvRank: 47,
    description:
      '`copy`: the files its copies from or to the workspace did not copy because they were there already (the same size and time, or the same size and SHA-256); a copy through object storage skips as `overwrite_policy` says, and does not count them.'
  }),
  output({
    name: 'rate',
    type: 'number',
    dotenvRank: 30,
    description: '`transfer` and `copy`: the bytes it copied a second, on average over `duration`.'
  }),
  output({
    name: 'diagnostics_file',
    type: 'file',
    dotenvRank: 41,
    description:
      "A JSON file under `RUNNER_TEMP` with what a failed or timed-out wait until ready found about the task's nodes: their status, events and the last `log_lines` lines of each service's log; empty when there was nothing to diagnose."
  }),
  output({
    name: 'restore_file',
    type: 'file',
    dotenvRank: 42,
    description:
      '`update`: when its rollback did not complete, a JSON file under `RUNNER_TEMP` with the configuration the task had before the update (secrets and every `env` redacted), to restore it by hand; else empty.'
  }),
  output({
    name: 'runner_label',
    type: 'text',
    dotenvRank: 44,
    description:
      "`runner`: the label unique to this workflow run and attempt that the runners it started have (`<task_name>-<run id>-<attempt>`): a later job's `runs-on` names it, and `runner_stop` finds them by it."
  }),
  output({
    name: 'runner_names',
    type: 'json',
    dotenvRank: 45,
    description:
      "`runner`: JSON array of the runners' names as GitHub lists them (each its platform job's `task_name`: `<runner_label>-<n>`)."
  }),
  output({
    name: 'runs_on',
    type: 'json',
    dotenvRank: 46,
    description:
      '`runner`: JSON array of the labels a job runs on the runners by, `["self-hosted","<runner_label>"]`: `runs-on: ${{ fromJSON(needs.<job>.outputs.runs_on) }}`.'
  }),
  output({
    name: 'response_file',
    type: 'file',
    dotenvRank: 40,
    description:
      'A file under `RUNNER_TEMP` holding the full last answer (a JSON array of them for several tasks), for payloads too big for an output. A `RUNNER_TEMP` in which no file can be made fails the step before anything is sent.'
  })
] as const;

export type OutputName = (typeof OUTPUTS)[number]['name'];

/** Every output's name, in action.yml's order. */
export const OUTPUT_NAMES: readonly OutputName[] = OUTPUTS.map((declared) => declared.name);

/** The names of the outputs of a type. */
export const outputsOfType = (type: OutputDeclaration['type']): ReadonlySet<string> =>
  new Set(OUTPUTS.filter((declared) => declared.type === type).map((declared) => declared.name));

/** The outputs a dotenv report holds by default, by their rank: the most useful to a later stage first. */
export const DOTENV_ORDER: readonly OutputName[] = OUTPUTS.flatMap((declared) =>
  'dotenvRank' in declared ? [declared] : []
)
  .sort((a, b) => a.dotenvRank - b.dotenvRank)
  .map((declared) => declared.name);
