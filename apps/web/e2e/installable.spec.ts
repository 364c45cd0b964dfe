import { expect, test, type Page } from '@playwright/test';
import { openTool } from './support/tool-page';

test.use({ serviceWorkers: 'allow' });

/** Opens `url`, waits for the service worker to control the page and to keep `kept`. */
async function installOn(page: Page, url: string, kept: string[]): Promise<void> {
  await page.goto(url);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
    .toBe(true);
  await expect
    .poll(
      () =>
        page.evaluate(async (paths) => {
          const found = await Promise.all(paths.map((path) => caches.match(path)));
          return found.every((response) => response !== undefined);
        }, kept),
      { timeout: 20_000 },
    )
    .toBe(true);
}

test('the app installs: a valid manifest, its icons, a worker in control', async ({
  page,
  request,
}) => {
  await installOn(page, '/', ['/', '/clipboard', '/notepad', '/file-share']);
  const cdp = await page.context().newCDPSession(page);
  const manifest = await cdp.send('Page.getAppManifest');
  expect(manifest.errors).toEqual([]);
  expect(manifest.url).toMatch(/\/manifest\.webmanifest$/);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // Playwright's contexts are incognito profiles, where Chromium installs nothing: that
  // is the one reason it may give, and it says nothing about the app.
  expect(installabilityErrors.map((error) => error.errorId)).toEqual(
    installabilityErrors.length === 0 ? [] : ['in-incognito'],
  );

  const parsed = JSON.parse(manifest.data ?? '{}') as {
    display: string;
    start_url: string;
    icons: Array<{ src: string; sizes: string; purpose: string; type: string }>;
    shortcuts: Array<{ url: string }>;
    share_target: { action: string; method: string; enctype: string };
  };
  expect(parsed.display).toBe('standalone');
  expect(parsed.shortcuts.map((shortcut) => shortcut.url)).toEqual([
    '/clipboard',
    '/notepad',
    '/file-share',
  ]);
  expect(parsed.share_target).toMatchObject({
    action: '/share-target',
    method: 'POST',
    enctype: 'multipart/form-data',
  });
  const purposes = parsed.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
  expect(purposes).toEqual(
    expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
  );
  for (const icon of parsed.icons) {
    const answer = await request.get(icon.src);
    expect(answer.status(), icon.src).toBe(200);
    expect(answer.headers()['content-type'], icon.src).toContain(icon.type);
  }
  // No API answer is ever kept.
  const kept = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const key of await (await caches.open(name)).keys())
        urls.push(new URL(key.url).pathname);
    }
    return urls;
  });
  expect(kept.filter((path) => path.startsWith('/api/'))).toEqual([]);
});

test('offline, the tools open and say that sending needs a connection', async ({
  page,
  context,
}) => {
  await installOn(page, '/fr/', ['/fr/clipboard', '/fr/notepad', '/fr/file-share']);
  await context.setOffline(true);

  await openTool(page, '/fr/clipboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  await expect(page.getByRole('status').filter({ hasText: 'Vous êtes hors ligne.' })).toBeVisible();

  for (const path of ['/clipboard', '/notepad', '/file-share']) {
    await openTool(page, path);
    await expect(page.getByRole('heading', { level: 1 }), path).toBeVisible();
    await expect(page.getByText('You are offline.'), path).toBeVisible();
  }

  // Sending offline fails with the connection message, and the text stays.
  await openTool(page, '/clipboard');
  await page.getByLabel('Your text').fill('kept while offline');
  await page.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  await expect(
    page.getByText('Could not reach CodeDrop. Please check your connection and try again.').first(),
  ).toBeVisible();
  await expect(page.getByLabel('Your text')).toHaveValue('kept while offline');

  await context.setOffline(false);
  await expect(page.getByText('You are offline.')).toHaveCount(0);
});

test('a share sheet hands text to the clipboard tool and files to the file tool', async ({
  page,
}) => {
  await installOn(page, '/', ['/clipboard', '/file-share']);

  // What a phone's share sheet sends: the manifest's share_target, as a form POST.
  const shareTarget = (
    fields: Record<string, string>,
    files: Array<{ name: string; text: string }>,
  ) =>
    page.evaluate(
      ({ fields, files }) => {
        const form = document.createElement('form');
        form.method = 'POST';
        form.action = '/share-target';
        form.enctype = 'multipart/form-data';
        for (const [name, value] of Object.entries(fields)) {
          const input = document.createElement('input');
          input.name = name;
          input.value = value;
          form.append(input);
        }
        const picker = document.createElement('input');
        picker.type = 'file';
        picker.name = 'files';
        picker.multiple = true;
        const transfer = new DataTransfer();
        for (const file of files) {
          transfer.items.add(new File([file.text], file.name, { type: 'text/plain' }));
        }
        picker.files = transfer.files;
        form.append(picker);
        document.body.append(form);
        form.submit();
      },
      { fields, files },
    );

  await shareTarget(
    { title: 'Meeting', text: 'Meet at the north entrance', url: 'https://example.com/map' },
    [],
  );
  await page.waitForURL(/\/clipboard$/);
  await expect(page.getByLabel('Your text')).toHaveValue(
    'Meeting\nMeet at the north entrance\nhttps://example.com/map',
  );

  await shareTarget({ title: '', text: '', url: '' }, [
    { name: 'notes.txt', text: 'first file' },
    { name: 'list.txt', text: 'second file' },
  ]);
  await page.waitForURL(/\/file-share$/);
  await expect(page.getByText('notes.txt')).toBeVisible();
  await expect(page.getByText('list.txt')).toBeVisible();
  await page.getByRole('button', { name: /Generate .*Code/ }).click();
  await expect(page.getByText(/Anonymous File Share Created!/)).toBeVisible();
});
