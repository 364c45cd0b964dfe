import tailwindcss from '@tailwindcss/vite';
import { lingui } from '@lingui/vite-plugin';
import { getConfig } from '@lingui/conf';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { contentTokensPlugin } from './src/features/content/content-tokens-plugin';
import { serviceWorkerPlugin } from './src/sw/service-worker-plugin';

// Found from this file, so that the suite also runs from the repository's root.
const linguiConfigPath = fileURLToPath(new URL('./lingui.config.ts', import.meta.url));
const linguiConfig = getConfig({ configPath: linguiConfigPath });

export default defineConfig({
  plugins: [
    // Lingui's macros turn the English in the source into catalog lookups (lingui.config.ts).
    react({ babel: { plugins: [['@lingui/babel-plugin-lingui-macro', { linguiConfig }]] } }),
    lingui({ configPath: linguiConfigPath }),
    tailwindcss(),
    contentTokensPlugin(),
    serviceWorkerPlugin(),
  ],
  resolve: { conditions: ['source'] },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks: app releases do not invalidate the framework's cache.
        manualChunks(id) {
          if (/node_modules\/(react|react-dom|react-router|scheduler)\//.test(id)) return 'react';
          // zod's CSP-safe setting travels in zod's own chunk, so it runs before any module
          // that creates a schema (zod probes for eval when an object schema is made).
          if (id.includes('node_modules/zod/') || id.endsWith('/src/csp-safe-zod.ts')) return 'zod';
          return undefined;
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://127.0.0.1:3000' } },
});
