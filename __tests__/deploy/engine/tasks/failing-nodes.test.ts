import { describeNodeProblem, failingNode } from '../../../../src/deploy/engine/tasks/failing-nodes.js';
import { parseJson } from '../../../../src/protocol/json.js';

const page = (...nodes: unknown[]) => ({ count: nodes.length, results: nodes });
const node = (status: string, ...containers: unknown[]) => ({ point_id: 1229831001, status, containers });
const container = (reason: string | null, exitCode: number | null, restarts: number, service = 'web') => ({
  service_name: service,
  reason,
  exit_code: exitCode,
  describe_dto: { restart_count: restarts }
});

describe('failingNode', () => {
  it.each([
    ['all running', page(node('Running', container(null, null, 0))), 3, undefined],
    ['pending, creating', page(node('Pending', container('ContainerCreating', null, 0))), 3, undefined],
    [
      'a crash loop at max_restarts',
      page(node('Running', container(null, null, 0, 'api'), container('CrashLoopBackOff', 1, 3))),
      3,
      'node 1229831001 (Running): container web CrashLoopBackOff, exit code 1, restarted 3 times'
    ],
    ['restarts below max_restarts', page(node('Running', container('CrashLoopBackOff', 1, 2))), 3, undefined],
    [
      'restarts with max_restarts 0',
      page(node('Running', container('CrashLoopBackOff', 1, 50))),
      0,
      undefined
    ],
    [
      'a Failed node, whatever max_restarts',
      page(node('Running', container(null, null, 0)), node('Failed', container('ImagePullBackOff', null, 0))),
      0,
      'node 1229831001 (Failed): container web ImagePullBackOff'
    ],
    ['a Failed node without containers', page(node('Failed')), 3, 'node 1229831001 (Failed)'],
    ['no list', null, 3, undefined]
  ])('%s', (_what, nodes, maxRestarts, expected) => {
    const problem = failingNode(nodes, maxRestarts);
    expect(problem === undefined ? undefined : describeNodeProblem(problem)).toBe(expected);
  });

  it('reads exact JSON numbers, and makes server text safe', () => {
    const data = parseJson(
      '{"results":[{"point_id":9007199254740993001,"status":"Failed","containers":[{"service_name":"::error::x","reason":"OOMKilled\\n::warning::y","exit_code":137,"describe_dto":{"restart_count":4}}]}]}'
    );
    const problem = failingNode(data, 3);
    expect(problem).toMatchObject({ pointId: '9007199254740993001', exitCode: '137', restarts: 4 });
    if (problem === undefined) throw new Error('no problem found');
    expect(describeNodeProblem(problem)).not.toMatch(/(^|\n)::/);
  });
});
