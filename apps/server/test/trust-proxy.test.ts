import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { serverOptions } from '../src/app.js';
import { ConfigError, loadConfig } from '../src/config/config.js';
import { startTestApp, http, type TestApp } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { freePort, runServer } from './support/server-process.js';

describe('TRUST_PROXY', () => {
  it('refuses true: it would let any client choose its address', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY.*hop count/);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toBe(
      '10.0.0.0/8, 127.0.0.1',
    );
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it.each([
    '0.0.0.0/1,128.0.0.0/1',
    '10.0.0.0/7',
    '0.0.0.0/0',
    '::/0',
    '2000::/3',
    '2001:db8::/31',
    '::ffff:0:0/96',
    '::ffff:10.0.0.0/103',
    '::/64',
    '10.0.0.0/254.0.0.0',
  ])('refuses %s: a range that broad lets its clients choose their address', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it.each(['10.0.0.1/33', '::1/129', '10.0.0.0/255.0.255.0', '10.0.0.0/8,', '300.1.1.1'])(
    'refuses %s, which is no address or range, with the configuration message',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );

  it('takes ranges up to a /8 of IPv4 and a /32 of IPv6, in either notation', () => {
    for (const value of [
      '10.0.0.0/8',
      '10.0.0.0/255.0.0.0',
      '172.16.0.0/12, 192.168.0.0/16, 127.0.0.1',
      '2001:db8::/32',
      'fd00:1234:5678::/48, ::1',
      '::ffff:10.0.0.0/104',
    ]) {
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(value);
    }
  });

  it('stops a process given a /0 range with the configuration message, not a stack trace', async () => {
    const run = runServer({ TRUST_PROXY: '0.0.0.0/0', PORT: freePort(), HOST: '127.0.0.1' });
    try {
      const ended = await Promise.race([
        run.exited,
        new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000)),
      ]);
      expect(ended).toBe(1);
      expect(run.output()).toContain('TRUST_PROXY');
      expect(run.output()).not.toMatch(/\n\s+at /);
    } finally {
      run.child.kill('SIGKILL');
    }
  }, 30_000);
});

describe('/metrics loopback exemption', () => {
  let database: TestDatabase;
  let server: TestApp;
  const proxy = '203.0.113.7';

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, { env: { TRUST_PROXY: proxy } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const metrics = (remoteAddress: string, headers: Record<string, string> = {}) =>
    server.app.inject({ method: 'GET', url: '/metrics', remoteAddress, headers });

  it('is decided by the socket, never by X-Forwarded-For', async () => {
    // A remote client through the trusted proxy claims to be loopback.
    const spoofed = await metrics(proxy, { 'x-forwarded-for': '127.0.0.1' });
    expect(spoofed.statusCode).toBe(401);
    expect(spoofed.headers['content-type']).toContain('application/problem+json');
    // So does a client that connects directly.
    expect((await metrics('198.51.100.4', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(
      401,
    );
  });

  it('a request forwarded by a proxy on this host is not a local one', async () => {
    expect((await metrics('127.0.0.1', { 'x-forwarded-for': '198.51.100.4' })).statusCode).toBe(
      401,
    );
  });

  it('a direct loopback client still reads metrics without a token', async () => {
    expect((await metrics('127.0.0.1')).statusCode).toBe(200);
    expect((await http(server.url, '/metrics')).status).toBe(200);
  });
});

describe('a TRUST_PROXY hop count', () => {
  it('takes the client address from X-Forwarded-For that many hops in', async () => {
    const app = Fastify(serverOptions(loadConfig({ TRUST_PROXY: '1', LOG_LEVEL: 'silent' })));
    app.get('/ip', async (request) => ({ ip: request.ip }));
    const answer = await app.inject({
      url: '/ip',
      remoteAddress: '10.0.0.2',
      headers: { 'x-forwarded-for': '198.51.100.9, 203.0.113.5' },
    });
    expect(answer.json()).toEqual({ ip: '203.0.113.5' });
    await app.close();
  });
});
