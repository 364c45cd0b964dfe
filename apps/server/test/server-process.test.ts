import { mkdtempSync } from 'node:fs';
import { get, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  runServer,
  startServerProcess,
  waitHealthy,
  type RunningServer,
} from './support/server-process.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('server process', () => {
  it('refuses to start with bad configuration, naming every bad variable', async () => {
    const run = runServer({ PORT: 'x', STORAGE: 'ftp', CODE_MAX_DENSITY: '9' });
    expect(await run.exited).toBe(1);
    for (const name of ['PORT', 'STORAGE', 'CODE_MAX_DENSITY'])
      expect(run.output()).toContain(name);
  });

  it('serves, then shuts down cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'codedrop-proc-'));
    const port = freePort();
    const run = runServer({ PORT: port, HOST: '127.0.0.1', DATA_DIR: dataDir, WORKERS: '1' });
    expect(await waitHealthy(`http://127.0.0.1:${port}`), run.output()).toBe(true);
    const created = await fetch(`http://127.0.0.1:${port}/api/shares`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'clipboard', content: 'from a real process' }),
    });
    expect(created.status).toBe(201);
    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  });
});

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** A GET on a connection of its own; the error code if it was reset or refused instead. */
const getAlone = (url: string) =>
  new Promise<Answer | string>((resolve) => {
    get(url, { agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
    }).on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
  });

/** A multipart upload that keeps sending a few bytes at a time and never ends. */
function endlessUpload(base: string) {
  const { hostname, port } = new URL(base);
  const socket = connect(Number(port), hostname);
  let received = '';
  socket.on('data', (chunk: Buffer) => (received += chunk.toString()));
  socket.on('error', () => {});
  const head = [
    '--cut',
    'Content-Disposition: form-data; name="maxDownloads"',
    '',
    '1',
    '--cut',
    'Content-Disposition: form-data; name="file"; filename="slow.bin"',
    'Content-Type: application/octet-stream',
    '',
    '',
  ].join('\r\n');
  socket.write(
    `POST /api/files HTTP/1.1\r\nHost: ${hostname}\r\n` +
      'Content-Type: multipart/form-data; boundary=cut\r\nContent-Length: 1000000\r\n\r\n' +
      head +
      'x'.repeat(1_000),
  );
  const trickle = setInterval(() => {
    if (received === '' && !socket.destroyed) socket.write('x'.repeat(100));
  }, 100);
  return {
    received: () => received,
    stop() {
      clearInterval(trickle);
      socket.destroy();
    },
  };
}

describe.each(['1', '2'])('shutdown with WORKERS=%s', (workers) => {
  let run: RunningServer;

  beforeAll(async () => {
    run = await startServerProcess({
      WORKERS: workers,
      SHUTDOWN_DRAIN_SECONDS: '3',
      RATE_LIMIT_DISABLED: 'true',
    });
  }, 30_000);
  afterAll(() => run?.stop());

  it('answers every request it received, refuses new ones with a problem, and exits 1 when forced', async () => {
    const upload = endlessUpload(run.base);
    await sleep(500); // the upload is running
    const lookups = Array.from({ length: 25 }, (_, i) =>
      getAlone(`${run.base}/api/shares/${400_000 + i}`),
    );
    await sleep(5);
    run.child.kill('SIGTERM');
    // Sent just before the signal: each is answered (404, or 503 once the drain began).
    const answered = await Promise.all(lookups);
    expect(
      answered
        .map((a) => (typeof a === 'string' ? a : a.status))
        .filter((s) => s !== 404 && s !== 503),
    ).toEqual([]);
    // Arriving during the drain (held open by the running upload): 503 problem+json.
    await sleep(500);
    const late = await getAlone(`${run.base}/api/shares/123456`);
    expect(typeof late === 'string' ? late : late.status, upload.received()).toBe(503);
    const refused = late as Answer;
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE' });
    // At the deadline the upload is answered 503, not reset, and the drain counts as forced.
    const code = await run.exited;
    upload.stop();
    expect(upload.received(), run.output()).toMatch(/^HTTP\/1\.1 503 /);
    expect(upload.received().toLowerCase()).toContain('retry-after:');
    expect(upload.received()).toContain('"code":"SERVICE_UNAVAILABLE"');
    expect(code).toBe(1);
  }, 30_000);
});

describe.each(['1', '2'])('shutdown with quiet connections, WORKERS=%s', (workers) => {
  it('exits at once though a client holds connections open that carry no request', async () => {
    const run = await startServerProcess({ WORKERS: workers, SHUTDOWN_DRAIN_SECONDS: '20' });
    try {
      const { hostname, port } = new URL(run.base);
      // One answered and kept alive, one opened and never used (as an HTTP client opens a
      // spare connection after aborting a stream).
      const used = connect(Number(port), hostname);
      used.on('error', () => {});
      const answered = new Promise<string>((resolve) =>
        used.once('data', (chunk: Buffer) => resolve(chunk.toString())),
      );
      used.write(`GET /healthz HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      expect(await answered).toMatch(/^HTTP\/1\.1 200 /);
      const unused = connect(Number(port), hostname);
      unused.on('error', () => {});
      await new Promise((resolve) => unused.once('connect', resolve));
      await sleep(200);
      const signalled = Date.now();
      run.child.kill('SIGTERM');
      // Well inside the 20 s drain: nothing the server received is left to answer.
      expect(await run.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5_000);
      used.destroy();
      unused.destroy();
    } finally {
      await run.stop();
    }
  }, 30_000);
});
