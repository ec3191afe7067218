import { parseBoolean, parseChoice, parsePath } from './parsers.js';
import { input, asText } from './input.js';

/** What the calls carry: the body, the query, and a request of any endpoint. */
export const REQUEST_INPUTS = [
  input({
    name: 'body',
    yaml: 'text',
    requestContent: true,
    type: 'yaml',
    untrimmed: true,
    helpRank: 5,
    parse: asText,
    description:
      "A YAML or JSON mapping of body fields, sent after the operation's own fields; the whole body for `storage_check` and `request`. A field the operation sets from an input (`task_name`, `points`; in `query`, `status` and `job_search`'s `search_value`), as a body copied from the platform's reference has it, fills that input when it is empty, and is refused only when both say different values. `create` and `replace`: `services` (each with `service_name`, `service_image` and `remote_ports`), and `resources` unless `gpu` picks them. `job`: `job_support` (`timeout_sec`, `parallelism`, `mod_param`) and `services` (each with `service_name`, `service_image`, `resource_weight` and its `start_script`). `preheat`: a create's body: the images of its `services` are preheated. `update`: the changes, as a part of the task's configuration (`services` matched by `service_name`, such as `{services: [{service_name: web, service_image: \"app:2\"}]}`); the registry credentials cannot be changed after creation and are refused."
  }),
  input({
    name: 'body_file',
    yaml: 'text',
    requestContent: true,
    type: 'text',
    helpRank: 4,
    parse: asText,
    description:
      'A YAML or JSON file with more body fields, for bodies too big for an input (the runner passes inputs as environment variables, at most 128 KiB each): a regular file of at most 1 MiB inside the workspace (path from there) or `RUNNER_TEMP`; any other path is refused.',
    cliDescription:
      "A YAML or JSON file with more body fields, for bodies too big for a flag: a regular file of at most 1 MiB, its path from the working directory (any directory: the workspace rule is the action's)."
  }),
  input({
    name: 'query',
    yaml: 'text',
    requestContent: true,
    type: 'yaml',
    untrimmed: true,
    helpRank: 15,
    parse: asText,
    description:
      'A YAML or JSON mapping of query parameters; a list becomes a comma-separated value. `job_group_search` needs `queue_id`, `job_group_detail` needs `group_id`.'
  }),
  input({
    name: 'method',
    type: 'choice',
    helpRank: 13,
    parse: (value, name) => parseChoice(name, value.toUpperCase(), ['GET', 'POST'] as const),
    description: '`request`: `GET` or `POST`.'
  }),
  input({
    name: 'path',
    type: 'text',
    helpRank: 14,
    parse: (value, name) => parsePath(name, value),
    description: '`request`: the endpoint path, such as `/api/deployment/task/search`.'
  }),
  input({
    name: 'encrypt',
    type: 'bool',
    default: 'false',
    helpRank: 37,
    parse: (value, name) => parseBoolean(name, value, false),
    description: '`request`: `true` to send the body encrypted with the platform public key.'
  })
] as const;
