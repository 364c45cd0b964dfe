import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@codedrop/contract';
import { startTestApp, http, type TestApp } from './support/app.js';
import { TestClock } from './support/clock.js';
import { goneGraceSeconds } from '../src/modules/shares/share-ends.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { storageEnv, testBackends, uploadMany } from './support/files.js';

const combos = testBackends();

describe.each(combos)('deleting a share now on %s + %s storage', (dialect, storage) => {
  let database: TestDatabase;
  let server: TestApp;
  let store: Awaited<ReturnType<typeof storageEnv>>;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await storageEnv(storage);
    server = await startTestApp(database, {
      clock,
      env: { RATE_LIMIT_DISABLED: 'true', ...store.env },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await database?.drop();
  });

  const remove = (code: string, authorization?: string) =>
    http(server.url, `/api/shares/${code}`, {
      method: 'DELETE',
      headers: authorization === undefined ? {} : { authorization },
    });
  const createText = async () => {
    const created = await http<{ code: string; deleteToken: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'secret words' },
    });
    expect(created.status).toBe(201);
    return created.body;
  };

  it('deletes with the token at once: 410 SHARE_DELETED, the text gone from the row', async () => {
    const { code, deleteToken } = await createText();
    const deleted = await remove(code, `Bearer ${deleteToken}`);
    expect(deleted.status).toBe(204);
    expect(deleted.body).toBe('');
    const lookup = await http(server.url, `/api/shares/${code}`);
    expect(lookup.status).toBe(410);
    expect(lookup.body).toMatchObject({ code: 'SHARE_DELETED', detail: messages.shareDeleted });
    const row = await server.app.db.kysely
      .selectFrom('shares')
      .select(['content', 'gone_reason'])
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ content: null, gone_reason: 'deleted' });
    // Deleting again with the right token is no error. The row stays through the grace
    // every early end gets, whatever sweeps come; the first sweep after it removes the row.
    expect((await remove(code, `Bearer ${deleteToken}`)).status).toBe(204);
    await server.app.sweeper.runOnce();
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(410);
    clock.advance(goneGraceSeconds + 1);
    await server.app.sweeper.runOnce();
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(404);
  });

  it('deletes every file of a bundle at once; its grants stop working', async () => {
    const created = await uploadMany(server.url, [
      { bytes: Buffer.from('one'), name: 'a.txt' },
      { bytes: Buffer.from('two'), name: 'b.txt' },
    ]);
    const { code, deleteToken } = created.body as { code: string; deleteToken: string };
    const keys: string[] = [];
    for await (const { key } of server.app.blobs.list()) keys.push(key);
    expect((await remove(code, `bearer ${deleteToken}`)).status).toBe(204);
    for (const key of keys) {
      await expect(server.app.blobs.stat(key)).rejects.toMatchObject({
        name: 'BlobNotFoundError',
      });
    }
    const grant = await http(server.url, `/api/shares/${code}/downloads`, {
      method: 'POST',
      json: {},
    });
    expect(grant.body).toMatchObject({ code: 'SHARE_DELETED' });
  });

  it('answers a wrong, missing or foreign token alike, counted as a miss', async () => {
    const { code, deleteToken } = await createText();
    const other = await createText();
    // A second instance on the same database, with the miss limit on.
    const guarded = await startTestApp(database, {
      clock,
      env: { RATE_LIMIT_MISSES: '4', ...store.env },
    });
    const remove = (code: string, authorization?: string) =>
      http(guarded.url, `/api/shares/${code}`, {
        method: 'DELETE',
        headers: authorization === undefined ? {} : { authorization },
      });
    const answers = [
      await remove(code, 'Bearer wrong-token'),
      await remove(code),
      await remove(code, `Bearer ${other.deleteToken}`),
      await remove('98765', `Bearer ${deleteToken}`),
    ];
    for (const answer of answers) {
      expect(answer.status).toBe(403);
      expect(answer.body).toMatchObject({
        code: 'FORBIDDEN',
        detail: 'This delete token does not match this code.',
      });
    }
    // RATE_LIMIT_MISSES is 4: the fifth guess is refused before it is tried.
    expect((await remove(code, 'Bearer another-guess')).status).toBe(429);
    await guarded.close();
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(200);
  });
});
