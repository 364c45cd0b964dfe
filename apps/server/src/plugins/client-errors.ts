import type { Socket } from 'node:net';
import { apiContentSecurityPolicy } from './security-headers.js';

/**
 * Node answers some malformed requests before Fastify sees them (oversized headers, bad
 * HTTP). Those still get a problem+json body instead of Node's bare status line.
 */
export function headersTooLarge(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
  const status = tooLarge ? 431 : 400;
  const body = JSON.stringify({
    type: `urn:codedrop:problem:${tooLarge ? 'headers-too-large' : 'validation-failed'}`,
    title: tooLarge ? 'Request headers too large' : 'Invalid request',
    status,
    detail: tooLarge ? 'The request headers are too large' : 'The request is not valid HTTP',
    code: tooLarge ? 'HEADERS_TOO_LARGE' : 'VALIDATION_FAILED',
  });
  socket.end(
    `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
      'Content-Type: application/problem+json; charset=utf-8\r\n' +
      // The same protective headers every other API answer carries.
      'X-Content-Type-Options: nosniff\r\n' +
      `Content-Security-Policy: ${apiContentSecurityPolicy}\r\n` +
      'Referrer-Policy: no-referrer\r\n' +
      'Cache-Control: no-store\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
}
