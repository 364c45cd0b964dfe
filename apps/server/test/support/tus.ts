import { Agent, request as httpRequest } from 'node:http';

// A tus 1.0 client for the contract tests, speaking the protocol by hand so every header
// and status is checked as sent (the browser's tus-js-client is driven by the e2e suite).

const tus = { 'tus-resumable': '1.0.0' };

/**
 * The secret each upload made here was created with, by its path: every later request of
 * that upload sends it (on any instance) unless a test passes another or none (`null`).
 */
const secrets = new Map<string, string>();
const secretFor = (url: string) => secrets.get(new URL(url).pathname);
function secretHeader(url: string, secret: string | null | undefined): Record<string, string> {
  const value = secret === undefined ? secretFor(url) : secret;
  return value === null || value === undefined ? {} : { 'codedrop-upload-secret': value };
}

export function tusMetadata(fields: Record<string, string>): string {
  return Object.entries(fields)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export interface CreatedUpload {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
  /** Absolute URL of the upload (from Location). */
  url: string;
  code: string;
  /** CodeDrop-Upload-Secret: what every later request of this upload must carry. */
  secret: string;
}

export async function createUpload(
  base: string,
  length: number,
  fields: Record<string, string> = {
    filename: 'big.bin',
    filetype: 'application/octet-stream',
    maxDownloads: '5',
  },
  extra: Record<string, string> = {},
): Promise<CreatedUpload> {
  const response = await fetch(`${base}/api/uploads`, {
    method: 'POST',
    headers: {
      ...tus,
      'upload-length': String(length),
      'upload-metadata': tusMetadata(fields),
      ...extra,
    },
  });
  const text = await response.text();
  const location = response.headers.get('location');
  const url = location === null ? '' : new URL(location, base).href;
  const secret = response.headers.get('codedrop-upload-secret') ?? '';
  if (url !== '' && secret !== '') secrets.set(new URL(url).pathname, secret);
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    url,
    code: response.headers.get('codedrop-code') ?? '',
    secret,
  };
}

export async function patchChunk(
  url: string,
  offset: number,
  bytes: Uint8Array,
  secret?: string | null,
) {
  const response = await fetch(url, {
    method: 'PATCH',
    headers: {
      ...tus,
      ...secretHeader(url, secret),
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    body: new Uint8Array(bytes),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    offset: Number(response.headers.get('upload-offset') ?? NaN),
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

export async function headUpload(url: string, secret?: string | null) {
  const response = await fetch(url, {
    method: 'HEAD',
    headers: { ...tus, ...secretHeader(url, secret) },
  });
  return {
    status: response.status,
    offset: Number(response.headers.get('upload-offset') ?? NaN),
    length: Number(response.headers.get('upload-length') ?? NaN),
  };
}

/**
 * A PATCH whose connection dies after `sent` of its declared bytes: the client is gone
 * mid-chunk, as when a network drops. Resolves once the socket is closed.
 */
export function patchCutOff(
  url: string,
  offset: number,
  bytes: Uint8Array,
  sent: number,
  /** Resolves once the server is writing the chunk (it holds the upload's lock). */
  writing: () => Promise<void>,
) {
  return new Promise<void>((resolve, reject) => {
    const request = httpRequest(url, {
      method: 'PATCH',
      headers: {
        ...tus,
        ...secretHeader(url, undefined),
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    // An answer before the cut (a refusal) is part of why the lock never came.
    let answered = '';
    request.on('response', (response) => {
      answered = ` (the server answered ${response.statusCode} first)`;
      response.resume();
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(bytes.subarray(0, sent));
    // Give the bytes time to reach the store before the connection dies. Waiting for the
    // lock rather than for the write's callback: should the server never read the chunk,
    // the test fails with why instead of holding the socket until it times out.
    writing().then(
      () => setTimeout(() => request.destroy(), 300),
      (error: unknown) => {
        request.destroy();
        reject(new Error(`${error instanceof Error ? error.message : String(error)}${answered}`));
      },
    );
  });
}

/**
 * A PATCH sent in two halves with `between` run while the server holds the first (it is
 * writing the chunk): what answers a chunk whose upload changes under it.
 */
export function patchInTwo(
  url: string,
  bytes: Uint8Array,
  /** Resolves once the server is writing the chunk (it holds the upload's lock). */
  writing: () => Promise<void>,
  between: () => Promise<void>,
) {
  return new Promise<{ status: number; contentType: string; body: Record<string, unknown> }>(
    (resolve, reject) => {
      const half = Math.floor(bytes.length / 2);
      const request = httpRequest(url, {
        method: 'PATCH',
        headers: {
          ...tus,
          ...secretHeader(url, undefined),
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(bytes.length),
        },
      });
      request.on('error', reject);
      request.on('response', (response) => {
        const parts: Buffer[] = [];
        response.on('data', (part: Buffer) => parts.push(part));
        response.on('end', () => {
          const text = Buffer.concat(parts).toString('utf8');
          resolve({
            status: response.statusCode ?? 0,
            contentType: response.headers['content-type'] ?? '',
            body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
          });
        });
      });
      request.write(bytes.subarray(0, half), () => {
        void writing()
          .then(between)
          .then(
            () => request.end(bytes.subarray(half)),
            (error: unknown) => {
              request.destroy();
              reject(error);
            },
          );
      });
    },
  );
}

/**
 * A chunk whose first half is sent and whose second never is, on a kept-alive connection:
 * for a chunk the server answers without reading it. Resolves with the answer's status and
 * Connection header once it comes.
 */
export function patchHalfSent(url: string, bytes: Uint8Array) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  return new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
    const request = httpRequest(url, {
      agent,
      method: 'PATCH',
      headers: {
        ...tus,
        ...secretHeader(url, undefined),
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      response.resume();
      resolve({ status: response.statusCode ?? 0, connection: response.headers.connection });
    });
    request.write(bytes.subarray(0, Math.floor(bytes.length / 2)));
  }).finally(() => agent.destroy());
}

/** HEAD until the offset stops moving (the server finishes writing what it received). */
/** tus termination: DELETE of an unfinished upload. */
export async function deleteUpload(url: string, secret?: string | null) {
  const response = await fetch(url, {
    method: 'DELETE',
    headers: { ...tus, ...secretHeader(url, secret) },
  });
  const text = await response.text();
  return {
    status: response.status,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
  };
}

export async function settledOffset(url: string): Promise<number> {
  let last = -1;
  for (let i = 0; i < 50; i++) {
    const { offset } = await headUpload(url);
    if (offset === last) return offset;
    last = offset;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return last;
}
