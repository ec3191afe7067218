import type { RemoteEntry } from '../../../../platform/sftp/remote-files.js';

/** A directory's listing by name, or undefined when it could not be listed. */
type Listing = Map<string, RemoteEntry> | undefined;

/**
 * What the volume holds in the directories an upload writes into, one listing a directory (a call for a
 * hundred names, where an lstat of each file would take a round trip each). Only the directories on the
 * walk's path are held: a directory's listing is let go once the walk has gone to one beside it, so memory
 * follows the largest directory, not the number of files. A listing is read once, when its first file is
 * copied (after its directory was made); a file's later attempts, after a drop, look again (an lstat).
 */
export class RemoteListings {
  readonly #held = new Map<string, Promise<Listing>>();

  /** `list` lists a directory (with the copy's retries); a failure leaves that directory unlisted. */
  constructor(private readonly list: (directory: string) => Promise<RemoteEntry[]>) {}

  /**
   * The entry at `path` as its directory's listing shows it (undefined: none there), or, when the
   * directory could not be listed, as `lstat` says.
   */
  async entryAt(
    path: string,
    lstat: (path: string) => Promise<RemoteEntry | undefined>
  ): Promise<RemoteEntry | undefined> {
    const cut = path.lastIndexOf('/');
    const directory = cut <= 0 ? '/' : path.slice(0, cut);
    const listing = await this.#listing(directory);
    return listing === undefined ? lstat(path) : listing.get(path.slice(cut + 1));
  }

  #listing(directory: string): Promise<Listing> {
    const held = this.#held.get(directory);
    if (held !== undefined) return held;
    for (const other of this.#held.keys())
      if (!(other === '/' || directory.startsWith(`${other}/`))) this.#held.delete(other);
    const listing = this.list(directory).then(
      (entries) => new Map(entries.map((entry) => [entry.name, entry])),
      () => undefined
    );
    this.#held.set(directory, listing);
    return listing;
  }
}
