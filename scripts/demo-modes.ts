// The modes of npm run demo, what each shows, and the reading of its arguments: one mode at most, or
// --help; anything else is refused with one line and exit code 2.

/** Each mode, and what it shows. */
export const DEMO_MODES = {
  '--rsa': 'the RSA-mode path of the interface spec (api_profile: spec): a signed, encrypted create',
  '--crash': 'a deploy whose container crash-loops: the step fails in seconds, saying why; cleaned up',
  '--job': 'a GPU batch job (operation: job) of two completions, run to its end',
  '--job-fail': 'a GPU job whose pods exit with code 3: the step fails and says why',
  '--data':
    "a GPU job on the workspace's data: a folder uploaded into a volume over SFTP, the job, its results downloaded into ./results/, the volume deleted",
  '--data-objects':
    'a GPU job on a volume through object storage: a dataset copied in, the job, its results copied back, the volume deleted',
  '--preview':
    "a pull request's preview, opened, pushed to and merged, with its comment as a reviewer reads it",
  '--runner':
    "two GPU runners for a workflow's jobs: online, handed over, each takes a job and exits; runner_stop"
} as const;

export type DemoMode = keyof typeof DEMO_MODES;

const isMode = (arg: string): arg is DemoMode => Object.hasOwn(DEMO_MODES, arg);

/** The demo's help: how to run it, and its modes. */
export function demoHelp(): string {
  const width = Math.max(...Object.keys(DEMO_MODES).map((m) => m.length));
  return [
    'Usage: npm run demo [-- <mode>]',
    '',
    'Starts the platform emulator and runs the bundled action (dist/index.js) as the GitHub runner would.',
    'With no mode: a GPU service created with a token-mode key, waited on until it is ready and its app',
    "answers /health, its outputs and job summary shown, then stopped by the post step (the README's quick",
    'start).',
    '',
    'Modes (one at a time):',
    ...Object.entries(DEMO_MODES).map(([m, what]) => `  ${m.padEnd(width)}  ${what}`),
    '  --help' + ' '.repeat(width - 4) + 'this help',
    ''
  ].join('\n');
}

/** The mode the arguments ask for ('' for the default demo), or the exit code once help or a refusal is written. */
export function demoMode(
  args: readonly string[],
  out: (text: string) => void,
  err: (text: string) => void
): DemoMode | '' | number {
  if (args.includes('--help') || args.includes('-h')) {
    out(demoHelp());
    return 0;
  }
  const unknown = args.find((arg) => !isMode(arg));
  if (unknown !== undefined) {
    const near = Object.keys(DEMO_MODES).find((m) => m.startsWith(unknown) || unknown.startsWith(m));
    err(
      `demo: "${unknown}" is not a mode of the demo${near === undefined ? '' : ` (did you mean ${near}?)`}: the modes are ${Object.keys(DEMO_MODES).join(', ')} (npm run demo -- --help says what each shows)\n`
    );
    return 2;
  }
  const [first, second] = args;
  if (second !== undefined) {
    err(
      `demo: one mode at a time, not ${first ?? ''} and ${second}: npm run demo -- ${first ?? ''}, then npm run demo -- ${second}\n`
    );
    return 2;
  }
  return first !== undefined && isMode(first) ? first : '';
}
