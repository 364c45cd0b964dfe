import { expect, test, type Page } from '@playwright/test';
import { blogPostPath, contentPages, publishedPosts } from '../src/features/content/content-places';
import { createClipboardShare, createNoteShare } from './support/api';
import { openTool } from './support/tool-page';

const pages = [
  '/',
  ...contentPages.map((page) => page.path),
  ...publishedPosts.map(blogPostPath),
  '/clipboard',
  '/notepad',
  '/file-share',
  '/no-such-page',
];

/** CSP violations as the page reports them, and as Chromium logs them. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      void (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`,
      );
    });
  });
  return violations;
}

test('every page carries the CSP and other security headers', async ({ request }) => {
  for (const path of [...pages, '/robots.txt', '/sitemap.xml', '/api/config']) {
    const response = await request.get(path);
    const headers = response.headers();
    const csp = headers['content-security-policy'];
    expect(csp, path).toBeDefined();
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(headers['referrer-policy'], path).toBe('no-referrer');
    expect(headers['x-content-type-options'], path).toBe('nosniff');
    expect(headers['permissions-policy'], path).toContain('camera=()');
  }
});

test('no page breaks its Content Security Policy, in use or at rest', async ({ page, request }) => {
  test.slow();
  const violations = await watchViolations(page);
  for (const path of pages) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await page.waitForLoadState('networkidle');
  }

  // The tools at work: the notepad editor, and the viewer with its QR code and note HTML.
  await openTool(page, '/notepad');
  const editor = page.locator('.ql-editor');
  if ((await editor.count()) > 0) {
    await editor.click();
    await page.keyboard.type('Checking the policy with a note.');
  }
  const text = await createClipboardShare(request, 'policy check');
  await page.goto(`/${text.code}`);
  await expect(page.getByRole('heading', { name: 'Shared Clipboard' })).toBeVisible();
  const note = await createNoteShare(
    request,
    '<h1>Policy</h1><p><a href="https://example.com">link</a></p>',
  );
  await page.goto(`/${note.code}`);
  await expect(page.getByRole('heading', { name: 'Policy' })).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(violations).toEqual([]);
});

test('without an ad client, no page asks anything of a third-party host', async ({
  page,
  baseURL,
}) => {
  const foreign: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).origin !== baseURL) foreign.push(request.url());
  });
  await page.addInitScript(() => window.localStorage.setItem('codedrop:ad-consent', 'granted'));
  for (const path of pages) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
  }
  // Even with consent stored, nothing ad-related renders without ADS_CLIENT_ID.
  await expect(page.locator('ins.adsbygoogle')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Change advertising consent' })).toHaveCount(0);
  expect(foreign).toEqual([]);
});
