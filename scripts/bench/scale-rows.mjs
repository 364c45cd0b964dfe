// Many share rows cloned from one the real server wrote, and what they take on disk: the
// figures behind docs/operations.md#scaling-out (run through pg-scale.mjs).
import { randomBytes, randomInt } from 'node:crypto';

/** Statements of at most this many rows: one array parameter each. */
const batchRows = 20_000;

/** Every code handed out in this run: clones into one table must never collide. */
const drawn = new Set();

/**
 * `count` random nine-digit codes never drawn before in this run, in random order, as the
 * allocator draws them: the primary key's pages then split as they do in service (rows
 * written in code order would pack the index tighter than it ever is).
 */
export function randomCodes(count) {
  const codes = [];
  while (codes.length < count) {
    const code = String(randomInt(100_000_000, 1_000_000_000));
    if (drawn.has(code)) continue;
    drawn.add(code);
    codes.push(code);
  }
  return codes;
}

/** Blob keys shaped as newBlobKey makes them (`${ms}-${16 hex}.pdf`), one per row. */
export function blobKeys(count, now = Date.now()) {
  return Array.from(
    { length: count },
    (_, i) => `${now + i}-${randomBytes(8).toString('hex')}.pdf`,
  );
}

/**
 * Each clone's times, all distinct as in service (an index holding one repeated value is
 * deduplicated by PostgreSQL and would look far smaller): live rows made within the last
 * hour for 24 hours, or expired rows whose 24 hours ended within the last minute.
 */
function rowTimes(count, expired, now = Date.now()) {
  const day = 86_400_000;
  return Array.from({ length: count }, () => {
    const created = expired ? now - day - randomInt(1_000, 60_000) : now - randomInt(0, 3_600_000);
    return [new Date(created).toISOString(), new Date(created + day).toISOString()];
  });
}

/** What a clone changes: its code, its file's key, and its times. */
function cloneExpression(column, templateKey) {
  if (column === 'code') return 'n.code';
  if (column === 'files') return `replace(t.files, ${templateKey}, n.blob_key)`;
  if (column === 'created_at') return 'n.created_at';
  if (column === 'expires_at' || column === 'reclaim_after') return 'n.until';
  return `t.${column}`;
}

/**
 * PostgreSQL: copies the share `template` once per code (every written column but the code,
 * the file's key and the times), in statements of `batchRows` rows. The table's triggers
 * and generated column run as for any insert.
 */
export async function clonePostgres(client, template, codes, { keys, templateKey, expired } = {}) {
  const { rows } = await client.query(
    `select column_name from information_schema.columns
     where table_schema = current_schema() and table_name = 'shares' and is_generated = 'NEVER'
     order by ordinal_position`,
  );
  const columns = rows.map((row) => row.column_name);
  const sql = `insert into shares (${columns.join(', ')})
    select ${columns.map((column) => cloneExpression(column, '$5')).join(', ')}
    from shares t cross join
      unnest($1::text[], $2::text[], $3::timestamptz[], $4::timestamptz[])
        as n(code, blob_key, created_at, until)
    where t.code = $6`;
  const fileKeys = keys ?? codes.map(() => '');
  const times = rowTimes(codes.length, expired === true);
  for (let i = 0; i < codes.length; i += batchRows) {
    const slice = times.slice(i, i + batchRows);
    await client.query(sql, [
      codes.slice(i, i + batchRows),
      fileKeys.slice(i, i + batchRows),
      slice.map(([created]) => created),
      slice.map(([, until]) => until),
      templateKey ?? '',
      template,
    ]);
  }
}

