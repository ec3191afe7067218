import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { INPUT_DEFAULTS } from '../../src/deploy/engine/inputs/index.js';
import { readSettings } from '../../src/deploy/settings.js';

const actionYml = parse(readFileSync(new URL('../../action.yml', import.meta.url), 'utf8')) as {
  inputs: Record<string, { default?: string }>;
};

describe('input defaults', () => {
  it('are the same in action.yml and in INPUT_DEFAULTS, input by input', () => {
    const declared = Object.fromEntries(
      Object.entries(actionYml.inputs).flatMap(([name, input]) =>
        input.default === undefined ? [] : [[name, input.default]]
      )
    );
    expect(declared).toEqual(INPUT_DEFAULTS);
  });

  it('are what the settings get when the runner fills them in, and when it does not', () => {
    const base = { operation: 'detail', token: 'tok' } as Record<string, string>;
    const filled = { ...INPUT_DEFAULTS, ...base } as Record<string, string>;
    // One moment for both reads: the billing window ends at the step's start, to the second.
    const now = () => Date.UTC(2026, 10, 28, 12);
    const read = (inputs: Record<string, string>) =>
      readSettings(
        (name) => inputs[name] ?? '',
        () => undefined,
        undefined,
        undefined,
        now
      );
    expect(read(filled)).toEqual(read(base));
  });
});
