// Cluster storage as the platform's reference answers it (suanli-nas-storage/api/nas-*.md): its own examples,
// read by the data module, and the volume's row held to the reference's paths.
import { VOLUME_KIND } from '../../src/platform/task-kinds.js';
import { volumeConfigsOf, volumesOf, volumeWriteOf } from '../../src/platform/volume-data.js';
import { reference } from '../helpers/reference.js';
import { volumeRead } from '../helpers/storage-data.js';

describe("the cluster storage's answers", () => {
  it("reads the list's example: sizes in bytes, the region, the status, the mounts", () => {
    expect(volumesOf(reference('nas-list').example?.data)).toEqual([
      {
        id: '1001',
        name: 'my-volume',
        region: 'bj-001',
        regionName: '北京一区',
        storageClass: 'nfs-standard',
        storageClassName: '标准型',
        status: 'Active',
        totalBytes: 1073741824,
        usedBytes: 268435456,
        displayUnitPrice: '0.36',
        mounts: 1,
        instances: [{ id: '2001', name: 'training-job-1', type: 'deployment', path: '/data/nas' }],
        errorCode: undefined,
        errorMessage: undefined
      }
    ]);
  });

  it('reads the tasks a volume is mounted in, leaving out what is no entry and keeping one of no id as unknown', () => {
    const data = {
      results: [
        {
          storage_id: 7,
          instance_count: 3,
          instances: [
            { instance_id: '2001', instance_name: 'a', instance_type: 'job', mount_path: '/a' },
            'not an instance',
            { instance_name: 'no id' }
          ]
        },
        { storage_id: 8, instance_count: 0, instances: null }
      ]
    };
    expect(volumesOf(data).map((v) => [v.mounts, v.instances])).toEqual([
      [
        3,
        [
          { id: '2001', name: 'a', type: 'job', path: '/a' },
          { id: undefined, name: 'no id', type: undefined, path: undefined }
        ]
      ],
      [0, []]
    ]);
  });

  it('reads a used size of -1 as unknown, never as a size', () => {
    const data = { count: 1, results: [{ storage_id: 7, name: 'v', used_size: -1, total_size: 10 }] };
    expect(volumesOf(data)[0]).toMatchObject({ usedBytes: undefined, totalBytes: 10 });
  });

  it('reads the pre-create example: what is left of a configuration, and whether it can be chosen', () => {
    expect(volumeConfigsOf(reference('nas-pre-create').example?.data)).toEqual([
      {
        id: '10',
        name: '北京标准型',
        region: 'bj-001',
        regionName: '北京一区',
        storageClass: 'nfs-standard',
        storageClassName: '标准型',
        available: true,
        freeBytes: 1099511627776 - 107374182400,
        displayUnitPrice: '0.36'
      }
    ]);
  });

  it('reads what a create, an expand and a delete answered, as their examples give it', () => {
    expect(
      ['nas-create', 'nas-expand', 'nas-delete'].map((name) => volumeWriteOf(reference(name).example?.data))
    ).toEqual([
      { id: '1001', status: 'Creating' },
      { id: '1001', status: 'Expanding' },
      { id: '1001', status: 'Deleting' }
    ]);
  });

  it("holds the volume's row to the reference's paths and statuses", () => {
    const { paths } = VOLUME_KIND;
    expect([paths.configs, paths.list, paths.create, paths.expand, paths.delete]).toEqual(
      ['nas-pre-create', 'nas-list', 'nas-create', 'nas-expand', 'nas-delete'].map(
        (name) => reference(name).path
      )
    );
    expect([VOLUME_KIND.statuses.running, VOLUME_KIND.statuses.failure, VOLUME_KIND.leastPollMs]).toEqual([
      ['Active'],
      ['Exception'],
      10_000
    ]);
  });

  it('reads what an answer leaves out as unknown, and leaves out an entry without an id', () => {
    expect(volumesOf(null)).toEqual([]);
    expect(volumesOf({ results: [{ name: 'no id' }, 'not a volume', { storage_id: '12' }] })).toEqual([
      volumeRead({ id: '12', name: '' })
    ]);
    expect(
      volumesOf({
        results: [{ storage_id: 3, status: 'Exception', error_code: 'E1', error_message: 'disk' }]
      })[0]
    ).toMatchObject({
      status: 'Exception',
      errorCode: 'E1',
      errorMessage: 'disk'
    });
    expect(volumeConfigsOf({ configs: [{ id: 4, status: 'Unavailable' }, { name: 'no id' }] })).toEqual([
      {
        id: '4',
        name: undefined,
        region: undefined,
        regionName: undefined,
        storageClass: undefined,
        available: false,
        freeBytes: undefined,
        displayUnitPrice: undefined
      }
    ]);
    expect(volumeConfigsOf(undefined)).toEqual([]);
    expect(volumeWriteOf(null)).toEqual({ id: undefined, status: undefined });
  });
});
