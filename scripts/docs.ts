// npm run docs: writes docs/reference.md, the inputs and outputs of each operation, from action.yml (the
// descriptions) and the lists below (which operation takes which), formatted as Prettier formats it;
// `npm run docs -- --check` only says whether it is up to date. A test holds every input and output of
// action.yml in the lists, and every operation.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { parse } from 'yaml';
import { ROOT } from './action-runner.js';

interface ActionYml {
  inputs: Record<string, { description: string; required?: boolean; default?: string }>;
  outputs: Record<string, { description: string }>;
}

/** Inputs every operation takes: where and how it talks to the API, and how the step reports. */
export const COMMON_INPUTS = [
  'operation',
  'base_url',
  'token',
  'private_key',
  'private_key_format',
  'private_key_passphrase',
  'platform_public_key',
  'api_profile',
  'api_version',
  'endpoints',
  'request_timeout',
  'max_response_size',
  'max_retries',
  'concurrency',
  'summary',
  'dry_run'
];

/** Outputs every operation writes (empty where it has nothing to say). */
export const COMMON_OUTPUTS = [
  'code',
  'msg',
  'data',
  'task_id',
  'task_ids',
  'status',
  'statuses',
  'url',
  'urls',
  'elapsed_seconds',
  'timed_out',
  'healthy',
  'count',
  'cost',
  'billing_value',
  'diagnostics_file',
  'response_file'
];

const WAIT = [
  'wait',
  'wait_timeout',
  'poll_interval',
  'status_field',
  'success_statuses',
  'failure_statuses',
  'wait_for_urls',
  'max_restarts',
  'log_lines',
  'health_path',
  'health_status',
  'poll_error_budget'
];
const CAPACITY = [
  'gpu',
  'gpu_count',
  'device_type',
  'regions',
  'max_price',
  'capacity_timeout',
  'preheat',
  'preheat_timeout'
];
const CHANGE_WAIT = [
  'wait_timeout',
  'poll_interval',
  'wait_for_urls',
  'max_restarts',
  'poll_error_budget',
  'cleanup_timeout'
];
const CREATE = [
  'task_name',
  'points',
  ...CAPACITY,
  'body',
  'body_file',
  ...WAIT,
  'cleanup',
  'cleanup_timeout'
];
const PLACED = ['region', 'region_name', 'gpu', 'price'];
const BILLING = ['billing_range', 'billing_start', 'billing_end'];
const JOB_OUTPUTS = ['job_status', 'succeeded_pods', 'failed_pods', 'duration', 'job_type'];

/** Each operation's own inputs and outputs, beside the common ones. */
export const OPERATION_DOCS: Record<string, { inputs: string[]; outputs: string[] }> = {
  create: { inputs: CREATE, outputs: PLACED },
  replace: { inputs: CREATE, outputs: [...PLACED, 'replaced_task_ids'] },
  detail: { inputs: ['task_id', ...WAIT], outputs: [] },
  search_tasks: { inputs: ['task_status', 'query'], outputs: [] },
  search_resources: { inputs: ['query'], outputs: [] },
  stop: { inputs: ['task_id', 'wait', 'wait_timeout', 'poll_interval', 'poll_error_budget'], outputs: [] },
  pause: { inputs: ['task_id', 'wait', 'wait_timeout', 'poll_interval', 'poll_error_budget'], outputs: [] },
  recover: { inputs: ['task_id', ...WAIT], outputs: [] },
  change_points: { inputs: ['task_id', 'points'], outputs: [] },
  nodes: { inputs: ['task_id', 'query'], outputs: [] },
  logs: { inputs: ['task_id', 'log_lines'], outputs: [] },
  events: { inputs: ['task_id'], outputs: [] },
  billing: { inputs: ['task_id', ...BILLING], outputs: [] },
  task_billing: { inputs: BILLING, outputs: [] },
  storage_check: { inputs: ['body', 'body_file'], outputs: [] },
  sweep: { inputs: ['task_name', 'task_id', 'cleanup_timeout'], outputs: [] },
  preheat: { inputs: ['task_name', ...CAPACITY, 'body', 'body_file'], outputs: PLACED },
  update: {
    inputs: ['task_id', 'task_name', 'body', 'body_file', ...CHANGE_WAIT, 'health_path', 'health_status'],
    outputs: ['changed', 'rolled_back', 'restore_file']
  },
  scale: {
    inputs: ['task_id', 'points', ...CHANGE_WAIT],
    outputs: ['changed', 'rolled_back', 'points_before', 'points_after']
  },
  replace_node: {
    inputs: ['task_id', 'point_id', 'delete_last_node', ...CHANGE_WAIT],
    outputs: ['changed', 'points_before', 'points_after']
  },
  job: {
    inputs: [
      'task_name',
      'points',
      'job_type',
      'estimated_exec_sec',
      'spot_fallback',
      'queue_timeout',
      ...CAPACITY,
      'body',
      'body_file',
      ...WAIT,
      'cleanup',
      'cleanup_timeout'
    ],
    outputs: [...PLACED, ...JOB_OUTPUTS, 'log_file']
  },
  job_detail: { inputs: ['task_id', ...WAIT], outputs: [...JOB_OUTPUTS, 'log_file'] },
  job_search: { inputs: ['task_status', 'task_name', 'query'], outputs: [] },
  job_stop: {
    inputs: ['task_id', 'wait', 'wait_timeout', 'poll_interval', 'poll_error_budget'],
    outputs: []
  },
  job_group_search: { inputs: ['query'], outputs: [] },
  job_group_detail: { inputs: ['query'], outputs: [] },
  request: { inputs: ['method', 'path', 'encrypt', 'body', 'body_file', 'query'], outputs: [] }
};

