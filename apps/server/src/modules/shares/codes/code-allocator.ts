import type { Kysely } from 'kysely';
import { createGroupCommit, type Database, type Dialect } from '../../../infra/db/port.js';
import { AppError } from '../../../http/app-error.js';
import type { CodeSettings } from './codes.js';
import type { InsertShares, NewShare } from '../repository/index.js';
import { createCodePlacement, type Placed } from './code-placement.js';

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

interface Waiting {
  build: (code: string) => NewShare;
  resolve(code: string): void;
  reject(error: unknown): void;
}

/**
 * Codes are as short as the density target allows (code-placement.ts). Creations that
 * arrive in the same turn of the event loop are placed together: one transaction, one
 * statement per code length, one commit (group-commit.ts), and nobody is answered before
 * it. Should the group's transaction fail, each of its creations is placed again alone,
 * so one that cannot be stored never fails the others.
 */
export function createCodeAllocator(
  db: Kysely<Database>,
  dialect: Dialect,
  settings: CodeSettings,
  insert: InsertShares,
): CodeAllocator {
  const writeSoon = createGroupCommit(db);
  const placement = createCodePlacement(dialect, settings, insert);
  // The batch still taking creations: the one whose transaction has not started yet.
  let open: Waiting[] | null = null;

  const settle = (waiting: Waiting[], placed: Placed) =>
    waiting.forEach((one, i) => {
      const code = placed[i];
      if (code === null || code === undefined) one.reject(codeSpaceFull());
      else one.resolve(code);
    });

  const close = (batch: Waiting[]) => {
    if (open === batch) open = null;
  };

  function place(batch: Waiting[]) {
    return writeSoon((trx, scope) => {
      close(batch);
      return placement.place(
        trx,
        scope,
        batch.map((one) => one.build),
      );
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
