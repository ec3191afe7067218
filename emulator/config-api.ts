// The config's section for what concerns every request: faults, the rate limit, the envelope and its
// text, the page cap, the refusal codes.
import type { Emulator, EnvelopeStyle } from './emulator.js';
import type { FaultAnswer, FaultRule, RateLimit } from './faults.js';
import {
  boolean,
  choice,
  listOf,
  number,
  object,
  only,
  optional,
  string,
  type ConfigSection
} from './config-values.js';

export interface ApiConfig {
  faults?: FaultRule[];
  rateLimit?: RateLimit;
  text?: { msg?: string; taskName?: string };
  envelope?: Partial<EnvelopeStyle>;
  pageSizeMax?: number;
  refusalCodes?: Record<string, string>;
  /** A seed: every refusal code answered as another of the published set (see Emulator.shuffleCodes). */
  shuffleCodes?: number;
}

export const API_CONFIG: ConfigSection<ApiConfig, Emulator> = {
  fields: ['faults', 'rateLimit', 'text', 'envelope', 'pageSizeMax', 'refusalCodes', 'shuffleCodes'],
  parse: (config, where) => ({
    ...optional(config, 'faults', (v, n) => listOf(v, n, parseFaultRule), where),
    ...optional(config, 'rateLimit', parseRateLimit, where),
    ...optional(
      config,
      'text',
      (v, n) => {
        const text = object(v, n);
        only(text, n, ['msg', 'taskName']);
        return {
          ...optional(text, 'msg', (t, m) => string(t, m), n),
          ...optional(text, 'taskName', (t, m) => string(t, m), n)
        };
      },
      where
    ),
    ...optional(
      config,
      'envelope',
      (v, n) => {
        const envelope = object(v, n);
        only(envelope, n, ['code', 'messageField']);
        return {
          ...optional(envelope, 'code', (t, m) => choice(t, m, ['string', 'number']), n),
          ...optional(envelope, 'messageField', (t, m) => choice(t, m, ['msg', 'message']), n)
        };
      },
      where
    ),
    ...optional(config, 'pageSizeMax', (v, n) => number(v, n), where),
    ...optional(
      config,
      'refusalCodes',
      (v, n) => {
        const codes = object(v, n);
        return Object.fromEntries(
          Object.entries(codes).map(([reason, code]) => [reason, string(code, `${n}.${reason}`)])
        );
      },
      where
    ),
    ...optional(config, 'shuffleCodes', (v, n) => number(v, n), where)
  }),
  apply: (emulator, config) => {
    for (const rule of config.faults ?? []) emulator.inject(rule);
    if (config.rateLimit !== undefined) emulator.setRateLimit(config.rateLimit);
    if (config.text !== undefined) emulator.setText(config.text);
    if (config.envelope !== undefined) emulator.setEnvelope(config.envelope);
    if (config.pageSizeMax !== undefined) emulator.setPageSizeMax(config.pageSizeMax);
    if (config.refusalCodes !== undefined) emulator.setRefusalCodes(config.refusalCodes);
    if (config.shuffleCodes !== undefined) emulator.shuffleCodes(config.shuffleCodes);
  }
};

function parseRateLimit(value: unknown, where: string): RateLimit {
  const limit = object(value, where);
  only(limit, where, ['ratePerSecond', 'burst', 'path', 'retryAfterAs']);
  return {
    ratePerSecond: number(limit.ratePerSecond, `${where}.ratePerSecond`),
    burst: number(limit.burst, `${where}.burst`),
    ...optional(limit, 'path', (v, n) => string(v, n), where),
    ...optional(limit, 'retryAfterAs', (v, n) => choice(v, n, ['seconds', 'http-date']), where)
  };
}

/**
 * One fault rule. `times` is a count or "always" (JSON has no Infinity); `answer` one of the fault
 * answers of faults.ts.
 */
export function parseFaultRule(value: unknown, where = 'fault'): FaultRule {
  const rule = object(value, where);
  only(rule, where, ['path', 'method', 'times', 'skip', 'delayMs', 'answer', 'apply', 'applyAfterMs']);
  const parsed: FaultRule = {};
  if (rule.path !== undefined) parsed.path = string(rule.path, `${where}.path`);
  if (rule.method !== undefined)
    parsed.method = choice(rule.method, `${where}.method`, ['GET', 'POST'] as const);
  if (rule.times !== undefined)
    parsed.times = rule.times === 'always' ? Infinity : number(rule.times, `${where}.times`);
  if (rule.skip !== undefined) parsed.skip = number(rule.skip, `${where}.skip`);
  if (rule.delayMs !== undefined) parsed.delayMs = number(rule.delayMs, `${where}.delayMs`);
  if (rule.apply !== undefined) parsed.apply = boolean(rule.apply, `${where}.apply`);
  if (rule.applyAfterMs !== undefined)
    parsed.applyAfterMs = number(rule.applyAfterMs, `${where}.applyAfterMs`);
  if (rule.answer !== undefined) parsed.answer = parseAnswer(rule.answer, `${where}.answer`);
  return parsed;
}

function parseAnswer(value: unknown, where: string): FaultAnswer {
  const answer = object(value, where);
  const kind = choice(answer.kind, `${where}.kind`, [
    'status',
    'reset',
    'malformed_json',
    'large',
    'deep',
    'envelope'
  ]);
  switch (kind) {
    case 'reset':
    case 'malformed_json':
      only(answer, where, ['kind']);
      return { kind };
    case 'large':
      only(answer, where, ['kind', 'bytes', 'chunked']);
      return {
        kind,
        bytes: number(answer.bytes, `${where}.bytes`),
        ...optional(answer, 'chunked', (v, n) => boolean(v, n), where)
      };
    case 'deep':
      only(answer, where, ['kind', 'depth']);
      return { kind, depth: number(answer.depth, `${where}.depth`) };
    case 'envelope':
      only(answer, where, ['kind', 'status', 'code', 'message', 'data']);
      return {
        kind,
        code: string(answer.code, `${where}.code`),
        ...optional(answer, 'status', (v, n) => number(v, n), where),
        ...optional(answer, 'message', (v, n) => string(v, n), where),
        ...('data' in answer ? { data: answer.data } : {})
      };
    case 'status': {
      only(answer, where, ['kind', 'status', 'retryAfter', 'body']);
      const parsed: FaultAnswer = { kind, status: number(answer.status, `${where}.status`) };
      if (answer.body !== undefined)
        parsed.body = choice(answer.body, `${where}.body`, ['envelope', 'html', 'empty'] as const);
      if (answer.retryAfter !== undefined) {
        const retry = object(answer.retryAfter, `${where}.retryAfter`);
        only(retry, `${where}.retryAfter`, ['seconds', 'as']);
        parsed.retryAfter = {
          seconds: number(retry.seconds, `${where}.retryAfter.seconds`),
          ...optional(retry, 'as', (v, n) => choice(v, n, ['seconds', 'http-date']), `${where}.retryAfter`)
        };
      }
      return parsed;
    }
  }
}
