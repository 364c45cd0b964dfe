import {
  codePointLength,
  maxRequestMessageChars,
  requestSubmissionLimits,
} from '@codedrop/contract';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';

/** The request form as typed. */
export interface RequestFormValues {
  message: string;
  files: boolean;
  text: boolean;
  /** As typed; read with parseSubmissionCount. */
  maxSubmissions: string;
  password: string;
}

export const initialRequestFormValues: RequestFormValues = {
  message: '',
  files: true,
  text: true,
  maxSubmissions: String(requestSubmissionLimits.default),
  password: '',
};

export type RequestFormErrors = Partial<Record<'message' | 'accepts' | 'password', string>>;

/** Characters of the message as the limit counts them (code points, not UTF-16 units). */
export const messageLength = (message: string) => codePointLength(message);

/**
 * The count of submissions to accept: a whole number within the limits; anything else
 * (empty, a fraction, out of range) is brought to the nearest allowed value, as the file
 * page does with its download limit.
 */
export function parseSubmissionCount(text: string): number {
  const { min, max } = requestSubmissionLimits;
  const value = Number.parseInt(text.trim(), 10);
  if (!Number.isFinite(value)) return requestSubmissionLimits.default;
  return Math.min(max, Math.max(min, value));
}

/**
 * What must change before the request can be made: a message within the limit, something
 * to accept, and a password (it is the only way to open what is sent).
 */
export function validateRequestForm(values: RequestFormValues, i18n: I18n): RequestFormErrors {
  const errors: RequestFormErrors = {};
  if (messageLength(values.message) > maxRequestMessageChars) {
    errors.message = t(i18n)`The message is at most ${maxRequestMessageChars} characters`;
  }
  if (!values.files && !values.text) errors.accepts = t(i18n)`Choose files, text or both`;
  if (values.password.trim() === '') {
    errors.password = t(i18n)`Please enter a password, or generate one`;
  }
  return errors;
}

/**
 * The message as it is sent: plain text whose only control characters are line breaks and
 * tabs (the contract refuses others, which a paste can bring); none when nothing is left.
 */
export function messageToSend(message: string): string | undefined {
  const plain = message
    .replace(/\r\n?/g, '\n')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .trim();
  return plain === '' ? undefined : plain;
}
