import { test as base } from '@playwright/test';
// The server's own hashing, as `npm run admin:hash` prints it.
import { hashPassword } from '../../../server/src/modules/moderation/admin-password';
import { httpsClient, type Answer, type RequestOptions } from './https-client';
import { startStack, type Stack } from './stack';

export { expect } from '@playwright/test';

export const MiB = 1024 * 1024;
export const adminPassword = 'the proxied operator passphrase';
/** The lookups that find nothing one client may make per 10 minutes on these instances. */
export const missLimit = 5;

interface WorkerFixtures {
  stack: Stack;
  /** A request through nginx from Node, trusting only the test authority. */
  proxied: (path: string, options?: RequestOptions) => Promise<Answer>;
}

/**
 * One stack per worker (the project runs one worker), shared by every spec of the suite.
 * Chromium accepts the stack's server key, named by its SPKI hash, as if the test
 * authority were trusted, and no other certificate: pages are secure contexts, with
 * Secure cookies and WebCrypto, and certificate errors are not ignored in general.
 */
export const test = base.extend<object, WorkerFixtures>({
  stack: [
    // Playwright reads a fixture's dependencies from this pattern; the stack has none.
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const stack = await startStack({
        // Resumable chunks as small as S3 allows, so a short file takes several requests.
        UPLOAD_CHUNK_BYTES: String(5 * MiB),
        RATE_LIMIT_MISSES: String(missLimit),
        ADMIN_PASSWORD_HASH: await hashPassword(adminPassword, { logN: 14, r: 8, p: 1 }),
      });
      try {
        await provide(stack);
      } finally {
        await stack.stop();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  proxied: [
    async ({ stack }, provide) => {
      const request = httpsClient(stack.certificates.caPem);
      await provide((path, options) => request(`${stack.origin}${path}`, options));
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ stack, launchOptions }, provide) => {
      const spki = `--ignore-certificate-errors-spki-list=${stack.certificates.spkiHash}`;
      await provide({ ...launchOptions, args: [...(launchOptions.args ?? []), spki] });
    },
    { scope: 'worker' },
  ],
  baseURL: async ({ stack }, provide) => {
    await provide(stack.origin);
  },
});
