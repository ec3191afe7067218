// The yardstick of a workspace copy (issue 64): a local directory's files uploaded into a volume over its
// SFTP session, with the library the action bundles (ssh2's Client) at the action's concurrency, and
// nothing else: no skip of what is there, no retries, no progress, no times set, no checks of names.
// The session is obtained as the action obtains it (POST /api/storage/nas/v1/sftp/obtain {storage_id},
// signed in RSA mode as bare-signed.mjs signs, asked again while Pending), and destroyed at the end.
// Files go STREAMS at once (default 4, the copy engine's streams), each by sftp.fastPut with CHUNKS
// chunks of CHUNK_BYTES in flight (default 64 of 32 KiB, the step's: engine/storage/sftp-remote.ts).
// The script fails unless the platform accepted every request and every file was written.
// Environment: BASE_URL, TOKEN, PRIVATE_KEY_FILE, STORAGE_ID, LOCAL_DIR, REMOTE_DIR; STREAMS, CHUNKS,
// CHUNK_BYTES. NODELAY=1 turns Nagle's algorithm off on its socket, as the step's client does; without
// it, ssh2 as it comes (Nagle on). CIPHERS and MACS (comma-separated) are the algorithms it offers, first
// first (default: ssh2's own). With REMOVE=1 it removes REMOTE_DIR's tree instead (the bench's cleanup, not
// measured).
import { Buffer } from 'node:buffer';
import { constants, createPrivateKey, sign } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:https';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import ssh2 from 'ssh2';

const token = process.env.TOKEN ?? '';
const key = createPrivateKey(readFileSync(process.env.PRIVATE_KEY_FILE ?? '', 'utf8'));
const storageId = Number(process.env.STORAGE_ID);
const remoteDir = process.env.REMOTE_DIR ?? '';
const streams = Number(process.env.STREAMS ?? 4);
const chunks = Number(process.env.CHUNKS ?? 64);
const chunkBytes = Number(process.env.CHUNK_BYTES ?? 32 * 1024);

/** A signed POST of a JSON body; the answer's data, or a throw unless the platform accepted it. */
function post(path, body) {
  const text = JSON.stringify(body);
  const timestamp = String(Date.now());
  const signature = sign('sha256', Buffer.from([path, '1.0.0', timestamp, token, text].join('\n')), {
    key,
    padding: constants.RSA_PKCS1_PADDING
  }).toString('base64');
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${process.env.BASE_URL ?? ''}${path}`,
      {
        method: 'POST',
        headers: {
          token,
          version: '1.0.0',
          timestamp,
          sign_str: signature,
          'content-type': 'application/json'
        }
      },
      (res) => {
        const parts = [];
        res.on('data', (chunk) => parts.push(chunk));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(parts).toString('utf8'));
          if (answer.code === '0000') resolve(answer.data);
          else reject(new Error(`${path} refused: ${answer.code}`));
        });
      }
    );
    outgoing.on('error', reject);
    outgoing.end(text);
  });
}

async function obtain() {
  for (;;) {
    const session = await post('/api/storage/nas/v1/sftp/obtain', { storage_id: storageId });
    if (session.status === 'Running') return session;
    if (session.status !== 'Pending') throw new Error(`the session is ${session.status}`);
    await sleep(250);
  }
}

function connect(session) {
  const [host, port] = session.sftp_url.split(':');
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    client.once('error', reject);
    client.once('ready', () =>
      client.sftp((error, sftp) => (error ? reject(error) : resolve({ client, sftp })))
    );
    const list = (name) => process.env[name]?.split(',').filter(Boolean);
    const algorithms = { cipher: list('CIPHERS'), hmac: list('MACS') };
    client.connect({
      host,
      port: Number(port),
      username: session.username,
      password: session.password,
      algorithms: Object.fromEntries(Object.entries(algorithms).filter(([, offered]) => offered?.length))
    });
    if (process.env.NODELAY === '1') client.setNoDelay(true);
  });
}

const call = (start) =>
  new Promise((resolve, reject) => start((error, value) => (error ? reject(error) : resolve(value))));

/** Every directory (relative, parents first) and file under LOCAL_DIR. */
function tree(root) {
  const directories = [];
  const files = [];
  const walk = (rel) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true })) {
      const path = rel === '' ? entry.name : `${rel}/${entry.name}`;
      if (entry.isDirectory()) {
        directories.push(path);
        walk(path);
      } else if (entry.isFile()) files.push(path);
    }
  };
  walk('');
  return { directories, files };
}

async function upload(sftp) {
  const root = process.env.LOCAL_DIR ?? '';
  const { directories, files } = tree(root);
  for (const dir of ['', ...directories])
    await call((done) => sftp.mkdir(dir === '' ? remoteDir : `${remoteDir}/${dir}`, done)).catch(
      () => undefined
    );
  let next = 0;
  await Promise.all(
    Array.from({ length: streams }, async () => {
      while (next < files.length) {
        const file = files[next++];
        await call((done) =>
          sftp.fastPut(
            join(root, file),
            `${remoteDir}/${file}`,
            { concurrency: chunks, chunkSize: chunkBytes },
            done
          )
        );
      }
    })
  );
}

async function remove(sftp, dir) {
  for (const entry of await call((done) => sftp.readdir(dir, done))) {
    const path = `${dir}/${entry.filename}`;
    if ((entry.attrs.mode & 0o170000) === 0o040000) await remove(sftp, path);
    else await call((done) => sftp.unlink(path, done));
  }
  await call((done) => sftp.rmdir(dir, done));
}

const session = await obtain();
try {
  const { client, sftp } = await connect(session);
  try {
    await (process.env.REMOVE === '1' ? remove(sftp, remoteDir) : upload(sftp));
  } finally {
    client.end();
  }
} finally {
  await post('/api/storage/nas/v1/sftp/destroy', { storage_id: storageId });
}
