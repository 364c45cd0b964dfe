import type { FastifyRequest } from 'fastify';
import { AppError } from '../../http/app-error.js';

const offsetStream = 'application/offset+octet-stream';

/**
 * A chunk is `application/offset+octet-stream`, and a creation carries one or no body: any
 * other type is refused with 415 before a byte is read. Fastify would otherwise parse a
 * text or JSON body itself, and tus then found the stream already read.
 */
export function assertUploadBodyType(request: FastifyRequest): void {
  if (request.method !== 'PATCH' && request.method !== 'POST') return;
  const raw = request.headers['content-type'];
  if (raw === undefined && request.method === 'POST') return;
  const type = raw?.split(';')[0]!.trim().toLowerCase();
  if (type !== offsetStream) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', `Send upload bytes as ${offsetStream}`);
  }
}
