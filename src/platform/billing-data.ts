import { utcTime } from '../basics/units.js';
import { isRecord } from '../basics/records.js';
import { numberText, taskIdOf } from './task-data.js';

/**
 * One billing record, as the platform's billing endpoints answer it: by time (start_time, end_time) or by
 * task (task_id, task_name, task_type). The amounts are points (1 yuan = 1,000,000 points), exact text.
 */
export interface Bill {
  readonly taskId: string | undefined;
  readonly taskName: string | undefined;
  readonly taskType: string | undefined;
  readonly start: string | undefined;
  readonly end: string | undefined;
  /** billing_coin: the total billed. */
  readonly billed: string;
  /** discount_coin: the discount taken off it. */
  readonly discount: string;
}

const time = (text: string | undefined): string | undefined =>
  text === undefined ? undefined : utcTime(text);

/** The records of a billing answer (`{count, results}`); a record without billing_coin is left out. */
export function billsOf(data: unknown): Bill[] {
  const records = isRecord(data) && Array.isArray(data.results) ? data.results : [];
  return records.filter(isRecord).flatMap((record) => {
    const billed = numberText(record, 'billing_coin');
    if (billed === undefined) return [];
    const text = (field: string): string | undefined =>
      typeof record[field] === 'string' ? record[field] : undefined;
    return [
      {
        taskId: taskIdOf(record),
        taskName: text('task_name'),
        taskType: text('task_type'),
        // One form for every time the tool prints: RFC 3339 in UTC (the platform writes +08:00).
        start: time(text('start_time')),
        end: time(text('end_time')),
        billed,
        discount: numberText(record, 'discount_coin') ?? '0'
      }
    ];
  });
}
