// Where a new volume is made (issue 51): an Available configuration with room for it, in the region named,
// the cheapest by its displayed price.
import {
  BYTES_PER_GIB,
  chooseVolumeConfig,
  ofStorageClass
} from '../../../../src/deploy/engine/storage/choose-volume.js';
import type { VolumeConfig } from '../../../../src/platform/volume-data.js';

const config = (fields: Partial<VolumeConfig> & Pick<VolumeConfig, 'id'>): VolumeConfig => ({
  name: undefined,
  region: 'bj-001',
  regionName: undefined,
  storageClass: 'nfs-standard',
  storageClassName: '标准型',
  available: true,
  freeBytes: 100 * BYTES_PER_GIB,
  displayUnitPrice: '0.36',
  ...fields
});

describe('chooseVolumeConfig', () => {
  const configs = [
    config({ id: '10', displayUnitPrice: '0.36' }),
    config({ id: '11', region: 'gd-001', displayUnitPrice: '0.30' }),
    config({ id: '12', displayUnitPrice: '0.30', freeBytes: 5 * BYTES_PER_GIB }),
    config({ id: '13', region: 'gd-001', displayUnitPrice: '0.10', available: false })
  ];

  it('takes the cheapest Available configuration with room, in any region when none is named', () => {
    expect(chooseVolumeConfig(configs, { bytes: 10 * BYTES_PER_GIB, region: undefined }).chosen?.id).toBe(
      '11'
    );
    // 12 is as cheap, but holds 5 GiB at the most; the id settles a tie.
    expect(chooseVolumeConfig(configs, { bytes: 4 * BYTES_PER_GIB, region: undefined }).chosen?.id).toBe(
      '11'
    );
  });

  it('keeps to the region named', () => {
    expect(chooseVolumeConfig(configs, { bytes: 4 * BYTES_PER_GIB, region: 'bj-001' }).chosen?.id).toBe('12');
    expect(chooseVolumeConfig(configs, { bytes: 10 * BYTES_PER_GIB, region: 'bj-001' }).chosen?.id).toBe(
      '10'
    );
  });

  it("keeps to the region named by the region's name, which the compute regions share, as by its tag", () => {
    const named = configs.map((c) => ({ ...c, regionName: c.region === 'bj-001' ? '北京一区' : '广东-T1' }));
    expect(chooseVolumeConfig(named, { bytes: 10 * BYTES_PER_GIB, region: '北京一区' }).chosen?.id).toBe(
      '10'
    );
    expect(chooseVolumeConfig(named, { bytes: 10 * BYTES_PER_GIB, region: '广东-T1' }).chosen?.id).toBe('11');
    // A compute region's tag is no storage region's: none is there.
    expect(chooseVolumeConfig(named, { bytes: BYTES_PER_GIB, region: 'beijing-jxq-p1' })).toEqual({
      chosen: undefined,
      why: 'no storage configuration in region beijing-jxq-p1: pre-create lists those of bj-001 (北京一区), gd-001 (广东-T1)'
    });
  });

  it('says why none will do: no configuration in the region, or none with room', () => {
    expect(chooseVolumeConfig(configs, { bytes: BYTES_PER_GIB, region: 'sh-001' })).toEqual({
      chosen: undefined,
      why: 'no storage configuration in region sh-001: pre-create lists those of bj-001, gd-001'
    });
    expect(chooseVolumeConfig(configs, { bytes: 200 * BYTES_PER_GIB, region: 'gd-001' })).toEqual({
      chosen: undefined,
      why: 'no storage configuration in region gd-001 can hold 200 GiB: the Available ones are 11 (100 GiB left)'
    });
  });

  it('says so when nothing is Available, when pre-create lists nothing, and how much a part-GiB size is', () => {
    const closed = [config({ id: '20', available: false })];
    expect(chooseVolumeConfig(closed, { bytes: 1.5 * BYTES_PER_GIB, region: undefined })).toEqual({
      chosen: undefined,
      why: 'no storage configuration can hold 1.50 GiB: none of them is Available'
    });
    expect(chooseVolumeConfig([], { bytes: BYTES_PER_GIB, region: undefined })).toEqual({
      chosen: undefined,
      why: 'no storage configuration: pre-create lists none'
    });
    const unknown = [config({ id: '21', freeBytes: undefined })];
    expect(chooseVolumeConfig(unknown, { bytes: BYTES_PER_GIB, region: undefined })).toMatchObject({
      why: 'no storage configuration can hold 1 GiB: the Available ones are 21 (unknown left)'
    });
  });

  it('takes a configuration without a price last', () => {
    const priced = [
      config({ id: '30', displayUnitPrice: undefined }),
      config({ id: '31', displayUnitPrice: '9.99' })
    ];
    expect(chooseVolumeConfig(priced, { bytes: BYTES_PER_GIB, region: undefined }).chosen?.id).toBe('31');
  });
});

