import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';
import { SEGMENT_SIZE, WRITE_ITERATIONS, encryptedSize, type RequestCurve } from '../src/index.js';
import { expectedEnvelopes, expectedKdf, expectedStreams } from '../test/support/known-answers.js';
import { expectedRequestAnswers } from '../test/support/request-known-answers.js';
import { expectedEnvelopeOutcomes, expectedStreamOutcomes } from '../test/support/tamper-cases.js';
import type * as PageTests from './page-entry.js';

declare global {
  interface Window {
    cryptoTests: typeof PageTests;
  }
}

// The library runs in the page exactly as the web app will ship it: bundled by esbuild.
let bundle: Promise<string> | undefined;
function bundled(): Promise<string> {
  bundle ??= build({
    entryPoints: [fileURLToPath(new URL('./page-entry.ts', import.meta.url))],
    bundle: true,
    write: false,
    format: 'iife',
    globalName: 'cryptoTests',
    platform: 'browser',
    target: 'chrome120',
    logLevel: 'silent',
  }).then((result) => result.outputFiles[0]!.text);
  return bundle;
}

// WebCrypto exists only in secure contexts and about:blank is not one; 127.0.0.1 is. The
// route answers the navigation itself, so nothing listens and no app server is needed.
const origin = 'http://127.0.0.1:9';
async function openPage(page: Page) {
  await page.route(`${origin}/**`, (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>crypto</title>' }),
  );
  await page.goto(`${origin}/crypto.html`);
  expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
  await page.addScriptTag({ content: await bundled() });
}

test.describe('@codedrop/crypto in Chromium', () => {
  test.beforeEach(async ({ page }) => {
    await openPage(page);
  });

  test('reproduces the node:crypto known-answer vectors byte for byte', async ({ page }) => {
    expect(await page.evaluate(() => window.cryptoTests.kdfAnswers())).toEqual(expectedKdf());
    expect(await page.evaluate(() => window.cryptoTests.envelopeAnswers())).toEqual(
      expectedEnvelopes(),
    );
    expect(await page.evaluate(() => window.cryptoTests.streamAnswers())).toEqual(
      await expectedStreams(),
    );
  });

  test('reproduces the node:crypto request vectors byte for byte', async ({ page }) => {
    expect(await page.evaluate(() => window.cryptoTests.requestAnswers())).toEqual(
      await expectedRequestAnswers(),
    );
  });

  test('seals and opens a request and a File submission on its preferred curve and on P-256', async ({
    page,
  }) => {
    // Without X25519 here both round trips would run on P-256, and the asker's curve in the
    // app would go untested in a browser.
    const preferred = await page.evaluate(() => window.cryptoTests.preferredRequestCurve());
    expect(preferred).toBe('X25519');

    const sent: PageTests.SentFile = {
      name: 'scan — ünïcödé.pdf',
      type: 'application/pdf',
      seed: 11,
      length: 4_099,
      text: 'For your request 📎',
    };
    const curves: RequestCurve[] = [preferred, 'P-256'];
    for (const curve of curves) {
      const result = await page.evaluate(
        ([curve, sent]) => window.cryptoTests.requestRoundTrip(curve, sent),
        [curve, sent] as const,
      );
      expect(result, curve).toEqual({
        publicKeyCurve: curve,
        kex: curve === 'P-256' ? 'ECDH-P256' : 'X25519',
        iter: WRITE_ITERATIONS,
        openedCurve: curve,
        privateKeyExtractable: false,
        meta: {
          files: [{ name: sent.name, type: sent.type, size: sent.length }],
          text: sent.text,
        },
        storedSize: encryptedSize(sent.length),
        same: true,
        type: sent.type,
      });
    }
  });

  test('fails every tampered stream and envelope with a DecryptionError', async ({ page }) => {
    expect(await page.evaluate(() => window.cryptoTests.streamTamperOutcomes())).toEqual(
      expectedStreamOutcomes,
    );
    expect(await page.evaluate(() => window.cryptoTests.envelopeTamperOutcomes())).toEqual(
      expectedEnvelopeOutcomes,
    );
  });

  test('encrypts and decrypts a File at 600 000 iterations', async ({ page }) => {
    const result = await page.evaluate(() => window.cryptoTests.fileRoundTrip());
    expect(result).toMatchObject({
      iter: 600_000,
      storedSize: encryptedSize(5 * SEGMENT_SIZE + 17),
      same: true,
      type: 'application/octet-stream',
    });
    const { kdfMs, encryptMs, decryptMs } = result.timings;
    console.log(
      `Chromium: PBKDF2 600k ${kdfMs.toFixed(0)} ms; 5 MiB encrypt ${encryptMs.toFixed(0)} ms, decrypt ${decryptMs.toFixed(0)} ms`,
    );
  });
});
