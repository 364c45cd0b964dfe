import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import Database from 'better-sqlite3';
import { expectAccessible } from './support/axe';
import { startOwnServer, type OwnServer } from './support/own-server';

// These need settings the shared server does not have, so each starts its own real server.

test('an expired share says so', async ({ page, playwright }) => {
  // No sweep during the test: a sweep right after the expiry would reclaim the row, and the
  // lookup would rightly answer "not found" instead of "expired".
  const server = await startOwnServer({
    EXPIRY_CHOICES: '60,86400',
    SWEEP_INTERVAL_SECONDS: '3600',
  });
  try {
    const api = await playwright.request.newContext({ baseURL: server.baseURL });
    const created = await api.post('/api/shares', {
      data: { type: 'clipboard', content: 'short-lived', expiresInSeconds: 60 },
    });
    expect(created.status()).toBe(201);
    const { code } = (await created.json()) as { code: string };
    await page.goto(`${server.baseURL}/${code}`);
    await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveValue('short-lived');

    expireNow(server, code);
    await page.goto(server.baseURL);
    await page.getByPlaceholder('Enter 4-6 digit code...').fill(code);
    await page.getByRole('button', { name: 'Retrieve Content' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Share has expired');
    await expect(alert).toContainText(
      'Content not found or has expired. Please check the code and try again.',
    );
    await expectAccessible(page, 'expired message');
    await api.dispose();
  } finally {
    await server.stop();
  }
});

test('too many failed lookups tell the visitor how long to wait', async ({ page }) => {
  const server = await startOwnServer({ RATE_LIMIT_MISSES: '2' });
  try {
    await page.goto(server.baseURL);
    const input = page.getByPlaceholder('Enter 4-6 digit code...');
    const alert = page.getByRole('alert');
    // Misses up to the limit answer "not found"; the one past it is refused.
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const code = String(100_000 + attempt);
      await input.fill(code);
      const answered = page.waitForResponse((r) => r.url().endsWith(`/api/shares/${code}`));
      await page.getByRole('button', { name: 'Retrieve Content' }).click();
      if ((await answered).status() === 429) break;
      await expect(alert).toContainText('Content not found');
    }
    await expect(alert).toHaveText(/Too many attempts\. Please wait \d+ seconds and try again\./);
  } finally {
    await server.stop();
  }
});

/**
 * Moves a share's expiry a second into the past in the server's SQLite file, as a minute of
 * waiting for the shortest lifetime would: the server compares expiry with its own clock on
 * every lookup, so nothing else about the share changes.
 */
function expireNow(server: OwnServer, code: string): void {
  const db = new Database(join(server.dataDir, 'codedrop.db'));
  try {
    const past = new Date(Date.now() - 1000).toISOString();
    const changed = db.prepare('UPDATE shares SET expires_at = ? WHERE code = ?').run(past, code);
    expect(changed.changes).toBe(1);
  } finally {
    db.close();
  }
}
