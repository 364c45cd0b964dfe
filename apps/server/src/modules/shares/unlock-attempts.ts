import { messages } from '@codedrop/contract';
import type { Kysely } from 'kysely';
import { AppError } from '../../http/app-error.js';
import type { Database } from '../../infra/db/port.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { digestsEqual, sha256Base64 } from '../../infra/runtime/secrets-hash.js';
import { refundUnlockAttempt, reserveUnlockAttempt } from './repository/index.js';
import type { ShareEnds } from './share-ends.js';

export interface UnlockAttemptsDeps {
  db: Kysely<Database>;
  clock: Clock;
  ends: Pick<ShareEnds, 'endShare'>;
  maxFailures: number;
}

/**
 * The proof of a password for any row with an auth verifier, shares and requests alike:
 * one lockout for both. `requireLive` answers why the row is no longer live (it throws the
 * row's own 404/410/451 problem).
 */
export function createUnlockAttempts(deps: UnlockAttemptsDeps) {
  const { db, clock, maxFailures: max } = deps;

  /**
   * Throws WRONG_PASSWORD (with attempts left) or SHARE_DESTROYED on a wrong key. The attempt
   * is counted before the key is compared and given back when it was right, so a burst of
   * guesses sent at once gets no more comparisons than UNLOCK_MAX_FAILURES allows, on any
   * number of instances.
   */
  return async function verifyAuthKey(
    code: string,
    authKey: string | undefined,
    requireLive: (code: string) => Promise<unknown>,
  ): Promise<void> {
    const reserved = await reserveUnlockAttempt(db, code, clock.now(), max);
    if (reserved === null) {
      // Gone or expired meanwhile (requireLive says which), or the remaining attempts are
      // all being compared right now: ask to try again in a moment.
      await requireLive(code);
      throw new AppError('RATE_LIMITED', messages.rateLimited(1), { retryAfterSeconds: 1 });
    }
    if (authKey !== undefined && reserved.authVerifier !== null) {
      const presented = sha256Base64(Buffer.from(authKey, 'base64'));
      if (digestsEqual(presented, reserved.authVerifier)) {
        await refundUnlockAttempt(db, code);
        return;
      }
    }
    if (reserved.attempt >= max) {
      await deps.ends.endShare({ reason: 'destroyed', code });
      throw new AppError('SHARE_DESTROYED');
    }
    throw new AppError('WRONG_PASSWORD', undefined, { attemptsLeft: max - reserved.attempt });
  };
}

export type VerifyAuthKey = ReturnType<typeof createUnlockAttempts>;
