import { expect, test } from '@playwright/test';
import { holdRequests } from './support/traffic';
import { harnessLine } from './support/clean-console';

/**
 * The tools' pages are prerendered as they first show (scripts/prerender.mjs), so their form
 * paints before any script runs, and the script then adopts that markup instead of
 * drawing the page again.
 */
const tools = [
  {
    path: '/clipboard',
    heading: 'Anonymous Clipboard',
    title: 'Anonymous Clipboard — CodeDrop',
    button: 'Generate 4-Digit Code',
  },
  {
    path: '/notepad',
    heading: 'Online Notepad',
    title: 'Online Notepad — CodeDrop',
    button: 'Generate 4-Digit Code',
  },
  {
    path: '/file-share',
    heading: 'Anonymous File Share',
    title: 'File Share — CodeDrop',
    button: 'Upload & Generate 4-Digit Code',
  },
  {
    path: '/request',
    heading: 'Request Files or Text',
    title: 'Request Files — CodeDrop',
    button: 'Create Request',
  },
];

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('each tool shows its form', async ({ page }) => {
    for (const tool of tools) {
      await page.goto(tool.path);
      await expect(page.getByRole('heading', { level: 1 }), tool.path).toHaveText(tool.heading);
      await expect(page.getByRole('button', { name: tool.button }), tool.path).toBeVisible();
      await expect(page, tool.path).toHaveTitle(tool.title);
    }
  });
});

test('the script adopts the served form instead of drawing it again', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (harnessLine(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  for (const tool of tools) {
    // The app's script waits until the served button is in hand, so the test cannot miss it.
    const script = await holdRequests(page, /\/assets\/index-[^/]*\.js$/);
    await page.goto(tool.path, { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: tool.button });
    const served = await button.elementHandle();
    script.release();
    await page.waitForLoadState('networkidle');
    await script.stop();
    if (tool.path === '/notepad') await expect(page.locator('.ql-toolbar')).toHaveCount(1);
    await expect(button).toHaveCount(1);
    expect(await served?.evaluate((element) => element.isConnected), tool.path).toBe(true);
  }
  expect(errors).toEqual([]);
});

test('the note editor keeps the size it was served with when it appears', async ({
  browser,
  baseURL,
}) => {
  for (const width of [300, 390, 600, 1280]) {
    const heights: number[] = [];
    for (const javaScriptEnabled of [false, true]) {
      const context = await browser.newContext({
        baseURL,
        javaScriptEnabled,
        viewport: { width, height: 900 },
      });
      const page = await context.newPage();
      await page.goto('/notepad');
      if (javaScriptEnabled)
        await expect(page.getByRole('textbox', { name: 'Note' })).toBeVisible();
      const box = await page.locator('.note-editor').boundingBox();
      heights.push(box?.height ?? 0);
      await context.close();
    }
    expect(heights[0], `at ${width}px`).toBeGreaterThan(300);
    expect(heights[1], `at ${width}px`).toBe(heights[0]);
  }
});
