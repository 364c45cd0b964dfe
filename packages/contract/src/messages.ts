import { formatCount } from './format-count.js';
import { maxRoomDevices } from './limits.js';

/**
 * User-facing words (docs/product.md#messages), kept once so the API's problem
 * details and the web app say exactly the same thing.
 */
export const messages = {
  textRequired: 'Please enter some text to share',
  noteRequired: 'Please write something in your note before sharing',
  noteTooLong: (maxChars: number) =>
    `The note is too long: at most ${formatCount(maxChars)} characters`,
  fileRequired: 'Please select a file to share',
  fileTooLargeTitle: 'File too large',
  fileTooLargeDetail: (limit: string) => `Please select a file smaller than ${limit}`,
  /** With several files, MAX_FILE_BYTES bounds their total. */
  filesTooLargeDetail: (limit: string) => `Please select files smaller than ${limit} in total`,
  tooManyFiles: (max: number) => `You can share up to ${max} files at once`,
  passwordRequired: 'Please enter a password for encryption',
  recoveryEmailRequired: 'Please enter your recovery email address',
  invalidEmail: 'Please enter a valid email address',
  recoveryPasswordInvalid:
    'With a recovery email, the password must be one line of at most 256 characters',
  lookupFailed: 'Content not found or has expired. Please check the code and try again.',
  shareNotFound: 'Share not found',
  shareExpired: 'Share has expired',
  downloadLimitReached: 'Download limit reached',
  /**
   * The words to the visitor whose download was the last one allowed (docs/product.md#downloads).
   */
  fileDeleted: 'This file has now been deleted.',
  /**
   * For everyone after: the bytes stay until the last issued URL has expired (up to five
   * minutes), so "deleted" would not yet be true.
   */
  downloadLimitDetail: 'This file has reached its download limit and can no longer be downloaded.',
  invalidFileShare: 'Invalid file share',
  downloadLinkUsed:
    'This download link has been used up. Download the file again to get a new one.',
  downloadUrlFailed: 'Failed to generate download URL',
  decryptFailed: 'Failed to decrypt content. Please check your password.',
  decryptFailedToast: 'Decryption failed: Invalid password or corrupted data.',
  attemptsLeft: (n: number) => `${n} attempts left.`,
  shareDestroyed: 'Too many wrong passwords. This share has been deleted.',
  shareBurnt: 'This content has already been viewed and deleted.',
  shareDeleted: 'This content was deleted by its creator.',
  burnNotice: 'This content was deleted after this view.',
  rateLimited: (seconds: number) =>
    `Too many attempts. Please wait ${seconds} seconds and try again.`,
  insecureContext: 'Encryption needs a secure connection (HTTPS).',
  recoveryDisclosure:
    'With a recovery email, we can send you the password if you forget it. Only add one if you are comfortable with that.',
  recoverySentTitle: 'Recovery Email Sent',
  recoverySentDetail: 'Check your inbox for recovery information.',
  recoveryFailedTitle: 'Recovery Failed',
  recoveryNotFound: "We couldn't find any content linked to this email.",
  recoveryErrorTitle: 'Unable to Send Email',
  recoveryErrorDetail: 'Please try again later or contact support if the problem persists.',
  clipboardCreateFailed: 'Failed to create clipboard share',
  uploadFailed: 'Failed to upload file',
  uploadMalformed: 'The upload arrived incomplete or malformed. Please try again.',
  filesField: 'Send the files in fields named "file", after the other fields',
  serviceBusy: 'CodeDrop is busy right now. Please try again in a moment.',
  storageFull: 'CodeDrop is full right now. Please try again later.',
  /** A recipient who tries to download a share whose upload is still running. */
  shareUploading: 'This file is still uploading. The download starts once every byte has arrived.',
  /** The recipient's view of a share still uploading (docs/product.md#resumable-uploads). */
  uploadingPercent: (percent: number) => `Uploading… ${percent}%`,
  resumeUpload: 'Resume upload',
  downloadFailed: 'Download failed',
  /** docs/product.md#reports */
  reportThanks: 'Thank you. We will review this share.',
  shareQuarantined: 'This content is unavailable while it is reviewed.',
  /** Its creator tried to delete a share held for review (docs/api.md#delete-now). */
  shareUnderReview:
    'This share was reported and is held for review: it cannot be deleted until an operator has looked at it.',
  contentBlocked: 'This file cannot be shared.',
  downloadFailedFallback: 'Failed to download file',
} as const;

/**
 * The words of the request problems (docs/api.md#requests). Apart from `messages` until the
 * web app translates them: each of those needs its translations in every locale.
 */
export const requestMessages = {
  /** A request at its count of submissions. */
  full: 'This request is not taking any more submissions.',
  notAcceptingFiles: 'This request takes text only, not files.',
  notAcceptingText: 'This request takes files only, not text.',
} as const;

/** What the API says of live rooms (docs/api.md#live-rooms). */
export const roomMessages = {
  /** A room with as many devices connected as it takes. */
  full: `This room already has ${maxRoomDevices} devices connected. Close it on one of them and try again.`,
} as const;
