import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@codedrop/contract';
import { startTestApp, http, type TestApp } from './support/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { fakeEncryptedShare } from './support/envelopes.js';
import { startSmtpServer } from './support/smtp.js';

async function createWithRecovery(server: TestApp, email: string, password: string) {
  const share = fakeEncryptedShare();
  const res = await http<{ code: string }>(server.url, '/api/shares', {
    method: 'POST',
    json: {
      type: 'notepad',
      encryptedPayload: share.encryptedPayload,
      authVerifier: share.authVerifier,
      recoveryEmail: email,
      recoveryPassword: password,
    },
  });
  expect(res.status).toBe(201);
  return res.body.code;
}
const recover = (server: TestApp, json: unknown) =>
  http(server.url, '/api/recovery', { method: 'POST', json });

describe.each(testDialects())('password recovery by SMTP on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    smtp = await startSmtpServer();
    server = await startTestApp(database, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'CodeDrop <drop@example.test>',
        PUBLIC_URL: 'https://drop.example',
        RATE_LIMIT_CREATES: '1000',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await smtp?.close();
    await database?.drop();
  });

  it('mails the password to the matching address, case and spaces aside', async () => {
    const code = await createWithRecovery(server, 'Alice@Example.com', 'p@ss wörd 1');
    const res = await recover(server, { email: '  alice@example.COM ', shareCode: code });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, message: messages.recoverySentDetail });
    const mail = smtp.received.at(-1)!;
    expect(mail.to).toMatchObject({ value: [{ address: 'alice@example.com' }] });
    expect(mail.from?.text).toContain('drop@example.test');
    expect(mail.subject).toContain(code);
    expect(mail.text).toContain('Password: p@ss wörd 1');
    expect(mail.text).toContain(`https://drop.example/${code}`);
  });

  it('answers "not found" for a wrong email, an unknown code and a share without recovery', async () => {
    const code = await createWithRecovery(server, 'bob@example.com', 'secret');
    const before = smtp.received.length;
    for (const json of [
      { email: 'mallory@example.com', shareCode: code },
      { email: 'bob@example.com', shareCode: '000000' },
    ]) {
      const res = await recover(server, json);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 'RECOVERY_NOT_FOUND',
        title: messages.recoveryFailedTitle,
        detail: messages.recoveryNotFound,
      });
    }
    const plain = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'no recovery' },
    });
    expect(
      (await recover(server, { email: 'bob@example.com', shareCode: plain.body.code })).status,
    ).toBe(404);
    expect(smtp.received.length).toBe(before);
  });

  it('validates the email with the SPEC messages', async () => {
    const missing = await recover(server, { email: '  ', shareCode: '1234' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ detail: messages.recoveryEmailRequired });
    const invalid = await recover(server, { email: 'not-an-email', shareCode: '1234' });
    expect(invalid.status).toBe(400);
    expect((invalid.body as { errors: Array<{ message: string }> }).errors[0]!.message).toBe(
      messages.invalidEmail,
    );
  });
});

describe('password recovery fallbacks', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database?.drop();
  });

  it('without SMTP_URL, writes the message as an .eml file to DATA_DIR/outbox', async () => {
    const server = await startTestApp(database);
    try {
      const code = await createWithRecovery(server, 'dan@example.com', 'outbox-pass');
      expect((await recover(server, { email: 'dan@example.com', shareCode: code })).status).toBe(
        200,
      );
      const outbox = join(database.dataDir, 'outbox');
      const files = readdirSync(outbox).filter((f) => f.endsWith('.eml'));
      expect(files).toHaveLength(1);
      const eml = readFileSync(join(outbox, files[0]!), 'utf8');
      expect(eml).toMatch(/^To: dan@example\.com$/m);
      expect(eml).toContain('outbox-pass');
    } finally {
      await server.close();
    }
  });

  it('limits recovery requests per share and per client (5 an hour)', async () => {
    const server = await startTestApp(database);
    try {
      const code = await createWithRecovery(server, 'carol@example.com', 'pw');
      for (let i = 0; i < 5; i++) {
        expect(
          (await recover(server, { email: 'wrong@example.com', shareCode: code })).status,
        ).toBe(404);
      }
      const limited = await recover(server, { email: 'carol@example.com', shareCode: code });
      expect(limited.status).toBe(429);
      expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  });

  it('mails one address at most 3 times a day, whatever the codes and shares', async () => {
    const server = await startTestApp(database, { env: { RATE_LIMIT_CREATES: '1000' } });
    try {
      const codes = [];
      for (let i = 0; i < 4; i++)
        codes.push(await createWithRecovery(server, 'dan@example.com', 'pw'));
      const other = await createWithRecovery(server, 'other@example.com', 'pw');
      for (const code of codes.slice(0, 3)) {
        expect((await recover(server, { email: 'dan@example.com', shareCode: code })).status).toBe(
          200,
        );
      }
      const fourth = await recover(server, { email: 'DAN@example.com ', shareCode: codes[3] });
      expect(fourth.status).toBe(429);
      expect(fourth.body).toMatchObject({ code: 'RATE_LIMITED' });
      expect((await recover(server, { email: 'other@example.com', shareCode: other })).status).toBe(
        200,
      );
    } finally {
      await server.close();
    }
  });

  it('escrows only one line of printable characters, at most 256', async () => {
    const server = await startTestApp(database);
    try {
      for (const recoveryPassword of [
        'x'.repeat(257),
        'line one\nBuy cheap pills at …',
        'a\u0000b',
      ]) {
        const share = fakeEncryptedShare();
        const res = await http(server.url, '/api/shares', {
          method: 'POST',
          json: {
            type: 'notepad',
            encryptedPayload: share.encryptedPayload,
            authVerifier: share.authVerifier,
            recoveryEmail: 'x@example.com',
            recoveryPassword,
          },
        });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'VALIDATION_FAILED',
          errors: [{ field: 'recoveryPassword', message: messages.recoveryPasswordInvalid }],
        });
      }
      await createWithRecovery(server, 'x@example.com', 'ü'.repeat(256));
    } finally {
      await server.close();
    }
  });

  it('with the mail server down, says so as a 503 with the SPEC message', async () => {
    const server = await startTestApp(database, { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    try {
      const code = await createWithRecovery(server, 'erin@example.com', 'pw');
      const res = await recover(server, { email: 'erin@example.com', shareCode: code });
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        title: messages.recoveryErrorTitle,
        detail: messages.recoveryErrorDetail,
      });
    } finally {
      await server.close();
    }
  });
});
