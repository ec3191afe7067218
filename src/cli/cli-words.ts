import {
  flagOf,
  INPUT_BY_NAME,
  INPUT_NAMES,
  SECRET_INPUTS,
  variableOf,
  type InputName
} from '../deploy/door.js';

/** An input as the CLI takes it: its flag, or for a secret its variable. */
const asCli = (name: InputName): string =>
  SECRET_INPUTS.includes(name) ? variableOf(name) : `--${flagOf(name)}`;

/** A workflow's secret (`${{ secrets.DEPLOY_API_TOKEN }}`), which the CLI takes from its CI system's secrets. */
const WORKFLOW_SECRET = /\$\{\{ secrets\.\w+ \}\}/g;

/** The secret inputs: never a flag, the variable the CLI reads them from. */
const SECRET_NAMES = new RegExp(
  `(?<![\\w-])(${SECRET_INPUTS.filter((name) => name.includes('_')).join('|')})\\b`,
  'g'
);
/** Inputs whose name is a word of its own (body, points, gpu): named as flags only where a message names an input. */
const WORDS = INPUT_NAMES.filter(
  (name) => !name.includes('_') && INPUT_BY_NAME.get(name)?.positional !== true
);
/** Inputs whose name has an underscore (task_id, api_profile): an input wherever it stands as a word. */
const COMPOUNDS = INPUT_NAMES.filter((name) => name.includes('_') && !SECRET_INPUTS.includes(name));

/** `set api_profile: live`, `such as gpu: '4090'`: an input with a value, as a workflow's `with:` gives it. */
const EXAMPLE = new RegExp(`\\b(set |such as |with )(${INPUT_NAMES.join('|')}): '?([^'\\s,)]+)'?`, 'g');
const COMPOUND = new RegExp(`(?<![\\w-])(${COMPOUNDS.join('|')})\\b`, 'g');
const WORD = new RegExp(`(^|\\bset |\\bcheck |\\band |\\bor |, )(${WORDS.join('|')})\\b(?!-)`, 'g');

/**
 * What is not prose in a message, where no word names an input: text in double quotes (a value, or the
 * server's text, quoted), a URL, a path or a query (a word holding a slash, or `?name=`/`&name=`), and
 * the server's own description after its code (`code C101: ...`, to the request id or the end).
 */
const NOT_PROSE = new RegExp(
  [
    '"(?:[^"\\\\]|\\\\.)*"',
    '[^\\s"\'`(]*(?:\\/|[?&][\\w.-]+=)[^\\s"\'`]*',
    '(?<=\\bcode [\\w.-]{1,40}: )(?:(?! \\(request id|; request id)[^)])+'
  ].join('|'),
  'g'
);
/** Stands for a span that is not prose while the prose is rewritten: no space, no word character. */
const HOLE = /\uE000(\d+)\uE000/g;

/**
 * A message of the engine (written for the action's inputs) in the command line's words: an input
 * `name: value` as `--name value`, an input as its flag (`task_id` as `--task-id`; a one-word input
 * where the message names it: at its start, or after "set", "check", "and", "or"), a secret input as the variable
 * the CLI reads it from (ELASTIC_DEPLOY_TOKEN: never a flag), and a workflow's secret as the CI system's.
 * Only prose is rewritten: a URL, a path, a query and quoted or server text stay as they are (see NOT_PROSE).
 */
export function inCliWords(message: string): string {
  const held: string[] = [];
  const prose = message.replace(NOT_PROSE, (span) => `\uE000${held.push(span) - 1}\uE000`);
  return prose
    .replace(WORKFLOW_SECRET, "one from the CI system's secret store")
    .replace(SECRET_NAMES, (_all, name: string) => variableOf(name))
    .replace(
      EXAMPLE,
      (_all, before: string, name: string, value: string) => `${before}--${flagOf(name)} ${value}`
    )
    .replace(COMPOUND, (_all, name: string) => `--${flagOf(name)}`)
    .replace(WORD, (_all, before: string, name: InputName) => `${before}${asCli(name)}`)
    .replace(HOLE, (_all, index: string) => held[Number(index)] ?? '');
}
