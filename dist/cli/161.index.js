export const id = 161;
export const ids = [161];
export const modules = {

/***/ 1161:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  copyData: () => (/* binding */ copyData)
});

// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./deploy/engine/settings.ts
var settings = __webpack_require__(2464);
// EXTERNAL MODULE: ./deploy/engine/storage/run-transfer.ts
var run_transfer = __webpack_require__(6772);
// EXTERNAL MODULE: ./platform/sftp/remote-files.ts
var remote_files = __webpack_require__(2664);
// EXTERNAL MODULE: ./deploy/engine/storage/sftp-session.ts + 2 modules
var sftp_session = __webpack_require__(8388);
;// CONCATENATED MODULE: ./deploy/engine/storage/sftp-remote.ts



/** Chunks of one file in flight at once, and their size: ssh2's own defaults (2 MiB in flight). */
const CHUNKS_IN_FLIGHT = 64;
const CHUNK_BYTES = 32 * 1024;
/** How long a connection may take to open, and a silent one to be declared gone (within the deadline). */
const CONNECT_MS = 20_000;
/** A session this close to its expiry is asked for again before a connection is opened with it. */
const EXPIRY_MARGIN_MS = 30_000;
/**
 * Connections to a volume's files over its session, first `session`: each OpenRemote opens one with the
 * session's credentials. A session at (or near) its expiry, or whose login the server refuses (it ended:
 * destroyed, by another run on the same volume too, or expired early), is asked for again (obtain makes
 * new credentials once the old session ended), once a connection. Each server's host key is shown in the
 * log on first contact and held for the step: a server that later shows another key is refused before the
 * password is sent (the platform publishes no fingerprint to check the first against: docs/security.md).
 */
function sftpRemote(volume, session, ctx) {
    let current = session;
    const keys = new Map();
    const connect = async () => {
        const { openSftpFiles } = await Promise.all(/* import() */[__webpack_require__.e(362), __webpack_require__.e(317)]).then(__webpack_require__.bind(__webpack_require__, 5013));
        const { host, port, username, password } = current.credentials;
        const address = `${(0,safe_text/* sanitize */.aj)(host, 100)}:${port}`;
        return openSftpFiles({ host, port, username, password }, {
            chunksInFlight: CHUNKS_IN_FLIGHT,
            chunkBytes: CHUNK_BYTES,
            timeoutMs: Math.max(1_000, Math.min(CONNECT_MS, ctx.deadline - ctx.runtime.now())),
            hostKey: (fingerprint) => {
                const known = keys.get(address);
                if (known === undefined) {
                    keys.set(address, fingerprint);
                    ctx.log(`sftp: ${address} shows the host key ${fingerprint} (first contact: the platform publishes no fingerprint to check it against)`);
                }
                return known === undefined || known === fingerprint;
            }
        });
    };
    return async () => {
        const { expiresAt } = current;
        if (expiresAt !== undefined && ctx.runtime.now() >= expiresAt - EXPIRY_MARGIN_MS) {
            ctx.log(`sftp: volume ${volume.id}: the session expires, asking for a new one`);
            current = await (0,sftp_session/* openSftp */.Ok)(volume, ctx);
        }
        try {
            return await connect();
        }
        catch (error) {
            if (!(error instanceof remote_files/* LoginRefused */.Q))
                throw error;
            ctx.log(`sftp: volume ${volume.id}: the server refused the session's login (it ended): asking for a new one`);
            current = await (0,sftp_session/* openSftp */.Ok)(volume, ctx);
            return connect();
        }
    };
}
/**
 * Runs `use` over the volume's SFTP session (see withSftpSession: on the ledger first, destroyed whatever
 * happens), its connections opened by sftpRemote.
 */
function overSftpSessions(volume, ctx, use) {
    return (0,sftp_session/* withSftpSession */.iO)(volume, ctx, (session) => use(sftpRemote(volume, session, ctx)));
}

// EXTERNAL MODULE: ./basics/input-error.ts
var input_error = __webpack_require__(629);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./deploy/engine/storage/transfer-lines.ts
var transfer_lines = __webpack_require__(4738);
;// CONCATENATED MODULE: ./deploy/engine/storage/sftp/copy-lines.ts


function emptyTally() {
    return {
        filesTotal: 0,
        bytesTotal: 0,
        filesDone: 0,
        bytesDone: 0,
        bytesCopied: 0,
        copied: 0,
        skipped: 0,
        failed: 0
    };
}
/** The least rate a time left is worked out from: what rateOf shows as 0.1 MiB/s. */
const MIN_RATE = 0.05 * 1024 * 1024;
/**
 * A line of a copy's progress, as a transfer's: files and GiB done of all, the percent, the rate, the
 * time it expects to need (while bytes are left, at a rate it can tell), and how long it has run.
 *
 * `data: ./dataset/ -> volume 12:/data: 15/100 files, 0.49/9.77 GiB (5%), 5.0 MiB/s, 31m35s left, 40s elapsed`
 */
function copyProgressLine(label, tally, elapsedMs) {
    const rate = elapsedMs > 0 ? tally.bytesCopied / (elapsedMs / 1000) : 0;
    const left = tally.bytesTotal - tally.bytesDone;
    const percent = tally.bytesTotal > 0 ? ` (${Math.floor((tally.bytesDone / tally.bytesTotal) * 100)}%)` : '';
    const parts = [
        `${tally.filesDone}/${tally.filesTotal} files`,
        `${(0,transfer_lines/* gibOf */.wh)(tally.bytesDone).replace(' GiB', '')}/${(0,transfer_lines/* gibOf */.wh)(tally.bytesTotal)}${percent}`,
        (0,transfer_lines/* rateOf */.MK)(rate),
        // No time left is guessed from a rate the line shows as 0.0 MiB/s (a stalled start would say days).
        ...(rate >= MIN_RATE && left > 0 ? [`${(0,units/* formatDuration */.a3)((left / rate) * 1000)} left`] : []),
        ...(tally.failed > 0 ? [`${tally.failed} failed`] : []),
        `${(0,units/* formatDuration */.a3)(elapsedMs)} elapsed`
    ];
    return `${label}: ${parts.join(', ')}`;
}
/**
 * The copy's last line: what it copied, skipped and failed, how long it took, the retries and reconnects.
 *
 * `data: ./dataset/ -> volume 12:/data: 97 files copied (1.20 GiB), 3 skipped: already there, 0 failed, in 40s`
 */
function copyFinalLine(label, tally, { elapsedMs, retries, reconnects }) {
    const again = [
        ...(retries > 0 ? [`${retries} ${retries === 1 ? 'retry' : 'retries'}`] : []),
        ...(reconnects > 0 ? [`${reconnects} ${reconnects === 1 ? 'reconnect' : 'reconnects'}`] : [])
    ];
    return (`${label}: ${tally.copied} ${tally.copied === 1 ? 'file' : 'files'} copied (${(0,transfer_lines/* gibOf */.wh)(tally.bytesCopied)}), ` +
        `${tally.skipped} skipped: already there, ${tally.failed} failed, in ${(0,units/* formatDuration */.a3)(elapsedMs)}` +
        (again.length > 0 ? ` (${again.join(', ')})` : ''));
}

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs"
var external_node_fs_ = __webpack_require__(3024);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
;// CONCATENATED MODULE: ./deploy/engine/storage/sftp/copy-file.ts



