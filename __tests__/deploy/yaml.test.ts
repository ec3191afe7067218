import { jest } from '@jest/globals';
import { yamlNeeded } from '../../src/deploy/yaml.js';
import { testHost } from '../helpers/host.js';

describe('the YAML parser, loaded on demand', () => {
  it.each([
    [{}, false],
    [{ task_id: '1229831' }, false],
    [{ task_id: '1229831, 1229832\n1229833' }, false],
    [{ task_id: '[1229831, 1229832]' }, true],
    [{ task_id: '- 1229831' }, true],
    [{ body: 'a: 1' }, true],
    [{ body: '{"a": 1}' }, true],
    [{ body_file: 'body.yml' }, true],
    [{ query: 'a: 1' }, true],
    [{ endpoints: 'detail: {method: GET}' }, true],
    [{ endpoints: 'detail: {path: /api/deployment/task/detail}' }, true]
  ])('is needed for %j: %s', (inputs: Record<string, string>, needed) => {
    expect(yamlNeeded((name) => inputs[name] ?? '')).toBe(needed);
  });

  it('is not loaded for a step whose inputs hold no YAML, and is for one whose body does', async () => {
    await jest.isolateModulesAsync(async () => {
      const { settingsFrom } = await import('../../src/action/runtime.js');
      const { yamlLoaded } = await import('../../src/deploy/yaml.js');
      const detail = testHost({ operation: 'detail', token: 'tok', task_id: '1229831, 1229832' });
      expect((await settingsFrom(detail)).taskIds).toEqual(['1229831', '1229832']);
      expect(yamlLoaded()).toBe(false);
      const create = testHost({
        operation: 'create',
        token: 'tok',
        task_name: 'a',
        points: '1',
        body: 'a: 1'
      });
      expect((await settingsFrom(create)).body).toEqual({ a: 1n });
      expect(yamlLoaded()).toBe(true);
      detail.dispose();
      create.dispose();
    });
  });

  it('fails loudly, never as a bad input, when YAML is parsed before it is loaded', async () => {
    await jest.isolateModulesAsync(async () => {
      const { parseMapping } = await import('../../src/deploy/mappings.js');
      expect(() => parseMapping('body', 'a: 1')).toThrow(
        'the YAML parser is not loaded: await loadYaml() first'
      );
    });
  });
});
