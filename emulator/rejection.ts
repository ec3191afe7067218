/**
 * Envelope codes the emulator answers with. The real platform's codes are unpublished (C999, C001,
 * C002, C004-C010 and Z001 are seen); the emulator uses only codes from that set, and S002 where the
 * reference names it (the transfer list's statuses), and gives each failure a distinct `reason`
 * (recorded with the request) and a `msg` that names the cause.
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
  noSuchEndpoint: 'Z001',
  /** A statuses value the transfer list does not take: the one code the reference names (s3-list.md). */
  transferStatuses: 'S002'
} as const;

export type CodeValue = (typeof Code)[keyof typeof Code];

/**
 * The codes of a refusal, as the reference's response schema lists them (every code but 0000). S002, which
 * s3-list.md names for a statuses value it does not take, is not of that schema's set: it is answered as
 * itself.
 */
const REFUSAL_CODES: readonly string[] = Object.values(Code).filter(
  (code) => code !== Code.ok && code !== Code.transferStatuses
);

/**
 * Each refusal code answered as another of the set, none as itself: a derangement drawn from `seed`, the
 * same for the same seed. A client that reads a meaning into a code fails against it; one that decides by
 * the task's state does not.
 */
export function shuffledCodes(seed: number): Map<string, string> {
  let state = seed >>> 0 || 1;
  const random = (): number => {
    // xorshift32: small, and the same on every machine.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  for (;;) {
    const drawn = [...REFUSAL_CODES];
    for (let i = drawn.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [drawn[i], drawn[j]] = [drawn[j] ?? '', drawn[i] ?? ''];
    }
    if (drawn.every((code, i) => code !== REFUSAL_CODES[i]))
      return new Map(REFUSAL_CODES.map((code, i) => [code, drawn[i] ?? code]));
  }
}

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
