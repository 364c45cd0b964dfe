import type SqliteDatabase from 'better-sqlite3';
import {
  AliasNode,
  ColumnNode,
  DeleteQueryNode,
  TableNode,
  UpdateQueryNode,
  type Kysely,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
} from 'kysely';
import type { Database } from './schema.js';
import { writeLockWaitMs } from './write-lock.js';

/** How soon after content was cleared the WAL is checkpointed and truncated. */
export const scrubDelayMs = 1_000;
/** Tries while other processes keep the WAL busy; the sweeper's own checkpoint follows. */
const maxTries = 30;

// The columns that hold what a share says; clearing them is what must not linger.
const contentColumns = new Set(['content', 'encrypted_payload', 'recovery_escrow']);

/**
 * With secure_delete, SQLite zeroes cleared content in the database file, but the WAL
 * keeps the old pages (the text as it was written) until a checkpoint resets it: on a
 * quiet server, for hours. So every statement that deletes a share or changes its content
 * columns (a burn, a last download, a deletion by the creator or the operator, the
 * sweeper) is noticed here, and once it has changed a row the WAL is checkpointed and
 * truncated shortly after.
 */
export class ContentClearedPlugin implements KyselyPlugin {
  readonly #clearing = new WeakSet<QueryId>();

  constructor(private readonly cleared: () => void) {}

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (clearsContent(args.node)) this.#clearing.add(args.queryId);
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const { result, queryId } = args;
    const changed = (result.numAffectedRows ?? 0n) > 0n || result.rows.length > 0;
    if (changed && this.#clearing.has(queryId)) this.cleared();
    return result;
  }
}

function clearsContent(node: RootOperationNode): boolean {
  if (DeleteQueryNode.is(node)) return node.from.froms.some(isShares);
  if (!UpdateQueryNode.is(node) || node.table === undefined || !isShares(node.table)) {
    return false;
  }
  return (node.updates ?? []).some(
    (update) => ColumnNode.is(update.column) && contentColumns.has(update.column.column.name),
  );
}

function isShares(node: OperationNode): boolean {
  const table = AliasNode.is(node) ? node.node : node;
  return TableNode.is(table) && table.table.identifier.name === 'shares';
}

export interface WalScrubber {
  /** Checkpoints and truncates the WAL soon (at most one run per delay). */
  soon(): void;
  /** Now; false when other connections kept part of the WAL busy (retried soon). */
  now(): Promise<boolean>;
  close(): void;
}

/**
 * Runs `pragma wal_checkpoint(TRUNCATE)` on the writing connection, between Kysely's
 * statements. It does not wait for other processes' readers or writer (busy_timeout 0 for
 * that one statement: better-sqlite3 would sleep in the call, stopping every request of
 * this process); a checkpoint they kept from finishing is tried again a little later.
 */
export function walScrubber(
  kysely: Kysely<Database>,
  connection: SqliteDatabase.Database,
  delayMs = scrubDelayMs,
): WalScrubber {
  const noWait = connection.prepare('PRAGMA busy_timeout = 0');
  const checkpoint = connection.prepare('PRAGMA wal_checkpoint(TRUNCATE)');
  const restore = connection.prepare(`PRAGMA busy_timeout = ${writeLockWaitMs}`);
  let timer: NodeJS.Timeout | undefined;
  let tries = 0;
  let closed = false;

  const now = () =>
    kysely.connection().execute(async () => {
      noWait.get();
      try {
        return (checkpoint.get() as { busy: number }).busy === 0;
      } finally {
        restore.get();
      }
    });
  const run = async () => {
    timer = undefined;
    const done = await now().catch(() => false);
    tries = done ? 0 : tries + 1;
    if (!done && tries < maxTries) soon();
  };
  const soon = () => {
    if (closed || timer !== undefined) return;
    timer = setTimeout(() => void run(), delayMs);
    timer.unref();
  };
  return {
    soon,
    now: async () => {
      const done = await now();
      if (!done) soon();
      return done;
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
