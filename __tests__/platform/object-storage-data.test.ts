// The object storages accelerated for mounts (JuiceFS), as the reference's own example lists them.
import { OBJECT_STORAGE, objectStoragesOf } from '../../src/platform/object-storage-data.js';
import { objectStorageListCall } from '../../src/platform/operations/calls.js';
import { reference } from '../helpers/reference.js';
import { testSettings } from '../helpers/settings.js';

describe('object storage data', () => {
  it("reads the reference's example: accelerated, where it can be mounted, its bucket and directory", () => {
    expect(objectStoragesOf(reference('object-storage').example?.data)).toEqual([
      {
        id: '36',
        name: '火山引擎',
        status: 'Activate',
        active: true,
        activeRegions: [{ tag: 'guangdong-t-01', name: '广东-T1' }],
        bucket: 'test',
        dir: '/test'
      }
    ]);
  });

  it('asks the path, type and statuses the reference lists, with every parameter it requires', () => {
    const fixture = reference('object-storage');
    const call = objectStorageListCall(testSettings({ operation: 'create' }), {
      status: OBJECT_STORAGE.dormant,
      page: 2
    });
    expect([call.endpoint.method, call.endpoint.path, call.endpoint.encrypt]).toEqual([
      fixture.method,
      fixture.path,
      fixture.encrypted
    ]);
    const required = Object.entries(fixture.query ?? {})
      .filter(([, p]) => p.required === true)
      .map(([name]) => name);
    expect(call.query).toEqual([
      ['storage_type', 'Juicefs'],
      ['status', 'Unactivated'],
      ['page', '2'],
      ['page_size', '100']
    ]);
    expect(call.query.map(([name]) => name)).toEqual(expect.arrayContaining(required));
  });

  it('reads what an answer leaves out as unknown, and leaves out an entry without an id', () => {
    expect(objectStoragesOf(null)).toEqual([]);
    expect(
      objectStoragesOf({
        results: [
          { storage_name: 'no id' },
          'not one',
          { storage_id: 7, activate_regions: [{ name: 'x' }, { tag: 't' }] }
        ]
      })
    ).toEqual([
      {
        id: '7',
        name: '',
        status: undefined,
        active: false,
        activeRegions: [{ tag: 't', name: undefined }],
        bucket: undefined,
        dir: undefined
      }
    ]);
  });
});