// Issue 61, point 7: storage_class, a class by its id (nfs-standard) or its name as the platform shows it (标准型).
describe('chooseVolumeConfig with a storage class', () => {
  const performance = { storageClass: 'cpfs-performance', storageClassName: '性能型' } as const;
  const configs = [
    config({ id: '10', displayUnitPrice: '0.36' }),
    config({ id: '11', region: 'gd-001', displayUnitPrice: '0.30' }),
    config({ id: '12', displayUnitPrice: '0.90', ...performance }),
    config({ id: '14', displayUnitPrice: '0.80', ...performance, freeBytes: 5 * BYTES_PER_GIB })
  ];
  const wish = (storageClass: string | undefined, region?: string, gib = 10) => ({
    bytes: gib * BYTES_PER_GIB,
    region,
    storageClass
  });

  it('takes the cheapest configuration with room of the class named by its id, or by its name', () => {
    expect(chooseVolumeConfig(configs, wish('cpfs-performance')).chosen?.id).toBe('12');
    expect(chooseVolumeConfig(configs, wish('性能型')).chosen?.id).toBe('12');
    expect(chooseVolumeConfig(configs, wish('性能型', undefined, 4)).chosen?.id).toBe('14');
    expect(chooseVolumeConfig(configs, wish('标准型')).chosen?.id).toBe('11');
    expect(chooseVolumeConfig(configs, wish('nfs-standard', 'bj-001')).chosen?.id).toBe('10');
    // Empty: any class, as without the input.
    expect(chooseVolumeConfig(configs, wish(undefined)).chosen?.id).toBe('11');
  });

  it('says there is none of the class (in the region), naming the classes there are, before anything is made', () => {
    expect(chooseVolumeConfig(configs, wish('ssd-fast'))).toEqual({
      chosen: undefined,
      why: 'no storage configuration of class ssd-fast: pre-create lists those of class nfs-standard (标准型), cpfs-performance (性能型); set storage_class to one of them, or leave it empty for any class'
    });
    expect(chooseVolumeConfig(configs, wish('性能型', 'gd-001'))).toEqual({
      chosen: undefined,
      why: 'no storage configuration of class 性能型 in region gd-001: pre-create lists those of class nfs-standard (标准型) there; set storage_class to one of them, or leave it empty for any class'
    });
    const nameless = [config({ id: '20', storageClass: undefined, storageClassName: undefined })];
    expect(chooseVolumeConfig(nameless, wish('nfs-standard'))).toEqual({
      chosen: undefined,
      why: 'no storage configuration of class nfs-standard: pre-create names the class of none of them: leave storage_class empty for any class'
    });
  });

  it('names the class when none of it has room', () => {
    expect(chooseVolumeConfig(configs, wish('cpfs-performance', 'bj-001', 200))).toEqual({
      chosen: undefined,
      why: 'no storage configuration of class cpfs-performance in region bj-001 can hold 200 GiB: the Available ones are 12 (100 GiB left), 14 (5 GiB left)'
    });
  });

  it('tells a volume of the class from one of another, by id or by name, never by a part of either', () => {
    const volume = { storageClass: 'nfs-standard', storageClassName: '标准型' };
    expect(['nfs-standard', '标准型'].map((asked) => ofStorageClass(volume, asked))).toEqual([true, true]);
    expect(
      ['cpfs-performance', '性能型', 'nfs', '标准'].map((asked) => ofStorageClass(volume, asked))
    ).toEqual([false, false, false, false]);
    expect(ofStorageClass({ storageClass: undefined, storageClassName: undefined }, 'nfs-standard')).toBe(
      false
    );
  });
});
