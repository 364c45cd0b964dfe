import { randomBytes } from 'node:crypto';
import { readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { decodeResultQr, readResultCode } from './support/result-card';
import { openTool } from './support/tool-page';

const uploadButton = (page: Page) =>
  page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' });

test('a file shared on the file page downloads byte for byte in another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  const bytes = randomBytes(300 * 1024);
  await openTool(page, '/file-share');
  await expect(page.getByRole('heading', { name: 'Anonymous File Share', level: 1 })).toBeVisible();
  await expect(uploadButton(page)).toBeDisabled();
  await expect(page.getByLabel('Download limit')).toHaveValue('10');
  await expect(page.getByText('Smart data management')).toBeVisible();
  await expect(page.getByText('Any file type is accepted')).toBeVisible();
  for (const name of ['Privacy policy', 'How it works', 'About CodeDrop', 'FAQ']) {
    await expect(
      page.getByRole('navigation', { name: 'Learn more' }).getByRole('link', { name }),
    ).toBeVisible();
  }
  await expectAccessible(page, 'file share page');

  await page.getByLabel('File').setInputFiles({
    name: 'quarterly report.pdf',
    mimeType: 'application/pdf',
    buffer: bytes,
  });
  await expect(page.getByText('quarterly report.pdf')).toBeVisible();
  await expect(page.getByText('300 KB')).toBeVisible();
  await page.getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('quarterly report.pdf')).toHaveCount(0);
  await expect(uploadButton(page)).toBeDisabled();

  await page.getByLabel('File').setInputFiles({
    name: 'quarterly report.pdf',
    mimeType: 'application/pdf',
    buffer: bytes,
  });
  await page.getByLabel('Download limit').fill('3');
  await expect(uploadButton(page)).toBeEnabled();
  await expectAccessible(page, 'file share page with a file chosen');
  await uploadButton(page).click();

  await expect(page.getByRole('heading', { name: 'Anonymous File Share Created!' })).toBeVisible();
  const code = await readResultCode(page);
  expect(await decodeResultQr(page)).toBe(`${baseURL}/${code}`);
  const details = page.locator('dl').filter({ hasText: 'Auto-delete' });
  await expect(details).toContainText('quarterly report.pdf');
  await expect(details).toContainText('300 KB');
  await expect(details).toContainText('3 downloads');
  await expect(details).toContainText('After 24 hours or after 3 downloads');
  await expectAccessible(page, 'file share result card');

  const other = await browser.newContext();
  const reader = await other.newPage();
  await reader.goto('/');
  await reader.getByPlaceholder('Enter 4-6 digit code...').fill(code);
  await reader.getByRole('button', { name: 'Retrieve Content' }).click();
  await expect(reader.getByText('0 of 3')).toBeVisible();
  const downloading = reader.waitForEvent('download');
  await reader.getByRole('button', { name: 'Download File' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('quarterly report.pdf');
  expect((await readFile(await download.path())).equals(bytes)).toBe(true);
  await other.close();

  await page.getByRole('button', { name: 'Upload Another File' }).click();
  await expect(page.locator('[data-share-code]')).toHaveCount(0);
  await expect(uploadButton(page)).toBeDisabled();
  await expect(page.getByLabel('Download limit')).toHaveValue('10');
});

test('a file can be dropped on the drop zone', async ({ page }) => {
  await openTool(page, '/file-share');
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['dropped bytes'], 'dropped.txt', { type: 'text/plain' }));
    return data;
  });
  await page.getByTestId('drop-zone').dispatchEvent('dragover', { dataTransfer: transfer });
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(page.getByText('dropped.txt')).toBeVisible();
  await expect(page.getByText('13 Bytes')).toBeVisible();
  await uploadButton(page).click();
  const code = await readResultCode(page);
  // The code comes before the bytes (a resumable upload): the download waits for them.
  await expect(page.getByText('Upload complete')).toBeVisible();

  const response = await page.request.post(`/api/shares/${code}/downloads`, { data: {} });
  const { downloadUrls } = (await response.json()) as { downloadUrls: { url: string }[] };
  expect(await (await page.request.get(downloadUrls[0]!.url)).text()).toBe('dropped bytes');
});

test('the file page says what is wrong before anything is sent', async ({ page }) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/files')) uploads.push(request.url());
  });
  await openTool(page, '/file-share');
  const notifications = page.getByRole('region', { name: /Notifications/ });

  // The button looks disabled without a file but still says what is missing.
  await uploadButton(page).click({ force: true });
  await expect(page.locator('#file-error')).toHaveText('Please select a file to share');
  await expect(notifications.getByText('Please select a file to share')).toBeVisible();

  const big = join(tmpdir(), `codedrop-too-large-${process.pid}-${Date.now()}.bin`);
  await writeFile(big, '');
  await truncate(big, 50 * 1024 * 1024 + 1);
  try {
    await page.getByLabel('File').setInputFiles(big);
  } finally {
    await rm(big, { force: true });
  }
  await expect(page.locator('#file-error')).toHaveText('Please select a file smaller than 50MB');
  await expect(notifications.getByText('File too large')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Remove' })).toHaveCount(0);
  await expect(uploadButton(page)).toBeDisabled();
  await expectAccessible(page, 'file page with an error');

  // An empty or non-numeric limit falls back to 1; the range is 1–100.
  const limit = page.getByLabel('Download limit');
  await limit.fill('');
  await limit.blur();
  await expect(limit).toHaveValue('1');
  await limit.fill('250');
  await limit.blur();
  await expect(limit).toHaveValue('100');
  expect(uploads).toEqual([]);
});

test('a failed upload says "Failed to upload file"', async ({ page }) => {
  await openTool(page, '/file-share');
  // One file goes to the resumable endpoint; its creation is tried three times, then fails.
  await page.route('**/api/uploads', (route) => route.abort('connectionreset'));
  await page.getByLabel('File').setInputFiles({
    name: 'x.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('x'),
  });
  await uploadButton(page).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Failed to upload file' })).toBeVisible();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Failed to upload file'),
  ).toBeVisible();
  await expect(uploadButton(page)).toBeEnabled();
});

test('a large upload shows real progress', async ({ page }) => {
  test.setTimeout(120_000);
  await openTool(page, '/file-share');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 2 * 1024 * 1024,
  });
  await page.getByLabel('File').setInputFiles({
    name: 'large.bin',
    mimeType: 'application/octet-stream',
    buffer: randomBytes(8 * 1024 * 1024),
  });
  await uploadButton(page).click();
  // The code comes first; the bytes follow under it, with their real progress.
  await expect(page.getByRole('heading', { name: 'Anonymous File Share Created!' })).toBeVisible();
  await readResultCode(page);
  const progress = page.getByRole('progressbar', { name: 'Upload progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByText(/ of 8 MB$/)).toBeVisible();
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 30_000 })
    .toBeGreaterThan(0);
  await expectAccessible(page, 'file upload in progress');
  await expect(page.getByText('Upload complete')).toBeVisible({ timeout: 60_000 });
});

test('the file page works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTool(page, '/file-share');
  await page.getByLabel('File').setInputFiles({
    name: 'phone.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('phone'),
  });
  await uploadButton(page).click();
  await readResultCode(page);
  await expectAccessible(page, 'file result on a phone');
});
