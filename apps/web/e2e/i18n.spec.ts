import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { wordsOf } from './support/catalog';
import { readResultCode } from './support/result-card';
import { openTool } from './support/tool-page';

/**
 * A visitor whose browser speaks another language creates a share of each type on the tools'
 * pages in that language and reads it back from its short link: every label, message and
 * date in that language. Arabic is also right to left, mirrored, with codes left to right.
 */
const languages = [
  { locale: 'de', browser: 'de-DE' },
  { locale: 'ar', browser: 'ar-EG' },
  { locale: 'ja', browser: 'ja-JP' },
  { locale: 'pt-BR', browser: 'pt-BR' },
];

/** The code's words as the page shows them with the shipped limits (4 digits). */
function codeTitleIn(say: ReturnType<typeof wordsOf>) {
  return say('{digits}-Digit Code', { digits: 4 });
}

/** The page speaks `locale`: its document says so, and a date reads as Intl writes it there. */
async function expectLanguage(page: Page, locale: string, dir: 'ltr' | 'rtl') {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.locator('html')).toHaveAttribute('dir', dir);
}

/** Each `<time>` on the page reads its date the way Intl writes it in the page's language. */
async function expectLocalDates(page: Page, locale: string) {
  const times = page.locator('time[datetime]');
  await expect(times.first()).toBeVisible();
  const mismatched = await times.evaluateAll(
    (elements, lang) =>
      elements
        .map((element) => {
          const when = new Date(element.getAttribute('datetime')!);
          const text = element.textContent ?? '';
          const written = new Intl.DateTimeFormat(lang, {
            dateStyle: 'medium',
            timeStyle: 'short',
          }).format(when);
          return text === written ? null : `${text} ≠ ${written}`;
        })
        .filter((problem) => problem !== null),
    locale,
  );
  expect(mismatched).toEqual([]);
}

async function readBack(browser: Browser, language: string, code: string) {
  const context = await browser.newContext({ locale: language });
  const page = await context.newPage();
  // The short link names no language: the server and the page follow the browser's.
  await page.goto(`/${code}`);
  return { context, page };
}

for (const { locale, browser: language } of languages) {
  const dir = locale === 'ar' ? 'rtl' : 'ltr';
  const say = wordsOf(locale);

  test.describe(`in ${locale}`, () => {
    test.use({ locale: language });

    test('a text is shared and read back in that language', async ({ page, browser }) => {
      await openTool(page, `/${locale}/clipboard`);
      await expectLanguage(page, locale, dir);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('Anonymous Clipboard'));
      const text = 'Treffpunkt: Nordeingang, 19:30 — ٧:٣٠ — 北口 — entrada norte';
      await page.getByLabel(say('Your text')).fill(text);
      await page
        .getByRole('button', { name: say('Generate {codeTitle}', { codeTitle: codeTitleIn(say) }) })
        .click();
      await expect(
        page.getByRole('heading', { name: say('Your text is ready to share') }),
      ).toBeVisible();
      const code = await readResultCode(page);
      await expectLocalDates(page, locale);

      const reader = await readBack(browser, language, code);
      await expectLanguage(reader.page, locale, dir);
      await expect(reader.page.getByRole('textbox', { name: say('Shared text') })).toHaveValue(
        text,
      );
      await expect(
        reader.page.getByRole('button', { name: say('Copy to Clipboard') }),
      ).toBeVisible();
      await expectLocalDates(reader.page, locale);
      await reader.context.close();
    });

    test('a note is shared and read back in that language', async ({ page, browser }) => {
      await openTool(page, `/${locale}/notepad`);
      await expectLanguage(page, locale, dir);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(say('Online Notepad'));
      const editor = page.getByRole('textbox', { name: say('Note') });
      await expect(editor).toHaveAttribute(
        'data-placeholder',
        say('Start writing your note here...'),
      );
      await expect(page.getByRole('button', { name: say('Bold') })).toBeVisible();
      await editor.click();
      await page.keyboard.type('Einkaufsliste — قائمة — 買い物');
      await page
        .getByRole('button', { name: say('Generate {codeTitle}', { codeTitle: codeTitleIn(say) }) })
        .click();
      await expect(
        page.getByRole('heading', { name: say('Your note is ready to share') }),
      ).toBeVisible();
      const code = await readResultCode(page);

      const reader = await readBack(browser, language, code);
      await expectLanguage(reader.page, locale, dir);
      await expect(reader.page.getByText('Einkaufsliste — قائمة — 買い物')).toBeVisible();
      await expect(reader.page.getByRole('button', { name: say('Copy Note') })).toBeVisible();
      await expectLocalDates(reader.page, locale);
      await reader.context.close();
    });

    test('a file is shared and read back in that language', async ({ page, browser }) => {
      await openTool(page, `/${locale}/file-share`);
      await expectLanguage(page, locale, dir);
      await page.getByLabel(say('File')).setInputFiles({
        name: 'plan.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('the plan\n'),
      });
      await page
        .getByRole('button', {
          name: say('Upload & Generate {codeTitle}', { codeTitle: codeTitleIn(say) }),
        })
        .click();
      const code = await readResultCode(page);

      const reader = await readBack(browser, language, code);
      await expectLanguage(reader.page, locale, dir);
      await expect(reader.page.getByText('plan.txt')).toBeVisible();
      await expect(reader.page.getByRole('button', { name: say('Download File') })).toBeVisible();
      await expectLocalDates(reader.page, locale);
      await reader.context.close();
    });

    test('a missing code is explained in that language', async ({ page }) => {
      await page.goto(`/${locale}`);
      const retrieve = page.getByRole('button', { name: say('Retrieve Content') });
      // Typed before the page's script has adopted the field, a value is not kept: type again.
      await expect(async () => {
        await page.getByRole('textbox').first().fill('9999');
        await expect(retrieve).toBeEnabled({ timeout: 1_000 });
      }).toPass();
      await retrieve.click();
      await expect(page.getByText(say('Share not found'))).toBeVisible();
    });
  });
}

