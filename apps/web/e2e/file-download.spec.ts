import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { createFileShare } from './support/api';
import { expectAccessible } from './support/axe';

async function downloadOnce(page: Page): Promise<{ name: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download File' }).click();
  const download = await downloading;
  const path = await download.path();
  return { name: download.suggestedFilename(), bytes: await readFile(path) };
}

test('a file downloads byte for byte until its last permitted download', async ({
  page,
  request,
}) => {
  const bytes = randomBytes(1.5 * 1024 * 1024);
  const share = await createFileShare(
    request,
    { name: 'Report ünïcode.bin', mimeType: 'application/octet-stream', buffer: bytes },
    2,
  );

  await page.goto('/');
  await page.getByPlaceholder('Enter 4-6 digit code...').fill(share.code);
  await page.getByRole('button', { name: 'Retrieve Content' }).click();
  await expect(page.getByRole('heading', { name: 'Shared File' })).toBeVisible();
  await expect(page.getByText('Report ünïcode.bin')).toBeVisible();
  await expect(page.getByText('1.5 MB')).toBeVisible();
  await expect(page.getByText('0 of 2')).toBeVisible();
  await expectAccessible(page, 'file viewer');

  const first = await downloadOnce(page);
  expect(first.name).toBe('Report ünïcode.bin');
  expect(first.bytes.equals(bytes)).toBe(true);
  await expect(page.getByText('1 of 2')).toBeVisible();
  await expect(page.getByText('Download started')).toBeVisible();

  const last = await downloadOnce(page);
  expect(last.bytes.equals(bytes)).toBe(true);
  const notifications = page.getByRole('region', { name: /Notifications/ });
  await expect(notifications.getByText('Download limit reached')).toBeVisible();
  await expect(notifications.getByText('This file has now been deleted.')).toBeVisible();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('heading', { name: 'Retrieve Shared Content' })).toBeVisible();

  await page.getByPlaceholder('Enter 4-6 digit code...').fill(share.code);
  await page.getByRole('button', { name: 'Retrieve Content' }).click();
  await expect(page.getByRole('alert')).toContainText('Download limit reached');
});

test('the download shows a progress bar while the bytes arrive', async ({ page, request }) => {
  const bytes = randomBytes(2 * 1024 * 1024);
  const share = await createFileShare(
    request,
    { name: 'big.bin', mimeType: 'application/octet-stream', buffer: bytes },
    5,
  );
  await page.goto(`/${share.code}`);
  // A slow connection (real bytes from the real server, throttled by the browser).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: 512 * 1024,
    uploadThroughput: -1,
  });
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download File' }).click();
  const progress = page.getByRole('progressbar', { name: 'Download progress' });
  await expect(progress).toBeVisible();
  await expect(page.getByRole('button', { name: 'Downloading...' })).toBeDisabled();
  await expect(page.getByText(/^\d+%$/)).toBeVisible();
  await expectAccessible(page, 'file download in progress');
  const download = await downloading;
  expect((await readFile(await download.path())).equals(bytes)).toBe(true);
  await expect(progress).toBeHidden();
});

test('a download refused by the server says "Download failed" and why', async ({
  page,
  request,
}) => {
  const share = await createFileShare(
    request,
    { name: 'once.txt', mimeType: 'text/plain', buffer: Buffer.from('only once') },
    1,
  );
  await page.goto(`/${share.code}`);
  await expect(page.getByText('0 of 1')).toBeVisible();
  // Someone else uses the only download first.
  const used = await request.post(`/api/shares/${share.code}/downloads`, { data: {} });
  expect(used.status()).toBe(200);

  await page.getByRole('button', { name: 'Download File' }).click();
  const notifications = page.getByRole('region', { name: /Notifications/ });
  await expect(notifications.getByText('Download failed')).toBeVisible();
  await expect(notifications.getByText('Download limit reached')).toBeVisible();
  await expect(page.getByText('1 of 1')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download File' })).toBeDisabled();
});

test('a file can be downloaded on a phone-sized window', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const bytes = Buffer.from('phone bytes\n');
  const share = await createFileShare(
    request,
    { name: 'phone.txt', mimeType: 'text/plain', buffer: bytes },
    3,
  );
  await page.goto(`/${share.code}`);
  const got = await downloadOnce(page);
  expect(got.bytes.equals(bytes)).toBe(true);
  await expect(page.getByText('1 of 3')).toBeVisible();
  await expectAccessible(page, 'file viewer on a phone');
});
