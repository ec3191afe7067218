// Issue 61, point 1: an input's name is written in one source file, its declaration, besides its users'
// reads. This test counts, for every input, the files under src/ that hold its name as a string literal
// (a literal whose whole value is the name: 'max_cost'; the prose of an error message that names it does
// not count, nor a comment, nor a declaration's description, which is documentation).
//
// A user's read is (a) a typed read of the input by its declaration: get('max_cost'), given('wait'),
// text('data'), raw('token') (deploy/settings.ts's readers), or (b) a settings field of the same name in
// a Pick<Settings, ...> type. A file whose every literal of the name is such a read does not count.
// The operations' lists do not count either: deploy/engine/inputs/operation-inputs.ts (the inputs of every
// operation, and the groups operations share) and the operations' declarations (deploy/<capability>/operations.ts, each
// module that declares operations: which inputs each needs and takes).
//
// What is left must be its declaration's module (the one file of deploy/engine/inputs/ with `name: '<input>'`),
// and, for now, the files of ELSEWHERE: each writes the same word in another sense (an operation, a kind,
// an output, a field of the platform's answers or bodies, a CLI command) or names the input in a check
// of deploy/ that later points (3-5) move. The list is exact: a new file fails, and so does an entry
// that no longer holds the word (the list may only shrink).
import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { INPUT_NAMES } from '../src/deploy/engine/inputs/index.js';
import { sourceFiles } from './helpers/source-files.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));

const ELSEWHERE: Readonly<Partial<Record<string, readonly string[]>>> = {
  operation: [
    'action/pull-request-step.ts',
    'deploy/settings.ts',
    'deploy/deployments/send-change.ts',
    'deploy/engine/flows/toolkit.ts',
    'deploy/engine/step-defaults.ts'
  ],
  base_url: ['action/by-hand.ts'],
  token: ['deploy/settings.ts', 'protocol/request.ts'],
  private_key: ['deploy/settings.ts'],
  platform_public_key: ['deploy/settings.ts'],
  api_profile: ['action/by-hand.ts'],
  endpoints: ['deploy/settings.ts', 'platform/operations/calls.ts'],
  task_name: [
    'platform/list-rows.ts',
    'platform/operations/input-checks.ts',
    'platform/operations/operation-table.ts'
  ],
  points: [
    'deploy/previews/preview-spend.ts',
    'platform/operations/input-checks.ts',
    'platform/operations/operation-table.ts',
    'platform/preheat-data.ts'
  ],
  task_id: [
    'deploy/settings.ts',
    'deploy/engine/outputs/outputs.ts',
    'deploy/engine/tasks/configuration.ts',
    'platform/list-rows.ts',
    'platform/operations/calls.ts',
    'platform/operations/input-checks.ts'
  ],
  point_id: ['platform/list-rows.ts', 'platform/operations/calls.ts'],
  task_status: ['platform/operations/input-checks.ts'],
  gpu: [
    'deploy/previews/preview.ts',
    'deploy/engine/outputs/outputs.ts',
    'deploy/engine/report/placement-report.ts',
    'platform/list-rows.ts'
  ],
  gpu_count: ['platform/list-rows.ts', 'platform/resource-data.ts'],
  device_type: ['platform/operations/calls.ts', 'platform/operations/operation-table.ts'],
  preheat: [
    'deploy/preheat/preheat-report.ts',
    'platform/operations/calls.ts',
    'platform/operations/operation-table.ts',
    'platform/platform-settings.ts',
    'platform/task-kinds.ts'
  ],
  job_type: [
    'deploy/engine/outputs/outputs.ts',
    'deploy/jobs/job-report.ts',
    'platform/operations/input-checks.ts'
  ],
  spot_fallback: ['deploy/engine/flows/spot-fallback.ts'],
  volume: [
    'deploy/capabilities.ts',
    'deploy/storage/transfer.ts',
    'deploy/storage/volume.ts',
    'deploy/storage/volume-report.ts',
    'deploy/engine/storage/mounts.ts',
    'platform/operations/operation-table.ts',
    'platform/platform-settings.ts',
    'platform/task-kinds.ts'
  ],
  size: ['deploy/engine/inputs/input.ts', 'deploy/engine/inputs/limits.ts'],
  region: [
    'deploy/engine/create/find-capacity.ts',
    'deploy/engine/create/preheat.ts',
    'deploy/preheat/preheat.ts',
    'deploy/previews/preview.ts',
    'deploy/engine/inputs/capacity.ts',
    'deploy/engine/outputs/outputs.ts',
    'deploy/engine/report/placement-report.ts',
    'deploy/storage/volume-report.ts',
    'deploy/engine/settings.ts',
    'platform/list-rows.ts'
  ],
  storage_class: [
    'deploy/engine/outputs/outputs.ts',
    'deploy/storage/volume-report.ts',
    'platform/list-rows.ts'
  ],
  transfer_id: [
    'deploy/storage/transfer.ts',
    'deploy/engine/outputs/outputs.ts',
    'deploy/storage/transfer-report.ts',
    'platform/list-rows.ts'
  ],
  direction: ['deploy/storage/transfer.ts', 'platform/list-rows.ts'],
  s3_supplier: ['deploy/storage/transfer.ts', 'deploy/engine/storage/check-copies.ts'],
  s3_endpoint: ['deploy/storage/transfer.ts', 'deploy/engine/storage/check-copies.ts'],
  s3_bucket: ['deploy/storage/transfer.ts', 'deploy/engine/storage/check-copies.ts'],
  s3_access_key: ['deploy/storage/transfer.ts', 'deploy/engine/storage/check-copies.ts'],
  s3_secret_key: ['deploy/storage/transfer.ts', 'deploy/engine/storage/check-copies.ts'],
  volumes: [
    'action/post-step.ts',
    'deploy/engine/cleanup-state.ts',
    'deploy/step.ts',
    'deploy/engine/storage/delete-volume.ts',
    'deploy/engine/storage/mounts.ts'
  ],
  juicefs_mounts: ['deploy/step.ts', 'deploy/engine/storage/mounts.ts'],
  data: [
    'cli/json-outputs.ts',
    'deploy/capabilities.ts',
    'deploy/engine/answer-texts.ts',
    'deploy/engine/flows/copying.ts',
    'deploy/engine/operations/operation.ts',
    'deploy/engine/outputs/outputs.ts',
    'deploy/engine/storage/check-copies.ts',
    'deploy/engine/storage/copy-data.ts',
    'platform/client.ts'
  ],
  results: [
    'deploy/engine/flows/copying.ts',
    'deploy/engine/storage/check-copies.ts',
    'deploy/engine/storage/copy-data.ts'
  ],
  copies: ['action/summary-timeline.ts', 'deploy/engine/storage/check-copies.ts'],
  body: [
    'deploy/settings.ts',
    'deploy/engine/create/create-task.ts',
    'deploy/engine/dry-run.ts',
    'deploy/engine/step-defaults.ts',
    'platform/client.ts',
    'platform/operations/calls.ts'
  ],
  body_file: ['action/runtime.ts', 'deploy/settings.ts'],
  query: ['deploy/settings.ts', 'deploy/engine/dry-run.ts', 'platform/operations/calls.ts'],
  method: ['deploy/settings.ts', 'platform/operations/plan-calls.ts'],
  path: ['deploy/settings.ts', 'platform/operations/plan-calls.ts'],
  encrypt: ['deploy/settings.ts'],
  wait: [
    'deploy/settings.ts',
    'deploy/deployments/send-change.ts',
    'deploy/engine/step-defaults.ts',
    'platform/operations/operation-table.ts'
  ],
  wait_timeout: ['deploy/engine/flows/wait.ts'],
  cleanup: [
    'action/host.ts',
    'action/post-step.ts',
    'action/saved-cleanup.ts',
    'deploy/settings.ts',
    'cli/cleanup-command.ts',
    'cli/cli-args.ts',
    'cli/cli-help.ts',
    'cli/run-cli.ts',
    'deploy/engine/cleanup/finish-cleanup.ts',
    'deploy/engine/cleanup/finish-scale-back.ts',
    'deploy/engine/flows/toolkit.ts',
    'deploy/engine/step-defaults.ts',
    'deploy/engine/storage/sftp-ledger.ts',
    'deploy/engine/storage/transfer-ledger.ts',
    'deploy/engine/storage/volume-ledger.ts'
  ],
  billing_range: ['platform/operations/input-checks.ts'],
  billing_start: ['deploy/settings.ts', 'platform/operations/input-checks.ts'],
  billing_end: ['deploy/settings.ts', 'platform/operations/input-checks.ts']
};

