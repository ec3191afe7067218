// What a test (or the emulator's --config) sets of the Job API's jobs and their queues, and sees of them.
import { DEVICES, markOf } from './catalog.js';
import type { EmulatorOptions } from './records.js';
import type { QueueGroupSeed } from './queue-groups.js';
import type { Stores } from './stores.js';

export interface JobControl {
  /**
   * Makes a job as a create would, on the catalog's first GPU resource (its Job mark): one service that
   * runs `tests`, `points` completions one pod at a time; answers its id as digits.
   */
  add(seed: { task_name: string; points?: number; sub_type?: 'Spot' }): string;
  /** The job as job detail shows it. */
  get(taskId: bigint | number | string): Record<string, unknown>;
  /** Stops a job as another client's stop would. */
  stop(taskId: bigint | number | string): void;
  /** How the jobs made from now on run (see the `jobs` option). */
  configure(jobs: NonNullable<EmulatorOptions['jobs']>): void;
  /** Puts a task group of a job queue in place (the reference has no way to make one); answers its id. */
  addQueueGroup(seed: QueueGroupSeed): string;
}

export function jobControl(stores: Stores, emulator: { applyLate: () => void }): JobControl {
  const { jobs, queueGroups } = stores;
  return {
    add: (seed) => {
      const [device] = DEVICES;
      const [region] = device?.regions ?? [];
      if (device === undefined || region === undefined) throw new Error('unreachable: an empty catalog');
      return jobs
        .create({
          task_name: seed.task_name,
          ...(seed.sub_type === undefined ? {} : { sub_type: seed.sub_type }),
          resources: [{ mark: markOf(device, region, jobs.settings.resourceTaskType) }],
          points: seed.points ?? 1,
          job_support: {
            ...(seed.sub_type === undefined ? {} : { estimated_exec_sec: 3000 }),
            timeout_sec: 3600,
            parallelism: 1,
            mod_param: { default: { backoff_limit: 1, restart_policy: 'Never' } }
          },
          services: [
            {
              service_name: 'tests',
              service_image: 'pytorch/pytorch:2.5.1',
              resource_weight: { cpu_weight: 1, mem_weight: 1, gpu_weight: 1 },
              start_script: { command: ['pytest'], args: ['-q'] }
            }
          ]
        })
        .toString();
    },
    get: (taskId) => {
      emulator.applyLate();
      return jobs.detail(BigInt(taskId));
    },
    stop: (taskId) => {
      jobs.stop(BigInt(taskId));
    },
    configure: (given) => {
      const { settings } = jobs;
      if (given.podSeconds !== undefined) settings.podMs = Math.max(1, given.podSeconds * 1000);
      if ('failPattern' in given) settings.failPattern = given.failPattern;
      if (given.scripts !== undefined) settings.scripts = given.scripts;
      if (given.stoppedStatus !== undefined) settings.stoppedStatus = given.stoppedStatus;
      if (given.resourceTaskType !== undefined) settings.resourceTaskType = given.resourceTaskType;
      if (given.billedAfterEndSeconds !== undefined)
        settings.billedAfterEndMs = given.billedAfterEndSeconds * 1000;
    },
    addQueueGroup: (seed) => queueGroups.add(seed).toString()
  };
}
