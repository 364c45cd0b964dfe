import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { contentTokensPlugin } from './src/features/content/content-tokens-plugin';

export default defineConfig({
  plugins: [react(), tailwindcss(), contentTokensPlugin()],
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
