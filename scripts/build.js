// Bundles the action with ncc into dist/. The action's entry point (src/index.ts) arrives with the
// protocol issue; until then there is nothing to bundle and the build succeeds without output.
import { existsSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

if (existsSync('src/index.ts')) {
  execFileSync('ncc', ['build', 'src/index.ts', '-o', 'dist', '--license', 'licenses.txt'], {
    stdio: 'inherit'
  });
} else {
  console.log('build: no src/index.ts yet, nothing to bundle');
}
