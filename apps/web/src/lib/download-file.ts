import { cleanFileName } from '@codedrop/contract';
import { fetchFailure } from './api/request';
import { fetchResumable } from './resumable-fetch';
import type { ApiResult } from './api/result';

export interface TransferProgress {
  loaded: number;
  /** Null when the server did not say how long the body is. */
  total: number | null;
}

/**
 * The type every fetched download gets, whatever the uploader declared: a same-origin
 * blob: URL of an HTML or SVG file must never be something the browser could render.
 */
const opaque = 'application/octet-stream';

/**
 * Fetches a download URL as a Blob, reporting bytes as they arrive so the page can show a
 * progress bar; a dropped connection resumes where it stopped. Never throws.
 */
export async function fetchBlob(
  url: string,
  onProgress: (progress: TransferProgress) => void,
  signal?: AbortSignal,
): Promise<ApiResult<Blob>> {
  const fetched = await fetchResumable(url, signal);
  if (!fetched.ok) return fetched;
  const { body, total } = fetched.data;
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let loaded = 0;
  onProgress({ loaded, total });
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      loaded += value.byteLength;
      onProgress({ loaded, total });
    }
  } catch (error) {
    return { ok: false, problem: fetchFailure(error, signal) };
  }
  return { ok: true, data: new Blob(chunks as BlobPart[], { type: opaque }) };
}

/** Hands a Blob to the browser's download manager under the given name. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  // Saved under a name that reads as it is: no controls or direction overrides.
  link.download = cleanFileName(fileName) || 'download';
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // The download manager has the object by now; free it once this task ends.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}

/**
 * Lets the browser download a URL itself. Used only for presigned bucket URLs on another
 * origin (S3_PRESIGNED_DOWNLOADS), which the page may not fetch; every other download is
 * fetched by the page (see docs/design.md#lifecycle).
 */
export function startBrowserDownload(url: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.rel = 'noopener noreferrer';
  document.body.append(link);
  link.click();
  link.remove();
}

export function isSameOrigin(url: string): boolean {
  return new URL(url, window.location.href).origin === window.location.origin;
}
