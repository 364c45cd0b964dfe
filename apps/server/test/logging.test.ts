import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, http, type TestApp } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { fakeEncryptedShare } from './support/envelopes.js';
import { upload } from './support/files.js';
import { createUpload, headUpload, patchChunk } from './support/tus.js';

/** Access lines are written together at the end of the turn their responses ended in. */
const endOfTurn = () => new Promise((resolve) => setImmediate(resolve));

/** Logs are read by operators and shipped to other systems: they must hold no secrets. */
describe('logs', () => {
  let database: TestDatabase;
  let server: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, {
      env: { LOG_LEVEL: 'trace', METRICS_TOKEN: 'metrics-token-0123456789' },
      logStream: { write: (line) => void lines.push(line) },
    });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  it('hold one access line per request, written when its response ends', async () => {
    lines.length = 0;
    const created = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'one line each' },
    });
    await http(server.url, `/api/shares/${created.body.code}`);
    await http(server.url, '/api/shares/000000');
    await endOfTurn();
    const requests = lines
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((entry) => entry.req !== undefined);
    expect(requests).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'POST', url: '/api/shares' }),
        res: { statusCode: 201 },
        responseTime: expect.any(Number),
      }),
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', url: '/api/shares/[code]' }),
        res: { statusCode: 200 },
      }),
      expect.objectContaining({
        req: expect.objectContaining({ method: 'GET', url: '/api/shares/[code]' }),
        res: { statusCode: 404 },
      }),
    ]);
  });

  it('hold valid JSON for any URL, and the time taken in milliseconds to the microsecond', async () => {
    // A client that does not percent-encode: the quote and the backslash reach the server.
    const rawPath = '/nothing"here\\or';
    lines.length = 0;
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(Number(new URL(server.url).port), '127.0.0.1');
      let text = '';
      socket.on('data', (chunk) => (text += chunk.toString('latin1')));
      socket.on('end', () => resolve(text));
      socket.on('error', reject);
      socket.end(
        Buffer.from(`GET ${rawPath} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`, 'latin1'),
      );
    });
    expect(answer).toMatch(/^HTTP\/1\.1 404 /);
    await http(server.url, '/api/config');
    await endOfTurn();
    const entries = lines.map((line) => JSON.parse(line) as { req?: { url: string } });
    expect(entries.map((entry) => entry.req?.url)).toEqual([rawPath, '/api/config']);
    expect(lines[1]).toMatch(/"responseTime":\d+\.\d{3},/);
  });

  it('never contain share content, passwords, keys or download tokens', async () => {
    const secretText = 'TOP-SECRET-CLIPBOARD-TEXT';
    const created = await http<{ code: string; deleteToken: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: secretText },
    });
    await http(server.url, `/api/shares/${created.body.code}`);
    const share = fakeEncryptedShare();
    await http(server.url, '/api/shares', {
      method: 'POST',
      json: {
        type: 'notepad',
        encryptedPayload: share.encryptedPayload,
        authVerifier: share.authVerifier,
        recoveryEmail: 'private.person@example.com',
        recoveryPassword: 'RECOVERY-PASSWORD-XYZ',
      },
    });
    const file = await upload(server.url, {
      bytes: Buffer.from('FILE-BYTES-SECRET'),
      name: 'n.txt',
    });
    const grant = await http<{ downloadUrls: { url: string }[] }>(
      server.url,
      `/api/shares/${file.body.code as string}/downloads`,
      { method: 'POST', json: {} },
    );
    await fetch(server.url + grant.body.downloadUrls[0]!.url);
    await http(server.url, '/metrics', {
      headers: { authorization: 'Bearer metrics-token-0123456789' },
    });
    await http(server.url, '/api/shares', {
      method: 'POST',
      body: `{"content":"${secretText}"`,
      headers: { 'content-type': 'application/json' },
    });

    const token = grant.body.downloadUrls[0]!.url.split('/').pop()!;
    await endOfTurn();
    const log = lines.join('');
    expect(lines.length).toBeGreaterThan(10);
    for (const secret of [
      secretText,
      'RECOVERY-PASSWORD-XYZ',
      'private.person@example.com',
      share.encryptedPayload.ciphertext,
      share.authVerifier,
      created.body.deleteToken,
      'FILE-BYTES-SECRET',
      token,
      'metrics-token-0123456789',
    ]) {
      expect(log).not.toContain(secret);
    }
    expect(log).toContain('/api/blobs/[token]');
  });

  it('never contain share codes: a code is the key to an unencrypted share', async () => {
    lines.length = 0;
    const created = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', content: 'hello' },
    });
    const code = created.body.code;
    await http(server.url, `/api/shares/${code}`);
    await http(server.url, `/api/shares/${code}/read`, { method: 'POST' });
    await http(server.url, `/api/shares/${code}?code=${code}`);
    await http(server.url, `/${code}`);
    await http(server.url, `/${code}9999999`);
    await http(server.url, `/?code=${code}`);
    await http(server.url, '/api/recovery', {
      method: 'POST',
      json: { email: 'a@example.com', shareCode: code },
    });
    // Every string in every line (times and ids are numbers, which may hold any digits).
    const strings: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') strings.push(value);
      else if (typeof value === 'object' && value !== null) Object.values(value).forEach(collect);
    };
    await endOfTurn();
    lines.forEach((line) => collect(JSON.parse(line)));
    expect(strings).toContain('/api/shares/[code]');
    expect(strings).toContain('/[code]');
    expect(strings.filter((text) => text.includes(code))).toEqual([]);
  });

  it('never contain an upload URL, a console route’s code or a name sent to PUT /{name}', async () => {
    const shared = await upload(server.url, { bytes: Buffer.from('x'), name: 'x.txt' });
    const code = shared.body.code as string;
    lines.length = 0;
    const created = await createUpload(server.url, 3, { filename: 'a.txt', maxDownloads: '1' });
    // The upload's id without its extension: its random part is what makes it a capability.
    const id = decodeURIComponent(created.url.split('/').pop()!).replace(/\.[a-z0-9]+$/, '');
    await headUpload(created.url);
    await patchChunk(created.url, 0, Buffer.from('abc'));
    await fetch(created.url, { method: 'OPTIONS' });
    await fetch(`${server.url}/PRIVATE-NAME-1.pdf?downloads=1`, { method: 'PUT', body: 'x' });
    await fetch(`${server.url}/folder/PRIVATE-NAME-2.pdf`, { method: 'PUT', body: 'x' });
    await fetch(`${server.url}/PRIVATE-NAME-3%E0%A4%A.pdf`, { method: 'PUT', body: 'x' });
    for (const path of ['', '/files/0', '/restore', '/block']) {
      await http(server.url, `/api/admin/shares/${code}${path}`, {
        method: path === '' || path === '/files/0' ? 'GET' : 'POST',
      });
    }
    await http(server.url, `/admin/shares/${code}`);
    const strings: string[] = [];
    const collect = (value: unknown): void => {
      if (typeof value === 'string') strings.push(value);
      else if (typeof value === 'object' && value !== null) Object.values(value).forEach(collect);
    };
    await endOfTurn();
    lines.forEach((line) => collect(JSON.parse(line)));
    expect(strings).toContain('/api/uploads/[upload]');
    expect(strings).toContain('/[name]?downloads=1');
    expect(strings).toContain('/api/admin/shares/[code]/files/0');
    for (const secret of [id, 'PRIVATE-NAME', code]) {
      expect(strings.filter((text) => text.includes(secret))).toEqual([]);
    }
  });
});
