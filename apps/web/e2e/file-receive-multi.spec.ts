import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import type { CreatedShare } from './support/api';
import { expectAccessible } from './support/axe';
import { createEncryptedFilesShare } from './support/encrypted-shares';
import { readZip } from './support/read-zip';
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

async function downloadCount(request: APIRequestContext, code: string): Promise<number> {
  const response = await request.get(`/api/shares/${code}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { file: { downloadCount: number } }).file.downloadCount;
}

async function download(page: Page, button: string): Promise<{ name: string; bytes: Buffer }> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: button, exact: true }).click();
  const done = await downloading;
  return { name: done.suggestedFilename(), bytes: await readFile((await done.path())!) };
}

/**
 * The recipient's whole visit: every file previewed, one downloaded, then all of them as a
 * ZIP; everything byte for byte, with accessibility checks along the way.
 */
async function receiveEverything(page: Page, code: string, files: SampleFile[]) {
  const [image, pdf, text] = files as [SampleFile, SampleFile, SampleFile];
  await expect(page.getByRole('heading', { name: 'Shared Files' })).toBeVisible();
  const rows = page.getByRole('list', { name: 'Files' }).getByRole('listitem');
  await expect(rows).toHaveCount(3);
  for (const [index, file] of files.entries())
    await expect(rows.nth(index)).toContainText(file.name);
  await expect(page.getByText('0 of 5')).toBeVisible();
  await expectAccessible(page, 'viewer with several files');

  await page.getByRole('button', { name: `Preview ${image.name}` }).click();
  const picture = page.getByRole('img', { name: `Preview of ${image.name}` });
  await expect(picture).toBeVisible();
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await expect(picture).toHaveAttribute('src', /^blob:/);
  await expect(page.getByText('1 of 5')).toBeVisible();
  await expectAccessible(page, 'viewer with an image preview open');
  await page.getByRole('button', { name: 'Close preview' }).click();
  await expect(picture).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Preview ${image.name}` })).toBeFocused();

  await page.getByRole('button', { name: `Preview ${pdf.name}` }).click();
  const frame = page.getByTitle(`Preview of ${pdf.name}`);
  await expect(frame).toHaveAttribute('src', /^blob:/);
  await page.keyboard.press('Escape');
  await expect(frame).toHaveCount(0);

  await page.getByRole('button', { name: `Preview ${text.name}` }).click();
  const shown = page.getByLabel(`Text of ${text.name}`);
  await expect(shown).toHaveText(text.buffer.toString('utf8'));
  await expectAccessible(page, 'viewer with a text preview open');
  await page.getByRole('button', { name: 'Close preview' }).click();

  const single = await download(page, `Download ${pdf.name}`);
  expect(single.name).toBe(pdf.name);
  expect(single.bytes.equals(pdf.buffer)).toBe(true);

  const zip = await download(page, 'Download all (.zip)');
  expect(zip.name).toBe(`codedrop-${code}.zip`);
  const entries = readZip(zip.bytes);
  expect(entries.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
  entries.forEach((entry, i) => expect(entry.bytes.equals(files[i]!.buffer)).toBe(true));
  await expect(page.getByRole('region', { name: /Notifications/ })).toContainText(
    `codedrop-${code}.zip`,
  );
  // Every preview, the download and the ZIP came from one counted download.
  await expect(page.getByText('1 of 5')).toBeVisible();
}

test.beforeEach(async ({ page }) => {
  // Without a save picker (as in Firefox and Safari) the ZIP is collected as a Blob and
  // handed to the download manager, which Playwright sees.
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined });
  });
});

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
