// The machine's Chromium and the flags every headless run here uses (the e2e suite,
// `npm run lighthouse`, the browser rows of `npm run bench`), in one place.

/** `CHROMIUM` overrides the path; no browser is ever downloaded. */
export const chromiumPath = process.env.CHROMIUM ?? '/usr/bin/chromium';

/** No sandbox or GPU in containers; nothing that would reach the network on its own. */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
