// The platform's cluster storage (suanli-nas-storage/api/nas-*.md): the configurations a volume is made
// from, and the tenant's volumes. A volume reads Creating once made and Active when ready; Expanding
// while it grows, Active again after; Deleting, then Deleted (no list shows it); an Exception volume is
// deleted at once. Its state is worked out from the clock whenever it is read, as a task's is.
import { Code, parameterError, Rejection } from './rejection.js';
import { chinaSeconds } from './times.js';

export const VOLUME_STATUSES = [
  'Creating',
  'Active',
  'Expanding',
  'Deleting',
  'Deleted',
  'Exception'
] as const;
export type VolumeStatus = (typeof VOLUME_STATUSES)[number];

/** A configuration a volume can be made from, as pre-create lists it. */
export interface VolumeConfig {
  readonly id: number;
  readonly name: string;
  readonly region: { readonly tag: string; readonly name: string };
  readonly storage_class: string;
  readonly storage_class_name: string;
  /** The cluster's capacity, in bytes. */
  readonly total_capacity: number;
  /** Points per GB per 10 minutes, and yuan per GB per month as shown. */
  readonly unit_price: number;
  readonly display_unit_price: string;
  readonly status: 'Available' | 'Unavailable';
  /** Whether the storage can say how much of a volume is used (else the list says -1). */
  readonly reportsUse: boolean;
}

const GIB = 1024 ** 3;

/**
 * Where volumes can be made: a standard class in two regions, a faster one that cannot say its use. Their
 * regions carry the storage's own tags, in the reference's form (bj-001, as nas-list.md and
 * nas-dictionaries.md write them), not the compute regions' (beijing-jxq-p1, hebeif-1): what a volume shares
 * with the regions of the resource search is the region's name (北京一区).
 */
export const VOLUME_CONFIGS: readonly VolumeConfig[] = [
  {
    id: 10,
    name: '北京标准型',
    region: { tag: 'bj-001', name: '北京一区' },
    storage_class: 'nfs-standard',
    storage_class_name: '标准型',
    total_capacity: 1024 * GIB,
    unit_price: 120,
    display_unit_price: '0.36',
    status: 'Available',
    reportsUse: true
  },
  {
    id: 11,
    name: '广东标准型',
    region: { tag: 'gd-001', name: '广东-T1' },
    storage_class: 'nfs-standard',
    storage_class_name: '标准型',
    total_capacity: 512 * GIB,
    unit_price: 100,
    display_unit_price: '0.30',
    status: 'Available',
    reportsUse: true
  },
  {
    id: 12,
    name: '北京性能型',
    region: { tag: 'bj-001', name: '北京一区' },
    storage_class: 'cpfs-performance',
    storage_class_name: '性能型',
    total_capacity: 256 * GIB,
    unit_price: 300,
    display_unit_price: '0.90',
    status: 'Available',
    reportsUse: false
  },
  {
    id: 13,
    name: '河北标准型',
    region: { tag: 'hb-001', name: '河北一区' },
    storage_class: 'nfs-standard',
    storage_class_name: '标准型',
    total_capacity: 512 * GIB,
    unit_price: 110,
    display_unit_price: '0.33',
    status: 'Unavailable',
    reportsUse: true
  }
];

interface Volume {
  readonly storage_id: number;
  name: string;
  readonly config: VolumeConfig;
  total_size: number;
  status: VolumeStatus;
  /** Why it fails when it settles (a knob): it reads Exception with these instead of Active. */
  readonly failure: VolumeFailure | undefined;
  error: VolumeFailure | undefined;
  /** When a Creating, Expanding or Deleting volume settles. */
  settlesAt: number;
  readonly createdAt: number;
  updatedAt: number;
}

/** How volumes behave: how long creating, growing and deleting one take. */
export interface VolumeSettings {
  settleMs: () => number;
}

