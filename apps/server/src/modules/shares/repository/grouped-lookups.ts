import { sql, type Kysely } from 'kysely';
import { compiledQuery, type Database } from '../../../infra/db/port.js';
import { recordColumns, type ShareRow } from '../share-record.js';

/** The most codes one statement asks for; a larger group is split. */
const maxCodes = 500;

interface Pending {
  code: string;
  resolve(row: ShareRow | undefined): void;
  reject(error: unknown): void;
}

/** Looks a share's row up by its code; undefined when there is none. */
export type LookupRow = (code: string) => Promise<ShareRow | undefined>;

export interface GroupedLookups {
  row: LookupRow;
  /** Statements sent so far: tests check that lookups are grouped. */
  readonly statements: number;
}

/**
 * Share lookups on PostgreSQL, grouped: the lookups that arrive in the same turn of the
 * event loop are one statement (`where code = any($1)`), so one round trip and one pool
 * checkout serve them all, each getting its own row back. On a busy server the process's
 * side of a query (writing it, parsing the reply's description and rows, the pool) cost
 * far more than PostgreSQL's side of a lookup by primary key. Each lookup still sees every
 * write answered before it arrived: the statement starts after they all arrived.
 * SQLite groups its reads another way (group-reads.ts).
 */
export function groupedLookups(db: Kysely<Database>): GroupedLookups {
  const select = compiledQuery(db, ['codes'] as const, ({ codes }) =>
    db
      .selectFrom('shares')
      .select(recordColumns)
      .where('code', '=', sql<string>`any(${codes})`),
  );
  let queue: Pending[] = [];
  let statements = 0;

  async function run(group: Pending[]) {
    statements++;
    try {
      const codes = [...new Set(group.map((pending) => pending.code))];
      const rows = await select({ codes });
      const byCode = new Map(rows.map((row) => [row.code, row]));
      for (const pending of group) pending.resolve(byCode.get(pending.code));
    } catch (error) {
      for (const pending of group) pending.reject(error);
    }
  }

  function flush() {
    const group = queue;
    queue = [];
    for (let at = 0; at < group.length; at += maxCodes) {
      void run(group.slice(at, at + maxCodes));
    }
  }

  return {
    row: (code) =>
      new Promise<ShareRow | undefined>((resolve, reject) => {
        if (queue.length === 0) setImmediate(flush);
        queue.push({ code, resolve, reject });
      }),
    get statements() {
      return statements;
    },
  };
}
