import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { shareTypes } from '@codedrop/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { migrate, type Db } from '../src/infra/db/index.js';
import { countCodesOfLength } from '../src/modules/shares/codes/code-counts.repository.js';
import { deleteReclaimable, findShare } from '../src/modules/shares/repository/index.js';
import { testDialects, type TestDatabase } from './support/databases.js';
import { databaseMigratedTo } from './support/migrated-database.js';

/** Existing data survives the migrations added since the first release. */
describe.each(testDialects())('migrations on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;
  afterEach(async () => {
    await db?.close();
    await database?.drop();
  });

  async function migratedTo(name: string) {
    ({ database, db } = await databaseMigratedTo(dialect, name));
  }

  it('fill the kdf column from envelopes and keep every row (SQLite: large columns last)', async () => {
    await migratedTo('0005-download-grants');
    const kdf = { name: 'PBKDF2-SHA-256', iter: 600_000, salt: randomBytes(32).toString('base64') };
    const now = new Date();
    const later = new Date(now.getTime() + 3_600_000);
    const row = (code: string, envelope: unknown) => ({
      code,
      type: 'clipboard',
      content: envelope === null ? 'plain text' : null,
      is_encrypted: dialect === 'sqlite' ? Number(envelope !== null) : envelope !== null,
      encrypted_payload: envelope === null ? null : JSON.stringify(envelope),
      delete_token_hash: 'h',
      created_at: dialect === 'sqlite' ? now.toISOString() : now,
      expires_at: dialect === 'sqlite' ? later.toISOString() : later,
      reclaim_after: dialect === 'sqlite' ? later.toISOString() : later,
    });
    const envelope = { v: 1, alg: 'AES-256-GCM', kdf, iv: 'x', ciphertext: 'y'.repeat(100_000) };
    // The table as it was at 0005: written without the current schema's types.
    await (db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .insertInto('shares')
      .values([row('1111', envelope), row('2222', null)])
      .execute();

    await migrate(db);

    const encrypted = await findShare(db.kysely, '1111', now);
    expect(encrypted?.live).toBe(true);
    expect(JSON.parse(encrypted!.record.kdf!)).toEqual(kdf);
    expect((await findShare(db.kysely, '2222', now))?.record.content).toBe('plain text');
    const payload = await db.kysely
      .selectFrom('shares')
      .select('encrypted_payload')
      .where('code', '=', '1111')
      .executeTakeFirstOrThrow();
    expect(JSON.parse(payload.encrypted_payload!)).toEqual(envelope);
    if (dialect === 'sqlite') {
      const { rows } = await sql<{ name: string }>`pragma table_info(shares)`.execute(db.kysely);
      // Every column added since the envelope (files, the upload, moderation, request and
      // room columns, viewed_at) comes after it: they are null (or zero) for text shares, whose
      // envelopes are the large ones, and SQLite reads them without walking the envelope's
      // overflow pages. (table_info leaves out first_file_key, a generated column that
      // stores nothing.)
      expect(rows.slice(-13).map((column) => column.name)).toEqual([
        'encrypted_payload',
        'files',
        'upload_received',
        'upload_touched_at',
        'quarantined_at',
        'upload_client',
        'request_info',
        'max_submissions',
        'submission_count',
        'room_version',
        'room_base_version',
        'room_device',
        'viewed_at',
      ]);
      const indexes = await sql<{ name: string }>`pragma index_list(shares)`.execute(db.kysely);
      expect(indexes.rows.map((i) => i.name)).toEqual(
        expect.arrayContaining(['shares_reclaim_after', 'shares_first_file_key']),
      );
    }
  });

  it('count codes per length from existing rows, then as rows are added and deleted', async () => {
    await migratedTo('0008-drop-expires-index');
    const now = new Date();
    const past = new Date(now.getTime() - 60_000);
    const at = (date: Date) => (dialect === 'sqlite' ? date.toISOString() : date);
    const row = (code: string, until: Date) => ({
      code,
      type: 'clipboard',
      content: 'text',
      delete_token_hash: 'h',
      created_at: at(past),
      expires_at: at(until),
      reclaim_after: at(until),
    });
    const loose = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const later = new Date(now.getTime() + 3_600_000);
    await loose
      .insertInto('shares')
      .values([row('1230', later), row('4561', later), row('78901', later)])
      .execute();

    await migrate(db);
    expect(await countCodesOfLength(db.kysely, 4)).toBe(2);
    expect(await countCodesOfLength(db.kysely, 5)).toBe(1);

    // Every last digit, so each of a length's ten counters moves.
    const codes = Array.from({ length: 10 }, (_, digit) => `99${digit}${digit}`);
    await loose
      .insertInto('shares')
      .values(codes.map((code) => row(code, past)))
      .execute();
    // A taken code inserts nothing and counts nothing.
    await loose
      .insertInto('shares')
      .values(row('1230', later))
      .onConflict((oc) => oc.column('code').doNothing())
      .execute();
    expect(await countCodesOfLength(db.kysely, 4)).toBe(12);

    const deleted = await deleteReclaimable(db.kysely, now, 100);
    expect(deleted.map((d) => d.code).sort()).toEqual(codes);
    expect(await countCodesOfLength(db.kysely, 4)).toBe(2);
    expect(await countCodesOfLength(db.kysely, 5)).toBe(1);
    expect(await countCodesOfLength(db.kysely, 6)).toBe(0);
  });

  it("allow exactly the contract's share types in the type column", async () => {
    await migratedTo('0008-drop-expires-index');
    await migrate(db);
    const now = new Date();
    const at = dialect === 'sqlite' ? now.toISOString() : now;
    const loose = db.kysely as unknown as Kysely<Record<string, Record<string, unknown>>>;
    const insert = (code: string, type: string) =>
      loose
        .insertInto('shares')
        .values({
          code,
          type,
          delete_token_hash: 'h',
          created_at: at,
          expires_at: at,
          reclaim_after: at,
        })
        .execute();
    // A new type needs a migration that widens the CHECK: this fails until there is one.
    for (const [i, type] of shareTypes.entries()) await insert(`55${i}0`, type);
    await expect(insert('5599', 'bogus')).rejects.toThrow();
  });
});
