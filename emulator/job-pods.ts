// A job's pods as the deployment node endpoints give them (the reference files a job's nodes under the
// elastic deployment's): each pod's name and its entry of the node list.
import { POINTS_PER_YUAN } from './billing.js';
import type { PodRun } from './job-run.js';
import type { JobResource, JobService } from './job-config.js';
import { rfc3339 } from './times.js';

/** What a pod's view reads of its job. */
export interface PodsJob {
  readonly task_id: bigint;
  readonly resources: readonly JobResource[];
  readonly services: readonly JobService[];
  /** Yuan per pod and hour. */
  readonly rate: number;
}

/** A pod's point_id is its job's id times this, plus the pod's number. */
export const POINTS_PER_JOB = 1000n;

/** A pod's name: its job, its index and its attempt. */
export function podName(job: PodsJob, pod: PodRun): string {
  return `job-${job.task_id}-${pod.index}-${pod.seq}`;
}

/** A pod as the node list gives it at `now`. */
export function podNodeView(job: PodsJob, pod: PodRun, now: number): Record<string, unknown> {
  const placed = job.resources[0];
  const ranMs = (pod.to ?? now) - pod.from;
  return {
    point_id: job.task_id * POINTS_PER_JOB + BigInt(pod.seq),
    name: podName(job, pod),
    status: pod.status,
    region: placed?.resource.region ?? '',
    region_name: placed?.region_name ?? '',
    resource: {
      gpu_name: placed?.resource.gpu_name ?? null,
      gpu_count: placed?.resource.gpu_count ?? 0,
      cpu_cores: placed?.resource.cpu_cores ?? 0
    },
    containers: job.services.map((service) => ({
      service_name: service.service_name,
      name: `${podName(job, pod)}-${service.service_name}`,
      image: service.service_image,
      gpu_limit: placed?.resource.gpu_count ?? 0,
      reason: pod.reason ?? null,
      message: null,
      exit_code: pod.exitCode === undefined ? null : String(pod.exitCode)
    })),
    runing_time: Math.floor(ranMs / 1000),
    billing_value: Math.floor((ranMs / 3_600_000) * job.rate * POINTS_PER_YUAN),
    port_mappings: null,
    describe_dto: {
      last_restart_time: pod.restarts > 0 ? rfc3339(pod.containerFrom) : null,
      restart_count: pod.restarts
    }
  };
}

/** Kubernetes-style events of a pod at `now`, oldest first. */
export function podEvents(job: PodsJob, pod: PodRun, now: number): Record<string, unknown>[] {
  const service = job.services[0]?.service_name ?? null;
  const event = (at: number, reason: string, message: string, type = 'Normal') => ({
    reason,
    message,
    type,
    event_time: rfc3339(at),
    service
  });
  const events = [
    event(pod.from, 'Scheduled', `Successfully assigned ${podName(job, pod)}`),
    event(pod.from, 'Started', `Started container ${service ?? ''}`.trimEnd())
  ];
  if (pod.restarts > 0)
    events.push(event(pod.containerFrom, 'BackOff', 'Back-off restarting failed container', 'Warning'));
  if (pod.status === 'Failed')
    events.push(
      event(
        pod.to ?? now,
        pod.reason ?? 'Error',
        `container exited with code ${pod.exitCode ?? 1}`,
        'Warning'
      )
    );
  if (pod.status === 'Succeeded')
    events.push(event(pod.to ?? now, 'Completed', 'container exited with code 0'));
  return events;
}
