import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { pseudoLocale, sourceLocale, splitLocalePath } from '@codedrop/contract';
import { expect, test, type Page } from '@playwright/test';
import { createClipboardShare } from './support/api';
import { expectCleanConsole, notFoundLines } from './support/clean-console';
import { overflowingElements } from './support/overflow';
import { startOwnServer, type OwnServer } from './support/own-server';

const webRoot = fileURLToPath(new URL('..', import.meta.url));
const dist = join(webRoot, 'dist');
/**
 * Every prerendered English page of the build (scripts/prerender.mjs), and a few of other
 * languages in both directions (every language's pages come from the same components).
 */
const sampled = ['/de', '/ar/faq', '/ja/file-share', '/pt-BR/notepad'];
const pages = Object.keys(
  (JSON.parse(readFileSync(join(dist, 'prerender.json'), 'utf8')) as { pages: object }).pages,
).filter((path) => splitLocalePath(path).locale === sourceLocale || sampled.includes(path));
const viewports = [
  { name: 'desktop', size: { width: 1280, height: 800 } },
  { name: 'phone', size: { width: 390, height: 844 } },
];
const shareText = 'Meet at the north entrance at 7:30 pm.';

/** The source files a build's chunks were made from, read from their source maps. */
function mappedSources(assets: string): string[] {
  return readdirSync(assets)
    .filter((file) => file.endsWith('.js.map'))
    .flatMap(
      (file) =>
        (JSON.parse(readFileSync(join(assets, file), 'utf8')) as { sources: string[] }).sources,
    );
}

/** A share's page is ready once the viewer shows its text. */
const shareShown = async (page: Page) => {
  await expect(page.getByText(shareText)).toBeVisible();
};

test('the built app carries React DOM and nothing of Preact', () => {
  const assets = join(dist, 'assets');
  const sources = mappedSources(assets);
  expect(sources.filter((source) => /node_modules\/(@preact|preact)/.test(source))).toEqual([]);
  expect(
    sources.some((source) =>
      /node_modules\/react-dom\/cjs\/react-dom-client\.production/.test(source),
    ),
  ).toBe(true);
  for (const file of readdirSync(assets).filter((name) => name.endsWith('.js'))) {
    expect(readFileSync(join(assets, file), 'utf8'), file).not.toMatch(/preact/i);
  }
});

// The production build, as the shared server serves it: every page at both widths.
for (const path of [...pages, '/{code}', '/no-such-page']) {
  test(`${path} starts on React with a clean console, on a desktop and a phone`, async ({
    browser,
    request,
  }) => {
    const code = path === '/{code}' ? (await createClipboardShare(request, shareText)).code : '';
    for (const { size } of viewports) {
      const context = await browser.newContext({ viewport: size });
      const page = await context.newPage();
      await expectCleanConsole(page, path.replace('{code}', code), {
        expected: path === '/no-such-page' ? notFoundLines : undefined,
        settled: code === '' ? undefined : shareShown,
      });
      await context.close();
    }
  });
}

// React's development build warns about far more (hydration mismatches in detail, keys,
// nesting): the same pages on a development build of the same sources.
test.describe('on a development build', () => {
  test.describe.configure({ mode: 'serial', timeout: 240_000 });
  let server: OwnServer;
  const devDist = join(webRoot, 'node_modules/.cache/codedrop-e2e-development-dist');

  test.beforeAll(async () => {
    test.setTimeout(240_000);
    const { spawnSync } = await import('node:child_process');
    const built = spawnSync(process.execPath, ['scripts/build-development.mjs', devDist], {
      cwd: webRoot,
      encoding: 'utf8',
    });
    expect(built.status, built.stderr).toBe(0);
    // React's development build, not the production one.
    expect(mappedSources(join(devDist, 'assets'))).toContainEqual(
      expect.stringMatching(/react-dom-client\.development\.js$/),
    );
    server = await startOwnServer({ WEB_DIST_DIR: devDist });
  });
  test.afterAll(async () => server?.stop());

  for (const { name, size } of viewports) {
    test(`every page hydrates without a React warning (${name})`, async ({ browser }) => {
      const context = await browser.newContext({ viewport: size, baseURL: server.baseURL });
      const share = await createClipboardShare(context.request, shareText);
      for (const path of [...pages, `/${share.code}`, '/no-such-page']) {
        const fresh = await context.newPage();
        await expectCleanConsole(fresh, path, {
          expected: path === '/no-such-page' ? notFoundLines : undefined,
          settled: path === `/${share.code}` ? shareShown : undefined,
        });
        await fresh.close();
      }
      await context.close();
    });
  }

  // A longer language must fit: every tool in the pseudo-locale (accented, about 40 % longer)
  // on a phone, where space is shortest.
  test('the pseudo-locale fits on a phone: no text cut off or overflowing', async ({
    browser,
  }, testInfo) => {
    const context = await browser.newContext({
      viewport: { width: 390, height: 844 },
      baseURL: server.baseURL,
    });
    const page = await context.newPage();
    for (const path of ['', '/clipboard', '/notepad', '/file-share']) {
      await page.goto(`/${pseudoLocale}${path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', pseudoLocale);
      await expect(page.locator('fieldset[data-starting]')).toHaveCount(0);
      await expect(page.getByRole('heading', { level: 1 })).toContainText(/[åéîöû]/);
      await testInfo.attach(`${pseudoLocale}${path || '/'} at phone width`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
      expect(await overflowingElements(page), `${pseudoLocale}${path}`).toEqual([]);
    }
    await context.close();
  });
});
