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
