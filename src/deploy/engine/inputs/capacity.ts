import { parseChoice, parseDuration, parseList, parsePositiveInteger, parsePrice } from './parsers.js';
import { input, asText } from './input.js';

const HOUR = 3_600_000;

/** Where a new task runs: the GPU it asks for, where, at what price, how long it waits for one; the images warmed first. */
export const CAPACITY_INPUTS = [
  input({
    name: 'gpu',
    type: 'text',
    helpRank: 3,
    parse: asText,
    description:
      'The GPU model as the platform names it (`gpu_name`, such as `4090` or `H20`; matched case-insensitively; for a `CpuDevice`, its `device_name`). `create`, `replace` and `job`: pick the resource instead of pasting a mark: the step searches the resources, keeps the regions of that model with `gpu_count` GPUs per node and `points` nodes in stock, and creates on the cheapest (`discount_price`, else `price`), `regions` breaking ties; refused with a `resources` field in the body. `preheat`: the GPU whose cheapest region with stock, found as a create finds it, is preheated.'
  }),
  input({
    name: 'gpu_count',
    type: 'number',
    default: '1',
    parse: (value, name) => parsePositiveInteger(name, value, 'the GPUs per node, such as 1'),
    description:
      'With `gpu`: GPUs per node, as the resource search gives them for a node (a whole number of 1 or more).'
  }),
  input({
    name: 'device_type',
    type: 'choice',
    default: 'GpuDevice',
    parse: (value, name) => parseChoice(name, value, ['GpuDevice', 'CpuDevice'] as const),
    description: 'With `gpu`: `GpuDevice` or `CpuDevice`, the kind of device searched for.'
  }),
  input({
    name: 'regions',
    type: 'list',
    helpRank: 33,
    parse: parseList,
    description:
      "With `gpu`: regions in order of preference, by the resource search's region tag or `region_name`, one per line or separated by commas. Price ranks first; the order breaks ties; other regions still qualify."
  }),
  input({
    name: 'max_price',
    type: 'number',
    parse: (value, name) => parsePrice(name, value),
    description:
      "With `gpu`: the highest price to create on, a plain number compared as the platform gives it with the resource search's `discount_price` (else `price`) of each region: the platform's number for one node of the device (an `H20 x 8` entry is one 8-card node; the platform publishes no unit). The log, a dry run and `search_resources` show each region's number. With nothing that cheap, the step fails before creating, naming the cheapest."
  }),
  input({
    name: 'capacity_timeout',
    type: 'duration',
    default: '0s',
    parse: (value, name) => (value === '0' ? 0 : parseDuration(name, value, { minMs: 0, maxMs: 6 * HOUR })),
    description:
      'With `gpu`: how long to search again while no region has the stock (`0s`: fail at once; up to 6h). Searches are at least 10 s apart, as the platform asks.'
  }),
  input({
    name: 'preheat',
    type: 'choice',
    default: 'none',
    parse: (value, name) => parseChoice(name, value, ['none', 'region', 'node'] as const),
    description:
      "With `gpu`: `none`, region or `node`. Before the create, region caches the services' images in the chosen region's cluster (an image preheat of that region) and `node` prepares `points` nodes of the chosen device there; the step waits until it completes (`preheat_timeout`), and a preheat that fails or times out is stopped and fails the step before anything bills. A preheat is not a reservation. `preheat`: region or `node`, the preheat to make; `none` means region."
  }),
  input({
    name: 'preheat_timeout',
    type: 'duration',
    default: '30m',
    parse: (value, name) => parseDuration(name, value, { minMs: 10_000, maxMs: 6 * HOUR }),
    description:
      'How long a preheat may take before the step stops it and fails (10s to 6h), within `wait_timeout`.'
  })
] as const;
