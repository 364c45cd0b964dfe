import { messages, unlockShareEndpoint, type ShareView } from '@codedrop/contract';
import { deriveKeysFor, isDecryptionError, toBase64 } from '@codedrop/crypto';
import type { ApiClient } from '../api/client.js';
import { CliError } from '../cli-errors.js';
import { passwordForShare } from '../terminal/password-prompt.js';

export interface Unlocked {
  encKey: CryptoKey;
  /** base64, as the unlock and downloads requests take it. */
  authKey: string;
  /** The sealed text, note or file list. */
  envelope: unknown;
}

/**
 * The reader's side of docs/design.md#encryption: derive the keys from the password and the
 * share's `kdf`, prove them with POST …/unlock (each wrong password is counted by the
 * server), and get the envelope back to open locally.
 */
export async function unlockShare(
  api: ApiClient,
  view: ShareView,
  passwordOption: string | undefined,
): Promise<Unlocked> {
  if (view.kdf === undefined)
    throw new CliError('the server sent no key parameters for this share');
  const password = await passwordForShare(passwordOption);
  let keys;
  try {
    keys = await deriveKeysFor(password, view.kdf);
  } catch (error) {
    if (isDecryptionError(error)) throw new CliError(messages.decryptFailed);
    throw error;
  }
  const authKey = toBase64(keys.authKey);
  const { encryptedPayload } = await api.call(unlockShareEndpoint, {
    params: { code: view.code },
    body: { authKey },
  });
  return { encKey: keys.encKey, authKey, envelope: encryptedPayload };
}
