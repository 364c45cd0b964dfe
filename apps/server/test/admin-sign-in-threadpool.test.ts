import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/domain/moderation/admin-password.js';
import { http, startTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { absolute, upload } from './support/files.js';

// Console sign-ins check the password (scrypt at the production cost) on a thread of their
// own: a download's disk reads, which go through libuv's threadpool, never wait for them.
// Told by order, not by time: the download is answered before any of the sign-ins that
// started before it. (admin-sign-in-load.timing.test.ts times the same, apart from other suites.)

describe('console sign-ins and the threadpool', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, {
      env: {
        TRUST_PROXY: '127.0.0.1',
        ADMIN_PASSWORD_HASH: await hashPassword('a long console password'),
        RATE_LIMIT_SIGN_INS: '1000',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const signIn = (address: string) =>
    http(server.url, '/api/admin/session', {
      method: 'POST',
      json: { password: 'a wrong guess' },
      headers: { 'x-forwarded-for': address },
    });

  it('answers a download before the wrong sign-ins sent ahead of it', async () => {
    const file = await upload(server.url, { bytes: randomBytes(64 * 1024), name: 'small.bin' });
    const grant = await http<{ downloadUrl: string }>(
      server.url,
      `/api/shares/${file.body.code as string}/downloads`,
      { method: 'POST', json: {} },
    );
    const url = absolute(server.url, grant.body.downloadUrl);
    expect((await signIn('198.51.100.1')).status).toBe(401);

    // As many as libuv's threadpool has threads (UV_THREADPOOL_SIZE, 4 by default).
    let signInsAnswered = 0;
    const signIns = Array.from({ length: 4 }, (_, i) =>
      signIn(`203.0.113.${i + 1}`).finally(() => signInsAnswered++),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const download = await fetch(url, { headers: { range: 'bytes=0-32767' } });
    expect(download.status).toBe(206);
    expect((await download.arrayBuffer()).byteLength).toBe(32_768);
    expect(signInsAnswered).toBe(0);
    for (const answer of await Promise.all(signIns)) expect(answer.status).toBe(401);
    // Five checks at the production cost, one after another.
  }, 90_000);
});
