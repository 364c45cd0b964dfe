import type { FastifyInstance } from 'fastify';
import { BlobNotFoundError, type BlobStore } from '../adapters/blob/port.js';
import { AppError } from '../domain/app-error.js';
import type { Clock } from '../domain/clock.js';
import { attachmentDisposition } from '../domain/content-disposition.js';
import { verifyDownloadToken } from '../domain/download-token.js';
import { parseRange } from '../domain/http-range.js';

/**
 * Local-store downloads: the token is the capability (HMAC-signed, expiring). Bytes are
 * always an attachment, never rendered inline, whatever type the uploader declared.
 */
export default async function blobRoutes(
  app: FastifyInstance,
  opts: { blobs: BlobStore; urlSigningKey: Buffer; clock: Clock },
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
