import { cleanFileName, type FileShareView } from '@codedrop/contract';
import type { DerivedKeys, FileMeta } from '@codedrop/crypto';

/** One file as the visitor gets it. */
export interface ReceivedFile {
  /** Cleaned, as shown and saved. */
  name: string;
  /** Bytes the visitor gets (the plaintext size of an encrypted file). */
  size: number;
  /** The declared type ('' when unknown): a hint for the icon, never what a preview trusts. */
  type: string;
  /** Bytes stored: the ciphertext length of an encrypted file, which tells its last segment. */
  storedSize: number;
}

/** A file share ready to download: its files in upload order, counts, and keys if encrypted. */
export interface ReceivedShare {
  code: string;
  files: ReceivedFile[];
  count: { used: number; max: number };
  /** The unlocked keys of an encrypted share: authKey takes downloads, encKey opens each file. */
  keys?: DerivedKeys;
  /** The sender's upload is still running: nothing can be downloaded yet. */
  uploading?: boolean;
}

/** A plain file share, or null when the view lists no file. */
export function plainShare(share: FileShareView): ReceivedShare | null {
  if (share.files.length === 0) return null;
  return {
    code: share.code,
    files: share.files.map((entry) => ({
      name: cleanFileName(entry.name ?? '') || 'download',
      size: entry.size,
      type: entry.type ?? '',
      storedSize: entry.size,
    })),
    count: { used: share.downloadCount, max: share.maxDownloads },
    uploading: share.status === 'uploading',
  };
}

/**
 * An unlocked encrypted file share: the real names, types and sizes from the decrypted
 * metadata, the stored sizes from the view. Null when the two do not list the same number
 * of files (the share is damaged).
 */
export function encryptedShare(
  share: FileShareView,
  metas: readonly FileMeta[],
  keys: DerivedKeys,
): ReceivedShare | null {
  const stored = share.files;
  if (stored.length === 0 || stored.length !== metas.length) return null;
  return {
    code: share.code,
    files: metas.map((meta, index) => ({
      // Cleaned when decrypted (packages/crypto), like any name.
      name: meta.name,
      size: meta.size,
      type: meta.type,
      storedSize: stored[index]!.size,
    })),
    count: { used: share.downloadCount, max: share.maxDownloads },
    keys,
    uploading: share.status === 'uploading',
  };
}

/** The metadata an encrypted file was sealed with, for the decryptor and the save picker. */
export function metaOf(file: ReceivedFile): FileMeta {
  return { name: file.name, type: file.type, size: file.size };
}
