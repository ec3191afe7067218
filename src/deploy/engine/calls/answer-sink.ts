import type { AnswerTexts } from '../answer-texts.js';
import type { AppendFile } from '../step-runtime.js';

/** How much text the sink holds before it appends it to its files (characters of both). */
const FLUSH_AT = 32 * 1024;

/** Where a bulk step's answers went: the data output's file and the response file (their paths). */
export interface AnswerFiles {
  readonly data: string;
  readonly response: string;
}

/**
 * The answers of a bulk read (several reads, no wait after them), written as they come: each call's data (the data output's
 * part) and its answer as the response file keeps it, in the order of the calls, each file a JSON array.
 * Calls answer in any order, `concurrency` at a time: an answer that comes before an earlier call's waits
 * here until that one is written. A bulk step so holds the texts of a few answers at a time, never of all.
 */
export class AnswerSink {
  readonly #data: AppendFile;
  readonly #response: AppendFile;
  readonly #waiting = new Map<number, AnswerTexts>();
  #next = 0;
  /** Text written but not yet appended: appended a few dozen KiB at a time, not an append per answer. */
  #pending = { data: [] as string[], response: [] as string[], length: 0 };

  constructor(openFile: (name: string) => AppendFile) {
    this.#data = openFile('data.json');
    this.#response = openFile('response.json');
  }

  /** The texts of the answer to call `index` (from 0), once it came. */
  put(index: number, texts: AnswerTexts): void {
    this.#waiting.set(index, texts);
    for (
      let ready = this.#waiting.get(this.#next);
      ready !== undefined;
      ready = this.#waiting.get(this.#next)
    ) {
      this.#waiting.delete(this.#next);
      const separator = this.#next === 0 ? '[' : ',';
      this.#pending.data.push(separator, ready.data);
      this.#pending.response.push(separator, ready.response);
      this.#pending.length += ready.data.length + ready.response.length;
      this.#next += 1;
    }
    if (this.#pending.length >= FLUSH_AT) this.#flush();
  }

  #flush(): void {
    this.#data.append(this.#pending.data.join(''));
    this.#response.append(this.#pending.response.join(''));
    this.#pending = { data: [], response: [], length: 0 };
  }

  /** Ends both arrays, once every call answered (or failed: its texts say null); answers their paths. */
  close(): AnswerFiles {
    const end = this.#next === 0 ? '[]' : ']';
    this.#pending.data.push(end);
    this.#pending.response.push(end);
    this.#flush();
    this.#data.close?.();
    this.#response.close?.();
    return { data: this.#data.path, response: this.#response.path };
  }
}
