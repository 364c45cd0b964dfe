import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/moderation/admin-password.js';
import { http, startTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';
import { upload } from './support/files.js';

// The console's sessions and its sign-in limits (docs/api.md#admin): a session ends with
// the password hash it was opened under, all of them end on "Sign out everywhere", and
// what the limits refuse and what the operator reads is in the audit log.

const password = 'a long console password';
const cheap = { logN: 14, r: 8, p: 1 };
const passwordHash = await hashPassword(password, cheap);
const from = (address: string) => ({ 'x-forwarded-for': address });
const proxied = { TRUST_PROXY: '127.0.0.1' };

type AuditEntries = {
  entries: Array<{ action: string; code: string | null; detail: string | null }>;
};

let addresses = 0;
async function signIn(base: string, secret = password) {
  const answer = await http<{ csrfToken: string }>(base, '/api/admin/session', {
    method: 'POST',
    json: { password: secret },
    headers: from(`192.0.2.${1 + (addresses++ % 200)}`),
  });
  expect(answer.status).toBe(200);
  const cookie = answer.headers.get('set-cookie')!.split(';')[0]!;
  const csrf = answer.body.csrfToken;
  return {
    get: <T = Record<string, unknown>>(path: string, on = base) =>
      http<T>(on, path, { headers: { cookie } }),
    change: (method: string, path: string, token = csrf, on = base) =>
      http(on, path, { method, headers: { cookie, 'codedrop-csrf': token } }),
  };
}

describe.each(testDialects())('console sessions on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      env: { ...proxied, ADMIN_PASSWORD_HASH: passwordHash, RATE_LIMIT_SIGN_INS: '1000' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('ends every session when the password hash changes, and keeps them across a restart with the same hash', async () => {
    const admin = await signIn(server.url);
    const same = await startTestApp(database, {
      env: { ...proxied, ADMIN_PASSWORD_HASH: passwordHash },
    });
    try {
      expect((await admin.get('/api/admin/overview', same.url)).status).toBe(200);
    } finally {
      await same.close();
    }
    const changed = await startTestApp(database, {
      env: { ...proxied, ADMIN_PASSWORD_HASH: await hashPassword('another long password', cheap) },
    });
    try {
      const read = await admin.get('/api/admin/overview', changed.url);
      expect(read.status).toBe(401);
      expect(read.body).toMatchObject({ code: 'UNAUTHORIZED' });
      const code = (
        await http<{ code: string }>(changed.url, '/api/shares', {
          method: 'POST',
          json: { type: 'clipboard', content: 'still here' },
        })
      ).body.code;
      const removal = await admin.change(
        'DELETE',
        `/api/admin/shares/${code}`,
        undefined,
        changed.url,
      );
      expect(removal.status).toBe(401);
      expect((await http(changed.url, `/api/shares/${code}`)).status).toBe(200);
    } finally {
      await changed.close();
    }
    // Two more servers start: in the two-worker runs, each is a process of its own.
  }, 90_000);

  it('signs out everywhere: every session ends, with the CSRF token only', async () => {
    const one = await signIn(server.url);
    const other = await signIn(server.url);
    expect((await one.change('DELETE', '/api/admin/sessions', 'forged')).status).toBe(403);
    expect((await other.get('/api/admin/session')).status).toBe(200);
    const ended = await one.change('DELETE', '/api/admin/sessions');
    expect(ended.status).toBe(204);
    expect(ended.headers.get('set-cookie')).toMatch(
      /^codedrop_admin=; Path=\/api\/admin; Max-Age=0/,
    );
    expect((await one.get('/api/admin/session')).status).toBe(401);
    expect((await other.get('/api/admin/session')).status).toBe(401);
    const after = await signIn(server.url);
    const audit = await after.get<AuditEntries>('/api/admin/audit');
    expect(audit.body.entries.slice(0, 2).map((entry) => entry.action)).toEqual([
      'sign-in',
      'sign-out-everywhere',
    ]);
  });

  it("writes the operator's views of a share's content to the audit log", async () => {
    const created = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'seen by the operator' },
    });
    const code = created.body.code;
    const file = await upload(server.url, { bytes: Buffer.from('file bytes'), name: 'a.txt' });
    const fileCode = file.body.code as string;
    const admin = await signIn(server.url);
    expect((await admin.get(`/api/admin/shares/${code}`)).status).toBe(200);
    expect((await admin.get(`/api/admin/shares/${fileCode}/files/0`)).status).toBe(200);
    const audit = await admin.get<AuditEntries>('/api/admin/audit');
    expect(audit.body.entries.slice(0, 2)).toMatchObject([
      { action: 'view', code: fileCode, detail: 'file 0' },
      { action: 'view', code, detail: null },
    ]);
  });

  it('writes refused sign-ins to the audit log, once per address and window', async () => {
    const attempt = () =>
      http(server.url, '/api/admin/session', {
        method: 'POST',
        json: { password: 'a guess' },
        headers: from('198.51.100.66'),
      });
    for (let i = 0; i < 5; i++) expect((await attempt()).status).toBe(401);
    for (let i = 0; i < 3; i++) expect((await attempt()).status).toBe(429);
    const admin = await signIn(server.url);
    const audit = await admin.get<AuditEntries>('/api/admin/audit');
    const limited = audit.body.entries.filter((entry) => entry.action === 'sign-in-limited');
    expect(limited).toHaveLength(1);
    expect(limited[0]!.detail).toBe('address');
  });
});

describe.each(testDialects())('the global console sign-in limit on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      env: { ...proxied, ADMIN_PASSWORD_HASH: passwordHash, RATE_LIMIT_SIGN_INS: '4' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('refuses sign-ins from every address past RATE_LIMIT_SIGN_INS a minute, and says so in the audit log', async () => {
    const attempt = (address: string, secret = 'a guess') =>
      http(server.url, '/api/admin/session', {
        method: 'POST',
        json: { password: secret },
        headers: from(address),
      });
    for (let i = 1; i <= 3; i++) expect((await attempt(`203.0.${i}.1`)).status).toBe(401);
    const admin = await signIn(server.url);
    const refused = await attempt('203.0.9.1', password);
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'RATE_LIMITED' });
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect((await attempt('203.0.10.1')).status).toBe(429);
    const audit = await admin.get<AuditEntries>('/api/admin/audit');
    const limited = audit.body.entries.filter((entry) => entry.action === 'sign-in-limited');
    expect(limited.map((entry) => entry.detail)).toEqual(['all addresses']);
  });
});
