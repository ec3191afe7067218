import { isRecord } from '../../basics/records.js';
import type { ApiResult } from '../../protocol/envelope.js';
import { compactJsonOfRead, parseJson, toCompactJson } from '../../protocol/json.js';
import { mayHoldSecret, redactedAnswer, redactFields } from './secret-fields.js';

/**
 * A final answer as the outputs keep it: its data as compact JSON, secrets redacted (the data output's
 * part), and the answer as the response file keeps it (see redactedAnswer). A call's are made once, as it
 * comes: a bulk step writes them to its files then (see AnswerSink), and holds none of them to the end.
 */
export interface AnswerTexts {
  readonly data: string;
  readonly response: string;
}

/** The texts of an answer: `data` (null for a call that failed), and the body received (`raw`). */
export function answerTexts(data: unknown, raw: string | undefined): AnswerTexts {
  return {
    data: toCompactJson(redactFields(data ?? null)),
    response: raw === undefined ? 'null' : redactedAnswer(raw)
  };
}

/**
 * The texts of a call's answer, whose result was read from `raw` itself: the same texts as answerTexts,
 * made with less work. An answer with nothing to redact (see mayHoldSecret) is kept as it came, its data
 * written as it is; one that may hold something is redacted once, for both texts, from the envelope the
 * client read (its body is not read again).
 */
export function resultTexts(result: ApiResult | undefined, raw: string | undefined): AnswerTexts {
  if (raw === undefined || result === undefined) return answerTexts(result?.data, raw);
  const write = (value: unknown): string => compactJsonOfRead(value, raw);
  if (!mayHoldSecret(raw)) return { data: write(result.data ?? null), response: raw };
  // The envelope the client read from `raw`, where it kept it; read again otherwise.
  let redacted: unknown;
  try {
    redacted = redactFields(result.envelope ?? parseJson(raw));
  } catch {
    return answerTexts(result.data, raw);
  }
  if (!isRecord(redacted) || !('data' in redacted)) return answerTexts(result.data, raw);
  const data = write(redacted.data ?? null);
  const fields = Object.entries(redacted).map(
    ([name, value]) => `${JSON.stringify(name)}:${name === 'data' ? data : write(value)}`
  );
  return { data, response: `{${fields.join(',')}}` };
}
