import { isLosslessNumber } from 'lossless-json';
import { sanitize } from '../basics/safe-text.js';
import { JsonDepthError, MAX_JSON_DEPTH, parseJson } from './json.js';

/** An HTTP answer as the transport received it. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface ApiResult {
  /** "0000" on success, whichever form (string "0000" or number 0) the platform used. */
  code: string;
  msg: string;
  data: unknown;
  /** The envelope as read from the body, every field as it came (its data is `data`), where one was. */
  envelope?: Readonly<Record<string, unknown>>;
}

/** The platform refused the call, or answered something that is not a success envelope. */
export class ApiError extends Error {
  readonly httpStatus: number;
  /** The envelope's code; undefined when the answer was not an envelope. */
  readonly code: string | undefined;
  /** What the body was: an envelope, something else (a page, JSON cut short), or JSON nested too deep. */
  readonly body: 'envelope' | 'not_envelope' | 'too_deep';
  /** The envelope's description, or an excerpt of a non-JSON answer. */
  readonly description: string | undefined;
  readonly requestId: string | undefined;
  /** The Retry-After and Date headers, to time a retry. */
  readonly retryAfter: string | undefined;
  readonly serverDate: string | undefined;

  constructor(message: string, details: Omit<ApiError, keyof Error>) {
    super(message);
    this.name = 'ApiError';
    this.httpStatus = details.httpStatus;
    this.code = details.code;
    this.body = details.body;
    this.description = details.description;
    this.requestId = details.requestId;
    this.retryAfter = details.retryAfter;
    this.serverDate = details.serverDate;
  }
}

const REQUEST_ID_HEADERS = ['x-request-id', 'x-trace-id', 'request-id', 'x-amzn-requestid'];

/**
 * Reads the envelope {code, msg, data}. Success is HTTP 200 with code "0000" (or the number 0, as older
 * descriptions write it); the description is `msg` (spec) or `message` (the live platform). Anything
 * else is an ApiError carrying the HTTP status, the code and description, or an excerpt of a non-JSON
 * answer.
 */
export function readEnvelope(answer: HttpAnswer): ApiResult {
  const requestId = REQUEST_ID_HEADERS.map((name) => headerText(answer.headers[name])).find(
    (v) => v !== undefined
  );
  const timing = {
    retryAfter: headerText(answer.headers['retry-after']),
    serverDate: headerText(answer.headers.date)
  };
  const idNote = requestId === undefined ? '' : ` (request id ${sanitize(requestId, 80)})`;
  const read = envelopeOf(answer.body);
  if (read === 'too_deep') {
    throw new ApiError(
      `HTTP ${answer.status} with JSON nested deeper than ${MAX_JSON_DEPTH} levels${idNote}`,
      {
        ...timing,
        httpStatus: answer.status,
        code: undefined,
        body: 'too_deep',
        description: undefined,
        requestId
      }
    );
  }
  if (read === undefined) {
    const type = headerText(answer.headers['content-type'])?.split(';')[0] ?? 'no content type';
    const excerpt = sanitize(stripHtml(answer.body), 200);
    throw new ApiError(
      `HTTP ${answer.status} with a non-JSON answer (${sanitize(type, 60)})${excerpt === '' ? '' : `: "${excerpt}"`}${idNote}`,
      {
        ...timing,
        httpStatus: answer.status,
        code: undefined,
        body: 'not_envelope',
        description: excerpt,
        requestId
      }
    );
  }
  const envelope = codeAsText(read);
  const success = envelope.code === '0000' || envelope.code === 0;
  const code = success ? '0000' : codeText(envelope.code);
  const msg =
    typeof envelope.msg === 'string'
      ? envelope.msg
      : typeof envelope.message === 'string'
        ? envelope.message
        : '';
  if (answer.status === 200 && success) return { code, msg, data: envelope.data ?? null, envelope: read };
  throw new ApiError(
    `HTTP ${answer.status}, code ${sanitize(code, 40)}: ${sanitize(msg, 500) || '(no description)'}${idNote}`,
    {
      ...timing,
      httpStatus: answer.status,
      code,
      body: 'envelope',
      description: msg,
      requestId
    }
  );
}

interface Envelope extends Readonly<Record<string, unknown>> {
  code: unknown;
  msg?: unknown;
  message?: unknown;
  data?: unknown;
}

function envelopeOf(body: string): Envelope | 'too_deep' | undefined {
  let parsed: unknown;
  try {
    parsed = parseJson(body);
  } catch (error) {
    return error instanceof JsonDepthError ? 'too_deep' : undefined;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed) || !('code' in parsed))
    return undefined;
  return parsed;
}

/** The envelope with its code as text where it came as an exact number. */
function codeAsText(envelope: Envelope): Envelope {
  return isLosslessNumber(envelope.code) ? { ...envelope, code: envelope.code.toString() } : envelope;
}

function codeText(code: unknown): string {
  if (typeof code === 'string') return code;
  if (typeof code === 'number') return String(code);
  return JSON.stringify(code);
}

function headerText(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function stripHtml(text: string): string {
  return /<[a-z!/][^>]*>/i.test(text)
    ? text.replace(/<(script|style)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ')
    : text;
}