test.describe('right to left', () => {
  test.use({ locale: 'ar-EG', viewport: { width: 1280, height: 800 } });

  test('an Arabic page is mirrored, with the code typed left to right', async ({ page }) => {
    await page.goto('/ar');
    await expectLanguage(page, 'ar', 'rtl');
    const logo = page.getByRole('banner').getByRole('link', { name: 'CodeDrop' });
    const box = (await logo.boundingBox())!;
    // The logo starts the header: on the right in Arabic.
    expect(box.x + box.width / 2).toBeGreaterThan(640);
    const codeInput = page.getByRole('textbox').first();
    expect(await codeInput.evaluate((input) => getComputedStyle(input).direction)).toBe('ltr');
    await codeInput.fill('٤٨٢١');
    await expect(codeInput).toHaveValue('4821');
  });

  test('the language picker switches the page and remembers the choice', async ({ page }) => {
    await page.goto('/ar/faq');
    await page.getByRole('contentinfo').getByRole('combobox').selectOption('de');
    await expect(page).toHaveURL(/\/de\/faq$/);
    await expectLanguage(page, 'de', 'ltr');
    // A short link opens in the chosen language, whatever the browser prefers.
    await page.goto('/4821');
    await expectLanguage(page, 'de', 'ltr');
  });
});

test('a page downloads only its own language’s messages, at most 15 KiB compressed', async ({
  page,
}) => {
  const assets = fileURLToPath(new URL('../dist/assets/', import.meta.url));
  const catalogs = readdirSync(assets).filter((file) =>
    /^[a-z]{2}(-[A-Z]{2})?-[\w-]{8}\.js$/.test(file),
  );
  expect(catalogs.length).toBeGreaterThanOrEqual(41);
  for (const file of catalogs) {
    expect(statSync(join(assets, `${file}.br`)).size, file).toBeLessThanOrEqual(15 * 1024);
  }
  const loaded: string[] = [];
  page.on('request', (request) => {
    const name = new URL(request.url()).pathname.split('/').pop() ?? '';
    if (catalogs.includes(name)) loaded.push(name.replace(/-[\w-]{8}\.js$/, ''));
  });
  await page.goto('/ja/clipboard');
  await expect(page.locator('fieldset[data-starting]')).toHaveCount(0);
  expect(loaded).toEqual(['ja']);
});
