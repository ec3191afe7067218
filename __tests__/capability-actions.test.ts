// Issue 61, point 6: an action.yml per capability (deploy/, job/, preview/, data/), written by npm run docs
// from src/deploy/capabilities.ts and the declarations, each declaring only its operations' inputs and
// outputs, and running the root action's bundle.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../scripts/action-runner.js';
import { generatedFiles } from '../scripts/docs.js';
import { CAPABILITIES, CAPABILITY_INPUT } from '../src/deploy/capabilities.js';
import { COMMON_INPUTS, COMMON_OUTPUTS } from '../src/deploy/engine/inputs/operation-inputs.js';
import { operationNamed } from '../src/deploy/operations.js';
import { OPERATION_NAMES } from '../src/platform/platform-settings.js';

interface ActionYml {
  name: string;
  description: string;
  branding: Record<string, string>;
  inputs: Record<string, { description: string; required: boolean; default?: unknown }>;
  outputs: Record<string, { description: string }>;
  runs: Record<string, string>;
}
const actionAt = (path: string): ActionYml => parse(readFileSync(join(ROOT, path), 'utf8')) as ActionYml;
const root = actionAt('action.yml');
/** What npm run docs makes of every generated file: rendered once, for every capability's test. */
const generated = generatedFiles();

describe.each(CAPABILITIES.map((capability) => [capability.name, capability] as const))(
  'the %s action',
  (name, capability) => {
    const action = actionAt(`${name}/action.yml`);
    const operations = capability.operations.map(operationNamed);

    it('is as npm run docs writes it: not stale', async () => {
      const file = (await generated).find(({ path }) => path === `${name}/action.yml`);
      expect(file?.rendered).toBeDefined();
      expect(file?.current).toBe(file?.rendered);
    });

    it("declares exactly its operations' inputs and every operation's, in the root action's order, and the hidden one", () => {
      const taken = Object.keys(root.inputs).filter(
        (input) =>
          (COMMON_INPUTS as readonly string[]).includes(input) ||
          operations.some((docs) => ([...docs.needs, ...docs.inputs] as string[]).includes(input))
      );
      expect(Object.keys(action.inputs)).toEqual([...taken, CAPABILITY_INPUT]);
    });

    it("declares exactly its operations' outputs and every operation's, in the root action's order", () => {
      const written = Object.keys(root.outputs).filter(
        (output) =>
          (COMMON_OUTPUTS as readonly string[]).includes(output) ||
          operations.some((docs) => (docs.outputs as readonly string[]).includes(output))
      );
      expect(Object.keys(action.outputs)).toEqual(written);
    });

    it('runs its default operation unless told, and describes its operations only', () => {
      const operation = action.inputs.operation;
      expect(operation).toMatchObject({ required: false, default: capability.defaultOperation });
      const described = [...(operation?.description.matchAll(/`([a-z_]+)`/g) ?? [])].map((m) => m[1]);
      expect(described).toEqual(capability.operations);
      expect(OPERATION_NAMES.filter((one) => described.includes(one))).toHaveLength(
        capability.operations.length
      );
    });

    it('tells the bundle which capability it runs as, through an input the workflow leaves unset', () => {
      expect(action.inputs[CAPABILITY_INPUT]).toMatchObject({ required: false, default: name });
      expect(action.inputs[CAPABILITY_INPUT]?.description).toMatch(/Leave it unset\.$/);
      expect(root.inputs[CAPABILITY_INPUT]).toBeUndefined();
    });

    it("runs the root action's bundle as the root action does, its post step always", () => {
      expect(action.runs).toEqual({
        using: root.runs.using,
        main: `../${root.runs.main ?? ''}`,
        post: `../${root.runs.post ?? ''}`,
        'post-if': root.runs['post-if']
      });
      expect(existsSync(join(ROOT, name, action.runs.main ?? ''))).toBe(true);
      expect(action.name).toBe(`Elastic Deploy: ${name}`);
      expect(Object.keys(action.branding).sort()).toEqual(['color', 'icon']);
    });

    it('describes every input and output, each input with a string default if any', () => {
      for (const input of Object.values(action.inputs)) {
        expect(input.description.length).toBeGreaterThan(10);
        expect(typeof input.required).toBe('boolean');
        if (input.default !== undefined) expect(typeof input.default).toBe('string');
      }
      for (const output of Object.values(action.outputs))
        expect(output.description.length).toBeGreaterThan(10);
    });
  }
);
