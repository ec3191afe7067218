// A deployment task's nodes over time: scheduled, up one after another, resized, rolled onto a new
// configuration node by node; which of them run, and which crash-loop. Each reads the clock (`now`) and
// the store's settings it is given.
import { runsBadImage, type CrashLoop, type Pod } from './nodes.js';
import type { StoredService } from './task-config.js';
import type { Task, TaskSettings } from './task-record.js';

/** A node scheduled now with the task's configuration, up at `readyAt` (with its task when undefined). */
export function newPod(task: Task, readyAt: number | undefined): Pod {
  return { seq: task.nextPod++, readyAt, services: task.config.services };
}

/**
 * Sets the node count: new nodes come up readyAfter after `at` (with the task when undefined); nodes
 * taken off a running task keep running for readyAfter, until they are gone.
 */
export function resize(task: Task, points: number, at: number | undefined, settings: TaskSettings): void {
  task.config.points = points;
  const readyAt = at === undefined || task.status !== 'Running' ? undefined : at + settings.readyAfterMs;
  while (task.pods.length < points) task.pods.push(newPod(task, readyAt));
  if (at !== undefined && task.status === 'Running')
    for (const pod of task.pods.slice(points)) task.leaving.push({ pod, goneAt: at + settings.readyAfterMs });
  task.pods.length = points;
  if (at !== undefined && task.runningSince !== undefined) {
    // Billed by the node from now on.
    closeRun(task, at);
    task.runs.push({ from: at, to: undefined, nodes: points });
  }
}

/** The indexes of the nodes that run: those that came up with the task (one after another), and later ones once ready. */
export function runningIndexes(task: Task, settings: TaskSettings, now: number): Set<number> {
  const running = new Set<number>();
  if (task.status !== 'Running' || task.runningSince === undefined) return running;
  const first = task.pods.filter((pod) => pod.readyAt === undefined).length;
  const lag = settings.nodeLagMs;
  const up =
    lag <= 0 || first <= 1
      ? first
      : Math.min(first, 1 + Math.floor(((first - 1) * (now - task.runningSince)) / lag));
  const up0 = up;
  let withTask = 0;
  const ctx = { badImage: (image: string) => settings.badImages?.test(image) ?? false };
  task.pods.forEach((pod, index) => {
    const isUp = pod.readyAt === undefined ? withTask++ < up0 : now >= pod.readyAt;
    if (isUp && pod.failed !== true && !runsBadImage(ctx, pod)) running.add(index);
  });
  return running;
}

/**
 * Moves a rolling update on, as far as the clock says: each node that runs another configuration than
 * the task's is replaced, one at a time, once the node replaced before it came up; a node that came up
 * crash-looping (a bad image) stalls it, the rest keep serving the configuration they run.
 */
export function roll(task: Task, settings: TaskSettings, now: number): void {
  const { rollout } = task;
  const step = settings.readyAfterMs;
  const badImage = (image: string) => settings.badImages?.test(image) ?? false;
  while (rollout !== undefined && task.status === 'Running' && now >= rollout.nextAt) {
    const last = task.pods.find((pod) => pod.seq === rollout.last);
    if (last !== undefined && (runsBadImage({ badImage }, last) || last.failed === true)) return;
    const stale = task.pods.findIndex((pod) => !sameServices(pod.services, task.config.services));
    if (stale < 0) {
      task.rollout = undefined;
      return;
    }
    const pod = newPod(task, rollout.nextAt + step);
    task.pods[stale] = pod;
    rollout.last = pod.seq;
    rollout.nextAt += step;
  }
}

/** The crash loop a task's name falls under, if any. */
export function crashLoopOf(task: Task, settings: TaskSettings): CrashLoop | undefined {
  return settings.crashLoops.find((crash) => crash.pattern.test(task.config.task_name));
}

/** Ends the task's open run (what it is billed for) at `at`. */
export function closeRun(task: Task, at: number): void {
  const open = task.runs.at(-1);
  if (open !== undefined && open.to === undefined) open.to = at;
}

/** Whether two configurations of a task's services are the same (their ids aside). */
export function sameServices(a: readonly StoredService[], b: readonly StoredService[]): boolean {
  const bare = (services: readonly StoredService[]) =>
    JSON.stringify(services.map((service) => ({ ...service, service_id: undefined })));
  return bare(a) === bare(b);
}
