import { isDecryptionError } from '@codedrop/crypto';
import { makeZip } from 'client-zip';
import { fetchFailure } from './api/request';
import type { ApiResult, ClientProblem } from './api/result';
import type { FileSink } from './encryption/file-sink';
import { zipEntryNames } from './zip-names';

export interface ZipEntrySource {
  name: string;
  /** Bytes the entry will hold, for the progress total. */
  size: number;
  /** The entry's bytes, asked for only when the ZIP reaches it (one file at a time). */
  open: () => Promise<ApiResult<ReadableStream<Uint8Array>>>;
}

export type ZipResult =
  | { ok: true }
  /** An encrypted file did not authenticate: nothing was kept. */
  | { ok: false; reason: 'corrupt' }
  | { ok: false; reason: 'problem'; problem: ClientProblem };

/** Thrown into the ZIP stream when a file cannot be opened; the problem is kept aside. */
class EntryFailed extends Error {}

/**
 * Writes the files as one ZIP into `sink` while they stream: each file is opened when the
 * archive reaches it and its chunks go straight through (client-zip stores, it does not
 * compress), so memory holds a chunk or a segment, not the archive. The sink is committed
 * only when every file arrived whole; any failure discards it. Never throws.
 */
export async function writeZip(
  entries: readonly ZipEntrySource[],
  sink: FileSink,
  onProgress?: (done: number, total: number) => void,
): Promise<ZipResult> {
  const names = zipEntryNames(entries.map((entry) => entry.name));
  const total = entries.reduce((sum, entry) => sum + entry.size, 0);
  let done = 0;
  // Set by the generator below when a file cannot be opened (the ZIP stream then errors).
  const opening: { problem: ClientProblem | null } = { problem: null };
  const counted = () =>
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        done += chunk.length;
        controller.enqueue(chunk);
        onProgress?.(done, total);
      },
    });

  async function* inputs() {
    for (const [index, entry] of entries.entries()) {
      const opened = await entry.open();
      if (!opened.ok) {
        opening.problem = opened.problem;
        throw new EntryFailed(opened.problem.title);
      }
      const input = opened.data.pipeThrough(counted());
      yield { name: names[index]!, lastModified: new Date(), input };
    }
  }

  onProgress?.(done, total);
  const reader = makeZip(inputs()).getReader();
  try {
    for (;;) {
      const { done: finished, value } = await reader.read();
      if (finished) break;
      await sink.write(value as Uint8Array<ArrayBuffer>);
    }
    await sink.commit();
    return { ok: true };
  } catch (error) {
    await reader.cancel().catch(() => undefined);
    await sink.discard();
    if (opening.problem) return { ok: false, reason: 'problem', problem: opening.problem };
    if (isDecryptionError(error)) return { ok: false, reason: 'corrupt' };
    return { ok: false, reason: 'problem', problem: fetchFailure(error) };
  }
}
