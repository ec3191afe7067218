import { diagnose } from '../../../../src/deploy/engine/wait/diagnose.js';
import type { Call } from '../../../../src/platform/operations/operation-table.js';
import type { Answer } from '../../../../src/platform/session.js';
import { scriptedContext } from '../../../helpers/runtime.js';
import { testSettings } from '../../../helpers/settings.js';

const ok = (data: unknown): Answer => ({ result: { code: '0000', msg: 'success', data }, raw: '' });

/** diagnose against a platform whose node list, events and logs answer as given (by point id). */
function diagnoseWith(
  nodes: unknown[],
  answers: { events?: Record<string, unknown>; logs?: Record<string, unknown> },
  taskData: unknown = { services: [] }
) {
  const sent: string[] = [];
  const send = (call: Call): Promise<Answer> => {
    const query = Object.fromEntries(call.query);
    sent.push(`${call.endpoint.path} ${JSON.stringify(query)}`);
    const read = call.endpoint.path.split('/').at(-1);
    if (read === 'points') return Promise.resolve(ok({ count: nodes.length, results: nodes }));
    const point = query.point_id ?? '';
    const answer = (read === 'pod_event' ? answers.events : answers.logs)?.[point];
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(ok(answer));
  };
  const ctx = scriptedContext(send, { settings: testSettings() });
  return {
    diagnosis: diagnose('7', taskData, ctx, { nodes: 'all', maxNodes: 5, events: true, logs: true }),
    sent
  };
}

describe('diagnose', () => {
  it('reads what a node tells in whatever shape the answer takes, never failing on a missing field', async () => {
    const { diagnosis } = diagnoseWith(
      [{ containers: [] }, 'not a node'],
      { events: { unknown: { events: [{}, 'not an event', { type: 'Warning', message: 42 }] } } },
      { services: [{ service_id: 's1' }, { service_name: 'no id' }, 'not a service'] }
    );
    const { nodes } = await diagnosis;
    expect(nodes).toEqual([
      {
        pointId: 'unknown',
        status: 'unknown',
        problem: undefined,
        events: [
          { time: '', type: '', reason: '', message: '', service: '' },
          { time: '', type: 'Warning', reason: '', message: '', service: '' }
        ],
        // A node whose containers name no service: every service of the task is read, by its id (an
        // answer without a log reads as an empty one).
        logs: [{ service: 's1', lines: [''], omitted: 0 }],
        unread: []
      }
    ]);
  });

  it('reads the log of the service each container names, by id or by name, and no other', async () => {
    const { diagnosis, sent } = diagnoseWith(
      [
        {
          point_id: 'p1',
          status: 'Running',
          containers: [{ service_id: 's2' }, { service_name: 'web' }]
        }
      ],
      { events: { p1: null }, logs: { p1: { logs: 'one\ntwo\n' } } },
      {
        services: [
          { service_id: 's1', service_name: 'web' },
          { service_id: 's2', service_name: 'db' },
          { service_id: 's3', service_name: 'cache' }
        ]
      }
    );
    const [node] = (await diagnosis).nodes;
    expect(node?.events).toEqual([]);
    expect(node?.logs.map((log) => [log.service, log.lines])).toEqual([
      ['db', ['one', 'two']],
      ['web', ['one', 'two']]
    ]);
    expect(sent.filter((line) => line.includes('/point_log ')).length).toBe(2);
  });
});
