import react from '@vitejs/plugin-react';
import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';
import { contentTokensPlugin } from './src/features/content/content-tokens-plugin';

export default defineProject({
  plugins: [react(), contentTokensPlugin()],
  resolve: {
    conditions: ['source'],
    // The tests run in a browser-like DOM: the browser build of tus-js-client, as the app
    // bundles it (its package picks the Node build by `main`, which reads no Blob).
    alias: [{ find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' }],
  },
  // The tests that run in Node's environment read the workspace packages' sources too.
  ssr: { resolve: { conditions: ['source', ...defaultServerConditions] } },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
  },
});
