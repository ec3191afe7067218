// Checks the emulator's record: every task or job a create made must have been stopped by a later request.
import { readFileSync } from 'node:fs';

const record = readFileSync(process.env.INPUT_RECORD ?? '', 'utf8')
  .split('\n')
  .filter((line) => line.trim() !== '')
  .map((line) => JSON.parse(line));
/** A stop's task_id, in its JSON body (the spec's and the platform's stops alike). */
const stoppedId = (body) => {
  try {
    return String(JSON.parse(body ?? 'null')?.task_id ?? '');
  } catch {
    return '';
  }
};
const created = record.filter((r) => r.applied && r.createdTaskId !== undefined).map((r) => r.createdTaskId);
const stopped = new Set(
  record.filter((r) => r.applied && /\/stop$/.test(r.path)).map((r) => stoppedId(r.plaintext ?? r.body))
);
// A job that ran to its end needs no stop: its detail, last read, says Complete or Failed.
const ended = new Set(
  record
    .filter((r) => r.path === '/api/task/job/detail' && typeof r.answer === 'string')
    .flatMap((r) => {
      const data = JSON.parse(r.answer)?.data;
      return ['Complete', 'Failed'].includes(data?.job_status?.status) ? [String(data.task_id)] : [];
    })
);
const left = created.filter((id) => !stopped.has(id) && !ended.has(id));

console.log(
  `verify-cleanup: created ${created.join(', ') || 'none'}; stopped ${[...stopped].join(', ') || 'none'}; jobs that ended ${[...ended].join(', ') || 'none'}`
);
if (created.length === 0 || left.length > 0) {
  console.log(
    `::error::verify-cleanup: ${created.length === 0 ? 'no task was created' : `not stopped: ${left.join(', ')}`}`
  );
  process.exitCode = 1;
}
