/**
 * The word of `known` nearest to `word` by edit distance (insertions, deletions, substitutions, and two
 * letters swapped), if it is near enough to be what was meant: at most a third of its length away, at
 * least one edit allowed. Undefined when none is.
 */
export function nearest(word: string, known: readonly string[]): string | undefined {
  const most = Math.max(1, Math.floor(word.length / 3));
  let best: { word: string; distance: number } | undefined;
  for (const candidate of known) {
    const distance = editDistance(word.toLowerCase(), candidate.toLowerCase());
    if (distance <= most && (best === undefined || distance < best.distance))
      best = { word: candidate, distance };
  }
  return best?.word;
}

/** The optimal string alignment distance: Levenshtein's, with a swap of two neighbours as one edit. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0))
  );
  const at = (i: number, j: number): number => rows[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d = Math.min(d, at(i - 2, j - 2) + 1);
      const row = rows[i];
      if (row !== undefined) row[j] = d;
    }
  }
  return at(a.length, b.length);
}
