import { parseBoolean, parsePointId, parsePositiveInteger, parseStatuses } from './parsers.js';
import { input, asText } from './input.js';
import { ACTIVE_STATUSES } from '../../../platform/task-data.js';

/** Which tasks: the name of a new one, its nodes, the ids of those it concerns, the statuses a search asks for. */
export const TASK_INPUTS = [
  input({
    name: 'task_name',
    type: 'text',
    helpRank: 2,
    parse: asText,
    description:
      "`create` and `replace`: the name of the new task. `preview` and `preview_sweep`: the name the previews are named after (`web` makes `web-pr-42` for pull request 42). `job`: the name of the new job. `preheat`: the name of the preheat task. `sweep`: a name pattern, where `*` matches any run of characters and nothing else is special (`pr-42-*`); it needs at least 3 characters besides `*`. `update`: instead of `task_id`, the exact name of the one live task to change. `job_search`: the jobs whose name holds it. `transfer` and `copy`: the start of the transfer's name (the volume's name when empty), to which the step adds what makes it unique to the run (`copy`: of a copy through object storage). `runner`: the word the runners are named after, letters, digits, `.`, `_` and `-` (`gpu` makes the label `gpu-<run id>-<attempt>` and the runners, each its platform job, `gpu-<run id>-<attempt>-1`...). `runner_stop`: the runner step's, whose runners of this run it stops. `runner_sweep`: the runner steps', whose runners of every run it sweeps."
  }),
  input({
    name: 'points',
    type: 'number',
    helpRank: 6,
    parse: (value, name) => parsePositiveInteger(name, value, 'the number of nodes, such as 1'),
    description:
      "`create`, `replace` and `preview`: the number of nodes, a whole number of 1 or more; the platform makes 1 node when it is not set. `change_points` and `scale`: the new number of nodes, a whole number of 1 or more. `job`: the job's completions, how many times it must succeed (each run is a pod; `job_support.parallelism` of them at once), a whole number of 1 or more; 1 when not set."
  }),
  input({
    name: 'task_id',
    yaml: 'list',
    type: 'list',
    untrimmed: true,
    helpRank: 1,
    parse: asText,
    description:
      'The task, as digits (ids beyond 2^53 stay exact). `detail`, `stop`, `pause`, `recover`, `nodes`, `job_detail`, `job_stop`, `runner_stop` and `billing` (the tasks to bill, all when empty) take several: one per line, separated by a comma and a space (`1229831, 1229832`), or as a YAML or JSON list (`[1229831, 1229832]`). Anything else is refused before sending: `1,229,832` reads as one number with thousands separators, and ids separated by spaces alone could be one number. `sweep`: the tasks to keep, whatever their name.'
  }),
  input({
    name: 'point_id',
    type: 'text',
    helpRank: 11,
    parse: (value, name) => parsePointId(name, value),
    description:
      '`replace_node`: the node to delete (its point id, as the `nodes` operation lists it), or `failed` for every node of the task that is `Failed` or crash-looping (see `max_restarts`).'
  }),
  input({
    name: 'delete_last_node',
    type: 'bool',
    default: 'false',
    parse: (value, name) => parseBoolean(name, value, false),
    description:
      "`replace_node`: delete the node even when it is the task's last running one (the service stops until its replacement comes up). Otherwise that is refused before sending."
  }),
  input({
    name: 'task_status',
    type: 'list',
    default: ACTIVE_STATUSES.join(','),
    helpRank: 16,
    parse: (value, name) => parseStatuses(name, value),
    description:
      '`search_tasks` and `job_search`: the statuses to list, separated by commas, from `Running`, `Pending`, `Paused` and `End` (the task search requires a status; its `type` is always `Deployment`).'
  })
] as const;
