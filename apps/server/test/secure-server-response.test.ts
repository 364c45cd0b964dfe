import { once } from 'node:events';
import {
  createServer,
  get,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  secureServerResponse,
  SecureServerResponse,
  type HeaderList,
} from '../src/http/secure-server-response.js';

const page: HeaderList = [
  ['x-frame-options', 'DENY'],
  ['content-security-policy', "default-src 'self'"],
];
const api: HeaderList = [
  ['x-frame-options', 'DENY'],
  ['content-security-policy', "default-src 'none'"],
  ['cache-control', 'no-store'],
];
const lists = {
  all: [page, api],
  forUrl: (url: string) => (url.startsWith('/api/') ? api : page),
};

/** Every header line of a response as sent, lower-cased names, duplicates kept. */
function rawHeaders(url: string): Promise<[string, string][]> {
  return new Promise((resolve, reject) => {
    get(url, (response: IncomingMessage) => {
      const pairs: [string, string][] = [];
      for (let i = 0; i < response.rawHeaders.length; i += 2) {
        pairs.push([response.rawHeaders[i]!.toLowerCase(), response.rawHeaders[i + 1]!]);
      }
      response.resume();
      response.on('end', () => resolve(pairs));
    }).on('error', reject);
  });
}

const valuesOf = (pairs: [string, string][], name: string) =>
  pairs.filter(([key]) => key === name).map(([, value]) => value);

// Each path answers the way a kind of code writes its head.
const handlers: Record<string, (response: ServerResponse) => void> = {
  '/api/object': (response) => {
    response.writeHead(200, { 'Content-Type': 'application/json' }).end('{}');
  },
  '/api/implicit': (response) => {
    response.end('no writeHead at all');
  },
  '/api/own-cache-control': (response) => {
    response.setHeader('Cache-Control', 'private, max-age=60');
    response.writeHead(200).end();
  },
  '/api/own-in-writehead': (response) => {
    response.writeHead(200, { 'X-Frame-Options': 'SAMEORIGIN' }).end();
  },
  '/api/alternating-array': (response) => {
    response.writeHead(200, ['Content-Security-Policy', "sandbox; default-src 'none'"]).end();
  },
  '/api/pairs-array': (response) => {
    response.writeHead(200, [['cache-control', 'no-cache']]).end();
  },
  '/page': (response) => {
    response.writeHead(404).end('not here');
  },
};

describe('secureServerResponse', () => {
  let server: Server;
  let base: string;

  beforeAll(async () => {
    server = createServer({ ServerResponse: secureServerResponse(lists) }, (request, response) => {
      expect(response).toBeInstanceOf(SecureServerResponse);
      handlers[request.url ?? '']!(response);
    });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
  });

  it("writes the URL's list once on every response, however its head was written", async () => {
    for (const path of ['/api/object', '/api/implicit']) {
      const pairs = await rawHeaders(base + path);
      for (const [name, value] of api) expect(valuesOf(pairs, name), path).toEqual([value]);
    }
    const pagePairs = await rawHeaders(base + '/page');
    for (const [name, value] of page) expect(valuesOf(pagePairs, name)).toEqual([value]);
    expect(valuesOf(pagePairs, 'cache-control')).toEqual([]);
  });

  it('keeps a header the response set itself, sent once, in any of the forms Node takes', async () => {
    const cases: [string, string, string][] = [
      ['/api/own-cache-control', 'cache-control', 'private, max-age=60'],
      ['/api/own-in-writehead', 'x-frame-options', 'SAMEORIGIN'],
      ['/api/alternating-array', 'content-security-policy', "sandbox; default-src 'none'"],
      ['/api/pairs-array', 'cache-control', 'no-cache'],
    ];
    for (const [path, name, own] of cases) {
      const pairs = await rawHeaders(base + path);
      expect(valuesOf(pairs, name), path).toEqual([own]);
      // The others are still there.
      for (const [other, value] of api) {
        if (other !== name) expect(valuesOf(pairs, other), `${path} ${other}`).toEqual([value]);
      }
    }
  });

  it('refuses a header Node would refuse, when the server is made rather than per response', () => {
    const bad = (list: HeaderList) => () =>
      secureServerResponse({ all: [list], forUrl: () => list });
    expect(bad([['x-frame-options', 'DENY\r\nset-cookie: a=b']])).toThrow();
    expect(bad([['bad name', 'x']])).toThrow();
    expect(bad([['X-Frame-Options', 'DENY']])).toThrow(/lower-case/);
  });
});
