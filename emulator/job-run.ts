// How a job's pods run, worked out from the clock alone (a pure function of the job and the time): the
// pods start in waves of `parallelism`, each attempt runs for the script's time and exits with its code,
// and the completion mode decides what a failure costs (Kubernetes' Job semantics, as the reference's
// mod_param names them).
import type { StoredFile } from './transfers.js';

/** One of the reference's two completion modes. */
export type ModParam =
  | { default: { backoff_limit: number; restart_policy: 'OnFailure' | 'Never' } }
  | { index: { index_backoff_limit: number; max_failed_index: number | null } };

/** What a job's pods do (a test's knob, by job name): how long each attempt runs, how it exits, what it logs. */
export interface JobScript {
  /** How long each attempt runs before its container exits. */
  runMs: number;
  /** The container's exit code when it fails (default 1); 0 means it never fails. */
  exitCode: number;
  /**
   * Which attempts fail: `always` (every attempt, of the indexes `failIndexes` names in index mode), or a
   * number: that many attempts of the job fail first, then every one succeeds (a flaky test).
   */
  failures: 'always' | number;
  /** Index mode: the indexes whose attempts fail (all when absent). */
  failIndexes: readonly number[] | undefined;
  /** The lines an attempt writes, one at a time over its run (the last as it exits). */
  log: readonly string[];
  /** When the platform holds the run Manual, after its pods started (see holdRun); never when undefined. */
  manualAfterMs: number | undefined;
  /** What a job that completes leaves in the volumes it mounts (see JobScriptRule.writes). */
  writes: JobWrites | undefined;
}

/** Files a job writes: under `path` of each volume it mounts, as a transfer of that path reads it. */
export interface JobWrites {
  path: string;
  files: readonly StoredFile[];
}

/** One pod: an attempt at a completion (or at an index), and any restarts of its container in place. */
/** What the pods of the jobs whose name matches do (see JobScript); the first match counts. */
export interface JobScriptRule {
  pattern: RegExp;
  runSeconds?: number;
  exitCode?: number;
  failures?: number;
  failIndexes?: number[];
  log?: string[];
  /** Seconds after its pods start when the platform holds the run Manual (see holdRun). */
  manualAfterSeconds?: number;
  /** The files the job has written once it is Complete, in the volumes it mounts: its results. */
  writes?: JobWrites;
}

/** The pods' script of a job by its name: the first rule that matches, else success after podMs. */
export function scriptOf(
  name: string,
  services: readonly { start_script: { command: string[]; args: string[] } | null }[],
  settings: { scripts: readonly JobScriptRule[]; failPattern: RegExp | undefined; podMs: number }
): JobScript {
  const rule = settings.scripts.find((r) => r.pattern.test(name));
  const failing = rule === undefined && settings.failPattern?.test(name) === true;
  const exitCode = rule?.exitCode ?? (failing ? 1 : 0);
  const script = services[0]?.start_script;
  const command = script === null || script === undefined ? [] : [...script.command, ...script.args];
  return {
    runMs: Math.max(1, rule?.runSeconds === undefined ? settings.podMs : rule.runSeconds * 1000),
    exitCode,
    failures: rule?.failures ?? 'always',
    failIndexes: rule?.failIndexes,
    log: rule?.log ?? [`$ ${command.join(' ')}`.trimEnd(), exitCode === 0 ? 'done' : `exit code ${exitCode}`],
    manualAfterMs: rule?.manualAfterSeconds === undefined ? undefined : rule.manualAfterSeconds * 1000,
    writes: rule?.writes
  };
}

export interface PodRun {
  seq: number;
  index: number;
  from: number;
  /** When its last container stopped (undefined while it runs). */
  to: number | undefined;
  status: 'Running' | 'Succeeded' | 'Failed' | 'End';
  /** Restarts of its container in place (restart_policy OnFailure). */
  restarts: number;
  /** When its current container started. */
  containerFrom: number;
  exitCode: number | undefined;
  reason: string | undefined;
}

export interface JobRun {
  /** Complete or Failed once decided; Running before; Manual while the platform holds it (holdRun). */
  verdict: 'Running' | 'Manual' | 'Complete' | 'Failed';
  endedAt: number | undefined;
  pods: PodRun[];
  succeeded: number;
  failed: number;
}

interface Attempt {
  index: number;
  /** The pod it restarts in place (OnFailure), or a new one. */
  pod: PodRun | undefined;
  /** How many attempts of its index (or, non-indexed, of its completion) came before. */
  tries: number;
}

/**
 * The job's pods from `startAt` up to `until` (the clock, or the stop), ended Failed at `deadline` if still
 * running. A wave takes up to `parallelism` attempts (retries first) and lasts one attempt's run.
 */
