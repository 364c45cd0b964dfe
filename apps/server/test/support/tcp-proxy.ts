import { createServer, connect, type Server, type Socket } from 'node:net';

type Mode = 'forward' | 'refuse' | 'blackhole' | 'freeze';

/**
 * A loopback TCP proxy in front of a real service (Redis, PostgreSQL) that a test can
 * switch between forwarding, refusing (closing every connection at once), black-holing
 * (accepting and never answering) and freezing (open connections stay open but carry
 * nothing, new ones are accepted and wait, as in a network partition) — an outage without
 * stopping the shared service. Back to forwarding, a freeze delivers what it held back.
 */
export interface TcpProxy {
  url(protocol: string, path?: string): string;
  port: number;
  mode(next: Mode): void;
  /** Cuts every open connection, as a restart of the service would. */
  cut(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(
  targetHost: string,
  targetPort: number,
  options: { latencyMs?: number } = {},
): Promise<TcpProxy> {
  let current: Mode = 'forward';
  const sockets = new Set<Socket>();
  // What a freeze holds back (bytes to pass on, connections to open), in arrival order.
  let held: Array<() => void> = [];
  const whenFlowing = (work: () => void) => (current === 'freeze' ? held.push(work) : work());
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const relay = (from: Socket, to: Socket, latency: number) =>
    from.on('data', (chunk: Buffer) => {
      const pass = () => whenFlowing(() => to.destroyed || to.write(chunk));
      // Answers may be held back a fixed time (a distant database); order is kept.
      if (latency === 0) pass();
      else setTimeout(pass, latency);
    });
  const server: Server = createServer((client) => {
    track(client);
    if (current === 'refuse') return client.destroy();
    if (current === 'blackhole') return;
    client.pause();
    whenFlowing(() => {
      if (client.destroyed) return;
      const upstream = connect(targetPort, targetHost);
      track(upstream);
      relay(client, upstream, 0);
      relay(upstream, client, options.latencyMs ?? 0);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      client.resume();
    });
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
      if (next === 'refuse' || next === 'blackhole') cut();
      if (next === 'forward') {
        const work = held;
        held = [];
        for (const run of work) run();
      }
    },
    cut,
    close: () =>
      new Promise<void>((resolve) => {
        held = [];
        cut();
        server.close(() => resolve());
      }),
  };
}
