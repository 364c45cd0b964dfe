import { releaseBytes, type FileMeta } from '@codedrop/crypto';
import { saveBlob } from '../download-file';

/** Where decrypted bytes go. Nothing is visible under the file's name before `commit`. */
export interface FileSink {
  /** Takes the chunk over: its buffer may be freed (detached) once written. */
  write(chunk: Uint8Array<ArrayBuffer>): Promise<void>;
  /** Every byte authenticated: make the file appear. */
  commit(): Promise<void>;
  /** Decryption failed: drop everything written so far. */
  discard(): Promise<void>;
}

// Not yet in TypeScript's DOM library (Chromium-only API).
interface SavePickerWindow {
  showSaveFilePicker?: (options: { suggestedName?: string }) => Promise<FileSystemFileHandle>;
}
type RemovableHandle = FileSystemFileHandle & { remove?: () => Promise<void> };

/**
 * A sink for `meta.name`: the browser's save picker where it has one (memory bounded by a
 * segment), else a Blob handed to the download manager at the end. Call it straight from
 * the click handler, before any `await`, because the picker needs the click's activation.
 * Resolves null when the visitor cancels the picker.
 */
export async function openFileSink(meta: FileMeta): Promise<FileSink | null> {
  const picker = (window as SavePickerWindow).showSaveFilePicker;
  if (typeof picker !== 'function') return blobSink(meta);
  let handle: RemovableHandle;
  try {
    handle = await picker.call(window, { suggestedName: meta.name });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') return null;
    // No activation left, a name the picker refuses, a sandboxed frame: the Blob path works.
    return blobSink(meta);
  }
  let writable: FileSystemWritableFileStream;
  try {
    writable = await handle.createWritable();
  } catch {
    return blobSink(meta);
  }
  return {
    async write(chunk) {
      // Written means copied to the file: free the segment now rather than at the next
      // garbage collection, which in Chromium came only after ~100 MiB of dead segments.
      await writable.write(chunk);
      releaseBytes(chunk);
    },
    commit: () => writable.close(),
    async discard() {
      // The written bytes sit in a swap file until close(); abort() deletes it, and the
      // empty file the picker created goes too where the browser allows it.
      await writable.abort().catch(() => undefined);
      await handle.remove?.().catch(() => undefined);
    },
  };
}

/** Collects the plaintext as Blob parts (which the browser may page out of the JS heap). */
export function blobSink(meta: FileMeta): FileSink {
  let parts: BlobPart[] = [];
  let pending: Uint8Array<ArrayBuffer>[] = [];
  return {
    async write(chunk) {
      parts.push(chunk);
      pending.push(chunk);
      if (parts.length > 16) {
        // The Blob holds a copy, so the segments can be freed at once.
        parts = [new Blob(parts)];
        pending.forEach(releaseBytes);
        pending = [];
      }
    },
    async commit() {
      // The type is the sharer's claim; a neutral type keeps the browser from acting on it.
      saveBlob(new Blob(parts, { type: 'application/octet-stream' }), meta.name);
      pending.forEach(releaseBytes);
      parts = [];
      pending = [];
    },
    async discard() {
      pending.forEach(releaseBytes);
      parts = [];
      pending = [];
    },
  };
}
