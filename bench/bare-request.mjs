// One HTTPS request from Node and nothing else (no signing, no dependencies): what any Node client
// pays for its first request to the emulator, trust store and TLS handshake included.
import { request } from 'node:https';

const outgoing = request(
  `${process.env.BASE_URL ?? ''}/api/deployment/task/detail`,
  { method: 'POST', headers: { 'content-type': 'application/json' } },
  (res) => {
    res.resume();
    res.on('end', () => {
      process.exitCode = res.statusCode === 200 ? 0 : 1;
    });
  }
);
outgoing.end('{"task_id":1}');
