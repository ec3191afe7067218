// Issue 64, points 3 and 4: the copy engine between the workspace and a volume, over a test double of the
// volume's SFTP server (a temporary directory): many files at once, nothing copied twice, a dropped
// connection resumed over one new connection, the deadline and cancellation held, and nothing read or
// written outside the workspace whatever the volume holds.
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { RemoteGone } from '../../../../../src/platform/sftp/remote-files.js';
import { copyOverSftp } from '../../../../../src/deploy/engine/storage/sftp/copy-over-sftp.js';
import type { SftpCopyOptions } from '../../../../../src/deploy/engine/storage/sftp/copy-run.js';
import { RemoteVolume } from '../../../../helpers/remote-volume.js';

let base: string;
let workspace: string;
let volume: RemoteVolume;

beforeEach(() => {
  base = realpathSync(mkdtempSync(join(tmpdir(), 'sftp-copy-')));
  workspace = join(base, 'workspace');
  mkdirSync(workspace);
  mkdirSync(join(base, 'volume'));
  volume = new RemoteVolume(join(base, 'volume'));
});

afterEach(() => {
  rmSync(base, { recursive: true, force: true });
});

/** A clock that moves only when the copy sleeps, each sleep letting the machine's own work go on. */
function fakeTime(start = 1_000_000): {
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  sleeps: { at: number; ms: number }[];
} {
  let time = start;
  const sleeps: { at: number; ms: number }[] = [];
  return {
    now: () => time,
    sleep: async (ms) => {
      sleeps.push({ at: time, ms });
      await new Promise((resolve) => setImmediate(resolve));
      time += ms;
    },
    sleeps
  };
}

function copy(
  way: 'up' | 'down',
  local: string,
  remotePath: string,
  more: Partial<SftpCopyOptions> = {}
): { run: () => ReturnType<typeof copyOverSftp>; lines: string[]; warnings: string[] } {
  const lines: string[] = [];
  const warnings: string[] = [];
  const time = fakeTime();
  const options: SftpCopyOptions = {
    way,
    local,
    root: workspace,
    intoDirectory: true,
    remotePath,
    open: volume.open,
    label: way === 'up' ? 'data: ./in -> volume 7:/data' : 'results: volume 7:/out -> ./out',
    log: (line) => lines.push(line),
    warn: (line) => warnings.push(line),
    now: time.now,
    sleep: time.sleep,
    // A timer that never ticks: these tests are of the files (the watch's heartbeat and deadline are the
    // hostile tests', on the fake clock's timers).
    every: () => () => undefined,
    random: () => 0.5,
    cancelled: () => false,
    deadline: Infinity,
    ...more
  };
  return { run: () => copyOverSftp(options), lines, warnings };
}

/** A tree of `dirs` directories (one nested in another) of `files` files each, of distinct content. */
function tree(top: string, dirs: number, files: number): string[] {
  const made: string[] = [];
  for (let d = 0; d < dirs; d++) {
    const dir = join(top, `d${d}`, ...(d % 2 === 0 ? [] : ['nested', 'deeper']));
    mkdirSync(dir, { recursive: true });
    for (let f = 0; f < files; f++) {
      const path = join(dir, `f${f}.bin`);
      writeFileSync(path, `${relative(top, path)}\n`.repeat(1 + f * 50));
      made.push(path);
    }
  }
  return made;
}

/** Every file under a directory, by its path from it, with its content. */
function contents(top: string): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (rel: string): void => {
    for (const entry of readdirSync(join(top, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) visit(path);
      else found.set(path, readFileSync(join(top, path), 'utf8'));
    }
  };
  visit('');
  return found;
}

