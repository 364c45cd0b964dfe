import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { get } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/config.js';
import { pageContentSecurityPolicy } from '../src/http/security-headers.js';
import { http, startTestApp, type TestApp } from './support/app.js';
import { createTestDatabase, type TestDatabase } from './support/databases.js';
import { upload } from './support/files.js';

/** Parses a CSP header into directive → sources. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).not.toBeNull();
  return new Map(
    policy!.split(';').map((part) => {
      const [name, ...sources] = part.trim().split(/\s+/);
      return [name!, sources];
    }),
  );
}

/** The lower-cased names of a response's header lines as sent, duplicates kept. */
function rawHeaderNames(url: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      response.resume();
      response.on('end', () =>
        resolve(
          response.rawHeaders.filter((_, i) => i % 2 === 0).map((name) => name.toLowerCase()),
        ),
      );
    }).on('error', reject);
  });
}

function expectCommonHeaders(headers: Headers) {
  expect(headers.get('referrer-policy')).toBe('no-referrer');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('permissions-policy')).toContain('camera=()');
  expect(headers.get('permissions-policy')).toContain('geolocation=()');
  expect(directives(headers.get('content-security-policy')).get('frame-ancestors')).toEqual([
    "'none'",
  ]);
}

describe('security headers', () => {
  let database: TestDatabase;
  let server: TestApp;
  let webDist: string;

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'codedrop-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>CodeDrop</title>');
    writeFileSync(join(webDist, 'assets/app-0123abcd.js'), 'console.log(1);');
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, { env: { WEB_DIST_DIR: webDist } });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('are on pages, with a policy that allows no inline or foreign scripts', async () => {
    const res = await fetch(`${server.url}/about`);
    expect(res.status).toBe(200);
    expectCommonHeaders(res.headers);
    const csp = directives(res.headers.get('content-security-policy'));
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    expect(csp.get('connect-src')).toEqual(["'self'"]);
    // Previews frame nothing: no uploaded file may become a document of this origin.
    expect(csp.get('frame-src')).toEqual(["'none'"]);
    expect(csp.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(csp.get('img-src')).toContain('blob:');
    // No ad client configured: nothing foreign anywhere in the policy.
    expect(res.headers.get('content-security-policy')).not.toMatch(/https:|google/);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });

  it('are on static files, 404 pages and HEAD requests', async () => {
    for (const [path, status] of [
      ['/assets/app-0123abcd.js', 200],
      ['/no/such/page', 404],
    ] as const) {
      for (const method of ['GET', 'HEAD']) {
        const res = await fetch(`${server.url}${path}`, { method });
        expect(res.status, `${method} ${path}`).toBe(status);
        expectCommonHeaders(res.headers);
        expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      }
    }
  });

  it('are on API answers and API errors, with a policy that allows nothing', async () => {
    const answers = [
      await http(server.url, '/api/config'),
      await http(server.url, '/api/shares/12345'),
      await http(server.url, '/api/shares', { method: 'POST', json: { type: 'clipboard' } }),
      await http(server.url, '/api/shares', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{not json',
      }),
      await http(server.url, '/api/nothing-here'),
      await http(server.url, '/healthz'),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([200, 404, 400, 400, 404, 200]);
    for (const { headers } of answers) {
      expectCommonHeaders(headers);
      const csp = directives(headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.has('sandbox')).toBe(true);
    }
  });

  it('are on downloaded files, whose own policy forbids framing too', async () => {
    const created = await upload(server.url, {
      bytes: Buffer.from('<h1>not a page</h1>'),
      name: 'page.html',
      type: 'text/html',
    });
    expect(created.status).toBe(201);
    const grant = await http<{ downloadUrls: { url: string }[] }>(
      server.url,
      `/api/shares/${String(created.body.code)}/downloads`,
      { method: 'POST', json: {} },
    );
    expect(grant.status).toBe(200);
    const requests: [Record<string, string>, number][] = [
      [{}, 200],
      [{ range: 'bytes=0-3' }, 206],
    ];
    for (const [headers, status] of requests) {
      const res = await fetch(server.url + grant.body.downloadUrls[0]!.url, { headers });
      expect(res.status).toBe(status);
      await res.arrayBuffer();
      expectCommonHeaders(res.headers);
      const csp = directives(res.headers.get('content-security-policy'));
      expect(csp.get('default-src')).toEqual(["'none'"]);
      expect(csp.has('sandbox')).toBe(true);
    }
  });
  it('are sent once each, and a download keeps its own Cache-Control', async () => {
    const created = await upload(server.url, {
      bytes: Buffer.from('plain bytes'),
      name: 'notes.txt',
      type: 'text/plain',
    });
    const grant = await http<{ downloadUrls: { url: string }[] }>(
      server.url,
      `/api/shares/${String(created.body.code)}/downloads`,
      { method: 'POST', json: {} },
    );
    for (const path of [
      '/api/config',
      '/about',
      '/api/nothing-here',
      grant.body.downloadUrls[0]!.url,
    ]) {
      const names = await rawHeaderNames(server.url + path);
      const repeated = names.filter((name, index) => names.indexOf(name) !== index);
      expect(repeated, path).toEqual([]);
      expect(names, path).toContain('x-frame-options');
    }
    const download = await fetch(server.url + grant.body.downloadUrls[0]!.url);
    await download.arrayBuffer();
    expect(download.headers.get('cache-control')).toBe('private, no-store');
  });

  it('are on answers made without a socket (app.inject) too', async () => {
    for (const url of ['/api/config', '/about']) {
      const answer = await server.app.inject({ method: 'GET', url });
      const headers = new Headers(answer.headers as Record<string, string>);
      expectCommonHeaders(headers);
    }
    const api = await server.app.inject({ method: 'GET', url: '/api/config' });
    expect(api.headers['cache-control']).toBe('no-store');
  });
});

