import { testDialects, type TestDialect } from './databases.js';
import { startS3Server, type S3ServerHandle } from './s3-server.js';

export type TestStorage = 'local' | 's3';
export const testStorages: TestStorage[] = ['local', 's3'];

/**
 * The database and store pairs a contract suite runs on: every pair, unless TEST_BACKENDS
 * names some (`sqlite+local,postgres+s3`). The server-workers project narrows them so:
 * what differs between backends is proven in process on every pair, and the multi-worker
 * run covers the shipped default and the scaled-out shape, not each pair a second time.
 */
export function testBackends(): Array<readonly [TestDialect, TestStorage]> {
  const all = testDialects().flatMap((dialect) =>
    testStorages.map((storage) => [dialect, storage] as const),
  );
  const only = process.env.TEST_BACKENDS;
  if (only === undefined || only === '') return all;
  const wanted = new Set(only.split(',').map((pair) => pair.trim()));
  return all.filter(([dialect, storage]) => wanted.has(`${dialect}+${storage}`));
}

/** Environment for the app under test to use the given store (a new bucket for S3). */
export async function storageEnv(
  storage: TestStorage,
): Promise<{ env: Record<string, string>; close(): Promise<void>; s3?: S3ServerHandle }> {
  if (storage === 'local') return { env: {}, close: async () => {} };
  const s3 = await startS3Server();
  return {
    s3,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: s3.endpoint,
      S3_BUCKET: s3.bucket,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    close: () => s3.close(),
  };
}

/** POST /api/files the way a browser's FormData does: fields first, then the file. */
export async function upload(
  base: string,
  file: { bytes: Uint8Array; name: string; type?: string },
  fields: Record<string, string> = { maxDownloads: '10' },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
    file.name,
  );
  const response = await fetch(`${base}/api/files`, { method: 'POST', body: form });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** POST /api/files with several `file` parts, in order, after the fields. */
export async function uploadMany(
  base: string,
  files: Array<{ bytes: Uint8Array; name: string; type?: string }>,
  fields: Record<string, string> = { maxDownloads: '10' },
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  for (const file of files) {
    const blob = new Blob([new Uint8Array(file.bytes)], {
      type: file.type ?? 'application/octet-stream',
    });
    form.append('file', blob, file.name);
  }
  const response = await fetch(`${base}/api/files`, { method: 'POST', body: form });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** Resolves a download URL (relative for the local store, absolute for S3). */
export function absolute(base: string, url: string): string {
  return url.startsWith('/') ? base + url : url;
}
