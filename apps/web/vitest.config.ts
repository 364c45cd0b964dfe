import { lingui } from '@lingui/vite-plugin';
import { getConfig } from '@lingui/conf';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultServerConditions } from 'vite';
import { defineProject } from 'vitest/config';
import { contentTokensPlugin } from './src/features/content/content-tokens-plugin';

// Found from this file, so that the suite also runs from the repository's root.
const linguiConfigPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const linguiConfig = getConfig({ configPath: linguiConfigPath });

export default defineProject({
  plugins: [
    // Lingui's macros turn the English in the source into catalog lookups (lingui.config.ts).
    react({ babel: { plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] } }),
    lingui({ configPath: linguiConfigPath }),
    contentTokensPlugin(),
  ],
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
