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
  const run = compiledPositions(db, names.length, (markers) =>
    build(Object.fromEntries(names.map((name, i) => [name, markers[i]!])) as Record<Names, string>),
  );
  return (values, on) =>
    run(
      names.map((name) => values[name]),
      on,
    );
}

/**
 * compiledQuery for a statement whose values come as one array, in the order of the
 * markers `build` received: a multi-row insert fills it row by row, with no object of
 * named values to build per call.
 */
export function compiledPositions<Row>(
  db: Kysely<Database>,
  count: number,
  build: (markers: string[]) => Compilable<Row>,
): (values: readonly unknown[], on?: Kysely<Database>) => Promise<Row[]> {
  const markers = Array.from({ length: count }, (_, i) => `\u0000${i}\u0000`);
  const positionOf = new Map(markers.map((marker, i) => [marker, i]));
  const dialect: Dialect =
    db.getExecutor().adapter instanceof SqliteAdapter ? 'sqlite' : 'postgres';
  const compiled = build(markers).compile();
  // For each compiled parameter: the position of the value that goes there, or -1 for a
  // value fixed in the query itself.
  const slots = compiled.parameters.map((parameter) =>
    typeof parameter === 'string' ? (positionOf.get(parameter) ?? -1) : -1,
  );
  const fixed = compiled.parameters;
  const reads = compiled.query.kind === 'SelectQueryNode' ? groupReadsOf(db) : undefined;
  return async (values, on = db) => {
    const parameters = new Array<unknown>(slots.length);
    for (let i = 0; i < slots.length; i++) {
      const at = slots[i]!;
      parameters[i] = at === -1 ? fixed[i] : bindable(values[at], dialect);
    }
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