describe('copyOverSftp', () => {
  it('uploads a tree of files and nested directories, several at once, and says what it did', async () => {
    tree(join(workspace, 'in'), 6, 12);
    const { run, lines, warnings } = copy('up', join(workspace, 'in'), '/data/set');
    const report = await run();
    expect(report).toMatchObject({
      copied: 72,
      skipped: 0,
      failed: 0,
      retries: 0,
      reconnects: 0,
      failure: undefined
    });
    expect(contents(volume.where('/data/set'))).toEqual(contents(join(workspace, 'in')));
    expect(volume.mostAtOnce).toBeGreaterThan(1);
    expect(volume.mostAtOnce).toBeLessThanOrEqual(4);
    expect(volume.opens).toBe(1);
    expect(warnings).toEqual([]);
    expect(lines.at(-1)).toMatch(
      /^data: \.\/in -> volume 7:\/data: 72 files copied \(0\.\d\d GiB\), 0 skipped: already there, 0 failed, in \d+/
    );
  });

  it('says its progress as a transfer does, at most every progressEveryMs, as files move', async () => {
    tree(join(workspace, 'in'), 4, 10);
    let time = 0;
    const { run, lines } = copy('up', join(workspace, 'in'), '/d', {
      now: () => (time += 250),
      progressEveryMs: 5000
    });
    expect((await run()).copied).toBe(40);
    const progress = lines.filter((line) => / files, /.test(line));
    expect(progress.length).toBeGreaterThan(1);
    for (const line of progress)
      expect(line).toMatch(
        /^data: \.\/in -> volume 7:\/data: \d+\/40 files, 0\.\d\d\/0\.\d\d GiB \(\d+%\), \d+\.\d MiB\/s, ((\d+m)?\d+s left, )?(\d+m)?\d+s elapsed$/
      );
    const seconds = progress.map((line) => {
      const [, m = '0', sec = '0'] = /, (?:(\d+)m)?(\d+)s elapsed$/.exec(line) ?? [];
      return Number(m) * 60 + Number(sec);
    });
    seconds.slice(1).forEach((at, i) => {
      expect(at - (seconds[i] ?? 0)).toBeGreaterThanOrEqual(5);
    });
  });

  it('holds to the streams it is given', async () => {
    tree(join(workspace, 'in'), 2, 10);
    const { run } = copy('up', join(workspace, 'in'), '/d', { streams: 2 });
    expect((await run()).copied).toBe(20);
    expect(volume.mostAtOnce).toBe(2);
  });

  it('copies nothing twice: a second run skips every file, and says so', async () => {
    tree(join(workspace, 'in'), 3, 5);
    expect((await copy('up', join(workspace, 'in'), '/d').run()).copied).toBe(15);
    const uploaded = volume.uploads.length;
    const again = copy('up', join(workspace, 'in'), '/d');
    expect(await again.run()).toMatchObject({ copied: 0, skipped: 15, failed: 0, failure: undefined });
    expect(volume.uploads).toHaveLength(uploaded);
    expect(again.lines.at(-1)).toContain('0 files copied (0 GiB), 15 skipped: already there, 0 failed');
  });

  it("learns what the volume holds from each directory's listing, once, not from an lstat a file", async () => {
    tree(join(workspace, 'in'), 3, 20);
    expect((await copy('up', join(workspace, 'in'), '/d').run()).copied).toBe(60);
    const first = { ...volume.lookups };
    const again = copy('up', join(workspace, 'in'), '/d');
    expect(await again.run()).toMatchObject({ copied: 0, skipped: 60, failed: 0 });
    // The three directories the files are in, each listed once a run; one lstat a run, of the top once
    // made, none for a file.
    expect(first).toEqual({ lstat: 1, list: 3 });
    expect(volume.lookups).toEqual({ lstat: 2, list: 6 });
  });

  it('refuses a file where the volume holds a link or a directory, never writing through the link', async () => {
    mkdirSync(join(workspace, 'in'));
    for (const name of ['link.txt', 'dir.txt', 'plain.txt']) writeFileSync(join(workspace, 'in', name), name);
    mkdirSync(volume.where('/d'));
    writeFileSync(join(base, 'target'), 'untouched');
    symlinkSync(join(base, 'target'), volume.where('/d/link.txt'));
    mkdirSync(volume.where('/d/dir.txt'));
    const out = copy('up', join(workspace, 'in'), '/d');
    const report = await out.run();
    expect(report).toMatchObject({ copied: 1, failed: 2 });
    expect(report.failure).toBe('2 files or directories not copied (see the warnings above)');
    expect(readFileSync(join(base, 'target'), 'utf8')).toBe('untouched');
    expect(volume.uploads).toEqual(['/d/plain.txt']);
    expect(out.warnings.sort()).toEqual([
      expect.stringMatching(/"dir\.txt" not copied: the volume holds a directory where it would be written/),
      expect.stringMatching(/"link\.txt" not copied: the volume holds a link where it would be written/)
    ]);
  });

  it("looks at each file's path when its directory cannot be listed, and again on a file's attempt after a drop", async () => {
    tree(join(workspace, 'in'), 1, 4);
    mkdirSync(volume.where('/d/d0'), { recursive: true });
    writeFileSync(volume.where('/d/d0/f0.bin'), 'stale');
    const { run } = copy('up', join(workspace, 'in'), '/d', {
      streams: 1,
      open: async () => {
        const files = await volume.open();
        return Object.assign(Object.create(files) as typeof files, {
          list: (directory: string) =>
            directory === '/d/d0' ? Promise.reject(new Error('permission denied')) : files.list(directory)
        });
      }
    });
    volume.faults.dropAfterChunks = 1;
    const report = await run();
    expect(report).toMatchObject({ copied: 4, failed: 0, failure: undefined });
    expect(contents(volume.where('/d'))).toEqual(contents(join(workspace, 'in')));
    // The top once made, each file's path (its directory unlisted), and the file the drop cut short
    // looked at again.
    expect(volume.lookups.lstat).toBe(1 + 4 + 1);
  });

  it('skips a file of the same size and content at another time (setting the time), and copies one of other content', async () => {
    mkdirSync(join(workspace, 'in'));
    writeFileSync(join(workspace, 'in', 'same.txt'), 'abcdef');
    writeFileSync(join(workspace, 'in', 'other.txt'), 'abcdef');
    mkdirSync(volume.where('/d'));
    writeFileSync(volume.where('/d/same.txt'), 'abcdef');
    writeFileSync(volume.where('/d/other.txt'), 'ABCDEF');
    utimesSync(volume.where('/d/same.txt'), 1000, 1000);
    utimesSync(volume.where('/d/other.txt'), 1000, 1000);
    const report = await copy('up', join(workspace, 'in'), '/d').run();
    expect(report).toMatchObject({ copied: 1, skipped: 1, failed: 0 });
    expect(readFileSync(volume.where('/d/other.txt'), 'utf8')).toBe('abcdef');
    expect(Math.floor(statSync(volume.where('/d/same.txt')).mtimeMs / 1000)).toBe(
      Math.floor(statSync(join(workspace, 'in', 'same.txt')).mtimeMs / 1000)
    );
    expect(volume.uploads).toEqual(['/d/other.txt']);
  });

  it('downloads a tree into a directory it makes, and skips it all a second time', async () => {
    tree(volume.where('/out'), 4, 6);
    const target = join(workspace, 'results', 'eval');
    const first = await copy('down', target, '/out').run();
    expect(first).toMatchObject({ copied: 24, failed: 0, failure: undefined });
    expect(contents(target)).toEqual(contents(volume.where('/out')));
    const again = copy('down', target, '/out');
    expect(await again.run()).toMatchObject({ copied: 0, skipped: 24 });
    expect(again.lines.at(-1)).toContain('24 skipped: already there');
  });

  it('copies one file into a directory, keeping its name, or to the path given', async () => {
    writeFileSync(join(workspace, 'model.bin'), 'weights');
    expect((await copy('up', join(workspace, 'model.bin'), '/models/').run()).copied).toBe(1);
    expect(readFileSync(volume.where('/models/model.bin'), 'utf8')).toBe('weights');
    expect((await copy('up', join(workspace, 'model.bin'), '/m/renamed.bin').run()).copied).toBe(1);
    expect(readFileSync(volume.where('/m/renamed.bin'), 'utf8')).toBe('weights');
    expect((await copy('down', join(workspace, 'back'), '/m/renamed.bin').run()).copied).toBe(1);
    expect(readFileSync(join(workspace, 'back', 'renamed.bin'), 'utf8')).toBe('weights');
  });

  it('resumes a dropped connection: the file copied again over one new connection that every stream shares', async () => {
    tree(join(workspace, 'in'), 2, 8);
    writeFileSync(join(workspace, 'in', 'big.bin'), Buffer.alloc(40 * 16 * 1024, 7));
    volume.faults.dropAfterChunks = 30;
    const { run, lines } = copy('up', join(workspace, 'in'), '/d');
    const report = await run();
    expect(report).toMatchObject({ copied: 17, failed: 0, reconnects: 1, failure: undefined });
    expect(report.retries).toBeGreaterThanOrEqual(1);
    expect(volume.opens).toBe(2);
    expect(contents(volume.where('/d'))).toEqual(contents(join(workspace, 'in')));
    expect(lines).toContainEqual(
      expect.stringMatching(
        /the connection to the volume ended \(the connection was dropped\); retry 1 of 4 in/
      )
    );
    expect(lines.at(-1)).toMatch(/\(\d+ retr(y|ies), 1 reconnect\)$/);
  });

  it('fails a file the server refuses, copies the rest, and fails at the end naming how many', async () => {
    tree(join(workspace, 'in'), 2, 3);
    volume.faults.refusePathsEndingWith = 'f1.bin';
    const { run, warnings } = copy('up', join(workspace, 'in'), '/d');
    const report = await run();
    expect(report).toMatchObject({ copied: 4, failed: 2, retries: 0 });
    expect(report.failure).toBe('2 files or directories not copied (see the warnings above)');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/f1\.bin" not copied: permission denied/);
  });

  it('stops at a session that cannot be opened, with why', async () => {
    tree(join(workspace, 'in'), 1, 3);
    volume.faults.failOpens = { times: 1, error: new Error('session 9 is in Exception (SFTP_FAILED)') };
    const report = await copy('up', join(workspace, 'in'), '/d').run();
    expect(report.copied).toBe(0);
    expect(report.failure).toContain('session 9 is in Exception (SFTP_FAILED)');
  });

  it('never sleeps past the deadline: retries stop before it, and no file starts after it', async () => {
    tree(join(workspace, 'in'), 1, 6);
    volume.faults.failOpens = { times: 1_000, error: new RemoteGone('no route to host') };
    const time = fakeTime();
    const deadline = time.now() + 10_000;
    const { run, lines } = copy('up', join(workspace, 'in'), '/d', {
      now: time.now,
      sleep: time.sleep,
      deadline,
      random: () => 0.99
    });
    const report = await run();
    expect(report.copied).toBe(0);
    expect(report.failure).toBeDefined();
    expect(time.sleeps.length).toBeGreaterThan(0);
    for (const { at, ms } of time.sleeps) expect(at + ms).toBeLessThanOrEqual(deadline);
    expect(lines).toContainEqual(
      expect.stringContaining("not retrying, as the next attempt would start after the step's deadline")
    );
  });

  it('stops starting files once the step is cancelled, and fails', async () => {
    tree(join(workspace, 'in'), 2, 10);
    let cancelled = false;
    const { run } = copy('up', join(workspace, 'in'), '/d', {
      streams: 1,
      cancelled: () => cancelled,
      open: async () => {
        const files = await volume.open();
        const upload = files.upload.bind(files);
        return {
          ...files,
          lstat: files.lstat.bind(files),
          list: files.list.bind(files),
          makeDirectory: files.makeDirectory.bind(files),
          read: files.read.bind(files),
          setModified: files.setModified.bind(files),
          close: files.close.bind(files),
          download: files.download.bind(files),
          upload: async (local, remote, modifiedS, progress) => {
            await upload(local, remote, modifiedS, progress);
            if (volume.uploads.length === 3) cancelled = true;
          }
        };
      }
    });
    const report = await run();
    expect(report.copied).toBe(3);
    expect(report.failure).toBe('the step was cancelled, with 17 of 20 files not copied');
  });

  it('refuses, before it sends anything, a link of the workspace pointing out of it; follows a link to a file inside; skips a link to a directory', async () => {
    tree(join(workspace, 'in'), 1, 2);
    writeFileSync(join(base, 'secret'), 'outside');
    writeFileSync(join(workspace, 'inside.txt'), 'inside');
    symlinkSync(join(workspace, 'inside.txt'), join(workspace, 'in', 'to-inside'));
    symlinkSync(join(workspace, 'in', 'd0'), join(workspace, 'in', 'to-dir'));
    const clean = copy('up', join(workspace, 'in'), '/d');
    expect(await clean.run()).toMatchObject({ copied: 3, failed: 0, failure: undefined });
    expect(readFileSync(volume.where('/d/to-inside'), 'utf8')).toBe('inside');
    expect(existsSync(volume.where('/d/to-dir'))).toBe(false);
    expect(clean.warnings).toEqual([expect.stringMatching(/"to-dir" skipped: it is a link to a directory/)]);

    symlinkSync(join(base, 'secret'), join(workspace, 'in', 'd0', 'leak'));
    symlinkSync(join(base, 'nowhere'), join(workspace, 'in', 'dangling'));
    rmSync(volume.where('/d'), { recursive: true });
    const uploads = volume.uploads.length;
    const out = copy('up', join(workspace, 'in'), '/d');
    const report = await out.run();
    expect(report.copied).toBe(0);
    expect(report.failure).toBe(
      '2 entries of the workspace refused (see the warnings above), so nothing was sent'
    );
    expect(out.warnings.sort()).toEqual([
      expect.stringMatching(/"d0\/leak" refused: it is a link pointing outside the workspace/),
      expect.stringMatching(/"dangling" refused: it is a link that points nowhere/)
    ]);
    expect(volume.uploads).toHaveLength(uploads);
    expect(existsSync(volume.where('/d'))).toBe(false);
  });
});

