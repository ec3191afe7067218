// The config's section for the deployment's tasks and their nodes: how long they take, how they fail,
// what they cost, the apps the emulator serves.
import type { CrashLoopSpec, Emulator } from './emulator.js';
import {
  boolean,
  choice,
  ConfigError,
  listOf,
  number,
  object,
  only,
  optional,
  pattern,
  string,
  type ConfigSection
} from './config-values.js';

export interface TaskConfig {
  serviceUrl?: string;
  endedTasksGone?: boolean;
  readyAfterSeconds?: number;
  nodeLagSeconds?: number;
  actLagSeconds?: number;
  crashLoops?: CrashLoopSpec[];
  /** Images that crash-loop wherever they run (a regular expression), such as a bad release. */
  badImages?: string;
  apps?: { warmupSeconds?: number; status?: number };
  failingCreates?: number[];
  pricePerPointHour?: number;
  billPending?: boolean;
  omitCostFields?: boolean;
}

export const TASK_CONFIG: ConfigSection<TaskConfig, Emulator> = {
  fields: [
    'serviceUrl',
    'endedTasksGone',
    'readyAfterSeconds',
    'nodeLagSeconds',
    'actLagSeconds',
    'crashLoops',
    'badImages',
    'apps',
    'failingCreates',
    'pricePerPointHour',
    'billPending',
    'omitCostFields'
  ],
  parse: (config, where) => {
    const seconds = (name: string): Record<string, number> =>
      optional(config, name, (v, n) => number(v, n), where);
    return {
      ...optional(config, 'serviceUrl', (v, n) => string(v, n), where),
      ...optional(config, 'endedTasksGone', (v, n) => boolean(v, n), where),
      ...seconds('readyAfterSeconds'),
      ...seconds('nodeLagSeconds'),
      ...seconds('actLagSeconds'),
      ...optional(config, 'crashLoops', (v, n) => listOf(v, n, parseCrashLoop), where),
      ...optional(config, 'badImages', (v, n) => pattern(v, n), where),
      ...optional(
        config,
        'apps',
        (v, n) => {
          const apps = object(v, n);
          only(apps, n, ['warmupSeconds', 'status']);
          return {
            ...optional(apps, 'warmupSeconds', (t, m) => number(t, m), n),
            ...optional(apps, 'status', (t, m) => number(t, m), n)
          };
        },
        where
      ),
      ...optional(config, 'failingCreates', (v, n) => listOf(v, n, number), where),
      ...optional(config, 'pricePerPointHour', (v, n) => number(v, n), where),
      ...optional(config, 'billPending', (v, n) => boolean(v, n), where),
      ...optional(config, 'omitCostFields', (v, n) => boolean(v, n), where)
    };
  },
  apply: ({ tasks }, config) => {
    if (config.serviceUrl !== undefined) tasks.setServiceUrl(config.serviceUrl);
    if (config.endedTasksGone !== undefined) tasks.setEndedTasksGone(config.endedTasksGone);
    if (config.readyAfterSeconds !== undefined) tasks.setReadyAfter(config.readyAfterSeconds);
    if (config.nodeLagSeconds !== undefined) tasks.setNodeLag(config.nodeLagSeconds);
    if (config.actLagSeconds !== undefined) tasks.setActLag(config.actLagSeconds);
    if (config.crashLoops !== undefined) tasks.setCrashLoops(config.crashLoops);
    if (config.badImages !== undefined) tasks.setBadImages(new RegExp(config.badImages));
    if (config.apps !== undefined) tasks.setApps(config.apps);
    if (config.failingCreates !== undefined) tasks.setFailingCreates(config.failingCreates);
    if (config.pricePerPointHour !== undefined) tasks.setPrice(config.pricePerPointHour);
    if (config.billPending !== undefined) tasks.setBillPending(config.billPending);
    if (config.omitCostFields !== undefined) tasks.setOmitCostFields(config.omitCostFields);
  }
};

/** A crash loop: `pattern` (a regular expression over task names) and the optional fields of CrashLoopSpec. */
function parseCrashLoop(value: unknown, where: string): CrashLoopSpec {
  const loop = object(value, where);
  only(loop, where, ['pattern', 'reason', 'exitCode', 'restartEverySeconds', 'nodeStatus', 'log']);
  const pattern = string(loop.pattern, `${where}.pattern`);
  try {
    new RegExp(pattern);
  } catch {
    throw new ConfigError(`${where}.pattern is not a regular expression`);
  }
  return {
    pattern,
    ...optional(loop, 'reason', (v, n) => string(v, n), where),
    ...optional(loop, 'exitCode', (v, n) => number(v, n), where),
    ...optional(loop, 'restartEverySeconds', (v, n) => number(v, n), where),
    ...optional(loop, 'nodeStatus', (v, n) => choice(v, n, ['Running', 'Failed'] as const), where),
    ...optional(loop, 'log', (v, n) => string(v, n), where)
  };
}
