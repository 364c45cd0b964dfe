import { downloadBlobEndpoint } from '@codedrop/contract';
import type { FastifyInstance } from 'fastify';
import { attachmentDisposition, BlobNotFoundError } from '../../infra/blob/port.js';
import type { Config } from '../../config/config.js';
import { AppError } from '../../http/app-error.js';
import type { Clock } from '../../infra/runtime/clock.js';
import { downloadTokenKey, verifyDownloadToken } from './download-token.js';
import { servedFileType } from '../files/file-names.js';
import { parseRange } from './http-range.js';
import { isOutOfSpace } from '../../infra/disk/port.js';
import { refundTransfer, takeTransfer } from './download-grants.repository.js';
import { isQuarantined } from '../shares/repository/index.js';
import { apiContentSecurityPolicy } from '../../http/security-headers.js';
import { route } from '../../http/route.js';
import type { Secrets } from '../../config/secrets.js';

/**
 * Downloads: the token is the capability (HMAC-signed, expiring, unique per grant). Bytes
 * are always an attachment of type application/octet-stream, never rendered inline nor run
 * as a script, whatever type the uploader declared (the grant's type is not used).
 *
 * One URL serves at most `maxTransfers` responses that reach the file's last byte (a
 * whole file, or a Range ending there), so a grant handed to a crowd runs out. A transfer
 * is counted before it starts and given back if the client leaves before the end; Range
 * requests that stop short are not counted, so an interrupted download resumes freely.
 */
export default async function blobRoutes(
  app: FastifyInstance,
  opts: { config: Config; secrets: Secrets; clock: Clock },
) {
  const urlSigningKey = downloadTokenKey(opts.secrets.urlSigningKey);
  const maxTransfers = opts.config.downloadUrlTransfers;
  const db = app.db.kysely;
  const unrecorded = unrecordedTransfers();
  route(app, downloadBlobEndpoint, { schema: { hide: true } }, async (request, reply) => {
    const now = Math.floor(opts.clock.now().getTime() / 1000);
    const grant = verifyDownloadToken(urlSigningKey, request.params.token, now);
    if ('error' in grant) {
      throw new AppError(
        'FORBIDDEN',
        grant.error === 'expired'
          ? 'This download link has expired. Request a new one.'
          : 'This download link is not valid.',
      );
    }
    // A share quarantined after this link was handed out is not served through it either.
    if (grant.code !== undefined && (await isQuarantined(db, grant.code))) {
      throw new AppError('SHARE_QUARANTINED');
    }
    let size: number;
    try {
      ({ size } = await app.blobs.stat(grant.key));
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw new AppError('NOT_FOUND', 'The file is gone.');
      throw error;
    }
    reply
      .header('content-type', servedFileType)
      .header('content-disposition', attachmentDisposition(grant.name))
      .header('x-content-type-options', 'nosniff')
      // Every API answer's policy (loads nothing, runs nothing, framed by nobody), set here
      // as well as by the server's own header block, so that no file goes out without it.
      .header('content-security-policy', apiContentSecurityPolicy)
      .header('cache-control', 'private, no-store')
      .header('accept-ranges', 'bytes');
    const range = parseRange(request.headers.range, size);
    if (range.kind === 'unsatisfiable') {
      reply.header('content-range', `bytes */${size}`);
      throw new AppError('RANGE_NOT_SATISFIABLE', `The file has ${size} bytes.`);
    }
    const reachesEnd = range.kind !== 'partial' || range.end === size - 1;
    if (reachesEnd && request.method === 'GET') {
      const expiresAt = new Date(grant.exp * 1000);
      let recorded = true;
      let taken: boolean;
      try {
        taken = await takeTransfer(db, grant.nonce, maxTransfers, expiresAt);
      } catch (error) {
        // The database has no room to record it (a full disk): the file is served all the
        // same, counted by this instance alone until the disk has room again.
        if (!isOutOfSpace(error)) throw error;
        recorded = false;
        taken = unrecorded.take(grant.nonce, maxTransfers, expiresAt);
      }
      if (!taken) throw new AppError('DOWNLOAD_LINK_USED');
      // 'close' without 'finish': the client left before the last byte was sent. An error
      // answer (the store failing to open the file) served no transfer either.
      reply.raw.once('close', () => {
        if (reply.raw.writableFinished && reply.statusCode < 400) return;
        if (!recorded) return unrecorded.refund(grant.nonce);
        refundTransfer(db, grant.nonce).catch((error: unknown) =>
          request.log.warn({ err: error }, 'could not give an interrupted transfer back'),
        );
      });
    }
    if (range.kind === 'partial') {
      const stream = await app.blobs.get(grant.key, { start: range.start, end: range.end });
      return reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', String(range.end - range.start + 1))
        .send(stream);
    }
    const stream = size === 0 ? null : await app.blobs.get(grant.key);
    return reply.header('content-length', String(size)).send(stream ?? '');
  });
}

/** Transfers counted in memory while the database cannot record them (a full disk). */
function unrecordedTransfers() {
  const counts = new Map<string, { transfers: number; expiresAt: number }>();
  return {
    take(nonce: string, max: number, expiresAt: Date): boolean {
      const now = Date.now();
      for (const [key, entry] of counts) if (entry.expiresAt < now) counts.delete(key);
      const entry = counts.get(nonce) ?? { transfers: 0, expiresAt: expiresAt.getTime() };
      if (entry.transfers >= max) return false;
      entry.transfers += 1;
      counts.set(nonce, entry);
      return true;
    },
    refund(nonce: string): void {
      const entry = counts.get(nonce);
      if (entry !== undefined && entry.transfers > 0) entry.transfers -= 1;
    },
  };
}
