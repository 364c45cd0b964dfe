import { request as httpsRequest } from 'node:https';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';

export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  json<T>(): T;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /**
   * The client's own address: any 127.x.y.z works on Linux loopback, so each caller can be
   * a different visitor as far as the proxy (and so CodeDrop) can tell.
   */
  from?: string;
}

/**
 * A client that trusts only the test authority (`ca`): a request through the proxy to a
 * server whose certificate the authority did not sign fails, as it would for a visitor.
 */
export function httpsClient(ca: string) {
  return (url: string, options: RequestOptions = {}) => send(url, options, ca);
}

/** Plain HTTP, for the proxy's redirect to HTTPS and the instances' own /metrics. */
export function plainRequest(url: string, options: RequestOptions = {}): Promise<Answer> {
  return send(url, options, null);
}

function send(url: string, options: RequestOptions, ca: string | null): Promise<Answer> {
  const body = options.body === undefined ? undefined : Buffer.from(options.body);
  const headers = { ...options.headers };
  if (body !== undefined) headers['content-length'] = String(body.length);
  const common = {
    method: options.method ?? 'GET',
    headers,
    localAddress: options.from,
    // A connection of its own: one visitor's address never rides on another's socket.
    agent: false as const,
  };
  return new Promise((resolve, reject) => {
    const request = ca === null ? httpRequest(url, common) : httpsRequest(url, { ...common, ca });
    request.once('error', reject);
    request.once('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.once('error', reject);
      response.once('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: bytes,
          json: <T>() => JSON.parse(bytes.toString('utf8')) as T,
        });
      });
    });
    request.end(body);
  });
}
