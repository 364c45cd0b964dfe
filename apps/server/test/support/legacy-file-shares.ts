import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { encryptedSize } from '@codedrop/crypto';
import { bundleBlobKey, newBlobKey } from '../../src/infra/blob/port.js';
import type { TestDialect } from './databases.js';
import { fakeEncryptedShare } from './envelopes.js';

// File shares as the schema before the files-only migration wrote them: the
// first file in columns of its own, and every file in `files` only when there are several.

export const sha256Hex = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface LegacyFile {
  key: string;
  name: string;
  mime: string;
  bytes: Buffer;
}

/**
 * Makes files and their rows for a database at 0015 whose blobs are in `dataDir/blobs`
 * (the local store). Keys are made at `madeAt` (ms); rows live until an hour after `now`.
 */
export function legacyFileShares(dialect: TestDialect, dataDir: string, now: Date, madeAt: number) {
  const at = (date: Date) => (dialect === 'sqlite' ? date.toISOString() : date);
  const bool = (value: boolean) => (dialect === 'sqlite' ? Number(value) : value);
  const later = new Date(now.getTime() + 3_600_000);
  const blobDir = join(dataDir, 'blobs');
  mkdirSync(blobDir, { recursive: true });
  const store = (key: string, bytes: Uint8Array) =>
    writeFileSync(join(blobDir, key), bytes, { mode: 0o600 });

  /** A plain file; with `first`, the `n`-th further file of the bundle `first` begins. */
  const plainFile = (name: string, mime: string, size: number, first?: string, n = 0) => ({
    key: first === undefined ? newBlobKey(name, madeAt) : bundleBlobKey(first, n, name),
    name,
    mime,
    bytes: randomBytes(size),
  });
  /** An encrypted file of `size` plaintext bytes, stored as the server stored one. */
  const sealedFile = (size: number, first?: string, n = 0) => ({
    key: first === undefined ? newBlobKey(null, madeAt) : bundleBlobKey(first, n, null),
    name: 'encrypted_file',
    mime: 'application/octet-stream',
    bytes: randomBytes(encryptedSize(size)),
  });
  /** The columns of an encrypted share, and the authKey its downloads take. */
  const sealing = () => {
    const share = fakeEncryptedShare();
    return {
      authKey: share.authKey,
      columns: {
        is_encrypted: bool(true),
        encrypted_payload: JSON.stringify(share.encryptedPayload),
        kdf: JSON.stringify(share.encryptedPayload.kdf),
        auth_verifier: share.authVerifier,
      },
    };
  };
  /** The share's row, its files stored; `extra` sets or overrides columns. */
  const fileRow = (code: string, files: LegacyFile[], extra: Record<string, unknown> = {}) => {
    for (const file of files) store(file.key, file.bytes);
    const first = files[0]!;
    const entries = files.map((f) => ({
      key: f.key,
      name: f.name,
      size: f.bytes.length,
      mime: f.mime,
      sha256: sha256Hex(f.bytes),
    }));
    return {
      code,
      type: 'file',
      delete_token_hash: 'h',
      created_at: at(now),
      expires_at: at(later),
      reclaim_after: at(later),
      max_downloads: 3,
      file_name: first.name,
      file_size: files.reduce((n, file) => n + file.bytes.length, 0),
      file_mime: first.mime,
      blob_key: first.key,
      file_sha256: sha256Hex(first.bytes),
      files: files.length === 1 ? null : JSON.stringify(entries),
      ...extra,
    };
  };
  return { at, bool, store, plainFile, sealedFile, sealing, fileRow };
}
