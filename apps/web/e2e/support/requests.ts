import { expect, type Browser, type Page } from '@playwright/test';
import { readResultCode } from './result-card';
import { openTool } from './tool-page';

// The steps of a request in the browser (docs/product.md#requests), for the specs that ask,
// send and pick up.

/** The asker's side: a request made on /request, its code read off the result card. */
export async function ask(
  page: Page,
  password: string,
  accepts: { files: boolean; text: boolean },
) {
  await openTool(page, '/request');
  await page
    .getByLabel('Message for senders (optional)')
    .fill('Please send the signed form\nand a photo.');
  if (!accepts.files) await page.getByLabel('Files', { exact: true }).uncheck();
  if (!accepts.text) await page.getByLabel('Text', { exact: true }).uncheck();
  await page.getByLabel('Submissions to accept').fill('5');
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Create Request' }).click();
  await expect(page.getByRole('heading', { name: '🔒 Request Created!' })).toBeVisible();
  return readResultCode(page);
}

/** A stranger's browser opening the request by typing its code on the home page. */
export async function openAsStranger(browser: Browser, code: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/');
  await page.getByPlaceholder('Enter 4-6 digit code...').fill(code);
  await page.getByRole('button', { name: 'Retrieve Content' }).click();
  await expect(page.getByRole('heading', { name: 'File & Text Request' })).toBeVisible();
  return { context, page };
}

export async function pickUp(page: Page, code: string, password: string) {
  await page.goto(`/${code}`);
  await page.getByRole('tab', { name: 'Pick up' }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Open Submissions' }).click();
}
