import type { Kysely } from 'kysely';
import type { Database } from '../adapters/db/schema.js';
import { AppError } from './app-error.js';
import { chooseCodeLength, randomCode, type CodeSettings } from './codes.js';
import { countCodesByLength, insertShare, type NewShare } from './share-repository.js';

export interface CodeAllocator {
  /** Inserts the share under a fresh unique code and returns the code. */
  allocate(build: (code: string) => NewShare): Promise<string>;
}

const occupancyTtlMs = 2_000;
const attemptsPerLength = 6;

/**
 * Uniqueness is the primary key's job: a taken code makes the insert a no-op and we draw
 * again, so several processes can create at once against one database. Occupancy (which
 * length to use) is only a density target, so a count a couple of seconds old is enough.
 */
export function createCodeAllocator(db: Kysely<Database>, settings: CodeSettings): CodeAllocator {
  let cached: { at: number; counts: Map<number, number> } | null = null;

  async function occupancy(): Promise<Map<number, number>> {
    if (cached === null || Date.now() - cached.at > occupancyTtlMs) {
      cached = { at: Date.now(), counts: await countCodesByLength(db) };
    }
    return cached.counts;
  }

  return {
    async allocate(build) {
      const counts = await occupancy();
      const first = chooseCodeLength(counts, settings);
      for (let length = first; length <= settings.codeMaxDigits; length++) {
        for (let attempt = 0; attempt < attemptsPerLength; attempt++) {
          const code = randomCode(length);
          if (await insertShare(db, build(code))) {
            const used = (counts.get(length) ?? 0) + 1;
            counts.set(length, used);
            // Near the density limit, other instances' inserts matter: count afresh. (At
            // the longest length there is nowhere to grow, so the count changes nothing.)
            const nearLimit = used >= 0.9 * settings.codeMaxDensity * 10 ** length;
            if (nearLimit && length < settings.codeMaxDigits) cached = null;
            return code;
          }
        }
        // Collisions this often mean the cached count is stale and this length is full.
        cached = null;
      }
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'No share code is free right now. Please try again.',
      );
    },
  };
}
