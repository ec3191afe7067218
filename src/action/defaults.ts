import { ACTIVE_STATUSES } from '../deploy/engine.js';

/**
 * The default of every input that has one, as text: the one source of them. action.yml declares the
 * same defaults, because the runner fills them in and the marketplace shows them; a test checks that
 * both agree, input by input. An input whose default depends on the operation (cleanup, wait_timeout)
 * declares none, since the runner would pass it as if the user had set it: its default is the deploy
 * layer's (step-defaults.ts), and its description says it.
 */
export const INPUT_DEFAULTS = {
  private_key_format: 'auto',
  api_profile: 'live',
  api_version: '1.0.0',
  task_status: ACTIVE_STATUSES.join(','),
  encrypt: 'false',
  wait: 'auto',
  poll_interval: '10s',
  status_field: 'status',
  wait_for_urls: 'true',
  max_restarts: '3',
  log_lines: '50',
  health_status: '200-299',
  poll_error_budget: '5',
  request_timeout: '30s',
  max_response_size: '16MiB',
  max_retries: '5',
  concurrency: '4',
  summary: 'true',
  cleanup_timeout: '2m',
  billing_range: 'day',
  billing_start: '7d',
  billing_end: 'now',
  dry_run: 'false',
  gpu_count: '1',
  device_type: 'GpuDevice',
  capacity_timeout: '0s',
  preheat: 'none',
  preheat_timeout: '30m',
  delete_last_node: 'false',
  spot_fallback: 'false',
  queue_timeout: '10m',
  volume_cleanup: 'keep',
  force: 'false',
  volume_path: '/',
  overwrite_policy: 'hash',
  transfer_retries: '2',
  github_token: '${{ github.token }}',
  comment: 'false',
  max_previews: '5',
  preview_ttl: '3d'
} as const;

export type DefaultedInput = keyof typeof INPUT_DEFAULTS;

/**
 * The API origin when neither base_url nor DEPLOY_API_BASE_URL is set. It is not a default in
 * action.yml: a default there would fill base_url and hide the environment variable.
 */
export const DEFAULT_BASE_URL = 'https://openapi.suanli.cn';
