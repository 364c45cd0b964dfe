import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { readResultCode } from './support/result-card';
import { recordTraffic } from './support/traffic';
import { openTool } from './support/tool-page';

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const encryptionSwitch = (page: Page) => page.getByRole('switch', { name: /encryption/i });
const passwordField = (page: Page) => page.getByLabel('Password', { exact: true });

/** Opens `code` in a second browser context, as a recipient on another device would. */
async function openElsewhere(browser: Browser, code: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/${code}`);
  return { page, close: () => context.close() };
}

async function decrypt(page: Page, password: string) {
  await passwordField(page).fill(password);
  await page.getByRole('button', { name: 'Decrypt & View Content' }).click();
}

test('encrypted clipboard text: options, validation, summary, and a second browser decrypts it', async ({
  page,
  browser,
}) => {
  const secret = `clipboard secret ${randomUUID()}\n  second line ✓`;
  const password = `pw ${randomUUID()}`;
  const traffic = recordTraffic(page);
  await openTool(page, '/clipboard');
  await page.getByLabel('Your text').fill(secret);

  await expect(encryptionSwitch(page)).not.toBeChecked();
  await encryptionSwitch(page).click();
  await expect(
    page.getByText(
      'With a recovery email, we can send you the password if you forget it. Only add one if you are comfortable with that.',
    ),
  ).toBeVisible();

  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const message = 'Please enter a password for encryption';
  await expect(passwordField(page)).toHaveAttribute('aria-invalid', 'true');
  await expect(passwordField(page)).toBeFocused();
  await expect(page.getByRole('main').getByText(message, { exact: true })).toBeVisible();
  await expect(toasts(page).getByText(message)).toBeVisible();
  await expectAccessible(page, 'encryption options with an error');

  await passwordField(page).fill(password);
  await page.getByLabel('Recovery email (optional)').fill('not-an-email');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  await expect(
    page.getByRole('main').getByText('Please enter a valid email address', { exact: true }),
  ).toBeVisible();
  await expect(page.getByLabel('Recovery email (optional)')).toBeFocused();
  await page.getByLabel('Recovery email (optional)').fill('');

  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);
  const summary = page.getByRole('region', { name: 'Encryption summary' });
  await expect(summary).toContainText('Password protected with AES-256-GCM');
  await expect(summary).toContainText('No recovery email');
  await expectAccessible(page, 'encrypted clipboard result card');
  // Neither the text nor the password ever left the browser.
  await traffic.expectNoneContain([secret, password, 'clipboard secret']);

  const reader = await openElsewhere(browser, code);
  await decrypt(reader.page, 'a wrong password');
  await expect(
    reader.page.getByRole('alert').filter({
      hasText: 'Failed to decrypt content. Please check your password.',
    }),
  ).toContainText('9 attempts left.');
  await expect(
    toasts(reader.page).getByText('Decryption failed: Invalid password or corrupted data.'),
  ).toBeVisible();
  await decrypt(reader.page, password);
  await expect(reader.page.getByRole('textbox', { name: 'Shared text' })).toHaveValue(secret);
  await reader.close();

  await page.getByRole('button', { name: 'Create Another Share' }).click();
  await expect(encryptionSwitch(page)).not.toBeChecked();
  await expect(passwordField(page)).toHaveCount(0);
});

test('a generated password can be shown, copied and used', async ({ page, browser, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await openTool(page, '/clipboard');
  await page.getByLabel('Your text').fill('generated');
  await encryptionSwitch(page).click();
  await page.getByRole('button', { name: 'Generate random password' }).click();
  await expect(passwordField(page)).toHaveAttribute('type', 'text');
  const password = await passwordField(page).inputValue();
  expect(password).toMatch(/^[A-HJ-NP-Za-km-z2-9]{20}$/);
  await page.getByRole('button', { name: 'Hide password' }).click();
  await expect(passwordField(page)).toHaveAttribute('type', 'password');
  await page.getByRole('button', { name: 'Copy password' }).click();
  await expect(toasts(page).getByText('Password copied')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(password);
  // The toast's own timer can start its exit fade while axe measures (seen in a slow CI
  // run: a half-faded title failed contrast); the options are what this check is about.
  await expect(toasts(page).getByText('Password copied')).toBeHidden({ timeout: 15_000 });
  await expectAccessible(page, 'encryption options with a generated password');

  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);
  const reader = await openElsewhere(browser, code);
  await decrypt(reader.page, password);
  await expect(reader.page.getByRole('textbox', { name: 'Shared text' })).toHaveValue('generated');
  await reader.close();
});

test('encrypted note: formatting survives, and only ciphertext travels', async ({
  page,
  browser,
}) => {
  const marker = `note-${randomUUID().slice(0, 8)}`;
  const traffic = recordTraffic(page);
  await openTool(page, '/notepad');
  const editor = page.getByRole('textbox', { name: 'Note' });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(`Bold ${marker}`);
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' and plain');
  await encryptionSwitch(page).click();
  await passwordField(page).fill('note password');
  await page.getByLabel('Recovery email (optional)').fill('writer@example.org');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();

  const code = await readResultCode(page);
  await expect(page.getByRole('region', { name: 'Encryption summary' })).toContainText(
    'Recovery email: writer@example.org.',
  );
  // With a recovery email the password goes to the server for escrow
  // (docs/design.md#recovery-email); the note itself never does.
  await traffic.expectNoneContain([marker]);

  const reader = await openElsewhere(browser, code);
  await decrypt(reader.page, 'note password');
  await expect(reader.page.locator('.note-content strong')).toHaveText(`Bold ${marker}`);
  await expect(reader.page.locator('.note-content')).toContainText('and plain');
  await reader.close();
});

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

test('a 50 MB file is encrypted as a stream, uploaded as ciphertext and decrypted elsewhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const bytes = randomBytes(50 * 1024 * 1024);
  const name = `Bilan annuel ${randomUUID().slice(0, 6)} — été.bin`;
  // Over 50 MB, Playwright takes a file path rather than a buffer.
  const dir = await mkdtemp(join(tmpdir(), 'codedrop-e2e-upload-'));
  const path = join(dir, name);
  await writeFile(path, bytes);
  try {
    // Every stage the progress line announces, in order, however briefly it shows.
    await page.addInitScript(() => {
      const stages: string[] = [];
      Object.assign(window, { __stages: stages });
      new MutationObserver(() => {
        for (const status of document.querySelectorAll('[role="status"]')) {
          const text = status.textContent ?? '';
          if (text !== '' && stages.at(-1) !== text) stages.push(text);
        }
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const traffic = recordTraffic(page);
    await openTool(page, '/file-share');
    await page.getByLabel('File').setInputFiles(path);
    await page.getByLabel('Download limit').fill('2');
    await encryptionSwitch(page).click();
    await passwordField(page).fill('file password');
    await page.getByLabel('Recovery email (optional)').fill('sender@example.org');
    await expectAccessible(page, 'file share with encryption options');
    await page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }).click();

    const code = await readResultCode(page);
    await expect(
      page.getByRole('heading', { name: '🔒 Encrypted Anonymous File Share Created!' }),
    ).toBeVisible();
    const box = page.getByRole('region', { name: 'Encryption Active' });
    await expect(box).toContainText('Filename encrypted with AES-256-GCM');
    await expect(box).toContainText('Recovery email: sender@example.org');
    await expect(page.getByText(name)).toBeVisible();
    await expect(page.getByText('50 MB', { exact: true })).toBeVisible();
    await expectAccessible(page, 'encrypted file result card');

    const stages = await page.evaluate(
      () => (window as unknown as { __stages: string[] }).__stages,
    );
    // One file is encrypted chunk by chunk as it goes up (resumably), behind the code.
    const order = ['Deriving the key', 'Uploading…'];
    const seen = order.map((stage) => stages.findIndex((text) => text.startsWith(stage)));
    expect(
      seen.every((at) => at >= 0),
      JSON.stringify(stages),
    ).toBe(true);
    expect([...seen].sort((a, b) => a - b)).toEqual(seen);

    await traffic.expectNoneContain([
      name,
      bytes.subarray(5_000_000, 5_000_064).toString('latin1'),
    ]);

    const context = await browser.newContext();
    const reader = await context.newPage();
    await reader.addInitScript(() => {
      Object.defineProperty(window, 'showSaveFilePicker', { value: undefined });
      // The highest percentage the download-and-decrypt bar showed, however briefly.
      const seen = { percent: -1 };
      Object.assign(window, { __decryptBar: seen });
      new MutationObserver(() => {
        const bar = document.querySelector(
          '[role="progressbar"][aria-label="Download and decryption progress"]',
        );
        const value = Number(bar?.getAttribute('aria-valuenow') ?? -1);
        if (value > seen.percent) seen.percent = value;
      }).observe(document, { subtree: true, childList: true, attributes: true });
    });
    await reader.goto(`/${code}`);
    await decrypt(reader, 'file password');
    await expect(reader.getByText(name)).toBeVisible();
    // The card's size (the progress line beside it names the size in a <bdi> of its own).
    await expect(reader.getByRole('paragraph').filter({ hasText: /^50 MB$/ })).toBeVisible();
    const downloading = reader.waitForEvent('download');
    await reader.getByRole('button', { name: 'Download File' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe(name);
    expect(sha256(await readFile((await download.path())!))).toBe(sha256(bytes));
    const bar = await reader.evaluate(
      () => (window as unknown as { __decryptBar: { percent: number } }).__decryptBar.percent,
    );
    expect(bar).toBeGreaterThan(0);
    await context.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
});
