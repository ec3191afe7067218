// Image preheat tasks as the platform's reference describes them (suanli-image-preheat/): a cluster
// preheat caches the services' images in regions, a node preheat prepares nodes of a resource; either is
// stopped by the user. Progress follows the emulator's clock.
import { markedResource, REGIONS, type MarkedResource } from './catalog.js';
import { isPlainObject } from './json.js';
import { bodyObject, integerValue, optionalString, requiredString } from './params.js';
import { Code, parameterError, Rejection } from './rejection.js';

interface Preheat {
  readonly task_id: bigint;
  readonly task_name: string;
  readonly createdAt: number;
  readonly services: { service_id: number; service_name: string; service_image: string }[];
  /** Whether every image can be pulled: public, or private with the registry account given for it. */
  readonly pullable: boolean;
  readonly regions: { region: string; region_name: string }[] | null;
  readonly resources:
    { resource: MarkedResource | null; region_name: string; mark: string; weight: null }[] | null;
  readonly schedulerStrategy: unknown;
  readonly points: number | null;
  status: 'Running' | 'End';
  endedAt: number | undefined;
}

export const PREHEAT_STATUSES = ['Pending', 'Running', 'Paused', 'End'] as const;

/** A private registry: the images it holds, and the account that pulls them. */
export interface PrivateRegistry {
  pattern: RegExp;
  username: string;
  password: string;
}

/**
 * How preheats behave: how long one takes to complete, and the private registry, whose images a preheat
 * pulls only with its account (services[].repository_account). One that cannot pull never completes: the
 * reference lists no failure status (Begin, Syncing, Completed), so its regions stay Syncing and a node
 * preheat prepares no node, until it is stopped.
 */
export interface PreheatSettings {
  durationMs: number;
  registry: PrivateRegistry | undefined;
  /**
   * A cold start: how long a new task waits to pull an image no completed preheat cached in its region:
   * by image, else by region, else the default (0: no wait).
   */
  pull: { defaultMs: number; images: Map<string, number>; regions: Map<string, number> };
}

/** The preheat tasks, in memory. A completed one has the images of its services cached in its regions. */
export class PreheatStore {
  readonly #preheats = new Map<bigint, Preheat>();
  #nextId = 38646n;
  #nextServiceId = 47659;

  constructor(
    private readonly now: () => number,
    readonly settings: PreheatSettings
  ) {}

  /** How long a task made in `region` at `at` waits to pull `images` (see PreheatSettings.pull). */
  pullMs(region: string | undefined, images: readonly string[], at: number): number {
    const cold = images.filter((image) => region === undefined || !this.cached(region, image, at));
    const { images: byImage, regions: byRegion, defaultMs } = this.settings.pull;
    const regional = region === undefined ? undefined : byRegion.get(region);
    return Math.max(0, ...cold.map((image) => byImage.get(image) ?? regional ?? defaultMs));
  }

