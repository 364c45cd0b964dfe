import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { startOwnServer, type OwnServer } from './support/own-server';
import { openElsewhere, roomStatus, roomText, startRoom } from './support/rooms';

// Live rooms (docs/product.md#live-rooms): one text kept the same in two browsers.

test('a plain room keeps two browsers in step, counts them, and ends for both', async ({
  page,
  browser,
}) => {
  const code = await startRoom(page);
  await expect(roomStatus(page)).toHaveText('Connected · 1 device');
  await expect(page.getByRole('button', { name: 'Copy Code' })).toBeVisible();

  const other = await openElsewhere(browser, `/${code}`);
  await expect(other.page.getByRole('heading', { name: 'Live room', level: 1 })).toBeVisible();
  await expect(roomStatus(other.page)).toHaveText('Connected · 2 devices');
  await expect(roomStatus(page)).toHaveText('Connected · 2 devices');
  await expectAccessible(other.page, 'live room');

  await roomText(page).fill('shopping: eggs, milk');
  await expect(roomText(other.page)).toHaveValue('shopping: eggs, milk');
  await roomText(other.page).fill('shopping: eggs, milk, bread');
  await expect(roomText(page)).toHaveValue('shopping: eggs, milk, bread');
  // Only its creator may end it.
  await expect(other.page.getByRole('button', { name: 'End room' })).toHaveCount(0);

  await page.getByRole('button', { name: 'End room' }).click();
  const dialog = page.getByRole('dialog', { name: 'End this room now?' });
  await dialog.getByRole('button', { name: 'End room now' }).click();
  await expect(other.page.getByText('This room has ended.')).toBeVisible();
  await expect(roomText(other.page)).toHaveCount(0);
  expect((await page.request.get(`/api/rooms/${code}`)).status()).toBe(410);
  await other.close();
});

test('an encrypted room asks the other browser for its password and stays in step', async ({
  page,
  browser,
}) => {
  const password = 'correct horse battery';
  const code = await startRoom(page, { password });
  await expect(page.getByText('End-to-end encrypted')).toBeVisible();
  // Its creator is not asked for the password it just chose.
  await expect(roomStatus(page)).toHaveText('Connected · 1 device');
  await roomText(page).fill('the wifi password is hunter2');

  const other = await openElsewhere(browser, `/${code}`);
  await expect(other.page.getByText('This room is password protected')).toBeVisible();
  await other.page.getByLabel('Password', { exact: true }).fill('wrong guess');
  await other.page.getByRole('button', { name: 'Join Room' }).click();
  await expect(
    other.page.getByText('Failed to decrypt content. Please check your password.'),
  ).toBeVisible();
  await other.page.getByLabel('Password', { exact: true }).fill(password);
  await other.page.getByRole('button', { name: 'Join Room' }).click();
  await expect(roomText(other.page)).toHaveValue('the wifi password is hunter2');
  await expect(roomStatus(page)).toHaveText('Connected · 2 devices');

  // The text leaves the browser sealed: the edit carries ciphertext, never the words.
  const sent = other.page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(`/api/rooms/${code}/edits`),
  );
  await roomText(other.page).fill('changed on the phone');
  const body = (await sent).postData() ?? '';
  expect(body).toContain('"sealed"');
  expect(body).not.toContain('changed on the phone');
  await expect(roomText(page)).toHaveValue('changed on the phone');
  await other.close();
});

test.describe('across a restart of the server', () => {
  let dataDir: string;
  let server: OwnServer | undefined;
  const port = String(3300 + (Number(process.env.PW_RUN_ID ?? 0) % 500));
  test.beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'codedrop-e2e-rooms-'));
  });
  test.afterAll(async () => {
    await server?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  test('both browsers reconnect and resume from the newest text', async ({ browser }) => {
    server = await startOwnServer({ PORT: port, DATA_DIR: dataDir });
    const base = server.baseURL;
    const first = await openElsewhere(browser, '/clipboard', base);
    const code = await startRoom(first.page);
    const second = await openElsewhere(browser, `/${code}`, base);
    await expect(roomStatus(second.page)).toHaveText('Connected · 2 devices');
    await roomText(first.page).fill('before the restart');
    await expect(roomText(second.page)).toHaveValue('before the restart');

    await server.stop();
    await expect(roomStatus(first.page)).toHaveText('Reconnecting…');
    await expect(roomStatus(second.page)).toHaveText('Reconnecting…');
    server = await startOwnServer({ PORT: port, DATA_DIR: dataDir });

    await expect(roomStatus(first.page)).toHaveText('Connected · 2 devices', { timeout: 30_000 });
    await expect(roomStatus(second.page)).toHaveText('Connected · 2 devices');
    await roomText(second.page).fill('after the restart');
    await expect(roomText(first.page)).toHaveValue('after the restart');
    await first.close();
    await second.close();
  });
});
