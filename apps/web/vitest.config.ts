import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: {
    conditions: ['source'],
    // The tests run in a browser-like DOM: the browser build of tus-js-client, as the app
    // bundles it (its package picks the Node build by `main`, which reads no Blob).
    alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' }],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
  },
});
