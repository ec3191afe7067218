// Which forms each scenario ran: the profile of every emulator that answered a request during a test,
// appended as a JSON line to the file PROFILE_TALLY names (.ci/run sets it and counts the scenarios of
// each profile). Without PROFILE_TALLY nothing is recorded.
import { appendFileSync } from 'node:fs';
import { Emulator } from '../../emulator/index.js';

const file = process.env.PROFILE_TALLY;

/** Records that the test `name` (of the test file running) ran against an emulator in these profiles. */
export function tallyScenario(name: string, profiles: Iterable<string>): void {
  if (file === undefined || file === '') return;
  const line = { file: expect.getState().testPath ?? '', name, profiles: [...new Set(profiles)].sort() };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

/** Emulators whose scenarios say themselves what they ran (concurrent tests, which share no hooks). */
const selfTallied = new WeakSet<Emulator>();

/** Leaves this emulator's scenario to tally itself (see tallyScenario). */
export function tallySelf(emulator: Emulator): void {
  selfTallied.add(emulator);
}

/**
 * Watches every emulator a test file starts: after each test, the profiles of those that answered a
 * request during it. Registered once per test file by the Jest setup.
 */
export function watchProfiles(): void {
  if (file === undefined || file === '') return;
  const started = new Set<Emulator>();
  const start = Emulator.start.bind(Emulator);
  Emulator.start = async (options) => {
    const emulator = await start(options);
    started.add(emulator);
    return emulator;
  };
  const seen = new Map<Emulator, number>();
  beforeEach(() => {
    seen.clear();
    for (const emulator of started) seen.set(emulator, emulator.requests.length);
  });
  afterEach(() => {
    const profiles = [...started]
      .filter(
        (emulator) => !selfTallied.has(emulator) && emulator.requests.length > (seen.get(emulator) ?? 0)
      )
      .map((emulator) => emulator.profile);
    if (profiles.length > 0) tallyScenario(expect.getState().currentTestName ?? '', profiles);
  });
}