const PROSE = /\b(?:description|cliDescription):\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g;
const SETTINGS_FIELDS = /Pick<\s*Settings,[^>]*>/g;
/** A file's code: its declarations' descriptions, its Pick<Settings, ...> fields and its comments left out. */
const codes = new Map(
  sourceFiles(SRC).map((file) => [
    relative(SRC, file),
    readFileSync(file, 'utf8')
      .replace(PROSE, '')
      .replace(SETTINGS_FIELDS, '')
      .split('\n')
      .filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line))
      .join('\n')
  ])
);

/** The files that hold the input's name as a literal, other than in its users' reads. */
function holders(name: string): string[] {
  const literal = new RegExp(`['"\`]${name}['"\`]`);
  const reads = new RegExp(`\\b(get|given|text|raw)\\(\\s*'${name}'`, 'g');
  return [...codes]
    .filter(([, code]) => literal.test(code.replace(reads, '')))
    .map(([file]) => file)
    .sort();
}

describe("an input's name", () => {
  it.each(INPUT_NAMES)('%s is written in its declaration, its reads, and nowhere new', (name) => {
    const declarations = [...codes]
      .filter(([file, code]) => file.startsWith('deploy/engine/inputs/') && code.includes(`name: '${name}'`))
      .map(([file]) => file);
    expect(declarations).toHaveLength(1);
    const others = holders(name).filter(
      (file) =>
        file !== declarations[0] &&
        file !== 'deploy/engine/inputs/operation-inputs.ts' &&
        !(/^deploy\/[a-z]+\/operations\.ts$/.test(file) && (codes.get(file) ?? '').includes('= operation({'))
    );
    expect(others).toEqual([...(ELSEWHERE[name] ?? [])].sort());
  });

  it('lists in ELSEWHERE only inputs', () => {
    expect(
      Object.keys(ELSEWHERE).filter((name) => !(INPUT_NAMES as readonly string[]).includes(name))
    ).toEqual([]);
  });
});
