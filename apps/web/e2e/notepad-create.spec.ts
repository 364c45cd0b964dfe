import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { decodeResultQr, readResultCode } from './support/result-card';
import { openTool } from './support/tool-page';

const editor = (page: Page) => page.getByRole('textbox', { name: 'Note' });
const toolbarButton = (page: Page, name: string) =>
  page.getByRole('toolbar', { name: 'Formatting' }).getByRole('button', { name, exact: true });

test('a formatted note keeps its formatting when read in another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  await openTool(page, '/notepad');
  await expect(page.getByRole('heading', { name: 'Online Notepad', level: 1 })).toBeVisible();
  await expect(editor(page)).toHaveAttribute('data-placeholder', 'Start writing your note here...');
  await expectAccessible(page, 'notepad page');

  await editor(page).click();
  await page.getByRole('button', { name: 'Text style' }).click();
  await page.getByRole('button', { name: 'Heading 1' }).click();
  await page.keyboard.type('Meeting notes');
  await page.keyboard.press('Enter');
  await toolbarButton(page, 'Bold').click();
  await page.keyboard.type('Decided');
  await toolbarButton(page, 'Bold').click();
  await page.keyboard.type(' with two  spaces');
  await page.keyboard.press('Enter');
  await toolbarButton(page, 'Numbered list').click();
  await page.keyboard.type('first');
  await page.keyboard.press('Enter');
  await page.keyboard.type('second');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await toolbarButton(page, 'Bulleted list').click();
  await page.keyboard.type('point');

  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);
  expect(await decodeResultQr(page)).toBe(`${baseURL}/${code}`);
  await expectAccessible(page, 'notepad result card');

  const other = await browser.newContext();
  const reader = await other.newPage();
  await reader.goto(`/${code}`);
  const note = reader.locator('.note-content');
  await expect(note.getByRole('heading', { level: 1 })).toHaveText('Meeting notes');
  await expect(note.locator('strong')).toHaveText('Decided');
  await expect(note.locator('p')).toHaveText('Decided with two \u00a0spaces');
  await expect(note.locator('ol > li')).toHaveText(['first', 'second']);
  await expect(note.locator('ul > li')).toHaveText(['point']);
  await other.close();

  await page.getByRole('button', { name: 'Create Another Note' }).click();
  await expect(editor(page)).toHaveText('');
  await expect(editor(page)).toHaveClass(/ql-blank/);
});

test('an empty note is refused with a clear message', async ({ page }) => {
  await openTool(page, '/notepad');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const message = 'Please write something in your note before sharing';
  await expect(page.locator('#note-error')).toHaveText(message);
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText(message),
  ).toBeVisible();
  await expect(editor(page)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'notepad with an error');
  await editor(page).click();
  await page.keyboard.type('now there is text');
  await expect(page.locator('#note-error')).toHaveCount(0);
});

test('a note over the limit is refused before it is encrypted or sent', async ({ page }) => {
  // A server configured with a 20-character note limit.
  await page.route('**/api/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), maxNoteChars: 20 } });
  });
  let posted = false;
  await page.route('**/api/shares', async (route) => {
    posted = true;
    await route.continue();
  });
  await openTool(page, '/notepad');
  await page.getByRole('switch', { name: /encryption/i }).click();
  await page.getByLabel('Password', { exact: true }).fill('correct horse battery');
  await editor(page).click();
  await page.keyboard.type('far more than twenty characters of note');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const message = 'The note is too long: at most 20 characters';
  await expect(page.locator('#note-error')).toHaveText(message);
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText(message),
  ).toBeVisible();
  expect(posted).toBe(false);
});

test('a javascript: link is stripped, an https link kept', async ({ page }) => {
  await openTool(page, '/notepad');
  await editor(page).click();
  await page.keyboard.type('evil');
  await page.keyboard.press('Shift+Home');
  await toolbarButton(page, 'Link').click();
  const url = page.getByRole('textbox', { name: 'Link URL' });
  await url.fill('javascript:alert(document.domain)');
  await url.press('Enter');
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await page.keyboard.type('good');
  await page.keyboard.press('Shift+Home');
  await toolbarButton(page, 'Link').click();
  await url.fill('https://example.com/safe');
  await url.press('Enter');

  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);
  await page.goto(`/${code}`);
  const note = page.locator('.note-content');
  await expect(note).toContainText('evil');
  await expect(note.locator('a[href^="javascript:"]')).toHaveCount(0);
  await expect(note.getByRole('link', { name: 'evil' })).toHaveCount(0);
  const good = note.getByRole('link', { name: 'good' });
  await expect(good).toHaveAttribute('href', 'https://example.com/safe');
  await expect(good).toHaveAttribute('rel', 'noopener noreferrer');
});

test('the notepad works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTool(page, '/notepad');
  await editor(page).click();
  await page.keyboard.type('phone note');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  await readResultCode(page);
  await expectAccessible(page, 'notepad result on a phone');
});

test('Quill loads only on the notepad route', async ({ page }) => {
  const quillAssets: string[] = [];
  page.on('request', (request) => {
    if (/notepad-page|quill/i.test(request.url())) quillAssets.push(request.url());
  });
  await openTool(page, '/clipboard');
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Retrieve Shared Content' })).toBeVisible();
  expect(quillAssets).toEqual([]);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Notepad' })
    .click();
  await expect(editor(page)).toBeVisible();
  expect(quillAssets.length).toBeGreaterThan(0);
});
