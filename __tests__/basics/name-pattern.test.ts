import { namePattern } from '../../src/basics/name-pattern.js';

describe('namePattern', () => {
  it.each([
    ['pr-42-*', 'pr-42-web', true],
    ['pr-42-*', 'pr-42-', true],
    ['pr-42-*', 'pr-421-web', false],
    ['pr-42-*', 'x-pr-42-web', false],
    ['*-preview', 'api-preview', true],
    ['*-preview', 'api-preview-2', false],
    ['pr-*-web', 'pr-7-web', true],
    ['a.b*', 'axb-1', false],
    ['a.b*', 'a.b-1', true],
    ['(x)+[y]*', '(x)+[y]z', true],
    ['svc', 'svc', true],
    ['svc', 'svc2', false]
  ])('%s matches %s: %s', (pattern, name, expected) => {
    expect(namePattern(pattern)?.matches(name)).toBe(expected);
  });

  it.each(['*', '**', 'a*', '*ab*', 'a*b', ''])('refuses %j: too broad', (pattern) => {
    expect(namePattern(pattern)).toBeUndefined();
  });

  it('asks the search for the longest run without *', () => {
    expect(namePattern('pr-*-preview')?.literal).toBe('-preview');
    expect(namePattern('abc*')?.literal).toBe('abc');
  });
});
