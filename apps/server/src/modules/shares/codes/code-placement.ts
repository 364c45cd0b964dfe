import type { Kysely } from 'kysely';
import type { Database, GroupScope } from '../../../infra/db/port.js';
import { lengthCapacity, randomCode, type CodeSettings } from './codes.js';
import type { InsertShares, NewShare } from '../repository/index.js';
import { codeCounter } from './code-counts.repository.js';

/** A code for each creation, or null where none was free. */
export type Placed = Array<string | null>;

/** How long a length found full (or the longest length's count) is believed. */
const recheckMs = 2_000;
const attemptsPerLength = 6;

const countKeys = new Map<number, symbol>();
/** The key under which a transaction keeps the count of `length`-digit codes it has seen. */
function countKey(length: number): symbol {
  let key = countKeys.get(length);
  if (key === undefined) countKeys.set(length, (key = Symbol(`codes of length ${length}`)));
  return key;
}

/**
 * Places a group of new shares under codes on SQLite, shortest length first: a length takes
 * shares while fewer than CODE_MAX_DENSITY of its codes are live, then the next. Below the
 * longest, the count and the inserts happen in the write transaction (SQLite has one
 * writer), counted once per transaction: its scope carries the count on to the next batch
 * in the same transaction. PostgreSQL places the same way in postgres-placement.ts.
 * Uniqueness stays the primary key's job: a taken code is skipped by the insert and that
 * share draws again. At the longest length there is nowhere to grow: past
 * CODE_HARD_DENSITY of it, shares get no code (the caller answers 503) rather than codes
 * ever easier to guess.
 */
export function createCodePlacement(settings: CodeSettings, insert: InsertShares) {
  const countCodesOfLength = codeCounter();
  const fullUntil = new Map<number, number>();
  const longest = settings.codeMaxDigits;
  let longestCount: { at: number; count: number } | null = null;

  /** Inserts each of `builds` at `length`, drawing again on a taken code; the codes got. */
  async function insertAt(
    trx: Kysely<Database>,
    length: number,
    builds: Array<(code: string) => NewShare>,
  ): Promise<Placed> {
    const placed: Placed = builds.map(() => null);
    let left = builds.map((_, i) => i);
    for (let attempt = 0; attempt < attemptsPerLength && left.length > 0; attempt++) {
      const drawn = new Set<string>();
      const codes = left.map(() => {
        let code: string;
        do code = randomCode(length);
        while (drawn.has(code));
        drawn.add(code);
        return code;
      });
      const stored = await insert(
        left.map((i, n) => builds[i]!(codes[n]!)),
        trx,
      );
      left = left.filter((i, n) => {
        if (!stored.has(codes[n]!)) return true;
        placed[i] = codes[n]!;
        return false;
      });
    }
    return placed;
  }

  /** Codes of `length` taken, as this transaction knows them or counted under the lock. */
  async function takenAt(trx: Kysely<Database>, scope: GroupScope, length: number) {
    const known = scope.get(countKey(length)) as number | undefined;
    if (known !== undefined) return known;
    return countCodesOfLength(trx, length);
  }

  async function roomAtLongest(trx: Kysely<Database>, now: number) {
    if (longestCount === null || now - longestCount.at > recheckMs) {
      longestCount = { at: now, count: await countCodesOfLength(trx, longest) };
    }
    return lengthCapacity(longest, settings.codeHardDensity) - longestCount.count;
  }

  return {
    async place(
      trx: Kysely<Database>,
      scope: GroupScope,
      builds: Array<(code: string) => NewShare>,
    ): Promise<Placed> {
      const placed: Placed = builds.map(() => null);
      let waiting = builds.map((_, i) => i);
      /** Places the first `room` of those waiting at `length`; the rest wait on. */
      const placeAt = async (length: number, room: number) => {
        const here = waiting.slice(0, room);
        const got = await insertAt(
          trx,
          length,
          here.map((i) => builds[i]!),
        );
        here.forEach((i, n) => (placed[i] = got[n]!));
        waiting = [...here.filter((_, n) => got[n] === null), ...waiting.slice(room)];
        return got.filter((code) => code !== null).length;
      };

      for (let length = settings.codeMinDigits; length < longest; length++) {
        if (waiting.length === 0) return placed;
        if ((fullUntil.get(length) ?? 0) > Date.now()) continue;
        const capacity = lengthCapacity(length, settings.codeMaxDensity);
        let taken = await takenAt(trx, scope, length);
        const asked = waiting.length;
        if (taken < capacity) taken += await placeAt(length, capacity - taken);
        scope.set(countKey(length), taken);
        if (taken >= capacity || waiting.length === asked) {
          fullUntil.set(length, Date.now() + recheckMs);
        }
      }
      if (waiting.length === 0) return placed;
      const room = await roomAtLongest(trx, Date.now());
      if (room > 0) longestCount!.count += await placeAt(longest, room);
      return placed;
    },
  };
}
