import { expect, test, type Page } from '@playwright/test';
import {
  blogPostPath,
  blogPosts,
  contentPages,
  publishedPosts,
} from '../src/features/content/content-places';
import { expectAccessible } from './support/axe';

/** The site plan (docs/product.md#site-plan), with the heading each page must show. */
const routes: [path: string, heading: RegExp | string][] = [
  ['/', /4-digit code/i],
  // The content pages' headings, as docs/product.md words them with the shipped limits.
  ['/home', 'Share Anything Instantly with a 4-Digit Code'],
  ['/about', 'About CodeDrop'],
  ['/how-it-works', 'How It Works'],
  ['/blog', 'The CodeDrop Blog'],
  ['/faq', 'Frequently Asked Questions'],
  ['/how-to-share-text-anonymously', 'How to Share Text Anonymously'],
  ['/pastebin-alternative-no-login', 'A Pastebin Alternative With No Login'],
  ['/temporary-file-sharing-tool', 'Temporary File Sharing Tool'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ...publishedPosts.map((post): [string, string] => [blogPostPath(post), post.title]),
  // The tools' own headings (their pages are not content pages).
  ['/clipboard', /Clipboard/],
  ['/notepad', /Notepad/],
  ['/file-share', /File Shar/],
];

/** Console errors and uncaught exceptions, which a failed hydration produces. */
function recordErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('every route renders its heading under its own title and passes axe', async ({ page }) => {
  test.slow();
  const titles = new Map<string, string>();
  for (const [path, heading] of routes) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
    await expect(page.getByRole('main'), path).toHaveCount(1);
    titles.set(path, await page.title());
    await expectAccessible(page, path);
  }
  const duplicates = [...titles].filter(
    ([path, title]) => [...titles].find(([, other]) => other === title)![0] !== path,
  );
  expect(duplicates, 'pages sharing a title').toEqual([]);
});

test('content pages hydrate without errors and navigate inside the app', async ({ page }) => {
  const errors = recordErrors(page);
  for (const path of [
    ...contentPages.map((entry) => entry.path),
    ...publishedPosts.map(blogPostPath),
  ]) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(errors).toEqual([]);

  // A link inside Markdown moves within the app: the page is not reloaded.
  await page.goto('/about');
  await page.evaluate(() => ((window as unknown as { marker: string }).marker = 'same page'));
  await page.getByRole('main').getByRole('link', { name: 'How It Works' }).first().click();
  await expect(page).toHaveURL('/how-it-works');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('How It Works');
  await expect(page).toHaveTitle(/How It Works: Codes, Expiry and Encryption/);
  expect(await page.evaluate(() => (window as unknown as { marker?: string }).marker)).toBe(
    'same page',
  );
  expect(errors).toEqual([]);
});

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('the content pages still show their text', async ({ page }) => {
    const samples: Record<string, string[]> = {
      '/home': ['How codes work', 'Content creators', 'Business users'],
      '/about': ['Why we built it', 'support@codedrop.app'],
      '/how-it-works': ['600,000 iterations', 'after ten wrong passwords the share is deleted'],
      '/blog': ['Coming Soon', 'Pastebin Alternatives in 2025'],
      '/faq': ['What does the recovery email do?', 'your browser also sends the password'],
      '/how-to-share-text-anonymously': ['Step 1: Paste your text'],
      '/pastebin-alternative-no-login': ['How it compares with a traditional pastebin'],
      '/temporary-file-sharing-tool': ['How the recipient downloads it'],
      '/privacy-policy': ['Last updated January 15, 2025', 'What we never receive'],
      '/terms-of-service': ['Last updated January 15, 2025', 'Acceptable use'],
      '/blog/how-to-share-text-anonymously': ['Where shared text ends up'],
      '/blog/pastebin-alternatives-2025': ['The main families of tools'],
      '/': ['Retrieve Shared Content'],
    };
    for (const [path, texts] of Object.entries(samples)) {
      await page.goto(path);
      for (const text of texts) await expect(page.getByText(text).first(), path).toBeVisible();
    }
  });

  test('every FAQ answer is readable', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByText('Short codes are easy to read aloud')).toBeVisible();
    await expect(page.getByText('CodeDrop itself sets no cookies.')).toBeVisible();
  });
});

