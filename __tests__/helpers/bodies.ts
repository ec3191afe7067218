// Create bodies in the platform's documented forms: its reference requires resources (a mark from a
// resource search) and services (each with service_name, service_image and remote_ports).
import { DEVICES, markOf } from '../../emulator/catalog.js';
import type { QueueGroupSeed } from '../../emulator/queue-groups.js';

const [GPU_4090] = DEVICES;
if (GPU_4090 === undefined || GPU_4090.regions[0] === undefined) throw new Error('the catalog has no 4090');

/** The mark a resource search gives for a 4090 node in its first region (regions[].mark.mark). */
export const MARK_4090 = markOf(GPU_4090, GPU_4090.regions[0], 'Deployment');
/** The same, for a job (the resource search with task_type=Job). */
export const JOB_MARK_4090 = markOf(GPU_4090, GPU_4090.regions[0], 'Job');
/** The region of those marks. */
export const REGION_4090 = GPU_4090.regions[0].region;

/** One web service on port 80. */
export const WEB_SERVICE = {
  service_name: 'web',
  service_image: 'nginx:1.27',
  remote_ports: [{ service_port: 80 }]
};

/** WEB_SERVICE alone, as a body input in YAML flow form (no resources: the step picks them from gpu). */
export const WEB_SERVICE_YAML =
  '{services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]}';

/** A create's body (as the body input takes it, JSON) with the 4090 mark and `services`. */
export function createBody(services: readonly Record<string, unknown>[] = [WEB_SERVICE]): string {
  return JSON.stringify({ resources: [{ mark: MARK_4090 }], services });
}

/** The body of a create of one web service on a 4090 node. */
export const WEB_BODY = createBody();

/** A GPU batch job of one pod, as the platform's reference requires it (job_support, services). */
export const JOB_BODY = JSON.stringify({
  job_support: {
    timeout_sec: 600,
    parallelism: 1,
    mod_param: { default: { backoff_limit: 0, restart_policy: 'Never' } }
  },
  services: [
    {
      service_name: 'tests',
      service_image: 'pytorch/pytorch:2.5.1',
      resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
      start_script: { command: ['pytest'], args: ['-q'] }
    }
  ]
});

/** JOB_BODY with its service's environment `env` (a job's list of {name, value}). */
export function jobBodyWithEnv(env: readonly { name: string; value: string }[]): string {
  const body = JSON.parse(JOB_BODY) as { services: Record<string, unknown>[] };
  return JSON.stringify({ ...body, services: body.services.map((service) => ({ ...service, env })) });
}

/**
 * JOB_BODY with its service's environment `env` and, given, the account of a private registry
 * (services[].repository_account): a job that holds every kind of credential a body can.
 */
export function jobBodyWithSecrets(
  env: readonly { name: string; value: string }[],
  registryPassword: string
): string {
  const body = JSON.parse(jobBodyWithEnv(env)) as { services: Record<string, unknown>[] };
  const account = { repository_username: 'registry-bot', repository_password: registryPassword };
  return JSON.stringify({
    ...body,
    services: body.services.map((service) => ({ ...service, repository_account: account }))
  });
}

/** Queue 7's task group "nightly" (20 tasks, 4 at a time, of task `taskDto`): as a test adds it to the emulator. */
export function nightlyGroup(taskDto: QueueGroupSeed['task_dto'] = { task_name: 'eval' }): QueueGroupSeed {
  return {
    queue_id: 7,
    queue_name: 'evals',
    group_name: 'nightly',
    group_count: 20,
    task_parallel_limit: 4,
    task_dto: taskDto
  };
}

/** A runner image's body: one service, GitHub's runner, as docs/runners.md shows. */
export const RUNNER_BODY = JSON.stringify({
  services: [
    {
      service_name: 'runner',
      service_image: 'ghcr.io/acme/gpu-runner:1',
      resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
      start_script: { command: ['./run.sh'], args: [] }
    }
  ]
});
