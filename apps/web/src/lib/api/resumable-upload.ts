import {
  createFileResponseSchema,
  createUploadEndpoint,
  type CreateFileResponse,
} from '@codedrop/contract';
import type { RangeEncryptor } from '@codedrop/crypto';
import { Upload, type DetailedError, type HttpStack } from 'tus-js-client';
import { problemFromBody } from './request';
import type { ClientProblem } from './result';

/**
 * How long a dropped connection is retried before the upload gives up (about six minutes):
 * quickly at first, then every 30 s. Each retry asks the server where the upload stands
 * and sends the rest from there.
 */
export const retryDelays = [0, 1_000, 2_000, 4_000, 8_000, 15_000, ...Array(11).fill(30_000)];

/**
 * The header that binds an upload to the page that made it: its creation answers the
 * secret, and every later request of the upload (HEAD, PATCH, DELETE) must carry it.
 */
export const uploadSecretHeader = 'CodeDrop-Upload-Secret';

/** Where an upload is and the secret that lets this page (and no one else) continue it. */
export interface UploadHandle {
  url: string;
  secret: string;
}

export interface ResumableUploadOptions {
  /** The file as picked; its bytes are sent as they are, or through `encrypted`. */
  file: File;
  /** The stored (encrypted) stream to send instead of the file's own bytes. */
  encrypted?: RangeEncryptor;
  /** tus Upload-Metadata: the share's fields (docs/api.md#resumable-uploads). */
  metadata: Record<string, string>;
  chunkSize: number;
  /** An upload begun before (a page reload): continues there, asking where it stands. */
  resume?: UploadHandle;
  /** The share and its upload, the moment the server has made them (a new upload only). */
  onCreated?: (share: CreateFileResponse, upload: UploadHandle) => void;
  onProgress: (sent: number, total: number) => void;
  onSuccess: () => void;
  onError: (problem: ClientProblem) => void;
  /** tus-js-client's HTTP layer; XMLHttpRequest unless a test passes its own. */
  httpStack?: HttpStack;
}

export interface ResumableUpload {
  /** Stops sending (the upload stays resumable). */
  stop(): void;
  /** Starts again from where the server stands (after onError). */
  restart(): void;
}

/**
 * A file share sent with the tus protocol (`tus-js-client`) in chunks of `chunkSize`: no
 * request is larger, a dropped connection or a restarted server is retried with backoff
 * and continues from the server's offset, and the code is known before the first chunk.
 */
export function startResumableUpload(options: ResumableUploadOptions): ResumableUpload {
  let created: CreateFileResponse | null = null;
  let secret = options.resume?.secret ?? null;
  const { encrypted } = options;
  const upload = new Upload(options.file, {
    // Once the share exists its upload is the only one: a resume the server no longer knows
    // (deleted, reclaimed) must fail, not quietly create another share under another code.
    endpoint: options.resume ? null : createUploadEndpoint.path,
    uploadUrl: options.resume?.url ?? null,
    chunkSize: options.chunkSize,
    metadata: options.metadata,
    retryDelays,
    // The page keeps its own record (lib/resume-records.ts), with the share's code.
    storeFingerprintForResuming: false,
    onShouldRetry(error, attempt) {
      // Before the share exists there is nothing to resume: a few quick tries, then the
      // sender is told (and picks Upload again). After, a drop is retried for minutes.
      if (upload.url === null && attempt >= 2) return false;
      const status = error.originalResponse?.getStatus() ?? 0;
      return status === 0 || status >= 500 || status === 409 || status === 423 || status === 429;
    },
    ...(encrypted
      ? { uploadSize: encrypted.size, fileReader: encryptedFileReader(encrypted) }
      : {}),
    onBeforeRequest(request) {
      if (request.getMethod() !== 'POST' && secret !== null) {
        request.setHeader(uploadSecretHeader, secret);
      }
    },
    onAfterResponse(request, response) {
      if (request.getMethod() !== 'POST' || response.getStatus() !== 201) return;
      const parsed = createFileResponseSchema.safeParse(parseJson(response.getBody()));
      if (parsed.success) created = parsed.data;
      secret = response.getHeader(uploadSecretHeader) ?? null;
    },
    // Also called after each HEAD of a resume: the share is announced once, when made.
    onUploadUrlAvailable() {
      upload.options.endpoint = null;
      if (created && upload.url && secret !== null) {
        options.onCreated?.(created, { url: new URL(upload.url, location.href).href, secret });
        created = null;
      }
    },
    ...(options.httpStack ? { httpStack: options.httpStack } : {}),
    onProgress: options.onProgress,
    onSuccess: () => options.onSuccess(),
    onError: (error) => options.onError(problemOf(error)),
  });
  upload.start();
  return {
    stop: () => void upload.abort(false),
    restart: () => upload.start(),
  };
}

