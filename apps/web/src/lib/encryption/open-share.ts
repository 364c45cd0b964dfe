import type { ShareView } from '@codedrop/contract';
import {
  deriveKeysFor,
  isDecryptionError,
  openFileMeta,
  openText,
  toBase64,
  type DerivedKeys,
  type FileMeta,
} from '@codedrop/crypto';
import type { ClientProblem } from '../api/result';
import { unlockShare } from '../api/unlock-api';

export type UnlockFailure =
  /** The server refused the password; `attemptsLeft` before the share is destroyed. */
  | { reason: 'wrong-password'; attemptsLeft?: number }
  /** That wrong password was the last one allowed: the share is gone. */
  | { reason: 'destroyed' }
  /** The published parameters or the envelope cannot be opened: bad or altered data. */
  | { reason: 'corrupt' }
  | { reason: 'problem'; problem: ClientProblem };

export type UnlockResult<T> =
  { ok: true; keys: DerivedKeys; value: T } | ({ ok: false } & UnlockFailure);

/**
 * Reader side of docs/design.md#encryption: derive the keys from the share's published `kdf`, prove
 * the password to the server with authKey, and open the envelope it hands back. Nothing is returned
 * unless the envelope authenticates. Never throws.
 */
async function openShare<T>(
  share: ShareView,
  password: string,
  open: (encKey: CryptoKey, envelope: unknown) => Promise<T>,
): Promise<UnlockResult<T>> {
  const keys = await attempt(() => deriveKeysFor(password, share.kdf));
  if (keys === undefined) return { ok: false, reason: 'corrupt' };
  const unlocked = await unlockShare(share.code, toBase64(keys.authKey));
  if (!unlocked.ok) return { ok: false, ...unlockFailure(unlocked.problem) };
  const value = await attempt(() => open(keys.encKey, unlocked.data.encryptedPayload));
  if (value === undefined) return { ok: false, reason: 'corrupt' };
  return { ok: true, keys, value };
}

/** The text of a clipboard share or the HTML of a note. */
export function openTextShare(share: ShareView, password: string): Promise<UnlockResult<string>> {
  return openShare(share, password, openText);
}

/** The real names, types and plaintext sizes of a file share's files, in upload order. */
export function openFileShare(
  share: ShareView,
  password: string,
): Promise<UnlockResult<FileMeta[]>> {
  return openShare(share, password, openFileMeta);
}

export function unlockFailure(problem: ClientProblem): UnlockFailure {
  switch (problem.code) {
    case 'WRONG_PASSWORD':
      return { reason: 'wrong-password', attemptsLeft: problem.attemptsLeft };
    case 'SHARE_DESTROYED':
      return { reason: 'destroyed' };
    default:
      return { reason: 'problem', problem };
  }
}

async function attempt<T>(work: () => Promise<T>): Promise<T | undefined> {
  try {
    return await work();
  } catch (error) {
    // Anything else is a bug, not bad data; the visitor still sees "failed to decrypt".
    if (!isDecryptionError(error)) console.error(error);
    return undefined;
  }
}
