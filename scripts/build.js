// Bundles the action with ncc into dist/. ncc runs from src/: it resolves modules with the paths of the
// tsconfig.json in its working directory, and src/tsconfig.json maps undici to bundle/undici.ts.
// --no-cache: dist/ comes from the sources alone, never from ncc's cache in ~/.cache (which once kept a
// file no longer in any tsconfig); the build takes no longer without it.
import { execFileSync } from 'node:child_process';

execFileSync('ncc', ['build', 'index.ts', '-o', '../dist', '--license', 'licenses.txt', '--no-cache'], {
  cwd: 'src',
  stdio: 'inherit'
});
