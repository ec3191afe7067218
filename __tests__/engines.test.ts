// Regression (issue 63, point 11): `npm ci` on Node 20, which the README names, printed five EBADENGINE
// warnings: packages of the lock that need Node 22 or newer. Every package package-lock.json installs
// must accept the first version of each Node line package.json's `engines` names (and the README says),
// so that a new dependency cannot bring the warnings back unseen.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT } from '../scripts/action-runner.js';

// npm's own reading of a range (the semver package the tools install; its API is the same in 6 and 7).
const { satisfies } = createRequire(import.meta.url)('semver') as {
  satisfies: (version: string, range: string) => boolean;
};

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const pkg = JSON.parse(read('package.json')) as { engines: { node: string } };
const lock = JSON.parse(read('package-lock.json')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
};

/** The first version of each line a range of `^X.Y.Z` and `>=X[.Y.Z]` parts names: "^20.19.0 || >=24" → 20.19.0, 24.0.0. */
function firstVersions(range: string): string[] {
  return range.split('||').map((part) => {
    const m = /^(\^|>=)(\d+)(?:\.(\d+)\.(\d+))?$/.exec(part.trim());
    if (m === null) throw new Error(`engines.node part "${part.trim()}" is not ^X.Y.Z or >=X[.Y.Z]`);
    return `${m[2]}.${m[3] ?? 0}.${m[4] ?? 0}`;
  });
}

describe("the Node versions package.json's engines names", () => {
  const promised = firstVersions(pkg.engines.node);

  it('are those the README names for development', () => {
    const line = /^With Node .*$/m.exec(read('README.md'))?.[0] ?? '';
    for (const version of promised)
      expect(line).toContain(version.replace(/\.0\.0$/, '').replace(/\.0$/, ''));
  });

  it.each(promised)(
    '%s: every package the lock installs accepts it (no EBADENGINE from npm ci)',
    (version) => {
      const refusing = Object.entries(lock.packages).flatMap(([path, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return path === '' || range === undefined || satisfies(version, range)
          ? []
          : [`${path.replace(/^node_modules\//, '')}@${entry.version ?? '?'} needs Node ${range}`];
      });
      expect(refusing).toEqual([]);
    }
  );
});
