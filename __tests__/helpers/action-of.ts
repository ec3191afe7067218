// The action.yml a workflow step uses: the root one (elastic-deploy-action/elastic-deploy-action@v0), or a
// capability's (.../job@v0: job/action.yml), as the examples in the docs name them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The path of the action.yml `uses` names, from the repository's root. */
export function actionPathOf(uses: unknown): string {
  const capability = /^elastic-deploy-action\/elastic-deploy-action(?:\/([a-z]+))?@/.exec(String(uses));
  if (capability === null) throw new Error(`an example uses ${String(uses)}`);
  return capability[1] === undefined ? 'action.yml' : `${capability[1]}/action.yml`;
}

/** The action.yml `uses` names, parsed. */
export function actionOf(uses: unknown): unknown {
  return parse(readFileSync(join(ROOT, actionPathOf(uses)), 'utf8'));
}

/** The defaults the action `uses` names declares of its inputs, as the runner fills them in. */
export function actionDefaultsOf(uses: unknown): Readonly<Record<string, string | undefined>> {
  return Object.fromEntries(
    Object.entries((actionOf(uses) as { inputs: Record<string, { default?: unknown }> }).inputs).flatMap(
      ([name, input]) => (typeof input.default === 'string' ? [[name, input.default]] : [])
    )
  );
}
