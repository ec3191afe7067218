import { INPUT_NAMES, SECRET_INPUTS, type InputName } from '../action/input-names.js';
import { flagOf, variableOf } from './cli-args.js';

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
const WORDS = INPUT_NAMES.filter((name) => !name.includes('_') && name !== 'operation');
/** Inputs whose name has an underscore (task_id, api_profile): an input wherever it stands as a word. */
const COMPOUNDS = INPUT_NAMES.filter((name) => name.includes('_') && !SECRET_INPUTS.includes(name));

/** `set api_profile: live`, `such as gpu: '4090'`: an input with a value, as a workflow's `with:` gives it. */
const EXAMPLE = new RegExp(`\\b(set |such as |with )(${INPUT_NAMES.join('|')}): '?([^'\\s,)]+)'?`, 'g');
const COMPOUND = new RegExp(`(?<![\\w-])(${COMPOUNDS.join('|')})\\b`, 'g');
const WORD = new RegExp(`(^|\\bset |\\bcheck |\\band |\\bor |, )(${WORDS.join('|')})\\b(?!-)`, 'g');

/**
 * A message of the engine (written for the action's inputs) in the command line's words: an input
 * `name: value` as `--name value`, an input as its flag (`task_id` as `--task-id`; a one-word input
 * where the message names it: at its start, or after "set", "check", "and", "or"), a secret input as the variable
 * the CLI reads it from (ELASTIC_DEPLOY_TOKEN: never a flag), and a workflow's secret as the CI system's.
 */
export function inCliWords(message: string): string {
  return message
    .replace(WORKFLOW_SECRET, "one from the CI system's secret store")
    .replace(SECRET_NAMES, (_all, name: string) => variableOf(name))
    .replace(
      EXAMPLE,
      (_all, before: string, name: string, value: string) => `${before}--${flagOf(name)} ${value}`
    )
    .replace(COMPOUND, (_all, name: string) => `--${flagOf(name)}`)
    .replace(WORD, (_all, before: string, name: InputName) => `${before}${asCli(name)}`);
}
