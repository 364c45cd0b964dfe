import { expect, test, type APIRequestContext } from '@playwright/test';
import {
  contentLocales,
  localeEntries,
  locales,
  localizedPath,
  sourceLocale,
} from '@codedrop/contract';
import { blogPostPath, contentPages, publishedPosts } from '../src/features/content/content-places';

const prerendered = [
  '/',
  ...contentPages.map((page) => page.path),
  ...publishedPosts.map(blogPostPath),
];
const everyPage = [...prerendered, '/clipboard', '/notepad', '/file-share', '/request'];

/** The pages whose text is Markdown written in English only (legal pages, blog articles). */
const englishOnly = new Set([
  '/privacy-policy',
  '/terms-of-service',
  ...publishedPosts.map(blogPostPath),
]);
const markdownPages = new Set(contentPages.flatMap((page) => (page.source ? [page.path] : [])));

/** The locales a page is written in (the others show its English text with a note). */
function writtenIn(path: string): readonly string[] {
  if (englishOnly.has(path)) return [sourceLocale];
  return markdownPages.has(path) ? contentLocales : locales;
}

/** The head tags of the HTML as served, before any script runs. */
async function servedHead(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const html = await response.text();
  const head = html.slice(0, html.indexOf('</head>'));
  const attr = (pattern: RegExp) => pattern.exec(head)?.[1];
  return {
    html,
    titles: head.match(/<title[^>]*>/g)?.length ?? 0,
    title: attr(/<title[^>]*>([^<]*)<\/title>/),
    description: attr(/<meta[^>]*name="description"[^>]*content="([^"]*)"/),
    canonicals: head.match(/rel="canonical"/g)?.length ?? 0,
    canonical: attr(/<link[^>]*rel="canonical"[^>]*href="([^"]*)"/),
    ogTitle: attr(/<meta[^>]*property="og:title"[^>]*content="([^"]*)"/),
    ogDescription: attr(/<meta[^>]*property="og:description"[^>]*content="([^"]*)"/),
    ogUrl: attr(/<meta[^>]*property="og:url"[^>]*content="([^"]*)"/),
    ogType: attr(/<meta[^>]*property="og:type"[^>]*content="([^"]*)"/),
    ogImage: attr(/<meta[^>]*property="og:image"[^>]*content="([^"]*)"/),
  };
}

test('every page is served with its own title, description, canonical URL and Open Graph tags', async ({
  request,
  baseURL,
}) => {
  const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
  for (const path of everyPage) {
    const head = await servedHead(request, path);
    expect(head.titles, path).toBe(1);
    expect(head.canonicals, path).toBe(1);
    expect(head.title, path).toBeTruthy();
    expect(head.description?.length, path).toBeGreaterThanOrEqual(50);
    expect(head.canonical, path).toBe(`${baseURL}${path}`);
    expect(head.ogUrl, path).toBe(head.canonical);
    expect(head.ogTitle, path).toBeTruthy();
    expect(head.ogDescription, path).toBe(head.description);
    expect(head.ogType, path).toMatch(/^(website|article)$/);
    expect(head.ogImage, path).toBe(`${baseURL}/og-image.png`);
    seen.titles.add(head.title!);
    seen.descriptions.add(head.description!);
  }
  expect(seen.titles.size).toBe(everyPage.length);
  expect(seen.descriptions.size).toBe(everyPage.length);
  const image = await request.get('/og-image.png');
  expect(image.headers()['content-type']).toBe('image/png');
});

test('content pages are served with their text already in the HTML', async ({ request }) => {
  for (const path of prerendered) {
    const { html } = await servedHead(request, path);
    expect(html, path).toMatch(/<h1[^>]*>/);
    expect(html, path).toContain(`data-prerendered="${path}"`);
    // No inline scripts: the CSP would refuse them.
    expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g), path).toBeNull();
  }
  const blogPost = await servedHead(request, blogPostPath(publishedPosts[0]!));
  expect(blogPost.ogType).toBe('article');
});

