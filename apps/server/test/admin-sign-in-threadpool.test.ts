import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { http } from './support/app.js';
import { consoleUnderSignIns } from './support/console-sign-ins.js';
import { absolute, upload } from './support/files.js';

// Console sign-ins check the password (scrypt at the production cost) on a thread of their
// own: a download's disk reads, which go through libuv's threadpool, never wait for them.
// Told by order, not by time: the download is answered before any of the sign-ins that
// started before it. (admin-sign-in-load.timing.test.ts times the same, apart from other suites.)

describe('console sign-ins and the threadpool', () => {
  const suite = consoleUnderSignIns();
  const signIn = suite.wrongSignIn;

  it('answers a download before the wrong sign-ins sent ahead of it', async () => {
    const server = suite.server();
    const file = await upload(server.url, { bytes: randomBytes(64 * 1024), name: 'small.bin' });
    const grant = await http<{ downloadUrls: { url: string }[] }>(
      server.url,
      `/api/shares/${file.body.code as string}/downloads`,
      { method: 'POST', json: {} },
    );
    const url = absolute(server.url, grant.body.downloadUrls[0]!.url);
    expect((await signIn('198.51.100.1')).status).toBe(401);

    // As many as libuv's threadpool has threads (UV_THREADPOOL_SIZE, 4 by default).
    let signInsAnswered = 0;
    const signIns = Array.from({ length: 4 }, (_, i) =>
      signIn(`203.0.113.${i + 1}`).finally(() => signInsAnswered++),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    const download = await fetch(url, { headers: { range: 'bytes=0-32767' } });
    expect(download.status).toBe(206);
    expect((await download.arrayBuffer()).byteLength).toBe(32_768);
    expect(signInsAnswered).toBe(0);
    for (const answer of await Promise.all(signIns)) expect(answer.status).toBe(401);
    // Five checks at the production cost, one after another.
  }, 90_000);
});
