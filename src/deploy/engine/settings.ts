import type { RunnerScopeName } from './runner-host.js';
import type { PlatformSettings, WaitMode } from '../../platform/platform-settings.js';

/** How a step waits, as the wait inputs say. */
export interface WaitSettings {
  mode: WaitMode;
  timeoutMs: number;
  /** Why timeoutMs, when wait_timeout was empty: the operation's default, in words (see defaultWait). */
  timeoutWhy?: string;
  intervalMs: number;
  /** Dot path to the status inside the task detail's data. */
  statusField: string[];
  /** Override the statuses that end a wait well or badly (defaults depend on what is awaited). */
  successStatuses: string[] | undefined;
  failureStatuses: string[] | undefined;
  /** Ready also needs every services[].remote_ports[].url to be set. */
  waitForUrls: boolean;
  /** Consecutive failed polls of a task that end the wait for it. */
  pollErrorBudget: number;
  /** Restarts of a container that fail a wait until ready (0: never). */
  maxRestarts: number;
  /** Lines of each service's log that a failed wait shows (0: none). */
  logLines: number;
}

/** A cluster preheat caches the images in the region; a node preheat prepares nodes there. */
export type PreheatMode = 'region' | 'node';

/** How a step preheats before it creates (preheat, preheat_timeout). */
export interface PreheatSettings {
  mode: 'none' | PreheatMode;
  timeoutMs: number;
}

/** What the deploy layer reads of the settings. */
export interface DeploySettings extends PlatformSettings {
  wait: WaitSettings;
  health: HealthSettings;
  /** What the post step does with the tasks this step creates. */
  cleanup: 'none' | 'stop' | 'pause';
  /** How long the post step keeps trying to clean up (and to find a task by name) before it gives up loudly. */
  cleanupTimeoutMs: number;
  /**
   * max_cost: the most the tasks or jobs a step waits on may cost together (billed plus not billed yet), in
   * yuan as decimal text; at it they are stopped and the step fails. Undefined: no cap.
   */
  maxCost: string | undefined;
  /** The resource a new task asks for by GPU model, instead of a mark in the body; undefined when gpu is empty. */
  capacity: CapacityWish | undefined;
  /** Whether, and how long, to preheat the images where the new task will run, before creating it. */
  preheat: PreheatSettings;
  /** Which nodes replace_node deletes, and whether it may delete the last running one. */
  nodeChoice: NodeChoice;
  /**
   * Whether a Spot job runs on demand when Spot cannot run it (spot_fallback), and how long it may stay
   * Queued before (queue_timeout); undefined: it stays Spot.
   */
  spotFallback: { queueTimeoutMs: number } | undefined;
  /** The cluster storage volume the step concerns, and what it may do to it. */
  storage: StorageSettings;
  /** What a preview of a pull request, and the sweep of the previews, take. */
  previews: PreviewSettings;
  /** What a GPU runner for a workflow's job, its stop and its sweep take. */
  selfHosted: RunnerSettings;
}

/** The runner inputs (github_token is the previews'). */
export interface RunnerSettings {
  /** runner_scope: where the runners register. */
  scope: RunnerScopeName;
  /** runner_labels: the labels each runner has beside its own. */
  labels: readonly string[];
  /** runners: how many runners to start, each a platform job. */
  count: number;
  /** runner_timeout: the most each runner's platform job runs (its job_support.timeout_sec). */
  timeoutMs: number;
  /** allow_untrusted: start runners on a fork's pull request, and on pull_request_target. */
  allowUntrusted: boolean;
}

/** The preview inputs: GitHub's token, the comment, and the caps on the previews of a repository. */
export interface PreviewSettings {
  /** github_token: the workflow's GITHUB_TOKEN (masked); undefined when empty. */
  githubToken: string | undefined;
  /** Keep one comment on the pull request, updated in place (comment: true). */
  comment: boolean;
  /** The most previews of the task_name that may run at once (max_previews). */
  maxPreviews: number;
  /** preview_sweep: a preview not deployed for this long is stopped, whatever its pull request's state. */
  ttlMs: number;
}

/** What becomes of a volume the step created, once the job ends: kept for the next run, or deleted. */
export type VolumeCleanup = 'keep' | 'delete';

/** The volume inputs: volume, size, region, storage_class, volume_cleanup, confirm and force. */
export interface StorageSettings {
  /** A volume's name, or its storage_id (digits); undefined when volume is empty. */
  volume: string | undefined;
  /** The least size the volume must have, in bytes (size is in GiB); undefined when size is empty. */
  sizeBytes: number | undefined;
  /** The region (its tag, as pre-create and the list give it) the volume must be in; any when undefined. */
  region: string | undefined;
  /** The storage class the volume must be of, by its id (nfs-standard) or its name (标准型); any when undefined. */
  storageClass: string | undefined;
  volumeCleanup: VolumeCleanup;
  /** volume_delete's confirmation: the volume's name or id, typed again. */
  confirm: string | undefined;
  /** A delete that skips the platform's checks (a volume mounted, or with a transfer under way). */
  force: boolean;
  transfer: TransferSettings;
  /** The volumes and juicefs_mounts inputs: what a new task or job mounts (or a running task, by update). */
  mounts: readonly Mount[];
  /** What a job's data is (copied into volumes before it is created) and where its results go after. */
  data: readonly DataCopy[];
  results: readonly DataCopy[];
  /** What the copy operation copies, each line into a volume or out of one (the copies input). */
  copies: readonly DataCopy[];
  /**
   * The directory workspace paths are relative to: GITHUB_WORKSPACE on a runner, else `.` (the working
   * directory, the command line's).
   */
  workspace: string;
}

