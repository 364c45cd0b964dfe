import { SqliteAdapter, type Compilable, type CompiledQuery, type Kysely } from 'kysely';
import { groupReadsOf } from './group-reads.js';
import type { Database, Dialect } from './schema.js';

/**
 * A hot query built and compiled once, run with new values each time. Building a Kysely
 * query per request cost as much as running it; here the SQL text is fixed (so the
 * database also reuses its prepared statement) and only the values change.
 *
 * `build` receives one marker per named value and builds the query with them; their
 * positions among the compiled parameters are found once. Dates and booleans become
 * ISO text and 0/1 on SQLite, as the SqliteValuesPlugin does for built queries. It runs on
 * `db`, or on `on` (a transaction or a held connection) when given. A SELECT run on `db`
 * itself goes through its group reads when it has them (SQLite on a file: group-reads.ts).
 */
export function compiledQuery<Names extends string, Row>(
  db: Kysely<Database>,
  names: readonly Names[],
  build: (values: Record<Names, string>) => Compilable<Row>,
): (values: Record<Names, unknown>, on?: Kysely<Database>) => Promise<Row[]> {
  const markers = Object.fromEntries(names.map((name) => [name, `\u0000${name}\u0000`])) as Record<
    Names,
    string
  >;
  const dialect: Dialect =
    db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  const compiled = build(markers).compile();
  // For each compiled parameter: the name whose value goes there, or the fixed value.
  const slots: Array<{ name: Names } | { fixed: unknown }> = compiled.parameters.map(
    (parameter) => {
      const name = names.find((n) => markers[n] === parameter);
      return name === undefined ? { fixed: parameter } : { name };
    },
  );
  const reads = compiled.query.kind === 'SelectQueryNode' ? groupReadsOf(db) : undefined;
  return async (values, on = db) => {
    const parameters = slots.map((slot) =>
      'name' in slot ? bindable(values[slot.name], dialect) : slot.fixed,
    );
    if (reads !== undefined && on === db)
      return (await reads.read(compiled.sql, parameters)) as Row[];
    const result = await on.executeQuery<Row>({ ...compiled, parameters } as CompiledQuery<Row>);
    return result.rows;
  };
}

function bindable(value: unknown, dialect: Dialect): unknown {
  if (dialect !== 'sqlite') return value;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'boolean') return value ? 1 : 0;
  return value;
}
