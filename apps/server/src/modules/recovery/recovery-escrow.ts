import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

export interface RecoveryEscrow {
  /** Escrow of the password and a keyed hash of the email: all the database keeps. */
  seal(email: string, password: string): { emailHash: string; escrow: string };
  /** Every hash the email may be stored under (current key, then the previous one). */
  emailHashes(email: string): string[];
  /** The password, or null when no configured key opens the escrow. */
  open(escrow: string): string | null;
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

function derive(key: string, info: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(key, 'utf8'), Buffer.alloc(0), info, 32));
}

/**
 * docs/design.md#recovery-email: the recovery key never enters the database; the previous key is
 * still tried for reading so a rotation loses no live share (they last at most 24 h).
 */
export function createRecoveryEscrow(
  recoveryKey: string,
  previousKey: string | null,
): RecoveryEscrow {
  const keys = [recoveryKey, ...(previousKey === null ? [] : [previousKey])].map((key) => ({
    escrowKey: derive(key, 'codedrop/v1/escrow'),
    emailKey: derive(key, 'codedrop/v1/email'),
  }));
  const current = keys[0]!;
  const hashEmail = (emailKey: Buffer, email: string) =>
    createHmac('sha256', emailKey).update(normaliseEmail(email), 'utf8').digest('base64');

  return {
    seal(email, password) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', current.escrowKey, iv);
      const sealed = Buffer.concat([
        iv,
        cipher.update(password, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return { emailHash: hashEmail(current.emailKey, email), escrow: sealed.toString('base64') };
    },
    emailHashes(email) {
      return keys.map((k) => hashEmail(k.emailKey, email));
    },
    open(escrow) {
      const sealed = Buffer.from(escrow, 'base64');
      if (sealed.length < 12 + 16) return null;
      const iv = sealed.subarray(0, 12);
      const tag = sealed.subarray(sealed.length - 16);
      const body = sealed.subarray(12, sealed.length - 16);
      for (const { escrowKey } of keys) {
        try {
          const decipher = createDecipheriv('aes-256-gcm', escrowKey, iv);
          decipher.setAuthTag(tag);
          return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
        } catch {
          // Not this key; try the previous one.
        }
      }
      return null;
    },
  };
}
