import type { Migration } from 'kysely';
import type { Dialect } from '../schema.js';
import { createShares } from './0001-create-shares.js';
import { codeLengthIndex } from './0003-code-length-index.js';
import { healthProbe } from './0004-health-probe.js';
import { downloadGrants } from './0005-download-grants.js';
import { kdfColumn } from './0006-kdf-column.js';
import { largeColumnsLast } from './0007-sqlite-large-columns-last.js';
import { dropExpiresIndex } from './0008-drop-expires-index.js';
import { codeCounts } from './0009-code-counts.js';
import { shareFiles } from './0010-share-files.js';
import { resumableUploads } from './0011-resumable-uploads.js';
import { moderation } from './0012-moderation.js';
import { reportNetworks } from './0013-report-networks.js';
import { sessionFingerprints } from './0014-session-fingerprints.js';
import { uploadClients } from './0015-upload-clients.js';
import { filesOnly } from './0016-files-only.js';
import { codeCountsPerStatement } from './0017-code-counts-per-statement.js';
import { requests } from './0018-requests.js';
import { rooms } from './0019-rooms.js';
import { viewedAt } from './0020-viewed-at.js';

/** One ordered set for both dialects; each migration is told which dialect it runs on. */
export function migrationsFor(dialect: Dialect): Record<string, Migration> {
  return {
    '0001-create-shares': createShares(dialect),
    '0003-code-length-index': codeLengthIndex,
    '0004-health-probe': healthProbe,
    '0005-download-grants': downloadGrants(dialect),
    '0006-kdf-column': kdfColumn,
    '0007-sqlite-large-columns-last': largeColumnsLast(dialect),
    '0008-drop-expires-index': dropExpiresIndex,
    '0009-code-counts': codeCounts(dialect),
    '0010-share-files': shareFiles,
    '0011-resumable-uploads': resumableUploads(dialect),
    '0012-moderation': moderation(dialect),
    '0013-report-networks': reportNetworks,
    '0014-session-fingerprints': sessionFingerprints,
    '0015-upload-clients': uploadClients,
    '0016-files-only': filesOnly(dialect),
    '0017-code-counts-per-statement': codeCountsPerStatement(dialect),
    '0018-requests': requests(dialect),
    '0019-rooms': rooms(dialect),
    '0020-viewed-at': viewedAt(dialect),
  };
}
