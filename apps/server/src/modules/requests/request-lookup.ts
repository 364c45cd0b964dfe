import type { Kysely } from 'kysely';
import { AppError } from '../../http/app-error.js';
import type { Database } from '../../infra/db/port.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { findRequest } from '../shares/repository/index.js';
import { goneErrorCode } from '../shares/share-record.js';
import { parseRequestInfo, type LiveRequest } from './request-info.js';

/** The settings a request takes from the shares' configuration. */
export interface RequestLimits {
  expiryChoicesSeconds: number[];
  defaultExpirySeconds: number;
  unlockMaxFailures: number;
}

/**
 * A live request, or the problem a share would answer in its place: 404 for a code with no
 * request (a share's code included), 451 while held for review, 410 once gone or expired.
 */
export async function requireRequest(
  db: Kysely<Database>,
  clock: Clock,
  code: string,
): Promise<LiveRequest> {
  const now = clock.now();
  const found = await findRequest(db, code);
  if (found === null) throw new AppError('SHARE_NOT_FOUND');
  const { record } = found;
  if (record.quarantinedAt !== null) throw new AppError('SHARE_QUARANTINED');
  if (record.gone || record.expiresAt.getTime() <= now.getTime()) {
    throw new AppError(goneErrorCode(record, now));
  }
  return {
    record,
    info: parseRequestInfo(found.info),
    maxSubmissions: found.maxSubmissions,
    submissionCount: found.submissionCount,
  };
}
