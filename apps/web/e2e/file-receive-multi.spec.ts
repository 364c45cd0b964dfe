import { expect, test, type APIRequestContext } from '@playwright/test';
import type { CreatedShare } from './support/api';
import { hideSavePicker } from './support/receive-files';
import type { SampleFile } from './support/sample-files';

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

// Plain and encrypted shares of several files, made in the page and read in a second
// browser, are file-share-end-to-end.spec.ts.

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
