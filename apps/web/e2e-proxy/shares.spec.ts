import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Browser, Page } from '@playwright/test';
import { readResultCode } from '../e2e/support/result-card';
import { openTool } from '../e2e/support/tool-page';
import { expect, test } from './support/fixtures';

// Each kind of share made in one browser and read in another, every request through
// nginx over HTTPS to whichever instance round robin picks (docs/examples/nginx.conf).

async function elsewhere(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL });
  return { page: await context.newPage(), close: () => context.close() };
}

async function downloadBytes(page: Page, button: string): Promise<Buffer> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  return readFile((await (await downloading).path())!);
}

test('a text made on /clipboard is read in another browser, over HTTP/2 in a secure context', async ({
  page,
  browser,
  baseURL,
}) => {
  await openTool(page, '/clipboard');
  const transport = await page.evaluate(() => ({
    secure: window.isSecureContext,
    protocol: (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming)
      .nextHopProtocol,
  }));
  expect(transport).toEqual({ secure: true, protocol: 'h2' });

  const text = 'through the proxy ✓\nsecond line';
  await page.getByLabel('Your text').fill(text);
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);
  await expect(page.getByLabel('Share link')).toHaveValue(`${baseURL}/${code}`);

  const reader = await elsewhere(browser, baseURL);
  await reader.page.goto('/');
  await reader.page.getByPlaceholder('Enter 4-6 digit code...').fill(code);
  await reader.page.getByRole('button', { name: 'Retrieve Content' }).click();
  await expect(reader.page.getByRole('textbox', { name: 'Shared text' })).toHaveValue(text);
  await reader.close();
});

test('a formatted note made on /notepad is read in another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  await openTool(page, '/notepad');
  await page.getByRole('textbox', { name: 'Note' }).click();
  const bold = page
    .getByRole('toolbar', { name: 'Formatting' })
    .getByRole('button', { name: 'Bold', exact: true });
  await bold.click();
  await page.keyboard.type('Proxied');
  await bold.click();
  await page.keyboard.type(' and balanced');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);

  const reader = await elsewhere(browser, baseURL);
  await reader.page.goto(`/${code}`);
  const note = reader.page.locator('.note-content');
  await expect(note.locator('strong')).toHaveText('Proxied');
  await expect(note.locator('p')).toHaveText('Proxied and balanced');
  await reader.close();
});

test('a file from the file page downloads byte for byte in another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  const bytes = randomBytes(700 * 1024);
  await openTool(page, '/file-share');
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'minutes.pdf', mimeType: 'application/pdf', buffer: bytes });
  await page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);
  await expect(page.getByText('Upload complete')).toBeVisible();

  const reader = await elsewhere(browser, baseURL);
  await reader.page.goto(`/${code}`);
  await expect(reader.page.getByText('0 of 10')).toBeVisible();
  expect((await downloadBytes(reader.page, 'Download File')).equals(bytes)).toBe(true);
  await expect(reader.page.getByText('1 of 10')).toBeVisible();
  await reader.close();
});

test('an encrypted file is decrypted by its recipient; the instances never learn its name', async ({
  page,
  browser,
  baseURL,
  proxied,
}) => {
  const bytes = randomBytes(600 * 1024);
  const password = 'proxy password';
  await openTool(page, '/file-share');
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'ledger.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await page.getByRole('switch', { name: /encryption/i }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);
  await expect(page.getByText('Upload complete')).toBeVisible();
  const view = (await proxied(`/api/shares/${code}`)).json<{
    isEncrypted: boolean;
    files: { name?: string; size: number }[];
  }>();
  expect(view.isEncrypted).toBe(true);
  // Only the sealed metadata knows the name; the stored size is the ciphertext's.
  expect(view.files).toHaveLength(1);
  expect(view.files[0]!.name).toBeUndefined();
  expect(view.files[0]!.size).toBeGreaterThan(bytes.length);

  const reader = await elsewhere(browser, baseURL);
  await reader.page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined });
  });
  await reader.page.goto(`/${code}`);
  await reader.page.getByLabel('Password', { exact: true }).fill(password);
  await reader.page.getByRole('button', { name: 'Decrypt & View Content' }).click();
  await expect(reader.page.getByText('ledger.bin')).toBeVisible();
  expect((await downloadBytes(reader.page, 'Download File')).equals(bytes)).toBe(true);
  await reader.close();
});
