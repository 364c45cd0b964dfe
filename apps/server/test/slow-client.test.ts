import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';

/** Sends `head` and then nothing more; resolves with what the server answered. */
function stall(base: string, head: string): Promise<string> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
  });
}

describe('a client too slow to send its request', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, { env: { REQUEST_TIMEOUT_SECONDS: '1' } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it.each([
    [
      'a body that never finishes',
      'POST /api/shares HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"type":',
    ],
    ['headers that never finish', 'GET /api/config HTTP/1.1\r\nHost: x\r\nX-Slow: '],
  ])('gets 408 problem+json for %s', async (_name, head) => {
    const started = Date.now();
    const answer = await stall(server.url, head);
    expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
    expect(answer).toContain('application/problem+json');
    expect(answer).toContain('"code":"REQUEST_TIMEOUT"');
    expect(Date.now() - started).toBeLessThan(3_000);
  });
});
