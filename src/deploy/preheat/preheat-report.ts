import { PREHEAT_KIND } from '../../platform/task-kinds.js';
import { reportPart } from '../engine/report/report-part.js';

// The preheat's part: a preheat step's task is shown in the tasks' table as every task is, and it writes
// no output of its own, so the part adds nothing (a create's preheat is the placement's line). Kept so
// that every kind has its part, where what a preheat adds will go.

export const PREHEAT_PART = reportPart<never>({
  name: 'preheat',
  kind: PREHEAT_KIND.name,
  of: () => undefined
});
