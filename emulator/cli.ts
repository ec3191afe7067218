// The emulator as a process: npm run emulator -- --port 0 --info emulator.json
import { appendFileSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { applyConfig, parseConfig, parseFaultRule, parseStockChange, type EmulatorConfig } from './config.js';
import { startEmulator, type EmulatorOptions } from './emulator.js';
import { redactedRecord } from './record-redaction.js';

const USAGE =
  'usage: npm run emulator -- [--port N] [--info FILE] [--ready-after SECONDS] [--clock-offset SECONDS] [--fail-pattern REGEX] [--record FILE] [--profile live|spec] [--strict] [--page-size-max N] [--config FILE] [--fault JSON]... [--stock JSON]... [--no-apps]';

function fail(message: string): never {
  console.error(`emulator: ${message}\n${USAGE}`);
  process.exit(2);
}

function number(
  flag: string,
  text: string | undefined,
  check: (n: number) => boolean,
  fix: string
): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text);
  if (text.trim() === '' || !Number.isFinite(value) || !check(value))
    fail(`--${flag} "${text}" is not valid: ${fix}`);
  return value;
}

function options(): {
  emulator: EmulatorOptions;
  infoFile: string | undefined;
  config: EmulatorConfig;
  apps: boolean;
} {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        info: { type: 'string' },
        'ready-after': { type: 'string' },
        'clock-offset': { type: 'string' },
        'fail-pattern': { type: 'string' },
        record: { type: 'string' },
        config: { type: 'string' },
        profile: { type: 'string' },
        strict: { type: 'boolean' },
        'page-size-max': { type: 'string' },
        fault: { type: 'string', multiple: true },
        stock: { type: 'string', multiple: true },
        'no-apps': { type: 'boolean' },
        help: { type: 'boolean' }
      },
      strict: true
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help === true) {
    console.log(USAGE);
    process.exit(0);
  }
  let failPattern: RegExp | undefined;
  try {
    failPattern = values['fail-pattern'] === undefined ? undefined : new RegExp(values['fail-pattern']);
  } catch (error) {
    fail(`--fail-pattern is not a regular expression: ${(error as Error).message}`);
  }
  // npm runs scripts from the package root; a relative --info path means the caller's directory.
  const callerDir = process.env.INIT_CWD ?? process.cwd();
  const recordFile = values.record === undefined ? undefined : resolve(callerDir, values.record);
  const config = readConfig(values.config === undefined ? undefined : resolve(callerDir, values.config));
  // --fault rules join the config file's, after them: the first rule that matches a request applies.
  for (const [i, text] of (values.fault ?? []).entries()) {
    config.faults = [...(config.faults ?? []), parseJsonFlag(`--fault #${i + 1}`, text, parseFaultRule)];
  }
  // --stock changes apply after the config file's, in order.
  for (const [i, text] of (values.stock ?? []).entries()) {
    config.stock = [...(config.stock ?? []), parseJsonFlag(`--stock #${i + 1}`, text, parseStockChange)];
  }
  return {
    emulator: {
      port: number('port', values.port, (n) => Number.isInteger(n) && n >= 0 && n <= 65535, 'use 0 to 65535'),
      readyAfterSeconds: number(
        'ready-after',
        values['ready-after'],
        (n) => n >= 0,
        'use seconds, 0 or more'
      ),
      clockOffsetSeconds: number('clock-offset', values['clock-offset'], () => true, 'use seconds'),
      failPattern,
      profile: profileOf(values.profile),
      strict: values.strict === true,
      pageSizeMax: number(
        'page-size-max',
        values['page-size-max'],
        (n) => Number.isInteger(n) && n >= 1,
        'use a whole number of items, 1 or more'
      ),
      log: (line) => {
        console.error(`[emulator] ${line}`);
      },
      // One JSON line per request, for a workflow to check what happened: never the token, the signature
      // or a credential a body or an answer holds (see redactedRecord).
      ...(recordFile === undefined
        ? {}
        : {
            onRecord: (record) => {
              appendFileSync(recordFile, `${JSON.stringify(redactedRecord(record))}\n`);
            }
          })
    },
    infoFile: values.info === undefined ? undefined : resolve(callerDir, values.info),
    config,
    apps: values['no-apps'] !== true
  };
}

function profileOf(text: string | undefined): 'spec' | 'live' | undefined {
  if (text === undefined || text === 'spec' || text === 'live') return text;
  fail(`--profile "${text}" is not valid: use live (the default) or spec`);
}

function readConfig(file: string | undefined): EmulatorConfig {
  if (file === undefined) return {};
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    fail(`--config ${file} cannot be read: ${(error as Error).message}`);
  }
  return parseJsonFlag(`--config ${file}`, text, parseConfig);
}

function parseJsonFlag<T>(what: string, text: string, read: (value: unknown, where: string) => T): T {
  try {
    return read(JSON.parse(text), what);
  } catch (error) {
    fail(`${what} is not valid: ${(error as Error).message}`);
  }
}

const { emulator: emulatorOptions, infoFile, config, apps } = options();
const emulator = await startEmulator(emulatorOptions);
// The apps of its tasks on its own address, as the demo has them: a service URL a newcomer's health
// check can reach (the config's apps or serviceUrl apply on top; --no-apps gives the URLs of
// apps.emulator.invalid, which resolve nowhere).
if (apps) emulator.tasks.setApps({});
try {
  applyConfig(emulator, config);
} catch (error) {
  await emulator.stop();
  fail((error as Error).message);
}
const info = `${JSON.stringify(emulator.info, null, 2)}\n`;
if (infoFile === undefined) {
  process.stdout.write(info);
} else {
  await writeFile(`${infoFile}.tmp`, info);
  await rename(`${infoFile}.tmp`, infoFile);
}
console.error(
  `[emulator] listening on ${emulator.base_url}${infoFile === undefined ? '' : `; info in ${infoFile}`}`
);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void emulator.stop().then(() => {
      console.error(`[emulator] stopped (${signal})`);
      process.exit(0);
    });
  });
}
