// Hostile scenarios of issue 60, point 8, against the emulator over real HTTPS on the fake clock: a create
// the platform refuses and applies late (after its look-up window) leaves no twin billing once the post
// step is done, whatever phase the step was cancelled in.
import { useLateCreatesBench } from '../../../helpers/late-creates-bench.js';

describe('refused creates that land late: a guard that gave way in review (issue 60, point 8)', () => {
  const { live, made, refusedOnBothRegions } = useLateCreatesBench();

  it.each(['none'])(
    'cleanup %s, refused on both regions, each landing late: the step says it made no task; once the post step is done, no twin bills beside one task at most',
    async (cleanup) => {
      const { failure, warnings } = await refusedOnBothRegions(cleanup);
      expect(failure).toMatch(/^create failed: the platform refused the create on each of the 2 region/);
      expect(made()).toHaveLength(2);
      // What landed is reported: each task that bills is named by the post step.
      for (const id of live()) expect(warnings.some((line) => line.includes(id))).toBe(true);
      expect(live().length).toBeLessThanOrEqual(cleanup === 'none' ? 1 : 0);
    }
  );
});
