/**
 * Envelope codes the emulator answers with. The real platform's codes are unpublished (C999, C001,
 * C002, C004-C010 and Z001 are seen); the emulator uses only codes from that set and gives each
 * failure a distinct `reason` (recorded with the request) and a `msg` that names the cause.
 */
export const Code = {
  ok: '0000',
  header: 'C001',
  signature: 'C002',
  key: 'C004',
  parameter: 'C005',
  body: 'C006',
  taskNotFound: 'C007',
  taskState: 'C008',
  method: 'C009',
  rateLimited: 'C010',
  internal: 'C999',
  noSuchEndpoint: 'Z001'
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/** A request the platform refuses: answered with a non-0000 code, `data: null`. */
export class Rejection extends Error {
  constructor(
    readonly code: CodeValue,
    readonly reason: string,
    message: string,
    readonly httpStatus = 200
  ) {
    super(message);
    this.name = 'Rejection';
  }
}

export function signatureError(reason: string, cause: string): Rejection {
  return new Rejection(Code.signature, reason, `signature error: ${cause}`);
}

export function parameterError(message: string): Rejection {
  return new Rejection(Code.parameter, 'invalid_parameter', `parameter error: ${message}`);
}
