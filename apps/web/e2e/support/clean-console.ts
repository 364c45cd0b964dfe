import { expect, type Page } from '@playwright/test';

/** A console line a page is allowed: only what the 404 page writes on purpose. */
export type Expected = (text: string) => boolean;

/** The 404 page answers 404 and names the missing path (docs/product.md#page-not-found). */
export const notFoundLines: Expected = (text) =>
  text.startsWith('404 Error: User attempted to access non-existent route:') ||
  text.startsWith('Failed to load resource: the server responded with a status of 404');

/**
 * What Playwright itself writes when a page registers its service worker, which the suite
 * blocks (playwright.config.ts): a line of the harness, not of the app.
 */
export const harnessLine: Expected = (text) =>
  text === 'Service Worker registration blocked by Playwright';

/**
 * Opens a page, waits until React has taken it over (hydrated, or rendered where nothing
 * was served for it) and every request it starts has ended, and fails on any console error
 * or warning and any uncaught error: React reports hydration mismatches, key warnings and
 * recoverable errors there, in development and in production builds.
 */
export async function expectCleanConsole(
  page: Page,
  url: string,
  options: { expected?: Expected; settled?: (page: Page) => Promise<void> } = {},
): Promise<void> {
  const problems: string[] = [];
  page.on('console', (message) => {
    const type = message.type();
    if (type !== 'error' && type !== 'warning') return;
    if (harnessLine(message.text()) || options.expected?.(message.text())) return;
    problems.push(`${type}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  await page.goto(url);
  await page.waitForFunction(() => {
    const root = document.getElementById('root');
    const adopted =
      root !== null && Object.keys(root).some((key) => key.startsWith('__reactContainer$'));
    return adopted && document.querySelector('[data-starting]') === null;
  });
  await options.settled?.(page);
  await page.waitForLoadState('networkidle');
  expect(problems, `console of ${url}`).toEqual([]);
}
