import { isRecord } from '../basics/records.js';
import { utcTime } from '../basics/units.js';
import { billsOf } from './billing-data.js';
import { spentYuan, yuanOf } from './money.js';
import { offersOf } from './resource-data.js';
import { jobSnapshotOf, numberText, snapshotOf, taskIdOf } from './task-data.js';
import { transfersOf } from './transfer-data.js';
import { volumeOptionsOf, volumesOf } from './volume-data.js';

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

const resultsOf = (data: unknown): Record<string, unknown>[] =>
  isRecord(data) && Array.isArray(data.results) ? data.results.filter(isRecord) : [];

const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : (numberText({ value }, 'value') ?? '');

export function taskRows(data: unknown): ListRows {
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

export function jobRows(data: unknown): ListRows {
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
      create_time: utcTime(textOf(job.create_time))
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

export function nodeRows(data: unknown): ListRows {
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

export function resourceRows(data: unknown): ListRows {
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

export function billRows(data: unknown, byTask: boolean): ListRows {
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

/** A job queue's task groups (job_group_search): each group, its status, its tasks by status, when made. */
export function groupRows(data: unknown): ListRows {
  const rows = resultsOf(data).map((group) => {
    const tasks = isRecord(group.task_status_capacity) ? group.task_status_capacity : {};
    return {
      group_id: textOf(group.group_id),
      group_name: textOf(group.group_name),
      queue_name: textOf(group.queue_name),
      status: textOf(group.status),
      tasks: textOf(group.group_count),
      running: textOf(tasks.Running),
      pending: textOf(tasks.Pending),
      create_time: utcTime(textOf(group.create_time))
    };
  });
  return {
    columns: ['group_id', 'group_name', 'queue_name', 'status', 'tasks', 'running', 'pending', 'create_time'],
    money: [],
    rows
  };
}

/** Bytes as GiB, to the thousandth ("100", "1.5"); empty when unknown. */
const gib = (bytes: number | undefined): string =>
  bytes === undefined ? '' : String(Number((bytes / 1024 ** 3).toFixed(3)));

/** The cluster storage volumes (volume_list): each volume, where, how it stands, its sizes, its mounts. */
export function volumeRows(data: unknown): ListRows {
  const rows = volumesOf(data).map((volume) => ({
    storage_id: volume.id,
    name: volume.name,
    region: volume.region ?? '',
    status: volume.status ?? '',
    total_gib: gib(volume.totalBytes),
    used_gib: gib(volume.usedBytes),
    mounts: String(volume.mounts),
    price: volume.displayUnitPrice ?? ''
  }));
  return {
    columns: ['storage_id', 'name', 'region', 'status', 'total_gib', 'used_gib', 'mounts', 'price'],
    money: [],
    rows,
    note: "price: the volume's display_unit_price, yuan per GB a month as the platform shows it"
  };
}

/**
 * Where a volume can be made (volume_options): a row per region, then one per storage class, each with
 * its value (a region's tag, a class's identifier) and the name the platform gives it.
 */
export function volumeOptionRows(data: unknown): ListRows {
  const { regions, storageClasses } = volumeOptionsOf(data);
  const rows = [
    ...regions.map((region) => ({ option: 'region', value: region.tag, name: region.name ?? '' })),
    ...storageClasses.map((one) => ({
      option: 'storage_class',
      value: one.storageClass,
      name: one.name ?? ''
    }))
  ];
  return {
    columns: ['option', 'value', 'name'],
    money: [],
    rows,
    note: "value: a region by the storage's tag (what the region input takes for a volume: not a GPU region's), a storage class by its identifier"
  };
}

/** The transfers (transfer_list): each transfer, its volume, how it stands, what it copied. */
export function transferRows(data: unknown): ListRows {
  const count = (done: number | undefined, total: number | undefined): string =>
    done === undefined ? '' : total === undefined ? String(done) : `${done}/${total}`;
  const rows = transfersOf(data).map((transfer) => ({
    transfer_id: transfer.id,
    name: transfer.name ?? '',
    storage_id: transfer.storageId ?? '',
    direction:
      transfer.direction === 'to_volume'
        ? 's3-to-volume'
        : transfer.direction === 'to_object_storage'
          ? 'volume-to-s3'
          : '',
    status: transfer.status ?? '',
    files: count(transfer.filesDone, transfer.filesTotal),
    bytes: count(transfer.bytesDone, transfer.bytesTotal)
  }));
  return {
    columns: ['transfer_id', 'name', 'storage_id', 'direction', 'status', 'files', 'bytes'],
    money: [],
    rows
  };
}
