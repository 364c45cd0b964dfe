import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { readResultCode } from './support/result-card';
import { openElsewhere } from './support/rooms';
import { openTool } from './support/tool-page';

// A creator's live view (docs/product.md): the result card says, as it happens, what
// another browser did with the share.

const liveStatus = (page: Page) => page.locator('[data-share-status]');

test('the result card of a text says when another browser opens it', async ({ page, browser }) => {
  await openTool(page, '/clipboard');
  await page.getByLabel('Your text').fill('tell me when you have it');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);
  await expect(liveStatus(page)).toContainText('Not opened yet');

  const reader = await openElsewhere(browser, `/${code}`);
  await expect(reader.page.getByRole('textbox', { name: 'Shared text' })).toHaveValue(
    'tell me when you have it',
  );
  await expect(liveStatus(page)).toContainText('Opened');
  await expect(liveStatus(page)).not.toContainText('Not opened yet');

  await page.getByRole('button', { name: 'Delete now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await reader.close();
});

test('the result card of a file counts a download made in another browser', async ({
  page,
  browser,
}) => {
  await openTool(page, '/file-share');
  await page.getByLabel('File').setInputFiles({
    name: 'minutes.txt',
    mimeType: 'text/plain',
    buffer: randomBytes(2048),
  });
  await page.getByLabel('Download limit').fill('2');
  await page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);
  await expect(liveStatus(page)).toContainText('Downloads: 0 of 2');

  const reader = await openElsewhere(browser, `/${code}`);
  const downloading = reader.page.waitForEvent('download');
  await reader.page.getByRole('button', { name: 'Download File' }).click();
  await downloading;
  await expect(liveStatus(page)).toContainText('Downloads: 1 of 2');
  await expect(liveStatus(page)).toContainText('Opened');

  const last = reader.page.waitForEvent('download');
  await reader.page.getByRole('button', { name: 'Download File' }).click();
  await last;
  await expect(liveStatus(page)).toContainText('All downloads used');
  await reader.close();
});
