import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { ROOT } from '../scripts/action-runner.js';
import {
  COMMON_INPUTS,
  COMMON_OUTPUTS,
  formatted,
  generatedFiles,
  renderReference
} from '../scripts/docs.js';
import { OPERATIONS } from '../src/deploy/operations.js';
import { lintWorkflows, policyProblems, runExpressionProblems } from '../scripts/lint-workflows.js';
import { planCalls } from '../src/platform/operations/plan-calls.js';
import { readSettings } from '../src/deploy/settings.js';
import { OPERATION_NAMES } from '../src/platform/platform-settings.js';
import { CAPABILITIES, CAPABILITY_INPUT, checkCapability } from '../src/deploy/capabilities.js';
import { fixtureKey } from './helpers/fixtures.js';
import { VERSION } from '../src/platform/version.js';
import { actionOf as actionYmlOf } from './helpers/action-of.js';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const action = parse(read('action.yml')) as {
  name: string;
  description: string;
  branding: Record<string, string>;
  inputs: Record<string, { description: string; required: boolean; default?: unknown }>;
  outputs: Record<string, { description: string }>;
  runs: { using: string; main: string; post: string; 'post-if': string };
};
const readme = read('README.md');
/** The text of one "## " section of the README. */
const section = (title: string): string =>
  readme.split(/^## /m).find((part) => part.startsWith(`${title}\n`)) ?? '';
/** The documentation: the README, and every page of docs/. */
const DOC_PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).map((file) => `docs/${file}`)];
const reference = read('docs/reference.md');
/** The text of one "## " section of docs/reference.md: an operation's, or every operation's. */
const referenceOf = (title: string): string =>
  reference.split(/^## /m).find((part) => part.startsWith(`${title}\n`)) ?? '';

describe('action.yml', () => {
  it('runs main and post on node24 from the one bundle, the post step always', () => {
    expect(action.runs).toEqual({
      using: 'node24',
      main: 'dist/index.js',
      post: 'dist/index.js',
      'post-if': 'always()'
    });
    expect(action.name).not.toBe('');
    expect(Object.keys(action.branding).sort()).toEqual(['color', 'icon']);
  });

  it.each(Object.entries(action.inputs))(
    'describes the input %s, with a string default if any',
    (_name, input) => {
      expect(input.description.length).toBeGreaterThan(10);
      expect(typeof input.required).toBe('boolean');
      if (input.default !== undefined) expect(typeof input.default).toBe('string');
    }
  );

  it('names inputs and outputs in snake_case, as the API names its fields (s3_bucket has a digit)', () => {
    for (const name of [...Object.keys(action.inputs), ...Object.keys(action.outputs)])
      expect(name).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
  });
});

describe('the README and docs/', () => {
  it('keep docs/reference.md as npm run docs makes it from the declarations', async () => {
    expect(await formatted(renderReference())).toBe(reference);
  });

  it('keep every generated file (action.yml, docs/reference.md) as npm run docs makes it: none is stale', async () => {
    const stale = (await generatedFiles())
      .filter(({ current, rendered }) => current !== rendered)
      .map(({ path }) => path);
    expect(stale).toEqual([]);
  });

  it.each(Object.keys(action.inputs))(
    'document the input %s once, and name it under every operation or one that takes it',
    (name) => {
      const where = (COMMON_INPUTS as readonly string[]).includes(name)
        ? ['Every operation']
        : OPERATIONS.filter((docs) => ([...docs.needs, ...docs.inputs] as string[]).includes(name)).map(
            (docs) => `\`${docs.name}\``
          );
      expect(where.length).toBeGreaterThan(0);
      for (const title of where) expect(referenceOf(title)).toContain(`\`${name}\``);
      expect(referenceOf('The inputs').match(new RegExp(`^- \`${name}\``, 'gm'))).toHaveLength(1);
    }
  );

  it.each(Object.keys(action.outputs))(
    'document the output %s once, and name it under every operation or one that writes it',
    (name) => {
      const where = (COMMON_OUTPUTS as readonly string[]).includes(name)
        ? ['Every operation']
        : OPERATIONS.filter((docs) => (docs.outputs as readonly string[]).includes(name)).map(
            (docs) => `\`${docs.name}\``
          );
      expect(where.length).toBeGreaterThan(0);
      for (const title of where) expect(referenceOf(title)).toContain(`\`${name}\``);
      expect(referenceOf('The outputs').match(new RegExp(`^- \`${name}\``, 'gm'))).toHaveLength(1);
    }
  );

  it.each(OPERATION_NAMES)(
    'list the inputs and outputs of %s, and show an example workflow for it',
    (operation) => {
      // The inputs it needs lead, with their defaults; the descriptions follow once, for every operation.
      const first = referenceOf(`\`${operation}\``)
        .split('\n')
        .find((line) => line.startsWith('- '));
      expect(first).toMatch(/^- Needs: /);
      expect(read('docs/operations.md')).toMatch(new RegExp(`^\\s+operation: ${operation}$`, 'm'));
    }
  );

  it('keep the README a front door: at most about 250 lines, with every page of docs/ linked', () => {
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    for (const page of DOC_PAGES.filter((page) => page.startsWith('docs/')))
      expect(readme).toContain(`](${page})`);
  });

  it('link only to files that exist', () => {
    for (const page of DOC_PAGES) {
      const base = page.startsWith('docs/') ? join(ROOT, 'docs') : ROOT;
      for (const [, target] of read(page).matchAll(/\]\(([^)#:]+)(#[^)]*)?\)/g))
        expect([page, target, existsSync(join(base, target ?? ''))]).toEqual([page, target, true]);
    }
  });

  it('shows the two commands on a fresh clone: the demo and the tests', () => {
    expect(section('Try it, test it')).toMatch(/npm ci\nnpm run demo .*\nnpm test /);
  });

  it('covers troubleshooting and security as users need them', () => {
    expect(read('docs/troubleshooting.md')).toMatch(/v2\.327\.1/);
    expect(read('docs/troubleshooting.md')).toMatch(/NODE_EXTRA_CA_CERTS/);
    expect(read('docs/security.md')).toMatch(/about every 90 days/);
  });
});

/** The defaults an action.yml declares of some inputs. */
const defaultsOf = (
  declared: { inputs: Record<string, { default?: unknown }> },
  names: readonly string[]
): Record<string, string> =>
  Object.fromEntries(
    names.flatMap((name) => {
      const fallback = declared.inputs[name]?.default;
      return typeof fallback === 'string' ? [[name, fallback]] : [];
    })
  );

describe('the examples in the docs', () => {
  /** A value for a ${{ }} expression of an example, good enough for the inputs it feeds. */
  const placeholder = (expression: string): string => {
    if (/PRIVATE_KEY/.test(expression)) return fixtureKey('client-private-pkcs8.pem');
    if (/PUBLIC_KEY/.test(expression)) return fixtureKey('platform-public.pem');
    if (/TASK_ID|JOB_ID|task_id|transfer_id|run_id|number/.test(expression)) return '1229831';
    if (/QUEUE_ID|GROUP_ID/.test(expression)) return '7';
    return 'example-value';
  };
  const steps = DOC_PAGES.flatMap((page) => [...read(page).matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)]).flatMap(
    (block) => {
      const parsed: unknown = parse(block[1] ?? '');
      return (Array.isArray(parsed) ? parsed : []).filter(
        (step): step is { with: Record<string, unknown> } =>
          typeof step === 'object' &&
          step !== null &&
          'with' in step &&
          String((step as { uses?: unknown }).uses).startsWith('elastic-deploy-action/')
      );
    }
  );

  it('has examples of the action to check', () => {
    expect(steps.length).toBeGreaterThanOrEqual(15);
  });

  /** The action.yml an example uses: the root one, or a capability's. */
  const actionOf = (uses: unknown): typeof action => actionYmlOf(uses) as typeof action;

  it("shows the capability actions first: the README's first example uses one, and its examples each", () => {
    expect(String((steps[0] as { uses?: unknown }).uses)).toMatch(/\/deploy@v0$/);
    for (const capability of CAPABILITIES)
      expect(readme).toContain(`uses: elastic-deploy-action/elastic-deploy-action/${capability.name}@v0`);
  });

  it.each(steps.map((step, i) => [i + 1, String(step.with.operation), step] as const))(
    'example step %i (%s) of the README and docs/ has inputs the action accepts and can plan',
    (_i, _operation, step) => {
      const expand = (value: unknown): string =>
        String(value).replace(/\$\{\{([^}]*)\}\}/g, (_m, expression: string) => placeholder(expression));
      // The inputs the runner gives the step: those of its with:, each one its action declares, and the
      // defaults of a capability's operation and hidden input.
      const used = actionOf((step as { uses?: unknown }).uses);
      for (const name of Object.keys(step.with)) expect([name, name in used.inputs]).toEqual([name, true]);
      const given = Object.fromEntries(
        Object.entries(step.with).map(([name, value]) => [name, expand(value)])
      );
      const inputs = { ...defaultsOf(used, [CAPABILITY_INPUT, 'operation']), ...given };
      expect(() => {
        checkCapability(inputs[CAPABILITY_INPUT] ?? '', inputs.operation ?? '');
      }).not.toThrow();
      const settings = readSettings(
        (name) => inputs[name] ?? '',
        () => undefined
      );
      expect(() => planCalls(settings)).not.toThrow();
    }
  );

  const DOCS = [...DOC_PAGES, 'CONTRIBUTING.md', 'SECURITY.md', 'emulator/README.md'];

  it.each(DOCS)('%s passes outputs and inputs to scripts through env:, never ${{ }} inside run:', (file) => {
    const problems = [...read(file).matchAll(/^```ya?ml\n([\s\S]*?)^```/gm)].flatMap((block) =>
      runExpressionProblems(file, block[1] ?? '', read(file).slice(0, block.index).split('\n').length + 1)
    );
    expect(problems).toEqual([]);
  });

  it('finds ${{ }} in one-line and block run: scripts, and not in with: or env:', () => {
    const text = [
      '- run: curl "${{ steps.d.outputs.url }}"',
      '- env:',
      '    URL: ${{ steps.d.outputs.url }}',
      '  run: curl "$URL"',
      '- run: |',
      '    echo ok',
      '    ./deploy.sh ${{ inputs.x }}',
      '- with:',
      '    task_name: e2e-${{ github.run_id }}'
    ].join('\n');
    expect(runExpressionProblems('x.md', text, 10).map((p) => p.line)).toEqual([10, 14]);
  });
});

describe('the issue templates', () => {
  const template = (name: string) =>
    parse(read(`.github/ISSUE_TEMPLATE/${name}.yml`)) as {
      body: { id?: string; attributes: { label: string } }[];
    };
  it.each([
    ['bug', ['version', 'host', 'operation', 'profile', 'what', 'log']],
    ['feature', ['version', 'operation', 'need']]
  ])('%s asks for the version, the operation and what a maintainer needs', (name, ids) => {
    expect(template(name).body.flatMap((field) => (field.id === undefined ? [] : [field.id]))).toEqual(ids);
  });

  it('asks for the log with secrets masked', () => {
    expect(read('.github/ISSUE_TEMPLATE/bug.yml')).toContain('The log, secrets masked');
  });
});

describe('the release', () => {
  it('has a CHANGELOG section for the version in package.json, and a workflow that publishes it', () => {
    const { version } = JSON.parse(read('package.json')) as { version: string };
    expect(read('CHANGELOG.md')).toMatch(
      new RegExp(`^## \\[${version.replace(/\./g, '\\.')}\\] - \\d{4}-\\d{2}-\\d{2}$`, 'm')
    );
    const workflow = read('.github/workflows/release.yml');
    expect(workflow).toContain('./.ci/run');
    expect(workflow).toContain('gh release create');
    expect(workflow).toContain('--notes');
  });
});

describe('the workflows', () => {
  it('pass actionlint and the repository rules', async () => {
    expect(await lintWorkflows()).toEqual([]);
  });

  it('declare permissions and pin third-party actions by full commit SHA', () => {
    const text = [
      'name: x',
      'on: push',
      'jobs:',
      '  a:',
      '    steps:',
      '      - uses: actions/checkout@v7',
      '      - uses: ./local',
      '      - uses: actions/setup-node@820762786026740c76f36085b0efc47a31fe5020 # v7.0.0'
    ].join('\n');
    expect(policyProblems('x.yml', text)).toEqual([
      {
        file: 'x.yml',
        line: 1,
        message: 'no top-level permissions: declare them (read-only unless a job needs more)'
      },
      {
        file: 'x.yml',
        line: 6,
        message: 'actions/checkout@v7 is not pinned by full commit SHA with its version in a comment'
      }
    ]);
  });
});

describe('the entry points', () => {
  it('main.ts and post.ts each export run(), the function @github/local-action calls', async () => {
    // One after the other: Jest's ESM loader can fail to link a module two concurrent imports share.
    const main = await import('../src/main.js');
    const post = await import('../src/post.js');
    expect([typeof main.run, typeof post.run]).toEqual(['function', 'function']);
  });
});

describe('the package', () => {
  it('names the version it sends in the User-Agent as package.json does', () => {
    expect(VERSION).toBe((JSON.parse(read('package.json')) as { version: string }).version);
  });
});