test('sitemap.xml lists every page and robots.txt names it', async ({ request, baseURL }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  expect(sitemap.headers()['content-type']).toContain('xml');
  const body = await sitemap.text();
  const locations = [...body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  const listed = everyPage.flatMap((path) =>
    writtenIn(path).map((locale) => `${baseURL}${localizedPath(locale, path)}`),
  );
  expect(locations.sort()).toEqual(listed.sort());
  for (const location of locations) {
    expect((await request.get(location!)).status(), location).toBe(200);
  }

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  const text = await robots.text();
  expect(text).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(text).toMatch(/^User-agent: \*$/m);
  expect(text).not.toMatch(/^Disallow: \/$/m);
});

test('every page exists in every language with its lang, dir, canonical and alternates', async ({
  request,
  baseURL,
}) => {
  // Some seven hundred pages: a loaded CI machine needs more than the default minute.
  test.slow();
  for (const { code: locale, dir } of localeEntries) {
    // One language's pages are fetched together, then checked in order.
    const heads = await Promise.all(
      everyPage.map((path) => servedHead(request, localizedPath(locale, path))),
    );
    for (const [index, path] of everyPage.entries()) {
      const address = localizedPath(locale, path);
      const { html, title, canonical, description } = heads[index]!;
      expect(html, address).toContain(`<html lang="${locale}" dir="${dir}">`);
      expect(title, address).toBeTruthy();
      expect(description, address).toBeTruthy();
      const written = writtenIn(path);
      const own = written.includes(locale);
      // A page shown in English to another language's reader is the English page's copy.
      expect(canonical, address).toBe(
        `${baseURL}${localizedPath(own ? locale : sourceLocale, path)}`,
      );
      const alternates = [...html.matchAll(/<link[^>]*hreflang="([^"]+)"[^>]*href="([^"]+)"/gi)];
      const expected = own
        ? [
            ...written.map((other) => [other, `${baseURL}${localizedPath(other, path)}`]),
            ['x-default', `${baseURL}${path}`],
          ]
        : [];
      expect(
        alternates.map((match) => [match[1], match[2]]),
        address,
      ).toEqual(expected);
    }
  }
});

test('share links and missing pages stay out of search results', async ({ request }) => {
  // What a crawler asks for (Googlebot names text/html in Accept).
  const deepLink = await request.get('/4815', {
    headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
  });
  expect(deepLink.status()).toBe(200);
  expect(deepLink.headers()['x-robots-tag']).toBe('noindex');
  // A link-preview bot that asks for anything gets the page too, never the share itself
  // (which, for a file, would take a download): the terminal door is for tools like curl.
  const unfurled = await request.get('/4815', {
    headers: {
      accept: '*/*',
      'user-agent': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    },
  });
  expect(unfurled.headers()['content-type']).toContain('text/html');
  expect(unfurled.headers()['x-robots-tag']).toBe('noindex');
  // curl gets the plain-text answer, kept out of search results as well.
  const plain = await request.get('/4815', {
    headers: { accept: '*/*', 'user-agent': 'curl/8.5.0' },
  });
  expect(plain.headers()['content-type']).toBe('text/plain; charset=utf-8');
  expect(plain.headers()['x-robots-tag']).toBe('noindex');

  const missing = await request.get('/no-such-page');
  expect(missing.status()).toBe(404);
  const html = await missing.text();
  expect(html).toContain('Page Not Found');
  expect(html).toContain(
    '<code dir="ltr" class="rounded bg-slate-100 px-1.5 py-0.5 text-sm">/no-such-page</code>',
  );
  expect(html).toContain('content="noindex"');
});

test('after hydration the document keeps exactly one title, description and canonical', async ({
  page,
  baseURL,
}) => {
  for (const path of ['/about', '/clipboard', '/4815', '/no-such-page']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const counts = await page.evaluate(() => ({
      titles: document.querySelectorAll('title').length,
      descriptions: document.querySelectorAll('meta[name="description"]').length,
      canonicals: document.querySelectorAll('link[rel="canonical"]').length,
    }));
    expect(counts.titles, path).toBe(1);
    expect(counts.descriptions, path).toBeLessThanOrEqual(1);
    expect(counts.canonicals, path).toBeLessThanOrEqual(1);
  }

  // Moving on from a tool page swaps its head tags for the next page's.
  await page.goto('/clipboard');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/faq');
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', `${baseURL}/faq`);
  await expect(page.locator('meta[name="description"]')).toHaveCount(1);
});
