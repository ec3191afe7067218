// The platform's storage, as far as the emulator keeps it: what a connection check answers. It cannot reach
// a bucket, so a test says whether one can be reached with the settings a check sends, or a bucket cannot.

export interface StorageVerdict {
  pass: boolean;
  message: string;
}

export class StorageStore {
  verdict: StorageVerdict = { pass: true, message: 'the storage can be reached with these settings' };
  /** Buckets that cannot be reached, whatever the verdict says, with why (a knob). */
  readonly unreachable = new Map<string, string>();

  /** What a check of `bucket` answers. */
  verdictFor(bucket: string): StorageVerdict {
    const why = this.unreachable.get(bucket);
    return why === undefined ? this.verdict : { pass: false, message: why };
  }
}
