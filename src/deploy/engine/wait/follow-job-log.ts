import { mapLimit } from '../../../basics/concurrency.js';
import { formatSize } from '../../../basics/units.js';
import { isRecord } from '../../../basics/records.js';
import { lineLabel, safeLine } from '../../../basics/safe-text.js';
import { describeError } from '../../../platform/failures.js';
import { jobFactsOf, type JobFacts } from '../../../platform/task-data.js';
import { readsBy, type DeployContext } from '../context.js';
import type { AppendFile } from '../step-runtime.js';
import { fieldText, nodeEnded, nodePending, restartsOf } from '../../../platform/node-data.js';
import { containerServices, serviceNames } from '../tasks/node-services.js';
import { pointOf, readNodeList, readNodeLog } from '../tasks/read-task.js';
import { newStream, readOn, type LogRead, type LogStream } from './log-stream.js';

/** How much of the logs a step shows, and keeps. */
export interface LogLimits {
  /** Lines of one container's log shown per read, at the most: the last of them; the rest are in the file. */
  perRead: number;
  /** Lines of a step's job logs shown in its log, at the most: the rest are in the file. */
  shown: number;
  /** The log file's size, at the most. */
  fileBytes: number;
}

export const LOG_LIMITS: LogLimits = { perRead: 200, shown: 5000, fileBytes: 64 * 1024 * 1024 };
const MAX_LINE = 2000;
/** A line of a log's tail kept for the summary, at the most (as the diagnostics cut theirs). */
const TAIL_LINE = 500;

/** Follows the logs of a step's jobs as their wait goes (see followJobLogs). */
export interface JobLogFollower {
  /**
   * Reads and shows what is new in the task's log, after a look at its detail (its data); its reads by
   * `notAfter` when given (see readsBy).
   */
  follow: (taskId: string, data: unknown, notAfter?: number) => Promise<void>;
  /** The file that holds every line read, once a line was; it is closed (a later line opens it again). */
  file: () => string | undefined;
  /**
   * The last lines read of each of the task's nodes' logs, as the step showed them while the job ran (a
   * failed job's summary shows them where its node can no longer be read).
   */
  tails: (taskId: string) => FollowedLog[];
}

/** The last lines read of one container's log, while the job ran, safe to print after a prefix. */
export interface FollowedLog {
  readonly pointId: string;
  readonly service: string;
  readonly lines: readonly string[];
  /** Lines read before those, not kept. */
  readonly omitted: number;
}

/** What is known of a job's nodes and their logs. */
interface JobLogs {
  /** The pods' counts at the last read of the node list (none before it): read again when they move. */
  pods: string;
  /** Each service's log of each node, by point id then service id, in the order they were first seen. */
  nodes: Map<string, NodeLogs>;
  /** Several nodes (completions or parallelism above one): each line names its node. */
  several: boolean;
  /** Whether the node list was found unreadable, said once until it reads again. */
  listUnreadable: boolean;
}

interface NodeLogs {
  name: string;
  services: Map<string, LogStream>;
  /** Each service's name, by its id. */
  names: Map<string, string>;
  /** Read for the last time (the node's containers ended). */
  done: boolean;
  /** Services whose log could not be read, said once. */
  unreadable: Set<string>;
}

/**
 * The logs of a step's jobs in its log as they run: at each look at a job, its node list (when its pods
 * may have logged since: some run, or their counts moved) and the log of each node that runs or has just
 * ended, each read answering the whole text so far (see readOn: only the lines not read before are shown,
 * never one twice). Each line is shown after a prefix (its node's name when the job has several, else
 * `| `), so that no line from the server runs as a workflow command; at most `limits.perRead` per read and
 * `limits.shown` in all are shown, and every line goes to a file of the host's (the runner's temporary
 * directory), whose path is the step's log_file. A read that fails is said once, and the next look tries
 * again: the log never decides the wait.
 */
