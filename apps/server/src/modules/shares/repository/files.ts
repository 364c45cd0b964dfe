import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/port.js';
import { storedFilesOf, type StoredFile } from '../../files/stored-files.js';

type Db = Kysely<Database>;

// The shares repository's reads of the stored files: what they take of the quota, which
// blobs a share still owns, and one share's files.

/**
 * What MAX_STORAGE_BYTES is measured against: the bytes of every stored file, live or
 * waiting for the sweeper (its blob still takes room), where an unfinished upload counts
 * what it has received plus, while it runs, the rest of its declared size (its reservation,
 * capped per client by upload-reservations.ts). A declaration alone outlives neither.
 */
export async function storedFileBytes(db: Db): Promise<number> {
  const row = await db
    .selectFrom('shares')
    .select((eb) =>
      eb.fn
        .sum<number | string | null>(
          eb
            .case()
            .when(eb.and([eb('upload_received', 'is not', null), eb('gone', '=', true)]))
            .then(eb.ref('upload_received'))
            .else(eb.ref('total_bytes'))
            .end(),
        )
        .as('bytes'),
    )
    .where('total_bytes', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.bytes ?? 0);
}

/** The files of the share `code`, in upload order; null when there is no row. */
export async function filesOfShare(db: Db, code: string): Promise<StoredFile[] | null> {
  const row = await db
    .selectFrom('shares')
    .select('files')
    .where('code', '=', code)
    .executeTakeFirst();
  return row === undefined ? null : storedFilesOf(row);
}

/**
 * The first-file keys of the shares that exist among `firstKeys`, and of those whose first
 * key has one of the `stems` (followed by nothing or an extension: an indexed range finds it).
 */
export async function ownedFirstKeys(
  db: Db,
  firstKeys: readonly string[],
  stems: readonly string[],
): Promise<Set<string | null>> {
  const rows = await db
    .selectFrom('shares')
    .select('first_file_key')
    .where((eb) =>
      eb.or([
        ...(firstKeys.length > 0 ? [eb('first_file_key', 'in', firstKeys)] : []),
        // '.' (an extension) sorts before '/': [stem, stem + '/') holds stem and stem.ext.
        ...stems.map((stem) =>
          eb.and([eb('first_file_key', '>=', stem), eb('first_file_key', '<', `${stem}/`)]),
        ),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => row.first_file_key));
}
