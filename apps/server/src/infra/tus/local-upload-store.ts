import { createWriteStream } from 'node:fs';
import { open, truncate } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { messages } from '@codedrop/contract';
import { FileStore } from '@tus/file-store';
import { ERRORS, type KvStore, type Upload } from '@tus/utils';
import { isOutOfSpace } from '../disk/disk-room.js';
import { isBlobKey } from '../blob/keys.js';
import type { InflightWrites } from './inflight-writes.js';
import type { StreamingHashes } from './streaming-hashes.js';

/**
 * tus's FileStore writing into the blob directory, its records in the database, each write
 * known to the lock until it settles (see inflight-writes.ts) and hashed on its way in.
 */
export class LocalUploadStore extends FileStore {
  private readonly foundNoRoom = new Set<string>();

  constructor(
    private readonly options: { directory: string; configstore: KvStore<Upload> },
    private readonly inflight: InflightWrites,
    private readonly hashes: StreamingHashes,
    /** Told when a chunk found the disk full (health answers are then stale). */
    private readonly onOutOfSpace: () => void = () => undefined,
  ) {
    super(options);
  }

  /**
   * The empty file an upload starts as, created owner-only (0600) like every stored file:
   * FileStore's own would take the process's default mode and keep it while it fills.
   */
  override async create(upload: Upload): Promise<Upload> {
    if (!isBlobKey(upload.id)) throw ERRORS.FILE_NOT_FOUND;
    const path = join(this.options.directory, upload.id);
    const handle = await open(path, 'wx', 0o600);
    await handle.close();
    await this.options.configstore.set(upload.id, upload);
    upload.storage = { type: 'file', path };
    return upload;
  }

  override write(readable: Readable, id: string, offset: number): Promise<number> {
    const written = this.hashes.write(id, offset, readable, (bytes) =>
      this.writeChunk(bytes, id, offset),
    );
    void written.then(
      () => this.flushInBackground(id),
      () => undefined,
    );
    return this.inflight.track(id, written);
  }

  /**
   * FileStore's write (the bytes appended at `offset`; those of a chunk cut short by its
   * client stay, to be resumed from), except for a chunk the disk had no room for: its
   * bytes are removed again, since they are what filled the disk, and tus answers 507.
   */
  private async writeChunk(readable: Readable, id: string, offset: number): Promise<number> {
    const path = join(this.options.directory, id);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        received += chunk.length;
        done(null, chunk);
      },
    });
    try {
      await pipeline(readable, counter, createWriteStream(path, { flags: 'r+', start: offset }));
    } catch (error) {
      if (!isOutOfSpace(error)) throw ERRORS.FILE_WRITE_ERROR;
      this.onOutOfSpace();
      await truncate(path, offset).catch(() => undefined);
      this.foundNoRoom.add(id);
      throw { status_code: 507, body: messages.storageFull };
    }
    return offset + received;
  }

  /**
   * Whether the last chunk of `id` failed for lack of room (asked once per failure): tus
   * may answer it as the request stream it saw cut off, not as the store's own error.
   */
  tookNoRoom(id: string): boolean {
    return this.foundNoRoom.delete(id);
  }

  /**
   * Starts writing a chunk's bytes to the disk while the next chunk arrives, so the sync
   * that makes the finished file durable (modules/files/tus.plugin.ts) has little left to wait for:
   * measured on 200 MiB, that final sync took a fifth of the whole upload when all of it
   * waited for the end. A failure here changes nothing: the final sync still runs.
   */
  private flushInBackground(id: string): void {
    void open(join(this.options.directory, id), 'r')
      .then(async (handle) => {
        try {
          await handle.datasync();
        } finally {
          await handle.close();
        }
      })
      .catch(() => undefined);
  }
}

/**
 * FileStore's constructor makes its directory with a callback that throws outside any
 * promise: a failure (the directory removed meanwhile, a permission) would end the process.
 * The blob store has made the directory already (mode 0700), so this store skips it. The
 * method is private in FileStore's types, hence the prototype.
 */
Object.defineProperty(LocalUploadStore.prototype, 'checkOrCreateDirectory', {
  value: () => undefined,
});
