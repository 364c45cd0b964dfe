import { deriveKeysFor, decryptBlob, decryptFileMeta, toBase64 } from '@codedrop/crypto';
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { pasteFiles, pngBase64, three, threeOnDisk } from './support/multi-files';
import { readResultCode } from './support/result-card';
import { recordTraffic } from './support/traffic';
import { openTool } from './support/tool-page';

const uploadButton = (page: Page) =>
  page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' });
// The input itself: "Add files" and the drop zone are labels of the same input.
const fileInput = (page: Page) => page.getByLabel('File', { exact: true });
const fileRows = (page: Page) => page.getByTestId('file-list-area').getByRole('listitem');
const total = (page: Page) => page.getByTestId('file-list-area').getByRole('status');

test('several files are listed with sizes and a total, and each can be removed', async ({
  page,
}) => {
  const onDisk = await threeOnDisk();
  try {
    await openTool(page, '/file-share');
    await expect(page.getByText('Drop files here or choose files')).toBeVisible();
    await fileInput(page).setInputFiles(onDisk.paths);

    await expect(fileRows(page)).toHaveCount(3);
    await expect(fileRows(page).nth(0)).toContainText('chart.png');
    await expect(fileRows(page).nth(0)).toContainText('1 KB');
    await expect(fileRows(page).nth(1)).toContainText('report.pdf');
    await expect(fileRows(page).nth(1)).toContainText('2 KB');
    await expect(fileRows(page).nth(2)).toContainText('notes.txt');
    await expect(fileRows(page).nth(2)).toContainText('1.5 KB');
    await expect(total(page)).toHaveText('3 files · 4.5 KB total');
    await expect(uploadButton(page)).toBeEnabled();
    await expectAccessible(page, 'file share page with three files');

    await page.getByRole('button', { name: 'Remove report.pdf' }).click();
    await expect(fileRows(page)).toHaveCount(2);
    await expect(page.getByText('report.pdf')).toHaveCount(0);
    await expect(total(page)).toHaveText('2 files · 2.5 KB total');
    // Focus moves to the row that took the removed one's place.
    await expect(page.getByRole('button', { name: 'Remove notes.txt' })).toBeFocused();

    // "Add files" opens the chooser again and adds to the list; the very same file picked
    // again is not listed twice.
    const choosing = page.waitForEvent('filechooser');
    await page.getByText('Add files', { exact: true }).click();
    const chooser = await choosing;
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles([onDisk.paths[0]!, onDisk.paths[1]!]);
    await expect(fileRows(page)).toHaveCount(3);
    await expect(fileRows(page).nth(2)).toContainText('report.pdf');
    await expect(total(page)).toHaveText('3 files · 4.5 KB total');
  } finally {
    await onDisk.remove();
  }
});

test('several dropped files are all taken', async ({ page }) => {
  await openTool(page, '/file-share');
  const transfer = await page.evaluateHandle(() => {
    const data = new DataTransfer();
    data.items.add(new File(['first'], 'one.txt', { type: 'text/plain' }));
    data.items.add(new File(['second!'], 'two.txt', { type: 'text/plain' }));
    return data;
  });
  await page.getByTestId('drop-zone').dispatchEvent('dragover', { dataTransfer: transfer });
  await page.getByTestId('drop-zone').dispatchEvent('drop', { dataTransfer: transfer });
  await expect(fileRows(page)).toHaveCount(2);
  await expect(total(page)).toHaveText('2 files · 12 Bytes total');
});

test('more files than a share may carry are refused before anything is sent', async ({ page }) => {
  const uploads: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/files')) uploads.push(request.url());
  });
  await openTool(page, '/file-share');
  const many = Array.from({ length: 21 }, (_, i) => ({
    name: `part-${i + 1}.txt`,
    mimeType: 'text/plain',
    buffer: Buffer.from(`part ${i + 1}`),
  }));
  await fileInput(page).setInputFiles(many);
  await expect(page.locator('#file-error')).toHaveText('You can share up to 20 files at once');
  await expect(fileInput(page)).toHaveAttribute('aria-describedby', 'file-error');
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('You can share up to 20'),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remove/ })).toHaveCount(0);
  await expectAccessible(page, 'file page refusing too many files');

  // Twenty are fine.
  await fileInput(page).setInputFiles(many.slice(0, 20));
  await expect(fileRows(page)).toHaveCount(20);
  await expect(page.locator('#file-error')).toHaveCount(0);
  expect(uploads).toEqual([]);
});

const pastedName = /^pasted-\d{4}-\d{2}-\d{2}-\d{4}\.png$/;

test('an image pasted on the clipboard page can be shared as a file', async ({ page }) => {
  await openTool(page, '/clipboard');
  await page.getByLabel('Your text').focus();
  await pasteFiles(page, [{ name: 'image.png', type: 'image/png', base64: pngBase64 }]);

  const offer = page.getByTestId('paste-offer');
  await expect(offer).toContainText('You pasted 1 image. Share it as a file instead?');
  await expect(page.getByLabel('Your text')).toHaveValue('');
  await expectAccessible(page, 'clipboard page offering a pasted image');
  await offer.getByRole('button', { name: 'Share as file' }).click();

  await expect(page).toHaveURL(/\/file-share$/);
  await expect(fileRows(page)).toHaveCount(1);
  const name = (await fileRows(page).locator('p').first().textContent())!;
  expect(name).toMatch(pastedName);
  await expect(fileRows(page)).toContainText('70 Bytes');
  await uploadButton(page).click();
  await readResultCode(page);
  await expect(page.locator('dl').filter({ hasText: 'Auto-delete' })).toContainText(name);
});

