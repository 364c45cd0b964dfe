import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@codedrop/contract';
import { startTestApp, http, type TestApp } from './support/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { fakeEncryptedShare } from './support/envelopes.js';

describe.each(testDialects())('encrypted shares on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, { env: { RATE_LIMIT_DISABLED: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  async function createEncrypted(extra: Record<string, unknown> = {}) {
    const share = fakeEncryptedShare();
    const res = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: {
        type: 'clipboard',
        encryptedPayload: share.encryptedPayload,
        authVerifier: share.authVerifier,
        ...extra,
      },
    });
    expect(res.status).toBe(201);
    return { ...share, code: res.body.code };
  }
  const unlock = (code: string, authKey: string) =>
    http(server.url, `/api/shares/${code}/unlock`, { method: 'POST', json: { authKey } });
  const wrongKey = () => randomBytes(32).toString('base64');

  it('GET gives metadata and kdf, never the ciphertext', async () => {
    const share = await createEncrypted();
    const res = await http(server.url, `/api/shares/${share.code}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      isEncrypted: true,
      kdf: share.encryptedPayload.kdf,
      attemptsLeft: 10,
    });
    const raw = JSON.stringify(res.body);
    expect(raw).not.toContain(share.encryptedPayload.ciphertext);
    expect(raw).not.toContain(share.encryptedPayload.iv);
    expect(res.body).not.toHaveProperty('content');
  });

  it('unlock with the right authKey returns the envelope', async () => {
    const share = await createEncrypted();
    const res = await unlock(share.code, share.authKey);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ encryptedPayload: share.encryptedPayload });
  });

  it('wrong keys count down; the tenth destroys the share', async () => {
    const share = await createEncrypted();
    for (let attempt = 1; attempt < 10; attempt++) {
      const res = await unlock(share.code, wrongKey());
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({
        code: 'WRONG_PASSWORD',
        detail: messages.decryptFailed,
        attemptsLeft: 10 - attempt,
      });
    }
    const last = await unlock(share.code, wrongKey());
    expect(last.status).toBe(410);
    expect(last.body).toMatchObject({ code: 'SHARE_DESTROYED', detail: messages.shareDestroyed });
    // Even the right key is too late now.
    expect((await unlock(share.code, share.authKey)).status).toBe(410);
    expect((await http(server.url, `/api/shares/${share.code}`)).status).toBe(410);
  });

  it('concurrent wrong keys cannot exceed the limit', async () => {
    const share = await createEncrypted();
    const results = await Promise.all(
      Array.from({ length: 25 }, () => unlock(share.code, wrongKey())),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 403)).toHaveLength(9);
    // The rest find the share locked (410) or, while the last attempts are still being
    // compared, all of them in flight (429, retry in a second).
    expect(statuses.filter((s) => s !== 403 && s !== 410 && s !== 429)).toEqual([]);
    expect((await unlock(share.code, wrongKey())).status).toBe(410);
    const attemptsLeft = results
      .filter((r) => r.status === 403)
      .map((r) => (r.body as { attemptsLeft: number }).attemptsLeft)
      .sort((a, b) => a - b);
    expect(attemptsLeft).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it('a success does not reset the failure count', async () => {
    const share = await createEncrypted();
    await unlock(share.code, wrongKey());
    await unlock(share.code, wrongKey());
    expect((await unlock(share.code, share.authKey)).status).toBe(200);
    const meta = await http(server.url, `/api/shares/${share.code}`);
    expect(meta.body).toMatchObject({ attemptsLeft: 8 });
  });

  it('an encrypted burn share is burnt by its successful unlock', async () => {
    const share = await createEncrypted({ burnAfterReading: true });
    expect((await unlock(share.code, share.authKey)).status).toBe(200);
    const again = await unlock(share.code, share.authKey);
    expect(again.status).toBe(410);
    expect(again.body).toMatchObject({ code: 'SHARE_BURNT' });
  });

  it('unlock of a plaintext share is a validation error', async () => {
    const res = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'plain' },
    });
    const unlocked = await unlock(res.body.code, wrongKey());
    expect(unlocked.status).toBe(400);
  });

  it.each([
    ['a short salt', { kdf: { name: 'PBKDF2-SHA-256', iter: 600_000, salt: 'AAAA' } }],
    [
      'a low iteration count',
      { kdf: { name: 'PBKDF2-SHA-256', iter: 1000, salt: 'A'.repeat(43) + '=' } },
    ],
    [
      'a huge iteration count',
      { kdf: { name: 'PBKDF2-SHA-256', iter: 10_000_001, salt: 'A'.repeat(43) + '=' } },
    ],
    ['an 11-byte iv', { iv: 'AAAAAAAAAAAAAAA=' }],
    // 'B=' leaves a set bit among the unused low bits: decodes, but not canonically.
    [
      'non-canonical base64',
      { kdf: { name: 'PBKDF2-SHA-256', iter: 600_000, salt: 'A'.repeat(42) + 'B=' } },
    ],
    ['an unknown version', { v: 2 }],
  ])('refuses an envelope with %s', async (_label, patch) => {
    const share = fakeEncryptedShare();
    const res = await http(server.url, '/api/shares', {
      method: 'POST',
      json: {
        type: 'clipboard',
        encryptedPayload: { ...share.encryptedPayload, ...patch },
        authVerifier: share.authVerifier,
      },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('refuses a malformed authKey with 400 and does not count it', async () => {
    const share = await createEncrypted();
    const res = await unlock(share.code, 'not base64!');
    expect(res.status).toBe(400);
    const meta = await http(server.url, `/api/shares/${share.code}`);
    expect(meta.body).toMatchObject({ attemptsLeft: 10 });
  });

  it('keeps no password or email in plaintext when a recovery email is given', async () => {
    const password = 'correct horse battery staple';
    const email = 'Someone@Example.com';
    const share = await createEncrypted({ recoveryEmail: email, recoveryPassword: password });
    const row = await server.app.db.kysely
      .selectFrom('shares')
      .selectAll()
      .where('code', '=', share.code)
      .executeTakeFirstOrThrow();
    const dump = JSON.stringify(row).toLowerCase();
    expect(dump).not.toContain(password);
    expect(dump).not.toContain(email.toLowerCase());
    expect(dump).not.toContain(share.authKey.toLowerCase());
    expect(row.recovery_escrow).toBeTruthy();
    expect(row.recovery_email_hash).toBeTruthy();
    expect(server.app.escrow.open(row.recovery_escrow!)).toBe(password);
  });
});
