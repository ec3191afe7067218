/**
 * Where a read of one container's log got to: the platform's node log answers the whole text so far on
 * every read, so that what is new is found against what was read before. Only the last few lines read
 * are kept, never the text.
 */
export interface LogStream {
  /** Whole lines read so far from this container's log. */
  readonly lines: number;
  /** The last of them (at most TAIL_LINES), to find where a read goes on. */
  readonly tail: readonly string[];
  /** The container's restart count when read: one more is a new container, and a new log. */
  readonly restarts: number;
}

/** What a read of the log brings: its new whole lines, and whether they begin a new log. */
export interface LogRead {
  readonly stream: LogStream;
  readonly lines: readonly string[];
  /**
   * `restarted`: the container restarted (a new log from its first line); `replaced`: the text no longer
   * goes on from what was read (cut by the platform, or a new container it did not count), read from the
   * start of what it holds now.
   */
  readonly from: 'on' | 'restarted' | 'replaced';
}

const TAIL_LINES = 3;

export function newStream(restarts = 0): LogStream {
  return { lines: 0, tail: [], restarts };
}

/**
 * The lines of `text` (the whole log a read answered) not read before, never one twice: those after the
 * lines read so far; after the last lines read wherever they are, when the platform cut the start of the
 * log; all of them for a new container. A last line without its line break is left for the next read,
 * unless the container has ended (`ended`: no more text comes).
 */
export function readOn(
  stream: LogStream,
  text: string,
  container: { restarts: number; ended: boolean }
): LogRead {
  const all = text.replace(/\r\n?/g, '\n').split('\n');
  const partial = all.pop() ?? '';
  if (container.ended && partial !== '') all.push(partial);
  const started = (from: LogRead['from']): LogRead => ({
    stream: advance(newStream(container.restarts), all),
    lines: all,
    from
  });
  if (container.restarts > stream.restarts) return started('restarted');
  if (stream.lines === 0) return started('on');
  if (continues(all, stream)) {
    const fresh = all.slice(stream.lines);
    return { stream: advance(stream, fresh), lines: fresh, from: 'on' };
  }
  const at = resumeAt(all, stream.tail);
  if (at >= 0) {
    const fresh = all.slice(at);
    return {
      stream: advance({ ...stream, lines: all.length - fresh.length }, fresh),
      lines: fresh,
      from: 'on'
    };
  }
  return started('replaced');
}

/** Whether the text holds, where the lines read so far ended, the last lines read. */
function continues(all: readonly string[], stream: LogStream): boolean {
  if (all.length < stream.lines) return false;
  const start = stream.lines - stream.tail.length;
  return stream.tail.every((line, i) => all[start + i] === line);
}

/**
 * Where, in a log whose start was cut, the last lines read (`tail`) end: after their last whole run in
 * it; else after its first lines when they are the last of `tail` (the cut fell inside them). -1: the
 * text holds none of them.
 */
function resumeAt(all: readonly string[], tail: readonly string[]): number {
  if (tail.length === 0) return -1;
  for (let at = all.length - tail.length; at >= 0; at--)
    if (tail.every((line, i) => all[at + i] === line)) return at + tail.length;
  for (let k = tail.length - 1; k > 0; k--) if (tail.slice(-k).every((line, i) => all[i] === line)) return k;
  return -1;
}

function advance(stream: LogStream, fresh: readonly string[]): LogStream {
  return {
    ...stream,
    lines: stream.lines + fresh.length,
    tail: [...stream.tail, ...fresh].slice(-TAIL_LINES)
  };
}
