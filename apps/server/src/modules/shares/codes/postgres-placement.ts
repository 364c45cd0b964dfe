import type { Kysely } from 'kysely';
import type { Database } from '../../../infra/db/port.js';
import { lengthCapacity, randomCode, type CodeSettings } from './codes.js';
import { createCountedInserter, type InsertShares, type NewShare } from '../repository/index.js';
import { countCodesOfLength, lockedCountOfLength } from './code-counts.repository.js';

/** A share's fate in a placement: its code, null where none was free, or why it failed. */
export type Outcome = string | null | PlacementFailed;

export class PlacementFailed {
  constructor(readonly cause: unknown) {}
}

/** How long a length found full (or the longest length's count) is believed. */
const recheckMs = 2_000;
const attemptsPerLength = 6;

/**
 * A statement refused for what one of its rows holds (SQLSTATE classes 22, data, and 23,
 * integrity): the others may go in alone. Any other failure (the database unreachable,
 * a statement timeout) would fail each of them alone too, one slow try after another.
 */
function isRowError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^2[23]/.test(code);
}

/** `count` distinct random codes of `length` digits. */
function drawCodes(count: number, length: number): string[] {
  const drawn = new Set<string>();
  while (drawn.size < count) drawn.add(randomCode(length));
  return [...drawn];
}

/**
 * The placement of code-placement.ts on PostgreSQL, where a round trip costs more than the
 * work: each length takes its shares in one statement that locks the length's counters,
 * counts, inserts what fits and commits (repository/insert.ts), instead of a transaction of
 * five round trips. Shares placed by one statement are stored for good whatever happens to
 * the next, so a statement that fails is retried share by share, and only a share that
 * fails alone is reported failed: nobody is told of a failure for a share that was stored.
 */
export function createPostgresPlacement(
  db: Kysely<Database>,
  settings: CodeSettings,
  insert: InsertShares,
) {
  const insertCounted = createCountedInserter(db, lockedCountOfLength);
  const fullUntil = new Map<number, number>();
  const longest = settings.codeMaxDigits;
  let longestCount: { at: number; count: number } | null = null;

  /** Stores `rows` at `length` (null: the longest, uncounted); those that failed alone. */
  async function store(length: number, capacity: number | null, rows: NewShare[]) {
    const failed = new Map<string, PlacementFailed>();
    const once = (some: NewShare[]) =>
      capacity === null
        ? insert(some).then((stored) => ({ counted: 0, stored }))
        : insertCounted(length, capacity, some);
    try {
      return { ...(await once(rows)), failed };
    } catch (error) {
      if (rows.length === 1 || !isRowError(error)) {
        for (const row of rows) failed.set(row.code, new PlacementFailed(error));
        return { counted: 0, stored: new Set<string>(), failed };
      }
    }
    // One by one: each alone counts afresh, so a length's capacity still holds.
    const stored = new Set<string>();
    for (const row of rows) {
      const one = await store(length, capacity, [row]);
      for (const code of one.stored) stored.add(code);
      for (const [code, why] of one.failed) failed.set(code, why);
    }
    return { counted: 0, stored, failed };
  }

  async function roomAtLongest(now: number) {
    if (longestCount === null || now - longestCount.at > recheckMs) {
      longestCount = { at: now, count: await countCodesOfLength(db, longest) };
    }
    return lengthCapacity(longest, settings.codeHardDensity) - longestCount.count;
  }

  return {
    /** Never throws: a share that could not be placed has its failure as its outcome. */
    async place(builds: Array<(code: string) => NewShare>): Promise<Outcome[]> {
      const outcomes: Outcome[] = builds.map(() => null);
      let waiting = builds.map((_, i) => i);
      try {
        await placeAll();
      } catch (error) {
        for (const i of waiting) outcomes[i] = new PlacementFailed(error);
      }
      return outcomes;

      /** Tries the waiting shares at `length`: how many it placed, and whether it is full. */
      async function attempt(length: number, capacity: number | null) {
        const codes = drawCodes(waiting.length, length);
        const { counted, stored, failed } = await store(
          length,
          capacity,
          waiting.map((i, n) => builds[i]!(codes[n]!)),
        );
        const room = capacity === null ? waiting.length : Math.max(capacity - counted, 0);
        const again: number[] = [];
        waiting.slice(0, room).forEach((i, n) => {
          const code = codes[n]!;
          if (stored.has(code)) outcomes[i] = code;
          else if (failed.has(code)) outcomes[i] = failed.get(code)!;
          else again.push(i);
        });
        waiting = [...again, ...waiting.slice(room)];
        return {
          placed: stored.size,
          full: capacity !== null && counted + stored.size >= capacity,
        };
      }

      async function placeAll() {
        for (let length = settings.codeMinDigits; length < longest; length++) {
          if (waiting.length === 0) return;
          if ((fullUntil.get(length) ?? 0) > Date.now()) continue;
          const capacity = lengthCapacity(length, settings.codeMaxDensity);
          const asked = waiting.length;
          let full = false;
          for (let n = 0; n < attemptsPerLength && waiting.length > 0 && !full; n++) {
            ({ full } = await attempt(length, capacity));
          }
          if (full || waiting.length === asked) fullUntil.set(length, Date.now() + recheckMs);
        }
        if (waiting.length === 0) return;
        const room = await roomAtLongest(Date.now());
        // Those beyond the room get no code (null): the caller answers 503.
        waiting = waiting.slice(0, Math.max(room, 0));
        for (let n = 0; n < attemptsPerLength && waiting.length > 0; n++) {
          longestCount!.count += (await attempt(longest, null)).placed;
        }
      }
    },
  };
}
