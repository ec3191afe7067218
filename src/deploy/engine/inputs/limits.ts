import { parseDuration, parseIntegerInRange, parseSize } from './parsers.js';
import { input } from './input.js';

/** How long, how large, how many: the bounds of each request and of the step's concurrency. */
export const LIMIT_INPUTS = [
  input({
    name: 'request_timeout',
    type: 'duration',
    default: '30s',
    parse: (value, name) => parseDuration(name, value, { minMs: 1000, maxMs: 5 * 60_000 }),
    description: 'How long one request may take; the step never runs past `wait_timeout` by more than this.'
  }),
  input({
    name: 'max_response_size',
    type: 'size',
    default: '16MiB',
    parse: (value, name) => parseSize(name, value, { min: 64 * 1024, max: 256 * 1024 * 1024 }),
    description:
      'The largest answer read, such as `512KiB` or `16MiB` (64 KiB to 256 MiB); a larger answer fails the request, naming this limit, and the outputs are still written.'
  }),
  input({
    name: 'max_retries',
    type: 'number',
    default: '5',
    parse: (value, name) => parseIntegerInRange(name, value, 0, 10),
    description:
      'Retries of a request that failed in a way that may pass (network errors, 429, 5xx, an answer that is not JSON), with exponential backoff; a create is only sent again when it certainly made no task (0 to 10).'
  }),
  input({
    name: 'concurrency',
    type: 'number',
    default: '4',
    parse: (value, name) => parseIntegerInRange(name, value, 1, 32),
    description: 'Requests in flight at once when `task_id` lists several tasks (1 to 32).'
  })
] as const;
