import { expect, test, type Page } from '@playwright/test';
import { createClipboardShare, createNoteShare, unusedCode } from './support/api';
import { expectAccessible } from './support/axe';
import { holdRequests } from './support/traffic';
import { harnessLine } from './support/clean-console';

const notFound = 'Content not found or has expired. Please check the code and try again.';

const codeInput = (page: Page) => page.getByPlaceholder('Enter 4-6 digit code...');
const retrieveButton = (page: Page) => page.getByRole('button', { name: 'Retrieve Content' });

test('the landing page has the hero, the retrieve form, features and legal links', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('4-digit code');
  await expect(page.getByRole('heading', { name: 'Retrieve Shared Content' })).toBeVisible();
  await expect(
    page.getByText('Enter a code to access shared clipboard, notes, or files'),
  ).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Three ways to share' })).toBeVisible();
  const main = page.getByRole('main');
  await expect(main.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy-policy',
  );
  await expect(main.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/terms-of-service',
  );
  await expect(page.getByRole('main')).toHaveCount(1);
  await expectAccessible(page, 'landing page');
});

test('the code input keeps digits only, cut to 6, and the button follows it', async ({ page }) => {
  await page.goto('/');
  await expect(retrieveButton(page)).toBeDisabled();
  await codeInput(page).pressSequentially('ab');
  await expect(codeInput(page)).toHaveValue('');
  await expect(retrieveButton(page)).toBeDisabled();
  await codeInput(page).pressSequentially('1x2 3-4567890');
  await expect(codeInput(page)).toHaveValue('123456');
  await expect(retrieveButton(page)).toBeEnabled();
  await codeInput(page).fill('');
  await expect(retrieveButton(page)).toBeDisabled();
});

test('fewer than 4 digits are not looked up', async ({ page }) => {
  const lookups: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/shares/')) lookups.push(request.url());
  });
  await page.goto('/');
  await codeInput(page).fill('123');
  await retrieveButton(page).click();
  await expect(page.getByText('Codes have at least 4 digits.')).toBeVisible();
  expect(lookups).toEqual([]);
});

test('the button reads Searching... while the lookup runs', async ({ page, request }) => {
  const share = await createClipboardShare(request, 'slow lookup');
  // Holds the real server's answer back until the loading state has been seen.
  const answer = await holdRequests(page, `**/api/shares/${share.code}`);
  await page.goto('/');
  await codeInput(page).fill(share.code);
  await retrieveButton(page).click();
  const searching = page.getByRole('button', { name: 'Searching...' });
  await expect(searching).toBeVisible();
  await expect(searching).toBeDisabled();
  answer.release();
  await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveValue('slow lookup');
});

test('an unknown code shows the not-found message', async ({ page }) => {
  await page.goto('/');
  await codeInput(page).fill(unusedCode());
  await page.keyboard.press('Enter');
  await expect(page.getByRole('alert')).toContainText(notFound);
  await expectAccessible(page, 'not-found message');
});

