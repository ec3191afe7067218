import { judgePreheat, preheat, preheatServices } from '../../../../src/deploy/engine/create/preheat.js';
import type { Candidate } from '../../../../src/deploy/engine/create/choose-resource.js';
import type { Call } from '../../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../../src/platform/session.js';
import { preheatProgressOf } from '../../../../src/platform/preheat-data.js';
import { scriptedContext } from '../../../helpers/runtime.js';
import { testSettings } from '../../../helpers/settings.js';
import { refusal } from '../../../helpers/refusal.js';

const ok = (data: unknown): Answer => ({ result: { code: '0000', msg: 'success', data }, raw: '' });
/** A preheat's progress as its detail gives it (status, region_cache_info, points, available_points). */
const progress = (fields: {
  status?: string;
  regions?: { region: string; status: string }[];
  points?: number;
  availablePoints?: number;
}) =>
  preheatProgressOf({
    status: fields.status ?? 'Running',
    region_cache_info: fields.regions ?? [],
    ...(fields.points === undefined ? {} : { points: fields.points }),
    ...(fields.availablePoints === undefined ? {} : { available_points: fields.availablePoints })
  });

describe('judgePreheat', () => {
  it.each([
    [
      'a cluster preheat no region has reported yet',
      progress({}),
      'region',
      'waiting',
      'no region reported yet'
    ],
    [
      'a cluster preheat still syncing a region',
      progress({
        regions: [
          { region: 'a', status: 'Completed' },
          { region: 'b', status: 'Syncing' }
        ]
      }),
      'region',
      'waiting',
      'a Completed, b Syncing'
    ],
    [
      'a cluster preheat every region of which completed',
      progress({ regions: [{ region: 'a', status: 'Completed' }] }),
      'region',
      'done',
      'a Completed'
    ],
    // Regression: a region status Failed ended the preheat, where the reference lists none (Begin,
    // Syncing, Completed): a status it does not list is waited through, within preheat_timeout.
    [
      'a cluster preheat a region of which shows a status the reference does not list',
      progress({ regions: [{ region: 'a', status: 'Failed' }] }),
      'region',
      'waiting',
      'a Failed'
    ],
    [
      'a cluster preheat that ended before it completed',
      progress({ status: 'End', regions: [{ region: 'a', status: 'Syncing' }] }),
      'region',
      'failed',
      'a Syncing; the preheat task ended'
    ],
    [
      'a node preheat with every node prepared',
      progress({ points: 2, availablePoints: 2 }),
      'node',
      'done',
      '2 of 2 node(s) prepared'
    ],
    [
      'a node preheat under way',
      progress({ points: 2, availablePoints: 1 }),
      'node',
      'waiting',
      '1 of 2 node(s) prepared'
    ],
    ['a node preheat that says nothing yet', progress({}), 'node', 'waiting', '0 of 0 node(s) prepared'],
    [
      'a node preheat that ended first',
      progress({ status: 'End', points: 2, availablePoints: 0 }),
      'node',
      'failed',
      '0 of 2 node(s) prepared; the preheat task ended'
    ]
  ] as const)('judges %s', (_what, given, mode, state, detail) => {
    expect(judgePreheat(given, mode)).toEqual({ state, detail });
  });
});

describe('preheatServices', () => {
  it('takes the name and image of each service, and nothing from a body without them', () => {
    expect(
      preheatServices({
        services: [{ service_name: 'a', service_image: 'i:1', remote_ports: [] }, { service_name: 'b' }, 'x']
      })
    ).toEqual([{ service_name: 'a', service_image: 'i:1' }]);
    expect(preheatServices({ services: 'none' })).toEqual([]);
    expect(preheatServices({})).toEqual([]);
  });
});

