// The self-hosted runners GitHub knows, for the repository and for its organization: each registered by a
// just-in-time configuration (generate-jitconfig), ephemeral, offline until its runner connects. The
// configuration is an opaque base64 text, as GitHub's is (a JSON of the runner's files, each in base64),
// that the stand-in recognises by the secret it holds; a configuration serves one runner session only.
import { createHash } from 'node:crypto';

/** Where a runner is registered: the repository's runners, or its organization's. */
export type RunnerScope = 'repo' | 'org';

export interface RunnerFacts {
  readonly id: number;
  readonly scope: RunnerScope;
  readonly name: string;
  readonly groupId: number;
  /** The custom labels, as the configuration's request gave them. */
  readonly labels: readonly string[];
  readonly workFolder: string;
  status: 'online' | 'offline';
  busy: boolean;
  /** The runner's version, once it has connected. */
  version: string | null;
  /** The secret its configuration holds. */
  readonly secret: string;
  /** A runner has started a session with the configuration: it serves no other. */
  used: boolean;
}

/** The labels GitHub gives every self-hosted Linux x64 runner, read-only. */
const READ_ONLY = ['self-hosted', 'Linux', 'X64'];
/** The runner version a simulated runner reports once connected. */
export const RUNNER_VERSION = '2.328.0';

export class RunnerBook {
  readonly #runners: RunnerFacts[] = [];
  readonly #labelIds = new Map<string, number>();
  readonly #issued: string[] = [];
  #configs = 0;

  constructor(private readonly nextId: () => number) {}

  /** The runners of a scope, oldest first (as GitHub lists them), `name` the one of that name. */
  list(scope: RunnerScope, name?: string): RunnerFacts[] {
    return this.#runners.filter((r) => r.scope === scope && (name === undefined || r.name === name));
  }

  get(scope: RunnerScope, id: number): RunnerFacts | undefined {
    return this.#runners.find((r) => r.scope === scope && r.id === id);
  }

  /**
   * Every configuration generate-jitconfig has answered, in order, the removed runners' too: what a test
   * searches everything a step wrote for (a configuration is a secret).
   */
  issued(): readonly string[] {
    return this.#issued;
  }

  /** Every runner still registered, whatever its scope. */
  all(): readonly RunnerFacts[] {
    return this.#runners;
  }

  /** Registers a runner and gives its configuration; undefined when the scope has one of that name. */
  register(
    scope: RunnerScope,
    request: { name: string; groupId: number; labels: readonly string[]; workFolder: string },
    serverUrl: string
  ): { runner: RunnerFacts; config: string } | undefined {
    if (this.list(scope, request.name).length > 0) return undefined;
    const id = this.nextId();
    const secret = createHash('sha256').update(`jit ${id} ${++this.#configs}`).digest('hex');
    const runner: RunnerFacts = {
      ...request,
      id,
      scope,
      status: 'offline',
      busy: false,
      version: null,
      secret,
      used: false
    };
    this.#runners.push(runner);
    const config = encodeConfig(runner, serverUrl);
    this.#issued.push(config);
    return { runner, config };
  }

  remove(runner: RunnerFacts): void {
    const at = this.#runners.indexOf(runner);
    if (at >= 0) this.#runners.splice(at, 1);
  }

  /** The runner a configuration's secret names, while it is registered. */
  bySecret(secret: string): RunnerFacts | undefined {
    return this.#runners.find((r) => r.secret === secret);
  }

  /** The runner as GitHub's REST API writes it (the description's `runner`). */
  answer(runner: RunnerFacts): Record<string, unknown> {
    const label = (name: string, type: 'read-only' | 'custom'): Record<string, unknown> => {
      if (!this.#labelIds.has(name)) this.#labelIds.set(name, this.#labelIds.size + 1);
      return { id: this.#labelIds.get(name), name, type };
    };
    return {
      id: runner.id,
      runner_group_id: runner.groupId,
      name: runner.name,
      // GitHub knows the system once the runner has connected; "unknown" before.
      os: runner.version === null ? 'unknown' : 'Linux',
      status: runner.status,
      busy: runner.busy,
      ephemeral: true,
      version: runner.version,
      labels: [
        ...READ_ONLY.map((name) => label(name, 'read-only')),
        ...runner.labels.map((name) => label(name, 'custom'))
      ]
    };
  }
}

/** The base64 configuration GitHub hands out: the runner's files (.runner, .credentials), each in base64. */
function encodeConfig(runner: RunnerFacts, serverUrl: string): string {
  const file = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64');
  return file({
    '.runner': file({
      agentId: String(runner.id),
      agentName: runner.name,
      poolId: String(runner.groupId),
      serverUrl,
      workFolder: runner.workFolder,
      ephemeral: 'true'
    }),
    '.credentials': file({ scheme: 'OAuth', data: { clientId: runner.secret } })
  });
}

/**
 * What a runner reads of a configuration: the secret of its credentials, or the error text the runner
 * prints when it cannot read one (GitHub's runner writes .NET's message of the failure and exits 1).
 */
export function decodeConfig(encoded: string): { secret: string } | { error: string } {
  const base64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
  const notBase64 = {
    error:
      'The input is not a valid Base-64 string as it contains a non-base 64 character, more than two ' +
      'padding characters, or an illegal character among the padding characters.'
  };
  if (encoded === '' || !base64.test(encoded)) return notBase64;
  const text = Buffer.from(encoded, 'base64').toString('utf8');
  let files: unknown;
  try {
    files = JSON.parse(text);
  } catch {
    return {
      error: `Unexpected character encountered while parsing value: ${text.charAt(0)}. Path '', line 0, position 0.`
    };
  }
  const credentials = (files as Record<string, unknown> | null)?.['.credentials'];
  if (typeof credentials !== 'string' || !base64.test(credentials)) return notBase64;
  try {
    const parsed = JSON.parse(Buffer.from(credentials, 'base64').toString('utf8')) as {
      data?: { clientId?: unknown };
    };
    const secret = parsed.data?.clientId;
    return typeof secret === 'string' ? { secret } : { secret: '' };
  } catch {
    return notBase64;
  }
}
