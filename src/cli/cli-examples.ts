import type { OperationName } from '../deploy/engine.js';

/** A web service's body, as the platform's reference requires a create's: services with their ports. */
const WEB = `'{services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]}'`;
/**
 * One or two command lines per operation, the first things its help shows, and a comment (#) where one
 * names a file: each runs as written (with ELASTIC_DEPLOY_TOKEN set, and the file it names in the
 * workspace); a test holds them to that, as dry runs against the emulator.
 */
export const OPERATION_EXAMPLES: Readonly<Record<OperationName, readonly string[]>> = {
  create: [
    `elastic-deploy create --task-name web-1 --gpu 4090 --body ${WEB} --cleanup stop`,
    `elastic-deploy create --task-name web-1 --gpu 4090 --body ${WEB} --health-path /health --wait-timeout 20m`
  ],
  replace: [
    `elastic-deploy replace --task-name web --gpu 4090 --body ${WEB} --health-path /health`,
    `elastic-deploy replace --task-name web --gpu 4090 --body ${WEB} --max-cost 20 --cleanup stop`
  ],
  detail: ['elastic-deploy detail --task-id 1229831', 'elastic-deploy detail --task-id 1229831 --wait true'],
  search_tasks: [
    'elastic-deploy search-tasks --task-status Running,Pending',
    'elastic-deploy search-tasks --task-status Running --output json'
  ],
  search_resources: [
    "elastic-deploy search-resources --query '{device_type: GpuDevice}'",
    'elastic-deploy search-resources --output table'
  ],
  stop: ['elastic-deploy stop --task-id 1229831', 'elastic-deploy stop --task-id "1229831, 1229832"'],
  pause: [
    'elastic-deploy pause --task-id 1229831',
    'elastic-deploy pause --task-id 1229831 --wait-timeout 5m'
  ],
  recover: [
    'elastic-deploy recover --task-id 1229831 --wait-timeout 20m',
    'elastic-deploy recover --task-id 1229831 --health-path /health'
  ],
  change_points: [
    'elastic-deploy change-points --task-id 1229831 --points 3',
    'elastic-deploy change-points --task-id 1229831 --points 1'
  ],
  nodes: ['elastic-deploy nodes --task-id 1229831', 'elastic-deploy nodes --task-id 1229831 --output json'],
  logs: [
    'elastic-deploy logs --task-id 1229831 --log-lines 100',
    'elastic-deploy logs --task-id 1229831 --output json'
  ],
  events: [
    'elastic-deploy events --task-id 1229831',
    'elastic-deploy events --task-id 1229831 --output json'
  ],
  billing: [
    'elastic-deploy billing --billing-start 7d --billing-range day',
    'elastic-deploy billing --task-id 1229831 --billing-start 1d --billing-range hour'
  ],
  task_billing: [
    'elastic-deploy task-billing --billing-start 30d --billing-range month',
    'elastic-deploy task-billing --billing-start 7d --billing-range day --output json'
  ],
  storage_check: [
    'elastic-deploy storage-check --body-file storage.yaml',
    'elastic-deploy storage-check --body-file storage.yaml --output json',
    '# storage.yaml: supplier (such as tencent), endpoint, ak, sk, bucket and prefix; ak and sk from secrets'
  ],
  sweep: [
    "elastic-deploy sweep --task-name 'pr-42-*'",
    "elastic-deploy sweep --task-name 'nightly-*' --task-id 1229831 --dry-run"
  ],
  preview: [
    '# the GitHub action runs previews on pull_request events (docs/previews.md); a GitLab review app is replace and cleanup (docs/cli.md)'
  ],
  preview_sweep: ['# the GitHub action runs the preview sweep on a schedule (docs/previews.md)'],
  preheat: [
    `elastic-deploy preheat --task-name warm-web --gpu 4090 --body ${WEB}`,
    `elastic-deploy preheat --task-name warm-web --gpu 4090 --body ${WEB} --preheat-timeout 30m`
  ],
  update: [
    `elastic-deploy update --task-id 1229831 --body '{services: [{service_name: web, service_image: "nginx:1.28"}]}' --health-path /health`,
    `elastic-deploy update --task-name web --body '{services: [{service_name: web, service_image: "nginx:1.28"}]}'`
  ],
  scale: [
    'elastic-deploy scale --task-id 1229831 --points 3',
    'elastic-deploy scale --task-id 1229831 --points 1 --wait-timeout 20m'
  ],
  replace_node: [
    'elastic-deploy replace-node --task-id 1229831 --point-id failed',
    'elastic-deploy replace-node --task-id 1229831 --point-id 1229831002'
  ],
  job: [
    'elastic-deploy job --task-name gpu-tests --gpu 4090 --body-file job.yaml',
    'elastic-deploy job --task-name gpu-tests --gpu 4090 --job-type on_demand --body-file job.yaml --files-dir job-files',
    '# job.yaml: job_support (timeout_sec, parallelism, mod_param) and services (docs/jobs.md shows one)'
  ],
  job_detail: [
    'elastic-deploy job-detail --task-id 1962285',
    'elastic-deploy job-detail --task-id 1962285 --wait true'
  ],
  job_search: [
    'elastic-deploy job-search --task-name gpu-tests --task-status Running,Pending,End',
    'elastic-deploy job-search --task-status End --output json'
  ],
  job_stop: [
    'elastic-deploy job-stop --task-id 1962285',
    'elastic-deploy job-stop --task-id 1962285 --wait-timeout 5m'
  ],
  job_group_search: [
    "elastic-deploy job-group-search --query '{queue_id: 7}'",
    "elastic-deploy job-group-search --query '{queue_id: 7}' --output json"
  ],
  job_group_detail: [
    "elastic-deploy job-group-detail --query '{group_id: 5001}'",
    "elastic-deploy job-group-detail --query '{group_id: 5001}' --output json"
  ],
  volume: [
    'elastic-deploy volume --volume datasets --size 100 --region bj-001',
    'elastic-deploy volume --volume scratch --size 20 --volume-cleanup delete'
  ],
  volume_list: ['elastic-deploy volume-list', 'elastic-deploy volume-list --region bj-001'],
  volume_delete: [
    'elastic-deploy volume-delete --volume scratch --confirm scratch',
    'elastic-deploy volume-delete --volume scratch --confirm scratch --wait-timeout 10m'
  ],
  transfer: [
    'elastic-deploy transfer --volume datasets --direction s3-to-volume --s3-supplier tencent --s3-endpoint cos.ap-guangzhou.myqcloud.com --s3-bucket corpus --s3-prefix v3/ --volume-path /corpus',
    'elastic-deploy transfer --volume datasets --direction volume-to-s3 --s3-supplier tencent --s3-endpoint cos.ap-guangzhou.myqcloud.com --s3-bucket corpus --s3-prefix results/ --volume-path /out',
    '# ELASTIC_DEPLOY_S3_ACCESS_KEY and ELASTIC_DEPLOY_S3_SECRET_KEY (or their _FILE) from secrets'
  ],
  transfer_detail: [
    'elastic-deploy transfer-detail --transfer-id 501',
    'elastic-deploy transfer-detail --transfer-id 501 --output json'
  ],
  transfer_list: ['elastic-deploy transfer-list', 'elastic-deploy transfer-list --volume datasets'],
  transfer_stop: [
    'elastic-deploy transfer-stop --transfer-id 501',
    'elastic-deploy transfer-stop --transfer-id 501 --wait-timeout 5m'
  ],
  request: [
    "elastic-deploy request --method GET --path /api/deployment/task/search --query '{type: Deployment, status: Running}'",
    "elastic-deploy request --method GET --path /api/task/deployment/detail --query '{task_id: 1229831}'"
  ]
};
