import type { PreparedRequest } from './protocol/request.js';

const SHOWN_BODY = 160;

/**
 * What a dry run prints for a request: method, URL, header names, body size and the string to sign,
 * with the token redacted and no header values (sign_str and token are secrets; the rest is shown in
 * the string to sign).
 */
export function describeDryRun(request: PreparedRequest): string[] {
  const body = request.body;
  const shownBody =
    body.length > SHOWN_BODY ? `${body.slice(0, SHOWN_BODY)}… (${body.length} characters in all)` : body;
  const size =
    body === '' ? 'no body' : `${Buffer.byteLength(body)} bytes${request.encrypted ? ', encrypted' : ''}`;
  return [
    `${request.method} ${request.url}`,
    `  headers: ${Object.keys(request.headers).join(', ')}`,
    `  body: ${size}`,
    '  string to sign (token redacted):',
    ...[
      request.target,
      request.headers.version ?? '',
      request.headers.timestamp ?? '',
      '<token>',
      shownBody
    ].map((line) => `    ${line}`)
  ];
}
