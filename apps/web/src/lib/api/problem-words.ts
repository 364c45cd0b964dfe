import type { I18n } from '@lingui/core';
import { formatBytesCompactIn } from '../i18n/format-numbers';
import { productMessages, type ProductMessages } from '../i18n/product-messages';
import { localProblem } from './known-words';
import type { ClientProblem } from './result';

/** What to tell the visitor about a failed call: a short title and the sentence to show. */
export interface ProblemMessage {
  title: string;
  /** A second sentence, when the title alone does not say what to do. */
  detail?: string;
}

/**
 * Where a problem is shown. Each place words some problems its own way
 * (docs/product.md#messages): a lookup treats a malformed code as a missing share, a
 * create page keeps its own failure title, a download says one line under "Download
 * failed", the recovery form keeps the server's sentence, the report form says the server's
 * words (its field errors are shown next to their fields, not here).
 */
export type ProblemPlace = 'viewer' | 'lookup' | 'create' | 'download' | 'recovery' | 'report';

export interface ProblemContext {
  /** The create page's failure title ("Failed to create clipboard share"). */
  failureTitle?: string;
  /** The file page's size limit; text pages have no file to be too large. */
  maxFileBytes?: number;
}

type Say = (problem: ClientProblem, context: ProblemContext) => ProblemMessage;
type Row = Partial<Record<'general' | Exclude<ProblemPlace, 'viewer'>, Say>>;
type Table = Partial<Record<ClientProblem['code'], Row>>;

const waitSeconds = (problem: ClientProblem) =>
  Math.max(1, Math.ceil(problem.retryAfterSeconds ?? 60));
const titled =
  (title: string): Say =>
  () => ({ title });
const failed =
  (detail: (problem: ClientProblem) => string | undefined): Say =>
  (problem, { failureTitle = '' }) => ({ title: failureTitle, detail: detail(problem) });
const firstFieldMessage = (problem: ClientProblem) => problem.errors?.[0]?.message;

/**
 * The one table of problem words: a row per problem code; in it, `general` is what the
 * viewer and a lookup say, and a place's own column, where there is one, what that place
 * says instead. A code without a row or column gets the place's fallback below. Problems are
 * told apart by code, never by their text.
 */