export function followJobLogs(ctx: DeployContext, limits: LogLimits = LOG_LIMITS): JobLogFollower {
  const jobs = new Map<string, JobLogs>();
  // One file for the step, named after its first job.
  const out = logOutput(ctx, limits, () => `job-${[...jobs.keys()][0] ?? 'log'}.log`);
  return {
    // Asked once the wait is over: the file is let go then.
    file: () => {
      out.close();
      return out.path();
    },
    tails: (taskId) => tailsOf(jobs.get(taskId)),
    follow: async (taskId, data, notAfter) => {
      const reads = readsBy(ctx, notAfter);
      if (reads.runtime.cancelled() || reads.runtime.now() >= reads.deadline) return;
      let job = jobs.get(taskId);
      if (job === undefined) {
        job = { pods: '0/0/0', nodes: new Map(), several: several(data), listUnreadable: false };
        jobs.set(taskId, job);
      }
      const facts = jobFactsOf(data);
      const { ended } = facts;
      const pods = podCounts(facts);
      if (!readsNodes(facts, job.pods)) return;
      let nodes: Record<string, unknown>[];
      try {
        nodes = await readNodeList(taskId, reads);
      } catch (error) {
        if (!job.listUnreadable)
          ctx.log(
            `task ${taskId}: could not read its nodes for their logs (${describeError(error)}): trying again at the next look`
          );
        job.listUnreadable = true;
        return;
      }
      job.listUnreadable = false;
      job.pods = pods;
      await readLogs(taskId, job, nodes, { data, ended, ctx: reads, out });
    }
  };
}

/** The last lines read of each log of a job's nodes (see JobLogFollower.tails), made safe. */
function tailsOf(job: JobLogs | undefined): FollowedLog[] {
  if (job === undefined) return [];
  return [...job.nodes].flatMap(([pointId, node]) =>
    [...node.services].map(([serviceId, stream]) => ({
      pointId,
      service: node.names.get(serviceId) ?? serviceId,
      lines: stream.tail.map((line) => safeLine(line, TAIL_LINE)),
      omitted: Math.max(0, stream.lines - stream.tail.length)
    }))
  );
}

/** A job's pods running, succeeded and failed, as one word ("1/0/0") to tell when they move. */
export function podCounts(facts: Pick<JobFacts, 'running' | 'succeeded' | 'failed'>): string {
  return `${facts.running ?? 0}/${facts.succeeded ?? 0}/${facts.failed ?? 0}`;
}

/**
 * Whether a look at a job reads its node list (and its nodes' logs): while a pod runs, when its pods'
 * counts moved since the last read (`lastPods`, see podCounts), and once its run ended; not while it
 * waits with nothing running and nothing moved (no pod has logged since).
 */
export function readsNodes(facts: JobFacts, lastPods: string): boolean {
  return facts.ended || (facts.running ?? 0) !== 0 || podCounts(facts) !== lastPods;
}

/**
 * The nodes whose logs a read takes: those scheduled (a pending node has no log yet) and not read for the
 * last time already (`done`: its containers ended, and its log was read after).
 */
export function nodesDue(
  nodes: readonly Record<string, unknown>[],
  done: (pointId: string) => boolean
): Record<string, unknown>[] {
  return nodes.filter((node) => !nodePending(node) && !done(pointOf(node)));
}

/** Whether a job runs several pods (completions or parallelism above one), as its detail says. */
export function several(data: unknown): boolean {
  const detail = isRecord(data) ? data : {};
  const support = isRecord(detail.job_support) ? detail.job_support : {};
  return Number(fieldText(detail.points) ?? 1) > 1 || Number(fieldText(support.parallelism) ?? 1) > 1;
}

/** Reads the log of each node that runs or has ended since its last read, and shows what is new. */
async function readLogs(
  taskId: string,
  job: JobLogs,
  nodes: readonly Record<string, unknown>[],
  how: { data: unknown; ended: boolean; ctx: DeployContext; out: LogOutput }
): Promise<void> {
  const { ctx, out } = how;
  const services = serviceNames(how.data);
  const due = nodesDue(nodes, (pointId) => job.nodes.get(pointId)?.done === true);
  const reads = await mapLimit(due, ctx.settings.concurrency, async (node) => {
    const pointId = pointOf(node);
    const ended = how.ended || nodeEnded(node);
    const restarts = restartsOf(node) ?? 0;
    const logs = [...containerServices(node, services)];
    // A node's services one after the other; the nodes side by side.
    const texts: (string | Error)[] = [];
    for (const [serviceId] of logs)
      texts.push(
        await readNodeLog(taskId, pointId, serviceId, ctx).catch(
          (error: unknown) => new Error(describeError(error))
        )
      );
    return { node, pointId, ended, restarts, logs, texts };
  });
  for (const { node, pointId, ended, restarts, logs, texts } of reads) {
    let known = job.nodes.get(pointId);
    if (known === undefined) {
      known = {
        name: lineLabel(fieldText(node.name) ?? pointId, 80), // begins its lines: never a command
        services: new Map(),
        names: new Map(),
        done: false,
        unreadable: new Set()
      };
      if (!job.several && job.nodes.size > 0) out.mark(`--- ${known.name}: a new pod ---`);
      job.nodes.set(pointId, known);
    }
    let whole = true;
    for (const [i, [serviceId, service]] of logs.entries()) {
      const text = texts[i];
      if (typeof text !== 'string') {
        whole = false;
        if (!known.unreadable.has(serviceId))
          ctx.log(
            `task ${taskId}: could not read the log of ${service} on ${known.name} (${text?.message ?? 'no answer'}): trying again at the next look`
          );
        known.unreadable.add(serviceId);
        continue;
      }
      known.unreadable.delete(serviceId);
      const read = readOn(known.services.get(serviceId) ?? newStream(), text, { restarts, ended });
      known.services.set(serviceId, read.stream);
      known.names.set(serviceId, service);
      const name = logs.length > 1 ? `${known.name}/${service}` : known.name;
      show(read, { name, several: job.several }, out);
    }
    if (ended && whole) known.done = true;
  }
}

