// The rows a listing operation shows (a table at a terminal, `rows` in the CLI's JSON), from its answer's
// data; the reference's own examples are read in __tests__/contract/reference-examples.test.ts.
import { listRowsOf } from '../../src/platform/operations/calls.js';

describe('listRowsOf', () => {
  it('gives a row of empty cells for an entry with nothing the columns read, and no rows for no results', () => {
    for (const operation of ['search_tasks', 'job_search', 'nodes']) {
      const list = listRowsOf(operation, { results: [{}] });
      expect(list?.rows).toEqual([Object.fromEntries((list?.columns ?? []).map((column) => [column, '']))]);
      expect(listRowsOf(operation, undefined)?.rows).toEqual([]);
      expect(listRowsOf(operation, { results: 'x' })?.rows).toEqual([]);
    }
    expect(listRowsOf('search_resources', { results: [{ regions: [{}] }] })?.rows).toEqual([
      {
        device: '',
        gpu_count: '',
        region: '',
        region_name: '',
        price: '',
        discount_price: '',
        stock: '',
        mark: ''
      }
    ]);
  });

  it('reads a task: its nodes, its cost in exact yuan, its first service URL', () => {
    const [row] =
      listRowsOf('search_tasks', {
        results: [
          {
            task_id: 7,
            task_name: 'web',
            status: 'Running',
            points: 2,
            runing_points: 1,
            billing_value: 1_000_000,
            forecast_value: 5,
            services: [{ remote_ports: [{ url: null }, { url: 'https://t7-80.example' }] }]
          }
        ]
      })?.rows ?? [];
    expect(row).toEqual({
      task_id: '7',
      task_name: 'web',
      status: 'Running',
      nodes: '1/2',
      cost: '1.000005',
      url: 'https://t7-80.example'
    });
  });

  it('reads a job, a node and the bills by time and by task', () => {
    expect(
      listRowsOf('job_search', {
        results: [
          {
            task_id: 9,
            task_name: 'j',
            status: 'End',
            billing_value: 0,
            job_status: { status: 'Complete', succeeded_pods: 2, failed_pods: 0 }
          }
        ]
      })?.rows[0]
    ).toMatchObject({ job_status: 'Complete', succeeded_pods: '2', failed_pods: '0', cost: '0.000000' });
    expect(
      listRowsOf('nodes', {
        results: [{ point_id: 1, resource: { gpu_name: 'H20' }, describe_dto: { restart_count: 0 } }]
      })?.rows[0]
    ).toMatchObject({ point_id: '1', gpu: 'H20', restarts: '0', cost: '' });
    const byTime = listRowsOf('billing', {
      results: [{ billing_coin: 1_980_000, start_time: '2026-11-01T00:00:00+08:00' }]
    });
    expect(byTime?.columns).toEqual(['start', 'end', 'billed', 'discount']);
    expect(byTime?.rows).toEqual([
      { start: '2026-10-31T16:00:00Z', end: '', billed: '1.980000', discount: '0.000000' }
    ]);
    const byTask = listRowsOf('task_billing', { results: [{ billing_coin: 5, discount_coin: 1 }] });
    expect(byTask?.rows).toEqual([
      { task_id: '', task_name: '', task_type: '', billed: '0.000005', discount: '0.000001' }
    ]);
    expect(byTask?.money).toEqual(['billed', 'discount']);
  });

  // Issue 61, point 7: the reference's own example is read in reference-examples.test.ts.
  it('lists where a volume can be made: an entry with no tag or class is left out, a missing name is empty', () => {
    const list = listRowsOf('volume_options', {
      regions: [{ tag: 'bj-001' }, { name: '无标识' }, 'x'],
      storage_classes: [{ storage_class: 'nfs-standard', storage_class_name: '标准型' }, { storage_class: 7 }]
    });
    expect(list?.rows).toEqual([
      { option: 'region', value: 'bj-001', name: '' },
      { option: 'storage_class', value: 'nfs-standard', name: '标准型' }
    ]);
    expect(listRowsOf('volume_options', undefined)?.rows).toEqual([]);
    expect(listRowsOf('volume_options', { regions: {}, storage_classes: null })?.rows).toEqual([]);
  });
});