const oneLine = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** docs/reference.md: the common inputs and outputs, then each operation's own, as lists. */
export function renderReference(actionYml: string): string {
  const action = parse(actionYml) as ActionYml;
  const input = (name: string): string => {
    const spec = action.inputs[name];
    if (spec === undefined) throw new Error(`action.yml has no input ${name}`);
    const fallback = spec.default === undefined ? '' : ` (default \`${spec.default}\`)`;
    return `- \`${name}\`${spec.required === true ? ' (required)' : fallback}: ${oneLine(spec.description)}`;
  };
  const output = (name: string): string => {
    const spec = action.outputs[name];
    if (spec === undefined) throw new Error(`action.yml has no output ${name}`);
    return `- \`${name}\`: ${oneLine(spec.description)}`;
  };
  const lines = [
    '# Inputs and outputs, by operation',
    '',
    '<!-- Written by npm run docs from action.yml: edit the descriptions there, and the lists in scripts/docs.ts. -->',
    '',
    'Every input is a `with:` of the action, and a flag or an `ELASTIC_DEPLOY_<INPUT>` variable of',
    '`elastic-deploy` (see [the CLI](cli.md)). Every operation takes the inputs of the first section, and',
    'writes its outputs; then each operation lists its own.',
    '',
    '## Every operation',
    '',
    '### Inputs',
    '',
    ...COMMON_INPUTS.map(input),
    '',
    '### Outputs',
    '',
    ...COMMON_OUTPUTS.map(output),
    ''
  ];
  for (const [operation, docs] of Object.entries(OPERATION_DOCS)) {
    lines.push(`## \`${operation}\``, '', '### Inputs', '', ...docs.inputs.map(input), '');
    if (docs.outputs.length > 0) lines.push('### Outputs', '', ...docs.outputs.map(output), '');
  }
  return `${lines.join('\n')}\n`;
}

export async function formatted(text: string): Promise<string> {
  const file = join(ROOT, 'docs/reference.md');
  const options = (await prettier.resolveConfig(file)) ?? {};
  return prettier.format(text, { ...options, filepath: file });
}

if (process.argv[1]?.endsWith('docs.ts') === true) {
  const path = join(ROOT, 'docs/reference.md');
  const rendered = await formatted(renderReference(readFileSync(join(ROOT, 'action.yml'), 'utf8')));
  const current = existsSync(path) ? readFileSync(path, 'utf8') : '';
  if (process.argv.includes('--check')) {
    if (rendered !== current)
      console.error('docs/reference.md differs from what action.yml makes: run npm run docs');
    process.exitCode = rendered === current ? 0 : 1;
  } else {
    writeFileSync(path, rendered);
    console.log(
      rendered === current ? 'docs/reference.md is up to date' : 'docs/reference.md written from action.yml'
    );
  }
}
