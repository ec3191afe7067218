// A test double of the SERVER side of a volume's SFTP session: RemoteFiles over a temporary directory (the
// volume's root), with the faults a copy must survive: the connection dropped mid-file, a session that
// cannot be opened, a listing that gives hostile names, links on the volume. Each `open()` is a new
// connection; a dropped one fails every call on it (RemoteGone), those under way too.
import { createReadStream } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  RemoteGone,
  type OpenRemote,
  type RemoteEntry,
  type RemoteFiles
} from '../../src/platform/sftp/remote-files.js';

const CHUNK = 16 * 1024;

export interface RemoteVolumeFaults {
  /** Drops the connection once this many more file chunks moved (up or down), then clears itself. */
  dropAfterChunks?: number;
  /** Each open() fails so, this many more times (RemoteGone: may pass; another error: the session refused). */
  failOpens?: { times: number; error: Error };
  /** Extra entries a directory's listing gives, as a hostile server would (by the volume's path). */
  extraEntries?: Map<string, RemoteEntry[]>;
  /** A call to a path that ends so fails (not RemoteGone): the server refuses it. */
  refusePathsEndingWith?: string;
}

export class RemoteVolume {
  opens = 0;
  /** Uploads and downloads under way at once, at most. */
  mostAtOnce = 0;
  /** Files written to the volume (uploads), by path, in order. */
  readonly uploads: string[] = [];
  readonly faults: RemoteVolumeFaults = {};
  /** The lookups the copies made: lstats of one path, and listings of a directory. */
  readonly lookups = { lstat: 0, list: 0 };
  private atOnce = 0;
  private connections: Connection[] = [];

  constructor(readonly root: string) {}

  readonly open: OpenRemote = () => {
    this.opens += 1;
    const failing = this.faults.failOpens;
    if (failing !== undefined && failing.times > 0) {
      failing.times -= 1;
      return Promise.reject(failing.error);
    }
    const connection = new Connection(this);
    this.connections.push(connection);
    return Promise.resolve(connection);
  };

  /** Drops every connection open now (a network cut, the session ended). */
  dropAll(): void {
    for (const connection of this.connections) connection.gone = true;
  }

  /** Where a volume's path is in the temporary directory. */
  where(path: string): string {
    return join(this.root, path);
  }

  /** Counts a file chunk moved; drops the connections when the fault says so. */
  chunk(): void {
    const left = this.faults.dropAfterChunks;
    if (left === undefined) return;
    if (left <= 0) {
      delete this.faults.dropAfterChunks;
      this.dropAll();
    } else this.faults.dropAfterChunks = left - 1;
  }

  async moving<T>(work: () => Promise<T>): Promise<T> {
    this.atOnce += 1;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.atOnce);
    try {
      return await work();
    } finally {
      this.atOnce -= 1;
    }
  }
}

class Connection implements RemoteFiles {
  gone = false;

  constructor(private readonly volume: RemoteVolume) {}

  private check(path: string): void {
    if (this.gone) throw new RemoteGone('the connection was dropped');
    const refused = this.volume.faults.refusePathsEndingWith;
    if (refused !== undefined && path.endsWith(refused)) throw new Error(`permission denied: ${path}`);
  }

  async lstat(path: string): Promise<RemoteEntry | undefined> {
    this.volume.lookups.lstat += 1;
    this.check(path);
    try {
      return entryOf(path.split('/').at(-1) ?? '', await lstat(this.volume.where(path)));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async list(directory: string): Promise<RemoteEntry[]> {
    this.volume.lookups.list += 1;
    this.check(directory);
    const names = await readdir(this.volume.where(directory));
    const entries = await Promise.all(
      names.map(async (name) => entryOf(name, await lstat(join(this.volume.where(directory), name))))
    );
    return [...entries, ...(this.volume.faults.extraEntries?.get(directory) ?? [])];
  }

  async makeDirectory(path: string): Promise<void> {
    this.check(path);
    await mkdir(this.volume.where(path), { recursive: true });
  }

  upload(
    localPath: string,
    remotePath: string,
    modifiedS: number,
    progress: (bytes: number) => void
  ): Promise<void> {
    return this.volume.moving(async () => {
      this.check(remotePath);
      const out = await open(this.volume.where(remotePath), 'w');
      try {
        for await (const chunk of createReadStream(localPath, { highWaterMark: CHUNK })) {
          this.volume.chunk();
          this.check(remotePath);
          await out.write(chunk as Buffer);
          progress((chunk as Buffer).length);
        }
      } finally {
        await out.close();
      }
      await utimes(this.volume.where(remotePath), modifiedS, modifiedS);
      this.volume.uploads.push(remotePath);
    });
  }

  download(remotePath: string, localPath: string, progress: (bytes: number) => void): Promise<void> {
    return this.volume.moving(async () => {
      this.check(remotePath);
      const content = await readFile(this.volume.where(remotePath));
      await writeFile(localPath, '');
      for (let at = 0; at < content.length || at === 0; at += CHUNK) {
        this.volume.chunk();
        this.check(remotePath);
        const part = content.subarray(at, at + CHUNK);
        await writeFile(localPath, part, { flag: 'a' });
        progress(part.length);
        if (content.length === 0) break;
      }
    });
  }

  async *read(remotePath: string): AsyncIterable<Uint8Array> {
    this.check(remotePath);
    for await (const chunk of createReadStream(this.volume.where(remotePath), { highWaterMark: CHUNK })) {
      this.check(remotePath);
      yield chunk as Buffer;
    }
  }

  async setModified(remotePath: string, modifiedS: number): Promise<void> {
    this.check(remotePath);
    await utimes(this.volume.where(remotePath), modifiedS, modifiedS);
  }

  close(): void {
    this.gone = true;
  }
}

function entryOf(name: string, stats: Awaited<ReturnType<typeof lstat>>): RemoteEntry {
  const kind = stats.isSymbolicLink()
    ? 'link'
    : stats.isDirectory()
      ? 'directory'
      : stats.isFile()
        ? 'file'
        : 'other';
  return { name, kind, bytes: Number(stats.size), modifiedS: Math.floor(Number(stats.mtimeMs) / 1000) };
}
