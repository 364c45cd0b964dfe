import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { KyselyPlugin, RootOperationNode } from 'kysely';
import type { Db } from '../src/infra/db/index.js';
import { fileReport } from '../src/modules/moderation/reports.service.js';
import { testDialects, type TestDatabase } from './support/databases.js';
import { migratedDatabase } from './support/migrated-database.js';
import { now, shareRow } from './support/share-rows.js';

// Whether a report's code has a share must not show in what the report costs: both paths
// send the database the very same statements (docs/design.md#moderation).

describe.each(testDialects())('the statements of a report on %s', (dialect) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    ({ database, db } = await migratedDatabase(dialect));
    await db.kysely.insertInto('shares').values(shareRow('5555')).execute();
    const burnt = { ...shareRow('6666'), gone: true, gone_reason: 'burnt' } as const;
    await db.kysely.insertInto('shares').values(burnt).execute();
  });
  afterAll(async () => {
    await db?.close();
    await database?.drop();
  });

  /** The SQL text of every statement one report sends, in order. */
  async function statementsOf(code: string, reporter: string) {
    // Subqueries pass through transformQuery too; only executed statements get a result.
    const built = new Map<string, RootOperationNode>();
    const nodes: RootOperationNode[] = [];
    const recorder: KyselyPlugin = {
      transformQuery: ({ node, queryId }) => {
        built.set(queryId.queryId, node);
        return node;
      },
      transformResult: async ({ result, queryId }) => {
        nodes.push(built.get(queryId.queryId)!);
        return result;
      },
    };
    const recorded = db.kysely.withPlugin(recorder);
    const filed = await fileReport(
      recorded,
      { quarantineAt: 3, quarantineNetworks: 3, holdSeconds: 60 },
      {
        code,
        body: { reason: 'spam' },
        reporterHash: `reporter ${reporter}`,
        networkHash: `network ${reporter}`,
        now,
      },
    );
    const sql = nodes.map(
      (node) => db.kysely.getExecutor().compileQuery(node, { queryId: '' }).sql,
    );
    return { filed, sql };
  }

  it('sends the same statements whether or not the code has a share to report', async () => {
    const stored = await statementsOf('5555', 'a');
    expect(stored.filed.stored).toBe(true);
    const missing = await statementsOf('7777', 'a');
    expect(missing.filed.stored).toBe(false);
    const gone = await statementsOf('6666', 'a');
    expect(gone.filed.stored).toBe(false);
    const again = await statementsOf('5555', 'a');
    expect(again.filed.stored).toBe(false);
    // Read the row, insert if it can be reported, quarantine if enough reporters.
    expect(stored.sql).toHaveLength(3);
    expect(missing.sql).toEqual(stored.sql);
    expect(gone.sql).toEqual(stored.sql);
    expect(again.sql).toEqual(stored.sql);
    const rows = await db.kysely.selectFrom('reports').select(['code']).execute();
    expect(rows).toEqual([{ code: '5555' }]);
  });
});
