// What an input means for each operation, read from action.yml's descriptions (src/deploy/engine/inputs/meanings.ts):
// the CLI's help and docs/reference.md show each operation its own words.
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { meaningFor, partsOf } from '../src/deploy/engine/inputs/meanings.js';
import { operationsTaking } from '../scripts/docs.js';
import { OPERATION_NAMES } from '../src/deploy/door.js';

const action = parse(readFileSync('action.yml', 'utf8')) as {
  inputs: Record<string, { description: string }>;
};

describe('meaningFor', () => {
  it('gives an operation the head of a description and the parts that name it', () => {
    const text =
      'The task. `create` and `replace`: the name of the new task. `sweep`: a pattern; it needs 3 characters. `job` with `job_type: spot`: the expected run.';
    expect(meaningFor(text, 'create', OPERATION_NAMES)).toBe('The task. The name of the new task.');
    expect(meaningFor(text, 'sweep', OPERATION_NAMES)).toBe('The task. A pattern; it needs 3 characters.');
    expect(meaningFor(text, 'job', OPERATION_NAMES)).toBe(
      'The task. With `job_type: spot`: the expected run.'
    );
    expect(meaningFor(text, 'detail', OPERATION_NAMES)).toBe('The task.');
  });

  it('takes values that share a name with an operation for values: `none`, `stop` or `pause`: is no part', () => {
    const text = '`none`, `stop` or `pause`: a post step stops or pauses. `job`: stop.';
    expect(partsOf(text, OPERATION_NAMES)).toEqual({
      head: '`none`, `stop` or `pause`: a post step stops or pauses.',
      parts: [{ operations: ['job'], condition: undefined, text: 'stop.' }]
    });
  });

  // Without this, an operation that takes an input but is named in none of its parts would be shown the
  // whole description, written for the others.
  it('finds words in action.yml for every operation that takes an input', () => {
    const missing: string[] = [];
    for (const [name, { description }] of Object.entries(action.inputs)) {
      const { head, parts } = partsOf(description, OPERATION_NAMES);
      if (parts.length === 0 || head !== '') continue;
      for (const operation of operationsTaking(name))
        if (!parts.some((part) => part.operations.includes(operation)))
          missing.push(`${name} for ${operation}`);
    }
    expect(missing).toEqual([]);
  });
});
