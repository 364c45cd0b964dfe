import type { FastifyReply, FastifyRequest } from 'fastify';
import { Readable } from 'node:stream';
import { AppError } from '../../http/app-error.js';
import { storageFullError, tooLargeError } from './files.errors.js';

/**
 * The request as the tus server reads it (a WHATWG Request), its body streamed from the
 * socket: nothing is buffered on the way.
 */
export function toWebRequest(request: FastifyRequest): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const hasBody = request.method === 'PATCH' || request.method === 'POST';
  return new Request(`http://codedrop.invalid${request.url}`, {
    method: request.method,
    headers,
    ...(hasBody ? { body: webBody(request.raw), duplex: 'half' } : {}),
  } as RequestInit);
}

/** tus's own answer headers worth passing on (protocol, offsets, location). */
const passedHeaders = [
  'tus-resumable',
  'tus-version',
  'tus-extension',
  'tus-max-size',
  'location',
  'upload-offset',
  'upload-length',
  'upload-metadata',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
  'cache-control',
];

/** Copies tus's headers onto the reply (its body is sent, or turned into a problem, apart). */
export function passTusHeaders(response: Response, reply: FastifyReply): void {
  for (const name of passedHeaders) {
    const value = response.headers.get(name);
    if (value !== null) reply.header(name, value);
  }
}

/**
 * A tus error answer as the API's problem: tus answers plain text, every other route
 * answers RFC 9457 problem+json, and a client of this API reads one format.
 */
export async function tusProblem(response: Response, maxFileBytes: number): Promise<AppError> {
  const said = (await response.text()).trim();
  switch (response.status) {
    case 404:
    case 410:
      return new AppError('UPLOAD_NOT_FOUND');
    case 409:
      return new AppError('UPLOAD_OFFSET_MISMATCH');
    case 412:
      return AppError.validation('Tus-Resumable', 'Send the header Tus-Resumable: 1.0.0');
    case 413:
      return tooLargeError(maxFileBytes);
    case 415:
      return new AppError(
        'UNSUPPORTED_MEDIA_TYPE',
        'Send upload bytes as application/offset+octet-stream',
      );
    case 507:
      // A chunk the disk had no room for (its bytes were removed again).
      return storageFullError();
    case 500:
    case 503:
      // The lock was not released in time, or the store failed: the client retries.
      return new AppError('SERVICE_UNAVAILABLE', undefined, { retryAfterSeconds: 5 });
    default:
      return AppError.validation('upload', said === '' ? 'Invalid upload request' : said);
  }
}

/**
 * The socket's bytes as a web stream that queues up to 1 MiB ahead: with the default
 * (one chunk), the socket was paused between every 64 KiB read and a chunk arrived slower.
 */
function webBody(raw: FastifyRequest['raw']): ReadableStream<Uint8Array> {
  return Readable.toWeb(raw, {
    strategy: new ByteLengthQueuingStrategy({ highWaterMark: 1024 * 1024 }),
  }) as ReadableStream<Uint8Array>;
}
