import { codePointLength, messages } from '@codedrop/contract';
import { AppError } from '../../http/app-error.js';

/** Rejects what no database stores faithfully: NUL and lone surrogates. */
export function assertStorableText(field: string, text: string): void {
  // In a /u regex a valid surrogate pair is one code point, so \p{Cs} finds only lone halves.
  if (text.includes('\u0000') || /\p{Cs}/u.test(text)) {
    throw AppError.validation(
      field,
      'The text contains characters that cannot be stored (NUL or unpaired surrogates)',
    );
  }
}

/** Clipboard text: required, not blank, within the limit; stored exactly as sent. */
export function validateClipboardText(text: string, maxChars: number): void {
  if (text.trim() === '') throw AppError.validation('content', messages.textRequired);
  assertStorableText('content', text);
  if (codePointLength(text) > maxChars) throw textTooLong(maxChars);
}

export function textTooLong(maxChars: number): AppError {
  return AppError.validation(
    'content',
    `Text is too long: at most ${maxChars.toLocaleString('en-US')} characters`,
  );
}
