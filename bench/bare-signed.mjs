// The yardstick: the same signed detail requests the action sends, from Node and nothing else (no
// dependencies, no checks, no outputs). The platform's documented form (GET
// /api/task/deployment/detail?task_id=N), signed in RSA mode as the action signs it (path and query LF
// version LF timestamp LF token LF body, RSA-SHA256, PKCS#1 v1.5, Base64), CONCURRENCY requests in flight
// on one keep-alive agent, as the action's default. Every answer is parsed and kept until the end, and
// the script fails unless the platform accepted every request (code 0000).
// Environment: BASE_URL, TOKEN, PRIVATE_KEY_FILE, TASK_IDS (comma list), CONCURRENCY (default 4).
import { Buffer } from 'node:buffer';
import { constants, createPrivateKey, sign } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { Agent, request } from 'node:https';

const ids = (process.env.TASK_IDS ?? '').split(',');
const token = process.env.TOKEN ?? '';
const key = createPrivateKey(readFileSync(process.env.PRIVATE_KEY_FILE ?? '', 'utf8'));
const agent = new Agent({ keepAlive: true });

function detail(taskId) {
  const target = `/api/task/deployment/detail?task_id=${taskId}`;
  const timestamp = String(Date.now());
  const signature = sign('sha256', Buffer.from([target, '1.0.0', timestamp, token, ''].join('\n')), {
    key,
    padding: constants.RSA_PKCS1_PADDING
  }).toString('base64');
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${process.env.BASE_URL ?? ''}${target}`,
      {
        agent,
        method: 'GET',
        headers: {
          token,
          version: '1.0.0',
          timestamp,
          sign_str: signature,
          'content-type': 'application/json'
        }
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      }
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

const answers = [];
let next = 0;
await Promise.all(
  Array.from({ length: Number(process.env.CONCURRENCY ?? 4) }, async () => {
    while (next < ids.length) {
      const index = next++;
      answers[index] = await detail(ids[index]);
    }
  })
);
agent.destroy();
const refused = answers.find((answer) => answer.code !== '0000');
if (refused !== undefined) process.stderr.write(`bare-signed: refused: ${JSON.stringify(refused)}\n`);
process.exitCode = refused === undefined && answers.length === ids.length ? 0 : 1;