describe('preheat', () => {
  const candidate: Candidate = {
    offer: {
      device: '4090',
      gpuName: '4090',
      gpuCount: '1',
      region: 'r1',
      regionName: undefined,
      price: '1',
      discountPrice: undefined,
      inventory: '3',
      mark: 'm',
      resource: undefined
    },
    price: '1',
    excluded: undefined
  };

  /** A platform scripted by path: what each endpoint answers (an Error is thrown). */
  function platform(answers: Record<string, unknown>, cancelAt?: number) {
    const sent: string[] = [];
    const send = (call: Call): Promise<Answer> => {
      const name = call.endpoint.path.split('/').at(-1) ?? '';
      sent.push(name);
      const answer = answers[name];
      return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(ok(answer));
    };
    const settings = testSettings({
      operation: 'create',
      taskName: 'web',
      body: { services: [{ service_name: 'a', service_image: 'i:1' }] }
    });
    return {
      ctx: scriptedContext(send, {
        settings,
        maxRetries: 0,
        ...(cancelAt === undefined ? {} : { cancelAt })
      }),
      sent
    };
  }

  it('refuses a region get_regions does not list, naming those it does, creating no preheat', async () => {
    const { ctx, sent } = platform({ get_regions: { regions: [{ region: 'r2' }, { region: 'r3' }] } });
    await expect(preheat(candidate, 'region', ctx)).rejects.toThrow(
      'region r1 is not one a cluster preheat can warm (get_regions lists r2, r3): set preheat to node, or none'
    );
    expect(sent).toEqual(['get_regions']);
  });

  it('refuses a node preheat where the resource search for ImagePreHeat lists no such device', async () => {
    const { ctx } = platform({ search: { count: 0, results: [] } });
    await expect(preheat(candidate, 'node', ctx)).rejects.toThrow(
      'the resource search for a node preheat lists no 4090 in region r1: set preheat to region, or none'
    );
  });

  it('fails, naming the preheat to look for, when the create answers no task_id', async () => {
    const { ctx } = platform({
      get_regions: { regions: [{ region: 'r1', region_name: 'One' }] },
      create: {}
    });
    await expect(preheat(candidate, 'region', ctx, 'web-preheat')).rejects.toThrow(
      'the preheat create was answered without a task_id, so the step cannot follow it, and created nothing: look for an image preheat task named "web-preheat" in the console'
    );
  });

  // A stop the detail cannot show is not known to be done: the post step is left to try again.
  it('stops a preheat whose progress cannot be read, fails, and leaves it to the post step', async () => {
    const refused = refusal('C007', 'no such task');
    const { ctx, sent } = platform({
      get_regions: { regions: [{ region: 'r1' }] },
      create: { task_id: 7 },
      detail: refused,
      stop: null
    });
    await expect(preheat(candidate, 'region', ctx)).rejects.toThrow(
      /^the preheat \(task 7\) failed \(its detail could not be read: refused with C007\); the preheat task could not be stopped \(the platform accepted it, but its status is unknown; asked for 2m0s, until cleanup_timeout \(2m0s\)\), and nothing was created$/
    );
    expect(sent.slice(0, 5)).toEqual(['get_regions', 'create', 'detail', 'stop', 'detail']);
    expect(ctx.cleanup.state().preheats).toEqual(['7']);
  });

  it('ends when the step is cancelled, sending no stop, and leaves the preheat on the ledger for the post step', async () => {
    const { ctx, sent } = platform(
      {
        get_regions: { regions: [{ region: 'r1' }] },
        create: { task_id: 8 },
        detail: { status: 'Running', region_cache_info: [{ region: 'r1', status: 'Syncing' }] }
      },
      25_000
    );
    await expect(preheat(candidate, 'region', ctx)).rejects.toThrow(
      'the step was cancelled while preheating (task 8): the post step stops the preheat task, and nothing was created'
    );
    // Polled at 0, 10 s and 20 s; the sleep to 30 s was cut short by the cancellation.
    expect(sent).toEqual(['get_regions', 'create', 'detail', 'detail', 'detail']);
    expect(ctx.cleanup.state().preheats).toEqual(['8']);
  });
});
