import { mkdir, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import {
  downloadSubmissionEndpoint,
  formatBytes,
  messages,
  unlockRequestEndpoint,
  type RequestView,
  type Submission,
} from '@codedrop/contract';
import {
  deriveKeysFor,
  encryptedSize,
  isDecryptionError,
  openRequestKey,
  openSubmission,
  toBase64,
  type OpenedSubmission,
} from '@codedrop/crypto';
import type { ApiClient } from '../api/client.js';
import { ApiError, NetworkError } from '../api/problem.js';
import { CliError, UsageError } from '../cli-errors.js';
import { FileDecryptionError } from '../download/download-files.js';
import { saveSubmission, type SavedSubmission } from '../download/save-submission.js';
import { submissionFolderName } from '../download/submission-folders.js';
import { passwordForShare } from '../terminal/password-prompt.js';
import type { GetOptions } from './get-options.js';

export interface GetRequestOptions extends GetOptions {
  password: string | undefined;
}

type Outcome =
  | { id: string; createdAt: string; status: 'saved'; saved: SavedSubmission }
  | { id: string; createdAt: string; status: 'already-saved'; folder: string }
  | { id: string; createdAt: string; status: 'unreadable'; reason: string };

/**
 * The asker's key, after the password's proof (POST …/unlock, counted like a share's: wrong
 * passwords answer the API's words with the attempts left), checked against the published
 * public key.
 */
async function unlockRequest(api: ApiClient, view: RequestView, passwordOption?: string) {
  const password = await passwordForShare(passwordOption, 'request');
  const fail = (error: unknown) => {
    if (isDecryptionError(error)) throw new CliError(messages.decryptFailed);
    throw error;
  };
  const keys = await deriveKeysFor(password, view.kdf).catch(fail);
  const unlocked = await api.call(unlockRequestEndpoint, {
    params: { code: view.code },
    body: { authKey: toBase64(keys.authKey) },
  });
  // The server took the password, so a key that does not open, or is not the published
  // key's, was altered: no password would help.
  const opened = await openRequestKey(keys.encKey, unlocked.encryptedPayload, view.publicKey).catch(
    (error: unknown) => {
      if (!isDecryptionError(error)) throw error;
      throw new CliError(`the request's key cannot be used: ${error.message}`);
    },
  );
  return { privateKey: opened.privateKey, ...unlocked };
}

/**
 * A submission is a stranger's: one sealed to another key, altered, or whose stored size does
 * not match its own metadata is reported and skipped, and the others are still saved.
 */
async function open(
  privateKey: CryptoKey,
  view: RequestView,
  submission: Submission,
): Promise<OpenedSubmission> {
  const opened = await openSubmission(privateKey, view.publicKey, submission.header);
  const expected = opened.meta.files.reduce((sum, file) => sum + encryptedSize(file.size), 0);
  const listsFiles = opened.meta.files.length > 0;
  if (expected !== submission.storedBytes || listsFiles !== submission.hasFile) {
    throw new CliError('its stored files do not match its list of files');
  }
  return opened;
}

/**
 * Why a submission cannot be saved, when it is the submission's fault (a stranger's bytes,
 * which must not keep the others from being saved); null for a failure that stops the pickup
 * (the server refusing, the network, the disk).
 */
function unreadableReason(error: unknown): string | null {
  if (isDecryptionError(error)) return 'it was altered, or made for another key';
  if (error instanceof FileDecryptionError) {
    return `${error.fileName} could not be decrypted: it was altered, or made for another key`;
  }
  if (error instanceof ApiError || error instanceof NetworkError) return null;
  return error instanceof CliError ? error.message : null;
}

function describe(saved: SavedSubmission): string {
  const parts: string[] = [];
  const count = saved.files.length;
  if (count > 0) {
    const bytes = saved.files.reduce((sum, file) => sum + file.size, 0);
    parts.push(`${count} ${count === 1 ? 'file' : 'files'} (${formatBytes(bytes)})`);
  }
  if (saved.text !== null) parts.push('a text');
  return parts.join(' and ');
}

async function folderFor(code: string, output: string | undefined): Promise<string> {
  if (output === '-') {
    throw new UsageError('a request is saved into a folder: -o - does not apply to it');
  }
  const root = resolve(output ?? `codedrop-request-${code}`);
  const info = await stat(root).catch(() => null);
  if (info !== null && !info.isDirectory())
    throw new CliError(`${root} exists and is not a folder`);
  return root;
}

/**
 * `codedrop get CODE` on a request: every submission, oldest first, into its own folder
 * (time and short id) under codedrop-request-CODE/ or -o FOLDER. A submission already saved
 * there is left as it is (run it again later for the new ones), or saved again with --force.
 */
export async function getRequest(
  api: ApiClient,
  view: RequestView,
  options: GetRequestOptions,
): Promise<void> {
  const root = await folderFor(view.code, options.output);
  const { privateKey, pickupToken, submissions } = await unlockRequest(api, view, options.password);
  const blobHeaders = { authorization: `Bearer ${pickupToken}` };
  if (submissions.length > 0) await mkdir(root, { recursive: true });

  const outcomes: Outcome[] = [];
  for (const submission of submissions) {
    const { id, createdAt } = submission;
    const folder = join(root, submissionFolderName(submission));
    const exists = (await stat(folder).catch(() => null)) !== null;
    let outcome: Outcome;
    if (exists && !options.force) {
      outcome = { id, createdAt, status: 'already-saved', folder };
    } else {
      try {
        const opened = await open(privateKey, view, submission);
        const url = api.url(downloadSubmissionEndpoint, { code: view.code, id });
        const blob = submission.hasFile ? { url, headers: blobHeaders } : null;
        const saved = await saveSubmission(api, opened, blob, folder, exists);
        outcome = { id, createdAt, status: 'saved', saved };
      } catch (error) {
        const reason = unreadableReason(error);
        if (reason === null) throw error;
        outcome = { id, createdAt, status: 'unreadable', reason };
      }
    }
    outcomes.push(outcome);
    if (!options.json) {
      const stream = outcome.status === 'unreadable' ? process.stderr : process.stdout;
      stream.write(`${lineOf(outcome)}\n`);
    }
  }

  if (options.json) {
    const result = { code: view.code, folder: root, submissions: outcomes.map(jsonOf) };
    process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
  } else if (submissions.length === 0) {
    process.stdout.write('No submissions yet.\n');
  }
  const unreadable = outcomes.filter((outcome) => outcome.status === 'unreadable').length;
  if (unreadable > 0) {
    throw new CliError(
      `${unreadable} ${unreadable === 1 ? 'submission' : 'submissions'} could not be opened`,
    );
  }
}

function lineOf(outcome: Outcome): string {
  switch (outcome.status) {
    case 'saved':
      return `Saved ${outcome.saved.folder}: ${describe(outcome.saved)}`;
    case 'already-saved':
      return `Already saved ${outcome.folder}`;
    case 'unreadable':
      return `Could not open the submission of ${outcome.createdAt} (${outcome.id}): ${outcome.reason}`;
  }
}

function jsonOf(outcome: Outcome) {
  const { id, createdAt, status } = outcome;
  if (outcome.status === 'saved') {
    const { folder, text, files } = outcome.saved;
    return { id, createdAt, status, folder, text, files };
  }
  if (outcome.status === 'already-saved') return { id, createdAt, status, folder: outcome.folder };
  return { id, createdAt, status, reason: outcome.reason };
}
