import { randomUUID } from 'node:crypto';
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { createEncryptedTextShare } from './support/encrypted-shares';
import { startOwnServer, type OwnServer } from './support/own-server';
import { readResultCode } from './support/result-card';
import { startSmtpServer } from './support/smtp';

// One server mails through a real SMTP server started here; another points at a closed port.
let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
let server: OwnServer;
let mailless: OwnServer;

test.beforeAll(async () => {
  smtp = await startSmtpServer();
  const limits = { RATE_LIMIT_CREATES: '100000', RATE_LIMIT_MISSES: '100000' };
  server = await startOwnServer({ ...limits, SMTP_URL: smtp.url });
  mailless = await startOwnServer({ ...limits, SMTP_URL: 'smtp://127.0.0.1:9' });
});
test.afterAll(async () => {
  await Promise.all([server?.stop(), mailless?.stop(), smtp?.close()]);
});

async function encryptedShareOn(
  target: OwnServer,
  options: { content: string; password: string; recoveryEmail: string },
) {
  const api = await playwrightRequest.newContext({ baseURL: target.baseURL });
  try {
    return await createEncryptedTextShare(api, { type: 'clipboard', ...options });
  } finally {
    await api.dispose();
  }
}

async function requestRecovery(page: Page, email: string) {
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Recovery email').fill(email);
  await page.getByRole('button', { name: 'Send Recovery' }).click();
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test('a forgotten password is mailed to the recovery email and opens the share', async ({
  page,
  browser,
}) => {
  const email = `owner-${randomUUID().slice(0, 8)}@example.org`;
  const secret = `recoverable ${randomUUID()}`;

  // The sharer protects the text with a generated password nobody reads, and a recovery email.
  const sharer = await browser.newContext();
  const sharing = await sharer.newPage();
  await sharing.goto(`${server.baseURL}/clipboard`);
  await sharing.getByLabel('Your text').fill(secret);
  await sharing.getByRole('switch', { name: /encryption/i }).click();
  await sharing.getByRole('button', { name: 'Generate random password' }).click();
  await sharing.getByLabel('Recovery email (optional)').fill(email);
  await sharing.getByRole('button', { name: 'Generate 4-Digit Code' }).click();
  const code = await readResultCode(sharing);
  await sharer.close();

  await page.goto(`${server.baseURL}/${code}`);
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('button', { name: 'Send Recovery' })).toBeVisible();
  await expectAccessible(page, 'recovery form');
  await page.getByRole('button', { name: 'Send Recovery' }).click();
  await expect(page.getByText('Please enter your recovery email address')).toBeVisible();
  await page.getByLabel('Recovery email').fill('not an email');
  await page.getByRole('button', { name: 'Send Recovery' }).click();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await page.getByRole('button', { name: 'Back', exact: true }).click();

  await requestRecovery(page, email.toUpperCase());
  await expect(toasts(page).getByText('Recovery Email Sent')).toBeVisible();
  await expect(toasts(page).getByText('Check your inbox for recovery information.')).toBeVisible();
  // The recovery form closes; the password form is back.
  await expect(page.getByRole('button', { name: 'Send Recovery' })).toHaveCount(0);
  await expect(page.getByLabel('Password', { exact: true })).toBeVisible();

  await expect.poll(() => smtp.received.filter((m) => m.text?.includes(code)).length).toBe(1);
  const mail = smtp.received.find((m) => m.text?.includes(code))!;
  const to = mail.to && 'text' in mail.to ? mail.to.text : '';
  expect(to.toLowerCase()).toContain(email);
  const password = /^Password: (.+)$/m.exec(mail.text ?? '')?.[1];
  expect(password).toBeDefined();

  await page.getByLabel('Password', { exact: true }).fill(password!);
  await page.getByRole('button', { name: 'Decrypt & View Content' }).click();
  await expect(page.getByRole('textbox', { name: 'Shared text' })).toHaveValue(secret);
});

test('an email that does not match says "Recovery Failed" and sends nothing', async ({ page }) => {
  const share = await encryptedShareOn(server, {
    content: 'x',
    password: 'pw',
    recoveryEmail: 'right@example.org',
  });
  const before = smtp.received.length;
  await page.goto(`${server.baseURL}/${share.code}`);
  await requestRecovery(page, 'wrong@example.org');
  const alert = page.getByRole('alert').filter({ hasText: 'Recovery Failed' });
  await expect(alert).toContainText("We couldn't find any content linked to this email.");
  await expect(toasts(page).getByText('Recovery Failed')).toBeVisible();
  await expect(page.getByLabel('Recovery email')).toBeVisible();
  await expectAccessible(page, 'recovery form with an error');
  expect(smtp.received.length).toBe(before);
});

test('a mail server that cannot be reached says "Unable to Send Email"', async ({ page }) => {
  const share = await encryptedShareOn(mailless, {
    content: 'x',
    password: 'pw',
    recoveryEmail: 'me@example.org',
  });
  await page.goto(`${mailless.baseURL}/${share.code}`);
  await requestRecovery(page, 'me@example.org');
  const alert = page.getByRole('alert').filter({ hasText: 'Unable to Send Email' });
  await expect(alert).toContainText(
    'Please try again later or contact support if the problem persists.',
  );
  await expect(page.getByLabel('Recovery email')).toBeVisible();
});
