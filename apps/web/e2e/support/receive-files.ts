import { readFile } from 'node:fs/promises';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { expectAccessible } from './axe';
import { readZip } from './read-zip';
import type { SampleFile } from './sample-files';

/**
 * Without a save picker (as in Firefox and Safari) a ZIP is collected as a Blob and handed
 * to the download manager, which Playwright sees.
 */
export async function hideSavePicker(page: Page) {
  await page.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined });
  });
}

export async function downloadCount(request: APIRequestContext, code: string): Promise<number> {
  const response = await request.get(`/api/shares/${code}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { downloadCount: number }).downloadCount;
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
export async function receiveEverything(page: Page, code: string, files: SampleFile[]) {
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
  // Painted by pdf.js into a canvas (preview-isolation.spec.ts checks its pixels).
  const pdfPage = page.getByRole('img', { name: `Preview of ${pdf.name}` });
  await expect(pdfPage).toBeVisible();
  expect(await pdfPage.evaluate((element) => element.tagName)).toBe('CANVAS');
  await page.keyboard.press('Escape');
  await expect(pdfPage).toHaveCount(0);

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
