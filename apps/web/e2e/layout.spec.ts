import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';

test('the header links home and highlights only the current item', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await nav.getByRole('link', { name: 'How It Works' }).click();
  await expect(page).toHaveURL('/how-it-works');
  await expect(nav.getByRole('link', { name: 'How It Works' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(nav.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  await page.getByRole('banner').getByRole('link', { name: 'CodeDrop' }).click();
  await expect(page).toHaveURL('/');
});

test('the footer has its four columns, tagline and copyright', async ({ page }) => {
  await page.goto('/about');
  const footer = page.getByRole('contentinfo');
  await expect(
    footer.getByText('Anonymous sharing made simple. No registration required.'),
  ).toBeVisible();
  for (const [column, links] of Object.entries({
    Services: ['Anonymous Clipboard', 'Online Notepad', 'File Sharing', 'File & Text Requests'],
    Resources: [
      'How to Share Text Anonymously',
      'Pastebin Alternative (No Login)',
      'Temporary File Sharing Tool',
    ],
    Legal: ['Privacy Policy', 'Terms of Service', 'About Us', 'FAQ'],
  })) {
    await expect(footer.getByRole('navigation', { name: column }).getByRole('link')).toHaveText(
      links,
    );
  }
  await expect(footer.getByText(/© 2024/)).toBeVisible();
});

test('below the medium breakpoint a Menu button toggles the navigation', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const menu = page.getByRole('button', { name: 'Menu' });
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  const list = page.getByRole('navigation', { name: 'Mobile' });
  await expect(list.getByRole('link')).toHaveText([
    'Home',
    'Clipboard',
    'Notepad',
    'File Share',
    'Request',
    'About',
    'How It Works',
    'Blog',
    'FAQ',
  ]);
  await expectAccessible(page, 'open mobile menu');
  await list.getByRole('link', { name: 'FAQ' }).click();
  await expect(page).toHaveURL('/faq');
  await expect(list).toBeHidden();
  await expect(menu).toHaveAttribute('aria-expanded', 'false');
  await menu.click();
  await menu.click();
  await expect(list).toBeHidden();
});

test('the desktop navigation has no menu button', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Menu' })).toBeHidden();
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
});

test('every header link stays on the page in the longer languages, at every desktop width', async ({
  page,
}) => {
  for (const locale of ['ru', 'el', 'de']) {
    for (const width of [768, 1024, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto(`/${locale}/`);
      const where = `${locale} at ${width}px`;
      // The navigation's name is in the page's language too.
      const links = page.locator('header nav:visible').getByRole('link');
      await expect(links, where).toHaveCount(9);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - window.innerWidth,
      );
      expect(overflow, where).toBeLessThanOrEqual(0);
      for (const link of await links.all()) {
        const box = (await link.boundingBox())!;
        expect(box.x, where).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, where).toBeLessThanOrEqual(width);
      }
    }
  }
});

test('an unknown path answers 404 with the 404 page', async ({ page }) => {
  const logged: string[] = [];
  page.on('console', (message) => logged.push(message.text()));
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found', level: 1 })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Go to Home' })).toHaveAttribute(
    'href',
    '/',
  );
  for (const name of ['Anonymous Clipboard', 'Online Notepad', 'File Share']) {
    await expect(page.getByRole('main').getByRole('link', { name })).toBeVisible();
  }
  await expect(
    page.getByRole('navigation', { name: 'Help' }).getByRole('link', { name: 'FAQ' }),
  ).toBeVisible();
  // Logged once the page's script has rendered it (after its language's messages are in).
  await expect.poll(() => logged.some((line) => line.includes('/no/such/page'))).toBe(true);
  await expectAccessible(page, '404 page');
});

test('a path of letters or a too-long code is a 404, not a lookup', async ({ page }) => {
  for (const path of ['/abcd', '/1234567']) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  }
});

test('every page of docs/product.md#site-plan answers with its own heading', async ({ page }) => {
  const pages = {
    '/home': /4-Digit Code/,
    '/clipboard': /Clipboard/,
    '/notepad': /Notepad/,
    '/file-share': /File Share/,
    '/request': /Request Files or Text/,
    '/about': /About/,
    '/how-it-works': /How It Works/,
    '/blog': /Blog/,
    '/blog/how-to-share-text-anonymously': /How to Share Text Anonymously/,
    '/faq': /Frequently Asked Questions/,
    '/how-to-share-text-anonymously': /How to Share Text Anonymously/,
    '/pastebin-alternative-no-login': /Pastebin Alternative/,
    '/temporary-file-sharing-tool': /Temporary File Sharing/,
    '/privacy-policy': /Privacy Policy/,
    '/terms-of-service': /Terms of Service/,
  };
  for (const [path, heading] of Object.entries(pages)) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
  }
});