  /**
   * Whether `image` is cached in `region` at `at`: a preheat of it there (a cluster preheat of the region,
   * or a node preheat of a resource in it) completed by then, and neither failed nor was stopped before.
   */
  cached(region: string, image: string, at: number): boolean {
    return [...this.#preheats.values()].some((preheat) => {
      const done = preheat.createdAt + this.settings.durationMs;
      const inRegion =
        (preheat.regions ?? []).some((r) => r.region === region) ||
        (preheat.resources ?? []).some((r) => r.resource?.region === region);
      return (
        inRegion &&
        preheat.services.some((s) => s.service_image === image) &&
        preheat.pullable &&
        done <= at &&
        (preheat.endedAt === undefined || preheat.endedAt >= done)
      );
    });
  }

  /** Whether a service's image can be pulled: a public one, or a private one with the registry's account. */
  #pullable(image: string, account: unknown): boolean {
    const registry = this.settings.registry;
    if (registry === undefined || !registry.pattern.test(image)) return true;
    return (
      isPlainObject(account) &&
      account.repository_username === registry.username &&
      account.repository_password === registry.password
    );
  }

  /** The reference: exactly one of regions (a cluster preheat) and resources with points (a node preheat). */
  create(payload: unknown): bigint {
    const body = bodyObject(payload);
    const task_name = requiredString(body.task_name, 'task_name');
    if (!Array.isArray(body.services) || body.services.length === 0)
      throw parameterError('services is required: at least one service to preheat');
    let pullable = true;
    const services = body.services.map((value: unknown, i: number) => {
      if (!isPlainObject(value)) throw parameterError(`services[${i}] must be an object`);
      const image = requiredString(value.service_image, `services[${i}].service_image`);
      // The registry account (RepositoryAccountDto: repository_username required): taken, never shown.
      const account = value.repository_account;
      if (account !== undefined && account !== null) {
        if (!isPlainObject(account))
          throw parameterError(`services[${i}].repository_account must be an object`);
        requiredString(account.repository_username, `services[${i}].repository_account.repository_username`);
        optionalString(account.repository_password, `services[${i}].repository_account.repository_password`);
      }
      pullable &&= this.#pullable(image, account);
      return {
        service_id: this.#nextServiceId++,
        service_name: requiredString(value.service_name, `services[${i}].service_name`),
        service_image: image
      };
    });
    const hasRegions = body.regions !== undefined && body.regions !== null;
    const hasResources = body.resources !== undefined && body.resources !== null;
    if (hasRegions === hasResources)
      throw parameterError('exactly one of regions and resources is required, not both and not neither');
    const id = this.#nextId++;
    this.#preheats.set(id, {
      task_id: id,
      task_name,
      createdAt: this.now(),
      services,
      pullable,
      ...(hasRegions ? clusterPreheat(body) : nodePreheat(body)),
      status: 'Running',
      endedAt: undefined
    });
    return id;
  }

  detail(id: bigint): Record<string, unknown> {
    return this.#view(this.#get(id));
  }

  search(filter: {
    statuses?: string[];
    searchValue?: string;
    taskIds?: bigint[];
  }): Record<string, unknown>[] {
    return [...this.#preheats.values()]
      .reverse()
      .filter((p) => filter.statuses === undefined || filter.statuses.includes(p.status))
      .filter((p) => filter.searchValue === undefined || p.task_name.includes(filter.searchValue))
      .filter((p) => filter.taskIds === undefined || filter.taskIds.includes(p.task_id))
      .map((p) => this.#view(p));
  }

  /** The reference: a Running or Paused preheat stops. */
  stop(id: bigint): void {
    const preheat = this.#get(id);
    if (preheat.status !== 'Running') {
      throw new Rejection(
        Code.taskState,
        'task_wrong_state',
        `cannot stop preheat task ${id} while it is ${preheat.status} (allowed from Running, Paused)`
      );
    }
    preheat.status = 'End';
    preheat.endedAt = this.now();
  }

  #get(id: bigint): Preheat {
    const preheat = this.#preheats.get(id);
    if (preheat === undefined)
      throw new Rejection(Code.taskNotFound, 'task_not_found', `preheat task ${id} does not exist`);
    return preheat;
  }

  /** How far along a preheat is, 0 to 1, by the clock (it stops moving once stopped). */
  #progress(preheat: Preheat): number {
    const at = preheat.endedAt ?? this.now();
    return this.settings.durationMs <= 0
      ? 1
      : Math.min(1, (at - preheat.createdAt) / this.settings.durationMs);
  }

  #view(preheat: Preheat): Record<string, unknown> {
    // One that cannot pull its images goes on syncing, never completing: no failure status is documented.
    const progress = preheat.pullable ? this.#progress(preheat) : Math.min(this.#progress(preheat), 0.5);
    const cacheStatus = progress >= 1 ? 'Completed' : progress >= 0.5 ? 'Syncing' : 'Begin';
    const available =
      preheat.points === null ? null : Math.floor(preheat.points * (preheat.pullable ? progress : 0));
    return {
      task_id: preheat.task_id,
      task_type: 'ImagePreHeat',
      task_name: preheat.task_name,
      resources: preheat.resources,
      regions: preheat.regions,
      scheduler_strategy: preheat.schedulerStrategy,
      scheduler_resources: null,
      status: preheat.status,
      points: preheat.points ?? 0,
      used_points: preheat.points === null ? null : 0,
      available_points: available,
      region_point_usage:
        preheat.resources === null
          ? null
          : {
              [preheat.resources[0]?.region_name ?? '']: { used_points: 0, available_points: available ?? 0 }
            },
      scheduling_template: null,
      services: preheat.services.map((s) => ({ ...s, repository_account: null, is_update_repository: null })),
      create_time: new Date(preheat.createdAt).toISOString(),
      user_info: { nickname: 'emulator', tenant_nickname: null },
      region_cache_info:
        preheat.regions === null
          ? null
          : preheat.regions.map((r) => ({ region: r.region, status: cacheStatus }))
    };
  }
}

function clusterPreheat(
  body: Record<string, unknown>
): Pick<Preheat, 'regions' | 'resources' | 'schedulerStrategy' | 'points'> {
  for (const name of ['points', 'scheduler_strategy']) {
    if (body[name] !== undefined && body[name] !== null)
      throw parameterError(`${name} must be null or absent for a cluster preheat (regions)`);
  }
  if (!Array.isArray(body.regions) || body.regions.length === 0)
    throw parameterError('regions must be a non-empty array of {region, region_name} from get_regions');
  const regions = body.regions.map((value: unknown, i: number) => {
    const region = isPlainObject(value) ? requiredString(value.region, `regions[${i}].region`) : '';
    const known = REGIONS.find((r) => r.region === region);
    if (known === undefined)
      throw parameterError(`regions[${i}].region "${region}" is not a region get_regions lists`);
    if (isPlainObject(value)) optionalString(value.region_name, `regions[${i}].region_name`);
    return { region: known.region, region_name: known.region_name };
  });
  return { regions, resources: null, schedulerStrategy: null, points: null };
}

function nodePreheat(
  body: Record<string, unknown>
): Pick<Preheat, 'regions' | 'resources' | 'schedulerStrategy' | 'points'> {
  if (!Array.isArray(body.resources) || body.resources.length === 0)
    throw parameterError(
      'resources must be a non-empty array of {mark} from a resource search with task_type=ImagePreHeat'
    );
  const points = Number(integerValue(body.points, 'points', 'body'));
  if (points < 1) throw parameterError('points must be 1 or more for a node preheat');
  const resources = body.resources.map((value: unknown, i: number) => {
    const mark = isPlainObject(value) ? value.mark : undefined;
    if (typeof mark !== 'string' || mark === '')
      throw parameterError(`resources[${i}].mark must be a string`);
    const known = markedResource(mark, 'ImagePreHeat');
    if (known === undefined)
      throw parameterError(
        `resources[${i}].mark is not a mark of a resource search with task_type=ImagePreHeat`
      );
    return { resource: known.resource, region_name: known.region_name, mark, weight: null };
  });
  return { regions: null, resources, schedulerStrategy: body.scheduler_strategy ?? null, points };
}