describe('security headers behind an https PUBLIC_URL', () => {
  let database: TestDatabase;
  let server: TestApp;

  beforeAll(async () => {
    database = await createTestDatabase('sqlite');
    server = await startTestApp(database, { env: { PUBLIC_URL: 'https://drop.example' } });
  });
  afterAll(async () => {
    await server.close();
    await database.drop();
  });

  it('add HSTS to every response and upgrade insecure requests on pages', async () => {
    for (const path of ['/api/config', '/api/nothing-here', '/no/such/page']) {
      const res = await fetch(`${server.url}${path}`);
      expect(res.headers.get('strict-transport-security'), path).toBe(
        'max-age=31536000; includeSubDomains',
      );
    }
    const csp = directives(
      pageContentSecurityPolicy(loadConfig({ PUBLIC_URL: 'https://drop.example' })),
    );
    expect(csp.has('upgrade-insecure-requests')).toBe(true);
    expect(csp.get('connect-src')).toEqual(["'self'", 'https://drop.example']);
  });
});

describe('the page policy', () => {
  it('lets the browser fetch presigned URLs from the S3 endpoint, in both URL styles', () => {
    const csp = directives(
      pageContentSecurityPolicy(
        loadConfig({ STORAGE: 's3', S3_BUCKET: 'drops', S3_ENDPOINT: 'http://127.0.0.1:9000' }),
      ),
    );
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:9000',
      'http://drops.127.0.0.1:9000',
    ]);
  });

  it('names the AWS regional hosts when S3 has no custom endpoint', () => {
    const csp = directives(
      pageContentSecurityPolicy(
        loadConfig({ STORAGE: 's3', S3_BUCKET: 'drops', S3_REGION: 'eu-west-1' }),
      ),
    );
    expect(csp.get('connect-src')).toEqual([
      "'self'",
      'https://drops.s3.eu-west-1.amazonaws.com',
      'https://s3.eu-west-1.amazonaws.com',
    ]);
  });

  it('allows the ad provider only when ADS_CLIENT_ID is set, and never inline scripts', () => {
    const withAds = directives(
      pageContentSecurityPolicy(loadConfig({ ADS_CLIENT_ID: 'ca-pub-0000000000000000' })),
    );
    expect(withAds.get('script-src')).toContain('https://pagead2.googlesyndication.com');
    expect(withAds.get('script-src')).not.toContain("'unsafe-inline'");
    expect(withAds.get('script-src')).not.toContain("'unsafe-eval'");
    expect(withAds.get('frame-src')).toContain('https://*.doubleclick.net');
    expect(withAds.get('frame-src')).not.toContain('blob:');
    expect(withAds.get('frame-ancestors')).toEqual(["'none'"]);

    const without = pageContentSecurityPolicy(loadConfig({}));
    expect(without).not.toContain('googlesyndication');
  });
});
