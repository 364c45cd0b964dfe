import { createReadStream } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';

/** A running s3rver with one empty bucket; spread it into createS3BlobStore's options. */
export interface S3rverHandle {
  endpoint: string;
  bucket: string;
  region: string;
  /** s3rver only accepts its built-in key id (it checks the id, not the signature). */
  accessKeyId: string;
  secretAccessKey: string;
  forcePathStyle: true;
  /** Where s3rver keeps buckets and in-progress multipart uploads. */
  directory: string;
  close(): Promise<void>;
}

interface KoaContext {
  method: string;
  path: string;
  query: Record<string, string | string[] | undefined>;
  status: number;
  type: string;
  body: unknown;
  length: number;
  /** A request header. */
  get(header: string): string;
  /** Sets a response header. */
  set(header: string, value: string): void;
  response: { get(header: string): string };
  store: { getResourcePath(bucket: string, key: string, resource: string): string };
}
type Middleware = (ctx: KoaContext, next: () => Promise<void>) => Promise<void>;
interface S3rverInstance {
  middleware: Middleware[];
  run(): Promise<AddressInfo>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;

// s3rver ships no type declarations.
const S3rver = createRequire(import.meta.url)('s3rver') as S3rverConstructor;

export async function startS3rver(bucket = 'codedrop-test'): Promise<S3rverHandle> {
  const directory = await mkdtemp(join(tmpdir(), 'codedrop-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  // Koa composes its middleware when the server starts listening, so this runs first.
  server.middleware.unshift(multipartUploadShim(directory), firstByteRangeFix);
  const { port } = await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    directory,
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

/**
 * s3rver 3.7 implements multipart uploads but neither AbortMultipartUpload nor
 * ListMultipartUploads; both are added here on top of its on-disk layout
 * (`<dir>/<bucket>/._S3rver_uploads/<uploadId>/key`), so the adapter's abort path runs for real.
 */
function multipartUploadShim(directory: string): Middleware {
  const uploadsDir = (bucket: string) => join(directory, bucket, '._S3rver_uploads');
  return async (ctx, next) => {
    const [, bucket, key] = splitPath(ctx.path);
    const uploadId = ctx.query['uploadId'];
    if (ctx.method === 'DELETE' && bucket && key && typeof uploadId === 'string') {
      const dir = join(uploadsDir(bucket), uploadId.replace(/[^0-9a-f]/g, ''));
      const exists = await stat(dir).then(
        () => true,
        () => false,
      );
      if (!exists) return sendXml(ctx, 404, errorXml('NoSuchUpload'));
      await rm(dir, { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && bucket && !key && 'uploads' in ctx.query) {
      return sendXml(ctx, 200, await listUploadsXml(bucket, uploadsDir(bucket)));
    }
    await next();
  };
}

/**
 * s3rver 3.7 reads `Range: bytes=0-0` as "from 0 to the end" (it tests the end offset for
 * truthiness); real S3 answers exactly one byte. This narrows the answer to that byte.
 */
const firstByteRangeFix: Middleware = async (ctx, next) => {
  const [, bucket, key] = splitPath(ctx.path);
  const wantsFirstByte = ctx.method === 'GET' && ctx.get('range') === 'bytes=0-0';
  await next();
  const size = /\/(\d+)$/.exec(ctx.response.get('content-range'))?.[1];
  if (!wantsFirstByte || !bucket || !key || ctx.status !== 206 || !size || size === '0') return;
  (ctx.body as Readable).destroy();
  const objectPath = ctx.store.getResourcePath(bucket, decodeURIComponent(key), 'object');
  ctx.body = createReadStream(objectPath, { start: 0, end: 0 });
  ctx.length = 1;
  ctx.set('Content-Range', `bytes 0-0/${size}`);
};

function splitPath(path: string): [string, string?, string?] {
  const [, bucket, key] = /^\/([^/]+)\/?(.*)$/.exec(path) ?? [];
  return ['', bucket, key || undefined];
}

async function listUploadsXml(bucket: string, dir: string): Promise<string> {
  const ids = await readdir(dir).catch(() => [] as string[]);
  const uploads = await Promise.all(
    ids.map(async (id) => {
      const keyFile = join(dir, id, 'key');
      const key = await readFile(keyFile, 'utf8');
      // s3rver writes the key file once, when the upload is initiated.
      const { mtime } = await stat(keyFile);
      return `<Upload><Key>${escapeXml(key)}</Key><UploadId>${id}</UploadId><Initiated>${mtime.toISOString()}</Initiated></Upload>`;
    }),
  );
  return (
    '<?xml version="1.0" encoding="UTF-8"?>' +
    `<ListMultipartUploadsResult><Bucket>${escapeXml(bucket)}</Bucket>` +
    `<IsTruncated>false</IsTruncated>${uploads.join('')}</ListMultipartUploadsResult>`
  );
}

function sendXml(ctx: KoaContext, status: number, xml: string): void {
  ctx.status = status;
  ctx.type = 'application/xml';
  ctx.body = xml;
}

function errorXml(code: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => `&#${char.charCodeAt(0)};`);
}
