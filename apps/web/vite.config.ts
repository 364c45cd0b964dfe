import preact from '@preact/preset-vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { contentTokensPlugin } from './src/features/content/content-tokens-plugin';

export default defineConfig({
  // The components are written against React's API and run on Preact: the preset compiles
  // JSX for Preact and points `react` and `react-dom` at preact/compat (docs/design.md#web-app).
  plugins: [preact(), tailwindcss(), contentTokensPlugin()],
  resolve: { conditions: ['source'] },
  // The prerender (scripts/prerender.mjs) bundles the libraries too, so that they render
  // with preact/compat as in the browser instead of loading React from node_modules.
  ssr: { noExternal: true },
  build: {
    outDir: 'dist',
    sourcemap: true,
    rollupOptions: {
      output: {
        // Long-lived vendor chunks: app releases do not invalidate the framework's cache.
        manualChunks(id) {
          if (/node_modules\/(preact|react-router)\//.test(id)) return 'react';
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
