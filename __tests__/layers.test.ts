// The one-way rule of CONTRIBUTING.md: src/ holds the entry points at its root and the layers below
// them, and every import (a lazy import() too) goes down this list or stays in its layer, never in a circle.
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { sourceFiles } from './helpers/source-files.js';

const SRC = fileURLToPath(new URL('../src/', import.meta.url));
/** Lowest first: a module may import from its own layer and the layers before it. */
const LAYERS = ['basics', 'protocol', 'platform', 'deploy', 'host', 'github', 'action', 'cli', '.'];
/**
 * deploy/ is a folder per capability above one engine (CONTRIBUTING.md): each capability holds its flows,
 * its kind-specific steps, its report parts and its operations' declarations; a capability imports the
 * engine (and the layers below deploy/), never another capability. Above them, deploy/'s own modules
 * (DEPLOY_TOP) are the one gathering point: every capability's declarations (operations.ts) and report
 * parts (report-parts.ts), the capabilities' actions, each running the operations whose declarations name
 * it (capabilities.ts), every input read into the settings from a host's raw texts (settings.ts, with the
 * mappings' and the YAML parser's reads: mappings.ts, yaml.ts), the step planned and run by its
 * declaration (step.ts), and the door the hosts import (door.ts). The engine imports no capability and nothing of the top.
 */
const CAPABILITIES = [
  'deployments',
  'jobs',
  'previews',
  'storage',
  'copies',
  'preheat',
  'requests',
  'runners'
];
const DEPLOY_TOP = [
  'capabilities.ts',
  'door.ts',
  'mappings.ts',
  'operations.ts',
  'report-parts.ts',
  'settings.ts',
  'step.ts',
  'yaml.ts'
];
/**
 * The rooms of deploy/engine/, lowest first: the outputs and inputs declared; reading and stopping tasks;
 * waiting for them; the cluster storage the engine keeps (volumes and transfers made sure of, copied with,
 * mounted, stopped and deleted); creating tasks; making a plan's calls and what a step did; what the
 * engine adds to what a step reports (the cap, the placement) and the parts' shape; waiting for a change
 * to serve; finishing what a step left (the post step); the flows every capability shares; the
 * operation's declaration's shape.
 */
const DEPLOY_ROOMS = [
  'outputs',
  'inputs',
  'tasks',
  'wait',
  'storage',
  'create',
  'calls',
  'report',
  'change',
  'cleanup',
  'flows',
  'operations'
];

const layerOf = (file: string): string => {
  const first = relative(SRC, file).split('/')[0] ?? '';
  return LAYERS.includes(first) ? first : '.';
};

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)].map((m) => m[1] ?? '');
  return specs.map((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
}

/** The import circles of a graph of modules, each as its files relative to `base`, joined by arrows. */
function circlesOf(imports: ReadonlyMap<string, readonly string[]>, base: string): string[] {
  const circles: string[] = [];
  const state = new Map<string, 'open' | 'done'>();
  const visit = (file: string, path: string[]): void => {
    if (state.get(file) === 'done') return;
    if (state.get(file) === 'open') {
      circles.push([...path.slice(path.indexOf(file)), file].map((f) => relative(base, f)).join(' -> '));
      return;
    }
    state.set(file, 'open');
    for (const target of imports.get(file) ?? []) visit(target, [...path, file]);
    state.set(file, 'done');
  };
  for (const file of imports.keys()) visit(file, []);
  return circles;
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file)]));

