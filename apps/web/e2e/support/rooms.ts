import { expect, type Browser, type Page } from '@playwright/test';
import { openTool } from './tool-page';

/** Starts a live room from the clipboard page and answers its code (the page goes to it). */
export async function startRoom(page: Page, options: { password?: string } = {}): Promise<string> {
  await openTool(page, '/clipboard');
  const card = page.getByRole('form', { name: 'Live room' });
  if (options.password !== undefined) {
    await card.getByLabel('Room password (optional)').fill(options.password);
  }
  await card.getByRole('button', { name: 'Start live room' }).click();
  await expect(page).toHaveURL(/\/\d+$/);
  const code = /\/(\d+)$/.exec(page.url())![1]!;
  await expect(page.getByRole('heading', { name: 'Live room', level: 1 })).toBeVisible();
  return code;
}

/**
 * Another browser (its own storage: a device of its own) with `path` open, on `baseURL`
 * when given (another server), else on the suite's.
 */
export async function openElsewhere(browser: Browser, path: string, baseURL?: string) {
  const context = await browser.newContext(baseURL === undefined ? {} : { baseURL });
  const page = await context.newPage();
  await page.goto(path);
  return { page, close: () => context.close() };
}

export const roomText = (page: Page) => page.getByRole('textbox', { name: 'Room text' });
export const roomStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /Connect|Reconnect/ });
