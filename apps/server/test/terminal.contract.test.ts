import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatBytesCompact, messages } from '@codedrop/contract';
import { startTestApp, http, type TestApp } from './support/app.js';
import { fakeEncryptedShare } from './support/envelopes.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { absolute, storageEnv, testBackends, uploadMany } from './support/files.js';

const combos = testBackends();

// What curl sends: `Accept: */*`; --data-binary as a form; -T with no type at all.
const curl = { accept: '*/*', 'user-agent': 'curl/8.5.0' };

describe.each(combos)('the terminal door on %s + %s storage', (dialect, storage) => {
  let database: TestDatabase;
  let server: TestApp;
  let store: Awaited<ReturnType<typeof storageEnv>>;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await storageEnv(storage);
    server = await startTestApp(database, {
      env: {
        RATE_LIMIT_DISABLED: 'true',
        MAX_TEXT_CHARS: '1000',
        MAX_FILE_BYTES: '200000',
        PUBLIC_URL: 'https://drop.example',
        ...store.env,
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await store?.close();
    await database?.drop();
  });

  const send = (path: string, init: RequestInit & { headers?: Record<string, string> }) =>
    fetch(server.url + path, { ...init, headers: { ...curl, ...init.headers } });
  const lines = async (response: Response) => (await response.text()).split('\n');

  it('echo hello | curl --data-binary @- HOST/ makes a clipboard share; curl HOST/{code} reads it', async () => {
    const text = 'hello, wörld 👋\n';
    const created = await send('/', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: text,
    });
    expect(created.status).toBe(201);
    expect(created.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    const token = created.headers.get('codedrop-delete-token');
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [code, link, end] = await lines(created);
    expect(code).toMatch(/^\d{4,6}$/);
    expect(link).toBe(`https://drop.example/${code}`);
    expect(end).toBe('');
    const read = await send(`/${code}`, {});
    expect(read.status).toBe(200);
    expect(read.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(read.headers.get('cache-control')).toBe('no-store');
    // A browser asking for the same URL gets the page: the answer depends on both headers.
    expect(read.headers.get('vary')).toMatch(/^accept, user-agent$/i);
    expect(await read.text()).toBe(text);
    const refused = await send('/9999999', {});
    expect(refused.status).toBe(400);
    expect(refused.headers.get('vary')).toMatch(/^accept, user-agent$/i);
  });

  it('takes expires and burn, and will not consume a burn-after-reading share', async () => {
    const created = await send('/?expires=600&burn=1', { method: 'POST', body: 'once' });
    const [code] = await lines(created);
    const view = await http<{ burnAfterReading: boolean; expiresAt: string; createdAt: string }>(
      server.url,
      `/api/shares/${code}`,
    );
    expect(view.body.burnAfterReading).toBe(true);
    const lifetime = Date.parse(view.body.expiresAt) - Date.parse(view.body.createdAt);
    expect(lifetime).toBe(600_000);
    const read = await send(`/${code}`, {});
    expect(read.status).toBe(409);
    expect(await read.text()).toMatch(/^This share is deleted once read\. Open .+\n$/);
    // Still there, unread.
    expect((await http(server.url, `/api/shares/${code}/read`, { method: 'POST' })).status).toBe(
      200,
    );
  });

  it('refuses bad text with the JSON API’s statuses, in plain text', async () => {
    const blank = await send('/', { method: 'POST', body: '   ' });
    expect(blank.status).toBe(400);
    expect(await blank.text()).toBe('Please enter some text to share\n');
    const long = await send('/', { method: 'POST', body: 'x'.repeat(1001) });
    expect(long.status).toBe(400);
    expect(await long.text()).toBe('Text is too long: at most 1,000 characters\n');
    const huge = await send('/', { method: 'POST', body: 'x'.repeat(5000) });
    expect(huge.status).toBe(400);
    const binary = await send('/', { method: 'POST', body: Buffer.from([0xff, 0xfe, 0x00]) });
    expect(binary.status).toBe(400);
    expect(await binary.text()).toMatch(/UTF-8/);
    const nul = await send('/', { method: 'POST', body: 'a\u0000b' });
    expect(nul.status).toBe(400);
    const missing = await send('/99999', {});
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(await missing.text()).toBe(
      'Content not found or has expired. Please check the code and try again.\n',
    );
    expect((await send('/12', {})).status).toBe(400);
  });

  it('curl -T report.pdf HOST/ makes a file share; curl -LOJ HOST/{code} downloads it, one count', async () => {
    const bytes = randomBytes(50_000);
    const created = await send('/report%20v2.pdf?downloads=2&expires=3600', {
      method: 'PUT',
      body: bytes,
    });
    expect(created.status).toBe(201);
    const [code, link] = await lines(created);
    expect(link).toBe(`https://drop.example/${code}`);
    const view = await http(server.url, `/api/shares/${code}`);
    expect(view.body).toMatchObject({
      files: [{ name: 'report v2.pdf', size: 50_000 }],
      maxDownloads: 2,
    });

    const redirect = await send(`/${code}`, { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    const location = redirect.headers.get('location')!;
    // Followed like curl -L: the file, as an attachment under its name.
    const file = await fetch(absolute(server.url, location.replace('https://drop.example', '')));
    expect(file.headers.get('content-disposition')).toContain('report v2.pdf');
    expect(Buffer.from(await file.arrayBuffer()).equals(bytes)).toBe(true);
    // Probing the link (curl -I) takes nothing.
    expect((await send(`/${code}`, { method: 'HEAD' })).status).not.toBe(303);
    const after = await http<{ downloadCount: number }>(server.url, `/api/shares/${code}`);
    expect(after.body.downloadCount).toBe(1);
  });

  it('cleans the name in the path as every other door does', async () => {
    for (const [path, kept] of [
      ['/..%2F..%2Fetc%2Fpasswd', 'passwd'],
      ['/..%5C..%5Cwindows%5Cwin.ini', 'win.ini'],
      ['/in%E2%80%8Bvoice%E2%81%A0.pdf%EF%BB%BF', 'invoice.pdf'],
      ['/report%E2%80%AEfdp.exe', 'reportfdp.exe'],
      ['/100%25%20sure.txt', '100% sure.txt'],
      // Decoded once, as the path says: an escaped "%25" stays a "%25" in the name.
      ['/50%2525.txt', '50%25.txt'],
    ]) {
      const created = await send(path!, { method: 'PUT', body: 'x' });
      expect(created.status).toBe(201);
      const [code] = await lines(created);
      const view = await http<{ files: { name: string }[] }>(server.url, `/api/shares/${code}`);
      expect(view.body.files[0]!.name).toBe(kept);
    }
    const nothing = await send('/..%2F..', { method: 'PUT', body: 'x' });
    expect(nothing.status).toBe(400);
  });

  it('answers a path that is not valid percent-encoding with a problem', async () => {
    for (const path of ['/%E0%A4%A.txt', '/a%ZZ.txt', '/%C0%AF.txt']) {
      const refused = await send(path, { method: 'PUT', body: 'x' });
      expect(refused.status).toBe(400);
      expect(refused.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(await refused.json()).toMatchObject({ status: 400, code: 'VALIDATION_FAILED' });
    }
  });

  it('refuses a file over the limit with 413 in plain text, keeping nothing', async () => {
    const refused = await send('/big.bin', { method: 'PUT', body: randomBytes(200_001) });
    expect(refused.status).toBe(413);
    expect(await refused.text()).toBe(
      `${messages.fileTooLargeDetail(formatBytesCompact(200_000))}\n`,
    );
  });

  it('lists the URLs of a bundle, one name and URL a line, for one count', async () => {
    const created = await uploadMany(server.url, [
      { bytes: Buffer.from('a'), name: 'a.txt' },
      { bytes: Buffer.from('b'), name: 'b.txt' },
    ]);
    const code = created.body.code as string;
    const listed = await send(`/${code}`, {});
    expect(listed.status).toBe(200);
    const rows = (await listed.text()).trimEnd().split('\n');
    expect(rows.map((row) => row.split('\t')[0])).toEqual(['a.txt', 'b.txt']);
    for (const row of rows) expect(row.split('\t')[1]).toMatch(/^https?:\/\//);
  });

  it('reads a note as text without HTML, and refuses an encrypted share', async () => {
    const note = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: {
        type: 'notepad',
        content:
          '<h1>Plan &amp; notes</h1><p>Buy <strong>milk</strong></p><ul><li>one</li><li>two</li></ul><p><a href="https://example.com">site</a></p>',
      },
    });
    const read = await send(`/${note.body.code}`, {});
    expect(await read.text()).toBe(
      'Plan & notes\nBuy milk\n- one\n- two\nsite (https://example.com)\n',
    );
    const { encryptedPayload, authVerifier } = fakeEncryptedShare();
    const secret = await http<{ code: string }>(server.url, '/api/shares', {
      method: 'POST',
      json: { type: 'clipboard', encryptedPayload, authVerifier },
    });
    expect(secret.status).toBe(201);
    const refused = await send(`/${secret.body.code}`, {});
    expect(refused.status).toBe(409);
    expect(await refused.text()).toMatch(
      /^This share is encrypted\. Open https:\/\/drop\.example\//,
    );
  });

  it('gives a link-preview bot the page, never the share', async () => {
    const created = await send('/', { method: 'POST', body: 'not for bots' });
    const [code] = await lines(created);
    for (const agent of [
      'Slackbot-LinkExpanding 1.0',
      'facebookexternalhit/1.1',
      'Discordbot/2.0',
    ]) {
      const page = await send(`/${code}`, { headers: { 'user-agent': agent } });
      expect(await page.text()).not.toContain('not for bots');
    }
    const plain = await send(`/${code}`, {});
    expect(plain.headers.get('x-robots-tag')).toBe('noindex');
  });

  it('gives a browser the page, not the text', async () => {
    const created = await send('/', { method: 'POST', body: 'for browsers' });
    const [code] = await lines(created);
    const page = await send(`/${code}`, { headers: { accept: 'text/html,*/*;q=0.8' } });
    // No web build in API tests: the page answers 404 here (web.test.ts has the page).
    expect(page.status).toBe(404);
    expect(await page.text()).not.toContain('for browsers');
  });
});