export function runJob(
  job: { points: number; parallelism: number; mod: ModParam; script: JobScript },
  times: { startAt: number; until: number; deadline: number; stopped: boolean }
): JobRun {
  const { points, mod, script } = job;
  const queue: Attempt[] = Array.from({ length: points }, (_, index) => ({
    index,
    pod: undefined,
    tries: 0
  }));
  const pods: PodRun[] = [];
  const run: JobRun = { verdict: 'Running', endedAt: undefined, pods, succeeded: 0, failed: 0 };
  const failedIndexes = new Set<number>();
  let attempts = 0;
  let restarts = 0;
  for (let at = times.startAt; queue.length > 0; at += script.runMs) {
    const wave = queue.splice(0, job.parallelism);
    const end = at + script.runMs;
    const cut = Math.min(times.until, times.deadline);
    for (const attempt of wave) {
      const pod = attempt.pod ?? newPod(pods, attempt.index, at);
      pod.containerFrom = at;
      if (end > cut) continue;
      const fails = failsAt(script, attempt.index, attempts++);
      if (!fails) {
        Object.assign(pod, { to: end, status: 'Succeeded', exitCode: 0, reason: 'Completed' });
        run.succeeded++;
        continue;
      }
      const exit = { exitCode: script.exitCode, reason: 'Error' };
      if ('default' in mod && mod.default.restart_policy === 'OnFailure') {
        // The container restarts in the same pod; the restarts count against the backoff limit.
        Object.assign(pod, exit, { restarts: pod.restarts + 1 });
        if (++restarts > mod.default.backoff_limit) return finish(run, 'Failed', end, pods, 'Failed');
        queue.unshift({ ...attempt, pod, tries: attempt.tries + 1 });
        continue;
      }
      Object.assign(pod, exit, { to: end, status: 'Failed' });
      run.failed++;
      if ('default' in mod) {
        if (run.failed > mod.default.backoff_limit) return finish(run, 'Failed', end, pods, 'Failed');
        queue.unshift({ index: attempt.index, pod: undefined, tries: attempt.tries + 1 });
      } else if (attempt.tries < mod.index.index_backoff_limit) {
        queue.unshift({ index: attempt.index, pod: undefined, tries: attempt.tries + 1 });
      } else {
        failedIndexes.add(attempt.index);
        const max = mod.index.max_failed_index;
        if (max !== null && failedIndexes.size >= max) return finish(run, 'Failed', end, pods, 'Failed');
      }
    }
    if (end > cut) {
      // The clock (or a stop) came first, or the deadline: Kubernetes ends a job past it.
      if (times.deadline <= times.until && end > times.deadline)
        return finish(run, 'Failed', times.deadline, pods, 'Failed', 'DeadlineExceeded');
      if (times.stopped) return finish(run, 'Running', times.until, pods, 'End');
      return run;
    }
  }
  return finish(run, failedIndexes.size > 0 ? 'Failed' : 'Complete', lastEnd(pods), pods, 'Failed');
}

function newPod(pods: PodRun[], index: number, at: number): PodRun {
  const pod: PodRun = {
    seq: pods.length + 1,
    index,
    from: at,
    to: undefined,
    status: 'Running',
    restarts: 0,
    containerFrom: at,
    exitCode: undefined,
    reason: undefined
  };
  pods.push(pod);
  return pod;
}

function failsAt(script: JobScript, index: number, attempt: number): boolean {
  if (script.exitCode === 0) return false;
  if (script.failures !== 'always') return attempt < script.failures;
  return script.failIndexes === undefined || script.failIndexes.includes(index);
}

/** Ends the run at `at`: pods still running stop there as `stoppedAs` (a stop's End, a failure's Failed). */
function finish(
  run: JobRun,
  verdict: JobRun['verdict'],
  at: number,
  pods: PodRun[],
  stoppedAs: 'Failed' | 'End',
  reason = stoppedAs === 'End' ? 'Stopped' : 'Terminated'
): JobRun {
  for (const pod of pods)
    if (pod.status === 'Running')
      Object.assign(pod, { to: at, status: stoppedAs, reason: pod.reason ?? reason });
  return { ...run, verdict, endedAt: at };
}

function lastEnd(pods: readonly PodRun[]): number {
  return Math.max(...pods.map((pod) => pod.to ?? 0));
}

/**
 * The run as runJob works it out, unless the platform holds it Manual first (the script's manualAfterMs
 * after its pods start): then up to the hold, and held (see holdRun).
 */
export function runOrHold(
  job: Parameters<typeof runJob>[0],
  times: Parameters<typeof runJob>[1] & { stoppedAt: number | undefined }
): JobRun {
  const { manualAfterMs } = job.script;
  const heldAt = manualAfterMs === undefined ? undefined : times.startAt + manualAfterMs;
  if (heldAt === undefined || heldAt >= times.until) return runJob(job, times);
  const worked = runJob(job, { ...times, until: heldAt, stopped: false });
  return holdRun(worked, times.stopped ? times.stoppedAt : undefined);
}

/**
 * A run the platform holds Manual (the reference lists job_status Manual and says nothing of it; here, held
 * by hand where it was): worked out up to the hold, its pods running then run on, billing, until the job
 * is stopped (`stoppedAt`), when they end. A run that ended before the hold is as it ended.
 */
function holdRun(run: JobRun, stoppedAt: number | undefined): JobRun {
  if (run.verdict !== 'Running') return run;
  if (stoppedAt !== undefined)
    for (const pod of run.pods)
      if (pod.status === 'Running') Object.assign(pod, { to: stoppedAt, status: 'End', reason: 'Stopped' });
  return { ...run, verdict: 'Manual' };
}
