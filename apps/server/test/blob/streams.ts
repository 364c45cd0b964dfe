import { randomFillSync } from 'node:crypto';
import { Readable } from 'node:stream';

const CHUNK = 64 * 1024;

/** `total` random bytes as 64 KiB chunks, each freshly allocated like a network read. */
export function randomChunks(total: number): Buffer[] {
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < total; offset += CHUNK) {
    chunks.push(randomFillSync(Buffer.allocUnsafe(Math.min(CHUNK, total - offset))));
  }
  return chunks;
}

/** A stream that generates `total` random bytes on demand without holding them. */
export function generatedStream(total: number): Readable {
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= total) return void this.push(null);
      const size = Math.min(CHUNK, total - sent);
      sent += size;
      this.push(randomFillSync(Buffer.allocUnsafe(size)));
    },
  });
}

/**
 * Yields `before` random bytes, then awaits `then()` and fails with the error it resolves to,
 * or, when it resolves to undefined, stalls until destroyed.
 */
export function failingStream(before: number, then: () => Promise<Error | undefined>): Readable {
  const chunks = randomChunks(before);
  let failing = false;
  return new Readable({
    read() {
      const next = chunks.shift();
      if (next) return void this.push(next);
      if (failing) return;
      failing = true;
      then().then(
        (error) => {
          if (error) this.destroy(error);
        },
        (error: unknown) => this.destroy(error as Error),
      );
    },
  });
}

export async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export async function waitFor(
  condition: () => Promise<boolean>,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
