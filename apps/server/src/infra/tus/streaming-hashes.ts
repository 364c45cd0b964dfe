import { createHash, type Hash } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';

interface Running {
  hash: Hash;
  /** How many bytes from the start the hash has taken in: the upload's offset after them. */
  offset: number;
}

/**
 * The SHA-256 of each resumable upload, taken while its chunks stream in (the block list
 * needs it), per process. A hash can only go on from exactly where it stopped, so it is
 * kept only while every chunk from byte 0 has reached this process in order and was stored
 * whole; a chunk that went to another instance, a restart or a write that stored other
 * than what streamed by forgets it, and the upload's completion reads the finished object
 * once instead (modules/files/tus.plugin.ts). Nothing here is ever trusted beyond that.
 */
export class StreamingHashes {
  private readonly running = new Map<string, Running>();

  /** At most this many unfinished uploads are followed; the oldest is forgotten first. */
  constructor(private readonly limit = 1_000) {}

  /**
   * Runs `write` (the store's write of `readable` at `offset` into upload `id`, answering
   * the new offset) with the bytes passing through the upload's hash on their way.
   */
  async write(
    id: string,
    offset: number,
    readable: Readable,
    write: (readable: Readable) => Promise<number>,
  ): Promise<number> {
    const known = this.running.get(id);
    this.running.delete(id);
    const running =
      offset === 0
        ? { hash: createHash('sha256'), offset: 0 }
        : known?.offset === offset
          ? known
          : null;
    if (running === null) return write(readable);

    let seen = 0;
    const tap = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        running.hash.update(chunk);
        seen += chunk.length;
        done(null, chunk);
      },
    });
    // The store reads the tap; a failing request ends the tap, and a store that gives up
    // early ends the request's stream.
    readable.on('error', (error) => tap.destroy(error));
    tap.on('close', () => {
      if (!readable.readableEnded) readable.destroy();
    });
    readable.pipe(tap);
    let stored: number;
    try {
      stored = await write(tap);
    } catch (error) {
      // A store that failed before reading everything leaves nothing waiting on the socket.
      tap.destroy();
      throw error;
    }
    // Only when exactly the bytes the hash took in were stored does the hash stay true.
    if (stored === offset + seen) this.keep(id, { hash: running.hash, offset: stored });
    return stored;
  }

  /** The hex SHA-256 of upload `id` when this process hashed all `size` bytes; forgets it. */
  take(id: string, size: number): string | null {
    const running = this.running.get(id);
    this.running.delete(id);
    return running?.offset === size ? running.hash.digest('hex') : null;
  }

  forget(ids: readonly string[]): void {
    for (const id of ids) this.running.delete(id);
  }

  private keep(id: string, running: Running): void {
    this.running.set(id, running);
    if (this.running.size > this.limit) {
      const oldest = this.running.keys().next().value as string;
      this.running.delete(oldest);
    }
  }
}
