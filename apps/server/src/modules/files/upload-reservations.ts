import type { Kysely } from 'kysely';
import type { Database } from '../../infra/db/port.js';
import { AppError } from '../../http/app-error.js';
import type { ShareEnds } from '../shares/share-ends.js';
import { clientSubmissionReservations } from '../requests/submissions-uploads.repository.js';
import { clientReservations, runningUploadsBegunBy } from '../shares/repository/index.js';

type Db = Kysely<Database>;

// A running resumable upload (a file share's, or a submission's to a request) reserves the
// rest of its declared size in the storage quota; everything else counts by the bytes stored
// (docs/operations.md#rate-limits-and-abuse-control). These bound what one client's
// reservations hold, and free those of uploads that starve.

export interface ReservationCaps {
  /** Running uploads one client may have at once. */
  perClient: number;
  /** Declared bytes not yet received, summed over one client's running uploads. */
  bytesPerClient: number;
}

/**
 * Refuses an upload that would take `client` past its caps, `adding` what it is to reserve.
 * Checked before the upload (adding it) and again once its row is in (adding nothing):
 * of uploads begun at the same moment each then sees the others, so together they never
 * pass the caps (a burst may see one another and all be refused, never all be let
 * through). The caller removes a refused upload's row.
 */
export async function assertWithinReservations(
  db: Db,
  client: string,
  caps: ReservationCaps,
  adding = { uploads: 0, bytes: 0 },
): Promise<void> {
  const [shares, submissions] = await Promise.all([
    clientReservations(db, client),
    clientSubmissionReservations(db, client),
  ]);
  const uploads = shares.uploads + submissions.uploads + adding.uploads;
  const bytes = shares.bytes + submissions.bytes + adding.bytes;
  if (uploads > caps.perClient || bytes > caps.bytesPerClient) {
    throw new AppError(
      'RATE_LIMITED',
      'You have too many uploads running. Let one finish or cancel it, then try again.',
      { retryAfterSeconds: 60 },
    );
  }
}

export interface UploadFloor {
  /** An upload that has received nothing this long after it began is reclaimed. */
  firstByteSeconds: number;
  /** Past firstByteSeconds, an average since the start below this is reclaimed (0: never). */
  minBytesPerSecond: number;
}

/**
 * Abandons running uploads that hold a reservation without using it: nothing received in
 * the first window, or an average rate since the start under the floor after it (a byte
 * now and then keeps an upload from stalling, not from starving). Gone at once, secrets
 * cleared, reclaimed by the sweep that follows; answers how many.
 */
export async function abandonStarvedUploads(
  db: Db,
  ends: Pick<ShareEnds, 'endShare'>,
  now: Date,
  floor: UploadFloor,
) {
  const started = new Date(now.getTime() - floor.firstByteSeconds * 1000);
  let abandoned = 0;
  for (const upload of await runningUploadsBegunBy(db, started)) {
    const seconds = (now.getTime() - upload.createdAt.getTime()) / 1000;
    if (upload.received > 0 && upload.received >= floor.minBytesPerSecond * seconds) continue;
    const { code, received } = upload;
    if ((await ends.endShare({ reason: 'abandoned', code, received })) === 'ended') abandoned++;
  }
  return abandoned;
}
