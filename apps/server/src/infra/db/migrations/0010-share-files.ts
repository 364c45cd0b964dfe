import { type Kysely, type Migration } from 'kysely';

/**
 * A file share may carry several files. The row keeps the first in its file columns (so a
 * one-file share reads exactly as before) and, when there are more, the whole list in
 * `files`: JSON `[{key, name, size, mime}]` in upload order. `file_size` becomes the total
 * of all the share's files, which is what the storage quota sums. The list is read only
 * with its row (lookups, downloads, the sweeper), never searched, so JSON in the row beats
 * a second table: one statement keeps creating, counting and reclaiming atomic.
 *
 * On SQLite the column lands after the envelope (0007 put the large columns last). That is
 * harmless: the large envelopes are those of text shares, whose `files` is null, and SQLite
 * reads a null from the record header alone, without walking the overflow pages before it.
 */
export const shareFiles: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('shares').addColumn('files', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('shares').dropColumn('files').execute();
  },
};
