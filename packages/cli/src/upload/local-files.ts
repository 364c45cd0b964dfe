import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { encryptChunks, encryptedSize, SEGMENT_SIZE } from '@codedrop/crypto';
import { CliError } from '../cli-errors.js';
import type { FormFile } from './multipart.js';

/** A file on disk to send, with what the share will say about it. */
export interface LocalFile {
  path: string;
  name: string;
  type: string;
  size: number;
}

/** Common types by extension; the recipient's browser uses it to preview. */
const typesByExtension: Record<string, string> = {
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.csv': 'text/csv',
  '.html': 'text/html',
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.json': 'application/json',
  '.xml': 'application/xml',
  '.pdf': 'application/pdf',
  '.zip': 'application/zip',
  '.gz': 'application/gzip',
  '.tar': 'application/x-tar',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export function typeOf(name: string): string {
  return typesByExtension[extname(name).toLowerCase()] ?? 'application/octet-stream';
}

/** Checks every path up front: a missing file must fail before anything is uploaded. */
export async function inspectFiles(paths: readonly string[]): Promise<LocalFile[]> {
  return Promise.all(
    paths.map(async (path) => {
      const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
        const reason = error.code === 'ENOENT' ? 'no such file' : error.message;
        throw new CliError(`${path}: ${reason}`);
      });
      if (!info.isFile()) throw new CliError(`${path}: not a regular file`);
      const name = basename(path);
      return { path, name, type: typeOf(name), size: info.size };
    }),
  );
}

/** Reads in segment-sized pieces, which the encryptor then seals without gathering. */
function readFile(file: LocalFile): AsyncIterable<Uint8Array> {
  return createReadStream(file.path, { highWaterMark: SEGMENT_SIZE });
}

/** The file as it is, under its own name and type. */
export function plainPart(file: LocalFile): FormFile {
  return {
    field: 'file',
    fileName: file.name,
    contentType: file.type,
    length: file.size,
    bytes: () => readFile(file),
  };
}

/**
 * The file as ciphertext (docs/design.md#encryption), encrypted as it is sent. Its name and
 * type travel only inside the sealed metadata, so the part is named neutrally, as the web
 * app names it.
 */
export function encryptedPart(file: LocalFile, encKey: CryptoKey): FormFile {
  return {
    field: 'file',
    fileName: 'encrypted_file',
    contentType: 'application/octet-stream',
    length: encryptedSize(file.size),
    bytes: () => encryptChunks({ encKey, source: readFile(file), length: file.size }),
  };
}