/** The new lines of a read, shown and written, with a line first when they begin a new log. */
function show(read: LogRead, node: { name: string; several: boolean }, out: LogOutput): void {
  if (read.from === 'restarted') out.mark(`--- ${node.name}: its container restarted, a new log ---`);
  if (read.from === 'replaced')
    out.mark(
      `--- ${node.name}: the log no longer goes on from what was read; from its start as it is now ---`
    );
  out.lines(read.lines, node.several ? `${node.name} | ` : undefined);
  if (read.unsure === true)
    out.mark(
      `--- ${node.name}: this log repeats its lines, and the platform may keep only its last ones: lines written between two reads may be missing here and in the file ---`
    );
}

/** Where the log's lines go: the step's log (bounded), and every one to the file. */
interface LogOutput {
  path: () => string | undefined;
  /** Lets the file go (a later line opens it again). */
  close: () => void;
  /** A line of the step's own among the log's lines (a new pod, a restart). */
  mark: (line: string) => void;
  lines: (lines: readonly string[], prefix: string | undefined) => void;
}

function logOutput(ctx: DeployContext, limits: LogLimits, fileName: () => string): LogOutput {
  let file: AppendFile | undefined;
  let fileBytes = 0;
  let fileFull = false;
  let shown = 0;
  let fileFailed = false;
  const write = (lines: readonly string[]): void => {
    if (fileFailed || fileFull || lines.length === 0 || ctx.runtime.openFile === undefined) return;
    try {
      file ??= ctx.runtime.openFile(fileName());
      // The whole lines that fit; then, once, where the file ends.
      let fit = 0;
      let bytes = 0;
      for (const line of lines) {
        const size = Buffer.byteLength(line) + 1;
        if (fileBytes + bytes + size > limits.fileBytes) break;
        bytes += size;
        fit++;
      }
      if (fit > 0) file.append(`${lines.slice(0, fit).join('\n')}\n`);
      fileBytes += bytes;
      if (fit < lines.length) {
        fileFull = true;
        file.append(`(the log is cut here: the file holds ${formatSize(limits.fileBytes)} at the most)\n`);
      }
    } catch (error) {
      fileFailed = true;
      ctx.runtime.warn(
        `could not write the job's log file: ${error instanceof Error ? error.message : String(error)}`
      );
    }
  };
  const where = (): string => (file === undefined ? '' : ` (every line is in ${file.path})`);
  return {
    path: () => file?.path,
    close: () => file?.close?.(),
    mark: (line) => {
      write([line]);
      if (shown < limits.shown) ctx.log(line);
    },
    lines: (lines, prefix) => {
      write(prefix === undefined ? lines : lines.map((line) => `${prefix}${line}`));
      if (shown >= limits.shown || lines.length === 0) return;
      const room = Math.min(limits.perRead, limits.shown - shown);
      const left = Math.max(0, lines.length - room);
      if (left > 0) ctx.log(`(${left} lines of this read not shown here${where()})`);
      for (const line of lines.slice(left)) ctx.log(`${prefix ?? '| '}${safeLine(line, MAX_LINE)}`);
      shown += lines.length - left;
      if (shown >= limits.shown)
        ctx.log(
          `(the step's log shows no more of the job's log: ${limits.shown} lines were shown${where()})`
        );
    }
  };
}
