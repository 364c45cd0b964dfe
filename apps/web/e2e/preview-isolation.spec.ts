import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { hashPassword } from '../../server/src/modules/moderation/admin-password';
import { expectAccessible } from './support/axe';
import { startOwnServer, type OwnServer } from './support/own-server';
import { pngImage } from './support/sample-files';
import { scriptedPdf, scriptedSvg, scriptRanKey, scriptRanTitle } from './support/scripted-files';

// docs/design.md#file-previews: no uploaded byte ever becomes a document of the site's origin,
// in the viewer or in the console. An SVG with a script and a PDF with an /OpenAction alert
// are previewed (seen painted), no dialog opens, and every address a preview leaves in the
// page, opened as a page of its own, runs nothing and reaches no storage of the site.
const password = 'the operator passphrase';
let server: OwnServer;
let code: string;

const files = [
  { name: 'scripted.svg', mimeType: 'image/svg+xml', buffer: scriptedSvg() },
  { name: 'scripted.pdf', mimeType: 'application/pdf', buffer: scriptedPdf() },
  { name: 'photo.png', mimeType: 'image/png', buffer: pngImage(64, 48) },
];

test.beforeAll(async () => {
  server = await startOwnServer({
    ADMIN_PASSWORD_HASH: await hashPassword(password, { logN: 14, r: 8, p: 1 }),
  });
  const form = new FormData();
  form.append('maxDownloads', '50');
  for (const file of files) {
    form.append(
      'file',
      new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }),
    );
  }
  const response = await fetch(`${server.baseURL}/api/files`, { method: 'POST', body: form });
  expect(response.status, await response.clone().text()).toBe(201);
  code = ((await response.json()) as { code: string }).code;
});
test.afterAll(async () => {
  await server?.stop();
});

/** Every dialog any page of the context opens (dismissed), and the page's console errors. */
function watch(context: BrowserContext, page: Page) {
  const dialogs: string[] = [];
  context.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  // pdf.js runs inside the page's CSP (a worker of this origin, no eval): nothing is refused.
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return { dialogs, errors };
}

/** The canvas shows the samples' blue (each paints a blue shape), so it was painted. */
async function expectPainted(canvas: Locator) {
  await expect(canvas).toBeVisible();
  expect(await canvas.evaluate((element) => element.tagName)).toBe('CANVAS');
  await expect
    .poll(() =>
      canvas.evaluate((element: HTMLCanvasElement) => {
        const { data } = element
          .getContext('2d')!
          .getImageData(0, 0, element.width, element.height);
        let blue = 0;
        for (let i = 0; i < data.length; i += 4) {
          if (data[i]! < 100 && data[i + 2]! > 180 && data[i + 3]! > 200) blue++;
        }
        return blue;
      }),
    )
    .toBeGreaterThan(500);
}

/** Every address an element in `scope` points at (src, href, data, poster, what it loaded). */
function addressesIn(scope: Locator): Promise<string[]> {
  return scope.evaluate((root) => {
    const found = new Set<string>();
    for (const element of [root, ...root.querySelectorAll('*')]) {
      for (const name of ['src', 'href', 'data', 'poster', 'srcset']) {
        const value = element.getAttribute(name);
        if (value) found.add(new URL(value, location.href).href);
      }
      if (element instanceof HTMLImageElement || element instanceof HTMLMediaElement) {
        if (element.currentSrc) found.add(element.currentSrc);
      }
    }
    return [...found];
  });
}

/**
 * Opens each address as a page of its own, as "open image in new tab" or a pasted address
 * would: a blob: address must load nothing (revoked), and nothing that loads may run script.
 */
async function expectInertAddresses(page: Page, addresses: string[]) {
  for (const address of addresses) {
    const opened = await page.context().newPage();
    const loaded = await opened.goto(address).then(
      () => true,
      () => false,
    );
    if (address.startsWith('blob:')) expect(loaded, `${address} still loads`).toBe(false);
    // A script would have run on load; give a late one the time to show itself.
    await opened.waitForTimeout(250);
    expect(await opened.title()).not.toBe(scriptRanTitle);
    await opened.close();
  }
  expect(await page.evaluate((key) => localStorage.getItem(key), scriptRanKey)).toBeNull();
  await expect(page).not.toHaveTitle(scriptRanTitle);
}

async function screenshots(page: Page, target: Locator, name: string) {
  for (const [width, height, device] of [
    [1280, 900, 'desktop'],
    [390, 844, 'phone'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await target.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`${name}-${device}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('the viewer previews a scripted SVG and PDF as pixels: no script runs, no address leads to the file', async ({
  page,
  context,
}) => {
  const { dialogs, errors } = watch(context, page);
  await page.goto(`${server.baseURL}/${code}`);

  await page.getByRole('button', { name: 'Preview scripted.svg' }).click();
  const svgPanel = page.getByRole('region', { name: 'Preview of scripted.svg' });
  await expectPainted(svgPanel.getByRole('img', { name: 'Preview of scripted.svg' }));
  await screenshots(page, svgPanel, 'viewer-svg');
  await expectInertAddresses(page, await addressesIn(svgPanel));

  await page.getByRole('button', { name: 'Preview photo.png' }).click();
  const photoPanel = page.getByRole('region', { name: 'Preview of photo.png' });
  const photo = photoPanel.getByRole('img', { name: 'Preview of photo.png' });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(64);
  // The image stays shown, but its address was given up once it had loaded.
  const photoAddresses = await addressesIn(photoPanel);
  expect(photoAddresses.some((address) => address.startsWith('blob:'))).toBe(true);
  await expectInertAddresses(page, photoAddresses);
  await expect(photo).toBeVisible();

  await page.getByRole('button', { name: 'Preview scripted.pdf' }).click();
  const pdfPanel = page.getByRole('region', { name: 'Preview of scripted.pdf' });
  const pdfPage = pdfPanel.getByRole('img', { name: 'Preview of scripted.pdf' });
  await expectPainted(pdfPage);
  await expect(pdfPanel.getByText('Page 1 of 2')).toBeVisible();
  await expectAccessible(page, 'viewer with previews');
  await screenshots(page, pdfPanel, 'viewer-pdf');
  await pdfPanel.getByRole('button', { name: 'Next page' }).click();
  await expect(pdfPanel.getByText('Page 2 of 2')).toBeVisible();
  await expectPainted(pdfPage);
  await expectInertAddresses(page, await addressesIn(pdfPanel));

  // pdf.js parsed the document without running its /OpenAction; the SVG's script never ran.
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});

test('the console previews the same files the same way', async ({ page, context }) => {
  const { dialogs, errors } = watch(context, page);
  await page.goto(`${server.baseURL}/admin`);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Figures at a glance' })).toBeVisible();
  errors.length = 0; // The console asked for its session before signing in: a 401.
  await page.goto(`${server.baseURL}/admin/shares/${code}`);

  const item = (name: string) => page.getByRole('listitem').filter({ hasText: name });
  const svg = page.getByRole('img', { name: 'Preview of scripted.svg' });
  await expectPainted(svg);
  const pdf = page.getByRole('img', { name: 'Preview of scripted.pdf' });
  await expectPainted(pdf);
  await expect(item('scripted.pdf').getByText('Page 1 of 2')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Preview of photo.png' })).toBeVisible();
  await screenshots(page, item('scripted.svg'), 'console-svg');
  await screenshots(page, item('scripted.pdf'), 'console-pdf');

  for (const name of ['scripted.svg', 'scripted.pdf', 'photo.png']) {
    await expectInertAddresses(page, await addressesIn(item(name)));
  }
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(errors).toEqual([]);
});
