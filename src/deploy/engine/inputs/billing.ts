import { parseChoice } from './parsers.js';
import { input, asText } from './input.js';

/** The billing window. */
export const BILLING_INPUTS = [
  input({
    name: 'billing_range',
    type: 'choice',
    default: 'day',
    helpRank: 18,
    parse: (value, name) => parseChoice(name, value, ['hour', 'day', 'week', 'month'] as const),
    description:
      '`billing` and `task_billing`: the period each record covers, `hour`, `day`, `week` or `month` (the platform requires one).'
  }),
  input({
    name: 'billing_start',
    type: 'time',
    default: '7d',
    helpRank: 17,
    parse: asText,
    description:
      '`billing` and `task_billing`: where the window starts, a span before `billing_end` in days, hours and minutes (`7d`, `12h`, `1d6h`) or an RFC 3339 time (`2026-01-01T00:00:00+08:00`).'
  }),
  input({
    name: 'billing_end',
    type: 'time',
    default: 'now',
    helpRank: 19,
    parse: asText,
    description:
      '`billing` and `task_billing`: where the window ends, `now` (when the step starts) or an RFC 3339 time.'
  })
] as const;
