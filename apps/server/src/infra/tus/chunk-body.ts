import type { Readable } from 'node:stream';
import { partReader, SourceFailure } from '../blob/part-reader.js';

/**
 * A chunk's request body read part by part. The body failing (a dropped connection) ends
 * the chunk but not the write: what arrived is stored first, and the failure answered after.
 */
export function chunkBody(readable: Readable) {
  const reader = partReader(readable);
  const state = { failed: false, error: undefined as unknown };
  const fail = (failure: SourceFailure) => {
    state.failed = true;
    state.error = failure.error;
  };
  return {
    get failed() {
      return state.failed;
    },
    get error() {
      return state.error;
    },
    /** Whether the chunk has bytes left; a failed body has none. */
    async hasMore(): Promise<boolean> {
      if (state.failed) return false;
      try {
        return await reader.hasMore();
      } catch (error) {
        if (!(error instanceof SourceFailure)) throw error;
        fail(error);
        return false;
      }
    },
    /** Fills `room` from the body; a failed body gives what it had filled. */
    fill(room: Buffer): Promise<number> {
      return reader.fill(room).catch((error: unknown) => {
        if (!(error instanceof SourceFailure)) throw error;
        fail(error);
        return error.filled;
      });
    },
  };
}
