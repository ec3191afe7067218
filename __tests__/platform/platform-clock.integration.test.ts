// A runner clock the platform refuses, against the emulator over real HTTPS: the Date header decides,
// never the code of the refusal (the platform publishes no code's meaning).
import { failureOf } from '../helpers/verdict.js';
import { outputsOf } from '../../src/action/outputs.js';
import { readSettings } from '../../src/deploy/settings.js';
import type { PreparedRequest } from '../../src/protocol/request.js';
import { rsaInputs } from '../helpers/emulator-inputs.js';
import { WEB_BODY } from '../helpers/bodies.js';
import { runTestStep, testRuntime } from '../helpers/runtime.js';
import { useStepBench } from '../helpers/emulator-step.js';

const WEB = WEB_BODY;
const CREATE = '/api/task/deployment/create';

describe('a runner clock the platform refuses', () => {
  const bench = useStepBench({ readyAfterSeconds: 5, strict: true }, {});

  /**
   * Runs a step; `beforeSend` sees each request first (to move the platform's clock between two of them,
   * as an NTP step on either side would).
   */
  async function run(
    inputs: Record<string, string>,
    beforeSend: (request: PreparedRequest) => void = () => undefined
  ) {
    const all: Record<string, string> = { ...rsaInputs(bench.emulator), poll_interval: '1s', ...inputs };
    const settings = readSettings(
      (name) => all[name] ?? '',
      () => undefined
    );
    const runtime = testRuntime(
      {
        send: (request) => {
          beforeSend(request);
          return bench.client.send(request);
        }
      },
      {
        now: bench.clock.now,
        advance: (ms) => {
          bench.clock.advance(ms / 1000);
        }
      }
    );
    const result = (await runTestStep(settings, runtime)).result;
    return { outputs: outputsOf(result), failure: failureOf(result), lines: runtime.lines };
  }

  it.each([
    [600, 'C002'],
    [-600, 'C005'],
    [600, 'C999']
  ])(
    'reads again on the corrected clock, whatever the code: %i s off, refused with %s',
    async (offset, code) => {
      bench.emulator.setClockOffset(offset);
      bench.emulator.setRefusalCodes({ timestamp_expired: code });
      const id = bench.emulator.tasks.add({ task_name: 'clock', points: 1 });
      const { failure, outputs, lines } = await run({ operation: 'detail', task_id: id });
      expect([failure, outputs.code]).toEqual([undefined, '0000']);
      expect(lines).toContainEqual(
        expect.stringMatching(
          new RegExp(
            `^the platform refused GET /api/task/deployment/detail \\(${code}\\) while this runner's clock is (9m59s|10m0s|10m1s)`
          )
        )
      );
      expect(bench.emulator.requests.map((r) => r.verdict?.code)).toEqual([code, '0000']);
    }
  );

  it('sends a create refused for a stale clock again, once it can no longer land and no task of its name appeared', async () => {
    bench.emulator.setRefusalCodes({ timestamp_expired: 'C005' });
    // The platform's clock jumps ten minutes once the search before the create has been answered.
    const { failure, outputs, lines } = await run(
      { operation: 'create', task_name: 'stale', body: WEB },
      (request) => {
        if (request.target === CREATE) bench.emulator.setClockOffset(600);
      }
    );
    expect([failure, outputs.status]).toEqual([undefined, 'Running']);
    const creates = bench.emulator.requests.filter((r) => r.path === CREATE);
    expect(creates.map((r) => [r.verdict?.code, r.applied])).toEqual([
      ['C005', false],
      ['0000', true]
    ]);
    expect(lines).toContain(
      'create: no task named "stale" appeared before the refused create could no longer land, so the create is sent once more, on the corrected clock'
    );
    expect(bench.emulator.requests.filter((r) => r.createdTaskId !== undefined)).toHaveLength(1);
  });

  it('does not send again a request that may change state: it fails, saying the clock is corrected', async () => {
    bench.emulator.setClockOffset(600);
    const { failure } = await run({
      operation: 'request',
      method: 'POST',
      path: '/api/deployment/task/stop',
      body: '{task_id: 5}'
    });
    expect(failure).toMatch(
      /this runner's clock was (9m59s|10m0s|10m1s) behind the platform's, and is corrected now$/
    );
    expect(bench.emulator.requests.filter((r) => r.path === '/api/deployment/task/stop')).toHaveLength(1);
  });
});
