// Writes the emulator's answers: envelopes, and the faults it can be told to show instead.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FaultAnswer, RetryAfter } from './faults.js';
import { toJson } from './json.js';
import type { EnvelopeStyle, Outcome, RecordedRequest } from './records.js';
import { Code } from './rejection.js';

/** What rendering reads of the emulator's state at the moment it answers. */
export interface RenderContext {
  /** The platform's clock (with any offset): the Date header and HTTP-date Retry-After. */
  platformNow: () => number;
  envelope: () => EnvelopeStyle;
  /** Text that replaces every answer's message, when set. */
  msgOverride: () => string | undefined;
  /** The code a refusal of the emulator's own code is answered as (shuffled codes). */
  codeOf: (code: string) => string;
  onRecord: ((record: RecordedRequest) => void) | undefined;
  log: (line: string) => void;
}

export class Renderer {
  readonly #ctx: RenderContext;

  constructor(ctx: RenderContext) {
    this.#ctx = ctx;
  }

  /** The outcome as an envelope in the current style. */
  answer(
    res: ServerResponse,
    record: RecordedRequest,
    outcome: Outcome,
    headers: Record<string, string> = {}
  ): void {
    const style = this.#ctx.envelope();
    const code = style.code === 'number' && /^\d+$/.test(outcome.code) ? Number(outcome.code) : outcome.code;
    const body = toJson({
      code,
      [style.messageField]: this.#ctx.msgOverride() ?? outcome.message,
      data: outcome.data
    });
    this.#reply(res, record, outcome.status, 'application/json; charset=utf-8', body, headers);
  }

  /** A misbehaviour in place of the real answer. */
  fault(req: IncomingMessage, res: ServerResponse, record: RecordedRequest, answer: FaultAnswer): void {
    record.fault = describeFault(answer);
    this.#ctx.log(`#${record.id} ${record.method} ${record.target} -> fault: ${record.fault}`);
    switch (answer.kind) {
      case 'reset':
        req.socket.resetAndDestroy();
        return;
      case 'malformed_json':
        this.#reply(res, record, 200, 'application/json; charset=utf-8', `${this.#successHead()}{"task_id":`);
        return;
      case 'large':
        this.#streamLarge(res, record, answer.bytes, answer.chunked === true);
        return;
      case 'deep': {
        const data = `${'{"a":'.repeat(answer.depth)}1${'}'.repeat(answer.depth)}`;
        const body = `${this.#successHead()}${data}}`;
        this.#reply(res, record, 200, 'application/json; charset=utf-8', body);
        return;
      }
      case 'envelope':
        this.answer(res, record, {
          status: answer.status ?? 200,
          code: answer.code,
          message: answer.message ?? (answer.code === Code.ok ? 'success' : 'refused'),
          data: answer.data ?? null
        });
        return;
      case 'status': {
        const headers: Record<string, string> = {};
        if (answer.retryAfter !== undefined) headers['retry-after'] = this.#retryAfter(answer.retryAfter);
        const kind = answer.body ?? (answer.status >= 502 ? 'html' : 'envelope');
        if (kind === 'html') {
          const title = `${answer.status} ${statusText(answer.status)}`;
          const page = `<html><head><title>${title}</title></head><body><center><h1>${title}</h1></center><hr><center>nginx</center></body></html>\n`;
          this.#reply(res, record, answer.status, 'text/html', page, headers);
        } else if (kind === 'empty') {
          this.#reply(res, record, answer.status, 'text/plain', '', headers);
        } else {
          const code = this.#ctx.codeOf(answer.status === 429 ? Code.rateLimited : Code.internal);
          const message =
            answer.status === 429 ? 'too many requests: retry later' : 'internal error: retry later';
          this.answer(res, record, { status: answer.status, code, message, data: null }, headers);
        }
        return;
      }
    }
  }

  /** A success envelope of `bytes` bytes, written a chunk at a time as the client reads it. */
  #streamLarge(res: ServerResponse, record: RecordedRequest, bytes: number, chunked: boolean): void {
    const head = `${this.#successHead()}{"padding":"`;
    const tail = '"}}';
    let left = Math.max(0, bytes - head.length - tail.length);
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      ...(chunked ? {} : { 'content-length': String(head.length + left + tail.length) }),
      date: new Date(this.#ctx.platformNow()).toUTCString(),
      'x-request-id': `emu-${record.id}`
    });
    record.answer = `(${bytes} bytes of padding)`;
    this.#ctx.onRecord?.(record);
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    const write = (): void => {
      while (left > 0 && !res.destroyed) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left);
        left -= part.length;
        if (!res.write(part)) {
          res.once('drain', write);
          return;
        }
      }
      if (!res.destroyed) res.end(tail);
    };
    res.on('error', () => undefined);
    res.write(head);
    write();
  }

  /** A success envelope up to its data, in the current style (the faults that write their own bodies). */
  #successHead(): string {
    const style = this.#ctx.envelope();
    return `{"code":${style.code === 'number' ? '0' : '"0000"'},"${style.messageField}":"success","data":`;
  }

  #retryAfter(retryAfter: RetryAfter): string {
    return retryAfter.as === 'http-date'
      ? new Date(this.#ctx.platformNow() + retryAfter.seconds * 1000).toUTCString()
      : String(retryAfter.seconds);
  }

  #reply(
    res: ServerResponse,
    record: RecordedRequest,
    status: number,
    contentType: string,
    body: string,
    headers: Record<string, string> = {}
  ): void {
    res.writeHead(status, {
      'content-type': contentType,
      date: new Date(this.#ctx.platformNow()).toUTCString(),
      'x-request-id': `emu-${record.id}`,
      ...headers
    });
    // Recorded before the answer leaves, so a client that reads the record next finds it there.
    record.answer = body;
    this.#ctx.onRecord?.(record);
    res.end(body);
  }
}

function describeFault(answer: FaultAnswer): string {
  if (answer.kind === 'large')
    return `large (${answer.bytes} bytes${answer.chunked === true ? ', chunked' : ''})`;
  if (answer.kind === 'deep') return `deep (${answer.depth} levels)`;
  if (answer.kind === 'envelope') return `envelope (code ${answer.code})`;
  if (answer.kind !== 'status') return answer.kind;
  const retry = answer.retryAfter === undefined ? '' : ` (Retry-After ${answer.retryAfter.seconds}s)`;
  return `HTTP ${answer.status}${retry}`;
}

function statusText(status: number): string {
  const texts: Record<number, string> = {
    429: 'Too Many Requests',
    500: 'Internal Server Error',
    502: 'Bad Gateway',
    503: 'Service Temporarily Unavailable',
    504: 'Gateway Time-out'
  };
  return texts[status] ?? 'Error';
}
