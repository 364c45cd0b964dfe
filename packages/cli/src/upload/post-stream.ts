import { once } from 'node:events';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { networkError } from '../api/problem.js';

export interface StreamedPost {
  /** POST unless given: a tus chunk is a PATCH. */
  method?: 'POST' | 'PATCH';
  url: string;
  headers: Record<string, string>;
  chunks: AsyncIterable<Uint8Array>;
  /** Called as each chunk is handed to the socket. */
  onProgress(bytes: number): void;
}

/** The answer, read whole (it is a small JSON document), as a fetch Response. */
async function toResponse(message: IncomingMessage): Promise<Response> {
  const parts: Buffer[] = [];
  for await (const part of message) parts.push(part as Buffer);
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (typeof value === 'string') headers.set(name, value);
  }
  const status = message.statusCode ?? 502;
  const body = status === 204 || status === 304 ? null : Buffer.concat(parts);
  return new Response(body, { status, statusText: message.statusMessage ?? '', headers });
}

/**
 * POSTs a body generated on the fly with node:http, writing each chunk only once the socket
 * has taken the last. Node's fetch was measured reading a streamed body far ahead of the
 * socket (a 200 MiB upload peaked at 280 MiB of memory, against 80 MiB here). When the server
 * answers before the body is complete (an error), sending stops and the answer is returned.
 */
export async function postStream(server: string, post: StreamedPost): Promise<Response> {
  const url = new URL(post.url);
  const transport = url.protocol === 'https:' ? https : http;
  // agent: false, one connection that closes after the answer and keeps no process alive.
  const request = transport.request(url, {
    method: post.method ?? 'POST',
    headers: post.headers,
    agent: false,
  });
  let answered = false;
  let socketError: unknown = null;
  const answer = new Promise<IncomingMessage>((resolve, reject) => {
    request.on('response', (message) => {
      answered = true;
      resolve(message);
    });
    request.on('error', (error) => {
      socketError = error;
      reject(error);
    });
  });
  answer.catch(() => undefined); // awaited below; a write failure must not go unhandled first
  try {
    for await (const chunk of post.chunks) {
      if (answered) break;
      post.onProgress(chunk.length);
      if (!request.write(chunk)) await Promise.race([once(request, 'drain'), answer]);
    }
    request.end();
  } catch (error) {
    // The connection failed, or the body did (a file that changed while it was read).
    request.destroy();
    if (!answered) throw socketError ? networkError(server, { cause: socketError }) : error;
  }
  let message: IncomingMessage;
  try {
    message = await answer;
  } catch (error) {
    throw networkError(server, { cause: error });
  }
  return toResponse(message);
}