/**
 * A copy of data or results, between two places: data into a volume (from an object prefix, or from the
 * workspace over the volume's SFTP session), results out of one (to an object prefix, or to the workspace).
 */
export type DataCopy =
  | { readonly from: ObjectsPlace | WorkspacePlace; readonly to: VolumePlace }
  | { readonly from: VolumePlace; readonly to: ObjectsPlace | WorkspacePlace };

/** A side of a copy. */
export type CopyPlace = ObjectsPlace | WorkspacePlace | VolumePlace;

/** A prefix of the bucket the s3_* inputs name. */
export interface ObjectsPlace {
  readonly kind: 'objects';
  readonly prefix: string;
}

/** A path in the workspace (StorageSettings.workspace), relative to it, as written: `.` or `./dataset/`. */
export interface WorkspacePlace {
  readonly kind: 'workspace';
  readonly path: string;
}

/** A path in a volume, absolute in it. */
export interface VolumePlace {
  readonly kind: 'nas';
  /** The volume's name, or its storage_id. */
  readonly volume: string;
  readonly path: string;
}

/** The volume a copy reads or writes, and its other side. */
export function copySides(copy: DataCopy): { volume: VolumePlace; other: ObjectsPlace | WorkspacePlace } {
  return copy.to.kind === 'nas'
    ? { volume: copy.to, other: copy.from as ObjectsPlace | WorkspacePlace }
    : { volume: copy.from as VolumePlace, other: copy.to };
}

/** A storage mounted into a task's services: all of them, or the one named. */
export interface Mount {
  /** A cluster storage volume (volumes), or an object storage accelerated for mounts (juicefs_mounts). */
  readonly kind: 'nas' | 'juicefs';
  readonly service: string | undefined;
  /** The storage's name, or its storage_id. */
  readonly storage: string;
  /** Where it is mounted in the container, absolute. */
  readonly path: string;
}

/** What is copied again when it is at the destination already: by content hash (3), never when the name is there (2), always (1). */
export type OverwritePolicy = 'hash' | 'skip' | 'overwrite';

/** The transfer inputs: a transfer between object storage and a volume. */
export interface TransferSettings {
  /** An existing transfer (transfer_detail, transfer_stop). */
  id: string | undefined;
  direction: 's3-to-volume' | 'volume-to-s3' | undefined;
  supplier: string | undefined;
  endpoint: string | undefined;
  bucket: string | undefined;
  /** The object prefix ('' for the bucket's root). */
  prefix: string;
  /** Used for the transfer's requests only, masked before anything is logged. */
  accessKey: string | undefined;
  secretKey: string | undefined;
  /** The path in the volume, absolute ('/' for its root). */
  volumePath: string;
  overwrite: OverwritePolicy;
  /** File name suffixes never copied (.tmp, .log). */
  ignorePatterns: string[];
  /** How often a transfer that fails (Error, Exception) is submitted again (s3/retry). */
  retries: number;
}

/** point_id (a node's id, or `failed`: every failed or crash-looping node) and delete_last_node. */
export interface NodeChoice {
  pointId: string | undefined;
  deleteLastNode: boolean;
}

/** What the user asks of a new task's resource, instead of a pasted mark (the gpu inputs). */
export interface CapacityWish {
  /** The GPU model as the platform names it (gpu_name), matched case-insensitively after trimming. */
  gpu: string;
  /** GPUs per node: the resource's gpu_count, exactly (CPU devices have none, and are not held to it). */
  gpuCount: number;
  deviceType: 'GpuDevice' | 'CpuDevice';
  /** Regions in order of preference, by region or region_name: they break ties of price. */
  regions: readonly string[];
  /** The most a node may cost per hour, as the search's discount_price (else price) says: decimal text. */
  maxPrice: string | undefined;
  /** How long to search again while no matching entry has the stock (0: fail at once). */
  timeoutMs: number;
  /**
   * The regions the task may run in, and why (where the storages it mounts can be mounted): each by its
   * name (a resource search entry's region_name, what a volume's region shares with it), and by its tag
   * where that is a compute region's (a resource search entry's region: an object storage's accelerated
   * regions carry one; a volume's own tag, such as bj-001, is no compute region's and is left out).
   */
  onlyRegions?: { regions: readonly RegionKey[]; why: string };
}

/** A region as a resource search entry is matched with it: by name, else by its compute region's tag. */
export interface RegionKey {
  readonly name: string | undefined;
  readonly tag: string | undefined;
}

/** The HTTP statuses a health check accepts, as ranges. */
export type StatusRanges = readonly (readonly [number, number])[];

/** How a service is checked once it runs (health_path, health_status). */
export interface HealthSettings {
  /** The path each service URL is checked at, such as /health; undefined: no check. */
  path: string | undefined;
  accepted: StatusRanges;
}
