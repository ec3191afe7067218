import { EOL } from 'node:os';

/**
 * One line of the runner's workflow commands, `::name key=value,key=value::message`, escaped as the runner
 * reads it back: the message's `%`, CR and LF; a property's `:` and `,` too. Properties without a value are
 * left out. This is the form @actions/core writes (its command.js); a test holds the two equal.
 *
 * Written here rather than taken from @actions/core: importing core brings its OIDC client, and with it
 * @actions/http-client, tunnel, @actions/exec and @actions/io, into the first file of every step, some
 * 100 KiB that V8 compiles before the first request and no step runs.
 */
export function workflowCommand(
  name: string,
  message: string,
  properties: Readonly<Record<string, string | undefined>> = {}
): string {
  const pairs = Object.entries(properties)
    .filter((pair): pair is [string, string] => pair[1] !== undefined && pair[1] !== '')
    .map(([key, value]) => `${key}=${escapeProperty(value)}`);
  const head = pairs.length === 0 ? name : `${name} ${pairs.join(',')}`;
  return `::${head}::${escapeData(message)}${EOL}`;
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
