import { openElsewhere, roomStatus, roomText, startRoom } from '../e2e/support/rooms';
import { expect, test } from './support/fixtures';

// A live room across the two instances: one device on each instance directly, and one
// through nginx over HTTP/2, so every edit crosses instances (Redis pub/sub here) and the
// event stream passes the proxy (docs/examples/nginx.conf).

test('a plain room keeps devices on both instances and behind nginx in step', async ({
  browser,
  stack,
}) => {
  const [one, two] = stack.instances;
  const creator = await openElsewhere(browser, '/clipboard', one.baseURL);
  const code = await startRoom(creator.page);
  const other = await openElsewhere(browser, `/${code}`, two.baseURL);
  const proxied = await openElsewhere(browser, `/${code}`, stack.origin);
  for (const device of [creator, other, proxied]) {
    await expect(roomStatus(device.page)).toHaveText('Connected · 3 devices');
  }

  await roomText(creator.page).fill('typed on the first instance');
  await expect(roomText(other.page)).toHaveValue('typed on the first instance');
  await expect(roomText(proxied.page)).toHaveValue('typed on the first instance');
  await roomText(proxied.page).fill('typed through nginx');
  await expect(roomText(creator.page)).toHaveValue('typed through nginx');
  await expect(roomText(other.page)).toHaveValue('typed through nginx');

  await creator.page.getByRole('button', { name: 'End room' }).click();
  await creator.page.getByRole('dialog').getByRole('button', { name: 'End room now' }).click();
  await expect(other.page.getByText('This room has ended.')).toBeVisible();
  await expect(proxied.page.getByText('This room has ended.')).toBeVisible();
  for (const device of [creator, other, proxied]) await device.close();
});

test('an encrypted room is unlocked and edited on the other instance', async ({
  browser,
  stack,
}) => {
  const [one, two] = stack.instances;
  const password = 'one room, two instances';
  const creator = await openElsewhere(browser, '/clipboard', one.baseURL);
  const code = await startRoom(creator.page, { password });
  await roomText(creator.page).fill('sealed on the first instance');

  const other = await openElsewhere(browser, `/${code}`, two.baseURL);
  await other.page.getByLabel('Password', { exact: true }).fill(password);
  await other.page.getByRole('button', { name: 'Join Room' }).click();
  await expect(roomText(other.page)).toHaveValue('sealed on the first instance');
  await roomText(other.page).fill('sealed on the second');
  await expect(roomText(creator.page)).toHaveValue('sealed on the second');
  await creator.close();
  await other.close();
});
