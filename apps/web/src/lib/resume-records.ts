import type { CreateFileResponse, Envelope } from '@codedrop/contract';

/**
 * What the page keeps of an unfinished resumable upload so a reload can continue it: the
 * upload's address and the secret the server binds it to (without it no request of the
 * upload is answered), the share (code, delete token, expiry) and, for an encrypted file,
 * what the same ciphertext needs besides the password — the sealed metadata (with the
 * key's salt), the verifier the password must reproduce, and the stream's nonce prefix.
 * Never the password, never a key. Kept in localStorage until the upload completes, the
 * share is deleted or it expires.
 */
export interface ResumeRecord {
  uploadUrl: string;
  /** CodeDrop-Upload-Secret, answered when the upload was made. */
  uploadSecret: string;
  share: CreateFileResponse;
  expiresInSeconds: number;
  file: { name: string; size: number; lastModified?: number };
  encryption: {
    encryptedPayload: Envelope;
    authVerifier: string;
    /** base64 of the 7-byte nonce prefix. */
    noncePrefix: string;
    recoveryEmail?: string;
  } | null;
}

const prefix = 'codedrop:resume:';

/** The same file picked again: name, size, type and last-modified time. */
export function fileFingerprint(file: File): string {
  return `${prefix}${file.name}\u0000${file.size}\u0000${file.type}\u0000${file.lastModified}`;
}

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function saveResumeRecord(file: File, record: ResumeRecord): void {
  try {
    storage()?.setItem(fileFingerprint(file), JSON.stringify(record));
  } catch {
    // A full or refused storage only loses the offer to resume after a reload.
  }
}

/** The record of an unfinished upload of this very file, unless its share has expired. */
export function findResumeRecord(file: File, now = Date.now()): ResumeRecord | null {
  const raw = storage()?.getItem(fileFingerprint(file));
  if (!raw) return null;
  try {
    const record = JSON.parse(raw) as ResumeRecord;
    // A record from before uploads had secrets cannot continue its upload any more.
    if (Date.parse(record.share.expiresAt) <= now || typeof record.uploadSecret !== 'string') {
      forgetResumeRecord(file);
      return null;
    }
    return record;
  } catch {
    forgetResumeRecord(file);
    return null;
  }
}

export function forgetResumeRecord(file: File): void {
  storage()?.removeItem(fileFingerprint(file));
}