/**
 * tus-js-client's reader over the encrypted stream: each chunk sealed when it is asked for,
 * and the next one sealed while this one is sent. tus asks for one chunk at a time and
 * sends it before it asks again, so without the read-ahead every chunk waited for its own
 * sealing, a large part of the time it takes to send it on a fast link. A
 * request for any other range (a resume from the server's offset) is sealed on demand.
 * Exported for `npm run bench`, which times it (scripts/bench/browser-crypto.mjs).
 */
export function encryptedFileReader(encrypted: RangeEncryptor) {
  return {
    openFile: async () => {
      // The RangeEncryptor reads one range at a time (it keeps the last segment it made and
      // its place in the file).
      let queue: Promise<unknown> = Promise.resolve();
      // Chunks are sealed into two buffers in turn, not fresh memory each time: tus is done
      // with the chunk it holds when it asks for another (it sends one chunk at a time, and
      // the browser copies a body when it is sent), while the other buffer takes the
      // read-ahead.
      const buffers: Uint8Array<ArrayBuffer>[] = [new Uint8Array(0), new Uint8Array(0)];
      let held = 0;
      const seal = (start: number, end: number, into: number): Promise<SizedBytes> => {
        const bytes = queue.then(async () => {
          const length = Math.min(end, encrypted.size) - start;
          if (buffers[into]!.length < length) buffers[into] = new Uint8Array(length);
          return sized(await encrypted.read(start, end, buffers[into]));
        });
        queue = bytes.catch(() => undefined);
        return bytes;
      };
      let ahead: { start: number; end: number; bytes: Promise<SizedBytes> } | null = null;
      return {
        size: encrypted.size,
        slice: async (start: number, end: number) => {
          const fromAhead = ahead?.start === start && ahead.end === end;
          const into = fromAhead ? 1 - held : held;
          const next = fromAhead
            ? ahead!.bytes.catch(() => seal(start, end, into)) // a failed read-ahead is tried again
            : seal(start, end, into);
          ahead = null;
          held = into;
          const value = await next;
          if (end < encrypted.size) {
            const following = Math.min(end + (end - start), encrypted.size);
            ahead = { start: end, end: following, bytes: seal(end, following, 1 - held) };
            ahead.bytes.catch(() => undefined);
          }
          return { value, done: end >= encrypted.size };
        },
        // Called once the upload is done: the file's stream and the buffers are let go.
        close: () => {
          ahead = null;
          queue = queue.then(() => {
            encrypted.close();
            buffers.fill(new Uint8Array(0));
          });
        },
      };
    },
  };
}

/** A chunk's bytes, with the `size` tus-js-client reads of it (a Blob's) to check the last. */
type SizedBytes = Uint8Array<ArrayBuffer> & { readonly size: number };

function sized(bytes: Uint8Array<ArrayBuffer>): SizedBytes {
  return Object.assign(bytes, { size: bytes.length });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

const uploadGone =
  'This upload was deleted or expired before it finished. Upload the file again for a new code.';

/**
 * What the failure was, of a share's upload or a submission's: the server's problem when it
 * answered, else a network failure. Its English is translated where it is shown
 * (known-words.ts lists the same sentences).
 */
export function problemOf(error: Error | DetailedError): ClientProblem {
  const response = 'originalResponse' in error ? error.originalResponse : null;
  const status = response?.getStatus() ?? 0;
  // HEAD answers without a body: a missing upload says so in words of its own.
  if ((status === 404 || status === 410) && parseJson(response!.getBody()) === undefined) {
    return {
      code: 'UPLOAD_NOT_FOUND',
      status,
      title: 'Upload no longer available',
      detail: uploadGone,
    };
  }
  if (response && status > 0) {
    return problemFromBody(
      response.getStatus(),
      parseJson(response.getBody()),
      response.getHeader('Retry-After') ?? null,
    );
  }
  return {
    code: 'NETWORK_ERROR',
    status: 0,
    title: 'Upload interrupted',
    detail: 'The connection was lost. Your upload can continue where it stopped.',
  };
}
