import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isDeadWriter, thisWriter } from '../runtime/process-identity.js';
import { InflightWrites } from './inflight-writes.js';

export interface DbLockerOptions {
  /** How long a lease lasts unless renewed; a crashed holder's lease lapses after it. */
  leaseMs?: number;
  /** How long a request waits for a lease before giving up (the client retries). */
  acquireTimeoutMs?: number;
  now?: () => number;
  /** This process's writes still saving bytes: a lease outlives the write it guards. */
  inflight?: InflightWrites;
}

/**
 * The tus server's locker, as leases in the `upload_locks` table: one request at a time
 * writes an upload, whichever worker or instance it reached. (tus's own MemoryLocker holds
 * for one process only, and WORKERS runs several even on one machine.)
 *
 * A holder renews its lease every third of it and, on each renewal, sees whether a waiting
 * request asked for the upload: then it lets go (tus ends its request cleanly), as
 * MemoryLocker does in one process. That is what a client reconnecting after a dropped
 * connection needs when the server has not yet noticed the old request is dead.
 *
 * A lease names the process holding it (infra/runtime/process-identity.ts). One held by a process
 * of this machine that has died — a crash, a kill -9, a worker the primary replaced — is
 * taken at once rather than after it lapses, so an upload resumes as soon as its instance
 * is back; a lease of any other instance is only ever taken once it lapsed.
 */
export function createDbLocker(db: Kysely<Database>, options: DbLockerOptions = {}): Locker {
  const leaseMs = options.leaseMs ?? 9_000;
  const acquireTimeoutMs = options.acquireTimeoutMs ?? 20_000;
  const now = options.now ?? Date.now;
  const inflight = options.inflight ?? new InflightWrites();
  return { newLock: (id) => new DbLock(db, id, leaseMs, acquireTimeoutMs, now, inflight) };
}

class DbLock implements Lock {
  private readonly holder = `${thisWriter}.${randomBytes(12).toString('base64url')}`;
  private renewal: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly id: string,
    private readonly leaseMs: number,
    private readonly acquireTimeoutMs: number,
    private readonly now: () => number,
    private readonly inflight: InflightWrites,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = this.now() + this.acquireTimeoutMs;
    let asked = false;
    for (let wait = 50; ; wait = Math.min(wait * 2, 500)) {
      if (signal.aborted) throw ERRORS.ABORTED;
      if ((await this.tryAcquire()) || (await this.takeFromDeadHolder())) break;
      if (!asked) {
        asked = true;
        await this.db
          .updateTable('upload_locks')
          .set({ release_requested: 1 })
          .where('id', '=', this.id)
          .execute();
      }
      if (this.now() >= deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await sleep(wait);
    }
    this.renewal = setInterval(() => void this.renew(requestRelease), this.leaseMs / 3);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    // Still renewing while the store saves what a failed request had received.
    await this.inflight.settled(this.id);
    if (this.renewal !== null) clearInterval(this.renewal);
    this.renewal = null;
    await this.db
      .deleteFrom('upload_locks')
      .where('id', '=', this.id)
      .where('holder', '=', this.holder)
      .execute();
  }

  /** Takes the lease when nobody holds it or the holder's lapsed, in one statement. */
  private async tryAcquire(): Promise<boolean> {
    const at = this.now();
    const row = await this.db
      .insertInto('upload_locks')
      .values({ id: this.id, holder: this.holder, expires_ms: at + this.leaseMs })
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet({ holder: this.holder, expires_ms: at + this.leaseMs, release_requested: 0 })
          .where('upload_locks.expires_ms', '<', at),
      )
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === this.holder;
  }

  /** Takes the lease of a holder known to be dead (see above), in one conditional statement. */
  private async takeFromDeadHolder(): Promise<boolean> {
    const current = await this.db
      .selectFrom('upload_locks')
      .select('holder')
      .where('id', '=', this.id)
      .executeTakeFirst();
    if (current === undefined) return false;
    const writer = current.holder.slice(0, Math.max(0, current.holder.lastIndexOf('.')));
    if (!isDeadWriter(writer)) return false;
    const row = await this.db
      .updateTable('upload_locks')
      .set({ holder: this.holder, expires_ms: this.now() + this.leaseMs, release_requested: 0 })
      .where('id', '=', this.id)
      .where('holder', '=', current.holder)
      .returning('holder')
      .executeTakeFirst();
    return row?.holder === this.holder;
  }

  private async renew(requestRelease: RequestRelease): Promise<void> {
    try {
      const row = await this.db
        .updateTable('upload_locks')
        .set({ expires_ms: this.now() + this.leaseMs })
        .where('id', '=', this.id)
        .where('holder', '=', this.holder)
        .returning('release_requested')
        .executeTakeFirst();
      // Someone waits for the upload, or the lease was lost: end this request's write.
      if (row === undefined || Number(row.release_requested) === 1) {
        if (this.renewal !== null) clearInterval(this.renewal);
        this.renewal = null;
        await requestRelease();
      }
    } catch {
      // The database is briefly unreachable: the next renewal tries again.
    }
  }
}