/** SQLite: the same clones, through better-sqlite3, in one transaction. */
export function cloneSqlite(db, template, codes, { keys, templateKey, expired } = {}) {
  const columns = db
    .prepare(`select name from pragma_table_xinfo('shares') where hidden = 0 order by cid`)
    .all()
    .map((row) => row.name);
  const insert = db.prepare(`insert into shares (${columns.join(', ')})
    select ${columns.map((column) => cloneExpression(column, '@templateKey')).join(', ')}
    from shares t cross join (
      select json_extract(value, '$[0]') as code, json_extract(value, '$[1]') as blob_key,
        json_extract(value, '$[2]') as created_at, json_extract(value, '$[3]') as until
      from json_each(@rows)) as n
    where t.code = @template`);
  const fileKeys = keys ?? codes.map(() => '');
  const times = rowTimes(codes.length, expired === true);
  db.transaction(() => {
    for (let i = 0; i < codes.length; i += batchRows) {
      const batch = codes
        .slice(i, i + batchRows)
        .map((code, j) => [code, fileKeys[i + j], ...times[i + j]]);
      insert.run({ rows: JSON.stringify(batch), template, templateKey: templateKey ?? '' });
    }
  })();
}

/**
 * PostgreSQL: the shares table's bytes after VACUUM ANALYZE (as autovacuum leaves it):
 * heap with its TOAST and maps, and each index.
 */
export async function postgresSizes(client) {
  await client.query('vacuum analyze shares');
  const { rows } = await client.query(
    `select pg_total_relation_size('shares')::bigint as total,
            pg_indexes_size('shares')::bigint as indexes`,
  );
  const indexes = await client.query(
    `select indexrelid::regclass::text as name, pg_relation_size(indexrelid)::bigint as bytes
     from pg_index where indrelid = 'shares'::regclass order by 1`,
  );
  const total = Number(rows[0].total);
  const indexBytes = Number(rows[0].indexes);
  return {
    total,
    table: total - indexBytes,
    indexes: indexBytes,
    perIndex: Object.fromEntries(indexes.rows.map((row) => [row.name, Number(row.bytes)])),
  };
}

/** SQLite: the shares table's and its indexes' bytes (dbstat), and the whole file's. */
export function sqliteSizes(db) {
  db.pragma('wal_checkpoint(TRUNCATE)');
  const objects = db
    .prepare(
      `select s.name as name, m.type as type, sum(s.pgsize) as bytes from dbstat s
       join sqlite_schema m on m.name = s.name where m.tbl_name = 'shares' group by s.name`,
    )
    .all();
  const table = objects.filter((o) => o.type === 'table').reduce((sum, o) => sum + o.bytes, 0);
  const indexes = objects.filter((o) => o.type === 'index');
  const indexBytes = indexes.reduce((sum, o) => sum + o.bytes, 0);
  const file = db.pragma('page_count', { simple: true }) * db.pragma('page_size', { simple: true });
  return {
    total: table + indexBytes,
    table,
    indexes: indexBytes,
    perIndex: Object.fromEntries(indexes.map((o) => [o.name, o.bytes])),
    file,
  };
}

/** Bytes per row between two measures of `rows` added rows, each field rounded. */
export function perRow(before, after, rows) {
  const per = (key) => Math.round((after[key] - before[key]) / rows);
  const perIndex = Object.fromEntries(
    Object.keys(after.perIndex).map((name) => [
      name,
      Math.round((after.perIndex[name] - (before.perIndex[name] ?? 0)) / rows),
    ]),
  );
  return {
    total: per('total'),
    table: per('table'),
    indexes: per('indexes'),
    perIndex,
    ...(after.file === undefined ? {} : { file: per('file') }),
  };
}

const mib = (bytes) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
const gib = (bytes) => `${(bytes / 2 ** 30).toFixed(2)} GiB`;

/** One line per kind of share: bytes per row, and at 1 M and 10 M rows. */
export function printRows(label, figures) {
  for (const kind of ['text', 'file']) {
    const f = figures[kind];
    const indexes = Object.entries(f.perIndex)
      .map(([name, bytes]) => `${name} ${bytes}`)
      .join(', ');
    console.log(
      `${label} ${kind} share: ${f.total} B/row (table ${f.table}, indexes ${f.indexes}: ${indexes})` +
        `; 1 M ${mib(f.total * 1e6)}, 10 M ${gib(f.total * 1e7)}`,
    );
  }
}
