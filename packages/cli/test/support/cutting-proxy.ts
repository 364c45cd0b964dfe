import { connect, createServer, type AddressInfo, type Socket } from 'node:net';

export interface CuttingProxy {
  url: string;
  /** The next `times` PATCHes' connections are dropped after `bytes` of each reach the server. */
  cutPatchesAfter(bytes: number, times?: number): void;
  /** How many connections were dropped so far. */
  readonly cuts: number;
  /** The first line of each connection's first request ("PATCH /api/uploads/… HTTP/1.1"). */
  readonly requestLines: string[];
  close(): Promise<void>;
}

/**
 * A TCP proxy in front of the test server that can drop one upload's connection mid-chunk,
 * as a lost network does: the client sees its socket die, the server a body that stops.
 */
export async function startCuttingProxy(target: string): Promise<CuttingProxy> {
  const { hostname, port } = new URL(target);
  let armed: { bytes: number; times: number } | null = null;
  let cuts = 0;
  const requestLines: string[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => sockets.delete(socket));
    }
    let budget: number | null = null;
    let first = true;
    client.on('data', (chunk: Buffer) => {
      if (first) {
        first = false;
        requestLines.push(chunk.subarray(0, chunk.indexOf('\r\n')).toString('latin1'));
        if (armed !== null && chunk.subarray(0, 6).toString('latin1') === 'PATCH ') {
          budget = armed.bytes;
          armed = armed.times > 1 ? { ...armed, times: armed.times - 1 } : null;
        }
      }
      if (budget !== null && chunk.length >= budget) {
        upstream.end(chunk.subarray(0, budget));
        client.destroy();
        cuts++;
        return;
      }
      if (budget !== null) budget -= chunk.length;
      upstream.write(chunk);
    });
    client.on('end', () => upstream.end());
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    upstream.on('end', () => client.end());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port: own } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${own}`,
    cutPatchesAfter(bytes, times = 1) {
      armed = { bytes, times };
    },
    get cuts() {
      return cuts;
    },
    requestLines,
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
