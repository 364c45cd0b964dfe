import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A loopback TCP proxy in front of a real service (Redis, PostgreSQL) that a test can
 * switch between forwarding, refusing (closing every connection at once) and black-holing
 * (accepting and never answering) — an outage without stopping the shared service.
 */
export interface TcpProxy {
  url(protocol: string, path?: string): string;
  port: number;
  mode(next: 'forward' | 'refuse' | 'blackhole'): void;
  /** Cuts every open connection, as a restart of the service would. */
  cut(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(
  targetHost: string,
  targetPort: number,
  options: { latencyMs?: number } = {},
): Promise<TcpProxy> {
  let current: 'forward' | 'refuse' | 'blackhole' = 'forward';
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server: Server = createServer((client) => {
    track(client);
    if (current === 'refuse') return client.destroy();
    if (current === 'blackhole') return;
    const upstream = connect(targetPort, targetHost);
    track(upstream);
    client.pipe(upstream);
    // Answers may be held back a fixed time (a distant database); order is kept.
    const latency = options.latencyMs ?? 0;
    if (latency === 0) upstream.pipe(client);
    else upstream.on('data', (chunk) => setTimeout(() => client.write(chunk), latency));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  const cut = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port,
    url: (protocol, path = '') => `${protocol}://127.0.0.1:${port}${path}`,
    mode(next) {
      current = next;
      if (next !== 'forward') cut();
    },
    cut,
    close: () =>
      new Promise<void>((resolve) => {
        cut();
        server.close(() => resolve());
      }),
  };
}
