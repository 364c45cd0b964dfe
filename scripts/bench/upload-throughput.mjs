import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { postStreamed } from './multipart-upload.mjs';
import { flushPendingWrites } from './pending-writes.mjs';

/** Random (incompressible) bytes written 1 MiB at a time. */
export async function writeRandomFile(path, bytes) {
  async function* chunks() {
    for (let left = bytes; left > 0; left -= 1_048_576)
      yield randomBytes(Math.min(left, 1_048_576));
  }
  await pipeline(Readable.from(chunks()), createWriteStream(path));
}

/**
 * One upload, failing loudly unless the server answered 201 and `accepted` agrees with its
 * answer (so a server that stored a truncated file cannot look fast).
 */
export async function uploadOnce(url, body, accepted) {
  const { status, text, seconds } = await postStreamed(url, body);
  if (status !== 201) throw new Error(`POST ${url} answered ${status}: ${text.slice(0, 500)}`);
  const answer = JSON.parse(text);
  if (!accepted(answer)) throw new Error(`POST ${url} answered an unexpected body: ${text}`);
  return seconds;
}

/**
 * MiB of file per second for each target over `count` rounds, after one warm-up upload each.
 * Rounds alternate between the targets so disk write-back and other background noise fall
 * on both alike.
 */
export async function measureUploads(targets, body, count) {
  flushPendingWrites();
  const seconds = targets.map(() => 0);
  for (const target of targets) await uploadOnce(target.url, body, target.accepted);
  for (let round = 0; round < count; round++) {
    for (const [i, target] of targets.entries()) {
      seconds[i] += await uploadOnce(target.url, body, target.accepted);
    }
  }
  return seconds.map((total) => (body.fileBytes * count) / 1_048_576 / total);
}
