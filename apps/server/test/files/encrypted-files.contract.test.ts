import { randomBytes } from 'node:crypto';
import { parse as parseDisposition } from 'content-disposition';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptedSize } from '@codedrop/crypto';
import { storedFilesOf } from '../../src/modules/files/stored-files.js';
import { startTestApp, http, type TestApp } from '../support/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../support/databases.js';
import { fakeEncryptedShare } from '../support/envelopes.js';
import { absolute, upload, uploadMany } from '../support/files.js';

describe.each(testDialects())('encrypted files on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      env: { RATE_LIMIT_DISABLED: 'true', MAX_FILE_BYTES: String(3 * 1024 * 1024) },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  function encryptedUpload(storedBytes: number, name = 'secret-plans.pdf') {
    const share = fakeEncryptedShare();
    const fields = {
      maxDownloads: '2',
      encryptedPayload: JSON.stringify(share.encryptedPayload),
      authVerifier: share.authVerifier,
    };
    return upload(server.url, { bytes: randomBytes(storedBytes), name }, fields).then((res) => ({
      res,
      share,
    }));
  }

  it('stores the name as encrypted_file and the blob without the extension', async () => {
    const { res } = await encryptedUpload(encryptedSize(5));
    expect(res.status).toBe(201);
    // An encrypted share's answer tells only the stored size: its name is in its metadata.
    expect(res.body).toMatchObject({ files: [{ size: encryptedSize(5) }] });
    expect((res.body.files as object[])[0]).not.toHaveProperty('name');
    const code = res.body.code as string;
    const row = await server.app.db.kysely
      .selectFrom('shares')
      .selectAll()
      .where('code', '=', code)
      .executeTakeFirstOrThrow();
    const [stored] = storedFilesOf(row);
    expect(stored).toMatchObject({ name: 'encrypted_file', mime: 'application/octet-stream' });
    expect(stored!.key).not.toMatch(/\.pdf$/);
    expect(JSON.stringify(row)).not.toContain('secret-plans');
    const view = await http(server.url, `/api/shares/${code}`);
    // Only the stored size: the name and type are in the sealed metadata.
    expect(view.body).toMatchObject({ isEncrypted: true, files: [{ size: encryptedSize(5) }] });
    expect((view.body as { files: object[] }).files[0]).not.toHaveProperty('name');
    expect(view.body).toHaveProperty('kdf');
  });

  it('downloads need the authKey; wrong or missing keys count as wrong passwords', async () => {
    const { res, share } = await encryptedUpload(encryptedSize(2 * 1024 * 1024 + 3));
    expect(res.status).toBe(201);
    const code = res.body.code as string;
    const take = (json: unknown) =>
      http<{ downloadUrls: { url: string }[]; downloadCount: number }>(
        server.url,
        `/api/shares/${code}/downloads`,
        {
          method: 'POST',
          json,
        },
      );
    const missing = await take({});
    expect(missing.status).toBe(403);
    expect(missing.body).toMatchObject({ code: 'WRONG_PASSWORD', attemptsLeft: 9 });
    const wrong = await take({ authKey: randomBytes(32).toString('base64') });
    expect(wrong.body).toMatchObject({ attemptsLeft: 8 });
    const ok = await take({ authKey: share.authKey });
    expect(ok.status).toBe(200);
    expect(ok.body.downloadCount).toBe(1);
    const file = await fetch(absolute(server.url, ok.body.downloadUrls[0]!.url));
    expect(parseDisposition(file.headers.get('content-disposition')!)).toMatchObject({
      type: 'attachment',
      parameters: { filename: 'encrypted_file' },
    });
    expect((await file.arrayBuffer()).byteLength).toBe(encryptedSize(2 * 1024 * 1024 + 3));
    // The unlock endpoint hands out the metadata envelope (real name and type) instead.
    const unlocked = await http(server.url, `/api/shares/${code}/unlock`, {
      method: 'POST',
      json: { authKey: share.authKey },
    });
    expect(unlocked.status).toBe(200);
    expect(unlocked.body).toEqual({ encryptedPayload: share.encryptedPayload });
  });

  it('refuses ciphertext of an impossible size', async () => {
    const { res } = await encryptedUpload(20);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED', errors: [{ field: 'file' }] });
  });

  it('allows the ciphertext of a maximum-size plaintext, and not one byte more', async () => {
    const max = 3 * 1024 * 1024;
    expect((await encryptedUpload(encryptedSize(max))).res.status).toBe(201);
    const over = await encryptedUpload(encryptedSize(max) + 1);
    expect(over.res.status).toBe(413);
  });
  it('lists only the stored sizes of an encrypted bundle and bounds its total plaintext', async () => {
    const share = fakeEncryptedShare();
    const fields = {
      maxDownloads: '2',
      encryptedPayload: JSON.stringify(share.encryptedPayload),
      authVerifier: share.authVerifier,
    };
    const sizes = [encryptedSize(1024 * 1024), encryptedSize(0), encryptedSize(300)];
    const files = sizes.map((size, i) => ({ bytes: randomBytes(size), name: `secret-${i}.pdf` }));
    const created = await uploadMany(server.url, files, fields);
    expect(created.status).toBe(201);
    expect(created.body.files).toEqual(sizes.map((size) => ({ size })));
    const code = created.body.code as string;
    const view = await http(server.url, `/api/shares/${code}`);
    expect(view.body).toMatchObject({ files: sizes.map((size) => ({ size })) });
    expect(JSON.stringify(view.body)).not.toContain('secret-');
    const grant = await http<{ downloadUrls: Array<{ name: string; url: string }> }>(
      server.url,
      `/api/shares/${code}/downloads`,
      { method: 'POST', json: { authKey: share.authKey } },
    );
    expect(grant.body.downloadUrls.map((u) => u.name)).toEqual(Array(3).fill('encrypted_file'));
    for (const [i, { url }] of grant.body.downloadUrls.entries()) {
      const bytes = Buffer.from(await (await fetch(absolute(server.url, url))).arrayBuffer());
      expect(bytes.equals(files[i]!.bytes)).toBe(true);
    }

    // 3 MiB of plaintext in all: two files of 1.5 MiB fit, a third byte more does not, however
    // the stream headers and tags of each file add up.
    const half = 1.5 * 1024 * 1024;
    const fits = await uploadMany(
      server.url,
      [half, half].map((n, i) => ({ bytes: randomBytes(encryptedSize(n)), name: `${i}` })),
      fields,
    );
    expect(fits.status).toBe(201);
    const over = await uploadMany(
      server.url,
      [half, half, 1].map((n, i) => ({ bytes: randomBytes(encryptedSize(n)), name: `${i}` })),
      fields,
    );
    expect(over.status).toBe(413);
  });
});
