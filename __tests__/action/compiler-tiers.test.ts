// A step of many requests runs on V8's baseline tiers (issue 38, point 8: a 1000-task detail peaked at
// 97 MiB, about 20 of them the optimizing compilers' work); a step of a few keeps V8's defaults.
import { execFileSync } from 'node:child_process';

/** Whether V8 would still optimize a hot function after forManyRequests(requests), in a fresh process. */
function optimizesAfter(requests: number): string {
  const script = `
    import { forManyRequests } from './src/action/compiler-tiers.ts';
    const set = forManyRequests(${requests});
    const hot = (x) => x * 2 + 1;
    for (let i = 0; i < 2e6; i++) hot(i);
    // %GetOptimizationStatus bit 4 (16): the function runs optimized code (Maglev or TurboFan).
    const status = eval('%GetOptimizationStatus(hot)');
    console.log(set, (status & 16) !== 0);
  `;
  return execFileSync(
    process.execPath,
    ['--allow-natives-syntax', '--import', 'tsx', '--input-type=module', '-e', script],
    {
      encoding: 'utf8'
    }
  ).trim();
}

describe('forManyRequests', () => {
  it("turns V8's optimizing compilers off for a step of 50 requests or more, and only then", () => {
    expect(optimizesAfter(49)).toBe('false true');
    expect(optimizesAfter(50)).toBe('true false');
  });
});