/**
 * A file refused for where it would be written (a local link, a directory), not for a failed call: the
 * copy fails at the end, as for any file that failed.
 */
class RefusedFile extends Error {
    name = 'RefusedFile';
}
/**
 * Uploads one file, unless the volume holds the same already: the same size and modification time (every
 * copy sets the time as it writes), or the same size and content (hashed on both sides; the time is set
 * then). A link, a directory or another kind at the volume's path is refused, never written through.
 * `entryAt` says what is at the path (default: an lstat; a copy of many files reads its directory's
 * listing instead).
 */
async function uploadFile(files, file, progress, entryAt = (path) => files.lstat(path)) {
    const there = await entryAt(file.remote);
    if (there !== undefined && there.kind !== 'file')
        throw new RefusedFile(`the volume holds a ${there.kind} where it would be written`);
    if (there?.bytes === file.bytes) {
        if (there.modifiedS === file.modifiedS)
            return 'skipped';
        if ((await localHash(file.local)) === (await remoteHash(files, file.remote))) {
            await files.setModified(file.remote, file.modifiedS);
            return 'skipped';
        }
    }
    await files.upload(file.local, file.remote, file.modifiedS, progress);
    return 'copied';
}
/**
 * Downloads one file, unless the workspace holds the same already (as uploadFile decides). A link where
 * it would be written is refused, never written through; so is a directory, or anything but a file.
 */
async function downloadFile(files, file, progress) {
    const here = await localEntry(file.local);
    if (here?.isSymbolicLink() === true)
        throw new RefusedFile('the workspace holds a link where it would be written (never written through)');
    if (here !== undefined && !here.isFile())
        throw new RefusedFile('the workspace holds what is not a file where it would be written');
    if (here?.size === file.bytes) {
        if (Math.floor(here.mtimeMs / 1000) === file.modifiedS)
            return 'skipped';
        if ((await localHash(file.local)) === (await remoteHash(files, file.remote))) {
            await (0,promises_.lutimes)(file.local, file.modifiedS, file.modifiedS);
            return 'skipped';
        }
    }
    await files.download(file.remote, file.local, progress);
    await (0,promises_.lutimes)(file.local, file.modifiedS, file.modifiedS);
    return 'copied';
}
/**
 * The local entry at `path` (a link is a link), or undefined when there is none (nor can be: a path under a
 * file, ENOTDIR, which whatever makes it then says).
 */
async function localEntry(path) {
    try {
        return await (0,promises_.lstat)(path);
    }
    catch (error) {
        const { code } = error;
        if (code === 'ENOENT' || code === 'ENOTDIR')
            return undefined;
        throw error;
    }
}
async function localHash(path) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    for await (const chunk of (0,external_node_fs_.createReadStream)(path))
        hash.update(chunk);
    return hash.digest('hex');
}
async function remoteHash(files, path) {
    const hash = (0,external_node_crypto_.createHash)('sha256');
    for await (const chunk of files.read(path))
        hash.update(chunk);
    return hash.digest('hex');
}

;// CONCATENATED MODULE: ./deploy/engine/storage/sftp/plain-name.ts

/**
 * Whether a name a volume's listing gave is one plain name, safe to join to a local directory: not empty,
 * not `.` or `..`, without `/` or `\`, without NUL or another control character, at most 255 bytes. A
 * download refuses any other, so that it never writes outside its target whatever names the volume holds.
 */
function isPlainName(name) {
    return (name !== '' &&
        name !== '.' &&
        name !== '..' &&
        // eslint-disable-next-line no-control-regex -- the control characters are what it refuses
        !/[/\\\u0000-\u001f\u007f-\u009f]/.test(name) &&
        Buffer.byteLength(name) <= 255);
}
/** A name or path from the volume (or a local one) as a log line may show it: quoted, made safe, cut. */
function shownName(name) {
    return JSON.stringify((0,safe_text/* sanitize */.aj)(name, 200));
}

;// CONCATENATED MODULE: ./deploy/engine/storage/sftp/remote-listings.ts
/**
 * What the volume holds in the directories an upload writes into, one listing a directory (a call for a
 * hundred names, where an lstat of each file would take a round trip each). Only the directories on the
 * walk's path are held: a directory's listing is let go once the walk has gone to one beside it, so memory
 * follows the largest directory, not the number of files. A listing is read once, when its first file is
 * copied (after its directory was made); a file's later attempts, after a drop, look again (an lstat).
 */
class RemoteListings {
    list;
    #held = new Map();
    /** `list` lists a directory (with the copy's retries); a failure leaves that directory unlisted. */
    constructor(list) {
        this.list = list;
    }
    /**
     * The entry at `path` as its directory's listing shows it (undefined: none there), or, when the
     * directory could not be listed, as `lstat` says.
     */
    async entryAt(path, lstat) {
        const cut = path.lastIndexOf('/');
        const directory = cut <= 0 ? '/' : path.slice(0, cut);
        const listing = await this.#listing(directory);
        return listing === undefined ? lstat(path) : listing.get(path.slice(cut + 1));
    }
    #listing(directory) {
        const held = this.#held.get(directory);
        if (held !== undefined)
            return held;
        for (const other of this.#held.keys())
            if (!(other === '/' || directory.startsWith(`${other}/`)))
                this.#held.delete(other);
        const listing = this.list(directory).then((entries) => new Map(entries.map((entry) => [entry.name, entry])), () => undefined);
        this.#held.set(directory, listing);
        return listing;
    }
}

// EXTERNAL MODULE: ./platform/retry.ts
var platform_retry = __webpack_require__(1460);
;// CONCATENATED MODULE: ./deploy/engine/storage/sftp/shared-remote.ts



/**
 * The one connection a copy's streams share, and a new one when it drops: the first call to see a
 * connection gone opens the next (`open` may ask for a new session), and every other call that saw the
 * same one gone uses it: one reconnect for a drop, not one a stream. A connection that cannot be opened
 * for any reason but RemoteGone (the session refused, in Exception) is `fatal`: no new file starts.
 */
