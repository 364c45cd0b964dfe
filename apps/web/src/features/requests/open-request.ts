import type { RequestView, Submission } from '@codedrop/contract';
import {
  deriveKeysFor,
  isDecryptionError,
  openRequestKey,
  openSubmission,
  toBase64,
} from '@codedrop/crypto';
import { unlockRequest } from '../../lib/api/requests-api';
import { unlockFailure, type UnlockFailure } from '../../lib/encryption/open-share';
import type { ListedSubmission, PickupKey } from './listed-submission';
import { storedRanges, storedTotal } from './submission-files';

export type PickupResult =
  { ok: true; key: PickupKey; submissions: ListedSubmission[] } | ({ ok: false } & UnlockFailure);

/**
 * Asker side: the keys from the password and the request's published `kdf` (as an encrypted
 * share's), the unlock proof, then the sealed private key opened and checked against the
 * published public key. Nothing is returned unless the key authenticates. Never throws.
 */
export async function openRequest(
  request: Pick<RequestView, 'code' | 'kdf' | 'publicKey'>,
  password: string,
): Promise<PickupResult> {
  const keys = await attempt(() => deriveKeysFor(password, request.kdf));
  if (keys === undefined) return { ok: false, reason: 'corrupt' };
  const unlocked = await unlockRequest(request.code, toBase64(keys.authKey));
  if (!unlocked.ok) return { ok: false, ...unlockFailure(unlocked.problem) };
  const opened = await attempt(() =>
    openRequestKey(keys.encKey, unlocked.data.encryptedPayload, request.publicKey),
  );
  if (opened === undefined) return { ok: false, reason: 'corrupt' };
  const key = { privateKey: opened.privateKey, pickupToken: unlocked.data.pickupToken };
  return {
    ok: true,
    key,
    submissions: await openSubmissions(key, request.publicKey, unlocked.data.submissions),
  };
}

/** Opens each submission's header; one that does not open is kept, marked damaged. */
export async function openSubmissions(
  key: PickupKey,
  publicKey: RequestView['publicKey'],
  submissions: readonly Submission[],
): Promise<ListedSubmission[]> {
  return Promise.all(
    submissions.map(async (submission): Promise<ListedSubmission> => {
      const opened = await attempt(() =>
        openSubmission(key.privateKey, publicKey, submission.header),
      );
      const { id, createdAt } = submission;
      if (opened === undefined) return { id, createdAt, damaged: true };
      const { files, text } = opened.meta;
      // The stored bytes are the files' streams and nothing else, or the upload is damaged.
      if (storedTotal(files) !== submission.storedBytes) return { id, createdAt, damaged: true };
      const ranges = storedRanges(files);
      return {
        id,
        createdAt,
        files: files.map((file, index) => ({ ...file, range: ranges[index]! })),
        ...(text === undefined ? {} : { text }),
        encKey: opened.encKey,
      };
    }),
  );
}

async function attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    // Anything else is a bug, not bad data; the asker still sees "failed to decrypt".
    if (!isDecryptionError(error)) console.error(error);
    return undefined;
  }
}