test('a clipboard share is retrieved by typing its code', async ({ page, request }) => {
  const text = 'Hello from the clipboard\n  indented line\ttab ✓';
  const share = await createClipboardShare(request, text);
  await page.goto('/');
  await codeInput(page).fill(share.code);
  await retrieveButton(page).click();
  await expect(page.getByRole('heading', { name: 'Shared Clipboard' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveValue(text);
  await expect(page.getByRole('textbox', { name: 'Shared text' })).not.toBeEditable();
  await expect(page.getByText(share.code, { exact: true })).toBeVisible();
  await expect(page.getByText('Created')).toBeVisible();
  await expect(page.getByText(/expires in \d+h \d{2}m/)).toBeVisible();
  await expect(page.getByText('End-to-end encrypted')).toHaveCount(0);
  await expect(page).toHaveURL(`/${share.code}`);
  await expectAccessible(page, 'clipboard viewer');
});

test('a clipboard share opens from /{code} and /?code={code}', async ({ page, request }) => {
  const share = await createClipboardShare(request, 'deep link text');
  await page.goto(`/${share.code}`);
  await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveValue('deep link text');
  await page.goto(`/?code=${share.code}`);
  await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveValue('deep link text');
});

test('a /{code} link adopts the served landing page, shows the code while it looks, then the share', async ({
  page,
  request,
}) => {
  const share = await createClipboardShare(request, 'adopted, not redrawn');
  const errors: string[] = [];
  page.on('console', (message) => {
    if (harnessLine(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(String(error)));
  // The date formatter's locale data loads in a worker while the share is asked for.
  const warmup = page.waitForRequest(/\/assets\/intl-warmup-worker-[^/]*\.js$/);
  // The script and the share's answer are held, so the served page and the lookup's
  // progress are both seen.
  const script = await holdRequests(page, /\/assets\/index-[^/]*\.js$/);
  const answer = await holdRequests(page, `**/api/shares/${share.code}`);
  await page.goto(`/${share.code}`, { waitUntil: 'commit' });
  const served = await page.getByRole('banner').elementHandle();
  script.release();
  await expect(codeInput(page)).toHaveValue(share.code);
  await expect(page.getByRole('button', { name: 'Searching...' })).toBeDisabled();
  await warmup;
  answer.release();
  await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveValue(
    'adopted, not redrawn',
  );
  // The site header the server sent is still the one on the page: adopted, not redrawn.
  expect(await served?.evaluate((element) => element.isConnected)).toBe(true);
  expect(errors).toEqual([]);
});

test('a code typed and sent before the page has started is still looked up', async ({
  page,
  request,
}) => {
  const share = await createClipboardShare(request, 'sent before the script ran');
  // The served page alone, its script held back: what a visitor has in the first moments.
  await page.route(/\.js($|\?)/, (route) => route.abort());
  await page.goto('/');
  await codeInput(page).fill(share.code);
  await expect(retrieveButton(page)).toBeEnabled();
  await page.unroute(/\.js($|\?)/);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/?code=${share.code}`);
  await expect(page.getByText('sent before the script ran')).toBeVisible();
  // Once the page runs, an empty field disables the button again.
  await page.goto('/');
  await expect(retrieveButton(page)).toBeDisabled();
});

test('a note is retrieved with its formatting, sanitized, by code and deep link', async ({
  page,
  request,
}) => {
  const html =
    '<h1>Trip plan</h1><p><strong>Bold</strong>, <em>italic</em> and <a href="https://example.com/x">a link</a></p>' +
    '<ol><li>first</li><li>second</li></ol><blockquote>quoted</blockquote><pre>code()</pre>';
  const share = await createNoteShare(request, html);
  await page.goto('/');
  await codeInput(page).fill(share.code);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Shared Note' })).toBeVisible();
  const note = page.locator('.note-content');
  await expect(note.getByRole('heading', { name: 'Trip plan', level: 1 })).toBeVisible();
  await expect(note.locator('strong')).toHaveText('Bold');
  await expect(note.locator('em')).toHaveText('italic');
  await expect(note.locator('ol > li')).toHaveText(['first', 'second']);
  await expect(note.locator('blockquote')).toHaveText('quoted');
  await expect(note.locator('pre')).toHaveText('code()');
  const link = note.getByRole('link', { name: 'a link' });
  await expect(link).toHaveAttribute('href', 'https://example.com/x');
  await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(link).toHaveAttribute('target', '_blank');
  await expectAccessible(page, 'note viewer');

  await page.goto(`/${share.code}`);
  await expect(note.locator('strong')).toHaveText('Bold');
});

test('Back to Home leaves the viewer and clears the code', async ({ page, request }) => {
  const share = await createClipboardShare(request, 'back again');
  await page.goto('/');
  await codeInput(page).fill(share.code);
  await retrieveButton(page).click();
  await page.getByRole('button', { name: 'Back to Home' }).click();
  await expect(page).toHaveURL('/');
  await expect(codeInput(page)).toHaveValue('');
  await expect(retrieveButton(page)).toBeDisabled();
});

test('a phone-sized window can retrieve and read a share', async ({ page, request }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const share = await createClipboardShare(request, 'on a phone');
  await page.goto('/');
  await codeInput(page).fill(share.code);
  await retrieveButton(page).click();
  await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveValue('on a phone');
  await expectAccessible(page, 'clipboard viewer on a phone');
});
