import { expect, test } from '@playwright/test';
import { createClipboardShare, createNoteShare } from './support/api';
import { expectAccessible } from './support/axe';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('Copy to Clipboard copies the exact text and confirms with a toast', async ({
  page,
  request,
}) => {
  const text = 'copy me exactly\nsecond line';
  const share = await createClipboardShare(request, text);
  await page.goto(`/${share.code}`);
  await page.getByRole('button', { name: 'Copy to Clipboard' }).click();
  const toasts = page.getByRole('region', { name: /Notifications/ });
  await expect(toasts.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(text);
});

test('Copy Note copies the note as text', async ({ page, request }) => {
  const share = await createNoteShare(
    request,
    '<h2>Groceries</h2><ul><li>milk</li><li>bread</li></ul>',
  );
  await page.goto(`/${share.code}`);
  await page.getByRole('button', { name: 'Copy Note' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain('Groceries');
  expect(copied).toMatch(/milk\s+bread/);
  expect(copied).not.toContain('<');
});

test('a note can be edited locally: save says it is local only, cancel restores', async ({
  page,
  request,
}) => {
  const share = await createNoteShare(request, '<p>original words</p>');
  await page.goto(`/${share.code}`);
  const note = page.locator('.note-content');

  await page.getByRole('button', { name: 'Edit' }).click();
  const editor = page.getByRole('textbox', { name: 'Edit note (local only)' });
  await expect(editor).toBeFocused();
  // The caret starts at the end of the note.
  await editor.pressSequentially(' plus mine');
  await expectAccessible(page, 'note edit mode');
  await page.getByRole('button', { name: 'Save Locally' }).click();
  await expect(note).toHaveText('original words plus mine');
  await expect(page.getByRole('status').filter({ hasText: 'Edited locally' })).toContainText(
    'saved on this device only',
  );

  await page.getByRole('button', { name: 'Edit' }).click();
  await editor.press('ControlOrMeta+a');
  await editor.press('Delete');
  await editor.pressSequentially('thrown away');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(note).toHaveText('original words plus mine');

  // The share itself never changed.
  await page.reload();
  await expect(note).toHaveText('original words');
});

test('a burn-after-reading share is read only on "Show content", then gone', async ({
  page,
  request,
}) => {
  const share = await createClipboardShare(request, 'read once', { burnAfterReading: true });
  await page.goto(`/${share.code}`);
  await expect(page.getByText('Burn after reading')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveCount(0);
  await expectAccessible(page, 'burn gate');

  // Opening the page again (like a link preview) has not consumed it.
  await page.reload();
  await page.getByRole('button', { name: 'Show content' }).click();
  await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveValue('read once');
  await expect(page.getByText('This content was deleted after this view.')).toBeVisible();

  await page.goto(`/${share.code}`);
  await expect(page.getByText('This content has already been viewed and deleted.')).toBeVisible();
});

test('a burnt note shows its formatting once', async ({ page, request }) => {
  const share = await createNoteShare(request, '<p><strong>only once</strong></p>', {
    burnAfterReading: true,
  });
  await page.goto(`/${share.code}`);
  await page.getByRole('button', { name: 'Show content' }).click();
  await expect(page.locator('.note-content strong')).toHaveText('only once');
});

test('toasts appear bottom right in the Notifications region', async ({ page, request }) => {
  const share = await createClipboardShare(request, 'toast');
  await page.goto(`/${share.code}`);
  await page.getByRole('button', { name: 'Copy to Clipboard' }).click();
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .getByText('Copied to clipboard');
  await expect(toast).toBeVisible();
  const box = await toast.boundingBox();
  const viewport = page.viewportSize();
  expect(box && viewport).toBeTruthy();
  expect(box!.x + box!.width).toBeGreaterThan(viewport!.width / 2);
  expect(box!.y).toBeGreaterThan(viewport!.height / 2);
  await expectAccessible(page, 'viewer with a toast');

  // Alt+T moves keyboard focus to the notifications (docs/product.md#notifications).
  // A toast lives 4 s and the accessibility scan above may outlast it on a slow machine,
  // so a fresh toast is raised first: the list exists only while a toast is shown.
  await page.getByRole('button', { name: 'Copy to Clipboard' }).click();
  await expect(toast.first()).toBeVisible();
  await page.keyboard.press('Alt+KeyT');
  await expect(page.locator('[data-sonner-toaster]')).toBeFocused();
});
