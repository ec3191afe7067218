// The TypeScript files below a folder, every depth: what the repository-wide checks read.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.ts` file below `dir`, as paths joined to it. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? sourceFiles(join(dir, entry.name))
      : entry.name.endsWith('.ts')
        ? [join(dir, entry.name)]
        : []
  );
}
