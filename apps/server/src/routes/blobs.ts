import type { FastifyInstance } from 'fastify';
import { BlobNotFoundError, type BlobStore } from '../adapters/blob/port.js';
import { AppError } from '../domain/app-error.js';
import type { Clock } from '../domain/clock.js';
import { attachmentDisposition } from '../domain/content-disposition.js';
import { verifyDownloadToken } from '../domain/download-token.js';
import { parseRange } from '../domain/http-range.js';
import { refundTransfer, takeTransfer } from '../domain/download-grants.js';
import type { Database } from '../adapters/db/schema.js';
import type { Kysely } from 'kysely';

/**
 * Downloads: the token is the capability (HMAC-signed, expiring, unique per grant). Bytes
 * are always an attachment, never rendered inline, whatever type the uploader declared.
 *
 * One URL serves at most `maxTransfers` responses that reach the file's last byte (a
 * whole file, or a Range ending there), so a grant handed to a crowd runs out. A transfer
 * is counted before it starts and given back if the client leaves before the end; Range
 * requests that stop short are not counted, so an interrupted download resumes freely.
 */
export default async function blobRoutes(
  app: FastifyInstance,
  opts: {
    blobs: BlobStore;
    db: Kysely<Database>;
    urlSigningKey: Buffer;
    clock: Clock;
    maxTransfers: number;
  },
) {
  app.get<{ Params: { token: string } }>(
    '/api/blobs/:token',
    { schema: { hide: true } },
    async (request, reply) => {
      const now = Math.floor(opts.clock.now().getTime() / 1000);
      const grant = verifyDownloadToken(opts.urlSigningKey, request.params.token, now);
      if ('error' in grant) {
        throw new AppError(
          'FORBIDDEN',
          grant.error === 'expired'
            ? 'This download link has expired. Request a new one.'
            : 'This download link is not valid.',
        );
      }
      let size: number;
      try {
        ({ size } = await opts.blobs.stat(grant.key));
      } catch (error) {
        if (error instanceof BlobNotFoundError)
          throw new AppError('NOT_FOUND', 'The file is gone.');
        throw error;
      }
      reply
        .header('content-type', grant.type)
        .header('content-disposition', attachmentDisposition(grant.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
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
        if (!(await takeTransfer(opts.db, grant.nonce, opts.maxTransfers, expiresAt))) {
          throw new AppError('DOWNLOAD_LINK_USED');
        }
        // 'close' without 'finish': the client left before the last byte was sent. An error
        // answer (the store failing to open the file) served no transfer either.
        reply.raw.once('close', () => {
          if (!reply.raw.writableFinished || reply.statusCode >= 400) {
            refundTransfer(opts.db, grant.nonce).catch((error: unknown) =>
              request.log.warn({ err: error }, 'could not give an interrupted transfer back'),
            );
          }
        });
      }
      if (range.kind === 'partial') {
        const stream = await opts.blobs.get(grant.key, { start: range.start, end: range.end });
        return reply
          .status(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', String(range.end - range.start + 1))
          .send(stream);
      }
      const stream = size === 0 ? null : await opts.blobs.get(grant.key);
      return reply.header('content-length', String(size)).send(stream ?? '');
    },
  );
}
