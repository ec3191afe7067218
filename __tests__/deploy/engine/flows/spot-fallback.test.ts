// The Spot strategy's pure parts: what it does after the create, and what a look at the queue says.
import { lookAtQueue, spotMove } from '../../../../src/deploy/engine/flows/spot-fallback.js';
import { RefusedEverywhereError } from '../../../../src/deploy/engine/create/create-task.js';
import { TransportError } from '../../../../src/platform/client.js';
import { refusal } from '../../../helpers/refusal.js';

const REFUSED = refusal('C008', 'no stock');
const facts = (fields: Partial<Parameters<typeof spotMove>[0]> = {}): Parameters<typeof spotMove>[0] => ({
  fallback: true,
  jobType: 'spot',
  create: { taskId: '7', error: undefined },
  cancelled: false,
  ...fields
});

describe('spotMove', () => {
  it.each([
    ['a Spot job created, with spot_fallback', facts(), 'created'],
    ['a Spot create refused', facts({ create: { taskId: undefined, error: REFUSED } }), 'refused'],
    [
      'a Spot create refused in every region gpu tried',
      facts({ create: { taskId: undefined, error: new RefusedEverywhereError('refused everywhere') } }),
      'refused'
    ],
    // A create that got no answer may have landed: no second job is made beside it.
    [
      'a Spot create that got no answer',
      facts({
        create: {
          taskId: undefined,
          error: new TransportError('no answer', 'ECONNRESET', true, 'network')
        }
      }),
      'stands'
    ],
    [
      'a refused create once the step was cancelled',
      facts({ create: { taskId: undefined, error: REFUSED }, cancelled: true }),
      'stands'
    ],
    ['an on-demand job', facts({ jobType: 'on_demand' }), 'stands'],
    ['a Spot job without spot_fallback', facts({ fallback: false }), 'stands'],
    ['no create sent', facts({ create: undefined }), 'stands']
  ])('%s: %s', (_what, given, move) => {
    expect(spotMove(given)).toBe(move);
  });
});

describe('lookAtQueue', () => {
  const job = (schedule: string, jobStatus: Record<string, unknown> = {}, status = 'Running') => ({
    status,
    schedule_status: schedule,
    job_status: { status: 'Pending', active_pods: 0, ...jobStatus }
  });

  it('waits while the job is Queued and queue_timeout has not passed, and falls back once it has', () => {
    expect(lookAtQueue(job('Queued'), false)).toBeUndefined();
    expect(lookAtQueue(job('Queued'), true)).toEqual({ queued: true });
  });

  it('lets a scheduled job stand, with nothing more to say', () => {
    expect(lookAtQueue(job('Scheduled'), false)).toEqual({ queued: false, why: undefined });
    expect(lookAtQueue(job('Scheduled'), true)).toEqual({ queued: false, why: undefined });
  });

  it('lets a job that ended stand, Queued or not: there is nothing to fall back from', () => {
    const ended = { queued: false, why: 'it has ended' };
    expect(lookAtQueue(job('Queued', {}, 'Paused'), true)).toEqual(ended);
    expect(lookAtQueue(job('Queued', { status: 'Failed', failed_pods: 1 }), true)).toEqual(ended);
  });
});
