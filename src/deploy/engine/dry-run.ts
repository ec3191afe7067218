import type { Call, Plan } from '../../platform/operations/operation-table.js';
import { prepareRequest } from '../../platform/session.js';
import { toCompactJson } from '../../protocol/json.js';
import { encodeQuery, type PreparedRequest } from '../../protocol/request.js';
import { isSecretName, REDACTED, redactFields } from './secret-fields.js';
import type { DeployContext } from './context.js';

/** How much of a body is shown: readable JSON at length, ciphertext only as a glimpse. */
const SHOWN_PLAINTEXT = 1000;
const SHOWN_CIPHERTEXT = 160;

/** Prints every request of the plan as it would be sent, and sends nothing. */
export function printRequests(plan: Plan, ctx: Pick<DeployContext, 'settings' | 'log' | 'runtime'>): void {
  for (const call of plan.calls) {
    const which = call.taskId === undefined ? '' : ` of task ${call.taskId}`;
    ctx.log(`dry run: ${call.operation}${which} would send this, and sends nothing:`);
    describeDryRun(prepareRequest(ctx.settings, call, ctx.runtime.clock.stamp()), call).forEach(ctx.log);
  }
}

/**
 * What a dry run prints for a request: method, URL, header names, body size and the string to sign.
 * The token and sign_str never appear, and neither does the value of any query parameter or body field
 * whose name looks like a credential's (see secret-fields.ts): those read <redacted>, so the URL, the
 * body and the string to sign are shown as sent but for them.
 */
export function describeDryRun(
  request: PreparedRequest,
  call: Pick<Call, 'endpoint' | 'query' | 'body'>
): string[] {
  const query = encodeQuery(call.query.map(([name, value]) => [name, isSecretName(name) ? REDACTED : value]));
  const target = query === '' ? call.endpoint.path : `${call.endpoint.path}?${query}`;
  const plaintext = call.body === undefined ? '' : toCompactJson(redactFields(call.body));
  const size =
    request.body === ''
      ? 'no body'
      : `${Buffer.byteLength(request.body)} bytes${request.encrypted ? ', encrypted' : ''}`;
  return [
    `${request.method} ${new URL(request.url).origin}${target}`,
    `  headers: ${Object.keys(request.headers).join(', ')}`,
    `  body: ${size}`,
    ...(request.encrypted
      ? [`  body before encryption (secret values redacted): ${excerpt(plaintext, SHOWN_PLAINTEXT)}`]
      : []),
    ...(request.headers.sign_str === undefined
      ? unsigned(request, plaintext)
      : stringToSign(request, target, plaintext))
  ];
}

/** A token-mode request is not signed: its body, as sent but for the secrets. */
function unsigned(request: PreparedRequest, plaintext: string): string[] {
  return request.body === ''
    ? []
    : [`  body sent (secret values redacted): ${excerpt(plaintext, SHOWN_PLAINTEXT)}`];
}

/** What an RSA-mode request signs, line by line, the token and secret values redacted. */
function stringToSign(request: PreparedRequest, target: string, plaintext: string): string[] {
  return [
    '  string to sign (token and secret values redacted):',
    ...[
      target,
      request.headers.version ?? '',
      request.headers.timestamp ?? '',
      '<token>',
      request.encrypted ? excerpt(request.body, SHOWN_CIPHERTEXT) : excerpt(plaintext, SHOWN_PLAINTEXT)
    ].map((line) => `    ${line}`)
  ];
}

function excerpt(text: string, shown: number): string {
  return text.length > shown ? `${text.slice(0, shown)}… (${text.length} characters in all)` : text;
}
