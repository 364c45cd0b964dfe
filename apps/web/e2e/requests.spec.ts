import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { readZip } from './support/read-zip';
import { decodeResultQr } from './support/result-card';
import { ask, openAsStranger, pickUp } from './support/requests';
import { hideSavePicker } from './support/receive-files';
import { sampleFiles } from './support/sample-files';

// Requests (docs/product.md#requests): ask in one browser, send from another, pick up and
// decrypt in the first.

test('a text sent by a stranger is picked up and read by the asker', async ({ page, browser }) => {
  const password = `request ${randomUUID()}`;
  const code = await ask(page, password, { files: false, text: true });
  expect(await decodeResultQr(page)).toMatch(new RegExp(`/${code}$`));
  await expect(page.getByLabel('Request link')).toHaveValue(new RegExp(`/${code}$`));
  await expect(page.getByRole('button', { name: 'End request now' })).toBeVisible();

  const stranger = await openAsStranger(browser, code);
  // The asker's message, as plain text with its line break.
  await expect(stranger.page.getByText('Please send the signed form')).toBeVisible();
  const secret = `The answer is ${randomUUID()}`;
  await stranger.page.getByLabel('Text', { exact: true }).fill(secret);
  await stranger.page.getByRole('button', { name: 'Encrypt & Send' }).click();
  await expect(
    stranger.page.getByText('Sent. Only the person who asked can open it.'),
  ).toBeVisible();

  await pickUp(page, code, password);
  await expect(page.getByRole('heading', { name: 'Submissions (1)' })).toBeVisible();
  await expect(page.getByText(secret)).toBeVisible();

  // A second text appears without a reload (the list is polled while the page is visible).
  await stranger.page.getByRole('button', { name: 'Send something else' }).click();
  await stranger.page.getByLabel('Text', { exact: true }).fill('A second thought');
  await stranger.page.getByRole('button', { name: 'Encrypt & Send' }).click();
  await expect(
    stranger.page.getByText('Sent. Only the person who asked can open it.'),
  ).toBeVisible();
  await expect(page.getByText('A second thought')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('heading', { name: 'Submissions (2)' })).toBeVisible();

  // Deleting one leaves the other.
  await page
    .getByRole('button', { name: /^Delete the submission sent / })
    .first()
    .click();
  await expect(page.getByRole('heading', { name: 'Submissions (1)' })).toBeVisible();
  await expect(page.getByText(secret)).toHaveCount(0);
  await stranger.context.close();
});

test('files and a text sent from another browser are decrypted, one by one and as a zip', async ({
  page,
  browser,
}) => {
  const password = `request ${randomUUID()}`;
  await hideSavePicker(page);
  const code = await ask(page, password, { files: true, text: true });
  const files = sampleFiles(randomUUID().slice(0, 8));

  const stranger = await openAsStranger(browser, code);
  await stranger.page.getByLabel('Files', { exact: true }).setInputFiles(files);
  await stranger.page.getByLabel('Text', { exact: true }).fill('Three files attached');
  await stranger.page.getByRole('button', { name: 'Encrypt & Send' }).click();
  await expect(stranger.page.getByText('Sent. Only the person who asked can open it.')).toBeVisible(
    { timeout: 30_000 },
  );
  await stranger.context.close();

  await pickUp(page, code, password);
  await expect(page.getByRole('heading', { name: 'Submissions (1)' })).toBeVisible();
  await expect(page.getByText('3 files ·')).toBeVisible();
  await expect(page.getByText('Three files attached')).toBeVisible();

  const text = files[2]!;
  const one = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${text.name}` }).click();
  const saved = await one;
  expect(saved.suggestedFilename()).toBe(text.name);
  expect(await readFile((await saved.path())!)).toEqual(text.buffer);

  await page.getByRole('button', { name: `Preview ${text.name}` }).click();
  await expect(page.getByRole('region', { name: `Preview of ${text.name}` })).toContainText(
    'not bold',
  );

  const zipped = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download all (.zip)' }).click();
  const zip = await zipped;
  expect(zip.suggestedFilename()).toBe(`codedrop-${code}.zip`);
  const entries = readZip(await readFile((await zip.path())!));
  expect(entries.map((entry) => entry.name)).toEqual(files.map((file) => file.name));
  for (const [index, entry] of entries.entries()) {
    expect(entry.bytes.equals(files[index]!.buffer), entry.name).toBe(true);
  }
});

test('wrong passwords count down, and the last one destroys the request', async ({
  page,
  request,
}) => {
  const code = await ask(page, `request ${randomUUID()}`, { files: true, text: true });
  await page.goto(`/${code}`);
  await page.getByRole('tab', { name: 'Pick up' }).click();
  const field = page.getByLabel('Password', { exact: true });
  const lookup = await request.get(`/api/requests/${code}`);
  let left = ((await lookup.json()) as { attemptsLeft: number }).attemptsLeft;
  while (left > 1) {
    await field.fill(`wrong ${left}`);
    await page.getByRole('button', { name: 'Open Submissions' }).click();
    left -= 1;
    await expect(page.getByText(`${left} attempts left.`).first()).toBeVisible();
  }
  await field.fill('wrong at last');
  await page.getByRole('button', { name: 'Open Submissions' }).click();
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: 'This request was destroyed after too many wrong passwords.' }),
  ).toBeVisible();
  // Gone for good, as a destroyed share is.
  const gone = await request.get(`/api/requests/${code}`);
  expect(gone.status()).toBe(410);
  expect(((await gone.json()) as { code: string }).code).toBe('SHARE_DESTROYED');
});

test('a submission whose upload is cut half-way resumes and arrives whole', async ({
  page,
  browser,
}) => {
  test.slow();
  const password = `request ${randomUUID()}`;
  await hideSavePicker(page);
  const code = await ask(page, password, { files: true, text: false });
  // Three chunks of the default size: cut after the first, restored a while later.
  const bytes = randomBytes(12 * 1024 * 1024);
  const name = `scan-${randomUUID().slice(0, 8)}.bin`;

  const stranger = await openAsStranger(browser, code);
  const network = { cut: false, chunks: 0 };
  await stranger.page.route('**/api/uploads/**', async (route) => {
    if (network.cut) return route.abort('connectionreset');
    if (route.request().method() === 'PATCH') {
      network.chunks += 1;
      // The network goes as the second chunk starts, and stays down until the test restores it.
      if (network.chunks === 2) {
        network.cut = true;
        return route.abort('connectionreset');
      }
    }
    return route.continue();
  });
  await stranger.page
    .getByLabel('Files', { exact: true })
    .setInputFiles({ name, mimeType: 'application/octet-stream', buffer: bytes });
  await stranger.page.getByRole('button', { name: 'Encrypt & Send' }).click();
  await expect.poll(() => network.cut, { timeout: 60_000 }).toBe(true);
  await stranger.page.waitForTimeout(2_500);
  // Still going, not failed: the dropped chunks are retried from the server's offset.
  await expect(stranger.page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  await expect(stranger.page.getByText('Could not send')).toHaveCount(0);
  network.cut = false;
  await expect(stranger.page.getByText('Sent. Only the person who asked can open it.')).toBeVisible(
    { timeout: 60_000 },
  );
  await stranger.context.close();

  await pickUp(page, code, password);
  await expect(page.getByRole('heading', { name: 'Submissions (1)' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: `Download ${name}` }).click();
  const saved = await downloading;
  const received = await readFile((await saved.path())!);
  expect(createHash('sha256').update(received).digest('hex')).toBe(
    createHash('sha256').update(bytes).digest('hex'),
  );
});