test('the FAQ has five topics of accordions that work from the keyboard', async ({ page }) => {
  await page.goto('/faq');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2 })).toHaveText([
    'Getting Started',
    'Codes and Access',
    'Expiry and Limits',
    'Security and Encryption',
    'Privacy and Data',
    'Ready to share something?',
  ]);
  const first = main.getByRole('button', { name: 'What is CodeDrop?' });
  const second = main.getByRole('button', { name: 'Do I need an account or an app?' });
  const answer = page.getByText('CodeDrop is a free tool for sharing text');
  await expect(answer).toBeHidden();
  await expect(first).toHaveAttribute('aria-expanded', 'false');

  // Served disabled, the questions work once the script has adopted the page.
  await expect(first).toBeEnabled();
  await first.focus();
  await page.keyboard.press('Enter');
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(answer).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await expect(second).toBeFocused();
  await page.keyboard.press('Space');
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('ArrowUp');
  await expect(first).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(answer).toBeHidden();
  await expectAccessible(page, 'FAQ with an open answer');

  // A link to a question opens it.
  await page.goto('/faq#what-does-the-recovery-email-do');
  await expect(
    main.getByRole('button', { name: 'What does the recovery email do?' }),
  ).toHaveAttribute('aria-expanded', 'true');
});

test('the blog lists two linked articles and one Coming Soon', async ({ page }) => {
  await page.goto('/blog');
  const articles = page.getByRole('list', { name: 'Articles' }).getByRole('listitem');
  await expect(articles).toHaveCount(3);
  for (const post of blogPosts) {
    const item = articles.filter({ hasText: post.title });
    await expect(item.getByText(post.excerpt)).toBeVisible();
    await expect(item.getByText(post.readingTime)).toBeVisible();
    if (post.published) {
      await expect(item.getByRole('link', { name: post.title })).toHaveAttribute(
        'href',
        blogPostPath(post),
      );
      await expect(item.getByText('Coming Soon')).toHaveCount(0);
    } else {
      await expect(item.getByRole('link')).toHaveCount(0);
      await expect(item.getByText('Coming Soon')).toBeVisible();
    }
  }

  await articles.getByRole('link', { name: publishedPosts[1]!.title }).click();
  await expect(page).toHaveURL(blogPostPath(publishedPosts[1]!));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(publishedPosts[1]!.title);

  const draft = await page.goto('/blog/why-temporary-sharing-matters');
  expect(draft?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
});

test('the legal pages are dated, give a contact address and the reply target', async ({ page }) => {
  for (const path of ['/privacy-policy', '/terms-of-service']) {
    await page.goto(path);
    await expect(page.getByText('Last updated January 15, 2025')).toBeVisible();
    const contact = page.getByRole('main').getByRole('link', { name: 'support@codedrop.app' });
    await expect(contact.first()).toHaveAttribute('href', 'mailto:support@codedrop.app');
    await expect(page.getByRole('main')).toContainText('within 48 hours');
  }
});

test('/home has the hero, the tools, how codes work and four audiences', async ({ page }) => {
  await page.goto('/home');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 })).toHaveText(
    'Share Anything Instantly with a 4-Digit Code',
  );
  for (const [name, href] of [
    ['Anonymous Clipboard', '/clipboard'],
    ['Online Notepad', '/notepad'],
    ['File Sharing', '/file-share'],
  ]) {
    await expect(main.getByRole('heading', { name }).getByRole('link')).toHaveAttribute(
      'href',
      href!,
    );
  }
  await expect(main.getByRole('heading', { name: 'How codes work', level: 2 })).toBeVisible();
  for (const audience of ['Developers', 'Content creators', 'Students', 'Business users']) {
    await expect(main.getByRole('heading', { name: audience, level: 3 })).toBeVisible();
  }
});
