import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestApp, http, type TestApp } from '../support/app.js';
import { TestClock } from '../support/clock.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { createUpload, headUpload, patchChunk } from '../support/tus.js';

const MiB = 1024 * 1024;
/** A visitor at `address`, through the proxy the server trusts (TRUST_PROXY=127.0.0.1). */
const from = (address: string) => ({ 'x-forwarded-for': address });
const fields = { filename: 'big.bin', maxDownloads: '1' };

// The storage quota counts bytes received plus what running uploads reserve, capped per
// client; uploads that hold a reservation without using it are reclaimed (docs/operations.md).
describe.each(testDialects())('upload reservations on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  const clock = new TestClock();

  async function start(env: Record<string, string>) {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      clock,
      env: {
        TRUST_PROXY: '127.0.0.1',
        MAX_FILE_BYTES: String(50 * MiB),
        ...env,
      },
    });
  }
  afterEach(async () => {
    await server?.close();
    await database?.drop();
  });

  it('one address declaring uploads it never sends cannot fill the quota for others', async () => {
    await start({ MAX_STORAGE_BYTES: String(160 * MiB) });
    const attacker = from('203.0.113.7');
    const answers: number[] = [];
    for (let i = 0; i < 3; i++) {
      answers.push((await createUpload(server.url, 50 * MiB, fields, attacker)).status);
    }
    for (let i = 0; i < 20; i++) {
      answers.push((await createUpload(server.url, MiB, fields, attacker)).status);
    }
    // Its first uploads are taken; past its caps (count and bytes) it is refused.
    expect(answers.slice(0, 2)).toEqual([201, 201]);
    expect(answers.filter((status) => status === 201).length).toBeLessThanOrEqual(5);
    expect(answers.filter((status) => status !== 201 && status !== 429)).toEqual([]);
    const refused = await createUpload(server.url, MiB, fields, attacker);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(refused.headers.get('retry-after')).not.toBeNull();
    expect(refused.code).toBe('');

    // Everyone else still finds room: a classic upload and a large resumable one.
    const small = await fetch(`${server.url}/api/files`, {
      method: 'POST',
      headers: from('198.51.100.1'),
      body: form(randomBytes(1000)),
    });
    expect(small.status).toBe(201);
    const other = await createUpload(server.url, 50 * MiB, fields, from('198.51.100.2'));
    expect(other.status).toBe(201);
  });

  it('reclaims an upload kept alive by a byte every 40 s, and frees its reservation', async () => {
    // The audit's stall window: each byte counts as progress, so that alone never ends it.
    await start({ MAX_STORAGE_BYTES: String(60 * MiB), UPLOAD_STALL_SECONDS: '60' });
    const slow = await createUpload(server.url, 50 * MiB, fields, from('203.0.113.8'));
    expect(slow.status).toBe(201);
    // While it holds 50 MiB, a 20 MiB upload does not fit.
    expect((await createUpload(server.url, 20 * MiB, fields, from('198.51.100.3'))).status).toBe(
      507,
    );
    let offset = 0;
    let answer = 204;
    for (let elapsed = 0; elapsed <= 600 && answer === 204; elapsed += 40) {
      const sent = await patchChunk(slow.url, offset, randomBytes(1));
      answer = sent.status;
      if (answer === 204) offset = sent.offset;
      clock.advance(40);
      await server.app.sweeper.runOnce();
    }
    // Reclaimed once past the first window, long before the stall window would end it.
    expect(offset).toBeLessThanOrEqual(5);
    expect(answer).toBe(404);
    expect(await headUpload(slow.url)).toMatchObject({ status: 404 });
    expect((await http(server.url, `/api/shares/${slow.code}`)).status).toBe(404);
    // Its reservation is free again (the quota is summed at most once a second).
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await createUpload(server.url, 20 * MiB, fields, from('198.51.100.3'))).status).toBe(
      201,
    );
  });

  it('reclaims an upload that received nothing within its first window', async () => {
    await start({ UPLOAD_FIRST_BYTE_SECONDS: '120' });
    const idle = await createUpload(server.url, 10 * MiB, fields, from('203.0.113.9'));
    const started = await createUpload(server.url, 10 * MiB, fields, from('203.0.113.9'));
    expect((await patchChunk(started.url, 0, randomBytes(512 * 1024))).status).toBe(204);
    clock.advance(100);
    await server.app.sweeper.runOnce();
    expect(await headUpload(idle.url)).toMatchObject({ status: 200 });
    clock.advance(30);
    await server.app.sweeper.runOnce();
    expect(await headUpload(idle.url)).toMatchObject({ status: 404 });
    // 512 KiB in 130 s is above the default floor of 1 KiB a second.
    expect(await headUpload(started.url)).toMatchObject({ status: 200, offset: 512 * 1024 });
  });
});

function form(bytes: Uint8Array): FormData {
  const body = new FormData();
  body.append('maxDownloads', '1');
  body.append('file', new Blob([new Uint8Array(bytes)]), 'small.bin');
  return body;
}
