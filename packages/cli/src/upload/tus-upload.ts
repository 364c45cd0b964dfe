import { setTimeout as sleep } from 'node:timers/promises';
import { createUploadEndpoint } from '@codedrop/contract';
import type { ApiClient } from '../api/client.js';
import { ApiError, apiErrorFrom, NetworkError } from '../api/problem.js';
import { CliError } from '../cli-errors.js';
import { progressBar } from '../terminal/progress.js';
import { ByteCursor } from './byte-cursor.js';
import { postStream } from './post-stream.js';

/** The header that binds an upload to its creator (docs/api.md#resumable-uploads). */
const secretHeader = 'codedrop-upload-secret';
/** A moment for a dropped connection to come back before asking where the upload stands. */
const resumeDelayMs = 1_000;
/** How long ending a failed upload may take before the failure is reported anyway. */
const giveUpTimeoutMs = 5_000;
/** How many times a resumed upload waits for the server to let go of the dropped chunk. */
const lockRetries = 5;

export interface TusUploadRequest {
  /** Bytes of the whole upload (Upload-Length). */
  length: number;
  /** Upload-Metadata, each value base64-encoded here as tus wants. */
  metadata: Record<string, string>;
  /** The largest PATCH the server takes (PublicConfig.uploadChunkBytes). */
  chunkSize: number;
  /** The upload's bytes from the start; every call must give the same bytes. */
  bytes(): AsyncIterable<Uint8Array>;
  /** Called before a resume re-reads the bytes, to refuse if they can no longer be the same. */
  beforeResume(): Promise<void>;
  /** Shown beside the progress bar. */
  label: string;
}

export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value, 'utf8').toString('base64')}`)
    .join(',');
}

const tusHeaders = { 'tus-resumable': '1.0.0' };

/** Upload-Offset of an answer, or an error saying the server is not speaking tus. */
function offsetOf(response: Response, server: string): number {
  const offset = Number(response.headers.get('upload-offset') ?? NaN);
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new CliError(`unexpected answer from ${server}: no Upload-Offset`);
  }
  return offset;
}

/**
 * One tus 1.0 upload (docs/api.md#resumable-uploads): the creation, then PATCHes of at most
 * `chunkSize` bytes, each streamed from `bytes()` as it is sent. A dropped connection is
 * resumed once: HEAD says how much the server kept, and the rest is sent from there. Answers
 * the creation's JSON body (what the server made), if it had one.
 */
export async function tusUpload(api: ApiClient, upload: TusUploadRequest): Promise<unknown> {
  const created = await api.send(api.url(createUploadEndpoint), {
    method: 'POST',
    headers: {
      ...tusHeaders,
      'upload-length': String(upload.length),
      'upload-metadata': encodeMetadata(upload.metadata),
    },
  });
  const location = created.headers.get('location');
  const secret = created.headers.get(secretHeader);
  if (location === null || secret === null) {
    throw new CliError(`unexpected answer from ${api.server}: no upload address`);
  }
  const answer: unknown = await created.json().catch(() => undefined);
  const url = api.resolve(location);

  const progress = progressBar(upload.label, upload.length);
  let offset = 0;
  let sent = 0;
  let cursor = new ByteCursor(upload.bytes());
  let resumed = false;
  let locksLeft = lockRetries;
  /** Continues from where the server stands: HEAD for its offset, the bytes again from there. */
  const resync = async () => {
    let head: Response | null = null;
    while (head === null) {
      await sleep(resumeDelayMs);
      head = await api
        .send(url, { method: 'HEAD', headers: { ...tusHeaders, [secretHeader]: secret } })
        .catch((error: unknown) => {
          if (error instanceof ApiError && error.status === 423 && locksLeft-- > 0) return null;
          throw error;
        });
    }
    offset = offsetOf(head, api.server);
    await upload.beforeResume();
    // The bar goes back to what the server kept: bytes lost with the connection count again.
    progress.advance(offset - sent);
    sent = offset;
    await cursor.close();
    cursor = new ByteCursor(upload.bytes());
    await cursor.skip(offset);
  };
  try {
    while (offset < upload.length) {
      const size = Math.min(upload.chunkSize, upload.length - offset);
      let response: Response;
      try {
        response = await postStream(api.server, {
          method: 'PATCH',
          url,
          headers: {
            ...tusHeaders,
            [secretHeader]: secret,
            'upload-offset': String(offset),
            'content-type': 'application/offset+octet-stream',
            'content-length': String(size),
          },
          chunks: cursor.take(size),
          onProgress: (bytes) => {
            sent += bytes;
            progress.advance(bytes);
          },
        });
      } catch (error) {
        if (!(error instanceof NetworkError) || resumed) throw error;
        resumed = true;
        await resync();
        continue;
      }
      // Locked (423): the server is still closing the dropped connection's chunk. Not a new drop.
      if (response.status === 423 && resumed && locksLeft-- > 0) {
        await resync();
        continue;
      }
      if (!response.ok) throw await apiErrorFrom(response);
      const stored = offsetOf(response, api.server);
      if (stored !== offset + size) {
        throw new CliError(`the server kept ${stored} bytes where ${offset + size} were sent`);
      }
      offset = stored;
    }
  } catch (error) {
    // Given up: the unfinished upload is ended now rather than left to the server's sweep
    // (tus termination), so it holds no reservation. Best effort: the server may be unreachable.
    await api
      .send(url, {
        method: 'DELETE',
        headers: { ...tusHeaders, [secretHeader]: secret },
        signal: AbortSignal.timeout(giveUpTimeoutMs),
      })
      .catch(() => undefined);
    throw error;
  } finally {
    progress.finish();
    await cursor.close().catch(() => undefined);
  }
  return answer;
}
