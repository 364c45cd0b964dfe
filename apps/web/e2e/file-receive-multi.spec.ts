import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from '@playwright/test';
import type { CreatedShare } from './support/api';
import { createEncryptedFilesShare } from './support/encrypted-shares';
import { downloadCount, hideSavePicker, receiveEverything } from './support/receive-files';
import { sampleFiles, type SampleFile } from './support/sample-files';

/** Uploads a plain share of several files: the fields, then one `file` part per file. */
async function createFilesShare(
  request: APIRequestContext,
  files: SampleFile[],
  maxDownloads: number,
): Promise<CreatedShare> {
  const form = new FormData();
  form.append('maxDownloads', String(maxDownloads));
  for (const file of files) {
    form.append(
      'file',
      new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }),
    );
  }
  const response = await request.post('/api/files', { multipart: form });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as CreatedShare;
}

test.beforeEach(({ page }) => hideSavePicker(page));

test('several plain files: previews, one download and the ZIP count one download', async ({
  page,
  request,
}) => {
  const files = sampleFiles(randomUUID().slice(0, 8));
  const share = await createFilesShare(request, files, 5);
  await page.goto(`/${share.code}`);
  await receiveEverything(page, share.code, files);
  expect(await downloadCount(request, share.code)).toBe(1);
});

test('several encrypted files are decrypted in the browser for previews, downloads and the ZIP', async ({
  page,
  request,
}) => {
  const files = sampleFiles(randomUUID().slice(0, 8));
  const share = await createEncryptedFilesShare(request, files, 'multi pw', 5);
  await page.goto(`/${share.code}`);
  await expect(page.getByText('encrypted_file')).toHaveCount(0);
  await page.getByLabel('Password', { exact: true }).fill('multi pw');
  await page.getByRole('button', { name: 'Decrypt & View Content' }).click();
  await receiveEverything(page, share.code, files);
  expect(await downloadCount(request, share.code)).toBe(1);
});

test('a file whose declared type lies is previewed as what it is', async ({ page, request }) => {
  const html = '<script>document.title = "pwned"</script><h1>not an image</h1>';
  const share = await createFilesShare(
    request,
    [
      { name: 'cat.png', mimeType: 'image/png', buffer: Buffer.from(html) },
      { name: 'dog.png', mimeType: 'image/png', buffer: Buffer.from([0x50, 0x4b, 3, 4, 0, 0xff]) },
    ],
    5,
  );
  await page.goto(`/${share.code}`);
  await page.getByRole('button', { name: 'Preview cat.png' }).click();
  await expect(page.getByLabel('Text of cat.png')).toHaveText(html);
  await expect(page.getByRole('img', { name: 'Preview of cat.png' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Preview dog.png' }).click();
  await expect(
    page.getByText('This file cannot be previewed. Download it to open it.'),
  ).toBeVisible();
  await expect(page).not.toHaveTitle('pwned');
});
