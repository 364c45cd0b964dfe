import {
  codePointLength,
  createRequestEndpoint,
  maxRequestMessageChars,
  messages,
  requestSubmissionLimits,
  type CreateRequestBody,
} from '@codedrop/contract';
import {
  generateRequestKeyPair,
  preferredRequestCurve,
  sealRequestKey,
  type RequestCurve,
} from '@codedrop/crypto';
import { CliError, UsageError } from '../cli-errors.js';
import { apiClientFor, commonOptions, expiryFor, parseCommandArgs } from '../options.js';
import { askNewPassword, canPrompt } from '../terminal/password-prompt.js';
import { requestUsage } from '../usage.js';
import { printCreatedRequest } from './request-output.js';

const requestOptions = {
  ...commonOptions,
  message: { type: 'string' },
  files: { type: 'boolean' },
  text: { type: 'boolean' },
  expires: { type: 'string' },
  max: { type: 'string' },
  password: { type: 'string' },
  'ask-password': { type: 'boolean', short: 'p' },
  curve: { type: 'string' },
} as const;

/** --max within 1–100 (the default when not given is the server's, 10). */
function maxSubmissionsFor(option: string | undefined): number {
  const { min, max, default: fallback } = requestSubmissionLimits;
  if (option === undefined) return fallback;
  const value = /^\d+$/.test(option.trim()) ? Number(option) : NaN;
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new UsageError(`--max must be a whole number from ${min} to ${max}`);
  }
  return value;
}

/** --curve, else X25519 where this Node has it (20.x does), else P-256. */
async function curveFor(option: string | undefined): Promise<RequestCurve> {
  if (option === undefined) return preferredRequestCurve();
  if (option === 'X25519' || option === 'P-256') return option;
  throw new UsageError('--curve must be X25519 or P-256');
}

/** A request always has a password: it is the only way to open what is sent to it. */
async function passwordFor(option: string | undefined, ask: boolean): Promise<string> {
  if (option !== undefined && ask) throw new UsageError('give either --password or -p, not both');
  let password = option;
  if (password === undefined) {
    if (!canPrompt()) {
      throw new CliError('a request needs a password: pass --password or run it on a terminal');
    }
    password = await askNewPassword();
  }
  if (password === '') throw new CliError(messages.passwordRequired);
  return password;
}

function checkedMessage(message: string | undefined): string | undefined {
  if (message === undefined || message.trim() === '') return undefined;
  if (codePointLength(message) > maxRequestMessageChars) {
    throw new UsageError(`--message is at most ${maxRequestMessageChars} characters`);
  }
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b-\u001f\u007f]/.test(message)) {
    throw new UsageError('--message is plain text: no control characters');
  }
  return message;
}

/**
 * `codedrop request`: a key pair made here, its private key sealed under the asker's password
 * (docs/design.md#requests-encrypting-to-the-asker), and the request created with the public
 * key. The server never sees the password or the private key unsealed.
 */
export async function runRequest(args: string[]): Promise<void> {
  const { values, positionals } = parseCommandArgs('request', args, requestOptions);
  if (values.help) {
    process.stdout.write(requestUsage);
    return;
  }
  if (positionals.length > 0) {
    throw new UsageError(`unexpected "${positionals[0]}" (see codedrop request --help)`);
  }
  // Neither flag: both. One flag: only that.
  const onlyOne = values.files !== values.text;
  const accepts = onlyOne
    ? { files: values.files ?? false, text: values.text ?? false }
    : { files: true, text: true };
  const message = checkedMessage(values.message);
  const maxSubmissions = maxSubmissionsFor(values.max);
  const curve = await curveFor(values.curve);

  const api = apiClientFor(values.server);
  const config = await api.config();
  const expiresInSeconds = expiryFor(values.expires, config);
  const password = await passwordFor(values.password, values['ask-password'] ?? false);

  const sealed = await sealRequestKey(password, await generateRequestKeyPair(curve));
  const body: CreateRequestBody = {
    accepts,
    maxSubmissions,
    publicKey: sealed.publicKey,
    encryptedPayload: sealed.sealedKey,
    authVerifier: sealed.authVerifier,
  };
  if (message !== undefined) body.message = message;
  if (expiresInSeconds !== undefined) body.expiresInSeconds = expiresInSeconds;
  const created = await api.call(createRequestEndpoint, { body });
  printCreatedRequest(api, { ...created, accepts, maxSubmissions }, values.json ?? false);
}
