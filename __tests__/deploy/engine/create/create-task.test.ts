import {
  createTask,
  MOST_CANDIDATES,
  type PlacementReport
} from '../../../../src/deploy/engine/create/create-task.js';
import { planCalls } from '../../../../src/platform/operations/plan-calls.js';
import type { Call } from '../../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../../src/platform/session.js';
import { TransportError } from '../../../../src/platform/client.js';
import { scriptedContext } from '../../../helpers/runtime.js';
import { testSettings } from '../../../helpers/settings.js';
import { refusal } from '../../../helpers/refusal.js';

const ok = (data: unknown): Answer => ({ result: { code: '0000', msg: 'success', data }, raw: '' });
const REFUSED = refusal('C008', 'no stock');

/** Four regions of one device with stock, at rising prices; every create refused, no task ever made. */
function platform() {
  const created: string[] = [];
  const send = (call: Call): Promise<Answer> => {
    if (call.operation === 'search_resources') {
      const regions = ['a', 'b', 'c', 'd'].map((region, i) => ({
        region,
        mark: { mark: `mark-${region}` },
        price: 100 + i,
        inventory: 5
      }));
      return Promise.resolve(
        ok({ count: 1, results: [{ device_name: '4090', gpu_name: '4090', gpu_count: 1, regions }] })
      );
    }
    if (call.operation === 'search_tasks') return Promise.resolve(ok({ count: 0, results: [] }));
    const resources = call.body?.resources as { mark: string }[];
    created.push(resources[0]?.mark ?? '');
    return Promise.reject(REFUSED);
  };
  const settings = testSettings({
    operation: 'create',
    taskName: 'web',
    capacity: {
      gpu: '4090',
      gpuCount: 1,
      deviceType: 'GpuDevice',
      regions: [],
      maxPrice: undefined,
      timeoutMs: 0
    }
  });
  const [call] = planCalls(settings).calls;
  if (call === undefined) throw new Error('no create call');
  return { ctx: scriptedContext(send, { settings }), call, created, settings };
}

describe('createTask', () => {
  it(`tries ${MOST_CANDIDATES} regions at the most, each once, when the platform refuses each create`, async () => {
    const { ctx, call, created } = platform();
    const report: PlacementReport = {};
    await expect(createTask(call, ctx, report)).rejects.toThrow(
      /refused the create on each of the 3 region\(s\) tried/
    );
    expect(created).toEqual(['mark-a', 'mark-b', 'mark-c']);
    expect(report.placement?.refused.map((r) => r.candidate.offer.region)).toEqual(['a', 'b', 'c']);
    expect(report.placement?.chosen).toBeUndefined();
  });

  /**
   * One region; the first create gets no answer (reset after sending), the one sent in its place is
   * refused, and only then do the tasks in `appear` (ids) show in the task search.
   */
  function unansweredThenRefused(appear: number[]) {
    const { call, settings } = platform();
    const creates: string[] = [];
    const stopped: string[] = [];
    const log: string[] = [];
    const send = (sent: Call): Promise<Answer> => {
      if (sent.operation === 'search_resources') {
        const regions = [{ region: 'a', mark: { mark: 'mark-a' }, price: 100, inventory: 5 }];
        return Promise.resolve(
          ok({ count: 1, results: [{ device_name: '4090', gpu_name: '4090', gpu_count: 1, regions }] })
        );
      }
      if (sent.operation === 'search_tasks') {
        const results = (creates.length < 2 ? [] : appear)
          .filter((id) => !stopped.includes(String(id)))
          .map((id) => ({ task_id: id, task_name: 'web', status: 'Pending' }));
        return Promise.resolve(ok({ count: results.length, results }));
      }
      if (sent.operation === 'stop') {
        stopped.push(sent.taskId ?? '');
        return Promise.resolve(ok(null));
      }
      creates.push(sent.operation);
      return Promise.reject(
        creates.length === 1 ? new TransportError('reset', 'ECONNRESET', true, 'network') : REFUSED
      );
    };
    const ctx = scriptedContext(send, { settings, log: (line) => log.push(line) });
    const adopt = async (): Promise<string> => {
      const created = await createTask(call, ctx, {});
      return String((created.result.data as { task_id: unknown }).task_id);
    };
    return { ctx, adopt, creates, stopped, log };
  }

  it('adopts the task an earlier, unanswered attempt made when the create sent in its place is refused', async () => {
    const p = unansweredThenRefused([77]);
    expect(await p.adopt()).toBe('77');
    expect(p.creates).toHaveLength(2);
    expect(p.log).toContain('create: the refused create made task 77 named "web" after all; adopting it');
    expect(p.ctx.saved.created()).toEqual(['77']);
    // The refused attempt was sent in place of one that got no answer: the post step still looks for a twin.
    expect(p.ctx.saved.lookups().at(-1)).toMatchObject({ taskName: 'web', attempts: 2 });
  });

  it('stops a second task of the name when two attempts of the create made one each', async () => {
    const p = unansweredThenRefused([77, 78]);
    expect([await p.adopt(), p.stopped]).toEqual(['77', ['78']]);
  });

  it('names a region without a name or a price, and a CPU device, in its log', async () => {
    const log: string[] = [];
    const send = (call: Call): Promise<Answer> => {
      if (call.operation === 'search_resources') {
        const regions = [{ region: 'x', mark: { mark: 'mark-x' }, inventory: 1 }];
        return Promise.resolve(ok({ count: 1, results: [{ device_name: 'CPU 16C', regions }] }));
      }
      if (call.operation === 'search_tasks') return Promise.resolve(ok({ count: 0, results: [] }));
      return Promise.resolve(ok({ task_id: 5 }));
    };
    const settings = testSettings({
      operation: 'create',
      taskName: 'web',
      capacity: {
        gpu: 'cpu 16c',
        gpuCount: 1,
        deviceType: 'CpuDevice',
        regions: [],
        maxPrice: undefined,
        timeoutMs: 0
      }
    });
    const [call] = planCalls(settings).calls;
    if (call === undefined) throw new Error('no create call');
    const report: PlacementReport = {};
    await createTask(call, scriptedContext(send, { settings, log: (line) => log.push(line) }), report);
    expect(log).toEqual(
      expect.arrayContaining([
        'capacity: 1 region(s) of "cpu 16c" CPU device for 1 node(s), best first (each price is the number the platform gives for one node, with no published unit):',
        '  x, CPU 16C, no price, stock 1',
        'capacity: creating on x, CPU 16C, no price'
      ])
    );
    expect(report.placement?.chosen?.offer.region).toBe('x');
  });
});
