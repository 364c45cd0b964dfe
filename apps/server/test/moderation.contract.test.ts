import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '@codedrop/contract';
import { startTestApp, http, type TestApp } from './support/app.js';
import { TestClock } from './support/clock.js';
import {
  consolePassword,
  consolePasswordHash,
  consoleSession,
  from,
} from './support/console-session.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { absolute, storageEnv, testBackends, upload, uploadMany } from './support/files.js';
import { startSmtpServer } from './support/smtp.js';
import { createUpload, patchChunk } from './support/tus.js';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe.each(testDialects())('reports, quarantine and the console on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      clock,
      env: {
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_CREATES: '100000',
        RATE_LIMIT_MISSES: '100000',
        ADMIN_PASSWORD_HASH: consolePasswordHash,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const db = () => server.app.db.kysely;
  const createText = async (content = 'reported words') => {
    const created = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content },
    });
    expect(created.status).toBe(201);
    return created.body.code;
  };
  const report = (code: string, address: string, body: Record<string, unknown> = {}) =>
    http(server.url, `/api/shares/${code}/reports`, {
      method: 'POST',
      json: { reason: 'spam', ...body },
      headers: from(address),
    });

  it('takes a report with 202, keeping a keyed hash of the address and never the address', async () => {
    const file = await upload(server.url, { bytes: randomBytes(100), name: 'photo.png' });
    const code = file.body.code as string;
    const answer = await report(code, '198.51.100.7', {
      reason: 'copyright',
      message: 'My photo',
      email: 'owner@example.com',
    });
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: messages.reportThanks });
    const rows = await db().selectFrom('reports').selectAll().where('code', '=', code).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      share_type: 'file',
      file_names: JSON.stringify(['photo.png']),
      reason: 'copyright',
      message: 'My photo',
      email: 'owner@example.com',
    });
    expect(Number(rows[0]!.share_size)).toBe(100);
    expect(JSON.stringify(rows)).not.toContain('198.51.100.7');
    expect(rows[0]!.reporter_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('answers the same 202 for a code with no share, and stores nothing', async () => {
    const before = await db().selectFrom('reports').select('id').execute();
    const answer = await report('999999', '198.51.100.8');
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ message: messages.reportThanks });
    expect(await db().selectFrom('reports').select('id').execute()).toHaveLength(before.length);
  });

  it('refuses a report without a known reason or with a message over 1 000 characters', async () => {
    const code = await createText();
    expect((await report(code, '198.51.100.9', { reason: 'boring' })).status).toBe(400);
    const long = await report(code, '198.51.100.9', { message: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('quarantines at three distinct reporters, not at three reports from one', async () => {
    const code = await createText();
    for (let i = 0; i < 3; i++) expect((await report(code, '203.0.1.1')).status).toBe(202);
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(200);
    await report(code, '203.0.2.1');
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(200);
    await report(code, '203.0.3.1');
    const lookup = await http(server.url, `/api/shares/${code}`);
    expect(lookup.status).toBe(451);
    expect(lookup.body).toMatchObject({
      code: 'SHARE_QUARANTINED',
      detail: messages.shareQuarantined,
    });
  });

  it('answers 451 on every read path of a quarantined share', async () => {
    const burn = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'once', burnAfterReading: true },
    });
    const file = await upload(server.url, { bytes: randomBytes(64), name: 'a.bin' });
    // A link handed out before the quarantine stops working with it.
    const granted = await http<{ downloadUrls: { url: string }[] }>(
      server.url,
      `/api/shares/${file.body.code as string}/downloads`,
      { method: 'POST', json: {} },
    );
    const codes = [burn.body.code, file.body.code as string];
    for (const code of codes) {
      for (const address of ['10.1.1.1', '10.1.2.1', '10.1.3.1']) await report(code, address);
    }
    const [burnCode, fileCode] = codes as [string, string];
    const paths: Array<[string, string]> = [
      ['GET', `/api/shares/${burnCode}`],
      ['POST', `/api/shares/${burnCode}/read`],
      ['GET', `/${burnCode}`],
      ['GET', `/api/shares/${fileCode}`],
      ['POST', `/api/shares/${fileCode}/downloads`],
      ['GET', `/${fileCode}`],
    ];
    for (const [method, path] of paths) {
      const answer = await http(server.url, path, {
        method,
        headers: { 'user-agent': 'curl/8.0' },
        ...(method === 'POST' ? { json: {} } : {}),
      });
      expect(answer.status, `${method} ${path}`).toBe(451);
    }
    expect((await fetch(absolute(server.url, granted.body.downloadUrls[0]!.url))).status).toBe(451);
  });

  it("refuses the creator's delete of a quarantined share with 409, keeping its content", async () => {
    const text = await http<{ code: string; deleteToken: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'the evidence' },
    });
    const bytes = randomBytes(256);
    const file = await upload(server.url, { bytes, name: 'evidence.bin' });
    const shares = [text.body, file.body as { code: string; deleteToken: string }];
    for (const { code } of shares) {
      for (const address of ['10.9.1.1', '10.9.2.1', '10.9.3.1']) await report(code, address);
    }
    for (const { code, deleteToken } of shares) {
      const refused = await http(server.url, `/api/shares/${code}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${deleteToken}` },
      });
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({
        code: 'SHARE_UNDER_REVIEW',
        detail: messages.shareUnderReview,
      });
      // A wrong token is refused as before: the quarantine is no way to test tokens.
      const guessed = await http(server.url, `/api/shares/${code}`, {
        method: 'DELETE',
        headers: { authorization: 'Bearer a-guess' },
      });
      expect(guessed.status).toBe(403);
    }
    // Giving up a resumable upload held for review is refused the same way.
    const running = await createUpload(server.url, 1000);
    for (const address of ['10.9.1.1', '10.9.2.1', '10.9.3.1']) await report(running.code, address);
    const givenUp = await fetch(running.url, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', 'codedrop-upload-secret': running.secret },
    });
    expect(givenUp.status).toBe(409);
    expect((await http(server.url, `/api/shares/${running.code}`)).status).toBe(451);
    const admin = await consoleSession(server.url);
    const detail = await admin.get(`/api/admin/shares/${text.body.code}`);
    expect(detail.body).toMatchObject({ status: 'quarantined', text: 'the evidence' });
    const preview = await fetch(
      `${server.url}/api/admin/shares/${file.body.code as string}/files/0`,
      {
        headers: { cookie: admin.setCookie.split(';')[0]! },
      },
    );
    expect(Buffer.from(await preview.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('keeps a quarantined share past its expiry for QUARANTINE_HOLD_SECONDS, and no longer', async () => {
    const created = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'evidence', expiresInSeconds: 3600 },
    });
    const code = created.body.code;
    for (const address of ['10.2.1.1', '10.2.2.1', '10.2.3.1']) await report(code, address);
    clock.advance(2 * 3600);
    await server.app.sweeper.runOnce();
    const row = () => db().selectFrom('shares').select('code').where('code', '=', code).execute();
    expect(await row()).toHaveLength(1);
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(451);
    clock.advance(7 * 86_400);
    await server.app.sweeper.runOnce();
    expect(await row()).toHaveLength(0);
    // Its reports went with it.
    const reports = await db().selectFrom('reports').select('id').where('code', '=', code);
    expect(await reports.execute()).toHaveLength(0);
  });

  it('signs in with the password only, with a strict HttpOnly cookie, and logs every attempt', async () => {
    const wrong = await http(server.url, '/api/admin/session', {
      method: 'POST',
      json: { password: 'not it' },
      headers: from('192.0.2.9'),
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toMatchObject({ code: 'UNAUTHORIZED', detail: 'Wrong password' });
    expect(wrong.headers.get('set-cookie')).toBeNull();
    const admin = await consoleSession(server.url);
    expect(admin.setCookie).toMatch(/^codedrop_admin=[A-Za-z0-9_-]{43}; Path=\/api\/admin;/);
    expect(admin.setCookie).toContain('Max-Age=28800');
    expect(admin.setCookie).toContain('HttpOnly');
    expect(admin.setCookie).toContain('SameSite=Strict');
    expect(admin.setCookie).not.toContain('Secure');
    expect((await admin.get('/api/admin/session')).status).toBe(200);
    expect((await http(server.url, '/api/admin/session')).status).toBe(401);
    expect((await http(server.url, '/api/admin/reports')).status).toBe(401);
    // The database keeps the session's hash, not the cookie.
    const token = admin.setCookie.split(';')[0]!.split('=')[1]!;
    const sessions = await db().selectFrom('admin_sessions').selectAll().execute();
    expect(JSON.stringify(sessions)).not.toContain(token);
    const audit = await admin.get<{ entries: Array<Record<string, unknown>> }>('/api/admin/audit');
    const actions = audit.body.entries.map((entry) => entry.action);
    expect(actions.slice(0, 2)).toEqual(['sign-in', 'sign-in-failed']);
    expect(JSON.stringify(audit.body)).not.toContain('192.0.2');
  });

  it('limits sign-in attempts per address', async () => {
    const attempt = () =>
      http(server.url, '/api/admin/session', {
        method: 'POST',
        json: { password: 'guess' },
        headers: from('192.0.2.77'),
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    const limited = await attempt();
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('refuses a change without the session CSRF token', async () => {
    const code = await createText();
    const admin = await consoleSession(server.url);
    expect((await admin.change('POST', `/api/admin/shares/${code}/dismiss`, '')).status).toBe(403);
    expect((await admin.change('POST', `/api/admin/shares/${code}/dismiss`, 'forged')).status).toBe(
      403,
    );
    expect((await admin.change('POST', `/api/admin/shares/${code}/dismiss`)).status).toBe(204);
  });

  it('shows the queue and the share, restores it, and counts later reports anew', async () => {
    const code = await createText('look at me');
    await report(code, '10.3.1.1', { reason: 'illegal', message: 'bad' });
    await report(code, '10.3.2.1', { reason: 'illegal' });
    await report(code, '10.3.3.1', { reason: 'spam' });
    const admin = await consoleSession(server.url);
    const queue = await admin.get<{ entries: Array<Record<string, unknown>> }>(
      '/api/admin/reports',
    );
    const entry = queue.body.entries.find((e) => e.code === code);
    expect(entry).toMatchObject({
      type: 'clipboard',
      encrypted: false,
      status: 'quarantined',
      reports: 3,
      reporters: 3,
      reasons: [
        { reason: 'illegal', count: 2 },
        { reason: 'spam', count: 1 },
      ],
    });
    expect(queue.body.entries[0]!.code).toBe(code);
    const detail = await admin.get(`/api/admin/shares/${code}`);
    expect(detail.body).toMatchObject({ code, text: 'look at me', status: 'quarantined' });
    expect((detail.body.reports as unknown[]).length).toBe(3);

    expect((await admin.change('POST', `/api/admin/shares/${code}/restore`)).status).toBe(204);
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(200);
    const after = await admin.get<{ entries: Array<{ code: string }> }>('/api/admin/reports');
    expect(after.body.entries.map((e) => e.code)).not.toContain(code);
    // The reviewed reports stay in the share's history; the same visitors may report again.
    await report(code, '10.3.1.1');
    await report(code, '10.3.2.1');
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(200);
    await report(code, '10.3.3.1');
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(451);
  });

  it('dismisses reports (deleted, quarantine lifted) and deletes a share with its reports', async () => {
    const kept = await createText();
    const gone = await createText();
    for (const address of ['10.4.1.1', '10.4.2.1', '10.4.3.1']) {
      await report(kept, address);
      await report(gone, address);
    }
    const admin = await consoleSession(server.url);
    expect((await admin.change('POST', `/api/admin/shares/${kept}/dismiss`)).status).toBe(204);
    expect((await http(server.url, `/api/shares/${kept}`)).status).toBe(200);
    const reports = (code: string) =>
      db().selectFrom('reports').select('id').where('code', '=', code).execute();
    expect(await reports(kept)).toHaveLength(0);
    expect((await admin.change('DELETE', `/api/admin/shares/${gone}`)).status).toBe(204);
    expect((await http(server.url, `/api/shares/${gone}`)).status).toBe(404);
    expect(await reports(gone)).toHaveLength(0);
    expect((await admin.change('DELETE', `/api/admin/shares/${gone}`)).status).toBe(404);
    const audit = await admin.get<{ entries: Array<Record<string, unknown>> }>('/api/admin/audit');
    expect(audit.body.entries.slice(0, 3).map((e) => [e.action, e.code])).toEqual([
      ['delete', gone],
      ['dismiss', kept],
      ['sign-in', null],
    ]);
    expect(audit.body.entries[0]!.session).toMatch(/^[A-Za-z0-9_-]{10}$/);
  });

  it('gives the figures at a glance', async () => {
    const admin = await consoleSession(server.url);
    const overview = await admin.get('/api/admin/overview');
    expect(overview.status).toBe(200);
    expect(overview.body).toMatchObject({
      liveShares: { clipboard: expect.any(Number), notepad: 0, file: expect.any(Number) },
      storageBytes: expect.any(Number),
      reportsLast24h: expect.any(Number),
    });
    expect((overview.body as { quarantined: number }).quarantined).toBeGreaterThan(0);
    expect((overview.body as { createdLast24h: number }).createdLast24h).toBeGreaterThan(0);
  });
});

describe.each(testBackends())('blocking a file on %s + %s storage', (dialect, storage) => {
  let database: TestDatabase;
  let server: TestApp;
  let store: Awaited<ReturnType<typeof storageEnv>>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await storageEnv(storage);
    server = await startTestApp(database, {
      env: { RATE_LIMIT_DISABLED: 'true', ADMIN_PASSWORD_HASH: consolePasswordHash, ...store.env },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await database?.drop();
  });

  it('blocks the bytes of every file: the same bytes are refused on every way in', async () => {
    const bad = randomBytes(5000);
    const other = randomBytes(3000);
    const shared = await uploadMany(server.url, [
      { bytes: bad, name: 'bad.exe' },
      { bytes: other, name: 'other.txt' },
    ]);
    const code = shared.body.code as string;
    const admin = await consoleSession(server.url);
    const detail = await admin.get<{ files: Array<{ sha256: string }> }>(
      `/api/admin/shares/${code}`,
    );
    expect(detail.body.files.map((file) => file.sha256)).toEqual([sha256(bad), sha256(other)]);
    const preview = await fetch(`${server.url}/api/admin/shares/${code}/files/0`, {
      headers: { cookie: admin.setCookie.split(';')[0]! },
    });
    expect(Buffer.from(await preview.arrayBuffer()).equals(bad)).toBe(true);

    const blocked = await admin.change<{ blocked: string[] }>(
      'POST',
      `/api/admin/shares/${code}/block`,
    );
    expect(blocked.status).toBe(200);
    expect(blocked.body.blocked.sort()).toEqual([sha256(bad), sha256(other)].sort());
    expect((await http(server.url, `/api/shares/${code}`)).status).toBe(404);

    const again = await upload(server.url, { bytes: bad, name: 'renamed.bin' });
    expect(again.status).toBe(403);
    expect(again.body).toMatchObject({ code: 'CONTENT_BLOCKED', detail: messages.contentBlocked });
    // In a bundle the blocked file refuses the whole share, and nothing of it is kept.
    const bundle = await uploadMany(server.url, [
      { bytes: randomBytes(10), name: 'fine.txt' },
      { bytes: other, name: 'again.txt' },
    ]);
    expect(bundle.status).toBe(403);
    // The terminal's curl -T.
    const put = await fetch(`${server.url}/x.bin`, { method: 'PUT', body: bad });
    expect(put.status).toBe(403);
    // A resumable upload is refused when its last byte arrives, and its share ends.
    const tus = await createUpload(server.url, bad.length);
    expect(tus.status).toBe(201);
    const last = await patchChunk(tus.url, 0, bad);
    expect(last.status).toBe(403);
    expect((await http(server.url, `/api/shares/${tus.code}`)).status).toBe(404);
    // Other bytes are still welcome.
    const fine = await upload(server.url, { bytes: randomBytes(5000), name: 'bad.exe' });
    expect(fine.status).toBe(201);
    const download = await http<{ downloadUrls: { url: string }[] }>(
      server.url,
      `/api/shares/${fine.body.code as string}/downloads`,
      { method: 'POST', json: {} },
    );
    expect((await fetch(absolute(server.url, download.body.downloadUrls[0]!.url))).status).toBe(
      200,
    );
  });

  it("serves a file to the console's preview as bytes, never as its declared type", async () => {
    const body = '<script>document.title = "pwned"</script>';
    const shared = await upload(server.url, {
      bytes: Buffer.from(body),
      name: 'page.html',
      type: 'text/html',
    });
    const admin = await consoleSession(server.url);
    const preview = await fetch(
      `${server.url}/api/admin/shares/${shared.body.code as string}/files/0`,
      { headers: { cookie: admin.setCookie.split(';')[0]! } },
    );
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('application/octet-stream');
    expect(preview.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await preview.text()).toBe(body);
  });

  it('keeps the block list out of reach: the console needs its session', async () => {
    expect((await http(server.url, '/api/admin/overview')).status).toBe(401);
    expect(
      (await http(server.url, '/api/admin/shares/123456/block', { method: 'POST' })).status,
    ).toBe(401);
  });
});

describe('the console switched off', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, {});
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('answers 404 for every console path without ADMIN_PASSWORD_HASH', async () => {
    for (const path of ['/api/admin/session', '/api/admin/reports', '/api/admin/overview']) {
      expect((await http(server.url, path)).status).toBe(404);
    }
    const signIn = await http(server.url, '/api/admin/session', {
      method: 'POST',
      json: { password: consolePassword },
    });
    expect(signIn.status).toBe(404);
  });

  it('marks the cookie Secure when PUBLIC_URL is https', async () => {
    const secure = await startTestApp(database, {
      env: { ADMIN_PASSWORD_HASH: consolePasswordHash, PUBLIC_URL: 'https://drop.example' },
    });
    try {
      const admin = await consoleSession(secure.url);
      expect(admin.setCookie).toMatch(/; Secure$/);
    } finally {
      await secure.close();
    }
  });
});

describe('ABUSE_EMAIL', () => {
  it('mails each stored report, with the console link, through the mailer', async () => {
    const smtp = await startSmtpServer();
    const database = await createTestDatabase('sqlite');
    const server = await startTestApp(database, {
      env: {
        SMTP_URL: smtp.url,
        ABUSE_EMAIL: 'abuse@drop.example',
        PUBLIC_URL: 'https://drop.example',
        TRUST_PROXY: '127.0.0.1',
      },
    });
    try {
      const created = await http<{ code: string }>(server.url, '/api/shares', {
        method: 'POST',
        json: { type: 'clipboard', content: 'phish' },
      });
      const code = created.body.code;
      await http(server.url, `/api/shares/${code}/reports`, {
        method: 'POST',
        json: { reason: 'malware', message: 'A fake bank login', email: 'me@example.com' },
        headers: from('198.51.100.50'),
      });
      // A code with no share stores nothing, and mails nothing.
      await http(server.url, '/api/shares/99999/reports', {
        method: 'POST',
        json: { reason: 'spam' },
        headers: from('198.51.100.51'),
      });
      // The mail goes after the answer, which does not wait for it.
      await vi.waitFor(() => expect(smtp.received).toHaveLength(1));
      const [mail] = smtp.received;
      expect(mail!.subject).toBe(`CodeDrop: share ${code} reported (Malware or phishing)`);
      expect(mail!.text).toContain('A fake bank login');
      expect(mail!.text).toContain('me@example.com');
      expect(mail!.text).toContain(`https://drop.example/admin/shares/${code}`);
      expect(mail!.text).not.toContain('198.51.100.50');
    } finally {
      await server.close();
      await database.drop();
      await smtp.close();
    }
  });
});
