import {
  ServerResponse,
  validateHeaderName,
  validateHeaderValue,
  type IncomingMessage,
} from 'node:http';

/** [name, value] pairs with lower-case names, in the order they are written. */
export type HeaderList = readonly (readonly [name: string, value: string])[];

export interface HeaderLists {
  /** Every list `forUrl` can return: their lines are checked and written once, at start. */
  all: readonly HeaderList[];
  forUrl(url: string): HeaderList;
}

/** Node's own writer of a response's head: its status line, then the response's headers. */
type StoreHeader = (this: ServerResponse, firstLine: string, headers: unknown) => void;
const storeHeader = (ServerResponse.prototype as unknown as { _storeHeader?: StoreHeader })
  ._storeHeader;

/** The responses whose head carries the security headers already (see below). */
export class SecureServerResponse<
  Request extends IncomingMessage = IncomingMessage,
> extends ServerResponse<Request> {}

const lines = (list: HeaderList) => list.map(([name, value]) => `${name}: ${value}\r\n`).join('');

/**
 * The lower-case names a response's own code set, in any form Node hands its head over:
 * the object given to writeHead, Node's own map (after setHeader: name → [name, value]),
 * or an array of pairs or of alternating names and values.
 */
function ownNames(headers: unknown): Set<string> {
  const names = new Set<string>();
  if (Array.isArray(headers)) {
    const pairs = headers.length > 0 && Array.isArray(headers[0]);
    const step = pairs ? 1 : 2;
    for (let i = 0; i < headers.length; i += step) {
      const name: unknown = pairs ? (headers[i] as unknown[])[0] : headers[i];
      names.add(String(name).toLowerCase());
    }
  } else if (headers !== null && typeof headers === 'object') {
    for (const key in headers) names.add(key.toLowerCase());
  }
  return names;
}

/** Whether a response's own code set one of `names`; no allocation in the usual case. */
function setsAnyOf(headers: unknown, names: ReadonlySet<string>): boolean {
  if (Array.isArray(headers)) return [...ownNames(headers)].some((name) => names.has(name));
  if (headers === null || typeof headers !== 'object') return false;
  for (const key in headers) {
    if (names.has(key.toLowerCase())) return true;
  }
  return false;
}

/**
 * The ServerResponse class for the HTTP server: every response's head carries the security
 * headers of its URL (`lists.forUrl`), written as one block of lines made and checked when
 * the server starts. A header the response set itself keeps its own value and is not
 * written twice.
 *
 * Why not set them per response: nine headers set through Fastify's reply and then checked
 * and joined one by one by Node were a visible share of a bare route's whole cost in a CPU
 * profile (docs/benchmarks.md); the block costs one string concatenation.
 * `_storeHeader` is where every ServerResponse's head is written (writeHead, implicit
 * heads, errors, streams); a runtime without it gets Node's own class, and the
 * security-headers plugin sets the headers on the reply instead, as it does for
 * app.inject's responses.
 */
export function secureServerResponse(lists: HeaderLists): typeof ServerResponse {
  if (typeof storeHeader !== 'function') return ServerResponse;
  const store: StoreHeader = storeHeader;
  const names = new Set<string>();
  const blocks = new Map<HeaderList, string>();
  for (const list of lists.all) {
    for (const [name, value] of list) {
      // Node checks each header as it writes it; the block is checked once, here.
      validateHeaderName(name);
      validateHeaderValue(name, value);
      if (name !== name.toLowerCase()) throw new Error(`header names are lower-case: ${name}`);
      names.add(name);
    }
    blocks.set(list, lines(list));
  }
  const blockFor = (list: HeaderList, headers: unknown) => {
    if (!setsAnyOf(headers, names)) return blocks.get(list) ?? lines(list);
    const own = ownNames(headers);
    return lines(list.filter(([name]) => !own.has(name)));
  };
  return class<
    Request extends IncomingMessage = IncomingMessage,
  > extends SecureServerResponse<Request> {
    _storeHeader(firstLine: string, headers: unknown): void {
      const block = blockFor(lists.forUrl(this.req.url ?? '/'), headers);
      store.call(this, firstLine + block, headers);
    }
  };
}
