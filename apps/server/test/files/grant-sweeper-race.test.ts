import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createShareEnds } from '../../src/modules/shares/share-ends.js';
import { createSweeper } from '../../src/modules/sweeper/sweeper.service.js';
import { http, startTestApp, type TestApp } from '../support/app.js';
import { TestClock } from '../support/clock.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { absolute, upload } from '../support/files.js';

/**
 * One instance's sweeper finds a share due while another instance (whose clock is a
 * little behind) issues a download grant for it: whichever wins, no URL may point at a
 * deleted blob.
 */
describe.each(testDialects())('download grant racing the sweeper on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, { clock, env: { RATE_LIMIT_DISABLED: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('never issues a URL whose blob the sweeper deletes', async () => {
    const bytes = randomBytes(100);
    const created = await upload(
      server.url,
      { bytes, name: 'race.bin' },
      { maxDownloads: '5', expiresInSeconds: '600' },
    );
    expect(created.status).toBe(201);
    const code = created.body.code as string;

    // The sweeping instance's clock is past the expiry; the granting one's is not yet.
    const sweeperClock = new TestClock(clock.now().getTime() + 601_000);
    let grant: Awaited<ReturnType<typeof http<{ downloadUrls: { url: string }[] }>>> | null = null;
    const db = server.app.db.kysely;
    // The injected delay: the grant is issued while the sweeper is between its steps.
    const blobs = {
      async delete(key: string) {
        grant = await http<{ downloadUrls: { url: string }[] }>(
          server.url,
          `/api/shares/${code}/downloads`,
          {
            method: 'POST',
            json: {},
          },
        );
        await server.app.blobs.delete(key);
      },
    };
    const ends = createShareEnds({ db, clock: sweeperClock, blobs });
    const sweeper = createSweeper({ db, clock: sweeperClock, ends });
    await sweeper.runOnce();

    expect(grant).not.toBeNull();
    const { status, body } = grant!;
    if (status === 200) {
      const download = await fetch(absolute(server.url, body.downloadUrls[0]!.url));
      expect(download.status).toBe(200);
      expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes);
    } else {
      // The reclaim won: the share is simply gone, and no URL was handed out.
      expect([404, 410]).toContain(status);
    }
  });
});
