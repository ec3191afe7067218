// What a runner step makes of its inputs and its run, pure: the label, the names, each runner job's body,
// the events that may start a self-hosted runner, and the labels a user may add.
import { InputError } from '../../../src/basics/input-error.js';
import { parseRunnerLabels } from '../../../src/deploy/engine/inputs/parsers.js';
import {
  JITCONFIG_ENV,
  checkRunnerBody,
  checkTrusted,
  runnerBody,
  runnerLabel,
  runnerNames,
  runsOn
} from '../../../src/deploy/runners/runner-names.js';

const SERVICE = { service_name: 'runner', service_image: 'ghcr.io/acme/gpu-runner:1' };

describe('a runner step’s names', () => {
  it('labels the runners by task_name, the run and its attempt (1 when the runner says none)', () => {
    expect(runnerLabel('gpu', { id: '9001', attempt: '2' })).toBe('gpu-9001-2');
    expect(runnerLabel('gpu.a100_x', { id: '9001', attempt: undefined })).toBe('gpu.a100_x-9001-1');
    expect(runnerNames('gpu-9001-2', 3)).toEqual(['gpu-9001-2-1', 'gpu-9001-2-2', 'gpu-9001-2-3']);
    expect(runsOn('gpu-9001-2')).toEqual(['self-hosted', 'gpu-9001-2']);
  });

  it('refuses, before anything is sent, a run without an id, a task_name no runner can be named by, and names too long', () => {
    expect(() => runnerLabel('gpu', { id: undefined, attempt: undefined })).toThrow(
      /GITHUB_RUN_ID is not set/
    );
    expect(() => runnerLabel('gpu runner', { id: '1', attempt: '1' })).toThrow(
      new InputError(
        'task_name "gpu runner" cannot name a runner: use letters, digits, ".", "_" and "-", such as gpu'
      )
    );
    expect(() => runnerNames(`${'g'.repeat(50)}-9001234567-1`, 12)).toThrow(
      /makes runner names of 66 characters .* GitHub takes 64 at most: shorten task_name/
    );
  });
});

describe('the events a runner may start on', () => {
  it.each([
    ['push', false],
    ['workflow_dispatch', false],
    ['pull_request', false]
  ])('starts on %s from the repository itself', (eventName, fromFork) => {
    expect(() => {
      checkTrusted({ eventName, fromFork }, false);
    }).not.toThrow();
  });

  it('refuses a fork’s pull request and pull_request_target, unless allow_untrusted', () => {
    expect(() => {
      checkTrusted({ eventName: 'pull_request', fromFork: true }, false);
    }).toThrow(/from a fork/);
    expect(() => {
      checkTrusted({ eventName: 'pull_request_target', fromFork: false }, false);
    }).toThrow(/pull_request_target/);
    expect(() => {
      checkTrusted({ eventName: 'pull_request_target', fromFork: true }, true);
    }).not.toThrow();
  });
});

describe('a runner job’s body', () => {
  it('gives the first service the configuration, and sets job_support for one runner, keeping the rest', () => {
    const body = {
      services: [
        { ...SERVICE, env: [{ name: 'CUDA_VISIBLE_DEVICES', value: '0' }] },
        { service_name: 'sidecar' }
      ],
      job_support: { mod_param: { default: { backoff_limit: 1, restart_policy: 'Never' } } }
    };
    expect(runnerBody(body, 'JIT', { timeoutSec: 7200 })).toEqual({
      services: [
        {
          ...SERVICE,
          env: [
            { name: 'CUDA_VISIBLE_DEVICES', value: '0' },
            { name: JITCONFIG_ENV, value: 'JIT' }
          ]
        },
        { service_name: 'sidecar' }
      ],
      job_support: {
        mod_param: { default: { backoff_limit: 1, restart_policy: 'Never' } },
        timeout_sec: 7200,
        parallelism: 1
      }
    });
    expect(runnerBody({ services: [SERVICE] }, 'JIT', { timeoutSec: 60 }).job_support).toEqual({
      mod_param: { default: { backoff_limit: 0, restart_policy: 'Never' } },
      timeout_sec: 60,
      parallelism: 1
    });
  });

  it.each([
    [{}, /body has no services/],
    [{ services: ['runner'] }, /body has no services/],
    [
      { services: [{ ...SERVICE, env: [{ name: JITCONFIG_ENV, value: 'x' }] }] },
      /body sets ACTIONS_RUNNER_INPUT_JITCONFIG/
    ],
    [{ services: [SERVICE], job_support: { timeout_sec: 60 } }, /runner_timeout sets a runner's/],
    [{ services: [SERVICE], points: 2 }, /each runner is one platform job of one pod/]
  ])('refuses %j before anything is sent', (body, said) => {
    expect(() => {
      checkRunnerBody(body, { timeoutSec: 3600 });
    }).toThrow(said);
  });

  it('takes a body that says what the step would set', () => {
    expect(() => {
      checkRunnerBody(
        { services: [SERVICE], points: 1, job_support: { timeout_sec: 3600 } },
        { timeoutSec: 3600 }
      );
    }).not.toThrow();
  });
});

describe('runner_labels', () => {
  it('reads labels separated by commas or lines, once each', () => {
    expect(parseRunnerLabels('runner_labels', 'a100, cuda12\ngpu a100')).toEqual(['a100', 'cuda12', 'gpu']);
  });

  it.each([
    ['gpu/a100', /is not a runner label/],
    ['self-hosted', /a label GitHub gives every runner/],
    ['Linux', /a label GitHub gives every runner/],
    [Array.from({ length: 11 }, (_, i) => `l${i}`).join(','), /lists 11 labels: list 10 at most/]
  ])('refuses %j', (value, said) => {
    expect(() => parseRunnerLabels('runner_labels', value)).toThrow(said);
  });
});
