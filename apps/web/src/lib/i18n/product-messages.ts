import type { messages } from '@codedrop/contract';
import type { I18n } from '@lingui/core';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { formatCountIn } from './format-numbers';

/** The product's messages (packages/contract, which the API's details keep in English). */
export type ProductMessages = {
  [K in keyof typeof messages]: (typeof messages)[K] extends string ? string : (typeof messages)[K];
};

function messagesOf(i18n: I18n): ProductMessages {
  return {
    textRequired: t(i18n)`Please enter some text to share`,
    noteRequired: t(i18n)`Please write something in your note before sharing`,
    noteTooLong: (maxChars: number) => {
      const count = formatCountIn(i18n.locale, maxChars);
      return t(i18n)`The note is too long: at most ${count} characters`;
    },
    fileRequired: t(i18n)`Please select a file to share`,
    fileTooLargeTitle: t(i18n)`File too large`,
    fileTooLargeDetail: (limit: string) => {
      return t(i18n)`Please select a file smaller than ${limit}`;
    },
    filesTooLargeDetail: (limit: string) => {
      return t(i18n)`Please select files smaller than ${limit} in total`;
    },
    tooManyFiles: (max: number) => {
      return t(i18n)`You can share up to ${max} files at once`;
    },
    passwordRequired: t(i18n)`Please enter a password for encryption`,
    recoveryEmailRequired: t(i18n)`Please enter your recovery email address`,
    invalidEmail: t(i18n)`Please enter a valid email address`,
    recoveryPasswordInvalid: t(
      i18n,
    )`With a recovery email, the password must be one line of at most 256 characters`,
    lookupFailed: t(i18n)`Content not found or has expired. Please check the code and try again.`,
    shareNotFound: t(i18n)`Share not found`,
    shareExpired: t(i18n)`Share has expired`,
    downloadLimitReached: t(i18n)`Download limit reached`,
    fileDeleted: t(i18n)`This file has now been deleted.`,
    downloadLimitDetail: t(
      i18n,
    )`This file has reached its download limit and can no longer be downloaded.`,
    invalidFileShare: t(i18n)`Invalid file share`,
    downloadLinkUsed: t(
      i18n,
    )`This download link has been used up. Download the file again to get a new one.`,
    downloadUrlFailed: t(i18n)`Failed to generate download URL`,
    decryptFailed: t(i18n)`Failed to decrypt content. Please check your password.`,
    decryptFailedToast: t(i18n)`Decryption failed: Invalid password or corrupted data.`,
    attemptsLeft: (n: number) => {
      return t(i18n)`${n} attempts left.`;
    },
    shareDestroyed: t(i18n)`Too many wrong passwords. This share has been deleted.`,
    shareBurnt: t(i18n)`This content has already been viewed and deleted.`,
    shareDeleted: t(i18n)`This content was deleted by its creator.`,
    burnNotice: t(i18n)`This content was deleted after this view.`,
    rateLimited: (seconds: number) => {
      return t(i18n)`Too many attempts. Please wait ${seconds} seconds and try again.`;
    },
    insecureContext: t(i18n)`Encryption needs a secure connection (HTTPS).`,
    recoveryDisclosure: t(
      i18n,
    )`With a recovery email, we can send you the password if you forget it. Only add one if you are comfortable with that.`,
    recoverySentTitle: t(i18n)`Recovery Email Sent`,
    recoverySentDetail: t(i18n)`Check your inbox for recovery information.`,
    recoveryFailedTitle: t(i18n)`Recovery Failed`,
    recoveryNotFound: t(i18n)`We couldn't find any content linked to this email.`,
    recoveryErrorTitle: t(i18n)`Unable to Send Email`,
    recoveryErrorDetail: t(
      i18n,
    )`Please try again later or contact support if the problem persists.`,
    clipboardCreateFailed: t(i18n)`Failed to create clipboard share`,
    uploadFailed: t(i18n)`Failed to upload file`,
    uploadMalformed: t(i18n)`The upload arrived incomplete or malformed. Please try again.`,
    filesField: t(i18n)`Send the files in fields named "file", after the other fields`,
    serviceBusy: t(i18n)`CodeDrop is busy right now. Please try again in a moment.`,
    storageFull: t(i18n)`CodeDrop is full right now. Please try again later.`,
    shareUploading: t(
      i18n,
    )`This file is still uploading. The download starts once every byte has arrived.`,
    uploadingPercent: (percent: number) => {
      return t(i18n)`Uploading… ${percent}%`;
    },
    resumeUpload: t(i18n)`Resume upload`,
    downloadFailed: t(i18n)`Download failed`,
    reportThanks: t(i18n)`Thank you. We will review this share.`,
    shareQuarantined: t(i18n)`This content is unavailable while it is reviewed.`,
    shareUnderReview: t(
      i18n,
    )`This share was reported and is held for review: it cannot be deleted until an operator has looked at it.`,
    contentBlocked: t(i18n)`This file cannot be shared.`,
    downloadFailedFallback: t(i18n)`Failed to download file`,
  };
}

const byCatalog = new WeakMap<I18n, ProductMessages>();

/** docs/product.md#messages in the locale of `i18n`: word for word the contract's in English. */
export function productMessages(i18n: I18n): ProductMessages {
  let found = byCatalog.get(i18n);
  if (found === undefined) {
    found = messagesOf(i18n);
    byCatalog.set(i18n, found);
  }
  return found;
}

/** The product's messages in the language of the page being rendered. */
export function useMessages(): ProductMessages {
  return productMessages(useLingui().i18n);
}
