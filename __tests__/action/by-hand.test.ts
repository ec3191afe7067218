// The commands elastic-deploy gives for stopping a task by hand when its cleanup could not.
import { execFileSync } from 'node:child_process';
import { byHand, shellQuote } from '../../src/action/by-hand.js';

describe('byHand', () => {
  it("names the run's platform in the stop and sweep commands", () => {
    const hints = byHand({ base_url: 'https://openapi.suanli.cn', api_profile: 'live', task_name: 'web' });
    expect(hints.stop('1229831')).toBe(
      'elastic-deploy stop --task-id 1229831 --base-url https://openapi.suanli.cn --api-profile live'
    );
    expect(byHand({}).sweep("it's web", ['1229831', '1229832'])).toBe(
      "elastic-deploy sweep --task-name 'it'\\''s web' --task-id '1229831, 1229832'"
    );
    expect(byHand({ base_url: ' ' }).sweep('web', [])).toBe('elastic-deploy sweep --task-name web');
  });

  // Regression (issue 48): the CLI said "Stop it with: elastic-deploy stop --task-id N" of a job, which the
  // deployments' stop answers "not found" for.
  it.each([
    ['create', 'elastic-deploy stop --task-id 7', 'elastic-deploy sweep --task-name web'],
    ['replace', 'elastic-deploy stop --task-id 7', 'elastic-deploy sweep --task-name web'],
    ['job', 'elastic-deploy job-stop --task-id 7', 'elastic-deploy job-search --task-name web'],
    ['job_stop', 'elastic-deploy job-stop --task-id 7', 'elastic-deploy job-search --task-name web']
  ])('names the stop of the kind %s concerns', (operation, stop, sweep) => {
    expect(byHand({ operation }).stop('7')).toBe(stop);
    expect(byHand({ operation }).sweep('web', [])).toBe(sweep);
  });
});

describe('shellQuote', () => {
  it.each([
    'web',
    '',
    "it's",
    'a b',
    '$HOME `id` $(id)',
    'e2e-"1"\\n',
    '1229831, 1229832',
    'https://h/p?a=1&b=2'
  ])('writes %j as one word that sh reads back as it is', (text) => {
    expect(execFileSync('sh', ['-c', `printf %s ${shellQuote(text)}`], { encoding: 'utf8' })).toBe(text);
  });
});