/** A task or job that mounts a volume, at a path, counted while `active` says it runs. */
export interface VolumeMount {
  readonly id: bigint;
  readonly name: string;
  readonly type: 'deployment' | 'job';
  readonly path: string;
  readonly active: () => boolean;
}

/** Why a volume failed, as the list says it (error_code, error_message). */
export interface VolumeFailure {
  readonly error_code: string;
  readonly error_message: string;
}

export class VolumeStore {
  readonly #volumes = new Map<number, Volume>();
  /** How long a change takes to settle, when set (a knob): else the settings' (the tasks' ready-after). */
  settleOverrideMs: number | undefined;
  /** The tasks and jobs that mount each volume, each counted while it runs. */
  readonly #mounts = new Map<number, VolumeMount[]>();
  /** Names whose volumes, once made, end in Exception rather than Active (a knob). */
  readonly #failing = new Map<string, VolumeFailure>();
  #nextId = 1001;

  constructor(
    private readonly now: () => number,
    readonly settings: VolumeSettings
  ) {}

  /** Volumes of this name made from now on end in Exception when they settle, with this error. */
  failNamed(name: string, failure: VolumeFailure): void {
    this.#failing.set(name, { ...failure });
  }

  /**
   * What the tenant's volumes come to (nas-summary.md): those Creating, Active or Expanding, their sizes,
   * the mean of their unit prices (null with none), and what they cost per 10 minutes: each GB at its
   * unit price (a GB of 1,073,741,824 bytes, as the reference's example counts: 3 such at 120 are 360).
   */
  summary(): Record<string, unknown> {
    const counted = this.#live().filter((v) => v.status !== 'Deleting' && v.status !== 'Exception');
    const sizes = (pick: (v: Volume) => number): number => counted.reduce((sum, v) => sum + pick(v), 0);
    const prices = counted.map((v) => v.config.unit_price);
    return {
      volume_count: counted.length,
      total_size: sizes((v) => v.total_size),
      used_size: counted.some((v) => !v.config.reportsUse) ? -1 : 0,
      estimated_price:
        prices.length === 0 ? null : Math.round(prices.reduce((sum, p) => sum + p, 0) / prices.length),
      coin_sum_slice: Math.round(sizes((v) => (v.total_size / GIB) * v.config.unit_price))
    };
  }

  /** The configurations, with what their volumes have taken of each. */
  configs(): Record<string, unknown>[] {
    return VOLUME_CONFIGS.map((config) => {
      const allocated = this.#live().filter((v) => v.config.id === config.id);
      return {
        id: config.id,
        name: config.name,
        description: null,
        region: config.region,
        storage_class: config.storage_class,
        storage_class_name: config.storage_class_name,
        total_capacity: config.total_capacity,
        allocated_capacity: allocated.reduce((sum, v) => sum + v.total_size, 0),
        used_capacity: 0,
        unit_price: config.unit_price,
        display_unit_price: config.display_unit_price,
        status: config.status
      };
    });
  }

  /**
   * The regions and storage classes the tenant may choose (nas-dictionaries.md): those of the
   * configurations, each once, in the order the configurations give them.
   */
  dictionaries(): Record<string, unknown> {
    const once = <T>(items: readonly T[], key: (item: T) => string): T[] =>
      items.filter((item, index) => items.findIndex((other) => key(other) === key(item)) === index);
    return {
      regions: once(
        VOLUME_CONFIGS.map((config) => config.region),
        (region) => region.tag
      ).map((region) => ({ tag: region.tag, name: region.name })),
      storage_classes: once(VOLUME_CONFIGS, (config) => config.storage_class).map((config) => ({
        storage_class: config.storage_class,
        storage_class_name: config.storage_class_name
      }))
    };
  }

