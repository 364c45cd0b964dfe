import type { Socket } from 'node:net';
import { apiContentSecurityPolicy } from './security-headers.js';

interface ClientProblem {
  status: number;
  reason: string;
  code: string;
  title: string;
  detail: string;
}

const headersTooLarge: ClientProblem = {
  status: 431,
  reason: 'Request Header Fields Too Large',
  code: 'HEADERS_TOO_LARGE',
  title: 'Request headers too large',
  detail: 'The request headers are too large',
};
const tooSlow: ClientProblem = {
  status: 408,
  reason: 'Request Timeout',
  code: 'REQUEST_TIMEOUT',
  title: 'Request timeout',
  detail: 'The request took too long to arrive. Please try again.',
};
const notHttp: ClientProblem = {
  status: 400,
  reason: 'Bad Request',
  code: 'VALIDATION_FAILED',
  title: 'Invalid request',
  detail: 'The request is not valid HTTP',
};

/** Which problem a client error is: Node's parser and timeout codes, mapped to ours. */
function problemFor(code: string | undefined): ClientProblem {
  if (code === 'HPE_HEADER_OVERFLOW') return headersTooLarge;
  // requestTimeout / headersTimeout passed before the whole request arrived.
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT' || code === 'HPE_HEADER_TIMEOUT') return tooSlow;
  return notHttp;
}

/**
 * Node answers some requests before Fastify sees them (oversized headers, bad HTTP, a
 * request still arriving at the timeout). Those still get a problem+json body instead of
 * Node's bare status line.
 */
export function clientErrorAnswer(error: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable) return;
  const problem = problemFor(error.code);
  const body = JSON.stringify({
    type: `urn:codedrop:problem:${problem.code.toLowerCase().replaceAll('_', '-')}`,
    title: problem.title,
    status: problem.status,
    detail: problem.detail,
    code: problem.code,
  });
  socket.end(
    `HTTP/1.1 ${problem.status} ${problem.reason}\r\n` +
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
