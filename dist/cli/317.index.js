export const id = 317;
export const ids = [317];
export const modules = {

/***/ 3513:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
// What dist/ has in place of cpu-features: src/tsconfig.json maps the name here, for ncc alone. ssh2 asks
// cpu-features (a native addon, built when installed where a compiler is) which ciphers the CPU speeds up,
// and orders its ciphers by the answer; without one it keeps its default order. The bundle carries no native
// code (it would be one machine's build, and dist/ would differ by where it was built): loading this fails,
// as loading an addon that was never built does, and ssh2 goes on without it.
throw new Error("cpu-features is left out of this action's bundle (see bundle/cpu-features.ts)");



/***/ }),

/***/ 5013:
/***/ ((__unused_webpack_module, __webpack_exports__, __webpack_require__) => {


// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  openSftpFiles: () => (/* binding */ openSftpFiles)
});

// UNUSED EXPORTS: ALGORITHMS, fingerprintOf, kindOfMode

// EXTERNAL MODULE: external "node:crypto"
var external_node_crypto_ = __webpack_require__(7598);
// EXTERNAL MODULE: external "node:fs/promises"
var promises_ = __webpack_require__(1455);
// EXTERNAL MODULE: external "node:net"
var external_node_net_ = __webpack_require__(7030);
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(6760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(3136);
;// CONCATENATED MODULE: ./platform/sftp/ssh2-ready.ts
// Imported before ssh2 (sftp-files.ts): ssh2 loads its Poly1305 code (an Emscripten module, its WebAssembly
// inlined) when it is loaded, and that code asks for __dirname, which an ES module bundle (dist/) lacks:
// undefined, ssh2 could open no connection. The directory is never read (the module carries its WebAssembly),
// so any path does; where __dirname exists (the tests, CommonJS) nothing changes.


const scope = globalThis;
scope.__dirname ??= (0,external_node_path_.dirname)((0,external_node_url_.fileURLToPath)(import.meta.url));

// EXTERNAL MODULE: ../node_modules/ssh2/lib/index.js
var lib = __webpack_require__(7362);
// EXTERNAL MODULE: ./platform/sftp/remote-files.ts
var remote_files = __webpack_require__(2664);
// EXTERNAL MODULE: external "node:v8"
var external_node_v8_ = __webpack_require__(8877);
// EXTERNAL MODULE: external "node:vm"
var external_node_vm_ = __webpack_require__(714);
;// CONCATENATED MODULE: ./platform/sftp/young-garbage.ts
// The young garbage of a large copy, collected as it moves. ssh2 without its native addon (the bundle
// leaves it out) makes three buffers of each 32 KiB packet it sends or receives: the request, the packet,
// its encryption. V8 collects such buffers only when it would collect anyway, or when 64 MiB of them have
// built up: a 1 GiB upload then peaked at 135 to 175 MiB. A minor collection (of the young generation
// only, where those buffers die) every 4 MiB moved keeps the peak near 110 MiB, for no time that could be
// measured (bench/NOTES.md; the step's peak in bench/RESULTS.md, section 7).


/** Bytes moved between two collections. */
const COLLECT_EVERY_BYTES = 4 * 1024 * 1024;
/**
 * V8's collector, reached as `gc` in a new context once exposed (as jest's leak detector reaches it), or
 * undefined when this runtime does not give it: then nothing is collected by hand.
 */
function minorCollection() {
    try {
        (0,external_node_v8_.setFlagsFromString)('--expose-gc');
        const gc = (0,external_node_vm_.runInNewContext)('gc');
        if (typeof gc !== 'function')
            return undefined;
        return () => {
            gc({ type: 'minor' });
        };
    }
    catch {
        return undefined;
    }
}
/**
 * Counts bytes moved, by every copy of the process together, and runs `collect` each time `everyBytes`
 * more have moved.
 */
function youngCollector(everyBytes, collect) {
    let moved = 0;
    return (bytes) => {
        if (collect === undefined)
            return;
        moved += bytes;
        if (moved < everyBytes)
            return;
        moved %= everyBytes;
        collect();
    };
}

;// CONCATENATED MODULE: ./platform/sftp/sftp-files.ts
// A volume's files over its SFTP session, through ssh2 (the choice is docs/data.md's): a connection per
// OpenRemote call, its calls as RemoteFiles. Loaded only by a step that copies workspace data.







/**
 * The ciphers and MACs offered, in order. ssh2 puts AES-GCM first; without its native addon, which the
 * bundle leaves out, it makes a new OpenSSL cipher object for every packet, and a 1 GiB upload then held
 * 60 MiB more than with AES-CTR, whose one cipher object lasts the connection (encrypt-then-MAC, as
 * OpenSSH offers it). GCM and ChaCha20 follow, for a server that has no CTR.
 */
const ALGORITHMS = {
    cipher: [
        'aes128-ctr',
        'aes256-ctr',
        'aes128-gcm@openssh.com',
        'aes256-gcm@openssh.com',
        'chacha20-poly1305@openssh.com'
    ],
    hmac: ['hmac-sha2-256-etm@openssh.com', 'hmac-sha2-512-etm@openssh.com', 'hmac-sha2-256', 'hmac-sha2-512']
};
/** SFTP status codes (draft-ietf-secsh-filexfer-02): the ones a call's error is read by. */
const NO_SUCH_FILE = 2;
/**
 * Opens a connection to the session at `login`: its files, or why it could not: RemoteGone (no connection:
 * try again), LoginRefused (the session's credentials no longer open it), or an Error (the host showed a key
 * `hostKey` refused: the password was not sent).
 */
function openSftpFiles(login, options) {
    return new Promise((resolve, reject) => {
        const client = new lib.Client();
        let refused;
        client.once('error', (error) => {
            reject(refused !== undefined
                ? new Error(refused)
                : error.level === 'client-authentication'
                    ? new remote_files/* LoginRefused */.Q(`the SFTP server at ${login.host}:${login.port} refused the session's login`)
                    : new remote_files/* RemoteGone */.W(`the SFTP connection to ${login.host}:${login.port} failed: ${error.message}`));
        });
        client.once('ready', () => client.sftp((error, sftp) => {
            if (error !== undefined) {
                client.end();
                reject(new remote_files/* RemoteGone */.W(`the SFTP server opened no SFTP channel: ${error.message}`));
            }
            else
                resolve(sftpFiles(client, sftp, options));
        }));
        client.connect({
            sock: turnSocket(login.host, login.port),
            username: login.username,
            password: login.password,
            readyTimeout: options.timeoutMs,
            keepaliveInterval: Math.max(1000, Math.floor(options.timeoutMs / 3)),
            keepaliveCountMax: 3,
            tryKeyboard: false,
            algorithms: { cipher: [...ALGORITHMS.cipher], hmac: [...ALGORITHMS.hmac] },
            hostVerifier: (key) => {
                const accepted = options.hostKey(fingerprintOf(key));
                if (!accepted)
                    refused = `the SFTP server at ${login.host}:${login.port} showed another host key`;
                return accepted;
            }
        });
    });
}
/**
 * The TCP connection to the SFTP server, Nagle's algorithm off: each SFTP call is a small packet answered
 * before the next of its file, and with it on (ssh2's default) each would wait for the last one's
 * acknowledgement, about 40 ms a call. What is written in one turn of the event loop leaves together:
 * ssh2 writes a packet in parts (its length, its body, its MAC, without its native addon), and calls sent
 * together are several packets; each part would otherwise be a segment and a system call of its own.
 */
function turnSocket(host, port) {
    const socket = new external_node_net_.Socket();
    socket.setNoDelay(true);
    socket.connect({ host, port });
    // Set after connect(), which puts net.Socket's own write back on a socket that has another.
    const write = socket.write.bind(socket);
    socket.write = (...args) => {
        if (socket.writableCorked === 0) {
            socket.cork();
            process.nextTick(() => {
                socket.uncork();
            });
        }
        return write(...args);
    };
    return socket;
}
/** A host key's fingerprint as ssh-keygen -l writes it: SHA256:, then the digest in base64 without padding. */
function fingerprintOf(key) {
    return `SHA256:${(0,external_node_crypto_.createHash)('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}
/** An entry's kind from its mode's type bits (S_IFMT). */
function kindOfMode(mode) {
    switch (mode & 0o170000) {
        case 0o100000:
            return 'file';
        case 0o040000:
            return 'directory';
        case 0o120000:
            return 'link';
        default:
            return 'other';
    }
}
function entryOf(name, stats) {
    return { name, kind: kindOfMode(stats.mode), bytes: stats.size, modifiedS: stats.mtime };
}
/** Every large file's chunks, counted for the minor collections that keep a copy's memory flat. */
let movedChunk;
/** A fastPut's or fastGet's options: its chunks in flight and their size, `progress` told of each. */
function chunksOf(options, progress) {
    movedChunk ??= youngCollector(COLLECT_EVERY_BYTES, minorCollection());
    const moved = movedChunk;
    return {
        concurrency: options.chunksInFlight,
        chunkSize: options.chunkBytes,
        step: (_total, chunk) => {
            moved(chunk);
            progress(chunk);
        }
    };
}
/**
 * The calls of `client`'s connection. The calls under way are failed as RemoteGone once it ends: ssh2
 * calls back no fastPut or fastGet whose connection dropped (it sends their handle's close on the dead
 * channel, and waits).
 */
function callsOf(client) {
    let gone;
    const pending = new Set();
    const end = (why) => {
        gone ??= why;
        for (const fail of pending)
            fail(new remote_files/* RemoteGone */.W(gone));
        pending.clear();
    };
    client.on('error', (error) => {
        end(`the SFTP connection failed: ${error.message}`);
    });
    client.on('close', () => {
        end('the SFTP connection ended');
    });
    const watch = (fail) => {
        if (gone !== undefined)
            fail(new remote_files/* RemoteGone */.W(gone));
        else
            pending.add(fail);
        return () => pending.delete(fail);
    };
    const failure = (error, what) => gone !== undefined
        ? new remote_files/* RemoteGone */.W(`${what}: ${gone}`)
        : Object.assign(new Error(`${what}: ${error.message}`), { code: error.code });
    const call = (what, start) => new Promise((resolve, reject) => {
        const unwatch = watch((error) => {
            reject(new remote_files/* RemoteGone */.W(`${what}: ${error.message}`));
        });
        if (gone !== undefined)
            return;
        start((error, value) => {
            unwatch();
            if (error)
                reject(failure(error, what));
            else
                resolve(value);
        });
    });
    return { call, failure, watch, end };
}
function sftpFiles(client, sftp, options) {
    const { call, failure, watch, end } = callsOf(client);
    const lstat = (path) => call(`lstat ${path}`, (done) => {
        sftp.lstat(path, done);
    });
    return {
        lstat: (path) => lstat(path).then((stats) => entryOf(path.slice(path.lastIndexOf('/') + 1), stats), (error) => {
            if (error.code === NO_SUCH_FILE && !(error instanceof remote_files/* RemoteGone */.W))
                return undefined;
            throw error;
        }),
        list: (directory) => call(`list ${directory}`, (done) => {
            sftp.readdir(directory, done);
        }).then((list) => list.filter((e) => e.filename !== '.' && e.filename !== '..').map((e) => entryOf(e.filename, e.attrs))),
        makeDirectory: async (path) => {
            try {
                await call(`mkdir ${path}`, (done) => {
                    sftp.mkdir(path, done);
                });
            }
            catch (error) {
                if (error instanceof remote_files/* RemoteGone */.W)
                    throw error;
                const there = await lstat(path).catch(() => undefined);
                if (there === undefined || kindOfMode(there.mode) !== 'directory')
                    throw error;
            }
        },
        upload: async (localPath, remotePath, modifiedS, progress) => {
            const small = await smallFile(localPath, options.chunkBytes);
            if (small !== undefined) {
                await writeSmall(sftp, call, remotePath, small, modifiedS);
                progress(small.length);
                return;
            }
            await call(`upload ${remotePath}`, (done) => {
                sftp.fastPut(localPath, remotePath, chunksOf(options, progress), done);
            });
            await setTime(call, sftp, remotePath, modifiedS);
        },
        download: async (remotePath, localPath, progress) => {
            await call(`download ${remotePath}`, (done) => {
                sftp.fastGet(remotePath, localPath, chunksOf(options, progress), done);
            });
        },
        read: (remotePath) => readChunks(sftp, remotePath, options.chunkBytes, failure, watch),
        setModified: (remotePath, modifiedS) => setTime(call, sftp, remotePath, modifiedS),
        close: () => {
            end('the connection was closed');
            client.end();
        }
    };
}
async function setTime(call, sftp, path, modifiedS) {
    await call(`set the time of ${path}`, (done) => {
        sftp.utimes(path, modifiedS, modifiedS, done);
    });
}
/** A local file's content when it is no larger than one chunk (read no further), else undefined. */
async function smallFile(localPath, chunkBytes) {
    const file = await (0,promises_.open)(localPath, 'r');
    try {
        const buffer = Buffer.allocUnsafe(chunkBytes + 1);
        const { bytesRead } = await file.read(buffer, 0, chunkBytes + 1, 0);
        return bytesRead > chunkBytes ? undefined : buffer.subarray(0, bytesRead);
    }
    finally {
        await file.close();
    }
}
/**
 * Writes a file of one chunk: open, write, then its time set on the handle and the handle closed, those two
 * sent together (the server answers them in order): three round trips, as a fastPut of it takes without
 * the time. A server that refused the time on the handle has it set on the path once closed.
 */
async function writeSmall(sftp, call, remotePath, content, modifiedS) {
    const what = `upload ${remotePath}`;
    const handle = await call(what, (done) => {
        sftp.open(remotePath, 'w', done);
    });
    const written = content.length === 0
        ? Promise.resolve()
        : call(what, (done) => {
            sftp.write(handle, content, 0, content.length, 0, done);
        });
    // Closed whether the write succeeded or not.
    const close = () => call(what, (done) => {
        sftp.close(handle, done);
    });
    const [wrote, timed, closed] = await Promise.allSettled([
        written,
        written.then(() => call(what, (done) => {
            sftp.futimes(handle, modifiedS, modifiedS, done);
        })),
        written.then(close, close)
    ]);
    if (wrote.status === 'rejected')
        throw wrote.reason;
    if (closed.status === 'rejected')
        throw closed.reason;
    if (timed.status === 'rejected') {
        if (timed.reason instanceof remote_files/* RemoteGone */.W)
            throw timed.reason;
        await setTime(call, sftp, remotePath, modifiedS);
    }
}
/** A file's content, chunk by chunk; `watch` has the stream destroyed (as RemoteGone) once the connection ends. */
async function* readChunks(sftp, remotePath, chunkBytes, failure, watch) {
    const stream = sftp.createReadStream(remotePath, { highWaterMark: chunkBytes });
    const unwatch = watch((error) => stream.destroy(error));
    try {
        for await (const chunk of stream)
            yield chunk;
    }
    catch (error) {
        if (error instanceof remote_files/* RemoteGone */.W)
            throw new remote_files/* RemoteGone */.W(`read ${remotePath}: ${error.message}`);
        throw failure(error instanceof Error ? error : new Error(String(error)), `read ${remotePath}`);
    }
    finally {
        unwatch();
        // Destroyed, the stream still closes its handle: an error of that close (the connection ended before
        // the server answered it) has no reader left to tell, and would otherwise end the process.
        stream.on('error', () => undefined);
        stream.destroy();
    }
}


/***/ })

};
