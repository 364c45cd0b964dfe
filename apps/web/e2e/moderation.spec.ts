import { expect, test, type Page } from '@playwright/test';
import { messages } from '@codedrop/contract';
// The server's own hashing, as `npm run admin:hash` prints it.
import { hashPassword } from '../../server/src/modules/moderation/admin-password';
import { expectAccessible } from './support/axe';
import { startOwnServer, type OwnServer } from './support/own-server';
import { readResultCode } from './support/result-card';
import { pngImage } from './support/sample-files';
import { openTool } from './support/tool-page';

// The operator's side (docs/product.md#reports-and-the-admin-console), on a server of its
// own: the console switched on, and one report enough to quarantine, since every visitor in
// this suite is 127.0.0.1.
const password = 'the operator passphrase';
let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({
    ADMIN_PASSWORD_HASH: await hashPassword(password, { logN: 14, r: 8, p: 1 }),
    ABUSE_QUARANTINE_REPORTS: '1',
  });
});
test.afterAll(async () => {
  await server?.stop();
});

const image = pngImage(64, 48);

async function uploadOnFilePage(page: Page, name: string) {
  await openTool(page, `${server.baseURL}/file-share`);
  await page.getByLabel('File').setInputFiles({ name, mimeType: 'image/png', buffer: image });
  await page.getByRole('button', { name: /^Upload & Generate/ }).click();
}

test('a visitor reports a file; the operator previews it and blocks it; the same bytes are refused', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await uploadOnFilePage(page, 'offending.png');
  await expect(page.getByText('Upload complete')).toBeVisible();
  const code = await readResultCode(page);

  // A visitor reports it from the viewer.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto(`${server.baseURL}/${code}`);
  await visitor.getByRole('button', { name: 'Report' }).click();
  await visitor.getByRole('button', { name: 'Send report' }).click();
  await expect(visitor.getByText('Please choose a reason')).toBeVisible();
  await visitor.getByRole('radio', { name: 'Malware or phishing' }).check();
  await visitor.getByLabel('Message (optional)').fill('It asks for my bank password');
  await expectAccessible(visitor, 'report form');
  await visitor.getByRole('button', { name: 'Send report' }).click();
  await expect(visitor.getByRole('status').getByText(messages.reportThanks)).toBeVisible();
  // One report is this server's threshold: the share is held for review at once.
  await visitor.reload();
  await expect(visitor.getByText(messages.shareQuarantined)).toBeVisible();
  await visitorContext.close();

  // The operator signs in.
  await page.goto(`${server.baseURL}/admin`);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await page.getByLabel('Password').fill('not the password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Wrong password')).toBeVisible();
  await expectAccessible(page, 'admin sign-in');
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  // The queue lists the share; its page previews the image.
  await expect(page.getByRole('heading', { name: 'Figures at a glance' })).toBeVisible();
  await expectAccessible(page, 'admin console');
  await page.getByRole('link', { name: code }).click();
  await expect(page.getByText('offending.png').first()).toBeVisible();
  await expect(page.getByText('It asks for my bank password')).toBeVisible();
  const preview = page.getByRole('img', { name: /offending\.png/ });
  await expect(preview).toBeVisible();
  expect(await preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);
  await expectAccessible(page, 'admin share page');

  page.once('dialog', (dialog) => void dialog.accept());
  await page.getByRole('button', { name: 'Block file' }).click();
  await expect(page.getByRole('link', { name: code })).toHaveCount(0);

  await page.goto(`${server.baseURL}/admin/audit`);
  await expect(page.getByRole('cell', { name: 'block' }).first()).toBeVisible();
  await expectAccessible(page, 'admin audit log');

  // Anyone sharing the same bytes again, under any name, is told it cannot be shared.
  await uploadOnFilePage(page, 'innocent-looking.png');
  await expect(page.getByText(messages.contentBlocked)).toBeVisible();
});
