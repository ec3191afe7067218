// The platform's storage, as far as the emulator keeps it: what a connection check answers. It cannot reach
// a bucket, so a test says whether one can be reached with the settings a check sends.

export interface StorageVerdict {
  pass: boolean;
  message: string;
}

export class StorageStore {
  verdict: StorageVerdict = { pass: true, message: 'the storage can be reached with these settings' };
}
