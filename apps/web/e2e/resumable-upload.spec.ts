import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { hideSavePicker } from './support/receive-files';
import { readResultCode } from './support/result-card';
import { startOwnServer, type OwnServer } from './support/own-server';
import { openTool, reloadTool } from './support/tool-page';

// Issue "Uploads that survive": a 60 MiB file (over the default 50 MiB limit, so this spec
// runs its own server) goes up in 5 MiB chunks; the network is cut half-way and restored,
// or the page reloaded and the upload resumed, while a recipient watches the percentage
// rise and then downloads exactly the bytes sent.

const MiB = 1024 * 1024;
const size = 60 * MiB;
let server: OwnServer;
let dir: string;
let path: string;
let digest: string;

test.describe.configure({ mode: 'serial' });
test.slow();

test.beforeAll(async () => {
  server = await startOwnServer({
    MAX_FILE_BYTES: String(100 * MiB),
    UPLOAD_CHUNK_BYTES: String(5 * MiB),
    RATE_LIMIT_CREATES: '100000',
    RATE_LIMIT_UPLOAD_BYTES: String(10 * 1024 * MiB),
    WORKERS: '1',
    ...(process.env.E2E_OWN_PORT ? { PORT: process.env.E2E_OWN_PORT } : {}),
  });
  dir = mkdtempSync(join(tmpdir(), 'codedrop-e2e-resume-'));
  path = join(dir, 'holiday-video.bin');
  const bytes = randomBytes(size);
  writeFileSync(path, bytes);
  digest = createHash('sha256').update(bytes).digest('hex');
});
test.afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/**
 * Slows every chunk a little (so "half-way" lasts long enough to act on) and lets the test
 * cut the network: while cut, every upload request fails as a dropped connection would.
 */
async function controlUploads(page: Page) {
  const state = { cut: false, chunks: 0 };
  await page.route('**/api/uploads/**', async (route) => {
    if (state.cut) return route.abort('connectionreset');
    if (route.request().method() === 'PATCH') {
      await new Promise((resolve) => setTimeout(resolve, 250));
      state.chunks += 1;
    }
    return route.continue();
  });
  return state;
}

/** The recipient, in a browser of their own, opening the code while the upload runs. */
async function openAsRecipient(browser: Browser, code: string) {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await hideSavePicker(page);
  await page.goto(`/${code}`);
  return { context, page };
}

/** The percentage the recipient's page shows now (100 once it no longer says "Uploading…"). */
async function shownPercent(page: Page): Promise<number> {
  const text = await page
    .getByText(/^Uploading… \d+%$/)
    .textContent({ timeout: 2_000 })
    .catch(() => null);
  return text === null ? 100 : Number(/(\d+)%/.exec(text)![1]);
}

async function downloadedDigest(page: Page): Promise<string> {
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download File', exact: true }).click();
  const done = await downloading;
  return createHash('sha256')
    .update(await readFile((await done.path())!))
    .digest('hex');
}

test('a 60 MiB upload survives a cut network, and the recipient watches it arrive', async ({
  page,
  browser,
}) => {
  await openTool(page, `${server.baseURL}/file-share`);
  const uploads = await controlUploads(page);
  await page.getByLabel('File', { exact: true }).setInputFiles(path);
  await page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }).click();
  // The code is there before the bytes are.
  const code = await readResultCode(page);
  await expect(page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();

  const recipient = await openAsRecipient(browser, code);
  await expect(recipient.page.getByText(/^Uploading… \d+%$/)).toBeVisible();
  await expect(recipient.page.getByRole('button', { name: 'Download File' })).toBeDisabled();
  await expect(recipient.page.getByRole('progressbar', { name: 'Upload progress' })).toBeVisible();
  const early = await shownPercent(recipient.page);
  await expectAccessible(recipient.page, 'viewer of a share still uploading');

  // About half-way, the network goes; a while later it comes back.
  await expect.poll(() => uploads.chunks, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
  uploads.cut = true;
  const cutAt = Date.now();
  // Nothing moves while the network is cut: the card is checked then.
  await expectAccessible(page, 'file result card while uploading');
  await page.waitForTimeout(Math.max(0, 2_500 - (Date.now() - cutAt)));
  const during = await shownPercent(recipient.page);
  expect(during).toBeGreaterThan(early);
  expect(during).toBeLessThan(100);
  uploads.cut = false;

  await expect
    .poll(() => shownPercent(recipient.page), { timeout: 60_000 })
    .toBeGreaterThan(during);
  await expect(page.getByText('Upload complete')).toBeVisible({ timeout: 60_000 });
  await expect(recipient.page.getByRole('button', { name: 'Download File' })).toBeEnabled({
    timeout: 10_000,
  });
  expect(await downloadedDigest(recipient.page)).toBe(digest);
  await recipient.context.close();
});

test('an encrypted upload resumes after a page reload, with the password asked again', async ({
  page,
  browser,
}) => {
  const password = 'resume me after the reload';
  await openTool(page, `${server.baseURL}/file-share`);
  const uploads = await controlUploads(page);
  await page.getByLabel('File', { exact: true }).setInputFiles(path);
  await page.getByRole('switch', { name: /encryption/i }).click();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);

  const recipient = await openAsRecipient(browser, code);
  await expect(recipient.page.getByText(/^Uploading… \d+%$/)).toBeVisible();

  await expect.poll(() => uploads.chunks, { timeout: 60_000 }).toBeGreaterThanOrEqual(6);
  await reloadTool(page);
  const before = await shownPercent(recipient.page);

  // The same file picked again: the page offers to resume, under the same code.
  await page.getByLabel('File', { exact: true }).setInputFiles(path);
  await expect(page.getByText(`upload stopped before it finished (code ${code})`)).toBeVisible();
  await page.getByRole('switch', { name: /encryption/i }).click();
  await page.getByLabel('Password', { exact: true }).fill('not the same password');
  await page.getByRole('button', { name: 'Resume upload' }).click();
  await expect(
    page.getByRole('main').getByText(/not the password this upload was encrypted with/),
  ).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Resume upload' }).click();
  expect(await readResultCode(page)).toBe(code);
  await expect(page.getByText('Upload complete')).toBeVisible({ timeout: 60_000 });
  expect(before).toBeLessThan(100);

  await expect(recipient.page.getByText(/^Uploading… \d+%$/)).toBeHidden({ timeout: 10_000 });
  await recipient.page.getByLabel('Password', { exact: true }).fill(password);
  await recipient.page.getByRole('button', { name: 'Decrypt & View Content' }).click();
  expect(await downloadedDigest(recipient.page)).toBe(digest);
  await recipient.context.close();
});
