// A container's log read on: the platform answers the whole text on every read, and each line is shown
// once, in order, whatever the text does between reads.
import fc from 'fast-check';
import { newStream, readOn, type LogStream } from '../../../../src/deploy/engine/wait/log-stream.js';

const running = { restarts: 0, ended: false };
const ended = { restarts: 0, ended: true };

/** Reads `texts` one after the other, as a follower does: every line shown, in order. */
function readAll(texts: readonly string[], container = running): { lines: string[]; from: string[] } {
  let stream: LogStream = newStream();
  const lines: string[] = [];
  const from: string[] = [];
  for (const text of texts) {
    const read = readOn(stream, text, container);
    stream = read.stream;
    lines.push(...read.lines);
    from.push(read.from);
  }
  return { lines, from };
}

describe('readOn', () => {
  it('shows the lines after those read before, never one twice', () => {
    const { lines, from } = readAll(['a\n', 'a\nb\nc\n', 'a\nb\nc\n', 'a\nb\nc\nd\n']);
    expect(lines).toEqual(['a', 'b', 'c', 'd']);
    expect(from).toEqual(['on', 'on', 'on', 'on']);
  });

  it('holds a last line without its line break until it is whole, or until the container ended', () => {
    expect(readAll(['epoch 1\nepo', 'epoch 1\nepoch 2\n']).lines).toEqual(['epoch 1', 'epoch 2']);
    const first = readOn(newStream(), 'a\nlast words', running);
    expect(first.lines).toEqual(['a']);
    expect(readOn(first.stream, 'a\nlast words', ended).lines).toEqual(['last words']);
  });

  it('reads CRLF and CR line breaks as line breaks', () => {
    expect(readAll(['a\r\nb\r', 'a\r\nb\rc\n']).lines).toEqual(['a', 'b', 'c']);
  });

  it('goes on after the last lines read when the platform cut the start of the log', () => {
    const { lines, from } = readAll(['1\n2\n3\n4\n5\n', '4\n5\n6\n7\n']);
    expect(lines).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(from).toEqual(['on', 'on']);
  });

  it('reads a restarted container as a new log from its first line, saying so', () => {
    const first = readOn(newStream(), 'loading\ncrash\n', running);
    const again = readOn(first.stream, 'loading\n', { restarts: 1, ended: false });
    expect(again).toMatchObject({ lines: ['loading'], from: 'restarted' });
    expect(readOn(again.stream, 'loading\nok\n', { restarts: 1, ended: false }).lines).toEqual(['ok']);
  });

  // Regression (issue 49, point 10): a platform that answers a restarted container's earlier output too
  // had it shown twice.
  it("shows a restarted container's earlier output once, when the platform's log still holds it", () => {
    const first = readOn(newStream(), 'loading\ncrash\n', running);
    const again = readOn(first.stream, 'loading\ncrash\nloading\nok\n', { restarts: 1, ended: false });
    expect(again).toMatchObject({ lines: ['loading', 'ok'], from: 'restarted' });
    expect(
      readOn(again.stream, 'loading\ncrash\nloading\nok\ndone\n', { restarts: 1, ended: false })
    ).toMatchObject({
      lines: ['done'],
      from: 'on'
    });
  });

  // Regression (issue 49, point 10): a log the platform keeps the last lines of, one line over and over,
  // lost its repeats without a word (5 of 40 shown). Where the text cannot tell how many lines are new,
  // the fewest are taken (never one twice), and the read says so, once.
  it('says once that lines may be missing when the platform keeps the last lines and they repeat', () => {
    const window = 'tick\n'.repeat(5);
    const first = readOn(newStream(), window, running);
    expect(first.lines).toHaveLength(5);
    const second = readOn(first.stream, window, running);
    expect(second).toMatchObject({ lines: [], unsure: true });
    const third = readOn(second.stream, `${'tick\n'.repeat(4)}done\n`, running);
    expect(third.lines).toEqual(['done']);
    expect(third.unsure).toBeUndefined();
    // Lines that repeat with a longer period are told apart by the longer tail kept.
    const epochs = Array.from({ length: 12 }, (_, i) => `epoch ${i % 4}\nloss ok\n`).join('');
    const cut = epochs.split('\n').slice(-10).join('\n');
    const read = readOn(readOn(newStream(), epochs, running).stream, `${cut}final\n`, running);
    expect(read).toMatchObject({ lines: ['final'], from: 'on' });
    expect(read.unsure).toBeUndefined();
  });

  it('reads a log that no longer goes on from what was read (and holds none of its last lines) from its start', () => {
    const first = readOn(newStream(), 'a\nb\nc\n', running);
    expect(readOn(first.stream, 'x\ny\n', running)).toMatchObject({ lines: ['x', 'y'], from: 'replaced' });
  });

  it('shows every line of a growing log exactly once, however its text is cut into reads', () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z ]{0,8}$/), { minLength: 1, maxLength: 40 }),
        fc.array(fc.nat(), { maxLength: 10 }),
        (all, cuts) => {
          const text = all.map((line) => `${line}\n`).join('');
          // Reads at growing lengths of the text, some of them inside a line.
          const ends = [...cuts.map((cut) => cut % (text.length + 1)), text.length].sort((a, b) => a - b);
          const { lines } = readAll(ends.map((end) => text.slice(0, end)));
          expect(lines).toEqual(all);
        }
      )
    );
  });
});
