import { configDefaults } from '@codedrop/contract';
import { bool, int, oneOf, optional, text, url, type Variables } from './env-schema.js';

/** Where file bytes live, and how big and how slow their uploads may be. */
export const storageVariables = {
  STORAGE: {
    ...oneOf(['local', 's3'] as const, 'local'),
    doc: 'where file bytes live: `local` (under `DATA_DIR/blobs`) or `s3`',
  },
  S3_ENDPOINT: {
    ...url(['http:', 'https:']),
    doc: 'S3-compatible endpoint URL (MinIO, Ceph, R2, …)',
    defaultDoc: 'AWS',
  },
  S3_BUCKET: { ...text(''), doc: 'bucket name (required with `STORAGE=s3`)' },
  S3_REGION: { ...text('us-east-1'), doc: 'bucket region' },
  S3_ACCESS_KEY_ID: { ...text(null), doc: 'credentials', defaultDoc: 'SDK default chain' },
  S3_SECRET_ACCESS_KEY: { ...text(null), doc: 'credentials', defaultDoc: 'SDK default chain' },
  S3_PRESIGNED_DOWNLOADS: {
    ...bool(false),
    doc: '`true`: downloads go straight from the bucket through presigned URLs; transfers per URL are then not limited',
  },
  S3_FORCE_PATH_STYLE: {
    ...bool(false),
    doc: '`true` for servers that need path-style URLs (MinIO)',
  },
  // Every S3 upload of the process, classic or resumable, shares it; at least one 5 MiB
  // part, S3's smallest (raised to one UPLOAD_CHUNK_BYTES part where that is larger).
  S3_UPLOAD_BUFFER_BYTES: {
    ...int(20_971_520, 5_242_880, Number.MAX_SAFE_INTEGER),
    doc: 'memory the multipart part buffers of all uploads to S3 (classic and resumable) may take together, per process (20 MiB, at least 5 MiB and one `UPLOAD_CHUNK_BYTES` part); further uploads wait for a buffer (see docs/operations.md#s3-buckets)',
  },
  // Sizes are 64-bit columns (migration 0011); 1 TiB is far beyond a day's sharing.
  MAX_FILE_BYTES: {
    ...int(configDefaults.maxFileBytes, 1, 1_099_511_627_776),
    doc: 'largest file share, all its files together (50 MiB; up to 1 TiB — see docs/operations.md#large-files)',
  },
  MAX_FILES_PER_SHARE: {
    ...int(configDefaults.maxFilesPerShare, 1, 1_000),
    doc: 'files one share may carry (1–1000)',
  },
  // S3 needs every part but the last to be at least 5 MiB; a chunk is at most one part.
  UPLOAD_CHUNK_BYTES: {
    ...int(configDefaults.uploadChunkBytes, 5_242_880, 104_857_600),
    doc: "largest chunk of a resumable upload (8 MiB; 5 MiB–100 MiB): no request is bigger, whatever the file's size",
  },
  UPLOAD_STALL_SECONDS: {
    ...int(3_600, 60, 86_400),
    doc: 'a resumable upload with no progress for this long is abandoned and reclaimed like an expired share (60–86400)',
  },
  UPLOAD_RESERVATIONS_PER_CLIENT: {
    ...int(5, 1, 10_000),
    doc: 'resumable uploads one client may have running at once; a further one is 429 (1–10000)',
  },
  UPLOAD_RESERVED_BYTES_PER_CLIENT: {
    ...optional(int(0, 1, Number.MAX_SAFE_INTEGER).schema),
    doc: "bytes one client's running resumable uploads may have declared and not yet sent; they count against `MAX_STORAGE_BYTES` until sent or reclaimed (at least `MAX_FILE_BYTES`)",
    defaultDoc: 'twice `MAX_FILE_BYTES`',
  },
  // An upload with no byte after this long, or slower on average since its start than
  // UPLOAD_MIN_BYTES_PER_SECOND (0: no floor) once this long has passed, is reclaimed.
  UPLOAD_FIRST_BYTE_SECONDS: {
    ...int(120, 10, 86_400),
    doc: 'a resumable upload that has received nothing this long after it began is reclaimed (10–86400)',
  },
  UPLOAD_MIN_BYTES_PER_SECOND: {
    ...int(1_024, 0, 1_073_741_824),
    doc: 'past `UPLOAD_FIRST_BYTE_SECONDS`, a resumable upload slower than this on average since it began is reclaimed; `0` turns the rule off',
  },
  MAX_STORAGE_BYTES: {
    ...int(0, 0, Number.MAX_SAFE_INTEGER),
    doc: 'total bytes of stored files; past it uploads are refused with 507 "CodeDrop is full right now. Please try again later."',
  },
} satisfies Variables;
