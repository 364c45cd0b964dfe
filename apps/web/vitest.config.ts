import preact from '@preact/preset-vite';
import { defineProject } from 'vitest/config';
import { contentTokensPlugin } from './src/features/content/content-tokens-plugin';

export default defineProject({
  // The components run on Preact in the tests as in the browser (vite.config.ts).
  plugins: [preact({ prefreshEnabled: false, devToolsEnabled: false }), contentTokensPlugin()],
  resolve: {
    // 'module' before Node's CommonJS builds: a library loaded through require() would
    // reach React itself instead of preact/compat.
    conditions: ['source', 'module'],
    alias: [
      // The tests run in a browser-like DOM: the browser build of tus-js-client, as the app
      // bundles it (its package picks the Node build by `main`, which reads no Blob).
      { find: /^tus-js-client$/, replacement: 'tus-js-client/lib.esm/browser/index.js' },
      // Testing Library's ES build, whose imports of react-dom go to preact/compat.
      {
        find: /^@testing-library\/react$/,
        replacement: '@testing-library/react/dist/@testing-library/react.esm.js',
      },
    ],
  },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./src/test-setup.ts'],
    // Run through Vite, so that their imports of React are aliased like the app's.
    server: {
      deps: { inline: [/@testing-library/, /react-router/, /@radix-ui/, /sonner/, /lucide-react/] },
    },
  },
});
