import { sanitize } from '../../../basics/safe-text.js';
import type { Volume, VolumeInstance } from '../../../platform/volume-data.js';

/**
 * Who mounts a volume, as the list answers it: the tasks the post step itself stopped (`own`), every other
 * task or job (`others`), and the mounts the list counts (instance_count) but does not name (`unnamed`),
 * which are no one's known: they count as others'.
 */
export interface VolumeMounts {
  readonly own: readonly VolumeInstance[];
  readonly others: readonly VolumeInstance[];
  readonly unnamed: number;
}

/** Splits a volume's mounts between the tasks of `own` (by id) and the rest (see VolumeMounts). */
export function volumeMounts(
  volume: Pick<Volume, 'mounts' | 'instances'>,
  own: ReadonlySet<string>
): VolumeMounts {
  const isOwn = (instance: VolumeInstance): boolean => instance.id !== undefined && own.has(instance.id);
  return {
    own: volume.instances.filter(isOwn),
    others: volume.instances.filter((instance) => !isOwn(instance)),
    unnamed: Math.max(0, volume.mounts - volume.instances.length)
  };
}

/** Whether anything but the tasks of `own` mounts the volume: another's task, or one the list does not name. */
export function mountedByOthers(mounts: VolumeMounts): boolean {
  return mounts.others.length > 0 || mounts.unnamed > 0;
}

/**
 * The mounts for a line of the log: `task 2001 (reader, deployment, at /data)`, each, and `1 more the
 * list does not name`; server text sanitized.
 */
export function describeMounts(instances: readonly VolumeInstance[], unnamed = 0): string {
  const named = instances.map((instance) => {
    const what = [
      instance.name === undefined ? undefined : JSON.stringify(sanitize(instance.name, 60)),
      instance.type === undefined ? undefined : sanitize(instance.type, 20),
      instance.path === undefined ? undefined : `at ${sanitize(instance.path, 100)}`
    ].filter((part) => part !== undefined);
    const id = instance.id ?? 'of no id';
    return `task ${id}${what.length === 0 ? '' : ` (${what.join(', ')})`}`;
  });
  if (unnamed > 0) named.push(`${unnamed} more the list does not name`);
  return named.join(', ');
}
