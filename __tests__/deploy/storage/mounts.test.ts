// The volumes and juicefs_mounts inputs made into each service's nas_storage_config and storage_config.
import { withMounts, type ResolvedMount } from '../../../src/deploy/storage/mounts.js';
import { objectStorageNamed } from '../../../src/deploy/storage/read-object-storages.js';
import type { Volume } from '../../../src/platform/volume-data.js';
import { toCompactJson } from '../../../src/protocol/json.js';

const volume = (id: string, name: string): Volume => ({
  id,
  name,
  region: 'guangdong-t-01',
  regionName: '广东-T1',
  storageClass: 'nfs-standard',
  status: 'Active',
  totalBytes: 1,
  usedBytes: 0,
  displayUnitPrice: '0.30',
  mounts: 0,
  errorCode: undefined,
  errorMessage: undefined
});

const mount = (
  service: string | undefined,
  v: Volume,
  path: string,
  kind: 'nas' | 'juicefs' = 'nas'
): ResolvedMount => ({
  mount: { kind, service, storage: v.name, path },
  id: v.id,
  name: v.name,
  regions: [{ tag: 'guangdong-t-01', name: '广东-T1' }]
});

describe('withMounts', () => {
  const body = {
    task_name: 'x',
    services: [
      {
        service_name: 'web',
        nas_storage_config: [
          { storage_id: 9, target_dir: '/data' },
          { storage_id: 8, target_dir: '/keep' }
        ]
      },
      { service_name: 'side' }
    ]
  };

  it("mounts in every service, or the one named, replacing the body's own mount of the same path", () => {
    const data = volume('1001', 'data');
    const models = volume('1002', 'models');
    expect(withMounts(body, [mount(undefined, data, '/data'), mount('side', models, '/models')])).toEqual({
      task_name: 'x',
      services: [
        {
          service_name: 'web',
          nas_storage_config: [
            { storage_id: 8, target_dir: '/keep' },
            { storage_id: expect.anything() as unknown, target_dir: '/data' }
          ]
        },
        {
          service_name: 'side',
          nas_storage_config: [
            { storage_id: expect.anything() as unknown, target_dir: '/data' },
            { storage_id: expect.anything() as unknown, target_dir: '/models' }
          ]
        }
      ]
    });
    expect(withMounts(body, [mount('web', data, '/data')]).services).toEqual([
      expect.objectContaining({ service_name: 'web' }),
      { service_name: 'side' }
    ]);
  });

  it("keeps the body's own mounts that are no {target_dir} entries, as the body gave them", () => {
    const odd = { services: [{ service_name: 'web', nas_storage_config: ['raw', { storage_id: 3 }] }] };
    expect(withMounts(odd, [mount(undefined, volume('1001', 'data'), '/data')]).services).toEqual([
      {
        service_name: 'web',
        nas_storage_config: [
          'raw',
          { storage_id: 3 },
          { storage_id: expect.anything() as unknown, target_dir: '/data' }
        ]
      }
    ]);
  });

  it('puts an object storage in storage_config, beside the volumes, each field keeping its own', () => {
    const given = {
      services: [{ service_name: 'web', storage_config: [{ storage_id: 5, target_dir: '/weights' }] }]
    };
    const mounted = withMounts(given, [
      mount(undefined, volume('1001', 'data'), '/data'),
      mount(undefined, volume('36', 'weights'), '/weights', 'juicefs'),
      mount(undefined, volume('37', 'corpus'), '/data', 'juicefs')
    ]);
    expect(JSON.parse(toCompactJson(mounted))).toEqual({
      services: [
        {
          service_name: 'web',
          storage_config: [
            { storage_id: 36, target_dir: '/weights' },
            { storage_id: 37, target_dir: '/data' }
          ],
          nas_storage_config: [{ storage_id: 1001, target_dir: '/data' }]
        }
      ]
    });
    expect(() => withMounts(given, [mount('gpu', volume('36', 'weights'), '/w', 'juicefs')])).toThrow(
      'juicefs_mounts mounts "weights" in service "gpu"'
    );
  });

  it('refuses a mount in a service the body does not have', () => {
    expect(() => withMounts(body, [mount('gpu', volume('1', 'a'), '/a')])).toThrow(
      'volumes mounts "a" in service "gpu", but body has no service of that name: name one of "web", "side"'
    );
    expect(() => withMounts({}, [mount('gpu', volume('1', 'a'), '/a')])).toThrow('name one of none');
  });
});

describe('objectStorageNamed', () => {
  const storage = (id: string, name: string) => ({
    id,
    name,
    status: 'Activate',
    active: true,
    activeRegions: [],
    bucket: undefined,
    dir: undefined
  });
  const storages = [storage('36', 'weights'), storage('37', 'corpus'), storage('38', 'corpus')];

  it('finds a storage by its name, else by its storage_id, and refuses a name two have', () => {
    expect(objectStorageNamed(storages, 'weights')?.id).toBe('36');
    expect(objectStorageNamed(storages, '37')?.name).toBe('corpus');
    expect(objectStorageNamed(storages, 'nope')).toBeUndefined();
    expect(() => objectStorageNamed(storages, 'corpus')).toThrow(
      '2 object storages are named "corpus" (storage_id 37, 38): name the storage_id of the one meant'
    );
  });
});
