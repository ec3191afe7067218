// The engine's messages, written for the action's inputs, in the command line's words.
import { inCliWords } from '../../src/cli/cli-words.js';

describe('inCliWords', () => {
  it('names inputs as flags, examples as flags with their value, and secrets as the variables', () => {
    expect(
      inCliWords(
        'token is empty: set token to the API token, for example ${{ secrets.DEPLOY_API_TOKEN }} (or the DEPLOY_API_TOKEN variable)'
      )
    ).toBe(
      "ELASTIC_DEPLOY_TOKEN is empty: set ELASTIC_DEPLOY_TOKEN to the API token, for example one from the CI system's secret store (or the DEPLOY_API_TOKEN variable)"
    );
    expect(
      inCliWords(
        'storage_check sends an encrypted body in api_profile spec, which needs an RSA-mode key and platform_public_key: set api_profile: live, where storage_check sends a plain signed body, or set private_key and platform_public_key'
      )
    ).toBe(
      'storage_check sends an encrypted body in --api-profile spec, which needs an RSA-mode key and --platform-public-key: set --api-profile live, where storage_check sends a plain signed body, or set ELASTIC_DEPLOY_PRIVATE_KEY and --platform-public-key'
    );
    expect(
      inCliWords(
        "body has no resources, but create needs them (the platform refuses a create without): set gpu to the GPU model, such as gpu: '4090', to have the step pick the resource"
      )
    ).toBe(
      '--body has no resources, but create needs them (the platform refuses a create without): set --gpu to the GPU model, such as --gpu 4090, to have the step pick the resource'
    );
  });

  it('leaves words that only share a name with an input as they are', () => {
    expect(inCliWords('the platform took the points of the body as given')).toBe(
      'the platform took the points of the body as given'
    );
    expect(inCliWords('task 1229831: Pending -> Running')).toBe('task 1229831: Pending -> Running');
  });
});

// Issue 63, point 2: the final error line turned input names inside URLs and paths into flags
// (`detail?--task-id=999 got no answer`, `&--device-type=GpuDevice`).
describe('inCliWords, where words are not prose', () => {
  it('leaves a URL as it is', () => {
    expect(
      inCliWords(
        'GET https://openapi.suanli.cn/api/task/deployment/detail?task_id=999 got no answer: set task_id to a live task'
      )
    ).toBe(
      'GET https://openapi.suanli.cn/api/task/deployment/detail?task_id=999 got no answer: set --task-id to a live task'
    );
  });

  it('leaves a path as it is', () => {
    expect(inCliWords('POST /api/task/job_stop/task_id got no answer, and task_id is unknown')).toBe(
      'POST /api/task/job_stop/task_id got no answer, and --task-id is unknown'
    );
    expect(inCliWords('set health_path: /health/task_name, or check health_status')).toBe(
      'set --health-path /health/task_name, or check --health-status'
    );
  });

  it('leaves a query as it is', () => {
    expect(
      inCliWords('the search ?page=1&device_type=GpuDevice&gpu=4090 found nothing: check device_type and gpu')
    ).toBe('the search ?page=1&device_type=GpuDevice&gpu=4090 found nothing: check --device-type and --gpu');
    expect(inCliWords('GET detail?task_id=999 got no answer')).toBe('GET detail?task_id=999 got no answer');
  });

  it("leaves quoted text, and the server's description after its code, as they are", () => {
    expect(
      inCliWords('the platform said "task_id and private_key are wrong" of task_name "task_id": set task_id')
    ).toBe('the platform said "task_id and private_key are wrong" of --task-name "task_id": set --task-id');
    expect(
      inCliWords(
        'detail: HTTP 200, code C101: task_id is invalid, see device_type (request id r-1); set task_id'
      )
    ).toBe(
      'detail: HTTP 200, code C101: task_id is invalid, see device_type (request id r-1); set --task-id'
    );
  });
});
