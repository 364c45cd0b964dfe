import type { Kysely } from 'kysely';
import { createGroupCommit, type Database, type Dialect } from '../../../infra/db/port.js';
import { AppError } from '../../../http/app-error.js';
import type { CodeSettings } from './codes.js';
import type { InsertShares, NewShare } from '../repository/index.js';
import { createCodePlacement } from './code-placement.js';
import { createPostgresPlacement, PlacementFailed, type Outcome } from './postgres-placement.js';

export interface CodeAllocator {
  /** Inserts the share under a fresh unique code and returns the code. */
  allocate(build: (code: string) => NewShare): Promise<string>;
}

/** What a refused creation is told to wait. */
const retryAfterSeconds = 60;

const codeSpaceFull = () =>
  new AppError('SERVICE_UNAVAILABLE', 'No share code is free right now. Please try again later.', {
    retryAfterSeconds,
  });

/** Closes a batch to newcomers as its placement starts, and gives its shares' builds. */
type Take = () => Array<(code: string) => NewShare>;

interface Waiting {
  build: (code: string) => NewShare;
  resolve(code: string): void;
  reject(error: unknown): void;
}

/**
 * Codes are as short as the density target allows (code-placement.ts). Creations that
 * arrive in the same turn of the event loop are placed together, and nobody is answered
 * before their commit: on SQLite in one transaction, one statement per code length, one
 * commit (group-commit.ts); on PostgreSQL one statement per length, each its own
 * transaction (postgres-placement.ts). Should a group's transaction fail on SQLite, each
 * of its creations is placed again alone, so one that cannot be stored never fails the
 * others; on PostgreSQL a failed statement is retried share by share the same way.
 * One group is placed at a time: those that arrive meanwhile form the next, larger one.
 */
export function createCodeAllocator(
  db: Kysely<Database>,
  dialect: Dialect,
  settings: CodeSettings,
  insert: InsertShares,
): CodeAllocator {
  const placeGroup = dialect === 'postgres' ? onPostgres(db, settings, insert) : onSqlite();
  // The batch still taking creations: the one whose placement has not started yet.
  let open: Waiting[] | null = null;

  function onSqlite() {
    const writeSoon = createGroupCommit(db);
    const placement = createCodePlacement(settings, insert);
    return (take: Take) =>
      writeSoon((trx, scope): Promise<Outcome[]> => placement.place(trx, scope, take()));
  }

  const settle = (waiting: Waiting[], outcomes: Outcome[]) =>
    waiting.forEach((one, i) => {
      const outcome = outcomes[i];
      if (outcome instanceof PlacementFailed) one.reject(outcome.cause);
      else if (outcome === null || outcome === undefined) one.reject(codeSpaceFull());
      else one.resolve(outcome);
    });

  const close = (batch: Waiting[]) => {
    if (open === batch) open = null;
  };

  function place(batch: Waiting[]) {
    return placeGroup(() => {
      close(batch);
      return batch.map((one) => one.build);
    });
  }

  function start(batch: Waiting[]) {
    place(batch).then(
      (placed) => settle(batch, placed),
      (error: unknown) => {
        // The transaction may have failed before the batch's work began (no connection).
        close(batch);
        if (batch.length === 1) return batch[0]!.reject(error);
        for (const one of batch) {
          place([one]).then((placed) => settle([one], placed), one.reject);
        }
      },
    );
  }

  return {
    allocate(build) {
      return new Promise<string>((resolve, reject) => {
        if (open === null) start((open = []));
        open.push({ build, resolve, reject });
      });
    },
  };
}

/** Groups placed one after another, each taken a turn after the one before it ended. */
function onPostgres(db: Kysely<Database>, settings: CodeSettings, insert: InsertShares) {
  const placement = createPostgresPlacement(db, settings, insert);
  let previous: Promise<unknown> = Promise.resolve();
  return (take: Take) => {
    const placing = previous
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(() => placement.place(take()));
    previous = placing.catch(() => undefined);
    return placing;
  };
}
