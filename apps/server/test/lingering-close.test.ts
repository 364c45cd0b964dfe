import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lingerBeforeClosing } from '../src/http/lingering-close.js';
import { startTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';

interface RawClient {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves once the server's answer contains `text`. */
  waitFor(text: string): Promise<void>;
  /** How the connection ended: the server's FIN (`end`), or an error's code. */
  ended: Promise<string>;
}

function rawClient(base: string): Promise<RawClient> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    // Half-open, as HTTP clients keep it: the server's FIN does not end what this sends.
    const socket = connect({ port: Number(port), host: hostname, allowHalfOpen: true });
    let text = '';
    const waiting: Array<{ text: string; resolve: () => void }> = [];
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      text += chunk;
      for (const wait of waiting) if (text.includes(wait.text)) wait.resolve();
    });
    const ended = new Promise<string>((done) => {
      socket.on('end', () => done('end'));
      socket.on('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
    });
    socket.on('connect', () =>
      resolve({
        socket,
        received: () => text,
        waitFor: (wanted) =>
          new Promise((done) => {
            if (text.includes(wanted)) return done();
            waiting.push({ text: wanted, resolve: done });
          }),
        ended,
      }),
    );
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `bytes` in 64 KiB writes, resolving with the first error's code or null. */
async function send(socket: Socket, bytes: Buffer): Promise<string | null> {
  for (let at = 0; at < bytes.length; at += 65_536) {
    const failed = await new Promise<string | null>((resolve) =>
      socket.write(bytes.subarray(at, at + 65_536), (error?: NodeJS.ErrnoException | null) =>
        resolve(error ? (error.code ?? error.message) : null),
      ),
    );
    if (failed) return failed;
  }
  return null;
}

describe('an upload refused before its body was read', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, { env: { RATE_LIMIT_DISABLED: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('gets its problem, and the rest of its body is read before the connection closes', async () => {
    const boundary = 'b0undary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="maxDownloads"\r\n\r\nten\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    );
    const rest = Buffer.concat([
      Buffer.alloc(2 * 1024 * 1024, 7),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const client = await rawClient(server.url);
    client.socket.write(
      'POST /api/files HTTP/1.1\r\nHost: x\r\n' +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
        `Content-Length: ${head.length + rest.length}\r\n\r\n`,
    );
    // The fields and the first bytes of the file: the server answers once the file starts.
    client.socket.write(head);
    client.socket.write(rest.subarray(0, 65_536));
    await client.waitFor('"code":"VALIDATION_FAILED"');
    expect(client.received()).toMatch(/^HTTP\/1\.1 400 /);
    // Node destroyed the socket right after its answer: what the client still sent was reset.
    await sleep(100);
    expect(await send(client.socket, rest.subarray(65_536))).toBeNull();
    client.socket.end();
    expect(await client.ended).toBe('end');
  });
});

describe('lingerBeforeClosing', () => {
  let server: Server;
  let base: string;
  /** Resolves when the server's side of its next connection is destroyed. */
  let nextClose: Promise<number>;

  beforeAll(async () => {
    // Answers every request at once and closes, reading nothing of its body.
    server = createServer((_request, response) => {
      response.writeHead(413, { connection: 'close' }).end('too large');
    });
    lingerBeforeClosing(server, 300);
    const watch = () => {
      nextClose = new Promise((resolve) =>
        server.once('connection', (socket: Socket) =>
          socket.once('close', () => {
            watch();
            resolve(Date.now());
          }),
        ),
      );
    };
    watch();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('closes after the limit when the body never ends', async () => {
    const closed = nextClose;
    const client = await rawClient(base);
    client.socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 1000000\r\n\r\nabc');
    await client.waitFor('too large');
    const started = Date.now();
    client.socket.write('more');
    // The write side ended after the answer; the server's socket goes at the limit.
    expect(await client.ended).toBe('end');
    const after = (await closed) - started;
    expect(after).toBeGreaterThanOrEqual(250);
    expect(after).toBeLessThan(3_000);
  });

  it('closes at once when the body was whole', async () => {
    const closed = nextClose;
    const client = await rawClient(base);
    client.socket.write('POST / HTTP/1.1\r\nHost: x\r\nContent-Length: 3\r\n\r\nabc');
    await client.waitFor('too large');
    const started = Date.now();
    expect((await closed) - started).toBeLessThan(200);
  });
});
