// Bundles the action with ncc into dist/. ncc runs from src/: it resolves modules with the paths of the
// tsconfig.json in its working directory, and src/tsconfig.json maps undici to bundle/undici.ts.
import { execFileSync } from 'node:child_process';

execFileSync('ncc', ['build', 'index.ts', '-o', '../dist', '--license', 'licenses.txt'], {
  cwd: 'src',
  stdio: 'inherit'
});
