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
  /** Whether a read was unsure already (see LogRead.unsure): said once per log. */
  readonly unsureSaid?: boolean;
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
  /**
   * Where the log is one line over and over, or the platform cut its start and the last lines read occur
   * in what it keeps at more than one place: how many new lines there are cannot be known, and lines
   * written between two reads may be missing. The fewest are taken (never a line twice), and this says so, the
   * first time for a log.
   */
  readonly unsure?: true;
}

/** Lines kept of a log read, to find where the next read goes on: long enough that most repeats differ. */
const TAIL_LINES = 20;

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
  const restarted = container.restarts > stream.restarts;
  if (stream.lines === 0) return started(restarted ? 'restarted' : 'on');
  // A restarted container whose log still holds all that was read (the platform answers the earlier
  // container's output too): only what follows it is new, never the earlier output again.
  if (continues(all, stream) && (!restarted || all.length > stream.lines)) {
    const fresh = all.slice(stream.lines);
    // The same text again, one line over and over: a log the platform cuts to its last lines may have
    // gone on with the same line, which no text can tell.
    const same = fresh.length === 0 && repeats(all, stream.tail) && stream.unsureSaid !== true;
    return {
      stream: advance(
        { ...stream, restarts: container.restarts, unsureSaid: stream.unsureSaid === true || same },
        fresh
      ),
      lines: fresh,
      from: restarted ? 'restarted' : 'on',
      ...(same ? { unsure: true as const } : {})
    };
  }
  if (restarted) return started('restarted');
  const at = resumeAt(all, stream.tail);
  if (at.index >= 0) {
    const fresh = all.slice(at.index);
    const sayUnsure = !at.unique && stream.unsureSaid !== true;
    return {
      stream: advance(
        { ...stream, lines: all.length - fresh.length, unsureSaid: stream.unsureSaid === true || !at.unique },
        fresh
      ),
      lines: fresh,
      from: 'on',
      ...(sayUnsure ? { unsure: true as const } : {})
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
function resumeAt(all: readonly string[], tail: readonly string[]): { index: number; unique: boolean } {
  if (tail.length === 0) return { index: -1, unique: true };
  const whole: number[] = [];
  for (let at = all.length - tail.length; at >= 0; at--)
    if (tail.every((line, i) => all[at + i] === line)) whole.push(at + tail.length);
  if (whole.length > 0) return { index: whole[0] ?? -1, unique: whole.length === 1 && !repeats(all, tail) };
  for (let k = tail.length - 1; k > 0; k--)
    if (tail.slice(-k).every((line, i) => all[i] === line)) return { index: k, unique: !repeats(all, tail) };
  return { index: -1, unique: true };
}

/** Whether the lines read and those kept now are one line over and over, twice at least (no place in them can be told). */
function repeats(all: readonly string[], tail: readonly string[]): boolean {
  const [first] = tail;
  if (tail.length < 2 || all.length < 2) return false;
  return tail.every((line) => line === first) && all.every((line) => line === first);
}

function advance(stream: LogStream, fresh: readonly string[]): LogStream {
  return {
    ...stream,
    lines: stream.lines + fresh.length,
    tail: [...stream.tail, ...fresh].slice(-TAIL_LINES)
  };
}