describe('the layers of src/', () => {
  it('has only entry points at the root of src/, and every other module in a layer folder', () => {
    const root = files.filter((f) => dirname(f) === resolve(SRC)).map((f) => relative(SRC, f));
    expect(root.sort()).toEqual(['cli.ts', 'index.ts', 'main.ts', 'post.ts']);
    const folders = new Set(
      files
        .map((f) => relative(SRC, f).split('/'))
        .filter((p) => p.length > 1)
        .map((p) => p[0])
    );
    expect([...folders].sort()).toEqual([
      'action',
      'basics',
      'cli',
      'deploy',
      'github',
      'host',
      'platform',
      'protocol'
    ]);
  });

  it('imports only downwards or within a layer', () => {
    const upward = [...graph].flatMap(([file, imports]) =>
      imports
        .filter((target) => LAYERS.indexOf(layerOf(target)) > LAYERS.indexOf(layerOf(file)))
        .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`)
    );
    expect(upward).toEqual([]);
  });

  it('has no import circle', () => {
    expect(circlesOf(graph, SRC)).toEqual([]);
  });

  it('keeps basics/ free of imports, and protocol/ and basics/ free of I/O beyond node:crypto', () => {
    const io = [...graph.keys()].filter((file) => {
      const layer = layerOf(file);
      if (layer !== 'basics' && layer !== 'protocol') return false;
      const text = readFileSync(file, 'utf8');
      const packages = [...text.matchAll(/from\s+'([^.'][^']*)'/g)].map((m) => m[1]);
      return (
        packages.some((name) => name !== 'node:crypto' && name !== 'lossless-json') ||
        (layer === 'basics' && (graph.get(file) ?? []).length > 0)
      );
    });
    expect(io.map((f) => relative(SRC, f))).toEqual([]);
  });

  it('names no action input in protocol/', () => {
    const inputs = [
      ...readFileSync(fileURLToPath(new URL('../action.yml', import.meta.url)), 'utf8').matchAll(
        /^ {2}([a-z_]+):$/gm
      )
    ]
      .map((m) => m[1] ?? '')
      .filter((name) => name.includes('_'));
    const named = files
      .filter((f) => layerOf(f) === 'protocol')
      .flatMap((file) =>
        inputs
          .filter((input) => readFileSync(file, 'utf8').includes(input))
          .map((input) => `${relative(SRC, file)}: ${input}`)
      );
    expect(named).toEqual([]);
  });

  const deployPart = (file: string): string | undefined => {
    const [layer, part, ...rest] = relative(SRC, file).split('/');
    if (layer !== 'deploy') return undefined;
    return rest.length === 0 ? 'top' : part;
  };

  it('has deploy/ as a folder per capability above one engine, and the gathering point above them', () => {
    const parts = new Set(files.map(deployPart).filter((part) => part !== undefined));
    expect([...parts].sort()).toEqual(['engine', 'top', ...CAPABILITIES].sort());
    const top = files.filter((file) => deployPart(file) === 'top').map((file) => relative(SRC, file));
    expect(top.sort()).toEqual(DEPLOY_TOP.map((name) => `deploy/${name}`).sort());
  });

  it('lets a capability import the engine, never another capability nor the gathering point', () => {
    const crossing = [...graph].flatMap(([file, imports]) => {
      const from = deployPart(file);
      if (from === undefined || !CAPABILITIES.includes(from)) return [];
      return imports
        .filter((target) => {
          const to = deployPart(target);
          return to !== undefined && to !== from && to !== 'engine';
        })
        .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`);
    });
    expect(crossing).toEqual([]);
  });

  it('lets the engine import no capability and nothing of the gathering point', () => {
    const reaching = [...graph].flatMap(([file, imports]) =>
      deployPart(file) === 'engine'
        ? imports
            .filter((target) => ![undefined, 'engine'].includes(deployPart(target)))
            .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`)
        : []
    );
    expect(reaching).toEqual([]);
  });

  it('has the engine in one room per concern, whose imports go one way: a room uses only the rooms before it', () => {
    const roomOf = (file: string): string | undefined => {
      const [layer, engine, room, ...rest] = relative(SRC, file).split('/');
      return layer === 'deploy' && engine === 'engine' && rest.length > 0 ? room : undefined;
    };
    const rooms = new Set(files.map(roomOf).filter((room) => room !== undefined));
    expect([...rooms].sort()).toEqual([...DEPLOY_ROOMS].sort());
    // The spine (deploy/engine/*.ts: the context, the settings, the owners of time, the cleanup record) is
    // no room: every room may use it, and it uses none, so it cannot carry a room's import past the order.
    const spineReaching = [...graph].flatMap(([file, imports]) =>
      dirname(file) === resolve(SRC, 'deploy/engine')
        ? imports
            .filter((target) => roomOf(target) !== undefined)
            .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`)
        : []
    );
    expect(spineReaching).toEqual([]);
    const backwards = [...graph].flatMap(([file, imports]) => {
      const from = roomOf(file);
      if (from === undefined) return [];
      return imports
        .filter((target) => {
          const to = roomOf(target);
          return to !== undefined && DEPLOY_ROOMS.indexOf(to) > DEPLOY_ROOMS.indexOf(from);
        })
        .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`);
    });
    expect(backwards).toEqual([]);
  });

  // github/ is no part of the engine: it is the GitHub API a host's preview steps record on, below the action.
  it('lets the hosts reach the engine through its one interface, deploy/door.ts, and basics/ and github/', () => {
    const door = resolve(SRC, 'deploy/door.ts');
    const past = [...graph].flatMap(([file, imports]) =>
      ['host', 'action', 'cli', '.'].includes(layerOf(file))
        ? imports
            .filter(
              (target) =>
                !['host', 'github', 'action', 'cli', 'basics', '.'].includes(layerOf(target)) &&
                target !== door
            )
            .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`)
        : []
    );
    expect(past).toEqual([]);
  });

  it('lets every module outside deploy/ (github/ too) import from deploy/ only its door', () => {
    const door = resolve(SRC, 'deploy/door.ts');
    const past = [...graph].flatMap(([file, imports]) =>
      layerOf(file) === 'deploy'
        ? []
        : imports
            .filter((target) => layerOf(target) === 'deploy' && target !== door)
            .map((target) => `${relative(SRC, file)} imports ${relative(SRC, target)}`)
    );
    expect(past).toEqual([]);
  });

  // Issue 61, point 5: the door is narrow: what a host runs, shows and reads its inputs by, and nothing
  // besides: every name it exports is imported from it by a module outside deploy/.
  it('has the door export only what a module outside deploy/ imports from it', () => {
    const door = resolve(SRC, 'deploy/door.ts');
    const namesIn = (list: string): string[] =>
      list
        .split(',')
        .map((name) => name.trim().replace(/^type\s+/, ''))
        .filter((name) => name !== '');
    const exported = [...readFileSync(door, 'utf8').matchAll(/export\s+(?:type\s+)?\{([^}]*)\}/g)].flatMap(
      (m) => namesIn(m[1] ?? '').map((name) => name.split(/\s+as\s+/).pop() ?? name)
    );
    const imported = new Set(
      files
        .filter((file) => layerOf(file) !== 'deploy')
        .flatMap((file) =>
          [...readFileSync(file, 'utf8').matchAll(/import\s+(?:type\s+)?\{([^}]*)\}\s+from\s+'([^']+)'/g)]
            .filter((m) => resolve(dirname(file), (m[2] ?? '').replace(/\.js$/, '.ts')) === door)
            .flatMap((m) => namesIn(m[1] ?? '').map((name) => name.split(/\s+as\s+/)[0] ?? name))
        )
    );
    expect(exported.filter((name) => !imported.has(name))).toEqual([]);
  });

  it('names no operation above deploy/: no branch on one, no string equal to one', () => {
    const operations = [
      ...readFileSync(resolve(SRC, 'platform/platform-settings.ts'), 'utf8').matchAll(/^ {2}'([a-z_]+)',?$/gm)
    ].map((m) => m[1] ?? '');
    expect(operations).toContain('replace');
    // An input may share its name with an operation (the preheat input and operation): reading the input
    // by its name is no use of the operation, so that is left out, and nothing else.
    const inputNames = Object.keys(
      (parse(readFileSync(resolve(SRC, '../action.yml'), 'utf8')) as { inputs: Record<string, unknown> })
        .inputs
    );
    const inputRead = new RegExp(
      `\\b(get|given|text|raw|flag|parse[A-Za-z]*)\\(\\s*'(${inputNames.join('|')})'`,
      'g'
    );
    const named = files
      .filter((file) => ['host', 'action', 'cli', '.'].includes(layerOf(file)))
      .flatMap((file) => {
        const text = readFileSync(file, 'utf8').replace(inputRead, '$1(<input>');
        return operations
          .filter((operation) => new RegExp(`['"\`]${operation}['"\`]`).test(text))
          .map((operation) => `${relative(SRC, file)}: '${operation}'`);
      });
    expect(named).toEqual([]);
  });

  // Issue 50: what a status word means is the kind's (platform/task-kinds.ts) or the platform's data
  // modules' (task-data, node-data, preheat-data...); nothing above platform/ reads one itself.
  it('names a task, job, node or preheat status only in the kinds and the data modules of platform/', () => {
    const words = ['Running', 'Pending', 'Paused', 'End', 'Other', 'Complete', 'Completed', 'Failed'];
    const extra = ['Manual', 'Queued', 'Succeeded', 'Begin', 'Syncing'];
    const literal = new RegExp(`['"\`](${[...words, ...extra].join('|')})['"\`]`, 'g');
    const readers = (file: string): boolean =>
      /^platform\/(task-kinds|[a-z-]+-data)\.ts$/.test(relative(SRC, file));
    // The inputs' and outputs' descriptions (documentation, as action.yml's were, where they are made
    // from) name statuses in code marks for the reader: words of prose, never a status read.
    const prose = /\b(?:description|cliDescription):\s*('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")/g;
    const named = files
      .filter((file) => !readers(file))
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .replace(prose, '')
          .split('\n')
          .filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line))
          .flatMap((line) => [...line.matchAll(literal)].map((m) => `${relative(SRC, file)}: ${m[0]}`))
      );
    expect(named).toEqual([]);
  });

  it('branches on no kind by its name: a kind is a row of platform/task-kinds.ts, asked, never named', () => {
    const kinds = ['deployment', 'job', 'preheat'].join('|');
    const branch = new RegExp(
      `(===|!==)\\s*'(${kinds})'|'(${kinds})'\\s*(===|!==)|case '(${kinds})':|'deployment'`,
      'g'
    );
    const named = files
      .filter((file) => relative(SRC, file) !== 'platform/task-kinds.ts')
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .filter((line) => !/^\s*(\/\/|\*|\/\*\*)/.test(line))
          .flatMap((line) => [...line.matchAll(branch)].map((m) => `${relative(SRC, file)}: ${m[0]}`))
      );
    expect(named).toEqual([]);
  });

  // Issue 50, point 4: one way to read a task's state, whatever the kind (its detail call, its snapshot reader).
  it("reads a task's detail in one place: deploy/engine/tasks/read-task.ts", () => {
    const readers = files
      .filter((file) => readFileSync(file, 'utf8').includes('detailCall('))
      .map((file) => relative(SRC, file));
    expect(readers.sort()).toEqual(['deploy/engine/tasks/read-task.ts', 'platform/operations/calls.ts']);
  });

  // Issue 50, point 6: the post step ran with the main step's code loaded; what both write is step-files.ts.
  it('keeps the post step apart from the main step: neither imports the other', () => {
    const post = resolve(SRC, 'action/post-step.ts');
    const main = resolve(SRC, 'action/main-step.ts');
    expect([graph.get(post)?.includes(main), graph.get(main)?.includes(post)]).toEqual([false, false]);
  });

  // Issue 50, point 7: the emulator by resource, a store and a routes file each, in files a reader can hold.
  it('keeps the emulator free of import circles, and every file of it within 450 lines', () => {
    const emulator = fileURLToPath(new URL('../emulator/', import.meta.url));
    const own = sourceFiles(emulator);
    const imports = new Map(own.map((file) => [file, importsOf(file)]));
    expect(circlesOf(imports, emulator)).toEqual([]);
    const long = own
      .map((file) => ({
        file: relative(emulator, file),
        lines: readFileSync(file, 'utf8').split('\n').length - 1
      }))
      .filter(({ lines }) => lines > 450);
    expect(long).toEqual([]);
  });

  it.each(['emulator', 'github-standin'])(
    'leaves %s/ independent of src/: it is the other side, written apart',
    (folder) => {
      const root = fileURLToPath(new URL(`../${folder}/`, import.meta.url));
      const reaching = sourceFiles(root).filter((file) =>
        importsOf(file).some((target) => target.startsWith(resolve(SRC)))
      );
      expect(reaching.map((file) => relative(root, file))).toEqual([]);
      const long = sourceFiles(root).filter(
        (file) => readFileSync(file, 'utf8').split('\n').length - 1 > 450
      );
      expect(long.map((file) => relative(root, file))).toEqual([]);
    }
  );
});
