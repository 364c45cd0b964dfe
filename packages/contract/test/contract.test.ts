import { describe, expect, it } from 'vitest';
import {
  cleanFileName,
  codePointLength,
  createShareBodySchema,
  envelopeSchema,
  fileUploadFieldsSchema,
  isRecoverablePassword,
  messages,
} from '../src/index.js';

const b64 = (bytes: number) => Buffer.alloc(bytes, 7).toString('base64');
const envelope = {
  v: 1,
  alg: 'AES-256-GCM',
  kdf: { name: 'PBKDF2-SHA-256', iter: 600_000, salt: b64(32) },
  iv: b64(12),
  ciphertext: b64(40),
};

/** The field messages zod reports for `body`, or [] when it is a valid create. */
function createIssues(body: unknown): string[] {
  const parsed = createShareBodySchema.safeParse(body);
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('the create body', () => {
  it('takes plain text, or an envelope with its auth verifier', () => {
    expect(createIssues({ type: 'clipboard', content: 'hello' })).toEqual([]);
    expect(
      createIssues({ type: 'notepad', encryptedPayload: envelope, authVerifier: b64(32) }),
    ).toEqual([]);
  });

  it('refuses an encrypted create without its verifier, and a verifier without an envelope', () => {
    expect(createIssues({ type: 'clipboard', encryptedPayload: envelope })).toEqual([
      'authVerifier goes with encryptedPayload, and only with it',
    ]);
    expect(createIssues({ type: 'clipboard', content: 'x', authVerifier: b64(32) })).toEqual([
      'authVerifier goes with encryptedPayload, and only with it',
    ]);
  });

  it('refuses content and an envelope together, and neither', () => {
    expect(
      createIssues({
        type: 'clipboard',
        content: 'x',
        encryptedPayload: envelope,
        authVerifier: b64(32),
      }),
    ).toEqual(['Send either content or encryptedPayload, not both']);
    expect(createIssues({ type: 'notepad' })).toEqual([messages.noteRequired]);
  });

  it('takes a recovery email only with its password, and only on an encrypted share', () => {
    const encrypted = { type: 'clipboard', encryptedPayload: envelope, authVerifier: b64(32) };
    expect(createIssues({ ...encrypted, recoveryEmail: 'a@b.co' })).toEqual([
      'recoveryEmail and recoveryPassword go together',
    ]);
    expect(
      createIssues({ ...encrypted, recoveryEmail: 'a@b.co', recoveryPassword: 'correct horse' }),
    ).toEqual([]);
    expect(
      createIssues({
        type: 'clipboard',
        content: 'x',
        recoveryEmail: 'a@b.co',
        recoveryPassword: 'correct horse',
      }),
    ).toEqual(['A recovery email only applies to encrypted shares']);
  });
});

describe('the file upload fields', () => {
  it('follow the same encryption rules as a text create', () => {
    const issues = (fields: Record<string, string>) => {
      const parsed = fileUploadFieldsSchema.safeParse({ maxDownloads: '3', ...fields });
      return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
    };
    expect(issues({ encryptedPayload: JSON.stringify(envelope) })).toEqual([
      'authVerifier goes with encryptedPayload, and only with it',
    ]);
    expect(issues({ recoveryEmail: 'a@b.co', recoveryPassword: 'correct horse' })).toEqual([
      'A recovery email only applies to encrypted shares',
    ]);
    expect(issues({ encryptedPayload: JSON.stringify(envelope), authVerifier: b64(32) })).toEqual(
      [],
    );
  });
});

describe('the envelope', () => {
  it('refuses key derivation below the readers’ floor and a short salt', () => {
    const weak = { ...envelope, kdf: { ...envelope.kdf, iter: 99_999 } };
    expect(envelopeSchema.safeParse(weak).success).toBe(false);
    const shortSalt = { ...envelope, kdf: { ...envelope.kdf, salt: b64(16) } };
    expect(envelopeSchema.safeParse(shortSalt).success).toBe(false);
    expect(envelopeSchema.safeParse(envelope).success).toBe(true);
  });

  it('refuses a ciphertext shorter than its tag', () => {
    expect(envelopeSchema.safeParse({ ...envelope, ciphertext: b64(15) }).success).toBe(false);
  });
});

describe('text rules both sides share', () => {
  it('counts code points, so an emoji is one character', () => {
    expect(codePointLength('a😀b')).toBe(3);
    expect(codePointLength('')).toBe(0);
  });

  it('says which note limit was passed', () => {
    expect(messages.noteTooLong(500_000)).toBe('The note is too long: at most 500,000 characters');
  });

  it('strips the controls that would make a file name read in another order', () => {
    expect(cleanFileName('invoice\u202Etxt.exe')).toBe('invoicetxt.exe');
    expect(cleanFileName('  a\u0000b.txt ')).toBe('ab.txt');
    expect(Array.from(cleanFileName('😀'.repeat(300)))).toHaveLength(255);
  });

  it('keeps a recovery password to one printable line', () => {
    expect(isRecoverablePassword('correct horse')).toBe(true);
    expect(isRecoverablePassword('two\nlines')).toBe(false);
    expect(isRecoverablePassword('')).toBe(false);
  });
});
