// The yardstick of the 200-task detail's memory: the same detail requests from Node and nothing else
// (a token-mode key, so no signing; no dependencies, no checks), four in flight on one keep-alive agent
// as the action's default concurrency, every answer parsed with JSON.parse and kept until the end.
import { Buffer } from 'node:buffer';
import { Agent, request } from 'node:https';

const ids = (process.env.TASK_IDS ?? '').split(',');
const agent = new Agent({ keepAlive: true });

function detail(taskId) {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      `${process.env.BASE_URL ?? ''}/api/deployment/task/detail`,
      {
        agent,
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          token: process.env.TOKEN ?? '',
          version: '1.0.0',
          timestamp: String(Date.now())
        }
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString('utf8'))));
      }
    );
    outgoing.on('error', reject);
    outgoing.end(`{"task_id":${taskId}}`);
  });
}

const answers = [];
let next = 0;
await Promise.all(
  Array.from({ length: 4 }, async () => {
    while (next < ids.length) {
      const index = next++;
      answers[index] = await detail(ids[index]);
    }
  })
);
agent.destroy();
process.exitCode = answers.every((answer) => answer.code === '0000') ? 0 : 1;
