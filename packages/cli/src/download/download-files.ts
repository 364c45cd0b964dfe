import { decryptChunks, isDecryptionError } from '@codedrop/crypto';
import { messages } from '@codedrop/contract';
import type { ApiClient } from '../api/client.js';
import { NetworkError } from '../api/problem.js';
import { CliError } from '../cli-errors.js';
import { ByteCursor } from '../upload/byte-cursor.js';
import { counted, progressBar } from '../terminal/progress.js';
import type { Destination } from './targets.js';
import { writeFileAtomically, writeToStdout } from './write-file.js';

export interface IncomingFile {
  /** The name shown in progress and messages. */
  name: string;
  /** A URL from the share's download grant. */
  url: string;
  /** Bytes the server stores (for an encrypted file, the ciphertext with its header and tags). */
  storedSize: number;
  /** The plaintext size (from the encrypted metadata, or the stored size). */
  size: number;
  /** Sent with the request: a request's pickup token. */
  headers?: Record<string, string>;
  /** Where the file starts in the object at `url`, when it is one of several stored in it. */
  offset?: number;
}

/** A file whose bytes did not decrypt: a wrong password for a share, altered bytes for any. */
export class FileDecryptionError extends CliError {
  constructor(readonly fileName: string) {
    super(`${fileName}: ${messages.decryptFailed}`);
  }
}

/** Decrypts with this key when the share is encrypted. */
export type Decryption = { encKey: CryptoKey } | null;

/** Fails unless exactly `expected` bytes arrive: a cut transfer must not look complete. */
async function* exactly(
  chunks: AsyncIterable<Uint8Array>,
  expected: number,
  name: string,
): AsyncGenerator<Uint8Array> {
  let received = 0;
  for await (const chunk of chunks) {
    received += chunk.length;
    if (received > expected) break;
    yield chunk;
  }
  if (received !== expected) {
    throw new CliError(`the download of ${name} was cut off or changed on the way; try again`);
  }
}

/** A response body as an async iterable; undici's stream pulls from the socket on demand. */
async function* bodyChunks(body: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    await reader.cancel().catch(() => undefined);
  }
}

/** The file's stored bytes: the answer to its Range, or cut from a whole object sent instead. */
function storedBytes(response: Response, file: IncomingFile): AsyncIterable<Uint8Array> {
  const chunks = bodyChunks(response.body!);
  if (file.offset === undefined || response.status === 206) return chunks;
  const offset = file.offset;
  // A server (or proxy) may ignore Range and send the whole object: its bytes are cut here.
  return (async function* () {
    const cursor = new ByteCursor(chunks);
    try {
      await cursor.skip(offset);
      yield* cursor.take(file.storedSize);
    } finally {
      await cursor.close();
    }
  })();
}

/**
 * Streams one file of the grant to its destination, decrypting segment by segment: memory
 * stays at about one 1 MiB segment, whatever the file's size.
 */
export async function downloadFile(
  api: ApiClient,
  file: IncomingFile,
  destination: Destination,
  decryption: Decryption,
  overwrite: boolean,
): Promise<void> {
  const headers = { ...file.headers };
  if (file.offset !== undefined) {
    headers.range = `bytes=${file.offset}-${file.offset + file.storedSize - 1}`;
  }
  const response = await api.send(api.resolve(file.url), { headers });
  if (response.body === null) throw new CliError(`the server sent no body for ${file.name}`);
  const progress = progressBar(file.name, file.size);
  const stored = storedBytes(response, file);
  const plain: AsyncIterable<Uint8Array> = decryption
    ? decryptChunks({
        encKey: decryption.encKey,
        source: stored,
        storedLength: file.storedSize,
        expectedSize: file.size,
      })
    : exactly(stored, file.size, file.name);
  const chunks = counted(plain, progress);
  try {
    if (destination.kind === 'stdout') await writeToStdout(chunks);
    else await writeFileAtomically(destination.path, chunks, overwrite);
  } catch (error) {
    if (isDecryptionError(error)) throw new FileDecryptionError(file.name);
    if (error instanceof TypeError) {
      // undici reports a connection lost mid-body as a TypeError ("terminated").
      throw new NetworkError(`the download of ${file.name} failed: ${error.message}`);
    }
    throw error;
  } finally {
    progress.finish();
  }
}
