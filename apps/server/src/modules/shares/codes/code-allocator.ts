import { sql, type Kysely } from 'kysely';
import {
  type Database,
  type Dialect,
  createGroupCommit,
  type WriteSoon,
} from '../../../infra/db/port.js';
import { AppError } from '../../../http/app-error.js';
import { lengthCapacity, randomCode, type CodeSettings } from './codes.js';
import type { InsertShare } from '../shares-insert.repository.js';
import type { NewShare } from '../shares.repository.js';
import { countCodesOfLength } from './code-counts.repository.js';

export interface CodeAllocator {
  /** Inserts the share under a fresh unique code and returns the code. */
  allocate(build: (code: string) => NewShare): Promise<string>;
}

/** How long a length found full (or the longest length's count) is believed. */
const recheckMs = 2_000;
const attemptsPerLength = 6;
/** Arbitrary first key of the PostgreSQL advisory locks that serialise one length. */
const lockClass = 0x636f6465;
/** What a refused creation is told to wait. */
const retryAfterSeconds = 60;

const codeSpaceFull = () =>
  new AppError('SERVICE_UNAVAILABLE', 'No share code is free right now. Please try again later.', {
    retryAfterSeconds,
  });

/**
 * Codes are as short as the density target allows: a length is used while fewer than
 * CODE_MAX_DENSITY of its codes are live, then the next. The count and the insert happen
 * under one lock per length (a PostgreSQL advisory lock; SQLite has one writer anyway), so
 * no number of instances or requests in flight can push a short length past its target.
 * Uniqueness stays the primary key's job: a taken code makes the insert a no-op and we draw
 * again. At the longest length there is nowhere to grow: past CODE_HARD_DENSITY of it, new
 * shares are refused (503) rather than made ever easier to guess.
 */
export function createCodeAllocator(
  db: Kysely<Database>,
  dialect: Dialect,
  settings: CodeSettings,
  insert: InsertShare,
): CodeAllocator {
  // On SQLite, creations that arrive together share one commit (group-commit.ts). On
  // PostgreSQL an insert at the longest length is one statement, one round trip.
  const writeSoon = createGroupCommit(db);
  const writeLongest: WriteSoon = dialect === 'sqlite' ? writeSoon : (work) => work(db);
  const fullUntil = new Map<number, number>();
  const longest = settings.codeMaxDigits;
  let longestCount: { at: number; count: number } | null = null;

  async function insertAt(
    trx: Kysely<Database>,
    length: number,
    build: (code: string) => NewShare,
  ) {
    for (let attempt = 0; attempt < attemptsPerLength; attempt++) {
      const code = randomCode(length);
      if (await insert(build(code), trx)) return code;
    }
    return null;
  }

  /** Inserts at a length below the longest if it is under its target; null if it is not. */
  async function insertBelowTarget(length: number, build: (code: string) => NewShare) {
    const capacity = lengthCapacity(length, settings.codeMaxDensity);
    return writeSoon(async (trx) => {
      if (dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(${lockClass}, ${length})`.execute(trx);
      }
      if ((await countCodesOfLength(trx, length)) >= capacity) return null;
      return insertAt(trx, length, build);
    });
  }

  async function assertLongestHasRoom() {
    const now = Date.now();
    if (longestCount === null || now - longestCount.at > recheckMs) {
      longestCount = { at: now, count: await countCodesOfLength(db, longest) };
    }
    if (longestCount.count >= lengthCapacity(longest, settings.codeHardDensity)) {
      throw codeSpaceFull();
    }
  }

  return {
    async allocate(build) {
      for (let length = settings.codeMinDigits; length < longest; length++) {
        if ((fullUntil.get(length) ?? 0) > Date.now()) continue;
        const code = await insertBelowTarget(length, build);
        if (code !== null) return code;
        fullUntil.set(length, Date.now() + recheckMs);
      }
      await assertLongestHasRoom();
      const code = await writeLongest((trx) => insertAt(trx, longest, build));
      if (code === null) throw codeSpaceFull();
      longestCount!.count++;
      return code;
    },
  };
}
