import { messages } from '@codedrop/contract';
import { createKeys, type WriterKeys } from '@codedrop/crypto';
import { CliError, UsageError } from '../cli-errors.js';
import {
  apiClientFor,
  commonOptions,
  downloadsFor,
  expiryFor,
  parseCode,
  parseCommandArgs,
} from '../options.js';
import { askNewPassword, canPrompt } from '../terminal/password-prompt.js';
import { sendUsage } from '../usage.js';
import { sendFiles } from './send-files.js';
import { printCreated } from './send-output.js';
import { sendText } from './send-text.js';
import { sendToRequest } from './send-to-request.js';

const sendOptions = {
  ...commonOptions,
  password: { type: 'string' },
  'ask-password': { type: 'boolean', short: 'p' },
  expires: { type: 'string' },
  downloads: { type: 'string' },
  burn: { type: 'boolean' },
  to: { type: 'string' },
  message: { type: 'string' },
} as const;

/** The keys to encrypt with, when a password was given or is to be asked for. */
async function keysFor(password: string | undefined, ask: boolean): Promise<WriterKeys | null> {
  if (password !== undefined && ask) {
    throw new UsageError('give either --password or -p, not both');
  }
  if (ask) {
    if (!canPrompt()) throw new CliError('-p needs a terminal to ask on: pass --password');
    password = await askNewPassword();
  }
  if (password === undefined) return null;
  if (password === '') throw new CliError(messages.passwordRequired);
  // One key set for the whole share: every file, and the metadata, under the same keys.
  return createKeys(password);
}

export async function runSend(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandArgs('send', args, sendOptions);
  if (values.help) {
    process.stdout.write(sendUsage);
    return;
  }
  const fromStdin =
    (positionals.length === 1 && positionals[0] === '-') ||
    (positionals.length === 0 && process.stdin.isTTY !== true);
  if (positionals.length === 0 && !fromStdin) {
    throw new UsageError('nothing to send: give FILE… or pipe text in (see codedrop send --help)');
  }
  if (!fromStdin && positionals.includes('-')) {
    throw new UsageError('"-" (text from stdin) cannot be sent together with files');
  }
  if (values.to !== undefined) {
    // The request decides everything else: its key, its lifetime, what it takes.
    const shareOnly = ['password', 'ask-password', 'expires', 'downloads', 'burn'] as const;
    const given = shareOnly.find((name) => values[name] !== undefined);
    if (given !== undefined) throw new UsageError(`--${given} does not apply to --to`);
    if (fromStdin && values.message !== undefined) {
      throw new UsageError('--message goes with files; without files, the text comes from stdin');
    }
    const code = parseCode('send', [values.to]);
    const paths = fromStdin ? [] : positionals;
    const api = apiClientFor(values.server);
    const json = values.json ?? false;
    return sendToRequest(api, { code, paths, message: values.message, json });
  }
  if (values.message !== undefined) {
    throw new UsageError('--message goes with --to CODE (sending to a request)');
  }
  if (fromStdin && values.downloads !== undefined) {
    throw new UsageError('--downloads applies to files; a text share has no download count');
  }
  if (!fromStdin && values.burn) {
    throw new UsageError('--burn applies to text shares only');
  }

  const api = apiClientFor(values.server);
  const config = await api.config();
  const expiresInSeconds = expiryFor(values.expires, config);
  const maxDownloads = downloadsFor(values.downloads, config);
  const keys = await keysFor(values.password, values['ask-password'] ?? false);
  const created = fromStdin
    ? await sendText(api, config, { keys, expiresInSeconds, burn: values.burn ?? false })
    : await sendFiles(api, config, positionals, { keys, expiresInSeconds, maxDownloads });
  printCreated(api, created, values.json ?? false);
}
