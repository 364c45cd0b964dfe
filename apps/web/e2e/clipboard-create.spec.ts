import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { decodeResultQr, readResultCode } from './support/result-card';
import { openTool } from './support/tool-page';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test('text shared on the clipboard page comes back exactly in another browser', async ({
  page,
  browser,
  baseURL,
}) => {
  const text = 'Line one\n  indented  twice\ttab\nÜnïcödé ✓ 🎉\n\ntrailing space ';
  await openTool(page, '/clipboard');
  await expect(page.getByRole('heading', { name: 'Anonymous Clipboard', level: 1 })).toBeVisible();
  await expect(page.getByText('Automatic cleanup')).toBeVisible();
  await expect(page.getByLabel('Expires after')).toHaveValue('86400');
  await expectAccessible(page, 'clipboard page');

  await page.getByLabel('Your text').fill(text);
  await expect(page.getByText(`${[...text].length} / 100,000 characters`)).toBeVisible();
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();

  const code = await readResultCode(page);
  await expect(page.getByRole('heading', { name: 'Your text is ready to share' })).toBeFocused();
  await expect(page.getByLabel('Share link')).toHaveValue(`${baseURL}/${code}`);
  expect(await decodeResultQr(page)).toBe(`${baseURL}/${code}`);
  await expectAccessible(page, 'clipboard result card');

  await page.getByRole('button', { name: 'Copy Code' }).click();
  await expect(page.getByText('Copied to clipboard')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);

  const other = await browser.newContext();
  const reader = await other.newPage();
  await reader.goto('/');
  await reader.getByPlaceholder('Enter 4-6 digit code...').fill(code);
  await reader.getByRole('button', { name: 'Retrieve Content' }).click();
  await expect(reader.getByRole('textbox', { name: 'Shared text' })).toHaveValue(text);
  await other.close();

  await page.getByRole('button', { name: 'Create Another Share' }).click();
  await expect(page.getByLabel('Your text')).toHaveValue('');
  await expect(page.locator('[data-share-code]')).toHaveCount(0);
});

test('the clipboard form works with the keyboard alone, burn after reading included', async ({
  page,
}) => {
  await openTool(page, '/clipboard');
  await page.getByLabel('Your text').focus();
  await page.keyboard.type('typed without a mouse');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Expires after')).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(page.getByLabel('Expires after')).toHaveValue('21600');
  await page.keyboard.press('Tab');
  const burn = page.getByRole('switch', { name: 'Burn after reading' });
  await expect(burn).toBeFocused();
  await page.keyboard.press('Space');
  await expect(burn).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('switch', { name: 'Enable encryption' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Generate 4-Digit Code' })).toBeFocused();
  await page.keyboard.press('Enter');
  const code = await readResultCode(page);

  await page.goto(`/${code}`);
  await expect(page.getByText('Burn after reading')).toBeVisible();
  await page.getByRole('button', { name: 'Show content' }).click();
  await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveValue(
    'typed without a mouse',
  );
});

test('the clipboard page says what is wrong, next to the field and as a toast', async ({
  page,
}) => {
  await openTool(page, '/clipboard');
  const notifications = page.getByRole('region', { name: /Notifications/ });

  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const field = page.getByLabel('Your text');
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('#clipboard-error')).toHaveText('Please enter some text to share');
  await expect(notifications.getByText('Please enter some text to share')).toBeVisible();
  await expect(field).toBeFocused();

  await field.fill('   \n  ');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  await expect(page.locator('#clipboard-error')).toHaveText('Please enter some text to share');

  await field.fill('x'.repeat(100_001));
  await expect(page.getByText('100,001 / 100,000 characters')).toBeVisible();
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  await expect(page.locator('#clipboard-error')).toHaveText(
    'Please shorten your text to 100,000 characters or fewer',
  );
  await expectAccessible(page, 'clipboard page with an error');

  // The server refuses text with a NUL character: a real server-side failure.
  await field.fill('bad \u0000 byte');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Failed to create clipboard share' }),
  ).toBeVisible();
  await expect(notifications.getByText('Failed to create clipboard share')).toBeVisible();
});

test('the clipboard page works at phone width', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openTool(page, '/clipboard');
  await page.getByLabel('Your text').fill('from a phone');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  await readResultCode(page);
  await expectAccessible(page, 'clipboard result on a phone');
});
