import { connect, type Socket } from 'node:net';

export interface RawRequest {
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface RawAnswer {
  status: number;
  body: string;
}

/**
 * Sends every request on its own socket, all at the same instant: each request is written
 * but for its last byte, and the last bytes go out together once every socket is ready —
 * the burst an attacker sends to race a check against a count.
 */
export async function rawBurst(baseUrl: string, requests: RawRequest[]): Promise<RawAnswer[]> {
  const { hostname, port } = new URL(baseUrl);
  const wire = requests.map((r) => {
    const body = r.body ?? '';
    const headers = {
      host: `${hostname}:${port}`,
      connection: 'close',
      'content-length': String(Buffer.byteLength(body)),
      ...(body === '' ? {} : { 'content-type': 'application/json' }),
      ...r.headers,
    };
    const head = Object.entries(headers)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join('');
    return Buffer.from(`${r.method} ${r.path} HTTP/1.1\r\n${head}\r\n${body}`);
  });
  const sockets = await Promise.all(
    wire.map(
      (bytes) =>
        new Promise<Socket>((resolve, reject) => {
          const socket = connect(Number(port), hostname, () => {
            socket.write(bytes.subarray(0, bytes.length - 1), () => resolve(socket));
          });
          socket.once('error', reject);
        }),
    ),
  );
  const answers = sockets.map(
    (socket) =>
      new Promise<RawAnswer>((resolve, reject) => {
        const chunks: Buffer[] = [];
        socket.on('data', (chunk: Buffer) => chunks.push(chunk));
        socket.on('error', reject);
        socket.on('close', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
          resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
        });
      }),
  );
  sockets.forEach((socket, i) => socket.write(wire[i]!.subarray(wire[i]!.length - 1)));
  return Promise.all(answers);
}
