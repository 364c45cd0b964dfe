import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { defaultWebDist } from '../src/modules/web/web.plugin.js';
import { startTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';

const origin = 'https://origin.codedrop.invalid';

const largeScript = 'console.log("a line of a large bundle");\n'.repeat(500);

/** Raw bytes and headers of a GET, with the given Accept-Encoding (no decoding). */
function rawGet(url: string, acceptEncoding: string) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const req = httpGet(url, { headers: { 'accept-encoding': acceptEncoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
      });
      req.on('error', reject);
    },
  );
}

/** A small stand-in for apps/web/dist as the prerender writes it. */
function writeWebDist(): string {
  const root = mkdtempSync(join(tmpdir(), 'codedrop-web-'));
  const files: Record<string, string> = {
    'index.html': `<link rel="canonical" href="${origin}/"><h1>Landing</h1>`,
    'about/index.html': `<link rel="canonical" href="${origin}/about"><h1>About</h1>`,
    'clipboard/index.html': `<link rel="canonical" href="${origin}/clipboard"><div id="root"></div>`,
    '404.html': '<h1>Page Not Found</h1><code>/__missing__</code>',
    'de/index.html': `<html lang="de"><link rel="canonical" href="${origin}/de"><h1>Startseite</h1>`,
    'de/about/index.html': `<html lang="de"><h1>Über</h1>`,
    'de/404.html': '<h1>Seite nicht gefunden</h1><code>/__missing__</code>',
    'ar/index.html': `<html lang="ar" dir="rtl"><h1>الرئيسية</h1>`,
    'ar/404.html': '<h1>الصفحة غير موجودة</h1><code>/__missing__</code>',
    'sitemap.xml': `<urlset><url><loc>${origin}/about</loc></url></urlset>`,
    'robots.txt': `User-agent: *\nSitemap: ${origin}/sitemap.xml\n`,
    'assets/index-0123abcd.js': 'console.log(1);',
    'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
    'sw.js': 'self.addEventListener("fetch", () => {});',
    'manifest.webmanifest': '{"name":"CodeDrop","start_url":"/"}',
    'prerender.json': JSON.stringify({
      origin,
      pages: {
        '/': 'index.html',
        '/about': 'about/index.html',
        '/clipboard': 'clipboard/index.html',
        '/de': 'de/index.html',
        '/de/about': 'de/about/index.html',
        '/ar': 'ar/index.html',
      },
      notFound: {
        files: { en: '404.html', de: 'de/404.html', ar: 'ar/404.html' },
        path: '/__missing__',
      },
    }),
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  // What the build's compress step writes beside a large asset.
  writeFileSync(join(root, 'assets/app-4567cdef.js'), largeScript);
  writeFileSync(join(root, 'assets/app-4567cdef.js.br'), brotliCompressSync(largeScript));
  writeFileSync(join(root, 'assets/app-4567cdef.js.gz'), gzipSync(largeScript));
  return root;
}

describe.each([
  ['without PUBLIC_URL, the origin of the request', undefined],
  ['with PUBLIC_URL', 'https://drop.example'],
])('the web app, %s', (_label, publicUrl) => {
  let database: TestDatabase;
  let server: TestApp;
  let webDist: string;
  const expectedOrigin = () => publicUrl ?? server.url;

  beforeAll(async () => {
    webDist = writeWebDist();
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, {
      env: { WEB_DIST_DIR: webDist, ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}) },
    });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  // What a browser's navigation asks for (curl's */* gets /{code} as text: terminal.contract).
  const get = async (path: string) => {
    const res = await fetch(`${server.url}${path}`, {
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };

  it('serves each prerendered page with its own HTML and the public origin', async () => {
    for (const path of ['/about', '/about/']) {
      const page = await get(path);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expect(page.text).toBe(
        `<link rel="canonical" href="${expectedOrigin()}/about"><h1>About</h1>`,
      );
    }
    expect((await get('/clipboard')).text).toContain(`${expectedOrigin()}/clipboard`);
  });

  it('sends assets as their precompressed copies and pages compressed, by Accept-Encoding', async () => {
    const asset = `${server.url}/assets/app-4567cdef.js`;
    const br = await rawGet(asset, 'gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.body).toString()).toBe(largeScript);
    const gz = await rawGet(asset, 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toBe(largeScript);
    const plain = await rawGet(asset, 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(largeScript);
    // The copies are not files of their own.
    expect((await rawGet(`${asset}.br`, 'br')).status).toBe(404);

    const page = await rawGet(`${server.url}/about`, 'br;q=1, gzip;q=0.5');
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(page.body).toString()).toContain('<h1>About</h1>');
    const refused = await rawGet(`${server.url}/about`, 'br;q=0, gzip');
    expect(gunzipSync(refused.body).toString()).toContain('<h1>About</h1>');
    expect((await rawGet(`${server.url}/about`, 'identity')).body.toString()).toContain(
      '<h1>About</h1>',
    );
  });

  it('answers /{code} links with the landing page, kept out of search results', async () => {
    const page = await get('/4815');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Landing</h1>');
    expect(page.headers.get('x-robots-tag')).toBe('noindex');
    expect((await get('/')).headers.get('x-robots-tag')).toBeNull();
    // A terminal asking for the same link gets the share in plain text (here: none).
    const plain = await fetch(`${server.url}/4815`, { headers: { accept: '*/*' } });
    expect(plain.status).toBe(404);
    expect(plain.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    // Which of the two a cache may reuse depends on both headers, and it must be told so.
    for (const answer of [page, plain]) {
      const vary = (answer.headers.get('vary') ?? '').toLowerCase().split(/\s*,\s*/);
      expect(vary).toEqual(expect.arrayContaining(['accept', 'user-agent']));
    }
    expect(page.headers.get('vary')).toMatch(/accept-encoding/i);
  });

  it('answers unknown paths 404 with the 404 page naming the path, escaped', async () => {
    const page = await get('/no/such/<page>');
    expect(page.status).toBe(404);
    expect(page.text).toContain('<h1>Page Not Found</h1>');
    expect(page.text).toContain('<code>/no/such/%3Cpage%3E</code>');
    expect((await get('/blog/not-a-post')).status).toBe(404);
    expect((await get('/12')).status).toBe(404);
  });

  it("serves a locale's pages under its prefix, and its 404 page for what it lacks", async () => {
    for (const path of ['/de', '/de/']) expect((await get(path)).text).toContain('Startseite');
    expect((await get('/de/about')).text).toContain('<h1>Über</h1>');
    const missing = await get('/de/no-such-page');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('Seite nicht gefunden');
    expect(missing.text).toContain('<code>/de/no-such-page</code>');
    // A code under a locale's prefix is that locale's landing page, whatever the browser says.
    const code = await fetch(`${server.url}/de/4815`, {
      headers: { accept: 'text/html', 'accept-language': 'ar' },
    });
    expect(await code.text()).toContain('Startseite');
    expect((await get('/xx/about')).status).toBe(404);
  });

  it('answers a /{code} link and an unknown path in the language the browser prefers', async () => {
    const ask = (path: string, language: string) =>
      fetch(`${server.url}${path}`, {
        headers: { accept: 'text/html', 'accept-language': language },
      });
    const arabic = await ask('/4815', 'ar-EG,ar;q=0.9,en;q=0.5');
    expect(await arabic.text()).toContain('الرئيسية');
    expect(arabic.headers.get('vary')).toMatch(/accept-language/i);
    expect(await (await ask('/4815', 'sw-KE, de;q=0.8')).text()).toContain('Startseite');
    // A language this build has no pages for falls back to English.
    expect(await (await ask('/4815', 'fr')).text()).toContain('<h1>Landing</h1>');
    const lost = await ask('/nowhere', 'de-AT');
    expect(lost.status).toBe(404);
    expect(await lost.text()).toContain('Seite nicht gefunden');
    // Pages whose address names their language do not vary by the browser's.
    expect((await ask('/about', 'de')).headers.get('vary') ?? '').not.toMatch(/accept-language/i);
  });

  it('writes the public origin into sitemap.xml and robots.txt', async () => {
    const sitemap = await get('/sitemap.xml');
    expect(sitemap.headers.get('content-type')).toBe('application/xml; charset=utf-8');
    expect(sitemap.text).toBe(`<urlset><url><loc>${expectedOrigin()}/about</loc></url></urlset>`);
    const robots = await get('/robots.txt');
    expect(robots.text).toContain(`Sitemap: ${expectedOrigin()}/sitemap.xml`);
  });

  it('caches fingerprinted assets for good and other files not at all', async () => {
    const asset = await get('/assets/index-0123abcd.js');
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await get('/favicon.svg');
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it('serves the service worker and the manifest fresh, each with its own type', async () => {
    const worker = await get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    // A worker kept in a cache would hold back the next build's.
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const manifest = await get('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
  });

  it('sends a share-sheet POST that no service worker took to the clipboard, unread', async () => {
    const res = await fetch(`${server.url}/share-target`, {
      method: 'POST',
      body: (() => {
        const form = new FormData();
        form.set('text', 'shared text');
        form.set('files', new Blob(['x'.repeat(200_000)]), 'big.bin');
        return form;
      })(),
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/clipboard');
    expect(res.headers.get('connection')).toBe('close');
  });

  it('does not serve the files pages are built from under their own names', async () => {
    for (const path of ['/about/index.html', '/index.html', '/404.html', '/prerender.json']) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});

describe('where the built web app is looked for', () => {
  it('is apps/web/dist unless WEB_DIST_DIR says otherwise', () => {
    expect(defaultWebDist()).toBe(fileURLToPath(new URL('../../web/dist', import.meta.url)));
  });
});

describe('the web app behind a proxy that sends an odd Host header', () => {
  let database: TestDatabase;
  let server: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = writeWebDist();
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('never writes a malformed host into a page', async () => {
    const res = await server.app.inject({
      url: '/about',
      headers: { host: 'evil.example"><script>' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('<link rel="canonical" href="http://localhost/about"><h1>About</h1>');
  });
});

describe('the console page, /admin', () => {
  let database: TestDatabase;
  let webDist: string;
  beforeAll(async () => {
    webDist = writeWebDist();
    database = await createTestDatabase('sqlite');
  });
  afterAll(async () => {
    await database.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  const pages = async (env: Record<string, string>) => {
    const server = await startTestApp(database, { env: { WEB_DIST_DIR: webDist, ...env } });
    try {
      return await Promise.all(
        ['/admin', '/admin/shares/1234', '/admin/audit'].map((path) =>
          fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } }),
        ),
      );
    } finally {
      await server.close();
    }
  };

  it('is the app, kept out of search results, where the console is switched on', async () => {
    // The lowest cost the server accepts; the value is only parsed here.
    const hash = '$scrypt$ln=14,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA$' + 'A'.repeat(43);
    for (const page of await pages({ ADMIN_PASSWORD_HASH: hash })) {
      expect(page.status).toBe(200);
      expect(page.headers.get('x-robots-tag')).toBe('noindex');
      expect(await page.text()).toContain('<h1>Landing</h1>');
    }
  });

  it('is the 404 page everywhere else', async () => {
    for (const page of await pages({})) expect(page.status).toBe(404);
  });
});
