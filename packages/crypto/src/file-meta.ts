import { cleanFileName } from '@codedrop/contract';
import { fromUtf8, utf8 } from './bytes.js';
import {
  decryptBytes,
  encryptBytes,
  openBytes,
  sealBytes,
  type EncryptOptions,
  type EncryptResult,
  type SealOptions,
  type SealingKeys,
} from './envelope.js';
import type { Envelope } from './envelope-parse.js';
import { DecryptionError } from './errors.js';

/** The real name, MIME type and plaintext size of an encrypted file (docs/design.md#encryption). */
export interface FileMeta {
  name: string;
  type: string;
  size: number;
}

/** Most files one metadata envelope may list; past it the metadata is malformed. */
const maxFiles = 1_000;

function entry(meta: FileMeta): FileMeta {
  if (!Number.isSafeInteger(meta.size) || meta.size < 0) {
    throw new RangeError('size must be a non-negative integer');
  }
  // Fixed key order, whatever the caller's object holds.
  return { name: meta.name, type: meta.type, size: meta.size };
}

/**
 * One file is the object itself (the format of shares made before bundles, which every
 * reader still opens); several are `{"files":[…]}` in upload order.
 */
function serialize(metas: readonly FileMeta[]): Uint8Array<ArrayBuffer> {
  if (metas.length === 0 || metas.length > maxFiles) {
    throw new RangeError(`a share carries 1 to ${maxFiles} files`);
  }
  const body = metas.length === 1 ? entry(metas[0]!) : { files: metas.map(entry) };
  return utf8(JSON.stringify(body));
}

function deserializeEntry(value: unknown): FileMeta {
  const meta = value as Partial<Record<keyof FileMeta, unknown>> | null;
  if (
    typeof meta !== 'object' ||
    meta === null ||
    typeof meta.name !== 'string' ||
    typeof meta.type !== 'string' ||
    typeof meta.size !== 'number' ||
    !Number.isSafeInteger(meta.size) ||
    meta.size < 0
  ) {
    throw new DecryptionError('malformed', 'File metadata has the wrong shape');
  }
  // The name is the uploader's: it is shown and saved under, so it is cleaned like any name.
  return { name: cleanFileName(meta.name) || 'download', type: meta.type, size: meta.size };
}

function deserialize(bytes: Uint8Array): FileMeta[] {
  let value: unknown;
  try {
    value = JSON.parse(fromUtf8(bytes));
  } catch (cause) {
    throw new DecryptionError('malformed', 'File metadata is not JSON', { cause });
  }
  const files = (value as { files?: unknown } | null)?.files;
  if (files === undefined) return [deserializeEntry(value)];
  if (!Array.isArray(files) || files.length === 0 || files.length > maxFiles) {
    throw new DecryptionError('malformed', 'File metadata has the wrong shape');
  }
  return files.map(deserializeEntry);
}

export async function sealFileMeta(
  keys: SealingKeys,
  metas: readonly FileMeta[],
  options?: SealOptions,
): Promise<Envelope> {
  return await sealBytes(keys, serialize(metas), options);
}

export async function openFileMeta(encKey: CryptoKey, envelope: unknown): Promise<FileMeta[]> {
  return deserialize(await openBytes(encKey, envelope));
}

export async function encryptFileMeta(
  password: string,
  metas: readonly FileMeta[],
  options?: EncryptOptions,
): Promise<EncryptResult> {
  return await encryptBytes(password, serialize(metas), options);
}

export async function decryptFileMeta(password: string, envelope: unknown): Promise<FileMeta[]> {
  return deserialize(await decryptBytes(password, envelope));
}