  /** Makes a volume from an Available configuration with room for it; it reads Creating. */
  create(name: string, configId: number, totalSize: number): Record<string, unknown> {
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > 32)
      throw parameterError('name must be 1 to 32 characters once trimmed');
    if (totalSize <= 0) throw parameterError('total_size must be more than 0 bytes');
    const config = VOLUME_CONFIGS.find((c) => c.id === configId);
    if (config === undefined) throw parameterError(`nas_config_id ${configId} is no configuration`);
    if (config.status !== 'Available')
      throw new Rejection(Code.taskState, 'config_unavailable', `configuration ${configId} is Unavailable`);
    const taken = this.#live()
      .filter((v) => v.config.id === configId)
      .reduce((sum, v) => sum + v.total_size, 0);
    if (taken + totalSize > config.total_capacity)
      throw new Rejection(Code.taskState, 'out_of_capacity', `configuration ${configId} has no room for it`);
    const now = this.now();
    const volume: Volume = {
      storage_id: this.#nextId++,
      name: trimmed,
      config,
      total_size: totalSize,
      status: 'Creating',
      failure: this.#failing.get(trimmed),
      error: undefined,
      settlesAt: now + this.#settleMs(),
      createdAt: now,
      updatedAt: now
    };
    this.#volumes.set(volume.storage_id, volume);
    return written(volume);
  }

  /**
   * Gives a volume a new name (nas-rename.md): 1 to 32 characters once trimmed, as a create takes them; any
   * volume not on its way out (Deleting, Deleted) may be renamed. Answers its current status.
   */
  rename(id: number, name: string): Record<string, unknown> {
    const trimmed = name.trim();
    if (trimmed.length < 1 || trimmed.length > 32)
      throw parameterError('name must be 1 to 32 characters once trimmed');
    const volume = this.#get(id);
    if (volume.status === 'Deleting')
      throw new Rejection(Code.taskState, 'volume_wrong_state', `volume ${id} is Deleting`);
    volume.name = trimmed;
    volume.updatedAt = this.now();
    return written(volume);
  }

  /** Grows an Active volume to more than it holds; it reads Expanding. */
  expand(id: number, totalSize: number): Record<string, unknown> {
    const volume = this.#get(id);
    if (volume.status !== 'Active')
      throw new Rejection(
        Code.taskState,
        'volume_wrong_state',
        `volume ${id} is ${volume.status}, not Active`
      );
    if (totalSize <= volume.total_size)
      throw parameterError(`total_size must be more than the ${volume.total_size} bytes volume ${id} holds`);
    volume.total_size = totalSize;
    this.#enter(volume, 'Expanding');
    return written(volume);
  }

  /**
   * Deletes an Active volume (Deleting, then Deleted) or an Exception one (Deleted at once). One a running
   * task or job mounts is refused unless `force` skips the check, as the reference has it (SKILL.md: a
   * volume with mounts, or with a transfer under way, is not deleted unless force is true).
   */
  delete(id: number, force = false): Record<string, unknown> {
    const volume = this.#get(id);
    const { instance_count: mounted, instances } = this.#instances(id);
    if (!force && mounted > 0)
      throw new Rejection(
        Code.taskState,
        'volume_mounted',
        `volume ${id} is mounted in ${mounted} task(s) (${instances.map((i) => String(i.instance_id)).join(', ')}): stop them first, or force the delete`
      );
    if (volume.status === 'Exception') {
      this.#enter(volume, 'Deleted');
      return written(volume);
    }
    if (volume.status !== 'Active')
      throw new Rejection(Code.taskState, 'volume_wrong_state', `volume ${id} is ${volume.status}`);
    this.#enter(volume, 'Deleting');
    return written(volume);
  }

  /** The volumes the filters ask for, newest first, Deleted ones never. */
  list(filter: {
    regions?: readonly string[];
    classes?: readonly string[];
    statuses?: readonly string[];
    ids?: readonly number[];
  }): Record<string, unknown>[] {
    return this.#live()
      .filter((v) => filter.regions === undefined || filter.regions.includes(v.config.region.tag))
      .filter((v) => filter.classes === undefined || filter.classes.includes(v.config.storage_class))
      .filter((v) => filter.statuses === undefined || filter.statuses.includes(v.status))
      .filter((v) => filter.ids === undefined || filter.ids.includes(v.storage_id))
      .reverse()
      .map((v) => ({
        storage_id: v.storage_id,
        name: v.name,
        region: v.config.region,
        storage_class: v.config.storage_class,
        storage_class_name: v.config.storage_class_name,
        unit_price: v.config.unit_price,
        display_unit_price: v.config.display_unit_price,
        total_size: v.total_size,
        used_size: v.config.reportsUse ? 0 : -1,
        status: v.status,
        namespace: 'tenant-ns',
        claim_name: `pvc-${v.storage_id}`,
        ...this.#instances(v.storage_id),
        create_time: chinaSeconds(v.createdAt),
        last_update_time: chinaSeconds(v.updatedAt),
        error_code: v.error?.error_code ?? null,
        error_message: v.error?.error_message ?? null
      }));
  }

  /** Counts a task or job that mounts volume `id`, while it runs. */
  mount(id: number, instance: VolumeMount): void {
    this.#mounts.set(id, [...(this.#mounts.get(id) ?? []), instance]);
  }

  /** The region (the storage's tag, and the name it shares with the compute regions) of volume `id`, which must be Active: a mount's volume. */
  mountableRegion(id: number): { readonly tag: string; readonly name: string } {
    this.activeName(id);
    return this.#get(id).config.region;
  }

  /** The name of volume `id`, which must be Active (a transfer's or a mount's volume). */
  activeName(id: number): string {
    const volume = this.#get(id);
    if (volume.status !== 'Active')
      throw new Rejection(
        Code.taskState,
        'volume_wrong_state',
        `volume ${id} is ${volume.status}, not Active`
      );
    return volume.name;
  }

  /** Every volume not Deleted, each as the clock has it now. */
  #live(): Volume[] {
    return [...this.#volumes.values()].map((v) => this.#settle(v)).filter((v) => v.status !== 'Deleted');
  }

  /** The tasks and jobs that mount a volume and still run, as the list gives them. */
  #instances(id: number): { instance_count: number; instances: Record<string, unknown>[] } {
    // A task counts once, however many of its services mount the volume.
    const running = (this.#mounts.get(id) ?? []).filter(
      (m, i, all) => m.active() && all.findIndex((other) => other.id === m.id && other.type === m.type) === i
    );
    return {
      instance_count: running.length,
      instances: running.map((m) => ({
        instance_id: Number(m.id),
        instance_name: m.name,
        instance_type: m.type,
        mount_path: m.path
      }))
    };
  }

  #settleMs(): number {
    return this.settleOverrideMs ?? this.settings.settleMs();
  }

  #get(id: number): Volume {
    const volume = this.#volumes.get(id);
    if (volume === undefined || this.#settle(volume).status === 'Deleted')
      throw new Rejection(Code.taskNotFound, 'volume_not_found', `volume ${id} does not exist`);
    return volume;
  }

  #enter(volume: Volume, status: VolumeStatus): void {
    volume.status = status;
    volume.updatedAt = this.now();
    volume.settlesAt = volume.updatedAt + this.#settleMs();
  }

  #settle(volume: Volume): Volume {
    if (this.now() < volume.settlesAt) return volume;
    if (volume.status === 'Creating' || volume.status === 'Expanding') {
      volume.status = volume.failure === undefined ? 'Active' : 'Exception';
      volume.error = volume.failure;
      volume.updatedAt = volume.settlesAt;
    } else if (volume.status === 'Deleting') {
      volume.status = 'Deleted';
      volume.updatedAt = volume.settlesAt;
    }
    return volume;
  }
}

/** What a create, an expand or a delete answers. */
function written(volume: Volume): Record<string, unknown> {
  return { storage_id: volume.storage_id, status: volume.status, message: null };
}