function tableOf(messages: ProductMessages, locale: string): Table {
  const missing: Say = () => ({ title: messages.shareNotFound, detail: messages.lookupFailed });
  const sizeLimit = (maxFileBytes: number) =>
    messages.fileTooLargeDetail(formatBytesCompactIn(locale, maxFileBytes));
  return {
    SHARE_NOT_FOUND: { general: missing, download: titled(messages.shareNotFound) },
    SHARE_EXPIRED: {
      general: () => ({ title: messages.shareExpired, detail: messages.lookupFailed }),
      download: titled(messages.shareExpired),
    },
    DOWNLOAD_LIMIT_REACHED: {
      general: () => ({
        title: messages.downloadLimitReached,
        detail: messages.downloadLimitDetail,
      }),
      download: titled(messages.downloadLimitReached),
    },
    DOWNLOAD_LINK_USED: { download: titled(messages.downloadLinkUsed) },
    SHARE_BURNT: { general: titled(messages.shareBurnt) },
    SHARE_DELETED: {
      general: titled(messages.shareDeleted),
      download: titled(messages.shareDeleted),
    },
    SHARE_DESTROYED: {
      general: titled(messages.shareDestroyed),
      download: titled(messages.shareDestroyed),
    },
    SHARE_UPLOADING: {
      general: titled(messages.shareUploading),
      download: titled(messages.shareUploading),
    },
    // Held for an operator after enough reports; it may come back, so it is not "not found".
    SHARE_QUARANTINED: {
      general: titled(messages.shareQuarantined),
      download: titled(messages.shareQuarantined),
    },
    // A file on the operator's block list: trying again cannot help, so the page says why.
    CONTENT_BLOCKED: { create: failed(() => messages.contentBlocked) },
    // A resumable upload the server no longer has (deleted, or abandoned and reclaimed).
    UPLOAD_NOT_FOUND: { create: failed((problem) => problem.detail) },
    INVALID_FILE_SHARE: {
      general: titled(messages.invalidFileShare),
      download: titled(messages.invalidFileShare),
    },
    RATE_LIMITED: {
      general: (problem) => ({ title: messages.rateLimited(waitSeconds(problem)) }),
      create: failed((problem) => messages.rateLimited(waitSeconds(problem))),
      download: (problem) => ({ title: messages.rateLimited(waitSeconds(problem)) }),
      recovery: (problem) => ({ title: messages.rateLimited(waitSeconds(problem)) }),
      report: (problem) => ({ title: messages.rateLimited(waitSeconds(problem)) }),
    },
    PAYLOAD_TOO_LARGE: {
      general: (problem, { maxFileBytes }) => ({
        title: messages.fileTooLargeTitle,
        detail: maxFileBytes === undefined ? problem.detail : sizeLimit(maxFileBytes),
      }),
      // A text or note over its limit: the server's detail says which limit.
      create: (problem, context) =>
        context.maxFileBytes === undefined
          ? failed(() => problem.detail)(problem, context)
          : {
              title: messages.fileTooLargeTitle,
              detail: sizeLimit(context.maxFileBytes),
            },
    },
    WRONG_PASSWORD: {
      general: (problem) => ({
        title: messages.decryptFailed,
        detail:
          problem.attemptsLeft === undefined
            ? messages.decryptFailedToast
            : messages.attemptsLeft(problem.attemptsLeft),
      }),
    },
    RECOVERY_NOT_FOUND: {
      general: () => ({ title: messages.recoveryFailedTitle, detail: messages.recoveryNotFound }),
      recovery: (problem) => ({
        title: messages.recoveryFailedTitle,
        detail: problem.detail.trim() === '' ? messages.recoveryNotFound : problem.detail,
      }),
    },
    // A malformed code is, for the visitor, a code that does not exist.
    VALIDATION_FAILED: {
      lookup: missing,
      create: failed((problem) => firstFieldMessage(problem) ?? problem.detail),
      recovery: (problem) => ({
        title: messages.recoveryFailedTitle,
        detail: firstFieldMessage(problem) ?? messages.recoveryNotFound,
      }),
    },
    NOT_FOUND: { lookup: missing },
    INSUFFICIENT_STORAGE: { create: failed(() => messages.storageFull) },
    NETWORK_ERROR: {
      create: failed((problem) => problem.detail),
      download: (problem) => ({ title: problem.detail }),
    },
  };
}

/** What a place says for a problem its column and `general` leave out. */
const fallbackOf = (messages: ProductMessages): Record<ProblemPlace, Say> => ({
  viewer: (problem) => ({ title: problem.title, detail: problem.detail }),
  lookup: (problem) => ({ title: problem.title, detail: problem.detail }),
  create: failed(() => undefined),
  download: titled(messages.downloadFailedFallback),
  recovery: (problem) => {
    // The reason is for the developer console; the visitor gets "Unable to Send Email".
    console.error(`Failed to send recovery email: ${problem.detail}`);
    return { title: messages.recoveryErrorTitle, detail: messages.recoveryErrorDetail };
  },
  report: (problem) => ({ title: problem.title, detail: problem.detail }),
});

const byCatalog = new WeakMap<I18n, { table: Table; fallback: Record<ProblemPlace, Say> }>();

/** The table and fallbacks in the words of `i18n`, made once per catalog. */
function wordsOf(i18n: I18n) {
  let words = byCatalog.get(i18n);
  if (words === undefined) {
    const messages = productMessages(i18n);
    words = { table: tableOf(messages, i18n.locale), fallback: fallbackOf(messages) };
    byCatalog.set(i18n, words);
  }
  return words;
}

/**
 * The user-facing words for `problem` where it is shown, in the language of `i18n`; the
 * server's own sentences pass through, translated where they are known ones (known-words.ts).
 */
export function problemWords(
  place: ProblemPlace,
  received: ClientProblem,
  i18n: I18n,
  context: ProblemContext = {},
): ProblemMessage {
  const { table, fallback } = wordsOf(i18n);
  const problem = localProblem(received, i18n);
  const row = table[problem.code];
  const own = place === 'viewer' ? undefined : row?.[place];
  const general = place === 'viewer' || place === 'lookup' ? row?.general : undefined;
  const say = own ?? general ?? fallback[place];
  const words = say(problem, context);
  // A create page without a detail shows its title alone, as before.
  return words.detail === undefined ? { title: words.title } : words;
}
