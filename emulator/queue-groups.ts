// The task groups of a job queue, as the platform's reference gives them (suanli-job/api/job-queue-*.md,
// endpoints it marks as still in development): read-only here, as the reference has no way to make one;
// a test puts them in place (Emulator.addQueueGroup).
import { rfc3339 } from './times.js';

export const GROUP_STATUSES = ['Running', 'Waiting', 'End'] as const;
type GroupStatus = (typeof GROUP_STATUSES)[number];

/** A group as a test puts it in place: what the reference's GroupDto holds, counts defaulted. */
export interface QueueGroupSeed {
  queue_id: number;
  queue_name: string;
  group_name: string;
  group_count: number;
  task_parallel_limit: number;
  status?: GroupStatus;
  billing_value?: number;
  /** How many of its tasks are in each status (default: all Pending while Waiting, else none). */
  task_status_capacity?: Partial<Record<'Pending' | 'Running' | 'Paused' | 'End', number>>;
  /** The body of a job create each task of the group is made from. */
  task_dto: Record<string, unknown>;
}

export class QueueGroupStore {
  readonly #groups = new Map<bigint, Record<string, unknown>>();
  #nextId = 5001n;

  constructor(private readonly now: () => number) {}

  add(seed: QueueGroupSeed): bigint {
    const id = this.#nextId++;
    const status = seed.status ?? 'Waiting';
    this.#groups.set(id, {
      queue_id: seed.queue_id,
      queue_name: seed.queue_name,
      group_id: id,
      group_name: seed.group_name,
      group_count: seed.group_count,
      task_parallel_limit: seed.task_parallel_limit,
      status,
      billing_value: seed.billing_value ?? 0,
      task_status_capacity: {
        Pending: status === 'Waiting' ? seed.group_count : 0,
        Running: 0,
        Paused: 0,
        End: 0,
        ...seed.task_status_capacity
      },
      create_time: rfc3339(this.now()),
      task_dto: seed.task_dto
    });
    return id;
  }

  /** The groups of a queue, oldest first, of the statuses and with the name asked. */
  search(queueId: bigint, statuses: readonly string[] | undefined, name: string | undefined): unknown[] {
    return [...this.#groups.values()].filter(
      (group) =>
        BigInt(group.queue_id as number) === queueId &&
        (statuses === undefined || statuses.includes(group.status as string)) &&
        (name === undefined || (group.group_name as string).includes(name))
    );
  }

  /** A group, or null where no group has the id (the reference's data is a GroupDto or null). */
  detail(id: bigint): unknown {
    return this.#groups.get(id) ?? null;
  }
}
