import { createKeys, sealText, type Envelope } from '@codedrop/crypto';
import { recoveryFields, type EncryptionChoice } from './options';
import type { SealProgressListener } from './progress';

/** The encryption fields of `POST /api/shares`. */
export interface SealedTextFields {
  encryptedPayload: Envelope;
  authVerifier: string;
  recoveryEmail?: string;
  recoveryPassword?: string;
}

/**
 * Encrypts clipboard text or a note's HTML under the password (docs/design.md#encryption). Only the
 * envelope and the verifier leave the browser, plus the password itself when the sharer
 * chose a recovery email (§6).
 */
export async function sealTextShare(
  choice: EncryptionChoice,
  text: string,
  onProgress?: SealProgressListener,
): Promise<SealedTextFields> {
  onProgress?.({ stage: 'deriving' });
  const keys = await createKeys(choice.password);
  const size = new TextEncoder().encode(text).length;
  onProgress?.({ stage: 'encrypting', done: 0, total: size });
  const encryptedPayload = await sealText(keys, text);
  onProgress?.({ stage: 'encrypting', done: size, total: size });
  return { encryptedPayload, authVerifier: keys.authVerifier, ...recoveryFields(choice) };
}

/**
 * For `.catch` on a seal: WebCrypto failing here is a bug or a broken browser, not bad
 * input. It is logged, and the page reports the share as not created (null).
 */
export function sealFailed(error: unknown): null {
  console.error('Encryption failed', error);
  return null;
}
