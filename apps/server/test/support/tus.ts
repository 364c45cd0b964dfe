import { request as httpRequest } from 'node:http';

// A tus 1.0 client for the contract tests, speaking the protocol by hand so every header
// and status is checked as sent (the browser's tus-js-client is driven by the e2e suite).

const tus = { 'tus-resumable': '1.0.0' };

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
  return {
    status: response.status,
    headers: response.headers,
    body: text === '' ? {} : (JSON.parse(text) as Record<string, unknown>),
    url: location === null ? '' : new URL(location, base).href,
    code: response.headers.get('codedrop-code') ?? '',
  };
}

export async function patchChunk(url: string, offset: number, bytes: Uint8Array) {
  const response = await fetch(url, {
    method: 'PATCH',
    headers: {
      ...tus,
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

export async function headUpload(url: string) {
  const response = await fetch(url, { method: 'HEAD', headers: tus });
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
  return new Promise<void>((resolve) => {
    const request = httpRequest(url, {
      method: 'PATCH',
      headers: {
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        'content-length': String(bytes.length),
      },
    });
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(bytes.subarray(0, sent), () => {
      // Give the bytes time to reach the store before the connection dies.
      void writing().then(() => setTimeout(() => request.destroy(), 300));
    });
  });
}

/** HEAD until the offset stops moving (the server finishes writing what it received). */
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
