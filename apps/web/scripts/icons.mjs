// Renders the app's PNG icons (public/icons/) from public/favicon.svg with Chromium. Run by
// hand when the logo changes: `node apps/web/scripts/icons.mjs` (needs /usr/bin/chromium or
// CHROMIUM_PATH); the PNGs are committed, so neither the build nor a fresh clone needs it.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const logo = readFileSync(`${publicDir}favicon.svg`, 'utf8');
const background = '#4f46e5';

/** `any` icons are the logo as it is; maskable ones keep it inside the central safe zone. */
const icons = [
  { file: 'icon-192.png', size: 192, maskable: false },
  { file: 'icon-512.png', size: 512, maskable: false },
  { file: 'icon-maskable-512.png', size: 512, maskable: true },
  { file: 'apple-touch-icon.png', size: 180, maskable: true },
];

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
});
try {
  for (const { file, size, maskable } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // A maskable icon may be cut to a circle of 80 % of its width; the logo's drop stays inside it.
    const inner = maskable ? Math.round(size * 0.85) : size;
    const svg = logo.replace('<svg ', `<svg width="${inner}" height="${inner}" `);
    await page.setContent(
      `<html><body style="margin:0;width:${size}px;height:${size}px;display:grid;` +
        `place-items:center;background:${maskable ? background : 'transparent'}">${svg}</body></html>`,
    );
    await page.screenshot({
      path: `${publicDir}icons/${file}`,
      omitBackground: !maskable,
      clip: { x: 0, y: 0, width: size, height: size },
    });
    await page.close();
  }
} finally {
  await browser.close();
}