class SharedRemote {
    open;
    generation = 0;
    current;
    reconnects = 0;
    retries = 0;
    fatal = undefined;
    closed = false;
    constructor(open) {
        this.open = open;
        this.current = this.connect();
    }
    /**
     * Runs `work` over the connection, again over a new one (after a back-off, as `retry` allows: never past
     * its deadline, never once cancelled) each time the connection drops under it (RemoteGone). Any other
     * error is the call's own, thrown at once. `label` names the call in the retries' lines.
     */
    call(label, work, retry) {
        let seen = this.generation;
        return (0,platform_retry/* withRetries */.LH)(label, async (attempt) => {
            if (attempt > 0) {
                this.retries += 1;
                this.renew(seen);
            }
            seen = this.generation;
            return work(await this.current);
        }, (error) => error instanceof remote_files/* RemoteGone */.W && !this.closed
            ? { retry: true, reason: `the connection to the volume ended (${(0,safe_text/* sanitize */.aj)(error.message, 200)})` }
            : { retry: false }, { maxRetries: retry.maxRetries, ...platform_retry/* DEFAULT_BACKOFF */.VU, deadline: retry.deadline }, retry.deps);
    }
    /** Ends the connection; calls under way fail (RemoteGone) and are not retried. */
    close() {
        this.closed = true;
        void this.current.then((files) => {
            files.close();
        }, () => undefined);
    }
    /** A new connection, unless one was opened since connection `seen` dropped. */
    renew(seen) {
        if (seen !== this.generation || this.closed)
            return;
        this.generation += 1;
        this.reconnects += 1;
        void this.current.then((files) => {
            files.close();
        }, () => undefined);
        this.current = this.connect();
    }
    connect() {
        const opening = this.open();
        opening.catch((error) => {
            if (!(error instanceof remote_files/* RemoteGone */.W))
                this.fatal ??= error;
        });
        return opening;
    }
}

// EXTERNAL MODULE: ./deploy/engine/storage/sftp/workspace-path.ts
var workspace_path = __webpack_require__(4294);
;// CONCATENATED MODULE: ./deploy/engine/storage/sftp/walk.ts




const relOf = (rel, name) => (rel === '' ? name : `${rel}/${name}`);
/**
 * The files and directories under a local directory, depth first, read lazily (one directory's handle per
 * level open at a time: memory does not grow with the number of files). A link whose target is a file
 * inside the workspace (`root`) is followed, its content copied under the link's name; a link to a
 * directory is skipped (never followed: no loop, nothing twice); a link pointing outside the workspace, or
 * nowhere, is refused. What is not a file, a directory or a link (a pipe, a socket) is skipped.
 */
async function* walkLocal(top, root, enter, rel = '') {
    for await (const dirent of await (0,promises_.opendir)((0,external_node_path_.join)(top, rel))) {
        const path = relOf(rel, dirent.name);
        if (dirent.isDirectory()) {
            yield { kind: 'directory', rel: path };
            if (enter(path))
                yield* walkLocal(top, root, enter, path);
        }
        else if (dirent.isFile()) {
            const stats = await (0,promises_.lstat)((0,external_node_path_.join)(top, path));
            yield { kind: 'file', rel: path, bytes: stats.size, modifiedS: Math.floor(stats.mtimeMs / 1000) };
        }
        else if (dirent.isSymbolicLink()) {
            yield await localLink((0,external_node_path_.join)(top, path), path, root);
        }
        else {
            yield { kind: 'skipped', rel: path, why: 'it is not a regular file' };
        }
    }
}
/** A local link met on a walk: followed to a file inside the workspace, else skipped or refused. */
async function localLink(path, rel, root) {
    let target;
    try {
        target = await (0,promises_.realpath)(path);
    }
    catch {
        return { kind: 'refused', rel, why: 'it is a link that points nowhere' };
    }
    if (!(0,workspace_path/* isInside */.FK)(root, target))
        return { kind: 'refused', rel, why: 'it is a link pointing outside the workspace' };
    const stats = await (0,promises_.stat)(target);
    if (stats.isDirectory())
        return {
            kind: 'skipped',
            rel,
            why: 'it is a link to a directory (links to directories are not followed)'
        };
    if (!stats.isFile())
        return { kind: 'skipped', rel, why: 'it is a link to what is not a regular file' };
    return {
        kind: 'file',
        rel,
        bytes: stats.size,
        modifiedS: Math.floor(stats.mtimeMs / 1000),
        source: target
    };
}
/**
 * The files and directories under a volume's directory, depth first, a directory's listing at a time
 * (`list`: the listing, over the copy's connection and its retries). A name that is not one plain name is
 * refused (a download would write outside its target); a link on the volume is skipped, never followed,
 * as is what is neither a file nor a directory.
 */
async function* walkRemote(list, top, enter, rel = '') {
    for (const entry of await list(remoteJoin(top, rel))) {
        if (!isPlainName(entry.name)) {
            yield { kind: 'refused', rel: relOf(rel, entry.name), why: 'it is not one plain name' };
            continue;
        }
        const path = relOf(rel, entry.name);
        if (entry.kind === 'directory') {
            yield { kind: 'directory', rel: path };
            if (enter(path))
                yield* walkRemote(list, top, enter, path);
        }
        else if (entry.kind === 'file') {
            yield { kind: 'file', rel: path, bytes: entry.bytes, modifiedS: entry.modifiedS };
        }
        else {
            const why = entry.kind === 'link' ? 'it is a link on the volume (never followed)' : 'it is not a regular file';
            yield { kind: 'skipped', rel: path, why };
        }
    }
}
/** A volume's path and a path from it: `/data` and `a/b` are `/data/a/b`; '' is the path itself. */
function remoteJoin(top, rel) {
    const base = top.length > 1 ? top.replace(/\/+$/, '') : top;
    if (rel === '')
        return base === '' ? '/' : base;
    return base === '/' ? `/${rel}` : `${base}/${rel}`;
}

;// CONCATENATED MODULE: ./deploy/engine/storage/sftp/copy-top.ts






/**
 * The copy's top, and how its directories are made (in the volume, or in the workspace, each checked:
 * never through a link; made once the copy knows it sends anything), or why there is none. A file copied into a directory (its path ends with `/`, or it is one) keeps
 * its name.
 */
