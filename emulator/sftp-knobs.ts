// The SFTP server's knobs: connections dropped once so many bytes of a file moved (for the next so many
// files), files that stall (never answered again) once so many bytes of them moved, and names planted in a folder's listing (hostile ones, for tests of a client's safety).
import type { PlantedName } from './sftp-attrs.js';
import { normalizePath } from './volume-files.js';

export class SftpKnobs {
  /** The byte counts at which the next files' connections drop, one a file. */
  readonly #drops: number[] = [];
  /** The byte counts at which the next files stall, one a file. */
  readonly #stalls: number[] = [];
  /** Requests left unanswered by a stalled file so far. */
  #held = 0;
  /** The names planted in each volume's folders ("id:/folder"). */
  readonly #planted = new Map<string, PlantedName[]>();

  /** The next `files` files read or written drop their connection once `afterBytes` of them moved. */
  dropNext(files: number, afterBytes: number): void {
    for (let i = 0; i < files; i++) this.#drops.push(afterBytes);
  }

  /** The byte count at which the next drop comes, if one is set. */
  dropLimit(): number | undefined {
    return this.#drops[0];
  }

  /** Takes the next drop: false when another file took it first. */
  takeDrop(): boolean {
    return this.#drops.shift() !== undefined;
  }

  /** How many drops are still to come. */
  dropsLeft(): number {
    return this.#drops.length;
  }

  /**
   * The next `files` files read or written stall once `afterBytes` of them moved: their reads and writes
   * from then on are never answered, the connection left open (a silent server, as a stuck disk makes it).
   */
  stallNext(files: number, afterBytes: number): void {
    for (let i = 0; i < files; i++) this.#stalls.push(afterBytes);
  }

  /** Whether a file that moved `moved` bytes and would move `bytes` more stalls here (the stall taken). */
  takeStall(moved: number, bytes: number): boolean {
    const limit = this.#stalls[0];
    if (limit === undefined || moved + bytes < limit) return false;
    this.#stalls.shift();
    return true;
  }

  /** Counts a request a stalled file leaves unanswered. */
  hold(): void {
    this.#held += 1;
  }

  /** How many requests stalled files left unanswered so far. */
  held(): number {
    return this.#held;
  }

  /**
   * Adds names to a folder's listing, as they are (`..`, `../escape`, `/etc/passwd`, `a/b`, a link): a
   * file so named is served (its content made from its path) when opened by the folder's path, a slash and
   * the name.
   */
  plant(storageId: number, folder: string, names: readonly PlantedName[]): void {
    const key = `${storageId}:${normalizePath(folder)}`;
    this.#planted.set(key, [...(this.#planted.get(key) ?? []), ...names]);
  }

  /** The names planted in a folder. */
  plantedIn(storageId: number, folder: string): readonly PlantedName[] {
    return this.#planted.get(`${storageId}:${normalizePath(folder)}`) ?? [];
  }

  /** The planted file a path names as written (the folder, a slash, the name), if one does. */
  plantedAt(storageId: number, path: string): PlantedName | undefined {
    for (const [key, names] of this.#planted) {
      const folder = key.slice(key.indexOf(':') + 1);
      if (key !== `${storageId}:${folder}`) continue;
      const prefix = folder === '/' ? '' : folder;
      const found = names.find((planted) => `${prefix}/${planted.name}` === path && planted.type !== 'dir');
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** Takes every planted name away. */
  clearPlanted(): void {
    this.#planted.clear();
  }
}
