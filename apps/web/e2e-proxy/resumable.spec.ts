import { createHash, randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { readResultCode } from '../e2e/support/result-card';
import { openTool } from '../e2e/support/tool-page';
import { expect, MiB, test } from './support/fixtures';
import { answered, since } from './support/metrics';

// A resumable upload through nginx: its 5 MiB chunks go to both instances in turn (each
// instance's own /metrics says how many it took), the network drops once while a chunk is
// on its way, and the upload goes on from what the instances had stored.

const chunk = 5 * MiB;
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/**
 * The page's requests to the upload, in order: each chunk cut short (with the offset it
 * started from) and each offset a HEAD answered while resuming.
 */
function watchUpload(page: Page) {
  const events: ({ cut: number } | { resumedAt: number })[] = [];
  const isUpload = (url: string) => url.includes('/api/uploads/');
  page.on('requestfailed', (request) => {
    if (request.method() !== 'PATCH' || !isUpload(request.url())) return;
    events.push({ cut: Number(request.headers()['upload-offset']) });
  });
  page.on('response', (response) => {
    const offset = response.headers()['upload-offset'];
    if (response.request().method() === 'HEAD' && offset !== undefined) {
      events.push({ resumedAt: Number(offset) });
    }
  });
  let cutAt = Infinity;
  return {
    events,
    /** From now on, the next chunk cut short is the test's own cut. */
    cutting: () => (cutAt = events.length),
    /** Where the test's cut chunk started, and where the upload went on after it. */
    resumption() {
      const cut = events.findIndex((event, i) => i >= cutAt && 'cut' in event);
      const next = events.slice(cut + 1).find((event) => 'resumedAt' in event);
      if (cut < 0 || !next || !('resumedAt' in next)) return null;
      return { from: (events[cut] as { cut: number }).cut, to: next.resumedAt };
    },
  };
}

test('a resumable upload lands on both instances, is cut mid-chunk and resumes', async ({
  page,
  browser,
  baseURL,
  stack,
}) => {
  const bytes = randomBytes(12 * MiB);
  const route = '/api/uploads/:id';
  const before = await Promise.all(stack.instances.map((i) => answered(i, 'PATCH', route)));

  await openTool(page, '/file-share');
  const upload = watchUpload(page);
  // DevTools' network emulation slows the page's upstream, so each chunk is long on its way.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 4 * MiB,
  });
  await page
    .getByLabel('File', { exact: true })
    .setInputFiles({ name: 'survey.bin', mimeType: 'application/octet-stream', buffer: bytes });
  await page.getByRole('button', { name: 'Upload & Generate 4-Digit Code' }).click();
  const code = await readResultCode(page);

  // Part-way through the second chunk (42 % to 83 % of the file), as the page reports it,
  // nginx stops at once, dropping the connection, and starts again.
  await page.waitForFunction(() => {
    const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
    return Number(bar?.getAttribute('aria-valuenow')) >= 55;
  });
  upload.cutting();
  await stack.nginx.restart();
  await expect(page.getByText('Upload complete')).toBeVisible({ timeout: 30_000 });

  // What had reached an instance of the cut chunk was kept: the upload asked where it stood
  // and went on from past that chunk's start. (Other drops may come and go on their own.)
  const resumption = upload.resumption();
  expect(resumption, JSON.stringify(upload.events)).not.toBeNull();
  expect(resumption!.to, JSON.stringify(upload.events)).toBeGreaterThan(resumption!.from);
  expect(resumption!.to).toBeLessThanOrEqual(Math.min(resumption!.from + chunk, bytes.length));

  const after = await Promise.all(stack.instances.map((i) => answered(i, 'PATCH', route)));
  const stored = after.map((counts, i) => since(counts, before[i]!, 204));
  expect(stored[0], 'chunks instance A stored').toBeGreaterThan(0);
  expect(stored[1], 'chunks instance B stored').toBeGreaterThan(0);

  const context = await browser.newContext({ baseURL });
  const reader = await context.newPage();
  await reader.addInitScript(() => {
    Object.defineProperty(window, 'showSaveFilePicker', { value: undefined });
  });
  await reader.goto(`/${code}`);
  const downloading = reader.waitForEvent('download');
  await reader.getByRole('button', { name: 'Download File', exact: true }).click();
  const downloaded = await readFile((await (await downloading).path())!);
  expect(sha256(downloaded)).toBe(sha256(bytes));
  await context.close();
});