async function copyTop(run) {
    const { options } = run;
    const remoteEntry = (path) => run.remote.call(`${options.label}: reading ${shownName(path)}`, (files) => files.lstat(path), run.retry);
    if (options.way === 'up') {
        const source = await (0,promises_.lstat)(options.local);
        const made = (path) => () => remoteDirectories(run, path);
        if (source.isDirectory())
            return {
                local: options.local,
                remote: options.remotePath,
                file: undefined,
                make: made(options.remotePath)
            };
        if (!source.isFile())
            return `${shownName(options.local)} is neither a file nor a directory`;
        const there = await remoteEntry(options.remotePath);
        const into = options.remotePath.endsWith('/') || there?.kind === 'directory';
        const remote = into ? remoteJoin(options.remotePath, (0,external_node_path_.basename)(options.local)) : options.remotePath;
        const file = {
            kind: 'file',
            rel: '',
            bytes: source.size,
            modifiedS: Math.floor(source.mtimeMs / 1000)
        };
        return { local: options.local, remote, file, make: made(external_node_path_.posix.dirname(remote)) };
    }
    const there = await remoteEntry(options.remotePath);
    if (there === undefined)
        return `the volume has nothing at ${shownName(options.remotePath)}`;
    const made = (path) => () => makeLocalDirectories(options.root, path);
    if (there.kind === 'directory')
        return { local: options.local, remote: options.remotePath, file: undefined, make: made(options.local) };
    if (there.kind !== 'file')
        return `the volume's ${shownName(options.remotePath)} is a ${there.kind}, not a file or a directory (links are never followed)`;
    const into = options.intoDirectory || (await localEntry(options.local))?.isDirectory() === true;
    const local = into ? (0,external_node_path_.join)(options.local, (0,external_node_path_.basename)(options.remotePath)) : options.local;
    const file = { kind: 'file', rel: '', bytes: there.bytes, modifiedS: there.modifiedS };
    return { local, remote: options.remotePath, file, make: made((0,external_node_path_.dirname)(local)) };
}
/** Makes a volume's directory and those above it: undefined when it is one, else why not. */
async function remoteDirectories(run, path) {
    const parts = path.split('/').filter((part) => part !== '');
    const label = `${run.options.label}: making ${shownName(path)}`;
    for (let at = 1; at <= parts.length; at++) {
        const directory = `/${parts.slice(0, at).join('/')}`;
        await run.remote.call(label, (files) => files.makeDirectory(directory), run.retry);
    }
    const made = await run.remote.call(label, (files) => files.lstat(path), run.retry);
    return made?.kind === 'directory' ? undefined : `the volume's ${shownName(path)} is not a directory`;
}
/**
 * Makes a local directory inside `root` and those above it up to `root`, each checked as it is made (see
 * makeLocalDirectory): undefined when it is one, else why not.
 */
async function makeLocalDirectories(root, path) {
    const parts = (0,external_node_path_.relative)(root, path)
        .split(/[/\\]/)
        .filter((part) => part !== '');
    for (let at = 1; at <= parts.length; at++) {
        const why = await makeLocalDirectory((0,external_node_path_.join)(root, ...parts.slice(0, at)));
        if (why !== undefined)
            return `${shownName((0,external_node_path_.relative)(root, path))}: ${why}`;
    }
    return undefined;
}
/**
 * Makes one local directory whose parent is one: undefined when made or there, else why not (a link is
 * never written through, wherever it points).
 */
async function makeLocalDirectory(path) {
    let here = await localEntry(path);
    if (here === undefined) {
        try {
            await (0,promises_.mkdir)(path);
        }
        catch (error) {
            if (error.code !== 'EEXIST')
                return `it cannot be made (${(0,safe_text/* sanitize */.aj)(error.code ?? 'failed', 40)})`;
        }
        here = await localEntry(path);
    }
    if (here?.isSymbolicLink() === true)
        return 'the workspace holds a link there (never written through)';
    return here?.isDirectory() === true ? undefined : 'the workspace holds what is not a directory there';
}

;// CONCATENATED MODULE: ./deploy/engine/storage/sftp/copy-watch.ts


/** How often the watch looks (of the host's time): the deadline is seen this late at most. */
const WATCH_EVERY_MS = 1_000;
const HEARTBEAT_MS = 30_000;
/**
 * Watches a copy on the host's timer (see SftpCopyOptions.every), beside its work and never through the
 * step's sleep (which moves a test's clock): a heartbeat line when no byte moved for heartbeatMs (and again
 * each heartbeatMs of silence), and once the step is cancelled or its deadline comes, the copy stopped and
 * its connection closed, so that calls under way fail then rather than at the connection's own timeouts. Answers how to stop watching.
 */
function watchCopy(run) {
    return run.options.every(WATCH_EVERY_MS, () => {
        look(run);
    });
}
function look(run) {
    const { options, tally } = run;
    const now = options.now();
    if (run.stopped !== undefined)
        return;
    const stop = options.cancelled() ? 'cancelled' : now >= options.deadline ? 'deadline' : undefined;
    if (stop !== undefined) {
        run.stopped = stop;
        const why = stop === 'cancelled' ? 'the step was cancelled' : "the step's deadline came";
        options.log(`${options.label}: ${why}: closing the connection to the volume`);
        run.remote.close();
        return;
    }
    const heartbeatMs = options.heartbeatMs ?? HEARTBEAT_MS;
    const silent = now - run.lastMoved;
    if (silent < heartbeatMs || now - (run.lastHeartbeat ?? run.lastMoved) < heartbeatMs)
        return;
    run.lastHeartbeat = now;
    options.log(`${options.label}: still copying: no bytes moved for ${(0,units/* formatDuration */.a3)(silent)} ` +
        `(${tally.filesDone}/${tally.filesTotal} files, ${(0,transfer_lines/* gibOf */.wh)(tally.bytesDone).replace(' GiB', '')}/${(0,transfer_lines/* gibOf */.wh)(tally.bytesTotal)} so far)`);
}
/** Says the copy moved (bytes, or a file done): the heartbeat waits a whole heartbeatMs again. */
function movedNow(run) {
    run.lastMoved = run.options.now();
    run.lastHeartbeat = undefined;
}

;// CONCATENATED MODULE: ./deploy/engine/storage/sftp/copy-over-sftp.ts










/**
 * Copies a file or a directory's tree between the workspace and a volume, over connections `open` makes.
 * The source is walked twice, lazily (memory does not grow with the number of files): once to count, once
 * to copy, `streams` files at once. A file the same at both ends is skipped (see uploadFile); a file whose
 * connection drops is copied again over a new connection, shared by the streams; any other error fails
 * that file, logged, and the copy fails at the end. An upload refuses, before it sends anything, a link out
 * of the workspace. Cancellation and the deadline stop new files from starting; the copy fails then. On
 * the host's timer (see watchCopy), a heartbeat while nothing moves, and the connection closed at the
 * deadline.
 */
