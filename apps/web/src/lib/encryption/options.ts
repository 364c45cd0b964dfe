import { emailPattern, isRecoverablePassword } from '@codedrop/contract';
import type { ProductMessages } from '../i18n/product-messages';

/** What the encryption options card holds, as typed. */
export interface EncryptionOptions {
  enabled: boolean;
  password: string;
  recoveryEmail: string;
}

export const initialEncryptionOptions: EncryptionOptions = {
  enabled: false,
  password: '',
  recoveryEmail: '',
};

export interface EncryptionOptionsErrors {
  password?: string;
  recoveryEmail?: string;
}

/**
 * docs/product.md#encryption-options: with encryption on a password is required; a recovery email
 * is optional but x@y.z. The errors are in the page's `messages` (lib/i18n/product-messages.ts).
 */
export function validateEncryptionOptions(
  options: EncryptionOptions,
  messages: ProductMessages,
): EncryptionOptionsErrors {
  if (!options.enabled) return {};
  const errors: EncryptionOptionsErrors = {};
  if (options.password.trim() === '') errors.password = messages.passwordRequired;
  const email = options.recoveryEmail.trim();
  if (email !== '' && !emailPattern.test(email)) errors.recoveryEmail = messages.invalidEmail;
  // The escrow mails the password back, so with an email it must be one short line.
  if (email !== '' && errors.password === undefined && !isRecoverablePassword(options.password)) {
    errors.password = messages.recoveryPasswordInvalid;
  }
  return errors;
}

export function hasErrors(errors: EncryptionOptionsErrors): boolean {
  return errors.password !== undefined || errors.recoveryEmail !== undefined;
}

/** What a valid, enabled set of options means for sealing a share. */
export interface EncryptionChoice {
  /** Exactly as typed: the reader must type the same characters. */
  password: string;
  /** Trimmed; absent when none was given. */
  recoveryEmail?: string;
}

/** The choice to seal with, or null when encryption is off. Validate first. */
export function encryptionChoice(options: EncryptionOptions): EncryptionChoice | null {
  if (!options.enabled) return null;
  const email = options.recoveryEmail.trim();
  return email === ''
    ? { password: options.password }
    : { password: options.password, recoveryEmail: email };
}

/**
 * The escrow fields of a create request (docs/design.md#recovery-email): the password goes only
 * with an email.
 */
export function recoveryFields(choice: EncryptionChoice) {
  return choice.recoveryEmail === undefined
    ? {}
    : { recoveryEmail: choice.recoveryEmail, recoveryPassword: choice.password };
}
