import { escape } from '../../../basics/markdown-text.js';
import { readableYuan, spentYuan } from '../../../platform/money.js';
import type { TaskResult } from '../wait/task-result.js';

// The texts the report parts and the summary share: money to the fen, sizes in GiB, the platform's text.

/** Yuan to the fen ("less than 0.01 yuan" below one); the exact figure is the cost output's. */
export function yuanText(yuan: string | undefined): string {
  return yuan === undefined ? '' : escape(readableYuan(yuan) ?? `${yuan} yuan`);
}

/** What a task has cost so far in yuan (billed plus not billed yet), when its detail said. */
export function taskCost(task: TaskResult): string | undefined {
  return spentYuan(task.billingValue, task.forecastValue);
}

/** Bytes as GiB, to the thousandth: "100", "1.5"; empty when unknown. */
export function gibText(bytes: number | undefined): string {
  return bytes === undefined ? '' : String(Number((bytes / 1024 ** 3).toFixed(3)));
}

/** Text the platform gave, escaped; `?` where it gave none. */
export function orUnknown(value: string | undefined): string {
  return value === undefined ? '?' : escape(value);
}

/** A count as text; empty when unknown. */
export function countText(n: number | undefined): string {
  return n === undefined ? '' : String(n);
}
