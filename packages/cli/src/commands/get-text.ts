import { mkdir } from 'node:fs/promises';
import { messages, noteToText, readShareEndpoint, type TextShareView } from '@codedrop/contract';
import { isDecryptionError, openText } from '@codedrop/crypto';
import type { ApiClient } from '../api/client.js';
import { CliError } from '../cli-errors.js';
import { planTargets } from '../download/targets.js';
import { writeFileAtomically } from '../download/write-file.js';
import type { GetOptions, Unlock } from './get-options.js';
import type { Unlocked } from './unlock.js';

/** The share's text (for a note, its HTML): opened, read once, or as the lookup gave it. */
async function textOf(api: ApiClient, view: TextShareView, unlocked: Unlocked | null) {
  if (unlocked !== null) {
    // For an encrypted burn-after-reading share, the unlock itself was the one reading.
    try {
      return await openText(unlocked.encKey, unlocked.envelope);
    } catch (error) {
      if (isDecryptionError(error)) throw new CliError(messages.decryptFailed);
      throw error;
    }
  }
  if (view.burnAfterReading) {
    return (await api.call(readShareEndpoint, { params: { code: view.code } })).content;
  }
  if (view.content === undefined) throw new CliError('the server sent no content for this share');
  return view.content;
}

/**
 * Text prints exactly as it was shared, with no newline added; a note prints as plain
 * text. With -o the same goes to a file, and with --json into {type, content}.
 */
export async function getText(
  api: ApiClient,
  view: TextShareView,
  unlock: Unlock,
  options: GetOptions,
): Promise<void> {
  const toFile = !options.json && options.output !== undefined && options.output !== '-';
  // Where it goes is settled before reading: a burn-after-reading share is read only once.
  const plan = toFile
    ? await planTargets(view.code, [`codedrop-${view.code}.txt`], options.output, options.force)
    : null;
  const raw = await textOf(api, view, await unlock());
  const content = view.type === 'notepad' ? noteToText(raw) : raw;
  if (options.json) {
    const html = view.type === 'notepad' ? { html: raw } : {};
    process.stdout.write(`${JSON.stringify({ type: view.type, content, ...html }, null, 2)}\n`);
    return;
  }
  const destination = plan?.destinations[0];
  if (destination?.kind !== 'file') {
    process.stdout.write(content);
    return;
  }
  if (plan?.folder !== undefined) await mkdir(plan.folder, { recursive: true });
  await writeFileAtomically(destination.path, [new TextEncoder().encode(content)], options.force);
  process.stderr.write(`Saved ${destination.path}\n`);
}
