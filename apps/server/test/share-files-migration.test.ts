import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { storedFilesOf } from '../src/modules/files/stored-files.js';
import { uploadSecret } from '../src/modules/files/upload-secret.js';
import { sweepOrphanBlobs } from '../src/modules/sweeper/orphan-sweep.js';
import { http, startTestApp, type TestApp } from './support/app.js';
import { testDialects, type TestDatabase } from './support/databases.js';
import { databaseMigratedTo } from './support/migrated-database.js';
import { absolute } from './support/files.js';
import {
  legacyFileShares,
  sha256Hex as sha,
  type LegacyFile,
} from './support/legacy-file-shares.js';
import { patchChunk } from './support/tus.js';

const urlSigningKey = randomBytes(32).toString('base64url');

/**
 * Migration 0016 (every file share's files in `files`, the legacy file columns gone): shares
 * written as the code before it wrote them are read and downloaded by the code after it.
 */
describe.each(testDialects())('share files migration on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp | undefined;
  afterEach(async () => {
    await server?.close();
    await database?.drop();
  });

  it('keeps single-file, bundle, encrypted and mid-upload shares readable and downloadable', async () => {
    let db;
    ({ database, db } = await databaseMigratedTo(dialect, '0015-upload-clients'));

    // Keys two hours old, so the orphan sweep below would take any blob no share owns.
    const now = new Date();
    const { at, bool, store, plainFile, sealedFile, sealing, fileRow } = legacyFileShares(
      dialect,
      database.dataDir,
      now,
      now.getTime() - 7_200_000,
    );
    const single = [plainFile('notes.txt', 'text/plain', 3_000)];
    const bundleFirst = plainFile('photo.png', 'image/png', 2_000);
    const bundle = [
      bundleFirst,
      plainFile('report.pdf', 'application/pdf', 1_500, bundleFirst.key, 1),
    ];
    const sealedSingle = [sealedFile(1_000)];
    const sealedFirst = sealedFile(700);
    const sealedBundle = [sealedFirst, sealedFile(900, sealedFirst.key, 1)];
    const lock = sealing();
    const bundleLock = sealing();
    const gone = [plainFile('old.bin', 'application/octet-stream', 100)];
    // A resumable upload half stored: its share, tus's record and the bytes so far.
    const uploading = plainFile('movie.mp4', 'video/mp4', 4_000);
    const half = 1_500;
    const loose = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    // One by one: a row leaves out the columns that keep their defaults.
    for (const row of [
      fileRow('100001', single),
      fileRow('100002', bundle),
      fileRow('100003', sealedSingle, lock.columns),
      fileRow('100004', sealedBundle, bundleLock.columns),
      fileRow('100005', gone, {
        gone: bool(true),
        gone_reason: 'deleted',
        reclaim_after: at(new Date(now.getTime() - 60_000)),
      }),
      fileRow('100006', [uploading], {
        file_sha256: null,
        upload_received: half,
        upload_touched_at: at(now),
        upload_client: 'client-hash',
      }),
    ]) {
      await loose.insertInto('shares').values(row).execute();
    }
    store(uploading.key, uploading.bytes.subarray(0, half));
    await loose
      .insertInto('uploads')
      .values({
        id: uploading.key,
        info: JSON.stringify({
          id: uploading.key,
          size: uploading.bytes.length,
          metadata: { filename: uploading.name, filetype: uploading.mime },
          creation_date: now.toISOString(),
        }),
      })
      .execute();
    await db.close();

    // The app migrates the database as it starts.
    server = await startTestApp(database, {
      env: { URL_SIGNING_KEY: urlSigningKey, RATE_LIMIT_DISABLED: 'true' },
    });
    const url = server.url;
    const lookup = (code: string) => http<Record<string, unknown>>(url, `/api/shares/${code}`);
    const takeAll = async (code: string, files: LegacyFile[], authKey?: string) => {
      const json = authKey === undefined ? {} : { authKey };
      const grant = await http<{ downloadUrls: Array<{ name: string; url: string }> }>(
        url,
        `/api/shares/${code}/downloads`,
        { method: 'POST', json },
      );
      expect(grant.status, code).toBe(200);
      expect(grant.body).not.toHaveProperty('downloadUrl');
      expect(grant.body.downloadUrls).toHaveLength(files.length);
      for (const [i, file] of files.entries()) {
        const response = await fetch(absolute(url, grant.body.downloadUrls[i]!.url));
        expect(response.status, `${code} file ${i}`).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(file.bytes)).toBe(true);
      }
    };
    const listed = (files: LegacyFile[]) =>
      files.map((f) => ({ name: f.name, size: f.bytes.length, type: f.mime }));

    for (const [code, files] of [
      ['100001', single],
      ['100002', bundle],
    ] as const) {
      const view = await lookup(code);
      expect(view.body).toMatchObject({ type: 'file', status: 'ready', files: listed(files) });
      expect(view.body).toMatchObject({ downloadCount: 0, maxDownloads: 3 });
      expect(view.body).not.toHaveProperty('file');
      await takeAll(code, files);
    }
    for (const [code, files, key] of [
      ['100003', sealedSingle, lock.authKey],
      ['100004', sealedBundle, bundleLock.authKey],
    ] as const) {
      const view = await lookup(code);
      const sizes = files.map((f) => ({ size: f.bytes.length }));
      expect(view.body).toMatchObject({ isEncrypted: true, status: 'ready', files: sizes });
      expect(JSON.stringify(view.body.files)).not.toContain('encrypted_file');
      await takeAll(code, files, key);
    }

    // Every stored hash is where the block list reads it.
    const rows = await server.app.db.kysely
      .selectFrom('shares')
      .select(['code', 'files', 'total_bytes'])
      .execute();
    const byCode = new Map(rows.map((row) => [row.code, row]));
    for (const [code, files] of [
      ['100001', single],
      ['100002', bundle],
      ['100003', sealedSingle],
      ['100004', sealedBundle],
    ] as const) {
      const row = byCode.get(code)!;
      expect(storedFilesOf(row).map((f) => f.sha256)).toEqual(files.map((f) => sha(f.bytes)));
      expect(Number(row.total_bytes)).toBe(files.reduce((n, f) => n + f.bytes.length, 0));
    }

    // The upload goes on where it stopped and becomes an ordinary share, hashed.
    const waiting = await lookup('100006');
    expect(waiting.body).toMatchObject({
      status: 'uploading',
      upload: { receivedBytes: half, totalBytes: uploading.bytes.length },
      files: listed([uploading]),
    });
    const rest = await patchChunk(
      `${url}/api/uploads/${uploading.key}`,
      half,
      uploading.bytes.subarray(half),
      uploadSecret(urlSigningKey, uploading.key),
    );
    expect(rest.status).toBe(204);
    expect((await lookup('100006')).body).toMatchObject({ status: 'ready' });
    await takeAll('100006', [uploading]);
    const finished = await server.app.db.kysely
      .selectFrom('shares')
      .select('files')
      .where('code', '=', '100006')
      .executeTakeFirstOrThrow();
    expect(storedFilesOf(finished)[0]!.sha256).toBe(sha(uploading.bytes));

    // The gone share's blob is reclaimed with its row; no live share's blob is an orphan.
    await server.app.sweeper.runOnce();
    await expect(server.app.blobs.stat(gone[0]!.key)).rejects.toMatchObject({
      name: 'BlobNotFoundError',
    });
    await sweepOrphanBlobs(server.app.db.kysely, server.app.blobs, now);
    for (const file of [...single, ...bundle, ...sealedSingle, ...sealedBundle, uploading]) {
      expect((await server.app.blobs.stat(file.key)).size).toBe(file.bytes.length);
    }
  });
});
