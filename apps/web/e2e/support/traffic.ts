import { expect, type Page, type Route } from '@playwright/test';

interface Seen {
  what: string;
  body: Buffer;
}

/**
 * Keeps every request and response body the page exchanges, so a test can show that
 * plaintext, passwords or file names never crossed the network.
 */
export function recordTraffic(page: Page) {
  const seen: Seen[] = [];
  const pending: Promise<unknown>[] = [];
  page.on('request', (request) => {
    const body = request.postDataBuffer();
    if (body) seen.push({ what: `${request.method()} ${request.url()}`, body });
  });
  page.on('response', (response) => {
    // An event stream (a creator's live view) has no end to wait for; it carries states only.
    if (response.headers()['content-type']?.startsWith('text/event-stream')) return;
    pending.push(
      response.body().then(
        (body) => seen.push({ what: `response ${response.status()} ${response.url()}`, body }),
        // Redirects and aborted responses have no body.
        () => undefined,
      ),
    );
  });
  return {
    /** Asserts that no body seen so far contains any of `secrets`; returns what was seen. */
    async expectNoneContain(secrets: string[]): Promise<string[]> {
      await Promise.all(pending);
      for (const { what, body } of seen) {
        for (const secret of secrets) {
          expect(body.includes(Buffer.from(secret)), `${what} carried "${secret}"`).toBe(false);
        }
      }
      return seen.map(({ what }) => what);
    },
  };
}

/**
 * Holds the page's requests to `url` until `release()`, so a test sees the state before
 * they are answered (the served page before its script, a lookup in progress). `stop()`
 * lets later requests through unheld.
 */
export async function holdRequests(page: Page, url: string | RegExp) {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const handler = async (route: Route) => {
    await held;
    await route.continue();
  };
  await page.route(url, handler);
  return { release, stop: () => page.unroute(url, handler) };
}
