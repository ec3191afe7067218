// The volumes and juicefs_mounts inputs made into each service's nas_storage_config and storage_config.
import {
  amongRegions,
  regionKeys,
  sameRegion,
  withMounts,
  type Region,
  type ResolvedMount
} from '../../../../src/deploy/engine/storage/mounts.js';
import { offerIn } from '../../../../src/deploy/engine/create/choose-resource.js';
import type { Offer } from '../../../../src/platform/resource-data.js';
import { objectStorageNamed } from '../../../../src/deploy/engine/storage/read-object-storages.js';
import type { Volume } from '../../../../src/platform/volume-data.js';
import { toCompactJson } from '../../../../src/protocol/json.js';

const volume = (id: string, name: string): Volume => ({
  id,
  name,
  region: 'gd-001',
  regionName: '广东-T1',
  storageClass: 'nfs-standard',
  storageClassName: '标准型',
  status: 'Active',
  totalBytes: 1,
  usedBytes: 0,
  displayUnitPrice: '0.30',
  mounts: 0,
  instances: [],
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
  regions: [{ tag: 'gd-001', name: '广东-T1', computeTag: false }]
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

// Regression (issue 60, point 10): a volume's region was matched with the resource search's by tag, but a
// volume's tag is the storage's own (bj-001, as suanli-nas-storage writes it), never a compute region's
// (hebeif-1): on the real platform a volume found no stock. The region's name is what both share.
describe('regions, as a volume, an object storage and a resource search entry share them', () => {
  const nas = (tag: string, name: string | undefined): Region => ({ tag, name, computeTag: false });
  const accelerated = (tag: string, name: string | undefined): Region => ({ tag, name, computeTag: true });
  const offer = (region: string, regionName: string | undefined): Offer => ({
    device: '4090',
    gpuName: '4090',
    gpuCount: '1',
    region,
    regionName,
    price: '1980',
    discountPrice: undefined,
    inventory: '3',
    mark: 'm',
    resource: undefined
  });

  it.each([
    [
      'a volume and an object storage of one name',
      nas('bj-001', '北京一区'),
      accelerated('beijing-jxq-p1', '北京一区'),
      true
    ],
    ['two names', nas('bj-001', '北京一区'), accelerated('guangdong-t-01', '广东-T1'), false],
    [
      'compute tags, with a name missing',
      accelerated('hebeif-1', undefined),
      accelerated('hebeif-1', '河北一区'),
      true
    ],
    [
      'a volume tag never equal to a compute tag',
      nas('hebeif-1', undefined),
      accelerated('hebeif-1', undefined),
      false
    ],
    ['names first, whatever the tags', accelerated('x-1', '北京一区'), accelerated('x-1', '广东-T1'), false]
  ])('%s: %s', (_what, a, b, same) => {
    expect(sameRegion(a, b)).toBe(same);
    expect(sameRegion(b, a)).toBe(same);
  });

  it("matches a search entry by the region's name, else by a compute region's tag, never by a volume's tag", () => {
    const [volumeRegion] = regionKeys([nas('bj-001', '北京一区')]);
    const [storageRegion] = regionKeys([accelerated('guangdong-t-01', undefined)]);
    if (volumeRegion === undefined || storageRegion === undefined) throw new Error('no keys');
    expect(volumeRegion).toEqual({ name: '北京一区', tag: undefined });
    expect(offerIn(offer('beijing-jxq-p1', '北京一区'), volumeRegion)).toBe(true);
    expect(offerIn(offer('hebeif-1', '河北一区'), volumeRegion)).toBe(false);
    expect(offerIn(offer('bj-001', undefined), volumeRegion)).toBe(false);
    expect(offerIn(offer('guangdong-t-01', undefined), storageRegion)).toBe(true);
    expect(offerIn(offer('guangdong-t-01', '广东-T1'), storageRegion)).toBe(true);
  });

  it("finds a body's region_name, or a compute tag, among a volume's and an object storage's regions", () => {
    expect(amongRegions([nas('bj-001', '北京一区')], '北京一区')).toBe(true);
    expect(amongRegions([nas('bj-001', '北京一区')], 'bj-001')).toBe(false);
    expect(amongRegions([accelerated('guangdong-t-01', '广东-T1')], 'guangdong-t-01')).toBe(true);
  });
});
