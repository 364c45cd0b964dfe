import { messages } from '@codedrop/contract';
import { AppError } from './app-error.js';

/** Counts Unicode code points, which is what "characters" means in the limits. */
export function codePointLength(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

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
  if (codePointLength(text) > maxChars) {
    throw AppError.validation(
      'content',
      `Text is too long: at most ${maxChars.toLocaleString('en-US')} characters`,
    );
  }
}
