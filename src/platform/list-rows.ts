import { isRecord } from '../basics/records.js';
import { billsOf } from './billing-data.js';
import { spentYuan, yuanOf } from './money.js';
import { offersOf } from './resource-data.js';
import { jobSnapshotOf, numberText, snapshotOf, taskIdOf } from './task-data.js';

/**
 * The rows a listing operation read, as a table shows them and the CLI's JSON holds them: one column per
 * field, each row's cells as text (exact: money in yuan to the point; a table shows it to the fen, and the
 * JSON as a number, see `money`), empty where the answer had nothing. `note`: what a reader must know of a
 * column, said once.
 */
export interface ListRows {
  readonly columns: readonly string[];
  /** The columns that hold yuan, shown to the fen in a table. */
  readonly money: readonly string[];
  readonly rows: readonly Readonly<Record<string, string>>[];
  readonly note?: string;
}

/** The operations that list, and how their answer's data becomes rows. */
const LISTS: Readonly<Record<string, (data: unknown) => ListRows>> = {
  search_tasks: taskRows,
  job_search: jobRows,
  nodes: nodeRows,
  search_resources: resourceRows,
  billing: (data) => billRows(data, false),
  task_billing: (data) => billRows(data, true)
};

/** The rows of a listing operation's answer (its data: the pages read, as one); undefined for any other. */
export function listRowsOf(operation: string, data: unknown): ListRows | undefined {
  return Object.hasOwn(LISTS, operation) ? LISTS[operation]?.(data) : undefined;
}

const resultsOf = (data: unknown): Record<string, unknown>[] =>
  isRecord(data) && Array.isArray(data.results) ? data.results.filter(isRecord) : [];

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : (numberText({ value }, 'value') ?? '');

function taskRows(data: unknown): ListRows {
  const rows = resultsOf(data).map((task) => {
    const snapshot = snapshotOf(task, ['status']);
    const url = snapshot.urls.find((u): u is string => u !== null) ?? '';
    return {
      task_id: taskIdOf(task) ?? '',
      task_name: snapshot.name ?? '',
      status: snapshot.status ?? '',
      nodes: snapshot.nodes === undefined ? '' : `${snapshot.nodes.running}/${snapshot.nodes.total}`,
      cost: spentYuan(snapshot.billingValue, snapshot.forecastValue) ?? '',
      url
    };
  });
  return { columns: ['task_id', 'task_name', 'status', 'nodes', 'cost', 'url'], money: ['cost'], rows };
}

function jobRows(data: unknown): ListRows {
  const rows = resultsOf(data).map((job) => {
    const run = isRecord(job.job_status) ? job.job_status : {};
    const snapshot = jobSnapshotOf(job);
    return {
      task_id: taskIdOf(job) ?? '',
      task_name: snapshot.name ?? '',
      status: textOf(job.status),
      job_status: textOf(run.status),
      succeeded_pods: textOf(run.succeeded_pods),
      failed_pods: textOf(run.failed_pods),
      cost: spentYuan(snapshot.billingValue, snapshot.forecastValue) ?? '',
      create_time: textOf(job.create_time)
    };
  });
  return {
    columns: [
      'task_id',
      'task_name',
      'status',
      'job_status',
      'succeeded_pods',
      'failed_pods',
      'cost',
      'create_time'
    ],
    money: ['cost'],
    rows
  };
}

function nodeRows(data: unknown): ListRows {
  const rows = resultsOf(data).map((node) => {
    const resource = isRecord(node.resource) ? node.resource : {};
    const gpu = textOf(resource.gpu_name);
    const count = textOf(resource.gpu_count);
    const restarts = isRecord(node.describe_dto) ? textOf(node.describe_dto.restart_count) : '';
    return {
      point_id: textOf(node.point_id),
      name: textOf(node.name),
      status: textOf(node.status),
      region: textOf(node.region),
      gpu: gpu === '' ? '' : `${gpu}${count === '' ? '' : ` x ${count}`}`,
      restarts,
      cost: yuanOf(textOf(node.billing_value)) ?? ''
    };
  });
  return {
    columns: ['point_id', 'name', 'status', 'region', 'gpu', 'restarts', 'cost'],
    money: ['cost'],
    rows,
    note: "cost: the node's billing_value, what it has been billed"
  };
}

function resourceRows(data: unknown): ListRows {
  const rows = offersOf(data).map((offer) => ({
    device: offer.device ?? '',
    gpu_count: offer.gpuCount ?? '',
    region: offer.region ?? '',
    region_name: offer.regionName ?? '',
    price: offer.price ?? '',
    discount_price: offer.discountPrice ?? '',
    stock: offer.inventory ?? '',
    mark: offer.mark ?? ''
  }));
  return {
    columns: ['device', 'gpu_count', 'region', 'region_name', 'price', 'discount_price', 'stock', 'mark'],
    money: [],
    rows,
    note: "price and discount_price: the platform's number for one node of the device, with no published unit (shown as given)"
  };
}

function billRows(data: unknown, byTask: boolean): ListRows {
  const rows = billsOf(data).map((bill) => ({
    ...(byTask
      ? { task_id: bill.taskId ?? '', task_name: bill.taskName ?? '', task_type: bill.taskType ?? '' }
      : { start: bill.start ?? '', end: bill.end ?? '' }),
    billed: yuanOf(bill.billed) ?? '',
    discount: yuanOf(bill.discount) ?? ''
  }));
  const columns = byTask ? ['task_id', 'task_name', 'task_type'] : ['start', 'end'];
  return {
    columns: [...columns, 'billed', 'discount'],
    money: ['billed', 'discount'],
    rows,
    note: 'billed: billing_coin, the total billed; discount: discount_coin, the discount deducted from it'
  };
}
