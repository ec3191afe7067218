import { createServer } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export interface ConnectProxy {
  /** http://127.0.0.1:port, for https_proxy. */
  url: string;
  /** The CONNECT targets asked for, in order. */
  tunnels: string[];
  stop(): Promise<void>;
}

/**
 * A forward proxy as runners behind a firewall have: HTTPS goes through it by CONNECT. It tunnels
 * `name:port` to 127.0.0.1:port, so a name no DNS resolves (the emulator's platform.test) is reachable
 * only through it; it refuses every other target and every plain request.
 */
export async function startConnectProxy(name: string): Promise<ConnectProxy> {
  const tunnels: string[] = [];
  const open = new Set<Duplex>();
  const track = (socket: Duplex): void => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
  };
  const server = createServer((_request, response) => {
    response.writeHead(405).end();
  });
  server.on('connect', (request: { url?: string }, client: Duplex, head: Buffer) => {
    const target = request.url ?? '';
    tunnels.push(target);
    track(client);
    const match = /^([^:]+):(\d+)$/.exec(target);
    if (match?.[1] !== name) {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream: Socket = connect(Number(match[2]), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    track(upstream);
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    tunnels,
    stop: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => {
          resolve();
        });
      })
  };
}
