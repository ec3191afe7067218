// A volume and a transfer as the action reads them from the platform: nothing known but what a test gives.
import { transferOf, type Transfer } from '../../src/platform/transfer-data.js';
import type { Volume } from '../../src/platform/volume-data.js';

/** A volume list entry with every field the platform may leave out unknown: what a test gives overrides. */
export const volumeRead = (fields: Partial<Volume>): Volume => ({
  id: '1001',
  name: 'data',
  region: undefined,
  regionName: undefined,
  storageClass: undefined,
  storageClassName: undefined,
  status: undefined,
  totalBytes: undefined,
  usedBytes: undefined,
  displayUnitPrice: undefined,
  mounts: 0,
  instances: [],
  errorCode: undefined,
  errorMessage: undefined,
  ...fields
});

/** A transfer's detail (id 501 unless given) read as the action reads it from the platform's fields. */
export const transferRead = (fields: Record<string, unknown>): Transfer => {
  const read = transferOf({ id: 501, ...fields });
  if (read === undefined) throw new Error('no transfer');
  return read;
};
