import type { Flow } from '../flows/flow.js';
import type { InputName } from '../inputs/index.js';
import type { OutputName } from '../outputs/outputs.js';

/**
 * The capability actions (deploy/, job/, preview/, data/, runner/: see deploy/capabilities.ts), each an action.yml of
 * its own beside the root one, which runs every operation.
 */
export type CapabilityName = 'deploy' | 'job' | 'preview' | 'data' | 'runner';

/** What a step of the operation does beside its calls, which an input that asks for it needs. */
export interface OperationUses {
  /** It picks a resource by gpu (a create, or a preheat); gpu is refused for any other. */
  readonly capacity?: true;
  /** It copies the data input in before it creates (a job, a create, a replace); refused for any other. */
  readonly dataIn?: true;
  /** It copies the results input out after what it made ended (a job); refused for any other. */
  readonly resultsOut?: true;
  /** It mounts the volumes input into a running task (an update), as a create mounts them in a new one. */
  readonly mounts?: true;
  /** It copies what the copies input names (copy); refused for any other. */
  readonly copies?: true;
}

/**
 * One operation, declared once: what it is for, what it takes and writes (by the inputs' and outputs'
 * declared names), its command lines, its flow, and what the rest of the step reads of it. The CLI's
 * help, docs/reference.md, the step's checks and the post step read it; nothing else names operations.
 */
export interface OperationDeclaration<N extends string = string> {
  readonly name: N;
  /**
   * The capability actions that run it, beside the root action (none: the root action's alone). Each
   * action lists its operations in the order of OPERATIONS.
   */
  readonly capabilities?: readonly CapabilityName[];
  /** What it is for, in one line (the CLI's help, docs/reference.md). */
  readonly summary: string;
  /** The inputs it needs (without which it is refused, or does nothing of use). */
  readonly needs: readonly InputName[];
  /** The other inputs it takes, beside those of every operation (COMMON_INPUTS). */
  readonly inputs: readonly InputName[];
  /** Its own outputs, beside those of every operation (COMMON_OUTPUTS). */
  readonly outputs: readonly OutputName[];
  /**
   * One or two command lines, the first things its help shows, and a comment (#) where one names a file:
   * each runs as written (with ELASTIC_DEPLOY_TOKEN set, and the file it names in the workspace); a test
   * holds them to that, as dry runs against the emulator.
   */
  readonly examples: readonly string[];
  /**
   * What happens over time once its calls are planned. The calls and the waits of the common operations
   * are in the bundle's first file; each other flow is a chunk loaded when a step takes it.
   */
  readonly flow: () => Promise<Flow>;
  /**
   * What the post step does with what the step creates when cleanup is empty (none unless set): a job's
   * is stop, for a job is only worth its verdict, and one left running after its wait bills with nobody
   * to read it.
   */
  readonly cleanupByDefault?: 'stop';
  /** What it makes bills until it is ended (a task, a job, a volume). */
  readonly bills?: true;
  /**
   * Where max_cost is held: while the step waits on what it made (by default), while it waits when asked
   * (wait: true), or by the step itself (the preview sweep: what each pull request's previews cost; a
   * runner step: its runner jobs while it waits for their runners).
   */
  readonly maxCost?: 'while waiting' | 'with wait: true' | 'itself';
  /** What the post step finishes of what a step of it left, whatever cleanup says. */
  readonly postFinishes?: 'changes' | 'made volumes' | 'running transfers';
  /** The event it follows: the host reads a pull request's event before anything else. */
  readonly event?: 'pull_request';
  readonly uses?: OperationUses;
}

/** The declaration as written: its name kept a literal. */
export const operation = <const D extends OperationDeclaration>(declaration: D): D => declaration;

/** A flow of the bundle's first file. */
export const ready = (flow: Flow) => (): Promise<Flow> => Promise.resolve(flow);

/** A web service's body, as the platform's reference requires a create's: services with their ports. */
export const WEB = `'{services: [{service_name: web, service_image: "nginx:1.27", remote_ports: [{service_port: 80}]}]}'`;
