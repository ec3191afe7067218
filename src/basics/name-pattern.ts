/** Characters besides `*` a sweep pattern needs at the least: a sweep of everything is one typo away. */
export const MIN_PATTERN_LITERALS = 3;

/**
 * A task-name pattern: `*` matches any run of characters, every other character only itself. `literal` is
 * the longest run without `*`, which the task search (matching parts of names) is asked for.
 */
export interface NamePattern {
  matches: (name: string) => boolean;
  literal: string;
}

/** The pattern, or undefined when it has fewer than MIN_PATTERN_LITERALS characters besides `*`. */
export function namePattern(pattern: string): NamePattern | undefined {
  const parts = pattern.split('*');
  if (parts.join('').length < MIN_PATTERN_LITERALS) return undefined;
  const source = parts.map((part) => part.replace(/[\\^$.|?+()[\]{}]/g, '\\$&')).join('.*');
  const regex = new RegExp(`^${source}$`, 's');
  const literal = parts.reduce((longest, part) => (part.length > longest.length ? part : longest), '');
  return { matches: (name) => regex.test(name), literal };
}
