import type { ShareStanding, ShareState } from '@codedrop/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { countUnreviewed } from '../moderation/reports.repository.js';
import { findShare, submissionsTaken } from '../shares/repository/index.js';
import type { ShareRecord } from '../shares/share-record.js';

/** The standings after which nothing changes any more: the stream ends with one of them. */
export function isFinal(standing: ShareStanding): boolean {
  return standing !== 'live' && standing !== 'uploading';
}

function standingOf(record: ShareRecord, now: Date): ShareStanding {
  if (record.gone) {
    switch (record.goneReason) {
      case 'burnt':
      case 'exhausted':
      case 'destroyed':
      case 'deleted':
        return record.goneReason;
      default:
        return 'removed';
    }
  }
  if (record.quarantinedAt !== null) return 'quarantined';
  if (record.expiresAt.getTime() <= now.getTime()) return 'expired';
  return record.uploadReceived === null ? 'live' : 'uploading';
}

/**
 * What the creator of the row under `code` sees of it now; null once the row is gone (an
 * operator removed it, or the sweeper reclaimed it).
 */
export async function loadShareState(
  db: Kysely<Database>,
  code: string,
  now: Date,
): Promise<ShareState | null> {
  const found = await findShare(db, code, now);
  if (found === null) return null;
  const { record } = found;
  const [reports, submissions] = await Promise.all([
    countUnreviewed(db, code),
    record.type === 'request' ? submissionsTaken(db, code) : Promise.resolve(null),
  ]);
  const standing = standingOf(record, now);
  return {
    code,
    standing,
    viewed:
      record.viewedAt !== null ||
      record.downloadCount > 0 ||
      standing === 'burnt' ||
      standing === 'exhausted',
    downloads:
      record.type === 'file' && record.maxDownloads !== null
        ? { count: record.downloadCount, max: record.maxDownloads }
        : null,
    reports,
    submissions,
    expiresAt: record.expiresAt.toISOString(),
  };
}
