import { ApiClient } from '../../platform/client.js';
import { PlatformClock } from '../../platform/platform-clock.js';
import type { SessionRuntime } from '../../platform/session.js';
import { USER_AGENT } from '../../platform/version.js';
import { cancellableSleep } from './cancellable-sleep.js';
import type { DeploySettings } from './settings.js';
import type { PullRequests } from './pull-requests.js';
import type { RunnerHostOpener } from './runner-host.js';

/** What a step needs of its surroundings: the transport, the clocks, sleeping and the log. */
export interface StepRuntime extends SessionRuntime {
  /** A number in [0, 1), for retry jitter. */
  random: () => number;
  cancelled: () => boolean;
  /**
   * Calls `tick` every `everyMs` of the host's own time until the answer is called: a timer beside the
   * work, for what must happen while nothing else does (a copy's heartbeat, its deadline). It never moves
   * a clock nor keeps the process alive (the runner's: a real, unref'd timer; a test's: as its test moves
   * its clock).
   */
  every: (everyMs: number, tick: () => void) => () => void;
  /** GETs a service URL (no API credentials) and answers its HTTP status: the health check. */
  probe: (url: string) => Promise<number>;
  /** A line per poll of a wait, where the host shows one (a terminal); the log has the changes only. */
  progress?: (line: string) => void;
  /** Makes a new file of the step's own (a job's log) to append to; absent: the host keeps no files. */
  openFile?: (name: string) => AppendFile;
  /**
   * A runtime like this one that the job's cancellation does not stop (its own client, sleeps that end on
   * time), for what must still be sent once it is cancelled: a running job's stop. It is cancelled itself
   * `withinMs` from now, its requests in flight with it: what it does ends then, however slow an answer.
   */
  uncancelled: (withinMs: number) => StepRuntime & { dispose: () => void };
  /** The pull requests' host (GitHub), opened when a preview step first asks; absent where there is none. */
  pullRequests?: () => Promise<PullRequests>;
  /** GitHub's self-hosted runners, opened when a runner step first asks; absent where there is none. */
  runnerHost?: RunnerHostOpener;
  /**
   * Masks secrets the step learns as it goes (an environment value a task's detail names) in everything
   * it shows and writes from then on; absent: the host masks only what its inputs held.
   */
  mask?: (secrets: readonly string[]) => void;
}

/** A file a step appends to as it goes (a job's log), and where it is. */
export interface AppendFile {
  readonly path: string;
  append: (text: string) => void;
  /** Lets the file go once nothing more is appended to it (it may keep it open until then). */
  close?: () => void;
}

/** What a host gives a step's runtime: its log, and the job's cancellation. */
export interface HostHooks {
  log: (line: string) => void;
  warn: (line: string) => void;
  /** Absent when the host's log keeps no debug lines. */
  debug?: (line: string) => void;
  cancel: AbortSignal;
  /** Where a line per poll goes, when the host shows one (see StepRuntime.progress). */
  progress?: (line: string) => void;
  /** Where the step's own files go (see StepRuntime.openFile). */
  openFile?: (name: string) => AppendFile;
  /** The pull requests' host (see StepRuntime.pullRequests). */
  pullRequests?: () => Promise<PullRequests>;
  /** GitHub's self-hosted runners (see StepRuntime.runners). */
  runnerHost?: RunnerHostOpener;
  /** Where the secrets a step learns go (see StepRuntime.mask). */
  mask?: (secrets: readonly string[]) => void;
}

/**
 * The runtime of a step on a real machine: the one HTTPS client (the runner's proxy and CAs, bounded by
 * request_timeout and max_response_size, aborted when the job is cancelled), the local and platform
 * clocks, sleeps that end when the job is cancelled, and the host's log.
 */
export function stepRuntime(
  settings: Pick<DeploySettings, 'requestTimeoutMs' | 'maxResponseBytes'>,
  host: HostHooks
): StepRuntime & { dispose: () => void } {
  const client = new ApiClient({
    userAgent: USER_AGENT,
    timeoutMs: settings.requestTimeoutMs,
    maxResponseBytes: settings.maxResponseBytes,
    cancel: host.cancel
  });
  return {
    transport: client,
    now: Date.now,
    clock: new PlatformClock(Date.now),
    sleep: cancellableSleep(host.cancel),
    random: Math.random,
    log: host.log,
    warn: host.warn,
    ...(host.debug === undefined ? {} : { debug: host.debug }),
    cancelled: () => host.cancel.aborted,
    every: realTimer,
    probe: (url) => client.probe(url),
    ...(host.progress === undefined ? {} : { progress: host.progress }),
    ...(host.openFile === undefined ? {} : { openFile: host.openFile }),
    ...(host.pullRequests === undefined ? {} : { pullRequests: host.pullRequests }),
    ...(host.runnerHost === undefined ? {} : { runnerHost: host.runnerHost }),
    ...(host.mask === undefined ? {} : { mask: host.mask }),
    uncancelled: (withinMs) => stepRuntime(settings, { ...host, cancel: AbortSignal.timeout(withinMs) }),
    dispose: () => {
      client.dispose();
    }
  };
}

/** A real timer that keeps no process alive (see StepRuntime.every): the runner's. */
export function realTimer(everyMs: number, tick: () => void): () => void {
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => {
    clearInterval(timer);
  };
}
