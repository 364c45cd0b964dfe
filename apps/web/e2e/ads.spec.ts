import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { startOwnServer, type OwnServer } from './support/own-server';

const clientId = 'ca-pub-0000000000000000';
let server: OwnServer;

test.beforeAll(async () => {
  server = await startOwnServer({ ADS_CLIENT_ID: clientId });
});
test.afterAll(async () => {
  await server.stop();
});

/**
 * Records every request the pages make, and answers any that leaves for another host with
 * an empty script (the machine is offline; what matters is whether the request is made).
 */
async function recordForeignRequests(context: BrowserContext): Promise<string[]> {
  const foreign: string[] = [];
  await context.route(
    (url) => url.origin !== server.baseURL,
    async (route) => {
      foreign.push(route.request().url());
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    },
  );
  return foreign;
}

const banner = (page: Page) => page.getByRole('region', { name: 'Allow advertising?' });
const slots = (page: Page) => page.locator('ins.adsbygoogle');

test('before consent no request leaves for a third-party host and no slot shows', async ({
  context,
  page,
}) => {
  const foreign = await recordForeignRequests(context);
  for (const path of ['/', '/about', '/faq', '/blog/pastebin-alternatives-2025']) {
    await page.goto(`${server.baseURL}${path}`);
    await expect(banner(page)).toBeVisible();
    await expect(slots(page)).toHaveCount(0);
  }
  // Longer than one consent poll.
  await page.waitForTimeout(1500);
  await expect(slots(page)).toHaveCount(0);
  await expectAccessible(page, 'page with the consent banner');
  expect(foreign).toEqual([]);
});

test('accepting advertising shows the slots and only then loads the ad provider', async ({
  context,
  page,
}) => {
  const foreign = await recordForeignRequests(context);
  await page.goto(`${server.baseURL}/about`);
  await expect(slots(page)).toHaveCount(0);
  await banner(page).getByRole('button', { name: 'Accept advertising' }).click();
  await expect(banner(page)).toBeHidden();

  const slot = slots(page);
  await expect(slot).toHaveCount(1);
  await expect(slot).toHaveAttribute('data-ad-client', clientId);
  await expect(slot).toHaveAttribute('data-ad-slot', /^\d{10}$/);
  await expect(slot).toHaveAttribute('data-ad-format', 'auto');
  await expect(page.getByRole('complementary', { name: 'Advertisement' })).toBeVisible();
  await expect
    .poll(() => foreign)
    .toContainEqual(expect.stringContaining('pagead2.googlesyndication.com'));

  // The choice holds on the next page, and on the landing page.
  await page.goto(`${server.baseURL}/`);
  await expect(banner(page)).toBeHidden();
  await expect(slots(page)).toHaveCount(1);
});

test('rejecting keeps the slots empty, and the footer reopens the choice', async ({
  context,
  page,
}) => {
  const foreign = await recordForeignRequests(context);
  await page.goto(`${server.baseURL}/faq`);
  await banner(page).getByRole('button', { name: 'Reject advertising' }).click();
  await expect(banner(page)).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(banner(page)).toBeHidden();
  await expect(slots(page)).toHaveCount(0);

  await page
    .getByRole('contentinfo')
    .getByRole('button', { name: 'Change advertising consent' })
    .click();
  await expect(banner(page)).toBeVisible();
  await expect(banner(page)).toContainText('Your current choice: rejected.');
  await banner(page).getByRole('button', { name: 'Accept advertising' }).click();
  await expect(slots(page)).toHaveCount(1);
  // The slot renders first; the provider's script request follows it.
  await expect.poll(() => foreign.length).toBeGreaterThan(0);
});

test('a choice made in another tab reaches open pages through the storage event', async ({
  context,
}) => {
  await recordForeignRequests(context);
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto(`${server.baseURL}/how-it-works`);
  await second.goto(`${server.baseURL}/how-it-works`);
  await expect(slots(first)).toHaveCount(0);
  await second.getByRole('button', { name: 'Accept advertising' }).click();
  await expect(slots(first)).toHaveCount(1);
  await expect(banner(first)).toBeHidden();
});

test('consent written outside the banner is picked up by the one-second poll', async ({
  context,
  page,
}) => {
  await recordForeignRequests(context);
  await page.goto(`${server.baseURL}/blog`);
  await expect(slots(page)).toHaveCount(0);
  // Same tab, no event: only the poll can notice.
  await page.evaluate(() => window.localStorage.setItem('codedrop:ad-consent', 'granted'));
  await expect(slots(page)).toHaveCount(1, { timeout: 2500 });
});
