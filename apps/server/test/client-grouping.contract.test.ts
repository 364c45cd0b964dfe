import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../src/modules/moderation/admin-password.js';
import { http, startTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';

// Every limit counts a client by its address group (docs/design.md#client-addresses): an
// IPv6 client by its /64, an IPv4 client by its address. Behind the proxy the server
// trusts, each request names its client in X-Forwarded-For.

const password = 'a long console password';
const passwordHash = await hashPassword(password, { logN: 14, r: 8, p: 1 });
const from = (address: string) => ({ 'x-forwarded-for': address });
/** The n-th address of one /64 (2001:db8:a:b::/64 unless another prefix is given). */
const in64 = (n: number, prefix = '2001:db8:a:b') => `${prefix}::${n.toString(16)}`;

describe.each(testDialects())('client addresses grouped by network on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, {
      env: {
        TRUST_PROXY: '127.0.0.1',
        RATE_LIMIT_CREATES: '3',
        RATE_LIMIT_MISSES: '3',
        RATE_LIMIT_REPORTS: '3',
        RATE_LIMIT_SIGN_INS: '1000',
        ADMIN_PASSWORD_HASH: passwordHash,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const create = (address: string) =>
    http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'grouped' },
      headers: from(address),
    });
  const report = (code: string, address: string) =>
    http(server.url, `/api/shares/${code}/reports`, {
      method: 'POST',
      json: { reason: 'spam' },
      headers: from(address),
    });
  const lookup = (code: string, address = '192.0.2.250') =>
    http(server.url, `/api/shares/${code}`, { headers: from(address) });

  it('counts the creations of one /64 together', async () => {
    for (let n = 1; n <= 3; n++) expect((await create(in64(n, '2001:db8:c:1'))).status).toBe(201);
    const limited = await create(in64(0xffff, '2001:db8:c:1'));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
    // The next /64 has a budget of its own.
    expect((await create(in64(1, '2001:db8:c:2'))).status).toBe(201);
  });

  it('counts an IPv4-mapped IPv6 address as the IPv4 address it is', async () => {
    expect((await create('198.51.100.20')).status).toBe(201);
    expect((await create('::ffff:198.51.100.20')).status).toBe(201);
    expect((await create('::ffff:c633:6414')).status).toBe(201);
    expect((await create('198.51.100.20')).status).toBe(429);
    // IPv4 addresses count one by one, even in one /24.
    expect((await create('198.51.100.21')).status).toBe(201);
  });

  it('counts the misses of one /64 together', async () => {
    for (let n = 1; n <= 3; n++) {
      expect((await lookup(`99990${n}`, in64(n, '2001:db8:d:1'))).status).toBe(404);
    }
    expect((await lookup('999904', in64(0x1234, '2001:db8:d:1'))).status).toBe(429);
    expect((await lookup('999904', in64(1, '2001:db8:d:2'))).status).toBe(404);
  });

  it('counts the reports of one /64 together', async () => {
    const created = await create('192.0.2.1');
    const code = created.body.code;
    for (let n = 1; n <= 3; n++)
      expect((await report(code, in64(n, '2001:db8:e:1'))).status).toBe(202);
    expect((await report(code, in64(9, '2001:db8:e:1'))).status).toBe(429);
  });

  it('counts the sign-in attempts of one /64 together', async () => {
    const attempt = (address: string) =>
      http(server.url, '/api/admin/session', {
        method: 'POST',
        json: { password: 'a guess' },
        headers: from(address),
      });
    for (let n = 1; n <= 5; n++) expect((await attempt(in64(n, '2001:db8:f:1'))).status).toBe(401);
    const limited = await attempt(in64(6, '2001:db8:f:1'));
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('quarantines only when the reporters come from three networks', async () => {
    const code = (await create('192.0.2.2')).body.code;
    // Three addresses of one /64 are one reporter.
    for (let n = 1; n <= 3; n++) await report(code, in64(n, '2001:db8:10:1'));
    expect((await lookup(code)).status).toBe(200);
    // Three /64s of one /48, or three addresses of one /24: one network each.
    const sameNetwork = (await create('192.0.2.3')).body.code;
    for (const address of ['2001:db8:11:1::1', '2001:db8:11:2::1', '2001:db8:11:3::1']) {
      await report(sameNetwork, address);
    }
    expect((await lookup(sameNetwork)).status).toBe(200);
    const oneSlash24 = (await create('192.0.2.4')).body.code;
    for (const address of ['203.0.113.10', '203.0.113.11', '203.0.113.12']) {
      await report(oneSlash24, address);
    }
    expect((await lookup(oneSlash24)).status).toBe(200);
    // Reporters from three networks quarantine it.
    await report(oneSlash24, '2001:db8:12:1::1');
    expect((await lookup(oneSlash24)).status).toBe(200);
    await report(oneSlash24, '198.51.100.99');
    expect((await lookup(oneSlash24)).status).toBe(451);
  });
});

describe('RATE_LIMIT_IPV6_PREFIX', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, {
      env: { TRUST_PROXY: '127.0.0.1', RATE_LIMIT_CREATES: '2', RATE_LIMIT_IPV6_PREFIX: '56' },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('groups IPv6 clients by the prefix it names', async () => {
    const create = (address: string) =>
      http(server.url, '/api/shares', {
        method: 'POST',
        json: { type: 'clipboard', content: 'grouped' },
        headers: from(address),
      });
    // 2001:db8:1:100::/56 holds both of these /64s.
    expect((await create('2001:db8:1:101::1')).status).toBe(201);
    expect((await create('2001:db8:1:1ff::1')).status).toBe(201);
    expect((await create('2001:db8:1:1a0::1')).status).toBe(429);
    expect((await create('2001:db8:1:200::1')).status).toBe(201);
  });
});
