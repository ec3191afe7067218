// The nearest known word to a mistyped one: a flag or an operation the CLI suggests.
import { nearest } from '../../src/basics/nearest.js';

describe('nearest', () => {
  const operations = ['create', 'replace', 'detail', 'stop', 'search_tasks', 'job_stop'];

  it('finds the word meant through a typo, a missing or extra letter, or two letters swapped', () => {
    expect(nearest('craete', operations)).toBe('create');
    expect(nearest('creat', operations)).toBe('create');
    expect(nearest('detaill', operations)).toBe('detail');
    expect(nearest('serch_tasks', operations)).toBe('search_tasks');
    expect(nearest('STOP', operations)).toBe('stop');
  });

  it('suggests nothing for a word far from every known one', () => {
    expect(nearest('deploy', operations)).toBeUndefined();
    expect(nearest('x', operations)).toBeUndefined();
  });

  it('prefers the nearest of two near words', () => {
    expect(nearest('job_stp', operations)).toBe('job_stop');
  });
});