describe('a download, whatever names and links the volume holds', () => {
  const hostile = ['../escape', '..', '.', '', 'a/b', 'a\\b', 'x\u0000y', 'line\nbreak', '/etc/passwd'];

  it('refuses every name that is not one plain name, warning with it made safe, copies the rest, fails at the end, writes nothing outside', async () => {
    tree(volume.where('/out'), 1, 3);
    volume.faults.extraEntries = new Map([
      ['/out', hostile.map((name) => ({ name, kind: 'file' as const, bytes: 4, modifiedS: 1 }))]
    ]);
    const before = readdirSync(base).sort();
    const target = join(workspace, 'results');
    const { run, warnings } = copy('down', target, '/out');
    const report = await run();
    expect(report).toMatchObject({ copied: 3, failed: hostile.length });
    expect(report.failure).toBe(`${hostile.length} files or directories not copied (see the warnings above)`);
    expect(warnings).toHaveLength(hostile.length);
    for (const warning of warnings) {
      expect(warning).toMatch(/ refused: it is not one plain name$/);
      // eslint-disable-next-line no-control-regex -- the control characters are what must not be there
      expect(warning).not.toMatch(/[\u0000-\u001f]/);
    }
    expect(readdirSync(base).sort()).toEqual(before);
    expect([...contents(target).keys()].sort()).toEqual(['d0/f0.bin', 'd0/f1.bin', 'd0/f2.bin']);
  });

  it('never follows a link on the volume: warned and skipped', async () => {
    mkdirSync(volume.where('/out'));
    writeFileSync(volume.where('/out/real.txt'), 'real');
    writeFileSync(join(base, 'host-file'), 'host');
    symlinkSync(join(base, 'host-file'), volume.where('/out/link.txt'));
    symlinkSync(base, volume.where('/out/link-dir'));
    const { run, warnings } = copy('down', join(workspace, 'r'), '/out');
    expect(await run()).toMatchObject({ copied: 1, failed: 0, failure: undefined });
    expect(warnings.sort()).toEqual([
      expect.stringMatching(/"link-dir" skipped: it is a link on the volume \(never followed\)/),
      expect.stringMatching(/"link.txt" skipped: it is a link on the volume \(never followed\)/)
    ]);
    expect(existsSync(join(workspace, 'r', 'link.txt'))).toBe(false);
  });

  it('refuses the volume path itself when it is a link', async () => {
    symlinkSync(base, volume.where('/out'));
    const report = await copy('down', join(workspace, 'r'), '/out').run();
    expect(report.failure).toBe(
      'the volume\'s "/out" is a link, not a file or a directory (links are never followed)'
    );
  });

  it('never writes through a local link where a file or a directory would go', async () => {
    tree(volume.where('/out'), 1, 2);
    writeFileSync(join(base, 'victim'), 'untouched');
    mkdirSync(join(base, 'victim-dir'));
    const target = join(workspace, 'r');
    mkdirSync(join(target, 'd0'), { recursive: true });
    symlinkSync(join(base, 'victim'), join(target, 'd0', 'f0.bin'));
    const first = copy('down', target, '/out');
    const report = await first.run();
    expect(report).toMatchObject({ copied: 1, failed: 1 });
    expect(first.warnings).toEqual([
      expect.stringMatching(/"d0\/f0\.bin" not copied: the workspace holds a link where it would be written/)
    ]);
    expect(readFileSync(join(base, 'victim'), 'utf8')).toBe('untouched');

    rmSync(join(target, 'd0'), { recursive: true });
    symlinkSync(join(base, 'victim-dir'), join(target, 'd0'));
    const second = copy('down', target, '/out');
    expect((await second.run()).failed).toBe(1);
    expect(second.warnings).toEqual([
      expect.stringMatching(/"d0" refused: the workspace holds a link there/)
    ]);
    expect(readdirSync(join(base, 'victim-dir'))).toEqual([]);
  });
});