test('text pasted on the clipboard page is pasted as always, with no offer', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openTool(page, '/clipboard');
  await page.evaluate(() => navigator.clipboard.writeText('pasted text ✓'));
  await page.getByLabel('Your text').focus();
  await page.keyboard.press('ControlOrMeta+V');
  await expect(page.getByLabel('Your text')).toHaveValue('pasted text ✓');
  await expect(page.getByTestId('paste-offer')).toHaveCount(0);
});

test('files pasted on the file page are added to the list', async ({ page }) => {
  await openTool(page, '/file-share');
  await fileInput(page).setInputFiles([three[2]!]);
  await page.locator('body').click({ position: { x: 5, y: 5 } });
  await pasteFiles(page, [{ name: 'image.png', type: 'image/png', base64: pngBase64 }]);
  await expect(fileRows(page)).toHaveCount(2);
  expect(await fileRows(page).nth(1).locator('p').first().textContent()).toMatch(pastedName);
});

test('three files shared plainly come back as one share, in order', async ({ page }) => {
  await openTool(page, '/file-share');
  await fileInput(page).setInputFiles(three);
  await page.getByLabel('Download limit').fill('4');
  await uploadButton(page).click();

  await expect(page.getByRole('heading', { name: 'Anonymous File Share Created!' })).toBeVisible();
  const code = await readResultCode(page);
  const details = page.locator('dl').filter({ hasText: 'Auto-delete' });
  const listed = details.getByRole('listitem');
  await expect(listed).toHaveCount(3);
  await expect(listed.nth(0)).toContainText('chart.png');
  await expect(listed.nth(1)).toContainText('report.pdf');
  await expect(listed.nth(2)).toContainText('notes.txt');
  await expect(listed.nth(2)).toContainText('1.5 KB');
  await expect(details).toContainText('3 files · 4.5 KB');
  await expect(details).toContainText('After 24 hours or after 4 downloads');
  await expectAccessible(page, 'result card of three files');

  const view = (await (await page.request.get(`/api/shares/${code}`)).json()) as {
    files: { name: string; size: number }[];
  };
  expect(view.files.map(({ name, size }) => [name, size])).toEqual(
    three.map(({ name, buffer }) => [name, buffer.length]),
  );

  await page.getByRole('button', { name: 'Upload More Files' }).click();
  await expect(page.getByTestId('drop-zone')).toBeVisible();
});

test('three encrypted files: one sealed list of names, one ciphertext each', async ({ page }) => {
  const password = 'several files password';
  const traffic = recordTraffic(page);
  await openTool(page, '/file-share');
  await fileInput(page).setInputFiles(three);
  await page.getByRole('switch', { name: /encryption/i }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await uploadButton(page).click();

  await expect(
    page.getByRole('heading', { name: '🔒 Encrypted Anonymous File Share Created!' }),
  ).toBeVisible();
  const code = await readResultCode(page);
  const details = page.locator('dl').filter({ hasText: 'Auto-delete' });
  await expect(details.getByRole('listitem')).toHaveCount(3);
  await expect(details).toContainText('3 files · 4.5 KB');
  await expect(page.getByRole('region', { name: 'Encryption Active' })).toContainText(
    'File names encrypted with AES-256-GCM',
  );
  await traffic.expectNoneContain([...three.map(({ name }) => name), password, 'Meeting notes']);

  // What a recipient's browser does: unlock, open the metadata, download, decrypt each.
  const { kdf } = (await (await page.request.get(`/api/shares/${code}`)).json()) as {
    kdf: unknown;
  };
  const keys = await deriveKeysFor(password, kdf);
  const authKey = toBase64(keys.authKey);
  const unlocked = await page.request.post(`/api/shares/${code}/unlock`, { data: { authKey } });
  const { encryptedPayload } = (await unlocked.json()) as { encryptedPayload: unknown };
  const metas = await decryptFileMeta(password, encryptedPayload);
  expect(metas).toEqual(
    three.map(({ name, mimeType, buffer }) => ({ name, type: mimeType, size: buffer.length })),
  );
  const grant = await page.request.post(`/api/shares/${code}/downloads`, { data: { authKey } });
  const { downloadUrls } = (await grant.json()) as { downloadUrls: { url: string }[] };
  expect(downloadUrls).toHaveLength(3);
  for (const [index, { url }] of downloadUrls.entries()) {
    const stored = new Blob([new Uint8Array(await (await page.request.get(url)).body())]);
    const plain = await decryptBlob(stored, keys.encKey, metas[index]!.size);
    expect(Buffer.from(await plain.arrayBuffer()).equals(three[index]!.buffer)).toBe(true);
  }
});
