import { messages, sourceLocale } from '@codedrop/contract';
import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { productMessages } from '../i18n/product-messages';
import type { ClientProblem } from './result';

/**
 * Sentences the API and this client write in English into a problem's title, detail or field
 * errors, beside the contract's messages. A page in another language shows them translated;
 * any other sentence (a server's own detail) is shown as it came.
 */
const otherWords: Record<string, MessageDescriptor> = {
  // The contract's client (api/result.ts, api/client.ts) and this folder's uploads.
  'Connection problem': msg`Connection problem`,
  'Could not reach CodeDrop. Please check your connection and try again.': msg`Could not reach CodeDrop. Please check your connection and try again.`,
  Cancelled: msg`Cancelled`,
  'The request was cancelled.': msg`The request was cancelled.`,
  'Unexpected response': msg`Unexpected response`,
  'The server sent an unexpected response. Please try again.': msg`The server sent an unexpected response. Please try again.`,
  'Request failed': msg`Request failed`,
  'Something went wrong. Please try again.': msg`Something went wrong. Please try again.`,
  'Upload no longer available': msg`Upload no longer available`,
  'This upload was deleted or expired before it finished. Upload the file again for a new code.': msg`This upload was deleted or expired before it finished. Upload the file again for a new code.`,
  'Upload interrupted': msg`Upload interrupted`,
  'The connection was lost. Your upload can continue where it stopped.': msg`The connection was lost. Your upload can continue where it stopped.`,
  // The server's default words of the failures a visitor may meet (apps/server/src/http).
  'Internal server error': msg`Internal server error`,
  'Something went wrong on our side. Please try again.': msg`Something went wrong on our side. Please try again.`,
  'Service unavailable': msg`Service unavailable`,
  'The service is temporarily unavailable. Please try again shortly.': msg`The service is temporarily unavailable. Please try again shortly.`,
  'Request timeout': msg`Request timeout`,
  'The request took too long to arrive. Please try again.': msg`The request took too long to arrive. Please try again.`,
  // The request problems' words (the contract's requestMessages).
  'This request is not taking any more submissions.': msg`This request is not taking any more submissions.`,
  'This request takes text only, not files.': msg`This request takes text only, not files.`,
  'This request takes files only, not text.': msg`This request takes files only, not text.`,
  'Upload not found': msg`Upload not found`,
  'This upload does not exist: it was given up, deleted, or abandoned and reclaimed.': msg`This upload does not exist: it was given up, deleted, or abandoned and reclaimed.`,
};

/** The English sentences translated besides the contract's messages (for the tests). */
export const knownSentences: readonly string[] = Object.keys(otherWords);

/** The English sentences above and the contract's, each with its words in `i18n`'s locale. */
function translationsIn(i18n: I18n): Map<string, string> {
  const words = new Map<string, string>();
  const local = productMessages(i18n);
  for (const key of Object.keys(messages) as (keyof typeof messages)[]) {
    const english = messages[key];
    const translated = local[key];
    if (typeof english === 'string' && typeof translated === 'string') {
      words.set(english, translated);
    }
  }
  for (const [english, descriptor] of Object.entries(otherWords)) {
    words.set(english, i18n._(descriptor));
  }
  return words;
}

const byCatalog = new WeakMap<I18n, Map<string, string>>();

/** `text` in the page's language when it is one of the known English sentences; else as is. */
export function knownWords(text: string, i18n: I18n): string {
  // In English every known sentence is already what the page shows.
  if (i18n.locale === sourceLocale) return text;
  let words = byCatalog.get(i18n);
  if (words === undefined) {
    words = translationsIn(i18n);
    byCatalog.set(i18n, words);
  }
  return words.get(text) ?? text;
}

/**
 * The problem with its known sentences (title, detail, field errors) in the page's
 * language, for a page that shows what the API said. Problems are still told apart by code.
 */
export function localProblem(problem: ClientProblem, i18n: I18n): ClientProblem {
  if (i18n.locale === sourceLocale) return problem;
  const say = (text: string) => knownWords(text, i18n);
  return {
    ...problem,
    title: say(problem.title),
    detail: say(problem.detail),
    ...(problem.errors === undefined
      ? {}
      : { errors: problem.errors.map((error) => ({ ...error, message: say(error.message) })) }),
  };
}