async function copyOverSftp(options) {
    const run = newRun(options);
    const unwatch = watchCopy(run);
    try {
        const top = await copyTop(run);
        if (typeof top === 'string')
            return finish(run, top);
        const refused = await countAll(run, top);
        if (options.way === 'up' && refused > 0)
            return finish(run, `${refused} ${refused === 1 ? 'entry' : 'entries'} of the workspace refused (see the warnings above), so nothing was sent`);
        const unmade = await top.make();
        if (unmade !== undefined)
            return finish(run, unmade);
        await copyAll(run, top);
        return finish(run, whyFailed(run));
    }
    catch (error) {
        // A call that failed as the copy was stopped (its connection closed at the deadline): why it stopped.
        if (run.stopped !== undefined)
            return finish(run, whyFailed(run));
        return finish(run, error instanceof Error ? (0,safe_text/* sanitize */.aj)(error.message, 300) : String(error));
    }
    finally {
        unwatch();
        run.remote.close();
    }
}
function newRun(options) {
    const { now, sleep, random, log, cancelled, deadline } = options;
    return {
        options,
        remote: new SharedRemote(options.open),
        tally: emptyTally(),
        retry: { maxRetries: options.maxRetries ?? 4, deadline, deps: { now, sleep, random, log, cancelled } },
        started: now(),
        lastLine: now(),
        lastMoved: now(),
        lastHeartbeat: undefined,
        stopped: undefined
    };
}
/** The walk of the copy's source: the local tree (up) or the volume's (down); one entry for a file. */
async function* walkOf(run, top, enter) {
    if (top.file !== undefined) {
        yield top.file;
        return;
    }
    if (run.options.way === 'up') {
        yield* walkLocal(top.local, run.options.root, enter);
        return;
    }
    const list = (directory) => run.remote.call(`${run.options.label}: listing ${shownName(directory)}`, (files) => files.list(directory), run.retry);
    yield* walkRemote(list, top.remote, enter);
}
/** The first walk: how many files and bytes, and how many entries an upload refuses (each warned). */
async function countAll(run, top) {
    let refused = 0;
    for await (const entry of walkOf(run, top, () => true)) {
        if (entry.kind === 'file') {
            run.tally.filesTotal += 1;
            run.tally.bytesTotal += entry.bytes;
        }
        else if (entry.kind === 'refused' && run.options.way === 'up') {
            refused += 1;
            run.options.warn(`${run.options.label}: ${shownName(entry.rel)} refused: ${entry.why}`);
        }
    }
    return refused;
}
/** The second walk: directories made as met, files copied `streams` at a time, until all or a stop. */
async function copyAll(run, top) {
    const streams = Math.max(1, run.options.streams ?? 4);
    const listings = run.options.way === 'up' && top.file === undefined ? newListings(run) : undefined;
    const refusedDirectories = new Set();
    const running = new Set();
    for await (const entry of walkOf(run, top, (rel) => !refusedDirectories.has(rel))) {
        if (stopping(run))
            break;
        if (entry.kind !== 'file') {
            if (!(await otherEntry(run, top, entry)))
                refusedDirectories.add(entry.rel);
            continue;
        }
        while (running.size >= streams)
            await Promise.race(running);
        if (stopping(run))
            break;
        const copying = copyFile(run, top, entry, listings).finally(() => running.delete(copying));
        running.add(copying);
    }
    await Promise.all(running);
}
/** The listings of the directories an upload writes into, read over the copy's connection. */
function newListings(run) {
    return new RemoteListings((directory) => run.remote.call(`${run.options.label}: listing ${shownName(directory)}`, (files) => files.list(directory), run.retry));
}
/** Whether no new file may start (the step cancelled, its deadline come, no connection to be had). */
function stopping(run) {
    if (run.options.cancelled())
        run.stopped ??= 'cancelled';
    else if (run.options.now() >= run.options.deadline)
        run.stopped ??= 'deadline';
    else if (run.remote.fatal !== undefined)
        run.stopped ??= 'fatal';
    return run.stopped !== undefined;
}
/** A directory made where it goes (false: refused, and not walked into), or a skipped or refused entry. */
async function otherEntry(run, top, entry) {
    const { label, warn } = run.options;
    if (entry.kind === 'skipped') {
        warn(`${label}: ${shownName(entry.rel)} skipped: ${entry.why}`);
        return true;
    }
    const why = entry.kind === 'refused'
        ? entry.why
        : run.options.way === 'up'
            ? await remoteDirectory(run, remoteJoin(top.remote, entry.rel))
            : await makeLocalDirectory((0,external_node_path_.join)(top.local, entry.rel));
    if (why === undefined)
        return true;
    run.tally.failed += 1;
    warn(`${label}: ${shownName(entry.rel)} refused: ${why}`);
    return false;
}
/** Makes a directory in the volume: undefined when made (or there), else why not. */
async function remoteDirectory(run, path) {
    try {
        await run.remote.call(`${run.options.label}: making ${shownName(path)}`, (files) => files.makeDirectory(path), run.retry);
        return undefined;
    }
    catch (error) {
        return `it cannot be made on the volume (${error instanceof Error ? (0,safe_text/* sanitize */.aj)(error.message, 200) : 'failed'})`;
    }
}
/**
 * Copies one file (again over a new connection when it drops); a failure is counted and warned, never
 * thrown. An upload's first attempt learns what the volume holds at the path from `listings`, a later one
 * looks again.
 */
async function copyFile(run, top, entry, listings) {
    const { tally, options } = run;
    const local = entry.source ?? (top.file !== undefined ? top.local : (0,external_node_path_.join)(top.local, entry.rel));
    const file = {
        local,
        remote: top.file !== undefined ? top.remote : remoteJoin(top.remote, entry.rel),
        bytes: entry.bytes,
        modifiedS: entry.modifiedS
    };
    const name = shownName(entry.rel === '' ? (0,external_node_path_.basename)(file.remote) : entry.rel);
    let sent = 0;
    let attempts = 0;
    const add = (bytes) => {
        sent += bytes;
        tally.bytesDone += bytes;
        tally.bytesCopied += bytes;
        if (bytes > 0)
            moved(run);
    };
    try {
        const done = await run.remote.call(`${options.label}: ${name}`, (files) => {
            add(-sent); // an attempt again: its bytes count anew
            if (options.way === 'down')
                return downloadFile(files, file, add);
            const listed = attempts++ === 0 ? listings : undefined;
            return uploadFile(files, file, add, listed && ((path) => listed.entryAt(path, (at) => files.lstat(at))));
        }, run.retry);
        add(-sent);
        tally.filesDone += 1;
        tally.bytesDone += file.bytes;
        if (done === 'skipped')
            tally.skipped += 1;
        else {
            tally.copied += 1;
            tally.bytesCopied += file.bytes;
        }
        moved(run);
    }
    catch (error) {
        add(-sent);
        tally.failed += 1;
        moved(run);
        options.warn(`${options.label}: ${name} not copied: ${error instanceof Error ? (0,safe_text/* sanitize */.aj)(error.message, 300) : 'failed'}`);
    }
}
/**
 * A progress line when the copy moved (bytes sent, a file done or failed), at most every progressEveryMs.
 * Lines come with what moves; while nothing moves, the heartbeat (watchCopy) and the retries' lines say so.
 */
