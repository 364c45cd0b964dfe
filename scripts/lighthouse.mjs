// `npm run lighthouse`: Lighthouse SEO and accessibility scores for every prerendered
// page, on the built app served by the real server, in the machine's Chromium.
// Fails unless every page scores SEO 100 and accessibility >= 95. Build first.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

const root = fileURLToPath(new URL('..', import.meta.url));
const minimum = { seo: 100, accessibility: 95 };

const manifestFile = join(root, 'apps/web/dist/prerender.json');
if (!existsSync(manifestFile) || !existsSync(join(root, 'apps/server/dist/server.js'))) {
  console.error('Build first: npm run build');
  process.exit(2);
}
const pages = Object.keys(JSON.parse(readFileSync(manifestFile, 'utf8')).pages).filter(
  // The tools are app shells filled in by JavaScript; the content pages are what search
  // engines read. The landing page is included.
  (path) => !['/clipboard', '/notepad', '/file-share'].includes(path),
);

const port = await freePort();
const baseURL = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'codedrop-lighthouse-'));
const server = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});
let chrome;
let failed = false;
try {
  await waitForHealth(baseURL);
  // The flags of playwright.config.ts, headless.
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  console.log(`${'page'.padEnd(42)} ${'SEO'.padStart(5)} ${'a11y'.padStart(5)}`);
  for (const path of pages) {
    const result = await lighthouse(`${baseURL}${path}`, {
      port: chrome.port,
      onlyCategories: ['seo', 'accessibility'],
      logLevel: 'error',
      output: 'json',
    });
    const { categories, audits } = result.lhr;
    const seo = Math.round(categories.seo.score * 100);
    const accessibility = Math.round(categories.accessibility.score * 100);
    const ok = seo >= minimum.seo && accessibility >= minimum.accessibility;
    failed ||= !ok;
    console.log(
      `${path.padEnd(42)} ${String(seo).padStart(5)} ${String(accessibility).padStart(5)}${ok ? '' : '  <- below target'}`,
    );
    if (!ok) {
      const refs = [...categories.seo.auditRefs, ...categories.accessibility.auditRefs];
      for (const { id, weight } of refs) {
        if (weight > 0 && audits[id].score !== null && audits[id].score < 1) {
          console.log(`    ${id}: ${audits[id].title}`);
        }
      }
    }
  }
  console.log(
    failed
      ? `\nSome pages are below SEO ${minimum.seo} / accessibility ${minimum.accessibility}.`
      : `\nEvery page: SEO ${minimum.seo}, accessibility >= ${minimum.accessibility}.`,
  );
} finally {
  await chrome?.kill();
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: free } = probe.address();
      probe.close(() => resolve(free));
    });
  });
}

async function waitForHealth(url) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('the server exited');
    try {
      if ((await fetch(`${url}/healthz`)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the server did not become healthy');
}
