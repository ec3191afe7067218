// The platform's side of one request: read and record it, then route, verify and handle it.
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { FaultAnswer, TokenBucket } from './faults.js';
import type { Outcome, RecordedRequest } from './records.js';
import { Code, Rejection } from './rejection.js';
import { ROUTES, type Method, type Profile } from './routes.js';
import type { Stores } from './stores.js';
import type { Verifier, VerificationTrace } from './verification.js';

const MAX_BODY_BYTES = 16 * 1024 * 1024;
const DEFAULT_VERSION = '1.0.0';

/** What judging a request reads of the emulator's state. */
export interface JudgeContext {
  profile: Profile;
  strict: boolean;
  verifier: Verifier;
  stores: Stores;
  versions: ReadonlyMap<string, string>;
  /** The most items a page holds, whatever page_size asks. */
  pageSizeMax: number | undefined;
  /** The code to answer a refusal of each reason with, where a test sets one (the platform's are unpublished). */
  refusalCodes: ReadonlyMap<string, string>;
  /** The code each of the emulator's own codes is answered as (shuffled codes), where a test asks. */
  codeOf: (code: string) => string;
  log: (line: string) => void;
}

/** The request as recorded, with its body; `raw` is undefined when the body is over the limit. */
export async function readRequest(
  req: IncomingMessage,
  id: number,
  receivedAt: number
): Promise<{ record: RecordedRequest; raw: Buffer | undefined; query: string }> {
  const raw = await readBody(req);
  const method = req.method ?? 'GET';
  const target = req.url ?? '/';
  const queryStart = target.indexOf('?');
  const record: RecordedRequest = {
    id,
    receivedAt,
    method,
    target,
    path: queryStart < 0 ? target : target.slice(0, queryStart),
    headers: recordedHeaders(req.headers),
    body: raw?.toString('utf8') ?? '',
    applied: false
  };
  return { record, raw, query: queryStart < 0 ? '' : target.slice(queryStart + 1) };
}

/** The outcome of an oversized body. */
export const BODY_TOO_LARGE: Outcome = {
  status: 413,
  code: Code.body,
  message: 'the body is over 16 MiB',
  data: null
};

/** A 429 when the rate limit holds for the path. */
export function rateLimitAnswer(
  limit: TokenBucket | undefined,
  path: string,
  now: number
): FaultAnswer | undefined {
  if (limit === undefined || (limit.limit.path !== undefined && limit.limit.path !== path)) return undefined;
  const taken = limit.take(now);
  if (taken.allowed) return undefined;
  return {
    kind: 'status',
    status: 429,
    retryAfter: {
      seconds: Math.max(1, Math.ceil(taken.waitMs / 1000)),
      as: limit.limit.retryAfterAs ?? 'seconds'
    }
  };
}

/**
 * Routes, verifies (headers, timestamp, signature, encrypted body) and handles a request as the platform
 * would, recording the verdict: the success, or the refusal with its code.
 */
export function judge(
  record: RecordedRequest,
  headers: IncomingHttpHeaders,
  platformTime: number,
  query: string,
  ctx: JudgeContext
): Outcome {
  const trace: VerificationTrace = {};
  try {
    const route = ROUTES.find(
      (r) => r.path === record.path && (r.profiles === undefined || r.profiles.includes(ctx.profile))
    );
    if (route === undefined) {
      // A path another profile serves: say which (the answer a newcomer with the wrong profile gets).
      const elsewhere = ROUTES.find((r) => r.path === record.path)?.profiles?.[0];
      const hint =
        elsewhere === undefined
          ? ''
          : ` in profile ${ctx.profile}: it is served in profile ${elsewhere} (start the emulator with --profile ${elsewhere}; the action's api_profile ${elsewhere} sends this form)`;
      throw new Rejection(
        Code.noSuchEndpoint,
        'no_such_endpoint',
        `no endpoint at ${record.path}${hint}`,
        404
      );
    }
    const method = route.methods.find((m) => m === record.method);
    if (method === undefined) {
      throw new Rejection(
        Code.method,
        'method_not_allowed',
        `${record.path} takes ${route.methods.join(' or ')}, not ${record.method}`,
        405
      );
    }
    const verified = ctx.verifier.verify(
      { method, target: record.target, headers, body: record.body },
      {
        version: ctx.versions.get(route.path) ?? DEFAULT_VERSION,
        encrypt: route.encrypt,
        contentType: route.contentType,
        profile: ctx.profile,
        strict: ctx.strict,
        ignoreTokenSignature: ctx.profile === 'live' && !ctx.strict
      },
      platformTime,
      trace
    );
    const data = route.handle({
      method: method satisfies Method,
      query: new URLSearchParams(query),
      payload: verified.payload,
      stores: ctx.stores,
      profile: ctx.profile,
      pageSizeMax: ctx.pageSizeMax
    });
    record.verdict = { code: Code.ok, reason: 'ok', message: 'success' };
    record.applied = true;
    const made = (data as { task_id?: unknown } | null)?.task_id;
    if (route.creates && typeof made === 'bigint') record.createdTaskId = made.toString();
    return { status: 200, code: Code.ok, message: 'success', data };
  } catch (error) {
    const rejection =
      error instanceof Rejection
        ? error
        : new Rejection(Code.internal, 'internal_error', `internal error: ${String(error)}`, 500);
    const code = ctx.refusalCodes.get(rejection.reason) ?? ctx.codeOf(rejection.code);
    record.verdict = { code, reason: rejection.reason, message: rejection.message };
    ctx.log(
      `#${record.id} ${record.method} ${record.target} -> ${code} ${rejection.reason}: ${rejection.message}`
    );
    return { status: rejection.httpStatus, code, message: rejection.message, data: null };
  } finally {
    if (trace.plaintext !== undefined) record.plaintext = trace.plaintext;
  }
}

/** The whole body, or undefined when it is larger than the emulator accepts. */
async function readBody(req: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function recordedHeaders(headers: IncomingHttpHeaders): Record<string, string> {
  const recorded: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (name === 'token' || value === undefined) continue;
    recorded[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  return recorded;
}