function moved(run) {
    const { options, tally } = run;
    const now = options.now();
    movedNow(run);
    if (now - run.lastLine < (options.progressEveryMs ?? 10_000))
        return;
    run.lastLine = now;
    options.log(copyProgressLine(options.label, tally, now - run.started));
}
function whyFailed(run) {
    const { stopped, tally } = run;
    const left = tally.filesTotal - tally.filesDone;
    if (stopped === 'cancelled')
        return `the step was cancelled, with ${left} of ${tally.filesTotal} files not copied`;
    if (stopped === 'deadline')
        return `the step's deadline came, with ${left} of ${tally.filesTotal} files not copied`;
    if (stopped === 'fatal')
        return `no connection to the volume: ${run.remote.fatal instanceof Error ? (0,safe_text/* sanitize */.aj)(run.remote.fatal.message, 300) : 'it could not be opened'}`;
    if (tally.failed > 0)
        return `${tally.failed} ${tally.failed === 1 ? 'file or directory' : 'files or directories'} not copied (see the warnings above)`;
    return undefined;
}
/** The last line, and the report. */
function finish(run, failure) {
    const { tally, remote, options } = run;
    const elapsedMs = options.now() - run.started;
    const counts = { elapsedMs, retries: remote.retries, reconnects: remote.reconnects };
    options.log(copyFinalLine(options.label, tally, counts));
    return {
        copied: tally.copied,
        bytes: tally.bytesCopied,
        skipped: tally.skipped,
        failed: tally.failed,
        ...counts,
        failure
    };
}

;// CONCATENATED MODULE: ./deploy/engine/storage/workspace-copy.ts




/**
 * Copies between the workspace and a volume over connections `open` makes to the volume's SFTP session
 * (the caller opens the session before and destroys it after, whatever happens): the workspace path
 * checked again first (inside the workspace, its links resolved: it may have changed since the plan),
 * then copyOverSftp within the step's deadline and cancellation. Throws when the copy did not complete.
 */
async function copyWorkspace(copy, open, ctx) {
    const { what } = copy;
    const path = copy.workspace.path;
    const { workspace } = ctx.settings.storage;
    const checked = copy.way === 'in' ? (0,workspace_path/* workspaceSource */.$Q)(workspace, path) : (0,workspace_path/* workspaceTarget */.HU)(workspace, path);
    if (!checked.ok)
        throw new Error(`${what}: ${(0,input_error/* quote */.h)(path)} is not copied: ${checked.why}`);
    const local = `the workspace's ${(0,safe_text/* sanitize */.aj)(path, 200)}`;
    const remote = `volume ${copy.volumeId}:${(0,safe_text/* sanitize */.aj)(copy.volume.path, 200)}`;
    const label = `${what}: ${copy.way === 'in' ? `${local} -> ${remote}` : `${remote} -> ${local}`}`;
    ctx.log(`${label}: copying over the volume's SFTP session`);
    const { runtime } = ctx;
    const report = await copyOverSftp({
        way: copy.way === 'in' ? 'up' : 'down',
        local: checked.real,
        root: checked.root,
        intoDirectory: path === '.' || /[/\\]$/.test(path),
        remotePath: copy.volume.path,
        open,
        label,
        log: ctx.log,
        warn: runtime.warn,
        now: runtime.now,
        sleep: runtime.sleep,
        random: runtime.random,
        cancelled: runtime.cancelled,
        deadline: ctx.deadline,
        every: runtime.every
    });
    if (report.failure !== undefined)
        throw new Error(`${label}: ${report.failure}`);
    return report;
}

;// CONCATENATED MODULE: ./deploy/engine/storage/copy-data.ts





/**
 * Copies each of `copies`, one after the other, to its end: a job's data into its volumes before the job
 * is made (`in`), or its results back after it ended (`out`). An object prefix's copy is a platform
 * transfer (see runTransfer); a workspace's goes over the volume's SFTP session (see copyWorkspace). The
 * first that does not complete ends the copies, with why.
 */
async function copyData(copies, way, ctx, sessions = overSftpSessions, options = {}) {
    const done = [];
    const what = options.what ?? (way === 'in' ? 'data' : 'results');
    for (const [index, copy] of copies.entries()) {
        const { volume: place, other } = (0,settings/* copySides */._)(copy);
        const volume = await (0,run_transfer/* transferVolume */.Oi)(place.volume, ctx, other.kind === 'objects' ? 'a transfer' : 'a copy over its SFTP session');
        if (other.kind === 'objects') {
            const report = await copyObjects(other, place, volume, { index, way, what }, ctx);
            done.push(report);
            options.done?.({ copy, via: 'transfer', report });
            continue;
        }
        await sessions(volume, ctx, async (open) => {
            const report = await copyWorkspace({ way, what, workspace: other, volume: place, volumeId: volume.id }, open, ctx);
            options.done?.({ copy, via: 'sftp', report });
        });
    }
    return done;
}
/** One copy between an object prefix and a volume, as a platform transfer run to its end. */
async function copyObjects(objects, place, volume, { index, way, what }, ctx) {
    const direction = way === 'in' ? 's3-to-volume' : 'volume-to-s3';
    const prefix = (0,safe_text/* sanitize */.aj)(objects.prefix, 200);
    const at = `volume ${volume.id}:${(0,safe_text/* sanitize */.aj)(place.path, 200)}`;
    ctx.log(`${what}: copying ${way === 'in' ? `${prefix} into ${at}` : `${at} to ${prefix}`}`);
    const settings = {
        ...ctx.settings.storage.transfer,
        direction,
        prefix: objects.prefix,
        volumePath: place.path
    };
    const name = (0,run_transfer/* runTransferName */.kU)(ctx.settings.taskName ?? volume.name, ctx, `${what}${index}-`);
    const report = await (0,run_transfer/* runTransfer */.vv)(volume, (0,run_transfer/* transferBody */.cQ)(settings, volume, name), ctx);
    ctx.log(`${what}: ${(0,run_transfer/* completedLine */.uk)(report, settings.overwrite)}`);
    return report;
}


/***/ }),

/***/ 8388:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  NB: () => (/* binding */ closeSftpLeft),
  Ok: () => (/* binding */ openSftp),
  iO: () => (/* binding */ withSftpSession)
});

// UNUSED EXPORTS: closeSftp

// EXTERNAL MODULE: ./basics/safe-text.ts
var safe_text = __webpack_require__(9817);
// EXTERNAL MODULE: ./basics/units.ts
var units = __webpack_require__(2589);
// EXTERNAL MODULE: ./platform/failures.ts
var failures = __webpack_require__(3035);
// EXTERNAL MODULE: ./platform/operations/calls.ts
var calls = __webpack_require__(9644);
// EXTERNAL MODULE: ./basics/records.ts
var records = __webpack_require__(2212);
// EXTERNAL MODULE: ./platform/task-data.ts
var task_data = __webpack_require__(8998);
;// CONCATENATED MODULE: ./platform/sftp-session-data.ts




/**
 * A volume's SFTP session, as obtain answers it (suanli-nas-storage/api/sftp-obtain.md): Pending while it
 * opens (ask again later), Running with the credentials and the address, Exception with why. One session
 * per volume: every caller of obtain on the volume is given the same one, until it is destroyed or expires.
 */
