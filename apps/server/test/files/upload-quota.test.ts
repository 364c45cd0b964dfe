import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '@codedrop/contract';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { upload } from '../support/files.js';

describe.each(testDialects())('storage quota and upload budget on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;

  async function start(env: Record<string, string>) {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, { env: { MAX_FILE_BYTES: '4000', ...env } });
  }
  afterEach(async () => {
    await server?.close();
    await database?.drop();
  });

  it('refuses uploads with 507 once MAX_STORAGE_BYTES would be passed, and keeps nothing', async () => {
    await start({ MAX_STORAGE_BYTES: '3000' });
    const file = () => ({ bytes: randomBytes(1000), name: 'part.bin' });
    expect((await upload(server.url, file())).status).toBe(201);
    expect((await upload(server.url, file())).status).toBe(201);
    const full = await upload(server.url, file());
    expect(full.status).toBe(507);
    expect(full.headers.get('retry-after')).toBe('300');
    expect(full.body).toMatchObject({ code: 'INSUFFICIENT_STORAGE', detail: messages.storageFull });
    // Measured against the stored files themselves, not a counter: still full a second later.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await upload(server.url, file())).status).toBe(507);
    const rows = await server.app.db.kysely.selectFrom('shares').select('code').execute();
    expect(rows).toHaveLength(2);
  });

  it('charges each upload to RATE_LIMIT_UPLOAD_BYTES per address; a refused one costs nothing', async () => {
    await start({ RATE_LIMIT_UPLOAD_BYTES: '5000' });
    expect((await upload(server.url, { bytes: randomBytes(3000), name: 'a.bin' })).status).toBe(
      201,
    );
    const over = await upload(server.url, { bytes: randomBytes(3000), name: 'b.bin' });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    // The refused 3000 bytes were not kept against the budget: a small file still fits.
    expect((await upload(server.url, { bytes: randomBytes(500), name: 'c.bin' })).status).toBe(201);
  });
});
