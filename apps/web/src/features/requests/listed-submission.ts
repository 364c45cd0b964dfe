import type { FileMeta } from '@codedrop/crypto';
import type { StoredRange } from './submission-files';

// The asker's list of submissions, apart from the code that opens them (open-request.ts),
// so that the list's components load without the crypto package.

/** One submission as the asker reads it. */
export interface OpenedSubmission {
  id: string;
  createdAt: string;
  /** Its files in upload order, each with its place in the stored bytes. */
  files: (FileMeta & { range: StoredRange })[];
  text?: string;
  /** Decrypts each file (decryptBlob). */
  encKey: CryptoKey;
}

/** A submission that cannot be opened (altered, or made for another key): listed as such. */
export interface DamagedSubmission {
  id: string;
  createdAt: string;
  damaged: true;
}

export type ListedSubmission = OpenedSubmission | DamagedSubmission;

export const isDamaged = (entry: ListedSubmission): entry is DamagedSubmission =>
  'damaged' in entry;

/** What opens the request's submissions: its private key, with the token that fetches them. */
export interface PickupKey {
  privateKey: CryptoKey;
  pickupToken: string;
}
