import {
  codePointLength,
  createShareEndpoint,
  messages,
  type CreateShareBody,
  type PublicConfig,
} from '@codedrop/contract';
import { sealText, type WriterKeys } from '@codedrop/crypto';
import type { ApiClient } from '../api/client.js';
import { CliError } from '../cli-errors.js';
import type { Created } from './send-output.js';

const tooLong = (maxChars: number) =>
  `Text is too long: at most ${maxChars.toLocaleString('en-US')} characters (send it as a file instead)`;

export interface TextOptions {
  keys: WriterKeys | null;
  expiresInSeconds: number | undefined;
  burn: boolean;
}

/**
 * All of standard input as text, byte for byte: no newline trimmed, a BOM kept. It must be
 * UTF-8, as the share is text; reading stops as soon as it is surely too long.
 */
export async function readStdinText(maxChars: number): Promise<string> {
  const maxBytes = maxChars * 4; // a code point is at most 4 bytes of UTF-8
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of process.stdin as AsyncIterable<Buffer>) {
    length += chunk.length;
    if (length > maxBytes) {
      throw new CliError(tooLong(maxChars));
    }
    chunks.push(chunk);
  }
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(Buffer.concat(chunks));
  } catch {
    throw new CliError('standard input is not UTF-8 text: send it as a file instead');
  }
}

/** POST /api/shares {type: "clipboard"}: the text as it is, or sealed with the keys. */
export async function sendText(
  api: ApiClient,
  config: PublicConfig,
  options: TextOptions,
): Promise<Created> {
  const text = await readStdinText(config.maxTextChars);
  // The server checks plain text itself, but cannot look inside an encrypted one.
  if (text.trim() === '') throw new CliError(messages.textRequired);
  if (codePointLength(text) > config.maxTextChars) {
    throw new CliError(tooLong(config.maxTextChars));
  }
  const { keys } = options;
  const body: CreateShareBody = { type: 'clipboard', burnAfterReading: options.burn };
  if (options.expiresInSeconds !== undefined) body.expiresInSeconds = options.expiresInSeconds;
  if (keys === null) {
    body.content = text;
  } else {
    body.encryptedPayload = await sealText(keys, text);
    body.authVerifier = keys.authVerifier;
  }
  const created = await api.call(createShareEndpoint, { body });
  return { ...created };
}
