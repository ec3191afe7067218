// Checks the emulator's record: every task a create made must have been stopped by a later request.
import { readFileSync } from 'node:fs';

const record = readFileSync(process.env.INPUT_RECORD ?? '', 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));
const idOf = (text) =>
  String(JSON.parse(text ?? 'null')?.data?.task_id ?? JSON.parse(text ?? 'null')?.task_id ?? '');
const created = record
  .filter((r) => r.path === '/api/deployment/task/create' && r.applied)
  .map((r) => idOf(r.answer));
const stopped = new Set(
  record.filter((r) => r.path === '/api/deployment/task/stop' && r.applied).map((r) => idOf(r.body))
);
const left = created.filter((id) => !stopped.has(id));

console.log(
  `verify-cleanup: created ${created.join(', ') || 'none'}; stopped ${[...stopped].join(', ') || 'none'}`
);
if (created.length === 0 || left.length > 0) {
  console.log(
    `::error::verify-cleanup: ${created.length === 0 ? 'no task was created' : `not stopped: ${left.join(', ')}`}`
  );
  process.exitCode = 1;
}
