// What an input means for one operation, read from its description in action.yml. A description is
// written for every operation at once: a head that holds for all, then parts that begin with the
// operations they are for, `create` and `replace`: ... or `job` with `job_type: spot`: ... (a part goes on
// until the next one). For one operation, its words are the head and the parts that name it.

/** A part's opening: the operations it is for (each in backticks), a condition, and a colon. */
const OPENING = /`[a-z_]+`(?:(?:, | and | or )`[a-z_]+`)*(?: with (?:`[^`]+`|[^:.`]+))?: /g;

interface Part {
  operations: readonly string[];
  /** `job_type: spot` of "`job` with `job_type: spot`:", said as "With `job_type: spot`:". */
  condition: string | undefined;
  text: string;
}

/** The head of a description (for every operation) and its parts (each for the operations it names). */
export function partsOf(description: string, operations: readonly string[]): { head: string; parts: Part[] } {
  const text = description.replace(/\s+/g, ' ').trim();
  const openings = [...text.matchAll(OPENING)].filter((found) => {
    const before = text.slice(0, found.index);
    const names = [...found[0].replace(/ with .*$/, '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? '');
    // An opening starts the description or a sentence, and names operations only (`none`, `stop` or
    // `pause`: are values).
    return (before === '' || /[.;] $/.test(before)) && names.every((name) => operations.includes(name));
  });
  const head = text.slice(0, openings[0]?.index ?? text.length).trim();
  const parts = openings.map((found, i) => {
    const next = openings[i + 1]?.index ?? text.length;
    const opening = found[0];
    const condition = / with (.+): $/.exec(opening)?.[1];
    return {
      operations: [...opening.replace(/ with .*$/, '').matchAll(/`([a-z_]+)`/g)].map((m) => m[1] ?? ''),
      condition,
      text: text.slice(found.index + opening.length, next).trim()
    };
  });
  return { head, parts };
}

/**
 * What the input means for `operation`: the head and the parts for it, each part's first letter raised
 * (a part opens a sentence); the whole description when nothing is said for it alone.
 */
export function meaningFor(description: string, operation: string, operations: readonly string[]): string {
  const { head, parts } = partsOf(description, operations);
  const own = parts
    .filter((part) => part.operations.includes(operation))
    .map((part) =>
      part.condition === undefined ? capital(part.text) : `With ${part.condition}: ${part.text}`
    );
  const said = [head, ...own].filter((text) => text !== '').join(' ');
  return said === '' ? description.replace(/\s+/g, ' ').trim() : said;
}

const capital = (text: string): string => `${text[0]?.toUpperCase() ?? ''}${text.slice(1)}`;
