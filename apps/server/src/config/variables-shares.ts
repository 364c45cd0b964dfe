import { configDefaults } from '@codedrop/contract';
import { z } from 'zod';
import { fraction, int, parsed, secret, text, url, type Variables } from './env-schema.js';

/** The longest lifetime a share may have, and the default one when offered. */
export const maxLifetimeSeconds = configDefaults.defaultExpirySeconds;

const expiryChoices = z.string().transform((raw, ctx) => {
  const parts = raw.split(',').map((part) => part.trim());
  const values = parts.map(Number);
  const bad = parts.filter(
    (part, i) => !/^\d+$/.test(part) || values[i]! < 60 || values[i]! > maxLifetimeSeconds,
  );
  if (bad.length === 0) return [...new Set(values)].sort((a, b) => a - b);
  ctx.addIssue({
    code: 'custom',
    message: `must be comma-separated whole seconds from 60 to ${maxLifetimeSeconds} (bad: ${bad.join(', ')})`,
  });
  return z.NEVER;
});

/** What a share holds, how long it lives, its code, and the keys and mail that serve it. */
export const shareVariables = {
  MAX_TEXT_CHARS: {
    ...int(configDefaults.maxTextChars, 1, 1_000_000),
    doc: 'longest clipboard text, in Unicode code points',
  },
  MAX_NOTE_CHARS: {
    ...int(configDefaults.maxNoteChars, 1, 1_000_000),
    doc: 'longest note HTML after sanitizing',
  },
  EXPIRY_CHOICES: {
    ...parsed(expiryChoices, [...configDefaults.expiryChoicesSeconds]),
    doc: 'offered lifetimes in seconds, each 60…86400; the default is 24 h if offered, else the longest',
  },
  CODE_MIN_DIGITS: { ...int(configDefaults.codeMinDigits, 4, 12), doc: 'shortest code' },
  CODE_MAX_DIGITS: { ...int(configDefaults.codeMaxDigits, 4, 12), doc: 'longest code' },
  CODE_MAX_DENSITY: {
    ...fraction(0.01, (v) => v > 0 && v <= 0.5, 'a number above 0 and at most 0.5'),
    doc: 'a code length is used while at most this share of its space is taken',
  },
  CODE_HARD_DENSITY: {
    ...fraction(0.05, (v) => v > 0 && v <= 1, 'a number from CODE_MAX_DENSITY to 1'),
    doc: "past this share of the longest length's codes, new shares are refused (503 with `Retry-After`) instead of making codes ever easier to guess",
  },
  SWEEP_INTERVAL_SECONDS: {
    ...int(60, 1, 86_400),
    doc: 'how often expired shares and their files are reclaimed',
  },
  DOWNLOAD_URL_TRANSFERS: {
    ...int(3, 1, 100),
    doc: 'complete transfers one download URL serves (a Range that stops short of the end does not count; an interrupted transfer is given back)',
  },
  UNLOCK_MAX_FAILURES: {
    ...int(configDefaults.unlockMaxFailures, 1, 1_000),
    doc: 'wrong passwords that destroy an encrypted share',
  },
  SMTP_URL: {
    ...url(['smtp:', 'smtps:']),
    doc: '`smtp://user:pass@host:587` for recovery mail; unset writes `.eml` files to `DATA_DIR/outbox`',
  },
  MAIL_FROM: { ...text('CodeDrop <no-reply@localhost>'), doc: 'sender of recovery mail' },
  RECOVERY_KEY: {
    ...secret(),
    doc: 'key that seals recovery escrows and hashes recovery emails (≥ 32 characters)',
    defaultDoc: 'generated',
  },
  RECOVERY_KEY_PREVIOUS: {
    ...secret(),
    doc: 'the previous `RECOVERY_KEY`, still accepted for reading while you rotate',
  },
  URL_SIGNING_KEY: {
    ...secret(),
    doc: 'HMAC key for signed download URLs (≥ 32 characters)',
    defaultDoc: 'generated',
  },
} satisfies Variables;
