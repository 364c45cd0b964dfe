import { randomBytes } from 'node:crypto';
import { expect, missLimit, test } from './support/fixtures';
import { answered, since } from './support/metrics';

// Limits that only hold when the instances agree through the shared database and Redis,
// and see each visitor's own address through the proxy (TRUST_PROXY=127.0.0.1, nginx's
// X-Forwarded-For). Every 127.x.y.z address is this machine's loopback, so each request
// below can come from a visitor of its own.

const visitor = (n: number) => `127.0.0.${n}`;
const unusedCode = () => String(100_000 + Math.floor(Math.random() * 900_000));

test('a download limit of 3 holds for 10 visitors downloading at once', async ({ proxied }) => {
  const bytes = randomBytes(256 * 1024);
  const boundary = `----proxied${randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="maxDownloads"\r\n\r\n3\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="tickets.bin"\r\n` +
        'Content-Type: application/octet-stream\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const created = await proxied('/api/files', {
    method: 'POST',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    body,
  });
  expect(created.status, created.body.toString()).toBe(201);
  const { code } = created.json<{ code: string }>();

  // Ten visitors, each from an address of its own, ask for the file and fetch it at once.
  const outcomes = await Promise.all(
    Array.from({ length: 10 }, async (_, i) => {
      const from = visitor(20 + i);
      const grant = await proxied(`/api/shares/${code}/downloads`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
        from,
      });
      if (grant.status !== 200) return { grant: grant.json<{ code: string }>().code };
      const [file] = grant.json<{ downloadUrls: { url: string }[] }>().downloadUrls;
      const url = new URL(file!.url);
      const fetched = await proxied(url.pathname, { from });
      return { grant: 'granted', status: fetched.status, same: fetched.body.equals(bytes) };
    }),
  );
  const granted = outcomes.filter((outcome) => outcome.grant === 'granted');
  expect(granted).toEqual(Array(3).fill({ grant: 'granted', status: 200, same: true }));
  expect(outcomes.filter((outcome) => outcome.grant === 'DOWNLOAD_LIMIT_REACHED')).toHaveLength(7);
});

test('rate limits count the address the proxy reports, across both instances', async ({
  proxied,
  page,
  stack,
}) => {
  const route = '/api/shares/:code';
  const before = await Promise.all(stack.instances.map((i) => answered(i, 'GET', route)));
  const lookup = (from: string, headers: Record<string, string> = {}) =>
    proxied(`/api/shares/${unusedCode()}`, { from, headers }).then((answer) => answer.status);

  // One visitor uses up its misses, wherever round robin sends each lookup.
  for (let miss = 0; miss < missLimit; miss += 1) expect(await lookup(visitor(2))).toBe(404);
  expect(await lookup(visitor(2))).toBe(429);
  // Writing another address into X-Forwarded-For changes nothing: nginx replaces it.
  expect(await lookup(visitor(2), { 'x-forwarded-for': '203.0.113.7' })).toBe(429);

  // Another visitor behind the same proxy still has all of its own.
  expect(await lookup(visitor(3))).toBe(404);
  // And so does the browser's page (127.0.0.1), told "not found" rather than "wait".
  await page.goto('/');
  await page.getByPlaceholder('Enter 4-6 digit code...').fill(unusedCode());
  await page.getByRole('button', { name: 'Retrieve Content' }).click();
  await expect(page.getByRole('alert')).toContainText('Content not found');

  // Both instances answered some of the misses and both refused some: one shared count.
  const after = await Promise.all(stack.instances.map((i) => answered(i, 'GET', route)));
  for (const [i, counts] of after.entries()) {
    expect(since(counts, before[i]!, 404), `misses on instance ${i}`).toBeGreaterThan(0);
  }
  const refused = after.map((counts, i) => since(counts, before[i]!, 429));
  expect(refused[0]! + refused[1]!).toBe(2);
});
