import { readFileSync } from 'node:fs';
import { configDefaults, maxEnvelopeChars } from '@codedrop/contract';
import { encryptedSize } from '@codedrop/crypto';
import { adminPassword, expect, test } from './support/fixtures';
import { plainRequest } from './support/https-client';
import { answered, since } from './support/metrics';
import { exampleConfig } from './support/nginx';

// What only shows over HTTPS behind the proxy: HSTS, the redirect from plain HTTP, API
// answers no cache may keep, and the console's Secure cookie.

test('HTTPS answers carry HSTS once; plain HTTP is sent to HTTPS; API answers are not cached', async ({
  proxied,
  stack,
}) => {
  const page = await proxied('/');
  expect(page.status).toBe(200);
  // Set by CodeDrop (PUBLIC_URL is https), passed through, not doubled by the proxy.
  expect(page.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');

  const api = await proxied('/api/config');
  expect(api.status).toBe(200);
  expect(api.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  expect(api.headers['cache-control']).toBe('no-store');

  const plain = await plainRequest(`${stack.plainOrigin}/clipboard?from=link`);
  expect(plain.status).toBe(301);
  expect(plain.headers.location).toBe('https://127.0.0.1/clipboard?from=link');
  expect(plain.headers['strict-transport-security']).toBeUndefined();
});

test('the operator signs in over HTTPS with a Secure cookie that either instance accepts', async ({
  page,
  context,
  stack,
}) => {
  await page.goto('/admin');
  await page.getByLabel('Password').fill(adminPassword);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Figures at a glance' })).toBeVisible();

  const cookies = await context.cookies();
  expect(cookies).toHaveLength(1);
  expect(cookies[0]).toMatchObject({
    domain: '127.0.0.1',
    httpOnly: true,
    secure: true,
    sameSite: 'Strict',
  });

  // The page's own calls with the cookie, one after another: round robin takes them to
  // both instances, and each accepts the session (it lives in the shared database).
  const route = '/api/admin/overview';
  const before = await Promise.all(stack.instances.map((i) => answered(i, 'GET', route)));
  const statuses = await page.evaluate(async (path) => {
    const answers: number[] = [];
    for (let call = 0; call < 6; call += 1) answers.push((await fetch(path)).status);
    return answers;
  }, route);
  expect(statuses).toEqual(Array(6).fill(200));
  const after = await Promise.all(stack.instances.map((i) => answered(i, 'GET', route)));
  for (const [i, counts] of after.entries()) {
    expect(since(counts, before[i]!, 200), `sessions accepted by instance ${i}`).toBeGreaterThan(0);
  }

  await page.goto('/admin/audit');
  await expect(page.getByRole('cell', { name: 'sign-in' }).first()).toBeVisible();
});

test('nginx takes the largest body CodeDrop accepts, and refuses a larger one itself', async ({
  proxied,
}) => {
  const size = /client_max_body_size (\d+)m;/.exec(readFileSync(exampleConfig, 'utf8'));
  expect(size, 'client_max_body_size in megabytes').not.toBeNull();
  const limit = Number(size![1]) * 1024 * 1024;
  // The largest POST /api/files at the defaults (files.routes.ts): every file's bytes
  // encrypted, the envelope, and the part headers of each file.
  const { maxFileBytes, maxFilesPerShare, uploadChunkBytes } = configDefaults;
  expect(limit).toBeGreaterThanOrEqual(
    encryptedSize(maxFileBytes) + maxEnvelopeChars + maxFilesPerShare * 2048,
  );
  expect(limit).toBeGreaterThanOrEqual(uploadChunkBytes);

  // Refused from its length alone, before any byte of it reaches an instance.
  const refused = await proxied('/api/files', {
    method: 'POST',
    headers: {
      'content-type': 'multipart/form-data; boundary=x',
      'content-length': String(limit + 1),
    },
  });
  expect(refused.status).toBe(413);
  expect(refused.headers['content-type']).toBe('text/html');
});
