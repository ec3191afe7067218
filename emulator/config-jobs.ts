// The config's section for the Job API's jobs: how long their pods run, which fail, what they log.
import type { Emulator } from './emulator.js';
import {
  choice,
  ConfigError,
  number,
  object,
  only,
  optional,
  pattern,
  string,
  type ConfigSection
} from './config-values.js';

export interface JobConfig {
  /** How jobs run (see the emulator's `jobs` option): patterns are regular expressions over job names. */
  jobs?: {
    podSeconds?: number;
    failPattern?: string;
    scripts?: JobScriptConfig[];
    stoppedStatus?: 'Paused' | 'End';
    resourceTaskType?: 'Job' | 'Deployment';
    billedAfterEndSeconds?: number;
  };
}

/** A job script (see JobScriptRule), its pattern as text. */
export interface JobScriptConfig {
  pattern: string;
  runSeconds?: number;
  exitCode?: number;
  failures?: number;
  failIndexes?: number[];
  log?: string[];
  manualAfterSeconds?: number;
}

export const JOB_CONFIG: ConfigSection<JobConfig, Emulator> = {
  fields: ['jobs'],
  parse: (config, where) => optional(config, 'jobs', parseJobs, where),
  apply: (emulator, config) => {
    if (config.jobs === undefined) return;
    const { podSeconds, failPattern, scripts, stoppedStatus, resourceTaskType, billedAfterEndSeconds } =
      config.jobs;
    emulator.jobs.configure({
      ...(podSeconds === undefined ? {} : { podSeconds }),
      ...(billedAfterEndSeconds === undefined ? {} : { billedAfterEndSeconds }),
      ...(stoppedStatus === undefined ? {} : { stoppedStatus }),
      ...(resourceTaskType === undefined ? {} : { resourceTaskType }),
      ...(failPattern === undefined ? {} : { failPattern: new RegExp(failPattern) }),
      ...(scripts === undefined
        ? {}
        : { scripts: scripts.map(({ pattern: text, ...rule }) => ({ ...rule, pattern: new RegExp(text) })) })
    });
  }
};

function parseJobs(value: unknown, where: string): NonNullable<JobConfig['jobs']> {
  const jobs = object(value, where);
  only(jobs, where, [
    'podSeconds',
    'failPattern',
    'scripts',
    'stoppedStatus',
    'resourceTaskType',
    'billedAfterEndSeconds'
  ]);
  const numbers = (list: unknown, name: string): number[] => {
    if (!Array.isArray(list)) throw new ConfigError(`${name} must be an array`);
    return list.map((n, i) => number(n, `${name}[${i}]`));
  };
  const lines = (list: unknown, name: string): string[] => {
    if (!Array.isArray(list)) throw new ConfigError(`${name} must be an array`);
    return list.map((line, i) => string(line, `${name}[${i}]`));
  };
  const script = (item: unknown, at: string): JobScriptConfig => {
    const rule = object(item, at);
    only(rule, at, [
      'pattern',
      'runSeconds',
      'exitCode',
      'failures',
      'failIndexes',
      'log',
      'manualAfterSeconds'
    ]);
    return {
      pattern: pattern(rule.pattern, `${at}.pattern`),
      ...optional(rule, 'runSeconds', (v, n) => number(v, n), at),
      ...optional(rule, 'exitCode', (v, n) => number(v, n), at),
      ...optional(rule, 'failures', (v, n) => number(v, n), at),
      ...optional(rule, 'failIndexes', numbers, at),
      ...optional(rule, 'log', lines, at),
      ...optional(rule, 'manualAfterSeconds', (v, n) => number(v, n), at)
    };
  };
  if (jobs.scripts !== undefined && !Array.isArray(jobs.scripts))
    throw new ConfigError(`${where}.scripts must be an array`);
  return {
    ...optional(jobs, 'podSeconds', (v, n) => number(v, n), where),
    ...optional(jobs, 'billedAfterEndSeconds', (v, n) => number(v, n), where),
    ...optional(jobs, 'failPattern', (v, n) => pattern(v, n), where),
    ...optional(jobs, 'stoppedStatus', (v, n) => choice(v, n, ['Paused', 'End'] as const), where),
    ...optional(jobs, 'resourceTaskType', (v, n) => choice(v, n, ['Job', 'Deployment'] as const), where),
    ...(Array.isArray(jobs.scripts)
      ? { scripts: jobs.scripts.map((item, i) => script(item, `${where}.scripts[${i}]`)) }
      : {})
  };
}
