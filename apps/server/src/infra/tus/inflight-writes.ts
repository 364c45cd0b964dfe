/**
 * Writes into an upload that have not settled yet, per process. tus releases an upload's
 * lock as soon as the request's stream fails (a dropped connection), while the store may
 * still be saving what arrived; the next request, maybe from another instance, would then
 * read an offset without those bytes and the two writes would race. The lock therefore waits
 * here before it lets go (see upload-locks.ts).
 */
export class InflightWrites {
  private readonly writes = new Map<string, Promise<unknown>>();

  track<T>(id: string, write: Promise<T>): Promise<T> {
    const settled = write.then(
      () => undefined,
      () => undefined,
    );
    this.writes.set(id, settled);
    void settled.then(() => {
      if (this.writes.get(id) === settled) this.writes.delete(id);
    });
    return write;
  }

  /** Resolves once the write into `id` running now (if any) has settled. */
  async settled(id: string): Promise<void> {
    await this.writes.get(id);
  }
}
