import { mkdir } from 'node:fs/promises';
import {
  formatBytes,
  messages,
  takeDownloadEndpoint,
  type FileShareView,
} from '@codedrop/contract';
import { isDecryptionError, openFileMeta } from '@codedrop/crypto';
import type { ApiClient } from '../api/client.js';
import { CliError } from '../cli-errors.js';
import { downloadFile } from '../download/download-files.js';
import { planTargets } from '../download/targets.js';
import type { GetOptions, Unlock } from './get-options.js';
import type { Unlocked } from './unlock.js';

interface FileFacts {
  name: string;
  type: string | undefined;
  /** The plaintext size. */
  size: number;
  /** What the server stores: for an encrypted file, the ciphertext's length. */
  storedSize: number;
}

/** Names, types and sizes: from the encrypted metadata, or as the lookup lists them. */
async function factsOf(view: FileShareView, unlocked: Unlocked | null): Promise<FileFacts[]> {
  const listed = view.files;
  if (unlocked === null) {
    return listed.map(({ name, type, size }) => ({
      name: name ?? 'download',
      type,
      size,
      storedSize: size,
    }));
  }
  let metas;
  try {
    metas = await openFileMeta(unlocked.encKey, unlocked.envelope);
  } catch (error) {
    if (isDecryptionError(error)) throw new CliError(messages.decryptFailed);
    throw error;
  }
  if (metas.length !== listed.length) {
    throw new CliError('the encrypted file list does not match the files the server holds');
  }
  return metas.map((meta, i) => ({ ...meta, storedSize: listed[i]!.size }));
}

/**
 * Takes ONE download of the share (the server counts it once for all its files) and saves
 * every file: one to -o or under its own name, several into a folder. Every destination is
 * checked before the download is taken, so a refusal costs no download.
 */
export async function getFiles(
  api: ApiClient,
  view: FileShareView,
  unlock: Unlock,
  options: GetOptions,
): Promise<void> {
  const unlocked = await unlock();
  const facts = await factsOf(view, unlocked);
  if (facts.length === 0) throw new CliError('this share lists no files');
  const names = facts.map((file) => file.name);
  const plan = await planTargets(view.code, names, options.output, options.force);
  if (plan.folder !== undefined) await mkdir(plan.folder, { recursive: true });

  const body = unlocked === null ? {} : { authKey: unlocked.authKey };
  const grant = await api.call(takeDownloadEndpoint, { params: { code: view.code }, body });
  if (grant.downloadUrls.length !== facts.length) {
    throw new CliError('the server granted a different number of files than the share lists');
  }
  const saved: { name: string; path: string | null; size: number; type?: string }[] = [];
  for (const [i, file] of facts.entries()) {
    const destination = plan.destinations[i]!;
    const incoming = {
      name: file.name,
      url: grant.downloadUrls[i]!.url,
      storedSize: file.storedSize,
      size: file.size,
    };
    const decryption = unlocked === null ? null : { encKey: unlocked.encKey };
    await downloadFile(api, incoming, destination, decryption, options.force);
    const where = destination.kind === 'file' ? destination.path : null;
    saved.push({ name: file.name, path: where, size: file.size, type: file.type });
    // A file sent to stdout (-o -) is the whole output: nothing is printed beside it.
    if (!options.json && where !== null) {
      process.stdout.write(`Saved ${where} (${formatBytes(file.size)})\n`);
    }
  }
  if (options.json) {
    process.stdout.write(`${JSON.stringify({ type: 'file', files: saved }, null, 2)}\n`);
  }
}
