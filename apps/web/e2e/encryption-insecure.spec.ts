import { expect, test } from '@playwright/test';
import { createEncryptedTextShare } from './support/encrypted-shares';
import { openTool } from './support/tool-page';

// A made-up host name mapped to the test server: over plain http anywhere but localhost
// the page is not a secure context, so WebCrypto's `subtle` is missing (docs/design.md#encryption).
const insecureHost = 'codedrop-insecure.test';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', `--host-resolver-rules=MAP ${insecureHost} 127.0.0.1`],
  },
});

const insecureMessage = 'Encryption needs a secure connection (HTTPS).';

test('opening an encrypted share over plain http explains instead of crashing', async ({
  page,
  request,
  baseURL,
}) => {
  const share = await createEncryptedTextShare(request, {
    type: 'clipboard',
    content: 'x',
    password: 'pw',
  });
  const url = new URL(`/${share.code}`, baseURL);
  url.hostname = insecureHost;
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  await page.goto(url.href);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(false);
  await expect(page.getByText(insecureMessage)).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the create pages switch encryption off over plain http and say why', async ({
  page,
  baseURL,
}) => {
  for (const path of ['/clipboard', '/notepad', '/file-share']) {
    const url = new URL(path, baseURL);
    url.hostname = insecureHost;
    await openTool(page, url.href);
    const toggle = page.getByRole('switch', { name: /encryption/i });
    await expect(toggle).toBeDisabled();
    await expect(toggle).not.toBeChecked();
    await expect(page.getByText(insecureMessage)).toBeVisible();
  }
});