const SFTP_PENDING = 'Pending';
const SFTP_RUNNING = 'Running';
const SFTP_EXCEPTION = 'Exception';
/** An obtain answer that cannot be used: the field it lacks or holds in a form that is no use. */
class SftpAnswerError extends Error {
    field;
    constructor(field, problem) {
        super(`the SFTP session's answer ${problem}`);
        this.field = field;
        this.name = 'SftpAnswerError';
    }
}
/**
 * The session of an obtain answer's data. Pure. Fails closed (an SftpAnswerError naming the field) on a
 * Running answer without username or password, or with an sftp_url that is no host:port: nothing could
 * connect with it. Otherwise the optional fields may be absent or null; an expire_at that is no time reads
 * as none. The values are never in an error's text (the password least of all).
 */
function sftpSessionOf(data) {
    const record = (0,records/* isRecord */.u)(data) ? data : {};
    const status = sftp_session_data_text(record.status);
    const session = {
        id: (0,task_data/* countOf */.pq)(record.id)?.toString(),
        status,
        expiresAt: expiryOf(record.expire_at),
        errorCode: sftp_session_data_text(record.error_code),
        errorMessage: sftp_session_data_text(record.error_message)
    };
    if (status !== SFTP_RUNNING)
        return { ...session, credentials: undefined };
    const username = sftp_session_data_text(record.username);
    const password = sftp_session_data_text(record.password);
    if (username === undefined)
        throw new SftpAnswerError('username', 'says Running but gives no username');
    if (password === undefined)
        throw new SftpAnswerError('password', 'says Running but gives no password');
    const address = addressOf(record.sftp_url);
    return { ...session, credentials: { username, password, ...address } };
}
/** host:port of sftp_url: a name or IPv4 address, or [IPv6], and a port from 1 to 65535. */
function addressOf(value) {
    const url = sftp_session_data_text(value);
    if (url === undefined)
        throw new SftpAnswerError('sftp_url', 'says Running but gives no sftp_url');
    const match = /^\[([0-9A-Fa-f:.]+)\]:(\d{1,5})$/.exec(url) ??
        /^([A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):(\d{1,5})$/.exec(url);
    const port = Number(match?.[2]);
    if (match === null || !Number.isInteger(port) || port < 1 || port > 65_535)
        throw new SftpAnswerError('sftp_url', `gives sftp_url ${JSON.stringify((0,safe_text/* sanitize */.aj)(url, 80))}, which is no host:port`);
    return { host: match[1] ?? '', port };
}
/** expire_at (yyyy-MM-dd HH:mm:ss, in the platform's zone) as ms; undefined when absent or no time. */
function expiryOf(value) {
    const written = sftp_session_data_text(value);
    if (written === undefined)
        return undefined;
    const utc = (0,units/* utcTime */.SK)(written);
    if (utc === written)
        return undefined;
    const ms = Date.parse(utc);
    return Number.isNaN(ms) ? undefined : ms;
}
function sftp_session_data_text(value) {
    return typeof value === 'string' && value !== '' ? value : undefined;
}

// EXTERNAL MODULE: ./deploy/engine/ask-again.ts
var ask_again = __webpack_require__(2317);
// EXTERNAL MODULE: ./deploy/engine/context.ts
var context = __webpack_require__(3742);
// EXTERNAL MODULE: ./deploy/engine/poll.ts
var poll = __webpack_require__(6656);
// EXTERNAL MODULE: ./deploy/engine/retries.ts
var retries = __webpack_require__(8079);
// EXTERNAL MODULE: ./deploy/engine/storage/read-volumes.ts
var read_volumes = __webpack_require__(7393);
;// CONCATENATED MODULE: ./deploy/engine/storage/sftp-ledger.ts
/**
 * Records a volume's SFTP session for the post step to destroy, should the step end before it does:
 * before its obtain is sent, and again with its expiry once Running showed it. One entry per volume (the
 * platform keeps one session per volume). Never its credentials.
 */
function leaveSftpSession(ctx, left) {
    const others = ctx.cleanup.state().sftpSessions.filter((s) => s.storageId !== left.storageId);
    ctx.cleanup.update({ sftpSessions: [...others, left] });
}
/** Takes a volume's SFTP session off the ledger: it is destroyed (see closeSftp). */
function settleSftpSession(ctx, storageId) {
    ctx.cleanup.update({
        sftpSessions: ctx.cleanup.state().sftpSessions.filter((s) => s.storageId !== storageId)
    });
}

;// CONCATENATED MODULE: ./deploy/engine/storage/sftp-session.ts











/**
 * How obtain is asked again while the session is Pending: soon at first (the platform opens one in
 * seconds), then less often; never a sleep past the step's deadline (the poll's).
 */
const PENDING_SCHEDULE = { kind: 'backoff', firstMs: 1_000, factor: 2, mostMs: 10_000 };
/**
 * Opens the volume's SFTP session: on the ledger first (the post step and `elastic-deploy cleanup`
 * destroy one a killed step left), then obtain, asked again while Pending (backing off, cancellable,
 * within the step's deadline), until Running gives the credentials; Exception fails naming its error_code
 * and error_message (sanitized). Each obtain is retried as the step's reads are (429 as Retry-After asks,
 * 5xx, no answer), its answer needed by the deadline. The password is masked before this answers, and
 * never logged, saved or returned in any other form. Whatever happens after the ledger entry is written,
 * the caller closes the session (closeSftp; withSftpSession does both).
 */
async function openSftp(volume, ctx) {
    const storageId = volume.id;
    ctx.log(`sftp: opening a session to volume ${storageId}`);
    leaveSftpSession(ctx, { storageId, expiresAt: undefined });
    const said = new Set();
    const ended = await (0,poll/* pollUntil */.g3)(async () => {
        // A round due at the deadline itself sends nothing: its answer could not come in time.
        if (ctx.runtime.now() >= ctx.deadline)
            return { kind: 'waiting' };
        const session = await obtain(storageId, ctx);
        if (session.status === SFTP_RUNNING || session.status === SFTP_EXCEPTION)
            return { kind: 'done', value: session };
        const status = session.status ?? 'no status';
        if (session.status !== SFTP_PENDING && !said.has(status)) {
            said.add(status);
            ctx.log(`sftp: volume ${storageId}: the session reads ${JSON.stringify((0,safe_text/* sanitize */.aj)(status, 40))}, a status the reference does not list; asking again`);
            return { kind: 'waiting', said: true };
        }
        return {
            kind: 'waiting',
            progress: `sftp: volume ${storageId}: the session is ${(0,safe_text/* sanitize */.aj)(status, 40)}`
        };
    }, {
        deadline: ctx.deadline,
        schedule: PENDING_SCHEDULE,
        failureBudget: Infinity,
        lastLookAtDeadline: false,
        heartbeat: {
            everyMs: poll/* HEARTBEAT_MS */.m,
            line: () => `sftp: volume ${storageId}: the session is still opening (${(0,poll/* timeLeft */.f$)(ctx.deadline, ctx.runtime.now())})`
        }
    }, { ...ctx.runtime, log: ctx.log });
    if (ended.kind !== 'done') {
        const why = ended.kind === 'cancelled' ? 'the step was cancelled' : 'the step ran out of time';
        throw new Error(`sftp: the session of volume ${storageId} did not open: ${why} while it was still Pending`);
    }
    return running(storageId, ended.value, ctx);
}
/** One obtain, retried as a read is, its answer needed by the step's deadline; the session it answered. */
async function obtain(storageId, ctx) {
    const answer = await (0,retries/* retried */.s)(`sftp: volume ${storageId}: obtain`, ctx.retries, () => ctx.send((0,calls/* sftpObtainCall */.tU)(ctx.settings, storageId), { notAfter: ctx.deadline }));
    // The session layer masked the password as the answer came (a secret-named field); once more here, in
    // case a host masks only what it is handed: before anything read from the answer is shown.
    const password = answer.result.data?.password;
    if (typeof password === 'string' && password !== '')
        ctx.runtime.mask?.([password]);
    return sftpSessionOf(answer.result.data);
}
/** The open session of a Running answer (its expiry on the ledger), or an Exception's error. */
function running(storageId, session, ctx) {
    if (session.status === SFTP_EXCEPTION) {
        const code = (0,safe_text/* sanitize */.aj)(session.errorCode ?? 'none', 60);
        const message = (0,safe_text/* sanitize */.aj)(session.errorMessage ?? 'none', 300);
        throw new Error(`sftp: the session of volume ${storageId} failed (Exception): error_code ${JSON.stringify(code)}, error_message ${JSON.stringify(message)}`);
    }
    const { credentials, expiresAt } = session;
    if (credentials === undefined)
        throw new Error(`sftp: volume ${storageId}: Running without credentials`);
    leaveSftpSession(ctx, { storageId, expiresAt });
    const until = expiresAt === undefined
        ? 'with no expiry given'
        : `until ${(0,units/* rfc3339 */.ag)(expiresAt)} (in ${(0,units/* formatDuration */.a3)(Math.max(0, expiresAt - ctx.runtime.now()))})`;
    const host = credentials.host.includes(':') ? `[${credentials.host}]` : credentials.host;
    ctx.log(`sftp: volume ${storageId}: the session is open at ${(0,safe_text/* sanitize */.aj)(host, 100)}:${credentials.port}, ${until}`);
    return { storageId, credentials, expiresAt };
}
/**
 * Destroys the volume's SFTP session and, once closed, takes it off the ledger (left there otherwise, for
 * the post step). "Closed" means: a destroy the platform accepted (the API has no read of a session that
 * does not open one, obtain, and destroy answers data null: an accepted destroy, harmless to repeat, is
 * the only word there is that no session remains), or, while destroys are refused or fail, a read that
 * shows the session cannot be there: its volume no longer listed (a session ends with its volume), or the
 * expiry Running gave passed. Asked again until cleanup_timeout (or the context's deadline) runs out.
 */
async function closeSftp(storageId, ctx, expiresAt = ledgerExpiry(storageId, ctx)) {
    const outcome = await (0,ask_again/* sendUntilShown */.ep)((0,calls/* sftpDestroyCall */.I4)(ctx.settings, storageId), `sftp: volume ${storageId}: destroy`, (refused) => closedAfter(refused, storageId, expiresAt, ctx), ctx);
    if (outcome.kind === 'shown') {
        settleSftpSession(ctx, storageId);
        ctx.log(`sftp: volume ${storageId}: the session is closed (${outcome.state})`);
    }
    return outcome;
}
/** Whether the session is closed after a destroy (see closeSftp): accepted, or shown by a read. */
async function closedAfter(refused, storageId, expiresAt, ctx) {
    if (refused === undefined)
        return { shown: true, state: 'destroyed: the platform accepted the destroy' };
    if (expiresAt !== undefined && ctx.runtime.now() >= expiresAt)
        return { shown: true, state: `expired at ${(0,units/* rfc3339 */.ag)(expiresAt)}` };
    try {
        const { volume } = await (0,read_volumes/* readVolume */.jg)(storageId, ctx);
        if (volume === undefined)
            return { shown: true, state: 'its volume is no longer listed' };
        return { shown: false, state: `volume ${storageId} is ${(0,safe_text/* sanitize */.aj)(volume.status ?? 'listed', 20)}` };
    }
    catch (error) {
        return { shown: false, state: `the volume list could not be read (${(0,failures/* describeError */.Uc)(error)})` };
    }
}
/** The expiry the ledger holds for a volume's session, if any. */
function ledgerExpiry(storageId, ctx) {
    return ctx.cleanup.state().sftpSessions.find((s) => s.storageId === storageId)?.expiresAt;
}
/** The post step's (and `elastic-deploy cleanup`'s): destroys a session the step left on the ledger. */
function closeSftpLeft(left, ctx) {
    return closeSftp(left.storageId, ctx, left.expiresAt);
}
/** Once the step is cancelled, the close has this long in all, its requests in flight included. */
const CANCELLED_CLOSE_MS = 5_000;
/**
 * Opens the volume's session, hands it to `use`, and closes it whatever happens: within cleanup_timeout of
 * its own, past the step's deadline if need be; once the step is cancelled, on a runtime the cancel does
 * not stop, for a few seconds (as a job's stop is). A close that fails leaves the session on the ledger,
 * for the post step, and is said.
 */
async function withSftpSession(volume, ctx, use) {
    try {
        return await use(await openSftp(volume, ctx));
    }
    finally {
        const { cleanupTimeoutMs } = ctx.settings;
        const runtime = ctx.runtime.cancelled()
            ? ctx.runtime.uncancelled(Math.min(cleanupTimeoutMs, CANCELLED_CLOSE_MS))
            : undefined;
        const closing = runtime === undefined
            ? (0,context/* contextFor */.BT)(ctx, cleanupTimeoutMs)
            : (0,context/* deployContext */.H3)(ctx.settings, runtime, {
                budgetMs: Math.min(cleanupTimeoutMs, CANCELLED_CLOSE_MS),
                cleanup: ctx.cleanup
            });
        try {
            const outcome = await closeSftp(volume.id, closing);
            if (outcome.kind === 'failed')
                ctx.runtime.warn(`sftp: the session of volume ${volume.id} could not be destroyed (${(0,safe_text/* sanitize */.aj)(outcome.why, 300)}): the post step tries again`);
        }
        finally {
            runtime?.dispose();
        }
    }
}


/***/ }),

/***/ 2664:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Q: () => (/* binding */ LoginRefused),
/* harmony export */   W: () => (/* binding */ RemoteGone)
/* harmony export */ });
/**
 * The connection ended under a call (dropped, closed, timed out, the session destroyed or expired): the
 * call may succeed over a new connection. Any other error of a call is the server's refusal of that call
 * (no such file, permission denied), the same over any connection.
 */
class RemoteGone extends Error {
    name = 'RemoteGone';
}
/**
 * The server refused the session's credentials: the session ended (destroyed, by this run or another on the
 * same volume, or expired); a new one must be asked for.
 */
class LoginRefused extends Error {
    name = 'LoginRefused';
}


/***/ })

};
