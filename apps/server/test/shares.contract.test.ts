import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '@codedrop/contract';
import { startTestApp, http, type TestApp } from './support/app.js';
import { TestClock } from './support/clock.js';
import { createTestDatabase, testDialects, type TestDatabase } from './support/databases.js';

describe.each(testDialects())('shares API on %s', (dialect) => {
  let database: TestDatabase;
  let server: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    server = await startTestApp(database, { clock, env: { RATE_LIMIT_DISABLED: 'true' } });
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  const create = (json: unknown) => http(server.url, '/api/shares', { method: 'POST', json });

  describe('clipboard', () => {
    it('creates a share and returns it by code, byte for byte', async () => {
      const content = '  Hello,\tworld!\r\n👋🏽 ünïcödé — "quotes" <b>not html</b>\n  ';
      const created = await create({ type: 'clipboard', content });
      expect(created.status).toBe(201);
      const body = created.body as Record<string, string>;
      expect(body.code).toMatch(/^\d{4}$/);
      expect(body.type).toBe('clipboard');
      expect(body.deleteToken).toMatch(/^[\w-]{43}$/);
      expect(Date.parse(body.expiresAt!) - Date.parse(body.createdAt!)).toBe(86_400_000);

      const got = await http(server.url, `/api/shares/${body.code}`);
      expect(got.status).toBe(200);
      expect(got.headers.get('cache-control')).toBe('no-store');
      expect(got.body).toEqual({
        code: body.code,
        type: 'clipboard',
        createdAt: body.createdAt,
        expiresAt: body.expiresAt,
        status: 'ready',
        isEncrypted: false,
        burnAfterReading: false,
        content,
      });
    });

    it('honours a configured expiry choice and refuses others', async () => {
      const ok = await create({ type: 'clipboard', content: 'x', expiresInSeconds: 600 });
      expect(ok.status).toBe(201);
      const b = ok.body as Record<string, string>;
      expect(Date.parse(b.expiresAt!) - Date.parse(b.createdAt!)).toBe(600_000);
      const bad = await create({ type: 'clipboard', content: 'x', expiresInSeconds: 90_000 });
      expect(bad.status).toBe(400);
      expect(bad.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'expiresInSeconds' }],
      });
    });

    it.each([
      ['empty', ''],
      ['blank', '   \n\t '],
    ])('refuses %s text with the SPEC message', async (_label, content) => {
      const res = await create({ type: 'clipboard', content });
      expect(res.status).toBe(400);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body).toMatchObject({
        status: 400,
        code: 'VALIDATION_FAILED',
        detail: messages.textRequired,
        errors: [{ field: 'content', message: messages.textRequired }],
      });
    });

    it('refuses missing content with the SPEC message', async () => {
      const res = await create({ type: 'clipboard' });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ detail: messages.textRequired });
    });

    it('counts the limit in code points: 100 000 emoji pass, one more fails', async () => {
      const atLimit = '😀'.repeat(100_000);
      const ok = await create({ type: 'clipboard', content: atLimit });
      expect(ok.status).toBe(201);
      const code = (ok.body as { code: string }).code;
      const got = await http<{ content: string }>(server.url, `/api/shares/${code}`);
      expect(got.body.content).toBe(atLimit);
      const over = await create({ type: 'clipboard', content: `${atLimit}x` });
      expect(over.status).toBe(400);
      expect(over.body).toMatchObject({
        code: 'VALIDATION_FAILED',
        errors: [{ field: 'content' }],
      });
    });

    it('refuses NUL and lone surrogates instead of mangling them', async () => {
      for (const content of ['a\u0000b', 'a\ud800b', '\udc00']) {
        const res = await create({ type: 'clipboard', content });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      }
    });
  });

  describe('notepad', () => {
    it('stores sanitized HTML: formats kept, scripts and unsafe links removed', async () => {
      const html =
        '<h1>Title</h1><p><strong>b</strong> <em>i</em> <u>u</u> <s>s</s></p>' +
        '<ol><li>one</li></ol><ul><li>two</li></ul><blockquote>q</blockquote><pre>code</pre>' +
        '<p><a href="https://example.com">ok</a> <a href="javascript:alert(1)">bad</a> ' +
        '<a href="mailto:a@b.c">m</a> <a href="tel:+123">t</a> <a href="sms:1">s</a></p>' +
        '<script>alert(1)</script><img src=x onerror=alert(1)><p style="color:red" onclick="x()">p</p>';
      const created = await create({ type: 'notepad', content: html });
      expect(created.status).toBe(201);
      const code = (created.body as { code: string }).code;
      const got = await http<{ content: string; type: string }>(server.url, `/api/shares/${code}`);
      expect(got.body.type).toBe('notepad');
      const stored = got.body.content;
      for (const kept of [
        '<h1>Title</h1>',
        '<strong>b</strong>',
        '<em>i</em>',
        '<u>u</u>',
        '<s>s</s>',
        '<ol><li>one</li></ol>',
        '<blockquote>q</blockquote>',
        '<pre>code</pre>',
      ]) {
        expect(stored).toContain(kept);
      }
      expect(stored).toContain('href="https://example.com"');
      expect(stored).toContain('rel="noopener noreferrer"');
      expect(stored).toContain('href="mailto:a@b.c"');
      expect(stored).toContain('href="tel:+123"');
      for (const gone of [
        'javascript:',
        'sms:',
        '<script',
        'onerror',
        '<img',
        'style=',
        'onclick',
      ]) {
        expect(stored).not.toContain(gone);
      }
      expect(stored).toContain('>bad</a>');
    });

    it.each([['<p><br></p>'], ['<p>   </p>'], ['<script>alert(1)</script>'], ['']])(
      'refuses an empty note %j',
      async (content) => {
        const res = await create({ type: 'notepad', content });
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({
          code: 'VALIDATION_FAILED',
          detail: messages.noteRequired,
        });
      },
    );
  });

  describe('lookups', () => {
    it('404s an unknown code with the lookup message', async () => {
      const res = await http(server.url, '/api/shares/000000');
      // 000000 may exist by chance only if we created it; we never create 6-digit codes here.
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({
        code: 'SHARE_NOT_FOUND',
        status: 404,
        detail: messages.lookupFailed,
        type: 'urn:codedrop:problem:share-not-found',
      });
    });

    it.each(['abc', '12a4', '123', '1234567', '12.4', '%20123'])(
      'refuses the path code %j with 400',
      async (code) => {
        const res = await http(server.url, `/api/shares/${code}`);
        expect(res.status).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
      },
    );

    it('answers 410 SHARE_EXPIRED after expiry, then 404 once the sweeper reclaimed it', async () => {
      const created = await create({
        type: 'clipboard',
        content: 'soon gone',
        expiresInSeconds: 600,
      });
      const code = (created.body as { code: string }).code;
      expect((await http(server.url, `/api/shares/${code}`)).status).toBe(200);
      clock.advance(599);
      expect((await http(server.url, `/api/shares/${code}`)).status).toBe(200);
      clock.advance(1);
      const expired = await http(server.url, `/api/shares/${code}`);
      expect(expired.status).toBe(410);
      expect(expired.body).toMatchObject({ code: 'SHARE_EXPIRED', detail: messages.lookupFailed });
      await server.app.sweeper.runOnce();
      const reclaimed = await http(server.url, `/api/shares/${code}`);
      expect(reclaimed.status).toBe(404);
      expect(reclaimed.body).toMatchObject({ code: 'SHARE_NOT_FOUND' });
    });
  });

  describe('burn after reading', () => {
    it('GET shows metadata only; POST /read returns it once; then it is burnt', async () => {
      const created = await create({
        type: 'clipboard',
        content: 'secret',
        burnAfterReading: true,
      });
      const code = (created.body as { code: string }).code;
      const meta = await http(server.url, `/api/shares/${code}`);
      expect(meta.status).toBe(200);
      expect(meta.body).toMatchObject({ burnAfterReading: true });
      expect(meta.body).not.toHaveProperty('content');
      // GET never consumes: a second GET still works (link previews cannot burn it).
      expect((await http(server.url, `/api/shares/${code}`)).status).toBe(200);

      const read = await http(server.url, `/api/shares/${code}/read`, { method: 'POST' });
      expect(read.status).toBe(200);
      expect(read.body).toEqual({ content: 'secret' });

      for (const path of [`/api/shares/${code}`, `/api/shares/${code}/read`]) {
        const again = await http(server.url, path, {
          method: path.endsWith('read') ? 'POST' : 'GET',
        });
        expect(again.status).toBe(410);
        expect(again.body).toMatchObject({ code: 'SHARE_BURNT', detail: messages.shareBurnt });
      }
    });

    it('two simultaneous reads: exactly one gets the content', async () => {
      for (let round = 0; round < 5; round++) {
        const created = await create({
          type: 'notepad',
          content: '<p>once</p>',
          burnAfterReading: true,
        });
        const code = (created.body as { code: string }).code;
        const results = await Promise.all(
          Array.from({ length: 8 }, () =>
            http(server.url, `/api/shares/${code}/read`, { method: 'POST' }),
          ),
        );
        const statuses = results.map((r) => r.status).sort();
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        expect(statuses.filter((s) => s === 410)).toHaveLength(7);
      }
    });

    it('refuses /read on a share that is not burn-after-reading', async () => {
      const created = await create({ type: 'clipboard', content: 'normal' });
      const code = (created.body as { code: string }).code;
      const res = await http(server.url, `/api/shares/${code}/read`, { method: 'POST' });
      expect(res.status).toBe(400);
      expect((await http(server.url, `/api/shares/${code}`)).status).toBe(200);
    });
  });

  describe('bad input never yields a 5xx', () => {
    const post = (body: string, contentType = 'application/json') =>
      http(server.url, '/api/shares', {
        method: 'POST',
        body,
        headers: { 'content-type': contentType },
      });

    it.each([
      ['malformed JSON', '{"type":"clipboard",', 400, 'VALIDATION_FAILED'],
      ['a JSON array', '[]', 400, 'VALIDATION_FAILED'],
      ['a JSON string', '"hello"', 400, 'VALIDATION_FAILED'],
      ['null', 'null', 400, 'VALIDATION_FAILED'],
      ['an empty body', '', 400, 'VALIDATION_FAILED'],
      ['a wrong type', '{"type":"clipboard","content":42}', 400, 'VALIDATION_FAILED'],
      ['an unknown type', '{"type":"video","content":"x"}', 400, 'VALIDATION_FAILED'],
      [
        'an unknown field',
        '{"type":"clipboard","content":"x","admin":true}',
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a fractional expiry',
        '{"type":"clipboard","content":"x","expiresInSeconds":1.5}',
        400,
        'VALIDATION_FAILED',
      ],
      [
        'a prototype key',
        '{"type":"clipboard","content":"x","__proto__":{"a":1}}',
        400,
        'VALIDATION_FAILED',
      ],
    ])('%s', async (_label, body, status, code) => {
      const res = await post(body);
      expect(res.status).toBe(status);
      expect(res.headers.get('content-type')).toContain('application/problem+json');
      expect(res.body).toMatchObject({ status, code });
      expect(typeof (res.body as { detail: string }).detail).toBe('string');
    });

    it('a non-JSON content type is 415', async () => {
      const res = await post('type=clipboard', 'application/x-www-form-urlencoded');
      expect(res.status).toBe(415);
      expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
    });

    it('an oversized body is 413 before it is parsed', async () => {
      const res = await post(
        JSON.stringify({ type: 'clipboard', content: 'x'.repeat(4 * 1024 * 1024) }),
      );
      expect(res.status).toBe(413);
      expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    });

    it('huge headers get a 431 problem', async () => {
      const res = await http(server.url, '/api/config', {
        headers: { 'x-big': 'a'.repeat(70_000) },
      });
      expect(res.status).toBe(431);
      expect(res.body).toMatchObject({ code: 'HEADERS_TOO_LARGE', status: 431 });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    });

    it('unknown API paths and methods are problems too', async () => {
      const res = await http(server.url, '/api/nothing-here');
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
      const del = await http(server.url, '/api/config', { method: 'PATCH' });
      expect(del.status).toBe(404);
    });

    it('leaves no partial rows behind', async () => {
      const before = await server.app.db.kysely
        .selectFrom('shares')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      await post('{"type":"clipboard","content":"\\u0000"}');
      await post('{"type":"notepad","content":"<p><br></p>"}');
      const after = await server.app.db.kysely
        .selectFrom('shares')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });
  });

  describe('service endpoints', () => {
    it('GET /api/config describes the limits', async () => {
      const res = await http(server.url, '/api/config');
      expect(res.status).toBe(200);
      expect(res.body).toEqual({
        maxFileBytes: 52_428_800,
        maxFilesPerShare: 20,
        uploadChunkBytes: 8_388_608,
        maxTextChars: 100_000,
        maxNoteChars: 500_000,
        codeMinDigits: 4,
        codeMaxDigits: 6,
        expiryChoicesSeconds: [600, 3600, 21600, 86400],
        defaultExpirySeconds: 86400,
        downloadLimit: { min: 1, max: 100, default: 10 },
        unlockMaxFailures: 10,
        adsClientId: null,
      });
    });

    it('GET /healthz reports the database', async () => {
      const res = await http(server.url, '/healthz');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ status: 'ok', checks: { database: 'ok' } });
    });

    it('GET /api/openapi.json documents every route', async () => {
      const res = await http<{ openapi: string; paths: Record<string, unknown> }>(
        server.url,
        '/api/openapi.json',
      );
      expect(res.status).toBe(200);
      expect(res.body.openapi).toBe('3.1.0');
      for (const path of [
        '/api/shares',
        '/api/shares/{code}',
        '/api/shares/{code}/read',
        '/api/shares/{code}/unlock',
        '/api/config',
        '/healthz',
      ]) {
        expect(Object.keys(res.body.paths)).toContain(path);
      }
      // A share's view is one of three, told apart by `type`; a file share lists its files.
      type Schema = { oneOf?: Schema[]; properties?: Record<string, Schema>; enum?: string[] };
      type Operation = {
        responses: Record<string, { content: Record<string, { schema: Schema }> }>;
      };
      const answer = (path: string, method: string) =>
        (res.body.paths[path] as Record<string, Operation>)[method]!.responses['200']!.content[
          'application/json'
        ]!.schema;
      const options = answer('/api/shares/{code}', 'get').oneOf!;
      expect(options.map((option) => option.properties!.type!.enum)).toEqual([
        ['clipboard'],
        ['notepad'],
        ['file'],
      ]);
      expect(options[2]).toMatchObject({ required: expect.arrayContaining(['files']) });
      for (const option of options) expect(option.properties).not.toHaveProperty('file');
      const grant = answer('/api/shares/{code}/downloads', 'post');
      expect(grant.properties).toHaveProperty('downloadUrls');
      expect(grant.properties).not.toHaveProperty('downloadUrl');
    });

    it('GET /metrics from loopback counts creations and lookups', async () => {
      const res = await http<string>(server.url, '/metrics');
      expect(res.status).toBe(200);
      expect(res.body).toMatch(/codedrop_shares_created_total\{type="clipboard"\} \d+/);
      expect(res.body).toMatch(/codedrop_share_lookups_total\{result="hit"\} \d+/);
      expect(res.body).toMatch(/codedrop_share_lookups_total\{result="miss"\} \d+/);
      expect(res.body).toContain('codedrop_http_requests_total');
      expect(res.body).not.toMatch(/route="\/api\/shares\/\d/);
    });
  });
});
