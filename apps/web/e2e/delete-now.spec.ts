import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { readResultCode } from './support/result-card';
import { openTool } from './support/tool-page';

test('the creator deletes a share from its result card, after confirming, and the code stops working', async ({
  page,
  browser,
}) => {
  await openTool(page, '/clipboard');
  await page.getByLabel('Your text').fill('delete me soon');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);

  // Cancelling keeps the share.
  await page.getByRole('button', { name: 'Delete now' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this share now?' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(`Anyone with the code ${code} will no longer be able`);
  await expectAccessible(page, 'delete confirmation');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect((await page.request.get(`/api/shares/${code}`)).status()).toBe(200);

  await page.getByRole('button', { name: 'Delete now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Share deleted')).toBeVisible();
  // Back to an empty form.
  await expect(page.getByLabel('Your text')).toHaveValue('');

  const other = await browser.newContext();
  const reader = await other.newPage();
  await reader.goto(`/${code}`);
  await expect(reader.getByText('This content was deleted by its creator.')).toBeVisible();
  await other.close();
});

test('a note can be deleted from its result card too', async ({ page }) => {
  await openTool(page, '/notepad');
  await page.getByRole('textbox', { name: 'Note' }).click();
  await page.keyboard.type('a note to delete');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);
  await page.getByRole('button', { name: 'Delete now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Share deleted')).toBeVisible();
  const lookup = await page.request.get(`/api/shares/${code}`);
  expect(lookup.status()).toBe(410);
  expect(await lookup.json()).toMatchObject({ code: 'SHARE_DELETED' });
});

test('a file share can be deleted from its result card, its file with it', async ({ page }) => {
  await openTool(page, '/file-share');
  await page.locator('input[type="file"]').setInputFiles({
    name: 'gone.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('soon gone'),
  });
  await page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);
  await page.getByRole('button', { name: 'Delete now' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(page.getByText('Share deleted')).toBeVisible();
  const grant = await page.request.post(`/api/shares/${code}/downloads`, { data: {} });
  expect(grant.status()).toBe(410);
});
