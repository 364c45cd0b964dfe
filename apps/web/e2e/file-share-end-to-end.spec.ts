import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { readResultCode } from './support/result-card';
import { downloadCount, hideSavePicker, receiveEverything } from './support/receive-files';
import { sampleFiles, type SampleFile } from './support/sample-files';
import { openTool } from './support/tool-page';

/** The sender's side, in the page: three files picked, shared, the code read off the card. */
async function shareThroughThePage(page: Page, files: SampleFile[], password?: string) {
  await openTool(page, '/file-share');
  await page.getByLabel('File', { exact: true }).setInputFiles(files);
  await expect(page.getByText(`${files.length} files ·`)).toBeVisible();
  await page.getByLabel('Download limit').fill('5');
  if (password !== undefined) {
    await page.getByRole('switch', { name: /encryption/i }).click();
    await page.getByLabel('Password', { exact: true }).fill(password);
  }
  await page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }).click();
  return readResultCode(page);
}

for (const password of [undefined, 'three files, one password']) {
  test(`three files shared in one browser are previewed, downloaded and zipped in another (${
    password === undefined ? 'plain' : 'encrypted'
  })`, async ({ page, browser, request }) => {
    const files = sampleFiles(randomUUID().slice(0, 8));
    const code = await shareThroughThePage(page, files, password);

    const recipient = await browser.newContext();
    const reader = await recipient.newPage();
    await hideSavePicker(reader);
    await reader.goto('/');
    await reader.getByPlaceholder('Enter 4-6 digit code...').fill(code);
    await reader.getByRole('button', { name: 'Retrieve Content' }).click();
    if (password !== undefined) {
      await reader.getByLabel('Password', { exact: true }).fill(password);
      await reader.getByRole('button', { name: 'Decrypt & View Content' }).click();
    }
    await receiveEverything(reader, code, files);
    await recipient.close();
    expect(await downloadCount(request, code)).toBe(1);
  });
}
